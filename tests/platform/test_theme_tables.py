"""The theme's table frames are written into the pages by the build (sitegen/theme_tables.py), so
the theme's script does not move each table into its frames as the page starts."""

from __future__ import annotations

import re

from sitegen.theme_tables import CLASS, FRAME_CLOSE, FRAME_OPEN, css, frame


def page(body: str) -> str:
    return f'<html><body><table></table><article class="md-content__inner md-typeset">{body}</article></body></html>'


def test_each_table_without_a_class_is_framed_and_marked():
    html = page('<table>\n<tr><td>1</td></tr></table><p>x</p><table style="width:50%"><tr><td>2</td></tr></table>')
    out = frame(html)
    assert out.count(FRAME_OPEN) == 2 and out.count(FRAME_CLOSE) == 2
    assert f'{FRAME_OPEN}<table class="{CLASS}">\n<tr><td>1</td></tr></table>{FRAME_CLOSE}<p>x</p>' in out
    assert f'<table class="{CLASS}" style="width:50%">' in out  # its own attributes kept
    assert out.startswith("<html><body><table></table>")  # outside the article: the theme's own


def test_tables_with_a_class_and_their_insides_are_left_alone():
    inner = '<table class="phz-sheet"><tr><td><table><tr><td>n</td></tr></table></td></tr></table>'
    out = frame(page(inner))
    # the classed table stays as it is; the class-less table inside it is framed, closed in place
    assert out.count(FRAME_OPEN) == 1
    assert f'<td>{FRAME_OPEN}<table class="{CLASS}"><tr><td>n</td></tr></table>{FRAME_CLOSE}</td>' in out
    assert frame(page('<table class="x"></table>')) == page('<table class="x"></table>')
    assert frame("<p>no article</p><table></table>") == "<p>no article</p><table></table>"


def test_the_theme_rules_are_restated_for_framed_tables_with_their_media_conditions():
    text = css()
    rules = re.findall(r"[^{}\n]+\{[^{}]*\}", text)
    assert rules, text
    assert "table:not([class])" not in text
    # the frame's look: the table itself, its cells, its header cells, hovered rows
    for sel in (f".md-typeset table.{CLASS}{{", f".md-typeset table.{CLASS} td{{", f".md-typeset table.{CLASS} th{{",
                f".md-typeset table.{CLASS} tbody tr:hover{{"):
        assert sel in text, sel
    assert re.search(r"@media print\{\.md-typeset table\." + CLASS + r"\{display:table\}\}", text)
    # every selector of the restated rules is about framed tables
    for rule in rules:
        if rule.startswith("@"):
            continue
        for s in rule.split("{")[0].split(","):
            assert f"table.{CLASS}" in s, rule
