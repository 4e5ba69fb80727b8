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
})();
