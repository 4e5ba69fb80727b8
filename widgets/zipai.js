// A hand of 跑胡子 or 下灌字牌 at the table, the reader against two computer seats.
// Every answer comes from the engine's `play` action (engine/paohuzi/play.py): the table as the
// reader sees it, the moves allowed now with their labels, the log with each move's rule, the
// refusal of a move that breaks a rule, and the score sheet at the end. The static view drawn at
// build time (sitegen/zipai.py) has the same markup; this module redraws it from each answer.

import { el, sharedState, shareButton } from "./dom.js";

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
const MAX_MOVES = 700;

const facesPromises = new Map();
/** SVG faces of the twenty cards, asked once per page and language (English faces carry Arabic numerals). */
function faces(ctx) {
  if (!facesPromises.has(ctx.lang)) {
    facesPromises.set(ctx.lang, ctx.call({ game: "paohuzi", action: "faces", height: 88, lang: ctx.lang }).then((a) => {
      if (!a.ok) { facesPromises.delete(ctx.lang); throw new Error(a.error[ctx.lang]); }
      return a;
    }));
  }
  return facesPromises.get(ctx.lang);
}

/** Where the rules the log names are explained (the 跑胡子 turn page), from this page's address. */
function rulesBase() {
  const path = window.location.pathname;
  for (const game of ["/paohuzi/", "/yezi/"]) {
    const i = path.indexOf(game);
    if (i >= 0) return `${path.slice(0, i)}/paohuzi/turn/`;
  }
  return "../turn/";
}

