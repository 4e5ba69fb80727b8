// 鄂南骨牌 session ledger: what each hand at a real table came to, entered in a few taps. The engine
// settles every hand under the readings chosen ({"game": "gupai", "action": "ledger"}) and writes the
// session as a record; the session is kept on this device by sessions.js (nothing is sent anywhere).
// The seats, the tricks of a hand and the game's words come from the engine's options answer. The hands entered,
// the totals and how the last hand was settled are drawn by the view "gupai-ledger" (views/gupai.py, run in
// Pyodide beside the engine, the function that draws the build's first answer): this module draws the entry of the
// next hand, inserts the view's markup and keeps the sessions.
import { el, grey } from "./dom.js";
import { openStore, sessionBar } from "./sessions.js";

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

const KIND = "gupai-ledger";
const sign = (n) => (n > 0 ? `+${n}` : String(n));

/** The reader's own ledger as last drawn (kept with the session: names, each hand's result, the totals), as a
 * plain table of text. */
function ownTable(sheet, t) {
  const head = el("tr", {}, [el("th", { text: t("盘", "Hand") }), ...sheet.names.map((n) => el("th", { scope: "col", text: String(n) }))]);
  const rows = sheet.rows.map((r, i) => el("tr", {}, [el("th", { scope: "row", text: String(i + 1) }), ...r.map((x) => el("td", { text: sign(Number(x)) }))]));
  const total = el("tr", { class: "gl-own-total" }, [el("th", { scope: "row", text: t("累计", "Total") }), ...sheet.totals.map((x) => el("td", { text: sign(Number(x)) }))]);
  return el("table", { class: "hw-table gl-own", "data-role": "own-table" }, [el("thead", {}, [head]), el("tbody", {}, rows), el("tfoot", {}, [total])]);
}

/** Before Python has started: the reader's own session from this device, in the place of the build's example
 * (issue 44: a family's scores come first, never a stranger's). Text only, read from the device. */
function ownFirst(root) {
  const lang = root.dataset.lang === "en" ? "en" : "zh";
  const t = (zh, en) => (lang === "en" ? en : zh);
  let cur = null;
  try { cur = openStore(KIND).current(); } catch { return; }
  const box = root.querySelector('[data-role="ledger"]');
  if (!cur || !box || !cur.meta || !(Number(cur.meta.hands) > 0)) return; // nothing of the reader's: the example stays, marked
  const sheet = cur.meta.sheet;
  const ok = sheet && Array.isArray(sheet.names) && Array.isArray(sheet.rows) && Array.isArray(sheet.totals);
  box.replaceChildren(
    el("p", { class: "gl-own-note", "data-role": "own-first", text: t(`你保存在这台设备上的账：${cur.name}（${cur.meta.hands} 盘）。规则引擎一启动就可以接着记。`,
      `Your ledger kept on this device: ${cur.name} (${cur.meta.hands} hands). You can go on entering hands once the rules engine has started.`) }),
    ...(ok ? [ownTable(sheet, t)] : []),
  );
}
if (typeof document !== "undefined") document.querySelectorAll(`.hw[data-widget="${KIND}"]`).forEach(ownFirst);

function blankHand(seats) {
  return { dealer: null, held: seats.map(() => 0), closer: null, sealed: [], zhizun: null, shang: "none", run: false, hard: false };
}

