"""Hands dealt at a real table: the record gives the cards instead of a seed.

A record with ``[Deal "table"]`` names no seed: it says what each seat was dealt (``Hands``,
the seats' cards joined by ``;``, each seat's cards by ``.``) and, for 跑胡子, the stock in the
order its cards are turned (``Stock``, the first card turned first; the last is the card 打鸟
reads) and the cards set aside at a table of two (``Aside``). The rules applied are the engine's
own; only the deal comes from the table.

* 跑胡子 / 下灌字牌 (:class:`PaohuziDealtState`): ``Variant``, ``Table``, ``Hands`` (dealer first,
  then his next player …), ``Stock``, ``Aside``; the moves as in a seeded hand.
* 鄂南骨牌 (:class:`GupaiDealtState`): ``Dealer``, ``Sealed``, ``Hands`` (seat A first), the tiles
  by their codes (``66.12.…``); the moves as in a seeded hand.
* 下灌叶子戏 (its own :class:`engine.yezi.state.YeziState`, which records the deal it is given, seeded or
  not): ``Thrower``, ``Hands`` (seat A first), cards by their codes (``1``…``10``, ``leaf``); the moves
  as in a seeded round.
"""

from __future__ import annotations

from collections import Counter
from typing import Any
from collections.abc import Sequence

from ..protocol import IllegalAction, read_int, read_options
from ..registry import entries
from ..gupai.state import GupaiState
from ..paohuzi.state import CHOICES as PHZ_CHOICES, PaohuziState
from ..yezi.state import YeziState


def _text(position: dict[str, Any], key: str, groups: bool) -> str:
    """A field given as text (``a.b;c.d``) or as a list (of lists) of codes, as text."""
    v = position.get(key, "")
    if isinstance(v, list):
        if groups and all(isinstance(g, list) and all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in g) for g in v):
            return ";".join(".".join(str(x) for x in g) for g in v)
        if not groups and all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in v):
            return ".".join(str(x) for x in v)
    if isinstance(v, str) and len(v) <= 2_000:
        return v
    raise IllegalAction("桌上发的牌应写成牌的代码，用点分开，各家之间用分号分开。",
                        "The cards dealt at the table should be card codes joined by dots, the seats separated by semicolons.")


def _split(text: str) -> list[str]:
    return [x for x in text.split(".") if x] if text else []


def _four_hands(text: str, players: int, size: int, piece: Any, unit_zh: str, unit_en: str) -> list[list[Any]]:
    """Each seat's pieces from a table deal (seats separated by semicolons, A first), each read by
    ``piece`` (which raises :class:`IllegalAction` for a piece it does not know), each exactly a hand."""
    seats = text.split(";") if text else []
    if len(seats) != players:
        count_zh, count_en = ("八", "eight") if size == 8 else (str(size), str(size))
        raise IllegalAction(f"要写出四家各自的{count_zh}{unit_zh}牌（从甲家起，用分号分开）。",
                            f"Give the {count_en} {unit_en} of each of the four seats (A first, separated by semicolons).")
    hands = []
    for k, t in enumerate(seats):
        h = [piece(x) for x in _split(t)]
        if len(h) != size:
            from . import SEAT_LETTERS, SEATS_ZH  # a record's seats (甲 / A …)

            raise IllegalAction(f"{SEATS_ZH[k]}家应有 {size} {unit_zh}牌，这里写了 {len(h)} {unit_zh}。",
                                f"Seat {SEAT_LETTERS[k]} should hold {size} {unit_en}; {len(h)} are given.")
        hands.append(h)
    return hands


def _check_set(got: Sequence[Any], deck: Sequence[Any], name_zh: str, name_en: str, word: Any) -> None:
    """The cards of a deal must be the whole deck, each card as many times as the deck has it."""
    a, b = Counter(got), Counter(deck)
    if a == b:
        return
    over = [c for c in a if a[c] > b.get(c, 0)]
    if over:
        zh, en = word(over[0])
        raise IllegalAction(f"桌上发的牌里{zh}太多了：一副{name_zh}里只有 {b.get(over[0], 0)} 张。",
                            f"The deal holds too many of the {en}: a set of {name_en} has {b.get(over[0], 0)}.")
    short = [c for c in b if a.get(c, 0) < b[c]]
    zh, en = word(short[0])
    raise IllegalAction(f"桌上发的牌少了{zh}：各家的牌和底牌加起来应是整副{name_zh}。",
                        f"The deal is missing the {en}: the seats' cards and the stock together should be the whole set of {name_en}.")


# ---------------------------------------------------------------- 跑胡子


