"""Numbers in request text are read as ASCII digits 0–9 only.

``str.isdigit()`` also accepts "²", "¹", "①" or "٣", which ``int()`` then refuses (or reads
as another number): a move such as "auto:²" made the engine fail with its "please report
this" error instead of saying the move cannot be made.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.api import handle

ENGINE = Path(__file__).resolve().parents[2] / "engine"
PLAY = {"game": "dawei", "action": "play", "players": 3, "seed": 2, "humans": [0]}


@pytest.mark.parametrize("count", ["²", "¹", "①", "٣", "５", "1²", "²0", "𝟗", "1\n", " 1", "-1", "+1", "0", "20001"])
def test_auto_count_that_is_not_plain_digits_is_a_bad_move(count: str) -> None:
    a = handle({**PLAY, "moves": [f"auto:{count}"]})
    assert a["ok"] is False and a["error"]["code"] == "bad_move", a


def test_auto_count_in_plain_digits_still_plays() -> None:
    a = handle({**PLAY, "moves": ["auto:3"]})
    assert a["ok"] is True and a["turn"] > 1


@given(st.text(alphabet=st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=4))
def test_any_digit_like_text_never_breaks_the_engine(count: str) -> None:
    a = handle({**PLAY, "moves": [f"auto:{count}"]})
    assert a["ok"] is True or a["error"]["code"] != "internal_error", a
    if not re.fullmatch(r"[0-9]+", count, flags=re.ASCII):
        assert a["ok"] is False


def test_engine_reads_no_number_with_unicode_digit_tests() -> None:
    """isdigit/isdecimal/isnumeric and a bare \\d (any script's digits) are not used on request text."""
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\.is(digit|decimal|numeric)\(|\\d", line):
                found.append(f"{path.relative_to(ENGINE.parent)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)
