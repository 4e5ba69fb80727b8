// 叶子戏 showing at a real table: enter each player's eight cards (or the two groups he showed); the
// engine ({"game": "yezi", "action": "showing"}) names every combination, each best split, who wins
// each showing and the round. The card names, the seats' names and the sizes of a hand and a group come
// from the build (the palette, the seat buttons and the entry's data-hand, data-group in the static HTML), and so
// does every box above the cards (the players' names, the line of running totals): nothing moves when this starts.
// The result is drawn by the view "yezi-showing" (views/yezi.py, run in Pyodide beside the engine, the function
// that draws the build's example): this module draws the cards being entered and inserts the view's markup.
// A showing judged is exported as the engine writes it (the answer's record: the cards dealt at the table,
// each split, the showings), and such a record, or a round played in these pages, is opened again here.
// The family's rounds (issue 45): each round judged is recorded into a tally kept on this device (sessions.js, as
// the 骨牌 ledger keeps its hands), every player's running total on screen; any round can be put back into the
// form, corrected or deleted, every change kept. The tally is the engine's ({"game": "yezi", "action": "tally"},
// a record with [Sheet "tally"]) and is drawn by the view "yezi-tally" (views/yezi.py).
import { el, grey } from "./dom.js";
import { downloadRecord, openStore, playerName, sessionBar, shownName } from "./sessions.js";

const KIND = "yezi-showing";

/** The line of running totals kept in view above the cards: every player (by name, if given) and his total. */
function runningText(t, names, totals) {
  return t("累计：", "Running total: ") + names.map((n, s) => `${n} ${totals[s]}`).join(" · ");
}

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
    const running = root.querySelector('[data-role="running"]'); // as the widget will write it: nothing moves when it starts
    if (running) { running.textContent = runningText(t, sheet.names.map(String), sheet.totals); running.hidden = false; }
    result.replaceChildren(
      el("p", { "data-role": "own-first", text: t(`你保存在这台设备上的计分：${shownName(cur, "zh")}（${sheet.rows.length} 局）。规则程序一启动就可以接着记。`,
        `Your tally kept on this device: ${shownName(cur, "en")} (${sheet.rows.length} rounds). You can go on once the rules program has started.`) }),
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
    el("p", { "data-role": "own-first", text: t("你上次在这台设备上填的牌（规则程序一启动就给出结果）：", "The cards you entered last time on this device (judged as soon as the rules program has started):") }),
    el("ul", {}, kept.map((p, s) => el("li", { text: `${seats[s] || ""}：${(p && Array.isArray(p.slots) ? p.slots : []).map((g) => (Array.isArray(g) ? g : []).map((c) => label[c] || "?").join(" ")).filter(Boolean).join(" ｜ ")}` }))),
  );
}
if (typeof document !== "undefined") document.querySelectorAll(`.hw[data-widget="${KIND}"]`).forEach(ownFirst);

function drawSlots(m) {
  const p = m.players[m.current];
  m.seatBtns.forEach((b, s) => {
    b.setAttribute("aria-pressed", s === m.current ? "true" : "false");
    b.textContent = m.who(s) + (m.complete(m.players[s]) ? " ✓" : "");
  });
  m.modeHand.setAttribute("aria-pressed", p.mode === "hand" ? "true" : "false");
  m.modeGroups.setAttribute("aria-pressed", p.mode === "groups" ? "true" : "false");
  const slotNames = p.mode === "hand" ? [m.t("八张牌", "Eight cards")] : [m.t("先亮的一组", "Group shown first"), m.t("后亮的一组", "Group shown second")];
  m.slotsBox.replaceChildren(...slotNames.map((name, k) => {
    const cap = m.capacity(p, k);
    const slotBtn = el("button", { type: "button", class: "hw-btn ys-slot-name", "data-role": "slot", "data-slot": String(k),
      "aria-pressed": m.active === k ? "true" : "false", text: `${name} ${p.slots[k].length}/${cap}` });
    slotBtn.addEventListener("click", () => { m.active = k; m.drawSlots(); });
    const chips = p.slots[k].map((c, i) => {
      const b = el("button", { type: "button", class: "hw-btn ys-chip", "data-role": "chosen", "data-code": c,
        "aria-label": m.t(`取消 ${m.label[c]}`, `Take back ${m.label[c]}`), text: m.label[c] });
      b.addEventListener("click", () => { p.slots[k].splice(i, 1); m.changed(); });
      return b;
    });
    return el("div", { class: "ys-slot", "data-slot": String(k) }, [slotBtn, el("div", { class: "ys-row" }, chips)]);
  }));
  const full = p.slots[m.active].length >= m.capacity(p, m.active);
  const slotName = slotNames[m.active] || slotNames[0];
  const gone = [];
  for (const b of m.cards) {
    const code = b.dataset.code;
    const out = m.used(code) >= m.count[code];
    if (out) gone.push(m.label[code]);
    grey(b, out ? m.t(`一副牌只有 ${m.count[code]} 张${m.label[code]}，四家已经都填进去了：再多就不对了。`, `The deck has only ${m.count[code]} × ${m.label[code]}, all entered already: one more cannot be right.`)
      : full ? m.t(`${m.who(m.current)}的“${slotName}”已经填满：先点一张取回，或换一家。`, `${m.who(m.current)}'s “${slotName}” is full: take a card back, or choose another player.`) : "");
  }
  m.paletteWhy.textContent = [
    gone.length ? m.t(`已经用完（一副牌就这么多）：${gone.join("、")}。`, `All used (that is all the deck has): ${gone.join(", ")}.`) : "",
    full ? m.t(`${m.who(m.current)}的“${slotName}”已经填满。`, `${m.who(m.current)}'s “${slotName}” is full.`) : "",
  ].filter(Boolean).join(" ");
}

