"""A long lesson's parts are drawn by the build as a phone folds them (sitegen.lesson.fold_page, views.lesson.fold_part):
each heading its progress box names, with all that follows it up to the next heading of that level, in a part of its
own with its button; nothing else of the page moves, and a named heading missing from the top of the page stops the
build."""

from __future__ import annotations

import re

import pytest

from sitegen.lesson import fold_page

BOX = '<div class="lesson-progress" data-lesson="paohuzi" data-fold="{parts}"><ol class="lesson-steps"></ol></div>'


def page(parts: str, content: str) -> str:
    return (f'<html><body><div class="md-content"><article class="md-content__inner md-typeset">{BOX.format(parts=parts)}'
            f"{content}</article></div><footer><h2 id=\"foot\">Foot</h2></footer></body></html>")


CONTENT = (
    '<p>Intro</p>\n<h2 id="a">A<a class="headerlink" href="#a">¶</a></h2>\n<p>a1</p><br>\n'
    '<figure class="phz-lesson-example"><svg viewBox="0 0 1 1"><path d="M0 0"/></svg><figcaption>cap</figcaption></figure>\n'
    '<h3 id="a-sub">A sub</h3><div class="hw"><section><h2 id="inner">Inside a box</h2></section></div>\n'
    '<h2 id="b">B</h2><p>b1</p>\n<h2 id="next">Next</h2><p>n1</p>\n'
    '<section class="rec-cite"><h2 id="rec">Cite</h2></section>\n'
)


def parts_of(html: str) -> dict[str, str]:
    return dict(re.findall(r'<section class="lesson-fold" data-part="([^"]+)">(.*?)</div></section>', html, re.S))


@pytest.mark.parametrize("lang, words", [("zh", "打开这一步"), ("en", "Open this step")])
def test_each_named_part_holds_its_heading_and_what_follows_up_to_the_next_heading(lang, words):
    out = fold_page(page("a b", CONTENT), lang)
    parts = parts_of(out)
    assert list(parts) == ["a", "b"]
    a, b = parts["a"], parts["b"]
    assert a.startswith('<h2 id="a">A<a class="headerlink" href="#a">¶</a></h2>')
    assert f'<button type="button" class="hw-btn lesson-fold-btn" aria-expanded="false">{words}</button>' in a
    # a heading inside a box is no part's end; the next heading at the top of the page is
    assert "a1" in a and "cap" in a and 'id="a-sub"' in a and 'id="inner"' in a and 'id="b"' not in a
    assert b.startswith('<h2 id="b">B</h2>') and "b1" in b and "Next" not in b
    # the unnamed heading and all after it stay where they were, as does everything outside the content
    assert '</div></section><h2 id="next">Next</h2><p>n1</p>\n<section class="rec-cite">' in out
    assert out.endswith('</article></div><footer><h2 id="foot">Foot</h2></footer></body></html>')


def test_nothing_but_the_parts_and_their_buttons_is_added():
    src = page("a b", CONTENT)
    out = fold_page(src, "en")
    bare = re.sub(r'<section class="lesson-fold" data-part="[^"]+">|<button type="button" class="hw-btn lesson-fold-btn"[^<]*</button>'
                  r'|<div class="lesson-fold-body">|</div></section>', "", out)
    assert bare == src  # the same page, character for character


def test_a_page_whose_progress_box_folds_nothing_is_left_as_it_is():
    src = page("a", CONTENT).replace(' data-fold="a"', "")
    assert fold_page(src, "zh") == src


@pytest.mark.parametrize("parts", ["a missing", "inner", "rec"])
def test_a_named_part_with_no_heading_at_the_top_of_the_page_stops_the_build(parts):
    with pytest.raises(ValueError, match="no heading at the top"):
        fold_page(page(parts, CONTENT), "zh")
