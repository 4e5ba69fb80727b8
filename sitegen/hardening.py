"""The site's defences, applied to the finished pages (a hook listed after
sitegen/hooks.py in mkdocs.yml, so it sees each page as it is written).

- **Content-Security-Policy** in a ``<meta>`` tag at the top of every page's
  head: scripts only from the site itself, plus the theme's inline scripts by
  their sha256 (computed here from the page as written, so a theme upgrade
  cannot slip an unlisted script in), workers only from the site; no plugins, no
  ``<base>`` from elsewhere, no form posting elsewhere. A ``javascript:`` URL
  cannot run under it. No WebAssembly in a page: only the engine's worker compiles it
  (Pyodide), and a worker is governed by the policy its own response carries, not by the page's
  (the headers files, sitegen/headers.py, give every file the policy with ``'wasm-unsafe-eval'``;
  a page's ``<meta>`` policy is enforced beside it, so a page never may compile WebAssembly).
- **The 404 page in both languages**: ``404.html`` and ``en/404.html``, each
  with language links to the other one (a 404 page is served at any address,
  so its links cannot be the counterpart of the address).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mkdocs.plugins import event_priority

from sitegen import assets, csp
from sitegen.csp import inline_script_hashes

META_NAME = "Content-Security-Policy"

#: ``mkdocs serve`` injects an inline live-reload script (different on every load,
#: so it cannot be hashed): while serving, inline scripts are allowed instead of
#: listed. A built site (``mkdocs build``) always lists them by hash.
_serving = {"on": False}


def on_startup(command: str, dirty: bool) -> None:
    _serving["on"] = command == "serve"


def serving() -> bool:
    """Whether this is ``mkdocs serve`` (inline scripts allowed, no header files for real hosts)."""
    return _serving["on"]


def policy(hashes: list[str], wasm: bool = False) -> str:
    """The page's policy (:func:`sitegen.csp.policy`), inline scripts allowed instead of listed while serving."""
    return csp.policy(hashes, wasm, inline=_serving["on"])


def with_policy(html_text: str) -> str:
    """``html_text`` with its Content-Security-Policy as the first thing after ``<meta charset>``."""
    if f'http-equiv="{META_NAME}"' in html_text:
        html_text = re.sub(rf'<meta http-equiv="{META_NAME}"[^>]*>\n?', "", html_text, count=1)
    meta = f'<meta http-equiv="{META_NAME}" content="{policy(inline_script_hashes(html_text))}">'
    m = re.search(r"<meta charset=[^>]*>", html_text, re.I) or re.search(r"<head[^>]*>", html_text, re.I)
    if m is None:
        return html_text
    return html_text[: m.end()] + "\n    " + meta + html_text[m.end() :]


# ---------------------------------------------------------------- the 404 page

HREFLANG_LINK = re.compile(r'(<a\s[^>]*?href=")[^"]*("[^>]*?\shreflang="(zh|en)[^"]*")')


def _base_path(config: Any) -> str:
    path = urlsplit(config.get("site_url") or "/").path or "/"
    return path if path.endswith("/") else path + "/"


def not_found_links(html_text: str, base: str) -> str:
    """The 404 page's language links point to the 404 page of each language."""

    def repl(m: re.Match[str]) -> str:
        target = base + ("en/404.html" if m.group(3) == "en" else "404.html")
        return f"{m.group(1)}{target}{m.group(2)}"

    return HREFLANG_LINK.sub(repl, html_text)


#: the 404 page as each language's pass rendered it. MkDocs writes the static
#: template to <site>/404.html in every pass, so the English pass overwrites the
#: Chinese page; both are put in their places after each pass.
_not_found: dict[str, str] = {}


def _lang_of(html_text: str) -> str:
    m = re.search(r'<html[^>]*\slang="([^"]+)"', html_text)
    return "en" if m and m.group(1).startswith("en") else "zh"


def _finish(html_text: str) -> str:
    """What other hooks do to finished pages that MkDocs renders outside on_post_page (hashed script names)."""
    return assets.hash_script_refs(html_text)


@event_priority(-200)  # after every other hook has changed the page
def on_post_page(output: str, page: Any, config: Any) -> str:
    return with_policy(output)


@event_priority(-200)
def on_post_template(output: str, template_name: str, config: Any) -> str:
    if template_name == "404.html":
        output = with_policy(not_found_links(_finish(output), _base_path(config)))
        _not_found[_lang_of(output)] = output
    elif template_name.endswith(".html"):
        output = with_policy(output)
    return output


@event_priority(50)  # before the hooks that list the site's files (the service worker's precache)
def on_post_build(config: Any) -> None:
    site_dir = Path(config["site_dir"])
    for lang, text in _not_found.items():
        out = site_dir / ("en/404.html" if lang == "en" else "404.html")
        out.parent.mkdir(parents=True, exist_ok=True)
        if not out.exists() or out.read_text(encoding="utf-8") != text:
            out.write_text(text, encoding="utf-8")
