"""The trace names only passages that exist in the primary sources.

Every ``Passage`` in every ``engine/<game>/trace.py`` (rules, gaps, options)
must point at one of the four source files and quote it exactly; the
archive's own outline of each source (``sitegen.record.data``) must locate
its sections by exact, ordered anchors.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.trace import Gap, Passage, Rule, RuleOption
from sitegen.record.trace import load_trace, section_of
from sitegen.record.data import GAME_IDS, GAMES

REPO = Path(__file__).resolve().parents[2]
SOURCES = REPO / ".." / "shared" / "sources"
SOURCE_FILES = {g.source for g in GAMES.values()}


def _text(name: str) -> str:
    return (SOURCES / name).read_text(encoding="utf-8")


def passages(game: str) -> list[tuple[str, Passage]]:
    mod = load_trace(game)
    if mod is None:
        return []
    out: list[tuple[str, Passage]] = []
    for r in getattr(mod, "RULES", ()):
        assert isinstance(r, Rule), f"{game}: RULES holds {type(r).__name__}, not Rule"
        out.append((f"rule {r.id}", r.passage))
    for i, g in enumerate(getattr(mod, "GAPS", ())):
        assert isinstance(g, Gap), f"{game}: GAPS holds {type(g).__name__}, not Gap"
        out.append((f"gap #{i}", g.passage))
    for o in getattr(mod, "OPTIONS", ()):
        assert isinstance(o, RuleOption), f"{game}: OPTIONS holds {type(o).__name__}, not RuleOption"
        out.append((f"option {o.id}", o.passage))
    return out


def bad_passages(items: list[tuple[str, Passage]]) -> list[str]:
    """Every passage that does not exist in the sources, with the reason."""
    problems = []
    for what, p in items:
        if p.source not in SOURCE_FILES:
            problems.append(f"{what}: unknown source file {p.source!r}")
        elif not p.quote.strip():
            problems.append(f"{what}: empty quote")
        elif p.quote not in _text(p.source):
            problems.append(f"{what}: quote {p.quote!r} is not in {p.source}")
        elif not p.section.strip():
            problems.append(f"{what}: no section label")
    return problems


def test_sources_are_where_the_tests_look() -> None:
    for name in SOURCE_FILES:
        assert (SOURCES / name).is_file(), f"missing primary source {SOURCES / name}"


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_trace_passage_quotes_its_source_exactly(game: str) -> None:
    items = passages(game)
    assert load_trace(game) is not None, f"engine/{game}/trace.py is missing"
    assert items, f"engine/{game}/trace.py declares no passage at all"
    assert bad_passages(items) == []


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_traced_passage_falls_in_an_outlined_section(game: str) -> None:
    items = passages(game)
    assert items, f"engine/{game}/trace.py declares no passage"
    g = GAMES[game]
    lost = [what for what, p in items if p.source == g.source and section_of(p) is None]
    assert lost == []


def test_checker_rejects_a_passage_that_is_not_in_the_source() -> None:
    good = Passage("dawei.txt", "豹", _text("dawei.txt")[200:210])
    assert bad_passages([("good", good)]) == []
    bad = [
        ("wrong file", Passage("dawei2.txt", "x", "打围")),
        ("invented", Passage("gupai.txt", "x", "这句话原文里没有")),
        ("empty", Passage("yezixi.txt", "x", "  ")),
        ("other file", Passage("paohuzi.txt", "x", "老狮子")),
    ]
    assert len(bad_passages(bad)) == 4


@pytest.mark.parametrize("game", GAME_IDS)
def test_outline_anchors_exist_once_and_in_order(game: str) -> None:
    g = GAMES[game]
    text = _text(g.source)
    last = -1
    for s in g.sections:
        at = text.find(s.anchor)
        assert at >= 0, f"{g.source}: outline anchor {s.anchor!r} not found"
        assert at > last, f"{g.source}: outline anchor {s.anchor!r} out of order"
        last = at
    slugs = [s.slug for s in g.sections]
    assert len(set(slugs)) == len(slugs)


@pytest.mark.parametrize("game", GAME_IDS)
def test_recorded_misprints_are_really_printed(game: str) -> None:
    """A misprint the sources page lists must occur in the source (those given as a single phrase)."""
    g = GAMES[game]
    text = _text(g.source)
    for m in g.misprints:
        if " " in m.printed or "/" in m.printed or "=" in m.printed:
            continue  # a summary of two places ("正挪 / 分挪"), not one phrase
        assert m.printed in text, f"{g.source}: {m.printed!r} is not printed there"
