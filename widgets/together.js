// A table for several people at one device, for any game (issue 42): the reader seats people and the computer,
// then each person plays their turns, a hand-off screen standing between two people's turns where the game hides
// cards. Everything said about the game comes from the engine: the seats and tables (table.together), the moves and
// their words, the narration and a seat's own table read aloud (table.play, drawn by views/table.py). This module
// only wires the events, keeps the game in this browser, and puts what the engine says where it is heard.
import { el, sharedState } from "./dom.js";
import { levelChooser, levelWords } from "./review.js";
import { downloadRecord } from "./sessions.js";

const KEEP = "hw-together-";

function load(of) {
  try {
    const v = JSON.parse(localStorage.getItem(KEEP + of) || "null");
    const fine = v && typeof v === "object" && v.position && typeof v.position === "object" && Array.isArray(v.position.actions)
      && Array.isArray(v.seats) && v.seats.every((x) => x && typeof x.name === "string" && typeof x.person === "boolean")
      && typeof v.level === "string" && Number.isInteger(v.heard);
    return fine ? v : null;
  } catch { return null; }
}
function save(game) { try { localStorage.setItem(KEEP + game.of, JSON.stringify(game)); } catch { /* private mode: the game is not kept */ } }
function forget(of) { try { localStorage.removeItem(KEEP + of); } catch { /* nothing kept */ } }

/** Markup the view drew, as nodes. */
function nodes(html) {
  const box = document.createElement("template");
  box.innerHTML = html || "";
  return box.content;
}

/** A name as typed: one short line, no separator a record's names tag uses. */
function clean(text, most) {
  return String(text || "").replace(/[;\n\r]/g, " ").trim().slice(0, most);
}

/** The engine's other questions at sitting down (打围's dice: in the page, or real ones entered), each a select; an
 * answer that names a seat (who throws first) asks which. ``get(seats)`` gives the setup fields chosen, or the
 * engine's sentence when the answer needs every seat to be a person's and one is not. */
function choiceRows(ctx, info, size) {
  const t = ctx.t;
  const asked = (info.choices || []).map((q) => {
    const pick = el("select", {}, q.answers.map((x, k) => el("option", { value: String(k), text: t(x.zh, x.en) })));
    const seat = el("select");
    const seatRow = el("p", { class: "hw-row" });
    const redraw = () => {
      const x = q.answers[Number(pick.value)];
      seatRow.textContent = "";
      seatRow.hidden = !x.seat;
      if (!x.seat) return;
      seat.textContent = "";
      for (let s = 0; s < info.tables[Number(size.value)].seats; s++) {
        const w = info.seat_names[s];
        seat.append(el("option", { value: String(s), text: t(`${w.zh}家`, `Seat ${w.en}`) }));
      }
      seatRow.append(el("label", {}, [t(x.seat.zh, x.seat.en), " ", seat]));
    };
    pick.addEventListener("change", redraw);
    size.addEventListener("change", redraw);
    redraw();
    return { q, pick, seat, node: el("div", {}, [el("p", { class: "hw-row" }, [el("label", {}, [t(q.zh, q.en), " ", pick])]), seatRow]) };
  });
  const get = (seats) => {
    const setup = {};
    for (const { q, pick, seat } of asked) {
      const x = q.answers[Number(pick.value)];
      if (x.people && !seats.every((y) => y.person)) return { why: t(x.people.zh, x.people.en) };
      Object.assign(setup, x.setup);
      if (x.seat) setup[x.seat.field] = Number(seat.value);
    }
    return { setup };
  };
  return { node: el("div", {}, asked.map((x) => x.node)), get };
}

/** The setup form: a table size, each seat's name and who plays it, the computer's level. */
function seatForm(ctx, info, start) {
  const t = ctx.t;
  const size = el("select", { "data-role": "seats" });
  info.tables.forEach((tb, k) => size.append(el("option", { value: String(k), text: t(`${tb.seats} 个座位`, `${tb.seats} seats`) })));
  const rows = el("div", { class: "tg-seats" });
  const drawRows = () => {
    rows.textContent = "";
    const n = info.tables[Number(size.value)].seats;
    for (let s = 0; s < n; s++) {
      const seat = info.seat_names[s];
      const name = el("input", { type: "text", maxlength: String(info.name_chars), "data-seat": String(s), autocomplete: "off" });
      const who = el("select", { "data-who": String(s) }, [
        el("option", { value: "person", text: t("一个人", "A person") }),
        el("option", { value: "computer", text: t("电脑代打", "The computer") }),
      ]);
      who.value = s < 2 ? "person" : "computer";
      rows.append(el("div", { class: "hw-row tg-seat" }, [
        el("label", {}, [t(`${seat.zh}家的名字`, `Name at seat ${seat.en}`), " ", name]), " ",
        el("label", {}, [t(`${seat.zh}家由谁来打`, `Who plays seat ${seat.en}`), " ", who]),
      ]));
    }
  };
  size.addEventListener("change", drawRows);
  drawRows();
  const choices = choiceRows(ctx, info, size);
  const level = levelChooser(ctx, { what: { zh: "电脑的水平", en: "The computer's level" }, role: "together-level" });
  const go = el("button", { type: "button", class: "hw-btn", "data-role": "together-start", text: t("开始这一局", "Start the game") });
  const why = el("p", { class: "tg-why", role: "alert" });
  go.addEventListener("click", () => {
    const tb = info.tables[Number(size.value)];
    const seats = [...rows.querySelectorAll("input[data-seat]")].map((inp, s) => ({
      name: clean(inp.value, info.name_chars) || t(`${info.seat_names[s].zh}家`, info.seat_names[s].en),
      person: rows.querySelector(`[data-who="${s}"]`).value === "person",
    }));
    if (!seats.some((x) => x.person)) { why.textContent = t("至少要有一个座位由人来打。", "At least one seat must be played by a person."); return; }
    const chosen = choices.get(seats);
    if (chosen.why) { why.textContent = chosen.why; return; }
    start({ ...tb, setup: { ...tb.setup, ...chosen.setup } }, seats, level.get());
  });
  return el("div", { class: "tg-setup" }, [
    el("p", { class: "hw-row" }, [el("label", {}, [t("座位", "Seats"), " ", size])]), rows, choices.node, level.node, el("p", { class: "hw-row" }, [go]), why,
  ]);
}

