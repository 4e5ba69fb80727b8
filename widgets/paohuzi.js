// 跑胡子 widgets. Every answer comes from the Python engine, asked as a view (views/paohuzi.py, run in
// Pyodide beside the engine): the engine's answer and the markup of its result, drawn by the same
// functions that drew the first answer at build time (sitegen/paohuzi.py). Mounting wires the hand
// editor and the controls and enables them; this module draws no answer itself.

import { el, own, sharedState, shareButton, upTo } from "./dom.js";

/**
 * The engine's own bounds of a hand (the faces answer: the most concealed cards and open groups a hand is read
 * with, the cards of each open kind's group): a link or typed text is drawn only up to one more than these, so
 * the engine can still say what is too many.
 */
function limitsOf(fa) {
  return { hand: fa.limits.hand, open: fa.limits.open, group: Math.max(...Object.values(fa.group_sizes)) };
}

const facesPromises = new Map();
/** The faces of all twenty cards, asked once per page and language as a view (views/paohuzi.py draws them in ``html``, code →
 * SVG; English faces carry Arabic numerals), with the engine's bounds of a hand. */
function faces(ctx) {
  if (!facesPromises.has(ctx.lang)) {
    facesPromises.set(ctx.lang, ctx.call({ view: "paohuzi-faces", lang: ctx.lang, request: { game: "paohuzi", action: "faces", lang: ctx.lang } }).then((a) => {
      if (!a.ok) { facesPromises.delete(ctx.lang); throw new Error(a.error[ctx.lang]); }
      return a;
    }));
  }
  return facesPromises.get(ctx.lang);
}

/** A card's face drawn ``height`` CSS px high, its width in the proportion of the engine's drawing (its viewBox). */
function sized(svg, height) {
  const box = /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"/.exec(svg || "");
  const width = box ? Math.round((height * Number(box[1])) / Number(box[2])) : height;
  return (svg || "").replace(/width="\d+" height="\d+"/, `width="${width}" height="${height}"`);
}

function cardsHtml(svg, codes, height) {
  return codes.map((c) => sized(own(svg, c), height)).join("");
}

function splitCodes(text) {
  return text.split(/[\s,，、;；]+/).map((s) => s.trim()).filter(Boolean);
}

/** "peng: d5 d5 d5; ti: x9 x9 x9 x9" → [{kind, cards}] */
function parseOpen(text) {
  const groups = [];
  for (const part of text.split(/[;；\n]+/)) {
    const p = part.trim();
    if (!p) continue;
    const m = p.match(/^([a-z]+)\s*[:：]\s*(.*)$/i);
    if (!m) groups.push({ kind: "?", cards: splitCodes(p) });
    else groups.push({ kind: m[1].toLowerCase(), cards: splitCodes(m[2]) });
  }
  return groups;
}

/** The base address of the 跑胡子 pages ("/paohuzi/" or "/en/paohuzi/"), for links to the rules. */
function rulesBase() {
  const path = window.location.pathname;
  const i = path.indexOf("/paohuzi/");
  return i >= 0 ? path.slice(0, i + "/paohuzi/".length) : "./";
}

/** The engine's answer to ``request`` with its result drawn by the view ``view`` (its markup in ``html.result``). */
function ask(ctx, view, request) {
  return ctx.call({ view, lang: ctx.lang, base: rulesBase(), request });
}

/**
 * The hand editor shared by the score and waiting widgets. The text fields (in a closed
 * "type codes" box) hold the state; clicking cards changes them and the views are redrawn:
 * the hand as large card buttons with a "17/20" counter, the open groups by name, the card.
 */