function keep(m) {
  if (m.freshFrom) return; // a new tally is being made: what the reader does meanwhile goes into it (load), not into the one left
  const sheet = m.tallyAns ? { names: m.SEATS.map((_, s) => m.who(s)), rows: m.tallyAns.rounds.map((r) => r.points), totals: m.tallyAns.totals } : null;
  const meta = { thrower: m.thrower.value, readings: m.readings, names: m.names, players: m.players.map((p) => ({ mode: p.mode, slots: p.slots })), rounds: m.rounds, history: m.history, sheet };
  const text = m.tallyAns ? m.tallyAns.record : "";
  try {
    const was = m.sessionId && m.store.list().find((x) => x.id === m.sessionId);
    if (was && was.meta.named) meta.named = was.meta.named; // the name given after the family stays theirs
    if (m.sessionId && m.store.save(m.sessionId, { text, meta })) return;
    const s = m.store.create(m.familyName() || { zh: "桌上的几局", en: "Rounds at the table" }, text, meta);
    m.sessionId = s.id;
    if (m.bar) m.bar.select(s.id);
  } catch { /* the device keeps nothing more: the entry lasts as long as the page */ }
}

function restoreDraft(m, kept) {
  if (!kept || !Array.isArray(kept.players) || kept.players.length !== m.players.length) return;
  kept.players.forEach((k, s) => {
    const mode = k && k.mode === "groups" ? "groups" : "hand";
    const slots = k && Array.isArray(k.slots) ? k.slots : [];
    m.players[s].mode = mode;
    m.players[s].slots = [0, 1].map((i) => (Array.isArray(slots[i]) ? slots[i].filter((c) => m.order.includes(c)).slice(0, m.capacity(m.players[s], i)) : []));
  });
  if ([...m.thrower.options].some((o) => o.value === String(kept.thrower))) m.thrower.value = String(kept.thrower);
}

function validRound(m, r) {
  return r && Number.isInteger(r.thrower) && r.thrower >= 0 && r.thrower < m.players.length && Array.isArray(r.players) && r.players.length === m.players.length;
}

/** The form as the reader sees it: the names in their boxes (as typed), the die's thrower and the cards entered. */
function formNow(m) {
  return { names: m.nameInputs.map((inp) => inp.value), thrower: m.thrower.value, players: JSON.stringify(m.copyPlayers(m.players)), current: m.current, active: m.active };
}

/** What the reader changed in the form between ``since`` and ``now`` (a new tally being made meanwhile), put back
 * into the tally just opened: a name typed, the die's thrower, the cards entered. */
function keepTyped(m, since, now) {
  now.names.forEach((v, s) => { if (v !== since.names[s]) m.names[s] = playerName(v, m.nameInputs[s]); });
  if (now.thrower !== since.thrower) m.thrower.value = now.thrower;
  if (now.players !== since.players) {
    JSON.parse(now.players).forEach((p, s) => { m.players[s].mode = p.mode; m.players[s].slots = p.slots; });
    m.current = now.current; m.active = now.active;
  }
}

/** A tally still under its first name is named after the family: the list and the exported file say who played. */
function nameAfterFamily(m) {
  if (m.freshFrom) return; // the names are for the new tally being made, not for the one left
  const cur = m.sessionId && m.store.list().find((x) => x.id === m.sessionId);
  // (a name the page gave is kept in both languages; older sessions kept only the page's own words)
  if (cur && m.names.some(Boolean) && (cur.names || cur.name === m.t("桌上的几局", "Rounds at the table") || /^(未命名|Untitled) \d+$/.test(cur.name) || cur.meta.named === cur.name)) {
    m.store.save(m.sessionId, { name: m.familyName(), meta: { ...cur.meta } });
    if (m.bar) m.bar.refresh();
  }
}

