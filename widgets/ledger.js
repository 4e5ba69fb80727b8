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
  const sums = sheet.totals; // the kept copy of the view's totals (no engine answer here: Python has not started)
  const total = el("tr", { class: "gl-own-total" }, [el("th", { scope: "row", text: t("累计", "Total") }), ...sums.map((x) => el("td", { text: sign(Number(x)) }))]);
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
  // any hand can be corrected or deleted (issue 45): chosen here, refilled into the form; every change kept
  const pick = el("select", { "data-role": "pick-hand", class: "gl-pick" });
  const editBtn = el("button", { type: "button", class: "hw-btn", "data-role": "edit-hand", text: t("改这一盘", "Correct this hand") });
  const dropBtn = el("button", { type: "button", class: "hw-btn", "data-role": "delete-hand", text: t("删去这一盘", "Delete this hand") });
  const cancelBtn = el("button", { type: "button", class: "hw-btn", "data-role": "cancel-edit", text: t("不改了", "Stop correcting"), hidden: "" });
  const confirmBtn = el("button", { type: "button", class: "hw-btn", "data-role": "confirm-add", hidden: "" });
  const fixRow = el("div", { class: "gl-buttons gl-fix", "data-role": "fix" }, [
    el("label", { text: t("已记的一盘：", "A hand entered: ") }, [pick]), editBtn, dropBtn]);
  const historyBox = el("details", { class: "gl-history", "data-role": "history" });
  const sheetBtn = el("button", { type: "button", class: "hw-btn", "data-role": "sheet-export", text: t("导出为可打印的表（.html）", "Export as a printable sheet (.html)") });
  let editing = null; // the index of the hand being corrected, or null
  let pending = null; // a hand that asks for confirmation before it is recorded
  let history = []; // every correction and deletion: {at, what: {zh, en}}
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
    const n = editing === null ? hands.length + 1 : editing + 1;
    formTitle.textContent = editing === null ? t(`第 ${n} 盘`, `Hand ${n}`) : t(`改第 ${n} 盘（改好了按“记回第 ${n} 盘”）`, `Correcting hand ${n} (press “Put hand ${n} back” when done)`);
    addBtn.textContent = editing === null ? t("记下这一盘", "Enter this hand") : t(`记回第 ${n} 盘`, `Put hand ${n} back`);
    cancelBtn.hidden = editing === null;
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
      el("p", { class: "gl-q", text: t(`谁${W.deal.zh}？`, "Who dealt?") }),
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
      el("div", { class: "gl-buttons" }, [addBtn, clearBtn, cancelBtn]),
      message,
      el("div", { class: "gl-buttons" }, [confirmBtn]),
    );
    grey(addBtn, e.dealer === null && e.closer === null ? t(`先选谁${W.deal.zh}、谁${W.closing.zh}，才能记下这一盘`, `Choose who dealt and who made ${W.closing.en} first`)
      : e.dealer === null ? t(`先选谁${W.deal.zh}，才能记下这一盘`, "Choose who dealt first")
        : e.closer === null ? t(`先选谁${W.closing.zh}，才能记下这一盘`, `Choose who made ${W.closing.en} first`) : "");
  }

  // ------------------------------------------------------------ the engine
  const handOut = (h) => ({ dealer: h.dealer, held: h.held, closer: h.closer, sealed: h.sealed, zhizun: h.zhizun, shang: h.shang, run: h.run, hard: h.hard });

  async function compute(list) {
    // the corrections go into the record too (its History tag), not only into this device's session
    const hist = history.filter((h) => h.tag).map((h) => ({ ...h.tag, was: handOut(h.tag.was) }));
    const request = { game: "gupai", action: "ledger", hands: list.map(handOut), names, options, first, lang: ctx.lang, ...(hist.length ? { history: hist } : {}) };
    return ctx.call({ view: "gupai-ledger", lang: ctx.lang, request }); // the engine's answer, with the table drawn
  }

  function drawTable() { // the view's markup (views/gupai.py: the hands, the totals, how the last was settled)
    table.innerHTML = answer ? answer.html.table : "";
    details.innerHTML = answer ? answer.html.details : "";
    grey(undoBtn, !answer || !answer.hands.length ? t("账上还没有一盘，没有可撤销的", "No hand is entered yet: nothing to undo") : "");
    const none = !answer || !answer.hands.length ? t("账上还没有一盘，没有可改或可删的", "No hand is entered yet: nothing to correct or delete") : "";
    const k = pick.value;
    pick.replaceChildren(...(answer ? answer.hands : []).map((h, i) => el("option", { value: String(i), text: t(`第 ${i + 1} 盘：${h.zh}`, `Hand ${i + 1}: ${h.en}`) })));
    if (k && Number(k) < hands.length) pick.value = k;
    else if (hands.length) pick.value = String(hands.length - 1);
    grey(pick, none); grey(editBtn, none); grey(dropBtn, none);
    grey(sheetBtn, none ? t("账上还没有一盘，没有可导出的表", "No hand is entered yet: no sheet to export") : "");
    historyBox.replaceChildren(el("summary", { text: t(`改动记录（${history.length} 条）`, `Corrections (${history.length})`) }),
      el("ul", {}, history.map((h) => el("li", { text: `${new Date(h.at).toLocaleString(ctx.lang === "en" ? "en" : "zh-CN")}：${h.what[ctx.lang] || ""}` }))));
    historyBox.hidden = history.length === 0;
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
    if (save && !sessionId && bar) bar.select(store.create(t("新的一场", "New session"), a.record, { hands: hands.length, sheet, history }).id);
    else if (save && sessionId) {
      const was = (store.list().find((x) => x.id === sessionId) || { meta: {} }).meta;
      store.save(sessionId, { text: a.record, meta: { ...(was.named ? { named: was.named } : {}), hands: hands.length, sheet, history } });
    }
    return true;
  }

  let loadSeq = 0;
  let loading = null;
  async function load(session) {
    const mine = ++loadSeq;
    sessionId = session ? session.id : null;
    hands = []; names = SEATS.map(() => ""); first = 0; editing = null; pending = null; confirmBtn.hidden = true;
    history = session && session.meta && Array.isArray(session.meta.history) ? session.meta.history.filter((h) => h && h.what) : [];
    options = Object.fromEntries(optionList.map((o) => [o.id, o.default]));
    if (session && session.text) {
      const a = await ctx.call({ game: "gupai", action: "ledger", text: session.text });
      if (mine !== loadSeq) return;
      if (a.ok) {
        hands = a.hands.map((r) => r.hand);
        if (Array.isArray(a.names)) names = a.names.slice(0, SEATS.length);
        for (const o of optionList) options[o.id] = a.options[o.id];
        first = a.first;
        // a record imported from a file: its corrections come from its History tag
        if (!history.length && Array.isArray(a.history)) {
          history = a.history.map((h) => ({ at: Date.now(), tag: { hand: h.hand, kind: h.kind, was: h.was },
            what: { zh: `${h.kind === "deleted" ? "删去了" : "改了"}第 ${h.hand} 盘（记录里的改动）`, en: `Hand ${h.hand} ${h.kind === "deleted" ? "deleted" : "corrected"} (from the record)` } }));
        }
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

  const copyHand = (h) => ({ ...h, held: [...h.held], sealed: [...h.sealed] });
  // the list with the entry in its place (a correction) or at the end (a new hand)
  const withEntry = () => (editing === null ? [...hands, entry] : hands.map((h, i) => (i === editing ? entry : h)));
  async function record(a) {
    const k = editing === null ? hands.length : editing;
    if (editing === null) hands.push(copyHand(entry));
    else {
      history.push({ at: Date.now(), tag: { hand: k + 1, kind: "corrected", was: copyHand(hands[k]) }, what: { zh: `改了第 ${k + 1} 盘：原来是“${answer.hands[k].zh}”，改成“${a.hands[k].zh}”`, en: `Hand ${k + 1} corrected: it was “${answer.hands[k].en}”, now “${a.hands[k].en}”` } });
      hands[k] = copyHand(entry);
    }
    editing = null; pending = null; confirmBtn.hidden = true;
    entry = fresh();
    drawForm();
    await refresh();
    const r = a.hands[k];
    message.textContent = t(`已记下第 ${k + 1} 盘：`, `Hand ${k + 1} entered: `) + r.settlement.summary[ctx.lang];
  }
  addBtn.addEventListener("click", async () => {
    const a = await compute(withEntry());
    // refused: the engine says why, right under the form's button
    if (!a.ok) { message.textContent = t("这一盘记不下：", "This hand cannot be entered: ") + a.error[ctx.lang]; return; }
    const k = editing === null ? a.hands.length - 1 : editing;
    const r = a.hands[k];
    // a hand that makes someone pay more than the tricks (eight-horse, the supreme pair's money) is confirmed first
    if (r.kind || r.settlement.multiplier > 1 || entry.zhizun !== null) {
      pending = a;
      message.textContent = t(`请确认第 ${k + 1} 盘：`, `Please confirm hand ${k + 1}: `) + r.settlement.summary[ctx.lang]
        + " " + r[ctx.lang] + t(" 没错就按下面的按钮记下；不对就改上面的选择。", " If this is right, press the button below; if not, change the choices above.");
      confirmBtn.textContent = t(`没错，记下第 ${k + 1} 盘`, `Right: enter hand ${k + 1}`);
      confirmBtn.hidden = false;
      confirmBtn.focus();
      return;
    }
    await record(a);
  });
  confirmBtn.addEventListener("click", async () => { if (pending) await record(pending); });
  editBtn.addEventListener("click", () => {
    const k = Number(pick.value);
    if (!(k >= 0 && k < hands.length)) return;
    editing = k; pending = null; confirmBtn.hidden = true;
    entry = copyHand(hands[k]); // the form reopens filled with the hand being corrected
    drawForm();
    message.textContent = t(`第 ${k + 1} 盘已经填回表单：改好了按“记回第 ${k + 1} 盘”，后面各盘的累计会重算。`, `Hand ${k + 1} is back in the form: correct it and press “Put hand ${k + 1} back”; the later totals are worked out again.`);
    form.scrollIntoView({ block: "nearest" });
  });
  cancelBtn.addEventListener("click", () => { editing = null; pending = null; confirmBtn.hidden = true; entry = fresh(); drawForm(); message.textContent = ""; });
  let dropArmed = null;
  dropBtn.addEventListener("click", async () => {
    const k = Number(pick.value);
    if (!(k >= 0 && k < hands.length)) return;
    if (dropArmed !== k) { // asked once more, in words, before a hand goes
      dropArmed = k;
      message.textContent = t(`真要删去第 ${k + 1} 盘（${answer.hands[k].zh}）吗？再按一次“删去这一盘”就删。`, `Really delete hand ${k + 1} (${answer.hands[k].en})? Press “Delete this hand” again to delete it.`);
      return;
    }
    dropArmed = null;
    history.push({ at: Date.now(), tag: { hand: k + 1, kind: "deleted", was: copyHand(hands[k]) }, what: { zh: `删去了第 ${k + 1} 盘：“${answer.hands[k].zh}”`, en: `Hand ${k + 1} deleted: “${answer.hands[k].en}”` } });
    hands.splice(k, 1);
    if (editing !== null) { editing = null; entry = fresh(); drawForm(); }
    await refresh();
    message.textContent = t(`已删去第 ${k + 1} 盘，后面各盘的累计已重算。`, `Hand ${k + 1} is deleted; the later totals are worked out again.`);
  });
  // the ledger as a sheet a family can read and print, in the page's language, with their names (issue 44)
  sheetBtn.addEventListener("click", () => {
    if (!answer || !answer.hands.length) return;
    const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
    const who = ALL.map((s) => short(s));
    const title = t(`${W.game.zh}的账：${who.join("、")}`, `${W.game.en} ledger: ${who.join(", ")}`);
    const why = answer.hands.map((h, i) => `<li>${esc(t(`第 ${i + 1} 盘：`, `Hand ${i + 1}: `))}${esc(h[ctx.lang])}</li>`).join("");
    const html = `<!doctype html><html lang="${ctx.lang === "en" ? "en" : "zh-CN"}"><head><meta charset="utf-8"><title>${esc(title)}</title>`
      + "<style>body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse}th,td{border:1px solid #888;padding:.3em .6em;text-align:right}td.why{text-align:left;font-size:.85em}tfoot{font-weight:bold}</style></head><body>"
      // the table as the view drew it on the page (views/gupai.py: the family's names, every hand, the totals)
      + `<h1>${esc(title)}</h1>${answer.html.table}<ol>${why}</ol>`
      + (history.length ? `<h2>${esc(t("改动记录", "Corrections"))}</h2><ul>${history.map((h) => `<li>${esc(h.what[ctx.lang] || "")}</li>`).join("")}</ul>` : "")
      + "</body></html>";
    const a = el("a", { href: URL.createObjectURL(new Blob([html], { type: "text/html;charset=utf-8" })), download: `${title.replace(/[\\/:*?"<>|]/g, " ")}.html`, hidden: "" });
    document.body.append(a);
    a.click();
    a.remove();
    message.textContent = t(`已导出：${a.download}`, `Exported: ${a.download}`);
  });
  undoBtn.addEventListener("click", async () => {
    if (!hands.length) return;
    history.push({ at: Date.now(), tag: { hand: hands.length, kind: "deleted", was: copyHand(hands[hands.length - 1]) }, what: { zh: `撤销了第 ${hands.length} 盘：“${answer.hands[hands.length - 1].zh}”`, en: `Hand ${hands.length} undone: “${answer.hands[hands.length - 1].en}”` } });
    editing = null; pending = null; confirmBtn.hidden = true;
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
    // a session still under its first name is named after the family: the list and the exported file say who played
    const cur = sessionId && store.list().find((x) => x.id === sessionId);
    if (cur && names.some(Boolean) && (/^第 \d+ 场$|^Session \d+$/.test(cur.name) || cur.name === t("新的一场", "New session") || cur.meta.named === cur.name)) {
      const named = t(`${ALL.map((x) => short(x)).join("、")}的账`, `Ledger of ${ALL.map((x) => short(x)).join(", ")}`);
      store.save(sessionId, { name: named, meta: { ...cur.meta, named } });
      bar.refresh();
    }
  }));
  optSelects.forEach((sel) => sel.addEventListener("change", async () => {
    options[sel.dataset.option] = sel.value;
    await refresh();
  }));

  box.replaceChildren(sessions, namesBox, optBox, form, el("div", { class: "gl-buttons" }, [undoBtn, sheetBtn]), fixRow, table, details, historyBox);
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
