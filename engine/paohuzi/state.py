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

The play itself, at every table and in both variants, is :class:`PaohuziState`: 跑胡子 and 下灌字牌
through the protocol (:class:`engine.protocol.GameState`). Its setup names the ``variant``
(``paohuzi`` or ``xiaguan``), the ``table`` (``four``: three play and the 醒家 counts the stock,
``three``, ``two``), the seed and the rule options. Moves are the ids the ``play`` action already
uses (``discard:x9``, ``chi:d3:d3.d1.d2``, ``pass:x5``…); compulsory moves are made by the machine.
At the four-seat table the 醒家 is seat 3: it never moves, and wins or loses at the settlement.
What a seat observes is the ``play`` action's answer for that seat, without its hint (the
computer player's choice, which weighs the next seat's silent passes).

The tables play through it: :func:`table_state` replays a table's ``play`` request (its widget's,
share links' and records') — the computer seats' moves and the reader's in turn, each played with
:meth:`PaohuziState.apply`, the first one refused named by its rule.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, ClassVar
from collections.abc import Callable, Sequence

from ..protocol import SEED_MAX, GameState, IllegalAction, one_option_at_a_time, read_int, read_options
from .ai import choose, discard_cost, public_passes
from .cards import FACES, Card, counts_of, full_deck, parse_card
from .config import DEFAULT, RuleConfig
from .groups import Group
from .hu import Verdict, evaluate
from .labels import action_json
from .request import MAX_ACTIONS, PlayRequest, parse_action
from .seating import TABLES, hand_sheet, new_hand
from .table import Action, Foul, Hand, action_id
from .trace import OPTIONS
from .views import view
from .xiaguan import VARIANTS, not_applicable, variant_options, xiaguan_config

PLAYERS = ("zhuang", "xia", "shang")


@dataclass(frozen=True)
class Seat:
    hand: tuple[Card, ...]  # concealed, sorted
    open: tuple[Group, ...] = ()  # shown groups (前提 at the deal)


@dataclass(frozen=True)
class OpeningMove:
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


def legal_actions(state: DealState, cfg: RuleConfig = DEFAULT) -> list[OpeningMove]:
    if state.phase != "opening":
        return []
    out = [OpeningMove(p, "hu", state.liang) for p in PLAYERS if qishou(state, p, cfg).wins]
    if cfg.liang_pao == "pao":  # §3-4: a non-dealer holding three of it must 跑 it (notes#liang-pao)
        pao = [p for p in PLAYERS[1:] if state.seat(p).hand.count(state.liang) == 3]
        if pao:
            return out + [OpeningMove(pao[0], "pao", state.liang)]
    z = state.seat("zhuang")
    n = counts_of(list(z.hand) + [state.liang])
    for c in sorted(set(z.hand) | {state.liang}):
        if n[c.index] < 3:  # 拆对不拆坎: a card of a 坎 (or a new 提) is never thrown
            out.append(OpeningMove("zhuang", "shou", c))
    # no "pass": taking the 亮张 is the step that follows when nobody wins on it (notes#play-shou)
    return out


def apply(state: DealState, action: OpeningMove, cfg: RuleConfig = DEFAULT) -> DealState:
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


# ---------------------------------------------------------------- the play, through the protocol

#: how many discards the strong level plays out (the basic player's least costly ones; see
#: :meth:`PaohuziState.strong_candidates`)
STRONG_DISCARDS = 4

#: option -> its readings, the default first
CHOICES: dict[str, tuple[str, ...]] = {
    o.id.split(".", 1)[1]: (o.default,) + tuple(c for c in o.choices if c != o.default) for o in OPTIONS
}


