"""MkDocs hooks: widgets and generated tables in pages, assets after the build.

In a page::

    ```widget
    dawei-dice
    {"dice": [4, 4, 1, 2, 3, 6]}
    ```

    ```generated
    dawei-throw-table
    ```

The first line names the widget or table, listed with the function that makes it in
sitegen/registry.py; an optional JSON object on the following lines is its params.
"""

from __future__ import annotations

import hashlib
import html
import json
import logging
import mimetypes
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _ensure_path() -> None:
    # MkDocs restores sys.path after loading a hook file, so do this at each event
    # first on the path, always: MkDocs puts a hook's own folder (sitegen/) in front while it loads
    # it, where a module of sitegen/ could hide a top-level package of the same name
    root = str(ROOT)
    if sys.path[:1] != [root]:
        while root in sys.path:
            sys.path.remove(root)
        sys.path.insert(0, root)


_ensure_path()

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from sitegen import assets  # the site's shared assets: engine wheel, hashed scripts, service worker

from sitegen import gloss  # 柱 glossed on every page that uses it
from sitegen import lesson  # a long lesson's parts, drawn as a phone folds them
from sitegen import page_weight  # lighter pages: repeated drawings written once
from sitegen import registry  # every widget, generated table and file, with its maker
from sitegen import theme_fixes
from sitegen import theme_start  # the theme's start split: search and instant navigation a moment later
from sitegen import theme_tables  # the theme's table frames written into the pages
from sitegen.record import pages as record_page  # the record's additions to pages; links checked in the built site
from sitegen.record.search import words  # sitegen/search_terms.txt
from engine.glossary import TERMS  # the glossary's terms, whole words too (after _ensure_path: this tree's engine)

mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("text/javascript", ".js")

FENCE = re.compile(r"^```(widget|generated)[ \t]*\n(.*?)\n```[ \t]*$", re.M | re.S)

_stash: dict[str, str] = {}
#: the end of a table cell, row or caption right before the next tag: the theme's search index joins the text of
#: adjacent cells written without a space between them, so its snippets read "Stickold liontiger"
CELL_END = re.compile(r"(</(?:td|th|tr|caption)>)(?=<)")


def page_lang(page: Any) -> str:
    src = page.file.src_uri
    return "en" if src.endswith(".en.md") else "zh"


