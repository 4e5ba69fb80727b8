"""A hand of 跑胡子 (or 下灌字牌) at the table: the values and pure rules of its state machine.

The hand itself is :class:`engine.paohuzi.state.PaohuziState` (one seeded, replayable state,
which is also the game's protocol state): :meth:`~engine.paohuzi.state.PaohuziState.moves` lists
what a seat may do now as :class:`Action` values and
:meth:`~engine.paohuzi.state.PaohuziState.play` plays one (a move that breaks a rule raises
:class:`Foul`, with the rule's name and a sentence in both languages). This module holds what
it is made of: the moves, the groups on the table (:class:`Shown`), the log's entries
(:class:`Event`), the card on offer (:class:`Window`), the result, the rules named by every
event and refusal, the log's words, and the lawful ways to 吃. Compulsory moves (亮提, 收张,
提, 偎, 跑, 重跑不打牌) are made by the machine itself and written to the log, so a
compulsory move can never be skipped.

The order a card is offered in (booklet section numbers in brackets):

* a stock card turned by a player: his own 胡 (4); then, if he holds two or
  three of it, his compulsory 偎 (3-3) or 提 (3-5), made face down before
  anyone sees the card; then the others' 胡 (4, readings ``two_hu`` and
  ``claim_rank``); then the compulsory 跑 of a player holding three of it or
  a 偎 or 碰 of it (3-4); then 碰 (3-1, 碰 before 吃); then 吃 by the player
  himself and by his next player (3-2, 不吃隔山牌);
* a card discarded from a hand: no 胡 (4, 胡底牌); 跑 only onto three in hand
  or a 偎, never onto a 碰 (3-5, 手中打出的就不成跑); 碰; 吃 by the next
  player only;
* whoever could 吃 or 碰 a card and declined it may never 吃 or 碰 that card
  again, whoever takes the card declined (碰一不碰二, 不吃臭张; a card one has
  discarded oneself counts as let go too), and a 偎 of a card once passed for
  碰 is shown (臭偎, 3-3);
* a 碰 or 吃 that would leave only 坎 to discard is not offered (reading
  ``claim_kan``); a compulsory 偎/提/跑 that leaves no card at all skips the
  discard, and the hand then counts one card more, as after a 重跑;
* the 亮张 is taken by the dealer (收张) unless another seat holds three of it
  and must 跑 it (3-4, reading ``liang_pao``);
* after a 吃, 碰, 偎, 提 or 跑 the player discards one card, never one of a 坎
  (拆对不拆坎); after his second 提 or 跑 (前提 at the deal included) he does
  not discard (重跑不打牌, 3-5) and his next player goes on;
* the hand ends with a win or when the stock runs out (荒牌).

Seats are numbered in turn order from the dealer (0); with three players the
roles are 庄家, 下家, 上家 (a four-seat table adds the 醒家, who sits the hand
out), with two 庄家 and 下家.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TypeVar
from collections.abc import Callable, Mapping, Sequence

from ..registry import seat_names
from .cards import FACES, N_FACES, Card
from .config import RuleConfig
from .groups import Group, is_run, pairs_with, shape_ok, trios_with
from .hu import Verdict

ROLES = {2: ("zhuang", "xia"), 3: ("zhuang", "xia", "shang")}
ROLE_NAMES = {"zhuang": ("庄家", "the dealer"), "xia": ("下家", "the next player"), "shang": ("上家", "the previous player"), "xing": ("醒家", "the counter")}
#: the players of a match by their letters, (zh, en), in their seats from the first dealer: a match's draw for seats
#: and its standings, and a match sheet's players (the one table of them)
PLAYER_NAMES = seat_names(4)  # 甲 / A …, as the registry names seats
MAX_STEPS = 2_000  # a hand never needs more (80 cards); a guard for the loops

#: rule id -> (booklet section, zh, en): every event and every refusal names one
RULES: dict[str, tuple[str, str, str]] = {
    "deal": ("2", "起牌", "the deal"),
    "xing": ("1-1", "腰牌与数醒", "cutting and counting the stock"),
    "qian_ti": ("3-5", "前提（亮提）", "ti dealt (shown at once)"),
    "qishou": ("4-1", "起手胡", "win on the turned-up card"),
    "shou": ("4-1", "收张", "the dealer takes the turned-up card"),
    "draw": ("3", "翻底牌", "turning a stock card"),
    "discard": ("2", "打牌", "discarding"),
    "let_go": ("3-6", "放走", "a card let go"),
    "chi": ("3-2", "吃", "chi"),
    "bi": ("3-2", "吃牌比牌", "showing every copy (bi)"),
    "ge_shan": ("3-2", "不吃隔山牌", "no chi across the table"),
    "chi_from": ("3-2", "吃牌只吃上家打出的牌或自己摸出的牌", "chi only the previous player's discard or one's own draw"),
    "claim_kan": ("3-3", "吃碰以后要有牌可打（拆对不拆坎）", "a claim must leave a card to discard (a kan is never split)"),
    "chou_zhang": ("3-2", "不吃臭张", "no chi of a passed card"),
    "peng": ("3-1", "碰", "peng"),
    "peng_er": ("3-1", "碰一不碰二", "no second chance to peng"),
    "peng_first": ("3-1", "碰优先于吃", "peng before chi"),
    "kan": ("3-3", "拆对不拆坎", "a kan is never split"),
    "wei": ("3-3", "偎", "wei"),
    "chou_wei": ("3-3", "臭偎（明偎）", "wei of a passed card, shown"),
    "pao": ("3-4", "跑", "pao"),
    "hou_ti": ("3-5", "后提", "ti in play"),
    "no_pao_discard": ("3-5", "手中打出的就不成跑", "a discard never makes a pao onto a peng"),
    "chong_pao": ("3-5", "重跑不打牌", "no discard after a second ti or pao"),
    "hu": ("4", "胡牌", "winning"),
    "hu_di": ("4", "胡底牌", "only a stock card wins"),
    "huang": ("1-1", "荒牌", "no winner: the stock runs out"),
    "turn": ("3", "行牌", "the turn"),
}


class Foul(Exception):
    """A move that breaks a rule: ``code`` (a rule id of :data:`RULES` or a reason), a sentence in both languages."""

    def __init__(self, code: str, zh: str, en: str, rule: str = "turn") -> None:
        super().__init__(en)
        self.code, self.zh, self.en, self.rule = code, zh, en, rule


@dataclass(frozen=True)
class Action:
    """One move. ``groups``: for 吃, the new group (card first taken) then each 比 group, as card tuples."""

    seat: int
    kind: str  # hu pass discard chi peng  (compulsory ones, made by the machine: shou ti wei pao skip)
    card: Card | None = None
    groups: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True)
class Shown:
    """A group on a seat's table. ``face``: up | down (暗偎) | one (臭偎) | bottom (前提) | top (后提)."""

    kind: str  # shun bian peng wei pao ti
    cards: tuple[Card, ...]
    face: str = "up"
    taken: Card | None = None  # the card taken from the table (吃, 碰, 跑)
    bi: bool = False  # a 比 group shown beside a 吃

    @cached_property
    def group(self) -> Group:  # (worked out once: the table asks for it at every card turned)
        return Group.of(self.kind, self.cards, True)


