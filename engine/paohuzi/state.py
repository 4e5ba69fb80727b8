"""A hand of 跑胡子 (or 下灌字牌) in progress: :class:`PaohuziState`, one seeded, replayable state machine,
which is also the game's state in the protocol (:class:`engine.protocol.GameState`).

:class:`PaohuziState` is opened from a written position (``PaohuziState(position)``, or
:func:`engine.protocol.open_state`): its setup names the ``variant`` (``paohuzi`` or ``xiaguan``), the
``table`` (``four``: three play and the 醒家 counts the stock, ``three``, ``two``), the seed and the rule
options. The protocol's moves are the ids the ``play`` action already uses (``discard:x9``,
``chi:d3:d3.d1.d2``, ``pass:x5``…: :meth:`~PaohuziState.legal_actions`, :meth:`~PaohuziState.apply`,
:meth:`~PaohuziState.why_not`); compulsory moves (亮提, 收张, 提, 偎, 跑, 重跑不打牌) are made by the machine
and written to the log. At the four-seat table the 醒家 is seat 3: it never moves, and wins or loses at
the settlement. What a seat observes is the ``play`` action's answer for that seat, without its hint (the
computer player's choice, which weighs the next seat's silent passes).

The rules engine's own moves are :class:`engine.paohuzi.table.Action` values under names of their own:
:meth:`~PaohuziState.moves` lists what a seat may do now, :meth:`~PaohuziState.play` plays one (a move that
breaks a rule raises :class:`engine.paohuzi.table.Foul`, or is played and charged in charge mode),
:meth:`~PaohuziState.foul_of` names the rule a move breaks, ``played`` lists the moves made.
:func:`new_hand` deals at a table under any :class:`RuleConfig` (a written position may name the eighty cards
as a real table dealt them instead of a seed); the order a card is offered in is :mod:`engine.paohuzi.table`'s.

The tables play through it: :func:`table_state` replays a table's ``play`` request (its widget's,
share links', records' and a review's, in charge mode too) — the computer seats' moves and the reader's in turn
(:func:`engine.paohuzi.request.play_moves`, which a match's hands play through as well), each played with
:meth:`PaohuziState.play` and written among the protocol's moves, the first one refused named by its rule.

The deal, as the state records it before anyone moves (:class:`Opening`, the ``deal`` action's answer):

* 庄家, 下家 and 上家 take twenty cards each in turn from the dealer; the twenty left are the stock, whose last card is
  turned up (亮张);
* four alike dealt to a player are shown at once as a 前提 (亮提);
* anyone whose dealt hand is ready may win on the turned-up card (起手胡);
* otherwise the dealer takes it and discards a card (收张) — never one of a 坎 or 提 — unless another player holds
  three of it and must 跑 it (3-4, reading ``liang_pao``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, ClassVar
from collections.abc import Callable, Sequence

from ..protocol import SEED_MAX, GameState, IllegalAction, one_option_at_a_time, read_int, read_options
from ..protocol.table_deal import check_whole_set, codes, deal_text
from .ai import choose, discard_cost, public_passes, play_out
from .cards import FACES, N_FACES, Card, full_deck, parse_card, shuffled_deck
from .config import DEFAULT, RuleConfig
from .groups import Group
from .hu import REASONS, WAYS, Verdict, completes, evaluate
from .labels import action_json
from .request import MAX_ACTIONS, PlayRequest, play_moves
from .seating import TABLES, hand_sheet, table_config
from .table import (MAX_STEPS, ROLE_NAMES, ROLES, Action, ChiFault, Event, Foul, Result, Shown, Window, Meeting, action_id, chi_faults,
                    first_broken, forced_move, group_kind, may_chi_from, peng_fault)
from .trace import OPTIONS
from .views import view
from .xiaguan import VARIANTS, WORDS_OF, not_applicable, variant_options, xiaguan_config
from ..protocol.strong import STRONG_UNITS
from .strong import paohuzi_hint



@dataclass(frozen=True)
class Opening:
    """A hand as it was dealt, before anyone moved: each seat's concealed cards and the faces it showed as 提 at the
    deal (亮提), the stock (its last card the turned-up 亮张, where the rules turn one), the seats whose dealt hand wins
    on the 亮张 (起手胡), the non-dealer who must 跑 it (reading ``liang_pao``), and the cards the dealer may discard
    once he has taken it (收张: never one of a 坎 or 提; none when another seat must 跑 it)."""

    hands: tuple[tuple[Card, ...], ...]
    ti: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    liang: Card | None
    hu: tuple[int, ...]
    pao: int | None
    shou: tuple[Card, ...]


def discardable(counts: Sequence[int]) -> list[Card]:
    """The cards a hand of these counts (by face) may discard: never one of a 坎 or 提."""
    ok = [FACES[i] for i in range(N_FACES) if 0 < counts[i] < 3]
    # only 坎 left (after a compulsory 偎/提/跑): the booklet is silent; one of them must go (notes#play-only-kan)
    return ok or [FACES[i] for i in range(N_FACES) if counts[i]]


# ---------------------------------------------------------------- the play, through the protocol

#: how many discards the strong level plays out (the basic player's least costly ones; see
#: :meth:`PaohuziState.strong_candidates`)
STRONG_DISCARDS = 4

#: option -> its readings, the default first
CHOICES: dict[str, tuple[str, ...]] = {
    o.id.split(".", 1)[1]: (o.default,) + tuple(c for c in o.choices if c != o.default) for o in OPTIONS
}


class PaohuziState(GameState):
    """One hand of 跑胡子 or 下灌字牌 at its table (see the module's docstring). Seats are numbered in turn order
    from the dealer (0); with three players the roles are 庄家, 下家, 上家 (a four-seat table adds the 醒家,
    who sits the hand out), with two 庄家 and 下家. ``n`` is the number of seats that play (3 at the four-seat
    table too); the 醒家 counts among the protocol's :meth:`num_players`."""

    game = "paohuzi"
    review_words: ClassVar[str | None] = "engine.paohuzi.review"  # the review's words in this game's terms
    max_actions: ClassVar[int] = MAX_ACTIONS
    #: a hand dealt at a real table names its deal and the cards dealt (a record's Deal, Hands, Stock and Aside tags)
    optional_setup: ClassVar[dict[str, Any]] = {"deal": "table", "hands": "", "stock": "", "aside": ""}

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
        if position.get("deal") is not None:  # the cards a real table dealt, as the record gives them (its Deal, Hands, Stock, Aside tags)
            if position["deal"] != "table" or position.get("seed") is not None:
                raise IllegalAction("桌上发的牌只写“table”，不写种子。", "Cards dealt at a table are given as the deal 'table', with no seed.")
            return {"deal": "table", "variant": variant, "table": table, "options": read_options(position, CHOICES),
                    "hands": deal_text(position, "hands", True), "stock": deal_text(position, "stock", False),
                    "aside": deal_text(position, "aside", False)}
        if any(position.get(k) is not None for k in ("hands", "stock", "aside")):
            raise IllegalAction("按种子发牌的一局不写桌上发的牌；桌上发的牌要同时写明是桌上发的（Deal 写 table）。",
                                "A hand dealt from a seed gives no cards dealt at a table; cards dealt at a table go with a deal at the table (Deal, table).")
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
        if s.get("deal") == "table":  # dealt as the table dealt it, its opening words (who counts the stock) first
            self._deal_at(0, cfg, s["table"], deck=self._table_deck(cfg))
        else:
            self._deal_at(s["seed"], cfg, s["table"])

    def _table_deck(self, cfg: RuleConfig) -> list[Card]:
        """The cards a real table dealt (the setup's hands, stock and aside, checked: each seat's count, together the
        whole set), in the order this state deals a deck."""
        s = self.setup
        tcfg, aside_n = table_config(cfg, s["table"])
        n = TABLES[s["table"]][0]
        sizes = [tcfg.hand_size] * n
        if tcfg.deal_mode == "banker21":
            sizes[0] += 1

        def cards(text: str) -> list[Any]:
            out = []
            for x in codes(text):
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
        check_whole_set([c.index for h in hands for c in h] + [c.index for c in stock + aside], [c.index for c in full_deck()],
                   "字牌", "the eighty cards", lambda i: (FACES[i].zh, FACES[i].en))
        deck = list(aside)
        for r in range(max(sizes)):  # one at a time from the dealer, as the state deals
            for k in range(n):
                if r < sizes[k]:
                    deck.append(hands[k][r])
        deck += list(reversed(stock))  # the state turns its stock from the end
        return deck

    def num_players(self) -> int:
        return self.n + (1 if TABLES[self.setup["table"]][1] else 0)

    def current_player(self) -> int | None:
        return self.pending()

    def _actions(self) -> dict[str, Action]:
        p = self.pending()
        return {} if p is None else {action_id(a): a for a in self.moves(p)}

    def _legal(self) -> list[str]:
        self._amap = self._actions()  # computed with the protocol's cache of lawful moves
        return list(self._amap)

    def _apply(self, action: str) -> None:
        self.play_lawful(self._amap[action])  # one of the lawful moves: the hand need not ask again

    def is_terminal(self) -> bool:
        return self.over

    def _returns(self) -> Sequence[int]:
        scores = hand_sheet(self, self.setup["table"]).scores
        roles = list(self.roles) + (["xing"] if self.num_players() > self.n else [])
        return [scores.get(r, 0) for r in roles]

    def action_words(self, action: str) -> tuple[str, str]:
        a = self._actions()[action]
        j = action_json(self, a)
        return j["zh"], j["en"]

    def why_not(self, action: str) -> tuple[str, str] | None:
        p = self.pending()
        parts = action[:200].split(":")
        if p is None or parts[0] not in ("hu", "pass", "discard", "chi", "peng") or len(parts) > 3:
            return None
        card = parse_card(parts[1]) if len(parts) > 1 else None
        groups = tuple(tuple(parse_card(x) for x in g.split(".")) for g in parts[2].split("|")[:4]) if len(parts) > 2 else ()
        if (len(parts) > 1 and card is None) or any(c is None or len(g) != 3 for g in groups for c in g):
            return None
        foul = self.foul_of(Action(p, parts[0], card, groups))  # type: ignore[arg-type]  # the card and groups are checked not None just above
        return foul.zh, foul.en

    # ------------------------------------------------------------ what the strong level and the review ask of a game
    def basic_action(self) -> str:
        """The protocol's basic player: its discard weighs the next seat's discards (``public_passes``), not its
        silent passes, as the tables' computer seats do (DEVELOPING.md says why they keep theirs)."""
        p = self.pending()
        assert p is not None  # (asked only of a hand in progress)
        return action_id(choose(public_passes(self, p), p))

    def play_out(self) -> PaohuziState:
        """The hand played to its end by the computer at every seat, writing no more to its log (a rollout reads
        only its result)."""

        self.quiet = True
        play_out(self)
        return self

    def strong_rollout_units(self, full: int) -> int:
        """A rollout's work shrinks with the stock left to draw."""
        return max(1_000, full * min(22, len(self.stock) + 2) // 22)

    def table_hint(self, seed: int) -> str | None:
        """The hint of the 跑胡子 table: its own search of a copy of the hand (:func:`engine.paohuzi.strong.paohuzi_hint`)."""

        s = self.setup
        return action_id(paohuzi_hint(self, seed, s["table"], s["variant"], STRONG_UNITS["paohuzi"]))  # (the hint searches a copy)

    def observation(self, player: int) -> dict[str, Any]:
        s = self.setup
        if player < self.n:
            out = view(self, player, frozenset(), s["table"], s["variant"])
        else:  # the 醒家 holds no cards: what every seat can see
            out = view(self, -1, frozenset(), s["table"], s["variant"])
            out.update(viewer=player, cannot=[], blocked=[], actions=[])
        # the play action's hint for learners is the computer player's choice, and the computer
        # weighs which cards the next seat let go in silence: not something the seat can see
        out["hint"] = None
        return out

    def _resample(self, player: int, rng: random.Random) -> PaohuziState:
        """The cards ``player`` cannot see — the other seats' concealed cards, the stock below the
        turned-up card and the cards set aside — dealt again among the same places, consistently with
        what the table has shown: a seat that let a card go by without the 跑 or 提 the rules would
        have forced on it holds no 坎 of it, a seat that turned up a card from the stock without
        偎 or 提 holds at most one more of it, a seat that discarded a card holds at most one more
        (:meth:`caps`). Copies of the card on offer stay where they are (whether a draw is kept face
        down shows at the table), and the other seats' silent passes are forgotten. What the other
        seats may still do with the card on offer is asked again of their new cards."""
        other = self.clone()
        h = other
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
        other._ask_again(player)
        return other

    def _ask_again(self, player: int) -> None:
        """The claims still to be asked of the seats other than ``player`` on the card on offer, asked again of
        their cards (dealt anew by :meth:`_resample`)."""
        w = self.window
        if w is None or not w.steps:
            return

        def still(s: int, kind: str) -> bool:
            if s == player or kind in ("forced", "shou"):
                return True
            if kind == "hu":
                return bool(self.win_on(s, w))
            if kind == "peng":
                return self._can_peng(s, w) or (self.charge and self.hands[s][w.card.index] == 2)
            if kind == "chi":
                return bool(self.chi_ways(s, w, limit=1) or (self.charge and self.chi_ways(s, w, limit=1, ignore_chou=True)))
            return True

        w.steps = w.steps[:1] + [(s, k) for s, k in w.steps[1:] if still(s, k)]

    def strong_candidates(self) -> list[str]:
        """The moves the strong level plays out: every lawful one, but of the discards only the
        :data:`STRONG_DISCARDS` the basic player rates least costly (as the seat sees the table: the
        others' silent passes unknown), in the order of the lawful moves. A discard that loosens the
        hand far more than the best few is not worth the deals it would take from them."""
        legal = self.legal_actions()
        p = self.pending()
        if p is None or self.phase != "discard" or len(legal) <= STRONG_DISCARDS:
            return legal
        seen = public_passes(self, p)
        cost = {a: discard_cost(seen, p, self._amap[a]) for a in legal}
        keep = set(sorted(legal, key=lambda a: cost[a])[:STRONG_DISCARDS])  # (a stable sort: the basic move first of equals)
        return [a for a in legal if a in keep]

    def likely_caps(self, player: int, caps: list[list[int]]) -> list[list[int]]:
        """``caps`` narrowed by what a seat's silence most likely means: a seat that let a card go by (or
        left it to a 吃) without 碰, when it was offered, most likely holds no pair of it — a player
        holding a pair nearly always 碰s (the computer player always does). Not a rule of the table:
        the strong level's imagined deals prefer it, and give it up where the unseen cards cannot
        be dealt so (:func:`_exchange`)."""
        h = self
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

    def caps(self, player: int) -> list[list[int]]:
        """For each seat, the most copies of each card it can hold concealed now, as far as ``player``
        can tell from the table (a seat's concealed cards only ever leave it: 收张 is the dealer's
        first move). A 坎 never lies concealed when the fourth card was shown and the seat made no
        跑 (or 提 of its own draw, where 提 is compulsory); a pair never, when the seat turned up the
        third from the stock and made no 偎; a seat that discarded a card held at most two of it."""
        h = self
        caps = [[3] * len(FACES) for _ in range(h.n)]
        if h.charge:  # compulsory moves wait for the player, who may fail to make them
            return caps
        log = h.log
        for k, e in enumerate(log):
            origin = _shown_origin(e)
            if origin is None or e.card is None or e.seat is None:
                continue
            i, owner = e.card.index, e.seat
            answered = _answered(log, k, i)
            for s in range(h.n):
                if s != player and s not in answered:
                    caps[s][i] = min(caps[s][i], self._cap_after(origin, s, owner))
        return caps

    def _cap_after(self, origin: str, s: int, owner: int) -> int:
        """The most copies of a card seat ``s`` can hold concealed once it was shown (from ``origin``, by ``owner``)
        and ``s`` made no 跑, 提 or 偎 of it: at most one more after one's own discard, no 坎 after another's;
        no 坎 after another's stock card, no pair after one's own (where 提 is compulsory); no 坎 of the 亮张
        for a seat other than the dealer (where it must 跑 it); 3 where the table tells nothing."""
        if origin == "discard":
            return 1 if s == owner else 2
        if origin == "stock":
            if s != owner:
                return 2
            return 1 if self.cfg.self_fourth == "forced" else 3
        return 2 if s != 0 and self.cfg.liang_pao == "pao" else 3

    # ------------------------------------------------------------------ the rules engine's constructors
    @classmethod
    def _undealt(cls, seed: int, cfg: RuleConfig, table: str) -> PaohuziState:
        st = cls.__new__(cls)
        st.setup = {"variant": "xiaguan" if cfg.words == "xiaguan" else "paohuzi", "table": table, "seed": seed, "options": {}}
        st.actions, st._cache = [], None
        return st

    def _deal_at(self, seed: int, cfg: RuleConfig, table: str, charge: bool = False, deck: Sequence[Card] | None = None) -> None:
        """Deal at ``table`` from ``seed`` (or the cards of ``deck``, in the order a real table dealt them), under the
        table's own rules and with the cards it sets aside; the 醒家's count written first."""
        tcfg, aside = table_config(cfg, table)
        self._deal(seed, tcfg, TABLES[table][0], aside, charge, deck)
        if tcfg.deal_mode == "liang":
            if TABLES[table][1]:
                ev = Event(None, "xing", "xing", "庄家洗牌，醒家（庄家的对面）腰牌，并从下往上数出二十张作底牌，第二十张翻开作亮张；醒家这一局不打牌。",
                           "The dealer shuffles; the counter (opposite the dealer) cuts and counts twenty cards from the bottom as the stock, turning the twentieth up; the counter sits this hand out.")
            else:
                ev = Event(None, "xing", "xing", "没有醒家：庄家洗牌，上手腰牌，庄家边发边数，发完后下一张翻开作亮张。",
                           "No counter: the dealer shuffles, the previous player cuts, and the dealer counts as he deals; the next card after the deal is turned up.")
            self.log.insert(0, ev)

    # ------------------------------------------------------------------ the hand: deal, moves, refusals
    #: a hand played out by the strong level's rollouts, of which only the result counts: no log is written
    #: (the table never reads its log; the settlement neither)
    quiet: bool = False

    def _deal(self, seed: int, cfg: RuleConfig = DEFAULT, players: int = 3, aside: int = 0, charge: bool = False,
              deck: Sequence[Card] | None = None) -> None:
        """``charge``: a move that breaks a rule the booklet penalises (烧比, 走跑, 失提, 臭张, 拆坎, 诈胡) is
        played and charged at the settlement instead of being refused; compulsory moves then wait for
        the player (who may fail to make them). ``deck``: the eighty cards in the order a real table
        dealt them (the cards set aside first, then the deal, then the stock), instead of a shuffle."""
        if players not in ROLES:
            raise ValueError("players")
        self.seed, self.cfg, self.n, self.charge = seed, cfg, players, charge
        self.roles = ROLES[players]
        deck = shuffled_deck(seed) if deck is None else list(deck)
        self.aside: list[Card] = deck[:aside]
        deck = deck[aside:]
        sizes = [cfg.hand_size] * players
        if cfg.deal_mode == "banker21":
            sizes[0] += 1
        dealt: list[list[Card]] = [[] for _ in range(players)]
        k = 0
        for r in range(max(sizes)):  # in turn from the dealer, one card at a time
            for s in range(players):
                if r < sizes[s]:
                    dealt[s].append(deck[k])
                    k += 1
        self.stock: list[Card] = deck[k:]  # turned from the end
        self.bird_card: Card = self.stock[0]  # the last stock card (打鸟 reads it when the hand ends)
        self.hands: list[list[int]] = [[0] * N_FACES for _ in range(players)]
        for s in range(players):
            for c in dealt[s]:
                self.hands[s][c.index] += 1
        self.open: list[list[Shown]] = [[] for _ in range(players)]
        self.rows: list[list[tuple[Card, str]]] = [[] for _ in range(players)]
        self.chou: list[set[int]] = [set() for _ in range(players)]
        self.quads = [0] * players
        self.skips = [0] * players
        self.bare = [0] * players  # discards skipped because nothing was left in hand (the hand counts one more each)
        self._notes: list[Event] = []  # lines written by _open, logged after the card is shown
        self.fouls: list[list[str]] = [[] for _ in range(players)]
        self.log: list[Event] = []
        self.played: list[Action] = []
        self.window: Window | None = None
        self.turn: int | None = None  # the seat that must discard
        self.phase = "claim"
        self.result: Result | None = None
        self.liang: Card | None = None
        self._ev(None, "deal", "deal", f"洗牌，从庄家起每人依次起牌，各 {cfg.hand_size} 张" + ("（庄家多起一张）" if cfg.deal_mode == "banker21" else "") + f"；底牌 {len(self.stock)} 张。",
                 f"Shuffle and deal one at a time from the dealer, {cfg.hand_size} each" + (" (the dealer one more)" if cfg.deal_mode == "banker21" else "") + f"; {len(self.stock)} cards left in the stock.")
        if aside:
            self._ev(None, "aside", "deal", f"二人局：{aside} 张牌背面朝下放在一边，整局不用。", f"Two players: {aside} cards are set aside face down, unused for the hand.")
        for s in range(players):
            for i in range(N_FACES):
                if self.hands[s][i] == 4:
                    self.hands[s][i] = 0
                    self._add_quad(s, Shown("ti", (FACES[i],) * 4, "bottom"))
                    self._ev(s, "ti", "qian_ti", *self._say("qian_ti", s, FACES[i]), FACES[i])
            self.skips[s] = max(0, self.quads[s] - 1)
        hu: tuple[int, ...] = ()
        pao: int | None = None
        shou: tuple[Card, ...] = ()
        if cfg.deal_mode == "liang":
            self.liang = self.stock[-1]
            self._ev(0, "liang", "qishou", f"亮张：底牌中翻开的一张是{self.liang.zh}。", f"The turned-up card (liang) of the stock is the {self.liang.en}.", self.liang)
            self.window = Window(self.liang, 0, "liang")
            hu, pao = self._steps_liang()
            taken = list(self.hands[0])
            taken[self.liang.index] += 1
            shou = () if pao is not None else tuple(discardable(taken))
        else:
            self._to_discard(0)
        self.opening = Opening(tuple(tuple(self.concealed(s)) for s in range(players)),
                               tuple(tuple(x.cards[0] for x in self.open[s]) for s in range(players)),
                               tuple(self.stock), self.liang, hu, pao, shou)
        self._run()

    # ------------------------------------------------------------------ names
    def role(self, s: int) -> str:
        return self.roles[s]

    def _zh(self, s: int) -> str:
        return ROLE_NAMES[self.roles[s]][0]

    def _en(self, s: int) -> str:
        return ROLE_NAMES[self.roles[s]][1]

    def nxt(self, s: int) -> int:
        return (s + 1) % self.n

    def _ev(self, seat: int | None, kind: str, rule: str, zh: str, en: str, card: Card | None = None,
            cards: Sequence[Card] = (), hidden: bool = False) -> None:
        if self.quiet:
            return
        self.log.append(Event(seat, kind, rule, zh, en, card, tuple(cards), hidden))

    def _say(self, key: str, s: int | None = None, card: Card | None = None) -> tuple[str, str]:
        """Sentence ``key`` of :data:`WORDS` in the words of this hand's variant, about seat ``s`` and ``card``."""
        zh, en = WORDS_OF[self.cfg.words][key]
        fields = {} if s is None else {"who": self._zh(s), "Who": self._en(s).capitalize(), "next": self._zh(self.nxt(s)), "next_en": self._en(self.nxt(s))}
        if card is not None:
            fields.update(card=card.zh, card_en=card.en)
        return zh.format(**fields), en.format(**fields)

    def _way(self, way: str) -> tuple[str, str]:
        """A way to win, named in this hand's variant's words."""
        return WORDS_OF[self.cfg.words].get("way." + way, WAYS[way])

    # ------------------------------------------------------------------ views
    def concealed(self, s: int) -> list[Card]:
        return [FACES[i] for i in range(N_FACES) for _ in range(self.hands[s][i])]

    def open_groups(self, s: int) -> list[Group]:
        return [g.group for g in self.open[s]]

    def all_cards(self) -> list[Card]:
        """Every card of the hand, wherever it is (the 80, always)."""
        out = list(self.stock) + list(self.aside)
        for s in range(self.n):
            out += self.concealed(s)
            out += [c for g in self.open[s] for c in g.cards]
            out += [c for c, _ in self.rows[s]]
        if self.window is not None and self.window.origin != "liang":
            out.append(self.window.card)
        if self.result is not None and self.result.card is not None and self.result.winner is not None and self.window is None:
            out.append(self.result.card)
        return out

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def pending(self) -> int | None:
        """The seat that must decide now (None when the hand is over)."""
        if self.over:
            return None
        if self.phase == "discard":
            return self.turn
        assert self.window is not None and self.window.steps
        return self.window.steps[0][0]

    # ------------------------------------------------------------------ offers
    def _source(self, s: int, w: Window) -> str:
        if w.origin == "liang":
            return "liang_zhuang" if s == 0 else "liang"
        if w.origin == "discard":
            return "discard"
        if s == w.owner:
            return "self"
        return "shang" if self.nxt(w.owner) == s else "xia"

    def cfg_of(self, s: int) -> RuleConfig:
        """The rules as they apply to seat ``s``: a discard skipped for an empty hand lets his hand count one card more."""
        return replace(self.cfg, hand_size=self.cfg.hand_size + self.bare[s]) if self.bare[s] else self.cfg

    def verdict(self, s: int, w: Window) -> Verdict:
        return evaluate(self.open_groups(s), (), w.card, self._source(s, w), self.cfg_of(s), self.fouls[s], hand_counts=self.hands[s])

    def win_on(self, s: int, w: Window) -> Verdict | None:
        """The verdict when seat ``s`` wins on the card on offer ``w`` (in charge mode a 诈胡 to charge counts), else None."""
        # a quick filter: a hand that cannot be ready does not need the search
        if w.origin == "discard" and self.cfg.hu_stock_only:
            return None
        if not completes(self.open_groups(s), self.hands[s], w.card, self._source(s, w), self.cfg_of(s)):
            return None  # the card completes no layout: the verdict could not be a win (nor a 诈胡 to charge)
        v = self.verdict(s, w)
        if self.charge and not v.wins and self.fouls[s] and v.best is not None:
            # a player who broke a rule may still lay his hand down: the settlement finds the 诈胡
            clean = evaluate(self.open_groups(s), (), w.card, self._source(s, w), self.cfg_of(s), (), hand_counts=self.hands[s])
            return clean if clean.wins else None
        return v if v.wins else None

    def meeting(self, s: int, w: Window, ignore_chou: bool = False, any_discard: bool = False, on: str = "") -> Meeting:
        """What seat ``s`` may or must do with the card on offer (:class:`~engine.paohuzi.table.Meeting`, the rules'
        one statement); ``ignore_chou``: as if never let go (a foul to charge); ``any_discard``: as if a card were
        always left to discard; ``on``: his open 偎 or 碰 of the card, for the compulsory move."""
        free = any_discard or bool(self.skips[s]) or self.cfg.claim_kan == "allow"
        return Meeting(tuple(self.hands[s]), w.card, self.cfg, w.origin == "stock" and s == w.owner, w.origin == "stock",
                       w.card.index in self.chou[s] and not ignore_chou, on, free)

    def face_down(self, w: Window) -> bool:
        """Whether the card on offer is a stock card its own seat must 偎 face down: only that seat sees it
        (a 臭偎 shows one card, ``chou_wei_shown``). The draw's line in the log and the offer each seat sees ask this."""
        return (w.origin == "stock" and (w.owner, "forced") in w.steps and self.forced_of(w.owner, w) == "wei"
                and not (w.card.index in self.chou[w.owner] and self.cfg.chou_wei_shown))

    def forced_of(self, s: int, w: Window) -> str | None:
        """The compulsory move of seat ``s`` on the card: ti | wei | pao | None (:func:`forced_move`)."""
        on = next((g.kind for g in self.open[s] if g.kind in ("wei", "peng") and g.cards[0] == w.card), None)
        return forced_move(self.hands[s][w.card.index], on, w.origin, s == w.owner, self.cfg)

    def _steps_liang(self) -> tuple[tuple[int, ...], int | None]:
        """Who is asked about the 亮张, in turn; the seats that may win on it and the seat that must 跑 it."""
        w = self.window
        assert w is not None
        hus = [s for s in range(self.n) if self.win_on(s, w)]
        # §3-4: a non-dealer holding three of it must 跑 the 亮张 (reading liang_pao); else the dealer takes it
        pao = [s for s in range(1, self.n) if self.hands[s][w.card.index] == 3] if self.cfg.liang_pao == "pao" else []
        w.steps = [(s, "hu") for s in self._hu_order(hus, w)] + [(s, "forced") for s in pao[:1]] + [(0, "shou")]
        return tuple(hus), (pao[0] if pao else None)

    def _hu_order(self, seats: list[int], w: Window) -> list[int]:
        if self.cfg.two_hu == "most" and len(seats) > 1:
            def val(s: int) -> tuple[int, int]:
                b = self.verdict(s, w).best
                return (b.score, b.total) if b else (0, 0)

            return sorted(seats, key=lambda s: val(s), reverse=True)
        return seats

    def offer(self, card: Card, owner: int, origin: str) -> None:
        """Put ``card`` on offer (turned from the stock or discarded by ``owner``): who may take it, in the order
        the rules ask them (the module docstring of :mod:`engine.paohuzi.table`)."""
        w = Window(card, owner, origin)
        self.window = w
        order = [(owner + k) % self.n for k in range(self.n)]
        others = order[1:]
        steps: list[tuple[int, str]] = []
        if origin == "stock":
            if self.win_on(owner, w):
                steps.append((owner, "hu"))
            f = self.forced_of(owner, w)
            if f in ("ti", "wei"):
                steps.append((owner, "forced"))  # made face down before anyone sees the card
        hus = [s for s in others if self.win_on(s, w)] if origin == "stock" or not self.cfg.hu_stock_only else []
        forced = [s for s in (order if origin == "stock" else others) if self.forced_of(s, w) and (s, "forced") not in steps]
        peng = [s for s in others if self._can_peng(s, w) or (self.charge and self.hands[s][card.index] == 2)]
        chi = [s for s in self.chi_seats(w) if self.chi_ways(s, w, limit=1) or (self.charge and self.chi_ways(s, w, limit=1, ignore_chou=True))]
        if self.cfg.claim_rank == "seat":
            first_claim = next((s for s in order if s in forced or s in peng), None)
            if first_claim is not None:
                hus = [s for s in hus if order.index(s) <= order.index(first_claim)]
        # (a card taken by a compulsory move is never on offer for a claim)
        claimable = not forced and not any(k == "forced" for _, k in steps)
        for s in dict.fromkeys([x for x in others if x not in peng] + [x for x in self.chi_seats(w) if x not in chi] if claimable and not self.quiet else []):
            kinds = [k for k in ("peng", "chi") if (k == "chi" or s != owner) and (k != "chi" or s in self.chi_seats(w)) and self.withheld(s, w, k)]
            if kinds:  # never silent: the seat is told (only he knows) why the claim is not his to make
                what_zh = "、".join("碰" if k == "peng" else "吃" for k in kinds)
                what_en = " or ".join(kinds)
                self._notes.append(Event(s, "withheld", "claim_kan", f"{self._zh(s)}不能{what_zh}{card.zh}：{what_zh}了以后手里只剩坎，没有能打出的牌（拆对不拆坎）。",
                                         f"{self._en(s).capitalize()} may not {what_en} the {card.en}: only a kan would be left to discard, and a kan is never split.", card, hidden=True))
        steps += [(s, "hu") for s in self._hu_order(hus, w)]
        steps += [(s, "forced") for s in forced[:1]]
        steps += [(s, "peng") for s in peng if s not in forced[:1]] + [(s, "chi") for s in chi if s not in forced[:1]]
        w.steps = steps

    def chi_seats(self, w: Window) -> list[int]:
        """Who may 吃 this card at all (3-2): the next player after a discard; for a stock card the player who
        turned it (``chi_own_draw``) and his next player (``chi_shang_draw``); never the 亮张."""
        seats = {w.owner: "own", self.nxt(w.owner): "next"}
        return [s for s, who in seats.items() if may_chi_from(w.origin, who, self.cfg)]

    def _can_peng(self, s: int, w: Window) -> bool:
        return not self.meeting(s, w).why_not_peng()

    def withheld(self, s: int, w: Window, kind: str) -> bool:
        """A 碰 or 吃 of the card that seat ``s`` could make but that would leave only 坎 to discard (claim_kan)."""
        m = self.meeting(s, w)
        return (m.why_not_peng() if kind == "peng" else m.why_not_chi()) == "claim_kan"

    def chi_ways(self, s: int, w: Window, limit: int = 24, ignore_chou: bool = False, any_discard: bool = False) -> list[tuple[tuple[Card, ...], ...]]:
        """Every lawful 吃 of the card for seat ``s``: the new group, then the 比 groups (each holding a copy)."""
        return list(self.meeting(s, w, ignore_chou, any_discard).chi(limit))

    # ------------------------------------------------------------------ legal actions
    def moves(self, seat: int) -> list[Action]:
        """What ``seat`` may do now ([] if it is not this seat's decision)."""
        if self.pending() != seat:
            return []
        if self.phase == "discard":
            return [Action(seat, "discard", c) for c in discardable(self.hands[seat])]
        w = self.window
        assert w is not None
        s, kind = w.steps[0]
        if kind == "hu":
            return [Action(s, "hu", w.card), Action(s, "pass", w.card)]
        if kind == "peng":
            return ([Action(s, "peng", w.card)] if self._can_peng(s, w) else []) + [Action(s, "pass", w.card)]
        if kind == "chi":
            return [Action(s, "chi", w.card, g) for g in self.chi_ways(s, w)] + [Action(s, "pass", w.card)]
        if kind == "forced":  # only in charge mode does a compulsory move wait for the player
            return [Action(s, self.forced_of(s, w) or "pass", w.card)]
        return []  # 收张 is made by the machine

    # ------------------------------------------------------------------ apply
    def play(self, action: Action) -> None:
        """Play one action; a move that breaks a rule raises :class:`Foul` and changes nothing. The move is
        written among the protocol's moves too (its id), so that :meth:`written` gives the hand played so."""
        self._cache = None  # (the protocol's lawful moves are asked again after a move played this way)
        if action not in self.moves(action.seat):
            foul = self.foul_of(action)
            if not (self.charge and self._charge(action, foul)):
                raise foul
            self.played.append(action)
            self._run()
        else:
            self.play_lawful(action)
        self.actions.append(action_id(action))

    def play_lawful(self, action: Action) -> None:
        """Play one action taken from :meth:`legal_actions` now, without asking again whether it is lawful
        (the computer players' rollouts; the same hand results as :meth:`play`)."""
        self._cache = None
        self.played.append(action)
        s = action.seat
        if action.kind == "discard":
            assert action.card is not None
            self._discard(s, action.card)
        else:
            w = self.window
            assert w is not None
            step = w.steps.pop(0)
            if action.kind == "hu":
                self._win(s, w)
            elif action.kind == "pass":
                # a pass is silent at the table: only the player himself knows he could have claimed
                if step[1] in ("peng", "chi"):
                    w.passed.append(s)
                    self._ev(s, "pass", "let_go", f"{self._zh(s)}不{'碰' if step[1] == 'peng' else '吃'}{w.card.zh}。",
                             f"{self._en(s).capitalize()} does not {step[1]} the {w.card.en}.", w.card, hidden=True)
                else:
                    self._ev(s, "pass", "hu", f"{self._zh(s)}可以胡{w.card.zh}，但不胡。", f"{self._en(s).capitalize()} could win on the {w.card.en} but does not.", w.card, hidden=True)
            elif action.kind == "peng":
                self._peng(s, w)
            elif action.kind == "chi":
                self._chi(s, w, action.groups)
            elif action.kind in ("pao", "ti", "wei"):
                self._forced(s, w)
        self._run()

    def _run(self) -> None:
        """Make every compulsory move until a seat must decide or the hand is over."""
        for _ in range(MAX_STEPS):
            if self.phase == "over":
                return
            if self.phase == "discard":
                assert self.turn is not None
                s = self.turn
                if not any(self.hands[s]):
                    self.bare[s] += 1
                    self._ev(s, "skip", "chong_pao", *self._say("empty_skip", s))
                    self._draw(self.nxt(s))
                    continue
                return
            w = self.window
            assert w is not None
            if not w.steps:
                self._let_go(w)
                continue
            s, kind = w.steps[0]
            if kind == "forced" and not self.charge:
                w.steps.pop(0)
                self._forced(s, w)
                continue
            if kind == "shou":
                w.steps.pop(0)
                self._shou(w)
                continue
            return
        raise RuntimeError("hand did not end")  # pragma: no cover - MAX_STEPS is far above any hand

    def _to_discard(self, s: int, quad_made: bool = False) -> None:
        """After a claim: the seat discards, or — after a second 提/跑 — does not (重跑不打牌)."""
        self.window = None
        if quad_made and self.quads[s] >= 2 and self.cfg.chong_pao_skip:
            self._ev(s, "skip", "chong_pao", *self._say("chong_pao", s))
            self._draw(self.nxt(s))
            return
        if self.skips[s]:
            self.skips[s] -= 1
            self._ev(s, "skip", "chong_pao", *self._say("two_ti", s))
            self._draw(self.nxt(s))
            return
        self.phase, self.turn = "discard", s

    def _draw(self, s: int) -> None:
        self.turn = None
        if not self.stock:
            self.window = None
            self.phase = "over"
            self.result = Result(None)
            self._ev(None, "huang", "huang", "底牌翻完，无人胡牌：荒牌。", "The stock is used up and nobody has won: no-win hand (huang).")
            return
        c = self.stock.pop()
        self.phase = "claim"
        self.offer(c, s, "stock")
        if self.window is not None and self.face_down(self.window):
            self._ev(s, "draw", "draw", *self._say("draw_down", s), c, hidden=True)
        else:
            self._ev(s, "draw", "draw", f"{self._zh(s)}翻开底牌：{c.zh}。", f"{self._en(s).capitalize()} turns up a stock card: {c.en}.", c)
        self.log += self._notes
        self._notes = []

    def _discard(self, s: int, c: Card) -> None:
        self.hands[s][c.index] -= 1
        self.chou[s].add(c.index)  # a card let go by oneself is 臭 for oneself
        self._ev(s, "discard", "discard", f"{self._zh(s)}打出{c.zh}。", f"{self._en(s).capitalize()} discards the {c.en}.", c)
        self.phase, self.turn = "claim", None
        self.offer(c, s, "discard")
        self.log += self._notes
        self._notes = []

    def _close(self, w: Window) -> None:
        """碰一不碰二 / 不吃臭张 from the moment a card is declined: once the card is gone (let go or taken by
        anyone), each seat that declined it may never 吃 or 碰 that card again."""
        for p in w.passed:
            self.chou[p].add(w.card.index)

    def _let_go(self, w: Window) -> None:
        self._close(w)
        self.rows[w.owner].append((w.card, w.origin))
        if not self.quiet:
            self.log.append(Event(w.owner, "let_go", "let_go", f"没有人要{w.card.zh}，放在{self._zh(w.owner)}与{self._zh(self.nxt(w.owner))}之间。",
                                  f"Nobody takes the {w.card.en}; it is laid between {self._en(w.owner)} and {self._en(self.nxt(w.owner))}.", w.card, origin=w.origin))
        self._draw(self.nxt(w.owner))

    def _add_quad(self, s: int, g: Shown) -> None:
        self.open[s].append(g)
        self.quads[s] += 1

    def _forced(self, s: int, w: Window) -> None:
        kind = self.forced_of(s, w)
        c, i = w.card, w.card.index
        on = next((k for k, g in enumerate(self.open[s]) if g.kind in ("wei", "peng") and g.cards[0] == c), None)
        if kind == "wei":
            self.hands[s][i] -= 2
            shown = c.index in self.chou[s] and self.cfg.chou_wei_shown
            self.open[s].append(Shown("wei", (c,) * 3, "one" if shown else "down"))
            if shown:
                self._ev(s, "wei", "chou_wei", *self._say("chou_wei", s, c), c)
            else:
                self._ev(s, "wei", "wei", *self._say("wei", s), c, hidden=True)
            self._to_discard(s)
            return
        if kind == "ti":
            if on is not None:
                self.open[s].pop(on)
            else:
                self.hands[s][i] -= 3
            self._add_quad(s, Shown("ti", (c,) * 4, "top"))
            self._ev(s, "ti", "hou_ti", *self._say("hou_ti", s, c), c)
            self._to_discard(s, True)
            return
        # 跑
        if w.origin == "liang":  # the 亮张 leaves the stock: a non-dealer's 坎 takes it (3-4)
            assert self.stock[-1] == c
            self.stock.pop()
            self.liang = None
        if on is not None:
            self.open[s].pop(on)
        else:
            self.hands[s][i] -= 3
        self._add_quad(s, Shown("pao", (c,) * 4, "up", taken=c))
        self._ev(s, "pao", "pao", *self._say("pao", s, c), c)
        self._to_discard(s, True)

    def _shou(self, w: Window) -> None:
        c = self.stock.pop()
        assert c == w.card
        self.hands[0][c.index] += 1
        self._ev(0, "shou", "shou", f"无人起手胡，庄家收张：把亮张{c.zh}拿到手中。", f"Nobody wins on it: the dealer takes the turned-up {c.en} into his hand.", c)
        quad = False
        if self.hands[0][c.index] == 4:
            self.hands[0][c.index] = 0
            self._add_quad(0, Shown("ti", (c,) * 4, "bottom"))
            quad = True
            self._ev(0, "ti", "qian_ti", f"庄家收张成四张{c.zh}，亮提。", f"With it the dealer holds four {c.en}: he shows a ti.", c)
        self.liang = None
        self._to_discard(0, quad)

    def _peng(self, s: int, w: Window) -> None:
        self._close(w)
        c = w.card
        self.hands[s][c.index] -= 2
        self.open[s].append(Shown("peng", (c,) * 3, "up", taken=c))
        self._ev(s, "peng", "peng", f"{self._zh(s)}碰{c.zh}。", f"{self._en(s).capitalize()} pengs the {c.en}.", c)
        self._to_discard(s)

    def _chi(self, s: int, w: Window, groups: tuple[tuple[Card, ...], ...]) -> None:
        self._close(w)
        c = w.card
        first = list(groups[0])
        first.remove(c)
        for x in first:
            self.hands[s][x.index] -= 1
        self.open[s].append(Shown(group_kind(groups[0]), tuple(groups[0]), "up", taken=c))
        for g in groups[1:]:
            for x in g:
                self.hands[s][x.index] -= 1
            self.open[s].append(Shown(group_kind(g), tuple(g), "up", bi=True))
        names = "，".join("".join(x.char for x in g) for g in groups)
        if len(groups) > 1:
            self._ev(s, "chi", "bi", f"{self._zh(s)}吃{c.zh}，成{names}（{'一吃两比' if len(groups) > 2 else '吃牌比牌'}）。",
                     f"{self._en(s).capitalize()} chis the {c.en}, showing every copy he held (bi): {names}.", c, [x for g in groups for x in g])
        else:
            self._ev(s, "chi", "chi", f"{self._zh(s)}吃{c.zh}，成{names}。", f"{self._en(s).capitalize()} chis the {c.en}: {names}.", c, list(groups[0]))
        self._to_discard(s)

    def _win(self, s: int, w: Window) -> None:
        v = self.verdict(s, w)
        src = self._source(s, w)
        if w.origin == "liang":
            self.stock.pop()
            self.liang = None
        self.window = None
        self.phase = "over"
        self.result = Result(s, w.card, src, v)
        b = v.best
        assert b is not None
        ways_zh = "、".join(self._way(x)[0] for x in b.ways)
        ways_en = ", ".join(self._way(x)[1] for x in b.ways)
        self._ev(s, "hu", "qishou" if w.origin == "liang" else "hu", f"{self._zh(s)}胡{w.card.zh}（{ways_zh}），{b.total} 戏。",
                 f"{self._en(s).capitalize()} wins on the {w.card.en} ({ways_en}), {b.total} huxi.", w.card)

    # ------------------------------------------------------------------ fouls played and charged
    def _charge(self, a: Action, foul: Foul) -> bool:
        """Play a foul the booklet penalises and charge it (charge mode). False if it cannot be played."""
        s = a.seat
        w = self.window
        if self.pending() != s:
            return False
        if self.phase == "discard" and foul.code == "kan" and a.card is not None and self.hands[s][a.card.index]:
            self._foul(s, "chai_kan", foul)
            self._discard(s, a.card)
            return True
        if w is None or not w.steps or w.steps[0][0] != s:
            return False
        step = w.steps[0][1]
        if step == "forced" and a.kind == "pass":
            kind = self.forced_of(s, w)
            code = {"pao": "zou_pao", "ti": "shi_ti"}.get(kind or "")
            if code is None:
                return False  # a 偎 is never left undone (no penalty is named for it)
            w.steps.pop(0)
            self._foul(s, code, Foul(code, *self._say(code), "pao" if code == "zou_pao" else "hou_ti"))
            return True
        if a.kind == "hu" and step in ("hu", "peng", "chi", "forced") and w.origin != "liang":
            # 诈胡: a declared win that does not stand; the hand ends and the settlement charges it
            w.steps.pop(0)
            self._foul(s, "zha_hu", foul)
            self.window = None
            self.phase = "over"
            self.result = Result(s, w.card, self._source(s, w), self.verdict(s, w))
            return True
        if step == "peng" and a.kind == "peng" and foul.code == "peng_er" and self.hands[s][w.card.index] == 2:
            w.steps.pop(0)
            self._foul(s, "chou_zhang", foul)
            self._peng(s, w)
            return True
        if step == "chi" and a.kind == "chi" and foul.code in ("chou_zhang", "shao_bi") and self._chi_shapes_ok(s, w, a.groups):
            w.steps.pop(0)
            self._foul(s, foul.code, foul)
            self._chi(s, w, a.groups)
            return True
        return False

    def _chi_shapes_ok(self, s: int, w: Window, groups: tuple[tuple[Card, ...], ...]) -> bool:
        """Whether the groups are a 吃's, of cards held and none of a 坎, whatever their 比 (a foul to charge)."""
        return bool(groups) and all(f.code == "shao_bi" or (f.code == "without_card" and f.group > 0) for f in chi_faults(self.hands[s], w.card, groups))

    def _foul(self, s: int, code: str, foul: Foul) -> None:
        self.fouls[s].append(code)
        self._ev(s, "foul", foul.rule, f"违规（{foul.zh}）记下，终局时按罚则计分。", f"A foul is noted ({foul.en}); it is charged at the settlement.")

    # ------------------------------------------------------------------ refusals
    def foul_of(self, a: Action) -> Foul:
        """Why ``a`` is not a lawful move now, named by the first rule it breaks in the order a player checks
        them: a claim's own rules (:meth:`claim_foul`: whose card it is, the cards it needs, 比, a card let go
        before, a card left to discard) before the order of claims and whose decision it is now
        (tests/paohuzi/test_refusal_order.py holds the order as written from the booklet)."""
        if self.over:
            return Foul("over", "这一局已经结束。", "This hand is over.", "hu")
        p = self.pending()
        assert p is not None
        w = self.window
        if w is not None and a.kind in ("peng", "chi") and 0 <= a.seat < self.n and (a.card is None or a.card == w.card):
            f = self.claim_foul(a.seat, w, a.kind, a.groups)
            if f is not None:
                return f
        if a.seat != p or a.seat < 0 or a.seat >= self.n:
            if w is not None and a.kind == "hu" and w.origin == "discard":
                return Foul("hu_di", "只能胡底牌：手中打出的牌不能胡。", "Only a stock card wins: a card discarded from a hand cannot.", "hu_di")
            if w is not None and a.kind == "chi" and w.steps and w.steps[0][1] == "peng" and 0 <= a.seat < self.n:
                return Foul("peng_first", f"碰优先于吃：先等{self._zh(p)}决定碰不碰。", f"Peng comes before chi: wait for {self._en(p)} to decide on the peng.", "peng_first")
            return Foul("not_your_turn", f"现在轮到{self._zh(p)}。", f"It is {self._en(p)}'s move now.", "turn")
        if self.phase == "discard":
            if a.kind != "discard":
                return Foul("must_discard", "现在该打出一张牌。", "You must discard a card now.", "discard")
            if a.card is None or not self.hands[a.seat][a.card.index]:
                return Foul("no_card", "手中没有这张牌。", "You do not hold that card.", "discard")
            return Foul("kan", f"拆对不拆坎：手中三张{a.card.zh}是一坎，不能打出。", f"A kan is never split: your three {a.card.en} are a kan and may not be discarded.", "kan")
        assert w is not None
        return self._offer_foul(a, w)

    def _offer_foul(self, a: Action, w: Window) -> Foul:
        """:meth:`foul_of` for the seat whose decision it is on the card on offer, once the claim's own rules are kept."""
        step = w.steps[0][1]
        if a.kind == "discard":
            return Foul("not_now", "现在还不能打牌：先决定要不要这张牌。", "Not yet: first decide about the card on offer.", "turn")
        if a.card is not None and a.card != w.card:
            return Foul("other_card", f"桌上待要的牌是{w.card.zh}。", f"The card on offer is the {w.card.en}.", "turn")
        if a.kind == "hu":
            if w.origin == "discard":
                return Foul("hu_di", "只能胡底牌：手中打出的牌不能胡。", "Only a stock card wins: a card discarded from a hand cannot.", "hu_di")
            v = self.verdict(a.seat, w)
            code = v.reasons[0] if v.reasons else "incomplete"
            zh, en = REASONS.get(code, REASONS["incomplete"])
            return Foul(code, zh, en, "hu")
        if a.kind == "peng":
            return Foul("not_now", "先决定胡不胡，碰在后面。", "First decide on the win; the peng comes after.", "hu")
        if a.kind == "chi":
            if step == "peng":
                return Foul("peng_first", "碰优先于吃：先决定碰不碰，吃在碰之后。", "Peng comes before chi: decide on the peng first; the chi comes after.", "peng_first")
            if step != "chi":
                return Foul("not_now", "先决定胡不胡，吃在后面。", "First decide on the win; the chi comes after.", "hu")
            return Foul("bad_chi", "这样吃不合规则（比牌或下火的组法不对，或吃后无牌可打）。", "This chi is not lawful (the bi groups are wrong, or no card would be left to discard).", "chi")
        if a.kind == "pass" and step == "forced":
            kind = self.forced_of(a.seat, w)
            if kind == "pao":
                return Foul("zou_pao", "走跑：有三张相同的牌，出现第四张必须跑。", "Missed pao (zou pao): holding three alike, the fourth must be made into a pao.", "pao")
            if kind == "ti":
                return Foul("shi_ti", "失提：自己摸到第四张必须提。", "Missed ti (shi ti): drawing the fourth yourself, you must make a ti.", "hou_ti")
            return Foul("must_wei", "手中有一对，自己摸到第三张必须偎。", "Holding a pair and drawing the third yourself, you must wei.", "wei")
        if a.kind == "pass":
            return Foul("not_now", "现在没有可以放过的选择。", "There is nothing to let go now.", "turn")
        return Foul("unknown", "没有这种走法。", "There is no such move.", "turn")

    def claim_foul(self, s: int, w: Window, kind: str, groups: Sequence[Sequence[Card]] = ()) -> Foul | None:
        """The first of a 碰's or 吃's own rules that seat ``s`` claiming the card on offer this way would break,
        whoever decides now, in the booklet's order — 碰: another's card, a pair (3-1 有对子就可以碰), 碰一不碰二,
        a card left to discard (3-3); 吃: whose card (3-2 只能…), the groups and the cards they need, 比, 不吃臭张,
        a card left to discard (:data:`~engine.paohuzi.table.CHI_CHECKS`, the order :class:`Meeting` names too) — or
        None if it breaks none (it may still have to wait its turn)."""
        i = w.card.index
        if kind == "peng":
            code = peng_fault(s == w.owner, self.hands[s][i], i in self.chou[s])  # 3-1: 人家's card, 有对子就可以碰, 碰一不碰二
            if code is not None:
                zh, en, rule = {"own_card": (f"{w.card.zh}是你自己翻出或打出的牌，不能碰。", f"The {w.card.en} is your own card: you cannot peng it.", "peng"),
                                "no_pair": (f"碰要手中有一对{w.card.zh}。", f"A peng needs a pair of {w.card.en} in your hand.", "peng"),
                                "peng_er": (f"碰一不碰二：{w.card.zh}第一次没有碰，这次不能再碰。", f"No second chance to peng: you did not peng the {w.card.en} the first time.", "peng_er")}[code]
                return Foul(code, zh, en, rule)
            if self.withheld(s, w, "peng"):  # 3-3: a card must be left to discard
                return self.withheld_foul(w.card, "peng")
            return None
        faults = chi_faults(self.hands[s], w.card, groups)
        return first_broken({  # 吃: in the one order of CHI_CHECKS
            "chi_from": lambda: self.chi_from_foul(s, w),  # 3-2: whose card
            "groups": lambda: self._chi_foul(w.card, groups, faults, "groups"),  # the groups it makes
            "bi": lambda: self._chi_foul(w.card, groups, faults, "bi"),  # 比
            "chou_zhang": lambda: Foul("chou_zhang", f"不吃臭张：{w.card.zh}已经放过，不能再吃。",  # 3-2 不吃臭张
                                       f"No chi of a passed card: you let the {w.card.en} go before and may not take it now.",
                                       "chou_zhang") if i in self.chou[s] else None,
            "claim_kan": lambda: self.withheld_foul(w.card, "chi") if self.withheld(s, w, "chi") else None,  # 3-3: a card to discard
        })

    def chi_from_foul(self, s: int, w: Window) -> Foul | None:
        """Why seat ``s`` may never 吃 this card, whoever decides first (3-2), or None if he may."""
        if s in self.chi_seats(w):
            return None
        if w.origin == "liang":
            return Foul("chi_from", "亮张不能吃：无人起手胡时它归庄家收张。", "The turned-up card cannot be chi'd: when nobody wins on it the dealer takes it.", "shou")
        if s != w.owner and self.nxt(s) == w.owner and self.nxt(w.owner) != s:
            return Foul("ge_shan", f"不吃隔山牌：{w.card.zh}来自你的下家，下家的牌不能吃。", f"No chi across the table: the {w.card.en} comes from your next player, whose cards you may not chi.", "ge_shan")
        if s == w.owner and w.origin == "discard":
            return Foul("chi_from", "自己打出的牌不能再吃回来。", "You cannot chi back the card you discarded.", "chi_from")
        if s == w.owner:
            return Foul("chi_from", "这一种牌只能吃上家打出的牌，不能吃自己摸出的牌。", "In this game a chi takes only the previous player's discard, never one's own draw.", "chi_from")
        return Foul("chi_from", "吃牌只能吃上家打出的牌：上家从底牌翻出的牌不能吃。", "A chi takes only the previous player's discard: not a card he turns from the stock.", "chi_from")

    def withheld_foul(self, card: Card, kind: str) -> Foul:
        what = "碰" if kind == "peng" else "吃"
        return Foul("claim_kan", f"{what}了这张{card.zh}以后手里只剩坎，没有能打出的牌（拆对不拆坎），所以不能{what}。",
                    f"After this {kind} of the {card.en} only a kan would be left in your hand and a kan is never split: there would be no card to discard, so you may not {kind} it.", "claim_kan")

    #: a 吃's fault (:func:`chi_faults`) -> its refusal's words ({x}/{x_en}: the card concerned) and rule
    CHI_FOULS: ClassVar[dict[str, tuple[str, str, str]]] = {
        "kan": ("拆对不拆坎：三张{x}是一坎，不能拆开吃牌。", "A kan is never split: your three {x_en} may not be used for a chi.", "kan"),
        "no_card": ("手中没有足够的{x}。", "You do not hold enough {x_en}.", "chi"),
        "mixed_shun": ("大小字不能组成顺子。", "Big and small cards never make a run together.", "chi"),
        "bad_group": ("这几张牌组不成顺子或编子。", "These cards do not make a run or bian.", "chi"),
        "shao_bi": ("烧比：手中还有{x}，吃牌时必须把它也组成一组亮出来（比牌）。", "Missed bi (shao bi): you still hold a {x_en}; a chi must show it too, in a further group.", "bi"),
    }

    def _chi_foul(self, card: Card, gs: Sequence[Sequence[Card]], faults: Sequence[ChiFault], step: str) -> Foul | None:
        """What is wrong with a 吃 of ``card`` as groups ``gs`` (3-2, 3-3, 3-6; ``faults``: their :func:`chi_faults`)
        at one step of :data:`~engine.paohuzi.table.CHI_CHECKS`: ``groups`` — the card on offer in the first group,
        cards held and none of a 坎, runs and 编 of one case; ``bi`` — no copy of the card left in hand; None when
        the groups are right at that step (the lawful ways are :meth:`chi_ways`)."""
        if step == "bi":
            f = next((f for f in faults if f.code == "shao_bi"), None)
        elif not gs or any(f.code == "without_card" and f.group == 0 for f in faults):
            return Foul("bad_group", f"吃牌要用手中两张牌和{card.zh}组成顺子或编子。", f"A chi makes a run or bian of the {card.en} and two cards of your hand.", "chi")
        else:
            f = next((f for f in faults if f.code in ("kan", "no_card")), None) or next((f for f in faults if f.code in self.CHI_FOULS and f.code != "shao_bi"), None)
        if f is None:
            return None
        x = f.card or card
        zh, en, rule = self.CHI_FOULS[f.code]
        return Foul(f.code, zh.format(x=x.zh), en.format(x_en=x.en), rule)


    # ------------------------------------------------------------ what records ask of a game
    narrates_moves: ClassVar[bool] = True  # a move is told by the hand's own sentences (the discard, the claim…)

    def log_mark(self) -> int:
        return len(self.log)

    def events_since(self, mark: int) -> list[tuple[str, str]]:
        """The hand's log since ``mark``, in its variant's words (下灌字牌's own: engine/paohuzi/xiaguan.py)."""
        return [(e.zh, e.en) for e in self.log[mark:]]

    def settlement_notes(self) -> list[tuple[str, str]]:
        """The lines of the hand's score sheet at its table."""
        return [(line.zh, line.en) for line in hand_sheet(self, self.setup["table"]).lines]

    # ------------------------------------------------------------ a table of several people at one device (issue 42)
    @classmethod
    def table_sizes(cls) -> list[tuple[int, dict[str, Any]]]:
        """跑胡子's three tables, by the seats each has (the four's 醒家 counts)."""
        return [(cls({"table": t}).num_players(), {"table": t}) for t in ("two", "three", "four")]

    def seat_words(self, seat: int) -> tuple[str, str]:
        """The hand's sentences name a seat by its role: 庄家, 下家, 上家, 醒家."""
        return ROLE_NAMES[self.roles[seat] if seat < self.n else "xing"]

    def observation_words(self, player: int) -> tuple[str, str]:
        """The seat's own hand by the cards' full names, counted, then each seat's open groups and the card on offer,
        read from what the seat observes (a face-down 偎 stays unnamed)."""
        ob = self.observation(player)

        def card(code: str | None) -> tuple[str, str]:
            c = parse_card(code) if code else None
            return (c.zh, c.en) if c else ("一张扣着的牌", "a face-down card")

        zh: list[str] = []
        en: list[str] = []
        for seat in ob["seats"]:
            if seat.get("you") and seat.get("hand") is not None:
                cs = [card(x) for x in seat["hand"]]
                zh.append(f"你的手牌（{len(cs)} 张）：{'、'.join(z for z, _ in cs) or '没有了'}。")
                en.append(f"Your hand ({len(cs)} cards): {', '.join(e for _, e in cs) or 'none left'}.")
        for seat in ob["seats"]:
            groups = [(g["zh"] + "".join(card(x)[0] for x in g["cards"] if x), " ".join([g["en"], *(card(x)[1] for x in g["cards"] if x)]))
                      for g in seat["open"]]
            who_zh = f"你（{seat['zh']}）" if seat.get("you") else seat["zh"]
            who_en = f"You ({seat['en']})" if seat.get("you") else seat["en"][:1].upper() + seat["en"][1:]
            if groups:
                zh.append(f"{who_zh}亮出：{'，'.join(z for z, _ in groups)}。")
                en.append(f"{who_en}: shown {'; '.join(e for _, e in groups)}.")
            else:
                zh.append(f"{who_zh}还没有亮牌，手里 {seat['hand_count']} 张。")
                en.append(f"{who_en}: nothing shown, {seat['hand_count']} cards in hand.")
        offer = ob.get("offer")
        if isinstance(offer, dict) and offer.get("card"):
            z, e = card(offer["card"])
            zh.append(f"桌上亮着的牌：{z}。")
            en.append(f"The card on offer: {e}.")
        zh.append(f"底牌还有 {ob['stock']} 张。")
        en.append(f"{ob['stock']} cards are left in the stock.")
        return " ".join(zh), " ".join(en)


def _shown_origin(e: Event) -> str | None:
    """Where a card the whole table saw came from: ``discard``, ``stock`` (turned face up) or ``liang``; None for
    any other entry of the log."""
    if e.card is None or e.seat is None:
        return None
    if e.kind == "discard":
        return "discard"
    if e.kind == "draw" and not e.hidden:
        return "stock"
    return "liang" if e.kind == "liang" else None


def _answered(log: Sequence[Event], k: int, i: int) -> set[int]:
    """The seats that made a 跑, 提 or 偎 of card ``i`` while the card of the log's entry ``k`` was on offer."""
    answered = set()
    for f in log[k + 1:]:
        if f.kind in ("discard", "draw", "liang"):
            break
        if f.kind in ("pao", "ti", "wei") and f.card is not None and f.card.index == i and f.seat is not None:
            answered.add(f.seat)
    return answered


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


def new_hand(seed: int, cfg: RuleConfig, table: str, charge: bool = False) -> PaohuziState:
    """A hand dealt at ``table`` from ``seed``; ``charge``: fouls are charged on the sheet rather than refused."""
    st = PaohuziState._undealt(seed, cfg, table)
    st._deal_at(seed, cfg, table, charge)
    return st


def table_setup(r: PlayRequest) -> dict[str, Any]:
    """A table's ``play`` request (read by :func:`engine.paohuzi.request.read_play_request`) as the setup of a
    written position: its variant, table, seed and rule options."""
    return {"variant": r.variant, "table": r.table, "seed": r.seed, "options": dict(r.options)}


def table_state(r: PlayRequest, strong: Callable[[PaohuziState], Action | None] | None = None,
                limit: int = 2_000, charge: bool = False) -> tuple[PaohuziState, tuple[int, Foul] | None]:
    """A table's ``play`` request replayed: the hand dealt from its setup (``charge``: its fouls played and charged),
    then the computer seats' moves (``strong`` chooses where it can at the strong level, else the basic player) and
    the reader's moves in turn (:func:`engine.paohuzi.request.play_moves`, at most ``limit`` moves), until the hand
    ends or the moves run out; moves after the end are not played. The state reached, whose :meth:`written` is the
    hand as a position, and the first of the reader's moves refused (its index and the rule it breaks), which
    stops the replay, or None.

    The computer seats choose as they always have at the table (:func:`engine.paohuzi.ai.choose` given the
    hand): the basic player's discard weighs which cards the next seat may no longer take, its silent passes
    included, where the protocol's basic player (:func:`engine.protocol.strong.basic_action`) weighs only the
    next seat's discards. Choosing the protocol's way would change the computer's moves in some hands, and
    with them every share link and record of those hands, so the table keeps its players' choices."""
    st = new_hand(r.seed, r.cfg, r.table, charge)
    st.setup = table_setup(r)
    _, stop = play_moves(st, r.computer, r.actions, strong, limit=limit)
    return st, stop


__all__ = ["CHOICES", "Opening", "PaohuziState", "discardable",
           "new_hand", "table_setup", "table_state"]
