// 鄂南骨牌 session ledger: what each hand at a real table came to, entered in a few taps. The engine
// settles every hand under the readings chosen ({"game": "gupai", "action": "ledger"}) and writes the
// session as a record; the session is kept on this device by sessions.js (nothing is sent anywhere).
// The seats, the tricks of a hand and the game's words come from the engine's options answer. The hands entered,
// the totals and how the last hand was settled are drawn by the view "gupai-ledger" (views/gupai.py, run in
// Pyodide beside the engine, the function that draws the build's first answer): this module draws the entry of the
// next hand, inserts the view's markup and keeps the sessions.
import { el, grey } from "./dom.js";
import { emptyRecord, keepTyping, openStore, playerName, sessionBar, shownName } from "./sessions.js";

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
    el("p", { class: "gl-own-note", "data-role": "own-first", text: t(`你保存在这台设备上的账：${shownName(cur, "zh")}（${cur.meta.hands} 盘）。规则程序一启动就可以接着记。`,
      `Your ledger kept on this device: ${shownName(cur, "en")} (${cur.meta.hands} hands). You can go on entering hands once the rules program has started.`) }),
    ...(ok ? [ownTable(sheet, t)] : []),
  );
}
if (typeof document !== "undefined") document.querySelectorAll(`.hw[data-widget="${KIND}"]`).forEach(ownFirst);

function blankHand(seats) {
  return { dealer: null, held: seats.map(() => 0), closer: null, sealed: [], zhizun: null, shang: "none", run: false, hard: false };
}

function seatButtons(m, role, pressed, onTap) {
  return el("div", { class: "gl-seats", role: "group" }, m.ALL.map((s) => {
    const b = el("button", { type: "button", class: "hw-btn gl-seat", "data-role": role, "data-seat": String(s),
      "aria-pressed": pressed(s) ? "true" : "false", text: m.short(s) });
    b.addEventListener("click", () => { onTap(s); m.drawForm(); });
    return b;
  }));
}

function toggle(m, role, on, zh, en, onTap) {
  const b = el("button", { type: "button", class: "hw-btn gl-toggle", "data-role": role, "aria-pressed": on ? "true" : "false", text: m.t(zh, en) });
  b.addEventListener("click", () => { onTap(); m.drawForm(); });
  return b;
}

