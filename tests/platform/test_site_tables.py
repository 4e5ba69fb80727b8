"""The static tables of the real-table pages (骨牌 ledger, 叶子戏 showing, 跑胡子 match sheet) are
drawn by one helper (sitegen/common.py html_table): each has its caption, as many headings as
cells in every row, and totals that settle to zero."""

from __future__ import annotations

import re

import pytest

from sitegen.common import col_heads, html_table, signed_cells, still_buttons, total_row
from sitegen.gupai_ledger import ledger_widget
from sitegen.matchsheet import sheet_widget
from sitegen.yezi_showing import showing_widget


def test_the_helper_writes_the_parts_it_is_given():
    plain = html_table(col_heads(["a", "b"]), "<tr><td>1</td><td>2</td></tr>")
    assert plain == '<table><thead><tr><th scope="col">a</th><th scope="col">b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>'
    full = html_table("", "", caption="c", foot=total_row("t", signed_cells([2, 0, -2], "n"), span=2, cls="x"), attrs=' class="k"')
    assert full.startswith('<table class="k"><caption>c</caption>')
    assert '<tfoot><tr class="x"><th scope="row" colspan="2">t</th><td class="n">+2</td><td class="n">+0</td><td class="n">-2</td></tr></tfoot>' in full
    assert signed_cells([0], "n", zero="0") == '<td class="n">0</td>'
    assert still_buttons(["甲", "乙"], "s", lambda i: f' data-seat="{i}"').count(" disabled>") == 2


def _tables(html: str) -> list[str]:
    return re.findall(r"<table\b.*?</table>", html, re.S)


def _cells(row: str) -> int:
    return sum(int(m or 1) for m in re.findall(r'<t[hd]\b(?:[^>]*colspan="(\d+)")?[^>]*>', row))


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("widget", [ledger_widget, showing_widget, sheet_widget])
def test_each_static_table_is_whole(widget, lang):
    tables = _tables(widget(lang, {}))
    assert tables
    for table in tables:
        assert re.search(r"<caption>[^<]+</caption>", table)
        head = re.search(r"<thead><tr>(.*?)</tr></thead>", table, re.S).group(1)
        width = _cells(head)
        rows = re.findall(r"<tr\b[^>]*>(.*?)</tr>", table.split("</thead>", 1)[1], re.S)
        assert rows and all(_cells(r) == width for r in rows), table


@pytest.mark.parametrize("widget,cls", [(ledger_widget, "gl-num"), (sheet_widget, "ms-num")])
def test_the_totals_settle_to_zero(widget, cls):
    foot = re.search(r"<tfoot>(.*?)</tfoot>", widget("en", {}), re.S).group(1)
    totals = [int(v) for v in re.findall(rf'<td class="{cls}">([+-]?\d+)</td>', foot)]
    assert len(totals) == 4 and sum(totals) == 0 and any(totals)
