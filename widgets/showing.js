// 叶子戏 showing at a real table: enter each player's eight cards (or the two groups he showed); the
// engine ({"game": "yezi", "action": "showing"}) names every combination, each best split, who wins
// each showing and the round. The card names, the seats' names and the sizes of a hand and a group come
// from the build (the palette, the seat buttons and the entry's data-hand, data-group in the static HTML).
// The result is drawn by the view "yezi-showing" (views/yezi.py, run in Pyodide beside the engine, the function
// that draws the build's example): this module draws the cards being entered and inserts the view's markup.
// A showing judged is exported as the engine writes it (the answer's record: the cards dealt at the table,
// each split, the showings), and such a record, or a round played in these pages, is opened again here.
// The family's rounds (issue 45): each round judged is recorded into a tally kept on this device (sessions.js, as
// the 骨牌 ledger keeps its hands), every player's running total on screen; any round can be put back into the
// form, corrected or deleted, every change kept. The tally is the engine's ({"game": "yezi", "action": "tally"},
// a record with [Sheet "tally"]) and is drawn by the view "yezi-tally" (views/yezi.py).
import { el, grey } from "./dom.js";
import { downloadRecord, openStore, sessionBar } from "./sessions.js";

const KIND = "yezi-showing";

/** Before Python has started: the cards the reader entered last time, from this device, in the place of the
 * build's example (issue 44: the reader's own data first). Text only, read from the device. */
function ownFirst(root) {
  const lang = root.dataset.lang === "en" ? "en" : "zh";
  const t = (zh, en) => (lang === "en" ? en : zh);
  let cur = null;
  try { cur = openStore(KIND).current(); } catch { return; }
  const kept = cur && cur.meta && Array.isArray(cur.meta.players) ? cur.meta.players : null;
  const result = root.querySelector('[data-role="result"]');
  const sheet = cur && cur.meta && cur.meta.sheet;
  if (result && sheet && Array.isArray(sheet.names) && Array.isArray(sheet.rows) && Array.isArray(sheet.totals) && sheet.rows.length) {
    // the family's rounds kept on this device, as a plain table of text (the totals as the view last drew them)
    const mark = root.querySelector('[data-role="example-mark"]');
    if (mark) mark.remove();
    const row = (head, xs, cls) => el("tr", cls ? { class: cls } : {}, [el("th", { scope: "row", text: head }), ...xs.map((x) => el("td", { text: String(x) }))]);
    result.replaceChildren(
      el("p", { "data-role": "own-first", text: t(`你保存在这台设备上的计分：${cur.name}（${sheet.rows.length} 局）。规则引擎一启动就可以接着记。`,
        `Your tally kept on this device: ${cur.name} (${sheet.rows.length} rounds). You can go on once the rules engine has started.`) }),
      el("table", { class: "hw-table ys-own", "data-role": "own-table" }, [
        el("thead", {}, [el("tr", {}, [el("th", { text: "#" }), ...sheet.names.map((n) => el("th", { scope: "col", text: String(n) }))])]),
        el("tbody", {}, sheet.rows.map((r, i) => row(String(i + 1), r))),
        el("tfoot", {}, [row(t("累计", "Total"), sheet.totals)]),
      ]));
    return;
  }
  if (!kept || !result || !kept.some((p) => p && Array.isArray(p.slots) && p.slots.flat().length)) return; // nothing of the reader's yet
  const label = Object.fromEntries([...root.querySelectorAll('[data-role="card"]')].map((b) => [b.dataset.code, b.textContent]));
  const seats = [...root.querySelectorAll('[data-role="seat"]')].map((b) => b.textContent);
  const mark = root.querySelector('[data-role="example-mark"]');
  if (mark) mark.remove();
  result.replaceChildren(
    el("p", { "data-role": "own-first", text: t("你上次在这台设备上填的牌（规则引擎一启动就给出结果）：", "The cards you entered last time on this device (judged as soon as the rules engine has started):") }),
    el("ul", {}, kept.map((p, s) => el("li", { text: `${seats[s] || ""}：${(p && Array.isArray(p.slots) ? p.slots : []).map((g) => (Array.isArray(g) ? g : []).map((c) => label[c] || "?").join(" ")).filter(Boolean).join(" ｜ ")}` }))),
  );
}
if (typeof document !== "undefined") document.querySelectorAll(`.hw[data-widget="${KIND}"]`).forEach(ownFirst);