async function load(m, session) {
  const mine = ++m.loadSeq;
  // the tally made by "New tally": what the reader typed or entered while it was being made is kept in it
  const since = m.freshFrom && session && session.meta && session.meta.fresh === m.freshFrom.token ? m.freshFrom : null;
  if (since) m.freshFrom = null;
  const typed = since ? formNow(m) : null;
  m.sessionId = session ? session.id : null;
  m.rounds = []; m.history = []; m.editing = null; m.readings = {}; m.names = m.SEATS.map(() => "");
  m.players.forEach((p) => { p.mode = "hand"; p.slots = [[], []]; });
  const meta = (session && session.meta) || {};
  if (Array.isArray(meta.rounds)) {
    m.rounds = meta.rounds.filter(m.validRound).map((r) => ({ thrower: r.thrower, players: m.copyPlayers(r.players) }));
    m.history = Array.isArray(meta.history) ? meta.history.filter((h) => h && h.what && h.tag) : [];
  } else if (session && session.text) { // a tally from a file: its rounds as the groups shown, its corrections from its History tag
    const a = await m.ctx.call({ game: "yezi", action: "tally", text: session.text });
    if (mine !== m.loadSeq) return;
    if (a.ok) {
      m.rounds = a.rounds.map((r) => ({ thrower: r.thrower, players: r.groups.map((g) => ({ mode: "groups", slots: [g[0], g[1]] })) }));
      if (Array.isArray(a.names)) m.names = m.SEATS.map((_, s) => playerName(a.names[s] || "", m.nameInputs[s]));
      m.readings = a.options || {};
      m.history = a.history.map((h) => ({ at: Date.now(), tag: h,
        what: { zh: `${h.kind === "deleted" ? "删去了" : "改了"}第 ${h.round} 局（记录里的改动）`, en: `Round ${h.round} ${h.kind === "deleted" ? "deleted" : "corrected"} (from the record)` } }));
    }
  }
  if (meta.readings && typeof meta.readings === "object") m.readings = meta.readings;
  if (Array.isArray(meta.names)) m.names = m.SEATS.map((_, s) => (typeof meta.names[s] === "string" ? playerName(meta.names[s], m.nameInputs[s]) : ""));
  m.restoreDraft(meta);
  m.current = 0; m.active = 0;
  if (typed) keepTyped(m, since, typed);
  m.nameInputs.forEach((inp, s) => {
    const v = typed && typed.names[s] !== since.names[s] ? typed.names[s] : m.names[s]; // a box being typed in keeps its text as typed
    if (inp.value !== v) inp.value = v;
  });
  await m.refreshTally(false);
  if (mine !== m.loadSeq) return;
  m.drawSlots();
  await m.judge();
  if (typed && mine === m.loadSeq) nameAfterFamily(m);
}

async function judge(m) {
  const mine = ++m.seq;
  m.judged = null;
  m.judging = m.players.every(m.complete);
  m.drawAdd(); // greyed while this judgement is out: a press now would record the cards as they were
  if (!m.players.every(m.complete)) {
    m.keep();
    m.drawAdd();
    const left = m.players.map((p, s) => (m.complete(p) ? null : m.who(s))).filter(Boolean);
    m.message.textContent = m.t(`还差：${left.join("、")}。四家的牌都填好后，这里给出每次亮牌和这一局的结果。`,
      `Still to enter: ${left.join(", ")}. Once all four are in, each showing and the round are judged here.`);
    m.result.replaceChildren();
    return;
  }
  const req = { game: "yezi", action: "showing", thrower: Number(m.thrower.value), options: m.readings, ...(m.names.some(Boolean) ? { names: m.names } : {}),
    players: m.players.map((p) => (p.mode === "hand" ? { hand: p.slots[0] } : { groups: [p.slots[0], p.slots[1]] })) };
  const a = await m.ctx.call({ view: "yezi-showing", lang: m.ctx.lang, request: req }); // judged, and drawn (views/yezi.py)
  if (mine !== m.seq) return;
  m.judging = false;
  if (!a.ok) { m.message.textContent = a.error[m.ctx.lang]; m.result.replaceChildren(); m.keep(); m.drawAdd(); return; }
  m.message.textContent = "";
  m.judged = a.record;
  m.keep();
  m.drawAdd();
  m.result.innerHTML = a.html.result;
}

function changed(m) {
  const p = m.players[m.current];
  if (p.slots[m.active].length >= m.capacity(p, m.active) && p.mode === "groups" && p.slots[1 - m.active].length < m.GROUP) m.active = 1 - m.active;
  m.drawSlots();
  m.judge();
}

