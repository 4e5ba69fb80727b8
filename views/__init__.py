"""Views: the markup of a widget drawn from an engine answer, once, for the build and for the browser.

A widget's first answer is drawn at build time (``sitegen``) and its live answers in the reader's browser,
where this package runs in Pyodide beside the engine (``widgets/worker.js`` loads it, checked against the
sha256 the build wrote into the worker). Both call the same functions, so the two cannot differ. The package
is apart from ``engine`` so that the engine people install with pip carries no HTML.

A view request (what a widget module sends instead of a plain engine request)::

    {"view": "zipai-table", "lang": "zh", "base": "/paohuzi/turn/", "request": {"game": "paohuzi", "action": "play", ...}}

is answered with the engine's answer to ``request`` (as ``engine.api.handle`` gives it) and, when it is a
good one, ``html``: the markup of each part of the widget (``{"board": "<div …>", …}``). Engine text is
always escaped (``html.escape``): a name holding ``<script>`` stays text.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any
from collections.abc import Callable

from engine.api import handle

if TYPE_CHECKING:
    from . import dawei, gupai, lesson, paohuzi, review, table, yezi, zipai
else:

    class _Later:
        """A game's views, imported when a widget first asks for them: in the browser, a page of one game does not
        wait for every game's views (and the engine modules they use) before its first widget. Once imported, the
        module takes this name's place (the import sets it on the package)."""

        def __init__(self, name: str) -> None:
            self.name = name

        def __getattr__(self, attr: str) -> Any:
            return getattr(importlib.import_module(f"{__name__}.{self.name}"), attr)

    dawei, gupai, lesson, paohuzi, review, table, yezi, zipai = (
        _Later(n) for n in ("dawei", "gupai", "lesson", "paohuzi", "review", "table", "yezi", "zipai"))

__all__ = ["VIEWS", "answer"]

#: view name → (the engine requests it draws: game, action), the function drawing its parts from a good
#: answer, and the one drawing a refusal (None: the widget module says it in words itself)
Draw = Callable[[dict[str, Any], dict[str, Any]], dict[str, str]]
VIEWS: dict[str, tuple[tuple[str, str], Draw, Draw | None]] = {}


def _base(req: dict[str, Any], default: str) -> str:
    """Where the page's rule links point (the page knows its own address)."""
    base = req.get("base")
    return base if isinstance(base, str) and len(base) <= 500 else default


def _zipai_table(a: dict[str, Any], req: dict[str, Any]) -> dict[str, str]:
    return zipai.live(a, zipai.Draw(lang=req["lang"], base=_base(req, "../turn/"), hints=req.get("hints") is True))


def _phz_error(a: dict[str, Any], req: dict[str, Any]) -> dict[str, str]:
    return {"result": paohuzi.error(a, req["lang"])}


VIEWS["zipai-table"] = (("paohuzi", "play"), _zipai_table, None)
VIEWS["paohuzi-verdict"] = (("paohuzi", "hu"), lambda a, req: {"result": paohuzi.verdict(a, req["lang"], _base(req, "../"))}, _phz_error)
VIEWS["paohuzi-waits"] = (("paohuzi", "waiting"), lambda a, req: {"result": paohuzi.waits(a, req["lang"])}, _phz_error)
VIEWS["paohuzi-sheet"] = (("paohuzi", "settle"), lambda a, req: {"result": paohuzi.sheet(a, req["lang"])}, _phz_error)
def _matchsheet(a: dict[str, Any], req: dict[str, Any]) -> dict[str, str]:
    """The sheet; and asked with ``form``, the entry form of the hand the reader is choosing (``entry``, ``editing``)."""
    out = paohuzi.match_sheet(a, req["lang"])
    if "form" in a:
        uid = req.get("uid")
        editing = req.get("editing")
        if editing is not None and (isinstance(editing, bool) or not isinstance(editing, int) or editing < 0):
            raise TypeError("editing")
        out["form"] = paohuzi.match_form(a, req["lang"], req.get("entry"), editing, uid if isinstance(uid, str) and len(uid) <= 100 else "ms")
    return out


