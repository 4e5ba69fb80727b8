"""The site's address as machines read it: a release build must know its real address; robots.txt
names the sitemap; each language's pages find a sitemap beside them.

A release build (``RELEASE=1 make site``) refuses to run with the development address, since
canonical links, hreflang alternates, the sitemap, JSON-LD, ``citation_public_url`` and every
citation would name it.
"""

from __future__ import annotations

import gzip
import ipaddress
import os
import re
import shutil
from pathlib import Path
from urllib.parse import urlsplit

from sitegen.editions import is_release
from sitegen.record.data import BUILD
from mkdocs.exceptions import PluginError

LOCAL_HOSTS = {"localhost", "localhost.localdomain", "example.com", "example.org", "example.net"}


def real_address_problem(url: str) -> str | None:
    """Why ``url`` is not a public address a release can be cited at (None when it is)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return f"'{url}' is not an http(s) address"
    host = parts.hostname.lower()
    if host in LOCAL_HOSTS or host.endswith((".localhost", ".local", ".test", ".invalid", ".example")):
        return f"'{url}' is a local or placeholder address"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return None if "." in host else f"'{url}' has no public host name"
    if ip.is_loopback or ip.is_private or ip.is_unspecified or ip.is_link_local or ip.is_reserved:
        return f"'{url}' is not a public address"
    return None


def check_release(site_url: str) -> None:
    """Stop a release build made without the site's real address."""
    if not is_release():
        return
    problem = real_address_problem(site_url) if os.environ.get("SITE_URL") else "SITE_URL is not set"
    if problem:
        raise PluginError(
            f"A release build needs the address the site will be published at ({problem}): "
            "canonical links, the sitemap, JSON-LD and every citation carry it. "
            "Build with, for example, SITE_URL=https://games.example.net/ RELEASE=1 make site"
        )


def robots_txt() -> str:
    base = BUILD["site_url"]
    return f"User-agent: *\nAllow: /\n\nSitemap: {base}sitemap.xml\n"


def copy_sitemap(site: Path) -> None:
    """The one sitemap (both languages) also beside the English pages, where the theme's instant
    navigation looks for it (``en/sitemap.xml``)."""
    for name in ("sitemap.xml", "sitemap.xml.gz"):
        src = site / name
        if src.exists() and (site / "en").is_dir():
            shutil.copy2(src, site / "en" / name)


_URL = re.compile(r"<url>.*?</url>", re.S)
_LASTMOD = re.compile(r"<lastmod>[^<]*</lastmod>")


def set_lastmod(site: Path, modified: dict[str, str]) -> int:
    """Each page's ``lastmod`` in the sitemap: the page's own last change (the date its footer,
    cite block and metadata give), not the day of the build. Returns how many were set."""
    root = site / "sitemap.xml"
    if not root.is_file():
        return 0
    n = 0

    def fix(block: re.Match[str]) -> str:
        nonlocal n
        m = _LOC.search(block.group(0))
        day = modified.get(m.group(1)) if m else None
        if not day:
            return block.group(0)
        n += 1
        text = block.group(0)
        if _LASTMOD.search(text):
            return _LASTMOD.sub(f"<lastmod>{day}</lastmod>", text, count=1)
        return text.replace("</loc>", f"</loc>\n         <lastmod>{day}</lastmod>", 1)

    text = _URL.sub(fix, root.read_text(encoding="utf-8"))
    root.write_text(text, encoding="utf-8")
    gz = site / "sitemap.xml.gz"
    if gz.exists():
        gz.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))
    return n
_LOC = re.compile(r"<loc>([^<]*)</loc>")


def write_page_sitemaps(site: Path, base: str) -> int:
    """A one-entry sitemap beside each page that is not a language's home.

    The theme reads the page's hreflang alternates as language roots and asks for
    ``sitemap.xml`` beside each of them (to find the page's translation); hreflang links name the
    translation itself, so that request would find nothing. Each page's own entry (its address and
    its alternates) answers it. Returns how many were written."""
    root = site / "sitemap.xml"
    if not root.is_file():
        return 0
    text = root.read_text(encoding="utf-8")
    head = text[: text.index("<url>")] if "<url>" in text else ""
    n = 0
    for block in _URL.findall(text):
        m = _LOC.search(block)
        if not m or not m.group(1).startswith(base):
            continue
        rel = m.group(1)[len(base):].strip("/")
        if rel in ("", "en"):
            continue  # a language's home has the whole sitemap
        d = site / rel
        if d.is_dir():
            (d / "sitemap.xml").write_text(head + block + "\n</urlset>\n", encoding="utf-8")
            n += 1
    return n


FILES = {"robots.txt": robots_txt}
