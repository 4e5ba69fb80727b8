// 跑胡子 match sheet at a real table: each hand entered after its showdown (who won and how, the 戏 and
// 番 or the winning hand card by card, the fouls, the bird card); the engine keeps the booklet's sheet
// ({"game": "paohuzi", "action": "sheet"}): the seats of each hand, 等, points, running totals and the
// ranking, the sheet as CSV and as a written record. Sessions are kept on this device (sessions.js).
import { el, skipLink } from "./dom.js";
import { openStore, sessionBar } from "./sessions.js";

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

export const widgets = {
  "matchsheet-sheet": async (root, ctx) => {
    const t = ctx.t;
    const lang = ctx.lang;
    const box = root.querySelector(".hw-body") || root;
    // the form's words and bounds, from the engine (asked once)
    const formAnswer = await ctx.call({ game: "paohuzi", action: "sheet", hands: [], form: true });
    if (!formAnswer.ok) throw new Error(formAnswer.error.en);
    const words = formAnswer.form;
    const L = words.limits, T = words.terms, ROLE = words.roles, SEAT = words.seats;
    const w = (x) => (lang === "zh" ? x.zh : x.en);
    let setup = { table: "four", names: ["", "", "", ""], birds: 0, options: {}, date: "", event: "" };
    let hands = [];
    let over = false;
    let tiebreak = [];
    let entry = blankEntry(words);
    let answer = null;
    let sessionId = null;
    const store = openStore(KIND);
    let history = []; // every correction, kept in the record (its History tag)
    let editing = null; // the hand (0…) being corrected, or null for a new one

    const n = () => words.tables.find((x) => x.id === setup.table).players;
    const nameOf = (p) => (setup.names[p] ? setup.names[p] : w(SEAT[p]));
    // the huxi a hand starts at: the sheet's threshold (its reading), the form's own once typed
    const startHuxi = () => { const r = answer && (answer.readings || []).find((x) => x.id === "threshold"); return r ? Number(r.value) || 0 : 0; };
    const huxiOf = (e) => (e.huxi === null ? startHuxi() : e.huxi);

    // ------------------------------------------------------------ layout
    const sessions = el("div", { "data-role": "sessions", class: "ms-sessions" });
    const setupBox = el("details", { class: "ms-setup", open: "" }, [el("summary", { text: t("牌桌和选手", "Table and players") })]);
    const tableSel = el("select", { "data-role": "table", id: `${root.id || "ms"}-table` });
    for (const x of words.tables) tableSel.append(el("option", { value: x.id, text: w(x) }));
    const birdsInput = el("input", { type: "number", min: "0", max: String(L.birds), value: "0", inputmode: "numeric", "data-role": "birds", id: `${root.id || "ms"}-birds` });
    const nameInputs = SEAT.map((_, p) => el("input", { type: "text", maxlength: "20", autocomplete: "off", "data-role": "name", "data-player": String(p),
      id: `${root.id || "ms"}-name-${p}`, placeholder: t(SEAT[p].zh, `Player ${SEAT[p].en}`) }));
    const nameRows = nameInputs.map((inp, p) => el("span", { class: "ms-name" }, [el("label", { for: inp.id, text: p === 0
      ? t(`${SEAT[p].zh}（头一局${ROLE.zhuang.zh}）`, `${SEAT[p].en} (first dealer)`)
      : t(`${SEAT[p].zh}（${SEAT[p - 1].zh}的${ROLE.xia.zh}）`, `${SEAT[p].en} (${SEAT[p - 1].en}'s ${ROLE.xia.en.replace(/^the /, "")})`) }), inp]));
    const birdsRow = el("p", { class: "ms-birds" }, [el("label", { for: birdsInput.id, text: t(`${T.birds.zh}的人数（四人局）`, "Birds betting (table of four)") }), birdsInput]);
    // the date and the event: kept in the record's tags, printed at the top of the sheet
    const eventInput = el("input", { type: "text", maxlength: "60", autocomplete: "off", "data-role": "event", id: `${root.id || "ms"}-event`,
      placeholder: t("例如：村里的春节比赛", "for example: the village's New Year match") });
    const dateInput = el("input", { type: "date", "data-role": "date", id: `${root.id || "ms"}-date` });
    const eventRow = el("p", { class: "ms-event" }, [el("label", { for: eventInput.id, text: t("比赛名称", "Event") }), " ", eventInput, " ",
      el("label", { for: dateInput.id, text: t("日期", "Date") }), " ", dateInput]);
    // the readings the sheet can be kept under (the engine names them and their choices)
    const readingsBox = el("div", { class: "ms-readings", "data-role": "readings" });
    setupBox.append(el("p", {}, [el("label", { for: tableSel.id, text: t("牌桌", "Table") }), el("br"), tableSel]),
      el("div", { class: "ms-names" }, nameRows), birdsRow, eventRow,
      el("p", { class: "hw-note", text: t(`按座位顺序写：${SEAT[0].zh}是摸庄摸到“${words.cards[0].char}”的头一局${ROLE.zhuang.zh}，${SEAT[1].zh}坐在${SEAT[0].zh}的下手，依次类推。`,
        `List the players in their seats: ${SEAT[0].en} drew ${words.cards[0].char} and deals first, ${SEAT[1].en} sits on ${SEAT[0].en}'s right as ${ROLE.xia.en}, and so on round the table.`) }),
      el("details", { class: "ms-rules" }, [el("summary", { text: t("规则的读法（书中不明确之处）", "Readings of the rules (where the booklet is unclear)") }), readingsBox]));

    const standingBox = el("div", { class: "ms-standing-box", "data-role": "standing-box" });
    const historyBox = el("div", { class: "ms-history-box" });
    const form = el("fieldset", { class: "ms-entry", "data-role": "entry" });
    const message = el("p", { class: "ms-message", "data-role": "message", role: "status" });
    const sheetBox = el("div", { class: "ms-sheet", "data-role": "result" });
    const endBox = el("div", { class: "ms-end" });
    const undoBtn = el("button", { type: "button", class: "hw-btn", "data-role": "undo", text: t("撤销上一局", "Undo the last hand") });
    const endBtn = el("button", { type: "button", class: "hw-btn", "data-role": "end", text: t("比赛结束，排名次", "End the match and rank") });
    const printBtn = el("button", { type: "button", class: "hw-btn", "data-role": "print", text: t("打印积分表", "Print the sheet") });
    const csvBtn = el("button", { type: "button", class: "hw-btn", "data-role": "csv", text: t("导出 CSV", "Export CSV") });
    const sheetBtn = el("button", { type: "button", class: "hw-btn", "data-role": "readable", text: t("下载积分表（可打印的表格）", "Download the sheet (a printable table)") });
    const toolsWhy = el("p", { class: "hw-why ms-why", "data-role": "tools-why", id: `${root.id || "ms"}-tools-why` });
    const tools = el("div", { class: "ms-tools" }, [undoBtn, endBtn, printBtn, csvBtn, sheetBtn, toolsWhy]);
    // any hand can be corrected or deleted: choose it, then correct it in the form or delete it
    const pickSel = el("select", { "data-role": "pick", id: `${root.id || "ms"}-pick` });
    const fixBtn = el("button", { type: "button", class: "hw-btn", "data-role": "fix", text: t("改这一局", "Correct this hand") });
    const dropBtn = el("button", { type: "button", class: "hw-btn", "data-role": "drop-hand", text: t("删去这一局", "Delete this hand") });
    const pickRow = el("div", { class: "ms-row ms-pick", "data-role": "pick-row" }, [el("label", { for: pickSel.id, text: t("改正或删去一局：", "Correct or delete a hand: ") }), pickSel, fixBtn, dropBtn]);
    // a hand that costs a penalty, or a deletion, waits here for the reader's yes
    const confirmBox = el("div", { class: "ms-confirm", "data-role": "confirm", hidden: "" });

    // ------------------------------------------------------------ the engine
    const request = (hs, ov = over, hist = history) => ({ game: "paohuzi", action: "sheet", table: setup.table, names: setup.names.slice(0, n()),
      birds: setup.table === "four" ? setup.birds : 0, options: setup.options, hands: hs, over: ov, tiebreak, date: setup.date || undefined, event: setup.event || undefined,
      history: hist.length ? hist : undefined });

    function entryOut(e) {
      const out = { winner: e.winner === undefined ? null : e.winner, fouls: Object.entries(e.fouls).filter(([, k]) => k).map(([p, k]) => ({ player: Number(p), kind: k })) };
      if (setup.table === "four" && setup.birds && e.bird) out.bird = e.bird;
      if (e.winner === null || e.winner === undefined) return out;
      if (e.mode === "cards") {
        out.cards = { hand: e.cards.hand, open: e.cards.open, card: e.cards.card, source: e.cards.source };
      } else {
        Object.assign(out, { self_drawn: e.zimo, huxi: Number(huxiOf(e)) || 0, fan: e.fan });
      }
      return out;
    }

    // calls to the engine still awaited (a test waits for none before tapping: a redraw moves the buttons)
    let pending = 0;
    async function ask(req) {
      root.dataset.busy = String(++pending);
      try {
        return await ctx.call(req.view || req.action !== "sheet" || req.form || req.text ? req : { view: "paohuzi-matchsheet", lang, request: req });
      } finally {
        root.dataset.busy = String(--pending);
      }
    }

    async function refresh(save = true) {
      const v = changed;
      const a = await ask(formRequest());
      if (!a.ok) { message.textContent = a.error[lang]; return false; }
      answer = a;
      drawReadings();
      drawSheet();
      await drawForm(a, v);
      if (save) keep(a);
      return true;
    }

    // the session: the record, and the sheet as drawn (shown at once on the next visit, before Python starts);
    // a match with a name gives the session (and so its exported file) that name
    function keep(a) {
      if (!sessionId) return;
      const named = [setup.event, setup.date].filter(Boolean).join(" ");
      const html = a.html && { standing: a.html.standing, result: a.html.result, history: a.html.history }; // the sheet, not the form
      store.save(sessionId, { text: a.record, meta: { hands: hands.length, html }, ...(named ? { name: named } : {}) });
      if (named && bar) bar.refresh();
    }

    // focus stays on the control the reader used (or the next sensible one) when the form is drawn again
    function focusKey(x) {
      if (!x || !form.contains(x)) return null;
      return ["data-role", "data-player", "data-fan", "data-card", "data-kind", "data-target", "data-mode"].map((k) => (x.hasAttribute(k) ? `[${k}="${x.getAttribute(k)}"]` : "")).join("");
    }
    function refocus(key, fallback) {
      const got = key ? form.querySelector(key) : null;
      const to = got || fallback || form.querySelector("button:not([disabled]), input, select");
      if (to) to.focus();
    }

    // ------------------------------------------------------------ the readings
    function drawReadings() {
      readingsBox.replaceChildren();
      for (const r of answer.readings || []) {
        const id = `${root.id || "ms"}-reading-${r.id}`;
        const sel = el("select", { id, "data-role": "reading", "data-option": r.id });
        for (const c of r.choices) sel.append(el("option", { value: c.id, text: t(c.zh, c.en) + (c.id === r.default ? t("（默认）", " (default)") : "") }));
        sel.value = r.value;
        sel.addEventListener("change", async () => {
          const old = { ...setup.options };
          const opts = { ...setup.options };
          if (sel.value === r.default) delete opts[r.id]; else opts[r.id] = sel.value;
          setup.options = opts;
          if (!(await refresh())) { setup.options = old; sel.value = r.value; }
        });
        readingsBox.append(el("p", {}, [el("label", { for: id, text: t(r.zh, r.en) }), el("br"), sel]));
      }
    }

    // ------------------------------------------------------------ the entry form
    // drawn by views/paohuzi.py (match_form, the function that drew the build's form) from the sheet answer and the
    // hand as chosen so far; this module keeps that choice and wires the controls by their data attributes
    const formRequest = () => ({ view: "paohuzi-matchsheet", lang, request: { ...request(hands), form: true }, uid: root.id || "ms", editing,
      entry: { ...entry, chosen: entry.winner !== undefined, winner: entry.winner ?? null } });
    let drawn = 0; // the latest drawing asked: an older answer is dropped
    // bumped at every change of the hand being chosen: a form drawn for an earlier choice (a sheet answer asked before
    // a tap, say) is not shown, the form is asked again
    let changed = 0;
    async function drawForm(a = null, v = changed) {
      if (!answer) { form.replaceChildren(); return; }
      const n = ++drawn;
      let got = a && a.html && a.html.form !== undefined && v === changed ? a : null;
      if (!got) { v = changed; got = await ask(formRequest()); }
      if (n !== drawn) return;
      if (v !== changed) { await drawForm(); return; } // the hand changed meanwhile: drawn from what it is now
      if (!got.ok || !got.html) { message.textContent = got.ok ? "" : got.error[lang]; return; }
      const key = focusKey(document.activeElement); // the control the reader is at stays theirs
      form.innerHTML = got.html.form;
      if (!over) form.append(formWhy);
      const input = form.querySelector('[data-role="huxi"]');
      if (input) {
        if (entry.huxi !== null) input.value = String(entry.huxi); // typed while the form was being drawn
        checkHuxi(input);
      }
      const back = key && form.querySelector(key);
      if (back) back.focus();
    }

    // a count no hand makes is said at once, beside the field, and never cut to fit
    function checkHuxi(input) {
      const why = form.querySelector('[data-role="huxi-why"]');
      const xi = T.xi, z = L.zimo_huxi;
      const v = input.value.trim();
      // a count within the limit that no hand's groups add up to: the engine's reason (form words, unmade_huxi)
      const unmade = /^[0-9]+$/.test(v) ? (L.unmade_huxi || {})[String(Number(v))] : null;
      const bad = v !== "" && (!/^[0-9]+$/.test(v) || Number(v) > L.huxi || Boolean(unmade));
      why.textContent = bad ? (!/^[0-9]+$/.test(v) ? t(`“${v}”不是${xi.zh}数：请写 0 到 ${L.huxi} 的整数。`, `“${v}” is not a number of huxi: write a whole number from 0 to ${L.huxi}.`)
        : Number(v) > L.huxi ? t(`${v} ${xi.zh}超出了：一手牌连${T.zimo.zh}加的 ${z} ${xi.zh}最多 ${L.huxi} ${xi.zh}，这里写的还不算${T.zimo.zh}，请查一查是不是打错了。`, `${v} huxi is too many: no hand makes more than ${L.huxi} with the ${z} for a self-draw, and this field is before it; check for a typing slip.`)
          : unmade[lang]) : "";
      input.setAttribute("aria-invalid", bad ? "true" : "false");
    }

    // a card of the palette goes where the form's target says: the hand, the group being shown, the winning card
    function placeCard(code) {
      const c = entry.cards;
      if (c.target === "hand") { if (c.hand.length < L.hand) c.hand.push(code); return; }
      if (c.target === "card") { c.card = code; return; }
      c.group.push(code);
      const size = words.kinds.find((k) => k.id === c.kind).size;
      if (c.group.length === size) { c.open.push({ kind: c.kind, cards: c.group }); c.group = []; }
    }
    function takeBack() {
      const c = entry.cards;
      if (c.target === "hand") c.hand.pop(); else if (c.target === "card") c.card = null; else if (c.group.length) c.group.pop(); else c.open.pop();
    }
    // the steps go by the 戏 a self-draw adds
    function step(d) {
      const input = form.querySelector('[data-role="huxi"]');
      entry.huxi = Math.max(0, Math.min(L.huxi, (Number(huxiOf(entry)) || 0) + d));
      if (input) input.value = String(entry.huxi);
    }

    // what a pressed control changes in the hand being entered (true: the form is drawn again)
    function choose(b) {
      const d = b.dataset, role = d.role, c = entry.cards;
      if (b.closest('[data-role="winner"]') && d.player !== undefined) entry.winner = d.player === "none" ? null : Number(d.player);
      else if (d.mode) entry.mode = d.mode;
      else if (role === "zimo") entry.zimo = !entry.zimo;
      else if (d.fan) entry.fan = entry.fan.includes(d.fan) ? entry.fan.filter((x) => x !== d.fan) : [...entry.fan, d.fan];
      else if (d.target) { if (d.target === "open" && c.target !== "open") c.group = []; c.target = d.target; }
      else if (d.kind) { c.kind = d.kind; c.group = []; }
      else if (d.card) placeCard(d.card);
      else if (role === "back") takeBack();
      else if (role === "less" || role === "more") { step(role === "less" ? -L.zimo_huxi : L.zimo_huxi); return false; }
      else return false;
      return true;
    }

    form.addEventListener("click", async (ev) => {
      const b = ev.target.closest("button");
      if (!b || !form.contains(b)) return;
      const role = b.dataset.role;
      if (role === "add") { enter(); return; }
      if (role === "clear") { editing = null; entry = blankEntry(words); changed += 1; await drawForm(); say(""); refocus(null); return; }
      if (role === "reopen") { over = false; tiebreak = []; await refresh(); return; }
      const key = focusKey(b);
      if (!choose(b)) return;
      changed += 1;
      await drawForm();
      refocus(key, null);
    });
    form.addEventListener("change", (ev) => {
      const x = ev.target, role = x.dataset.role;
      if (role === "foul") entry.fouls[x.dataset.player] = x.value;
      else if (role === "bird") entry.bird = x.value;
      else if (role === "source") entry.cards.source = x.value;
    });
    form.addEventListener("input", (ev) => {
      if (ev.target.dataset.role !== "huxi") return;
      entry.huxi = ev.target.value;
      checkHuxi(ev.target);
    });

    const formWhy = el("p", { class: "hw-why ms-why", "data-role": "why", "aria-live": "polite" });
    function say(text) { message.textContent = text || ""; formWhy.textContent = ""; }
    function refuse(text) { message.textContent = text; formWhy.textContent = text; }

    async function enter() {
      if (entry.winner === undefined) { refuse(t(`先选谁胡了（或${T.huang.zh}）。`, "First choose who won (or nobody).")); return; }
      if (entry.mode === "cards" && entry.winner !== null && !entry.cards.card) { refuse(t("还没有选胡的那一张牌。", "The winning card is not chosen yet.")); return; }
      const k = editing === null ? hands.length : editing;
      const next = hands.slice();
      if (editing === null) next.push(entryOut(entry)); else next[k] = entryOut(entry);
      const hist = editing === null ? history : [...history, { hand: k + 1, kind: "corrected", was: hands[k] }];
      const a = await ask(request(next, over, hist));
      if (!a.ok) { refuse(a.error[lang]); return; }
      const row = a.hands[k];
      const done = async () => {
        const corrected = editing !== null;
        await commit(a, next, hist);
        say(corrected ? t(`已改正第 ${row.hand} 局，以后各局重新算过：`, `Hand ${row.hand} corrected, the later hands counted again: `) + row.lines.map((l) => l[lang]).join(t("", " "))
          : t(`已记下第 ${row.hand} 局：`, `Hand ${row.hand} entered: `) + row.lines.map((l) => l[lang]).join(t("", " ")));
        refocus(null);
      };
      if (row.confirm) ask_yes(row.confirm[lang], t("确实这样，记下", "Yes, enter it"), t("返回修改", "Go back and change it"), done);
      else done();
    }

    async function commit(a, next, hist) {
      hands = next;
      history = hist;
      editing = null;
      entry = blankEntry(words);
      changed += 1;
      answer = a;
      drawSheet();
      keep(a);
      await drawForm();
    }

    // a question in words before something that costs a penalty, or deletes a hand, is entered
    function ask_yes(text, yes, no, onYes) {
      const back = document.activeElement;
      const y = el("button", { type: "button", class: "hw-btn", "data-role": "confirm-yes", text: yes });
      const n2 = el("button", { type: "button", class: "hw-btn", "data-role": "confirm-no", text: no });
      confirmBox.replaceChildren(el("p", { "data-role": "confirm-text", text }), el("div", { class: "ms-row" }, [y, n2]));
      confirmBox.hidden = false;
      form.setAttribute("inert", "");
      const close = () => { confirmBox.hidden = true; confirmBox.replaceChildren(); form.removeAttribute("inert"); };
      y.addEventListener("click", () => { close(); onYes(); });
      n2.addEventListener("click", () => { close(); say(""); if (back && back.isConnected) back.focus(); else refocus(null); });
      y.focus();
    }

    function entryIn(x) {
      // a hand as entered, back in the form (to be corrected)
      const e = blankEntry(words);
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
    function drawSheet() {
      const a = answer;
      standingBox.innerHTML = a.html ? a.html.standing : "";
      sheetBox.innerHTML = a.html ? a.html.result : "";
      historyBox.innerHTML = a.html ? a.html.history : "";
      delete root.dataset.saved;
      endBox.replaceChildren();
      const tied = a.ranking ? a.ranking.filter((r) => r.shared).map((r) => r.player) : [];
      if (tied.length) {
        endBox.append(el("p", { text: t("同分的选手比点定名次：按抽到的牌从大到小，依次点他们的名字。", "Tied players draw cards for places: tap their names from the highest card down.") }));
        const row = el("div", { class: "ms-row" });
        for (const p of tied) {
          const b = el("button", { type: "button", class: "hw-btn", "data-role": "tiebreak", "data-player": String(p), text: nameOf(p) });
          b.addEventListener("click", async () => { if (!tiebreak.includes(p)) { tiebreak = [...tiebreak, p]; await refresh(); } });
          row.append(b);
        }
        endBox.append(row);
      }
      root.dataset.hands = String(a.hands.length);
      root.dataset.over = a.over ? "1" : "0";
      // any hand may be corrected or deleted
      const keepPick = pickSel.value;
      pickSel.replaceChildren(...a.hands.map((r) => el("option", { value: String(r.hand - 1),
        text: t(`第 ${r.hand} 局：`, `Hand ${r.hand}: `) + (r.winner === null ? t(T.huang.zh, "nobody won") : t(`${nameOf(r.winner)}胡 ${r.huxi} ${T.xi.zh}`, `${nameOf(r.winner)} won ${r.huxi} huxi`)) })));
      if (keepPick && Number(keepPick) < a.hands.length) pickSel.value = keepPick;
      pickRow.hidden = !a.hands.length || over;
      // a grey button says why, at once
      const why = over ? t("比赛已结束：要撤销或改动，先按“继续记分”。", "The match is over: to undo or correct, first press Continue the match.")
        : !hands.length ? t("还没有记下任何一局：撤销、结束比赛要等记下第一局。", "No hand is entered yet: undoing and ending the match wait for the first hand.") : "";
      for (const b of [undoBtn, endBtn]) {
        b.disabled = Boolean(why);
        if (why) { b.setAttribute("aria-describedby", toolsWhy.id); b.title = why; } else { b.removeAttribute("aria-describedby"); b.removeAttribute("title"); }
      }
      toolsWhy.textContent = why;
    }

    fixBtn.addEventListener("click", async () => {
      const k = Number(pickSel.value);
      if (!(k >= 0 && k < hands.length)) return;
      editing = k;
      entry = entryIn(hands[k]);
      changed += 1;
      await drawForm();
      say(t(`第 ${k + 1} 局重新打开了，原来记的都在表里：改好后按“记下改正的第 ${k + 1} 局”。`, `Hand ${k + 1} is open again as it was entered: change it, then press Enter hand ${k + 1} as corrected.`));
      form.scrollIntoView({ block: "start" });
      refocus('[data-role="winner"] [aria-pressed="true"]');
    });
    dropBtn.addEventListener("click", () => {
      const k = Number(pickSel.value);
      if (!(k >= 0 && k < hands.length)) return;
      const text = t(`删去第 ${k + 1} 局（${pickSel.selectedOptions[0].text}）？以后各局重新算过（谁坐庄、各得几分），这次删改记在比赛的记录里。`,
        `Delete hand ${k + 1} (${pickSel.selectedOptions[0].text})? The later hands' dealers and points are counted again; the deletion is kept in the match's record.`);
      ask_yes(text, t("删去", "Delete it"), t("不删", "Keep it"), async () => {
        const next = hands.filter((_, j) => j !== k);
        const hist = [...history, { hand: k + 1, kind: "deleted", was: hands[k] }];
        const a = await ask(request(next, over, hist));
        if (!a.ok) { refuse(a.error[lang]); return; }
        await commit(a, next, hist);
        say(t(`已删去第 ${k + 1} 局，以后各局重新算过。`, `Hand ${k + 1} deleted; the later hands are counted again.`));
        pickSel.focus();
      });
    });

    // ------------------------------------------------------------ buttons
    undoBtn.addEventListener("click", async () => {
      if (!hands.length || over) return;
      const k = hands.length - 1;
      history = [...history, { hand: k + 1, kind: "deleted", was: hands[k] }];
      hands = hands.slice(0, -1);
      editing = null;
      await refresh();
      say(t("已撤销上一局。", "The last hand is undone."));
    });
    endBtn.addEventListener("click", async () => {
      over = true;
      tiebreak = [];
      if (!(await refresh())) over = false;
      else message.textContent = t("比赛结束：名次在积分表下面。", "The match is over: the ranking is under the sheet.");
    });
    printBtn.addEventListener("click", () => window.print());
    csvBtn.addEventListener("click", () => {
      if (!answer) return;
      const blob = new Blob(["\ufeff" + answer.csv], { type: "text/csv;charset=utf-8" });
      save(blob, `${matchName()}.csv`);
    });
    // the sheet a family reads and prints: the same table, in the page's language, as a page of its own
    sheetBtn.addEventListener("click", () => {
      if (!answer || !answer.html) return;
      const title = matchName();
      const style = "body{font-family:sans-serif;margin:1.5rem}table{border-collapse:collapse;font-size:11pt}th,td{border:1px solid #888;padding:2px 6px}"
        + ".ms-num{text-align:right}.ms-fold{display:none}.ms-run{display:block;font-size:.8em;color:#444}.ms-sign span{display:inline-block;width:40%;border-bottom:1px solid #000;margin:1.5rem 1rem 0 0}";
      const esc = (x) => x.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
      const doc = `<!doctype html><html lang="${lang === "en" ? "en" : "zh-Hans"}"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${style}</style></head><body>`
        + `<h1>${esc(title)}</h1>${answer.html.standing}${answer.html.result}${answer.html.history}</body></html>`;
      save(new Blob([doc], { type: "text/html;charset=utf-8" }), `${title}.html`);
    });
    function matchName() {
      const named = [setup.event, setup.date].filter(Boolean).join(" ").replace(/[\\/:*?"<>|]/g, " ").trim();
      return named || w(words.file_name);
    }
    function save(blob, name) {
      const a = el("a", { href: URL.createObjectURL(blob), download: name });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    }
    tableSel.addEventListener("change", async () => {
      const old = setup.table;
      setup.table = tableSel.value;
      birdsRow.hidden = setup.table !== "four";
      if (!(await refresh())) { setup.table = old; tableSel.value = old; birdsRow.hidden = old !== "four"; }
      nameRows.forEach((r, p) => { r.hidden = p >= n(); });
    });
    birdsInput.addEventListener("change", async () => {
      const old = setup.birds;
      setup.birds = Math.max(0, Math.min(L.birds, Number(birdsInput.value) || 0));
      if (!(await refresh())) { setup.birds = old; birdsInput.value = String(old); }
    });
    nameInputs.forEach((inp, p) => inp.addEventListener("change", async () => {
      setup.names[p] = inp.value.replace(/[;\n]/g, " ").trim().slice(0, 20);
      await refresh();
    }));

    eventInput.addEventListener("change", async () => { setup.event = eventInput.value.replace(/[\n"\\]/g, " ").trim().slice(0, 60); await refresh(); });
    dateInput.addEventListener("change", async () => { setup.date = dateInput.value; await refresh(); });

    async function load(session) {
      sessionId = session ? session.id : null;
      setup = { table: "four", names: ["", "", "", ""], birds: 0, options: {}, date: "", event: "" };
      hands = []; over = false; tiebreak = []; entry = blankEntry(words); history = []; editing = null; changed += 1;
      if (session && session.text) {
        const a = await ctx.call({ game: "paohuzi", action: "sheet", text: session.text });
        if (a.ok) {
          setup = { table: a.table, names: SEAT.map((_, p) => (a.players[p] ? a.players[p].name : "")), birds: a.birds.length, options: a.options,
            date: tagOf(session.text, "Date"), event: tagOf(session.text, "Event") };
          hands = a.entries; over = a.over; tiebreak = a.tiebreak || []; history = (a.history || []).map((h) => ({ hand: h.hand, kind: h.kind, was: h.was }));
        } else {
          message.textContent = a.error[lang];
        }
      }
      tableSel.value = setup.table;
      birdsInput.value = String(setup.birds);
      birdsRow.hidden = setup.table !== "four";
      nameInputs.forEach((inp, p) => { inp.value = setup.names[p] || ""; });
      eventInput.value = setup.event;
      dateInput.value = setup.date;
      nameRows.forEach((r, p) => { r.hidden = p >= n(); });
      await refresh(false);
    }

    skipLink(root, ctx.t, ['[data-role="winner"] button']);
    box.replaceChildren(sessions, setupBox, standingBox, form, confirmBox, message, sheetBox, pickRow, historyBox, endBox, tools);
    let loading = null;
    let bar = null;
    bar = sessionBar(sessions, store, {
      lang,
      call: ctx.call,
      labels: { zh: { title: "这一场比赛", create: "新开一场", list: "选择一场" }, en: { title: "This match", create: "New match", list: "Choose a match" } },
      onOpen: (s) => { loading = load(s); },
      fresh: async () => {
        const a = await ctx.call({ game: "paohuzi", action: "sheet", hands: [] });
        return { text: a.ok ? a.record : "", meta: { hands: 0 } };
      },
      accept: (ans) => (ans.position && ans.position.sheet === "match" ? null
        : { zh: "这份记录不是跑胡子的积分表。", en: "This record is not a 跑胡子 match sheet." }),
    });
    if (!bar.current()) {
      const fresh = await ctx.call({ game: "paohuzi", action: "sheet", hands: [] });
      const s = store.create(t(`第 ${store.list().length + 1} 场`, `Match ${store.list().length + 1}`), fresh.ok ? fresh.record : "", { hands: 0 });
      bar.select(s.id);
    }
    await loading;
    if (!answer) await load(null);
  },
};
