// 鄂南骨牌 widgets. Every answer comes from the Python engine through ctx.call(request); the hand's board
// is asked as a view (views/gupai.py, run in Pyodide beside the engine, the same function that drew the
// page's first answer at build time, sitegen/gupai.py): this module inserts its markup and wires the tiles
// and the buttons. The computer's levels come from table.levels.
import { arrowKeys, el, focusKeeper, own, rove, sharedState, shareButton, skipLink } from "./dom.js";
import { ledgerWidget } from "./ledger.js";
import { recordTools } from "./recordio.js";
import { levelChooser, levelWords, reviewButton } from "./review.js";

function sameTiles(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort(); const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}

/** The hand a shared link names (its seed, moves, sealing, level and rule options) over ``now``; the options are set
 * on their menus. A link's moves are the engine's to check: it refuses more than a hand holds. */
function sharedHand(root, now, human, levels, selects) {
  const start = sharedState(root);
  if (!start) return now;
  const out = { ...now };
  if (Number.isSafeInteger(start.seed) && start.seed >= 0) out.seed = start.seed;
  if (Array.isArray(start.moves)) out.moves = start.moves; // the engine refuses more than a hand holds, and the hand starts afresh
  if (Array.isArray(start.sealed)) out.sealed = start.sealed.filter((s) => s === human);
  if (levels.some((l) => l.id === start.level)) out.level = start.level;
  if (start.options && typeof start.options === "object") {
    for (const s of selects) {
      const v = own(start.options, s.dataset.option);
      if ([...s.options].some((o) => o.value === v)) s.value = v;
    }
  }
  return out;
}

/** The Hint button and its sentence: what the level of ``current()``'s hint would play, the tiles named as the view
 * named them on the reader's own tiles. */
function hintControls(ctx, board, W, levels, current) {
  const hintBtn = el("button", { type: "button", class: "hw-btn", "data-role": "hint", "aria-expanded": "false", text: ctx.t("提示", "Hint") });
  const hintText = el("span", { class: "gp-why", "data-role": "hint-text", role: "status" });
  hintBtn.disabled = true;
  hintBtn.addEventListener("click", () => {
    const answer = current();
    const h = answer && answer.hint;
    if (!h) return;
    // the tiles' names as the view wrote them on the reader's own tiles
    const names = h.tiles.map((c) => board.querySelector(`.gp-pick[data-tile="${c}"]`)?.getAttribute("aria-label") || c).join(ctx.t("、", " and "));
    const lv = (levels.find((l) => l.id === h.level) || { short: { zh: "", en: "" } }).short;
    hintText.textContent = ctx.t(`${lv.zh}会${h.up ? "出" : W.discard.zh}：${names}`, `The ${lv.en} level would ${h.up ? "play" : "discard face down"}: ${names}`);
    hintBtn.setAttribute("aria-expanded", "true");
  });
  return { hintBtn, hintText };
}

/** The seal button after answer ``a``: shown only before the reader's first move, live for a hand that may be sealed,
 * else saying why not (the view's words, read out with it). */
function drawSeal(ctx, a, board, sealBtn, human, uid) {
  const begun = a.terminal || a.tricks.length > 0 || a.current.some((c) => c.seat === human);
  sealBtn.hidden = begun;
  sealBtn.disabled = !(a.seal && a.seal.allowed);
  sealBtn.title = a.seal ? a.seal[ctx.lang] : "";
  const sealWhy = board.querySelector('[data-role="seal-why"]');
  sealWhy.id = `${uid}-seal-why`;
  if (sealBtn.disabled) sealBtn.setAttribute("aria-describedby", sealWhy.id); else sealBtn.removeAttribute("aria-describedby");
}

/** The engine's check of the tiles chosen, in words: why they may not go face up (``u``) or face down (``d``), and
 * the sentence under the hand. */
function checkWords(ctx, W, check) {
  const parts = [];
  const u = check.up ? check.up[ctx.lang] : ""; const d = check.down ? check.down[ctx.lang] : "";
  if (u) parts.push(ctx.t("不能明出：", "Not face up: ") + u);
  if (d && d !== u) parts.push(ctx.t(`不能${W.down.zh}：`, "Not face down: ") + d);
  if (!parts.length) parts.push(ctx.t("可以出：按下面的按钮。", "Playable: press a button."));
  return { u, d, text: parts.join(" ") };
}

