"""The strong computer level, built once over the game protocol: determinised rollouts.

To choose a move for the seat to decide, the strong level

1. deals again everything that seat cannot see (:meth:`GameState.resample`: the other
   seats' hidden cards and the stock, drawn only from the cards the seat has not seen —
   never a card in its own hand, in an open group or among the discards), several times;
2. in each of these deals (the same deals for every candidate, so that candidates are
   compared on equal terms), plays each lawful move and then the rest of the game with the
   basic computer player at every seat (the rollout policy) — a game may score every move of a
   deal at once instead (``strong_deal``: 叶子戏, whose splits the rest of the round does not
   answer), and may say what a finished game is worth to the seat (``strong_value``: 叶子戏 scored
   by placings counts a first place, so that the strong level plays to win the round);
3. keeps the basic player's move unless another has a better mean result for that seat by
   more than :data:`MARGIN` standard errors of the difference (paired over the same deals);
   among those, the best mean (ties: the order of the lawful moves).

It is seeded (the same position and seed give the same choice), bounded (a number of
rollouts, derived from the engine's cost budget through :data:`ROLLOUT_UNITS`) and
cancellable: ``cancel()`` is asked between rollouts, and once it answers true the search
stops and the best move found so far is returned (the basic player's when no deal was
finished).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable

from ..validate import get_str
from . import ADAPTERS, GameState

#: Work units (about a microsecond of CPython each) of one rollout from the first move of a
#: game: a deal of the hidden cards plus the game played out by the basic player. Measured
#: with benchmarks/bench_strong.py and rounded up; a rollout later in the game costs less.
#: (跑胡子's: about 7 ms from the first move on a busy machine, its caches cold, in issue 37.)
#: 叶子戏's is one split scored in one deal (:meth:`YeziState.strong_deal`: a deal's others' best splits
#: shared by its splits, about 26 µs and 31 Python calls a split in CPython), not a round played out.
ROLLOUT_UNITS: dict[str, int] = {"gupai": 2_000, "paohuzi": 10_000, "yezi": 60, "dawei": 2_000}

#: The work of one strong decision, in work units: what the hint and a computer seat at the strong
#: level spend on each decision (about 0.1 s of CPython in 骨牌, 0.6 s declared in 跑胡子, whose hands are
#: longer to play out, about 0.15 s measured; in 叶子戏 about 900 deals of the others' cards for every split worth weighing).
STRONG_UNITS: dict[str, int] = {"gupai": 120_000, "paohuzi": 600_000, "yezi": 120_000, "dawei": 100_000}

#: how sure the strong level must be before it leaves the basic player's move: another move is
#: chosen only when its advantage over the basic move, paired over the same deals, exceeds this many
#: standard errors (跑胡子's results vary so much from deal to deal that a few deals mislead)
MARGIN: dict[str, float] = {"gupai": 0.0, "paohuzi": 1.0, "yezi": 1.0}

#: the games with a basic computer player for the rollouts and a strong level: every game (a game's basic player is
#: its :meth:`GameState.basic_action`, by default its first lawful move)
COVERED = frozenset(ADAPTERS)

#: the levels a request may ask for, in words
LEVELS: dict[str, tuple[str, str]] = {
    "basic": ("基本水平（一条简单的出牌规则，适合初学者）", "basic (a simple rule of thumb, a fair opponent for beginners)"),
    "strong": ("强水平（设想别家的牌，把每一步打到底再比较）", "strong (imagines the others' cards and plays each move out to compare)"),
}


def read_level(req: dict[str, Any]) -> str:
    """The ``level`` of a request ("basic" by default), refused in words when it is neither level."""
    return get_str(req, "level", "basic", choices=tuple(LEVELS), names=LEVELS)


# ---------------------------------------------------------------- the basic player through the protocol


def basic_action(state: GameState) -> str:
    """The basic computer player's move for the seat to decide, as a protocol move (the game's own)."""
    return state.basic_action()


def rollout(state: GameState) -> list[float]:
    """Play ``state`` (changed in place) to the end with the basic player at every seat; each seat's result.
    (A 跑胡子 hand played out so writes no more to its log: only its result is read.)"""
    state.play_out()
    return [float(x) for x in state._returns()] if state.is_terminal() else [0.0] * state.num_players()


# ---------------------------------------------------------------- the strong level


@dataclass(frozen=True)
class Estimate:
    """What the search found for one lawful move: the mean result for the seat and its standard error."""

    action: str
    mean: float
    stderr: float
    n: int


@dataclass(frozen=True)
class Choice:
    action: str
    estimates: tuple[Estimate, ...]  # in the order of the lawful moves (those the game plays out, for 叶子戏's split)
    deals: int  # how many deals of the hidden cards were played out for every move
    rollouts: int  # rollouts actually played
    cancelled: bool
    #: each deal finished: the seat's result after each move of ``estimates`` (for paired comparisons: the review)
    rows: tuple[tuple[float, ...], ...] = ()


def rollout_units(state: GameState) -> int:
    """The work of one rollout from ``state``: :data:`ROLLOUT_UNITS` scaled by how much of the game is left."""
    return state.strong_rollout_units(ROLLOUT_UNITS.get(state.game, 10_000))


def rollouts_for(state: GameState, units: int) -> int:
    """How many rollouts ``units`` of work allow from ``state`` (at least one)."""
    return max(1, units // rollout_units(state))


def decision_seed(state: GameState, seed: int) -> str:
    """A seed for one decision: the caller's seed and the moves so far (stable across runs and machines)."""
    return f"strong:{state.game}:{seed}:{len(state.actions)}:{'|'.join(state.actions[-4:])}"


