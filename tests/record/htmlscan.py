"""Small stdlib HTML reader for the record's site tests."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlparse


class Page(HTMLParser):
    """Collects <html lang>, <meta name>, JSON-LD blocks, ids, links and elements with a class."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = ""
        self.meta: dict[str, list[str]] = {}
        self.jsonld: list[str] = []
        self.ids: set[str] = set()
        self.links: list[tuple[str, dict[str, str]]] = []  # (href, attrs) of <a>
        self.by_class: dict[str, list[dict[str, str]]] = {}
        self.text_by_id: dict[str, str] = {}
        self._script_ld = False
        self._buf: list[str] = []
        self._capture: list[tuple[str, int]] = []
        self._depth = 0
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "") for k, v in attrs}
        if tag == "html":
            self.lang = a.get("lang", "")
        if tag == "meta" and "name" in a:
            self.meta.setdefault(a["name"], []).append(a.get("content", ""))
        if tag == "script" and a.get("type") == "application/ld+json":
            self._script_ld, self._buf = True, []
        if "id" in a:
            self.ids.add(a["id"])
            if tag == "p":
                self._capture.append((a["id"], len(self._buf)))
        if tag == "a" and "href" in a:
            self.links.append((a["href"], a))
        for c in a.get("class", "").split():
            self.by_class.setdefault(c, []).append({"tag": tag, **a})
        if tag == "p" and self._capture:
            pass

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._script_ld:
            self.jsonld.append("".join(self._buf))
            self._script_ld = False
        if tag == "p" and self._capture:
            pid, start = self._capture.pop()
            self.text_by_id[pid] = "".join(self._buf[start:]).strip()

    def handle_data(self, data: str) -> None:
        self._buf.append(data)


def resolve(site: Path, page_file: Path, href: str) -> tuple[Path | None, str]:
    """The built file a relative link points to (or None for other schemes), and its fragment."""
    url, frag = urldefrag(href)
    parsed = urlparse(url)
    if parsed.scheme or parsed.netloc:
        return None, frag
    if not url:
        return page_file, frag
    target = (page_file.parent / unquote(url)).resolve()
    if url.endswith("/") or target.is_dir():
        target = target / "index.html"
    return target, frag