class PaohuziDealtState(PaohuziState):
    """跑胡子 (or 下灌字牌) dealt at a real table."""

    @classmethod
    def read_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        base = super().read_setup({**position, "seed": 0})
        del base["seed"]
        return {"deal": "table", **base, "hands": _text(position, "hands", True), "stock": _text(position, "stock", False),
                "aside": _text(position, "aside", False)}

    @classmethod
    def setups(cls) -> list[dict[str, Any]]:
        return []

    def _start(self) -> None:
        from ..paohuzi.cards import FACES, full_deck, parse_card
        from ..paohuzi.config import DEFAULT
        from ..paohuzi.seating import TABLES, table_config
        from ..paohuzi.xiaguan import xiaguan_config

        s = self.setup
        cfg = DEFAULT.with_options(s["options"])
        if s["variant"] == "xiaguan":
            cfg = xiaguan_config(cfg)
        tcfg, aside_n = table_config(cfg, s["table"])
        n = TABLES[s["table"]][0]
        sizes = [tcfg.hand_size] * n
        if tcfg.deal_mode == "banker21":
            sizes[0] += 1

        def cards(text: str) -> list[Any]:
            out = []
            for x in _split(text):
                c = parse_card(x)
                if c is None:
                    raise IllegalAction(f"“{x[:8]}”不是牌：用 x1–x10（小字）或 d1–d10（大字）。", f"'{x[:8]}' is not a card: use x1–x10 (small) or d1–d10 (big).")
                out.append(c)
            return out

        seats = s["hands"].split(";") if s["hands"] else []
        if len(seats) != n:
            raise IllegalAction(f"要写出 {n} 家各自起到的牌（从庄家起，用分号分开）。", f"Give the cards each of the {n} seats was dealt (dealer first, separated by semicolons).")
        hands = [cards(t) for t in seats]
        for k, (h, want) in enumerate(zip(hands, sizes)):
            if len(h) != want:
                raise IllegalAction(f"第 {k + 1} 家应起 {want} 张牌，这里写了 {len(h)} 张。", f"Seat {k + 1} should be dealt {want} cards; {len(h)} are given.")
        stock, aside = cards(s["stock"]), cards(s["aside"])
        if len(aside) != aside_n:
            raise IllegalAction(f"这一桌放在一边不用的牌应是 {aside_n} 张，这里写了 {len(aside)} 张。",
                                f"This table sets {aside_n} cards aside; {len(aside)} are given.")
        _check_set([c.index for h in hands for c in h] + [c.index for c in stock + aside], [c.index for c in full_deck()],
                   "字牌", "the eighty cards", lambda i: (FACES[i].zh, FACES[i].en))
        deck = list(aside)
        for r in range(max(sizes)):  # one at a time from the dealer, as the state deals
            for k in range(n):
                if r < sizes[k]:
                    deck.append(hands[k][r])
        deck += list(reversed(stock))  # the state turns its stock from the end
        self._deal_at(0, cfg, s["table"], deck=deck)  # dealt as the table deals, its opening words (who counts the stock) first


# ---------------------------------------------------------------- 鄂南骨牌


class GupaiDealtState(GupaiState):
    """鄂南骨牌 dealt at a real table: each seat's eight tiles."""

    @classmethod
    def read_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        from ..gupai.config import CHOICES
        from ..gupai.tiles import PLAYERS

        dealer = read_int(position, "dealer", 0, 0, PLAYERS - 1, "庄家的座位", "the dealer's seat")
        sealed = position.get("sealed") or []
        if not isinstance(sealed, list) or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < PLAYERS for x in sealed):
            raise IllegalAction("封墩的座位应是 0 到 3 的一列数。", "The sealing seats should be a list of seats 0 to 3.")
        return {"deal": "table", "dealer": dealer, "options": read_options(position, CHOICES), "sealed": sorted(set(sealed)),
                "hands": _text(position, "hands", True)}

    @classmethod
    def setups(cls) -> list[dict[str, Any]]:
        return []

    def _dealt(self) -> Any:
        """The tiles the record gives, checked: eight for each seat, together the whole set."""
        from ..gupai.hand import table_deal
        from ..gupai.tiles import BY_CODE, DECK, HAND_SIZE, PLAYERS

        def tile(x: str) -> str:
            if x not in BY_CODE:
                raise IllegalAction(f"“{x[:8]}”不是骨牌：用两个点数写一张牌，例如 66、12。", f"'{x[:8]}' is not a tile: write a tile by its two numbers, such as 66 or 12.")
            return x

        hands = _four_hands(self.setup["hands"], PLAYERS, HAND_SIZE, tile, "张", "tiles")
        _check_set([x for h in hands for x in h], DECK, "骨牌", "the thirty-two tiles", lambda c: (c, c))
        return table_deal(self.setup["dealer"], hands)


#: game id -> "module:Class" of the state of a hand dealt at a real table (the registry's ``dealt``)
DEALT = {g: e.dealt for g, e in entries().items() if e.dealt}


# ---------------------------------------------------------------- a 叶子戏 showing judged at a table, as a record


def showing_record(thrower: int, options: dict[str, str], groups: Sequence[Sequence[Sequence[str]]],
                   tags: dict[str, str] | None = None) -> str:
    """The record of a round of 叶子戏 whose four players' groups were entered at a real table (the
    ``showing`` action): the cards dealt (``[Deal "table"]``, each seat's eight), each seat's split in
    showing order (the groups shown, or the best split the engine chose) and the eight showings."""
    from . import write

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
    from ..yezi.cards import parse_card

    return int(parse_card(code))


def showing_of_record(text: str) -> dict[str, Any]:
    """A record of a round of 叶子戏 (dealt at a table or from a seed) as a showing: the die thrower,
    the readings and each seat's two groups in the order shown. RecordError for a bad record;
    IllegalAction for a record of another game, or one that does not yet say how every seat split."""
    from ..yezi.cards import PLAYERS, code_of
    from . import read

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

_ = PHZ_CHOICES
__all__ = ["DEALT", "PaohuziDealtState", "GupaiDealtState", "showing_of_record", "showing_record"]
