// 打围 widgets. Every answer comes from the Python engine through ctx.call(); names of sticks,
// patterns, readings and endings all come from those answers, and the dice, the throws of them all and the
// words 柱, 庄家, 分掷 from the options answer (this file holds no game data).
import { arrowKeys, focusKeeper, own, rove, sharedState, shareButton, skipLink } from "./dom.js";
import { recordTools } from "./recordio.js";
import { refereeWidget } from "./dawei-referee.js";
import { levelChooser, levelWords, reviewButton } from "./review.js";

let infoPromise = null;

/** The options answer (cached per page): the dice and their throws, the game's words, the play action's bounds. */
function daweiInfo(ctx) {
  if (!infoPromise) {
    infoPromise = ctx.call({ game: "dawei", action: "options" }).then((a) => {
      if (!a.ok) { infoPromise = null; throw new Error(a.error.en); }
      return a;
    });
  }
  return infoPromise;
}

function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function bump(root) {
  root.dataset.seq = String(Number(root.dataset.seq || "0") + 1);
}

function pct(ways, of) {
  return `${((100 * ways) / of).toFixed(3)}%`;
}

function setOptions(root, options) {
  if (!options || typeof options !== "object") return;
  for (const sel of root.querySelectorAll("[data-option]")) {
    const v = own(options, sel.dataset.option);
    if (typeof v === "string" && [...sel.options].some((o) => o.value === v)) sel.value = v;
  }
}

function validDice(d, dice) {
  return Array.isArray(d) && d.length === dice.count && d.every((x) => dice.faces.includes(x));
}

// ------------------------------------------------------------ dice
// Each answer is asked as a view (views/dawei.py throw, run in Pyodide beside the engine, the same function that drew
// the page's first answer): this module inserts its parts and wires the faces, the buttons and the rule options.
async function diceWidget(root, ctx) {
  const t = ctx.t;
  const roll = root.querySelector('[data-role="roll"]');
  const classifyBtn = root.querySelector('[data-role="classify"]');
  const faces = [...root.querySelectorAll('[data-role="face"]')];
  const part = (role) => root.querySelector(`[data-role="${role}"]`);

  /** The throw ``dice`` read under the rule options chosen, its parts inserted; a refusal said in the result's place. */
  async function ask(dice) {
    roll.disabled = classifyBtn.disabled = true;
    try {
      const request = { game: "dawei", action: "classify", dice, options: readOptions(root), lang: ctx.lang };
      const a = await ctx.call({ view: "dawei-dice", lang: ctx.lang, request });
      if (!a.ok) { part("result").textContent = a.error[ctx.lang]; return; }
      for (const [role, html] of Object.entries(a.html)) part(role).innerHTML = html;
      part("dice").dataset.dice = a.dice.join(",");
      faces.forEach((f, i) => { f.value = String(a.dice[i]); });
    } finally {
      roll.disabled = classifyBtn.disabled = false;
      bump(root);
    }
  }

  roll.addEventListener("click", async () => {
    roll.disabled = classifyBtn.disabled = true;
    const r = await ctx.call({ game: "dawei", action: "roll" });
    await ask(r.dice); // none: the answer says what is missing
  });
  classifyBtn.addEventListener("click", () => ask(faces.map((f) => Number(f.value))));
  enableOptions(root, () => classifyBtn.click());
  faces.forEach((f) => { f.disabled = false; });
  roll.disabled = classifyBtn.disabled = false;
  const row = root.querySelector(".hw-row");
  row.append(shareButton(root, () => ({ dice: faces.map((f) => Number(f.value)), options: readOptions(root) }), t));
  const start = sharedState(root);
  // the options answer only for a shared throw (its dice checked): a plain page is ready without a call
  if (start && validDice(start.dice, (await daweiInfo(ctx)).dice)) {
    setOptions(root, start.options);
    await ask(start.dice);
  }
}

// ------------------------------------------------------------ rule options
function readOptions(root) {
  const out = {};
  for (const sel of root.querySelectorAll("[data-option]")) {
    if (sel.value !== sel.dataset.default) out[sel.dataset.option] = sel.value;
  }
  return out;
}

function enableOptions(root, onChange) {
  for (const sel of root.querySelectorAll("[data-option]")) {
    sel.disabled = false;
    if (onChange) sel.addEventListener("change", onChange);
  }
}

