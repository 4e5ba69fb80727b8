// 跑胡子 match sheet at a real table: each hand entered after its showdown (who won and how, the 戏 and
// 番 or the winning hand card by card, the fouls, the bird card); the engine keeps the booklet's sheet
// ({"game": "paohuzi", "action": "sheet"}): the seats of each hand, 等, points, running totals and the
// ranking, the sheet as CSV and as a written record. Sessions are kept on this device (sessions.js).
import { el, pressGuard, skipLink } from "./dom.js";
import { emptyRecord, keepTyping, openStore, playerName, sessionBar } from "./sessions.js";

// Every word and bound of the game the form shows (the tables, the players' letters, the seats of a hand, the
// fouls, the kinds of group, the 番, the cards, the columns of the sheet) comes from the engine's sheet answer
// asked with "form" (engine/paohuzi/sheet.py form_words); the huxi a new hand starts at is the sheet's threshold.

function blankEntry(words) {
  return { winner: undefined, zimo: false, mode: "huxi", huxi: null, fan: [], fouls: {}, bird: "",
    cards: { hand: [], open: [], card: null, source: words.sources[0].id, target: "hand", kind: words.kinds[0].id, group: [] } };
}

// a free tag of the record (the date, the event), as the record writes it
function tagOf(text, tag) {
  const m = new RegExp(`^\\[${tag} "((?:[^"\\\\]|\\\\.)*)"\\]$`, "m").exec(text || "");
  return m ? m[1].replace(/\\(.)/g, "$1") : "";
}

const KIND = "paohuzi-sheet";

// The reader's own sheet first: this module is loaded while Python starts (runtime.js), so its first lines draw
// the saved sheet of the current session (kept beside its record as the view drew it) in place of the build's
// example, before the engine answers anything.
function showSaved(root) {
  const s = openStore(KIND).current();
  const html = s && s.meta && s.meta.html;
  const box = root.querySelector('[data-role="result"]');
  if (!html || !box || typeof html.result !== "string") return false;
  box.innerHTML = (html.standing || "") + html.result;
  root.dataset.saved = "1";
  return true;
}
for (const root of document.querySelectorAll('[data-widget="matchsheet-sheet"]')) showSaved(root);

function entryOut(m, e) {
  const out = { winner: e.winner === undefined ? null : e.winner, fouls: Object.entries(e.fouls).filter(([, k]) => k).map(([p, k]) => ({ player: Number(p), kind: k })) };
  if (m.setup.table === "four" && m.setup.birds && e.bird) out.bird = e.bird;
  if (e.winner === null || e.winner === undefined) return out;
  if (e.mode === "cards") {
    out.cards = { hand: e.cards.hand, open: e.cards.open, card: e.cards.card, source: e.cards.source };
  } else {
    Object.assign(out, { self_drawn: e.zimo, huxi: Number(m.huxiOf(e)) || 0, fan: e.fan });
  }
  return out;
}

async function ask(m, req) {
  m.root.dataset.busy = String(++m.pending);
  try {
    return await m.ctx.call(req.view || req.action !== "sheet" || req.form || req.text ? req : { view: "paohuzi-matchsheet", lang: m.lang, request: req });
  } finally {
    m.root.dataset.busy = String(--m.pending);
  }
}

async function refresh(m, save = true) {
  const v = m.changed;
  const a = await m.ask(m.formRequest());
  await m.untouched(); // a tap under way keeps its button
  if (!a.ok) { m.message.textContent = a.error[m.lang]; return false; }
  m.answer = a;
  m.drawReadings();
  m.drawSheet();
  await m.drawForm(a, v);
  if (save) m.keep(a);
  return true;
}

// the session: the record, and the sheet as drawn (shown at once on the next visit, before Python starts);
// a match with a name gives the session (and so its exported file) that name
function keep(m, a) {
  if (!m.sessionId) return;
  const named = [m.setup.event, m.setup.date].filter(Boolean).join(" ");
  const html = a.html && { standing: a.html.standing, result: a.html.result, history: a.html.history }; // the sheet, not the form
  m.store.save(m.sessionId, { text: a.record, meta: { hands: m.hands.length, html }, ...(named ? { name: named } : {}) });
  if (named && m.bar) m.bar.refresh();
}

// focus stays on the control the reader used (or the next sensible one) when the form is drawn again
function focusKey(m, x) {
  if (!x || !m.form.contains(x)) return null;
  return ["data-role", "data-player", "data-fan", "data-card", "data-kind", "data-target", "data-mode"].map((k) => (x.hasAttribute(k) ? `[${k}="${x.getAttribute(k)}"]` : "")).join("");
}

function refocus(m, key, fallback) {
  const got = key ? m.form.querySelector(key) : null;
  const to = got || fallback || m.form.querySelector("button:not([disabled]), input, select");
  if (to) to.focus();
}

