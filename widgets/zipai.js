// A hand of 跑胡子 or 下灌字牌 at the table, the reader against two computer seats.
// Every answer comes from the engine's `play` action (engine/paohuzi/play.py), asked as a view
// (views/zipai.py, run in Pyodide beside the engine): the answer and the markup of each part of the
// table — the table as the reader sees it, the moves allowed now, the log with each move's rule, the
// refusal of a move that breaks a rule, the score sheet and the match sheet. The first answer drawn at
// build time (sitegen/zipai.py) comes from the same view functions; this module only inserts the
// markup and wires its buttons.

import { arrowKeys, el, sharedState, shareButton, skipLink } from "./dom.js";
import { recordTools } from "./recordio.js";
import { levelChooser, levelWords, reviewButton } from "./review.js";

/** Where the rules the log names are explained (the 跑胡子 turn page), from this page's address. */
function rulesBase() {
  const path = window.location.pathname;
  for (const game of ["/paohuzi/", "/yezi/"]) {
    const i = path.indexOf(game);
    if (i >= 0) return `${path.slice(0, i)}/paohuzi/turn/`;
  }
  return "../turn/";
}

/** What the other seats did since the reader's last move, in words (announced). */
function since(a, from, lang) {
  return a.log.slice(from).filter((x) => x.seat == null || !a.seats[x.seat].you).map((x) => (lang === "zh" ? x.zh : x.en)).join(" ");
}

/** A press on the table: the hint (asked again at another level), a claim or a card played, a 吃 chosen in steps. */
function wireTable(m) {
  m.root.addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (!b || !m.root.contains(b) || b.disabled) return;
    if (b.classList.contains("zp-hint-btn")) {
      const text = b.parentElement.querySelector(".zp-hint-text");
      // the drawn hint is at the level the hand was played at; another level chosen is asked for once
      const want = m.hintChooser.get();
      if (want && want !== (m.drawnLevel || m.firstLevel) && b.dataset.level !== want && text.hidden) {
        m.levelHint(b, text, want);
        return;
      }
      text.hidden = !text.hidden;
      b.setAttribute("aria-expanded", String(!text.hidden));
    } else if (b.classList.contains("zp-act") || b.classList.contains("zp-chi-opt")) m.move(b.dataset.id);
    else if (b.classList.contains("zp-chi-run") || b.classList.contains("zp-chi-back")) {
      // a 吃 chosen in steps: the run first, then the cards that go with it (the view draws both steps)
      const chi = b.closest(".zp-chi");
      const run = b.dataset.run;
      for (const step of chi.querySelectorAll(".zp-chi-step")) step.hidden = run === undefined ? step.dataset.step !== "1" : step.dataset.run !== run;
      const shown = chi.querySelector(".zp-chi-step:not([hidden]) button");
      if (shown) shown.focus();
    }
    else if (b.classList.contains("zp-hcard")) m.move(`discard:${b.dataset.card}`);
  });
}

/** New hand, a match started or stopped, and Undo: each asks the table again. */
function wireButtons(m) {
  m.newBtn.addEventListener("click", () => {
    m.seed = m.newSeed();
    m.moves = [];
    m.played = [];
    m.lastLog = Infinity;
    m.ask(true);
  });
  m.matchBtn.addEventListener("click", () => {
    m.hands = Number(m.handsSel.value) || m.MAX_HANDS;
    m.birds = m.birdBox && m.birdBox.checked && m.tableKind === "four" ? 1 : 0;
    m.seed = m.newSeed();
    m.moves = [];
    m.played = [];
    m.lastLog = Infinity;
    m.ask(true);
  });
  m.oneBtn.addEventListener("click", () => {
    m.hands = 0;
    m.birds = 0;
    m.moves = [];
    m.played = [];
    m.lastLog = Infinity;
    m.ask(true);
  });
  if (m.hands) m.handsSel.value = String(m.hands);
  if (m.birdBox) m.birdBox.checked = Boolean(m.birds);
  for (const c of [m.matchBtn, m.oneBtn, m.handsSel, m.birdBox]) if (c) c.disabled = false;
  m.undoBtn.addEventListener("click", () => {
    if (!m.moves.length) return;
    m.moves = m.moves.slice(0, -1);
    m.lastLog = Infinity;
    m.ask(true);
  });
}

