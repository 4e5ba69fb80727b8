"""Every rule option's readings are named once, in the engine, and given in words by each game's options answer:
the option pages' tables and the widgets' menus read them from there, and sitegen keeps no copy of its own."""

from __future__ import annotations

import ast
import re
from dataclasses import fields
from pathlib import Path

import pytest

from engine.api import handle

GAMES = ("dawei", "gupai", "paohuzi", "yezi")
ROOT = Path(__file__).resolve().parents[2]


def _choices(game: str) -> dict[str, tuple[str, ...]]:
    """Each option of the game's rule config and its choices, as the engine's config declares them."""
    if game == "dawei":
        from engine.dawei.options import CHOICES
    elif game == "gupai":
        from engine.gupai.config import CHOICES
    elif game == "yezi":
        from engine.yezi.config import CHOICES
    else:
        from engine.paohuzi.config import RuleConfig
        from engine.paohuzi.trace import OPTIONS

        names = {f.name for f in fields(RuleConfig)}
        CHOICES = {o.id.split(".", 1)[1]: o.choices for o in OPTIONS}
        assert set(CHOICES) <= names
    return dict(CHOICES)


def _answer(game: str) -> list[dict]:
    a = handle({"game": game, "action": "options"})
    assert a["ok"], a
    return a["options"]


def _words() -> set[tuple[str, str]]:
    """Every reading's words in the four options answers, (zh, en)."""
    return {(c["zh"], c["en"]) for game in GAMES for o in _answer(game) for c in o["choice_words"]}


@pytest.mark.parametrize("game", GAMES)
def test_every_option_and_choice_has_words_in_both_languages_in_the_options_answer(game: str) -> None:
    config = _choices(game)
    options = _answer(game)
    assert {o["id"] for o in options} == set(config)
    for o in options:
        assert o["zh"].strip() and o["en"].strip() and re.search(r"[\u4e00-\u9fff]", o["zh"])
        assert o["choices"] == list(config[o["id"]]) and o["default"] in o["choices"]
        words = o["choice_words"]
        assert [c["id"] for c in words] == o["choices"]
        for c in words:
            assert c["zh"].strip() and c["en"].strip(), (game, o["id"], c)
            assert c["en"] != c["id"] and c["zh"] != c["id"] or c["id"].isdigit(), (game, o["id"], c)  # words, not ids
            assert re.search(r"[\u4e00-\u9fff]", c["zh"]), (game, o["id"], c)
        for lang in ("zh", "en"):  # a reader can tell the readings apart
            assert len({c[lang] for c in words}) == len(words), (game, o["id"], lang)


@pytest.mark.parametrize("game", GAMES)
def test_the_options_table_on_the_page_shows_the_answers_words(game: str) -> None:
    from importlib import import_module

    table = import_module(f"sitegen.{game}").options_table
    for lang in ("zh", "en"):
        page = table(lang, {})
        for o in _answer(game):
            assert o[lang] in page, (game, o["id"], lang)
            for c in o["choice_words"]:
                assert c[lang] in page, (game, o["id"], c["id"], lang)


def _constants(path: Path) -> list[str]:
    """The string constants of a module's code (an f-string's literal parts included)."""
    return [n.value for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def copies(texts: list[str], words: set[tuple[str, str]]) -> list[tuple[str, str]]:
    """The readings whose words ``texts`` hold in both languages: each language's words as a whole text, or, when
    long, within one (a table of readings holds both; a sentence of the page that happens to share a short phrase
    in one language is no copy)."""

    def held(w: str, long: int) -> bool:
        return any(text == w or (len(w) >= long and w in text) for text in texts)

    return sorted((zh, en) for zh, en in words if held(zh, 4) and held(en, 12))


def test_sitegen_keeps_no_copy_of_a_readings_words() -> None:
    words = _words()
    found = {str(p.relative_to(ROOT)): copies(_constants(p), words) for p in sorted((ROOT / "sitegen").rglob("*.py"))}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_check_finds_a_copied_reading() -> None:
    words = _words()
    assert copies(['f"{x}"', "并列", "shared place"], words) == [("并列", "shared place")]
    assert copies(["<option>按组合名次</option>", "<option>the combination's rank</option>"], words) == [("按组合名次", "the combination's rank")]
    assert copies(["并列", "rank", "不强制", "nothing forced"], words) == []
