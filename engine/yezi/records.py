"""下灌叶子戏 at a real table, as records: a family's rounds (the tally, ``[Sheet "tally"]``, which the registry of
games names, so the records (:mod:`engine.record`) read it without importing this game) and a showing judged at a
table (:func:`table_showing`, a round of the game's own state dealt at the table, ``[Deal "table"]``).

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

from ..protocol import IllegalAction, one_option_at_a_time, read_options
from ..record import read
from ..record.sheet import SheetState
from .cards import GROUP_SIZE, PLAYERS, SEAT_NAMES, Card, InvalidCards, check_possible, code_of, parse_card
from .round import Result
from .state import CHOICES, SEATS, YeziState, move_codes

#: the most rounds a tally holds
MAX_ROUNDS = 60
LETTERS = "".join(en for _, en in SEATS)  # a seat by its letter, A first


def round_word(thrower: int, groups: Sequence[Sequence[Sequence[Card]]]) -> str:
    """A round as the tally writes it: the die thrower's letter, then each seat's two groups in the order shown."""
    return f"round:{LETTERS[thrower]}:" + "/".join(f"{move_codes(g[0])}|{move_codes(g[1])}" for g in groups)


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


def table_showing(thrower: int, options: dict[str, str], groups: Sequence[tuple[tuple[Card, ...], tuple[Card, ...]]]) -> YeziState:
    """A round of 叶子戏 whose four players' groups were entered at a real table, played: the cards dealt
    (``[Deal "table"]``, each seat's eight), each seat's split in showing order (its two groups, the first shown
    first) and the eight showings. The four seats' cards must make the deck: the callers check them first
    (:func:`engine.yezi.cards.check_possible`), so that a refusal says which card is one too many."""
    hands = [[code_of(c) for c in sorted(a + b)] for a, b in groups]
    st = YeziState({"game": "yezi", "deal": "table", "thrower": thrower, "options": options, "hands": hands})
    for seat in st.order:
        a, b = groups[seat]
        st.apply(f"split:{move_codes(a)}|{move_codes(b)}")
    while not st.is_terminal():
        st.apply(st.legal_actions()[0])  # a showing: the group the seat fixed
    return st


def judge_round(word: str, options: dict[str, str]) -> YeziState:
    """A round of the tally, played as a showing at the table (IllegalAction, in words, for one that cannot be)."""
    thrower, groups = parse_round(word)
    try:
        check_possible([c for g in groups for part in g for c in part])
    except InvalidCards as e:
        raise IllegalAction(e.zh, e.en) from None
    return table_showing(thrower, options, groups)


def round_words(res: Result, names: Sequence[tuple[str, str]] = SEAT_NAMES) -> tuple[str, str]:
    """What a round came to, in words: who threw, each player's points, who won it."""
    zh = (f"{names[res.order[0]][0]}掷骰先亮；" + "，".join(f"{names[s][0]} {res.totals[s]} 分" for s in range(PLAYERS))
          + "；这一局" + "、".join(names[s][0] for s in range(PLAYERS) if res.places[s] == 1) + "胜。")
    en = (f"{names[res.order[0]][1]} threw the die and showed first; " + ", ".join(f"{names[s][1]} {res.totals[s]}" for s in range(PLAYERS))
          + "; the round goes to " + " and ".join(names[s][1] for s in range(PLAYERS) if res.places[s] == 1) + ".")
    return zh, en


class YeziTallyState(SheetState):
    """A family's rounds of 叶子戏 entered one by one, each judged by the engine under the tally's options."""

    game = "yezi"
    max_actions: ClassVar[int] = MAX_ROUNDS + 1
    closed_words = ("这份计分已经记完了。", "This tally is closed: no round may follow.")
    empty_words = ("一局也没有记，不能结束。", "No round is entered yet: the tally cannot be closed.")
    most = MAX_ROUNDS
    full_words = (f"一份计分至多记 {MAX_ROUNDS} 局。", f"A tally holds at most {MAX_ROUNDS} rounds.")

    @classmethod
    def read_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        return {"sheet": "tally", "options": read_options(position, CHOICES)}

    @classmethod
    def setups(cls) -> list[dict[str, Any]]:
        return [{"sheet": "tally", "options": o} for o in one_option_at_a_time(CHOICES)]

    def _start(self) -> None:
        self.rounds: list[Result] = []
        self.totals = [0] * PLAYERS
        self.ended = False

    def num_players(self) -> int:
        return PLAYERS

    def current_player(self) -> int | None:
        return None if self.ended else 0

    def _legal(self) -> list[str]:
        return ["round:<thrower>:<the four seats' groups>", "end"] if self.rounds else ["round:<thrower>:<the four seats' groups>"]

    def _close(self, action: str, k: int) -> None:
        self.ended = True

    def _enter(self, action: str, k: int) -> None:
        try:
            st = judge_round(action, self.setup["options"])
        except IllegalAction as e:
            raise IllegalAction(e.zh, e.en, k) from None
        word = round_word(st.order[0], [st.arranged[s] for s in range(PLAYERS)])
        if word != action:
            raise IllegalAction(f"这一局应写成 {word}（每组的牌从小到大）。", f"This round should be written {word} (each group's cards in order).", k)
        res = st.result()
        self.rounds.append(res)
        self.totals = [t + n for t, n in zip(self.totals, res.totals)]

    def is_terminal(self) -> bool:
        return self.ended

    def _returns(self) -> Sequence[Fraction]:
        mean = Fraction(sum(self.totals), PLAYERS)
        return [mean - t for t in self.totals]

    def action_words(self, action: str) -> tuple[str, str]:
        if action == "end":
            return "计分结束", "The tally ends"
        try:
            return round_words(judge_round(action, self.setup["options"]).result())
        except IllegalAction as e:
            return e.zh, e.en

    def observation(self, player: int) -> dict[str, Any]:
        return {"rounds": len(self.rounds), "totals": list(self.totals), "over": self.ended}


# ---------------------------------------------------------------- a showing judged at a table, as a record


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


__all__ = ["MAX_ROUNDS", "YeziTallyState", "judge_round", "parse_round", "round_word", "round_words", "showing_of_record", "table_showing"]
