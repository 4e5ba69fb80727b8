"""A round of 下灌叶子戏 in progress: the game's one state, and the protocol (:class:`engine.protocol.GameState`).

The deal is explicit: a round is dealt from a seed (the wall shuffled, the die thrown and the
stacks drawn, :func:`engine.yezi.round.deal`) or given the cards a real table dealt (``"deal":
"table"``, each seat's eight cards in ``hands``; the die and the stacks are the table's business).
Either way the state records the deal it was given (:attr:`YeziState.deal`), and everything after
it is the same round: ``YeziState({"game": "yezi", "seed": 7, "thrower": 1})`` and
``YeziState({"game": "yezi", "deal": "table", "thrower": 1, "hands": "1.1.2…;…"})`` are opened alike.

First each seat, in showing order from the die thrower, splits its eight cards into the group it
will show first and the group it will show second (``split:<first four>|<second four>``, card
codes joined by dots: ``split:1.2.9.leaf|3.3.5.10``): the source has every showing be "一组已组合好的
四张牌", a group already put together, so every split is fixed before anyone shows and nobody can
change their second group after seeing the others' first. Then the eight showings follow
(``show:<four>``), each the group the seat fixed. Nobody sees another's cards or split before they
are shown.

The source ranks the players and names no stake; the protocol's returns are each seat's places
above the average place (the four sum to zero), so that the best place has the largest return.
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

from ..errors import ApiError
from ..registry import SEATS_EN, SEATS_ZH
from ..protocol import SEED_MAX, GameState, IllegalAction, one_option_at_a_time, read_int, read_options
from ..protocol.table_deal import check_whole_set, deal_text, seat_hands
from .best import best_split, combination_splits
from .cards import DECK, FACES, GROUP_SIZE, HAND_SIZE, PLAYERS, SEAT_NAMES, Card, code_of, parse_card
from .combos import rank_of
from .config import config_from
from .round import Deal, Result, Showing, deal, group_scores, places_of, showing_winners

#: the options of a round of 叶子戏 (the other options of engine.yezi.config are 字牌's)
CHOICES: dict[str, tuple[str, ...]] = {
    "scoring": ("rank", "placing"),
    "ties": ("shared", "first_shown"),
    "count_from": ("thrower", "next"),
}
SEATS = tuple((zh[0], en[-1]) for zh, en in SEAT_NAMES)  # a seat's letter: 甲 / A


_CODE = [code_of(c) for c in range(len(FACES))]
_CARD = {code: c for c, code in enumerate(_CODE)}  # a move's card by its code (any other spelling is read by parse_card)


def move_codes(cards: Sequence[Card]) -> str:
    """Cards as a move writes them: their codes in order, joined by dots (``1.2.9.leaf`` is written ``leaf.1.2.9``)."""
    return ".".join([_CODE[c] for c in sorted(cards)])


def move_cards(text: str) -> tuple[Card, ...]:
    """The cards of a move's group (the reverse of :func:`move_codes`), in order."""
    return tuple(sorted([_CARD[x] if x in _CARD else parse_card(x) for x in text.split(".")]))


def cards_words(cards: Sequence[Card]) -> tuple[str, str]:
    """Cards in words: their cipher characters (zh) and their English glosses."""
    return "".join(FACES[c].cipher for c in sorted(cards)), " ".join(FACES[c].en for c in sorted(cards))


@lru_cache(maxsize=256)
def _splits(hand: tuple[Card, ...]) -> tuple[str, ...]:
    """Every split of an eight-card hand, as moves (the strong level asks again for each deal it imagines, a tally's
    record for each of its rounds: at most 60 rounds of four hands)."""
    codes = [_CODE[c] for c in sorted(hand)]  # each group picked in order from the cards in order is in order too
    out = set()
    for idx in combinations(range(len(codes)), GROUP_SIZE):
        first = ".".join([codes[i] for i in idx])
        second = ".".join([codes[i] for i in range(len(codes)) if i not in idx])
        out.add(f"split:{first}|{second}")
    return tuple(sorted(out))


