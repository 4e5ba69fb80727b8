// 下灌叶子戏 widgets. Every rule answer comes from the Python engine through
// ctx.call(request). The combination form's groups, a hand dealt with its best split and a round's result
// are asked as views (views/yezi.py, run in Pyodide beside the engine, the same functions that draw the
// build's first answers, sitegen/yezi.py): this module inserts their markup and wires the cards and buttons.
import { arrowKeys, el, rove, sharedState, shareButton, skipLink } from "./dom.js";
import { showingWidget } from "./showing.js";
import { recordTools } from "./recordio.js";
import { levelChooser, levelWords, reviewButton } from "./review.js";

const facesCache = new Map();

/** The faces answer at ``width`` CSS px, asked as a view: the cards' drawings (``html``, code → SVG, views/yezi.py), the
 * copies of each in the deck, a group's size. */
function facesAnswer(ctx, width) {
  const key = `${ctx.lang}:${width}`;
  if (!facesCache.has(key)) {
    facesCache.set(key, ctx.call({ view: "yezi-faces", lang: ctx.lang, request: { game: "yezi", action: "faces", width, lang: ctx.lang } }).then((a) => {
      if (!a.ok) { facesCache.delete(key); throw new Error(a.error.en); }
      return a;
    }));
  }
  return facesCache.get(key);
}

async function faces(ctx, width) {
  return (await facesAnswer(ctx, width)).html;
}

function showError(node, answer, ctx) {
  node.textContent = answer && answer.error ? answer.error[ctx.lang] : ctx.t("出错了。", "Something went wrong.");
  node.classList.add("hw-error");
}

function bump(root) {
  root.dataset.seq = String(Number(root.dataset.seq || "0") + 1);
}

// ---------------------------------------------------------------- (a) form combinations

async function formWidget(root, ctx) {
  const GROUP = Number(root.querySelector(".yz-groups").dataset.group); // the cards of a group (the build wrote the engine's)
  const groupsEls = [...root.querySelectorAll('[data-role="group"]')];
  const slots = groupsEls.map((g) => g.querySelector('[data-role="slot"]'));
  const verdicts = groupsEls.map((g) => g.querySelector('[data-role="verdict"]'));
  const radios = [...root.querySelectorAll('input[name="yz-target"]')];
  const palette = root.querySelector('[data-role="palette"]');
  const message = root.querySelector('[data-role="message"]');
  const totals = root.querySelector('[data-role="totals"]');
  // the copies of each card in the deck, as the build's palette says (own properties only: a link's "constructor" is no card)
  const COUNTS = Object.fromEntries([...palette.querySelectorAll(".yz-pick")].map((p) => [p.dataset.card, Number(p.dataset.count)]));
  const groups = slots.map((s) => (s.dataset.cards ? s.dataset.cards.split(",").filter(Boolean) : []));
  // radios share a name across widgets on one page: scope them to this widget
  const uniq = `yz-target-${Math.random().toString(36).slice(2)}`;
  radios.forEach((r) => { r.name = uniq; });
  let target = Math.max(0, groups.findIndex((g) => g.length < GROUP));

  const used = (code) => groups.flat().filter((c) => c === code).length;

  /** The view's markup into ``box``, the focus kept on the same card's button where it had it. */
  function insert(box, html) {
    const had = box.contains(document.activeElement) ? document.activeElement.dataset.card : null;
    box.innerHTML = html;
    const again = had ? [...box.querySelectorAll("button[data-card]")].find((b) => b.dataset.card === had && !b.disabled) : null;
    if (again) again.focus();
  }

  async function refresh(quiet = false) {
    radios.forEach((r, i) => { r.checked = i === target; });
    // the groups judged and drawn: their cards, names and scores, the total, the cards still free (views/yezi.py)
    const answer = await ctx.call({ view: "yezi-form", lang: ctx.lang, request: { game: "yezi", action: "evaluate", groups } });
    message.textContent = "";
    message.classList.remove("hw-error");
    if (!answer.ok) { showError(message, answer, ctx); if (!quiet) bump(root); return; }
    slots.forEach((slot, i) => { slot.dataset.cards = groups[i].join(","); insert(slot, answer.html[`slot-${i}`]); });
    verdicts.forEach((v, i) => { v.innerHTML = answer.html[`verdict-${i}`]; });
    totals.innerHTML = answer.html.total;
    insert(palette, answer.html.palette);
    if (!quiet) bump(root);
  }

  palette.addEventListener("click", (ev) => {
    const p = ev.target.closest(".yz-pick");
    if (!p || p.disabled || used(p.dataset.card) >= COUNTS[p.dataset.card]) return;
    if (groups[target].length >= GROUP) target = 1 - target;
    if (groups[target].length >= GROUP) return;
    groups[target].push(p.dataset.card);
    if (groups[target].length === GROUP && groups[1 - target].length < GROUP) target = 1 - target;
    refresh();
  });
  slots.forEach((slot, i) => slot.addEventListener("click", (ev) => { // a card in a group is taken back
    const chip = ev.target.closest(".yz-chip");
    if (!chip || chip.disabled) return;
    groups[i].splice(Number(chip.dataset.index), 1);
    refresh();
  }));
  radios.forEach((r, i) => { r.disabled = false; r.addEventListener("change", () => { target = i; }); });
  root.append(shareButton(root, () => ({ groups }), ctx.t));
  groupsEls.forEach((g, i) => {
    const clear = g.querySelector('[data-role="clear"]');
    clear.disabled = false;
    clear.addEventListener("click", () => { groups[i] = []; target = i; refresh(); });
  });
  const shared = sharedState(root);
  if (shared && Array.isArray(shared.groups) && shared.groups.length === 2
      && shared.groups.every((g) => Array.isArray(g) && g.length <= GROUP && g.every((c) => typeof c === "string" && Object.hasOwn(COUNTS, c)))) {
    groups[0] = [...shared.groups[0]]; groups[1] = [...shared.groups[1]];
    target = Math.max(0, groups.findIndex((g) => g.length < GROUP));
    await refresh();
  } else await refresh(true); // the build's groups, now live
}

