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

// ---------------------------------------------------------------- setup
function showNames(m) {
  const n = Number(m.playersSel.value);
  m.nameBoxes.forEach((b, k) => { b.hidden = k >= n; });
  const kept = Number(m.firstSel.value) || 0;
  m.firstSel.innerHTML = "";
  m.nameBoxes.slice(0, n).forEach((b, k) => {
    const input = b.querySelector("input");
    const label = input.value.trim() || b.firstChild.textContent.trim();
    m.firstSel.append(mk("option", { value: String(k) }, label));
  });
  m.firstSel.value = String(Math.min(kept, n - 1));
}

function setupRequest(m) {
  const n = Number(m.playersSel.value);
  const names = m.nameBoxes.slice(0, n).map((b) => {
    const input = b.querySelector("input");
    return input.value.trim() || input.placeholder;
  });
  const options = {};
  for (const sel of m.root.querySelectorAll("[data-option]")) {
    if (sel.value !== sel.dataset.default) options[sel.dataset.option] = sel.value;
  }
  return { players: n, first: Number(m.firstSel.value) || 0, names, options };
}

// ---------------------------------------------------------------- the dice pad
function drawFaces(m) {
  m.slots.forEach((s, k) => {
    s.textContent = m.faces[k] ? String(m.faces[k]) : "";
    if (m.faces[k]) s.dataset.face = String(m.faces[k]);
    else delete s.dataset.face;
  });
  m.slotsBox.setAttribute("aria-label", m.faces.length ? m.faces.join(" ") : "—");
  if (!m.digitsWhy.textContent && m.digits.value !== m.faces.join("")) m.digits.value = m.faces.join("");
  const over = !m.ans || m.ans.terminal;
  const needChoice = m.ans && m.ans.enter.some((x) => !x.faces) && !m.ans.enter.some((x) => x.move === "throw");
  m.keys.forEach((k) => { k.disabled = over || m.busy || m.faces.length >= m.DICE; });
  m.back.disabled = over || m.busy || m.faces.length === 0;
  m.enter.disabled = over || m.busy || m.faces.length !== m.DICE || (needChoice && !m.split) || Boolean(m.digitsWhy.textContent);
  // a grey button says why, at once
  const why = !m.ans ? "" : m.ans.terminal ? m.W.over : m.busy ? "" : m.digitsWhy.textContent ? m.digitsWhy.textContent
    : m.faces.length !== m.DICE ? fill(m.W.waitSix, { n: m.DICE - m.faces.length }) : (needChoice && !m.split) ? m.W.waitSplit : "";
  m.enterWhy.textContent = m.enter.disabled ? why : "";
  // the dice keys and "back one die" grey for a reason too
  const full = m.ans && !m.ans.terminal && !m.busy && m.faces.length >= m.DICE ? m.W.full : "";
  for (const k of m.keys) { k.title = k.disabled ? (full || why) : ""; }
  m.back.title = m.back.disabled && m.ans && !m.ans.terminal && !m.busy ? m.W.empty : "";
  for (const b of [...m.keys, m.back]) { if (b.disabled && b.title) b.setAttribute("aria-describedby", idOf(m.enterWhy, "dawei-ref-enter-why")); else b.removeAttribute("aria-describedby"); }
  if (full && !m.enterWhy.textContent) m.enterWhy.textContent = full;
  if (m.enter.disabled && why) { m.enter.title = why; m.enter.setAttribute("aria-describedby", idOf(m.enterWhy, "dawei-ref-enter-why")); }
  else { m.enter.removeAttribute("title"); m.enter.removeAttribute("aria-describedby"); }
}

// ---------------------------------------------------------------- the engine
async function ask(m, request) {
  m.busy = true;
  m.drawFaces();
  try {
    const req = { game: "dawei", action: "referee", lang: m.L, entries: m.info.limits.entries, ...request };
    return await m.ctx.call({ view: "dawei-referee", lang: m.L, request: req });
  } finally {
    m.busy = false;
  }
}

function current(m, hist = m.history) {
  return { players: m.ans.players, first: m.ans.first, names: m.ans.names, options: m.ans.options, history: hist.length ? hist : undefined };
}

async function play(m, moves, told, hist = m.history) {
  const a = await m.ask({ ...m.current(hist), moves });
  if (!a.ok) {
    m.say(a.error[m.L]);
    m.drawFaces();
    return false;
  }
  m.history = hist;
  m.keep(a);
  m.show(a);
  m.say(told || "");
  return true;
}

function keep(m, a) {
  if (!m.session) return;
  const meta = { players: a.players, entries: a.entry_count, over: a.terminal, html: a.html };
  m.session = m.store.save(m.session.id, { text: a.record, meta }) || m.session;
}