/** The hand as a record file, and a record opened at this table (its variant and table checked first; widgets/recordio.js). */
function wireRecord(m) {
  // the hand as a record file, and a record file opened at this table (widgets/recordio.js)
  (m.root.querySelector(".hw-body") || m.root).append(recordTools(m.ctx, {
    game: "paohuzi",
    request: () => (m.hands ? { game: "paohuzi", action: "play", match: { hands: m.hands } } : { game: "paohuzi", action: "play", variant: m.variant, table: m.tableKind, seed: m.seed,
      actions: m.moves.map((id) => (id === "next" ? { kind: "next" } : { id })), ...m.seatsLevel() }),
    open: async (r) => {
      if (r.variant !== m.variant || r.table !== m.tableKind) {
        return { zh: "这份记录是另一种玩法或另一种桌子的一局，请在对应的牌桌上打开。",
          en: "This record is a hand of another variant or at another table: open it at that table." };
      }
      m.hands = 0; m.birds = 0; m.played = []; m.seed = r.seed; m.moves = r.moves.slice(0, m.MAX_MOVES); m.lastLog = Infinity;
      // the record's computer level, read by the engine (none written: the first level)
      m.seatLevel = r.level && r.level !== m.firstLevel ? r.level : null;
      const lv = m.seatLevel || m.firstLevel;
      if (lv) { m.seatChooser.set(lv); m.hintChooser.set(lv); }
      await m.ask(true);
      return null;
    },
  }));
}