export async function ledgerWidget(root, ctx) {
  const t = ctx.t;
  const box = root.querySelector('[data-role="ledger"]') || root.querySelector(".hw-body");
  const optsAns = await ctx.call({ game: "gupai", action: "options" });
  if (!optsAns.ok) throw new Error(optsAns.error.en);
  const optionList = optsAns.options.filter((o) => o.settles); // the readings that change what a hand settles to
  const SEATS = optsAns.table.seats; // each seat's name and letter, in both languages
  const ALL = SEATS.map((_, s) => s);
  const TRICKS = optsAns.table.tricks; // the tricks of a hand
  const RUN = optsAns.table.run; // the last tiles a closing run must win
  const W = optsAns.words;
  const fresh = () => blankHand(SEATS);

  let hands = [];
  let names = SEATS.map(() => "");
  let options = Object.fromEntries(optionList.map((o) => [o.id, o.default]));
  let first = 0;
  let answer = null;
  let entry = fresh();
  let sessionId = null;
  const store = openStore(KIND);
  let bar = null;

  const seatName = (s) => (names[s] ? `${names[s]}（${SEATS[s].letter.zh}）` : SEATS[s].zh);
  const seatNameEn = (s) => (names[s] ? `${names[s]} (${SEATS[s].letter.en})` : SEATS[s].en);
  const short = (s) => (names[s] ? names[s] : t(SEATS[s].letter.zh, SEATS[s].letter.en));

  // ------------------------------------------------------------ layout
  const sessions = el("div", { "data-role": "sessions" });
  const namesBox = el("fieldset", { class: "gl-names" }, [el("legend", { text: t("四家的名字（可不填）", "The four players' names (optional)") })]);
  const nameInputs = ALL.map((s) => {
    const id = `${root.id || "gl"}-name-${s}`;
    const input = el("input", { id, type: "text", maxlength: "20", autocomplete: "off", "data-role": "name", "data-seat": String(s),
      placeholder: t(SEATS[s].zh, SEATS[s].en) });
    namesBox.append(el("span", { class: "gl-name" }, [el("label", { for: id, text: t(SEATS[s].zh, SEATS[s].letter.en) }), input]));
    return input;
  });
  const optBox = el("details", { class: "gl-options" }, [el("summary", { text: t("读法（规则选项）", "Readings (rule options)") })]);
  const optSelects = optionList.map((o) => {
    const id = `${root.id || "gl"}-opt-${o.id}`;
    const sel = el("select", { id, "data-option": o.id });
    for (const c of o.choice_words) sel.append(el("option", { value: c.id, text: c[ctx.lang] }));
    optBox.append(el("p", {}, [el("label", { for: id, text: o[ctx.lang] }), el("br"), sel]));
    return sel;
  });

  const form = el("fieldset", { class: "gl-entry", "data-role": "entry" });
  const formTitle = el("legend");
  const message = el("p", { class: "gl-message", "data-role": "message", role: "status" });
  const addBtn = el("button", { type: "button", class: "hw-btn gl-add", "data-role": "add", text: t("记下这一盘", "Enter this hand") });
  const undoBtn = el("button", { type: "button", class: "hw-btn", "data-role": "undo", text: t("撤销最后一盘", "Undo the last hand") });
  const clearBtn = el("button", { type: "button", class: "hw-btn", "data-role": "clear", text: t("重填", "Clear") });
  const table = el("div", { class: "gl-table", "data-role": "result" });
  const details = el("div", { class: "gl-details", "data-role": "details" });

  function seatButtons(role, pressed, onTap) {
    return el("div", { class: "gl-seats", role: "group" }, ALL.map((s) => {
      const b = el("button", { type: "button", class: "hw-btn gl-seat", "data-role": role, "data-seat": String(s),
        "aria-pressed": pressed(s) ? "true" : "false", text: short(s) });
      b.addEventListener("click", () => { onTap(s); drawForm(); });
      return b;
    }));
  }

  function toggle(role, on, zh, en, onTap) {
    const b = el("button", { type: "button", class: "hw-btn gl-toggle", "data-role": role, "aria-pressed": on ? "true" : "false", text: t(zh, en) });
    b.addEventListener("click", () => { onTap(); drawForm(); });
    return b;
  }

  function drawForm() {
    const e = entry;
    const n = hands.length + 1;
    formTitle.textContent = t(`第 ${n} 盘`, `Hand ${n}`);
    const sum = e.held.reduce((a, b) => a + b, 0);
    const rows = ALL.map((s) => {
      const minus = el("button", { type: "button", class: "hw-btn gl-step", "data-role": "less", "data-seat": String(s),
        "aria-label": t(`${seatName(s)}少一${W.trick.zh}`, `${seatNameEn(s)}: one trick fewer`), text: "−" });
      const plus = el("button", { type: "button", class: "hw-btn gl-step", "data-role": "more", "data-seat": String(s),
        "aria-label": t(`${seatName(s)}多一${W.trick.zh}`, `${seatNameEn(s)}: one trick more`), text: "+" });
      grey(minus, e.held[s] === 0 ? t(`${seatName(s)}是 0 ${W.trick.zh}，不能再少了`, `${seatNameEn(s)} has no trick: none fewer`) : "");
      grey(plus, sum >= TRICKS ? t(`一盘只有 ${TRICKS} ${W.trick.zh}，已经分完了：先给别家减一${W.trick.zh}`, `a hand has only ${TRICKS} tricks, all given: take one from another player first`) : "");
      minus.addEventListener("click", () => { e.held[s] = Math.max(0, e.held[s] - 1); drawForm(); });
      plus.addEventListener("click", () => {
        e.held[s] = Math.min(TRICKS, e.held[s] + 1);
        e.sealed = e.sealed.filter((x) => x !== s);
        drawForm();
      });
      return el("div", { class: "gl-held" }, [el("span", { class: "gl-who", text: short(s) }), minus,
        el("output", { "data-role": "held", "data-seat": String(s), text: String(e.held[s]) }), plus]);
    });
    const closerHeld = e.closer === null ? 0 : e.held[e.closer];
    form.replaceChildren(
      formTitle,
      el("p", { class: "gl-q", text: t("谁做庄？", "Who dealt?") }),
      seatButtons("dealer", (s) => e.dealer === s, (s) => { e.dealer = s; }),
      el("p", { class: "gl-q", text: t(`各家得了几${W.trick.zh}？（共 ${sum} / ${TRICKS}）`, `${cap(W.tricks.en)} each took (${sum} of ${TRICKS})`) }),
      ...rows,
      el("p", { class: "gl-q", text: t(`谁${W.closing.zh}（赢最后一圈）？`, `Who made ${W.closing.en}, winning the last trick?`) }),
      seatButtons("closer", (s) => e.closer === s, (s) => { e.closer = s; e.sealed = e.sealed.filter((x) => x !== s); }),
      el("p", { class: "gl-q", text: t(`谁${W.sealing.zh}？（可多选，不选就是没有）`, `Who ${W.sealing.en} (${W.sealing.zh})? (any number; none if none tapped)`) }),
      seatButtons("sealed", (s) => e.sealed.includes(s), (s) => {
        e.sealed = e.sealed.includes(s) ? e.sealed.filter((x) => x !== s) : [...e.sealed, s].sort();
        if (e.sealed.includes(s)) e.held[s] = 0;
      }),
      el("p", { class: "gl-q", text: t("谁明出了至尊（喜钱）？再按一次取消", "Who laid the supreme pair (至尊, wedding money)? Tap again to clear") }),
      seatButtons("zhizun", (s) => e.zhizun === s, (s) => { e.zhizun = e.zhizun === s ? null : s; }),
      el("p", { class: "gl-q", text: t(`${W.closing.zh}的人的赏（三点、六点）：`, "The closer's shang (赏, the three or the six):") }),
      el("div", { class: "gl-seats", role: "group" }, [
        ["none", "没有赏", "no shang"], ["hand", "手里有赏", "held one"], ["run", "最后连赢时出了赏", "played one in his final run"],
      ].map(([v, zh, en]) => toggle(`shang-${v}`, e.shang === v, zh, en, () => { e.shang = v; if (v === "run") e.run = closerHeld >= RUN && closerHeld < TRICKS ? true : e.run; }))),
      el("div", { class: "gl-seats", role: "group" }, [
        toggle("run", e.run, `${W.closing.zh}者连赢了最后 ${RUN} 张（或更多）牌的每一圈`, `The closer won every trick of the last ${RUN} tiles or more in a row`, () => { e.run = !e.run; }),
        toggle("hard", e.hard, "他得手之后，别家再没有打得起的牌（硬八马）", "Once he held the lead, nobody had a play to beat him (hard eight-horse)", () => { e.hard = !e.hard; }),
      ]),
      el("div", { class: "gl-buttons" }, [addBtn, clearBtn]),
      message,
    );
    grey(addBtn, e.dealer === null && e.closer === null ? t(`先选谁做庄、谁${W.closing.zh}，才能记下这一盘`, `Choose who dealt and who made ${W.closing.en} first`)
      : e.dealer === null ? t("先选谁做庄，才能记下这一盘", "Choose who dealt first")
        : e.closer === null ? t(`先选谁${W.closing.zh}，才能记下这一盘`, `Choose who made ${W.closing.en} first`) : "");
  }

  // ------------------------------------------------------------ the engine
  const handOut = (h) => ({ dealer: h.dealer, held: h.held, closer: h.closer, sealed: h.sealed, zhizun: h.zhizun, shang: h.shang, run: h.run, hard: h.hard });

  async function compute(list) {
    const request = { game: "gupai", action: "ledger", hands: list.map(handOut), names, options, first, lang: ctx.lang };
    return ctx.call({ view: "gupai-ledger", lang: ctx.lang, request }); // the engine's answer, with the table drawn
  }

  function drawTable() { // the view's markup (views/gupai.py: the hands, the totals, how the last was settled)
    table.innerHTML = answer ? answer.html.table : "";
    details.innerHTML = answer ? answer.html.details : "";
    grey(undoBtn, !answer || !answer.hands.length ? t("账上还没有一盘，没有可撤销的", "No hand is entered yet: nothing to undo") : "");
  }

  async function refresh(save = true) {
    const a = await compute(hands);
    if (!a.ok) {
      message.textContent = a.error[ctx.lang];
      return false;
    }
    answer = a;
    drawTable();
    // kept beside the record: the sheet as drawn, shown at once on the next visit before Python has started
    const sheet = { names: ALL.map((s) => short(s)), rows: a.hands.map((h) => h.settlement.nets), totals: a.totals };
    if (save && !sessionId && bar) bar.select(store.create(t("新的一场", "New session"), a.record, { hands: hands.length, sheet }).id);
    else if (save && sessionId) store.save(sessionId, { text: a.record, meta: { hands: hands.length, sheet } });
    return true;
  }

  let loadSeq = 0;
  let loading = null;
  async function load(session) {
    const mine = ++loadSeq;
    sessionId = session ? session.id : null;
    hands = []; names = SEATS.map(() => ""); first = 0;
    options = Object.fromEntries(optionList.map((o) => [o.id, o.default]));
    if (session && session.text) {
      const a = await ctx.call({ game: "gupai", action: "ledger", text: session.text });
      if (mine !== loadSeq) return;
      if (a.ok) {
        hands = a.hands.map((r) => r.hand);
        if (Array.isArray(a.names)) names = a.names.slice(0, SEATS.length);
        for (const o of optionList) options[o.id] = a.options[o.id];
        first = a.first;
      } else {
        message.textContent = a.error[ctx.lang];
      }
    }
    nameInputs.forEach((inp, s) => { inp.value = names[s] || ""; });
    optSelects.forEach((sel) => { sel.value = options[sel.dataset.option]; });
    entry = fresh();
    drawForm();
    await refresh(Boolean(sessionId && hands.length)); // a session kept before its sheet was: kept with it now
  }

  addBtn.addEventListener("click", async () => {
    const a = await compute([...hands, entry]);
    if (!a.ok) { message.textContent = a.error[ctx.lang]; return; }
    hands.push({ ...entry, held: [...entry.held], sealed: [...entry.sealed] });
    const next = fresh();
    next.dealer = null;
    entry = next;
    drawForm();
    await refresh();
    const r = a.hands[a.hands.length - 1];
    message.textContent = t(`已记下第 ${a.hands.length} 盘：`, `Hand ${a.hands.length} entered: `) + r.settlement.summary[ctx.lang];
  });
  undoBtn.addEventListener("click", async () => {
    if (!hands.length) return;
    entry = hands.pop();
    drawForm();
    await refresh();
    message.textContent = t("已撤销最后一盘，可以改了再记。", "The last hand is undone: correct it and enter it again.");
  });
  clearBtn.addEventListener("click", () => { entry = fresh(); drawForm(); message.textContent = ""; });
  nameInputs.forEach((inp, s) => inp.addEventListener("change", async () => {
    names[s] = inp.value.replace(/[;\n]/g, " ").trim().slice(0, 20);
    drawForm();
    await refresh();
  }));
  optSelects.forEach((sel) => sel.addEventListener("change", async () => {
    options[sel.dataset.option] = sel.value;
    await refresh();
  }));

  box.replaceChildren(sessions, namesBox, optBox, form, el("div", { class: "gl-buttons" }, [undoBtn]), table, details);
  drawForm();
  bar = sessionBar(sessions, store, {
    lang: ctx.lang,
    call: ctx.call,
    labels: { zh: { title: "这一场的账", create: "新开一场", list: "选择一场" }, en: { title: "This session's ledger", create: "New session", list: "Choose a session" } },
    onOpen: (s) => { loading = load(s); },
    fresh: async () => {
      const a = await ctx.call({ game: "gupai", action: "ledger", hands: [] });
      return { text: a.ok ? a.record : "", meta: { hands: 0 } };
    },
    accept: (ans) => (ans.position && ans.position.sheet === "ledger" ? null
      : { zh: `这份记录不是${W.game.zh}的一本账。`, en: `This record is not a ledger of ${W.game.en}.` }),
  });
  if (!bar.current()) {
    const fresh = await ctx.call({ game: "gupai", action: "ledger", hands: [] });
    const s = store.create(t(`第 ${store.list().length + 1} 场`, `Session ${store.list().length + 1}`), fresh.ok ? fresh.record : "", { hands: 0 });
    bar.select(s.id);
  }
  await loading;
}
