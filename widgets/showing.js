// 叶子戏 showing at a real table: enter each player's eight cards (or the two groups he showed); the
// engine ({"game": "yezi", "action": "showing"}) names every combination, each best split, who wins
// each showing and the round. The card names, the seats' names and the sizes of a hand and a group come
// from the build (the palette, the seat buttons and the entry's data-hand, data-group in the static HTML).
// The result is drawn by the view "yezi-showing" (views/yezi.py, run in Pyodide beside the engine, the function
// that draws the build's example): this module draws the cards being entered and inserts the view's markup.
// A showing judged is exported as the engine writes it (the answer's record: the cards dealt at the table,
// each split, the showings), and such a record, or a round played in these pages, is opened again here.
import { el, grey } from "./dom.js";
import { downloadRecord, openStore } from "./sessions.js";

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

  // the showing being entered is kept on this device (sessions.js), so that a reload gives it back
  const store = openStore(KIND);
  const exampleMark = root.querySelector('[data-role="example-mark"]');
  if (exampleMark) exampleMark.remove(); // from now on the result is the reader's own (or nothing yet)
  let sessionId = null;
  function keep() {
    const meta = { thrower: thrower.value, readings, names, players: players.map((p) => ({ mode: p.mode, slots: p.slots })) };
    try {
      if (sessionId && store.save(sessionId, { text: judged || "", meta })) return;
      const family = names.some(Boolean) ? SEATS.map((_, s) => who(s)).join(t("、", ", ")) : "";
      sessionId = store.create(family ? t(`桌上的一局：${family}`, `A round at the table: ${family}`) : t("桌上的一局", "A round at the table"), judged || "", meta).id;
    } catch { /* the device keeps nothing more: the entry lasts as long as the page */ }
  }
  function restore() {
    const cur = store.current();
    const kept = cur && cur.meta && Array.isArray(cur.meta.players) && cur.meta.players.length === players.length ? cur.meta : null;
    if (!kept) return;
    sessionId = cur.id;
    kept.players.forEach((k, s) => {
      const mode = k && k.mode === "groups" ? "groups" : "hand";
      const slots = k && Array.isArray(k.slots) ? k.slots : [];
      players[s].mode = mode;
      players[s].slots = [0, 1].map((i) => (Array.isArray(slots[i]) ? slots[i].filter((c) => order.includes(c)).slice(0, capacity(players[s], i)) : []));
    });
    if ([...thrower.options].some((o) => o.value === String(kept.thrower))) thrower.value = String(kept.thrower);
    if (kept.readings && typeof kept.readings === "object") readings = kept.readings;
    if (Array.isArray(kept.names)) names = SEATS.map((_, s) => (typeof kept.names[s] === "string" ? kept.names[s].slice(0, 20) : ""));
    nameInputs.forEach((inp, s) => { inp.value = names[s]; });
  }

  async function judge() {
    const mine = ++seq;
    judged = null;
    if (!players.every(complete)) {
      keep();
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
    if (!a.ok) { message.textContent = a.error[ctx.lang]; result.replaceChildren(); keep(); return; }
    message.textContent = "";
    judged = a.record;
    keep();
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
    thrower.value = "0"; readings = {}; current = 0; active = 0;
    changed();
  });
  root.querySelector('[data-role="clear"]').after(" ", fresh);
  const namesBox = el("fieldset", { class: "ys-names", "data-role": "names" }, [el("legend", { text: t("四家的名字（可不填）", "The four players' names (optional)") })]);
  const nameInputs = SEATS.map((seatName, s) => {
    const id = `${uid}-name-${s}`;
    const input = el("input", { id, type: "text", maxlength: "20", "data-role": "name", "data-seat": String(s), autocomplete: "off" });
    input.addEventListener("change", () => {
      names[s] = input.value.replace(/[;\n]/g, " ").trim().slice(0, 20);
      changed();
    });
    namesBox.append(el("span", { class: "ys-name" }, [el("label", { for: id, text: seatName }), " ", input]));
    return input;
  });
  entry.prepend(namesBox);
  for (const x of entry.querySelectorAll("button, select")) x.disabled = false;
  restore();
  drawSlots();
  await judge();
}