function drawForm(m) {
  const e = m.entry;
  const n = m.editing === null ? m.hands.length + 1 : m.editing + 1;
  m.formTitle.textContent = m.editing === null ? m.t(`第 ${n} 盘`, `Hand ${n}`) : m.t(`改第 ${n} 盘（改好了按“记回第 ${n} 盘”）`, `Correcting hand ${n} (press “Put hand ${n} back” when done)`);
  m.addBtn.textContent = m.editing === null ? m.t("记下这一盘", "Enter this hand") : m.t(`记回第 ${n} 盘`, `Put hand ${n} back`);
  m.cancelBtn.hidden = m.editing === null;
  const sum = e.held.reduce((a, b) => a + b, 0);
  const rows = m.ALL.map((s) => {
    const minus = el("button", { type: "button", class: "hw-btn gl-step", "data-role": "less", "data-seat": String(s),
      "aria-label": m.t(`${m.seatName(s)}少一${m.W.trick.zh}`, `${m.seatNameEn(s)}: one trick fewer`), text: "−" });
    const plus = el("button", { type: "button", class: "hw-btn gl-step", "data-role": "more", "data-seat": String(s),
      "aria-label": m.t(`${m.seatName(s)}多一${m.W.trick.zh}`, `${m.seatNameEn(s)}: one trick more`), text: "+" });
    grey(minus, e.held[s] === 0 ? m.t(`${m.seatName(s)}是 0 ${m.W.trick.zh}，不能再少了`, `${m.seatNameEn(s)} has no trick: none fewer`) : "");
    grey(plus, sum >= m.TRICKS ? m.t(`一盘只有 ${m.TRICKS} ${m.W.trick.zh}，已经分完了：先给别家减一${m.W.trick.zh}`, `a hand has only ${m.TRICKS} tricks, all given: take one from another player first`) : "");
    minus.addEventListener("click", () => { e.held[s] = Math.max(0, e.held[s] - 1); m.drawForm(); });
    plus.addEventListener("click", () => {
      e.held[s] = Math.min(m.TRICKS, e.held[s] + 1);
      e.sealed = e.sealed.filter((x) => x !== s);
      m.drawForm();
    });
    return el("div", { class: "gl-held" }, [el("span", { class: "gl-who", text: m.short(s) }), minus,
      el("output", { "data-role": "held", "data-seat": String(s), text: String(e.held[s]) }), plus]);
  });
  const closerHeld = e.closer === null ? 0 : e.held[e.closer];
  m.form.replaceChildren(
    m.formTitle,
    el("p", { class: "gl-q", text: m.t(`谁${m.W.deal.zh}？`, "Who dealt?") }),
    m.seatButtons("dealer", (s) => e.dealer === s, (s) => { e.dealer = s; }),
    el("p", { class: "gl-q", text: m.t(`各家得了几${m.W.trick.zh}？（共 ${sum} / ${m.TRICKS}）`, `${cap(m.W.tricks.en)} each took (${sum} of ${m.TRICKS})`) }),
    ...rows,
    el("p", { class: "gl-q", text: m.t(`谁${m.W.closing.zh}（赢最后一圈）？`, `Who made ${m.W.closing.en}, winning the last trick?`) }),
    m.seatButtons("closer", (s) => e.closer === s, (s) => { e.closer = s; e.sealed = e.sealed.filter((x) => x !== s); }),
    el("p", { class: "gl-q", text: m.t(`谁${m.W.sealing.zh}？（可多选，不选就是没有）`, `Who ${m.W.sealing.en} (${m.W.sealing.zh})? (any number; none if none tapped)`) }),
    m.seatButtons("sealed", (s) => e.sealed.includes(s), (s) => {
      e.sealed = e.sealed.includes(s) ? e.sealed.filter((x) => x !== s) : [...e.sealed, s].sort();
      if (e.sealed.includes(s)) e.held[s] = 0;
    }),
    el("p", { class: "gl-q", text: m.t("谁明出了至尊（喜钱）？再按一次取消", "Who laid the supreme pair (至尊, wedding money)? Tap again to clear") }),
    m.seatButtons("zhizun", (s) => e.zhizun === s, (s) => { e.zhizun = e.zhizun === s ? null : s; }),
    el("p", { class: "gl-q", text: m.t(`${m.W.closing.zh}的人的赏（三点、六点）：`, "The closer's shang (赏, the three or the six):") }),
    el("div", { class: "gl-seats", role: "group" }, [
      ["none", "没有赏", "no shang"], ["hand", "手里有赏", "held one"], ["run", "最后连赢时出了赏", "played one in his final run"],
    ].map(([v, zh, en]) => m.toggle(`shang-${v}`, e.shang === v, zh, en, () => { e.shang = v; if (v === "run") e.run = closerHeld >= m.RUN && closerHeld < m.TRICKS ? true : e.run; }))),
    el("div", { class: "gl-seats", role: "group" }, [
      m.toggle("run", e.run, `${m.W.closing.zh}者连赢了最后 ${m.RUN} 张（或更多）牌的每一圈`, `The closer won every trick of the last ${m.RUN} tiles or more in a row`, () => { e.run = !e.run; }),
      m.toggle("hard", e.hard, "他得手之后，别家再没有打得起的牌（硬八马）", "Once he held the lead, nobody had a play to beat him (hard eight-horse)", () => { e.hard = !e.hard; }),
    ]),
    el("div", { class: "gl-buttons" }, [m.addBtn, m.clearBtn, m.cancelBtn]),
    m.message,
    el("div", { class: "gl-buttons" }, [m.confirmBtn]),
  );
  grey(m.addBtn, e.dealer === null && e.closer === null ? m.t(`先选谁${m.W.deal.zh}、谁${m.W.closing.zh}，才能记下这一盘`, `Choose who dealt and who made ${m.W.closing.en} first`)
    : e.dealer === null ? m.t(`先选谁${m.W.deal.zh}，才能记下这一盘`, "Choose who dealt first")
      : e.closer === null ? m.t(`先选谁${m.W.closing.zh}，才能记下这一盘`, `Choose who made ${m.W.closing.en} first`) : "");
}

