// Lessons: exercises drawn and judged by the Python engine ({"game": "lesson"}), each card and verdict drawn by
// views/lesson.py (the function that drew the page's first exercise at build time); this module wires the choices. Progress is kept in
// this browser only (localStorage), per lesson and step, and can be reset.
import { el, grey } from "./dom.js";

const STORE = "heritage-lessons";

function loadProgress() {
  try {
    const v = JSON.parse(window.localStorage.getItem(STORE) || "{}");
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}
function saveProgress(p) {
  try { window.localStorage.setItem(STORE, JSON.stringify(p)); } catch { /* private mode: progress is not kept */ }
  window.dispatchEvent(new CustomEvent("heritage-lesson-progress"));
}
// A step's record: {done, missed}. done: every exercise of a set was answered right at the first try;
// missed: the numbers (1-based) of the exercises of the latest finished set that were not.
function record(lesson, step, done, missed) {
  const p = loadProgress();
  p[lesson] = p[lesson] || {};
  const was = p[lesson][step];
  const learned = done || was === true || Boolean(was && was.done);
  p[lesson][step] = { done: learned, missed };
  saveProgress(p);
}
function stepRecord(done, step) {
  const v = done[step];
  if (v === true) return { done: true, missed: [] };
  return v && typeof v === "object" ? { done: Boolean(v.done), missed: Array.isArray(v.missed) ? v.missed : [] } : { done: false, missed: [] };
}

function randomSeed() {
  const a = new Uint32Array(1);
  window.crypto.getRandomValues(a);
  return 2 + (a[0] % 2147483000);
}

// The set's score line: how many are right, how many at the first try, and the step learned once all are.
function tallyText(t, right, firstTry, total) {
  const missed = [...firstTry].filter(([, ok]) => !ok).map(([i]) => i + 1).sort((x, y) => x - y);
  let text = t(`答对 ${right.size} / ${total} 题，其中第一次就答对 ${firstTry.size - missed.length} 题`, `${right.size} of ${total} answered right, ${firstTry.size - missed.length} of them at the first try`);
  if (missed.length) text += t(`；第一次答错的：第 ${missed.join("、")} 题`, `; missed at the first try: ${missed.length === 1 ? "number" : "numbers"} ${missed.join(", ")}`);
  if (right.size === total) {
    text += missed.length === 0
      ? t("。全部第一次就答对：这一步学会了。", ". All right at the first try: this step is learned.")
      : t("。要算学会，请换一组新题，全部第一次就答对。", ". To count as learned, take a new set and answer every exercise right at the first try.");
  }
  return { text: text + (right.size === total ? "" : t("。", ".")), missed };
}

async function exercises(root, ctx) {
  const { t, lang } = ctx;
  const { lesson, step } = ctx.params;
  const pick = (o) => (lang === "en" ? o.en : o.zh);
  const body = ctx.body;
  let seed = 1;
  root.dataset.lessonStep = step;

  // nothing in a question set scrolls: the page's accessibility script leaves it unmeasured (data-a11y-static), which
  // would make the browser lay out a set it leaves undrawn while out of sight (lesson.css)
  const list = el("ol", { class: "lesson-list", "data-a11y-static": "" });
  const score = el("p", { class: "lesson-score", role: "status", "aria-live": "polite" });
  const again = el("button", { type: "button", class: "hw-btn", "data-role": "new", text: t("换一组新题", "New exercises") });
  const bar = el("div", { class: "hw-row lesson-bar", "data-a11y-static": "" }, [again, score]);

  // one exercise card (drawn by views/lesson.py): its choices ask the engine for the verdict, drawn by the same view
  function wire(li, set) {
    const index = Number(li.dataset.index);
    const buttons = [...li.querySelectorAll(".lesson-choice")];
    const feedback = li.querySelector(".lesson-feedback");
    for (const b of buttons) {
      b.addEventListener("click", async () => {
        buttons.forEach((x) => grey(x, t("正在判定……", "Checking…")));
        const v = await ctx.call({ view: "lesson-check", lang, request: { game: "lesson", action: "check", lesson, step, seed, index, answer: b.dataset.value } });
        buttons.forEach((x) => { grey(x, ""); x.setAttribute("aria-pressed", String(x === b)); });
        feedback.innerHTML = "";
        if (!v.ok) { feedback.textContent = pick(v.error); return; }
        li.dataset.result = v.correct ? "right" : "wrong";
        if (!set.firstTry.has(index)) {
          set.firstTry.set(index, v.correct);
          li.dataset.first = v.correct ? "right" : "wrong";
        }
        b.dataset.result = v.correct ? "right" : "wrong";
        feedback.innerHTML = v.html.feedback;
        if (v.correct) {
          set.right.add(index);
          buttons.forEach((x) => grey(x, t("这一题已经答对了，答案和理由就在下面。", "This one is answered right: the answer and why are just below.")));
        }
        set.tally();
      });
    }
  }

  async function render() {
    const a = await ctx.call({ view: "lesson-exercises", lang, request: { game: "lesson", action: "exercises", lesson, step, seed } });
    if (!a.ok) { score.textContent = pick(a.error); return; }
    list.innerHTML = a.html.list;
    root.dataset.seed = String(seed);
    const set = { right: new Set(), firstTry: new Map() }; // firstTry: index -> right at the first try?
    const total = a.exercises.length;
    set.tally = () => {
      const { text, missed } = tallyText(t, set.right, set.firstTry, total);
      if (set.right.size === total) record(lesson, step, missed.length === 0, missed);
      score.textContent = text;
    };
    for (const li of list.querySelectorAll(".lesson-ex")) wire(li, set);
    set.tally();
  }

  again.addEventListener("click", async () => {
    seed = randomSeed();
    grey(again, t("正在出新的一组题……", "Drawing a new set…"));
    await render();
    grey(again, "");
  });
  body.innerHTML = "";
  body.append(list, bar);
  await render();
}

/**
 * A long lesson read on a phone: each of its parts (a step's heading and what follows it, up to the next heading of
 * that level) is folded but the one the reader is at, so that every step, and the hand at the end, is a tap away
 * instead of screens of scrolling. The steps' list above them opens a part; so does a link into it and a shared
 * table's address. Wide screens show every part (lesson.css). The box's data-fold lists which headings fold; the
 * build draws each of those parts with its button (views/lesson.py fold_part): here they are only opened and folded,
 * and no part of the page is moved.
 */
// the part the reader last opened, by page: the theme's quick navigation may draw the page again after a tap
// (this module stays loaded), and the part opened is opened again
const foldWanted = new Map();

function foldParts(box, ctx, firstOpen) {
  const article = box.closest(".md-typeset") || document.body;
  const folds = new Set(box.dataset.fold.split(" "));
  const parts = [];
  for (const part of article.querySelectorAll(":scope > section.lesson-fold[data-part]")) {
    if (!folds.has(part.dataset.part)) continue;
    const btn = part.querySelector(":scope > .lesson-fold-btn");
    const body = part.querySelector(":scope > .lesson-fold-body");
    if (btn && body) parts.push({ id: part.dataset.part, part, btn, body });
  }
  if (!parts.length) return;
  // a part's state and its button's words; only what changes is written (each change is work for the page)
  const show = (p, on) => {
    const open = on ? "1" : "0";
    if (p.part.dataset.open === open) return;
    p.part.dataset.open = open;
    p.btn.setAttribute("aria-expanded", String(on));
    const words = on ? ctx.t("收起这一步", "Fold this step") : ctx.t("打开这一步", "Open this step");
    if (p.btn.textContent !== words) p.btn.textContent = words;
  };
  const open = (id, scroll) => {
    for (const p of parts) show(p, p.id === id);
    const p = parts.find((x) => x.id === id);
    if (p && scroll) p.part.scrollIntoView();
  };
  for (const p of parts) {
    p.btn.addEventListener("click", () => {
      const id = p.part.dataset.open === "1" ? null : p.id;
      foldWanted.set(window.location.pathname, id);
      open(id, false);
    });
  }
  const all = el("button", { type: "button", class: "hw-btn lesson-fold-all", "data-role": "unfold", text: ctx.t("展开全部各步", "Show every step") });
  all.addEventListener("click", () => {
    for (const p of parts) show(p, true);
  });
  box.append(all);
  const partOf = (node) => parts.find((p) => p.part.contains(node));
  const fromHash = () => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id && document.getElementById(id);
    return target ? partOf(target) : null;
  };
  // a table opened from a shared link: its part is the one the reader is at
  const query = new URLSearchParams(window.location.search);
  const shared = parts.find((p) => [...p.body.querySelectorAll("[data-widget]")].some((w) => query.has(w.dataset.widget)));
  const wanted = parts.find((p) => p.id === foldWanted.get(window.location.pathname));
  const first = fromHash() || wanted || shared || parts.find((p) => p.id === firstOpen) || parts[0];
  open(first.id, Boolean(wanted && first === wanted));
  window.addEventListener("hashchange", () => { const p = fromHash(); if (p) open(p.id, true); });
  // the list of steps opens a part here (the theme's quick navigation would draw the page again and lose it)
  box.addEventListener("click", (ev) => {
    // (the theme's quick navigation writes every address in full: the link is read as the page and its anchor)
    const a = ev.target.closest("a[href*='#']");
    const p = a && a.pathname === window.location.pathname && parts.find((x) => `#${x.id}` === a.hash);
    if (!p) return;
    ev.preventDefault();
    ev.stopPropagation();
    foldWanted.set(window.location.pathname, p.id);
    open(p.id, true);
    window.history.pushState(null, "", `#${p.id}`);
  });
  // any other link into a folded part of this page opens it first
  document.addEventListener("click", (ev) => {
    const a = ev.target.closest && ev.target.closest("a[href*='#']");
    if (!a || a.pathname !== window.location.pathname) return;
    const target = document.getElementById(decodeURIComponent(a.hash.slice(1)));
    const p = target && partOf(target);
    if (p && p.part.dataset.open !== "1") open(p.id, false);
  }, true);
}

