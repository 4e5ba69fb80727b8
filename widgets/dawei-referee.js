// 打围 at a real table: the reader enters each throw as it happens; the engine (dawei.referee) applies
// the rules and answers the table, the settlement and the written record. The game is kept as that
// record in sessions.js, so it survives a reload and works offline. Words about the game come from the
// engine's answers (the options answer: the dice, their faces, the unit 柱, the entries told at once) and
// the page (data-words); this file holds no game data.
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
  const ZHU = info.words.zhu;
  const q = (role) => root.querySelector(`[data-role="${role}"]`);
  const setup = q("setup");
  const game = q("game");
  const playersSel = q("players");
  const nameBoxes = [...root.querySelectorAll(".dawei-ref-name")];
  const firstSel = q("first");
  const start = q("start");
  const status = q("status");
  const last = q("last");
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
  const settlement = q("settlement");
  const board = q("board");
  const undo = q("undo");
  const log = q("log");

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
      return await ctx.call({ game: "dawei", action: "referee", lang: L, entries: info.limits.entries, ...request });
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
  function boardTable(a) {
    const wrap = mk("div", { class: "dawei-board", tabindex: "0", role: "region", "aria-label": ctx.t("场上与各家的签", "The pool and each player’s sticks") });
    const table = mk("table", { class: "dawei-board-table" });
    const head = mk("tr");
    head.append(mk("th"));
    for (const s of a.sticks) {
      const th = mk("th", {}, s[L]);
      th.append(mk("br"), mk("small", {}, String(s.zhu)));
      head.append(th);
    }
    head.append(mk("th", {}, ZHU[L]), mk("th", {}, ctx.t("输赢", "result")));
    const thead = mk("thead");
    thead.append(head);
    const body = mk("tbody");
    const pool = mk("tr", { class: "pool" });
    pool.append(mk("th", {}, ctx.t("场上", "Pool")));
    for (const s of a.sticks) pool.append(mk("td", {}, String(a.pool[s.id])));
    pool.append(mk("td", {}, String(a.pool_zhu)), mk("td"));
    body.append(pool);
    a.holdings.forEach((h, s) => {
      const cls = a.to_throw && a.to_throw.seat === s ? { class: "current" } : {};
      const tr = mk("tr", { "data-seat": String(s), ...cls });
      tr.append(mk("th", {}, a.seats[s][L] + (a.banker === s ? " ★" : "")));
      for (const st of a.sticks) tr.append(mk("td", {}, h[st.id] ? String(h[st.id]) : ""));
      const net = a.net ? a.net[s] : null;
      tr.append(mk("td", {}, String(a.zhu[s])), mk("td", {}, net === null ? "" : `${net > 0 ? "+" : ""}${net}`));
      body.append(tr);
    });
    table.append(thead, body);
    wrap.append(table);
    return wrap;
  }

  function entryText(x) {
    const who = x.seat === null || x.seat === undefined ? "" : `${ans.seats[x.seat][L]}${L === "zh" ? "：" : ": "}`;
    const dice = x.dice ? ` [${x.dice.join(" ")}]` : "";
    return `${x.n}. ${who}${x[L]}${dice}`;
  }

  function show(a) {
    ans = a;
    root.dataset.entries = String(a.entry_count);
    root.dataset.over = a.terminal ? "1" : "0";
    setup.hidden = true;
    game.hidden = false;
    status.textContent = a.status[L];
    const lastEntry = a.entries[a.entries.length - 1];
    last.textContent = lastEntry ? entryText(lastEntry) : a.opening.map((x) => x[L]).join(" ");
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
    // the settlement
    settlement.innerHTML = "";
    if (a.terminal && a.settlement) {
      settlement.append(mk("p", { class: "dawei-head" }, ctx.t(`结算（保本 ${a.break_even} ${ZHU.zh}）`, `Settlement (break-even ${a.break_even} ${ZHU.en})`)));
      const ul = mk("ul", { "data-role": "verdicts" });
      for (const s of a.settlement) {
        const li = mk("li", { "data-seat": String(s.seat), "data-net": s.net_text });
        li.append(mk("strong", {}, `${s[L]} ${s.net_text.startsWith("-") || s.net_text === "0" ? "" : "+"}${s.net_text}`), " ", s.verdict[L]);
        ul.append(li);
      }
      settlement.append(ul);
    }
    board.innerHTML = "";
    board.append(boardTable(a));
    log.innerHTML = "";
    for (const x of [...a.entries].reverse()) log.append(mk("li", {}, entryText(x)));
    for (const x of [...a.opening].reverse()) log.append(mk("li", {}, x[L]));
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
    const gone = ans.entries[ans.entries.length - 1];
    await play(ans.moves.slice(0, -1), gone ? (W.undone || "") + entryText(gone) : "");
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
