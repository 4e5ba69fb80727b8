"""A deal in progress, up to the first discard: shuffle, deal, 亮提, 起手胡 and 收张.

The play after the opening (claims in turn order, 碰 before 吃, passed cards…)
is the table state machine of :mod:`engine.paohuzi.table`, which deals the same
cards from the same seed; this state object covers only the start of a deal,
with a seeded :class:`random.Random` so that a deal can be replayed:

* 庄家 (``zhuang``), 下家 (``xia``) and 上家 (``shang``) take twenty cards each in
  turn from the dealer; the twenty left are the stock, whose last card is turned
  up (亮张);
* four alike dealt to a player are shown at once as a 前提 (亮提);
* anyone whose dealt hand is ready may win on the turned-up card (起手胡);
* otherwise the dealer takes it and discards a card (收张) — never one of a
  坎 or 提 — unless another player holds three of it and must 跑 it (3-4,
  reading ``liang_pao``). The whole hand after this is played by
  :mod:`engine.paohuzi.table`.

Everything is immutable: :func:`legal_actions` lists what may be done,
:func:`apply` returns the next state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from .cards import Card, counts_of, full_deck
from .config import DEFAULT, RuleConfig
from .groups import Group
from .hu import Verdict, evaluate

PLAYERS = ("zhuang", "xia", "shang")


@dataclass(frozen=True)
class Seat:
    hand: tuple[Card, ...]  # concealed, sorted
    open: tuple[Group, ...] = ()  # shown groups (前提 at the deal)


@dataclass(frozen=True)
class Action:
    seat: str
    kind: str  # "hu" (起手胡), "shou" (收张: take the turned-up card, discard ``card``), "pao" (a non-dealer's 坎 takes it)
    card: Card | None = None


@dataclass(frozen=True)
class DealState:
    seed: int
    seats: tuple[tuple[str, Seat], ...]
    stock: tuple[Card, ...]  # the last one is the turned-up card while ``phase == "opening"``
    phase: str = "opening"  # "opening" → "won" | "play"
    winner: str | None = None
    discard: Card | None = None

    def seat(self, name: str) -> Seat:
        return dict(self.seats)[name]

    @property
    def liang(self) -> Card:
        return self.stock[-1]


def _show_ti(hand: list[Card]) -> Seat:
    n = counts_of(hand)
    fours = [c for c in set(hand) if n[c.index] == 4]
    rest = tuple(sorted(c for c in hand if n[c.index] != 4))
    return Seat(rest, tuple(Group.of("ti", [c] * 4, True) for c in sorted(fours)))


def deal(seed: int, cfg: RuleConfig = DEFAULT) -> DealState:
    """Shuffle with ``random.Random(seed)`` and deal twenty each, in turn from the dealer."""
    cards = full_deck()
    random.Random(seed).shuffle(cards)
    hands: dict[str, list[Card]] = {p: [] for p in PLAYERS}
    k = 0
    for _ in range(cfg.hand_size):
        for p in PLAYERS:
            hands[p].append(cards[k])
            k += 1
    return DealState(seed, tuple((p, _show_ti(hands[p])) for p in PLAYERS), tuple(cards[k:]))


def qishou(state: DealState, seat: str, cfg: RuleConfig = DEFAULT) -> Verdict:
    """A win on the 亮张: for the dealer it is his own card, laid out with his hand (a pair and it are a 坎,
    as when he takes it), for the others an open stock card (notes#liang-kan)."""
    s = state.seat(seat)
    return evaluate(list(s.open), list(s.hand), state.liang, "liang_zhuang" if seat == "zhuang" else "liang", cfg)


def legal_actions(state: DealState, cfg: RuleConfig = DEFAULT) -> list[Action]:
    if state.phase != "opening":
        return []
    out = [Action(p, "hu", state.liang) for p in PLAYERS if qishou(state, p, cfg).wins]
    if cfg.liang_pao == "pao":  # §3-4: a non-dealer holding three of it must 跑 it (notes#liang-pao)
        pao = [p for p in PLAYERS[1:] if state.seat(p).hand.count(state.liang) == 3]
        if pao:
            return out + [Action(pao[0], "pao", state.liang)]
    z = state.seat("zhuang")
    n = counts_of(list(z.hand) + [state.liang])
    for c in sorted(set(z.hand) | {state.liang}):
        if n[c.index] < 3:  # 拆对不拆坎: a card of a 坎 (or a new 提) is never thrown
            out.append(Action("zhuang", "shou", c))
    # no "pass": taking the 亮张 is the step that follows when nobody wins on it (notes#play-shou)
    return out


def apply(state: DealState, action: Action, cfg: RuleConfig = DEFAULT) -> DealState:
    if action not in legal_actions(state, cfg):
        raise ValueError("illegal action")
    if action.kind == "hu":
        return replace(state, phase="won", winner=action.seat)
    if action.kind == "pao":  # the play goes on at the table (engine.paohuzi.table): he discards next
        s = state.seat(action.seat)
        hand = list(s.hand)
        for _ in range(3):
            hand.remove(state.liang)
        seat = Seat(tuple(hand), s.open + (Group.of("pao", [state.liang] * 4, True),))
        seats = tuple((p, seat if p == action.seat else x) for p, x in state.seats)
        return replace(state, seats=seats, stock=state.stock[:-1], phase="play")
    z = state.seat("zhuang")
    hand = list(z.hand) + [state.liang]
    hand.remove(action.card)  # type: ignore[arg-type]  # the 庄家's discard names its card
    shown = _show_ti(hand)
    seat = Seat(shown.hand, z.open + shown.open)
    seats = tuple((p, seat if p == "zhuang" else s) for p, s in state.seats)
    return replace(state, seats=seats, stock=state.stock[:-1], phase="play", discard=action.card)