class PaohuziState(GameState):
    game = "paohuzi"
    max_actions: ClassVar[int] = MAX_ACTIONS

    @classmethod
    def read_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        variant = position.get("variant", "paohuzi")
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise IllegalAction("玩法应是跑胡子或下灌字牌。", "The variant should be 跑胡子 (paohuzi) or 下灌字牌 (xiaguan).")
        table = position.get("table", "four" if variant == "paohuzi" else "three")
        if not isinstance(table, str) or table not in TABLES:
            raise IllegalAction("牌桌应是四人局、三人局或二人局。", "The table should be four, three or two at the table.")
        raw = position.get("options")
        for k in raw if isinstance(raw, dict) else {}:
            why = not_applicable(str(k), variant)  # an option the variant does not read is refused, never ignored
            if why is not None:
                raise IllegalAction(*why)
        return {"variant": variant, "table": table, "seed": read_int(position, "seed", 0, 0, SEED_MAX, "种子", "the seed"),
                "options": read_options(position, CHOICES)}

    @classmethod
    def option_names(cls, position: dict[str, Any]) -> tuple[str, ...]:
        """The rule options this setup reads (下灌字牌: those it shares with 跑胡子)."""
        return variant_options(position.get("variant", "paohuzi"))

    @classmethod
    def setups(cls) -> list[dict[str, Any]]:
        tables = [{"variant": v, "table": t} for v in VARIANTS for t in TABLES]
        return tables + [{"variant": "paohuzi", "table": "four", "options": o} for o in one_option_at_a_time(CHOICES)[1:]] + [
            {"variant": "paohuzi", "table": "two", "options": {"two_players": "aside"}},
            {"variant": "xiaguan", "table": "three", "options": {"two_hu": "most", "claim_rank": "seat"}},
        ]

    def _start(self) -> None:
        s = self.setup
        cfg = DEFAULT.with_options(s["options"])
        if s["variant"] == "xiaguan":
            cfg = xiaguan_config(cfg)
        self.h: Hand = new_hand(s["seed"], cfg, s["table"])

    def num_players(self) -> int:
        return self.h.n + (1 if TABLES[self.setup["table"]][1] else 0)

    def current_player(self) -> int | None:
        return self.h.pending()

    def _actions(self) -> dict[str, Action]:
        p = self.h.pending()
        return {} if p is None else {action_id(a): a for a in self.h.legal_actions(p)}

    def _legal(self) -> list[str]:
        self._amap = self._actions()  # computed with the protocol's cache of lawful moves
        return list(self._amap)

    def _apply(self, action: str) -> None:
        self.h.apply_lawful(self._amap[action])  # one of the lawful moves: the hand need not ask again

    def is_terminal(self) -> bool:
        return self.h.over

    def _returns(self) -> Sequence[int]:
        scores = hand_sheet(self.h, self.setup["table"]).scores
        roles = list(self.h.roles) + (["xing"] if self.num_players() > self.h.n else [])
        return [scores.get(r, 0) for r in roles]

    def action_words(self, action: str) -> tuple[str, str]:
        a = self._actions()[action]
        j = action_json(self.h, a)
        return j["zh"], j["en"]

    def why_not(self, action: str) -> tuple[str, str] | None:
        p = self.h.pending()
        parts = action[:200].split(":")
        if p is None or parts[0] not in ("hu", "pass", "discard", "chi", "peng") or len(parts) > 3:
            return None
        card = parse_card(parts[1]) if len(parts) > 1 else None
        groups = tuple(tuple(parse_card(x) for x in g.split(".")) for g in parts[2].split("|")[:4]) if len(parts) > 2 else ()
        if (len(parts) > 1 and card is None) or any(c is None or len(g) != 3 for g in groups for c in g):
            return None
        foul = self.h.why_not(Action(p, parts[0], card, groups))  # type: ignore[arg-type]  # the card and groups are checked not None just above
        return foul.zh, foul.en

    def observation(self, player: int) -> dict[str, Any]:
        s = self.setup
        if player < self.h.n:
            out = view(self.h, player, frozenset(), s["table"], s["variant"])
        else:  # the 醒家 holds no cards: what every seat can see
            out = view(self.h, -1, frozenset(), s["table"], s["variant"])
            out.update(viewer=player, cannot=[], blocked=[], actions=[])
        # the play action's hint for learners is the computer player's choice, and the computer
        # weighs which cards the next seat let go in silence: not something the seat can see
        out["hint"] = None
        return out

    def _resample(self, player: int, rng: random.Random) -> PaohuziState:  # noqa: C901  issue 39.1 splits it when the game's class and its protocol adapter become one state class
        """The cards ``player`` cannot see — the other seats' concealed cards, the stock below the
        turned-up card and the cards set aside — dealt again among the same places, consistently with
        what the table has shown: a seat that let a card go by without the 跑 or 提 the rules would
        have forced on it holds no 坎 of it, a seat that turned up a card from the stock without
        偎 or 提 holds at most one more of it, a seat that discarded a card holds at most one more
        (:meth:`caps`). Copies of the card on offer stay where they are (whether a draw is kept face
        down shows at the table), and the other seats' silent passes are forgotten. What the other
        seats may still do with the card on offer is asked again of their new cards."""
        other = self.clone()
        h = other.h
        if h.over:
            return other
        keep = {h.window.card.index} if h.window is not None else set()
        seats = [s for s in range(h.n) if s != player]
        caps = self.caps(player)
        pool = [FACES[i] for s in seats for i in range(len(FACES)) if i not in keep for _ in range(h.hands[s][i])]
        top = len(h.stock) - (1 if h.liang is not None else 0)
        stock_slots = [k for k in range(top) if h.stock[k].index not in keep]
        aside_slots = [k for k in range(len(h.aside)) if h.aside[k].index not in keep]
        pool += [h.stock[k] for k in stock_slots] + [h.aside[k] for k in aside_slots]
        rng.shuffle(pool)
        hands: dict[int, list[int]] = {}
        for s in seats:
            n = sum(h.hands[s][i] for i in range(len(FACES)) if i not in keep)
            counts = [h.hands[s][i] if i in keep else 0 for i in range(len(FACES))]
            for c in pool[:n]:
                counts[c.index] += 1
            del pool[:n]
            hands[s] = counts
        # a card a seat cannot hold that many of is exchanged for one it can: first among the unseen
        # cards left for the stock, else with another seat that can hold it; first as far as the seats'
        # likely hands allow (:meth:`likely_caps`), then as far as the table's rules do (:meth:`caps`)
        for limit in (self.likely_caps(player, caps), caps):
            _exchange(hands, pool, seats, keep, limit)
        for s in seats:
            h.hands[s] = hands[s]
        for k in stock_slots:
            h.stock[k] = pool.pop()
        for k in aside_slots:
            h.aside[k] = pool.pop()
        if h.stock:
            h.bird_card = h.stock[0]
        # which cards another seat may no longer take: its own discards are seen by all, but a card
        # it let go when it could have taken it is known to it alone (a pass is silent)
        for s in seats:
            h.chou[s] = {e.card.index for e in h.log if e.kind == "discard" and e.seat == s and e.card is not None}
        w = h.window
        if w is not None and w.steps:
            # the claims still to be asked of the other seats on the card on offer, asked of their new cards
            def still(s: int, kind: str) -> bool:
                if s == player or kind in ("forced", "shou"):
                    return True
                if kind == "hu":
                    return bool(h._wins(s, w))
                if kind == "peng":
                    return h._can_peng(s, w) or (h.charge and h.hands[s][w.card.index] == 2)
                if kind == "chi":
                    return bool(h.chi_ways(s, w, limit=1) or (h.charge and h.chi_ways(s, w, limit=1, ignore_chou=True)))
                return True

            w.steps = w.steps[:1] + [(s, k) for s, k in w.steps[1:] if still(s, k)]
        return other

    def strong_candidates(self) -> list[str]:
        """The moves the strong level plays out: every lawful one, but of the discards only the
        :data:`STRONG_DISCARDS` the basic player rates least costly (as the seat sees the table: the
        others' silent passes unknown), in the order of the lawful moves. A discard that loosens the
        hand far more than the best few is not worth the deals it would take from them."""
        legal = self.legal_actions()
        p = self.h.pending()
        if p is None or self.h.phase != "discard" or len(legal) <= STRONG_DISCARDS:
            return legal
        seen = public_passes(self.h, p)
        cost = {a: discard_cost(seen, p, self._amap[a]) for a in legal}
        keep = set(sorted(legal, key=lambda a: cost[a])[:STRONG_DISCARDS])  # (a stable sort: the basic move first of equals)
        return [a for a in legal if a in keep]

    def likely_caps(self, player: int, caps: list[list[int]]) -> list[list[int]]:
        """``caps`` narrowed by what a seat's silence most likely means: a seat that let a card go by (or
        left it to a 吃) without 碰, when it was offered, most likely holds no pair of it — a player
        holding a pair nearly always 碰s (the computer player always does). Not a rule of the table:
        the strong level's imagined deals prefer it, and give it up where the unseen cards cannot
        be dealt so (:func:`_exchange`)."""
        h = self.h
        out = [list(c) for c in caps]
        if h.charge:
            return out
        log = h.log
        for k, e in enumerate(log):
            if e.card is None or e.seat is None or not (e.kind == "discard" or (e.kind == "draw" and not e.hidden)):
                continue
            i, owner = e.card.index, e.seat
            taken = False
            for f in log[k + 1:]:
                if f.kind in ("discard", "draw", "liang"):
                    break
                if f.kind in ("hu", "pao", "ti", "wei", "peng", "shou"):
                    taken = True  # a compulsory move or a win came first, or someone did 碰
                    break
            if taken:
                continue
            for s in range(h.n):
                if s != player and s != owner:
                    out[s][i] = min(out[s][i], 1)
        return out

    def caps(self, player: int) -> list[list[int]]:  # noqa: C901  issue 39.1 splits it when the game's class and its protocol adapter become one state class
        """For each seat, the most copies of each card it can hold concealed now, as far as ``player``
        can tell from the table (a seat's concealed cards only ever leave it: 收张 is the dealer's
        first move). A 坎 never lies concealed when the fourth card was shown and the seat made no
        跑 (or 提 of its own draw, where 提 is compulsory); a pair never, when the seat turned up the
        third from the stock and made no 偎; a seat that discarded a card held at most two of it."""
        h = self.h
        caps = [[3] * len(FACES) for _ in range(h.n)]
        if h.charge:  # compulsory moves wait for the player, who may fail to make them
            return caps
        log = h.log
        for k, e in enumerate(log):
            if e.card is None or e.seat is None:
                continue
            if e.kind == "discard":
                origin = "discard"
            elif e.kind == "draw" and not e.hidden:
                origin = "stock"
            elif e.kind == "liang":
                origin = "liang"
            else:
                continue
            i, owner = e.card.index, e.seat
            answered = set()
            for f in log[k + 1:]:
                if f.kind in ("discard", "draw", "liang"):
                    break
                if f.kind in ("pao", "ti", "wei") and f.card is not None and f.card.index == i and f.seat is not None:
                    answered.add(f.seat)
            for s in range(h.n):
                if s == player or s in answered:
                    continue
                if origin == "discard":
                    caps[s][i] = min(caps[s][i], 1 if s == owner else 2)
                elif origin == "stock":
                    if s != owner:
                        caps[s][i] = min(caps[s][i], 2)
                    elif h.cfg.self_fourth == "forced":
                        caps[s][i] = min(caps[s][i], 1)
                elif s != 0 and h.cfg.liang_pao == "pao":
                    caps[s][i] = min(caps[s][i], 2)
        return caps