// ---------------------------------------------------------------- drawing
function show(m, a) {
  m.ans = a;
  m.root.dataset.entries = String(a.entry_count);
  m.root.dataset.over = a.terminal ? "1" : "0";
  m.setup.hidden = true;
  m.game.hidden = false;
  const ex = m.q("example");
  if (ex) ex.remove();
  delete m.root.dataset.saved;
  m.fixing = null;
  // the parts the view drew: whose throw, the last entry, the settlement, the sticks, every entry
  for (const [role, html] of Object.entries(a.html)) if (m.drawn.get(role)) m.drawn.get(role).innerHTML = html;
  // what may be entered now
  m.split = null;
  m.faces = [];
  m.choices.innerHTML = "";
  const throwing = a.enter.some((x) => x.move === "throw");
  for (const x of a.enter) {
    if (x.move === "throw" || x.move.startsWith("drop:")) continue;
    const b = mk("button", { type: "button", class: "hw-btn dawei-choice", "data-move": x.move, "aria-pressed": "false" }, x[m.L]);
    b.addEventListener("click", async () => {
      if (x.faces) {
        m.split = x.move;
        for (const o of m.choices.querySelectorAll("button")) o.setAttribute("aria-pressed", String(o === b));
        m.say((m.W.second || "").replace("{choice}", x[m.L]));
        m.drawFaces();
        m.keys[0].focus();
        return;
      }
      await m.play([...a.moves, x.move]);
    });
    m.choices.append(b);
  }
  m.choices.hidden = m.choices.childElementCount === 0;
  m.dropsRow.hidden = !throwing;
  m.drops.forEach((d) => { d.disabled = !throwing; });
  m.digits.disabled = a.terminal;
  m.undo.disabled = a.moves.length === 0;
  // any entry may be corrected or deleted
  const keepPick = m.pick.value;
  m.pick.replaceChildren(...[...a.all_moves].reverse().map((x) => mk("option", { value: String(x.n - 1) },
    `${x.n}. ${x.dice ? x.dice.join("") : (a.entries.find((y) => y.n === x.n) || {})[m.L] || ""}`.trim())));
  if (keepPick && Number(keepPick) < a.all_moves.length) m.pick.value = keepPick;
  for (const b of [m.pick, m.fixBtn, m.dropBtn]) b.disabled = a.moves.length === 0;
  m.undoWhy.textContent = a.moves.length === 0 ? m.W.noneYet : "";
  for (const b of [m.undo, m.pick, m.fixBtn, m.dropBtn]) {
    if (b.disabled) { b.title = m.W.noneYet; b.setAttribute("aria-describedby", idOf(m.undoWhy, "dawei-ref-undo-why")); }
    else { b.removeAttribute("title"); b.removeAttribute("aria-describedby"); }
  }
  m.drawFaces();
}

function showSetup(m) {
  m.ans = null;
  m.history = [];
  m.root.dataset.entries = "";
  m.root.dataset.over = "";
  m.setup.hidden = false;
  m.game.hidden = true;
  m.say("");
}

function askYes(m, text, yes, no, onYes) {
  const was = document.activeElement;
  const y = mk("button", { type: "button", class: "hw-btn", "data-role": "confirm-yes" }, yes);
  const n = mk("button", { type: "button", class: "hw-btn", "data-role": "confirm-no" }, no);
  m.confirmBox.replaceChildren(mk("p", { "data-role": "confirm-text" }, text), y, n);
  m.confirmBox.hidden = false;
  const close = () => { m.confirmBox.hidden = true; m.confirmBox.replaceChildren(); };
  y.addEventListener("click", () => { close(); onYes(); });
  n.addEventListener("click", () => { close(); if (was && was.isConnected) was.focus(); });
  y.focus();
}

async function open(m, s) {
  m.session = s;
  if (!s || !s.text.trim()) { m.showSetup(); return; }
  const a = await m.ask({ text: s.text });
  if (!a.ok) { m.showSetup(); m.say(a.error[m.L]); return; }
  m.history = (a.history || []).map((h) => ({ n: h.n, kind: h.kind, was: h.was }));
  m.show(a);
  // after a reload the dice pad is where the reader left it: in view
  if (a.entry_count && !a.terminal) m.pad.scrollIntoView({ block: "center" });
}

