// 鄂南骨牌 widgets. Every rule answer comes from the Python engine through
// ctx.call(request); this file only draws. The static HTML made at build time
// (sitegen/gupai.py) has the same structure, with the controls disabled.
import { el } from "./dom.js";

const SEATS_ZH = "甲乙丙丁";
const SEATS_EN = "ABCD";
let tilesCache = null;

async function tileSvgs(ctx) {
  if (!tilesCache) {
    tilesCache = ctx.call({ game: "gupai", action: "tiles", width: 26, lang: ctx.lang }).then((a) => {
      if (!a.ok) throw new Error(a.error.en);
      const m = { back: a.back };
      for (const t of a.tiles) m[t.code] = t;
      return m;
    });
  }
  return tilesCache;
}

function seat(ctx, s) {
  return ctx.t(`${SEATS_ZH[s]}家`, `Player ${SEATS_EN[s]}`);
}

function tilesSpan(codes, svgs, big = false) {
  const html = codes.map((c) => {
    const svg = c === "back" ? svgs.back : svgs[c].svg;
    return big ? svg.replace(/width="26" height="52"/, 'width="34" height="68"') : svg;
  }).join("");
  return el("span", { class: "gp-tiles", html });
}

function sameTiles(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort(); const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}

async function handWidget(root, ctx) {
  const svgs = await tileSvgs(ctx);
  const board = root.querySelector('[data-role="board"]');
  const human = Number(board.dataset.human || "0");
  const seedEl = root.querySelector('[data-role="seed"]');
  const newBtn = root.querySelector('[data-role="new"]');
  const upBtn = root.querySelector('[data-role="up"]');
  const downBtn = root.querySelector('[data-role="down"]');
  let seed = Number(seedEl.textContent) || 1120;
  let moves = [];
  let answer = null;
  let selected = [];

  function legalFor(up) {
    if (!answer || !answer.legal) return null;
    return answer.legal.find((m) => m.up === up && sameTiles(m.tiles, selected)) || null;
  }

  function refreshButtons() {
    upBtn.disabled = !legalFor(true);
    downBtn.disabled = !legalFor(false);
  }

  function status(a) {
    if (a.terminal) return ctx.t(`本盘结束：${seat(ctx, a.settlement.closer)}结牌。`, `Hand over: ${seat(ctx, a.settlement.closer)} closed (结牌).`);
    if (a.to_move !== human) return "";
    if (!a.current.length) return ctx.t("轮到你领出：选一张、一对、至尊或套子。", "Your lead: choose a single, a pair, the supreme pair or a set.");
    const n = a.current[0].tiles.length;
    return ctx.t(`轮到你跟 ${n} 张：能大就打，否则扣下垫掉。`, `Your turn to follow with ${n}: beat it if you can, else discard face down.`);
  }

  function draw(a) {
    const rows = [0, 1, 2, 3].map((s) => el("tr", { "data-seat": String(s) }, [
      el("th", { scope: "row", text: seat(ctx, s) + (s === human ? ctx.t(" (你)", " (you)") : "") }),
      el("td", { text: String(a.counts[s]) }),
      el("td", { text: String(a.held[s]) }),
    ]));
    const score = el("table", { class: "gp-score" }, [
      el("thead", {}, [el("tr", {}, [el("th", { text: ctx.t("玩家", "Player") }), el("th", { text: ctx.t("手中", "In hand") }), el("th", { text: ctx.t("墩", "墩 won") })])]),
      el("tbody", {}, rows),
    ]);
    // the table shows the trick in progress; the last finished trick is shown below it
    const playNode = (c) => el("div", { class: "gp-play" }, [
      el("span", { class: "gp-who", text: seat(ctx, c.seat) }),
      tilesSpan(c.tiles, svgs),
      el("span", { class: "gp-how", text: c.up ? ctx.t("打", "up") : ctx.t("垫", "down") }),
    ]);
    const table = el("div", { class: "gp-table", "data-role": "table" });
    if (!a.current.length) table.textContent = ctx.t("（桌上还没有牌）", "(nothing on the table yet)");
    for (const c of a.current) table.append(playNode(c));
    const last = el("div", { class: "gp-last", "data-role": "last" });
    if (a.tricks.length) {
      const tr = a.tricks[a.tricks.length - 1];
      last.append(el("p", { text: ctx.t(`上一圈：${seat(ctx, tr.winner)}得 ${tr.dun} 墩`, `Last trick: ${seat(ctx, tr.winner)} takes ${tr.dun} 墩`) }));
      last.append(el("div", { class: "gp-table" }, tr.moves.map(playNode)));
    }
    const st = el("p", { class: "gp-status", "data-role": "status", "aria-live": "polite", text: status(a) });
    const hand = el("div", { class: "gp-hand", "data-role": "hand" });
    const mine = a.hands[human] || [];
    mine.forEach((code, i) => {
      const b = el("button", {
        type: "button", class: "gp-pick", "data-tile": code, "aria-pressed": "false",
        "aria-label": ctx.t(svgs[code].zh, svgs[code].en), html: svgs[code].svg.replace(/width="26" height="52"/, 'width="34" height="68"'),
      });
      b.disabled = a.terminal || a.to_move !== human;
      b.addEventListener("click", () => {
        const on = b.getAttribute("aria-pressed") === "true";
        b.setAttribute("aria-pressed", on ? "false" : "true");
        selected = [...hand.querySelectorAll('.gp-pick[aria-pressed="true"]')].map((x) => x.dataset.tile);
        refreshButtons();
      });
      void i;
      hand.append(b);
    });
    const result = el("div", { "data-role": "result" });
    if (a.settlement) {
      const s = a.settlement;
      const rs = [0, 1, 2, 3].map((i) => el("tr", {}, [
        el("th", { scope: "row", text: seat(ctx, i) }), el("td", { text: String(s.held[i]) }),
        el("td", { text: (s.nets[i] > 0 ? "+" : "") + String(s.nets[i]) }),
      ]));
      result.append(el("table", { class: "gp-score" }, [
        el("thead", {}, [el("tr", {}, [el("th", { text: ctx.t("玩家", "Player") }), el("th", { text: "墩" }), el("th", { text: ctx.t("输赢（墩）", "Net (墩)") })])]),
        el("tbody", {}, rs),
      ]));
      if (s.bama) result.append(el("p", { text: `${ctx.t("八马", "八马")}: ${s.bama} × ${s.multiplier}` }));
    }
    board.replaceChildren(el("div", { class: "gp-board" }, [score, table]), last, st, hand, result);
    selected = [];
    refreshButtons();
  }

  async function run() {
    newBtn.disabled = true; upBtn.disabled = true; downBtn.disabled = true;
    const a = await ctx.call({ game: "gupai", action: "play", seed, human, moves });
    newBtn.disabled = false;
    if (!a.ok) {
      moves.pop();
      const st = board.querySelector('[data-role="status"]');
      if (st) { st.textContent = a.error[ctx.lang]; st.classList.add("hw-error"); }
      refreshButtons();
      root.dataset.seq = String(Number(root.dataset.seq || "0") + 1);
      return;
    }
    answer = a;
    seed = a.seed;
    seedEl.textContent = String(seed);
    draw(a);
    root.dataset.seq = String(Number(root.dataset.seq || "0") + 1);
  }

  function move(up) {
    const m = legalFor(up);
    if (!m) return;
    moves.push({ tiles: m.tiles, up: m.up });
    run();
  }

  upBtn.addEventListener("click", () => move(true));
  downBtn.addEventListener("click", () => move(false));
  newBtn.addEventListener("click", () => {
    seed = Math.floor(Math.random() * 2 ** 31);
    moves = [];
    run();
  });
  await run();
}

export const widgets = {
  "gupai-hand": handWidget,
};
