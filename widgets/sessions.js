// Sessions kept side by side on this device (localStorage), for the pages used beside a real table.
// Nothing here knows a game: a session's content is a record text in the engine's notation
// (engine/record) plus a little metadata the page chooses; its words come from the page.
//
// API
//   import { openStore, downloadRecord, readRecordFile, sessionBar } from the module sessions.js (beside this comment);
//
//   const store = openStore(kind)        kind: "dawei-referee", "gupai-ledger", "paohuzi-sheet", …
//     store.persistent                   false when the browser keeps nothing (private mode): sessions
//                                        then last as long as the page
//     store.list()                       [{id, name, names, created, updated, meta}], most recently saved first
//     store.create(name, text, meta={})  a new session (and the current one); returns it. ``name``: the reader's
//                                        words (a string), or a name the page gives in both languages ({zh, en}):
//                                        kept as ``names`` until the reader renames it, and shown in the language
//                                        of the page that opens it (shownName); ``name`` is then the Chinese one
//     store.open(id)                     the session {id, name, text, meta, created, updated} or null;
//                                        it becomes the current one
//     store.save(id, {text, meta, name}) changes what is given (``name`` as in create); returns the session (null if gone)
//     store.rename(id, name)             returns the session (null if gone)
//     store.remove(id)                   true if it was there
//     store.current()                    the session opened or saved last (survives a reload), or null
//     store.onChange(fn)                 fn() when another tab changed this kind's sessions
//   Limits: at most MAX_SESSIONS sessions a kind (the oldest saved goes first), names of at most
//   MAX_NAME characters, texts of at most MAX_TEXT characters (the engine's longest record).
//
//   downloadRecord(session, kind?)       the session's text as a .txt file named after the session
//   readRecordFile(file, call)           -> {ok: true, text, answer} | {ok: false, error: {zh, en}}
//                                        the engine reads it ({"game": "record", "action": "read"});
//                                        a bad record is answered with its line and the rule it breaks
//   store.importFile(file, call, {accept, name})
//                                        read, then kept as a new session: {ok, session} | {ok: false, error}
//                                        accept(answer) -> null, or {zh, en} why this page cannot take it
//
//   sessionBar(container, store, {lang, call, labels, onOpen, fresh, accept})
//     draws the list and its buttons (new, rename, delete with a second tap, export, import) into
//     ``container``; onOpen(session) when a session is opened, created or imported;
//     fresh(name) -> {text, meta} for a new session (may be async; emptyRecord makes one from the engine's empty
//     record); returns {refresh(), select(id), say(zh, en), current(), openNew(name)}: openNew is what "New" does
//     (a session from ``fresh``, opened; the storage-full message if it cannot be kept), for a page's first session.
//     labels: {zh: {...}, en: {...}} override the words below (a page may give its own in data-
//     attributes on ``container``: data-session-zh='{"title": "…"}', data-session-en='{…}').

export const MAX_SESSIONS = 40;
export const MAX_NAME = 60;
export const MAX_TEXT = 400_000;
const PREFIX = "hw-sessions:";

const WORDS = {
  zh: {
    title: "对局记录", list: "选择一局", name: "名字", create: "新开一局", rename: "改名", remove: "删除",
    confirm: "再按一次删除", exportRecord: "导出记录（.txt）", importRecord: "导入记录",
    untitled: "未命名", imported: "已导入：", exported: "已导出：", removed: "已删除。", renamed: "已改名。",
    created: "已新开：", local: "记录只保存在这台设备的浏览器里，不会发送到任何地方。",
    volatile: "这个浏览器不让网页保存数据：关掉网页后记录就没有了，请导出保存。",
    unreadable: "读不了这个文件：它应是一份纯文本的记录（.txt）。", tooBig: "这个文件太大了，不是一份记录。",
    full: "这台设备存不下更多记录了：请导出并删除几局旧的。",
  },
  en: {
    title: "Game records", list: "Choose a game", name: "Name", create: "New game", rename: "Rename", remove: "Delete",
    confirm: "Tap again to delete", exportRecord: "Export the record (.txt)", importRecord: "Import a record",
    untitled: "Untitled", imported: "Imported: ", exported: "Exported: ", removed: "Deleted.", renamed: "Renamed.",
    created: "Started: ", local: "Records are kept only in this device's browser; nothing is sent anywhere.",
    volatile: "This browser does not let pages keep data: the record is lost when the page closes, so export it.",
    unreadable: "This file cannot be read: it should be a record in plain text (.txt).", tooBig: "This file is too large to be a record.",
    full: "This device cannot keep more records: export a few old games and delete them.",
  },
};

