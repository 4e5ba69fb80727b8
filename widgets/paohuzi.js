// 跑胡子 widgets. Every answer comes from the Python engine (ctx.call → engine.api.handle).
// The static view rendered at build time (sitegen/paohuzi.py) has the same structure;
// mounting wires the controls and enables them.

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));

const SIZES = { peng: 3, wei: 3, shun: 3, bian: 3, pao: 4, ti: 4 };
const SEATS = ["zhuang", "xia", "shang", "xing"];
const SEAT_NAMES = { zhuang: ["庄家", "dealer"], xia: ["下家", "next"], shang: ["上家", "previous"], xing: ["醒家", "counter"] };

let facesPromise = null;
/** SVG faces of all twenty cards, asked once per page from the engine. */
function faces(ctx) {
  if (!facesPromise) {
    facesPromise = ctx.call({ game: "paohuzi", action: "faces", height: 44 }).then((a) => {
      if (!a.ok) { facesPromise = null; throw new Error(a.error[ctx.lang]); }
      return a.svg;
    });
  }
  return facesPromise;
}

function cardsHtml(svg, codes, height = 44) {
  return codes.map((c) => (svg[c] || "").replace(/width="\d+" height="\d+"/, `width="${Math.round((height * 40) / 180)}" height="${height}"`)).join("");
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

function errorHtml(ctx, answer) {
  return `<p class="phz-verdict phz-no hw-error" data-role="verdict">${esc(answer.error[ctx.lang])}</p>`;
}

function groupsHtml(ctx, svg, groups, winGroup) {
  return `<div class="phz-groups">${groups.map((g, k) => {
    const cls = "phz-group" + (k === winGroup ? " phz-win" : "") + (g.open ? " phz-open" : "");
    const name = ctx.lang === "zh" ? g.zh : g.en;
    return `<figure class="${cls}"><div class="phz-group-cards">${cardsHtml(svg, g.cards, 84)}</div><figcaption>${esc(name)} · ${g.huxi} ${ctx.t("戏", "huxi")}</figcaption></figure>`;
  }).join("")}</div>`;
}

function verdictHtml(ctx, svg, a) {
  const t = ctx.t;
  const best = a.best;
  let out = "";
  if (a.wins) {
    const ways = best.ways.map((w) => (ctx.lang === "zh" ? w.zh : `${w.en} (${w.zh})`)).join(" + ");
    out += `<p class="phz-verdict phz-yes" data-role="verdict">${esc(t("胡牌：", "Wins: "))}${esc(ways)}</p>`;
  } else {
    out += `<p class="phz-verdict phz-no" data-role="verdict">${esc(t("不能胡：", "Does not win: "))}${a.reasons.map((r) => esc(r[ctx.lang])).join("；")}</p>`;
  }
  if (best) {
    out += groupsHtml(ctx, svg, best.groups, best.win_group);
    const fan = best.fan.length ? best.fan.map((f) => (ctx.lang === "zh" ? f.zh : `${f.en} (${f.zh})`)).join(ctx.lang === "zh" ? "、" : ", ") + ` ×${best.multiplier}` : "—";
    const rows = [
      [t("牌型胡息", "huxi of the groups"), String(best.huxi)],
      [t("自摸加戏", "self-draw bonus"), String(best.zimo_bonus)],
      [t("合计", "total"), `<b data-role="total">${best.total}</b> ${t("戏", "huxi")}`],
      [t("折等", "deng"), String(best.deng)],
      [t("番", "fan"), esc(fan)],
      [t("红牌", "red cards"), String(best.red)],
      [t("得分（等 × 番）", "score (deng × fan)"), `<b data-role="score">${best.score}</b>`],
    ];
    out += `<table class="phz-sum"><tbody>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${v}</td></tr>`).join("")}</tbody></table>`;
  }
  return out;
}

function waitsHtml(ctx, svg, a) {
  const t = ctx.t;
  if (!a.waits.length) return `<p class="phz-verdict phz-no" data-role="verdict">${esc(t("没有落轿：没有一张牌能胡。", "Not ready: no card wins."))}</p>`;
  const cell = (w) => {
    if (!w) return "—";
    const ways = w.ways.map((x) => (ctx.lang === "zh" ? x.zh : `${x.en} (${x.zh})`)).join(" + ");
    const fan = w.multiplier > 1 ? ` ×${w.multiplier}` : "";
    return `${w.total} ${t("戏", "huxi")} · ${w.deng} ${t("等", "deng")}${fan} · ${esc(ways)}`;
  };
  const n = a.waits.length;
  return `<p class="phz-verdict phz-yes" data-role="verdict">${esc(t(`落轿：等 ${n} 种牌。`, `Ready: waiting for ${n} kinds of card.`))}</p>`
    + `<table class="phz-waits"><thead><tr><th>${esc(t("牌", "card"))}</th><th>${esc(t("自摸", "own draw"))}</th><th>${esc(t("别人翻出", "another turns it"))}</th></tr></thead><tbody>`
    + a.waits.map((w) => `<tr data-card="${w.card}"><td>${cardsHtml(svg, [w.card])}</td><td>${cell(w.self)}</td><td>${cell(w.other)}</td></tr>`).join("")
    + "</tbody></table>";
}

function sheetHtml(ctx, a) {
  const name = (s) => (ctx.lang === "zh" ? SEAT_NAMES[s][0] : `${SEAT_NAMES[s][1]} ${SEAT_NAMES[s][0]}`);
  const sign = (v) => (v > 0 ? `+${v}` : String(v));
  const lines = a.lines.map((ln) => `<tr><td class="phz-line">${esc(ln[ctx.lang])}</td>${SEATS.map((s) => `<td>${ln.delta[s] ? sign(ln.delta[s]) : ""}</td>`).join("")}</tr>`).join("");
  return `<table class="phz-sheet"><thead><tr><th></th>${SEATS.map((s) => `<th>${esc(name(s))}</th>`).join("")}</tr></thead><tbody>${lines}</tbody>`
    + `<tfoot><tr><th>${esc(ctx.t("本局得分", "score of the deal"))}</th>${SEATS.map((s) => `<td data-seat="${s}"><b>${sign(a.scores[s])}</b></td>`).join("")}</tr></tfoot></table>`;
}

/** Palette and text fields shared by the hand widgets: clicking a card adds it to the last field used. */
function wireHand(root, ctx, svg, onChange) {
  const fields = [...root.querySelectorAll('input[type="text"]')];
  const hand = root.querySelector('[data-role="hand"]');
  const view = root.querySelector('[data-role="hand-view"]');
  let target = hand;
  const render = () => {
    if (view) view.innerHTML = cardsHtml(svg, splitCodes(hand.value), 60);
    if (onChange) onChange();
  };
  fields.forEach((f) => {
    f.addEventListener("focus", () => { target = f; root.querySelectorAll(".phz-field").forEach((l) => l.classList.toggle("phz-target", l.contains(f))); });
    f.addEventListener("input", render);
  });
  root.querySelectorAll('[data-role="palette"] button').forEach((b) => {
    b.addEventListener("click", () => {
      const code = b.dataset.card;
      if (target.dataset.role === "card") target.value = code;
      else if (target.dataset.role === "open") {
        const groups = parseOpen(target.value);
        const last = groups[groups.length - 1];
        const kindSel = root.querySelector('[data-role="open-kind"]');
        const kind = kindSel ? kindSel.value : "peng";
        if (!last || last.cards.length >= (SIZES[last.kind] || 3)) groups.push({ kind, cards: [code] });
        else last.cards.push(code);
        target.value = groups.map((g) => `${g.kind}: ${g.cards.join(" ")}`).join("; ");
      } else target.value = (target.value.trim() + " " + code).trim();
      render();
    });
    b.disabled = false;
  });
  if (view) {
    view.addEventListener("click", (ev) => {
      const el = ev.target.closest && ev.target.closest("svg[data-card]");
      if (!el) return;
      const idx = [...view.querySelectorAll("svg[data-card]")].indexOf(el);
      const codes = splitCodes(hand.value);
      if (idx >= 0) { codes.splice(idx, 1); hand.value = codes.join(" "); render(); }
    });
  }
  const clear = root.querySelector('[data-role="clear"]');
  if (clear) {
    clear.addEventListener("click", () => { fields.forEach((f) => { f.value = ""; }); render(); });
    clear.disabled = false;
  }
  fields.forEach((f) => { f.disabled = false; });
  render();
}

let seq = 0;
function stamp(root) { root.dataset.answers = String(++seq); }

export const widgets = {
  "paohuzi-score": async (root, ctx) => {
    const svg = await faces(ctx);
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
      const a = await ctx.call(req);
      result.innerHTML = a.ok ? verdictHtml(ctx, svg, a) : errorHtml(ctx, a);
      stamp(root);
    };
    wireHand(root, ctx, svg, null);
    q("go").addEventListener("click", go);
    q("source").addEventListener("change", go);
    q("threshold").addEventListener("change", go);
    for (const r of ["source", "threshold", "go", "open-kind"]) q(r).disabled = false;
    root.querySelectorAll('[data-role="foul"]').forEach((c) => { c.disabled = false; c.addEventListener("change", go); });
  },

  "paohuzi-wait": async (root, ctx) => {
    const svg = await faces(ctx);
    const q = (r) => root.querySelector(`[data-role="${r}"]`);
    const result = q("result");
    const go = async () => {
      const a = await ctx.call({ game: "paohuzi", action: "waiting", hand: splitCodes(q("hand").value), open: parseOpen(q("open").value) });
      result.innerHTML = a.ok ? waitsHtml(ctx, svg, a) : errorHtml(ctx, a);
      stamp(root);
    };
    wireHand(root, ctx, svg, null);
    q("go").addEventListener("click", go);
    q("go").disabled = false;
  },

  "paohuzi-sheet": async (root, ctx) => {
    const q = (r) => root.querySelector(`[data-role="${r}"]`);
    const result = q("result");
    const go = async () => {
      const winner = q("winner").value || null;
      const req = {
        game: "paohuzi", action: "settle", winner,
        huxi: Number.parseInt(q("huxi").value || "0", 10),
        self_drawn: q("self_drawn").checked,
        fan: [...root.querySelectorAll('[data-role="fan"]:checked')].map((c) => c.value),
        penalties: [...root.querySelectorAll('[data-role="penalty"]')].filter((s) => s.value).map((s) => ({ seat: s.dataset.seat, kind: s.value })),
      };
      if (!Number.isFinite(req.huxi)) req.huxi = -1; // let the engine explain
      const a = await ctx.call(req);
      result.innerHTML = a.ok ? sheetHtml(ctx, a) : errorHtml(ctx, a);
      stamp(root);
    };
    root.querySelectorAll("input, select, button").forEach((el) => {
      el.disabled = false;
      if (el.matches("button")) el.addEventListener("click", go);
      else el.addEventListener("change", go);
    });
  },
};