@lru_cache(maxsize=4096)
def _split_ranks(move: str) -> tuple[int, int]:
    """The ranks of a split move's two groups, in showing order (9 for a 流散对)."""
    first, _, second = move.partition(":")[2].partition("|")
    return rank_of(move_cards(first)), rank_of(move_cards(second))


# ---------------------------------------------------------------- a deal given by a real table


def _table_card(x: str) -> Card:
    try:
        return parse_card(x)
    except (ApiError, ValueError):
        raise IllegalAction(f"“{x[:8]}”不是叶子戏的牌：用 1–10 或 leaf。", f"'{x[:8]}' is not a card of the leaf game: use 1–10 or leaf.") from None


def _table_hands(text: str) -> tuple[tuple[Card, ...], ...]:
    """Each seat's eight cards from a table's deal (seats separated by semicolons, A first), the whole deck between them."""
    hands = seat_hands(text, PLAYERS, HAND_SIZE, _table_card, "张", "cards")
    check_whole_set([c for h in hands for c in h], DECK, "叶子牌", "the leaf cards", lambda c: (code_of(c), code_of(c)))
    return tuple(tuple(sorted(h)) for h in hands)


# ---------------------------------------------------------------- the round


#: 叶子戏 scored by placings counts first places (a fraction of a round): a review's mistake there is a tenth of a
#: first place
MISTAKE_PLACING = 0.1