function wireHand(root, ctx, fa, onChange) {
  const svg = fa.html;
  const q = (r) => root.querySelector(`[data-role="${r}"]`);
  const hand = q("hand"), open = q("open"), card = q("card");
  const handView = q("hand-view"), openView = q("open-view"), cardView = q("card-view"), count = q("count");
  const LIMITS = limitsOf(fa);
  // the drawings' heights, as the build drew the first answer (sitegen/paohuzi.py writes them on each view)
  const chipHeight = Number(handView.dataset.height), groupHeight = Number(openView.dataset.height);
  const kindSel = q("open-kind");
  const targets = [...root.querySelectorAll(".phz-target")];
  let target = "hand";
  const kindName = (k) => { const o = [...kindSel.options].find((x) => x.value === k); return o ? o.textContent : k; };
  const chip = (code, h, onClick) => {
    // the button is named by the card drawing inside it (role="img" with the card's name)
    const b = el("button", { type: "button", class: "phz-chip", "data-card": code, html: sized(own(svg, code), h),
      title: ctx.t("点一下取回", "pick it again to take it back") });
    b.addEventListener("click", onClick);
    return b;
  };
  const render = () => {
    const codes = splitCodes(hand.value);
    const groups = parseOpen(open.value);
    handView.replaceChildren(...upTo(codes, LIMITS.hand + 1).map((c, i) => chip(c, chipHeight, () => { codes.splice(i, 1); hand.value = codes.join(" "); render(); })));
    openView.replaceChildren(...upTo(groups, LIMITS.open + 1).map((g, k) => {
      const rm = el("button", { type: "button", class: "phz-remove", "data-index": String(k), text: ctx.t("拿掉", "remove") });
      rm.addEventListener("click", () => { groups.splice(k, 1); open.value = groups.map((x) => `${x.kind}: ${x.cards.join(" ")}`).join("; "); render(); });
      return el("figure", { class: "phz-group phz-open", "data-index": String(k) }, [
        el("div", { class: "phz-group-cards", html: cardsHtml(svg, upTo(g.cards, LIMITS.group + 1), groupHeight) }),
        el("figcaption", {}, [`${kindName(g.kind)} `, rm]),
      ]);
    }));
    if (cardView && card) {
      const c = card.value.trim();
      cardView.replaceChildren(...(c && own(svg, c) ? [chip(c, chipHeight, () => { card.value = ""; render(); })] : []));
    }
    const n = codes.length + groups.reduce((s, g) => s + g.cards.length, 0);
    count.textContent = `${n}/${fa.hand_size}`;
    if (onChange) onChange();
  };
  const choose = (k) => {
    target = k;
    targets.forEach((b) => b.setAttribute("aria-checked", b.dataset.target === k ? "true" : "false"));
    root.querySelectorAll(".phz-area").forEach((a) => a.classList.toggle("phz-target-on", a.dataset.area === k));
  };
  targets.forEach((b) => { b.disabled = false; b.addEventListener("click", () => choose(b.dataset.target)); });
  root.querySelectorAll('[data-role="palette"] button').forEach((b) => {
    b.addEventListener("click", () => {
      const code = b.dataset.card;
      if (target === "card" && card) card.value = code;
      else if (target === "open") {
        const groups = parseOpen(open.value);
        const last = groups[groups.length - 1];
        const kind = kindSel.value;
        if (!last || last.cards.length >= (own(fa.group_sizes, last.kind) || LIMITS.group) || last.kind !== kind) groups.push({ kind, cards: [code] });
        else last.cards.push(code);
        open.value = groups.map((g) => `${g.kind}: ${g.cards.join(" ")}`).join("; ");
      } else hand.value = (hand.value.trim() + " " + code).trim();
      render();
    });
    b.disabled = false;
  });
  [hand, open, card].filter(Boolean).forEach((f) => { f.disabled = false; f.addEventListener("input", render); });
  kindSel.disabled = false;
  const clear = q("clear");
  clear.addEventListener("click", () => { [hand, open, card].filter(Boolean).forEach((f) => { f.value = ""; }); render(); });
  clear.disabled = false;
  choose("hand");
  render();
}

/** A shared link's hand and open groups into the text fields, each list cut at one past the engine's limit. */
function restoreHand(q, shared, fa) {
  const LIMITS = limitsOf(fa);
  if (Array.isArray(shared.hand)) q("hand").value = upTo(shared.hand, LIMITS.hand + 1).map(String).join(" ");
  if (Array.isArray(shared.open)) {
    q("open").value = upTo(shared.open, LIMITS.open + 1).filter((g) => g && typeof g.kind === "string" && Array.isArray(g.cards))
      .map((g) => `${g.kind}: ${upTo(g.cards, LIMITS.group + 1).map(String).join(" ")}`).join("; ");
  }
}

let seq = 0;
function stamp(root) { root.dataset.answers = String(++seq); }

