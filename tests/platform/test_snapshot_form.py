"""The Python snapshot travels as its runs of non-zero bytes (sitegen/assets.py snapshot_runs; the engine's worker
lays them out again, widgets/worker.js layOut, restored in the browser by tests/browser/test_offline.py): laid out
again, the form gives back every byte, and it leaves out each run of zeros at least RUN_GAP long."""

from __future__ import annotations

import struct

from hypothesis import given
from hypothesis import strategies as st

from sitegen.assets import RUN_GAP, snapshot_from_runs, snapshot_runs

# memory as a started Python leaves it: stretches of bytes between stretches of zeros, long and short
PIECES = st.lists(
    st.one_of(st.binary(min_size=1, max_size=300), st.integers(0, 3 * RUN_GAP).map(bytes)),
    max_size=40,
)


@given(PIECES)
def test_the_runs_laid_out_again_are_the_snapshot(pieces: list[bytes]) -> None:
    raw = b"".join(pieces)
    assert snapshot_from_runs(snapshot_runs(raw)) == raw


@given(PIECES)
def test_the_form_leaves_out_every_long_run_of_zeros_and_only_those(pieces: list[bytes]) -> None:
    raw = b"".join(pieces)
    form = snapshot_runs(raw)
    size, count = struct.unpack_from("<II", form, 0)
    assert size == len(raw)
    runs = [struct.unpack_from("<II", form, 8 + 8 * i) for i in range(count)]
    kept = sum(n for _, n in runs)
    assert len(form) == 8 + 8 * count + kept
    # what lies between two runs, before the first and after the last, is zeros, and a gap inside is RUN_GAP or more
    edges = [0, *(x for at, n in runs for x in (at, at + n)), len(raw)]
    gaps = [(edges[i], edges[i + 1]) for i in range(0, len(edges), 2)]
    for a, b in gaps:
        assert raw[a:b] == bytes(b - a)
    for a, b in gaps[1:-1]:
        assert b - a >= RUN_GAP
    # and no run holds RUN_GAP zeros in a row: every such stretch is left out
    for at, n in runs:
        assert n > 0 and bytes(RUN_GAP) not in raw[at:at + n]


def test_a_snapshot_of_zeros_and_an_empty_one() -> None:
    assert snapshot_runs(bytes(10_000)) == struct.pack("<II", 10_000, 0)
    assert snapshot_from_runs(snapshot_runs(b"")) == b""
