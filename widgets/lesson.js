// Lessons: exercises drawn and judged by the Python engine ({"game": "lesson"}). Progress is kept in
// this browser only (localStorage), per lesson and step, and can be reset.
import { el } from "./dom.js";

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
function markDone(lesson, step) {
  const p = loadProgress();
  p[lesson] = p[lesson] || {};
  p[lesson][step] = true;
  saveProgress(p);
}

function ruleHref(rule) {
  return `../../${rule.page}#${rule.anchor}`;
}

function randomSeed() {
  const a = new Uint32Array(1);
  window.crypto.getRandomValues(a);
  return 2 + (a[0] % 2147483000);
}

async function exercises(root, ctx) {
  const { t, lang } = ctx;
  const { lesson, step } = ctx.params;
  const pick = (o) => (lang === "en" ? o.en : o.zh);
  const body = ctx.body;
  let seed = 1;
  root.dataset.lessonStep = step;

  const list = el("ol", { class: "lesson-list" });
  const score = el("p", { class: "lesson-score", role: "status", "aria-live": "polite" });
  const again = el("button", { type: "button", class: "hw-btn", "data-role": "new", text: t("换一组新题", "New exercises") });
  const bar = el("div", { class: "hw-row lesson-bar" }, [again, score]);

  async function render() {
    const a = await ctx.call({ game: "lesson", action: "exercises", lesson, step, seed });
    if (!a.ok) { score.textContent = pick(a.error); return; }
    list.innerHTML = "";
    root.dataset.seed = String(seed);
    const right = new Set();
    const total = a.exercises.length;
    const tally = () => {
      score.textContent = t(`答对 ${right.size} / ${total} 题`, `${right.size} of ${total} answered right`);
      if (right.size === total) {
        score.textContent += t("。这一步完成了。", ". This step is done.");
        markDone(lesson, step);
      }
    };
    for (const ex of a.exercises) {
      const feedback = el("div", { class: "lesson-feedback", role: "status", "aria-live": "polite" });
      const buttons = ex.choices.map((c) => el("button", { type: "button", class: "hw-btn lesson-choice", "data-value": c.value, "aria-pressed": "false", text: pick(c) }));
      const li = el("li", { class: "lesson-ex", "data-index": String(ex.index) }, [
        el("p", { class: "lesson-q", text: pick(ex.question) }),
      ]);
      if (ex.figure) {
        const fig = el("div", { class: "lesson-fig", role: "img", "aria-label": pick(ex.figure_alt), html: ex.figure });
        li.append(fig);
      }
      li.append(el("ul", { class: "lesson-choices" }, buttons.map((b) => el("li", {}, [b]))), feedback);
      for (const b of buttons) {
        b.addEventListener("click", async () => {
          buttons.forEach((x) => { x.disabled = true; });
          const v = await ctx.call({ game: "lesson", action: "check", lesson, step, seed, index: ex.index, answer: b.dataset.value });
          buttons.forEach((x) => { x.disabled = false; x.setAttribute("aria-pressed", String(x === b)); });
          feedback.innerHTML = "";
          if (!v.ok) { feedback.textContent = pick(v.error); return; }
          li.dataset.result = v.correct ? "right" : "wrong";
          b.dataset.result = v.correct ? "right" : "wrong";
          const link = el("a", { href: ruleHref(v.rule), class: "lesson-rule", text: t(`规则：${v.rule.zh}`, `The rule: ${v.rule.en}`) });
          feedback.append(
            el("p", { class: "lesson-verdict", text: pick(v.verdict) }),
            el("p", { class: "lesson-why", text: pick(v.why) }),
            el("p", {}, [link]),
          );
          if (v.correct) {
            right.add(ex.index);
            buttons.forEach((x) => { x.disabled = true; });
          }
          tally();
        });
      }
      list.append(li);
    }
    tally();
  }

  again.addEventListener("click", async () => {
    seed = randomSeed();
    again.disabled = true;
    await render();
    again.disabled = false;
  });
  body.innerHTML = "";
  body.append(list, bar);
  await render();
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
      const ok = Boolean(done[li.dataset.step]);
      li.dataset.done = ok ? "1" : "0";
      if (ok) n += 1;
    }
    summary.textContent = t(`已完成 ${n} / ${items.length} 步。`, `${n} of ${items.length} steps done.`);
    reset.disabled = n === 0;
    reset.title = n === 0 ? t("还没有进度可清除", "There is no progress to reset yet") : "";
  }
  reset.addEventListener("click", () => {
    const p = loadProgress();
    delete p[lesson];
    saveProgress(p);
  });
  window.addEventListener("heritage-lesson-progress", show);
  show();
}

export const widgets = { "lesson-exercises": exercises, "lesson-progress": progress };