export const widgets = {
  "paohuzi-score": async (root, ctx) => {
    const fa = await faces(ctx);
    const q = (r) => root.querySelector(`[data-role="${r}"]`);
    const result = q("result");
    const go = async () => {
      const req = {
        game: "paohuzi", action: "hu",
        hand: splitCodes(q("hand").value),
        open: parseOpen(q("open").value),
        card: q("card").value.trim(),
        source: q("source").value,
        fouls: [...root.querySelectorAll('[data-role="foul"]:checked')].map((c) => c.value),
        options: { threshold: q("threshold").value },
      };
      const a = await ask(ctx, "paohuzi-verdict", req);
      result.innerHTML = a.html ? a.html.result : "";
      if (!a.html) result.textContent = a.error[ctx.lang];
      stamp(root);
    };
    wireHand(root, ctx, fa, null);
    q("go").addEventListener("click", go);
    q("source").addEventListener("change", go);
    q("threshold").addEventListener("change", go);
    for (const r of ["source", "threshold", "go"]) q(r).disabled = false;
    root.append(shareButton(root, () => ({ hand: splitCodes(q("hand").value), open: parseOpen(q("open").value), card: q("card").value.trim(), source: q("source").value }), ctx.t));
    const shared = sharedState(root);
    if (shared) {
      restoreHand(q, shared, fa);
      if (typeof shared.card === "string") q("card").value = shared.card;
      if (typeof shared.source === "string" && [...q("source").options].some((o) => o.value === shared.source)) q("source").value = shared.source;
      q("hand").dispatchEvent(new Event("input"));
      await go();
    }
    root.querySelectorAll('[data-role="foul"]').forEach((c) => { c.disabled = false; c.addEventListener("change", go); });
  },

  "paohuzi-wait": async (root, ctx) => {
    const fa = await faces(ctx);
    const q = (r) => root.querySelector(`[data-role="${r}"]`);
    const result = q("result");
    const go = async () => {
      const a = await ask(ctx, "paohuzi-waits", { game: "paohuzi", action: "waiting", hand: splitCodes(q("hand").value), open: parseOpen(q("open").value) });
      result.innerHTML = a.html ? a.html.result : "";
      if (!a.html) result.textContent = a.error[ctx.lang];
      stamp(root);
    };
    wireHand(root, ctx, fa, null);
    q("go").addEventListener("click", go);
    q("go").disabled = false;
    root.append(shareButton(root, () => ({ hand: splitCodes(q("hand").value), open: parseOpen(q("open").value) }), ctx.t));
    const shared = sharedState(root);
    if (shared) {
      restoreHand(q, shared, fa);
      q("hand").dispatchEvent(new Event("input"));
      await go();
    }
  },

  "paohuzi-sheet": async (root, ctx) => {
    const q = (r) => root.querySelector(`[data-role="${r}"]`);
    const result = q("result");
    // which 番 cannot be claimed together comes from the engine, with its reasons
    const fanAnswer = await ctx.call({ game: "paohuzi", action: "fans" });
    const excludes = new Map(fanAnswer.ok ? fanAnswer.fans.map((f) => [f.id, f.excludes]) : []);
    const fanBoxes = [...root.querySelectorAll('[data-role="fan"]')];
    const why = q("fan-why");
    const refuse = () => {
      const checked = fanBoxes.filter((c) => c.checked).map((c) => c.value);
      const reasons = [];
      fanBoxes.forEach((c) => {
        if (c.checked) { c.disabled = false; c.parentElement.title = ""; return; }
        const clash = checked.map((k) => (excludes.get(k) || []).find((x) => x.id === c.value)).find(Boolean);
        c.disabled = Boolean(clash);
        c.parentElement.title = clash ? clash[ctx.lang] : "";
        if (clash) reasons.push(clash[ctx.lang]);
      });
      why.textContent = [...new Set(reasons)].join(ctx.t("", " "));
    };
    const go = async () => {
      const winner = q("winner").value || null;
      const req = {
        game: "paohuzi", action: "settle", winner,
        huxi: Number(q("huxi").value || "0"),
        self_drawn: q("self_drawn").checked,
        fan: [...root.querySelectorAll('[data-role="fan"]:checked')].map((c) => c.value),
        penalties: [...root.querySelectorAll('[data-role="penalty"]')].filter((s) => s.value).map((s) => ({ seat: s.dataset.seat, kind: s.value })),
      };
      if (!Number.isFinite(req.huxi)) req.huxi = -1; // let the engine explain
      const a = await ask(ctx, "paohuzi-sheet", req);
      result.innerHTML = a.html ? a.html.result : "";
      if (!a.html) result.textContent = a.error[ctx.lang];
      stamp(root);
    };
    root.querySelectorAll("input, select, button").forEach((node) => {
      node.disabled = false;
      if (node.matches("button")) node.addEventListener("click", go);
      else if (node.dataset.role === "fan") node.addEventListener("change", () => { refuse(); go(); });
      else node.addEventListener("change", go);
    });
    refuse();
    const state = () => ({
      winner: q("winner").value, huxi: Number(q("huxi").value || "0"), self_drawn: q("self_drawn").checked,
      fan: fanBoxes.filter((c) => c.checked).map((c) => c.value),
      penalties: [...root.querySelectorAll('[data-role="penalty"]')].filter((x) => x.value).map((x) => ({ seat: x.dataset.seat, kind: x.value })),
    });
    root.append(shareButton(root, state, ctx.t));
    const shared = sharedState(root);
    if (shared) {
      const has = (sel, v) => [...sel.options].some((o) => o.value === v);
      if (typeof shared.winner === "string" && has(q("winner"), shared.winner)) q("winner").value = shared.winner;
      if (Number.isSafeInteger(shared.huxi) && shared.huxi >= 0) q("huxi").value = String(shared.huxi);
      if (typeof shared.self_drawn === "boolean") q("self_drawn").checked = shared.self_drawn;
      if (Array.isArray(shared.fan)) fanBoxes.forEach((c) => { c.checked = shared.fan.includes(c.value); });
      if (Array.isArray(shared.penalties)) {
        root.querySelectorAll('[data-role="penalty"]').forEach((x) => {
          const p = shared.penalties.find((y) => y && y.seat === x.dataset.seat);
          x.value = p && has(x, p.kind) ? p.kind : "";
        });
      }
      refuse();
      await go();
    }
  },
};
