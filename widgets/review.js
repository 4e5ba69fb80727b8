// The computer's level at a table, and the review of the reader's own game after it.
// Every word about the game comes from the engine (table.levels, table.review); this file
// only lays them out: a level chooser, and a review panel that fills in decision by decision.
import { el } from "./dom.js";

let levelsPromise = null;

/** The levels in words, as the engine names them (cached per page). */
export function levelWords(ctx) {
  if (!levelsPromise) {
    levelsPromise = ctx.call({ game: "table", action: "levels" }).then((a) => {
      if (!a.ok) { levelsPromise = null; throw new Error(a.error.en); }
      return a;
    });
  }
  return levelsPromise;
}

/**
 * A chooser of the computer's level: `what` says what the level is for ({zh, en}), `start` the
 * level to begin with (none: the engine's first level, the one a request without a level plays),
 * `onChange(level)` is called when the reader changes it. Returns { node, get() }; the options'
 * words come from the engine.
 */
export function levelChooser(ctx, { what, start = null, onChange = () => {}, role = "level" }) {
  const select = el("select", { "data-role": role, class: "rv-level" });
  const label = el("label", { class: "rv-level-label" }, [ctx.t(what.zh, what.en), " ", select]);
  const node = el("span", { class: "rv-level-box" }, [label]);
  let value = start;
  select.disabled = true;
  levelWords(ctx).then((a) => {
    for (const l of a.levels) {
      const o = el("option", { value: l.id, text: l.short[ctx.lang], title: l[ctx.lang] });
      select.append(o);
    }
    if (value === null) value = a.levels[0].id;
    select.value = value;
    select.title = (a.levels.find((l) => l.id === value) || a.levels[0])[ctx.lang];
    select.disabled = false;
  }).catch(() => { node.hidden = true; });
  select.addEventListener("change", () => {
    value = select.value;
    levelWords(ctx).then((a) => { select.title = (a.levels.find((l) => l.id === value) || a.levels[0])[ctx.lang]; });
    onChange(value);
  });
  return { node, get: () => value, set: (v) => { value = v; select.value = v; } };
}

/** The words of the level that reviews a game ({zh, en}, as the level chooser names it), from the engine. */
export function reviewerWords(ctx) {
  return levelWords(ctx).then((a) => (a.levels.find((l) => l.id === a.review) || a.levels[a.levels.length - 1]).short,
    () => ({ zh: "电脑", en: "computer" }));
}

/** A node from the view's markup (drawn by views/review.py in Python). */
function fromHtml(html) {
  const box = document.createElement("template");
  box.innerHTML = html;
  return box.content.firstElementChild;
}

/**
 * The review of the reader's own game. `request` is a table.review request without `decisions` (or the
 * promise of one, or of a refused answer, whose words the panel shows);
 * with `oneByOne` the decisions are asked for one request each (a long 跑胡子 hand), and the panel
 * fills in as the answers come. Returns the panel's node; `start()` begins (once).
 */