async function table(root, ctx) {
  const m = { root, ctx }; // the mount: everything the parts of the table share (its boxes, the hand or match in play)
  m.revealSince = (...a) => revealSince(m, ...a);
  m.clearHeader = (...a) => clearHeader(m, ...a);
  m.focusNext = (...a) => focusNext(m, ...a);
  m.ask = (...a) => ask(m, ...a);
  m.levelHint = (...a) => levelHint(m, ...a);
  m.move = (...a) => move(m, ...a);
  m.t = m.ctx.t;
  m.p = m.ctx.params || {};
  m.variant = m.p.variant === "xiaguan" ? "xiaguan" : "paohuzi";
  m.tableKind = m.p.table || (m.variant === "paohuzi" ? "four" : "three");
  // a match is kept in this browser (localStorage) across reloads; a shared link wins over it
  m.store = `zipai-match:${m.variant}:${m.tableKind}`;
  m.kept = () => { try { return JSON.parse(window.localStorage.getItem(m.store) || "null"); } catch { return null; } };
  m.shared = sharedState(m.root);
  m.start = m.shared || m.kept() || {};
  // the engine's limits, written by the build on the table (sitegen/zipai.py)
  m.box = m.root.querySelector(".zp");
  m.MAX_MOVES = Number(m.box.dataset.maxMoves);
  m.MAX_HANDS = Number(m.box.dataset.maxHands);
  m.MAX_SEED = Number(m.box.dataset.maxSeed); // a new deal's seed is drawn below it
  m.newSeed = () => Math.floor(Math.random() * m.MAX_SEED);
  m.seed = Number.isInteger(m.start.seed) && m.start.seed >= 0 && m.start.seed <= m.MAX_SEED ? m.start.seed : Number(m.p.seed) || 1;
  m.moves = Array.isArray(m.start.moves) ? m.start.moves.filter((m) => typeof m === "string").slice(0, m.MAX_MOVES) : [];
  m.okHands = (n) => Number.isInteger(n) && n >= 1 && n <= m.MAX_HANDS;
  m.hands = m.okHands(m.start.match) ? m.start.match : 0; // 0: one hand, not a match
  m.birds = m.tableKind === "four" && m.start.birds === 1 ? 1 : 0;
  // a match's finished hands, each as every seat's moves as the engine wrote them: carried whole in each request,
  // so that only the hand in progress is played again (its computer seats may play each move out)
  m.okPlayed = (x) => Array.isArray(x) && x.length <= m.MAX_HANDS && x.every((h) => Array.isArray(h) && h.every((m) => typeof m === "string"));
  m.played = m.hands && m.okPlayed(m.start.played) ? m.start.played : [];
  m.answer = null; // the last answer (its finished hands are carried at the next hand)
  m.q = (r) => m.root.querySelector(`[data-role="${r}"]`);
  m.board = m.q("board"); m.acts = m.q("actions"); m.msg = m.q("message"); m.logEl = m.q("log"); m.sheetBox = m.q("sheet-box"); m.status = m.q("status");
  m.sinceEl = m.q("since");
  m.sinceTurn = 0;
  m.title = m.q("title"); m.newBtn = m.q("new"); m.undoBtn = m.q("undo");
  m.matchBox = m.q("match"); m.matchBtn = m.q("match-start"); m.oneBtn = m.q("match-stop"); m.handsSel = m.q("match-hands"); m.birdBox = m.q("match-birds");
  m.msg.setAttribute("aria-live", "assertive");
  m.answers = 0;
  m.lastLog = Infinity; // what happened before the first answer is on the board, not announced
  m.busy = false;

  // the computer seats' level, chosen by the reader (none: the engine's first level); a change deals the same
  // hand afresh (in a match, the same match from its first hand)
  m.seatLevel = typeof m.start.level === "string" ? m.start.level : null;
  m.firstLevel = null;
  m.seatsLevel = () => (m.seatLevel ? { level: m.seatLevel } : {});
  m.seatChooser = levelChooser(m.ctx, {
    what: { zh: "电脑的水平：", en: "Computer level:" }, start: m.seatLevel,
    onChange: (v) => {
      m.seatLevel = v === m.firstLevel ? null : v;
      m.hintChooser.set(v);
      m.moves = [];
      m.played = [];
      m.lastLog = Infinity;
      m.ask(true);
    },
  });
  // the hint's level, chosen by the reader: the seats' level to begin with, or the other
  m.hintChooser = levelChooser(m.ctx, { what: { zh: "提示的水平：", en: "Hint level:" }, start: m.seatLevel, role: "hint-level" });
  m.levelBox = el("p", { class: "rv-hint" }, [m.seatChooser.node, " ", m.hintChooser.node]);
  m.acts.before(m.levelBox);
  m.review = null; // the review of the hand just finished
  m.drawnLevel = null; // the level of the hint the view drew (none: the engine's first level, the seats')
  levelWords(m.ctx).then((x) => {
    m.firstLevel = x.levels[0].id;
    if (m.seatLevel === m.firstLevel) m.seatLevel = null;
  }, () => {});

  m.shareBox = m.q("share");
  m.matchState = () => ({ seed: m.seed, moves: m.moves, match: m.hands, birds: m.birds, played: m.played, ...m.seatsLevel() });
  m.shareBox.replaceChildren(shareButton(m.root, () => (m.hands ? m.matchState() : { seed: m.seed, moves: m.moves, ...m.seatsLevel() }), m.t));
  if (m.shared && m.moves.length) m.root.querySelector(".zp-log").open = true; // a shared game opens with what happened so far
  m.keep = () => {
    try {
      if (m.hands) window.localStorage.setItem(m.store, JSON.stringify(m.matchState()));
      else window.localStorage.removeItem(m.store);
    } catch { /* private mode: the match is not kept */ }
  };

  // keyboard: a skip link to the table, arrows within the reader's hand and the row of claims
  skipLink(m.root, m.ctx.t, [".zp-act", "button.zp-hcard[data-legal]"]);
  arrowKeys(m.root, "button.zp-hcard, button.zp-act");

  wireTable(m);
  wireButtons(m);
  m.newBtn.disabled = false;
  wireRecord(m);
  await m.ask(false);
}

/** The other seats' moves since the reader's last one, drawn by the view a line each, shown one at a time. */
function revealSince(m) {
  const turn = ++m.sinceTurn;
  const items = [...m.sinceEl.querySelectorAll("li")];
  const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  items.forEach((li, i) => { li.hidden = !still && i > 0; });
  m.sinceEl.dataset.shown = String(still ? items.length : Math.min(1, items.length));
  if (still) return;
  items.slice(1).forEach((li, i) => setTimeout(() => {
    if (turn !== m.sinceTurn) return;
    li.hidden = false;
    m.sinceEl.dataset.shown = String(i + 2);
  }, 1_000 * (i + 1)));
}

