"""engine/words.py: the shared plain-word helpers, and the validators' messages."""

from __future__ import annotations

import re

import pytest

from engine import words
from engine.api import handle
from engine.validate import get_int, get_list, get_str, missing
from engine.errors import ApiError
from engine.glossary import TERMS as GLOSSARY


@pytest.mark.parametrize(
    ("noun", "expected"),
    [("six", "sixes"), ("card", "cards"), ("kind", "kinds"), ("die", "dice"), ("party", "parties"),
     ("play", "plays"), ("match", "matches"), ("red card", "red cards"), ("fan", "fan"), ("box", "boxes")],
)
def test_plural(noun: str, expected: str) -> None:
    assert words.plural(noun) == expected


def test_count_agrees_with_the_number() -> None:
    assert words.count(1, "kind") == "1 kind"
    assert words.count(2, "kind") == "2 kinds"
    assert words.count(1, "six", words=True) == "one six"
    assert words.count(3, "six", words=True) == "three sixes"
    assert words.count(20, "six", words=True) == "20 sixes"


def _glosses(en: str) -> set[str]:
    parts = re.split(r"[;,/:]| \(|\)", en)
    return {p.strip().lower() for p in parts if p.strip()} | {en.lower()}


def test_terms_are_the_glossarys_english_names() -> None:
    by_zh = {t.zh: t for t in GLOSSARY}
    for zh, en in words.TERMS.items():
        assert zh in by_zh, f"{zh} is not in the glossary"
        gl = _glosses(by_zh[zh].en)
        assert en.lower() in gl or any(en.lower() in g for g in gl), (zh, en, by_zh[zh].en)


IDENT = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+[A-Z][a-zA-Z]*\b|'[a-z_]+'|“[a-z_]+”|\w+=")


def _message_of(fn, *args, **kw) -> ApiError:
    with pytest.raises(ApiError) as e:
        fn(*args, **kw)
    return e.value


@pytest.mark.parametrize(
    "call",
    [
        lambda: get_list({"cards": [1, 2]}, "cards", min_len=3, max_len=4),
        lambda: get_list({"cards": "x"}, "cards"),
        lambda: get_list({"dice": [1] * 7}, "dice", min_len=6, max_len=6),
        lambda: get_int({"previous_banker": 9}, "previous_banker", lo=0, hi=3),
        lambda: get_int({"log_tail": "x"}, "log_tail"),
        lambda: get_str({"fouls": "zou_paox"}, "fouls", choices=("zou_pao", "shi_ti")),
        lambda: get_list({}, "self_drawn"),
        lambda: get_list({"some_unknown_field": 1}, "some_unknown_field"),
    ],
)
def test_validator_messages_never_name_a_field(call) -> None:
    err = _message_of(call)
    for text in (err.zh, err.en):
        assert not IDENT.search(text), text
        for name in ("cards", "dice", "previous_banker", "log_tail", "fouls", "self_drawn", "some_unknown_field"):
            assert f"'{name}'" not in text and f"“{name}”" not in text


def test_list_length_message_says_what_was_given_and_what_to_give() -> None:
    err = _message_of(get_list, {"cards": [1, 2]}, "cards", min_len=3, max_len=4)
    assert "3 张" in err.zh and "2 张" in err.zh
    assert "at least 3 cards" in err.en and "not 2" in err.en
    err = missing("dice")
    assert "色子" in err.zh and "dice" in err.en


def test_api_answers_a_short_throw_in_words() -> None:
    ans = handle({"game": "dawei", "action": "classify", "dice": [1, 2, 3]})
    assert ans["ok"] is False
    assert "6" in ans["error"]["en"] and "dice" in ans["error"]["en"]
    assert not IDENT.search(ans["error"]["en"]) and not IDENT.search(ans["error"]["zh"])


def test_the_engine_answers_the_glossary_and_names_terms_by_it() -> None:
    from engine.api import handle
    from engine.glossary import TERMS as ALL

    ans = handle({"game": "engine", "action": "glossary", "games": ["gupai"]})
    assert ans["ok"], ans
    got = {t["zh"]: t for t in ans["terms"]}
    assert set(got) == {t.zh for t in ALL if "gupai" in t.games}
    # the name running text gives a term is the one the glossary declares beside it
    assert got["墩"]["name"] == words.TERMS["墩"] == "trick" and got["墩"]["en"] == "stack; trick"
    assert len(handle({"game": "engine", "action": "glossary"})["terms"]) == len(ALL)
    bad = handle({"game": "engine", "action": "glossary", "games": ["chess"]})
    assert not bad["ok"] and bad["error"]["code"] == "bad_game" and "骨牌" in bad["error"]["zh"]
