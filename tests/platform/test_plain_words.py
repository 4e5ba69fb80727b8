"""No code names on screen: what a reader sees is words, never identifiers.

Scanned: the visible text and the text labels (aria-label, title, alt, placeholder)
of every built page; the live widgets' text once they are ready (Chinese and
English pages); and every reader-facing message of the engine's answers — all API
EXAMPLES, and bad requests made from them (a field left out, a field of the wrong
kind). Program text shown as program text (<code>, <pre>, <kbd>, <samp>) is not
reader prose and is not scanned.
"""

from __future__ import annotations

import copy
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from collections.abc import Iterator


from engine.api import available_games, examples_of, handle

# identifiers that are not words
PATTERNS = {
    "snake_case": re.compile(r"(?<![\w./-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w/.-])"),
    "camelCase": re.compile(r"(?<![\w./-])[a-z]+[A-Z][A-Za-z]*(?![\w/.-])"),
    "field=": re.compile(r"(?<![\w])[a-z_]+=(?!=)"),
    "dotted id": re.compile(r"(?<![\w./-])(?:dawei|gupai|yezi|paohuzi|engine)\.[a-z_]+(?:\.[a-z_]+)*(?![\w/-])"),
    "program value": re.compile(r"['‘“\"](?:NoneType|None|True|False|dict|list|str|int|float|bool|null|true|false)['’”\"]|\bNoneType\b"),
    "object notation": re.compile(r"\{\s*[a-z_]+(?:\s*,\s*[a-z_]+)+\s*\}"),
    "quoted field": re.compile(r"['‘“\"](?:[a-z]+_[a-z_]+|[a-z]+)['’”\"]\s*(?:字段|field|must|应为|should)"),
}
URL = re.compile(r"(?:https?://|www\.)\S+|\S+@\S+\.\w+|\b[\w-]+\.(?:json|jsonl|csv|md|html|txt|py|js|cff|bib|ris|yml|svg|pdf)\b")


def identifiers(text: str) -> list[str]:
    text = URL.sub(" ", text)
    found = []
    for kind, rx in PATTERNS.items():
        found += [f"{kind}: {m.group(0)}" for m in rx.finditer(text)]
    return found


def test_the_scanner_finds_identifiers_and_spares_words() -> None:
    assert identifiers("规则：any_sum（默认）")
    assert identifiers("ending: pool_empty")
    assert identifiers("see paohuzi.red_rule")
    assert identifiers("the field 'cards' must be a list")
    assert identifiers("字段“cards”应为列表")
    assert identifiers("a camelCase name")
    assert identifiers("n=4 players")
    assert identifiers("at_least")
    assert identifiers("'NoneType' is not a card")
    assert identifiers("unknown card 'None'")
    assert identifiers("each penalty must be an object {seat, kind}.")
    assert not identifiers("Three dice of a kind; see dawei.csv at https://x.org/a_b.")
    assert not identifiers("跑胡子 · 编者注：红胡与黑胡不能同时成立。")
    assert not identifiers("e.g. the dealer's turn, i.e. once.")


# ---------------------------------------------------------------- built pages

SKIP_TAGS = {"script", "style", "code", "pre", "kbd", "samp", "template", "noscript", "svg", "math"}
LABELS = ("aria-label", "title", "alt", "placeholder")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.skip = 0
        self.stack: list[str] = []
        self.out: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        void = tag in ("br", "img", "input", "meta", "link", "hr", "source", "wbr", "col", "area", "base", "embed", "track", "param")
        a = dict(attrs)
        hidden = "hidden" in a or a.get("aria-hidden") == "true"
        if not self.skip:
            for k in LABELS:
                if a.get(k):
                    self.out.append(a[k] or "")
            if tag == "option" and a.get("label"):
                self.out.append(a["label"] or "")
        if not void:
            entering = tag in SKIP_TAGS or hidden
            self.stack.append(tag if not entering else "!" + tag)
            if entering:
                self.skip += 1

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            top = self.stack.pop()
            if top.startswith("!"):
                self.skip -= 1
            if top.lstrip("!") == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.out.append(data)


def page_text(html: str) -> str:
    marker = '<div class="md-content"'
    body = marker + html.split(marker, 1)[1] if marker in html else html
    p = _Text()
    p.feed(body)
    return "\n".join(p.out)


def _site_pages(site: Path) -> list[Path]:
    return [f for f in sorted(site.rglob("index.html")) if "assets" not in f.parts and "search" not in f.parts]