function view(F, ctx) {
  const t = ctx.t;
  const nm = (d) => esc(ctx.lang === "zh" ? d.zh : d.en);

  function card(code, height, cls = "") {
    if (!code || !F.svg[code]) {
      return `<span class="zp-back${cls}" role="img" aria-label="${esc(t("扣着的牌", "a card face down"))}" style="height:${height}px;width:${Math.round((height * 40) / 180)}px"></span>`;
    }
    let s = F.svg[code].replace(/width="\d+" height="\d+"/, `width="${Math.round((height * 40) / 180)}" height="${height}"`);
    s = s.replace(/<title>[^<]*<\/title>/, ""); // the faces of ctx.lang are already named in it
    return cls ? s.replace('class="phz-card', `class="zp-card${cls} phz-card`) : s;
  }

  function group(g, height = 64, under = null) {
    let taken = false;
    const low = g.taken || (g.bi ? under : null); // the card taken (or in a bi group its copy) lies under the others
    const cards = g.cards.map((c) => {
      const isTaken = !taken && low != null && c === low;
      taken = taken || isTaken;
      return [isTaken, c];
    });
    cards.sort((a, b) => Number(a[0]) - Number(b[0])); // the card taken from the table lies under the others
    const inner = cards.map(([tk, c]) => card(c, height, tk ? " zp-taken" : "")).join("");
    const cap = nm(g) + (g.bi ? t("（比）", " (bi)") : "") + (g.face === "down" && g.cards.some(Boolean) ? t("（扣着）", " (face down)") : "") + (g.huxi ? ` · ${g.huxi}${t("戏", " huxi")}` : "");
    const cls = "zp-group" + (g.bi ? " zp-bi" : "") + (g.face === "down" ? " zp-down" : "");
    return `<figure class="${cls}"><div class="zp-group-cards" style="--zp-overlap:-${Math.round(height * 0.47)}px">${inner}</div><figcaption>${cap}</figcaption></figure>`;
  }

  function seat(s, a, big) {
    const who = nm(s) + (s.you ? t("（你）", " (you)") : s.computer ? t("（电脑）", " (computer)") : "");
    const turn = a.to_move === s.seat && !a.over;
    let h = `<p class="zp-seat-name">${who}${turn ? " · " + t("轮到此家", "to move") : ""}</p>`
      + `<p class="zp-count">${t(`手中 ${s.hand_count} 张`, `${s.hand_count} cards in hand`)}</p>`;
    let last = null;
    const opened = s.open.map((g) => {
      const h = group(g, 64, last);
      if (!g.bi) last = g.taken;
      return h;
    }).join("");
    if (opened) h += `<div class="zp-open" role="group" aria-label="${esc(t("亮在桌上的牌", "groups on the table"))}">${opened}</div>`;
    if (s.hand && !big) h += `<span class="zp-row-label">${t("手中剩下的牌", "Cards left in hand")}</span><div class="zp-hand-small">${s.hand.map((c) => card(c, 48)).join("")}</div>`;
    if (s.row.length) {
      const next = a.seats[(s.seat + 1) % a.seats.length];
      h += `<div class="zp-row"><span class="zp-row-label">${t("打出、翻出后没人要的牌（放在此家与", "Cards let go (between this seat and ")}${nm(next)}${t("之间）", ")")}</span>`
        + `<div class="zp-row-cards">${s.row.map((r) => card(r.card, 56)).join("")}</div></div>`;
    }
    return `<section class="zp-seat${s.you ? " zp-you" : ""}${turn ? " zp-turn" : ""}" data-seat="${s.seat}">${h}</section>`;
  }

  function centre(a) {
    const parts = [`<span class="zp-stock">${t(`底牌还剩 ${a.stock} 张`, `${a.stock} cards left in the stock`)}</span>`];
    if (a.xing) parts.push(`<span class="zp-xing">${nm(a.xing)}${t("本局不打牌", " plays no card this hand")}</span>`);
    const o = a.offer;
    if (o) {
      const frm = nm(a.seats[o.from]);
      const how = { stock: t("翻出", "turned up from the stock by"), discard: t("打出", "discarded by"), liang: t("亮张", "turned up for") }[o.origin];
      const text = ctx.lang === "zh" ? `${frm}${how}` : `${how} ${frm}`;
      parts.push(`<figure class="zp-offer">${card(o.card, 72)}<figcaption>${t("桌上的牌：", "On offer: ")}${text}</figcaption></figure>`);
    }
    return `<div class="zp-centre">${parts.join("")}</div>`;
  }

  function table(a) {
    const you = a.seats.find((s) => s.you);
    const others = a.seats.filter((s) => !s.you);
    const discards = new Map(a.actions.filter((x) => x.kind === "discard").map((x) => [x.card, x]));
    const blocked = new Map(a.blocked.map((b) => [b.card, b]));
    const canDiscard = discards.size > 0;
    let hand = "";
    if (you.hand) {
      hand = you.hand.map((c) => {
        const name = F.names[c] ? nm(F.names[c]) : esc(c);
        if (!canDiscard) return `<span class="zp-hcard" data-card="${c}">${card(c, 88)}</span>`;
        const act = discards.get(c);
        const label = act ? nm(act) : `${t("打出", "Discard ")}${name}${blocked.has(c) ? t("（不能打：", " (not allowed: ") + nm(blocked.get(c)) + t("）", ")") : ""}`;
        // the button's name is its words; the picture inside is hidden from screen readers so the two never disagree
        const pic = card(c, 88).replace(/ role="img" aria-label="[^"]*"/, ' aria-hidden="true"');
        return `<button type="button" class="zp-hcard" data-card="${c}"${act ? ' data-legal="1"' : ""} title="${label}">${pic}<span class="hw-sr">${label}</span></button>`;
      }).join("");
      hand = `<div class="zp-hand" data-role="hand" role="group" aria-label="${esc(t("你的手牌", "your hand"))}">${hand}</div>`;
    }
    return `<div class="zp-table"><div class="zp-mine">${seat(you, a, true)}${hand}</div>${centre(a)}`
      + `<div class="zp-others">${others.map((s) => seat(s, a, false)).join("")}</div></div>`;
  }

  function actions(a) {
    let h = a.actions.filter((x) => x.kind !== "discard")
      .map((x) => `<button type="button" class="hw-btn zp-act" data-id="${esc(x.id)}">${nm(x)}</button>`).join("");
    if (a.actions.some((x) => x.kind === "discard")) h += `<p class="zp-hint">${t("点手中的一张牌把它打出。", "Click a card of your hand to discard it.")}</p>`;
    if (a.waiting) h += `<p class="zp-hint">${nm(a.waiting)}</p>`;
    // a learner's table ({"hints": true}): the computer's choice in the reader's place, shown on request
    if (ctx.params && ctx.params.hints && a.hint) {
      h += `<p class="zp-hint-box"><button type="button" class="hw-btn zp-hint-btn" aria-expanded="false">${t("提示：电脑会怎么走？", "Hint: what would the computer do?")}</button>`
        + ` <span class="zp-hint-text" role="status" hidden>${esc(t("电脑会：", "The computer would: "))}${nm(a.hint)}`
        + ` <a class="zp-rule" href="${rulesBase()}#rule-${esc(a.hint.rule.id)}">${nm(a.hint.rule)}</a></span></p>`;
    }
    return h;
  }

  function log(a) {
    const base = rulesBase();
    return a.log.map((x) => `<li value="${x.n}">${nm(x)} <a class="zp-rule" href="${base}#rule-${esc(x.rule.id)}">${nm(x.rule)}</a></li>`).join("");
  }

  function sheet(a) {
    const r = a.result;
    if (!r) return "";
    const roles = Object.fromEntries(a.seats.map((s) => [s.role, nm(s)]));
    if (a.xing) roles.xing = nm(a.xing);
    let head;
    if (r.huang) head = t("荒牌：底牌翻完，没有人胡。", "No winner (huang): the stock ran out.");
    else {
      const w = a.seats[r.winner];
      head = t(`${w.zh}胡了。`, `${w.en.charAt(0).toUpperCase()}${w.en.slice(1)} wins.`);
      if (r.win) head += t(`共 ${r.win.total} 戏。`, ` ${r.win.total} huxi in all.`);
    }
    const rows = Object.entries(r.sheet.scores).map(([k, v]) => `<tr data-role-id="${esc(k)}"><th scope="row">${roles[k] || esc(k)}</th><td data-score="${v}">${v > 0 ? "+" : ""}${v}</td></tr>`).join("");
    const lines = r.sheet.lines.map((l) => `<li>${nm(l)}</li>`).join("");
    return `<div class="zp-sheet" data-role="sheet"><p class="zp-verdict">${esc(head)}</p>`
      + `<table><caption>${t("本局得分", "Points this hand")}</caption><tbody>${rows}</tbody></table>${lines ? `<ul>${lines}</ul>` : ""}</div>`;
  }

  /** What the other seats did since the reader's last move, in words (announced). */
  function since(a, from) {
    return a.log.slice(from).filter((x) => x.seat == null || !a.seats[x.seat].you).map((x) => (ctx.lang === "zh" ? x.zh : x.en)).join(" ");
  }

  return { table, actions, log, sheet, since };
}

