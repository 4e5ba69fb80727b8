"""The build-time views come from the engine: tables match its data, widgets start disabled."""

import re

from engine.paohuzi.config import DEFAULT
from engine.paohuzi.groups import VALUE_KEYS
from sitegen import paohuzi as sg


def test_huxi_table_is_the_engines():
    text = sg.TABLES["paohuzi-huxi-table"]("en", {})
    for key, (_, en) in VALUE_KEYS.items():
        assert f"| {en} | {DEFAULT.huxi_of(key, False)} | {DEFAULT.huxi_of(key, True)} |" in text


def test_sheet_examples_match_the_booklet():
    text = sg.TABLES["paohuzi-sheet-examples"]("zh", {})
    assert "| -17 | -5 | +15 | +7 |" in text
    assert "| -2 | +2 | -2 | +2 |" in text and "| -4 | +6 | -4 | +2 |" in text


def test_faces_show_twenty_cards():
    assert sg.TABLES["paohuzi-faces"]("zh", {}).count("<svg") == 20


def test_widgets_render_disabled_controls_and_an_answer():
    for name, fn in sg.WIDGETS.items():
        for lang in ("zh", "en"):
            html = fn(lang, {})
            controls = re.findall(r"<(button|input|select)\b[^>]*>", html)
            assert controls and all(" disabled" in c for c in re.findall(r"<(?:button|input|select)\b[^>]*>", html)), name
            assert 'data-role="result"' in html