// ------------------------------------------------------------ split phase
// Each answer is asked as a view (views/dawei.py, run in Pyodide beside the engine, the same function that drew
// the page's first answer): this module inserts its parts and wires the dice and the buttons.
async function splitWidget(root, ctx) {
  const rollFirst = root.querySelector('[data-role="roll-first"]');
  const readFirst = root.querySelector('[data-role="read-first"]');
  const faces = [...root.querySelectorAll('[data-role="face"]')];
  const part = (role) => root.querySelector(`[data-role="${role}"]`);
  const openings = part("openings");
  let current = faces.map((f) => Number(f.value));

  function setBusy(b) {
    root.querySelectorAll("button, select").forEach((x) => { x.disabled = b; });
  }

  /** The split answer to ``request`` with its parts drawn, inserted; a refusal said in the outcome's place. */
  async function ask(request) {
    setBusy(true);
    try {
      const a = await ctx.call({ view: "dawei-split", lang: ctx.lang, request: { game: "dawei", action: "split", lang: ctx.lang, ...request } });
      if (!a.ok) { part("outcome").textContent = a.error[ctx.lang]; return; }
      current = a.first;
      faces.forEach((f, i) => { f.value = String(a.first[i]); });
      for (const [role, html] of Object.entries(a.html)) part(role).innerHTML = html;
      part("first").dataset.dice = a.first.join(",");
      part("second").dataset.dice = (a.second || []).join(",");
      if (a.second) part("outcome").dataset.success = a.success ? "1" : "0";
    } finally {
      setBusy(false);
      bump(root);
    }
  }

  async function rolled() {
    const r = await ctx.call({ game: "dawei", action: "roll" });
    return r.dice; // none: the split answer says what is missing
  }

  rollFirst.addEventListener("click", async () => {
    setBusy(true);
    await ask({ first: await rolled() });
  });
  readFirst.addEventListener("click", () => ask({ first: faces.map((f) => Number(f.value)) }));
  // a way chosen: the second throw, for the first throw shown
  openings.addEventListener("click", async (ev) => {
    const b = ev.target.closest("[data-choice]");
    if (!b || b.disabled) return;
    setBusy(true);
    await ask({ first: current, second: await rolled(), choice: b.dataset.choice });
  });
  setBusy(false);
}

// ------------------------------------------------------------ a whole game
/** The buttons of the moves answer ``a`` offers (a split's with its chance and 柱), and while the game goes on the
 * computer throwing for the reader up to the next choice or to the end; each plays its move through ``step``. */
function moveButtons(ctx, info, a, step) {
  const t = ctx.t;
  const out = a.legal.map((opt) => {
    let label = opt[ctx.lang];
    if (opt.action.startsWith("split:")) label += ` — ${(100 * opt.chance).toFixed(1)}% · ${opt.zhu} ${info.words.zhu[ctx.lang]}`;
    const b = el("button", { type: "button", class: "hw-btn", "data-action": opt.action }, label);
    b.addEventListener("click", () => step(opt.action));
    return b;
  });
  if (a.terminal) return out;
  const mine = el("button", { type: "button", class: "hw-btn", "data-action": "auto-choice" }, t("电脑替我掷，直到我要做选择", "Play until my next decision"));
  mine.addEventListener("click", () => step("auto:choice"));
  const end = el("button", { type: "button", class: "hw-btn", "data-action": "auto-end" }, t("电脑替我掷到底", "Computer plays to the end"));
  end.addEventListener("click", () => step(`auto:${info.limits.auto}`));
  return [...out, mine, end];
}