@dataclass(frozen=True)
class Event:
    seat: int | None
    kind: str
    rule: str
    zh: str
    en: str
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    hidden: bool = False  # the card is known only to ``seat`` until the hand ends
    origin: str = ""  # for a card let go: "stock" or "discard"


@dataclass
class Window:
    """A card on offer: who may take it, in order."""

    card: Card
    owner: int  # who turned or discarded it (the dealer for the 亮张)
    origin: str  # stock | discard | liang
    steps: list[tuple[int, str]] = field(default_factory=list)  # (seat, hu|forced|peng|chi) still to ask
    passed: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Result:
    winner: int | None
    card: Card | None = None
    source: str = ""
    verdict: Verdict | None = None


#: the sentences of a hand's log that name 提, 偎 or 跑, in 跑胡子's words (fields: {who}/{Who} the seat, {next}/{next_en}
#: the next seat, {card}/{card_en}); a variant writes its own (下灌字牌: engine/paohuzi/xiaguan.py, ``WORDS_OF``), chosen by ``cfg.words``.
#: ``way.<id>`` keys name a way to win where a variant names it otherwise than :data:`engine.paohuzi.hu.WAYS`.
WORDS: dict[str, tuple[str, str]] = {
    "qian_ti": ("{who}起手四张{card}，亮成前提（翻开最下面一张）。",
                "{Who} was dealt four {card_en} and shows them as a ti (bottom card face up)."),
    "empty_skip": ("{who}手中无牌可打，这一次不打牌（和重跑一样，牌数多算一张），由{next}接着行牌。",
                   "{Who} has no card left to discard: no discard this time (as after a chong pao, the hand counts one card more); {next_en} goes on."),
    "chong_pao": ("{who}重跑，不打牌，由{next}接着行牌。",
                  "{Who} has made a second ti or pao (chong pao): no discard, {next_en} goes on."),
    "two_ti": ("{who}起手有两提，这一次不打牌（重跑不打牌），由{next}接着行牌。",
               "{Who} was dealt two ti (chong pao): no discard this time, {next_en} goes on."),
    "draw_down": ("{who}摸一张底牌，背面朝下（偎）。",
                  "{Who} draws a stock card and keeps it face down (wei)."),
    "chou_wei": ("{who}摸到放过碰的{card}，必须偎，并亮出一张（臭偎）。",
                 "{Who} draws the {card_en} he once let go for peng: he must wei it and show one card (chou wei)."),
    "wei": ("{who}手中有一对，摸到第三张，必须偎（背面朝下）。",
            "{Who} holds a pair and draws the third: he must wei it, face down."),
    "hou_ti": ("{who}摸到第四张{card}，必须提（后提，翻开最上面一张）。",
               "{Who} draws the fourth {card_en}: he must ti (top card face up)."),
    "pao": ("{who}有{card}三张，出现第四张，必须跑（四张全翻开）。",
            "{Who} holds three {card_en} and the fourth appears: he must pao, all four face up."),
    "zou_pao": ("走跑：该跑的牌没有跑。", "Missed pao (zou pao): a required pao was not made."),
    "shi_ti": ("失提：应该提的牌没有提。", "Missed ti (shi ti): a required ti was not made."),
}


