"""The site's Content-Security-Policy, as a page's ``<meta>`` tag (sitegen/hardening.py), the headers files
(sitegen/headers.py) and the service worker's answers (sitegen/assets.py) all give it: the sha256 of every
inline script a browser runs, and the policy that lists them. Below those three, so that each reads it here.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

SCRIPT = re.compile(r"<script(?P<attrs>(?:\s[^>]*)?)>(?P<body>.*?)</script\s*>", re.S | re.I)
SRC = re.compile(r"\ssrc\s*=", re.I)
TYPE = re.compile(r"""\stype\s*=\s*["']?([^"'\s>]+)""", re.I)
#: script types a browser runs; anything else (JSON, JSON-LD) is a data block
RUN_TYPES = ("", "module", "text/javascript", "application/javascript")


def inline_script_hashes(html_text: str) -> list[str]:
    """CSP sources (``'sha256-…'``) of every inline script a browser would run in ``html_text``."""
    out: set[str] = set()
    for m in SCRIPT.finditer(html_text):
        attrs = m.group("attrs") or ""
        if SRC.search(attrs):
            continue
        t = TYPE.search(attrs)
        if (t.group(1).lower() if t else "") not in RUN_TYPES:
            continue
        body = m.group("body").replace("\r\n", "\n").replace("\r", "\n")
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii")
        out.add(f"'sha256-{digest}'")
    return sorted(out)


def policy(hashes: list[str], wasm: bool = False, inline: bool = False) -> str:
    """The page's policy. Only directives that a ``<meta>`` policy honours (no frame-ancestors, no reporting).
    ``wasm``: WebAssembly may be compiled (the policy of the engine's worker, never of a page); ``inline``:
    every inline script allowed instead of those listed (``mkdocs serve``, see sitegen/hardening.py)."""
    allowed = ["'unsafe-inline'"] if inline else hashes
    return "; ".join(
        [
            "default-src 'self'",
            " ".join(["script-src 'self'", *(["'wasm-unsafe-eval'"] if wasm else []), *allowed]),
            "worker-src 'self'",
            "connect-src 'self'",
            "img-src 'self' data: blob:",
            "font-src 'self' data:",
            "style-src 'self' 'unsafe-inline'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
        ]
    )


def site_policy(site: Path, wasm: bool = True) -> str:
    """The page policy with every inline script of every page of ``site``, and frame-ancestors 'none'.
    ``wasm``: with ``'wasm-unsafe-eval'``, as every file is sent (the engine's worker compiles
    WebAssembly; the pages' own ``<meta>`` policy, enforced beside it, does not allow it)."""
    hashes: set[str] = set()
    for f in site.rglob("*.html"):
        hashes.update(inline_script_hashes(f.read_text(encoding="utf-8", errors="replace")))
    return policy(sorted(hashes), wasm=wasm) + "; frame-ancestors 'none'"