async function gameWidget(root, ctx) {
  const t = ctx.t;
  // the play action's bounds (moves a game holds, throws at once, lines of log) are the engine's
  const info = await daweiInfo(ctx);
  const limits = info.limits;
  const W = info.words; // the game's words: 柱, 庄家, 分掷
  const levels = await levelWords(ctx).then((a) => a.levels, () => []); // the computer's levels, in the engine's words
  const players = root.querySelector('[data-role="players"]');
  const mode = root.querySelector('[data-role="mode"]');
  const seed = root.querySelector('[data-role="seed"]');
  const newBtn = root.querySelector('[data-role="new"]');
  const status = root.querySelector('[data-role="status"]');
  const verdict = root.querySelector('[data-role="verdict"]');
  const actions = root.querySelector('[data-role="actions"]');
  // keyboard: the focus back on the next decision after every throw; arrows within the row of choices
  const restoreFocus = focusKeeper(root, ['[data-role="actions"] button[tabindex="0"]', '[data-role="actions"] button', '[data-role="new"]']);
  arrowKeys(actions, "button");
  skipLink(root, ctx.t, ['[data-role="actions"] button']);
  const why = root.querySelector('[data-role="why"]');
  const dice = root.querySelector('[data-role="dice"]');
  // the boxes the view draws into (views/dawei.py game), found before anything else is added to the widget
  const drawn = new Map(["status", "dice", "own-text", "others", "board", "log", "pool"].map((r) => [r, root.querySelector(`[data-role="${r}"]`)]));
  let moves = [];
  let busy = false;
  let level = levels.length ? levels[0].id : null; // the computer seats' level, and the hint's: the engine's first to begin with
  let answer = null; // the engine's last answer
  // the computer's level, chosen by the reader (its words from the engine): a change starts the game again
  const chooser = levelChooser(ctx, {
    what: { zh: "电脑的水平：", en: "Computer level:" }, start: level,
    onChange: (v) => { level = v; moves = []; refresh(); },
  });
  const hintBtn = el("button", { type: "button", class: "hw-btn", "data-role": "hint", "aria-expanded": "false" }, t("提示", "Hint"));
  hintBtn.disabled = true;
  const hintText = el("span", { class: "dawei-hint", "data-role": "hint-text", role: "status" });
  // the hint is the chosen level's split for the seat that has a choice now (the engine's answer says it)
  const hintWords = (id) => {
    const lv = levels.find((l) => l.id === id);
    return lv ? t(`${lv.short.zh}会：`, `The ${lv.short.en} level would: `) : "";
  };
  hintBtn.addEventListener("click", () => {
    const h = answer && answer.ok && answer.hint;
    if (!h) return;
    // in the main phase the engine says why there is nothing to choose; at a split choice, what the level would choose and why
    hintText.textContent = (h.choosing ? hintWords(h.level) : "") + h[ctx.lang];
    hintBtn.setAttribute("aria-expanded", "true");
    for (const b of actions.querySelectorAll("button[data-action]")) b.classList.toggle("dawei-hinted", b.dataset.action === h.action);
  });
  const hintRow = el("div", { class: "rv-hint", "data-role": "level-row" });
  hintRow.append(chooser.node, " ", hintBtn, " ", hintText);
  actions.before(hintRow);
  // the review of the reader's own split choices, once a game against the computer is over
  const reviewHost = el("div", { class: "dawei-review", "data-role": "review-host" });
  verdict.after(reviewHost);

  function syncHint() {
    // enabled whenever it is the reader's throw (the engine's hint: a split choice, or why nothing needs choosing) and no answer is awaited
    hintBtn.disabled = busy || !(answer && answer.ok && answer.hint);
    // a grey hint says why: there is a hint only when the reader has a choice to make (issue 44)
    hintBtn.title = !hintBtn.disabled ? "" : busy ? t("电脑正在掷，稍等", "The computer is throwing: a moment")
      : t(`只有等你在${W.split.zh}里要做选择时才有提示；其余时候没有什么可选的。`, `A hint comes when you have a choice to make in the ${W.split.en}; until then there is nothing to choose.`);
  }

  function humans() {
    const n = Number(players.value);
    return mode.value === "hotseat" ? [...Array(n).keys()] : [0];
  }

  function request() {
    return { game: "dawei", action: "play", players: Number(players.value), seed: Math.max(0, Number(seed.value) || 0), humans: humans(), moves, log_tail: limits.log_tail, options: readOptions(root), lang: ctx.lang, ...(level ? { level } : {}) };
  }

  function render(a) {
    hintText.textContent = "";
    hintBtn.setAttribute("aria-expanded", "false");
    if (!a.ok) {
      status.textContent = a.error[ctx.lang];
      moves.pop();
      return;
    }
    answer = a;
    reviewHost.replaceChildren();
    if (a.terminal && a.position && mode.value !== "hotseat") {
      const line = el("p");
      line.append(reviewButton(ctx, reviewHost, () => ({ game: "table", action: "review", seat: 0, position: a.position })));
      reviewHost.append(line);
    }
    // the parts the view drew (views/dawei.py): whose throw, the reader's last throw, the others' since, the sticks, the log, the pool
    for (const [role, html] of Object.entries(a.html)) if (drawn.get(role)) drawn.get(role).innerHTML = html;
    status.dataset.phase = a.phase;
    root.dataset.terminal = a.terminal ? "1" : "0";
    // the reader's own story first
    verdict.textContent = a.terminal
      ? a.seats.map((x, i) => (x.human ? a.verdicts[i][ctx.lang] : "")).filter(Boolean).join(" ")
      : "";
    if (a.terminal && mode.value !== "hotseat") verdict.textContent = t(`你是${a.seats[0].zh}。`, `You are ${a.seats[0].en}. `) + verdict.textContent;
    dice.dataset.dice = a.own ? a.own.dice.join(",") : "";
    actions.replaceChildren(...moveButtons(ctx, info, a, step));
    why.textContent = !a.terminal
      ? (a.legal.length && a.legal[0].action !== "throw" ? t(`${W.split.zh}${W.first.zh}：选一种取法，或放弃。`, `Your first ${W.split.en} throw: choose a way, or pass.`) : "")
      : t("本局已结束，没有可走的步：按“新局”再来一局。", "The game is over, so there is nothing left to play: press “New game” for another.");
  }

  let asked = 0; // the latest request: an answer to an older one (the game restarted meanwhile) is dropped
  async function refresh() {
    const mine = ++asked;
    busy = true;
    syncHint();
    actions.querySelectorAll("button").forEach((b) => { b.disabled = true; });
    why.textContent = t("电脑正在掷……", "The computer is throwing…");
    try {
      const a = await ctx.call({ view: "dawei-game", lang: ctx.lang, request: request() });
      if (mine === asked) render(a);
    } finally {
      if (mine === asked) {
        busy = false;
        syncHint();
        newBtn.disabled = false;
        rove(actions, "button");
        restoreFocus();
        bump(root);
      }
    }
  }

  function step(action) {
    if (busy) return;
    moves.push(action);
    refresh();
  }

  // a new game is another deal of the dice (which one stays out of sight: the share link and the record keep it)
  newBtn.addEventListener("click", () => { seed.value = String(Math.floor(Math.random() * 2147483000)); moves = []; refresh(); });
  const restart = () => { moves = []; refresh(); };
  for (const c of [players, mode]) { c.disabled = false; c.addEventListener("change", restart); }
  enableOptions(root, restart);
  newBtn.disabled = false;
  root.querySelector('[data-role="share"]').append(shareButton(root, () => ({
    players: Number(players.value), seed: Math.max(0, Number(seed.value) || 0), mode: mode.value, moves, options: readOptions(root), level,
  }), t));
  const start = sharedState(root);
  if (start) {
    if (Number.isInteger(start.players) && [...players.options].some((o) => Number(o.value) === start.players)) players.value = String(start.players);
    if (Number.isInteger(start.seed) && start.seed >= 0) seed.value = String(start.seed);
    if (start.mode === "hotseat" || start.mode === "ai") mode.value = start.mode;
    setOptions(root, start.options);
    if (Array.isArray(start.moves) && start.moves.every((m) => typeof m === "string")) moves = start.moves.slice(0, limits.moves);
    if (levels.some((l) => l.id === start.level)) { level = start.level; chooser.set(level); }
  }
  // the game as a record file, and a record file opened at this table (widgets/recordio.js)
  (root.querySelector(".hw-body") || root).append(recordTools(ctx, {
    game: "dawei",
    request: () => request(),
    open: async (r) => {
      if (![...players.options].some((o) => Number(o.value) === r.players)) {
        return { zh: `这张桌子不能坐 ${r.players} 人。`, en: `This table does not seat ${r.players} players.` };
      }
      players.value = String(r.players);
      seed.value = String(r.seed);
      mode.value = "hotseat"; // every seat's moves are the record's
      setOptions(root, r.options);
      if (r.level) { level = r.level; chooser.set(level); } // the record's computer level (the engine read it)
      moves = r.moves.slice(0, limits.moves);
      await refresh();
      return null;
    },
  }));
  await refresh();
}

