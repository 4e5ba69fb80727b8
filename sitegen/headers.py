"""Response headers for real hosts, written beside the built site.

A ``<meta>`` policy (sitegen/hardening.py) cannot say ``frame-ancestors`` (who may show the
archive in a frame), and it does not reach workers: a worker's policy is the one its own
response carries. So the build also writes, at the root of the site:

- ``_headers`` — read by Netlify and Cloudflare Pages (and not served by them);
- ``_nginx.conf`` — the same headers for nginx, to ``include`` in the ``server`` (or the
  site's ``location``) block; tests/platform/test_headers.py serves the site with a real nginx.

A hook of its own (mkdocs.yml), run last in the last language pass: every page is written, and the
service worker's list is made before these files exist (Netlify and Cloudflare Pages do not serve
``_headers``: a reader's browser must never ask for it).

Both send, for every file: the Content-Security-Policy of the pages (every inline script of
every page listed by its hash, as in the pages themselves) with ``frame-ancestors 'none'`` —
the same policy governs the Python worker, the search worker and the service worker, whose
scripts are files of the site — plus ``X-Content-Type-Options: nosniff`` (so a file is only
ever used as what its type says) and ``Referrer-Policy``; ``.wasm`` as ``application/wasm``
(WebAssembly is compiled while it downloads only with that type), ``.mjs`` as JavaScript;
``sw.js`` and the pages revalidated on every visit, files named by their content hash kept.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mkdocs.plugins import event_priority

from sitegen import assets, hardening, page_weight
from sitegen.csp import site_policy

HEADERS_FILE = "_headers"
NGINX_FILE = "_nginx.conf"
#: files whose names carry their content hash (sitegen/assets.py): the same name never changes
HASHED = (
    r"assets/widgets/[^/]+\.[0-9a-f]{8,}\.(?:js|css)",
    r"assets/engine/[0-9a-f]{8,}/.*",
    r"assets/views/[0-9a-f]{8,}/.*",
    r"assets/pyodide/pyodide-lock\.[0-9a-f]{8,}\.json",
    r"assets/pyodide/[0-9a-f]{8,}/.*",
    r"assets/javascripts/.*\.min\.js",
    r"assets/stylesheets/.*\.min\.css",
)


def base_path(site_url: str | None) -> str:
    path = urlsplit(site_url or "/").path or "/"
    return path if path.endswith("/") else path + "/"


def common_headers(policy: str) -> list[tuple[str, str]]:
    return [
        ("Content-Security-Policy", policy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "strict-origin-when-cross-origin"),
    ]


def netlify_headers(base: str, policy: str) -> str:
    lines = [
        "# Response headers for Netlify and Cloudflare Pages, written by the build (sitegen/headers.py).",
        "# Every file: the pages' Content-Security-Policy (it also governs the site's workers), no framing,",
        "# no type sniffing. Where several rules match a file, a host sends the headers of all of them.",
        f"{base}*",
    ]
    lines += [f"  {k}: {v}" for k, v in common_headers(policy)]
    lines += [f"{base}*.wasm", "  Content-Type: application/wasm"]
    lines += [f"{base}*.mjs", "  Content-Type: text/javascript; charset=utf-8"]
    lines += [f"{base}sw.js", "  Cache-Control: no-cache"]
    lines += [f"{base}assets/engine/*", "  Cache-Control: public, max-age=31536000, immutable"]
    lines += [f"{base}assets/views/*", "  Cache-Control: public, max-age=31536000, immutable"]
    lines += [f"{base}assets/pyodide/*/*", "  Cache-Control: public, max-age=31536000, immutable"]
    return "\n".join(lines) + "\n"


def nginx_conf(base: str, policy: str) -> str:
    esc = lambda v: v.replace("\\", "\\\\").replace('"', '\\"')
    common = "".join(f'    add_header {k} "{esc(v)}" always;\n' for k, v in common_headers(policy))
    hashed = "|".join(HASHED)
    b = re.escape(base)
    # add_header in a location replaces the headers of the enclosing block: each location repeats them
    return (
        "# Response headers for nginx, written by the build (sitegen/headers.py). Include this file in the\n"
        "# server block (or the site's location block) that serves the built site:\n"
        "#     server { root /srv/site-parent; include /srv/site-parent" + base + "_nginx.conf; ... }\n"
        "# Every file: the pages' Content-Security-Policy (it also governs the site's workers), no framing,\n"
        "# no type sniffing; .wasm as application/wasm; unknown paths answered with the site's 404 page;\n"
        "# precompressed files (name.gz beside name) sent when a browser accepts them, others compressed.\n"
        "gzip on;\n"
        "gzip_static on;\n"
        "gzip_vary on;\n"
        "gzip_types text/css text/javascript application/javascript application/json application/wasm image/svg+xml text/csv application/xml;\n"
        f"error_page 404 {base}404.html;\n"
        + common.replace("    add_header", "add_header")
        + f"location ~* \"^{b}.*\\.wasm$\" {{\n    types {{ }}\n    default_type application/wasm;\n{common}}}\n"
        + f"location ~* \"^{b}.*\\.mjs$\" {{\n    types {{ }}\n    default_type text/javascript;\n{common}}}\n"
        + f"location = {base}sw.js {{\n    add_header Cache-Control \"no-cache\" always;\n{common}}}\n"
        + f"location ~ \"^{b}(?:{hashed})$\" {{\n    add_header Cache-Control \"public, max-age=31536000, immutable\" always;\n{common}}}\n"
    )


def write(site: Path, config: Any) -> None:
    """Write ``_headers`` and ``_nginx.conf`` at the root of ``site`` (every page already written)."""
    base = base_path(config.get("site_url") if hasattr(config, "get") else None)
    policy = site_policy(site)
    (site / HEADERS_FILE).write_text(netlify_headers(base, policy), encoding="utf-8")
    (site / NGINX_FILE).write_text(nginx_conf(base, policy), encoding="utf-8")


@event_priority(-300)  # after every other hook: the pages are final, the service worker's list made
def on_post_build(config: Any) -> None:
    if hardening.serving():
        return
    # mkdocs-static-i18n builds each language in turn into the same site: the last pass has them all
    i18n = config.plugins.get("i18n")
    if i18n is not None:
        order = [i18n.default_language] + [x for x in i18n.build_languages if x != i18n.default_language]
        if i18n.current_language != order[-1]:
            return
    site = Path(config["site_dir"])
    if site.name == "en" and (site.parent / "sitemap.xml").exists():
        site = site.parent
    write(site, config)
    # the search index as the theme last wrote it (after every language), smaller
    page_weight.shrink_search_index(site)
    # … and final now: the service worker checks it by its sha256, as every other file
    assets.seal_late_files(site)