async function compute(m, list) {
  // the corrections go into the record too (its History tag), not only into this device's session
  const hist = m.history.filter((h) => h.tag).map((h) => ({ ...h.tag, was: m.handOut(h.tag.was) }));
  const request = { game: "gupai", action: "ledger", hands: list.map(m.handOut), names: m.names, options: m.options, first: m.first, lang: m.ctx.lang, ...(hist.length ? { history: hist } : {}) };
  return m.ctx.call({ view: "gupai-ledger", lang: m.ctx.lang, request }); // the engine's answer, with the table drawn
}

function drawTable(m) { // the view's markup (views/gupai.py: the hands, the totals, how the last was settled)
  m.table.innerHTML = m.answer ? m.answer.html.table : "";
  m.details.innerHTML = m.answer ? m.answer.html.details : "";
  grey(m.undoBtn, !m.answer || !m.answer.hands.length ? m.t("账上还没有一盘，没有可撤销的", "No hand is entered yet: nothing to undo") : "");
  const none = !m.answer || !m.answer.hands.length ? m.t("账上还没有一盘，没有可改或可删的", "No hand is entered yet: nothing to correct or delete") : "";
  const k = m.pick.value;
  m.pick.replaceChildren(...(m.answer ? m.answer.hands : []).map((h, i) => el("option", { value: String(i), text: m.t(`第 ${i + 1} 盘：${h.zh}`, `Hand ${i + 1}: ${h.en}`) })));
  if (k && Number(k) < m.hands.length) m.pick.value = k;
  else if (m.hands.length) m.pick.value = String(m.hands.length - 1);
  grey(m.pick, none); grey(m.editBtn, none); grey(m.dropBtn, none);
  grey(m.sheetBtn, none ? m.t("账上还没有一盘，没有可导出的表", "No hand is entered yet: no sheet to export") : "");
  m.historyBox.replaceChildren(el("summary", { text: m.t(`改动记录（${m.history.length} 条）`, `Corrections (${m.history.length})`) }),
    el("ul", {}, m.history.map((h) => el("li", { text: `${new Date(h.at).toLocaleString(m.ctx.lang === "en" ? "en" : "zh-CN")}：${h.what[m.ctx.lang] || ""}` }))));
  m.historyBox.hidden = m.history.length === 0;
}

async function refresh(m, save = true) {
  const a = await m.compute(m.hands);
  if (!a.ok) {
    m.message.textContent = a.error[m.ctx.lang];
    return false;
  }
  m.answer = a;
  m.drawTable();
  // kept beside the record: the sheet as drawn, shown at once on the next visit before Python has started
  const sheet = { names: m.ALL.map((s) => m.short(s)), rows: a.hands.map((h) => h.settlement.nets), totals: a.totals };
  if (save && !m.sessionId && m.bar) m.bar.select(m.store.create({ zh: "新的一场", en: "New session" }, a.record, { hands: m.hands.length, sheet, history: m.history }).id);
  else if (save && m.sessionId) {
    const was = (m.store.list().find((x) => x.id === m.sessionId) || { meta: {} }).meta;
    m.store.save(m.sessionId, { text: a.record, meta: { ...(was.named ? { named: was.named } : {}), hands: m.hands.length, sheet, history: m.history } });
  }
  return true;
}

async function load(m, session) {
  const mine = ++m.loadSeq;
  const typed = keepTyping(m.nameInputs); // names typed while the session is read are the session's
  m.sessionId = session ? session.id : null;
  m.hands = []; m.names = m.SEATS.map(() => ""); m.first = 0; m.editing = null; m.pending = null; m.confirmBtn.hidden = true;
  m.history = session && session.meta && Array.isArray(session.meta.history) ? session.meta.history.filter((h) => h && h.what) : [];
  m.options = Object.fromEntries(m.optionList.map((o) => [o.id, o.default]));
  if (session && session.text) {
    const a = await m.ctx.call({ game: "gupai", action: "ledger", text: session.text });
    if (mine !== m.loadSeq) return;
    if (a.ok) {
      m.hands = a.hands.map((r) => r.hand);
      if (Array.isArray(a.names)) m.names = a.names.slice(0, m.SEATS.length);
      for (const o of m.optionList) m.options[o.id] = a.options[o.id];
      m.first = a.first;
      // a record imported from a file: its corrections come from its History tag
      if (!m.history.length && Array.isArray(a.history)) {
        m.history = a.history.map((h) => ({ at: Date.now(), tag: { hand: h.hand, kind: h.kind, was: h.was },
          what: { zh: `${h.kind === "deleted" ? "删去了" : "改了"}第 ${h.hand} 盘（记录里的改动）`, en: `Hand ${h.hand} ${h.kind === "deleted" ? "deleted" : "corrected"} (from the record)` } }));
      }
    } else {
      m.message.textContent = a.error[m.ctx.lang];
    }
  }
  m.names = typed(m.names).map((v, s) => playerName(v, m.nameInputs[s]));
  m.optSelects.forEach((sel) => { sel.value = m.options[sel.dataset.option]; });
  m.entry = m.fresh();
  m.drawForm();
  await m.refresh(Boolean(m.sessionId && m.hands.length)); // a session kept before its sheet was: kept with it now
}

