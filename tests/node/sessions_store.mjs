// Drives widgets/sessions.js's store under Node with a localStorage of its own; prints JSON results.
const data = new Map();
let failWrites = false;
globalThis.window = {
  localStorage: {
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem: (k, v) => { if (failWrites && k !== "hw-sessions:probe") throw new Error("QuotaExceeded"); data.set(k, String(v)); },
    removeItem: (k) => data.delete(k),
  },
  addEventListener: () => {},
};
const { openStore, readRecordFile, fileName, shownName, MAX_SESSIONS } = await import(process.argv[2]);
const out = {};
const a = openStore("kind-a");
const b = openStore("kind-b");
const s1 = a.create("第一局", "[Record \"1\"]\n", { players: 4 });
await new Promise((r) => setTimeout(r, 2));
const s2 = a.create("Second", "text two");
b.create("other kind", "x");
out.listA = a.list().map((s) => s.name);
out.listB = b.list().map((s) => s.name);
out.current = a.current().name;
out.opened = a.open(s1.id).text;
out.currentAfterOpen = openStore("kind-a").current().name; // as after a reload
a.save(s1.id, { text: "changed", meta: { over: true } });
out.saved = openStore("kind-a").open(s1.id);
out.renamed = a.rename(s2.id, "  renamed\n ").name;
out.removed = a.remove(s2.id);
out.removedAgain = a.remove(s2.id);
out.listAfterRemove = a.list().map((s) => s.name);
out.fileName = fileName({ name: "张三 李四/第1局" });
out.fileNameEmpty = fileName({ name: "" }, "kind-a");
// a name the page gives is kept in both languages until the reader renames the session
const e = openStore("kind-e");
const auto = e.create({ zh: "第 1 场", en: "Session 1" }, "t");
const again = openStore("kind-e").open(auto.id); // as after a reload, or on the other language's page
out.pageName = { name: again.name, zh: shownName(again, "zh"), en: shownName(again, "en"), listed: shownName(e.list()[0], "en") };
out.pageNameSaved = shownName(e.save(auto.id, { text: "u", meta: { hands: 1 } }), "en"); // saving the record keeps it
out.pageNameRenamed = ["zh", "en"].map((l) => shownName(e.rename(auto.id, "星期五"), l));
out.pageNameAgain = ["zh", "en"].map((l) => shownName(e.save(auto.id, { name: { zh: "甲、乙的账", en: "Ledger of A, B" } }), l));
out.readerName = ["zh", "en"].map((l) => shownName(s1, l));
data.set("hw-sessions:kind-f", JSON.stringify({ v: 1, sessions: [{ id: "x", name: "旧名", text: "", names: { zh: 3 } }] }));
out.damagedNames = ["zh", "en"].map((l) => shownName(openStore("kind-f").list()[0], l));
for (let i = 0; i < MAX_SESSIONS + 5; i += 1) b.create(`g${i}`, "t");
out.capped = b.list().length;
const engine = async (req) => (req.text.startsWith("[Record")
  ? { ok: true, position: { game: "dawei" }, tags: {}, over: false }
  : { ok: false, error: { code: "bad_record", zh: "第 1 行：坏", en: "Line 1: bad" } });
const file = (text, name) => ({ name, size: text.length, text: async () => text });
out.readGood = await readRecordFile(file("[Record \"1\"]\n", "x.txt"), engine);
out.readBad = await readRecordFile(file("nonsense", "y.txt"), engine);
const imp = await a.importFile(file("\ufeff[Record \"1\"]\n", "imported game.txt"), engine);
out.imported = { ok: imp.ok, name: imp.session.name, text: imp.session.text, current: a.current().name };
out.refused = await a.importFile(file("[Record \"1\"]\n", "z.txt"), engine, { accept: () => ({ zh: "不收", en: "not taken" }) });
data.set("hw-sessions:kind-c", "{broken");
out.damaged = openStore("kind-c").list();
failWrites = true;
let threw = false;
try { openStore("kind-d").create("big", "y"); } catch (e) { threw = Boolean(e.full); }
out.fullThrows = threw;
console.log(JSON.stringify(out));