/** A "skip to the table" button among the first stops of the page (after the theme's own skip links): it takes the
 *  focus to the table's first control, so a keyboard reader does not tab through the whole page. A button, not a link
 *  to #id: the theme's instant navigation takes over links to a place in the page. */
function skipToTable(root, table, t) {
  if (!root.id) root.id = `hw-together-${[...document.querySelectorAll("[data-widget]")].indexOf(root)}`;
  for (const a of document.querySelectorAll(".tg-skip")) a.remove();
  const link = el("button", { type: "button", class: "md-skip tg-skip", "data-tg-skip": root.id,
    text: t("跳到几个人同桌的牌桌", "Skip to the table for several people") });
  link.addEventListener("click", (ev) => {
    ev.preventDefault();
    table.scrollIntoView({ block: "start" });
    const x = [...table.querySelectorAll("button, select, input")].find((n) => !n.disabled && n.getClientRects().length > 0);
    (x || table).focus();
  });
  // after the theme's skip link and the game's own "skip to the game", which stays the first of the page's
  const before = [...document.querySelectorAll("a.md-skip:not(.hw-skip), .hw-skip")].pop();
  if (before) before.after(link); else document.body.prepend(link);
}

export const widgets = {
  "table-together": async (root, ctx) => {
    const t = ctx.t;
    const info = await ctx.call({ game: "table", action: "together", of: ctx.params.game });
    if (!info.ok) throw new Error(info.error.en);
    const levels = await levelWords(ctx);
    const first = levels.levels[0].id; // the engine's first level: the quick one, asked at every move
    const live = el("p", { class: "tg-live", role: "status", "aria-live": "polite", "aria-atomic": "true", "aria-label": t("牌桌上刚发生的事", "What just happened at the table") });
    const setup = el("div");
    const play = el("div", { class: "tg-play" });
    ctx.body.textContent = "";
    const table = el("section", { class: "tg", tabindex: "-1", "aria-label": t("几个人同桌", "Several people at one table") }, [setup, play,
      el("p", { class: "tg-live-box" }, [el("span", { class: "tg-live-head", text: t("刚才：", "Just now: ") }), live])]);
    ctx.body.append(table);
    skipToTable(root, table, t);
    let game = null;
    let ready = null; // the answer of a person's turn behind the hand-off screen: kept in memory, never drawn

    const announce = (said) => { if (said.length) live.textContent = said.join(" "); };
    const view = (request) => ctx.call({ view: "table-together", lang: ctx.lang, names: game.seats.map((x) => x.name), seats: game.seats.length, request });
    const quit = () => {
      const b = el("button", { type: "button", class: "hw-btn tg-quit", text: t("放弃这一局，重新坐", "Leave this game and seat again") });
      b.addEventListener("click", () => { forget(info.of); game = null; showSetup(); });
      return el("p", { class: "hw-row" }, [b]);
    };

    function showSetup() {
      play.textContent = "";
      setup.textContent = "";
      setup.append(seatForm(ctx, info, (tb, seats, level) => {
        const shared = sharedState(root);
        const seed = shared && Number.isInteger(shared.seed) ? shared.seed : crypto.getRandomValues(new Uint32Array(1))[0];
        game = { of: info.of, position: { game: info.of, seed, ...tb.setup, actions: [] }, seats, level, heard: 0, showing: null };
        setup.textContent = "";
        save(game);
        advance();
      }));
    }

    function showHandoff(p) {
      play.textContent = "";
      const name = game.seats[p].name;
      const go = el("button", { type: "button", class: "hw-btn tg-go", text: t(`${name}在看了，开始`, `${name} is looking: go on`) });
      go.addEventListener("click", () => {
        game.showing = p;
        save(game);
        const a = ready;
        ready = null;
        if (a) showTurn(a); else advance();
      });
      play.append(el("p", { class: "tg-handoff" }, [t(`请把设备交给${name}，只有${name}在看时再点。`, `Pass to ${name}; tap when only ${name} is looking.`)]), go, quit());
      go.focus();
    }

    function showTurn(a) {
      play.textContent = "";
      const words = el("p", { class: "tg-words", tabindex: "-1" });
      words.hidden = true;
      const read = el("button", { type: "button", class: "hw-btn tg-read", text: t("念出我的牌和桌上的牌", "Read my hand and the table") });
      read.addEventListener("click", () => { words.textContent = a.words[ctx.lang]; words.hidden = false; words.focus(); });
      const acts = el("div", {}, [nodes(a.html.actions)]);
      const move = (action) => {
        if (acts.dataset.busy) return;
        // the move is being played: the buttons say so, and the focus stays where it was until the next ones are drawn
        acts.dataset.busy = "1";
        for (const x of acts.querySelectorAll("button")) x.setAttribute("aria-disabled", "true");
        game.position = { ...game.position, actions: [...game.position.actions, action] };
        advance();
      };
      acts.addEventListener("click", (ev) => {
        const b = ev.target instanceof Element ? ev.target.closest("button[data-action]") : null;
        if (b) move(b.dataset.action);
      });
      // a move filled in (real dice entered): the values as typed; the engine refuses a wrong one and says why
      acts.addEventListener("submit", (ev) => {
        ev.preventDefault();
        const f = ev.target;
        const values = [...f.querySelectorAll("input[data-face]")].map((x) => x.value.trim());
        move(f.dataset.before + values.join("") + f.dataset.after);
      });
      play.append(nodes(a.html.status), acts, el("p", { class: "hw-row" }, [read]), words, quit());
      (acts.querySelector("input, button") || read).focus();
    }

    function showEnd(a) {
      play.textContent = "";
      const msg = el("p", { class: "tg-record", role: "status" });
      const rec = el("button", { type: "button", class: "hw-btn", text: t("下载这一局的记录（记着各人的名字）", "Download this game's record (with everyone's names)") });
      rec.addEventListener("click", async () => {
        const r = await ctx.call({ game: "record", action: "write", position: game.position, names: game.seats.map((x) => x.name) });
        if (!r.ok) { msg.textContent = t(r.error.zh, r.error.en); return; }
        const got = downloadRecord({ name: `${info.of}-${game.position.seed}`, text: r.text }, info.of);
        msg.textContent = t(`已下载：${got}`, `Downloaded: ${got}`);
      });
      const again = el("button", { type: "button", class: "hw-btn", text: t("再坐一局", "Seat a new game") });
      again.addEventListener("click", () => { forget(info.of); game = null; showSetup(); });
      play.append(nodes(a.html.status), nodes(a.html.result), el("p", { class: "hw-row" }, [rec, " ", again]), msg);
      (play.querySelector("[tabindex='-1']") || rec).focus();
    }

    // Ask the engine from the last position on: the computer's seats move (one request a move), everything heard is
    // said once, and the table stops at a person's turn (behind a hand-off screen where the game hides cards) or at the end.
    async function advance() {
      const said = [];
      for (;;) {
        const names = game.seats.map((x) => x.name);
        const a = await view({ game: "table", action: "play", position: game.position, heard: game.heard, level: first, names });
        if (!a.ok) { announce([...said, t(a.error.zh, a.error.en)]); showHandoffOrSetup(); return; }
        said.push(...a.narration.map((x) => x[ctx.lang]));
        if (a.refused) said.push(a.refused[ctx.lang]);
        game.position = a.position;
        game.heard = a.position.actions.length;
        const p = a.to_move;
        if (a.over) { save(game); announce(said); showEnd(a); return; }
        if (!game.seats[p]) { announce(said); showHandoffOrSetup(); return; } // a kept game whose seats do not fit its table
        if (!game.seats[p].person) {
          let choice = a.choice;
          if (game.level !== first) {
            const b = await ctx.call({ game: "table", action: "play", position: game.position, level: game.level });
            if (b.ok) choice = b.choice;
          }
          game.position = { ...game.position, actions: [...game.position.actions, choice.id] };
          continue;
        }
        if (info.hidden && game.showing !== p) {
          game.showing = null;
          save(game);
          announce(said);
          ready = a;
          showHandoff(p);
          return;
        }
        save(game);
        announce([...said, nodes(a.html.status).textContent]); // whose turn it is, as the view names them
        showTurn(a);
        return;
      }
    }

    function showHandoffOrSetup() {
      play.textContent = "";
      const q = quit();
      play.append(q);
      q.querySelector("button").focus();
    }

    const kept = load(info.of);
    if (kept && kept.of === info.of && kept.position.game === info.of && kept.seats.length > 0) {
      game = { ...kept, showing: null }; // a reload never shows a hand: the next person is asked for first
      advance();
    } else showSetup();
  },
};