function drawAdd(m) {
  const k = m.editing === null ? m.rounds.length + 1 : m.editing + 1;
  m.addBtn.textContent = m.editing === null ? m.t(`记下这一局（第 ${k} 局）`, `Record this round (round ${k})`) : m.t(`记回第 ${k} 局`, `Put round ${k} back`);
  m.cancelBtn.hidden = m.editing === null;
  grey(m.addBtn, m.judged ? ""
    : !m.players.every(m.complete) ? m.t("四家的牌都填好、判出结果后，才能记下这一局", "Enter all four players' cards first: a round is recorded once it is judged")
    : m.judging ? m.t("这一局正在判，判出结果后就能记下", "The round is being judged: it can be recorded once the result is in")
    : m.t("这一局判不出结果（原因见上面），改好牌才能记下", "This round cannot be judged (the reason is above): correct the cards to record it"));
}

async function refreshTally(m, save = true) {
  const hist = m.history.map((h) => h.tag);
  const request = { game: "yezi", action: "tally", rounds: m.rounds.map(m.asRequest), options: m.readings, ...(m.names.some(Boolean) ? { names: m.names } : {}), ...(hist.length ? { history: hist } : {}) };
  const a = await m.ctx.call({ view: "yezi-tally", lang: m.ctx.lang, request }); // the engine's tally, drawn (views/yezi.py)
  if (!a.ok) { m.tallyMessage.textContent = a.error[m.ctx.lang]; return false; }
  m.tallyAns = a;
  m.tallyBox.innerHTML = a.html.table;
  m.lastBox.innerHTML = a.html.last;
  m.running.textContent = a.rounds.length ? runningText(m.t, m.SEATS.map((_, s) => m.who(s)), a.totals) : "";
  m.running.hidden = !a.rounds.length;
  const k = m.pick.value;
  m.pick.replaceChildren(...a.rounds.map((r, i) => el("option", { value: String(i), text: m.t(`第 ${i + 1} 局：${r.zh}`, `Round ${i + 1}: ${r.en}`) })));
  if (k && Number(k) < m.rounds.length) m.pick.value = k;
  else if (m.rounds.length) m.pick.value = String(m.rounds.length - 1);
  const none = m.rounds.length ? "" : m.t("还没有记下一局，没有可改、可删或可导出的", "No round recorded yet: nothing to correct, delete or export");
  grey(m.pick, none); grey(m.editBtn, none); grey(m.dropBtn, none); grey(m.sheetBtn, none);
  m.historyBox.replaceChildren(el("summary", { text: m.t(`改动记录（${m.history.length} 条）`, `Corrections (${m.history.length})`) }),
    el("ul", {}, m.history.map((h) => el("li", { text: `${new Date(h.at).toLocaleString(m.ctx.lang === "en" ? "en" : "zh-CN")}：${h.what[m.ctx.lang] || ""}` }))));
  m.historyBox.hidden = m.history.length === 0;
  m.drawAdd();
  if (save) m.keep();
  return true;
}

/** The showing's record: exported once all four are entered, and a record opened fills the four players' groups. */
function recordFiles(m) {
  m.exportBtn = el("button", { type: "button", class: "hw-btn", "data-role": "record-export", text: m.t("导出为记录（.txt）", "Export as a record (.txt)") });
  m.file = el("input", { id: `${m.uid}-file`, type: "file", accept: ".txt,text/plain", class: "hw-sr", "data-role": "record-open" });
  m.openLabel = el("label", { class: "hw-btn", for: `${m.uid}-file`, text: m.t("打开一份记录", "Open a record") });
  m.recordMessage = el("p", { class: "hw-record-message", "data-role": "record-message", role: "status" });
  m.say = (zh, en) => { m.recordMessage.textContent = m.t(zh, en); };
  m.recordTools = el("div", { class: "hw-record-tools", "data-role": "record-tools" }, [
    el("div", { class: "hw-row" }, [m.exportBtn, " ", m.openLabel, m.file]), m.recordMessage]);
  m.result.after(m.recordTools);
  m.exportBtn.addEventListener("click", () => {
    if (!m.judged) { m.say("四家的牌都填好后，才能导出这一局的记录。", "Enter all four players' cards first; then the round can be exported."); return; }
    const family = m.names.some(Boolean) ? m.SEATS.map((_, s) => m.who(s)).join(m.t("、", "-")) : "";
    const got = downloadRecord({ name: family ? m.t(`桌上一局：${family}`, `round-at-the-table ${family}`) : m.t("桌上一局", "round-at-the-table"), text: m.judged }, "yezi");
    m.say(`已导出：${got}`, `Exported: ${got}`);
  });
  m.file.addEventListener("change", async () => {
    const f = m.file.files && m.file.files[0];
    m.file.value = "";
    if (!f) return;
    let text;
    try { text = await f.text(); } catch { m.say("读不了这个文件：它应是一份纯文本的记录（.txt）。", "This file cannot be read: it should be a record in plain text (.txt)."); return; }
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const a = await m.ctx.call({ game: "yezi", action: "showing", text });
    if (!a.ok) { m.say(a.error.zh, a.error.en); return; }
    a.players.forEach((p, s) => { m.players[s].mode = "groups"; m.players[s].slots = [p.groups[0], p.groups[1]]; });
    m.names = m.SEATS.map((_, s) => (a.seat_names && a.seat_names[s][m.ctx.lang] !== m.SEATS[s] ? a.seat_names[s][m.ctx.lang] : ""));
    m.nameInputs.forEach((inp, s) => { inp.value = m.names[s]; });
    m.thrower.value = String(a.thrower);
    m.readings = a.options || {};
    m.current = 0; m.active = 0;
    m.say("已打开：四家亮出的两组牌照记录填好了。", "Opened: each player's two groups are entered as the record gives them.");
    m.changed();
  });
}

