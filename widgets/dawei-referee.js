// 打围 at a real table: the reader enters each throw as it happens; the engine (dawei.referee) applies
// the rules and answers the table, the settlement and the written record. The game is kept as that
// record in sessions.js, so it survives a reload and works offline. Each answer is asked as a view
// (views/dawei.py referee, run in Pyodide beside the engine, the same function that drew the page's first
// answer): whose throw it is, the last entry, the settlement, the sticks and every entry come drawn, and
// this module inserts them and wires the setup, the dice pad and the buttons. Words about the game come
// from the engine's answers (the options answer: the dice, their faces, the entries told at once) and the
// page (data-words); this file holds no game data.
import { skipLink } from "./dom.js";
import { openStore, sessionBar } from "./sessions.js";

const KIND = "dawei-referee";

function mk(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function words(root) {
  try {
    return JSON.parse(root.querySelector(".dawei-ref").dataset.words || "{}");
  } catch {
    return {};
  }
}

// The reader's own game first: this module is loaded while Python starts, so it draws the saved game of the
// current session (kept beside its record as the view drew it) at once, in place of the build's example.
function showSaved(root) {
  const s = openStore(KIND).current();
  const html = s && s.meta && s.meta.html;
  if (!html || typeof html.status !== "string") return;
  for (const [role, markup] of Object.entries(html)) {
    const box = root.querySelector(`[data-role="${role}"]`);
    if (box && typeof markup === "string") box.innerHTML = markup;
  }
  const ex = root.querySelector('[data-role="example"]');
  if (ex) ex.remove();
  const setup = root.querySelector('[data-role="setup"]');
  if (setup) setup.hidden = true;
  root.dataset.saved = "1";
}
for (const root of document.querySelectorAll('[data-widget="dawei-referee"]')) showSaved(root);

/** The element's id, given ``id`` first when it has none (for aria-describedby). */
function idOf(el, id) {
  if (!el.id) el.id = id;
  return el.id;
}

const fill = (text, vars) => String(text || "").replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ""));

