// Material's search worker, wrapped so that each language searches its own pages.
// mkdocs-static-i18n writes one index for both languages; this classic worker
// drops the other language's entries from the index before Material's worker
// (loaded below with importScripts) builds its lunr index. Copied beside that
// worker at build time, so its relative paths (../lunr/…) still resolve.
(function () {
  const params = new URL(self.location.href).searchParams;
  const wantEnglish = params.get("lang") === "en";
  const isEnglish = (location) => location === "en/" || String(location).startsWith("en/");
  const realAdd = self.addEventListener.bind(self);
  self.addEventListener = function (type, listener, options) {
    if (type !== "message") return realAdd(type, listener, options);
    return realAdd(type, function (event) {
      const msg = event.data;
      if (msg && msg.type === 0 && msg.data && Array.isArray(msg.data.docs)) {
        const docs = msg.data.docs.filter((d) => isEnglish(d.location) === wantEnglish);
        listener({ data: Object.assign({}, msg, { data: Object.assign({}, msg.data, { docs }) }) });
      } else {
        listener(event);
      }
    }, options);
  };
  // Load only Material's own search worker, from this folder: the page names it in
  // the address, and an address can be made to say anything.
  const name = params.get("worker") || "";
  if (!/^search\.[0-9a-f]{8,}\.min\.js$/.test(name)) throw new Error("search-lang.js: not Material's search worker");
  importScripts(new URL(name, self.location.href).href);
  // lunr names each state of its word automaton by its edges' labels and target ids run
  // together ("1" + "3" + "12" reads the same as "1" + "31" + "2"): two different states
  // could be taken for one, so the index answered for words it does not hold and lost some
  // it does (a TypeError "reading '_index'" for queries such as "1", "src" or "dice", with
  // an index whose numbers happened to collide). Each target id is closed by a comma here.
  const TokenSet = self.lunr && self.lunr.TokenSet;
  if (TokenSet) {
    TokenSet.prototype.toString = function () {
      if (this._str) return this._str;
      let str = this.final ? "1" : "0";
      for (const label of Object.keys(this.edges).sort()) str += label + this.edges[label].id + ",";
      return str;
    };
  }
})();
