"""Every grey control says why (issue 44 point 4): after a scripted walk through every widget of every
Chinese widget page (and the English ones at desk width), each disabled control a reader can see has a
reason a reader can get at — its tooltip (``title``, which is also its accessible description), the text
its ``aria-describedby`` names, or the tooltip of the label around it — in the page's language.

The walk is generic: in each widget it presses, one after another, the first few enabled buttons it has
not pressed yet (never one that deletes, exports or opens a file), waiting each time until every call to
the rules engine has been answered, and looks at the grey controls after every press. A few widgets get
a walk of their own on top: the showing takes three 合 (its 合 then greys), a lesson answers right.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from browser.engine_calls import count_calls
from browser.sitepages import open_ready, widget_pages

#: counts the calls sent to the rules engine's worker and the answers back: a test waits on the engine, not on time
COUNT_CALLS = count_calls()
IDLE = "() => window.__hwOut === window.__hwIn"

#: the grey controls without a reason, in every widget of the page
GREY = r"""() => {
  const out = [];
  for (const w of document.querySelectorAll('.hw[data-widget][data-state="ready"]')) {
    for (const c of w.querySelectorAll('button, input, select, textarea, [aria-disabled="true"]')) {
      if (!(c.disabled || c.getAttribute("aria-disabled") === "true")) continue;
      if (c.type === "file" || c.closest("[hidden]")) continue;
      const r = c.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      const ids = (c.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
      const described = ids.map((i) => { const d = document.getElementById(i); return d ? d.textContent : ""; }).join(" ");
      const label = c.closest("label");
      const why = [c.title, described, label ? label.title : ""].join(" ").trim();
      if (!why) out.push(`${w.dataset.widget}: ${c.tagName.toLowerCase()} ${c.dataset.role || c.dataset.action || c.name || ""} «${(c.textContent || c.value || c.getAttribute("aria-label") || "").trim().slice(0, 24)}»`);
      else if (w.dataset.lang !== "en" && !/[\u4e00-\u9fff]/.test(why)) out.push(`${w.dataset.widget}: the reason is not in Chinese: ${why}`);
    }
  }
  return out;
}"""

#: buttons the walk never presses: they delete, export, open files, stop or leave the page
SKIP = re.compile(r"delete|export|record-open|download|print|cancel|stop|share|reset|retry")

#: what the walk presses in each widget (after ready), by selector, besides the generic presses
OWN_WALK: dict[str, list[str]] = {
    "yezi-showing": ['[data-role="card"][data-code="10"]'] * 3,
}
PRESSES = 5

#: grey controls without a reason in widgets other sessions are changing now (issue 44/45, helper F; issue 41):
#: reported to them, and checked here once they say why (xfail, strict: the test fails once they pass)
OTHERS: set[str] = set()


def pages_at(built_site: Path, width: int) -> list[str]:
    """The widget pages walked at ``width``: the Chinese ones, and at desk width the English ones too."""
    paths = widget_pages(built_site)
    return [p for p in paths if not p.startswith("en/") or width == 1280]


#: marks the next button the walk presses in the ``n``-th widget (of every ``.hw[data-widget]`` on the page, as
#: Playwright's ``nth``), after clearing the last mark; returns its key, or null when every button was pressed
NEXT = """([n, skip]) => {
  document.querySelectorAll('[data-hw-walk]').forEach((b) => b.removeAttribute('data-hw-walk'));
  const w = document.querySelectorAll('.hw[data-widget]')[n];
  const re = new RegExp(skip);
  const bs = [...w.querySelectorAll("button")].filter((b) => !b.disabled && !b.closest("[hidden]")
    && b.getBoundingClientRect().width > 0 && !re.test((b.dataset.role || "") + " " + (b.dataset.action || "")));
  const done = new Set(JSON.parse(w.dataset.hwWalked || "[]"));
  const i = bs.findIndex((b, k) => !done.has(k + ":" + b.textContent));
  if (i < 0) return null;
  const k = i + ":" + bs[i].textContent;
  done.add(k);
  w.dataset.hwWalked = JSON.stringify([...done]);
  bs[i].setAttribute("data-hw-walk", "next");
  return k;
}"""


def _walk(page, path: str) -> list[str]:
    problems = list(page.evaluate(GREY))
    widgets = page.eval_on_selector_all('.hw[data-widget][data-state="ready"]', "ws => ws.map(w => w.dataset.widget)")
    for n, name in enumerate(widgets):
        root = page.locator(".hw[data-widget]").nth(n)
        for sel in OWN_WALK.get(name, []):
            b = root.locator(sel).first
            if b.is_enabled():
                b.click()
                page.wait_for_function(IDLE)
                problems += page.evaluate(GREY)
        pressed: set[str] = set()
        for _ in range(PRESSES):
            # one call finds the button (the last one's mark cleared first), one presses it as a reader does
            key = page.evaluate(NEXT, [n, SKIP.pattern])
            if key is None or key in pressed:
                break
            pressed.add(key)
            root.locator('[data-hw-walk="next"]').click()
            page.wait_for_function(IDLE, timeout=120_000)
            problems += page.evaluate(GREY)
    return sorted(set(f"{path or 'home'}: {p}" for p in problems))


def check_every_grey_control(page, site_url: str, paths: list[str], width: int) -> None:
    """Walk every widget of ``paths``, in this order in one page, at ``width``: no grey control without a
    reason in the page's language."""
    page.set_viewport_size({"width": width, "height": 800})
    page.add_init_script(script=COUNT_CALLS)
    ours, theirs = [], []
    for path in paths:
        assert open_ready(page, site_url + path) == [], path
        page.wait_for_function(IDLE)
        for p in _walk(page, path):
            (theirs if any(f": {w}:" in p for w in OTHERS) else ours).append(p)
    assert ours == [], "\n".join(ours)
    if theirs:
        pytest.xfail("widgets of other sessions: " + "; ".join(theirs))


def test_every_grey_control_says_why_at_desk_width(page, site_url, built_site):
    """At 1280 px (at 390 px: test_grey_reasons_phone.py, a file of its own so that the two processes of
    `make test` can walk the two widths side by side)."""
    check_every_grey_control(page, site_url, pages_at(built_site, 1280), 1280)
