"""Bounded work: every action declares what a request costs, engine.api refuses a
request over the budget before the action runs, and no request — however strange its
text — makes the engine do more than a bounded number of operations.

The bound is a count of Python function calls (``sys.setprofile``), never a clock:
the same request makes the same calls on any machine."""

from __future__ import annotations

import json
import sys
import types
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import engine.api as api
from engine.api import BUDGET, actions_of, available_games, cost, costs_of, examples_of, handle, size

#: the most Python calls one request may make (the budget, 2,000,000 work units, is
#: about 2 s of CPython; a call is at least a few work units)
MAX_CALLS = 2_000_000


class CallCounter:
    """Counts Python function calls while active; stops the request (raises) past ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit, self.calls = limit, 0

    def __enter__(self) -> CallCounter:
        def profile(frame: Any, what: str, arg: Any) -> None:
            if what == "call":
                self.calls += 1
                if self.calls > self.limit:
                    sys.setprofile(None)
                    raise OverflowError(f"more than {self.limit} calls")

        self._old = sys.getprofile()
        sys.setprofile(profile)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.setprofile(self._old)


def bounded(request: Any) -> tuple[dict[str, Any], int]:
    with CallCounter(MAX_CALLS) as c:
        answer = handle(request)
    assert c.calls <= MAX_CALLS, (request, c.calls)
    # handle() turns any exception into an error answer: the counter's own must not be one
    assert answer.get("error", {}).get("code") != "internal_error", (request, answer)
    return answer, c.calls


# ---------------------------------------------------------------- declarations


@pytest.mark.parametrize("game", available_games())
def test_every_action_declares_its_cost(game):
    missing = sorted(set(actions_of(game)) - set(costs_of(game)))
    assert missing == [], f"{game}: actions without a declared cost (COSTS in its actions module): {missing}"
    for action, declared in costs_of(game).items():
        assert action in actions_of(game), f"{game}: a cost for no action: {action}"
        assert callable(declared) or (isinstance(declared, int) and 0 <= declared <= BUDGET), (game, action)


@pytest.mark.parametrize("game", available_games())
def test_every_example_is_within_budget(game):
    for ex in examples_of(game):
        req = ex["request"]
        units = cost(game, req["action"], req)
        assert units is not None and 0 <= units <= BUDGET, (req, units)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300)
@given(data=st.data())
def test_cost_functions_never_fail(data):
    """A declared cost is computed from any request at all (bad fields included) without raising."""
    pairs = [(g, a) for g in available_games() for a, c in costs_of(g).items() if callable(c)]
    if not pairs:  # pragma: no cover - only while no game declares a function
        pytest.fail("no action declares its cost as a function of the request")
    game, action = data.draw(st.sampled_from(pairs))
    base = next((dict(ex["request"]) for ex in examples_of(game) if ex["request"]["action"] == action), {})
    fields = data.draw(st.dictionaries(st.sampled_from(sorted(base) + ["games", "moves", "actions", "x"]), json_values, max_size=4))
    units = cost(game, action, {**base, **fields, "game": game, "action": action})
    assert isinstance(units, int) and units >= 0


def test_size_reads_counts_leniently():
    assert size({"n": 7}, "n", 1) == 7
    assert size({"n": [1, 2, 3]}, "n", 1) == 3
    assert size({"n": "lots"}, "n", 1) == 4  # a string counts its characters: never more work than that
    assert size({"n": True}, "n", 1) == 1 and size({"n": 2.5}, "n", 1) == 1 and size({}, "n", 1) == 1
    assert size({"n": -5}, "n", 1) == 0
    assert size({"n": 10**30}, "n", 1, cap=1000) == 1000


# ---------------------------------------------------------------- the check itself


@pytest.fixture
def toy_game(monkeypatch):
    """A game whose one action records that it ran and costs what the request says."""
    ran: list[int] = []
    mod = types.ModuleType("engine.toy_actions")
    mod.ACTIONS = {"work": lambda req: ran.append(1) or {"done": True}}  # type: ignore[attr-defined]
    mod.COSTS = {"work": lambda req: size(req, "n", 0) * 1000}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "engine.toy_actions", mod)
    monkeypatch.setitem(api.GAMES, "toy", "engine.toy_actions")
    return ran


def test_a_request_over_budget_is_refused_before_it_runs(toy_game):
    within = handle({"game": "toy", "action": "work", "n": BUDGET // 1000})
    assert within == {"ok": True, "done": True} and toy_game == [1]
    over = handle({"game": "toy", "action": "work", "n": BUDGET // 1000 + 1})
    assert over["ok"] is False and over["error"]["code"] == "too_much_work"
    assert toy_game == [1], "the action ran although its cost was over the budget"
    # the message is about the reader's request, in both languages, with what to do instead
    assert "too much work" in over["error"]["en"] and "Ask for less" in over["error"]["en"]
    assert "太多" in over["error"]["zh"] and "少要一些" in over["error"]["zh"]
    huge = handle({"game": "toy", "action": "work", "n": 10**15})
    assert huge["error"]["code"] == "too_much_work" and toy_game == [1]


def test_a_cost_function_that_refuses_the_request_answers_with_its_error(toy_game, monkeypatch):
    from engine.errors import ApiError

    def refuse(req: dict[str, Any]) -> int:
        raise ApiError("bad_count", "局数应是整数。", "The number of games must be a whole number.")

    monkeypatch.setitem(sys.modules["engine.toy_actions"].COSTS, "work", refuse)
    ans = handle({"game": "toy", "action": "work"})
    assert ans["error"]["code"] == "bad_count" and toy_game == []


# ---------------------------------------------------------------- fuzzing every action

# text that includes lone surrogates and other awkward code points
awkward_text = st.text(
    alphabet=st.characters() | st.sampled_from(["\ud800", "\udfff", "\ud83d", "\x00", "\u202e", "\ufeff"]),
    max_size=12,
)
awkward_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**18), 10**18) | st.floats() | awkward_text,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(awkward_text, inner, max_size=4),
    max_leaves=16,
)

ALL_ACTIONS = sorted((g, a) for g in available_games() for a in actions_of(g))


def _examples_of(game: str, action: str) -> list[dict[str, Any]]:
    return [dict(ex["request"]) for ex in examples_of(game) if ex["request"]["action"] == action]


#: actions whose every accepted request plays whole games out (a review weighs each decision of a
#: game by rollouts): fuzzed with fewer examples, each as thorough
HEAVY = {("table", "review")}


@pytest.mark.parametrize("game,action", [a for a in ALL_ACTIONS if a not in HEAVY])
@settings(max_examples=20)
@given(data=st.data())
def test_fuzz_every_action_with_awkward_text(game, action, data):
    """Every action, its example requests with fields replaced or added (text with lone
    surrogates among them): always an answer, JSON-encodable, never an internal error,
    within the operation bound."""
    _fuzz_one(game, action, data)


@pytest.mark.parametrize("game,action", sorted(HEAVY))
@settings(max_examples=6)
@given(data=st.data())
def test_fuzz_heavy_actions_with_awkward_text(game, action, data):
    """The same for the actions that play games out, with fewer examples."""
    _fuzz_one(game, action, data)


def _fuzz_one(game, action, data):
    base = data.draw(st.sampled_from(_examples_of(game, action) or [{"game": game, "action": action}]))
    keys = [k for k in base if k not in ("game", "action")]
    changes = data.draw(st.dictionaries(st.sampled_from(keys) if keys else awkward_text, awkward_values, max_size=3))
    extra = data.draw(st.dictionaries(awkward_text, awkward_values, max_size=2))
    req = {**extra, **base, **changes, "game": game, "action": action}
    answer, calls = bounded(req)
    assert isinstance(answer.get("ok"), bool)
    json.dumps(answer)
    if not answer["ok"]:
        err = answer["error"]
        assert set(err) == {"code", "zh", "en"} and err["zh"] and err["en"]
    event("accepted" if answer["ok"] else "refused")


@settings(max_examples=200)
@given(game=awkward_text | st.sampled_from(available_games()), action=awkward_text, extra=st.dictionaries(awkward_text, awkward_values, max_size=4))
def test_fuzz_names_with_awkward_text(game, action, extra):
    answer, _ = bounded({**extra, "game": game, "action": action})
    json.dumps(answer)
    assert answer["ok"] is False or game in available_games()


def test_largest_requests_stay_within_the_operation_bound():
    """Each example at its largest: every list field as long as the engine accepts
    (or refused), every count at the top of its range — answered within the bound."""
    tried = 0
    for game, action in ALL_ACTIONS:
        for base in _examples_of(game, action):
            for key, value in base.items():
                if key in ("game", "action"):
                    continue
                grown: Any
                if isinstance(value, list) and value:
                    grown = (value * (100_000 // len(value) + 1))[:100_000]
                elif isinstance(value, int) and not isinstance(value, bool):
                    grown = 10**9
                else:
                    continue
                answer, _ = bounded({**base, key: grown})
                json.dumps(answer)
                tried += 1
    assert tried > 20
