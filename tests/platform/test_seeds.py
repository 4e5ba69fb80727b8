"""Seeds: a request without one draws its own, and a game at either level accepts every seed the
game's own requests accept (a drawn seed above 2³² once reached the strong level's written position,
which refused it: the reader saw "the engine went wrong")."""

from __future__ import annotations

import pytest

from engine.api import handle

LARGE = 2**53 + 12345  # above 2³², as the games draw when no seed is given


@pytest.mark.parametrize("level", ["basic", "strong"])
@pytest.mark.parametrize(
    "request_",
    [
        {"game": "yezi", "action": "round", "options": {"scoring": "placing"}},
        {"game": "gupai", "action": "play"},
    ],
    ids=["yezi-round", "gupai-play"],
)
def test_a_large_or_missing_seed_plays_at_either_level(request_, level):
    for seed in (LARGE, None):
        req = dict(request_, level=level, **({} if seed is None else {"seed": seed}))
        a = handle(req)
        assert a["ok"], (req, a)
        if seed is not None:
            assert a["seed"] == seed
            assert handle(req) == a  # the same seed, the same answer


def test_a_position_with_a_seed_out_of_range_is_answered_in_words():
    a = handle({"game": "table", "action": "play", "position": {"game": "yezi", "seed": 2**64}})
    assert not a["ok"] and a["error"]["code"] == "bad_position"
    assert "种子" in a["error"]["zh"] and "seed" in a["error"]["en"]