/** A finished hand's review of the reader's own decisions (by the strong level), offered beside its result. */
function offerReview(ctx, a, board, human) {
  const result = board.querySelector('[data-role="result"]');
  const actions = a.tricks.flatMap((tr) => tr.moves.map((m) => (m.up ? "up:" : "down:") + m.tiles.join(".")));
  const position = { game: "gupai", seed: a.seed, dealer: a.dealer, sealed: a.sealed, options: a.options, actions };
  result.append(" ", reviewButton(ctx, result, () => ({ game: "table", action: "review", seat: human, position })));
}

async function handWidget(root, ctx) {
  const levels = await levelWords(ctx).then((a) => a.levels, () => []); // the computer's levels, in the engine's words
  const optsAns = await ctx.call({ game: "gupai", action: "options" }); // the game's words (垫 …)
  if (!optsAns.ok) throw new Error(optsAns.error.en);
  const W = optsAns.words;
  const board = root.querySelector('[data-role="board"]');
  const human = Number(board.dataset.human || "0");
  const seedEl = root.querySelector('[data-role="seed"]');
  const newBtn = root.querySelector('[data-role="new"]');
  const upBtn = root.querySelector('[data-role="up"]');
  const downBtn = root.querySelector('[data-role="down"]');
  const sealBtn = root.querySelector('[data-role="seal"]');
  const selects = [...root.querySelectorAll("select[data-option]")];
  let seed = Number(seedEl.textContent) || null; // none: the engine deals a hand of its choosing
  let moves = [];
  let sealed = [];
  let answer = null;
  let selected = [];
  let checkSeq = 0;
  let level = levels.length ? levels[0].id : null; // the computer players' level, and the hint's: the engine's first to begin with
  const slow = () => levels.some((l) => l.id === level && l.slow);
  const uid = root.id || `gp${Math.random().toString(36).slice(2, 8)}`;
  // keyboard: after every move the focus comes back to the reader's hand (or the next decision), arrows move within it
  const HAND = '[data-role="hand"] .gp-pick';
  const restoreFocus = focusKeeper(root, [`${HAND}[tabindex="0"]`, HAND, '[data-role="up"]', '[data-role="new"]']);
  arrowKeys(board, ".gp-pick");
  skipLink(root, ctx.t, [`${HAND}[tabindex="0"]`, HAND]);

  ({ seed, moves, sealed, level } = sharedHand(root, { seed, moves, sealed, level }, human, levels, selects));
  const options = () => Object.fromEntries(selects.map((s) => [s.dataset.option, s.value]));
  const share = root.querySelector('[data-role="share"]');
  if (share) share.replaceChildren(shareButton(root, () => ({ seed, options: options(), sealed, moves, level }), ctx.t));
  // the computer's level (the other three seats and the hint), chosen by the reader; a change deals the same hand afresh
  const chooser = levelChooser(ctx, {
    what: { zh: "电脑的水平：", en: "Computer level:" }, start: level,
    onChange: (v) => { level = v; moves = []; sealed = []; run(); },
  });
  const { hintBtn, hintText } = hintControls(ctx, board, W, levels, () => answer);
  board.before(el("div", { class: "rv-hint" }, [chooser.node, " ", hintBtn, " ", hintText]));

  let said = ""; // what the view says the reader may do before choosing a tile
  function legalFor(up) {
    if (!answer || !answer.legal) return null;
    return answer.legal.find((m) => m.up === up && sameTiles(m.tiles, selected)) || null;
  }

  function whyEl() { return board.querySelector('[data-role="why"]'); }

  function describe(btn, text) {
    // a grey button says why it is grey: the reason is its title and is read out with it
    btn.title = text || "";
    const id = `${uid}-why`;
    if (text) btn.setAttribute("aria-describedby", id); else btn.removeAttribute("aria-describedby");
  }

  async function refreshButtons() {
    const up = legalFor(true); const down = legalFor(false);
    upBtn.disabled = !up; downBtn.disabled = !down;
    const why = whyEl();
    if (!answer) return;
    if (answer.terminal) {
      upBtn.disabled = downBtn.disabled = true;
      describe(upBtn, ""); describe(downBtn, "");
      return;
    }
    if (answer.to_move !== human) return;
    if (!selected.length) {
      describe(upBtn, said); describe(downBtn, said);
      if (why) why.textContent = said;
      return;
    }
    const n = ++checkSeq;
    if (slow()) return; // at a level that plays moves out every request plays the others' seats again: the lit buttons say what is playable
    const a = await ctx.call({ game: "gupai", action: "play", seed, human, moves, sealed, options: options(), ...(level ? { level } : {}), check: selected });
    if (n !== checkSeq || !a.ok || !a.check) return;
    const { u, d, text } = checkWords(ctx, W, a.check);
    describe(upBtn, u); describe(downBtn, d);
    if (why) why.textContent = text;
  }

  function draw(a) {
    board.innerHTML = a.html.board;
    const why = whyEl();
    why.id = `${uid}-why`;
    said = why.textContent;
    const hand = board.querySelector('[data-role="hand"]');
    for (const b of hand.querySelectorAll(".gp-pick")) {
      b.addEventListener("click", () => {
        const on = b.getAttribute("aria-pressed") === "true";
        b.setAttribute("aria-pressed", on ? "false" : "true");
        selected = [...hand.querySelectorAll('.gp-pick[aria-pressed="true"]')].map((x) => x.dataset.tile);
        refreshButtons();
      });
    }
    if (a.terminal && human !== null) offerReview(ctx, a, board, human);
    drawSeal(ctx, a, board, sealBtn, human, uid);
    selected = [];
    rove(board, ".gp-pick");
    refreshButtons();
    restoreFocus();
  }

  async function run() {
    newBtn.disabled = true; upBtn.disabled = true; downBtn.disabled = true; sealBtn.disabled = true;
    hintBtn.disabled = true; hintText.textContent = ""; hintBtn.setAttribute("aria-expanded", "false");
    // the engine's answer with the board drawn by the view
    const ask = () => ctx.call({ view: "gupai-board", lang: ctx.lang,
      request: { game: "gupai", action: "play", seed, human, moves, sealed, options: options(), ...(level ? { level } : {}) } });
    let a = await ask();
    if (!a.ok && (moves.length || sealed.length) && !answer) {
      // a shared link whose moves no longer fit: start that hand afresh
      moves = []; sealed = [];
      a = await ask();
    }
    newBtn.disabled = false;
    for (const s of selects) s.disabled = false;
    if (!a.ok) {
      moves.pop();
      const st = board.querySelector('[data-role="status"]');
      if (st) { st.textContent = a.error[ctx.lang]; st.classList.add("hw-error"); }
      refreshButtons();
      root.dataset.seq = String(Number(root.dataset.seq || "0") + 1);
      return;
    }
    answer = a;
    hintBtn.disabled = !a.hint;
    seed = a.seed;
    seedEl.textContent = String(seed);
    draw(a);
    root.dataset.seq = String(Number(root.dataset.seq || "0") + 1);
  }

  function move(up) {
    const m = legalFor(up);
    if (!m) return;
    moves.push({ tiles: m.tiles, up: m.up });
    run();
  }

  upBtn.addEventListener("click", () => move(true));
  downBtn.addEventListener("click", () => move(false));
  sealBtn.addEventListener("click", () => {
    if (!answer || !answer.seal || !answer.seal.allowed) return;
    sealed = [human];
    run();
  });
  newBtn.addEventListener("click", () => {
    seed = null; // the engine deals a new hand of its choosing
    moves = []; sealed = [];
    run();
  });
  for (const s of selects) s.addEventListener("change", () => { moves = []; sealed = []; run(); });
  // the game as a record file, and a record file opened at this table (widgets/recordio.js)
  (root.querySelector(".hw-body") || root).append(recordTools(ctx, {
    game: "gupai",
    request: () => ({ game: "gupai", action: "play", seed, human, moves, sealed, options: options(), ...(typeof level === "string" ? { level } : {}) }),
    open: async (r) => {
      seed = r.seed; moves = r.moves; // read by the engine: no more than a hand holds sealed = r.sealed.filter((s) => s === human);
      if (typeof r.level === "string") { level = r.level; chooser.set(level); } // the record's computer level (checked by the engine)
      for (const s of selects) if (own(r.options, s.dataset.option)) s.value = own(r.options, s.dataset.option);
      answer = null;
      await run();
      return null;
    },
  }));
  await run();
}

export const widgets = {
  "gupai-hand": handWidget,
  "gupai-ledger": ledgerWidget,
};