async function record(m, a) {
  const k = m.editing === null ? m.hands.length : m.editing;
  if (m.editing === null) m.hands.push(m.copyHand(m.entry));
  else {
    m.history.push({ at: Date.now(), tag: { hand: k + 1, kind: "corrected", was: m.copyHand(m.hands[k]) }, what: { zh: `改了第 ${k + 1} 盘：原来是“${m.answer.hands[k].zh}”，改成“${a.hands[k].zh}”`, en: `Hand ${k + 1} corrected: it was “${m.answer.hands[k].en}”, now “${a.hands[k].en}”` } });
    m.hands[k] = m.copyHand(m.entry);
  }
  m.editing = null; m.pending = null; m.confirmBtn.hidden = true;
  m.entry = m.fresh();
  m.drawForm();
  await m.refresh();
  const r = a.hands[k];
  m.message.textContent = m.t(`已记下第 ${k + 1} 盘：`, `Hand ${k + 1} entered: `) + r.settlement.summary[m.ctx.lang];
}

/** The printable sheet, Undo and Clear, and the names and readings: each change settles the ledger again. */
function wireSheet(m) {
  // the ledger as a sheet a family can read and print, in the page's language, with their names (issue 44)
  m.sheetBtn.addEventListener("click", () => {
    if (!m.answer || !m.answer.hands.length) return;
    const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
    const who = m.ALL.map((s) => m.short(s));
    const title = m.t(`${m.W.game.zh}的账：${who.join("、")}`, `${m.W.game.en} ledger: ${who.join(", ")}`);
    const why = m.answer.hands.map((h, i) => `<li>${esc(m.t(`第 ${i + 1} 盘：`, `Hand ${i + 1}: `))}${esc(h[m.ctx.lang])}</li>`).join("");
    const html = `<!doctype html><html lang="${m.ctx.lang === "en" ? "en" : "zh-CN"}"><head><meta charset="utf-8"><title>${esc(title)}</title>`
      + "<style>body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse}th,td{border:1px solid #888;padding:.3em .6em;text-align:right}td.why{text-align:left;font-size:.85em}tfoot{font-weight:bold}</style></head><body>"
      // the table as the view drew it on the page (views/gupai.py: the family's names, every hand, the totals)
      + `<h1>${esc(title)}</h1>${m.answer.html.table}<ol>${why}</ol>`
      + (m.history.length ? `<h2>${esc(m.t("改动记录", "Corrections"))}</h2><ul>${m.history.map((h) => `<li>${esc(h.what[m.ctx.lang] || "")}</li>`).join("")}</ul>` : "")
      + "</body></html>";
    const a = el("a", { href: URL.createObjectURL(new Blob([html], { type: "text/html;charset=utf-8" })), download: `${title.replace(/[\\/:*?"<>|]/g, " ")}.html`, hidden: "" });
    document.body.append(a);
    a.click();
    a.remove();
    m.message.textContent = m.t(`已导出：${a.download}`, `Exported: ${a.download}`);
  });
  m.undoBtn.addEventListener("click", async () => {
    if (!m.hands.length) return;
    m.history.push({ at: Date.now(), tag: { hand: m.hands.length, kind: "deleted", was: m.copyHand(m.hands[m.hands.length - 1]) }, what: { zh: `撤销了第 ${m.hands.length} 盘：“${m.answer.hands[m.hands.length - 1].zh}”`, en: `Hand ${m.hands.length} undone: “${m.answer.hands[m.hands.length - 1].en}”` } });
    m.editing = null; m.pending = null; m.confirmBtn.hidden = true;
    m.entry = m.hands.pop();
    m.drawForm();
    await m.refresh();
    m.message.textContent = m.t("已撤销最后一盘，可以改了再记。", "The last hand is undone: correct it and enter it again.");
  });
  m.clearBtn.addEventListener("click", () => { m.entry = m.fresh(); m.drawForm(); m.message.textContent = ""; });
  m.nameInputs.forEach((inp, s) => inp.addEventListener("change", async () => {
    m.names[s] = playerName(inp.value, inp);
    m.drawForm();
    await m.refresh();
    // a session still under its first name is named after the family: the list and the exported file say who played
    const cur = m.sessionId && m.store.list().find((x) => x.id === m.sessionId);
    // (a name the page gave is kept in both languages; older sessions kept only the page's own words)
    if (cur && m.names.some(Boolean) && (cur.names || /^第 \d+ 场$|^Session \d+$/.test(cur.name) || cur.name === m.t("新的一场", "New session") || cur.meta.named === cur.name)) {
      const who = (l) => m.ALL.map((x) => (m.names[x] ? m.names[x] : m.SEATS[x].letter[l]));
      m.store.save(m.sessionId, { name: { zh: `${who("zh").join("、")}的账`, en: `Ledger of ${who("en").join(", ")}` }, meta: { ...cur.meta } });
      m.bar.refresh();
    }
  }));
  m.optSelects.forEach((sel) => sel.addEventListener("change", async () => {
    m.options[sel.dataset.option] = sel.value;
    await m.refresh();
  }));
}