// ---------------------------------------------------------------- (b) deal me a hand

async function dealWidget(root, ctx) {
  const button = root.querySelector('[data-role="deal"]');
  const hand = root.querySelector('[data-role="hand"]');
  const seed = root.querySelector('[data-role="seed"]');
  const score = root.querySelector('[data-role="score"]');
  const split = root.querySelector('[data-role="split"]');
  async function deal(request) {
    button.disabled = true;
    const answer = await ctx.call({ view: "yezi-deal", lang: ctx.lang, request }); // the hand and its best split drawn
    button.disabled = false;
    if (!answer.ok) { score.textContent = "—"; showError(split, answer, ctx); split.setAttribute("role", "alert"); return; }
    split.classList.remove("hw-error");
    split.removeAttribute("role");
    seed.textContent = String(answer.seed);
    hand.dataset.cards = answer.hand.join(",");
    hand.innerHTML = answer.html.hand;
    score.textContent = String(answer.score);
    split.innerHTML = answer.html.split;
    bump(root);
  }
  button.addEventListener("click", () => deal({ game: "yezi", action: "deal" }));
  button.disabled = false;
  root.append(shareButton(root, () => ({ seed: Number(seed.textContent) }), ctx.t));
  const shared = sharedState(root);
  if (shared && Number.isSafeInteger(shared.seed) && shared.seed >= 0) await deal({ game: "yezi", action: "deal", seed: shared.seed });
}

// ---------------------------------------------------------------- (c) a round of four

/** What the reader is asked before a round is shown: choose the first four, or take the best split. */
function promptNode(ctx) {
  return el("p", { class: "yz-prompt", "data-role": "prompt", text: ctx.t(
    "先选好先亮的四张，再按“按我的分法打这一局”：那时才亮出四家的牌和结果。也可以按“改用我的最佳分法”。",
    "Choose the four cards you show first, then press “Play the round my way”: only then are the four hands and the result shown. Or press “Use my best split instead”.") });
}