// ------------------------------------------------------------ the readings
function drawReadings(m) {
  // drawn again only when they change: a menu the reader has open stays open while a name is saved
  const key = JSON.stringify(m.answer.readings || []);
  if (key === m.readingsKey) return;
  m.readingsKey = key;
  m.readingsBox.replaceChildren();
  for (const r of m.answer.readings || []) {
    const id = `${m.root.id || "ms"}-reading-${r.id}`;
    const sel = el("select", { id, "data-role": "reading", "data-option": r.id });
    for (const c of r.choices) sel.append(el("option", { value: c.id, text: m.t(c.zh, c.en) + (c.id === r.default ? m.t("（默认）", " (default)") : "") }));
    sel.value = r.value;
    sel.addEventListener("change", async () => {
      const old = { ...m.setup.options };
      const opts = { ...m.setup.options };
      if (sel.value === r.default) delete opts[r.id]; else opts[r.id] = sel.value;
      m.setup.options = opts;
      if (!(await m.refresh())) { m.setup.options = old; sel.value = r.value; }
    });
    m.readingsBox.append(el("p", {}, [el("label", { for: id, text: m.t(r.zh, r.en) }), el("br"), sel]));
  }
}

async function drawForm(m, a = null, v = m.changed) {
  if (!m.answer) { m.form.replaceChildren(); return; }
  const seq = ++m.drawn;
  let got = a && a.html && a.html.form !== undefined && v === m.changed ? a : null;
  if (!got) { v = m.changed; got = await m.ask(m.formRequest()); }
  await m.untouched(); // a tap under way on the form keeps its button
  if (seq !== m.drawn) return;
  if (v !== m.changed) { await m.drawForm(); return; } // the hand changed meanwhile: drawn from what it is now
  if (!got.ok || !got.html) { m.message.textContent = got.ok ? "" : got.error[m.lang]; return; }
  const key = m.focusKey(document.activeElement); // the control the reader is at stays theirs
  m.form.innerHTML = got.html.form;
  if (!m.over) m.form.append(m.formWhy);
  const input = m.form.querySelector('[data-role="huxi"]');
  if (input) {
    if (m.entry.huxi !== null) input.value = String(m.entry.huxi); // typed while the form was being drawn
    m.checkHuxi(input);
  }
  const back = key && m.form.querySelector(key);
  if (back) back.focus();
}

// a count no hand makes is said at once, beside the field, and never cut to fit
function checkHuxi(m, input) {
  const why = m.form.querySelector('[data-role="huxi-why"]');
  const xi = m.T.xi, z = m.L.zimo_huxi;
  const v = input.value.trim();
  // a count within the limit that no hand's groups add up to: the engine's reason (form words, unmade_huxi)
  const unmade = /^[0-9]+$/.test(v) ? (m.L.unmade_huxi || {})[String(Number(v))] : null;
  const bad = v !== "" && (!/^[0-9]+$/.test(v) || Number(v) > m.L.huxi || Boolean(unmade));
  why.textContent = bad ? (!/^[0-9]+$/.test(v) ? m.t(`“${v}”不是${xi.zh}数：请写 0 到 ${m.L.huxi} 的整数。`, `“${v}” is not a number of huxi: write a whole number from 0 to ${m.L.huxi}.`)
    : Number(v) > m.L.huxi ? m.t(`${v} ${xi.zh}超出了：一手牌连${m.T.zimo.zh}加的 ${z} ${xi.zh}最多 ${m.L.huxi} ${xi.zh}，这里写的还不算${m.T.zimo.zh}，请查一查是不是打错了。`, `${v} huxi is too many: no hand makes more than ${m.L.huxi} with the ${z} for a self-draw, and this field is before it; check for a typing slip.`)
      : unmade[m.lang]) : "";
  input.setAttribute("aria-invalid", bad ? "true" : "false");
}

// a card of the palette goes where the form's target says: the hand, the group being shown, the winning card
function placeCard(m, code) {
  const c = m.entry.cards;
  if (c.target === "hand") { if (c.hand.length < m.L.hand) c.hand.push(code); return; }
  if (c.target === "card") { c.card = code; return; }
  c.group.push(code);
  const size = m.words.kinds.find((k) => k.id === c.kind).size;
  if (c.group.length === size) { c.open.push({ kind: c.kind, cards: c.group }); c.group = []; }
}

function takeBack(m) {
  const c = m.entry.cards;
  if (c.target === "hand") c.hand.pop(); else if (c.target === "card") c.card = null; else if (c.group.length) c.group.pop(); else c.open.pop();
}

// the steps go by the 戏 a self-draw adds
function step(m, d) {
  const input = m.form.querySelector('[data-role="huxi"]');
  m.entry.huxi = Math.max(0, Math.min(m.L.huxi, (Number(m.huxiOf(m.entry)) || 0) + d));
  if (input) input.value = String(m.entry.huxi);
}

