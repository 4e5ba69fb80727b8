"""engine.api.handle: good answers, and an error object for every kind of bad input."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.api import GAMES, actions_of, available_games, examples_of, handle


def assert_error(ans: dict, code: str | None = None) -> None:
    assert ans["ok"] is False
    err = ans["error"]
    assert set(err) == {"code", "zh", "en"}
    assert all(isinstance(err[k], str) and err[k] for k in err)
    if code is not None:
        assert err["code"] == code, err


def test_ping_and_info():
    assert handle({"game": "engine", "action": "ping"})["pong"] is True
    info = handle({"game": "engine", "action": "info"})
    assert info["ok"] and "engine" in info["games"]
    assert info["games"]["engine"] == ["glossary", "info", "ping"]


@pytest.mark.parametrize("request_", [None, 1, "ping", [1, 2], 3.5, True])
def test_not_an_object(request_):
    assert_error(handle(request_), "bad_request")


@pytest.mark.parametrize(
    "request_,code",
    [
        ({}, "missing_game"),
        ({"action": "ping"}, "missing_game"),
        ({"game": 7, "action": "ping"}, "missing_game"),
        ({"game": "engine"}, "missing_action"),
        ({"game": "engine", "action": ["ping"]}, "missing_action"),
        ({"game": "chess", "action": "ping"}, "unknown_game"),
        ({"game": "engine", "action": "fly"}, "unknown_action"),
        ({"game": "__import__", "action": "x"}, "unknown_game"),
    ],
)
def test_bad_requests(request_, code):
    assert_error(handle(request_), code)


def test_every_game_module_is_registered_and_imports():
    for game in available_games():
        assert actions_of(game), f"{game} has no actions"


def test_every_action_has_an_example_that_succeeds():
    for game in available_games():
        acts = actions_of(game)
        examples = examples_of(game)
        covered = {ex["request"]["action"] for ex in examples}
        assert covered >= set(acts), f"{game}: actions without an example: {set(acts) - covered}"
        for ex in examples:
            assert ex["request"]["game"] == game
            ans = handle(ex["request"])
            assert ans["ok"] is True, (ex["request"], ans)
            json.dumps(ans)  # answers are JSON


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300)
@given(
    game=st.sampled_from(sorted(GAMES)),
    action=st.one_of(st.text(max_size=10), st.sampled_from(["classify", "roll", "arrange", "best", "deng", "settle", "info"])),
    extra=st.dictionaries(st.text(max_size=8), json_values, max_size=5),
)
def test_fuzzed_requests_always_get_an_answer(game, action, extra):
    req = {**extra, "game": game, "action": action}
    ans = handle(req)
    assert isinstance(ans, dict) and isinstance(ans.get("ok"), bool)
    json.dumps(ans)
    if not ans["ok"]:
        assert ans["error"]["code"] != "internal_error", (req, ans)


@settings(max_examples=200)
@given(data=st.data())
def test_fuzzed_fields_of_each_example(data):
    """Take a real example request and break one field: still an answer, never an internal error."""
    examples = [ex["request"] for g in available_games() for ex in examples_of(g)]
    req = dict(data.draw(st.sampled_from(examples)))
    keys = [k for k in req if k not in ("game", "action")]
    if keys:
        key = data.draw(st.sampled_from(keys))
        req[key] = data.draw(json_values)
    ans = handle(req)
    json.dumps(ans)
    if not ans["ok"]:
        assert ans["error"]["code"] != "internal_error", (req, ans)


def test_every_registered_game_is_built():
    """A game listed in engine.api.GAMES whose module is missing is a failure, not a game quietly left out."""
    assert available_games() == list(GAMES)