/** Entering a hand (confirmed first when it pays more than its tricks), correcting one and deleting one. */
function wireHands(m) {
  m.addBtn.addEventListener("click", async () => {
    const a = await m.compute(m.withEntry());
    // refused: the engine says why, right under the form's button
    if (!a.ok) { m.message.textContent = m.t("这一盘记不下：", "This hand cannot be entered: ") + a.error[m.ctx.lang]; return; }
    const k = m.editing === null ? a.hands.length - 1 : m.editing;
    const r = a.hands[k];
    // a hand that makes someone pay more than the tricks (eight-horse, the supreme pair's money) is confirmed first
    if (r.kind || r.settlement.multiplier > 1 || m.entry.zhizun !== null) {
      m.pending = a;
      m.message.textContent = m.t(`请确认第 ${k + 1} 盘：`, `Please confirm hand ${k + 1}: `) + r.settlement.summary[m.ctx.lang]
        + " " + r[m.ctx.lang] + m.t(" 没错就按下面的按钮记下；不对就改上面的选择。", " If this is right, press the button below; if not, change the choices above.");
      m.confirmBtn.textContent = m.t(`没错，记下第 ${k + 1} 盘`, `Right: enter hand ${k + 1}`);
      m.confirmBtn.hidden = false;
      m.confirmBtn.focus();
      return;
    }
    await m.record(a);
  });
  m.confirmBtn.addEventListener("click", async () => { if (m.pending) await m.record(m.pending); });
  m.editBtn.addEventListener("click", () => {
    const k = Number(m.pick.value);
    if (!(k >= 0 && k < m.hands.length)) return;
    m.editing = k; m.pending = null; m.confirmBtn.hidden = true;
    m.entry = m.copyHand(m.hands[k]); // the form reopens filled with the hand being corrected
    m.drawForm();
    m.message.textContent = m.t(`第 ${k + 1} 盘已经填回表单：改好了按“记回第 ${k + 1} 盘”，后面各盘的累计会重算。`, `Hand ${k + 1} is back in the form: correct it and press “Put hand ${k + 1} back”; the later totals are worked out again.`);
    m.form.scrollIntoView({ block: "nearest" });
  });
  m.cancelBtn.addEventListener("click", () => { m.editing = null; m.pending = null; m.confirmBtn.hidden = true; m.entry = m.fresh(); m.drawForm(); m.message.textContent = ""; });
  m.dropArmed = null;
  m.dropBtn.addEventListener("click", async () => {
    const k = Number(m.pick.value);
    if (!(k >= 0 && k < m.hands.length)) return;
    if (m.dropArmed !== k) { // asked once more, in words, before a hand goes
      m.dropArmed = k;
      m.message.textContent = m.t(`真要删去第 ${k + 1} 盘（${m.answer.hands[k].zh}）吗？再按一次“删去这一盘”就删。`, `Really delete hand ${k + 1} (${m.answer.hands[k].en})? Press “Delete this hand” again to delete it.`);
      return;
    }
    m.dropArmed = null;
    m.history.push({ at: Date.now(), tag: { hand: k + 1, kind: "deleted", was: m.copyHand(m.hands[k]) }, what: { zh: `删去了第 ${k + 1} 盘：“${m.answer.hands[k].zh}”`, en: `Hand ${k + 1} deleted: “${m.answer.hands[k].en}”` } });
    m.hands.splice(k, 1);
    if (m.editing !== null) { m.editing = null; m.entry = m.fresh(); m.drawForm(); }
    await m.refresh();
    m.message.textContent = m.t(`已删去第 ${k + 1} 盘，后面各盘的累计已重算。`, `Hand ${k + 1} is deleted; the later totals are worked out again.`);
  });
}