/** One of the reader's two groups as it stands, named and boxed apart, its cards drawn from ``svgs``. */
function groupBox(label, codes, svgs) {
  return el("div", { class: "yz-my-group" }, [
    el("span", { class: "yz-split-name", text: label }),
    el("span", { class: "yz-cards", html: codes.map((c) => svgs[c]).join("") }),
  ]);
}

/** The Play button grey, and saying why, until ``group`` cards are chosen; once they are, the other cards grey. */
function greyUntilChosen(ctx, n, group, { play, whyGrey, mineRow }, chosen) {
  play.disabled = n !== group;
  play.title = n === group ? "" : ctx.t(`先选好 ${group} 张`, `Choose ${group} cards first`);
  whyGrey.hidden = n === group;
  whyGrey.textContent = n < group
    ? ctx.t(`“按我的分法打这一局”要等选满 ${group} 张才能按（还差 ${group - n} 张）。`, `“Play the round my way” waits until ${group} cards are chosen (${group - n} more to go).`)
    : "";
  mineRow.querySelectorAll("button").forEach((b) => {
    b.disabled = !chosen.has(Number(b.dataset.index)) && chosen.size >= group;
    b.title = b.disabled ? ctx.t(`已选满 ${group} 张：先取消一张`, `${group} are chosen: unselect one first`) : "";
  });
}

/** The hand split with ``first`` shown first (its cards taken from the hand once each), or null when the hand does not
 * hold them all. */
function splitOf(hand, first) {
  const left = [...first];
  const a = [], b = [];
  hand.forEach((c) => { const k = left.indexOf(c); if (k >= 0) { a.push(c); left.splice(k, 1); } else b.push(c); });
  return left.length ? null : [a, b];
}