class YeziState(GameState):
    """A round of four in progress: the deal (:attr:`deal`), each seat's cards not yet shown (:attr:`held`),
    the groups shown (:attr:`shown`, as (seat, turn, group)) and each seat's split once made (:attr:`arranged`:
    seat -> (first group, second group))."""

    game = "yezi"
    review_words: ClassVar[str | None] = "engine.yezi.review"  # the review's words in this game's terms
    max_actions: ClassVar[int] = PLAYERS * 3  # a split and two showings each
    #: a round dealt at a real table names its deal and the cards dealt (a record's Deal and Hands tags)
    optional_setup: ClassVar[dict[str, Any]] = {"deal": "table", "hands": ""}

    @classmethod
    def read_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        thrower = read_int(position, "thrower", 0, 0, PLAYERS - 1, "掷骰人的座位", "the die thrower's seat")
        if position.get("deal") is None:
            if position.get("hands") is not None:
                raise IllegalAction("按种子发牌的一局不写桌上发的牌；桌上发的牌要同时写明是桌上发的（Deal 写 table）。",
                                    "A round dealt from a seed gives no cards dealt at a table; cards dealt at a table go with a deal at the table (Deal, table).")
            return {"seed": read_int(position, "seed", 0, 0, SEED_MAX, "种子", "the seed"), "thrower": thrower,
                    "options": read_options(position, CHOICES)}
        if position["deal"] != "table" or position.get("seed") is not None:
            raise IllegalAction("桌上发的牌只写“table”，不写种子。", "Cards dealt at a table are given as the deal 'table', with no seed.")
        return {"deal": "table", "thrower": thrower, "options": read_options(position, CHOICES), "hands": deal_text(position, "hands", True)}

    @classmethod
    def setups(cls) -> list[dict[str, Any]]:
        return [{"options": o} for o in one_option_at_a_time(CHOICES)] + [{"thrower": 3}]

    def _start(self) -> None:
        s = self.setup
        self.config = config_from(s["options"])
        thrower = s["thrower"]
        if s.get("deal") == "table":
            hands = _table_hands(s["hands"])
            self.deal = Deal((), 0, thrower, thrower, 0, (), hands)
        else:
            self.deal = deal(random.Random(s["seed"]), thrower, self.config)
        self.order = tuple((thrower + k) % PLAYERS for k in range(PLAYERS))  # the thrower shows first
        self.held: list[list[Card]] = [list(h) for h in self.deal.hands]
        self.shown: list[tuple[int, int, tuple[Card, ...]]] = []  # (seat, turn, group)
        # seat -> (first group, second group), fixed before the first showing
        self.arranged: dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]] = {}

    # ------------------------------------------------------------ where the round stands
    def num_players(self) -> int:
        return PLAYERS

    def splitting(self) -> int | None:
        """The seat that has still to split its cards, in showing order (None once all have)."""
        return next((s for s in self.order if s not in self.arranged), None)

    @property
    def turn(self) -> int:
        """The showing under way: 0 for the first groups, 1 for the second."""
        return len(self.shown) // PLAYERS

    def is_terminal(self) -> bool:
        return len(self.shown) == PLAYERS * 2

    def to_show(self) -> int | None:
        """The seat whose group is shown next (None once the round is over)."""
        return None if self.is_terminal() else self.order[len(self.shown) % PLAYERS]

    def current_player(self) -> int | None:
        if self.is_terminal():
            return None
        seat = self.splitting()
        return self.to_show() if seat is None else seat

    def _legal(self) -> list[str]:
        seat = self.splitting()
        if seat is None:
            shower = self.to_show()
            assert shower is not None
            return ["show:" + move_codes(self.arranged[shower][self.turn])]
        return list(_splits(tuple(self.deal.hands[seat])))

    def _apply(self, action: str) -> None:
        kind, _, rest = action.partition(":")
        if kind == "split":
            first, _, second = rest.partition("|")
            seat = self.splitting()
            assert seat is not None
            self.arranged[seat] = (move_cards(first), move_cards(second))
        else:
            self._show(move_cards(rest))

    def _show(self, group: tuple[Card, ...]) -> None:
        seat = self.to_show()
        assert seat is not None
        for c in group:
            self.held[seat].remove(c)
        self.shown.append((seat, self.turn, group))

    def play_out(self) -> Result:
        """The round played to its end by the basic player (:meth:`basic_action`: every seat yet to split takes its
        best split, the better group first; then the groups are shown as split), each move written; the result."""
        for _ in range(self.max_actions):
            if self.is_terminal():
                break
            action = self.basic_action()
            self._apply(action)  # the basic player's move is lawful: no need to ask the lawful moves again
            self.actions.append(action)
        return self.result()

    def result(self) -> Result:
        """Both showings scored under the round's rules, each seat's total and place."""
        if not self.is_terminal():
            raise ValueError("the round is not over")
        showings: list[Showing] = []
        totals = [0] * PLAYERS
        winners: list[tuple[int, ...]] = []
        for turn in range(2):
            batch = self.shown[turn * PLAYERS : (turn + 1) * PLAYERS]
            ranks = [rank_of(g) for _, _, g in batch]
            scores = group_scores(ranks, self.config)
            for (seat, t, g), r, s in zip(batch, ranks, scores):
                showings.append(Showing(seat, t, g, r, s))
                totals[seat] += s
            winners.append(showing_winners(batch))
        places = places_of(totals, list(self.order), self.config)
        return Result(tuple(showings), tuple(totals), places, self.order, tuple(winners))

    def _returns(self) -> Sequence[Fraction]:
        places = self.result().places
        mean = Fraction(sum(places), len(places))
        return [mean - p for p in places]

    def action_words(self, action: str) -> tuple[str, str]:
        kind, _, rest = action.partition(":")
        if kind == "split":
            a, _, b = rest.partition("|")
            (za, ea), (zb, eb) = cards_words(move_cards(a)), cards_words(move_cards(b))
            return f"先亮{za}，再亮{zb}", f"Show {ea} first, then {eb}"
        zh, en = cards_words(move_cards(rest))
        return f"亮出{zh}", f"Show {en}"

    # ------------------------------------------------------------ what the strong level and the review ask of a game
    def mistake_loss(self, usual: float) -> float:
        """Scored by placings a review counts first places (a fraction of a round): a mistake is a tenth of one."""
        return MISTAKE_PLACING if self.config.scoring == "placing" else usual

    def observation(self, player: int) -> dict[str, Any]:
        d = self.deal
        mine = self.arranged.get(player)
        over = self.is_terminal()
        out: dict[str, Any] = {
            "seat": player, "seat_name": {"zh": SEATS[player][0], "en": SEATS[player][1]},
            "thrower": d.thrower, "die": d.die, "first_drawer": d.first_drawer,
            "draws": [{"seat": s, "stacks": list(ix)} for s, ix in d.draws],
            "hand": [code_of(c) for c in d.hands[player]],
            "held": [code_of(c) for c in sorted(self.held[player])],
            "my_split": [[code_of(c) for c in g] for g in mine] if mine else None,
            "split_done": [s in self.arranged for s in range(PLAYERS)],
            "shown": [{"seat": s, "turn": t, "group": [code_of(c) for c in g]} for s, t, g in self.shown],
            "to_move": self.current_player(), "over": over,
        }
        if over:
            res = self.result()
            out.update(totals=list(res.totals), places=list(res.places), returns=[str(x) for x in self._returns()])
        return out

    # ------------------------------------------------------------ the computer players
    def basic_action(self) -> str:
        """The basic computer player's move: its best split (the lowest total), the better group
        shown first; then the groups as split."""
        seat = self.splitting()
        if seat is None:
            return self.legal_actions()[0]
        a, b = best_split(self.deal.hands[seat]).groups
        return f"split:{move_codes(a)}|{move_codes(b)}"

    def strong_candidates(self) -> list[str]:
        """The moves the strong level plays out: for a split, every split holding a combination
        (a split without one is never better than the best) and the best split, each in both
        orders of showing; a showing has one lawful move."""
        legal = self.legal_actions()
        seat = self.splitting()
        if seat is None:
            return legal
        hand = self.deal.hands[seat]
        found = [best_split(hand), *combination_splits(hand)]
        out: list[str] = []
        for sp in found:
            a, b = sp.groups
            for x, y in ((a, b), (b, a)):
                m = f"split:{move_codes(x)}|{move_codes(y)}"
                if m in legal and m not in out:
                    out.append(m)
        return out

    def strong_value(self, places: Sequence[int], player: int) -> float:
        """What the strong level counts a finished round as for ``player``. Scored by placings, the reader's
        goal is first place (the winner of the round, shared or not): 1 for a first place, else 0, so that the
        strong level maximises its chance to win, not its mean place. Under the default scoring, the seat's
        places above the average place (the protocol's return)."""
        if self.config.scoring == "placing":
            return 1.0 if places[player] == 1 else 0.0
        return sum(places) / len(places) - places[player]

    def strong_unit(self) -> tuple[str, str]:
        """What :meth:`strong_value` counts, in words (a review's figures are in it)."""
        if self.config.scoring == "placing":
            return "次第一", "first places a round"
        return "分", "points"

    def strong_deal(self, player: int, rng: random.Random, moves: Sequence[str]) -> list[float] | None:
        """One deal imagined by the strong level, every split in ``moves`` (``player``'s) played in it: the
        other seats' cards dealt again exactly as :meth:`resample` deals them (same generator, same draws),
        each other seat splitting as the basic player does (its best split, the better group first), and
        the round scored for each of ``player``'s splits (:meth:`strong_value`). A round scored from the
        groups' ranks only — the same ends as playing every showing (a test compares) at a small part of
        the work, so that many more deals fit in the budget. None once a group is shown (no split left)."""
        if self.shown:
            return None
        seats = [s for s in range(PLAYERS) if s != player]
        pool = [c for s in seats for c in self.held[s]]
        rng.shuffle(pool)
        firsts: list[int] = []
        seconds: list[int] = []
        k = 0
        for s in seats:
            n = len(self.held[s])
            a, b = best_split(pool[k:k + n]).ranks
            k += n
            firsts.append(a)
            seconds.append(b)
        out: list[float] = []
        for m in moves:
            mine = _split_ranks(m)
            totals = [0] * PLAYERS
            for turn, theirs in ((0, firsts), (1, seconds)):
                ranks = theirs[:]
                ranks.insert(player, mine[turn])
                totals = [t + q for t, q in zip(totals, group_scores(ranks, self.config))]
            out.append(self.strong_value(places_of(totals, list(self.order), self.config), player))
        return out

    # ------------------------------------------------------------ copies
    def clone(self) -> YeziState:
        """A copy (the strong level makes one for every move in every deal it imagines): the round's lists
        and dict are copied, what never changes shared — the deal, the rules, the setup."""
        other = copy.copy(self)
        other.actions = list(self.actions)
        other.held = [list(h) for h in self.held]
        other.shown = list(self.shown)
        other.arranged = dict(self.arranged)
        return other

    def _resample(self, player: int, rng: random.Random) -> YeziState:
        """The cards of the others that are not shown yet, dealt again among them (with fresh splits)."""
        other = self.clone()
        seats = [s for s in range(PLAYERS) if s != player]
        pool = [c for s in seats for c in other.held[s]]
        rng.shuffle(pool)
        hands = list(other.deal.hands)
        for s in seats:
            k = len(other.held[s])
            if not k:
                continue
            other.held[s] = pool[:k]
            del pool[:k]
            shown = [c for seat, _, g in other.shown if seat == s for c in g]  # at most the first group
            hands[s] = tuple(sorted(shown + other.held[s]))
            if s in other.arranged:  # a split not shown yet is not known either: the basic player's, for the new cards
                if shown:
                    other.arranged[s] = (tuple(sorted(shown)), tuple(sorted(other.held[s])))
                else:
                    other.arranged[s] = best_split(hands[s]).groups
        other.deal = replace(other.deal, hands=tuple(hands))
        return other


    # ------------------------------------------------------------ what records ask of a game
    def settlement_notes(self) -> list[tuple[str, str]]:
        """Each seat's total and place."""
        res = self.result()
        return [(f"{SEATS_ZH[s]}家共 {res.totals[s]} 分，第 {res.places[s]} 名。", f"{SEATS_EN[s]}: {res.totals[s]} in all, place {res.places[s]}.")
                for s in range(len(res.places))]

    # ------------------------------------------------------------ a table of several people at one device (issue 42)
    def move_heard(self, action: str) -> tuple[str, str] | None:
        """A split is heard as made, never named: its groups stay face down until shown."""
        p = self.current_player()
        if p is None or not action.startswith("split:"):
            return super().move_heard(action)
        return f"{SEATS[p][0]}家分好了牌。", f"{SEATS[p][1]} has split their cards."

    def observation_words(self, player: int) -> tuple[str, str]:
        """The seat's own cards by their full names (the character and the numeral), its split, and the groups shown."""

        def named(cards: Sequence[Card]) -> tuple[str, str]:
            fs = [FACES[c] for c in sorted(cards)]
            return ("、".join(f"{f.cipher}（{f.numeral}）" if f.numeral else f.cipher for f in fs),
                    ", ".join(f"{f.en} ({f.value})" if f.value else f.en for f in fs))

        held = sorted(self.held[player])
        h = named(held)
        zh = [f"你手里的牌（{len(held)} 张）：{h[0] or '没有了'}。"]
        en = [f"Your cards ({len(held)}): {h[1] or 'none left'}."]
        mine = self.arranged.get(player)
        if mine:
            a, b = named(mine[0]), named(mine[1])
            zh.append(f"你分的牌：先亮{a[0]}，再亮{b[0]}。")
            en.append(f"Your split: first {a[1]}, then {b[1]}.")
        for s, _turn, g in self.shown:
            w = named(g)
            zh.append(f"{SEATS[s][0]}家亮了{w[0]}。")
            en.append(f"{SEATS[s][1]} showed {w[1]}.")
        return " ".join(zh), " ".join(en)


__all__ = ["CHOICES", "SEATS", "YeziState", "cards_words", "move_cards", "move_codes"]