/** The reader's own groups never sit under the page's sticky header. */
function clearHeader(m) {
  const header = document.querySelector(".md-header");
  const mine = m.board.querySelector(".zp-mine");
  if (!header || !mine) return;
  const below = header.getBoundingClientRect().bottom;
  m.root.style.setProperty("--zp-header", `${Math.ceil(below) + 8}px`);
  const r = mine.getBoundingClientRect();
  // on a phone the reader's groups and hand are taller than the screen: their top comes first, under the header
  if (r.top < below) window.scrollBy(0, r.top - below - 8);
}

/** Focus the reader's next decision (a claim, else a card to play) without scrolling: clearHeader places the page. */
function focusNext(m) {
  const first = m.acts.querySelector("button.zp-act") || m.board.querySelector("button.zp-hcard[data-legal]") || m.acts.querySelector("button");
  if (first) first.focus({ preventScroll: true });
  else if (m.sheetBox.firstChild) {
    m.sheetBox.querySelector(".zp-verdict").setAttribute("tabindex", "-1");
    m.sheetBox.querySelector(".zp-verdict").focus();
  }
}

async function ask(m, focus) {
  if (m.busy) return;
  m.busy = true;
  m.root.setAttribute("aria-busy", "true");
  const t0 = performance.now();
  const req = { game: "paohuzi", action: "play", variant: m.variant, table: m.tableKind, seed: m.seed, actions: m.moves.map((id) => (id === "next" ? { kind: "next" } : { id })), ...m.seatsLevel() };
  // the hint drawn with every answer is the first level's; another level's is asked for when the reader opens it
  // (the strong level plays each move out: the reader does not wait for it at every move)
  const first = await levelWords(m.ctx).then((x) => x.levels[0].id, () => null);
  if (m.seatLevel && first) req.hint_level = first;
  if (m.hands) Object.assign(req, { match: { hands: m.hands, played: m.played }, birds: m.birds });
  const a = await m.ctx.call({ view: "zipai-table", lang: m.ctx.lang, base: rulesBase(), hints: Boolean(m.p.hints), request: req });
  m.root.dataset.ms = String(Math.round(performance.now() - t0));
  m.busy = false;
  m.root.removeAttribute("aria-busy");
  if (!a.ok) {
    m.msg.textContent = a.error[m.ctx.lang];
    if (m.moves.length) m.moves = m.moves.slice(0, -1);
    m.answers += 1;
    m.root.dataset.answers = String(m.answers);
    return;
  }
  const t1 = performance.now();
  m.answer = a;
  m.drawnLevel = a.hint_level || a.level || null;
  const html = a.html; // each part drawn by the view (a hand the reader counts as 醒家 has no seat of the reader's)
  m.msg.innerHTML = html.message;
  if (a.refused) {
    m.moves = m.moves.slice(0, a.refused.index);
    m.msg.dataset.refused = a.refused.code;
  } else {
    delete m.msg.dataset.refused;
  }
  m.title.textContent = m.hands ? m.title.dataset.match : m.title.dataset.hand; // the seed stays in the share link and the record, never on screen
  m.matchBox.innerHTML = html.match;
  m.matchBox.hidden = !a.match;
  m.matchBtn.hidden = Boolean(m.hands);
  m.oneBtn.hidden = !m.hands;
  m.root.dataset.match = a.match ? (a.match.over ? "over" : String(a.match.hand)) : "";
  m.keep();
  m.board.innerHTML = html.board;
  m.acts.innerHTML = html.actions;
  m.logEl.innerHTML = html.log;
  if (m.sinceEl) { m.sinceEl.innerHTML = html.since || ""; m.revealSince(); }
  m.sheetBox.innerHTML = html.sheet;
  if (m.review) m.review.remove();
  m.review = null;
  if (a.over && !a.match) {
    // the review of the reader's own decisions by the strong level, one decision a request (a hand is long to play out)
    const hand = { variant: m.variant, table: m.tableKind, seed: m.seed, actions: m.moves.map((id) => ({ id })) };
    const seat = a.viewer ?? 0;
    const level = m.seatsLevel();
    m.review = el("div", { class: "zp-review", "data-role": "review-box" });
    // a hand played against computer seats at another level: the engine writes it out (every seat's move, as
    // its record), and the review reads that position instead of playing the computer seats again
    const reviewRequest = async () => {
      if (!level.level) return { game: "table", action: "review", seat, hand };
      const w = await m.ctx.call({ game: "record", action: "export", request: { game: "paohuzi", action: "play", ...hand, ...level } });
      return w.ok ? { game: "table", action: "review", seat, position: w.position } : w; // not written: the engine's words why
    };
    m.review.append(reviewButton(m.ctx, m.review, reviewRequest, { oneByOne: true }));
    m.sheetBox.after(m.review);
  } else if (a.over && a.match && a.match.played.length && a.seats.some((s) => s.you)) {
    // a hand of a match the reader played: the engine wrote every seat's move, the review reads that position
    const position = { game: "paohuzi", variant: m.variant, table: m.tableKind, seed: a.seed, actions: a.match.played[a.match.played.length - 1] };
    m.review = el("div", { class: "zp-review", "data-role": "review-box" });
    m.review.append(reviewButton(m.ctx, m.review, () => ({ game: "table", action: "review", seat: a.viewer ?? 0, position }), { oneByOne: true }));
    m.sheetBox.after(m.review);
  }
  const said = a.refused ? "" : since(a, Math.min(m.lastLog, a.log.length), m.ctx.lang);
  m.status.textContent = said + (a.over ? " " + m.t("本局结束。", "The hand is over.") : "");
  m.lastLog = a.log.length;
  m.undoBtn.disabled = m.moves.length === 0;
  m.undoBtn.title = m.moves.length ? "" : m.t("还没有走过一步。", "You have not made a move yet.");
  m.root.dataset.over = a.over ? "1" : "";
  m.root.dataset.drawMs = String(Math.round(performance.now() - t1));
  m.answers += 1;
  m.root.dataset.answers = String(m.answers);
  if (focus) m.focusNext();
  if (!a.over) m.clearHeader(); // at the end the verdict, focused, comes first
}