/** The cards, the seats, the modes and the buttons of the showing being entered, and the family's names. */
function wireEntry(m) {
  for (const b of m.cards) {
    b.addEventListener("click", () => {
      const p = m.players[m.current];
      if (p.slots[m.active].length >= m.capacity(p, m.active)) return;
      p.slots[m.active].push(b.dataset.code);
      if (p.mode === "hand") p.slots[0] = m.sortCodes(p.slots[0]);
      if (m.complete(p) && m.current < m.players.length - 1) { m.current += 1; m.active = 0; }
      m.changed();
    });
  }
  m.seatBtns.forEach((b, s) => b.addEventListener("click", () => { m.current = s; m.active = 0; m.drawSlots(); }));
  m.modeHand.addEventListener("click", () => {
    const p = m.players[m.current];
    p.slots = [m.sortCodes(p.slots.flat()).slice(0, m.HAND), []];
    p.mode = "hand"; m.active = 0; m.changed();
  });
  m.modeGroups.addEventListener("click", () => {
    const p = m.players[m.current];
    const all = p.slots.flat();
    p.slots = [all.slice(0, m.GROUP), all.slice(m.GROUP, m.HAND)];
    p.mode = "groups"; m.active = p.slots[0].length < m.GROUP ? 0 : 1; m.changed();
  });
  m.thrower.addEventListener("change", m.judge);
  m.root.querySelector('[data-role="clear"]').addEventListener("click", () => { m.players[m.current].slots = [[], []]; m.active = 0; m.changed(); });
  m.exampleBtn.addEventListener("click", () => {
    if (!m.example.ok) return;
    m.example.players.forEach((p, s) => {
      m.players[s].mode = p.entered_as;
      m.players[s].slots = p.entered_as === "hand" ? [p.cards, []] : [p.groups[0], p.groups[1]];
    });
    m.thrower.value = "0"; m.current = 0; m.active = 0; m.changed();
  });
  // a new showing: the four players' cards cleared (the one kept on the device is replaced); the button is the page's
  m.fresh = m.root.querySelector('[data-role="new-showing"]');
  m.fresh.addEventListener("click", () => {
    m.players.forEach((p) => { p.mode = "hand"; p.slots = [[], []]; });
    m.thrower.value = "0"; m.current = 0; m.active = 0;
    m.changed();
  });
  // the family's names: their boxes are the page's (views/yezi.py names_box), in place before the widget starts
  m.namesBox = m.root.querySelector('[data-role="names"]');
  m.nameInputs = m.SEATS.map((_, s) => m.namesBox.querySelector(`[data-role="name"][data-seat="${s}"]`));
  m.nameInputs.forEach((input, s) => {
    input.addEventListener("change", async () => {
      m.names[s] = playerName(input.value, input);
      m.changed();
      await m.refreshTally();
      nameAfterFamily(m);
    });
  });
}

/** The family's rounds: the sessions, the running totals, the last round, the buttons to record, correct and export. */
function tallyLayout(m) {
  // ------------------------------------------------------------ the family's rounds (the tally)
  m.sessionsBox = el("div", { "data-role": "sessions" });
  m.tallyBox = el("div", { class: "ys-tally-box", "data-role": "tally" });
  m.running = m.root.querySelector('[data-role="running"]'); // the page's, above the cards (hidden while no round is recorded)
  m.lastBox = el("div", { "data-role": "last" });
  m.addBtn = el("button", { type: "button", class: "hw-btn ys-add", "data-role": "add-round", text: m.t("记下这一局", "Record this round") });
  m.cancelBtn = el("button", { type: "button", class: "hw-btn", "data-role": "cancel-edit", text: m.t("不改了", "Stop correcting"), hidden: "" });
  m.tallyMessage = el("p", { class: "ys-message", "data-role": "tally-message", role: "status" });
  m.pick = el("select", { "data-role": "pick-round", class: "ys-pick" });
  m.editBtn = el("button", { type: "button", class: "hw-btn", "data-role": "edit-round", text: m.t("改这一局", "Correct this round") });
  m.dropBtn = el("button", { type: "button", class: "hw-btn", "data-role": "delete-round", text: m.t("删去这一局", "Delete this round") });
  m.sheetBtn = el("button", { type: "button", class: "hw-btn", "data-role": "sheet-export", text: m.t("导出为可打印的表（.html）", "Export as a printable sheet (.html)") });
  m.historyBox = el("details", { class: "ys-history", "data-role": "history" });
  m.fixRow = el("div", { class: "ys-row ys-fix", "data-role": "fix" }, [el("label", { text: m.t("已记的一局：", "A round recorded: ") }, [m.pick]), m.editBtn, m.dropBtn, m.sheetBtn]);
  m.root.querySelector('[data-role="message"]').after(el("div", { class: "ys-row", "data-role": "add-row" }, [m.addBtn, m.cancelBtn]), m.tallyMessage);
  // below the result and its record: the reader's own entry stays first, and nothing above it moves when the widget starts
  m.recordTools.after(m.sessionsBox, m.tallyBox, m.lastBox, m.fixRow, m.historyBox);
}

