// A table widget's game as a record file, and a record file opened at the table. The engine does the
// work ({"game": "record", "action": "export" | "open"}): this only offers the two buttons, downloads
// the text and hands the replay back to the widget. Nothing is sent anywhere: the file stays on the device.
//
//   recordTools(ctx, { game, request: () => the widget's game request now (or null),
//                      open: async (replay, answer) => null, or {zh, en} why this table cannot open it })
//   returns an element to place under the table.
import { el } from "./dom.js";
import { downloadRecord } from "./sessions.js";

const MAX_FILE = 1_600_000;

export function recordTools(ctx, { game, request, open }) {
  const t = ctx.t;
  const uid = `rec${Math.random().toString(36).slice(2, 8)}`;
  const exp = el("button", { type: "button", class: "hw-btn", "data-role": "record-export", text: t("导出这一局的记录", "Export this game as a record") });
  const file = el("input", { id: `${uid}-file`, type: "file", accept: ".txt,text/plain", class: "hw-sr", "data-role": "record-open" });
  const label = el("label", { class: "hw-btn", for: `${uid}-file`, text: t("打开一份记录", "Open a record") });
  const message = el("p", { class: "hw-record-message", "data-role": "record-message", role: "status" });
  const say = (zh, en) => { message.textContent = t(zh, en); };

  exp.addEventListener("click", async () => {
    const req = request();
    if (!req) { say("还没有可以导出的一局。", "There is no game to export yet."); return; }
    const a = await ctx.call({ game: "record", action: "export", request: req });
    if (!a.ok) { say(a.error.zh, a.error.en); return; }
    const seed = req.seed ?? a.position.seed;
    const name = `${game}-${seed}${a.over ? "" : t("-未完", "-unfinished")}`;
    const got = downloadRecord({ name, text: a.text }, game);
    say(`已导出：${got}`, `Exported: ${got}`);
  });

  file.addEventListener("change", async () => {
    const f = file.files && file.files[0];
    file.value = "";
    if (!f) return;
    if (f.size > MAX_FILE) { say("这个文件太大了，不是一份记录。", "This file is too large to be a record."); return; }
    let text;
    try { text = await f.text(); } catch { say("读不了这个文件：它应是一份纯文本的记录（.txt）。", "This file cannot be read: it should be a record in plain text (.txt)."); return; }
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const a = await ctx.call({ game: "record", action: "open", text, expect: game });
    if (!a.ok) { say(a.error.zh, a.error.en); return; }
    const refused = await open(a.replay, a);
    if (refused) { say(refused.zh, refused.en); return; }
    if (a.differs_at === null || a.differs_at === undefined) {
      say(`已打开，照记录重放了 ${a.moves} 步。`, `Opened: ${a.moves} moves replayed as written.`);
    } else {
      say(`已打开。从第 ${a.differs_at} 步起，这张牌桌上的电脑走得和记录不一样，所以牌桌从那里起按电脑自己的走法继续。`,
        `Opened. From move ${a.differs_at} on, the computer at this table plays otherwise than the record, so from there the table goes on as its computer plays.`);
    }
  });

  return el("div", { class: "hw-record-tools", "data-role": "record-tools" }, [el("div", { class: "hw-row" }, [exp, " ", label, file]), message]);
}
