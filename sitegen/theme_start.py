"""The theme's start, split so that no single piece of it holds up a phone.

Material for MkDocs starts everything in one go: evaluating its script mounts the search box
(which also starts the search worker) and sets up instant navigation (which fetches the
sitemap and rewrites every relative address of the page). Measured on a page with widgets at
four times slower processing (Lighthouse's phone), those two alone are about 70 ms of the
script's evaluation, which together with the rest made it one long task that keeps the page
from answering a tap.

Neither is needed before the reader does something: the search box is only used once the
reader turns to it, and instant navigation only once the reader follows a link. So the two
are started a moment later, each in its own task:

* the search box when the browser is next idle (at the latest after three seconds);
* instant navigation in the task that follows the theme's script (it needs the sitemap before
  the reader's first click on a link: a click that comes before the sitemap is a full page load,
  as it is with the theme unchanged);
* either at once at the reader's own first touch, click, key or focus (a listener on the window,
  run before anything else sees the event; events made by scripts do not count), so that the
  key that opens search ("s", "/") or a tap on the search button finds it ready, as before.

This is a change to the theme's own script, which has no option for it: two calls in the pinned
version's bundle (mkdocs-material 9.8.2, see pyproject.toml) are wrapped, each exactly where
the theme makes it, in ``__hwLater`` (defined by the page before the theme's script runs, in
overrides/main.html). If the page lacks that function, the wrapper calls the theme at once, as
the theme itself would. Each wrapped call is matched by its shape; a bundle in which either
shape is not found exactly once stops the build with a message (a newer theme must be checked
by hand, not patched blindly). The patched bundle gets a name of its own (the theme's name with
the patch's digest), so that no cache can mix the theme's file and ours.

Instant navigation needs the sitemap (it follows only the links listed there). The page sends the
sitemap request made while instant navigation starts, and ends at once the theme's other sitemap
requests (one per language link, for a language switching the site does itself; see the first
script in overrides/main.html): the wrapped call marks that moment (``window.__hwSitemapTurn``).
Before, instant navigation's request was simply the page's first; now the language links' come
first.

Trade-off, argued both ways: waiting costs nothing a reader can see (the first input starts both
at once, before the input itself is handled; instant navigation is ready as early as the sitemap
it waits for, as before). Against it, the theme's bundle is no longer byte-for-byte the
upstream file, which a maintainer must know when upgrading the theme: hence the stop above.

Measured (Lighthouse, phone, 3 runs in turns with the theme unchanged): total blocking time of
the 跑胡子 lesson 208 → 157 ms, 跑胡子 play 130 → 34 ms, 叶子戏 lesson 162 → 71 ms, 骨牌 rules
160 → 109 ms. Tried and left out: starting the theme's content parts (table of contents,
back-to-top button, code blocks) in a task of their own as well gave 53 → 32, 64 → 57 and
105 → 82 ms on three pages, within a run's variation here, for a third wrapped call.
"""

from __future__ import annotations

import functools
import hashlib
import re
from pathlib import Path

import material

#: the bundle as the theme ships it
THEME_JS = Path(material.__file__).parent / "templates" / "assets" / "javascripts"
_NAME = re.compile(r"bundle\.([0-9a-f]+)\.min\.js")
_ID = r"[\w$]+"

#: what is wrapped: each call where the theme makes it at start-up
#: (bundle.ts: `getComponentElements("search").map(el => mountSearch(el, { index$, keyboard$ }))`)
SEARCH = re.compile(
    rf'(\.\.\.{_ID}\("search"\)\.map\(({_ID})=>)({_ID}\(\2,\{{index\$:{_ID},keyboard\$:{_ID}\}}\))\)'
)
#: (bundle.ts: `feature("navigation.instant") && setupInstantNavigation({...}).subscribe(document$)`)
INSTANT = re.compile(
    rf'({_ID}\("navigation\.instant"\)&&)'
    rf"({_ID}\(\{{sitemap\$:{_ID},location\$:{_ID},viewport\$:{_ID},progress\$:{_ID}\}}\))"
    rf"(\.subscribe\()"
)
LATER = "(window.__hwLater||(f=>f()))"
#: set while instant navigation starts: the one moment the page sends a request for the sitemap
#: (overrides/main.html ends every other at once; the theme's language switching, which asks for
#: a sitemap beside each language link, is done by the site itself)
TURN = "window.__hwSitemapTurn"


class ThemeChanged(RuntimeError):
    """The theme's bundle is not the one this patch was written for."""


def patch(js: str) -> str:
    """The theme's bundle with its search box and instant navigation started later."""
    out, n_search = SEARCH.subn(lambda m: f"{m.group(1)}{LATER}(()=>{m.group(3)}))", js)
    out, n_instant = INSTANT.subn(
        lambda m: f"{m.group(1)}{LATER}(()=>{{{TURN}=!0;try{{return {m.group(2)}}}finally{{{TURN}=!1}}}},1){m.group(3)}", out
    )
    if n_search != 1 or n_instant != 1:
        raise ThemeChanged(
            "The theme's script is not the one sitegen/theme_start.py was written for "
            f"(search box start found {n_search} times, instant navigation's {n_instant} times; "
            "each should be found once). Check the theme's bundle.ts by hand and update the patterns."
        )
    return out


@functools.lru_cache(maxsize=1)
def bundle() -> tuple[str, str, bytes]:
    """(the theme's bundle name, our name for the patched bundle, its bytes)."""
    found = sorted(THEME_JS.glob("bundle.*.min.js"))
    if len(found) != 1:
        raise ThemeChanged(f"expected one theme bundle in {THEME_JS}, found {len(found)}")
    src = found[0]
    m = _NAME.fullmatch(src.name)
    if not m:
        raise ThemeChanged(f"unexpected theme bundle name {src.name}")
    data = patch(src.read_text(encoding="utf-8")).encode("utf-8")
    digest = hashlib.sha256(data).hexdigest()[:8]
    return src.name, f"bundle.{m.group(1)}.{digest}.min.js", data


def refer(page_html: str) -> str:
    """A page pointed at the patched bundle."""
    theirs, ours, _ = bundle()
    return page_html.replace(f"assets/javascripts/{theirs}", f"assets/javascripts/{ours}")


def write(site: Path) -> None:
    """The patched bundle beside the theme's source map; the theme's own file removed."""
    theirs, ours, data = bundle()
    js = site / "assets" / "javascripts"
    (js / ours).write_bytes(data)
    (js / theirs).unlink(missing_ok=True)