/** The players' names, and the dice pad: its keys, the key that takes a die back and the six digits typed. */
function wirePad(m) {
  m.playersSel.addEventListener("change", m.showNames);
  m.nameBoxes.forEach((b) => b.querySelector("input").addEventListener("input", m.showNames));

  m.keys.forEach((k) => k.addEventListener("click", () => {
    if (m.faces.length < m.DICE) m.faces.push(Number(k.dataset.face));
    m.drawFaces();
    if (m.faces.length === m.DICE) m.enter.focus();
  }));
  m.back.addEventListener("click", () => { m.faces.pop(); m.drawFaces(); });
  // the typed digits: nothing cut or dropped; a digit no die shows, or a seventh digit, is said beside the box
  m.digits.addEventListener("input", () => {
    const typed = m.digits.value.replace(/\s/g, "");
    const badChar = [...typed].find((c) => !m.FACES.has(c));
    m.digitsWhy.textContent = [typed.length > m.DICE ? fill(m.W.tooMany, { n: typed.length }) : "", badChar !== undefined ? fill(m.W.notDigit, { c: badChar }) : ""].filter(Boolean).join(" ");
    m.digits.setAttribute("aria-invalid", m.digitsWhy.textContent ? "true" : "false");
    m.faces = m.digitsWhy.textContent ? [] : [...typed].map(Number);
    m.drawFaces();
    if (m.digitsWhy.textContent) m.digits.value = typed;
  });
  m.digits.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") { ev.preventDefault(); m.enter.click(); }
  });
}

/** Entering a throw (or correcting one: every later entry replayed) and dice out of the bowl, asked first. */
function wireEntering(m) {
  // ---------------------------------------------------------------- entering
  m.enter.addEventListener("click", async () => {
    if (!m.ans || m.busy) return;
    if (m.faces.length !== m.DICE) { m.say(m.W.needSix); return; }
    const throwing = m.ans.enter.some((x) => x.move === "throw");
    if (!throwing && !m.split) { m.say(m.W.chooseSplit); return; }
    const move = throwing ? `throw:${m.faces.join("")}` : `${m.split}@${m.faces.join("")}`;
    if (m.fixing !== null) { // a throw corrected: the same entry, new dice; every later entry replayed
      const k = m.fixing;
      const old = m.ans.moves[k];
      const moves = m.ans.moves.slice();
      moves[k] = old.startsWith("throw:") ? `throw:${m.faces.join("")}` : `${old.split("@")[0]}@${m.faces.join("")}`;
      if (await m.play(moves, fill(m.W.fixed, { n: k + 1 }), [...m.history, { n: k + 1, kind: "corrected", was: old }])) m.digits.focus();
      return;
    }
    if (await m.play([...m.ans.moves, move])) (m.keys.find((k) => !k.disabled) || m.digits).focus();
  });
  // dice out of the bowl cost the thrower: asked first, in words
  m.drops.forEach((d) => d.addEventListener("click", () => {
    if (!m.ans || m.busy) return;
    m.askYes(`${d.textContent}：${m.W.dropAsk}`, m.W.yes, m.W.no, async () => { if (await m.play([...m.ans.moves, d.dataset.move])) m.keys[0].focus(); });
  }));
}

/** Correcting an entry with the pad, deleting one (asked once more) and undoing the last. */
function wireFixes(m) {
  m.fixBtn.addEventListener("click", () => {
    if (!m.ans || m.busy) return;
    const k = Number(m.pick.value);
    const x = m.ans.all_moves[k];
    if (!x) return;
    if (!x.dice) { m.say(fill(m.W.fixChoice, { n: k + 1 })); return; }
    m.fixing = k;
    m.faces = [...x.dice];
    m.split = x.move.startsWith("throw:") ? null : x.move.split("@")[0];
    m.drawFaces();
    m.say(fill(m.W.fixing, { n: k + 1 }));
    m.pad.scrollIntoView({ block: "center" });
    m.digits.focus();
  });
  m.dropBtn.addEventListener("click", () => {
    if (!m.ans || m.busy) return;
    const k = Number(m.pick.value);
    if (!(k >= 0 && k < m.ans.moves.length)) return;
    m.askYes(fill(m.W.deleteAsk, { n: k + 1 }), m.W.delete, m.W.keep, async () => {
      const moves = m.ans.moves.filter((_, j) => j !== k);
      if (await m.play(moves, fill(m.W.deleted, { n: k + 1 }), [...m.history, { n: k + 1, kind: "deleted", was: m.ans.moves[k] }])) m.pick.focus();
    });
  });
  m.undo.addEventListener("click", async () => {
    if (!m.ans || m.busy) return;
    if (!m.ans.moves.length) { m.say(m.W.nothing); return; }
    const gone = m.ans.entries.length ? m.drawn.get("last").textContent : ""; // the entry undone, as the view wrote it
    const k = m.ans.moves.length - 1;
    await m.play(m.ans.moves.slice(0, -1), gone ? (m.W.undone || "") + gone : "", [...m.history, { n: k + 1, kind: "deleted", was: m.ans.moves[k] }]);
  });
}

