"""Every lesson in a real browser, in both languages: a wrong answer gets the engine's reason and a
link to the rule (which exists on its page), a right answer is ticked, a finished step is remembered
in this browser only, and the progress can be reset."""

from __future__ import annotations

from urllib.parse import urljoin, urlparse

import pytest

from engine.api import handle
from engine.lessons import LESSONS
from engine.lessons.model import draw

pytestmark = pytest.mark.browser

CASES = [(lesson_id, lang) for lesson_id in LESSONS for lang in ("zh", "en")]


def page_url(site_url: str, lang: str, path: str) -> str:
    return site_url + ("en/" if lang == "en" else "") + path


def wait_all_ready(page) -> None:
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-widget]')].every((w) => w.dataset.state === 'ready')", timeout=120_000
    )


def check_anchor(page, href: str, seen: set[str]) -> None:
    if href in seen:
        return
    seen.add(href)
    anchor = urlparse(href).fragment
    other = page.context.new_page()
    try:
        other.goto(href)
        assert other.evaluate("(id) => document.getElementById(id) !== null", anchor), f"{href}: no such anchor"
    finally:
        other.close()


@pytest.mark.parametrize("lesson_id,lang", CASES)
def test_lesson_answers_feedback_links_and_progress(page, site_url, lesson_id, lang):
    lesson = LESSONS[lesson_id]
    url = page_url(site_url, lang, f"{lesson_id}/learn/")
    page.goto(url)
    progress = page.locator('[data-widget="lesson-progress"]')
    seen: set[str] = set()
    for step in lesson.steps:
        wait_all_ready(page)
        root = page.locator(f'[data-widget="lesson-exercises"][data-lesson-step="{step.id}"]')
        for i in range(step.count):
            ex = draw(lesson, step, 1, i)
            item = root.locator(f'.lesson-ex[data-index="{i}"]')
            if i == 0:
                wrong = next(c for c in ex.choices if c.value != ex.answer)
                item.locator(f'.lesson-choice[data-value="{wrong.value}"]').click()
                page.wait_for_function("(el) => el.dataset.result === 'wrong'", arg=item.element_handle(), timeout=30_000)
                expected = handle({"game": "lesson", "action": "check", "lesson": lesson_id, "step": step.id, "seed": 1, "index": i, "answer": wrong.value})
                fb = item.locator(".lesson-feedback")
                assert fb.locator(".lesson-verdict").inner_text().endswith(expected["verdict"][lang])
                assert fb.locator(".lesson-why").inner_text() == expected["why"][lang]
                link = fb.locator("a.lesson-rule")
                assert expected["rule"][lang] in link.inner_text()
                check_anchor(page, urljoin(page.url, link.get_attribute("href")), seen)
            item.locator(f'.lesson-choice[data-value="{ex.answer}"]').click()
            page.wait_for_function("(el) => el.dataset.result === 'right'", arg=item.element_handle(), timeout=30_000)
        assert progress.locator(f'li[data-step="{step.id}"]').get_attribute("data-done") == "1"
    # remembered in this browser, across a reload; nothing was sent anywhere (requests to other hosts fail the test)
    page.reload()
    wait_all_ready(page)
    done = progress.locator("li[data-step]")
    assert [done.nth(k).get_attribute("data-done") for k in range(done.count())] == ["1"] * len(lesson.steps)
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('heritage-lessons'))")
    assert set(stored[lesson_id]) == {s.id for s in lesson.steps}
    progress.locator('[data-role="reset"]').click()
    page.wait_for_function("() => !(JSON.parse(localStorage.getItem('heritage-lessons') || '{}'))[arguments[0]]".replace("arguments[0]", repr(lesson_id)))
    assert progress.locator('li[data-done="1"]').count() == 0
    assert progress.locator('[data-role="reset"]').is_disabled()


@pytest.mark.parametrize("lesson_id,lang", CASES)
def test_new_exercises_come_from_the_engine(page, site_url, lesson_id, lang):
    lesson = LESSONS[lesson_id]
    step = lesson.steps[0]
    page.goto(page_url(site_url, lang, f"{lesson_id}/learn/"))
    wait_all_ready(page)
    root = page.locator(f'[data-widget="lesson-exercises"][data-lesson-step="{step.id}"]')
    root.locator('[data-role="new"]').click()
    page.wait_for_function("(s) => document.querySelector(`[data-lesson-step='${s}']`).dataset.seed !== '1'", arg=step.id, timeout=30_000)
    seed = int(root.get_attribute("data-seed"))
    a = handle({"game": "lesson", "action": "exercises", "lesson": lesson_id, "step": step.id, "seed": seed})
    shown = root.locator(".lesson-q")
    assert [shown.nth(k).inner_text() for k in range(shown.count())] == [ex["question"][lang] for ex in a["exercises"]]


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_worksheet_prints_questions_then_answers(page, site_url, lesson_id):
    page.goto(page_url(site_url, "zh", f"{lesson_id}/exercises/"))
    key = handle({"game": "lesson", "action": "key", "lesson": lesson_id})
    n = sum(len(s["exercises"]) for s in key["steps"])
    assert page.locator(".lesson-worksheet .lesson-ex").count() == n
    assert page.locator(".lesson-key li").count() == n
    page.emulate_media(media="print")
    assert page.evaluate("() => getComputedStyle(document.querySelector('.lesson-key')).breakBefore") == "page"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_paohuzi_lesson_table_gives_hints_from_the_engine(page, site_url, lang):
    """The lesson's last step: a hand against the computer, with the computer's choice as a hint."""
    page.goto(page_url(site_url, lang, "paohuzi/learn/"))
    wait_all_ready(page)
    root = page.locator('[data-widget="zipai-table"]')
    moves: list[dict] = []
    for _ in range(3):
        want = handle({"game": "paohuzi", "action": "play", "variant": "paohuzi", "seed": 7, "table": "four", "actions": moves})
        hint = want["hint"]
        assert hint is not None
        text = root.locator(".zp-hint-text")
        assert text.is_hidden()
        root.locator(".zp-hint-btn").click()
        assert text.is_visible() and hint[lang] in text.inner_text()
        assert root.locator(".zp-hint-btn").get_attribute("aria-expanded") == "true"
        n = int(root.get_attribute("data-answers") or 0)
        if hint["kind"] == "discard":
            root.locator(f'button.zp-hcard[data-card="{hint["card"]}"]').first.click()
        else:
            root.locator(f'button.zp-act[data-id="{hint["id"]}"]').click()
        page.wait_for_function("([el, n]) => Number(el.dataset.answers) > n", arg=[root.element_handle(), n], timeout=60_000)
        moves.append({"id": hint["id"]})
        assert root.locator(".zp-refused").inner_text() == ""
