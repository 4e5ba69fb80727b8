"""跑胡子 kept at a real table, as a record: a match sheet. The registry of games names its state here (its ``sheets``),
so the records (:mod:`engine.record`) read it without importing this game.

A match sheet kept at a real table as a record (:class:`PaohuziSheetState`), one line per hand.

Setup tags ``[Sheet "match"]``, ``[Table "four"]`` (or three, two), ``[Birds "1"]`` for 打鸟
and the rule options as ``Option`` tags; ``Names`` gives the players in their seats round the
table from the first dealer, then the birds. Each move is a hand, written as
:func:`engine.paohuzi.sheet.entry_word` writes it, and made by whoever fills in the sheet for
that hand — the 醒家 at four (由每局数醒者负责填写积分表), the dealer at three or two (he counts
the stock himself). ``end`` (or ``end:C.A``, the 比点 order of players with equal totals)
closes the match; the ``Result`` is then each player's total, and each bird's, summing to zero.
Nothing is hidden: every hand is entered after it is shown.

跑胡子 (or 下灌字牌) dealt at a real table (``[Deal "table"]``) is the game's own state given the cards instead of a
seed (:class:`engine.paohuzi.state.PaohuziState`).
"""

from __future__ import annotations

from typing import Any, ClassVar
from collections.abc import Sequence

from ..protocol import IllegalAction, read_int, read_options
from ..record.sheet import SheetState
from .birds import MAX_BIRDS
from .config import DEFAULT
from .sheet import (LETTERS, MAX_SHEET_HANDS, SHEET_READS, SHEET_TABLES, Match, SheetError, check_entry, compute, counter,
                    entry_word, next_dealer, not_on_a_sheet, parse_entry, players_of)
from .state import CHOICES


