// 鄂南骨牌 widgets. Every rule answer comes from the Python engine through
// ctx.call(request); this file only draws. The static HTML made at build time
// (sitegen/gupai.py) has the same structure, with the controls disabled. The game's words (墩, 结牌 …)
// come from the options answer, the computer's levels from table.levels.
import { el, own, sharedState, shareButton } from "./dom.js";
import { ledgerWidget } from "./ledger.js";
import { recordTools } from "./recordio.js";
import { levelChooser, levelWords, reviewButton } from "./review.js";

let tilesCache = null;

async function tileSvgs(ctx) {
  if (!tilesCache) {
    tilesCache = ctx.call({ game: "gupai", action: "tiles", width: 26, lang: ctx.lang }).then((a) => {
      if (!a.ok) throw new Error(a.error.en);
      const m = { back: a.back };
      for (const t of a.tiles) m[t.code] = t;
      return m;
    });
  }
  return tilesCache;
}

function tilesSpan(codes, svgs) {
  const html = codes.map((c) => (c === "back" ? svgs.back : svgs[c].svg)).join("");
  return el("span", { class: "gp-tiles", html });
}

// cells separated by a space, so the text of a row reads as words ("Tiles left Tricks") and not run together
function spaced(children) {
  const out = [];
  children.forEach((c, i) => { if (i) out.push(" "); out.push(c); });
  return out;
}