function storage() {
  try {
    const s = window.localStorage;
    const probe = `${PREFIX}probe`;
    s.setItem(probe, "1");
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

function cleanName(name, fallback) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a name is cleaned of
  const s = typeof name === "string" ? name.replace(/[\u0000-\u001f\u007f]/g, " ").trim().slice(0, MAX_NAME) : "";
  return s || fallback;
}

/** A name as given: the reader's own words, or the page's name in both languages ({zh, en}). */
function givenName(name, fallback) {
  if (name && typeof name === "object") {
    const zh = cleanName(name.zh, fallback);
    return { name: zh, names: { zh, en: cleanName(name.en, zh) } };
  }
  return { name: cleanName(name, fallback), names: null };
}

function named(s, given) {
  s.name = given.name;
  if (given.names) s.names = given.names;
  else delete s.names;
  return s;
}

/** The name a session is shown under on a page in ``lang``: a name the page gave, in that language; else its own. */
export function shownName(session, lang) {
  const n = session?.names;
  return n && typeof n === "object" && typeof n[lang] === "string" ? n[lang] : String(session?.name ?? "");
}

function newId() {
  const r = Math.random().toString(36).slice(2, 8);
  return `${Date.now().toString(36)}${r}`;
}

function validSession(x) {
  return x && typeof x === "object" && typeof x.id === "string" && typeof x.name === "string" && typeof x.text === "string";
}

export function openStore(kind) {
  const key = PREFIX + String(kind);
  const ls = storage();
  let memory = { v: 1, current: null, sessions: [] };

  function load() {
    if (!ls) return memory;
    try {
      const raw = ls.getItem(key);
      const data = raw ? JSON.parse(raw) : null;
      if (data && Array.isArray(data.sessions)) {
        return { v: 1, current: typeof data.current === "string" ? data.current : null, sessions: data.sessions.filter(validSession) };
      }
    } catch {
      /* a damaged entry: start again (the records were exported or are lost either way) */
    }
    return { v: 1, current: null, sessions: [] };
  }

  function store(data) {
    data.sessions.sort((a, b) => (b.updated || 0) - (a.updated || 0));
    if (data.sessions.length > MAX_SESSIONS) data.sessions.length = MAX_SESSIONS;
    if (!ls) {
      memory = data;
      return;
    }
    for (;;) {
      try {
        ls.setItem(key, JSON.stringify(data));
        return;
      } catch {
        if (data.sessions.length <= 1) throw Object.assign(new Error("full"), { full: true });
        data.sessions.pop(); // the device is full: the oldest saved session goes first
      }
    }
  }

  const copy = (s) => (s ? { ...s, meta: { ...(s.meta || {}) }, ...(s.names ? { names: { ...s.names } } : {}) } : null);
  const find = (data, id) => data.sessions.find((s) => s.id === id) || null;

  const api = {
    kind: String(kind),
    persistent: Boolean(ls),
    list() {
      return load().sessions.map((s) => ({ id: s.id, name: s.name, ...(s.names ? { names: { ...s.names } } : {}), created: s.created, updated: s.updated, meta: { ...(s.meta || {}) } }));
    },
    create(name, text = "", meta = {}) {
      const data = load();
      const now = Date.now();
      const s = named({ id: newId(), text: String(text).slice(0, MAX_TEXT), meta: { ...meta }, created: now, updated: now }, givenName(name, "—"));
      data.sessions.unshift(s);
      data.current = s.id;
      store(data);
      return copy(s);
    },
    open(id) {
      const data = load();
      const s = find(data, id);
      if (s && data.current !== id) {
        data.current = id;
        store(data);
      }
      return copy(s);
    },
    save(id, { text, meta, name } = {}) {
      const data = load();
      const s = find(data, id);
      if (!s) return null;
      if (typeof text === "string") s.text = text.slice(0, MAX_TEXT);
      if (meta && typeof meta === "object") s.meta = { ...meta };
      if (name !== undefined) named(s, givenName(name, s.name));
      s.updated = Date.now();
      data.current = id;
      store(data);
      return copy(s);
    },
    rename(id, name) {
      return api.save(id, { name });
    },
    remove(id) {
      const data = load();
      const n = data.sessions.length;
      data.sessions = data.sessions.filter((s) => s.id !== id);
      if (data.current === id) data.current = data.sessions.length ? data.sessions[0].id : null;
      store(data);
      return data.sessions.length < n;
    },
    current() {
      const data = load();
      return copy(find(data, data.current) || data.sessions[0] || null);
    },
    onChange(fn) {
      window.addEventListener("storage", (e) => {
        if (e.key === key) fn();
      });
    },
    async importFile(file, call, { accept, name } = {}) {
      const got = await readRecordFile(file, call);
      if (!got.ok) return got;
      const why = accept ? accept(got.answer) : null;
      if (why) return { ok: false, error: why };
      const base = typeof file?.name === "string" ? file.name.replace(/\.txt$/i, "") : "";
      const s = api.create(cleanName(name || base, "—"), got.text, { imported: true });
      return { ok: true, session: s, answer: got.answer };
    },
  };
  return api;
}

/** The file name a session is exported under: its name, kept readable, and .txt. */
export function fileName(session, kind = "record") {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters cannot be in a file name
  const base = String(session?.name || "").replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, "-").replace(/^[-.]+|[-.]+$/g, "");
  return `${base || kind}.txt`;
}