async function progress(root, ctx) {
  const { t } = ctx;
  const { lesson } = ctx.params;
  const items = [...root.querySelectorAll("[data-step]")];
  const reset = root.querySelector('[data-role="reset"]');
  const summary = el("p", { class: "lesson-progress-sum", role: "status", "aria-live": "polite" });
  root.querySelector(".lesson-progress").append(summary);
  function show() {
    const done = loadProgress()[lesson] || {};
    let n = 0;
    for (const li of items) {
      const r = stepRecord(done, li.dataset.step);
      li.dataset.done = r.done ? "1" : "0";
      if (r.done) n += 1;
      let note = li.querySelector(".lesson-missed");
      if (!note) {
        note = el("span", { class: "lesson-missed" });
        li.append(note);
      }
      note.textContent = r.missed.length
        ? t(`（上一组第一次答错：第 ${r.missed.join("、")} 题）`, ` (missed at the first try in the last set: ${r.missed.length === 1 ? "number" : "numbers"} ${r.missed.join(", ")})`)
        : "";
    }
    summary.textContent = t(`已学会 ${n} / ${items.length} 步。`, `${n} of ${items.length} steps learned.`);
    reset.disabled = n === 0 && !items.some((li) => stepRecord(done, li.dataset.step).missed.length);
    reset.title = reset.disabled ? t("还没有进度可清除", "There is no progress to reset yet") : "";
  }
  reset.addEventListener("click", () => {
    const p = loadProgress();
    delete p[lesson];
    saveProgress(p);
  });
  window.addEventListener("heritage-lesson-progress", show);
  show();
  const box = root.querySelector(".lesson-progress");
  if (box.dataset.fold) {
    // the part the reader is at: the first step not learned yet
    const next = items.find((li) => li.dataset.done !== "1");
    foldParts(box, ctx, next ? `step-${next.dataset.step}` : null);
  }
}

export const widgets = { "lesson-exercises": exercises, "lesson-progress": progress };
