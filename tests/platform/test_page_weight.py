"""Repeated drawings are written once per page (sitegen/page_weight.py)."""

from __future__ import annotations

import json

import re

from sitegen.page_weight import share_drawings

CARD = '<svg class="yz-card" viewBox="0 0 50 100" role="img" aria-label="{label}"><title>{label}</title>' + (
    '<rect x="1" y="1" width="48" height="98" rx="4" fill="#fffdf5" stroke="#222"/>' * 3
) + "</svg>"


def page(body: str) -> str:
    return f'<html><body><div class="md-content"><article class="md-content__inner md-typeset">{body}</article></div></body></html>'


def test_a_repeated_drawing_is_written_once_and_each_place_keeps_its_name():
    html = page(CARD.format(label="长") + "<p>text</p>" + CARD.format(label="长") + CARD.format(label="土"))
    out = share_drawings(html)
    assert len(out) < len(html)
    uses = re.findall(r'<use xlink:href="#(hwd-[0-9a-f]{12})"/>', out)
    assert len(uses) == 3 and len(set(uses)) == 1  # the same picture under three labels
    (gid,) = set(uses)
    assert out.count(f'<g id="{gid}" class="yz-card">') == 1
    assert out.count('<rect x="1"') == 3  # the drawing's content once (it had three rects)
    # each place keeps its own size, role, label and title
    for label in ("长", "长", "土"):
        assert f'aria-label="{label}"><title>{label}</title><use' in out
    # the shared drawings live inside the article (instant navigation swaps it with the page)
    assert out.index('class="hw-drawings"') > out.index("<article")


def test_widgets_and_single_drawings_are_left_alone():
    widget = f'<div class="hw" data-widget="yezi-deal"><div class="hw-body">{CARD.format(label="长")}</div></div>'
    html = page(widget + CARD.format(label="长"))
    assert share_drawings(html) == html  # once outside the widget: nothing to share
    html2 = page(widget + CARD.format(label="长") + CARD.format(label="长"))
    out = share_drawings(html2)
    assert out.count("<use xlink:href") == 2
    assert widget in out  # the widget's own drawing is untouched


def test_a_drawing_with_ids_inside_is_left_alone():
    card = '<svg role="img" aria-label="x"><defs><linearGradient id="g1"/></defs>' + '<rect width="9" height="9" fill="url(#g1)"/>' * 5 + "</svg>"
    html = page(card + card)
    assert share_drawings(html) == html


def test_the_search_index_is_rewritten_smaller_with_every_page_and_its_prose(tmp_path):
    from sitegen.page_weight import MAX_CODE_CHARS, shrink_search_index

    long_code = "<pre><code>" + "{&quot;game&quot;: &quot;dawei&quot;}\n" * 40 + "</code></pre>"
    short_code = "<pre><code>python -m engine info</code></pre>"
    assert len(long_code) > MAX_CODE_CHARS >= len(short_code)
    index = {"config": {"lang": ["en", "zh"]}, "docs": [
        {"location": "archive/api/", "title": "引擎\u200b接口", "text": "<p>骰子\u200b请求</p>" + long_code + short_code},
        {"location": "en/", "title": "Home", "text": "<p>dice</p>"},
    ]}
    (tmp_path / "search").mkdir()
    path = tmp_path / "search" / "search_index.json"
    path.write_text(json.dumps(index), encoding="utf-8")  # as the theme writes it: \u escapes
    before, after = shrink_search_index(tmp_path)
    assert after < before == len(json.dumps(index))
    raw = path.read_bytes()
    assert "骰子".encode() in raw and b"\\u" not in raw
    out = json.loads(raw)
    assert [d["location"] for d in out["docs"]] == ["archive/api/", "en/"]
    assert out["docs"][0]["text"] == "<p>骰子\u200b请求</p>" + short_code
    assert out["docs"][1] == index["docs"][1] and out["config"] == index["config"]
    assert shrink_search_index(tmp_path / "nothing") is None