export async function showingWidget(root, ctx) {
  const t = ctx.t;
  const entry = root.querySelector('[data-role="showing-entry"]');
  const HAND = Number(entry.dataset.hand);
  const GROUP = Number(entry.dataset.group);
  const slotsBox = root.querySelector('[data-role="slots"]');
  const result = root.querySelector('[data-role="result"]');
  const message = root.querySelector('[data-role="message"]');
  const thrower = root.querySelector('[data-role="thrower"]');
  const seatBtns = [...root.querySelectorAll('[data-role="seat"]')];
  const SEATS = seatBtns.map((b) => b.textContent.replace(/ ✓$/, ""));
  // the family's names (optional): in the seat buttons, every sentence, the result and the export's file name
  let names = SEATS.map(() => "");
  const who = (s) => names[s] || SEATS[s];
  const modeHand = root.querySelector('[data-role="mode-hand"]');
  const modeGroups = root.querySelector('[data-role="mode-groups"]');
  const cards = [...root.querySelectorAll('[data-role="card"]')];
  const label = Object.fromEntries(cards.map((b) => [b.dataset.code, b.textContent]));
  const count = Object.fromEntries(cards.map((b) => [b.dataset.code, Number(b.dataset.count)]));
  const order = cards.map((b) => b.dataset.code);
  const sortCodes = (xs) => [...xs].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  // why cards of the palette are grey, said where the reader looks when a card greys
  const paletteWhy = el("p", { class: "ys-why", "data-role": "palette-why", role: "status" });
  if (cards.length) cards[cards.length - 1].parentElement.after(paletteWhy);

  // each player: mode "hand" (slots[0], eight cards) or "groups" (slots[0] shown first, slots[1] second)
  const players = seatBtns.map(() => ({ mode: "hand", slots: [[], []] }));
  let current = 0;
  let active = 0; // which slot of the current player the palette fills
  let seq = 0;
  const exampleBtn = root.querySelector('[data-role="example"]');
  let example = { ok: false };
  try {
    example = await ctx.call({ game: "yezi", action: "showing", players: JSON.parse(exampleBtn.dataset.example || "[]") });
  } catch { /* no example: the button stays without effect */ }

  const capacity = (p, k) => (p.mode === "hand" ? (k === 0 ? HAND : 0) : GROUP);
  const used = (code) => players.reduce((n, p) => n + p.slots.flat().filter((c) => c === code).length, 0);
  const complete = (p) => (p.mode === "hand" ? p.slots[0].length === HAND : p.slots[0].length === GROUP && p.slots[1].length === GROUP);

  function drawSlots() {
    const p = players[current];
    seatBtns.forEach((b, s) => {
      b.setAttribute("aria-pressed", s === current ? "true" : "false");
      b.textContent = who(s) + (complete(players[s]) ? " ✓" : "");
    });
    modeHand.setAttribute("aria-pressed", p.mode === "hand" ? "true" : "false");
    modeGroups.setAttribute("aria-pressed", p.mode === "groups" ? "true" : "false");
    const names = p.mode === "hand" ? [t("八张牌", "Eight cards")] : [t("先亮的一组", "Group shown first"), t("后亮的一组", "Group shown second")];
    slotsBox.replaceChildren(...names.map((name, k) => {
      const cap = capacity(p, k);
      const pick = el("button", { type: "button", class: "hw-btn ys-slot-name", "data-role": "slot", "data-slot": String(k),
        "aria-pressed": active === k ? "true" : "false", text: `${name} ${p.slots[k].length}/${cap}` });
      pick.addEventListener("click", () => { active = k; drawSlots(); });
      const chips = p.slots[k].map((c, i) => {
        const b = el("button", { type: "button", class: "hw-btn ys-chip", "data-role": "chosen", "data-code": c,
          "aria-label": t(`取消 ${label[c]}`, `Take back ${label[c]}`), text: label[c] });
        b.addEventListener("click", () => { p.slots[k].splice(i, 1); changed(); });
        return b;
      });
      return el("div", { class: "ys-slot", "data-slot": String(k) }, [pick, el("div", { class: "ys-row" }, chips)]);
    }));
    const full = p.slots[active].length >= capacity(p, active);
    const slotName = names[active] || names[0];
    const gone = [];
    for (const b of cards) {
      const code = b.dataset.code;
      const out = used(code) >= count[code];
      if (out) gone.push(label[code]);
      grey(b, out ? t(`一副牌只有 ${count[code]} 张${label[code]}，四家已经都填进去了：再多就不对了。`, `The deck has only ${count[code]} × ${label[code]}, all entered already: one more cannot be right.`)
        : full ? t(`${who(current)}的“${slotName}”已经填满：先点一张取回，或换一家。`, `${who(current)}'s “${slotName}” is full: take a card back, or choose another player.`) : "");
    }
    paletteWhy.textContent = [
      gone.length ? t(`已经用完（一副牌就这么多）：${gone.join("、")}。`, `All used (that is all the deck has): ${gone.join(", ")}.`) : "",
      full ? t(`${who(current)}的“${slotName}”已经填满。`, `${who(current)}'s “${slotName}” is full.`) : "",
    ].filter(Boolean).join(" ");
  }

  // the record of the showing last judged (null until all four are entered), exported and opened as a file
  let judged = null;
  let judging = false; // a judgement of the cards entered is out (judge, below)
  let readings = {}; // the readings of a record opened (the page itself offers none: the engine's defaults)
  const uid = `ys${Math.random().toString(36).slice(2, 8)}`;
  const exportBtn = el("button", { type: "button", class: "hw-btn", "data-role": "record-export", text: t("导出为记录（.txt）", "Export as a record (.txt)") });
  const file = el("input", { id: `${uid}-file`, type: "file", accept: ".txt,text/plain", class: "hw-sr", "data-role": "record-open" });
  const openLabel = el("label", { class: "hw-btn", for: `${uid}-file`, text: t("打开一份记录", "Open a record") });
  const recordMessage = el("p", { class: "hw-record-message", "data-role": "record-message", role: "status" });
  const say = (zh, en) => { recordMessage.textContent = t(zh, en); };
  result.after(el("div", { class: "hw-record-tools", "data-role": "record-tools" }, [
    el("div", { class: "hw-row" }, [exportBtn, " ", openLabel, file]), recordMessage]));
  exportBtn.addEventListener("click", () => {
    if (!judged) { say("四家的牌都填好后，才能导出这一局的记录。", "Enter all four players' cards first; then the round can be exported."); return; }
    const family = names.some(Boolean) ? SEATS.map((_, s) => who(s)).join(t("、", "-")) : "";
    const got = downloadRecord({ name: family ? t(`桌上一局：${family}`, `round-at-the-table ${family}`) : t("桌上一局", "round-at-the-table"), text: judged }, "yezi");
    say(`已导出：${got}`, `Exported: ${got}`);
  });
  file.addEventListener("change", async () => {
    const f = file.files && file.files[0];
    file.value = "";
    if (!f) return;
    let text;
    try { text = await f.text(); } catch { say("读不了这个文件：它应是一份纯文本的记录（.txt）。", "This file cannot be read: it should be a record in plain text (.txt)."); return; }
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const a = await ctx.call({ game: "yezi", action: "showing", text });
    if (!a.ok) { say(a.error.zh, a.error.en); return; }
    a.players.forEach((p, s) => { players[s].mode = "groups"; players[s].slots = [p.groups[0], p.groups[1]]; });
    names = SEATS.map((_, s) => (a.seat_names && a.seat_names[s][ctx.lang] !== SEATS[s] ? a.seat_names[s][ctx.lang] : ""));
    nameInputs.forEach((inp, s) => { inp.value = names[s]; });
    thrower.value = String(a.thrower);
    readings = a.options || {};
    current = 0; active = 0;
    say("已打开：四家亮出的两组牌照记录填好了。", "Opened: each player's two groups are entered as the record gives them.");
    changed();
  });

  // the family's rounds and the showing being entered are kept on this device (sessions.js): a reload gives them back
  const store = openStore(KIND);
  const exampleMark = root.querySelector('[data-role="example-mark"]');
  if (exampleMark) exampleMark.remove(); // from now on the result is the reader's own (or nothing yet)
  let sessionId = null;
  let bar = null;
  let rounds = []; // each round recorded: {thrower, players: [{mode, slots}]}, as entered
  let history = []; // every correction and deletion: {at, tag: {round, kind, was}, what: {zh, en}}
  let editing = null; // the index of the round put back into the form, or null
  let tallyAns = null; // the engine's tally (with the view's markup)
  const copyPlayers = (ps) => ps.map((p) => ({ mode: p.mode === "groups" ? "groups" : "hand", slots: [0, 1].map((i) => [...((p.slots || [])[i] || [])]) }));
  const asRequest = (r) => ({ thrower: r.thrower, players: r.players.map((p) => (p.mode === "hand" ? { hand: p.slots[0] } : { groups: [p.slots[0], p.slots[1]] })) });
  function keep() {
    const sheet = tallyAns ? { names: SEATS.map((_, s) => who(s)), rows: tallyAns.rounds.map((r) => r.points), totals: tallyAns.totals } : null;
    const meta = { thrower: thrower.value, readings, names, players: players.map((p) => ({ mode: p.mode, slots: p.slots })), rounds, history, sheet };
    const text = tallyAns ? tallyAns.record : "";
    try {
      const was = sessionId && store.list().find((x) => x.id === sessionId);
      if (was && was.meta.named) meta.named = was.meta.named; // the name given after the family stays theirs
      if (sessionId && store.save(sessionId, { text, meta })) return;
      const s = store.create(familyName() || t("桌上的几局", "Rounds at the table"), text, meta);
      sessionId = s.id;
      if (bar) bar.select(s.id);
    } catch { /* the device keeps nothing more: the entry lasts as long as the page */ }
  }
  const familyName = () => (names.some(Boolean) ? t(`${SEATS.map((_, s) => who(s)).join("、")}的叶子戏`, `叶子戏: ${SEATS.map((_, s) => who(s)).join(", ")}`) : "");
  function restoreDraft(kept) {
    if (!kept || !Array.isArray(kept.players) || kept.players.length !== players.length) return;
    kept.players.forEach((k, s) => {
      const mode = k && k.mode === "groups" ? "groups" : "hand";
      const slots = k && Array.isArray(k.slots) ? k.slots : [];
      players[s].mode = mode;
      players[s].slots = [0, 1].map((i) => (Array.isArray(slots[i]) ? slots[i].filter((c) => order.includes(c)).slice(0, capacity(players[s], i)) : []));
    });
    if ([...thrower.options].some((o) => o.value === String(kept.thrower))) thrower.value = String(kept.thrower);
  }
  function validRound(r) {
    return r && Number.isInteger(r.thrower) && r.thrower >= 0 && r.thrower < players.length && Array.isArray(r.players) && r.players.length === players.length;
  }
  let loadSeq = 0;
  async function load(session) {
    const mine = ++loadSeq;
    sessionId = session ? session.id : null;
    rounds = []; history = []; editing = null; readings = {}; names = SEATS.map(() => "");
    players.forEach((p) => { p.mode = "hand"; p.slots = [[], []]; });
    const meta = (session && session.meta) || {};
    if (Array.isArray(meta.rounds)) {
      rounds = meta.rounds.filter(validRound).map((r) => ({ thrower: r.thrower, players: copyPlayers(r.players) }));
      history = Array.isArray(meta.history) ? meta.history.filter((h) => h && h.what && h.tag) : [];
    } else if (session && session.text) { // a tally from a file: its rounds as the groups shown, its corrections from its History tag
      const a = await ctx.call({ game: "yezi", action: "tally", text: session.text });
      if (mine !== loadSeq) return;
      if (a.ok) {
        rounds = a.rounds.map((r) => ({ thrower: r.thrower, players: r.groups.map((g) => ({ mode: "groups", slots: [g[0], g[1]] })) }));
        if (Array.isArray(a.names)) names = SEATS.map((_, s) => String(a.names[s] || "").slice(0, 20));
        readings = a.options || {};
        history = a.history.map((h) => ({ at: Date.now(), tag: h,
          what: { zh: `${h.kind === "deleted" ? "删去了" : "改了"}第 ${h.round} 局（记录里的改动）`, en: `Round ${h.round} ${h.kind === "deleted" ? "deleted" : "corrected"} (from the record)` } }));
      }
    }
    if (meta.readings && typeof meta.readings === "object") readings = meta.readings;
    if (Array.isArray(meta.names)) names = SEATS.map((_, s) => (typeof meta.names[s] === "string" ? meta.names[s].slice(0, 20) : ""));
    restoreDraft(meta);
    nameInputs.forEach((inp, s) => { inp.value = names[s]; });
    current = 0; active = 0;
    await refreshTally(false);
    if (mine !== loadSeq) return;
    drawSlots();
    await judge();
  }

  async function judge() {
    const mine = ++seq;
    judged = null;
    judging = players.every(complete);
    drawAdd(); // greyed while this judgement is out: a press now would record the cards as they were
    if (!players.every(complete)) {
      keep();
      drawAdd();
      const left = players.map((p, s) => (complete(p) ? null : who(s))).filter(Boolean);
      message.textContent = t(`还差：${left.join("、")}。四家的牌都填好后，这里给出每次亮牌和这一局的结果。`,
        `Still to enter: ${left.join(", ")}. Once all four are in, each showing and the round are judged here.`);
      result.replaceChildren();
      return;
    }
    const req = { game: "yezi", action: "showing", thrower: Number(thrower.value), options: readings, ...(names.some(Boolean) ? { names } : {}),
      players: players.map((p) => (p.mode === "hand" ? { hand: p.slots[0] } : { groups: [p.slots[0], p.slots[1]] })) };
    const a = await ctx.call({ view: "yezi-showing", lang: ctx.lang, request: req }); // judged, and drawn (views/yezi.py)
    if (mine !== seq) return;
    judging = false;
    if (!a.ok) { message.textContent = a.error[ctx.lang]; result.replaceChildren(); keep(); drawAdd(); return; }
    message.textContent = "";
    judged = a.record;
    keep();
    drawAdd();
    result.innerHTML = a.html.result;
  }

  function changed() {
    const p = players[current];
    if (p.slots[active].length >= capacity(p, active) && p.mode === "groups" && p.slots[1 - active].length < GROUP) active = 1 - active;
    drawSlots();
    judge();
  }

  for (const b of cards) {
    b.addEventListener("click", () => {
      const p = players[current];
      if (p.slots[active].length >= capacity(p, active)) return;
      p.slots[active].push(b.dataset.code);
      if (p.mode === "hand") p.slots[0] = sortCodes(p.slots[0]);
      if (complete(p) && current < players.length - 1) { current += 1; active = 0; }
      changed();
    });
  }
  seatBtns.forEach((b, s) => b.addEventListener("click", () => { current = s; active = 0; drawSlots(); }));
  modeHand.addEventListener("click", () => {
    const p = players[current];
    p.slots = [sortCodes(p.slots.flat()).slice(0, HAND), []];
    p.mode = "hand"; active = 0; changed();
  });
  modeGroups.addEventListener("click", () => {
    const p = players[current];
    const all = p.slots.flat();
    p.slots = [all.slice(0, GROUP), all.slice(GROUP, HAND)];
    p.mode = "groups"; active = p.slots[0].length < GROUP ? 0 : 1; changed();
  });
  thrower.addEventListener("change", judge);
  root.querySelector('[data-role="clear"]').addEventListener("click", () => { players[current].slots = [[], []]; active = 0; changed(); });
  exampleBtn.addEventListener("click", () => {
    if (!example.ok) return;
    example.players.forEach((p, s) => {
      players[s].mode = p.entered_as;
      players[s].slots = p.entered_as === "hand" ? [p.cards, []] : [p.groups[0], p.groups[1]];
    });
    thrower.value = "0"; current = 0; active = 0; changed();
  });
  // a new showing: the four players' cards cleared (the one kept on the device is replaced)
  const fresh = el("button", { type: "button", class: "hw-btn", "data-role": "new-showing", text: t("清空四家，重新开始", "Clear all four and start again") });
  fresh.addEventListener("click", () => {
    players.forEach((p) => { p.mode = "hand"; p.slots = [[], []]; });
    thrower.value = "0"; current = 0; active = 0;
    changed();
  });
  root.querySelector('[data-role="clear"]').after(" ", fresh);
  const namesBox = el("fieldset", { class: "ys-names", "data-role": "names" }, [el("legend", { text: t("四家的名字（可不填）", "The four players' names (optional)") })]);
  const nameInputs = SEATS.map((seatName, s) => {
    const id = `${uid}-name-${s}`;
    const input = el("input", { id, type: "text", maxlength: "20", "data-role": "name", "data-seat": String(s), autocomplete: "off" });
    input.addEventListener("change", async () => {
      names[s] = input.value.replace(/[;\n]/g, " ").trim().slice(0, 20);
      changed();
      await refreshTally();
      // a tally still under its first name is named after the family: the list and the exported file say who played
      const cur = sessionId && store.list().find((x) => x.id === sessionId);
      if (cur && names.some(Boolean) && (cur.name === t("桌上的几局", "Rounds at the table") || /^(未命名|Untitled) \d+$/.test(cur.name) || cur.meta.named === cur.name)) {
        const named = familyName();
        store.save(sessionId, { name: named, meta: { ...cur.meta, named } });
        if (bar) bar.refresh();
      }
    });
    namesBox.append(el("span", { class: "ys-name" }, [el("label", { for: id, text: seatName }), " ", input]));
    return input;
  });
  entry.prepend(namesBox);

  // ------------------------------------------------------------ the family's rounds (the tally)
  const sessionsBox = el("div", { "data-role": "sessions" });
  const tallyBox = el("div", { class: "ys-tally-box", "data-role": "tally" });
  const running = el("p", { class: "ys-running", "data-role": "running", "aria-live": "polite" });
  const lastBox = el("div", { "data-role": "last" });
  const addBtn = el("button", { type: "button", class: "hw-btn ys-add", "data-role": "add-round", text: t("记下这一局", "Record this round") });
  const cancelBtn = el("button", { type: "button", class: "hw-btn", "data-role": "cancel-edit", text: t("不改了", "Stop correcting"), hidden: "" });
  const tallyMessage = el("p", { class: "ys-message", "data-role": "tally-message", role: "status" });
  const pick = el("select", { "data-role": "pick-round", class: "ys-pick" });
  const editBtn = el("button", { type: "button", class: "hw-btn", "data-role": "edit-round", text: t("改这一局", "Correct this round") });
  const dropBtn = el("button", { type: "button", class: "hw-btn", "data-role": "delete-round", text: t("删去这一局", "Delete this round") });
  const sheetBtn = el("button", { type: "button", class: "hw-btn", "data-role": "sheet-export", text: t("导出为可打印的表（.html）", "Export as a printable sheet (.html)") });
  const historyBox = el("details", { class: "ys-history", "data-role": "history" });
  const fixRow = el("div", { class: "ys-row ys-fix", "data-role": "fix" }, [el("label", { text: t("已记的一局：", "A round recorded: ") }, [pick]), editBtn, dropBtn, sheetBtn]);
  root.querySelector('[data-role="message"]').after(el("div", { class: "ys-row", "data-role": "add-row" }, [addBtn, cancelBtn]), tallyMessage);
  entry.before(sessionsBox, running, tallyBox, lastBox, fixRow, historyBox);

  function drawAdd() {
    const k = editing === null ? rounds.length + 1 : editing + 1;
    addBtn.textContent = editing === null ? t(`记下这一局（第 ${k} 局）`, `Record this round (round ${k})`) : t(`记回第 ${k} 局`, `Put round ${k} back`);
    cancelBtn.hidden = editing === null;
    grey(addBtn, judged ? ""
      : !players.every(complete) ? t("四家的牌都填好、判出结果后，才能记下这一局", "Enter all four players' cards first: a round is recorded once it is judged")
      : judging ? t("这一局正在判，判出结果后就能记下", "The round is being judged: it can be recorded once the result is in")
      : t("这一局判不出结果（原因见上面），改好牌才能记下", "This round cannot be judged (the reason is above): correct the cards to record it"));
  }

  async function refreshTally(save = true) {
    const hist = history.map((h) => h.tag);
    const request = { game: "yezi", action: "tally", rounds: rounds.map(asRequest), options: readings, ...(names.some(Boolean) ? { names } : {}), ...(hist.length ? { history: hist } : {}) };
    const a = await ctx.call({ view: "yezi-tally", lang: ctx.lang, request }); // the engine's tally, drawn (views/yezi.py)
    if (!a.ok) { tallyMessage.textContent = a.error[ctx.lang]; return false; }
    tallyAns = a;
    tallyBox.innerHTML = a.html.table;
    lastBox.innerHTML = a.html.last;
    running.textContent = a.rounds.length ? t("累计：", "Running total: ") + SEATS.map((_, s) => `${who(s)} ${a.totals[s]}`).join(" · ") : "";
    running.hidden = !a.rounds.length;
    const k = pick.value;
    pick.replaceChildren(...a.rounds.map((r, i) => el("option", { value: String(i), text: t(`第 ${i + 1} 局：${r.zh}`, `Round ${i + 1}: ${r.en}`) })));
    if (k && Number(k) < rounds.length) pick.value = k;
    else if (rounds.length) pick.value = String(rounds.length - 1);
    const none = rounds.length ? "" : t("还没有记下一局，没有可改、可删或可导出的", "No round recorded yet: nothing to correct, delete or export");
    grey(pick, none); grey(editBtn, none); grey(dropBtn, none); grey(sheetBtn, none);
    historyBox.replaceChildren(el("summary", { text: t(`改动记录（${history.length} 条）`, `Corrections (${history.length})`) }),
      el("ul", {}, history.map((h) => el("li", { text: `${new Date(h.at).toLocaleString(ctx.lang === "en" ? "en" : "zh-CN")}：${h.what[ctx.lang] || ""}` }))));
    historyBox.hidden = history.length === 0;
    drawAdd();
    if (save) keep();
    return true;
  }

  const clearDraft = () => { players.forEach((p) => { p.mode = "hand"; p.slots = [[], []]; }); current = 0; active = 0; };
  addBtn.addEventListener("click", async () => {
    if (!judged) return;
    const k = editing === null ? rounds.length : editing;
    const entered = { thrower: Number(thrower.value), players: copyPlayers(players) };
    const was = editing === null ? null : { round: rounds[k], said: tallyAns.rounds[k] };
    if (editing === null) rounds.push(entered); else rounds[k] = entered;
    if (was) history.push({ at: Date.now(), tag: { round: k + 1, kind: "corrected", was: asRequest(was.round) }, what: { zh: `改了第 ${k + 1} 局：原来是“${was.said.zh}”`, en: `Round ${k + 1} corrected: it was “${was.said.en}”` } });
    editing = null;
    if (!(await refreshTally())) { if (was) { rounds[k] = was.round; history.pop(); } else rounds.pop(); return; }
    const r = tallyAns.rounds[k];
    if (was) { const h = history[history.length - 1]; h.what = { zh: `${h.what.zh}，改成“${r.zh}”`, en: `${h.what.en}; now “${r.en}”` }; await refreshTally(); }
    clearDraft();
    changed();
    seatBtns[0].focus(); // the next round starts with the first player's cards (the button just used is grey now)
    tallyMessage.textContent = (was ? t(`已改好第 ${k + 1} 局，后面的累计已重算：`, `Round ${k + 1} corrected; the later totals are worked out again: `) : t(`已记下第 ${k + 1} 局：`, `Round ${k + 1} recorded: `)) + r[ctx.lang];
  });
  editBtn.addEventListener("click", () => {
    const k = Number(pick.value);
    if (!(k >= 0 && k < rounds.length)) return;
    editing = k;
    const r = rounds[k]; // the form reopens filled with the round being corrected
    r.players.forEach((p, s) => { players[s].mode = p.mode; players[s].slots = [[...p.slots[0]], [...p.slots[1]]]; });
    thrower.value = String(r.thrower); current = 0; active = 0;
    changed();
    thrower.focus();
    tallyMessage.textContent = t(`第 ${k + 1} 局已经填回上面：改好了按“记回第 ${k + 1} 局”，后面的累计会重算。`, `Round ${k + 1} is back in the form: correct it and press “Put round ${k + 1} back”; the later totals are worked out again.`);
    entry.scrollIntoView({ block: "nearest" });
  });
  cancelBtn.addEventListener("click", () => { editing = null; clearDraft(); changed(); tallyMessage.textContent = ""; seatBtns[0].focus(); });
  let dropArmed = null;
  dropBtn.addEventListener("click", async () => {
    const k = Number(pick.value);
    if (!(k >= 0 && k < rounds.length)) return;
    if (dropArmed !== k) { // asked once more, in words, before a round goes
      dropArmed = k;
      tallyMessage.textContent = t(`真要删去第 ${k + 1} 局（${tallyAns.rounds[k].zh}）吗？再按一次“删去这一局”就删。`, `Really delete round ${k + 1} (${tallyAns.rounds[k].en})? Press “Delete this round” again to delete it.`);
      return;
    }
    dropArmed = null;
    history.push({ at: Date.now(), tag: { round: k + 1, kind: "deleted", was: asRequest(rounds[k]) }, what: { zh: `删去了第 ${k + 1} 局：“${tallyAns.rounds[k].zh}”`, en: `Round ${k + 1} deleted: “${tallyAns.rounds[k].en}”` } });
    rounds.splice(k, 1);
    if (editing !== null) { editing = null; clearDraft(); changed(); }
    await refreshTally();
    (rounds.length ? pick : seatBtns[0]).focus();
    tallyMessage.textContent = t(`已删去第 ${k + 1} 局，后面的累计已重算。`, `Round ${k + 1} is deleted; the later totals are worked out again.`);
  });
  pick.addEventListener("change", () => { dropArmed = null; });
  // the tally as a sheet a family can read and print, in the page's language, with their names
  sheetBtn.addEventListener("click", () => {
    if (!tallyAns || !tallyAns.rounds.length) return;
    const esc = (x) => String(x).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
    const whoAll = SEATS.map((_, s) => who(s));
    const title = t(`叶子戏计分：${whoAll.join("、")}`, `叶子戏 tally: ${whoAll.join(", ")}`);
    const why = tallyAns.rounds.map((r, i) => `<li>${esc(t(`第 ${i + 1} 局：`, `Round ${i + 1}: `))}${esc(r[ctx.lang])}</li>`).join("");
    const html = `<!doctype html><html lang="${ctx.lang === "en" ? "en" : "zh-CN"}"><head><meta charset="utf-8"><title>${esc(title)}</title>`
      + "<style>body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse}th,td{border:1px solid #888;padding:.3em .6em;text-align:right}tfoot{font-weight:bold}</style></head><body>"
      + `<h1>${esc(title)}</h1>${tallyAns.html.table}<ol>${why}</ol>`
      + (history.length ? `<h2>${esc(t("改动记录", "Corrections"))}</h2><ul>${history.map((h) => `<li>${esc(h.what[ctx.lang] || "")}</li>`).join("")}</ul>` : "")
      + "</body></html>";
    const link = el("a", { href: URL.createObjectURL(new Blob([html], { type: "text/html;charset=utf-8" })), download: `${title.replace(/[\\/:*?"<>|]/g, " ")}.html`, hidden: "" });
    document.body.append(link);
    link.click();
    link.remove();
    tallyMessage.textContent = t(`已导出：${link.download}`, `Exported: ${link.download}`);
  });

  for (const x of entry.querySelectorAll("button, select")) x.disabled = false;
  let loading = null;
  bar = sessionBar(sessionsBox, store, {
    lang: ctx.lang,
    call: ctx.call,
    labels: { zh: { title: "这几局的计分", create: "新开一份计分", list: "选择一份计分" }, en: { title: "The tally of these rounds", create: "New tally", list: "Choose a tally" } },
    onOpen: (sess) => { loading = load(sess); },
    fresh: async () => {
      const a = await ctx.call({ game: "yezi", action: "tally", rounds: [] });
      return { text: a.ok ? a.record : "", meta: { rounds: [] } };
    },
    accept: (ans) => (ans.position && ans.position.sheet === "tally" ? null
      : { zh: "这份记录不是叶子戏的计分（一局的记录请用下面的“打开一份记录”）。", en: "This record is not a tally of 叶子戏 (open the record of a single round with “Open a record” below)." }),
  });
  if (!bar.current()) loading = load(null);
  await loading;
}