/** The ledger's boxes: the sessions, the names, the readings, the entry form, its buttons and the table. */
function ledgerLayout(m) {
  m.sessions = el("div", { "data-role": "sessions" });
  m.namesBox = el("fieldset", { class: "gl-names" }, [el("legend", { text: m.t("四家的名字（可不填）", "The four players' names (optional)") })]);
  m.nameInputs = m.ALL.map((s) => {
    const id = `${m.root.id || "gl"}-name-${s}`;
    const input = el("input", { id, type: "text", maxlength: "20", autocomplete: "off", "data-role": "name", "data-seat": String(s),
      placeholder: m.t(m.SEATS[s].zh, m.SEATS[s].en) });
    m.namesBox.append(el("span", { class: "gl-name" }, [el("label", { for: id, text: m.t(m.SEATS[s].zh, m.SEATS[s].letter.en) }), input]));
    return input;
  });
  m.optBox = el("details", { class: "gl-options" }, [el("summary", { text: m.t("读法（规则选项）", "Readings (rule options)") })]);
  m.optSelects = m.optionList.map((o) => {
    const id = `${m.root.id || "gl"}-opt-${o.id}`;
    const sel = el("select", { id, "data-option": o.id });
    for (const c of o.choice_words) sel.append(el("option", { value: c.id, text: c[m.ctx.lang] }));
    m.optBox.append(el("p", {}, [el("label", { for: id, text: o[m.ctx.lang] }), el("br"), sel]));
    return sel;
  });

  m.form = el("fieldset", { class: "gl-entry", "data-role": "entry" });
  m.formTitle = el("legend");
  m.message = el("p", { class: "gl-message", "data-role": "message", role: "status" });
  m.addBtn = el("button", { type: "button", class: "hw-btn gl-add", "data-role": "add", text: m.t("记下这一盘", "Enter this hand") });
  m.undoBtn = el("button", { type: "button", class: "hw-btn", "data-role": "undo", text: m.t("撤销最后一盘", "Undo the last hand") });
  m.clearBtn = el("button", { type: "button", class: "hw-btn", "data-role": "clear", text: m.t("重填", "Clear") });
  m.table = el("div", { class: "gl-table", "data-role": "result" });
  // any hand can be corrected or deleted (issue 45): chosen here, refilled into the form; every change kept
  m.pick = el("select", { "data-role": "pick-hand", class: "gl-pick" });
  m.editBtn = el("button", { type: "button", class: "hw-btn", "data-role": "edit-hand", text: m.t("改这一盘", "Correct this hand") });
  m.dropBtn = el("button", { type: "button", class: "hw-btn", "data-role": "delete-hand", text: m.t("删去这一盘", "Delete this hand") });
  m.cancelBtn = el("button", { type: "button", class: "hw-btn", "data-role": "cancel-edit", text: m.t("不改了", "Stop correcting"), hidden: "" });
  m.confirmBtn = el("button", { type: "button", class: "hw-btn", "data-role": "confirm-add", hidden: "" });
  m.fixRow = el("div", { class: "gl-buttons gl-fix", "data-role": "fix" }, [
    el("label", { text: m.t("已记的一盘：", "A hand entered: ") }, [m.pick]), m.editBtn, m.dropBtn]);
  m.historyBox = el("details", { class: "gl-history", "data-role": "history" });
  m.sheetBtn = el("button", { type: "button", class: "hw-btn", "data-role": "sheet-export", text: m.t("导出为可打印的表（.html）", "Export as a printable sheet (.html)") });
}

