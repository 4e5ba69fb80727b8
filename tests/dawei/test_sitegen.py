"""Build-time views of 打围: generated from the engine, consistent with it."""

import csv
import html
import io
import re

import pytest

from engine.dawei.options import CHOICE_WORDS
from engine.dawei.throws import PATTERNS, pattern_ways
from engine.dawei.trace import OPTIONS
from sitegen import dawei as sg


def test_csv_is_the_whole_table():
    rows = list(csv.DictReader(io.StringIO(sg.FILES[sg.CSV_PATH]())))
    assert len(rows) == 462
    assert sum(int(r["ways"]) for r in rows) == 46656
    by_pattern: dict[str, int] = {}
    for r in rows:
        by_pattern[r["pattern_id"]] = by_pattern.get(r["pattern_id"], 0) + int(r["ways"])
    assert by_pattern == {k: v for k, v in pattern_ways().items() if v}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_throw_filter_has_every_throw(lang):
    html = sg.WIDGETS["dawei-throw-filter"](lang, {})
    assert html.count("<tr data-pattern=") == 462
    assert sg.CSV_PATH in html


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_throw_groups_one_per_thing_taken(lang):
    """The 462 throws sit in one table per thing a throw takes, in reading order: each group's
    caption counts its rows and their chance, and every row of a group takes the same."""
    html_text = sg.WIDGETS["dawei-throw-filter"](lang, {})
    groups = re.findall(r'<div class="dawei-group"[^>]*style="--rows: (\d+)"><table[^>]*><caption>([^<]*)</caption>(.*?)</table></div>', html_text)
    assert len(groups) == 15
    seen = 0
    for n, caption, body in groups:
        rows = re.findall(r'<tr data-pattern="([^"]*)" data-awards="([^"]*)" data-dice="[^"]*" data-ways="(\d+)">', body)
        assert len(rows) == int(n) and len({a for _, a, _ in rows}) == 1
        count = f"{n} 种掷法" if lang == "zh" else f"{n} throw"
        assert count in caption and sg.pct(sum(int(w) for *_, w in rows)) in caption
        if rows[0][0] == "blank":
            assert caption.startswith("不得签" if lang == "zh" else "Takes nothing")
        seen += len(rows)
    assert seen == 462


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_pattern_table_lists_every_pattern(lang):
    md = sg.TABLES["dawei-patterns"](lang, {})
    for p in PATTERNS:
        assert (p.zh if lang == "zh" else p.en) in md


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_options_everywhere(lang):
    table = sg.TABLES["dawei-options"](lang, {})
    panel = sg.options_panel(lang)
    for o in OPTIONS:
        key = o.id.removeprefix("dawei.")
        assert f'data-option="{key}"' in panel
        for c in o.choices:  # every reading in words, none as its identifier
            words = CHOICE_WORDS[key][c][0 if lang == "zh" else 1]
            assert words in table and html.escape(words) in panel
            assert "_" not in c or c not in table
            assert f">{c}<" not in panel and f">{c}（" not in panel and f">{c} (" not in panel


def test_break_even_flags_only_nine():
    md = sg.TABLES["dawei-break-even"]("en", {})
    flagged = [line.split("|")[1].strip() for line in md.splitlines() if "⚠" in line]
    assert flagged == ["9"]
