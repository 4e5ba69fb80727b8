"""下灌叶子戏 through the protocol: :class:`engine.yezi.round.Round` as it is.

First each seat, in showing order from the die thrower, splits its eight cards into
the group it will show first and the group it will show second
(``split:<first four>|<second four>``, card codes joined by dots: ``split:1.2.9.leaf|3.3.5.10``):
the source has every group put together before anyone shows. Then the eight showings
follow (``show:<four>``), each the group the seat fixed. Nobody sees another's cards
or split before they are shown.

The source ranks the players and names no stake; the protocol's returns are each
seat's places above the average place (the four sum to zero), so that the best
place has the largest return.
"""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from typing import Any, ClassVar
from collections.abc import Sequence

from ..yezi.best import best_split, make_split
from ..yezi.cards import FACES, GROUP_SIZE, PLAYERS, SEAT_NAMES, Card, code_of, parse_card
from ..yezi.combos import BY_KEY, SCATTER_RANK, rank_of
from ..yezi.config import config_from
from ..yezi.round import Round, places_of
from . import SEED_MAX, GameState, one_option_at_a_time, read_int, read_options

#: the options of a round of 叶子戏 (the other options of engine.yezi.config are 字牌's)
CHOICES: dict[str, tuple[str, ...]] = {
    "scoring": ("rank", "placing"),
    "ties": ("shared", "first_shown"),
    "count_from": ("thrower", "next"),
}
SEATS = tuple((zh[0], en[-1]) for zh, en in SEAT_NAMES)  # a seat's letter: 甲 / A


_CODE = [code_of(c) for c in range(len(FACES))]


def _codes(cards: Sequence[Card]) -> str:
    return ".".join([_CODE[c] for c in sorted(cards)])


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_card(x) for x in text.split(".")))


@lru_cache(maxsize=64)
def _splits(hand: tuple[Card, ...]) -> tuple[str, ...]:
    """Every split of an eight-card hand, as moves (the strong level asks again for each deal it imagines)."""
    out: list[str] = []
    for idx in combinations(range(len(hand)), GROUP_SIZE):
        first = [hand[i] for i in idx]
        second = [hand[i] for i in range(len(hand)) if i not in idx]
        out.append(f"split:{_codes(first)}|{_codes(second)}")
    return tuple(sorted(set(out)))


@lru_cache(maxsize=4096)
def _split_ranks(move: str) -> tuple[int, int]:
    """The ranks of a split move's two groups, in showing order (9 for a 流散对)."""
    first, _, second = move.partition(":")[2].partition("|")
    return rank_of(_cards(first)), rank_of(_cards(second))


def _words(cards: Sequence[Card]) -> tuple[str, str]:
    return "".join(FACES[c].cipher for c in sorted(cards)), " ".join(FACES[c].en for c in sorted(cards))


