// A hand of 跑胡子 or 下灌字牌 at the table, the reader against two computer seats.
// Every answer comes from the engine's `play` action (engine/paohuzi/play.py): the table as the
// reader sees it, the moves allowed now with their labels, the log with each move's rule, the
// refusal of a move that breaks a rule, and the score sheet at the end. The static view drawn at
// build time (sitegen/zipai.py) has the same markup; this module redraws it from each answer.

import { el, sharedState, shareButton } from "./dom.js";
import { recordTools } from "./recordio.js";
import { levelChooser, reviewButton } from "./review.js";

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
const MAX_MOVES = 700;
const MAX_HANDS = 8; // the engine's longest match (engine/paohuzi/play.py)

// every card at the table is drawn as in the lessons (engine/paohuzi/svg.py lesson_card_svg, as the static first
// answer in sitegen/zipai.py): 32 CSS px wide, characters 24 px, the Arabic numeral and big/small on English pages
const LESSON_HEIGHT = 144;
// a card under another in a group shows its top part: the character, and on English pages the numeral
// (as sitegen/zipai.py group_html draws the first answer)
const OVERLAP = Math.round(LESSON_HEIGHT * 0.47);
const facesPromises = new Map();
/** SVG faces of the twenty cards, asked once per page and language (English faces carry Arabic numerals). */
function faces(ctx) {
  if (!facesPromises.has(ctx.lang)) {
    facesPromises.set(ctx.lang, ctx.call({ game: "paohuzi", action: "faces", height: LESSON_HEIGHT, lesson: true, lang: ctx.lang }).then((a) => {
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

  function card(code, _height, cls = "") {
    const height = LESSON_HEIGHT; // one size everywhere at the table, as in the lessons
    if (!code || !F.svg[code]) {
      return `<span class="zp-back${cls}" role="img" aria-label="${esc(t("扣着的牌", "a card face down"))}" style="height:${height}px;width:${Math.round((height * 40) / 180)}px"></span>`;
    }
    let s = F.svg[code];
    // one language per drawing, as sitegen/zipai.py one_language: the numeral and big/small on English pages only,
    // the band across big cards on Chinese pages only
    s = ctx.lang === "zh" ? s.replace(/<g class="phz-en".*?<\/g>/s, "") : s.replace(/<rect class="phz-band"[^>]*\/>/, "");
    const label = F.names[code] ? nm(F.names[code]) : esc(code);
    s = s.replace('aria-hidden="true"', `role="img" aria-label="${label}"`);
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
    return `<figure class="${cls}"><div class="zp-group-cards" style="--zp-overlap:-${OVERLAP}px">${inner}</div><figcaption>${cap}</figcaption></figure>`;
  }

  /** Where a seat sits seen from the reader: play passes to the next player (下家) on the reader's right. */
  function place(s, a) {
    const me = a.seats.findIndex((x) => x.you);
    const n = a.seats.length;
    if (me < 0 && a.xing && n === 3) return ["top", "left", "right"][s.seat]; // the reader counts, opposite the dealer
    if (me < 0 || s.you) return "";
    if (n === 2) return "top";
    return s.seat === (me + 1) % n ? "right" : "left";
  }
  const PLACE = { top: ["坐在你对面", "sits opposite you"], right: ["坐在你右手边", "sits on your right"], left: ["坐在你左手边", "sits on your left"] };

  function seat(s, a, big) {
    const where = place(s, a);
    const who = nm(s) + (s.you ? t("（你）", " (you)") : s.computer ? t("（电脑）", " (computer)") : "");
    const turn = a.to_move === s.seat && !a.over;
    let h = `<p class="zp-seat-name">${who}${turn ? " · " + t("轮到此家", "to move") : ""}</p>`
      + (where ? `<p class="zp-place">${t(...PLACE[where])}</p>` : "")
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
    return `<section class="zp-seat${s.you ? " zp-you" : ""}${turn ? " zp-turn" : ""}" data-seat="${s.seat}"${where ? ` data-place="${where}"` : ""}>${h}</section>`;
  }

  function centre(a) {
    const parts = [`<span class="zp-stock">${t(`底牌还剩 ${a.stock} 张`, `${a.stock} cards left in the stock`)}</span>`];
    if (a.xing && a.seats.some((s) => s.you)) parts.push(`<span class="zp-xing">${nm(a.xing)}${t("坐在你对面，本局不打牌", " sits opposite you and plays no card this hand")}</span>`);
    else if (a.xing) parts.push(`<span class="zp-xing">${t("你是这一局的醒家：只数牌，不打牌。", "You are the counter this hand: you count the stock and play no card.")}</span>`);
    if (a.liang_shown && !(a.offer && a.offer.origin === "liang")) {
      parts.push(`<figure class="zp-liang" data-role="liang" data-card="${esc(a.liang_shown.card)}">${card(a.liang_shown.card, 56)}<figcaption>${nm(a.liang_shown)}</figcaption></figure>`);
    }
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
    if (!you) return `<div class="zp-table zp-n${a.seats.length}"><div class="zp-others">${others.map((s) => seat(s, a, false)).join("")}</div>${centre(a)}</div>`;
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
    return `<div class="zp-table zp-n${a.seats.length}"><div class="zp-others">${others.map((s) => seat(s, a, false)).join("")}</div>`
      + `${centre(a)}<div class="zp-mine">${seat(you, a, true)}${hand}</div></div>`;
  }

  function actions(a) {
    let h = a.actions.filter((x) => x.kind !== "discard")
      .map((x) => `<button type="button" class="hw-btn zp-act" data-id="${esc(x.id)}">${nm(x)}</button>`).join("");
    if (a.match && a.match.next) h += `<button type="button" class="hw-btn zp-act" data-id="next">${t("下一局", "Next hand")}</button>`;
    if (a.actions.some((x) => x.kind === "discard")) h += `<p class="zp-hint">${t("点手中的一张牌把它打出。", "Click a card of your hand to discard it.")}</p>`;
    if (a.waiting) h += `<p class="zp-hint">${nm(a.waiting)}</p>`;
    // the computer's choice in the reader's place, shown on request (at the level the reader chose)
    if (a.hint) {
      h += `<p class="zp-hint-box"><button type="button" class="hw-btn zp-hint-btn" aria-expanded="false">${t("提示：电脑会怎么走？", "Hint: what would the computer do?")}</button>`
        + ` <span class="zp-hint-text" role="status" hidden>${esc(t("电脑会：", "The computer would: "))}${nm(a.hint)}`
        + ` <a class="zp-rule" href="${rulesBase()}#rule-${esc(a.hint.rule.id)}">${nm(a.hint.rule)}</a>`
        + (a.hint.why ? `<span class="zp-why" data-role="why">${esc(t("为什么：", "Why: "))}${nm(a.hint.why)}</span>` : "")
        + `</span></p>`;
      // on a learner's table ({"hints": true}), each way to 吃 (with its 比 groups): what it keeps and what it gives up, in the engine's words
      const notes = a.actions.filter((x) => x.kind === "chi" && x.note);
      if (ctx.params && ctx.params.hints && notes.length) h += `<ul class="zp-chi-notes" data-role="chi-notes">${notes.map((x) => `<li><b>${nm(x)}</b>${esc(t("：", ": "))}${nm(x.note)}</li>`).join("")}</ul>`;
    }
    return h;
  }

  function log(a) {
    const base = rulesBase();
    return a.log.map((x) => `<li value="${x.n}">${nm(x)} <a class="zp-rule" href="${base}#rule-${esc(x.rule.id)}">${nm(x.rule)}</a></li>`).join("");
  }

  /** The hand laid out at the end (摊牌): the winner's groups and the sum that makes the sheet, or every hand after 荒. */
  function layout(a) {
    const L = a.result && a.result.layout;
    if (!L) return "";
    let h = `<p class="zp-lay-head">${nm(L)}</p>`;
    if (L.groups.length) {
      let marked = false;
      const figs = L.groups.map((g) => {
        const inner = g.cards.map((c) => {
          const win = g.win && !marked && c === L.card;
          marked = marked || win;
          return card(c, 64, win ? " zp-win-card" : "");
        }).join("");
        const cap = `${nm(g)} · ${g.huxi}${t("戏", " huxi")}` + (g.win ? t("（胡的牌在这组）", " (the winning card is here)") : "");
        return `<figure class="zp-group${g.win ? " zp-win" : ""}" data-huxi="${g.huxi}"><div class="zp-group-cards" style="--zp-overlap:-${OVERLAP}px">${inner}</div><figcaption>${cap}</figcaption></figure>`;
      }).join("");
      h += `<div class="zp-open zp-lay-groups" role="group" aria-label="${esc(t("胡者摊开的牌", "the winner's cards laid out"))}">${figs}</div>`;
      h += `<ol class="zp-lay-sum" data-role="sum">${L.lines.map((x) => `<li>${nm(x)}</li>`).join("")}</ol>`;
    }
    if (L.void) h += `<p class="zp-lay-void">${nm(L.void)}</p>`;
    if (L.huang) {
      h += L.hands.map((s) => `<div class="zp-dealt"><p class="zp-dealt-name">${nm(s)}</p>`
        + (s.open.length ? `<div class="zp-open">${s.open.map((g) => group(g, 48)).join("")}</div>` : "")
        + `<div class="zp-hand-small">${s.hand.map((c) => card(c, 48)).join("")}</div></div>`).join("");
    }
    return `<section class="zp-layout" data-role="layout"><p class="zp-lay-title">${t("摊牌", "The hand laid out")}</p>${h}</section>`;
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
    const cardWords = (c) => (F.names[c] ? nm(F.names[c]) : esc(c));
    const birds = (r.birds || []).map((b) => `<li data-role="bird">${t(`打鸟：最后一张底牌是${cardWords(b.card)}，鸟跟${roles[b.seat_role] || ""}共输赢，本局得 ${b.score > 0 ? "+" : ""}${b.score}。`,
      `Bird: the last stock card is the ${cardWords(b.card)}, so the bird shares the fate of ${roles[b.seat_role] || ""}: ${b.score > 0 ? "+" : ""}${b.score} this hand.`)}</li>`).join("");
    return `<div class="zp-sheet" data-role="sheet"><p class="zp-verdict">${esc(head)}</p>${layout(a)}`
      + `<table><caption>${t("本局得分", "Points this hand")}</caption><tbody>${rows}</tbody></table>${lines || birds ? `<ul>${lines}${birds}</ul>` : ""}</div>`;
  }

  /** The running match sheet (积分表): who deals each hand (抢庄), who counts, who won, each player's points. */
  function match(a) {
    const m = a.match;
    if (!m) return "";
    const pn = (p) => nm(m.players[p].name);
    const roleName = (p) => {
      const pl = m.players[p];
      if (pl.seat == null) return a.xing ? nm(a.xing) : t("不上桌", "sits out");
      return nm(a.seats[pl.seat]);
    };
    let h = `<p class="zp-match-head">${esc(t(`比赛：共 ${m.hands} 局，`, `A match of ${m.hands} hands: `))}`
      + (m.over ? esc(t("已经打完。", "finished.")) : esc(t(`现在是第 ${m.hand} 局。`, `now hand ${m.hand}.`)))
      + ` ${esc(t("你是", "You are player "))}${pn(m.you)}${t("。", ".")}</p>`;
    h += `<p class="zp-match-seats">${esc(t("这一局：", "This hand: "))}${m.players.map((p, i) => `${pn(i)} ${roleName(i)}`).join(t("，", ", "))}${t("。", ".")}</p>`;
    if (m.draw && m.draw.length) h += `<details class="zp-match-draw"><summary>${t("摸庄（比点定座位）", "Drawing for seats")}</summary><ul>${m.draw.map((d) => `<li>${nm(d)}</li>`).join("")}</ul></details>`;
    const heads = [t("局", "hand"), t("庄家", "dealer"), a.xing ? t("醒家", "counter") : null, t("胡者", "winner")].filter(Boolean);
    const birdCols = m.birds || [];
    const th = heads.map((x) => `<th scope="col">${x}</th>`).join("") + m.players.map((p, i) => `<th scope="col">${pn(i)}</th>`).join("")
      + birdCols.map((b) => `<th scope="col">${t(`鸟家${b.bird}`, `bird ${b.bird}`)}</th>`).join("");
    const sign = (v) => (v > 0 ? `+${v}` : String(v));
    const rows = m.sheet.map((r) => `<tr data-hand="${r.hand}"><td>${r.hand}</td><td>${pn(r.dealer)}</td>${a.xing ? `<td>${r.xing == null ? "—" : pn(r.xing)}</td>` : ""}`
      + `<td>${r.winner == null ? t("荒牌", "none (huang)") : pn(r.winner)}</td>${r.scores.map((v) => `<td>${sign(v)}</td>`).join("")}${birdCols.map((b, k) => `<td>${sign((r.birds || [])[k] || 0)}</td>`).join("")}</tr>`).join("");
    const foot = `<tr><th scope="row" colspan="${heads.length}">${t("合计", "total")}</th>${m.players.map((p) => `<td data-total="${p.total}"><b>${sign(p.total)}</b></td>`).join("")}`
      + `${birdCols.map((b) => `<td><b>${sign(b.total)}</b></td>`).join("")}</tr>`;
    h += `<div class="zp-scroll"><table class="zp-match-sheet"><caption>${t("积分表", "Match sheet")}</caption><thead><tr>${th}</tr></thead><tbody>${rows}</tbody><tfoot>${foot}</tfoot></table></div>`;
    if (m.over && m.ranking) {
      h += `<p class="zp-match-end" data-role="ranking">${esc(t("比赛结束，名次：", "The match is over. Ranking: "))}${m.ranking.map((p, k) => `${k + 1}. ${pn(p)}（${sign(m.players[p].total)}）`.replace("（", t("（", " (")).replace("）", t("）", ")"))).join(t("；", "; "))}</p>`;
    }
    return h;
  }

  /** What the other seats did since the reader's last move, in words (announced). */
  function since(a, from) {
    return a.log.slice(from).filter((x) => x.seat == null || !a.seats[x.seat].you).map((x) => (ctx.lang === "zh" ? x.zh : x.en)).join(" ");
  }

  return { table, actions, log, sheet, since, match };
}

async function table(root, ctx) {
  const t = ctx.t;
  const p = ctx.params || {};
  const variant = p.variant === "xiaguan" ? "xiaguan" : "paohuzi";
  const tableKind = p.table || (variant === "paohuzi" ? "four" : "three");
  // a match is kept in this browser (localStorage) across reloads; a shared link wins over it
  const store = `zipai-match:${variant}:${tableKind}`;
  const kept = () => { try { return JSON.parse(window.localStorage.getItem(store) || "null"); } catch { return null; } };
  const shared = sharedState(root);
  const start = shared || kept() || {};
  let seed = Number.isInteger(start.seed) && start.seed >= 0 && start.seed < 2 ** 31 ? start.seed : Number(p.seed) || 1;
  let moves = Array.isArray(start.moves) ? start.moves.filter((m) => typeof m === "string").slice(0, MAX_MOVES) : [];
  const okHands = (n) => Number.isInteger(n) && n >= 1 && n <= MAX_HANDS;
  let hands = okHands(start.match) ? start.match : 0; // 0: one hand, not a match
  let birds = tableKind === "four" && start.birds === 1 ? 1 : 0;
  const F = await faces(ctx);
  const v = view(F, ctx);
  const q = (r) => root.querySelector(`[data-role="${r}"]`);
  const board = q("board"), acts = q("actions"), msg = q("message"), logEl = q("log"), sheetBox = q("sheet-box"), status = q("status");
  const title = q("title"), newBtn = q("new"), undoBtn = q("undo");
  const matchBox = q("match"), matchBtn = q("match-start"), oneBtn = q("match-stop"), handsSel = q("match-hands"), birdBox = q("match-birds");
  msg.setAttribute("aria-live", "assertive");
  let answers = 0;
  let lastLog = Infinity; // what happened before the first answer is on the board, not announced
  let busy = false;

  // the hint's level, chosen by the reader (the computer seats play at the basic level)
  const chooser = levelChooser(ctx, { what: { zh: "提示的水平：", en: "Hint level:" } });
  // a record opened here replays its hand at the record's computer level (the table's own hands: basic seats)
  let recordLevel = null;
  const seatsLevel = () => (recordLevel && !hands && recordLevel.seed === seed ? { level: recordLevel.level } : {});
  const levelBox = el("p", { class: "rv-hint" }, [chooser.node]);
  acts.before(levelBox);
  let review = null; // the review of the hand just finished

  const shareBox = q("share");
  shareBox.replaceChildren(shareButton(root, () => (hands ? { seed, moves, match: hands, birds } : { seed, moves }), t));
  if (shared && moves.length) root.querySelector(".zp-log").open = true; // a shared game opens with what happened so far
  const keep = () => {
    try {
      if (hands) window.localStorage.setItem(store, JSON.stringify({ seed, moves, match: hands, birds }));
      else window.localStorage.removeItem(store);
    } catch { /* private mode: the match is not kept */ }
  };

  /** The reader's own groups never sit under the page's sticky header. */
  function clearHeader() {
    const header = document.querySelector(".md-header");
    const mine = board.querySelector(".zp-mine");
    if (!header || !mine) return;
    const below = header.getBoundingClientRect().bottom;
    root.style.setProperty("--zp-header", `${Math.ceil(below) + 8}px`);
    const r = mine.getBoundingClientRect();
    // on a phone the reader's groups and hand are taller than the screen: their top comes first, under the header
    if (r.top < below) window.scrollBy(0, r.top - below - 8);
  }

  /** Focus the reader's next decision (a claim, else a card to play) without scrolling: clearHeader places the page. */
  function focusNext() {
    const first = acts.querySelector("button.zp-act") || board.querySelector("button.zp-hcard[data-legal]") || acts.querySelector("button");
    if (first) first.focus({ preventScroll: true });
    else if (sheetBox.firstChild) sheetBox.querySelector(".zp-verdict").setAttribute("tabindex", "-1"), sheetBox.querySelector(".zp-verdict").focus();
  }

  async function ask(focus) {
    if (busy) return;
    busy = true;
    root.setAttribute("aria-busy", "true");
    const t0 = performance.now();
    const req = { game: "paohuzi", action: "play", variant, table: tableKind, seed, actions: moves.map((id) => (id === "next" ? { kind: "next" } : { id })), ...seatsLevel() };
    if (hands) Object.assign(req, { match: { hands }, birds });
    const a = await ctx.call(req);
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
    if (a.match) {
      // the reader counts this hand (醒家): no seat at the table is the reader's
      const me = a.match.players[a.match.you];
      if (me && me.seat == null) a.seats.forEach((x) => { x.you = false; });
    }
    title.textContent = hands ? t(`第 ${seed} 号比赛`, `Match no. ${seed}`) : t(`第 ${seed} 号牌局`, `Hand no. ${seed}`);
    matchBox.innerHTML = v.match(a);
    matchBox.hidden = !a.match;
    matchBtn.hidden = Boolean(hands);
    oneBtn.hidden = !hands;
    root.dataset.match = a.match ? (a.match.over ? "over" : String(a.match.hand)) : "";
    keep();
    board.innerHTML = v.table(a);
    acts.innerHTML = v.actions(a);
    logEl.innerHTML = v.log(a);
    sheetBox.innerHTML = v.sheet(a);
    if (review) review.remove();
    review = null;
    if (a.over && !a.match) {
      // the review of the reader's own decisions by the strong level, one decision a request (a hand is long to play out)
      const hand = { variant, table: tableKind, seed, actions: moves.map((id) => ({ id })) };
      review = el("div", { class: "zp-review", "data-role": "review-box" });
      review.append(reviewButton(ctx, review, () => ({ game: "table", action: "review", seat: a.viewer ?? 0, hand }), { oneByOne: true }));
      sheetBox.after(review);
    }
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
    if (!a.over) clearHeader(); // at the end the verdict, focused, comes first
  }

  /** The strong level's hint, asked for on request (it plays each move out: a second or more). */
  async function strongHint(b, text) {
    if (busy) return;
    busy = true;
    b.disabled = true;
    root.setAttribute("aria-busy", "true");
    const req = { game: "paohuzi", action: "play", variant, table: tableKind, seed, level: "strong", actions: moves.map((id) => (id === "next" ? { kind: "next" } : { id })) };
    if (hands) Object.assign(req, { match: { hands }, birds });
    const a = await ctx.call(req);
    busy = false;
    b.disabled = false;
    root.removeAttribute("aria-busy");
    b.dataset.strong = "1";
    text.hidden = false;
    b.setAttribute("aria-expanded", "true");
    if (!a.ok) { text.textContent = a.error[ctx.lang]; return; }
    if (!a.hint) return;
    const w = (x) => (ctx.lang === "zh" ? x.zh : x.en);
    text.textContent = t("强水平会：", "The strong level would: ") + w(a.hint) + (a.hint.why ? " " + t("为什么：", "Why: ") + w(a.hint.why) : "");
    text.dataset.level = "strong";
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
      if (chooser.get() === "strong" && !b.dataset.strong && text.hidden) {
        strongHint(b, text);
        return;
      }
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
  matchBtn.addEventListener("click", () => {
    hands = Number(handsSel.value) || 4;
    birds = birdBox && birdBox.checked && tableKind === "four" ? 1 : 0;
    seed = Math.floor(Math.random() * 2 ** 31);
    moves = [];
    lastLog = Infinity;
    ask(true);
  });
  oneBtn.addEventListener("click", () => {
    hands = 0;
    birds = 0;
    moves = [];
    lastLog = Infinity;
    ask(true);
  });
  if (hands) handsSel.value = String(hands);
  if (birdBox) birdBox.checked = Boolean(birds);
  for (const c of [matchBtn, oneBtn, handsSel, birdBox]) if (c) c.disabled = false;
  undoBtn.addEventListener("click", () => {
    if (!moves.length) return;
    moves = moves.slice(0, -1);
    lastLog = Infinity;
    ask(true);
  });
  newBtn.disabled = false;
  // the hand as a record file, and a record file opened at this table (widgets/recordio.js)
  (root.querySelector(".hw-body") || root).append(recordTools(ctx, {
    game: "paohuzi",
    request: () => (hands ? { game: "paohuzi", action: "play", match: { hands } } : { game: "paohuzi", action: "play", variant, table: tableKind, seed,
      actions: moves.map((id) => (id === "next" ? { kind: "next" } : { id })), ...seatsLevel() }),
    open: async (r) => {
      if (r.variant !== variant || r.table !== tableKind) {
        return { zh: "这份记录是另一种玩法或另一种桌子的一局，请在对应的牌桌上打开。",
          en: "This record is a hand of another variant or at another table: open it at that table." };
      }
      hands = 0; birds = 0; seed = r.seed; moves = r.moves.slice(0, MAX_MOVES); lastLog = Infinity;
      recordLevel = r.level === "basic" || r.level === "strong" ? { seed, level: r.level } : null; // checked by the engine
      if (recordLevel) chooser.set(recordLevel.level);
      await ask(true);
      return null;
    },
  }));
  await ask(false);
}

export const widgets = { "zipai-table": table };