function sameTiles(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort(); const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

async function handWidget(root, ctx) {
  const [svgs, info, levels] = await Promise.all([
    tileSvgs(ctx),
    ctx.call({ game: "gupai", action: "options" }),
    levelWords(ctx).then((a) => a.levels, () => []), // the computer's levels, in the engine's words
  ]);
  if (!info.ok) throw new Error(info.error.en);
  const W = info.words;
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

  const start = sharedState(root);
  if (start) {
    if (Number.isSafeInteger(start.seed) && start.seed >= 0) seed = start.seed;
    if (Array.isArray(start.moves)) moves = start.moves; // the engine refuses more than a hand holds, and the hand starts afresh
    if (Array.isArray(start.sealed)) sealed = start.sealed.filter((s) => s === human);
    if (levels.some((l) => l.id === start.level)) level = start.level;
    if (start.options && typeof start.options === "object") {
      for (const s of selects) {
        const v = own(start.options, s.dataset.option);
        if ([...s.options].some((o) => o.value === v)) s.value = v;
      }
    }
  }
  const options = () => Object.fromEntries(selects.map((s) => [s.dataset.option, s.value]));
  const share = root.querySelector('[data-role="share"]');
  if (share) share.replaceChildren(shareButton(root, () => ({ seed, options: options(), sealed, moves, level }), ctx.t));
  // the computer's level (the other three seats and the hint), chosen by the reader; a change deals the same hand afresh
  const chooser = levelChooser(ctx, {
    what: { zh: "电脑的水平：", en: "Computer level:" }, start: level,
    onChange: (v) => { level = v; moves = []; sealed = []; run(); },
  });
  const hintBtn = el("button", { type: "button", class: "hw-btn", "data-role": "hint", "aria-expanded": "false", text: ctx.t("提示", "Hint") });
  const hintText = el("span", { class: "gp-why", "data-role": "hint-text", role: "status" });
  hintBtn.disabled = true;
  hintBtn.addEventListener("click", () => {
    const h = answer && answer.hint;
    if (!h) return;
    const names = h.tiles.map((c) => ctx.t(svgs[c].zh, svgs[c].en)).join(ctx.t("、", " and "));
    const lv = (levels.find((l) => l.id === h.level) || { short: { zh: "", en: "" } }).short;
    hintText.textContent = ctx.t(`${lv.zh}会${h.up ? "出" : "扣下垫掉"}：${names}`, `The ${lv.en} level would ${h.up ? "play" : "discard face down"}: ${names}`);
    hintBtn.setAttribute("aria-expanded", "true");
  });
  board.before(el("div", { class: "rv-hint" }, [chooser.node, " ", hintBtn, " ", hintText]));

  const seatName = (s) => (answer ? answer.seats[s][ctx.lang] : String(s));
  const dun = (n) => ctx.t(`${n} ${W.trick.zh}`, `${n} ${n === 1 ? W.trick.en : W.tricks.en}`);

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
      if (why) why.textContent = ctx.t("这一盘已经打完；按“新的一盘”再来。", "The hand is over: press “New hand” to play another.");
      return;
    }
    if (answer.to_move !== human) return;
    if (!selected.length) {
      const msg = ctx.t("先点选手中的牌，两个按钮才会亮。", "Choose tiles in your hand first; then the buttons light up.");
      describe(upBtn, msg); describe(downBtn, msg);
      if (why) why.textContent = msg;
      return;
    }
    const n = ++checkSeq;
    if (slow()) return; // at a level that plays moves out every request plays the others' seats again: the lit buttons say what is playable
    const a = await ctx.call({ game: "gupai", action: "play", seed, human, moves, sealed, options: options(), ...(level ? { level } : {}), check: selected });
    if (n !== checkSeq || !a.ok || !a.check) return;
    const parts = [];
    const u = a.check.up ? a.check.up[ctx.lang] : ""; const d = a.check.down ? a.check.down[ctx.lang] : "";
    describe(upBtn, u); describe(downBtn, d);
    if (u) parts.push(ctx.t("不能明出：", "Not face up: ") + u);
    if (d && d !== u) parts.push(ctx.t("不能垫：", "Not face down: ") + d);
    if (!parts.length) parts.push(ctx.t("可以出：按下面的按钮。", "Playable: press a button."));
    if (why) why.textContent = parts.join(" ");
  }

  function settlementNode(s) {
    const rs = s.held.map((_, i) => el("tr", {}, spaced([
      el("th", { scope: "row", text: seatName(i) }), el("td", { text: String(s.held[i]) }),
      el("td", { text: (s.nets[i] >= 0 ? "+" : "") + String(s.nets[i]) }),
    ])));
    const table = el("table", { class: "gp-score" }, [
      el("thead", {}, [el("tr", {}, spaced([el("th", { text: ctx.t("玩家", "Player") }), el("th", { text: ctx.t("得墩", cap(W.tricks.en)) }),
        el("th", { text: ctx.t(`输赢（${W.trick.zh}）`, `Net, in ${W.tricks.en}`) })]))]),
      el("tbody", {}, rs),
    ]);
    const summary = el("p", { class: "gp-summary", text: s.summary[ctx.lang] });
    const lines = el("ul", { class: "gp-lines" }, spaced(s.lines.map((ln) => el("li", { text: ln[ctx.lang] }))));
    return spaced([table, summary, lines]);
  }

  function status(a) {
    if (a.terminal) return ctx.t(`本盘结束：${seatName(a.settlement.closer)}${W.closing.zh}。`, `Hand over: ${seatName(a.settlement.closer)} made ${W.closing.en}.`);
    if (a.to_move !== human) return "";
    if (!a.current.length) return ctx.t("轮到你领出：选一张、一对、至尊或套子。", "Your lead: choose a single, a pair, the supreme pair or a set.");
    const n = a.current[0].tiles.length;
    return ctx.t(`轮到你跟 ${n} 张：能大就打，否则扣下垫掉。`, `Your turn to follow with ${n}: beat it if you can, else discard face down.`);
  }

  function draw(a) {
    const rows = a.seats.map((_, s) => el("tr", { "data-seat": String(s) }, spaced([
      el("th", { scope: "row", text: seatName(s) + (s === human ? ctx.t("（你）", " (you)") : "") + (a.sealed.includes(s) ? ctx.t(`（${W.sealing.zh}）`, ` (${W.sealing.en})`) : "") }),
      el("td", { text: String(a.counts[s]) }),
      el("td", { text: String(a.held[s]) }),
    ])));
    const score = el("table", { class: "gp-score" }, [
      el("thead", {}, [el("tr", {}, spaced([el("th", { text: ctx.t("玩家", "Player") }), el("th", { text: ctx.t("手中", "Tiles left") }), el("th", { text: ctx.t("得墩", cap(W.tricks.en)) })]))]),
      el("tbody", {}, rows),
    ]);
    const playNode = (c) => el("div", { class: "gp-play" }, spaced([
      el("span", { class: "gp-who", text: seatName(c.seat) }),
      tilesSpan(c.tiles, svgs),
      el("span", { class: "gp-how", text: c.up ? ctx.t("打", "face up") : ctx.t("垫", "face down") }),
    ]));
    const table = el("div", { class: "gp-table", "data-role": "table" });
    if (!a.current.length) table.textContent = ctx.t("（桌上还没有牌）", "(nothing on the table yet)");
    for (const c of a.current) table.append(playNode(c), " ");
    const last = el("div", { class: "gp-last", "data-role": "last" });
    if (a.tricks.length) {
      const tr = a.tricks[a.tricks.length - 1];
      last.append(el("p", { text: ctx.t(`上一圈：${seatName(tr.winner)}得 ${dun(tr.dun)}`, `Last trick: ${seatName(tr.winner)} takes ${dun(tr.dun)}`) }));
      last.append(" ", el("div", { class: "gp-table" }, spaced(tr.moves.map(playNode))));
    }
    const st = el("p", { class: "gp-status", "data-role": "status", "aria-live": "polite", text: status(a) });
    const hand = el("div", { class: "gp-hand", "data-role": "hand" });
    hand.hidden = !(a.hands[human] || []).length;
    const mine = a.hands[human] || [];
    mine.forEach((code) => {
      const b = el("button", {
        type: "button", class: "gp-pick", "data-tile": code, "aria-pressed": "false",
        "aria-label": ctx.t(svgs[code].zh, svgs[code].en), html: svgs[code].svg.replace(/width="26" height="52"/, 'width="34" height="68"'),
      });
      b.disabled = a.terminal || a.to_move !== human;
      b.addEventListener("click", () => {
        const on = b.getAttribute("aria-pressed") === "true";
        b.setAttribute("aria-pressed", on ? "false" : "true");
        selected = [...hand.querySelectorAll('.gp-pick[aria-pressed="true"]')].map((x) => x.dataset.tile);
        refreshButtons();
      });
      hand.append(b);
    });
    const why = el("p", { class: "gp-why", "data-role": "why", "aria-live": "polite" });
    why.id = `${uid}-why`;
    const result = el("div", { "data-role": "result" });
    if (a.settlement) result.append(...settlementNode(a.settlement));
    if (a.terminal && human !== null) {
      // the review of the reader's own decisions, by the strong level
      const actions = a.tricks.flatMap((tr) => tr.moves.map((m) => (m.up ? "up:" : "down:") + m.tiles.join(".")));
      const position = { game: "gupai", seed: a.seed, dealer: a.dealer, sealed: a.sealed, options: a.options, actions };
      result.append(" ", reviewButton(ctx, result, () => ({ game: "table", action: "review", seat: human, position })));
    }
    board.replaceChildren(...spaced([el("div", { class: "gp-board" }, spaced([score, table])), last, st, hand, why, result]));
    // the seal button: live only before the first move, for a hand that may be sealed; else it says why not
    const begun = a.terminal || a.tricks.length > 0 || a.current.some((c) => c.seat === human);
    sealBtn.hidden = begun;
    sealBtn.disabled = !(a.seal && a.seal.allowed);
    sealBtn.title = a.seal ? a.seal[ctx.lang] : "";
    const sealWhy = el("p", { class: "gp-why", "data-role": "seal-why", id: `${uid}-seal-why`, text: sealBtn.disabled && a.seal && !begun ? a.seal[ctx.lang] : "" });
    board.append(" ", sealWhy);
    if (sealBtn.disabled) sealBtn.setAttribute("aria-describedby", sealWhy.id); else sealBtn.removeAttribute("aria-describedby");
    selected = [];
    refreshButtons();
  }

  async function run() {
    newBtn.disabled = true; upBtn.disabled = true; downBtn.disabled = true; sealBtn.disabled = true;
    hintBtn.disabled = true; hintText.textContent = ""; hintBtn.setAttribute("aria-expanded", "false");
    let a = await ctx.call({ game: "gupai", action: "play", seed, human, moves, sealed, options: options(), ...(level ? { level } : {}) });
    if (!a.ok && (moves.length || sealed.length) && !answer) {
      // a shared link whose moves no longer fit: start that hand afresh
      moves = []; sealed = [];
      a = await ctx.call({ game: "gupai", action: "play", seed, human, moves, sealed, options: options(), ...(level ? { level } : {}) });
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