/** Starting the game at the table: named after the family and the day, kept as a session. */
function wireStart(m) {
  m.start.addEventListener("click", async () => {
    if (m.busy) return;
    const req = m.setupRequest();
    const a = await m.ask({ ...req, moves: [] });
    if (!a.ok) { m.say(a.error[m.L]); return; }
    // the game is named after the family at the table and the day
    const named = `${(a.names || []).join("、") || m.W.untitled || ""} ${new Date().toISOString().split("T")[0]}`.trim();
    if (!m.session) {
      m.session = m.store.create(named, a.record, { players: a.players, entries: 0, over: false });
      m.bar.refresh();
      m.bar.select(m.session.id);
      return;
    }
    m.session = m.store.save(m.session.id, { name: named }) || m.session;
    m.bar.refresh();
    m.keep(a);
    m.show(a);
    m.keys[0].focus();
  });
}

export async function refereeWidget(root, ctx) {
  const m = { root, ctx }; // the mount: everything the parts of the referee share (its words, its boxes, the game entered)
  m.showNames = (...a) => showNames(m, ...a);
  m.setupRequest = (...a) => setupRequest(m, ...a);
  m.drawFaces = (...a) => drawFaces(m, ...a);
  m.ask = (...a) => ask(m, ...a);
  m.current = (...a) => current(m, ...a);
  m.play = (...a) => play(m, ...a);
  m.keep = (...a) => keep(m, ...a);
  m.show = (...a) => show(m, ...a);
  m.showSetup = (...a) => showSetup(m, ...a);
  m.askYes = (...a) => askYes(m, ...a);
  m.open = (...a) => open(m, ...a);
  m.L = m.ctx.lang;
  m.W = words(m.root);
  // the dice thrown and their faces, the unit of the result and the entries told at once: the engine's
  m.info = await m.ctx.call({ game: "dawei", action: "options" });
  if (!m.info.ok) throw new Error(m.info.error.en);
  m.DICE = m.info.dice.count;
  m.FACES = new Set(m.info.dice.faces.map(String));
  m.q = (role) => m.root.querySelector(`[data-role="${role}"]`);
  m.setup = m.q("setup");
  m.game = m.q("game");
  m.playersSel = m.q("players");
  m.nameBoxes = [...m.root.querySelectorAll(".dawei-ref-name")];
  m.firstSel = m.q("first");
  m.start = m.q("start");
  m.choices = m.q("choices");
  m.slotsBox = m.q("slots");
  m.slots = [...m.root.querySelectorAll('[data-role="slot"]')];
  m.keys = [...m.root.querySelectorAll("button[data-face]")];
  m.digits = m.q("digits");
  m.back = m.q("back");
  m.enter = m.q("enter");
  m.drops = [...m.root.querySelectorAll('[data-role="drop"]')];
  m.dropsRow = m.q("drops");
  m.message = m.q("message");
  m.undo = m.q("undo");
  // the boxes the view draws into (views/dawei.py referee)
  m.drawn = new Map(["status", "last", "settlement", "board", "log", "standing", "history"].map((r) => [r, m.q(r)]));
  m.digitsWhy = m.q("digits-why");
  m.enterWhy = m.q("enter-why");
  m.undoWhy = m.q("undo-why");
  m.pick = m.q("pick");
  m.fixBtn = m.q("fix");
  m.dropBtn = m.q("drop-entry");
  m.confirmBox = m.q("confirm");
  m.pad = m.q("pad");
  m.history = []; // every correction, kept in the record's History tag
  m.fixing = null; // the entry (0…) being corrected with the pad, or null

  skipLink(m.root, m.ctx.t, ['[data-role="digits"]', '[data-role="start"]']);
  m.store = openStore(KIND);
  m.session = null; // the session shown
  m.ans = null; // the engine's last answer for it
  m.faces = [];
  m.split = null; // the split chosen, waiting for the second throw
  m.busy = false;

  m.say = (text) => { m.message.textContent = text || ""; };

  wirePad(m);
  wireEntering(m);
  wireFixes(m);
  wireStart(m);
  // ---------------------------------------------------------------- sessions
  for (const el of m.root.querySelectorAll("[disabled]")) el.disabled = false;
  m.showNames();
  m.opening = Promise.resolve();
  m.bar = sessionBar(m.q("sessions"), m.store, {
    lang: m.L,
    call: m.ctx.call,
    onOpen: (s) => { m.opening = m.open(s); },
    fresh: () => ({ text: "", meta: {} }),
    accept: (answer) => (answer.position && answer.position.game === "dawei" && answer.position.dice === "table"
      ? null : { zh: m.W.notTable, en: m.W.notTable }),
  });
  if (!m.store.current()) m.showSetup();
  await m.opening;
  m.drawFaces();
}
