// 跑胡子 match sheet at a real table: each hand entered after its showdown (who won and how, the 戏 and
// 番 or the winning hand card by card, the fouls, the bird card); the engine keeps the booklet's sheet
// ({"game": "paohuzi", "action": "sheet"}): the seats of each hand, 等, points, running totals and the
// ranking, the sheet as CSV and as a written record. Sessions are kept on this device (sessions.js).
import { el } from "./dom.js";
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

function cardLabel(words, code, lang) {
  const c = words.cards.find((x) => x.code === code);
  if (!c) return code;
  return lang === "zh" ? c.char : `${c.char} ${c.en}`;
}

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
    const store = openStore("paohuzi-sheet");

    const n = () => words.tables.find((x) => x.id === setup.table).players;
    const nameOf = (p) => (setup.names[p] ? setup.names[p] : w(SEAT[p]));
    const longName = (p) => (setup.names[p] ? t(`${setup.names[p]}（${SEAT[p].zh}）`, `${setup.names[p]} (${SEAT[p].en})`) : t(SEAT[p].zh, `Player ${SEAT[p].en}`));
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
    const birdsRow = el("p", { class: "ms-birds" }, [el("label", { for: birdsInput.id, text: t("打鸟的人数（四人局）", "Birds betting (table of four)") }), birdsInput]);
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

    const form = el("fieldset", { class: "ms-entry", "data-role": "entry" });
    const message = el("p", { class: "ms-message", "data-role": "message", role: "status" });
    const sheetBox = el("div", { class: "ms-sheet", "data-role": "result" });
    const endBox = el("div", { class: "ms-end" });
    const undoBtn = el("button", { type: "button", class: "hw-btn", "data-role": "undo", text: t("撤销上一局", "Undo the last hand") });
    const endBtn = el("button", { type: "button", class: "hw-btn", "data-role": "end", text: t("比赛结束，排名次", "End the match and rank") });
    const printBtn = el("button", { type: "button", class: "hw-btn", "data-role": "print", text: t("打印积分表", "Print the sheet") });
    const csvBtn = el("button", { type: "button", class: "hw-btn", "data-role": "csv", text: t("导出 CSV", "Export CSV") });
    const tools = el("div", { class: "ms-tools" }, [undoBtn, endBtn, printBtn, csvBtn]);

    // ------------------------------------------------------------ the engine
    const request = (hs, ov = over) => ({ game: "paohuzi", action: "sheet", table: setup.table, names: setup.names.slice(0, n()),
      birds: setup.table === "four" ? setup.birds : 0, options: setup.options, hands: hs, over: ov, tiebreak, date: setup.date || undefined, event: setup.event || undefined });

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
        return await ctx.call(req);
      } finally {
        root.dataset.busy = String(--pending);
      }
    }

    async function refresh(save = true) {
      const a = await ask(request(hands));
      if (!a.ok) { message.textContent = a.error[lang]; return false; }
      answer = a;
      drawReadings();
      drawSheet();
      drawForm();
      if (save && sessionId) store.save(sessionId, { text: a.record, meta: { hands: hands.length } });
      return true;
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
    function toggle(label, pressed, onClick, attrs = {}) {
      const b = el("button", { type: "button", class: "hw-btn ms-toggle", "aria-pressed": pressed ? "true" : "false", text: label, ...attrs });
      b.addEventListener("click", onClick);
      return b;
    }

    function drawForm() {
      form.replaceChildren();
      if (!answer) return;
      if (over) {
        form.append(el("legend", { text: t("比赛已结束", "The match is over") }),
          el("p", { text: t("要再记一局，请按“继续记分”。", "To enter another hand, press Continue the match.") }));
        const again = el("button", { type: "button", class: "hw-btn", "data-role": "reopen", text: t("继续记分", "Continue the match") });
        again.addEventListener("click", async () => { over = false; tiebreak = []; await refresh(); });
        form.append(again);
        return;
      }
      const k = hands.length + 1;
      const roles = answer.next_roles;
      const dealer = answer.next_dealer;
      form.append(el("legend", { text: t(`第 ${k} 局`, `Hand ${k}`) }));
      const seats = roles.map((r, p) => t(`${nameOf(p)}：${ROLE[r].zh}`, `${nameOf(p)}: ${ROLE[r].en}`)).join(t("；", "; "));
      form.append(el("p", { class: "ms-seats", "data-role": "seats", text: t(`${nameOf(dealer)}坐庄。`, `${nameOf(dealer)} deals. `) + seats }));
      // who won
      form.append(el("p", { class: "ms-q", text: t("谁胡了？", "Who won?") }));
      const winRow = el("div", { class: "ms-row", "data-role": "winner" });
      roles.forEach((r, p) => {
        if (r === "xing") return;
        winRow.append(toggle(nameOf(p), entry.winner === p, () => { entry.winner = p; drawForm(); }, { "data-player": String(p) }));
      });
      winRow.append(toggle(t(`${T.huang.zh}（没人胡）`, `Nobody (${T.huang.en})`), entry.winner === null, () => { entry.winner = null; drawForm(); }, { "data-player": "none" }));
      form.append(winRow);
      if (entry.winner !== undefined && entry.winner !== null) {
        const modeRow = el("div", { class: "ms-row", "data-role": "mode" }, [
          toggle(t(`写${T.xi.zh}数和${T.fan.zh}`, "Enter the huxi and fan"), entry.mode === "huxi", () => { entry.mode = "huxi"; drawForm(); }),
          toggle(t("逐张写出胡牌", "Enter the winning hand card by card"), entry.mode === "cards", () => { entry.mode = "cards"; drawForm(); }),
        ]);
        form.append(modeRow);
        if (entry.mode === "huxi") form.append(huxiPart()); else form.append(cardsPart());
      }
      // fouls
      const fouls = el("details", { class: "ms-fouls", ...(Object.values(entry.fouls).some(Boolean) ? { open: "" } : {}) }, [el("summary", { text: t("罚则（摊牌后指出的违规）", "Fouls found at the showdown") })]);
      roles.forEach((r, p) => {
        if (r === "xing") return;
        const id = `${root.id || "ms"}-foul-${p}`;
        const sel = el("select", { id, "data-role": "foul", "data-player": String(p) });
        sel.append(el("option", { value: "", text: t("没有", "none") }));
        for (const f of words.fouls) sel.append(el("option", { value: f.id, text: t(f.zh, `${f.en}, ${f.zh}`) }));
        sel.value = entry.fouls[p] || "";
        sel.addEventListener("change", () => { entry.fouls[p] = sel.value; });
        fouls.append(el("p", {}, [el("label", { for: id, text: nameOf(p) }), " ", sel]));
      });
      form.append(fouls);
      if (setup.table === "four" && setup.birds) {
        const id = `${root.id || "ms"}-bird`;
        const sel = el("select", { id, "data-role": "bird" });
        sel.append(el("option", { value: "", text: t("请选", "choose") }));
        for (const b of words.birds) sel.append(el("option", { value: b.code, text: w(b) }));
        sel.value = entry.bird;
        sel.addEventListener("change", () => { entry.bird = sel.value; });
        form.append(el("p", {}, [el("label", { for: id, text: t(`最后一张${T.stock.zh}（定鸟）`, `The last card of the ${T.stock.en} (for the birds)`) }), " ", sel]));
      }
      const add = el("button", { type: "button", class: "hw-btn ms-add", "data-role": "add", text: t("记下这一局", "Enter this hand") });
      add.addEventListener("click", enter);
      const clear = el("button", { type: "button", class: "hw-btn", "data-role": "clear", text: t("清空", "Clear") });
      clear.addEventListener("click", () => { entry = blankEntry(words); drawForm(); message.textContent = ""; });
      form.append(el("div", { class: "ms-row" }, [add, clear]));
    }

    function huxiPart() {
      const part = el("div", { class: "ms-huxi" });
      const id = `${root.id || "ms"}-huxi`;
      const xi = T.xi, fanHead = T.fan, z = L.zimo_huxi;
      const input = el("input", { id, type: "number", min: "0", max: String(L.huxi), inputmode: "numeric", value: String(huxiOf(entry)), "data-role": "huxi" });
      input.addEventListener("input", () => { entry.huxi = input.value; });
      // the steps go by the 戏 a self-draw adds
      const step = (d) => { entry.huxi = Math.max(0, Math.min(L.huxi, (Number(huxiOf(entry)) || 0) + d)); input.value = String(entry.huxi); };
      const minus = el("button", { type: "button", class: "hw-btn ms-step", "data-role": "less", text: `−${z}`, "aria-label": t(`少 ${z} ${xi.zh}`, `${z} huxi fewer`) });
      const plus = el("button", { type: "button", class: "hw-btn ms-step", "data-role": "more", text: `+${z}`, "aria-label": t(`多 ${z} ${xi.zh}`, `${z} huxi more`) });
      minus.addEventListener("click", () => step(-z));
      plus.addEventListener("click", () => step(z));
      part.append(el("p", {}, [el("label", { for: id, text: t(`牌型的${xi.zh}（不含${T.zimo.zh}加的 ${z} ${xi.zh}）`, `Huxi of the hand (before the ${z} for a self-draw)`) })]),
        el("div", { class: "ms-row" }, [minus, input, plus]));
      part.append(el("div", { class: "ms-row" }, [toggle(t(`${T.zimo.zh}（加 ${z} ${xi.zh}）`, `Self-drawn (${z} huxi more)`), entry.zimo, () => { entry.zimo = !entry.zimo; drawForm(); }, { "data-role": "zimo" })]));
      const fans = el("div", { class: "ms-row", "data-role": "fans" });
      for (const f of words.fans) {
        fans.append(toggle(t(f.zh, `${f.en} (${f.zh})`), entry.fan.includes(f.id), () => {
          entry.fan = entry.fan.includes(f.id) ? entry.fan.filter((x) => x !== f.id) : [...entry.fan, f.id];
          drawForm();
        }, { "data-fan": f.id }));
      }
      part.append(el("p", { class: "ms-q", text: t(`${fanHead.zh}（可不选）`, "Fan (if any)") }), fans);
      return part;
    }

    function cardsPart() {
      const c = entry.cards;
      const part = el("div", { class: "ms-cards" });
      const targets = el("div", { class: "ms-row", "data-role": "target" }, [
        toggle(t("手里的牌", "Cards in hand"), c.target === "hand", () => { c.target = "hand"; drawForm(); }),
        toggle(t("亮在桌上的一组", "A group shown on the table"), c.target === "open", () => { c.target = "open"; c.group = []; drawForm(); }),
        toggle(t("胡的那一张", "The winning card"), c.target === "card", () => { c.target = "card"; drawForm(); }),
      ]);
      part.append(targets);
      if (c.target === "open") {
        const kinds = el("div", { class: "ms-row" });
        for (const k of words.kinds) kinds.append(toggle(t(k.zh, `${k.en}, ${k.zh}`), c.kind === k.id, () => { c.kind = k.id; c.group = []; drawForm(); }));
        part.append(kinds);
      }
      const palette = el("div", { class: "ms-palette", "data-role": "palette" });
      for (const card of words.cards) {
        const code = card.code;
        const b = el("button", { type: "button", class: `hw-btn ms-card${card.big ? " ms-big" : ""}${card.red ? " ms-red" : ""}`, "data-card": code, text: cardLabel(words, code, lang) });
        b.addEventListener("click", () => {
          if (c.target === "hand") { if (c.hand.length < L.hand) c.hand.push(code); }
          else if (c.target === "card") c.card = code;
          else {
            c.group.push(code);
            const size = words.kinds.find((k) => k.id === c.kind).size;
            if (c.group.length === size) { c.open.push({ kind: c.kind, cards: c.group }); c.group = []; }
          }
          drawForm();
        });
        palette.append(b);
      }
      part.append(palette);
      const show = (codes) => codes.map((x) => cardLabel(words, x, lang)).join(" ");
      const kindName = (k) => { const x = words.kinds.find((y) => y.id === k); return x ? w(x) : k; };
      part.append(el("p", { "data-role": "hand-cards", text: t(`手里（${c.hand.length} 张）：`, `In hand (${c.hand.length}): `) + show(c.hand) }));
      part.append(el("p", { "data-role": "open-groups", text: t("桌上：", "On the table: ") + c.open.map((g) => `${kindName(g.kind)} ${show(g.cards)}`).join(t("；", "; ")) + (c.group.length ? ` … ${show(c.group)}` : "") }));
      part.append(el("p", { "data-role": "win-card", text: t("胡的那一张：", "The winning card: ") + (c.card ? cardLabel(words, c.card, lang) : "—") }));
      const srcId = `${root.id || "ms"}-source`;
      const src = el("select", { id: srcId, "data-role": "source" });
      for (const x of words.sources) src.append(el("option", { value: x.id, text: w(x) }));
      src.value = c.source;
      src.addEventListener("change", () => { c.source = src.value; });
      part.append(el("p", {}, [el("label", { for: srcId, text: t("胡的那一张从哪里来", "Where the winning card came from") }), " ", src]));
      const back = el("button", { type: "button", class: "hw-btn", text: t("去掉最后一张", "Take back the last card") });
      back.addEventListener("click", () => {
        if (c.target === "hand") c.hand.pop(); else if (c.target === "card") c.card = null; else if (c.group.length) c.group.pop(); else c.open.pop();
        drawForm();
      });
      part.append(el("div", { class: "ms-row" }, [back]));
      return part;
    }

    async function enter() {
      if (entry.winner === undefined) { message.textContent = t(`先选谁胡了（或${T.huang.zh}）。`, "First choose who won (or nobody)."); return; }
      if (entry.mode === "cards" && entry.winner !== null && !entry.cards.card) { message.textContent = t("还没有选胡的那一张牌。", "The winning card is not chosen yet."); return; }
      const next = [...hands, entryOut(entry)];
      const a = await ask(request(next));
      if (!a.ok) { message.textContent = a.error[lang]; return; }
      hands = next;
      entry = blankEntry(words);
      answer = a;
      drawSheet();
      drawForm();
      if (sessionId) store.save(sessionId, { text: a.record, meta: { hands: hands.length } });
      const r = a.hands[a.hands.length - 1];
      message.textContent = t(`已记下第 ${r.hand} 局：`, `Hand ${r.hand} entered: `) + r.lines.map((l) => l[lang]).join(t("", " "));
    }

    // ------------------------------------------------------------ the sheet
    function drawSheet() {
      const a = answer;
      const ps = a.players;
      const head = el("tr", {}, [...words.heads.map((h) => el("th", { scope: "col", text: w(h) })),
        ...ps.map((p) => el("th", { scope: "col", class: "ms-num", text: nameOf(p.player) }))]);
      const body = el("tbody");
      for (const r of a.hands) {
        const win = r.winner === null ? t("荒", "none") : nameOf(r.winner) + (r.zimo ? t(`（${T.zimo.zh}）`, " (self)") : "") + (r.hu_valid ? "" : t("（无效）", " (void)"));
        const fan = r.winner === null ? "" : (r.fan.length ? r.fan.map((f) => t(f.zh, f.en)).join(" ") : "") + (r.multiplier > 1 ? ` ×${r.multiplier}` : "");
        const fouls = r.fouls.map((f) => `${nameOf(f.player)} ${t(f.zh, f.en)}`).join(t("；", "; ")) + (r.bird ? `${r.fouls.length ? "; " : ""}${t("鸟", "bird")}→${nameOf(r.bird.player)}` : "");
        body.append(el("tr", { "data-role": "hand-row" }, [el("th", { scope: "row", text: String(r.hand) }), el("td", { text: nameOf(r.dealer) }),
          el("td", { text: win }), el("td", { class: "ms-num", text: r.winner === null ? "" : String(r.huxi) }), el("td", { class: "ms-num", text: r.deng ? String(r.deng) : "" }),
          el("td", { text: fan }), el("td", { text: fouls }),
          ...r.scores.map((v, p) => el("td", { class: "ms-num" }, [v ? (v > 0 ? `+${v}` : `${v}`) : "0",
            el("small", { class: "ms-run", title: t("累计", "running total"), text: ` ${r.totals[p] > 0 ? "+" : ""}${r.totals[p]}` })]))]));
      }
      const foot = el("tfoot", {}, [el("tr", { class: "ms-total", "data-role": "totals" }, [el("th", { scope: "row", colspan: String(words.heads.length), text: t("累计", "Total") }),
        ...a.totals.map((v) => el("td", { class: "ms-num", text: v > 0 ? `+${v}` : `${v}` }))])]);
      const title = el("p", { class: "ms-title", text: t("跑胡子积分表", "跑胡子 match sheet (积分表)") + (setup.event ? ` · ${setup.event}` : "") + (setup.date ? ` · ${setup.date}` : "") + " · " + ps.map((p) => longName(p.player)).join(t("、", ", ")) });
      const tableEl = el("table", {}, [el("caption", { text: t("每局得分（小号的数是累计分），每局各方合计为零", "Points per hand (small figures: running totals); every hand sums to zero") }), el("thead", {}, [head]), body, foot]);
      const parts = [title, el("div", { class: "ms-scroll" }, [tableEl])];
      if (a.birds.length) parts.push(el("p", { text: a.birds.map((b) => t(`鸟 ${b.bird}：${b.total > 0 ? "+" : ""}${b.total}`, `Bird ${b.bird}: ${b.total > 0 ? "+" : ""}${b.total}`)).join(t("；", "; ")) }));
      endBox.replaceChildren();
      if (a.ranking) {
        const ol = el("ol", { class: "ms-ranking", "data-role": "ranking" });
        for (const r of a.ranking) ol.append(el("li", { "data-player": String(r.player), text: t(`第 ${r.place} 名 ${longName(r.player)}：${r.total > 0 ? "+" : ""}${r.total}${r.shared ? "（同分）" : ""}`,
          `Place ${r.place}: ${longName(r.player)}, ${r.total > 0 ? "+" : ""}${r.total}${r.shared ? " (tied)" : ""}`) }));
        parts.push(el("p", { class: "ms-q", text: t("名次", "Ranking") }), ol);
        const tied = a.ranking.filter((r) => r.shared).map((r) => r.player);
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
        parts.push(el("div", { class: "ms-sign" }, ps.map((p) => el("span", { text: t(`${nameOf(p.player)} 签字：`, `${nameOf(p.player)}, signed:`) }))));
      }
      sheetBox.replaceChildren(...parts);
      root.dataset.hands = String(a.hands.length);
      root.dataset.over = a.over ? "1" : "0";
      undoBtn.disabled = !hands.length || over;
      endBtn.disabled = !hands.length || over;
    }

    // ------------------------------------------------------------ buttons
    undoBtn.addEventListener("click", async () => {
      if (!hands.length || over) return;
      hands = hands.slice(0, -1);
      await refresh();
      message.textContent = t("已撤销上一局。", "The last hand is undone.");
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
      const a = el("a", { href: URL.createObjectURL(blob), download: t("跑胡子积分表.csv", "paohuzi-match-sheet.csv") });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    });
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
      hands = []; over = false; tiebreak = []; entry = blankEntry(words);
      if (session && session.text) {
        const a = await ctx.call({ game: "paohuzi", action: "sheet", text: session.text });
        if (a.ok) {
          setup = { table: a.table, names: SEAT.map((_, p) => (a.players[p] ? a.players[p].name : "")), birds: a.birds.length, options: a.options,
            date: tagOf(session.text, "Date"), event: tagOf(session.text, "Event") };
          hands = a.entries; over = a.over; tiebreak = a.tiebreak || [];
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

    box.replaceChildren(sessions, setupBox, form, message, sheetBox, endBox, tools);
    let loading = null;
    const bar = sessionBar(sessions, store, {
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
