"""A game's names are written once, in its engine: the kinds of 八马 (骨牌), where a 跑胡子 card comes from and the
fouls a player declares. Every other module (the engine's answers, sitegen's pages) reads that one table."""

from __future__ import annotations

import functools
import html
from pathlib import Path

from engine.api import handle

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def holders(words: set[str], *folders: str) -> dict[str, set[str]]:
    """The modules under ``folders`` whose code holds one of ``words`` as a whole string ("…" or '…')."""
    out: dict[str, set[str]] = {}
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            text = source(path)
            found = {w for w in words if f'"{w}"' in text or f"'{w}'" in text}
            if found:
                out[str(path.relative_to(ROOT))] = found
    return out


def test_the_kinds_of_eight_horse_are_named_in_one_table() -> None:
    from engine.gupai.scoring import BAMA_A_EN, BAMA_EN, BAMA_MULT, BAMA_ZH, KINDS

    zh = {k.zh for k in KINDS.values()}
    en = {k.en.split(" (")[0] for k in KINDS.values()}
    shorts = {k.short_en for k in KINDS.values()}
    # the English names are the glossary's (the kinds find their entries by their characters); only the
    # ledger's short names are written beside the kinds
    assert holders(zh | en | shorts, "engine") == {"engine/glossary.py": zh | en, "engine/gupai/scoring.py": zh | shorts}
    # the pages' tables too (八马 alone is also a glossary term and a heading, so the English names are sought)
    assert holders({w for k in KINDS.values() for w in k[1:]}, "sitegen") == {}
    assert set(BAMA_MULT) < set(KINDS) and all(BAMA_ZH[k] == KINDS[k].zh and BAMA_EN[k] == KINDS[k].en and BAMA_A_EN[k] == KINDS[k].a_en for k in BAMA_MULT)
    # the ledger names each hand's kind from it: a red eight-horse and a black one
    ans = handle({"game": "gupai", "action": "ledger", "hands": [
        {"dealer": 0, "held": [8, 0, 0, 0], "closer": 0, "shang": "hand"},
        {"dealer": 3, "held": [2, 1, 1, 4], "closer": 3, "shang": "run", "run": True}]})
    assert ans["ok"], ans
    assert [h["kind"] for h in ans["hands"]] == ["red", "black"]
    assert [h["kind_words"] for h in ans["hands"]] == [{"zh": KINDS[k].zh, "en": KINDS[k].short_en} for k in ("red", "black")]
    assert KINDS["red"].a_en in ans["hands"][0]["en"] and KINDS["black"].zh in ans["hands"][1]["zh"]


def test_a_cards_source_and_the_declared_fouls_are_named_in_one_table() -> None:
    from engine.paohuzi.hu import DECLARED_FOULS, FOUL_NAMES, SHEET_SOURCES, SOURCE_NAMES, SOURCES
    from sitegen import paohuzi

    assert tuple(SOURCE_NAMES) == SOURCES and tuple(FOUL_NAMES) == DECLARED_FOULS and set(SHEET_SOURCES) <= set(SOURCES)
    # the match sheet's words for the same sources (about the winner) sit beside them
    sheet = handle({"game": "paohuzi", "action": "sheet", "table": "four", "hands": [], "form": True})
    assert [(s["id"], s["zh"], s["en"]) for s in sheet["form"]["sources"]] == [(k, *v) for k, v in SHEET_SOURCES.items()]
    pairs = [pair for names in (SOURCE_NAMES, FOUL_NAMES, SHEET_SOURCES) for pair in names.values()]
    found = holders({w for pair in pairs for w in pair}, "engine", "sitegen")
    assert found.pop("engine/paohuzi/hu.py") == {w for pair in pairs for w in pair}
    found.pop("engine/glossary.py", None)  # the glossary's own terms (走跑, missed pao …), defined there
    # no other module names one in both languages (a single term such as 臭张 in a sentence is no copy)
    assert {k: [p for p in pairs if set(p) <= v] for k, v in found.items()} == {k: [] for k in found}
    for lang, i in (("zh", 0), ("en", 1)):  # the scoring widget's menu and boxes show them
        page = paohuzi.score_widget(lang, {})
        assert all(f">{html.escape(v[i])}<" in page for v in SOURCE_NAMES.values())
        assert all(html.escape(v[i]) in page for v in FOUL_NAMES.values())
    # every foul the widget offers is one the engine takes
    ans = handle({"game": "paohuzi", "action": "hu", "hand": "d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x4 x5 x6 d8 d8 x9 x9 d9".split(),
                  "card": "x8", "source": "self", "fouls": list(DECLARED_FOULS)})
    assert ans["ok"] and not ans["wins"], ans
    assert [r["code"] for r in ans["reasons"] if r["code"] in FOUL_NAMES] == list(DECLARED_FOULS)
    assert all(r["zh"].startswith(FOUL_NAMES[r["code"]][0]) for r in ans["reasons"] if r["code"] in FOUL_NAMES)


def test_each_game_names_its_seats_in_one_table() -> None:
    from engine.gupai.scoring import SEATS_EN as GUPAI_EN, SEATS_ZH as GUPAI_ZH
    from engine.paohuzi.table import PLAYER_NAMES, ROLE_NAMES
    from engine.yezi.cards import SEAT_NAMES as YEZI

    # 骨牌's and 叶子戏's seats (甲家 / Player A …): one table in each game's engine, the rest read it
    assert holders({"甲家", "Player A", "乙家", "Player B"}, "engine", "sitegen", "views") == {
        "engine/gupai/scoring.py": {"甲家", "Player A", "乙家", "Player B"}, "engine/yezi/cards.py": {"甲家", "Player A", "乙家", "Player B"}}
    assert list(zip(GUPAI_ZH, GUPAI_EN)) == list(YEZI)
    # the seats' letters in a row (甲乙丙丁, ABCD): written in no module, read from the tables (打围's sixteen are
    # its own and the records')
    assert holders({"甲乙丙丁", "ABCD", "甲乙丙", "ABC"}, "engine", "sitegen", "views") == {}
    # 跑胡子's roles (庄家 / the dealer …) and its players' letters: one table, table.py's
    found = holders({w for pair in (*ROLE_NAMES.values(), *PLAYER_NAMES) for w in pair if len(w) > 1}, "engine/paohuzi")
    assert list(found) == ["engine/paohuzi/table.py"]
    from engine.paohuzi import match, settle, sheet

    assert sheet.SEAT_LETTERS is PLAYER_NAMES and match.PLAYER_NAMES is PLAYER_NAMES
    assert {k: v[0] for k, v in settle.SEAT_NAMES.items()} == {k: v[0] for k, v in ROLE_NAMES.items()}