/** The hint at another level than the drawn one, asked for on request (the strong level plays each move out: a second or more). */
async function levelHint(m, b, text, level) {
  if (m.busy) return;
  m.busy = true;
  b.disabled = true;
  m.root.setAttribute("aria-busy", "true");
  const req = { game: "paohuzi", action: "play", variant: m.variant, table: m.tableKind, seed: m.seed, ...m.seatsLevel(), hint_level: level,
    actions: m.moves.map((id) => (id === "next" ? { kind: "next" } : { id })) };
  if (m.hands) Object.assign(req, { match: { hands: m.hands, played: m.played }, birds: m.birds });
  const a = await m.ctx.call(req);
  m.busy = false;
  b.disabled = false;
  m.root.removeAttribute("aria-busy");
  b.dataset.level = level;
  text.hidden = false;
  b.setAttribute("aria-expanded", "true");
  if (!a.ok) { text.textContent = a.error[m.ctx.lang]; return; }
  if (!a.hint) return;
  const w = (x) => (m.ctx.lang === "zh" ? x.zh : x.en);
  const lv = await levelWords(m.ctx).then((x) => (x.levels.find((l) => l.id === a.hint_level) || x.levels[0]).short, () => ({ zh: "", en: "" }));
  text.textContent = m.t(`${lv.zh}会：`, `The ${lv.en} level would: `) + w(a.hint) + (a.hint.why ? " " + m.t("为什么：", "Why: ") + w(a.hint.why) : "");
  text.dataset.level = a.hint_level;
}

function move(m, id) {
  if (m.busy || m.moves.length >= m.MAX_MOVES) return;
  if (id === "next" && m.hands && m.answer && m.answer.match) {
    // the next hand of a match: the hands finished so far are carried whole, as the engine wrote them
    m.played = m.answer.match.played;
    m.moves = [];
    m.lastLog = Infinity;
  } else {
    m.moves = [...m.moves, id];
  }
  m.ask(true);
}

export const widgets = { "zipai-table": table };