async function roundWidget(root, ctx) {
  const svgs = await faces(ctx, 30);
  const GROUP = (await facesAnswer(ctx, 34)).group_size; // the cards of a group (the first group shown, the second)
  const big = await faces(ctx, 34);
  const button = root.querySelector('[data-role="deal"]');
  const scoring = root.querySelector('[data-role="scoring"]');
  const ties = root.querySelector('[data-role="ties"]');
  const seedEl = root.querySelector('[data-role="seed"]');
  const result = root.querySelector('[data-role="result"]');
  const mineRow = root.querySelector('[data-role="mine"]');
  const picked = root.querySelector('[data-role="picked"]');
  const play = root.querySelector('[data-role="play"]');
  // keyboard: arrows within the hand (one Tab stop), the focus kept on the card pressed when the hand is drawn again
  arrowKeys(mineRow, ".yz-mine");
  skipLink(root, ctx.t, ['[data-role="mine"] .yz-mine']);
  const bestBtn = root.querySelector('[data-role="best"]');
  const whyGrey = root.querySelector('[data-role="why-grey"]');
  const shareBox = root.querySelector('[data-role="share"]');
  let seed = Number(seedEl.textContent) || 0; // the build's deal
  let hand = (mineRow.dataset.cards || "").split(",").filter(Boolean);
  let chosen = new Set(); // indexes into hand: the group shown first
  let mySplit = null; // [first, second] as last played, for the shared link
  let revealed = false; // the other hands and the result show only once the reader has chosen a split
  const preview = el("div", { class: "yz-my-groups", "data-role": "my-groups" });
  picked.after(preview);
  let thrower = 0; // who throws the die: the reader, unless a record opened here says otherwise
  const throwerField = () => (thrower ? { thrower } : {});
  let level = null; // the three computer seats' level, and the hint's (none chosen: the engine's first level)
  const levelField = () => (level ? { level } : {});
  // the computer's level, chosen by the reader: the others split at it, and the hint is that level's split
  const chooser = levelChooser(ctx, {
    what: { zh: "电脑的水平：", en: "Computer level:" }, start: level,
    onChange: (v) => { level = v; hintText.textContent = ""; hintBtn.setAttribute("aria-expanded", "false"); if (revealed) run({ split: mySplit, best: !mySplit }); },
  });
  const hintBtn = el("button", { type: "button", class: "hw-btn", "data-role": "hint", "aria-expanded": "false", text: ctx.t("提示", "Hint") });
  const hintText = el("span", { class: "yz-why", "data-role": "hint-text", role: "status" });
  hintBtn.addEventListener("click", async () => {
    hintBtn.disabled = true;
    // no level chosen yet: the hint is the engine's first level's (the one the other seats play at)
    const asked = level || await levelWords(ctx).then((w) => w.levels[0].id, () => null);
    const a = await ctx.call({ game: "yezi", action: "round", seed, options: { scoring: scoring.value, ties: ties.value }, ...(asked ? { level: asked } : {}), ...throwerField() });
    hintBtn.disabled = false;
    if (!a.ok) { hintText.textContent = a.error[ctx.lang]; return; }
    const h = a.hint;
    const lv = await levelWords(ctx).then((w) => (w.levels.find((l) => l.id === h.level) || w.levels[0]).short, () => ({ zh: "", en: "" }));
    hintText.textContent = ctx.t(`${lv.zh}会：`, `The ${lv.en} level would: `) + (ctx.lang === "zh" ? h.zh : h.en) + ctx.t("。", ".");
    hintBtn.setAttribute("aria-expanded", "true");
  });
  preview.after(el("div", { class: "rv-hint" }, [chooser.node, " ", hintBtn, " ", hintText]));
  function drawHand() {
    mineRow.replaceChildren(...hand.map((code, i) => {
      const b = el("button", {
        type: "button", class: "yz-mine", "data-card": code, "data-index": String(i),
        "aria-pressed": chosen.has(i) ? "true" : "false", html: big[code],
      });
      // named by the card drawing inside it (role="img" with the card's name)
      b.addEventListener("click", () => {
        if (chosen.has(i)) chosen.delete(i);
        else if (chosen.size < GROUP) chosen.add(i);
        const had = mineRow.contains(document.activeElement);
        drawHand();
        const again = mineRow.querySelector(`[data-index="${i}"]`);
        if (had && again) { rove(mineRow, ".yz-mine", again); again.focus(); }
      });
      return b;
    }));
    const n = chosen.size;
    // the two groups as they stand, side by side and boxed apart
    const firstCodes = hand.filter((_, i) => chosen.has(i));
    const secondCodes = hand.filter((_, i) => !chosen.has(i));
    preview.replaceChildren(
      groupBox(ctx.t(`先亮的一组（${firstCodes.length}/${GROUP}）`, `Shown first (${firstCodes.length}/${GROUP})`), firstCodes, svgs),
      groupBox(ctx.t("后亮的一组", "Shown second"), n === GROUP ? secondCodes : [], svgs),
    );
    picked.textContent = ctx.t(`已选 ${n}/${GROUP} 张；其余 ${hand.length - GROUP} 张是第二组。`, `${n}/${GROUP} chosen; the other ${hand.length - GROUP} are your second group.`);
    greyUntilChosen(ctx, n, GROUP, { play, whyGrey, mineRow }, chosen);
  }

  async function run(opts = {}) {
    if (opts.newSeed) thrower = 0; // a new deal at this table: the reader throws the die
    const request = { game: "yezi", action: "round", options: { scoring: scoring.value, ties: ties.value }, ...levelField(), ...throwerField() };
    // a new deal's seed is drawn below the largest a record holds (written by the build)
    request.seed = opts.newSeed ? Math.floor(Math.random() * Number(seedEl.dataset.max)) : seed;
    if (opts.split) { request.my_seat = 0; request.my_groups = opts.split; }
    button.disabled = true;
    const answer = await ctx.call({ view: "yezi-round", lang: ctx.lang, request }); // the round's result drawn
    button.disabled = false;
    if (!answer.ok) { showError(result, answer, ctx); bump(root); return; }
    seed = answer.seed;
    seedEl.textContent = String(seed);
    mySplit = opts.split || null;
    const newHand = answer.players[0].hand;
    if (newHand.join(",") !== hand.join(",")) { hand = newHand; chosen = new Set(); }
    if (mySplit) {
      // keep the reader's choice shown: the first group's cards stay pressed
      const left = [...mySplit[0]];
      chosen = new Set();
      hand.forEach((c, i) => { const k = left.indexOf(c); if (k >= 0) { chosen.add(i); left.splice(k, 1); } });
    }
    mineRow.dataset.cards = hand.join(",");
    drawHand();
    if (opts.newSeed) revealed = false;
    if (opts.split || opts.best) revealed = true;
    if (revealed) {
      result.innerHTML = answer.html.result;
      // the review of the reader's split and order of showing, by the strong level
      if (mySplit && answer.position) result.append(el("p", {}, [reviewButton(ctx, result, () => ({ game: "table", action: "review", seat: 0, position: answer.position }))]));
    } else result.replaceChildren(promptNode(ctx));
    if (opts.newSeed) { hintText.textContent = ""; hintBtn.setAttribute("aria-expanded", "false"); }
    bump(root);
  }

  function splitFromChoice() {
    const first = [], second = [];
    hand.forEach((c, i) => (chosen.has(i) ? first : second).push(c));
    return [first, second];
  }

  button.addEventListener("click", () => run({ newSeed: true }));
  for (const s of [scoring, ties]) {
    s.disabled = false;
    s.addEventListener("change", () => run({ split: mySplit }));
  }
  play.addEventListener("click", () => run({ split: splitFromChoice() }));
  bestBtn.addEventListener("click", () => { chosen = new Set(); run({ best: true }); });
  bestBtn.disabled = false;
  button.disabled = false;
  shareBox.replaceChildren(shareButton(root, () => {
    const state = { seed, scoring: scoring.value, ties: ties.value, ...throwerField() };
    if (mySplit) state.first = mySplit[0];
    return state;
  }, ctx.t));

  const shared = sharedState(root);
  if (shared && Number.isSafeInteger(shared.seed) && shared.seed >= 0) {
    seed = shared.seed;
    if (Number.isInteger(shared.thrower)) thrower = shared.thrower; // the engine says so if it is no seat
    if (typeof shared.scoring === "string" && [...scoring.options].some((o) => o.value === shared.scoring)) scoring.value = shared.scoring;
    if (typeof shared.ties === "string" && [...ties.options].some((o) => o.value === shared.ties)) ties.value = shared.ties;
    await run({});
    if (Array.isArray(shared.first) && shared.first.length === GROUP) {
      const split = splitOf(hand, shared.first.map(String));
      if (split) await run({ split });
    }
  } else {
    drawHand();
    result.replaceChildren(promptNode(ctx));
  }
  // the round as a record file, and a record file opened at this table (widgets/recordio.js)
  (root.querySelector(".hw-body") || root).append(recordTools(ctx, {
    game: "yezi",
    request: () => (revealed ? { game: "yezi", action: "round", seed, options: { scoring: scoring.value, ties: ties.value }, ...levelField(), ...throwerField(),
      ...(mySplit ? { my_seat: 0, my_groups: mySplit } : {}) } : null),
    open: async (r) => {
      seed = r.seed;
      thrower = r.thrower || 0; // the round is dealt as the record's thrower threw; the reader still plays the first seat
      const o = r.options || {};
      for (const [k, sel] of [["scoring", scoring], ["ties", ties]]) if ([...sel.options].some((x) => x.value === o[k])) sel.value = o[k];
      hand = [];
      if (r.level) { level = r.level; chooser.set(level); } // the record's computer level (the engine read it)
      if (r.my_groups) await run({ split: r.my_groups });
      else await run({ best: true });
      return null;
    },
  }));
}

export const widgets = {
  "yezi-form": formWidget,
  "yezi-deal": dealWidget,
  "yezi-round": roundWidget,
  "yezi-showing": showingWidget,
};