@dataclass(slots=True)
class Meeting:
    """What a seat may or must do with a card it meets (3-1 … 3-5), from its concealed cards alone: the one
    statement of it, asked by the table (:meth:`engine.paohuzi.state.PaohuziState.forced_of`, ``chi_ways``, the
    peng it offers, why a 吃 button is greyed out) of a whole hand and by 叶子戏's 字牌 (engine/yezi/zipai.py, through
    xiaguan.py) of a few cards.

    ``hand``: the seat's concealed counts (20 faces); ``drawn``: the seat turned the card from the stock itself;
    ``stock``: the card comes from the stock (else it was discarded); ``passed``: the seat once let it go (臭张,
    碰一不碰二); ``on``: the seat's open group of this card (``wei`` or ``peng``; only the compulsory move reads
    it); ``free``: a claim need not leave a card to discard (a seat that skips its discard, reading claim_kan).
    Whether the seat may 吃 this card at all (whose card it is, 3-2) is the caller's to ask: ``why_not_chi``'s
    ``may_chi``."""

    hand: tuple[int, ...]
    card: Card
    cfg: RuleConfig
    drawn: bool = False
    stock: bool = False
    passed: bool = False
    on: str = ""
    free: bool = False

    @property
    def forced(self) -> str | None:
        """The compulsory move: ti (an own-drawn fourth, reading self_fourth) | wei (an own-drawn third) | pao
        (another's fourth, or a stock card onto one's 碰) | None."""
        origin = "stock" if self.stock or self.drawn else "discard"
        return forced_move(self.hand[self.card.index], self.on or None, origin, self.drawn, self.cfg)

    def _left(self, used: dict[int, int]) -> bool:
        """A card is left to discard once ``used`` goes down: one of fewer than three alike (拆对不拆坎, 3-3)."""
        return self.free or any(0 < n - used.get(k, 0) < 3 for k, n in enumerate(self.hand))

    def why_not_peng(self) -> str:
        """Why the seat may not 碰 the card (a rule id: peng, peng_er, claim_kan), or "" when it may."""
        i = self.card.index
        fault = peng_fault(self.drawn, self.hand[i], self.passed)
        if fault in ("own_card", "no_pair"):
            return "peng"  # 3-1: a pair takes another's card
        return fault or ("" if self._left({i: 2}) else "claim_kan")

    def chi(self, limit: int = 24) -> tuple[tuple[tuple[Card, ...], ...], ...]:
        """The lawful ways to 吃 it: the new group (the card first), then the 比 groups (不吃臭张; a 坎 is never used)."""
        if self.passed or self.hand[self.card.index] >= 3:
            return ()
        return chi_ways_of(self.card.index, self.hand, self.cfg, limit, self.free)

    def why_not_chi(self, may_chi: bool = True) -> str:
        """Why the seat may not 吃 the card, or "" when it may: the first of :data:`CHI_CHECKS` broken, as a rule id
        — chi_from (``may_chi`` false: not the seat's card to 吃), kan (three alike held: the fourth is 跑 or 提,
        never 吃) or chi (no two cards make a group with it), bi (no way shows every copy held: 比 / 下火),
        chou_zhang (let go before), claim_kan (only 坎 would be left to discard)."""
        x = self.card.index

        def groups() -> str:
            if self.hand[x] >= 3:
                return "kan"  # three alike stay whole (拆对不拆坎)
            return "" if pairs_with(x, [n if n < 3 else 0 for n in self.hand], self.cfg) else "chi"

        return first_broken({
            "chi_from": lambda: "" if may_chi else "chi_from",
            "groups": groups,
            "bi": lambda: "" if chi_ways_of(x, self.hand, self.cfg, 1, True) else "bi",
            "chou_zhang": lambda: "chou_zhang" if self.passed else "",
            "claim_kan": lambda: "" if self.free or chi_ways_of(x, self.hand, self.cfg, 1, False) else "claim_kan",
        }) or ""