async function table(root, ctx) {
  const t = ctx.t;
  const p = ctx.params || {};
  const variant = p.variant === "xiaguan" ? "xiaguan" : "paohuzi";
  const tableKind = p.table || (variant === "paohuzi" ? "four" : "three");
  const start = sharedState(root) || {};
  let seed = Number.isInteger(start.seed) && start.seed >= 0 && start.seed < 2 ** 31 ? start.seed : Number(p.seed) || 1;
  let moves = Array.isArray(start.moves) ? start.moves.filter((m) => typeof m === "string").slice(0, MAX_MOVES) : [];
  const F = await faces(ctx);
  const v = view(F, ctx);
  const q = (r) => root.querySelector(`[data-role="${r}"]`);
  const board = q("board"), acts = q("actions"), msg = q("message"), logEl = q("log"), sheetBox = q("sheet-box"), status = q("status");
  const title = q("title"), newBtn = q("new"), undoBtn = q("undo");
  msg.setAttribute("aria-live", "assertive");
  let answers = 0;
  let lastLog = Infinity; // what happened before the first answer is on the board, not announced
  let busy = false;

  const shareBox = q("share");
  shareBox.replaceChildren(shareButton(root, () => ({ seed, moves }), t));

  function focusNext() {
    const first = acts.querySelector("button") || board.querySelector("button.zp-hcard");
    if (first) first.focus();
    else if (sheetBox.firstChild) sheetBox.querySelector(".zp-verdict").setAttribute("tabindex", "-1"), sheetBox.querySelector(".zp-verdict").focus();
  }

  async function ask(focus) {
    if (busy) return;
    busy = true;
    root.setAttribute("aria-busy", "true");
    const t0 = performance.now();
    const a = await ctx.call({ game: "paohuzi", action: "play", variant, table: tableKind, seed, actions: moves.map((id) => ({ id })) });
    root.dataset.ms = String(Math.round(performance.now() - t0));
    busy = false;
    root.removeAttribute("aria-busy");
    if (!a.ok) {
      msg.textContent = a.error[ctx.lang];
      if (moves.length) moves = moves.slice(0, -1);
      answers += 1;
      root.dataset.answers = String(answers);
      return;
    }
    if (a.refused) {
      moves = moves.slice(0, a.refused.index);
      msg.innerHTML = `${esc(t("这一步不行：", "Not allowed: "))}${esc(a.refused[ctx.lang])} <a class="zp-rule" href="${rulesBase()}#rule-${esc(a.refused.rule.id)}">${esc(ctx.lang === "zh" ? a.refused.rule.zh : a.refused.rule.en)}</a>`;
      msg.dataset.refused = a.refused.code;
    } else {
      msg.textContent = "";
      delete msg.dataset.refused;
    }
    const t1 = performance.now();
    title.textContent = t(`第 ${seed} 号牌局`, `Hand no. ${seed}`);
    board.innerHTML = v.table(a);
    acts.innerHTML = v.actions(a);
    logEl.innerHTML = v.log(a);
    sheetBox.innerHTML = v.sheet(a);
    const said = a.refused ? "" : v.since(a, Math.min(lastLog, a.log.length));
    status.textContent = said + (a.over ? " " + t("本局结束。", "The hand is over.") : "");
    lastLog = a.log.length;
    undoBtn.disabled = moves.length === 0;
    undoBtn.title = moves.length ? "" : t("还没有走过一步。", "You have not made a move yet.");
    root.dataset.over = a.over ? "1" : "";
    root.dataset.drawMs = String(Math.round(performance.now() - t1));
    answers += 1;
    root.dataset.answers = String(answers);
    if (focus) focusNext();
  }

  function move(id) {
    if (busy || moves.length >= MAX_MOVES) return;
    moves = [...moves, id];
    ask(true);
  }

  root.addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (!b || !root.contains(b) || b.disabled) return;
    if (b.classList.contains("zp-hint-btn")) {
      const text = b.parentElement.querySelector(".zp-hint-text");
      text.hidden = !text.hidden;
      b.setAttribute("aria-expanded", String(!text.hidden));
    } else if (b.classList.contains("zp-act")) move(b.dataset.id);
    else if (b.classList.contains("zp-hcard")) move(`discard:${b.dataset.card}`);
  });
  newBtn.addEventListener("click", () => {
    seed = Math.floor(Math.random() * 2 ** 31);
    moves = [];
    lastLog = Infinity;
    ask(true);
  });
  undoBtn.addEventListener("click", () => {
    if (!moves.length) return;
    moves = moves.slice(0, -1);
    lastLog = Infinity;
    ask(true);
  });
  newBtn.disabled = false;
  await ask(false);
}

export const widgets = { "zipai-table": table };
