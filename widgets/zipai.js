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

async function table(root, ctx) {
  const t = ctx.t;
  const p = ctx.params || {};
  const variant = p.variant === "xiaguan" ? "xiaguan" : "paohuzi";
  const tableKind = p.table || (variant === "paohuzi" ? "four" : "three");
  // a match is kept in this browser (localStorage) across reloads; a shared link wins over it
  const store = `zipai-match:${variant}:${tableKind}`;
  const kept = () => { try { return JSON.parse(window.localStorage.getItem(store) || "null"); } catch { return null; } };
  const shared = sharedState(root);
  const start = shared || kept() || {};
  // the engine's limits, written by the build on the table (sitegen/zipai.py)
  const box = root.querySelector(".zp");
  const MAX_MOVES = Number(box.dataset.maxMoves);
  const MAX_HANDS = Number(box.dataset.maxHands);
  const MAX_SEED = Number(box.dataset.maxSeed); // a new deal's seed is drawn below it
  const newSeed = () => Math.floor(Math.random() * MAX_SEED);
  let seed = Number.isInteger(start.seed) && start.seed >= 0 && start.seed <= MAX_SEED ? start.seed : Number(p.seed) || 1;
  let moves = Array.isArray(start.moves) ? start.moves.filter((m) => typeof m === "string").slice(0, MAX_MOVES) : [];
  const okHands = (n) => Number.isInteger(n) && n >= 1 && n <= MAX_HANDS;
  let hands = okHands(start.match) ? start.match : 0; // 0: one hand, not a match
  let birds = tableKind === "four" && start.birds === 1 ? 1 : 0;
  // a match's finished hands, each as every seat's moves as the engine wrote them: carried whole in each request,
  // so that only the hand in progress is played again (its computer seats may play each move out)
  const okPlayed = (x) => Array.isArray(x) && x.length <= MAX_HANDS && x.every((h) => Array.isArray(h) && h.every((m) => typeof m === "string"));
  let played = hands && okPlayed(start.played) ? start.played : [];
  let answer = null; // the last answer (its finished hands are carried at the next hand)
  const q = (r) => root.querySelector(`[data-role="${r}"]`);
  const board = q("board"), acts = q("actions"), msg = q("message"), logEl = q("log"), sheetBox = q("sheet-box"), status = q("status");
  const sinceEl = q("since");
  let sinceTurn = 0;
  /** The other seats' moves since the reader's last one, drawn by the view a line each, shown one at a time. */
  function revealSince() {
    const turn = ++sinceTurn;
    const items = [...sinceEl.querySelectorAll("li")];
    const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    items.forEach((li, i) => { li.hidden = !still && i > 0; });
    sinceEl.dataset.shown = String(still ? items.length : Math.min(1, items.length));
    if (still) return;
    items.slice(1).forEach((li, i) => setTimeout(() => {
      if (turn !== sinceTurn) return;
      li.hidden = false;
      sinceEl.dataset.shown = String(i + 2);
    }, 1_000 * (i + 1)));
  }
  const title = q("title"), newBtn = q("new"), undoBtn = q("undo");
  const matchBox = q("match"), matchBtn = q("match-start"), oneBtn = q("match-stop"), handsSel = q("match-hands"), birdBox = q("match-birds");
  msg.setAttribute("aria-live", "assertive");
  let answers = 0;
  let lastLog = Infinity; // what happened before the first answer is on the board, not announced
  let busy = false;

  // the computer seats' level, chosen by the reader (none: the engine's first level); a change deals the same
  // hand afresh (in a match, the same match from its first hand)
  let seatLevel = typeof start.level === "string" ? start.level : null;
  let firstLevel = null;
  const seatsLevel = () => (seatLevel ? { level: seatLevel } : {});
  const seatChooser = levelChooser(ctx, {
    what: { zh: "电脑的水平：", en: "Computer level:" }, start: seatLevel,
    onChange: (v) => {
      seatLevel = v === firstLevel ? null : v;
      hintChooser.set(v);
      moves = [];
      played = [];
      lastLog = Infinity;
      ask(true);
    },
  });
  // the hint's level, chosen by the reader: the seats' level to begin with, or the other
  const hintChooser = levelChooser(ctx, { what: { zh: "提示的水平：", en: "Hint level:" }, start: seatLevel, role: "hint-level" });
  const levelBox = el("p", { class: "rv-hint" }, [seatChooser.node, " ", hintChooser.node]);
  acts.before(levelBox);
  let review = null; // the review of the hand just finished
  let drawnLevel = null; // the level of the hint the view drew (none: the engine's first level, the seats')
  levelWords(ctx).then((x) => {
    firstLevel = x.levels[0].id;
    if (seatLevel === firstLevel) seatLevel = null;
  }, () => {});

  const shareBox = q("share");
  const matchState = () => ({ seed, moves, match: hands, birds, played, ...seatsLevel() });
  shareBox.replaceChildren(shareButton(root, () => (hands ? matchState() : { seed, moves, ...seatsLevel() }), t));
  if (shared && moves.length) root.querySelector(".zp-log").open = true; // a shared game opens with what happened so far
  const keep = () => {
    try {
      if (hands) window.localStorage.setItem(store, JSON.stringify(matchState()));
      else window.localStorage.removeItem(store);
    } catch { /* private mode: the match is not kept */ }
  };

  /** The reader's own groups never sit under the page's sticky header. */
  function clearHeader() {
    const header = document.querySelector(".md-header");
    const mine = board.querySelector(".zp-mine");
    if (!header || !mine) return;
    const below = header.getBoundingClientRect().bottom;
    root.style.setProperty("--zp-header", `${Math.ceil(below) + 8}px`);
    const r = mine.getBoundingClientRect();
    // on a phone the reader's groups and hand are taller than the screen: their top comes first, under the header
    if (r.top < below) window.scrollBy(0, r.top - below - 8);
  }

  /** Focus the reader's next decision (a claim, else a card to play) without scrolling: clearHeader places the page. */
  // keyboard: a skip link to the table, arrows within the reader's hand and the row of claims
  skipLink(root, ctx.t, [".zp-act", "button.zp-hcard[data-legal]"]);
  arrowKeys(root, "button.zp-hcard, button.zp-act");

  function focusNext() {
    const first = acts.querySelector("button.zp-act") || board.querySelector("button.zp-hcard[data-legal]") || acts.querySelector("button");
    if (first) first.focus({ preventScroll: true });
    else if (sheetBox.firstChild) {
      sheetBox.querySelector(".zp-verdict").setAttribute("tabindex", "-1");
      sheetBox.querySelector(".zp-verdict").focus();
    }
  }

  async function ask(focus) {
    if (busy) return;
    busy = true;
    root.setAttribute("aria-busy", "true");
    const t0 = performance.now();
    const req = { game: "paohuzi", action: "play", variant, table: tableKind, seed, actions: moves.map((id) => (id === "next" ? { kind: "next" } : { id })), ...seatsLevel() };
    // the hint drawn with every answer is the first level's; another level's is asked for when the reader opens it
    // (the strong level plays each move out: the reader does not wait for it at every move)
    const first = await levelWords(ctx).then((x) => x.levels[0].id, () => null);
    if (seatLevel && first) req.hint_level = first;
    if (hands) Object.assign(req, { match: { hands, played }, birds });
    const a = await ctx.call({ view: "zipai-table", lang: ctx.lang, base: rulesBase(), hints: Boolean(p.hints), request: req });
    root.dataset.ms = String(Math.round(performance.now() - t0));
    busy = false;
    root.removeAttribute("aria-busy");
    if (!a.ok) {
      msg.textContent = a.error[ctx.lang];
      if (moves.length) moves = moves.slice(0, -1);
      answers += 1;
      root.dataset.answers = String(answers);
      return;
    }
    const t1 = performance.now();
    answer = a;
    drawnLevel = a.hint_level || a.level || null;
    const html = a.html; // each part drawn by the view (a hand the reader counts as 醒家 has no seat of the reader's)
    msg.innerHTML = html.message;
    if (a.refused) {
      moves = moves.slice(0, a.refused.index);
      msg.dataset.refused = a.refused.code;
    } else {
      delete msg.dataset.refused;
    }
    title.textContent = hands ? title.dataset.match : title.dataset.hand; // the seed stays in the share link and the record, never on screen
    matchBox.innerHTML = html.match;
    matchBox.hidden = !a.match;
    matchBtn.hidden = Boolean(hands);
    oneBtn.hidden = !hands;
    root.dataset.match = a.match ? (a.match.over ? "over" : String(a.match.hand)) : "";
    keep();
    board.innerHTML = html.board;
    acts.innerHTML = html.actions;
    logEl.innerHTML = html.log;
    if (sinceEl) { sinceEl.innerHTML = html.since || ""; revealSince(); }
    sheetBox.innerHTML = html.sheet;
    if (review) review.remove();
    review = null;
    if (a.over && !a.match) {
      // the review of the reader's own decisions by the strong level, one decision a request (a hand is long to play out)
      const hand = { variant, table: tableKind, seed, actions: moves.map((id) => ({ id })) };
      const seat = a.viewer ?? 0;
      const level = seatsLevel();
      review = el("div", { class: "zp-review", "data-role": "review-box" });
      // a hand played against computer seats at another level: the engine writes it out (every seat's move, as
      // its record), and the review reads that position instead of playing the computer seats again
      const reviewRequest = async () => {
        if (!level.level) return { game: "table", action: "review", seat, hand };
        const w = await ctx.call({ game: "record", action: "export", request: { game: "paohuzi", action: "play", ...hand, ...level } });
        return w.ok ? { game: "table", action: "review", seat, position: w.position } : w; // not written: the engine's words why
      };
      review.append(reviewButton(ctx, review, reviewRequest, { oneByOne: true }));
      sheetBox.after(review);
    } else if (a.over && a.match && a.match.played.length && a.seats.some((s) => s.you)) {
      // a hand of a match the reader played: the engine wrote every seat's move, the review reads that position
      const position = { game: "paohuzi", variant, table: tableKind, seed: a.seed, actions: a.match.played[a.match.played.length - 1] };
      review = el("div", { class: "zp-review", "data-role": "review-box" });
      review.append(reviewButton(ctx, review, () => ({ game: "table", action: "review", seat: a.viewer ?? 0, position }), { oneByOne: true }));
      sheetBox.after(review);
    }
    const said = a.refused ? "" : since(a, Math.min(lastLog, a.log.length), ctx.lang);
    status.textContent = said + (a.over ? " " + t("本局结束。", "The hand is over.") : "");
    lastLog = a.log.length;
    undoBtn.disabled = moves.length === 0;
    undoBtn.title = moves.length ? "" : t("还没有走过一步。", "You have not made a move yet.");
    root.dataset.over = a.over ? "1" : "";
    root.dataset.drawMs = String(Math.round(performance.now() - t1));
    answers += 1;
    root.dataset.answers = String(answers);
    if (focus) focusNext();
    if (!a.over) clearHeader(); // at the end the verdict, focused, comes first
  }

  /** The hint at another level than the drawn one, asked for on request (the strong level plays each move out: a second or more). */
  async function levelHint(b, text, level) {
    if (busy) return;
    busy = true;
    b.disabled = true;
    root.setAttribute("aria-busy", "true");
    const req = { game: "paohuzi", action: "play", variant, table: tableKind, seed, ...seatsLevel(), hint_level: level,
      actions: moves.map((id) => (id === "next" ? { kind: "next" } : { id })) };
    if (hands) Object.assign(req, { match: { hands, played }, birds });
    const a = await ctx.call(req);
    busy = false;
    b.disabled = false;
    root.removeAttribute("aria-busy");
    b.dataset.level = level;
    text.hidden = false;
    b.setAttribute("aria-expanded", "true");
    if (!a.ok) { text.textContent = a.error[ctx.lang]; return; }
    if (!a.hint) return;
    const w = (x) => (ctx.lang === "zh" ? x.zh : x.en);
    const lv = await levelWords(ctx).then((x) => (x.levels.find((l) => l.id === a.hint_level) || x.levels[0]).short, () => ({ zh: "", en: "" }));
    text.textContent = t(`${lv.zh}会：`, `The ${lv.en} level would: `) + w(a.hint) + (a.hint.why ? " " + t("为什么：", "Why: ") + w(a.hint.why) : "");
    text.dataset.level = a.hint_level;
  }

  function move(id) {
    if (busy || moves.length >= MAX_MOVES) return;
    if (id === "next" && hands && answer && answer.match) {
      // the next hand of a match: the hands finished so far are carried whole, as the engine wrote them
      played = answer.match.played;
      moves = [];
      lastLog = Infinity;
    } else {
      moves = [...moves, id];
    }
    ask(true);
  }

  root.addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (!b || !root.contains(b) || b.disabled) return;
    if (b.classList.contains("zp-hint-btn")) {
      const text = b.parentElement.querySelector(".zp-hint-text");
      // the drawn hint is at the level the hand was played at; another level chosen is asked for once
      const want = hintChooser.get();
      if (want && want !== (drawnLevel || firstLevel) && b.dataset.level !== want && text.hidden) {
        levelHint(b, text, want);
        return;
      }
      text.hidden = !text.hidden;
      b.setAttribute("aria-expanded", String(!text.hidden));
    } else if (b.classList.contains("zp-act") || b.classList.contains("zp-chi-opt")) move(b.dataset.id);
    else if (b.classList.contains("zp-chi-run") || b.classList.contains("zp-chi-back")) {
      // a 吃 chosen in steps: the run first, then the cards that go with it (the view draws both steps)
      const box = b.closest(".zp-chi");
      const run = b.dataset.run;
      for (const step of box.querySelectorAll(".zp-chi-step")) step.hidden = run === undefined ? step.dataset.step !== "1" : step.dataset.run !== run;
      const shown = box.querySelector(".zp-chi-step:not([hidden]) button");
      if (shown) shown.focus();
    }
    else if (b.classList.contains("zp-hcard")) move(`discard:${b.dataset.card}`);
  });
  newBtn.addEventListener("click", () => {
    seed = newSeed();
    moves = [];
    played = [];
    lastLog = Infinity;
    ask(true);
  });
  matchBtn.addEventListener("click", () => {
    hands = Number(handsSel.value) || MAX_HANDS;
    birds = birdBox && birdBox.checked && tableKind === "four" ? 1 : 0;
    seed = newSeed();
    moves = [];
    played = [];
    lastLog = Infinity;
    ask(true);
  });
  oneBtn.addEventListener("click", () => {
    hands = 0;
    birds = 0;
    moves = [];
    played = [];
    lastLog = Infinity;
    ask(true);
  });
  if (hands) handsSel.value = String(hands);
  if (birdBox) birdBox.checked = Boolean(birds);
  for (const c of [matchBtn, oneBtn, handsSel, birdBox]) if (c) c.disabled = false;
  undoBtn.addEventListener("click", () => {
    if (!moves.length) return;
    moves = moves.slice(0, -1);
    lastLog = Infinity;
    ask(true);
  });
  newBtn.disabled = false;
  // the hand as a record file, and a record file opened at this table (widgets/recordio.js)
  (root.querySelector(".hw-body") || root).append(recordTools(ctx, {
    game: "paohuzi",
    request: () => (hands ? { game: "paohuzi", action: "play", match: { hands } } : { game: "paohuzi", action: "play", variant, table: tableKind, seed,
      actions: moves.map((id) => (id === "next" ? { kind: "next" } : { id })), ...seatsLevel() }),
    open: async (r) => {
      if (r.variant !== variant || r.table !== tableKind) {
        return { zh: "这份记录是另一种玩法或另一种桌子的一局，请在对应的牌桌上打开。",
          en: "This record is a hand of another variant or at another table: open it at that table." };
      }
      hands = 0; birds = 0; played = []; seed = r.seed; moves = r.moves.slice(0, MAX_MOVES); lastLog = Infinity;
      // the record's computer level, read by the engine (none written: the first level)
      seatLevel = r.level && r.level !== firstLevel ? r.level : null;
      const lv = seatLevel || firstLevel;
      if (lv) { seatChooser.set(lv); hintChooser.set(lv); }
      await ask(true);
      return null;
    },
  }));
  await ask(false);
}

export const widgets = { "zipai-table": table };