export async function ledgerWidget(root, ctx) {
  const m = { root, ctx }; // the mount: everything the parts of the ledger share (its words, its boxes, the session)
  m.seatButtons = (...a) => seatButtons(m, ...a);
  m.toggle = (...a) => toggle(m, ...a);
  m.drawForm = (...a) => drawForm(m, ...a);
  m.compute = (...a) => compute(m, ...a);
  m.drawTable = (...a) => drawTable(m, ...a);
  m.refresh = (...a) => refresh(m, ...a);
  m.load = (...a) => load(m, ...a);
  m.record = (...a) => record(m, ...a);
  m.t = m.ctx.t;
  m.box = m.root.querySelector('[data-role="ledger"]') || m.root.querySelector(".hw-body");
  m.optsAns = await m.ctx.call({ game: "gupai", action: "options" });
  if (!m.optsAns.ok) throw new Error(m.optsAns.error.en);
  m.optionList = m.optsAns.options.filter((o) => o.settles); // the readings that change what a hand settles to
  m.SEATS = m.optsAns.table.seats; // each seat's name and letter, in both languages
  m.ALL = m.SEATS.map((_, s) => s);
  m.TRICKS = m.optsAns.table.tricks; // the tricks of a hand
  m.RUN = m.optsAns.table.run; // the last tiles a closing run must win
  m.W = m.optsAns.words;
  m.fresh = () => blankHand(m.SEATS);

  m.hands = [];
  m.names = m.SEATS.map(() => "");
  m.options = Object.fromEntries(m.optionList.map((o) => [o.id, o.default]));
  m.first = 0;
  m.answer = null;
  m.entry = m.fresh();
  m.sessionId = null;
  m.store = openStore(KIND);
  m.bar = null;

  m.seatName = (s) => (m.names[s] ? `${m.names[s]}（${m.SEATS[s].letter.zh}）` : m.SEATS[s].zh);
  m.seatNameEn = (s) => (m.names[s] ? `${m.names[s]} (${m.SEATS[s].letter.en})` : m.SEATS[s].en);
  m.short = (s) => (m.names[s] ? m.names[s] : m.t(m.SEATS[s].letter.zh, m.SEATS[s].letter.en));

  // ------------------------------------------------------------ layout
  ledgerLayout(m);
  m.editing = null; // the index of the hand being corrected, or null
  m.pending = null; // a hand that asks for confirmation before it is recorded
  m.history = []; // every correction and deletion: {at, what: {zh, en}}
  m.details = el("div", { class: "gl-details", "data-role": "details" });

  // ------------------------------------------------------------ the engine
  m.handOut = (h) => ({ dealer: h.dealer, held: h.held, closer: h.closer, sealed: h.sealed, zhizun: h.zhizun, shang: h.shang, run: h.run, hard: h.hard });

  m.loadSeq = 0;
  m.loading = null;

  m.copyHand = (h) => ({ ...h, held: [...h.held], sealed: [...h.sealed] });
  // the list with the entry in its place (a correction) or at the end (a new hand)
  m.withEntry = () => (m.editing === null ? [...m.hands, m.entry] : m.hands.map((h, i) => (i === m.editing ? m.entry : h)));
  wireHands(m);
  wireSheet(m);
  m.box.replaceChildren(m.sessions, m.namesBox, m.optBox, m.form, el("div", { class: "gl-buttons" }, [m.undoBtn, m.sheetBtn]), m.fixRow, m.table, m.details, m.historyBox);
  m.drawForm();
  m.bar = sessionBar(m.sessions, m.store, {
    lang: m.ctx.lang,
    call: m.ctx.call,
    labels: { zh: { title: "这一场的账", create: "新开一场", list: "选择一场" }, en: { title: "This session's ledger", create: "New session", list: "Choose a session" } },
    onOpen: (s) => { m.loading = m.load(s); },
    fresh: emptyRecord(m.ctx.call, { game: "gupai", action: "ledger", hands: [] }), // an empty ledger's record
    accept: (ans) => (ans.position && ans.position.sheet === "ledger" ? null
      : { zh: `这份记录不是${m.W.game.zh}的一本账。`, en: `This record is not a ledger of ${m.W.game.en}.` }),
  });
  const k = m.store.list().length + 1;
  if (!m.bar.current()) await m.bar.openNew({ zh: `第 ${k} 场`, en: `Session ${k}` });
  await m.loading;
}