def strong_choice(state: GameState, rollouts: int, seed: int = 0,
                  cancel: Callable[[], bool] | None = None, also: str | None = None) -> Choice:
    """The strong level's move for the seat to decide in ``state`` (not changed), playing at most
    ``rollouts`` rollouts. See the module's docstring. ``also``: a lawful move played out too where the game
    plays out only its candidates (a review weighs the reader's own move)."""
    player = state.current_player()
    if player is None:
        raise ValueError("the game is over: nobody decides")
    legal = state.legal_actions()
    basic = basic_action(state)
    if len(legal) == 1:
        return Choice(legal[0], (Estimate(legal[0], 0.0, 0.0, 0),), 0, 0, False)
    exact_values = state.strong_values()
    if exact_values:
        # a game whose only uncertainty is chance the engine can weigh exactly (打围's second throw)
        if cancel is not None and cancel():
            return Choice(basic, (), 0, 0, True)
        best_exact = max(legal, key=lambda a: (exact_values[a], a == basic))
        return Choice(best_exact, tuple(Estimate(a, exact_values[a], 0.0, 1) for a in legal), 1, len(legal), False)
    candidates = state.strong_candidates()
    if candidates is not None:
        # a game with many lawful moves of which few can be best (叶子戏's splits): those, and the basic move
        legal = candidates if also is None or also in candidates else candidates + [also]
        if basic not in legal:
            legal = [basic] + legal
    deals = max(1, rollouts // len(legal))
    rows: list[list[float]] = []  # one row per deal finished: the seat's result after each lawful move
    played = 0
    cancelled = False
    base = decision_seed(state, seed)
    for k in range(deals):
        rng = random.Random(f"{base}:{k}")
        quick = state.strong_deal(player, rng, legal)  # a game that scores every move of one deal at once (叶子戏's splits)
        if quick is not None:
            if cancel is not None and cancel():
                cancelled = True
                break
            played += len(legal)
            rows.append(quick)
            continue
        values, n, cancelled = _play_deal(state.resample(player, random.Random(f"{base}:{k}")), player, legal, cancel)
        played += n
        if cancelled:
            break
        if values:
            rows.append(values)
    return _chosen(state, legal, basic, rows, played, cancelled)


def _play_deal(world: GameState, player: int, legal: list[str],
               cancel: Callable[[], bool] | None) -> tuple[list[float], int, bool]:
    """Each of ``legal`` played out in one deal ``world``: ``player``'s result after each (empty when the deal
    cannot be played to the end), the rollouts played, and whether ``cancel`` answered true."""
    world.legal_actions()  # the lawful moves worked out once a deal: each move's copy of the deal shares them
    values: list[float] = []
    played = 0
    for a in legal:
        if cancel is not None and cancel():
            return values, played, True
        w = world.clone()
        played += 1
        try:
            w.apply(a)
            values.append(rollout(w)[player])
        except (AssertionError, ValueError, KeyError, IndexError):
            # a deal the game's own state cannot play to the end (an imagined deal that
            # contradicts something the table remembers): the whole deal is left out
            return [], played, False
    return values, played, False


def _chosen(state: GameState, legal: list[str], basic: str, rows: list[list[float]], played: int, cancelled: bool) -> Choice:
    """The choice the deals ``rows`` make (one row per deal finished: the seat's result after each of ``legal``)."""
    done = len(rows)
    estimates = []
    for i, a in enumerate(legal):
        col = [r[i] for r in rows]
        estimates.append(Estimate(a, *_mean_se(col), done))
    if done == 0:
        return Choice(basic, tuple(estimates), 0, played, cancelled)
    # the basic player's move stands unless another is better by more than MARGIN standard errors
    # of the difference (paired over the same deals)
    b = legal.index(basic)
    z = MARGIN.get(state.game, 0.0)
    paired = tuple(tuple(r) for r in rows)
    if z > 0 and done < 3:  # too few deals to tell a standard error: the basic move stands
        return Choice(basic, tuple(estimates), done, played, cancelled, paired)
    best, best_mean = b, estimates[b].mean
    for i, e in enumerate(estimates):
        if i == b:
            continue
        d_mean, d_se = _mean_se([r[i] - r[b] for r in rows])
        if d_mean > 0 and d_mean > z * d_se and e.mean > best_mean:
            best, best_mean = i, e.mean
    return Choice(legal[best], tuple(estimates), done, played, cancelled, paired)


def _mean_se(xs: list[float]) -> tuple[float, float]:
    if not xs:
        return 0.0, 0.0
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return m, math.sqrt(var / len(xs))


__all__ = ["COVERED", "Choice", "Estimate", "LEVELS", "ROLLOUT_UNITS", "STRONG_UNITS", "basic_action", "read_level", "decision_seed",
           "rollout", "rollout_units", "rollouts_for", "strong_choice"]