// what a pressed control changes in the hand being entered (true: the form is drawn again)
function choose(m, b) {
  const d = b.dataset, role = d.role, c = m.entry.cards;
  if (b.closest('[data-role="winner"]') && d.player !== undefined) m.entry.winner = d.player === "none" ? null : Number(d.player);
  else if (d.mode) m.entry.mode = d.mode;
  else if (role === "zimo") m.entry.zimo = !m.entry.zimo;
  else if (d.fan) m.entry.fan = m.entry.fan.includes(d.fan) ? m.entry.fan.filter((x) => x !== d.fan) : [...m.entry.fan, d.fan];
  else if (d.target) { if (d.target === "open" && c.target !== "open") c.group = []; c.target = d.target; }
  else if (d.kind) { c.kind = d.kind; c.group = []; }
  else if (d.card) m.placeCard(d.card);
  else if (role === "back") m.takeBack();
  else if (role === "less" || role === "more") { m.step(role === "less" ? -m.L.zimo_huxi : m.L.zimo_huxi); return false; }
  else return false;
  return true;
}

function say(m, text) { m.message.textContent = text || ""; m.formWhy.textContent = ""; }

function refuse(m, text) { m.message.textContent = text; m.formWhy.textContent = text; }

async function enter(m) {
  if (m.entry.winner === undefined) { m.refuse(m.t(`先选谁胡了（或${m.T.huang.zh}）。`, "First choose who won (or nobody).")); return; }
  if (m.entry.mode === "cards" && m.entry.winner !== null && !m.entry.cards.card) { m.refuse(m.t("还没有选胡的那一张牌。", "The winning card is not chosen yet.")); return; }
  const k = m.editing === null ? m.hands.length : m.editing;
  const next = m.hands.slice();
  if (m.editing === null) next.push(m.entryOut(m.entry)); else next[k] = m.entryOut(m.entry);
  const hist = m.editing === null ? m.history : [...m.history, { hand: k + 1, kind: "corrected", was: m.hands[k] }];
  const a = await m.ask(m.request(next, m.over, hist));
  if (!a.ok) { m.refuse(a.error[m.lang]); return; }
  const row = a.hands[k];
  const done = async () => {
    const corrected = m.editing !== null;
    await m.commit(a, next, hist);
    m.say(corrected ? m.t(`已改正第 ${row.hand} 局，以后各局重新算过：`, `Hand ${row.hand} corrected, the later hands counted again: `) + row.lines.map((l) => l[m.lang]).join(m.t("", " "))
      : m.t(`已记下第 ${row.hand} 局：`, `Hand ${row.hand} entered: `) + row.lines.map((l) => l[m.lang]).join(m.t("", " ")));
    m.refocus(null);
  };
  if (row.confirm) m.ask_yes(row.confirm[m.lang], m.t("确实这样，记下", "Yes, enter it"), m.t("返回修改", "Go back and change it"), done);
  else done();
}

async function commit(m, a, next, hist) {
  m.hands = next;
  m.history = hist;
  m.editing = null;
  m.entry = blankEntry(m.words);
  m.changed += 1;
  m.answer = a;
  m.drawSheet();
  m.keep(a);
  await m.drawForm();
}

// a question in words before something that costs a penalty, or deletes a hand, is entered
function ask_yes(m, text, yes, no, onYes) {
  const back = document.activeElement;
  const y = el("button", { type: "button", class: "hw-btn", "data-role": "confirm-yes", text: yes });
  const n2 = el("button", { type: "button", class: "hw-btn", "data-role": "confirm-no", text: no });
  m.confirmBox.replaceChildren(el("p", { "data-role": "confirm-text", text }), el("div", { class: "ms-row" }, [y, n2]));
  m.confirmBox.hidden = false;
  m.form.setAttribute("inert", "");
  const close = () => { m.confirmBox.hidden = true; m.confirmBox.replaceChildren(); m.form.removeAttribute("inert"); };
  y.addEventListener("click", () => { close(); onYes(); });
  n2.addEventListener("click", () => { close(); m.say(""); if (back && back.isConnected) back.focus(); else m.refocus(null); });
  y.focus();
}

function entryIn(m, x) {
  // a hand as entered, back in the form (to be corrected)
  const e = blankEntry(m.words);
  e.winner = x.winner === null || x.winner === undefined ? null : x.winner;
  e.zimo = Boolean(x.self_drawn);
  e.huxi = x.huxi ?? null;
  e.fan = [...(x.fan || [])];
  for (const f of x.fouls || []) e.fouls[f.player] = f.kind;
  e.bird = x.bird || "";
  if (x.cards) {
    e.mode = "cards";
    Object.assign(e.cards, { hand: [...x.cards.hand], open: x.cards.open.map((g) => ({ kind: g.kind, cards: [...g.cards] })), card: x.cards.card, source: x.cards.source });
  }
  return e;
}