def test_built_pages_show_words(built_site: Path) -> None:
    found = {}
    files = _site_pages(built_site)
    assert len(files) > 20
    for f in files:
        hits = identifiers(page_text(f.read_text(encoding="utf-8")))
        if hits:
            found[f.relative_to(built_site).as_posix()] = sorted(set(hits))[:12]
    assert found == {}, "\n".join(f"{p}: {v}" for p, v in found.items())


# ---------------------------------------------------------------- engine answers

READER_KEYS = re.compile(r"(^|_)(zh|en)$|^(text|label|name|names|title|message|reason|reasons|why|verdict|summary|words|caption|note|notes|explain|explanation|status)$")
SKIP_KEYS = {"svg", "code", "codes", "id", "ids", "key", "request"}


def reader_strings(x: Any, key: str = "", reader: bool = False) -> Iterator[str]:
    if isinstance(x, dict):
        for k, v in x.items():
            # a drawing is markup, in either language (figure, figure_en)
            if k in SKIP_KEYS or re.sub(r"_(zh|en)$", "", k) in SKIP_KEYS | {"figure"}:
                continue
            yield from reader_strings(v, k, reader or bool(READER_KEYS.search(k)))
    elif isinstance(x, list):
        for v in x:
            yield from reader_strings(v, key, reader)
    elif isinstance(x, str) and reader:
        yield x


def _requests() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for game in available_games():
        for i, ex in enumerate(examples_of(game)):
            out.append((f"{game} example {i + 1}", ex["request"]))
    return out


def _bad_requests() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for label, req in _requests():
        for k in req:
            if k in ("game", "action"):
                continue
            dropped = {kk: vv for kk, vv in req.items() if kk != k}
            out.append((f"{label} without one field", dropped))
            for wrong in ("x", -1, [], {}, [None] * 3, True):
                bent = copy.deepcopy(req)
                bent[k] = wrong
                out.append((f"{label} with a wrong value", bent))
    return out


def test_example_answers_speak_in_words() -> None:
    found = {}
    reqs = _requests()
    assert len(reqs) >= 8
    for label, req in reqs:
        ans = handle(copy.deepcopy(req))
        hits = [h for s in reader_strings(ans) for h in identifiers(s)]
        if hits:
            found[f"{label} ({req['game']}.{req['action']})"] = sorted(set(hits))[:8]
    assert found == {}, "\n".join(f"{p}: {v}" for p, v in found.items())


def test_error_answers_are_sentences_about_the_game() -> None:
    found = {}
    bad = _bad_requests()
    assert len(bad) > 50
    errors = 0
    for _label, req in bad:
        ans = handle(req)
        if ans.get("ok"):
            continue
        errors += 1
        err = ans["error"]
        assert set(err) >= {"code", "zh", "en"}
        assert err["zh"].strip() and err["en"].strip()
        problems = identifiers(err["zh"]) + identifiers(err["en"])
        # a request field's own name never appears quoted in a message
        for k in req:
            if k in ("game", "action"):
                continue
            for q in (f"'{k}'", f"“{k}”", f'"{k}"', f"‘{k}’"):
                if q in err["zh"] or q in err["en"]:
                    problems.append(f"names the field {q}")
        if re.search(r"[\u4e00-\u9fff]", err["en"].replace("(", " ").split("(")[0]) and not re.search(r"\(\S*[\u4e00-\u9fff]", err["en"]):
            pass  # Chinese terms in English text are fine beside their English name
        if problems:
            key = f"{req['game']}.{req['action']}: {err['en'][:90]}"
            found[key] = sorted(set(problems))[:6]
    assert errors > 20
    assert found == {}, "\n".join(f"{p} → {v}" for p, v in found.items())


# ---------------------------------------------------------------- live widgets


def test_live_widgets_show_words(site_crawl: Any, built_site: Path) -> None:
    """The text of every widget once ready, on every page with one, as the session's crawl read
    it at 1280 px (tests/browser/crawl.py: WIDGET_TEXT_JS, each page visited once per viewport)."""
    from browser.sitepages import widget_pages

    crawl = site_crawl["desk"]
    assert crawl.foreign == [], f"the site requested other hosts: {crawl.foreign}"
    found = {}
    paths = widget_pages(built_site)
    assert paths
    for path in paths:
        v = crawl.visits[path]
        hits = identifiers(v.words) + v.not_started()
        if v.page_errors:
            hits.append(f"uncaught errors in the page: {v.page_errors}")
        if hits:
            found[path] = sorted(set(hits))[:10]
    assert found == {}, "\n".join(f"{p}: {v}" for p, v in found.items())