/** Recording a round, correcting one, deleting one (asked once more) and the printable sheet. */
function wireTally(m) {
  m.addBtn.addEventListener("click", async () => {
    if (!m.judged) return;
    const k = m.editing === null ? m.rounds.length : m.editing;
    const entered = { thrower: Number(m.thrower.value), players: m.copyPlayers(m.players) };
    const was = m.editing === null ? null : { round: m.rounds[k], said: m.tallyAns.rounds[k] };
    if (m.editing === null) m.rounds.push(entered); else m.rounds[k] = entered;
    if (was) m.history.push({ at: Date.now(), tag: { round: k + 1, kind: "corrected", was: m.asRequest(was.round) }, what: { zh: `改了第 ${k + 1} 局：原来是“${was.said.zh}”`, en: `Round ${k + 1} corrected: it was “${was.said.en}”` } });
    m.editing = null;
    if (!(await m.refreshTally())) { if (was) { m.rounds[k] = was.round; m.history.pop(); } else m.rounds.pop(); return; }
    const r = m.tallyAns.rounds[k];
    if (was) { const h = m.history[m.history.length - 1]; h.what = { zh: `${h.what.zh}，改成“${r.zh}”`, en: `${h.what.en}; now “${r.en}”` }; await m.refreshTally(); }
    m.clearDraft();
    m.changed();
    m.seatBtns[0].focus(); // the next round starts with the first player's cards (the button just used is grey now)
    m.tallyMessage.textContent = (was ? m.t(`已改好第 ${k + 1} 局，后面的累计已重算：`, `Round ${k + 1} corrected; the later totals are worked out again: `) : m.t(`已记下第 ${k + 1} 局：`, `Round ${k + 1} recorded: `)) + r[m.ctx.lang];
  });
  m.editBtn.addEventListener("click", () => {
    const k = Number(m.pick.value);
    if (!(k >= 0 && k < m.rounds.length)) return;
    m.editing = k;
    const r = m.rounds[k]; // the form reopens filled with the round being corrected
    r.players.forEach((p, s) => { m.players[s].mode = p.mode; m.players[s].slots = [[...p.slots[0]], [...p.slots[1]]]; });
    m.thrower.value = String(r.thrower); m.current = 0; m.active = 0;
    m.changed();
    m.thrower.focus();
    m.tallyMessage.textContent = m.t(`第 ${k + 1} 局已经填回上面：改好了按“记回第 ${k + 1} 局”，后面的累计会重算。`, `Round ${k + 1} is back in the form: correct it and press “Put round ${k + 1} back”; the later totals are worked out again.`);
    m.entry.scrollIntoView({ block: "nearest" });
  });
  m.cancelBtn.addEventListener("click", () => { m.editing = null; m.clearDraft(); m.changed(); m.tallyMessage.textContent = ""; m.seatBtns[0].focus(); });
  m.dropArmed = null;
  m.dropBtn.addEventListener("click", async () => {
    const k = Number(m.pick.value);
    if (!(k >= 0 && k < m.rounds.length)) return;
    if (m.dropArmed !== k) { // asked once more, in words, before a round goes
      m.dropArmed = k;
      m.tallyMessage.textContent = m.t(`真要删去第 ${k + 1} 局（${m.tallyAns.rounds[k].zh}）吗？再按一次“删去这一局”就删。`, `Really delete round ${k + 1} (${m.tallyAns.rounds[k].en})? Press “Delete this round” again to delete it.`);
      return;
    }
    m.dropArmed = null;
    m.history.push({ at: Date.now(), tag: { round: k + 1, kind: "deleted", was: m.asRequest(m.rounds[k]) }, what: { zh: `删去了第 ${k + 1} 局：“${m.tallyAns.rounds[k].zh}”`, en: `Round ${k + 1} deleted: “${m.tallyAns.rounds[k].en}”` } });
    m.rounds.splice(k, 1);
    if (m.editing !== null) { m.editing = null; m.clearDraft(); m.changed(); }
    await m.refreshTally();
    (m.rounds.length ? m.pick : m.seatBtns[0]).focus();
    m.tallyMessage.textContent = m.t(`已删去第 ${k + 1} 局，后面的累计已重算。`, `Round ${k + 1} is deleted; the later totals are worked out again.`);
  });
  m.pick.addEventListener("change", () => { m.dropArmed = null; });
  // the tally as a sheet a family can read and print, in the page's language, with their names
  m.sheetBtn.addEventListener("click", () => {
    if (!m.tallyAns || !m.tallyAns.rounds.length) return;
    const esc = (x) => String(x).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
    const whoAll = m.SEATS.map((_, s) => m.who(s));
    const title = m.t(`${m.GAME.zh}计分：${whoAll.join("、")}`, `${m.GAME.en} tally: ${whoAll.join(", ")}`);
    const why = m.tallyAns.rounds.map((r, i) => `<li>${esc(m.t(`第 ${i + 1} 局：`, `Round ${i + 1}: `))}${esc(r[m.ctx.lang])}</li>`).join("");
    const html = `<!doctype html><html lang="${m.ctx.lang === "en" ? "en" : "zh-CN"}"><head><meta charset="utf-8"><title>${esc(title)}</title>`
      + "<style>body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse}th,td{border:1px solid #888;padding:.3em .6em;text-align:right}tfoot{font-weight:bold}</style></head><body>"
      + `<h1>${esc(title)}</h1>${m.tallyAns.html.table}<ol>${why}</ol>`
      + (m.history.length ? `<h2>${esc(m.t("改动记录", "Corrections"))}</h2><ul>${m.history.map((h) => `<li>${esc(h.what[m.ctx.lang] || "")}</li>`).join("")}</ul>` : "")
      + "</body></html>";
    const link = el("a", { href: URL.createObjectURL(new Blob([html], { type: "text/html;charset=utf-8" })), download: `${title.replace(/[\\/:*?"<>|]/g, " ")}.html`, hidden: "" });
    document.body.append(link);
    link.click();
    link.remove();
    m.tallyMessage.textContent = m.t(`已导出：${link.download}`, `Exported: ${link.download}`);
  });
}