def _exchange(hands: dict[int, list[int]], pool: list[Any], seats: list[int], keep: set[int], caps: list[list[int]]) -> None:
    """A card a seat holds more of than ``caps`` allows is exchanged for one it may hold: first among the
    unseen cards in ``pool`` (the stock's), else with another seat that may hold it (as far as it goes)."""
    for s in seats:
        counts = hands[s]
        for i in range(len(FACES)):
            while i not in keep and counts[i] > caps[s][i]:
                j = next((j for j in range(len(pool)) if pool[j].index != i and counts[pool[j].index] < caps[s][pool[j].index]), None)
                if j is not None:
                    counts[i] -= 1
                    counts[pool[j].index] += 1
                    pool[j] = FACES[i]
                    continue
                swap = next(((t, f) for t in seats if t != s and hands[t][i] < caps[t][i]
                             for f in range(len(FACES)) if f != i and f not in keep and hands[t][f] > 0
                             and counts[f] < caps[s][f]), None)
                if swap is None:
                    break
                t, f = swap
                counts[i] -= 1
                counts[f] += 1
                hands[t][f] -= 1
                hands[t][i] += 1



def table_setup(r: PlayRequest) -> dict[str, Any]:
    """A table's ``play`` request (read by :func:`engine.paohuzi.request.read_play_request`) as the setup of a
    written position: its variant, table, seed and rule options."""
    return {"variant": r.variant, "table": r.table, "seed": r.seed, "options": dict(r.options)}