#: the reasons a seat may not 吃 a card, in the order the first one broken is named (the booklet's, as
#: tests/paohuzi/test_refusal_order.py argues it): whose card it is (3-2 只能吃上家打出的牌…, 不吃隔山牌); the groups it
#: would make, of cards held and none of a 坎 (3-2, 3-3, 3-6); 比, no copy of it left in the hand (3-2); 不吃臭张 (3-2);
#: a card left to discard (3-3). Written once: each reader says what each step asks of it and :func:`first_broken`
#: names the first — the table's refusal of a 吃 tried (:meth:`engine.paohuzi.state.PaohuziState.claim_foul`) and
#: :meth:`Meeting.why_not_chi` (whether any 吃 can be made: the 吃 button greyed out at the table, and 叶子戏's 字牌).
CHI_CHECKS = ("chi_from", "groups", "bi", "chou_zhang", "claim_kan")

R = TypeVar("R")


def first_broken(checks: Mapping[str, Callable[[], R]], order: Sequence[str] = CHI_CHECKS) -> R | None:
    """The answer of the first of ``checks`` in ``order`` that finds its rule broken (an answer that is not empty),
    or None when none does; the later checks are not asked."""
    for step in order:
        got = checks[step]()
        if got:
            return got
    return None


@lru_cache(maxsize=16_384)  # a decision asks of about a thousand hands: kept small for a phone's memory
def chi_ways_of(x: int, h: tuple[int, ...], cfg: RuleConfig, limit: int, any_discard: bool) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """:meth:`engine.paohuzi.state.PaohuziState.chi_ways` for concealed counts ``h`` (a pure function of them, worked out once for each: the
    strong level's rollouts ask again and again of the same hands). ``any_discard``: keep a 吃 even when it
    would leave only 坎 to discard."""
    pool = [n if n < 3 else 0 for n in h]  # 拆对不拆坎: cards of a 坎 are never used
    held = pool[x]
    out: list[tuple[tuple[Card, ...], ...]] = []
    seen: set[tuple[tuple[int, ...], ...]] = set()

    def rec(pool: list[int], left: int, groups: list[tuple[int, ...]]) -> None:
        if len(out) >= limit:
            return
        if left == 0:
            key = (groups[0],) + tuple(sorted(groups[1:]))
            if key in seen:
                return
            if not any_discard:
                # a card must be left to discard: one of fewer than three alike (拆对不拆坎)
                rest = [pool[k] if h[k] < 3 else h[k] for k in range(N_FACES)]
                if not any(0 < n < 3 for n in rest):
                    return
            seen.add(key)
            out.append(tuple(tuple(FACES[k] for k in g) for g in key))
            return
        for trio in trios_with(x, pool, cfg):
            k = trio.count(x)
            if cfg.xiahuo == "separate" and k != 1:
                continue
            if k > left:
                continue
            nxt = list(pool)
            for t in trio:
                nxt[t] -= 1
            if groups[1:] and tuple(sorted(trio)) < max(tuple(sorted(g)) for g in groups[1:]):
                continue  # each set of 比 groups once
            rec(nxt, left - k, groups + [tuple(sorted(trio))])

    for pair in pairs_with(x, pool, cfg):
        k = pair.count(x)
        if cfg.xiahuo == "separate" and k:
            continue
        nxt = list(pool)
        for t in pair:
            nxt[t] -= 1
        rec(nxt, held - k, [(x,) + pair])
    return tuple(out)