VIEWS["paohuzi-matchsheet"] = (("paohuzi", "sheet"), _matchsheet, None)
#: the cards' faces (the engine answers their codes and sizes; the views draw them): code → SVG
VIEWS["paohuzi-faces"] = (("paohuzi", "faces"), lambda a, req: paohuzi.faces(a, req["lang"]), None)
VIEWS["yezi-faces"] = (("yezi", "faces"), lambda a, req: yezi.faces(a, req["lang"]), None)
VIEWS["gupai-board"] = (("gupai", "play"), lambda a, req: {"board": gupai.board(a, req["lang"])}, None)
VIEWS["dawei-split"] = (("dawei", "split"), lambda a, req: dawei.split(a, req["lang"]), None)
VIEWS["dawei-game"] = (("dawei", "play"), lambda a, req: dawei.game(a, req["lang"]), None)
VIEWS["dawei-dice"] = (("dawei", "classify"), lambda a, req: dawei.throw(a, req["lang"]), None)
VIEWS["dawei-referee"] = (("dawei", "referee"), lambda a, req: dawei.referee(a, req["lang"]), None)
#: a simulation run in batches (its progress shows): the games of the earlier batches come back in ``before``
VIEWS["dawei-sim"] = (("dawei", "simulate"), lambda a, req: dawei.spread([*(req.get("before") or []), *a["games"]], a["players"], a["break_even"], req["lang"]), None)
VIEWS["yezi-deal"] = (("yezi", "deal"), lambda a, req: yezi.deal(a, req["lang"]), None)
VIEWS["yezi-round"] = (("yezi", "round"), lambda a, req: {"result": yezi.round_result(a, req["lang"])}, None)
VIEWS["yezi-form"] = (("yezi", "evaluate"), lambda a, req: yezi.form(a, req["lang"]), None)
VIEWS["yezi-showing"] = (("yezi", "showing"), lambda a, req: {"result": yezi.showing(a, req["lang"])}, None)
VIEWS["yezi-tally"] = (("yezi", "tally"), lambda a, req: yezi.tally(a, req["lang"]), None)
VIEWS["table-review"] = (("table", "review"), lambda a, req: review.parts(a, req["lang"]), None)
VIEWS["gupai-ledger"] = (("gupai", "ledger"), lambda a, req: gupai.ledger(a, req["lang"]), None)
VIEWS["lesson-exercises"] = (("lesson", "exercises"), lambda a, req: lesson.exercises(a, req["lang"]), None)
VIEWS["table-together"] = (("table", "play"), lambda a, req: table.parts(a, req), None)  # several people at one device (issue 42)
VIEWS["lesson-check"] = (("lesson", "check"), lambda a, req: lesson.verdict(a, req["lang"]), None)

#: the answer as the view's reader sees it, when that differs from the engine's (returned with the markup)
SEEN: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {"zipai-table": lambda a: zipai.seen(a)}


def _same(a: dict[str, Any]) -> dict[str, Any]:
    return a


def _refuse(zh: str, en: str) -> dict[str, Any]:
    return {"ok": False, "error": {"code": "bad_view", "zh": zh, "en": en}}


def answer(req: Any) -> dict[str, Any]:
    """The engine's answer to a view request's ``request``, with the view's markup (see the module's text)."""
    if not isinstance(req, dict) or req.get("view") not in VIEWS:
        return _refuse("网页要求画一个这里没有的部件。", "The page asked for a widget view this archive does not have.")
    if req.get("lang") not in ("zh", "en"):
        return _refuse("网页没有说用哪种语言画这个部件。", "The page did not say in which language to draw this widget.")
    (game, action), draw, refused = VIEWS[req["view"]]
    inner = req.get("request")
    if not isinstance(inner, dict) or inner.get("game") != game or inner.get("action") != action:
        return _refuse("这个部件只画它自己那一类回答。", "This widget draws only the answers it was made for.")
    a = handle(inner)
    if not a.get("ok"):
        return {**a, "html": refused(a, req)} if refused else a
    a = SEEN.get(req["view"], _same)(a)
    try:
        return {**a, "html": draw(a, req)}
    except (KeyError, TypeError, ValueError, IndexError):  # an answer the view was not made for: said in words
        return _refuse("部件没能画出这个回答。", "The widget could not draw this answer.")