export function reviewPanel(ctx, { request, oneByOne = false }) {
  const status = el("p", { class: "rv-status", "data-role": "review-status", "aria-live": "polite" });
  const summary = el("p", { class: "rv-summary", "data-role": "review-summary" });
  const how = el("p", { class: "rv-how" });
  const list = el("div", { class: "rv-list", "data-role": "review-list" });
  const panel = el("section", { class: "rv-panel", "data-role": "review", "aria-label": ctx.t("复盘", "Review") }, [
    el("p", { class: "rv-title" }, [el("strong", { text: ctx.t("复盘：你的每个决定", "Review: each of your decisions") })]), status, summary, list, how,
  ]);
  let started = false;
  const rows = new Map();
  let lv = null; // the reviewing level's words
  let marked = 0; // how many of the costliest decisions are marked (the engine's figure)

  function mark() {
    // the costliest decisions: the mistakes first, then the largest losses among those clearly worse than the best
    const costly = [...rows.values()].filter((d) => d.analysed && d.costly)
      .sort((a, b) => (a.verdict === "mistake" ? 0 : 1) - (b.verdict === "mistake" ? 0 : 1) || b.loss - a.loss);
    const top = new Set(costly.slice(0, marked).map((d) => d.n));
    for (const d of rows.values()) {
      const node = list.querySelector(`[data-n="${d.n}"]`);
      if (!node) continue;
      node.classList.toggle("rv-costliest", top.has(d.n));
      node.dataset.costliest = top.has(d.n) ? "1" : "";
      if (top.has(d.n)) node.open = true;
      const badge = node.querySelector(".rv-badge");
      if (top.has(d.n) && !badge) node.querySelector("summary").prepend(el("strong", { class: "rv-badge", text: ctx.t("代价最大 ", "Costliest: ") }));
      if (!top.has(d.n) && badge) badge.remove();
    }
    return costly;
  }

  function put(a) {
    marked = a.marked;
    how.innerHTML = a.html.how;
    for (const d of a.decisions) {
      const old = rows.get(d.n);
      if (old && old.analysed && !d.analysed) continue;
      rows.set(d.n, d);
      const node = fromHtml(a.html[`d${d.n}`]);
      const there = list.querySelector(`[data-n="${d.n}"]`);
      if (there) { node.open = there.open; there.replaceWith(node); } else list.append(node);
    }
    mark();
  }

  async function start() {
    if (started) return;
    started = true;
    lv = await reviewerWords(ctx);
    status.textContent = ctx.t(`${lv.zh}正在把你的每个决定重新打一遍……`, `The ${lv.en} level is playing each of your decisions out again…`);
    panel.setAttribute("aria-busy", "true");
    const req = await request; // a request, or the promise of one (an answer refused instead: its words are shown)
    const drawn = (r) => ctx.call({ view: "table-review", lang: ctx.lang, request: r });
    const first = req.ok === false ? req : await drawn(oneByOne ? { ...req, decisions: [1] } : req);
    if (!first.ok) { status.textContent = first.error[ctx.lang]; panel.removeAttribute("aria-busy"); panel.dataset.state = "error"; return; }
    if (!first.total) {
      status.textContent = ctx.t("这一盘里你没有需要选择的决定（每一步都只有一种走法）。", "You had no choice to make in this game: every move had a single option.");
      panel.removeAttribute("aria-busy");
      panel.dataset.state = "done";
      return;
    }
    put(first);
    if (oneByOne) {
      for (let n = 2; n <= first.total; n += 1) {
        status.textContent = ctx.t(`正在估算第 ${n} 个决定（共 ${first.total} 个）……`, `Estimating decision ${n} of ${first.total}…`);
        const a = await drawn({ ...req, decisions: [n] });
        if (!a.ok) { status.textContent = a.error[ctx.lang]; panel.removeAttribute("aria-busy"); panel.dataset.state = "error"; return; }
        put(a);
      }
    }
    mark();
    if (oneByOne) {
      // the summary of every decision's verdict, in the engine's words
      const all = [...rows.values()].sort((x, y) => x.n - y.n);
      const s = await ctx.call({ game: "table", action: "review_summary", of: first.game, verdicts: all.map((d) => d.verdict) });
      summary.textContent = s.ok ? s.summary[ctx.lang] : "";
    } else {
      summary.innerHTML = first.html.summary;
    }
    status.textContent = "";
    panel.removeAttribute("aria-busy");
    panel.dataset.state = "done";
  }

  return { node: panel, start };
}

/** A button that opens the review of a finished game below itself (or under `host`). */
export function reviewButton(ctx, host, makeRequest, { oneByOne = false } = {}) {
  const btn = el("button", { type: "button", class: "hw-btn rv-open", "data-role": "review-open", text: ctx.t("复盘这一局", "Review this game") });
  btn.addEventListener("click", () => {
    btn.disabled = true;
    const p = reviewPanel(ctx, { request: makeRequest(), oneByOne });
    host.append(p.node);
    p.start().finally(() => { btn.hidden = true; });
  });
  return btn;
}