def table_state(r: PlayRequest, strong: Callable[[Hand], Action | None] | None = None,
                limit: int = 2_000) -> tuple[PaohuziState, tuple[int, Foul] | None]:
    """A table's ``play`` request replayed through the protocol: the hand dealt from its setup, then the
    computer seats' moves (``strong`` chooses where it can at the strong level, else the basic player) and the
    reader's moves in turn, each played by :meth:`PaohuziState.apply`, until the hand ends or the moves run
    out. The state reached, and the first of the reader's moves refused (its index and the rule it breaks),
    which stops the replay, or None.

    The computer seats choose as they always have at the table (:func:`engine.paohuzi.ai.choose` given the
    hand): the basic player's discard weighs which cards the next seat may no longer take, its silent passes
    included, where the protocol's basic player (:func:`engine.protocol.strong.basic_action`) weighs only the
    next seat's discards. Choosing the protocol's way would change the computer's moves in some hands, and
    with them every share link and record of those hands, so the table keeps its players' choices."""
    st = PaohuziState(table_setup(r))
    h = st.h

    def computer() -> None:  # the computer seats' moves until another seat must decide
        for _ in range(limit):
            s = st.current_player()
            if s is None or s not in r.computer:
                return
            pick = strong(h) if strong is not None else None
            st.apply(action_id(pick if pick is not None else choose(h, s)))

    computer()
    for k, item in enumerate(r.actions):
        if st.is_terminal():
            break
        a = parse_action(h, item, k)  # a move the request cannot even name is refused in words here
        if a.seat != st.current_player():
            return st, (k, h.why_not(a))
        try:
            st.apply(action_id(a))
        except IllegalAction:
            return st, (k, h.why_not(a))  # the rule it breaks (the protocol's ``why_not`` in words)
        computer()
    return st, None


__all__ = ["CHOICES", "PLAYERS", "DealState", "OpeningMove", "PaohuziState", "Seat", "apply", "deal", "legal_actions", "qishou",
           "table_setup", "table_state"]