// ------------------------------------------------------------ simulation
const BATCH = 10;

// The simulation: games asked in batches so that the progress shows; the spread figure and the summary of every game
// so far are drawn by views/dawei.py (the function that drew the build's example), the earlier batches sent back with it.
async function simWidget(root, ctx) {
  const t = ctx.t;
  const players = root.querySelector('[data-role="players"]');
  const games = root.querySelector('[data-role="games"]');
  const seed = root.querySelector('[data-role="seed"]');
  const run = root.querySelector('[data-role="run"]');
  const progress = root.querySelector('[data-role="progress"]');
  const ptext = root.querySelector('[data-role="progress-text"]');
  const chart = root.querySelector('[data-role="chart"]');
  const summary = root.querySelector('[data-role="summary"]');
  let running = false;

  run.addEventListener("click", async () => {
    if (running) { running = false; return; }
    running = true;
    run.textContent = t("停止", "Stop");
    const n = Number(players.value), total = Number(games.value);
    const start = Math.max(0, Number(seed.value) || 0);
    const options = readOptions(root);
    const results = [];
    let pb = null;
    progress.max = total;
    progress.value = 0;
    try {
      for (let done = 0; done < total && running; done += BATCH) {
        const request = { game: "dawei", action: "simulate", players: n, games: Math.min(BATCH, total - done), seed: start + done, options };
        if (pb !== null) request.previous_banker = pb;
        const a = await ctx.call({ view: "dawei-sim", lang: ctx.lang, request, before: results });
        if (!a.ok) { summary.textContent = a.error[ctx.lang]; break; }
        pb = a.next_previous_banker;
        results.push(...a.games);
        progress.value = results.length;
        ptext.textContent = `${results.length}/${total}`;
        chart.innerHTML = a.html.chart;
        summary.innerHTML = a.html.summary;
        bump(root);
      }
    } finally {
      running = false;
      run.textContent = t("开始模拟", "Simulate");
      root.dataset.done = String(results.length);
      bump(root);
    }
  });

  for (const c of [players, games, seed, run]) c.disabled = false;
  enableOptions(root);
}

