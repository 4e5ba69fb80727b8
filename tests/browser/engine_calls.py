"""A page's calls to the rules engine's worker, seen from the page: widgets/runtime.js posts each call as JSON text
beginning {"type":"call"} and gets {"type":"answer"} back. :func:`count_calls` is an init script that counts the calls
sent (``window.__hwOut``) and answered (``window.__hwIn``), keeps each call's request as text (``window.__hwSent``),
and can hold back the calls whose text holds ``hold`` until ``window.__hwRelease()`` sends them (it returns how many
it sent; ``window.__hwLetGo = false`` holds them again), so that a test waits on the engine, or orders it, and never
on time. With ``held_from_start`` false, nothing is held until the test sets ``window.__hwLetGo = false``."""

from __future__ import annotations

import json

_SCRIPT = """
(() => {
  const hold = %s;
  window.__hwHeld = []; window.__hwSent = []; window.__hwOut = 0; window.__hwIn = 0; window.__hwLetGo = %s;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (m, ...rest) {
    if (typeof m === "string" && m.startsWith('{"type":"call"')) {
      if (!this.__hwCounted) {
        this.__hwCounted = true;
        this.addEventListener("message", (e) => {
          let d = e.data;
          if (typeof d === "string") { try { d = JSON.parse(d); } catch { d = {}; } }
          if (d && d.type === "answer") window.__hwIn += 1;
        });
      }
      const send = () => {
        window.__hwOut += 1;
        try { window.__hwSent.push(JSON.stringify(JSON.parse(m).request)); } catch { window.__hwSent.push(m); }
        return post.call(this, m, ...rest);
      };
      if (hold !== null && m.includes(hold) && !window.__hwLetGo) {
        window.__hwHeld.push(send);
        return undefined;
      }
      return send();
    }
    return post.call(this, m, ...rest);
  };
  window.__hwRelease = () => { window.__hwLetGo = true; return window.__hwHeld.splice(0).map((send) => send()).length; };
})();
"""


def count_calls(hold: str | None = None, held_from_start: bool = True) -> str:
    """The init script (see the module's text); ``hold``: a part of the text of the calls to hold back, if any."""
    return _SCRIPT % (json.dumps(hold), "false" if held_from_start else "true")


IDLE = "() => window.__hwOut === window.__hwIn"


def open_counted(page, url: str, widget: str, hold: str, timeout: int = 180_000):  # noqa: ANN001 - Playwright's page
    """``url`` on a 390 px phone with :func:`count_calls` (the calls holding ``hold`` held only once the test says so),
    once ``widget`` (a selector) is ready; the widget's locator."""
    page.add_init_script(count_calls(hold=hold, held_from_start=False))
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(url)
    page.wait_for_selector(f'{widget}[data-state="ready"]', timeout=timeout)
    return page.locator(widget)


def meanwhile(page, start, during) -> int:  # noqa: ANN001 - Playwright's page and two callables
    """With :func:`count_calls` holding (``held_from_start`` false): ``start()`` (a click that asks the engine), then
    ``during()`` while its answer is held, then every held call let go; how many were held. Returns once every call
    has been answered."""
    page.wait_for_function(IDLE)
    page.evaluate("() => { window.__hwLetGo = false; }")
    start()
    page.wait_for_function("() => window.__hwHeld.length > 0")  # the engine asked, not yet answered
    during()
    page.wait_for_function(IDLE)  # every other call answered
    held = page.evaluate("() => window.__hwRelease()")
    page.wait_for_function(IDLE)
    return held