export async function showingWidget(root, ctx) {
  const m = { root, ctx }; // the mount: everything the parts of the showing share (its cards, its boxes, the session)
  m.drawSlots = (...a) => drawSlots(m, ...a);
  m.keep = (...a) => keep(m, ...a);
  m.restoreDraft = (...a) => restoreDraft(m, ...a);
  m.validRound = (...a) => validRound(m, ...a);
  m.load = (...a) => load(m, ...a);
  m.judge = (...a) => judge(m, ...a);
  m.changed = (...a) => changed(m, ...a);
  m.drawAdd = (...a) => drawAdd(m, ...a);
  m.refreshTally = (...a) => refreshTally(m, ...a);
  m.t = m.ctx.t;
  m.entry = m.root.querySelector('[data-role="showing-entry"]');
  m.HAND = Number(m.entry.dataset.hand);
  m.GROUP = Number(m.entry.dataset.group);
  m.GAME = { zh: m.entry.dataset.gameZh || "", en: m.entry.dataset.gameEn || "" };
  m.slotsBox = m.root.querySelector('[data-role="slots"]');
  m.result = m.root.querySelector('[data-role="result"]');
  m.message = m.root.querySelector('[data-role="message"]');
  m.thrower = m.root.querySelector('[data-role="thrower"]');
  m.seatBtns = [...m.root.querySelectorAll('[data-role="seat"]')];
  m.SEATS = m.seatBtns.map((b) => b.textContent.replace(/ ✓$/, ""));
  // the family's names (optional): in the seat buttons, every sentence, the result and the export's file name
  m.names = m.SEATS.map(() => "");
  m.who = (s) => m.names[s] || m.SEATS[s];
  m.modeHand = m.root.querySelector('[data-role="mode-hand"]');
  m.modeGroups = m.root.querySelector('[data-role="mode-groups"]');
  m.cards = [...m.root.querySelectorAll('[data-role="card"]')];
  m.label = Object.fromEntries(m.cards.map((b) => [b.dataset.code, b.textContent]));
  m.count = Object.fromEntries(m.cards.map((b) => [b.dataset.code, Number(b.dataset.count)]));
  m.order = m.cards.map((b) => b.dataset.code);
  m.sortCodes = (xs) => [...xs].sort((a, b) => m.order.indexOf(a) - m.order.indexOf(b));
  // why cards of the palette are grey, said where the reader looks when a card greys (under the palette, the page's)
  m.paletteWhy = m.root.querySelector('[data-role="palette-why"]');

  // each player: mode "hand" (slots[0], eight cards) or "groups" (slots[0] shown first, slots[1] second)
  m.players = m.seatBtns.map(() => ({ mode: "hand", slots: [[], []] }));
  m.current = 0;
  m.active = 0; // which slot of the current player the palette fills
  m.seq = 0;
  m.exampleBtn = m.root.querySelector('[data-role="example"]');
  m.example = { ok: false };
  try {
    m.example = await m.ctx.call({ game: "yezi", action: "showing", players: JSON.parse(m.exampleBtn.dataset.example || "[]") });
  } catch { /* no example: the button stays without effect */ }

  m.capacity = (p, k) => (p.mode === "hand" ? (k === 0 ? m.HAND : 0) : m.GROUP);
  m.used = (code) => m.players.reduce((n, p) => n + p.slots.flat().filter((c) => c === code).length, 0);
  m.complete = (p) => (p.mode === "hand" ? p.slots[0].length === m.HAND : p.slots[0].length === m.GROUP && p.slots[1].length === m.GROUP);

  // the record of the showing last judged (null until all four are entered), exported and opened as a file
  m.judged = null;
  m.judging = false; // a judgement of the cards entered is out (judge, below)
  m.readings = {}; // the readings of a record opened (the page itself offers none: the engine's defaults)
  m.uid = `ys${Math.random().toString(36).slice(2, 8)}`;
  recordFiles(m);
  // the family's rounds and the showing being entered are kept on this device (sessions.js): a reload gives them back
  m.store = openStore(KIND);
  m.exampleMark = m.root.querySelector('[data-role="example-mark"]');
  if (m.exampleMark) m.exampleMark.remove(); // from now on the result is the reader's own (or nothing yet)
  m.sessionId = null;
  m.bar = null;
  m.rounds = []; // each round recorded: {thrower, players: [{mode, slots}]}, as entered
  m.history = []; // every correction and deletion: {at, tag: {round, kind, was}, what: {zh, en}}
  m.editing = null; // the index of the round put back into the form, or null
  m.tallyAns = null; // the engine's tally (with the view's markup)
  m.copyPlayers = (ps) => ps.map((p) => ({ mode: p.mode === "groups" ? "groups" : "hand", slots: [0, 1].map((i) => [...((p.slots || [])[i] || [])]) }));
  m.asRequest = (r) => ({ thrower: r.thrower, players: r.players.map((p) => (p.mode === "hand" ? { hand: p.slots[0] } : { groups: [p.slots[0], p.slots[1]] })) });
  // named after the family, in both languages (the session list shows the page's): null while no name is given
  m.familyName = () => (m.names.some(Boolean) ? { zh: `${m.seatBtns.map((b, s) => m.names[s] || b.dataset.zh || m.who(s)).join("、")}的${m.GAME.zh}`, en: `${m.GAME.en}: ${m.seatBtns.map((b, s) => m.names[s] || b.dataset.en || m.who(s)).join(", ")}` } : null);
  m.loadSeq = 0;
  m.freshFrom = null; // while "New tally" waits for the engine: the form as it was when pressed, and the new tally's token

  wireEntry(m);
  tallyLayout(m);
  m.clearDraft = () => { m.players.forEach((p) => { p.mode = "hand"; p.slots = [[], []]; }); m.current = 0; m.active = 0; };
  wireTally(m);
  for (const x of m.entry.querySelectorAll("button, select, input")) x.disabled = false;
  let loading = null;
  m.bar = sessionBar(m.sessionsBox, m.store, {
    lang: m.ctx.lang,
    call: m.ctx.call,
    labels: { zh: { title: "这几局的计分", create: "新开一份计分", list: "选择一份计分" }, en: { title: "The tally of these rounds", create: "New tally", list: "Choose a tally" } },
    onOpen: (sess) => { loading = m.load(sess); },
    fresh: async () => {
      // the form as it is now: what the reader types or enters until the new tally opens is kept in it (load)
      const from = { ...formNow(m), token: Math.random().toString(36).slice(2) };
      m.freshFrom = from;
      const a = await m.ctx.call({ game: "yezi", action: "tally", rounds: [] });
      // the bar opens the new tally at once (load takes what was typed); if it could not keep it (the device is
      // full), what was typed stays with the tally still open, and is kept there
      setTimeout(() => { if (m.freshFrom === from) { m.freshFrom = null; m.keep(); } }, 0);
      return { text: a.ok ? a.record : "", meta: { rounds: [], fresh: from.token } };
    },
    accept: (ans) => (ans.position && ans.position.sheet === "tally" ? null
      : { zh: `这份记录不是${m.GAME.zh}的计分（一局的记录请用上面的“打开一份记录”）。`, en: `This record is not a tally of ${m.GAME.en} (open the record of a single round with “Open a record” above).` }),
  });
  if (!m.bar.current()) loading = m.load(null);
  await loading;
}
