"""Links to anchors, checked in the built site.

MkDocs checks a link's ``#anchor`` against the Markdown headings before the hooks have added
their own ids (rule tables, cite blocks, glossary entries), so it cannot tell a missing anchor
from one the build adds later. This check runs once every page of every language is written:
each same-site link with a fragment must land on an element with that id (or an ``<a name>``),
and each same-site link must land on a page that exists.
"""

from __future__ import annotations

import html
import logging
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

ID = re.compile(r"""<[a-zA-Z][^>]*?\s(?:id|name)=["']([^"']*)["']""")
HREF = re.compile(r"""<a\s[^>]*?href=["']([^"']*)["']""")
#: pages whose links are not the site's own (the 404 page is served at any depth)
SKIP_PAGES = ("404.html",)


@dataclass(frozen=True)
class Broken:
    page: str  # site-relative path of the page holding the link
    href: str  # the link as written
    reason: str  # "no page" or "no anchor"

    def __str__(self) -> str:
        what = "a page that does not exist" if self.reason == "no page" else "an anchor the target page does not have"
        return f"{self.page}: the link '{self.href}' points to {what}"


def _target(page: str, path: str) -> str:
    """Site-relative file that ``path`` (relative to ``page``, or from the site root) names."""
    if path.startswith("/"):
        joined = path.lstrip("/")
    else:
        joined = posixpath.join(posixpath.dirname(page), path)
    t = posixpath.normpath(joined) if joined else ""
    if t in ("", "."):
        return "index.html"
    if path.endswith("/") or not posixpath.splitext(t)[1]:
        t = posixpath.join(t, "index.html")
    return t


def check_site(site: Path, base_path: str = "/") -> list[Broken]:
    """Every broken same-site link in the HTML under ``site`` (served at ``base_path``)."""
    pages: dict[str, str] = {}
    for f in site.rglob("*.html"):
        rel = f.relative_to(site).as_posix()
        if rel.startswith("assets/"):
            continue
        pages[rel] = f.read_text(encoding="utf-8", errors="replace")
    ids: dict[str, set[str]] = {rel: {html.unescape(i) for i in ID.findall(text)} for rel, text in pages.items()}
    base_path = "/" + base_path.strip("/") + "/" if base_path.strip("/") else "/"
    broken: list[Broken] = []
    for rel, text in sorted(pages.items()):
        if rel.endswith(SKIP_PAGES):
            continue
        for raw in HREF.findall(text):
            href = html.unescape(raw)
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith("//"):
                continue
            path = parts.path
            if path.startswith("/"):
                if not path.startswith(base_path):
                    continue
                path = "/" + path[len(base_path):]
            target = _target(rel, path) if path else rel
            if not target.endswith(".html"):
                if not path or (site / target).exists():
                    continue
                broken.append(Broken(rel, href, "no page"))
                continue
            if target not in pages:
                if (site / target).exists():
                    continue
                broken.append(Broken(rel, href, "no page"))
                continue
            frag = unquote(parts.fragment)
            if frag and frag not in ids[target]:
                broken.append(Broken(rel, href, "no anchor"))
    return broken


def check_links(site: Path, config: Any) -> None:
    """Warn of each same-site link to a missing page or anchor, so that a strict build fails.
    (MkDocs' own anchor check runs before the hooks add their ids: mkdocs.yml turns it off.)"""
    base = urlsplit(str(config.get("site_url") or "/")).path or "/"
    base = re.sub(r"/en/?$", "/", base)  # mkdocs-static-i18n gives the English build ".../en/"
    log = logging.getLogger("mkdocs.plugins.sitegen.anchors")
    for b in check_site(site, base):
        log.warning(str(b))