export async function refereeWidget(root, ctx) {
  const L = ctx.lang;
  const W = words(root);
  // the dice thrown and their faces, the unit of the result and the entries told at once: the engine's
  const info = await ctx.call({ game: "dawei", action: "options" });
  if (!info.ok) throw new Error(info.error.en);
  const DICE = info.dice.count;
  const FACES = new Set(info.dice.faces.map(String));
  const q = (role) => root.querySelector(`[data-role="${role}"]`);
  const setup = q("setup");
  const game = q("game");
  const playersSel = q("players");
  const nameBoxes = [...root.querySelectorAll(".dawei-ref-name")];
  const firstSel = q("first");
  const start = q("start");
  const choices = q("choices");
  const slotsBox = q("slots");
  const slots = [...root.querySelectorAll('[data-role="slot"]')];
  const keys = [...root.querySelectorAll("button[data-face]")];
  const digits = q("digits");
  const back = q("back");
  const enter = q("enter");
  const drops = [...root.querySelectorAll('[data-role="drop"]')];
  const dropsRow = q("drops");
  const message = q("message");
  const undo = q("undo");
  // the boxes the view draws into (views/dawei.py referee)
  const drawn = new Map(["status", "last", "settlement", "board", "log", "standing", "history"].map((r) => [r, q(r)]));
  const digitsWhy = q("digits-why");
  const enterWhy = q("enter-why");
  const undoWhy = q("undo-why");
  const pick = q("pick");
  const fixBtn = q("fix");
  const dropBtn = q("drop-entry");
  const confirmBox = q("confirm");
  const pad = q("pad");
  let history = []; // every correction, kept in the record's History tag
  let fixing = null; // the entry (0…) being corrected with the pad, or null

  skipLink(root, ctx.t, ['[data-role="digits"]', '[data-role="start"]']);
  const store = openStore(KIND);
  let session = null; // the session shown
  let ans = null; // the engine's last answer for it
  let faces = [];
  let split = null; // the split chosen, waiting for the second throw
  let busy = false;

  const say = (text) => { message.textContent = text || ""; };

  // ---------------------------------------------------------------- setup
  function showNames() {
    const n = Number(playersSel.value);
    nameBoxes.forEach((b, k) => { b.hidden = k >= n; });
    const keep = Number(firstSel.value) || 0;
    firstSel.innerHTML = "";
    nameBoxes.slice(0, n).forEach((b, k) => {
      const input = b.querySelector("input");
      const label = input.value.trim() || b.firstChild.textContent.trim();
      firstSel.append(mk("option", { value: String(k) }, label));
    });
    firstSel.value = String(Math.min(keep, n - 1));
  }
  playersSel.addEventListener("change", showNames);
  nameBoxes.forEach((b) => b.querySelector("input").addEventListener("input", showNames));

  function setupRequest() {
    const n = Number(playersSel.value);
    const names = nameBoxes.slice(0, n).map((b) => {
      const input = b.querySelector("input");
      return input.value.trim() || input.placeholder;
    });
    const options = {};
    for (const sel of root.querySelectorAll("[data-option]")) {
      if (sel.value !== sel.dataset.default) options[sel.dataset.option] = sel.value;
    }
    return { players: n, first: Number(firstSel.value) || 0, names, options };
  }

  // ---------------------------------------------------------------- the dice pad
  function drawFaces() {
    slots.forEach((s, k) => {
      s.textContent = faces[k] ? String(faces[k]) : "";
      if (faces[k]) s.dataset.face = String(faces[k]);
      else delete s.dataset.face;
    });
    slotsBox.setAttribute("aria-label", faces.length ? faces.join(" ") : "—");
    if (!digitsWhy.textContent && digits.value !== faces.join("")) digits.value = faces.join("");
    const over = !ans || ans.terminal;
    const needChoice = ans && ans.enter.some((x) => !x.faces) && !ans.enter.some((x) => x.move === "throw");
    keys.forEach((k) => { k.disabled = over || busy || faces.length >= DICE; });
    back.disabled = over || busy || faces.length === 0;
    enter.disabled = over || busy || faces.length !== DICE || (needChoice && !split) || Boolean(digitsWhy.textContent);
    // a grey button says why, at once
    const why = !ans ? "" : ans.terminal ? W.over : busy ? "" : digitsWhy.textContent ? digitsWhy.textContent
      : faces.length !== DICE ? fill(W.waitSix, { n: DICE - faces.length }) : (needChoice && !split) ? W.waitSplit : "";
    enterWhy.textContent = enter.disabled ? why : "";
    // the dice keys and "back one die" grey for a reason too
    const full = ans && !ans.terminal && !busy && faces.length >= DICE ? W.full : "";
    for (const k of keys) { k.title = k.disabled ? (full || why) : ""; }
    back.title = back.disabled && ans && !ans.terminal && !busy ? W.empty : "";
    for (const b of [...keys, back]) { if (b.disabled && b.title) b.setAttribute("aria-describedby", idOf(enterWhy, "dawei-ref-enter-why")); else b.removeAttribute("aria-describedby"); }
    if (full && !enterWhy.textContent) enterWhy.textContent = full;
    if (enter.disabled && why) { enter.title = why; enter.setAttribute("aria-describedby", idOf(enterWhy, "dawei-ref-enter-why")); }
    else { enter.removeAttribute("title"); enter.removeAttribute("aria-describedby"); }
  }
  keys.forEach((k) => k.addEventListener("click", () => {
    if (faces.length < DICE) faces.push(Number(k.dataset.face));
    drawFaces();
    if (faces.length === DICE) enter.focus();
  }));
  back.addEventListener("click", () => { faces.pop(); drawFaces(); });
  // the typed digits: nothing cut or dropped; a digit no die shows, or a seventh digit, is said beside the box
  digits.addEventListener("input", () => {
    const typed = digits.value.replace(/\s/g, "");
    const badChar = [...typed].find((c) => !FACES.has(c));
    digitsWhy.textContent = [typed.length > DICE ? fill(W.tooMany, { n: typed.length }) : "", badChar !== undefined ? fill(W.notDigit, { c: badChar }) : ""].filter(Boolean).join(" ");
    digits.setAttribute("aria-invalid", digitsWhy.textContent ? "true" : "false");
    faces = digitsWhy.textContent ? [] : [...typed].map(Number);
    drawFaces();
    if (digitsWhy.textContent) digits.value = typed;
  });
  digits.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") { ev.preventDefault(); enter.click(); }
  });

  // ---------------------------------------------------------------- the engine
  async function ask(request) {
    busy = true;
    drawFaces();
    try {
      const req = { game: "dawei", action: "referee", lang: L, entries: info.limits.entries, ...request };
      return await ctx.call({ view: "dawei-referee", lang: L, request: req });
    } finally {
      busy = false;
    }
  }

  function current(hist = history) {
    return { players: ans.players, first: ans.first, names: ans.names, options: ans.options, history: hist.length ? hist : undefined };
  }

  async function play(moves, told, hist = history) {
    const a = await ask({ ...current(hist), moves });
    if (!a.ok) {
      say(a.error[L]);
      drawFaces();
      return false;
    }
    history = hist;
    keep(a);
    show(a);
    say(told || "");
    return true;
  }

  function keep(a) {
    if (!session) return;
    const meta = { players: a.players, entries: a.entry_count, over: a.terminal, html: a.html };
    session = store.save(session.id, { text: a.record, meta }) || session;
  }

  // ---------------------------------------------------------------- drawing
  function show(a) {
    ans = a;
    root.dataset.entries = String(a.entry_count);
    root.dataset.over = a.terminal ? "1" : "0";
    setup.hidden = true;
    game.hidden = false;
    const ex = q("example");
    if (ex) ex.remove();
    delete root.dataset.saved;
    fixing = null;
    // the parts the view drew: whose throw, the last entry, the settlement, the sticks, every entry
    for (const [role, html] of Object.entries(a.html)) if (drawn.get(role)) drawn.get(role).innerHTML = html;
    // what may be entered now
    split = null;
    faces = [];
    choices.innerHTML = "";
    const throwing = a.enter.some((x) => x.move === "throw");
    for (const x of a.enter) {
      if (x.move === "throw" || x.move.startsWith("drop:")) continue;
      const b = mk("button", { type: "button", class: "hw-btn dawei-choice", "data-move": x.move, "aria-pressed": "false" }, x[L]);
      b.addEventListener("click", async () => {
        if (x.faces) {
          split = x.move;
          for (const o of choices.querySelectorAll("button")) o.setAttribute("aria-pressed", String(o === b));
          say((W.second || "").replace("{choice}", x[L]));
          drawFaces();
          keys[0].focus();
          return;
        }
        await play([...a.moves, x.move]);
      });
      choices.append(b);
    }
    choices.hidden = choices.childElementCount === 0;
    dropsRow.hidden = !throwing;
    drops.forEach((d) => { d.disabled = !throwing; });
    digits.disabled = a.terminal;
    undo.disabled = a.moves.length === 0;
    // any entry may be corrected or deleted
    const keepPick = pick.value;
    pick.replaceChildren(...[...a.all_moves].reverse().map((x) => mk("option", { value: String(x.n - 1) },
      `${x.n}. ${x.dice ? x.dice.join("") : (a.entries.find((y) => y.n === x.n) || {})[L] || ""}`.trim())));
    if (keepPick && Number(keepPick) < a.all_moves.length) pick.value = keepPick;
    for (const b of [pick, fixBtn, dropBtn]) b.disabled = a.moves.length === 0;
    undoWhy.textContent = a.moves.length === 0 ? W.noneYet : "";
    for (const b of [undo, pick, fixBtn, dropBtn]) {
      if (b.disabled) { b.title = W.noneYet; b.setAttribute("aria-describedby", idOf(undoWhy, "dawei-ref-undo-why")); }
      else { b.removeAttribute("title"); b.removeAttribute("aria-describedby"); }
    }
    drawFaces();
  }

  function showSetup() {
    ans = null;
    history = [];
    root.dataset.entries = "";
    root.dataset.over = "";
    setup.hidden = false;
    game.hidden = true;
    say("");
  }

  // ---------------------------------------------------------------- entering
  enter.addEventListener("click", async () => {
    if (!ans || busy) return;
    if (faces.length !== DICE) { say(W.needSix); return; }
    const throwing = ans.enter.some((x) => x.move === "throw");
    if (!throwing && !split) { say(W.chooseSplit); return; }
    const move = throwing ? `throw:${faces.join("")}` : `${split}@${faces.join("")}`;
    if (fixing !== null) { // a throw corrected: the same entry, new dice; every later entry replayed
      const k = fixing;
      const old = ans.moves[k];
      const moves = ans.moves.slice();
      moves[k] = old.startsWith("throw:") ? `throw:${faces.join("")}` : `${old.split("@")[0]}@${faces.join("")}`;
      if (await play(moves, fill(W.fixed, { n: k + 1 }), [...history, { n: k + 1, kind: "corrected", was: old }])) digits.focus();
      return;
    }
    if (await play([...ans.moves, move])) (keys.find((k) => !k.disabled) || digits).focus();
  });
  // dice out of the bowl cost the thrower: asked first, in words
  drops.forEach((d) => d.addEventListener("click", () => {
    if (!ans || busy) return;
    askYes(`${d.textContent}：${W.dropAsk}`, W.yes, W.no, async () => { if (await play([...ans.moves, d.dataset.move])) keys[0].focus(); });
  }));

  function askYes(text, yes, no, onYes) {
    const back = document.activeElement;
    const y = mk("button", { type: "button", class: "hw-btn", "data-role": "confirm-yes" }, yes);
    const n = mk("button", { type: "button", class: "hw-btn", "data-role": "confirm-no" }, no);
    confirmBox.replaceChildren(mk("p", { "data-role": "confirm-text" }, text), y, n);
    confirmBox.hidden = false;
    const close = () => { confirmBox.hidden = true; confirmBox.replaceChildren(); };
    y.addEventListener("click", () => { close(); onYes(); });
    n.addEventListener("click", () => { close(); if (back && back.isConnected) back.focus(); });
    y.focus();
  }

  fixBtn.addEventListener("click", () => {
    if (!ans || busy) return;
    const k = Number(pick.value);
    const x = ans.all_moves[k];
    if (!x) return;
    if (!x.dice) { say(fill(W.fixChoice, { n: k + 1 })); return; }
    fixing = k;
    faces = [...x.dice];
    split = x.move.startsWith("throw:") ? null : x.move.split("@")[0];
    drawFaces();
    say(fill(W.fixing, { n: k + 1 }));
    pad.scrollIntoView({ block: "center" });
    digits.focus();
  });
  dropBtn.addEventListener("click", () => {
    if (!ans || busy) return;
    const k = Number(pick.value);
    if (!(k >= 0 && k < ans.moves.length)) return;
    askYes(fill(W.deleteAsk, { n: k + 1 }), W.delete, W.keep, async () => {
      const moves = ans.moves.filter((_, j) => j !== k);
      if (await play(moves, fill(W.deleted, { n: k + 1 }), [...history, { n: k + 1, kind: "deleted", was: ans.moves[k] }])) pick.focus();
    });
  });
  undo.addEventListener("click", async () => {
    if (!ans || busy) return;
    if (!ans.moves.length) { say(W.nothing); return; }
    const gone = ans.entries.length ? drawn.get("last").textContent : ""; // the entry undone, as the view wrote it
    const k = ans.moves.length - 1;
    await play(ans.moves.slice(0, -1), gone ? (W.undone || "") + gone : "", [...history, { n: k + 1, kind: "deleted", was: ans.moves[k] }]);
  });
  start.addEventListener("click", async () => {
    if (busy) return;
    const req = setupRequest();
    const a = await ask({ ...req, moves: [] });
    if (!a.ok) { say(a.error[L]); return; }
    // the game is named after the family at the table and the day
    const named = `${(a.names || []).join("、") || W.untitled || ""} ${new Date().toISOString().split("T")[0]}`.trim();
    if (!session) {
      session = store.create(named, a.record, { players: a.players, entries: 0, over: false });
      bar.refresh();
      bar.select(session.id);
      return;
    }
    session = store.save(session.id, { name: named }) || session;
    bar.refresh();
    keep(a);
    show(a);
    keys[0].focus();
  });

  async function open(s) {
    session = s;
    if (!s || !s.text.trim()) { showSetup(); return; }
    const a = await ask({ text: s.text });
    if (!a.ok) { showSetup(); say(a.error[L]); return; }
    history = (a.history || []).map((h) => ({ n: h.n, kind: h.kind, was: h.was }));
    show(a);
    // after a reload the dice pad is where the reader left it: in view
    if (a.entry_count && !a.terminal) pad.scrollIntoView({ block: "center" });
  }

  // ---------------------------------------------------------------- sessions
  for (const el of root.querySelectorAll("[disabled]")) el.disabled = false;
  showNames();
  let opening = Promise.resolve();
  const bar = sessionBar(q("sessions"), store, {
    lang: L,
    call: ctx.call,
    onOpen: (s) => { opening = open(s); },
    fresh: () => ({ text: "", meta: {} }),
    accept: (answer) => (answer.position && answer.position.game === "dawei" && answer.position.dice === "table"
      ? null : { zh: W.notTable, en: W.notTable }),
  });
  if (!store.current()) showSetup();
  await opening;
  drawFaces();
}
