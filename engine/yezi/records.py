"""下灌叶子戏 at a real table, as records: a family's rounds (the tally, ``[Sheet "tally"]``, which the registry of
games names, so the records (:mod:`engine.record`) read it without importing this game) and a showing judged at a
table (:func:`showing_record`, ``[Deal "table"]``, read by the game's own state).

A family's rounds of 下灌叶子戏 at a real table, as a record: one line per round (the tally).

Setup tag ``[Sheet "tally"]`` and the rule options as ``Option`` tags. Each move is a round,
written by :func:`round_word` — ``round:B:`` (the seat that threw the die, who shows first),
then the four seats' two groups in the order shown, seat A first, joined by ``/``
(``round:B:5.7.10.leaf|1.2.3.4/…``) — and every move is made by seat A, whoever keeps the tally
(the source says nothing of who keeps count, nor who throws the die in the next round).
``end`` closes the tally.

The source scores one round (每一牌局可亮牌两次，最终以两次出牌的记分数累加，以记分数最少者……为本轮
牌局的最终优胜者) and says nothing of several rounds: the tally only adds up each player's
points round after round, as a family keeping count would, the lowest being the fewest. Its
``Result`` (the format's results sum to zero) is each seat's total below the four's average:
the fewest points, the largest result. Nothing is hidden: every round is entered after it is shown.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar
from collections.abc import Sequence

from ..protocol import GameState, IllegalAction, one_option_at_a_time, read_options
from ..record import read, write
from . import showing
from .cards import GROUP_SIZE, PLAYERS, SEAT_NAMES, Card, InvalidCards, code_of, parse_card
from .config import config_from
from .state import CHOICES, SEATS, YeziState

#: the most rounds a tally holds
MAX_ROUNDS = 60
LETTERS = "".join(en for _, en in SEATS)  # a seat by its letter, A first


def _codes(cards: Sequence[Card]) -> str:
    return ".".join(code_of(c) for c in sorted(cards))


def round_word(thrower: int, groups: Sequence[Sequence[Sequence[Card]]]) -> str:
    """A round as the tally writes it: the die thrower's letter, then each seat's two groups in the order shown."""
    return f"round:{LETTERS[thrower]}:" + "/".join(f"{_codes(g[0])}|{_codes(g[1])}" for g in groups)


def parse_round(word: str) -> tuple[int, list[tuple[tuple[Card, ...], tuple[Card, ...]]]]:
    """The reverse of :func:`round_word`; IllegalAction, in words, for anything else."""
    bad = IllegalAction("一局写成 round:掷骰人的字母:四家各自亮出的两组（甲家在前，用 / 分开；每家两组用 | 分开，牌用点分开）。",
                        "A round reads round:the die thrower's letter:each seat's two groups in the order shown (seat A first, "
                        "seats apart by /, the two groups by |, the cards by dots).")
    kind, _, rest = word.partition(":")
    who, _, seats = rest.partition(":")
    if kind != "round" or len(who) != 1 or who not in LETTERS:
        raise bad
    parts = seats.split("/")
    if len(parts) != PLAYERS:
        raise bad
    out = []
    for s, part in enumerate(parts):
        gs = part.split("|")
        if len(gs) != 2:
            raise bad
        try:
            a, b = (tuple(sorted(parse_card(x) for x in g.split("."))) for g in gs)
        except (InvalidCards, ValueError):
            raise bad from None
        if len(a) != GROUP_SIZE or len(b) != GROUP_SIZE:
            zh, en = SEAT_NAMES[s]
            raise IllegalAction(f"{zh}：每次亮出的一组正好是四张牌。", f"{en}: each group shown is exactly four cards.")
        out.append((a, b))
    return LETTERS.index(who), out


def judge_round(word: str, options: dict[str, str]) -> showing.Showing:
    thrower, groups = parse_round(word)
    try:
        return showing.judge([showing.seat_from_groups(a, b) for a, b in groups], thrower, config_from(options))
    except InvalidCards as e:
        raise IllegalAction(e.zh, e.en) from None


def round_words(sh: showing.Showing, names: Sequence[tuple[str, str]] = SEAT_NAMES) -> tuple[str, str]:
    """What a round came to, in words: who threw, each player's points, who won it."""
    zh = (f"{names[sh.order[0]][0]}掷骰先亮；" + "，".join(f"{names[s][0]} {sh.totals[s]} 分" for s in range(PLAYERS))
          + "；这一局" + "、".join(names[s][0] for s in range(PLAYERS) if sh.places[s] == 1) + "胜。")
    en = (f"{names[sh.order[0]][1]} threw the die and showed first; " + ", ".join(f"{names[s][1]} {sh.totals[s]}" for s in range(PLAYERS))
          + "; the round goes to " + " and ".join(names[s][1] for s in range(PLAYERS) if sh.places[s] == 1) + ".")
    return zh, en