export function downloadRecord(session, kind) {
  const blob = new Blob([session.text], { type: "text/plain;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName(session, kind);
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return a.download;
}

export async function readRecordFile(file, call) {
  if (!file || typeof file.size !== "number") return { ok: false, error: { zh: WORDS.zh.unreadable, en: WORDS.en.unreadable } };
  if (file.size > MAX_TEXT * 4) return { ok: false, error: { zh: WORDS.zh.tooBig, en: WORDS.en.tooBig } };
  let text;
  try {
    text = await file.text();
  } catch {
    return { ok: false, error: { zh: WORDS.zh.unreadable, en: WORDS.en.unreadable } };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a byte-order mark some editors write
  const answer = await call({ game: "record", action: "read", text });
  if (!answer || !answer.ok) {
    const e = (answer && answer.error) || {};
    return { ok: false, error: { zh: e.zh || WORDS.zh.unreadable, en: e.en || WORDS.en.unreadable } };
  }
  return { ok: true, text, answer };
}

function mk(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function pageWords(container, lang) {
  try {
    const raw = container.dataset[lang === "en" ? "sessionEn" : "sessionZh"];
    const v = raw ? JSON.parse(raw) : {};
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/** A player's name as a record keeps it, from what was typed in ``box``: one line, no ";" (a record's separator),
 * no longer than the box allows (its maxlength, set by the page that drew it). */
export function playerName(text, box) {
  const most = box && box.maxLength > 0 ? box.maxLength : undefined;
  return String(text ?? "").replace(/[;\n]/g, " ").trim().slice(0, most);
}

/** A session opening while the reader types: call before the opening awaits the engine, and give the function it
 * returns the values the session holds once read. Each box the reader typed in meanwhile keeps its text (returned for
 * the session); every other box is set to the session's value. */
export function keepTyping(inputs) {
  const before = inputs.map((box) => box.value);
  return (values) => inputs.map((box, k) => {
    if (box.value !== before[k]) return box.value;
    box.value = values[k] || "";
    return box.value;
  });
}

/** ``fresh`` for a sessionBar whose new session starts as the engine's empty record (``request``'s answer, asked
 * once): its text, and no hands yet. */
export function emptyRecord(call, request) {
  const blank = once(() => call(request));
  return async () => {
    const a = await blank();
    return { text: a.ok ? a.record : "", meta: { hands: 0 } };
  };
}

/** ``make()`` once, and the same promise after (a new session's empty record: the same every time, so that "New"
 * opens the session at once, before the reader types in it); a failed answer is asked again next time. */
function once(make) {
  let made = null;
  return () => {
    if (!made) made = make().then((a) => { if (!a || !a.ok) made = null; return a; }, (e) => { made = null; throw e; });
    return made;
  };
}

export function sessionBar(container, store, { lang = "zh", call, labels = {}, onOpen = () => {}, fresh, accept } = {}) {
  const L = lang === "en" ? "en" : "zh";
  const words = (l) => ({ ...WORDS[l], ...(labels[l] || {}), ...pageWords(container, l) });
  const w = words(L);
  const t = (zh, en) => (L === "en" ? en : zh);
  container.innerHTML = "";
  container.classList.add("hw-sessions");
  const uid = `s${Math.random().toString(36).slice(2, 8)}`;
  const head = mk("p", { class: "hw-sessions-title" }, w.title);
  const listLabel = mk("label", { for: `${uid}-list` }, w.list);
  const list = mk("select", { id: `${uid}-list`, "data-role": "session-list", class: "hw-sessions-list" });
  const nameLabel = mk("label", { for: `${uid}-name` }, w.name);
  const name = mk("input", { id: `${uid}-name`, type: "text", maxlength: String(MAX_NAME), "data-role": "session-name", autocomplete: "off" });
  const btn = (role, text) => mk("button", { type: "button", class: "hw-btn", "data-role": role }, text);
  const create = btn("session-new", w.create);
  const rename = btn("session-rename", w.rename);
  const remove = btn("session-delete", w.remove);
  const exp = btn("session-export", w.exportRecord);
  const impLabel = mk("label", { class: "hw-btn hw-sessions-import", for: `${uid}-file` }, w.importRecord);
  const file = mk("input", { id: `${uid}-file`, type: "file", accept: ".txt,text/plain", "data-role": "session-import", class: "hw-sr" });
  const message = mk("p", { "data-role": "session-message", class: "hw-sessions-message", role: "status" });
  const note = mk("p", { class: "hw-sessions-note" }, store.persistent ? w.local : w.volatile);
  const row1 = mk("div", { class: "hw-sessions-row" });
  row1.append(listLabel, list);
  const row2 = mk("div", { class: "hw-sessions-row" });
  row2.append(nameLabel, name);
  const row3 = mk("div", { class: "hw-sessions-buttons" });
  row3.append(create, rename, remove, exp, impLabel, file);
  container.append(head, row1, row2, row3, message, note);

  let currentId = null;
  let armed = false;
  const say = (zh, en) => { message.textContent = t(zh, en); };
  const disarm = () => { armed = false; remove.textContent = w.remove; };

  function refresh() {
    const items = store.list();
    list.innerHTML = "";
    for (const s of items) {
      const o = mk("option", { value: s.id }, shownName(s, L));
      list.append(o);
    }
    if (currentId) list.value = currentId;
    const has = Boolean(currentId && items.some((s) => s.id === currentId));
    // a grey control says why (its tooltip, also its accessible description)
    const none = has ? "" : t("还没有保存的记录：先记下一些，或新建一份", "No saved session yet: enter something, or start a new one");
    for (const b of [rename, remove, exp]) { b.disabled = !has; if (none) b.title = none; else b.removeAttribute("title"); }
    list.disabled = items.length === 0;
    if (list.disabled) list.title = none || t("还没有保存的记录", "No saved session yet"); else list.removeAttribute("title");
  }

  function select(id) {
    const s = store.open(id);
    currentId = s ? s.id : null;
    name.value = s ? shownName(s, L) : "";
    disarm();
    refresh();
    if (s) onOpen(s);
    return s;
  }

  /** A new session named ``n`` (the reader's words, or the page's {zh, en}), made by ``fresh`` and opened; null
   * (and the reader told) when it cannot be kept. */
  async function openNew(n) {
    const made = fresh ? await fresh(n) : { text: "", meta: {} };
    if (!made) return null;
    try {
      return select(store.create(n, made.text || "", made.meta || {}).id);
    } catch {
      say(w.full, w.full);
      return null;
    }
  }

  list.addEventListener("change", () => { select(list.value); say("", ""); });
  create.addEventListener("click", async () => {
    disarm();
    const k = store.list().length + 1;
    const typed = name.value && name.value !== shownName(store.open(currentId), L) ? cleanName(name.value, "") : "";
    const s = await openNew(typed || { zh: `${words("zh").untitled} ${k}`, en: `${words("en").untitled} ${k}` });
    if (s) say(w.created + shownName(s, L), w.created + shownName(s, L));
  });
  rename.addEventListener("click", () => {
    disarm();
    if (!currentId) return;
    const s = store.rename(currentId, name.value);
    if (s) { name.value = shownName(s, L); refresh(); say(w.renamed, w.renamed); }
  });
  remove.addEventListener("click", () => {
    if (!currentId) return;
    if (!armed) { armed = true; remove.textContent = w.confirm; return; }
    disarm();
    store.remove(currentId);
    say(w.removed, w.removed);
    const next = store.current();
    currentId = null;
    if (next) select(next.id);
    else { name.value = ""; refresh(); onOpen(null); }
  });
  exp.addEventListener("click", () => {
    disarm();
    const s = currentId && store.open(currentId);
    if (!s) return;
    const n = downloadRecord({ ...s, name: shownName(s, L) }, store.kind);
    say(w.exported + n, w.exported + n);
  });
  file.addEventListener("change", async () => {
    disarm();
    const f = file.files && file.files[0];
    file.value = "";
    if (!f || !call) return;
    const got = await store.importFile(f, call, { accept });
    if (!got.ok) { say(got.error.zh, got.error.en); return; }
    select(got.session.id);
    say(w.imported + shownName(got.session, L), w.imported + shownName(got.session, L));
  });
  store.onChange(() => refresh());

  const start = store.current();
  if (start) select(start.id);
  else refresh();
  return { refresh, select, say, openNew, current: () => (currentId ? store.open(currentId) : null) };
}