// ------------------------------------------------------------ the sheet
function drawSheet(m) {
  const a = m.answer;
  m.standingBox.innerHTML = a.html ? a.html.standing : "";
  m.sheetBox.innerHTML = a.html ? a.html.result : "";
  m.historyBox.innerHTML = a.html ? a.html.history : "";
  delete m.root.dataset.saved;
  m.endBox.replaceChildren();
  const tied = a.ranking ? a.ranking.filter((r) => r.shared).map((r) => r.player) : [];
  if (tied.length) {
    m.endBox.append(el("p", { text: m.t("同分的选手比点定名次：按抽到的牌从大到小，依次点他们的名字。", "Tied players draw cards for places: tap their names from the highest card down.") }));
    const row = el("div", { class: "ms-row" });
    for (const p of tied) {
      const b = el("button", { type: "button", class: "hw-btn", "data-role": "tiebreak", "data-player": String(p), text: m.nameOf(p) });
      b.addEventListener("click", async () => { if (!m.tiebreak.includes(p)) { m.tiebreak = [...m.tiebreak, p]; await m.refresh(); } });
      row.append(b);
    }
    m.endBox.append(row);
  }
  m.root.dataset.hands = String(a.hands.length);
  m.root.dataset.over = a.over ? "1" : "0";
  // any hand may be corrected or deleted
  const keepPick = m.pickSel.value;
  m.pickSel.replaceChildren(...a.hands.map((r) => el("option", { value: String(r.hand - 1),
    text: m.t(`第 ${r.hand} 局：`, `Hand ${r.hand}: `) + (r.winner === null ? m.t(m.T.huang.zh, "nobody won") : m.t(`${m.nameOf(r.winner)}胡 ${r.huxi} ${m.T.xi.zh}`, `${m.nameOf(r.winner)} won ${r.huxi} huxi`)) })));
  if (keepPick && Number(keepPick) < a.hands.length) m.pickSel.value = keepPick;
  m.pickRow.hidden = !a.hands.length || m.over;
  // a grey button says why, at once
  const why = m.over ? m.t("比赛已结束：要撤销或改动，先按“继续记分”。", "The match is over: to undo or correct, first press Continue the match.")
    : !m.hands.length ? m.t("还没有记下任何一局：撤销、结束比赛要等记下第一局。", "No hand is entered yet: undoing and ending the match wait for the first hand.") : "";
  for (const b of [m.undoBtn, m.endBtn]) {
    b.disabled = Boolean(why);
    if (why) { b.setAttribute("aria-describedby", m.toolsWhy.id); b.title = why; } else { b.removeAttribute("aria-describedby"); b.removeAttribute("title"); }
  }
  m.toolsWhy.textContent = why;
}