class _InstantSwitcherFilter(logging.Filter):
    """mkdocs-static-i18n warns that Material's contextual language switcher and
    navigation.instant do not combine; widgets/runtime.js fixes the switcher's
    links on every instant page change, so that warning is answered."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "not compatible with theme.features = navigation.instant" not in record.getMessage()


def _quiet_i18n() -> None:
    for name in list(logging.root.manager.loggerDict) + ["mkdocs.plugins.mkdocs_static_i18n.reconfigure"]:
        if "i18n" in name:
            lg = logging.getLogger(name)
            if not any(isinstance(f, _InstantSwitcherFilter) for f in lg.filters):
                lg.addFilter(_InstantSwitcherFilter())


_quiet_i18n()


def search_terms() -> list[str]:
    """Game terms that Chinese search must index as whole words."""
    terms = words() + [t.zh for t in TERMS]
    return [t for t in dict.fromkeys(terms) if len(t) >= 2]


def _teach_jieba() -> None:
    # Material's search plugin segments Chinese text with jieba when it is installed
    try:
        import jieba  # here: optional (Material segments Chinese with it only when installed), and 240 ms to import
    except ImportError:
        return
    jieba.setLogLevel(logging.WARNING)
    for term in search_terms():
        jieba.add_word(term, freq=200000)


@event_priority(100)
def on_config(config: Any) -> Any:
    _ensure_path()
    _quiet_i18n()
    _teach_jieba()
    return record_page.config(config)


def on_env(env: Any, config: Any, files: Any) -> Any:
    return record_page.env(env, config, files)


def parse_fence(body: str) -> tuple[str, dict[str, Any]]:
    lines = body.strip().splitlines()
    if not lines:
        raise PluginError("empty widget/generated block")
    name = lines[0].strip()
    rest = "\n".join(lines[1:]).strip()
    params = json.loads(rest) if rest else {}
    if not isinstance(params, dict):
        raise PluginError(f"params of {name!r} must be a JSON object")
    return name, params


LOADING = {
    "zh": "正在浏览器里准备这个小工具……下面是用同样的规则事先算好的示例，准备好就能动手。",
    "en": "Getting this tool ready in your browser… Below is an example worked out in advance by the same rules; it comes alive when ready.",
}


def _view(find: Any, name: str) -> Any:
    """A widget's or table's function, found in the one table of views (sitegen/registry.py)."""
    _ensure_path()
    try:
        return find(name)
    except registry.NotRegistered as e:
        raise PluginError(str(e)) from e


def widget_html(name: str, params: dict[str, Any], lang: str) -> str:
    static = _view(registry.widget, name)(lang, params)
    p = html.escape(json.dumps(params, ensure_ascii=False), quote=True)
    return (
        f'<div class="hw" data-widget="{name}" data-state="loading" data-lang="{lang}" data-params="{p}"'
        f' data-module="{registry.script(name)}">'
        f'<div class="hw-status" role="status" aria-live="polite">'
        f'<span class="hw-spinner" aria-hidden="true"></span><span class="hw-status-text">{LOADING[lang]}</span></div>'
        f'<div class="hw-body">{static}</div></div>'
    )


def table_text(name: str, params: dict[str, Any], lang: str) -> str:
    return str(_view(registry.table, name)(lang, params))


def _stash_html(frag: str) -> str:
    key = "HWSTASH" + hashlib.sha1(frag.encode()).hexdigest()[:16] + str(len(_stash))
    _stash[key] = frag
    return f"\n\n{key}\n\n"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    markdown = record_page.page_markdown(markdown, page, config)
    lang = page_lang(page)

    def repl(m: re.Match[str]) -> str:
        kind, body = m.group(1), m.group(2)
        name, params = parse_fence(body)
        if kind == "widget":
            return _stash_html(widget_html(name, params, lang))
        text = table_text(name, params, lang)
        return _stash_html(text) if text.lstrip().startswith("<") else f"\n\n{text}\n\n"

    return FENCE.sub(repl, markdown)


def on_page_content(html_text: str, page: Any, config: Any, files: Any) -> str:
    def repl(m: re.Match[str]) -> str:
        return _stash.get(m.group(1), m.group(0))

    html_text = re.sub(r"<p>(HWSTASH[0-9a-f]{16}\d+)</p>", repl, html_text)
    html_text = gloss.page_gloss(html_text, page, page_lang(page))  # 柱 glossed on every page that uses it
    html_text = record_page.page_content(html_text, page, config)
    # the search index keeps table cells apart ("old lion tiger", not "old liontiger"), those the record adds included
    return CELL_END.sub(r"\1\n", html_text)


def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    return record_page.page_context(context, page, config)


SEARCH_WORKER = re.compile(r'"search": "((?:[^"]*/)?assets/javascripts/workers/)(search\.[0-9a-f]+\.min\.js)"')


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Each language searches only its own pages (see widgets/search-lang.js);
    a page with widgets loads the widgets' runtime, which starts the engine's worker (for a returning
    reader the page's head starts it while the page is still being parsed, widgets/head-start.js, and
    the runtime adopts it) and hydrates the widgets once the page has loaded and a widget is near the
    screen (widgets/runtime.js; opened from disk, the page says plainly why widgets cannot run); widget
    scripts go by their hashed names."""
    lang = page_lang(page)
    output = page_weight.share_drawings(output)  # a drawing repeated on the page is written once
    output = theme_tables.frame(output)  # the theme's table frames, written in (not added as the page starts)
    output = SEARCH_WORKER.sub(
        lambda m: f'"search": "{m.group(1)}search-lang.js?lang={lang}&worker={m.group(2)}"', output, count=1
    )
    if 'data-widget="' in output:
        m = re.search(r'<script src="([^"]*)assets/javascripts/bundle\.', output)
        prefix = m.group(1) if m else ""
        early = (
            '<meta name="hw-widgets" content="1">'
            f'<link rel="modulepreload" href="{prefix}assets/widgets/runtime.js">'
            f"<script>{assets.head_start()}</script>"
            f'<script type="module" async src="{prefix}assets/widgets/runtime.js"></script>'
            f'<script defer src="{prefix}assets/widgets/from-disk.js"></script>'
        )
        output = output.replace("</head>", early + "</head>", 1)
    output = record_page.post_page(theme_fixes.fix(assets.hash_script_refs(output)), page, config)
    try:
        return lesson.fold_page(output, lang)  # last: the parts hold all the page's content that follows them
    except ValueError as e:
        raise PluginError(f"{page.file.src_uri}: {e}") from e


# ---------------------------------------------------------------- assets


def pyodide_dir() -> Path:
    return assets.pyodide_dir()


def write_assets(site_dir: Path) -> None:
    """Widget scripts (hashed names), Pyodide with the engine's wheel in its lock file,
    files generated by each game, and the service worker (sitegen/assets.py)."""
    assets.write_assets(site_dir)
    # the generated files, each listed with its maker in sitegen/registry.py
    for rel, fn in registry.files():
        out = site_dir / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        content = fn()
        if isinstance(content, str):
            out.write_text(content, encoding="utf-8")
        else:
            out.write_bytes(content)
    assets.fix_pages(site_dir)


_written: set[str] = set()


def on_post_build(config: Any) -> None:
    site_dir = Path(config["site_dir"])
    # mkdocs-static-i18n builds English into <site>/en after the Chinese build,
    # whose post-build already wrote the shared assets at <site>: not twice
    if site_dir.name == "en" and (site_dir.parent / "assets" / "engine" / "manifest.json").exists():
        return
    write_assets(site_dir)
    theme_start.write(site_dir)
    if last_language_pass(config):
        # every language is written: the whole site exists, so its links can be checked
        theme_fixes.fix_files(site_dir)
        record_page.site_built(site_dir, config)
    # last, when every file of the site is written: the service worker lists them with their hashes
    assets.write_service_worker(site_dir)


def last_language_pass(config: Any) -> bool:
    """Whether this build is mkdocs-static-i18n's last language pass. (It builds the default
    language, then each other one, all into the same ``site_dir``: English pages go to ``en/``
    by their file paths, not by a different ``site_dir``.)"""
    i18n = config.plugins.get("i18n")
    if i18n is None:
        return True
    order = [i18n.default_language] + [lang for lang in i18n.build_languages if lang != i18n.default_language]
    return i18n.current_language == order[-1]
