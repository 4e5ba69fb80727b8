// 打围 at a real table: the reader enters each throw as it happens; the engine (dawei.referee) applies
// the rules and answers the table, the settlement and the written record. The game is kept as that
// record in sessions.js, so it survives a reload and works offline. Each answer is asked as a view
// (views/dawei.py referee, run in Pyodide beside the engine, the same function that drew the page's first
// answer): whose throw it is, the last entry, the settlement, the sticks and every entry come drawn, and
// this module inserts them and wires the setup, the dice pad and the buttons. Words about the game come
// from the engine's answers (the options answer: the dice, their faces, the entries told at once) and the
// page (data-words); this file holds no game data.
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
  const drawn = new Map(["status", "last", "settlement", "board", "log"].map((r) => [r, q(r)]));

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
    if (digits.value !== faces.join("")) digits.value = faces.join("");
    const over = !ans || ans.terminal;
    const needChoice = ans && ans.enter.some((x) => !x.faces) && !ans.enter.some((x) => x.move === "throw");
    keys.forEach((k) => { k.disabled = over || busy || faces.length >= DICE; });
    back.disabled = over || busy || faces.length === 0;
    enter.disabled = over || busy || faces.length !== DICE || (needChoice && !split);
  }
  keys.forEach((k) => k.addEventListener("click", () => {
    if (faces.length < DICE) faces.push(Number(k.dataset.face));
    drawFaces();
    if (faces.length === DICE) enter.focus();
  }));
  back.addEventListener("click", () => { faces.pop(); drawFaces(); });
  digits.addEventListener("input", () => {
    faces = [...digits.value].filter((c) => FACES.has(c)).slice(0, DICE).map(Number);
    drawFaces();
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

  function current() {
    return { players: ans.players, first: ans.first, names: ans.names, options: ans.options };
  }

  async function play(moves, told) {
    const a = await ask({ ...current(), moves });
    if (!a.ok) {
      say(a.error[L]);
      drawFaces();
      return false;
    }
    keep(a);
    show(a);
    say(told || "");
    return true;
  }

  function keep(a) {
    if (!session) return;
    const meta = { players: a.players, entries: a.entry_count, over: a.terminal };
    session = store.save(session.id, { text: a.record, meta }) || session;
  }

  // ---------------------------------------------------------------- drawing
  function show(a) {
    ans = a;
    root.dataset.entries = String(a.entry_count);
    root.dataset.over = a.terminal ? "1" : "0";
    setup.hidden = true;
    game.hidden = false;
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
    drawFaces();
  }

  function showSetup() {
    ans = null;
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
    await play([...ans.moves, move]);
  });
  drops.forEach((d) => d.addEventListener("click", async () => {
    if (!ans || busy) return;
    await play([...ans.moves, d.dataset.move]);
  }));
  undo.addEventListener("click", async () => {
    if (!ans || busy) return;
    if (!ans.moves.length) { say(W.nothing); return; }
    const gone = ans.entries.length ? drawn.get("last").textContent : ""; // the entry undone, as the view wrote it
    await play(ans.moves.slice(0, -1), gone ? (W.undone || "") + gone : "");
  });
  start.addEventListener("click", async () => {
    if (busy) return;
    const req = setupRequest();
    const a = await ask({ ...req, moves: [] });
    if (!a.ok) { say(a.error[L]); return; }
    if (!session) {
      session = store.create(`${W.untitled || ""} ${new Date().toISOString().split("T")[0]}`.trim(), a.record, { players: a.players, entries: 0, over: false });
      bar.refresh();
      bar.select(session.id);
      return;
    }
    keep(a);
    show(a);
  });

  async function open(s) {
    session = s;
    if (!s || !s.text.trim()) { showSetup(); return; }
    const a = await ask({ text: s.text });
    if (!a.ok) { showSetup(); say(a.error[L]); return; }
    show(a);
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
