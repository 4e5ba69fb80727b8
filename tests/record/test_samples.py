"""The narrated sample games: each page's game is played again from the seed its page names,
and what the built page shows must be exactly what the engine tells now; the narration must
also agree with the engine's public answers (the same moves, the same settlement)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from engine.api import handle
from sitegen import guide, zipai

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"```generated\n(\S+)\n(\{.*?\})?\n?```", re.S)
LANGS = (("zh", ""), ("en", "en/"))
SAMPLES = {"dawei": "guide-dawei-sample", "gupai": "guide-gupai-sample", "yezi": "guide-yezi-sample", "paohuzi": "zipai-narration"}


def _block(game: str, lang: str) -> tuple[str, dict]:
    text = (ROOT / "docs" / game / f"sample.{lang}.md").read_text(encoding="utf-8")
    m = FENCE.search(text)
    assert m, f"docs/{game}/sample.{lang}.md has no generated block"
    return m.group(1), json.loads(m.group(2) or "{}")


def _words(fragment: str) -> str:
    """The text a reader sees, with every space dropped: tags (the glossary's term links among
    them) and drawings removed, entities read."""
    fragment = re.sub(r"<svg\b.*?</svg>", "", fragment, flags=re.S)
    return re.sub(r"\s+", "", html.unescape(re.sub(r"<[^>]+>", "", fragment)))


def _element(page: str, start: str) -> str:
    i = page.index(start)
    depth = 0
    for m in re.finditer(r"<div\b|</div>", page[i:]):
        depth += 1 if m.group(0) == "<div" else -1
        if depth == 0:
            return page[i : i + m.end()]
    raise AssertionError("unclosed element")


def _regenerate(name: str, lang: str, params: dict) -> str:
    mod = zipai if name.startswith("zipai-") else guide
    return mod.TABLES[name](lang, params)


@pytest.mark.parametrize("game", sorted(SAMPLES))
@pytest.mark.parametrize("lang,prefix", LANGS)
def test_the_page_shows_the_game_its_seed_gives(built_site: Path, game: str, lang: str, prefix: str) -> None:
    name, params = _block(game, lang)
    assert name == SAMPLES[game]
    fresh = _regenerate(name, lang, params)
    page = (built_site / f"{prefix}{game}/sample/index.html").read_text(encoding="utf-8")
    start = re.match(r"<div class=\"[^\"]+\"", fresh.strip())
    assert start, "the narration is one element"
    shown = _element(page, start.group(0))
    assert _words(shown) == _words(fresh)
    assert len(_words(fresh)) > 500  # a whole game, not an empty frame


@pytest.mark.parametrize("lang,prefix", LANGS)
def test_dawei_narration_is_the_engines_game(built_site: Path, lang: str, prefix: str) -> None:
    _, params = _block("dawei", lang)
    ans = handle({"game": "dawei", "action": "play", "players": params["players"], "seed": params["seed"], "humans": [], "moves": [], "log_tail": 500})
    assert ans["ok"] and ans["terminal"]
    assert ans["log_length"] == len(ans["log"]), "the whole log fits in one answer"
    page = _words((built_site / f"{prefix}dawei/sample/index.html").read_text(encoding="utf-8"))
    # every throw that took something or offered a choice is told in the engine's own words, in order
    pos = 0
    told = 0
    for x in ans["log"]:
        if x["dice"] is None or x["turn"] == 0:
            continue
        sentence = _words(html.escape(x[lang]))
        at = page.find(sentence, pos)
        if at >= 0:
            pos = at + len(sentence)
            told += 1
    blanks = sum(int(m.group(2) or m.group(1)) - int(m.group(1)) + 1
                 for m in re.finditer(r"(?:第|Turns?)(\d+)(?:–(\d+))?(?:手：|:)[^。.]*?(?:无所得|takes?nothing)", page))
    assert told + blanks >= ans["turn"], "every turn is told, alone or in a group of blank throws"
    # the settlement line by line ends with the engine's own results
    nets = "+".join(f"({x:+g})" for x in ans["net"])
    assert nets in page


@pytest.mark.parametrize("lang,prefix", LANGS)
def test_gupai_narration_is_the_engines_hand(built_site: Path, lang: str, prefix: str) -> None:
    _, params = _block("gupai", lang)
    ans = handle({"game": "gupai", "action": "play", "seed": params["seed"]})
    page = _words((built_site / f"{prefix}gupai/sample/index.html").read_text(encoding="utf-8"))
    seats = [s[lang] for s in ans["seats"]]
    for i, tr in enumerate(ans["tricks"], 1):
        head = f"第{i}圈" if lang == "zh" else f"Trick{i}"
        nxt = f"第{i + 1}圈" if lang == "zh" else f"Trick{i + 1}"
        chunk = page[page.index(head): page.index(nxt) if nxt in page else None]
        takes = _words(f"{seats[tr['winner']]}得这一圈" if lang == "zh" else f"{seats[tr['winner']]} takes the trick")
        assert takes in chunk, f"trick {i}: the engine gives it to {seats[tr['winner']]}"
    for line in ans["settlement"]["lines"]:
        assert _words(html.escape(line[lang])) in page


@pytest.mark.parametrize("lang,prefix", LANGS)
def test_yezi_narration_is_the_engines_round(built_site: Path, lang: str, prefix: str) -> None:
    _, params = _block("yezi", lang)
    ans = handle({"game": "yezi", "action": "round", "seed": params["seed"]})
    page = _words((built_site / f"{prefix}yezi/sample/index.html").read_text(encoding="utf-8"))
    for p in ans["players"]:
        assert f"{'+'.join(map(str, p['scores']))}={p['total']}" in page
    winner = ("甲乙丙丁"[ans["winners"][0]] + "家") if lang == "zh" else f"Player {'ABCD'[ans['winners'][0]]}"
    assert _words(f"合计最小的{winner}" if lang == "zh" else f"{winner} has the lowest total") in page


def test_dawei_play_page_points_to_the_narrated_game(built_site: Path) -> None:
    for prefix in ("", "en/"):
        page = (built_site / f"{prefix}dawei/play/index.html").read_text(encoding="utf-8")
        first_link = page.index('href="../sample/"')
        assert first_link < page.index('data-widget="dawei-game"'), "the narrated game is offered before the raw record"