class PaohuziSheetState(SheetState):
    """A 跑胡子 match entered hand by hand; each hand settled by the engine under the match's options. The match counts
    its hands itself (:func:`engine.paohuzi.sheet.check_entry`, as a sheet sent by the page is counted), once a hand
    is read: a hand that cannot be read is refused for that first."""

    game = "paohuzi"
    max_actions: ClassVar[int] = MAX_SHEET_HANDS + 1
    closed_words = ("这张积分表已经记完了。", "This sheet is closed: no hand may follow.")
    empty_words = ("一局也没有记，不能结束比赛。", "No hand is entered yet: the match cannot end.")

    @classmethod
    def read_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        table = position.get("table", "four")
        if not isinstance(table, str) or table not in SHEET_TABLES:
            raise IllegalAction("牌桌应是四人局、三人局或二人局。", "The table should be four, three or two players.")
        birds = read_int(position, "birds", 0, 0, MAX_BIRDS, "打鸟的人数", "the number of birds")
        if birds and table != "four":
            raise IllegalAction("打鸟只在四人局。", "Birds join only a table of four.")
        raw = position.get("options")
        for k in raw if isinstance(raw, dict) else {}:
            why = not_on_a_sheet(str(k))
            if why is not None:
                raise IllegalAction(*why)
        return {"sheet": "match", "table": table, "birds": birds, "options": read_options(position, CHOICES)}

    @classmethod
    def option_names(cls, position: dict[str, Any]) -> tuple[str, ...]:
        """The 跑胡子 options that change a sheet (the others concern play and are refused)."""
        return tuple(k for k in CHOICES if k in SHEET_READS)

    @classmethod
    def setups(cls) -> list[dict[str, Any]]:
        return [{"sheet": "match", "table": t} for t in SHEET_TABLES] + [{"sheet": "match", "table": "four", "birds": 1}]

    def _start(self) -> None:
        s = self.setup
        self.m = Match(s["table"], DEFAULT.with_options(s["options"]), s["birds"])
        self.dealer = 0
        self.rows: list[dict[str, Any]] = []
        self.told: list[tuple[str, str]] = []  # what the sheet says of each hand (the referee's narration)

    def num_players(self) -> int:
        return players_of(self.setup["table"]) + self.setup["birds"]

    def name_seats(self, names: Sequence[str]) -> None:
        """The family's names in the sheet's sentences (the birds' names stay out: they never win or deal)."""
        self.m.names = tuple(str(x) for x in names[: players_of(self.m.table)])

    def current_player(self) -> int | None:
        return None if self.m.over else counter(self.m.table, self.dealer)

    def _legal(self) -> list[str]:
        return ["win:<letter>,huxi:<n>,…", "huang", "end"]

    def closes(self, action: str) -> bool:
        return action == "end" or action.startswith("end:")

    def _close(self, action: str, k: int) -> None:
        n = players_of(self.m.table)
        order = action[4:].split(".") if action.startswith("end:") else []
        if any(len(x) != 1 or x not in LETTERS[:n] for x in order) or len(set(order)) != len(order):
            raise IllegalAction(f"比点的次序写成 end:C.A，每位选手至多一次（字母 {'、'.join(LETTERS[:n])}）。",
                                f"The order of the card draw reads end:C.A, each player at most once (letters {', '.join(LETTERS[:n])}).", k)
        self.m.tiebreak = tuple(LETTERS.index(x) for x in order)
        self.m.over = True
        self.told.append(self._ranking_words())

    def _enter(self, action: str, k: int) -> None:
        n = players_of(self.m.table)
        try:
            e = parse_entry(action, n)
            row = check_entry(self.m, e, self.dealer)
        except SheetError as err:
            raise IllegalAction(err.zh, err.en, k) from None
        if entry_word(e) != action:
            raise IllegalAction(f"这一局应写成 {entry_word(e)[:200]}（各项按这个次序，每项一次）。",
                                f"This hand should be written {entry_word(e)[:200]} (the parts in this order, each once).", k)
        self.m.entries.append(e)
        self.rows.append(row)
        self.dealer = next_dealer(self.m.table, self.dealer, e.winner, row["hu_valid"], self.m.cfg.void_deal)
        self.told.append(self._hand_words(row))

    def _hand_words(self, row: dict[str, Any]) -> tuple[str, str]:
        m = self.m
        head_zh = f"第 {row['hand']} 局，{m.names_zh(row['dealer'])}坐庄。"
        head_en = f"Hand {row['hand']}, {m.names_en(row['dealer'])} deals."
        if row["layout"] is not None:
            head_zh += "胡牌逐张算出：" + "、".join(w["zh"] for w in row["layout"]["ways"]) + "。"
            head_en += " The winning hand scored card by card: " + ", ".join(w["en"] for w in row["layout"]["ways"]) + "."
        if row["not_a_win"]:
            head_zh += "亮出的牌不成胡：" + "；".join(w["zh"] for w in row["not_a_win"]) + "。"
            head_en += " The cards shown do not win: " + "; ".join(w["en"] for w in row["not_a_win"]) + "."
        zh = head_zh + "".join(ln["zh"] for ln in row["lines"])
        en = head_en + "".join(" " + ln["en"] for ln in row["lines"])
        pts_zh = "，".join(f"{m.names_zh(p)} {v:+d}" for p, v in enumerate(row["scores"]) if v)
        pts_en = ", ".join(f"{m.names_en(p)} {v:+d}" for p, v in enumerate(row["scores"]) if v)
        if row["bird"]:
            b = row["bird"]
            zh += f"最后一张底牌是{b['zh']}，鸟落{b['seat']['zh']}（{m.names_zh(b['player'])}），每只鸟 {b['score']:+d}。"
            en += f" The last stock card is the {b['en']}: the birds share with the {b['seat']['en']} ({m.names_en(b['player'])}), each bird {b['score']:+d}."
        return zh + (f"本局：{pts_zh}。" if pts_zh else "本局各方 0 分。"), en + (f" This hand: {pts_en}." if pts_en else " Nobody scores this hand.")

    def _ranking_words(self) -> tuple[str, str]:
        out = compute(self.m)
        zh = "比赛结束，名次：" + "；".join(f"第 {r['place']} 名 {self.m.names_zh(r['player'])} {r['total']:+d}" for r in out["ranking"]) + "。"
        en = "The match is over. Places: " + "; ".join(f"{r['place']}. {self.m.names_en(r['player'])} {r['total']:+d}" for r in out["ranking"]) + "."
        return zh, en

    def is_terminal(self) -> bool:
        return self.m.over

    def totals(self) -> list[int]:
        n = players_of(self.m.table)
        t = [sum(r["scores"][p] for r in self.rows) for p in range(n)]
        return t + [sum(r["birds"][b] for r in self.rows if r["birds"]) for b in range(self.setup["birds"])]

    def _returns(self) -> Sequence[int]:
        return self.totals()

    def action_words(self, action: str) -> tuple[str, str]:
        if action == "end" or action.startswith("end:"):
            return "比赛结束，各方签字认可", "The match ends; every player signs the sheet"
        try:
            e = parse_entry(action, players_of(self.m.table))
            row = check_entry(self.m, e, self.dealer)
        except SheetError:
            return action, action
        return self._hand_words(row)

    def observation(self, player: int) -> dict[str, Any]:
        return compute(self.m)

    def sheet(self) -> dict[str, Any]:
        return compute(self.m)


    # ------------------------------------------------------------ what records ask of a game
    narrates_moves: ClassVar[bool] = True  # a hand entered is told by what the sheet says of it

    def log_mark(self) -> int:
        return len(self.told)

    def events_since(self, mark: int) -> list[tuple[str, str]]:
        """What the sheet says of each line since ``mark`` (the last, when it ends: the ranking)."""
        return list(self.told[mark:])


def sheet_position(m: Match) -> dict[str, Any]:
    """The written position of a match sheet (what :func:`engine.record.write` takes)."""
    opts = _options(m)
    pos: dict[str, Any] = {"game": "paohuzi", "sheet": "match", "table": m.table, "birds": m.birds, "options": opts,
                           "actions": [entry_word(e) for e in m.entries]}
    if m.over:
        pos["actions"].append("end" + (":" + ".".join(LETTERS[p] for p in m.tiebreak) if m.tiebreak else ""))
    return pos


def _options(m: Match) -> dict[str, str]:
    out = {}
    for k, choices in CHOICES.items():
        v = str(getattr(m.cfg, k, ""))
        if v in choices and v != choices[0]:
            out[k] = v
    return out


__all__ = ["PaohuziSheetState", "sheet_position"]
