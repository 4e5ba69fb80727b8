"""One English name per term: where an English page names a glossary term and gives the Chinese
beside it — "red hu (红胡)", "scattered group (流散对)" — the English must be the glossary's name.

The check runs over the built English pages of every game (打围, 鄂南骨牌, 下灌叶子戏 and 跑胡子,
including their widgets' static views and the tables generated from the engines); a term is checked
on a game's pages when the glossary lists it for that game.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from engine.glossary import TERMS, Term

GAMES = ("dawei", "gupai", "yezi", "paohuzi")

_ARTICLE = re.compile(r"^(the|a|an)\s+")
_TAG = re.compile(r"<[^>]+>")
_BLOCK = re.compile(r"</?(?:p|li|ul|ol|dl|dt|dd|h[1-6]|table|tr|td|th|caption|div|section|details|summary|blockquote|figcaption|br)\b[^>]*>")
_SKIP = re.compile(r"<(script|style|svg|nav|header|footer)\b.*?</\1>", re.S)
# up to six English words, then the Chinese term in brackets (closed, or followed by a comma)
_NAMED = re.compile(r"((?:[A-Za-z][A-Za-z'\-]*\s){0,5}[A-Za-z][A-Za-z'\-]*)\s*\(([\u4e00-\u9fff]{2,6})[,;)]")


def names(term: Term) -> set[str]:
    """The English names a glossary entry allows: "heaven tile / heaven set" → both; "chi: take …" → "chi";
    a bracket gives another name ("character cards (zi pai)" → "character cards", "zi pai")."""
    out: set[str] = set()
    for part in re.split(r"\s*/\s*|;\s*|,\s*", term.en):
        for inner in re.findall(r"\(([^)]*)\)", part):
            out.add(_ARTICLE.sub("", inner.strip().lower()))
        head = re.sub(r"\s*\(.*?\)", "", part.split(":")[0]).strip().lower()
        if head:
            head = _ARTICLE.sub("", head)
            out.add(head)
            # the generic noun may be left implied: "the hand is ready (落轿)", "a Heaven (天牌)"
            short = re.sub(r"\s+(hand|set|card|group|tile)$", "", head)
            if short != head:
                out.add(short)
    return out


def text_of(page_html: str) -> str:
    """A page's running text: no scripts, drawings or navigation; a block (heading, paragraph, cell,
    list item) ends with a gap, other tags are dropped without one (the glossary wraps terms in links,
    which must not split "red hu (" from "红胡)")."""
    return re.sub(r"\s+", " ", html.unescape(_TAG.sub("", _BLOCK.sub(" ", _SKIP.sub(" ", page_html)))))


def misnamed(text: str, game: str) -> list[tuple[str, str]]:
    """(English used, Chinese term) wherever the English before a bracketed term is not a glossary name."""
    by_zh = {t.zh: t for t in TERMS if game in t.games}
    out = []
    for m in _NAMED.finditer(text):
        term = by_zh.get(m.group(2))
        if term is None:
            continue
        words = m.group(1).lower().split()
        ok = False
        for n in names(term):
            tail = " ".join(words[-len(n.split()):])
            ok = ok or tail in (n, n + "s", n.removesuffix("s"))
        if not ok:
            out.append((" ".join(m.group(1).split()[-4:]), term.zh))
    return out


def test_the_check_finds_a_second_name():
    text = "A win with ten reds is a red win (红胡). Four cards that fit nothing: loose (流散对)."
    assert misnamed(text, "paohuzi") == [("is a red win", "红胡")]
    assert misnamed(text, "yezi") == [("loose", "流散对")]
    assert misnamed("the red hu (红胡) and a scattered group (流散对)", "paohuzi") == []
    # a heading's last word is not read into the next cell's name; a link inside a name is
    assert misnamed(text_of("<h2>Tiles, highest first</h2><td>Heaven-nine (天九)</td>"), "gupai") == []
    assert misnamed(text_of("a <a href='#'>red</a> hu (红胡)"), "paohuzi") == []


@pytest.mark.parametrize("game", GAMES)
def test_english_pages_use_the_glossarys_name(built_site: Path, game: str):
    pages = sorted((built_site / "en" / game).rglob("*.html"))
    assert pages, f"no English pages for {game}"
    found = {}
    for page in pages:
        for used, zh in misnamed(text_of(page.read_text(encoding="utf-8")), game):
            found.setdefault(zh, set()).add(f"{page.parent.name}: …{used}")
    glossary = {t.zh: t.en for t in TERMS}
    assert not found, "\n".join(f"{zh} (glossary: {glossary[zh]}): {sorted(v)}" for zh, v in sorted(found.items()))


def test_engine_names_are_the_glossarys():
    """The names the engines give the widgets are the glossary's names too."""
    from engine.paohuzi.fan import FANS
    from engine.paohuzi.hu import WAYS
    from engine.yezi.combos import COMBINATIONS, SCATTER_EN, SCATTER_ZH

    by_zh = {t.zh: t for t in TERMS}
    pairs = [(c.zh, c.en) for c in COMBINATIONS] + [(SCATTER_ZH, SCATTER_EN)]
    pairs += [(f.zh, f.en) for f in FANS.values() if f.zh in by_zh]
    pairs += [(zh, en) for zh, en in WAYS.values() if zh in by_zh]
    for zh, en in pairs:
        assert zh in by_zh, zh
        assert _ARTICLE.sub("", en.lower()) in names(by_zh[zh]), (zh, en, by_zh[zh].en)


def _bare(name: str) -> str:
    """A name without what its brackets add: "Long five (plum ten)" → "long five", "狐狸（顺）" → "狐狸"."""
    return _ARTICLE.sub("", re.sub(r"\s*[(（][^)）]*[)）]", "", name).strip().lower())


def test_dawei_and_gupai_engine_names_are_the_glossarys():
    """The sticks, throws, tiles, classes and eight-horse kinds the 打围 and 鄂南骨牌 engines name
    carry the glossary's English name wherever the glossary has the term."""
    from engine.dawei.sticks import ANIMALS
    from engine.dawei.throws import PATTERNS
    from engine.gupai.plays import classify
    from engine.gupai.scoring import BAMA_EN, BAMA_ZH
    from engine.gupai.tiles import CLASS_EN, CLASS_ZH, FACES

    pairs = [(a.zh, a.en) for a in ANIMALS] + [(p.zh, p.en) for p in PATTERNS]
    pairs += [(f.zh, f.en) for f in FACES] + [(CLASS_ZH[c], CLASS_EN[c]) for c in CLASS_ZH]
    pairs += [(BAMA_ZH[k], BAMA_EN[k]) for k in BAMA_ZH]
    zhizun = classify(("21", "24"))
    pairs.append((zhizun.zh, zhizun.en))
    by_zh = {t.zh: t for t in TERMS}
    checked = 0
    for zh, en in pairs:
        term = by_zh.get(_bare(zh))
        if term is None:
            continue
        checked += 1
        assert _bare(en) in names(term), (zh, en, term.en)
    assert checked >= 30  # ten sticks, the named throws, the tiles and classes, the eight-horses, 至尊