class YeziTallyState(GameState):
    """A family's rounds of 叶子戏 entered one by one, each judged by the engine under the tally's options."""

    game = "yezi"
    max_actions: ClassVar[int] = MAX_ROUNDS + 1
    hidden_cards: ClassVar[bool] = False

    @classmethod
    def read_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        return {"sheet": "tally", "options": read_options(position, CHOICES)}

    @classmethod
    def setups(cls) -> list[dict[str, Any]]:
        return [{"sheet": "tally", "options": o} for o in one_option_at_a_time(CHOICES)]

    def _start(self) -> None:
        self.rounds: list[showing.Showing] = []
        self.totals = [0] * PLAYERS
        self.ended = False

    def num_players(self) -> int:
        return PLAYERS

    def current_player(self) -> int | None:
        return None if self.ended else 0

    def _legal(self) -> list[str]:
        return ["round:<thrower>:<the four seats' groups>", "end"] if self.rounds else ["round:<thrower>:<the four seats' groups>"]

    def _apply(self, action: str) -> None:  # pragma: no cover - apply is overridden
        raise NotImplementedError

    def apply(self, action: str) -> None:
        k = len(self.actions)
        if self.ended or not isinstance(action, str):
            raise IllegalAction("这份计分已经记完了。", "This tally is closed: no round may follow.", k)
        if action == "end":
            if not self.rounds:
                raise IllegalAction("一局也没有记，不能结束。", "No round is entered yet: the tally cannot be closed.", k)
            self.ended = True
            self.actions.append(action)
            return
        if len(self.rounds) >= MAX_ROUNDS:
            raise IllegalAction(f"一份计分至多记 {MAX_ROUNDS} 局。", f"A tally holds at most {MAX_ROUNDS} rounds.", k)
        try:
            sh = judge_round(action, self.setup["options"])
        except IllegalAction as e:
            raise IllegalAction(e.zh, e.en, k) from None
        if round_word(sh.order[0], [s.groups for s in sh.seats]) != action:
            raise IllegalAction(f"这一局应写成 {round_word(sh.order[0], [s.groups for s in sh.seats])}（每组的牌从小到大）。",
                                f"This round should be written {round_word(sh.order[0], [s.groups for s in sh.seats])} (each group's cards in order).", k)
        self.rounds.append(sh)
        self.totals = [t + n for t, n in zip(self.totals, sh.totals)]
        self.actions.append(action)

    def is_terminal(self) -> bool:
        return self.ended

    def _returns(self) -> Sequence[Fraction]:
        mean = Fraction(sum(self.totals), PLAYERS)
        return [mean - t for t in self.totals]

    def action_words(self, action: str) -> tuple[str, str]:
        if action == "end":
            return "计分结束", "The tally ends"
        try:
            return round_words(judge_round(action, self.setup["options"]))
        except IllegalAction as e:
            return e.zh, e.en

    def observation(self, player: int) -> dict[str, Any]:
        return {"rounds": len(self.rounds), "totals": list(self.totals), "over": self.ended}


# ---------------------------------------------------------------- a showing judged at a table, as a record


def showing_record(thrower: int, options: dict[str, str], groups: Sequence[Sequence[Sequence[str]]],
                   tags: dict[str, str] | None = None) -> str:
    """The record of a round of 叶子戏 whose four players' groups were entered at a real table (the
    ``showing`` action): the cards dealt (``[Deal "table"]``, each seat's eight), each seat's split in
    showing order (the groups shown, or the best split the engine chose) and the eight showings."""
    hands = [sorted([*g[0], *g[1]], key=_yezi_order) for g in groups]
    st = YeziState({"game": "yezi", "deal": "table", "thrower": thrower, "options": options, "hands": hands})
    while not st.is_terminal():
        seat = st.current_player()
        assert seat is not None
        if seat in st.arranged:
            st.apply(st.legal_actions()[0])  # a showing: the group the seat fixed
        else:
            a, b = groups[seat]
            st.apply(f"split:{'.'.join(sorted(a, key=_yezi_order))}|{'.'.join(sorted(b, key=_yezi_order))}")
    return write({"game": "yezi", "deal": "table", "thrower": thrower, "options": options, "hands": hands, "actions": st.actions}, tags)


def _yezi_order(code: str) -> int:
    return int(parse_card(code))


def showing_of_record(text: str) -> dict[str, Any]:
    """A record of a round of 叶子戏 (dealt at a table or from a seed) as a showing: the die thrower,
    the readings and each seat's two groups in the order shown. RecordError for a bad record;
    IllegalAction for a record of another game, or one that does not yet say how every seat split."""
    rec = read(text)
    st = rec.state
    if not isinstance(st, YeziState):
        raise IllegalAction("这份记录不是叶子戏的一局。", "This record is not a round of 叶子戏 (the leaf game).")
    if len(st.arranged) < PLAYERS:
        raise IllegalAction("这份记录还没写出四家各自怎样分组，还不能判这一次亮牌。",
                            "This record does not yet say how each of the four players split his cards, so the showing cannot be judged.")
    groups = [[[code_of(c) for c in g] for g in st.arranged[s]] for s in range(PLAYERS)]
    return {"thrower": st.setup["thrower"], "options": dict(st.setup["options"]), "groups": groups,
            "names": rec.tags.get("Names"), "event": rec.tags.get("Event"), "date": rec.tags.get("Date")}


__all__ = ["MAX_ROUNDS", "YeziTallyState", "judge_round", "parse_round", "round_word", "round_words", "showing_of_record", "showing_record"]