function matchName(m) {
  const named = [m.setup.event, m.setup.date].filter(Boolean).join(" ").replace(/[\\/:*?"<>|]/g, " ").trim();
  return named || m.w(m.words.file_name);
}

function save(blob, name) {
  const a = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

async function load(m, session) {
  const typed = keepTyping(m.nameInputs); // names typed while the match is read are the match's
  m.sessionId = session ? session.id : null;
  m.setup = { table: "four", names: ["", "", "", ""], birds: 0, options: {}, date: "", event: "" };
  m.hands = []; m.over = false; m.tiebreak = []; m.entry = blankEntry(m.words); m.history = []; m.editing = null; m.changed += 1;
  if (session && session.text) {
    const a = await m.ctx.call({ game: "paohuzi", action: "sheet", text: session.text });
    if (a.ok) {
      m.setup = { table: a.table, names: m.SEAT.map((_, p) => (a.players[p] ? a.players[p].name : "")), birds: a.birds.length, options: a.options,
        date: tagOf(session.text, "Date"), event: tagOf(session.text, "Event") };
      m.hands = a.entries; m.over = a.over; m.tiebreak = a.tiebreak || []; m.history = (a.history || []).map((h) => ({ hand: h.hand, kind: h.kind, was: h.was }));
    } else {
      m.message.textContent = a.error[m.lang];
    }
  }
  m.tableSel.value = m.setup.table;
  m.birdsInput.value = String(m.setup.birds);
  m.birdsRow.hidden = m.setup.table !== "four";
  m.setup.names = typed(m.setup.names).map((v, p) => playerName(v, m.nameInputs[p]));
  m.eventInput.value = m.setup.event;
  m.dateInput.value = m.setup.date;
  m.nameRows.forEach((r, p) => { r.hidden = p >= m.n(); });
  await m.refresh(false);
}

/** The match sheet's boxes: the sessions, the table and the players, the readings, the entry form, the sheet, the hand to correct and the tools. */
function matchLayout(m) {
  // ------------------------------------------------------------ layout
  m.sessions = el("div", { "data-role": "sessions", class: "ms-sessions" });
  m.setupBox = el("details", { class: "ms-setup", open: "" }, [el("summary", { text: m.t("牌桌和选手", "Table and players") })]);
  m.tableSel = el("select", { "data-role": "table", id: `${m.root.id || "ms"}-table` });
  for (const x of m.words.tables) m.tableSel.append(el("option", { value: x.id, text: m.w(x) }));
  m.birdsInput = el("input", { type: "number", min: "0", max: String(m.L.birds), value: "0", inputmode: "numeric", "data-role": "birds", id: `${m.root.id || "ms"}-birds` });
  m.nameInputs = m.SEAT.map((_, p) => el("input", { type: "text", maxlength: "20", autocomplete: "off", "data-role": "name", "data-player": String(p),
    id: `${m.root.id || "ms"}-name-${p}`, placeholder: m.t(m.SEAT[p].zh, `Player ${m.SEAT[p].en}`) }));
  m.nameRows = m.nameInputs.map((inp, p) => el("span", { class: "ms-name" }, [el("label", { for: inp.id, text: p === 0
    ? m.t(`${m.SEAT[p].zh}（头一局${m.ROLE.zhuang.zh}）`, `${m.SEAT[p].en} (first dealer)`)
    : m.t(`${m.SEAT[p].zh}（${m.SEAT[p - 1].zh}的${m.ROLE.xia.zh}）`, `${m.SEAT[p].en} (${m.SEAT[p - 1].en}'s ${m.ROLE.xia.en.replace(/^the /, "")})`) }), inp]));
  m.birdsRow = el("p", { class: "ms-birds" }, [el("label", { for: m.birdsInput.id, text: m.t(`${m.T.birds.zh}的人数（四人局）`, "Birds betting (table of four)") }), m.birdsInput]);
  // the date and the event: kept in the record's tags, printed at the top of the sheet
  m.eventInput = el("input", { type: "text", maxlength: "60", autocomplete: "off", "data-role": "event", id: `${m.root.id || "ms"}-event`,
    placeholder: m.t("例如：春节比赛", "e.g. New Year match") });
  m.dateInput = el("input", { type: "date", "data-role": "date", id: `${m.root.id || "ms"}-date` });
  m.eventRow = el("p", { class: "ms-event" }, [el("label", { for: m.eventInput.id, text: m.t("比赛名称", "Event") }), " ", m.eventInput, " ",
    el("label", { for: m.dateInput.id, text: m.t("日期", "Date") }), " ", m.dateInput]);
  // the readings the sheet can be kept under (the engine names them and their choices)
  m.readingsBox = el("div", { class: "ms-readings", "data-role": "readings" });
  m.setupBox.append(el("p", {}, [el("label", { for: m.tableSel.id, text: m.t("牌桌", "Table") }), el("br"), m.tableSel]),
    el("div", { class: "ms-names" }, m.nameRows), m.birdsRow, m.eventRow,
    el("p", { class: "hw-note", text: m.t(`按座位顺序写：${m.SEAT[0].zh}是摸庄摸到“${m.words.cards[0].char}”的头一局${m.ROLE.zhuang.zh}，${m.SEAT[1].zh}坐在${m.SEAT[0].zh}的下手，依次类推。`,
      `List the players in their seats: ${m.SEAT[0].en} drew ${m.words.cards[0].char} and deals first, ${m.SEAT[1].en} sits on ${m.SEAT[0].en}'s right as ${m.ROLE.xia.en}, and so on round the table.`) }),
    el("details", { class: "ms-rules" }, [el("summary", { text: m.t("规则的读法（书中不明确之处）", "Readings of the rules (where the booklet is unclear)") }), m.readingsBox]));

  m.standingBox = el("div", { class: "ms-standing-box", "data-role": "standing-box" });
  m.historyBox = el("div", { class: "ms-history-box" });
  m.form = el("fieldset", { class: "ms-entry", "data-role": "entry" });
  m.message = el("p", { class: "ms-message", "data-role": "message", role: "status" });
  m.sheetBox = el("div", { class: "ms-sheet", "data-role": "result" });
  m.endBox = el("div", { class: "ms-end" });
  m.undoBtn = el("button", { type: "button", class: "hw-btn", "data-role": "undo", text: m.t("撤销上一局", "Undo the last hand") });
  m.endBtn = el("button", { type: "button", class: "hw-btn", "data-role": "end", text: m.t("比赛结束，排名次", "End the match and rank") });
  m.printBtn = el("button", { type: "button", class: "hw-btn", "data-role": "print", text: m.t("打印积分表", "Print the sheet") });
  m.csvBtn = el("button", { type: "button", class: "hw-btn", "data-role": "csv", text: m.t("导出 CSV", "Export CSV") });
  m.sheetBtn = el("button", { type: "button", class: "hw-btn", "data-role": "readable", text: m.t("下载积分表（可打印的表格）", "Download the sheet (a printable table)") });
  m.toolsWhy = el("p", { class: "hw-why ms-why", "data-role": "tools-why", id: `${m.root.id || "ms"}-tools-why` });
  m.tools = el("div", { class: "ms-tools" }, [m.undoBtn, m.endBtn, m.printBtn, m.csvBtn, m.sheetBtn, m.toolsWhy]);
  // any hand can be corrected or deleted: choose it, then correct it in the form or delete it
  m.pickSel = el("select", { "data-role": "pick", id: `${m.root.id || "ms"}-pick` });
  m.fixBtn = el("button", { type: "button", class: "hw-btn", "data-role": "fix", text: m.t("改这一局", "Correct this hand") });
  m.dropBtn = el("button", { type: "button", class: "hw-btn", "data-role": "drop-hand", text: m.t("删去这一局", "Delete this hand") });
  m.pickRow = el("div", { class: "ms-row ms-pick", "data-role": "pick-row" }, [el("label", { for: m.pickSel.id, text: m.t("改正或删去一局：", "Correct or delete a hand: ") }), m.pickSel, m.fixBtn, m.dropBtn]);
  // a hand that costs a penalty, or a deletion, waits here for the reader's yes
  m.confirmBox = el("div", { class: "ms-confirm", "data-role": "confirm", hidden: "" });
}

/** The entry form's controls, wired by their data attributes (the view draws the form): a tap chooses, a change keeps what was typed. */
function wireForm(m) {
  m.form.addEventListener("click", async (ev) => {
    const b = ev.target.closest("button");
    if (!b || !m.form.contains(b)) return;
    const role = b.dataset.role;
    if (role === "add") { m.enter(); return; }
    if (role === "clear") { m.editing = null; m.entry = blankEntry(m.words); m.changed += 1; await m.drawForm(); m.say(""); m.refocus(null); return; }
    if (role === "reopen") { m.over = false; m.tiebreak = []; await m.refresh(); return; }
    const key = m.focusKey(b);
    if (!m.choose(b)) return;
    m.changed += 1;
    await m.drawForm();
    m.refocus(key, null);
  });
  m.form.addEventListener("change", (ev) => {
    const x = ev.target, role = x.dataset.role;
    if (role === "foul") m.entry.fouls[x.dataset.player] = x.value;
    else if (role === "bird") m.entry.bird = x.value;
    else if (role === "source") m.entry.cards.source = x.value;
  });
  m.form.addEventListener("input", (ev) => {
    if (ev.target.dataset.role !== "huxi") return;
    m.entry.huxi = ev.target.value;
    m.checkHuxi(ev.target);
  });
}

/** Correcting a hand entered (it reopens in the form) and deleting one (asked once more, in words). */
function wireFixes(m) {
  m.fixBtn.addEventListener("click", async () => {
    const k = Number(m.pickSel.value);
    if (!(k >= 0 && k < m.hands.length)) return;
    m.editing = k;
    m.entry = m.entryIn(m.hands[k]);
    m.changed += 1;
    await m.drawForm();
    m.say(m.t(`第 ${k + 1} 局重新打开了，原来记的都在表里：改好后按“记下改正的第 ${k + 1} 局”。`, `Hand ${k + 1} is open again as it was entered: change it, then press Enter hand ${k + 1} as corrected.`));
    m.form.scrollIntoView({ block: "start" });
    m.refocus('[data-role="winner"] [aria-pressed="true"]');
  });
  m.dropBtn.addEventListener("click", () => {
    const k = Number(m.pickSel.value);
    if (!(k >= 0 && k < m.hands.length)) return;
    const text = m.t(`删去第 ${k + 1} 局（${m.pickSel.selectedOptions[0].text}）？以后各局重新算过（谁坐庄、各得几分），这次删改记在比赛的记录里。`,
      `Delete hand ${k + 1} (${m.pickSel.selectedOptions[0].text})? The later hands' dealers and points are counted again; the deletion is kept in the match's record.`);
    m.ask_yes(text, m.t("删去", "Delete it"), m.t("不删", "Keep it"), async () => {
      const next = m.hands.filter((_, j) => j !== k);
      const hist = [...m.history, { hand: k + 1, kind: "deleted", was: m.hands[k] }];
      const a = await m.ask(m.request(next, m.over, hist));
      if (!a.ok) { m.refuse(a.error[m.lang]); return; }
      await m.commit(a, next, hist);
      m.say(m.t(`已删去第 ${k + 1} 局，以后各局重新算过。`, `Hand ${k + 1} deleted; the later hands are counted again.`));
      m.pickSel.focus();
    });
  });
}

/** Undo, End, Print, the CSV and the printable sheet, and the table's setup: each change asks the sheet again. */
function wireButtons(m) {
  // ------------------------------------------------------------ buttons
  m.undoBtn.addEventListener("click", async () => {
    if (!m.hands.length || m.over) return;
    const k = m.hands.length - 1;
    m.history = [...m.history, { hand: k + 1, kind: "deleted", was: m.hands[k] }];
    m.hands = m.hands.slice(0, -1);
    m.editing = null;
    await m.refresh();
    m.say(m.t("已撤销上一局。", "The last hand is undone."));
  });
  m.endBtn.addEventListener("click", async () => {
    m.over = true;
    m.tiebreak = [];
    if (!(await m.refresh())) m.over = false;
    else m.message.textContent = m.t("比赛结束：名次在积分表下面。", "The match is over: the ranking is under the sheet.");
  });
  m.printBtn.addEventListener("click", () => window.print());
  m.csvBtn.addEventListener("click", () => {
    if (!m.answer) return;
    const blob = new Blob(["\ufeff" + m.answer.csv], { type: "text/csv;charset=utf-8" });
    m.save(blob, `${m.matchName()}.csv`);
  });
  // the sheet a family reads and prints: the same table, in the page's language, as a page of its own
  m.sheetBtn.addEventListener("click", () => {
    if (!m.answer || !m.answer.html) return;
    const title = m.matchName();
    const style = "body{font-family:sans-serif;margin:1.5rem}table{border-collapse:collapse;font-size:11pt}th,td{border:1px solid #888;padding:2px 6px}"
      + ".ms-num{text-align:right}.ms-fold{display:none}.ms-run{display:block;font-size:.8em;color:#444}.ms-sign span{display:inline-block;width:40%;border-bottom:1px solid #000;margin:1.5rem 1rem 0 0}";
    const esc = (x) => x.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
    const doc = `<!doctype html><html lang="${m.lang === "en" ? "en" : "zh-Hans"}"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${style}</style></head><body>`
      + `<h1>${esc(title)}</h1>${m.answer.html.standing}${m.answer.html.result}${m.answer.html.history}</body></html>`;
    m.save(new Blob([doc], { type: "text/html;charset=utf-8" }), `${title}.html`);
  });
  m.tableSel.addEventListener("change", async () => {
    const old = m.setup.table;
    m.setup.table = m.tableSel.value;
    m.birdsRow.hidden = m.setup.table !== "four";
    if (!(await m.refresh())) { m.setup.table = old; m.tableSel.value = old; m.birdsRow.hidden = old !== "four"; }
    m.nameRows.forEach((r, p) => { r.hidden = p >= m.n(); });
  });
  m.birdsInput.addEventListener("change", async () => {
    const old = m.setup.birds;
    m.setup.birds = Math.max(0, Math.min(m.L.birds, Number(m.birdsInput.value) || 0));
    if (!(await m.refresh())) { m.setup.birds = old; m.birdsInput.value = String(old); }
  });
  m.nameInputs.forEach((inp, p) => inp.addEventListener("change", async () => {
    m.setup.names[p] = playerName(inp.value, inp);
    await m.refresh();
  }));

  m.eventInput.addEventListener("change", async () => { m.setup.event = m.eventInput.value.replace(/[\n"\\]/g, " ").trim().slice(0, 60); await m.refresh(); });
  m.dateInput.addEventListener("change", async () => { m.setup.date = m.dateInput.value; await m.refresh(); });
}

export const widgets = {
  "matchsheet-sheet": async (root, ctx) => {
    const m = { root, ctx }; // the mount: everything the parts of the match sheet share (its words, its boxes, the session)
    m.entryOut = (...a) => entryOut(m, ...a);
    m.ask = (...a) => ask(m, ...a);
    m.refresh = (...a) => refresh(m, ...a);
    m.keep = (...a) => keep(m, ...a);
    m.focusKey = (...a) => focusKey(m, ...a);
    m.refocus = (...a) => refocus(m, ...a);
    m.drawReadings = (...a) => drawReadings(m, ...a);
    m.drawForm = (...a) => drawForm(m, ...a);
    m.checkHuxi = (...a) => checkHuxi(m, ...a);
    m.placeCard = (...a) => placeCard(m, ...a);
    m.takeBack = (...a) => takeBack(m, ...a);
    m.step = (...a) => step(m, ...a);
    m.choose = (...a) => choose(m, ...a);
    m.say = (...a) => say(m, ...a);
    m.refuse = (...a) => refuse(m, ...a);
    m.enter = (...a) => enter(m, ...a);
    m.commit = (...a) => commit(m, ...a);
    m.ask_yes = (...a) => ask_yes(m, ...a);
    m.entryIn = (...a) => entryIn(m, ...a);
    m.drawSheet = (...a) => drawSheet(m, ...a);
    m.matchName = (...a) => matchName(m, ...a);
    m.save = save;
    m.load = (...a) => load(m, ...a);
    m.t = m.ctx.t;
    m.lang = m.ctx.lang;
    m.box = m.root.querySelector(".hw-body") || m.root;
    m.untouched = pressGuard(m.root); // what the engine's answers redraw waits for a press on the sheet to end
    // the form's words and bounds, from the engine (asked once)
    m.formAnswer = await m.ctx.call({ game: "paohuzi", action: "sheet", hands: [], form: true });
    if (!m.formAnswer.ok) throw new Error(m.formAnswer.error.en);
    m.words = m.formAnswer.form;
    m.L = m.words.limits; m.T = m.words.terms; m.ROLE = m.words.roles; m.SEAT = m.words.seats;
    m.w = (x) => (m.lang === "zh" ? x.zh : x.en);
    m.setup = { table: "four", names: ["", "", "", ""], birds: 0, options: {}, date: "", event: "" };
    m.hands = [];
    m.over = false;
    m.tiebreak = [];
    m.entry = blankEntry(m.words);
    m.answer = null;
    m.sessionId = null;
    m.store = openStore(KIND);
    m.history = []; // every correction, kept in the record (its History tag)
    m.editing = null; // the hand (0…) being corrected, or null for a new one

    m.n = () => m.words.tables.find((x) => x.id === m.setup.table).players;
    m.nameOf = (p) => (m.setup.names[p] ? m.setup.names[p] : m.w(m.SEAT[p]));
    // the huxi a hand starts at: the sheet's threshold (its reading), the form's own once typed
    m.startHuxi = () => { const r = m.answer && (m.answer.readings || []).find((x) => x.id === "threshold"); return r ? Number(r.value) || 0 : 0; };
    m.huxiOf = (e) => (e.huxi === null ? m.startHuxi() : e.huxi);

    matchLayout(m);
    // ------------------------------------------------------------ the engine
    m.request = (hs, ov = m.over, hist = m.history) => ({ game: "paohuzi", action: "sheet", table: m.setup.table, names: m.setup.names.slice(0, m.n()),
      birds: m.setup.table === "four" ? m.setup.birds : 0, options: m.setup.options, hands: hs, over: ov, tiebreak: m.tiebreak, date: m.setup.date || undefined, event: m.setup.event || undefined,
      history: hist.length ? hist : undefined });

    // calls to the engine still awaited (a test waits for none before tapping: a redraw moves the buttons)
    m.pending = 0;

    // ------------------------------------------------------------ the entry form
    // drawn by views/paohuzi.py (match_form, the function that drew the build's form) from the sheet answer and the
    // hand as chosen so far; this module keeps that choice and wires the controls by their data attributes
    m.formRequest = () => ({ view: "paohuzi-matchsheet", lang: m.lang, request: { ...m.request(m.hands), form: true }, uid: m.root.id || "ms", editing: m.editing,
      entry: { ...m.entry, chosen: m.entry.winner !== undefined, winner: m.entry.winner ?? null } });
    m.drawn = 0; // the latest drawing asked: an older answer is dropped
    // bumped at every change of the hand being chosen: a form drawn for an earlier choice (a sheet answer asked before
    // a tap, say) is not shown, the form is asked again
    m.changed = 0;

    wireForm(m);
    m.formWhy = el("p", { class: "hw-why ms-why", "data-role": "why", "aria-live": "polite" });

    wireFixes(m);
    wireButtons(m);
    skipLink(m.root, m.ctx.t, ['[data-role="winner"] button']);
    m.box.replaceChildren(m.sessions, m.setupBox, m.standingBox, m.form, m.confirmBox, m.message, m.sheetBox, m.pickRow, m.historyBox, m.endBox, m.tools);
    m.loading = null;
    m.bar = null;
    m.bar = sessionBar(m.sessions, m.store, {
      lang: m.lang,
      call: m.ctx.call,
      labels: { zh: { title: "这一场比赛", create: "新开一场", list: "选择一场" }, en: { title: "This match", create: "New match", list: "Choose a match" } },
      onOpen: (s) => { m.loading = m.load(s); },
      fresh: emptyRecord(m.ctx.call, { game: "paohuzi", action: "sheet", hands: [] }), // an empty match sheet's record
      accept: (ans) => (ans.position && ans.position.sheet === "match" ? null : m.words.not_sheet),
    });
    const k = m.store.list().length + 1;
    if (!m.bar.current()) await m.bar.openNew({ zh: `第 ${k} 场`, en: `Match ${k}` });
    await m.loading;
    if (!m.answer) await m.load(null);
  },
};