class YeziState(GameState):
    game = "yezi"
    max_actions: ClassVar[int] = PLAYERS * 3  # a split and two showings each

    @classmethod
    def read_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        return {
            "seed": read_int(position, "seed", 0, 0, SEED_MAX, "种子", "the seed"),
            "thrower": read_int(position, "thrower", 0, 0, PLAYERS - 1, "掷骰人的座位", "the die thrower's seat"),
            "options": read_options(position, CHOICES),
        }

    @classmethod
    def setups(cls) -> list[dict[str, Any]]:
        return [{"options": o} for o in one_option_at_a_time(CHOICES)] + [{"thrower": 3}]

    def _start(self) -> None:
        s = self.setup
        self.r = Round(s["seed"], s["thrower"], config_from(s["options"]))

    def num_players(self) -> int:
        return PLAYERS

    def _splitting(self) -> int | None:
        """The seat that has still to split its cards, in showing order (None once all have)."""
        return next((s for s in self.r.order if s not in self.r.arranged), None)

    def current_player(self) -> int | None:
        if self.r.done:
            return None
        seat = self._splitting()
        return self.r.to_show if seat is None else seat

    def _legal(self) -> list[str]:
        seat = self._splitting()
        if seat is None:
            return ["show:" + _codes(g) for g in self.r.legal_actions()]
        return list(_splits(tuple(self.r.deal.hands[seat])))

    def _apply(self, action: str) -> None:
        kind, _, rest = action.partition(":")
        if kind == "split":
            first, _, second = rest.partition("|")
            seat = self._splitting()
            assert seat is not None
            self.r.arrange(seat, _cards(first), _cards(second))
        else:
            self.r.show(_cards(rest))

    def is_terminal(self) -> bool:
        return self.r.done

    def _returns(self) -> Sequence[Fraction]:
        places = self.r.result().places
        mean = Fraction(sum(places), len(places))
        return [mean - p for p in places]

    def action_words(self, action: str) -> tuple[str, str]:
        kind, _, rest = action.partition(":")
        if kind == "split":
            a, _, b = rest.partition("|")
            (za, ea), (zb, eb) = _words(_cards(a)), _words(_cards(b))
            return f"先亮{za}，再亮{zb}", f"Show {ea} first, then {eb}"
        zh, en = _words(_cards(rest))
        return f"亮出{zh}", f"Show {en}"

    def observation(self, player: int) -> dict[str, Any]:
        r = self.r
        mine = r.arranged.get(player)
        out: dict[str, Any] = {
            "seat": player, "seat_name": {"zh": SEATS[player][0], "en": SEATS[player][1]},
            "thrower": r.deal.thrower, "die": r.deal.die, "first_drawer": r.deal.first_drawer,
            "draws": [{"seat": s, "stacks": list(ix)} for s, ix in r.deal.draws],
            "hand": [code_of(c) for c in r.deal.hands[player]],
            "held": [code_of(c) for c in sorted(r.held[player])],
            "my_split": [[code_of(c) for c in g] for g in mine] if mine else None,
            "split_done": [s in r.arranged for s in range(PLAYERS)],
            "shown": [{"seat": s, "turn": t, "group": [code_of(c) for c in g]} for s, t, g in r.shown],
            "to_move": self.current_player(), "over": r.done,
        }
        if r.done:
            res = r.result()
            out.update(totals=list(res.totals), places=list(res.places), returns=[str(x) for x in self._returns()])
        return out

    def basic_action(self) -> str:
        """The basic computer player's move: its best split (the lowest total), the better group
        shown first; then the groups as split."""
        seat = self._splitting()
        if seat is None:
            return self.legal_actions()[0]
        a, b = best_split(self.r.deal.hands[seat]).groups
        return f"split:{_codes(a)}|{_codes(b)}"

    def strong_candidates(self) -> list[str]:
        """The moves the strong level plays out: for a split, every split holding a combination
        (a split without one is never better than the best) and the best split, each in both
        orders of showing; a showing has one lawful move."""
        legal = self.legal_actions()
        seat = self._splitting()
        if seat is None:
            return legal
        hand = self.r.deal.hands[seat]
        found = [best_split(hand)]
        for key in BY_KEY:
            rest = list(hand)
            for c in key:  # the combination's cards taken out of the hand, if it holds them all
                if c not in rest:
                    break
                rest.remove(c)
            else:
                found.append(make_split(tuple(key), tuple(rest)))
        out: list[str] = []
        for sp in found:
            a, b = sp.groups
            for x, y in ((a, b), (b, a)):
                m = f"split:{_codes(x)}|{_codes(y)}"
                if m in legal and m not in out:
                    out.append(m)
        return out

    def strong_value(self, places: Sequence[int], player: int) -> float:
        """What the strong level counts a finished round as for ``player``. Scored by placings, the reader's
        goal is first place (the winner of the round, shared or not): 1 for a first place, else 0, so that the
        strong level maximises its chance to win, not its mean place. Under the default scoring, the seat's
        places above the average place (the protocol's return)."""
        if self.r.config.scoring == "placing":
            return 1.0 if places[player] == 1 else 0.0
        return sum(places) / len(places) - places[player]

    def strong_unit(self) -> tuple[str, str]:
        """What :meth:`strong_value` counts, in words (a review's figures are in it)."""
        if self.r.config.scoring == "placing":
            return "次第一", "first places a round"
        return "分", "points"

    def strong_deal(self, player: int, rng: random.Random, moves: Sequence[str]) -> list[float] | None:
        """One deal imagined by the strong level, every split in ``moves`` (``player``'s) played in it: the
        other seats' cards dealt again exactly as :meth:`resample` deals them (same generator, same draws),
        each other seat splitting as the basic player does (its best split, the better group first), and
        the round scored for each of ``player``'s splits (:meth:`strong_value`). A round scored from the
        groups' ranks only — the same ends as playing every showing (a test compares) at a small part of
        the work, so that many more deals fit in the budget. None once a group is shown (no split left)."""
        r = self.r
        if r.shown:
            return None
        seats = [s for s in range(PLAYERS) if s != player]
        pool = [c for s in seats for c in r.held[s]]
        rng.shuffle(pool)
        firsts: list[int] = []
        seconds: list[int] = []
        k = 0
        for s in seats:
            n = len(r.held[s])
            a, b = best_split(pool[k:k + n]).ranks
            k += n
            firsts.append(a)
            seconds.append(b)
        placing = r.config.scoring == "placing"
        out: list[float] = []
        for m in moves:
            mine = _split_ranks(m)
            totals = [0] * PLAYERS
            for turn, theirs in ((0, firsts), (1, seconds)):
                ranks = theirs[:]
                ranks.insert(player, mine[turn])
                for s in range(PLAYERS):
                    q = ranks[s]
                    if placing and q != SCATTER_RANK:
                        q = 1 + sum([1 for x in ranks if x < q])
                    totals[s] += q
            out.append(self.strong_value(places_of(totals, list(r.order), r.config), player))
        return out

    def clone(self) -> YeziState:
        """A copy (the strong level makes one for every move in every deal it imagines): the round's lists
        and dict are copied, what never changes shared — the deal, the rules, the setup, and the round's
        generator, which is drawn from only to deal."""
        other = copy.copy(self)
        other.actions = list(self.actions)
        r = other.r = copy.copy(self.r)
        r.held = [list(h) for h in self.r.held]
        r.shown = list(self.r.shown)
        r.arranged = dict(self.r.arranged)
        return other

    def _resample(self, player: int, rng: random.Random) -> YeziState:
        """The cards of the others that are not shown yet, dealt again among them (with fresh splits)."""
        other = self.clone()
        r = other.r
        seats = [s for s in range(PLAYERS) if s != player]
        pool = [c for s in seats for c in r.held[s]]
        rng.shuffle(pool)
        hands = list(r.deal.hands)
        for s in seats:
            k = len(r.held[s])
            if not k:
                continue
            r.held[s] = pool[:k]
            del pool[:k]
            shown = [c for seat, _, g in r.shown if seat == s for c in g]  # at most the first group
            hands[s] = tuple(sorted(shown + r.held[s]))
            if s in r.arranged:  # a split not shown yet is not known either: the basic player's, for the new cards
                if shown:
                    r.arranged[s] = (tuple(sorted(shown)), tuple(sorted(r.held[s])))
                else:
                    r.arranged[s] = best_split(hands[s]).groups
        r.deal = replace(r.deal, hands=tuple(hands))
        return other