def group_kind(cards: Sequence[Card]) -> str:
    """The kind of a 吃 group: ``shun`` (a run of one case), ``bian`` (二七十 of one case, or one number in both
    cases), or "" when the cards make neither."""
    return next((k for k in ("shun", "bian") if shape_ok(k, tuple(sorted(cards)))), "")


@dataclass(frozen=True)
class ChiFault:
    """One thing wrong with a 吃: ``code`` is ``bad_group`` (neither a run nor a 编), ``mixed_shun`` (a run of
    both cases), ``without_card`` (the group does not hold the card taken), ``kan`` (a card of a 坎 used, 3-3),
    ``no_card`` (a card not held, or not often enough) or ``shao_bi`` (a copy of the card left in the hand, 3-2);
    ``group`` the group's index (-1 for 比), ``card`` the card concerned (``kan``, ``no_card``)."""

    code: str
    group: int
    card: Card | None = None


def chi_faults(counts: Sequence[int], card: Card, groups: Sequence[Sequence[Card]]) -> list[ChiFault]:
    """Everything wrong with a 吃 of ``card`` as ``groups`` (the new group first, then the 比 groups) from a hand
    of concealed ``counts`` (3-2, 3-3, 3-6), group by group — its shape, the card in it, the cards it takes from the
    hand (none of a 坎) — then 比; [] when the 吃 is lawful by its groups. Each reader names the fault it asks about
    first (:meth:`engine.paohuzi.state.PaohuziState.claim_foul`; the lesson, group by group)."""
    start, left = list(counts), list(counts)
    out: list[ChiFault] = []
    for i, g in enumerate(groups):
        t = tuple(g)
        if len(t) != 3 or group_kind(t) == "":
            mixed = len(t) == 3 and is_run(tuple(Card(False, c.rank) for c in t))
            out.append(ChiFault("mixed_shun" if mixed else "bad_group", i))
        need = list(t)
        if card not in need:
            out.append(ChiFault("without_card", i))
        elif i == 0:
            need.remove(card)
        for x in need:
            if start[x.index] >= 3:
                out.append(ChiFault("kan", i, x))
            left[x.index] -= 1
            if left[x.index] < 0:
                out.append(ChiFault("no_card", i, x))
    if left[card.index] > 0:
        out.append(ChiFault("shao_bi", -1, card))
    return out


def may_chi_from(origin: str, seat: str, cfg: RuleConfig) -> bool:
    """Whether a seat may 吃 a card at all by where it comes from (3-2, 不吃隔山牌): ``origin`` stock | discard |
    liang, ``seat`` ``own`` (who turned or discarded it), ``next`` (his next player) or ``other``."""
    if origin == "discard":
        return seat == "next"
    if origin != "stock":
        return False  # the 亮张 goes to the dealer
    return (seat == "own" and cfg.chi_own_draw) or (seat == "next" and cfg.chi_shang_draw == "allow")


def peng_fault(own: bool, held: int, passed: bool) -> str | None:
    """The first of a 碰's own rules on the cards broken (3-1), or None: ``own_card`` (one's own card: a 碰 takes
    another's), ``no_pair`` (``held`` copies, not a pair), ``peng_er`` (the card let go before: 碰一不碰二)."""
    if own:
        return "own_card"
    if held != 2:
        return "no_pair"
    return "peng_er" if passed else None


def forced_move(held: int, laid: str | None, origin: str, own: bool, cfg: RuleConfig) -> str | None:
    """The compulsory move (3-3 偎, 3-4 跑, 3-5 提) on a card from ``origin`` (stock | discard | liang) of a seat holding
    ``held`` copies of it and ``laid`` (``wei``, ``peng`` or None) of it on the table; ``own``: the seat turned it up
    or discarded it itself (the 亮张: the seat is the dealer). ti | wei | pao | None."""
    if origin == "liang":
        return "pao" if not own and held == 3 and cfg.liang_pao == "pao" else None
    if origin == "stock" and own:
        if held == 3 or laid == "wei":
            return "ti" if cfg.self_fourth == "forced" else None
        if held == 2:
            return "wei"
        return "pao" if laid == "peng" else None
    if held == 3 or laid == "wei":
        return "pao"
    return "pao" if laid == "peng" and origin == "stock" else None  # 手中打出的就不成“跑” (3-5)


def action_id(a: Action) -> str:
    """A short stable id for an action (used by the API and the widget)."""
    parts = [a.kind]
    if a.card is not None:
        parts.append(a.card.code)
    if a.groups:
        parts.append("|".join(".".join(c.code for c in g) for g in a.groups))
    return ":".join(parts)