// ------------------------------------------------------------ the throw table filter
async function filterWidget(root, ctx) {
  const dice = (await daweiInfo(ctx)).dice; // how many dice, and the throws of them all
  const pat = root.querySelector('[data-role="pattern-filter"]');
  const animal = root.querySelector('[data-role="animal-filter"]');
  const digits = root.querySelector('[data-role="dice-filter"]');
  const shown = root.querySelector('[data-role="shown"]');
  const rows = [...root.querySelectorAll('table[data-role="throws"] tbody tr')];
  const groups = [...root.querySelectorAll('[data-role="throw-group"]')]; // one per thing a throw takes

  function contains(diceKey, want) {
    const have = diceKey.split("");
    for (const d of want) {
      const i = have.indexOf(d);
      if (i < 0) return false;
      have.splice(i, 1);
    }
    return true;
  }

  function apply() {
    const want = [...digits.value].filter((c) => dice.faces.includes(Number(c))).slice(0, dice.count);
    let n = 0, ways = 0;
    for (const r of rows) {
      const ok = (!pat.value || r.dataset.pattern === pat.value)
        && (!animal.value || r.dataset.awards.split(" ").includes(animal.value))
        && (!want.length || contains(r.dataset.dice, want));
      r.hidden = !ok;
      if (ok) { n += 1; ways += Number(r.dataset.ways); }
    }
    for (const g of groups) g.hidden = !g.querySelector("tbody tr:not([hidden])");
    shown.textContent = ctx.t(`显示 ${n} 种掷法，合计 ${ways}/${dice.throws} = ${pct(ways, dice.throws)}`, `${n} throws shown, ${ways}/${dice.throws} = ${pct(ways, dice.throws)} in all`);
    shown.dataset.count = String(n);
    bump(root);
  }

  for (const c of [pat, animal, digits]) {
    c.addEventListener("input", apply);
    c.disabled = false;
  }
}

export const widgets = {
  "dawei-dice": diceWidget,
  "dawei-game": gameWidget,
  "dawei-sim": simWidget,
  "dawei-throw-filter": filterWidget,
  "dawei-split": splitWidget,
  "dawei-referee": refereeWidget,
};
