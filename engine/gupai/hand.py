"""Dealing and one hand in play, as an immutable, seeded, replayable state.

Seats 0–3 play in order; ``dealer`` (庄家) leads the first trick. The deal:
the 32 tiles are shuffled face down and stacked two high into 16 stacks; from
the dealer round the table each player takes one stack (two tiles) at a
time, four times, so each holds eight.

A move is a :class:`Move`: the tiles laid and whether they are face up (打, a
play that competes) or face down (垫, a discard that never wins). The winner
of each trick takes its 墩 and leads the next one; the winner of the last
trick closes (结牌).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from itertools import combinations

from .config import DEFAULT, GupaiConfig
from .plays import Play, beats, classify, plays_in, why_not_beats
from .scoring import Facts, Settlement, can_seal, dun_of_trick, settle
from .tiles import BY_CODE, DECK, DIAN, HAND_SIZE, PLAYERS, SHANG, YAO, level, sort_tiles

STACKS = 16
MAX_MOVES = PLAYERS * HAND_SIZE  # every move lays at least one tile


@dataclass(frozen=True)
class Deal:
    seed: int
    dealer: int
    stacks: tuple[tuple[str, str], ...]
    hands: tuple[tuple[str, ...], ...]  # sorted, per seat


def deal(seed: int, dealer: int = 0) -> Deal:
    rng = random.Random(seed)
    tiles = list(DECK)
    rng.shuffle(tiles)
    stacks = tuple((tiles[2 * i], tiles[2 * i + 1]) for i in range(STACKS))
    hands: list[list[str]] = [[] for _ in range(PLAYERS)]
    for k, st in enumerate(stacks):  # one stack each, from the dealer round the table
        hands[(dealer + k) % PLAYERS].extend(st)
    return Deal(seed, dealer, stacks, tuple(sort_tiles(h) for h in hands))


@dataclass(frozen=True)
class Move:
    tiles: tuple[str, ...]
    up: bool = True  # False: 垫 face down


@dataclass(frozen=True)
class Trick:
    leader: int
    moves: tuple[tuple[int, Move], ...]  # (seat, move) in playing order
    winner: int
    dun: int


def jiao_singles(hand: tuple[str, ...], config: GupaiConfig = DEFAULT) -> tuple[str, ...]:
    """The single tiles a leader may lead under 叫牌 (with three or two tiles left).

    Order (line 33): with three tiles, a. 有重叫重 (two of one class: one of those two,
    either one — "必须出其一张") then b. 有幺叫幺，无幺叫点 (option ``jiao_order`` swaps a
    and b); with two tiles, c. 叫小 (the one lower in its own class, counted as
    ``jiao_count`` says; two of one class: the lower of the two), and where both stand
    level, b.
    """
    n = len(hand)
    if n not in (2, 3):
        return tuple(sorted(set(hand)))
    cls = [BY_CODE[t].cls for t in hand]
    if n == 3:
        def zhong() -> tuple[str, ...]:
            for c in set(cls):
                if cls.count(c) >= 2:  # 有重叫重
                    return tuple(sorted({t for t in hand if BY_CODE[t].cls == c}))
            return ()

        def yao() -> tuple[str, ...]:
            return tuple(sorted({t for t in hand if BY_CODE[t].cls == YAO})) or tuple(sorted({t for t in hand if BY_CODE[t].cls == DIAN}))

        first, second = (zhong, yao) if config.jiao_order == "zhong_first" else (yao, zhong)
        return first() or second() or tuple(sorted(set(hand)))
    a, b = hand
    fa, fb = BY_CODE[a], BY_CODE[b]
    if fa.cls == fb.cls:  # same class: the lower one
        if fa.rank == fb.rank:
            return tuple(sorted({a, b}))
        return (a,) if fa.rank < fb.rank else (b,)
    from_top = config.jiao_count == "from_top"
    la, lb = level(a, from_top), level(b, from_top)
    if la != lb:  # 叫小: the one lower in its own class
        lower_a = la < lb if not from_top else la > lb
        return (a,) if lower_a else (b,)
    for c in (YAO, DIAN):  # 有幺叫幺，无幺叫点
        pick = tuple(t for t in hand if BY_CODE[t].cls == c)
        if pick:
            return pick
    return tuple(sorted({a, b}))


def jiao_reason(hand: tuple[str, ...], config: GupaiConfig = DEFAULT) -> tuple[str, str]:
    """Which lead rule decides a single lead from this hand, in words (zh, en)."""
    allowed = jiao_singles(hand, config)
    zh = "或".join(BY_CODE[t].zh for t in allowed)
    en = " or ".join(BY_CODE[t].en for t in allowed)
    n = len(hand)
    cls = [BY_CODE[t].cls for t in hand]
    if n == 3:
        has_zhong = any(cls.count(c) >= 2 for c in set(cls))
        has_yao = YAO in cls
        if has_zhong and (config.jiao_order == "zhong_first" or not has_yao):
            rule = ("有重叫重：三张里有两张同门，须出其中一张", "有重叫重: two of your three tiles are of one class, so one of them must be led")
        else:
            rule = ("有幺叫幺，无幺叫点", "有幺叫幺，无幺叫点: lead an ace-class tile if you have one, else a points tile")
    else:
        rule = ("叫小：两张各在本门倒着数，出小的那张", "叫小: of two tiles, lead the one lower in its own class")
    return (f"叫牌规则（剩 {n} 张）：{rule[0]}，所以单张只能出{zh}。",
            f"Lead rules ({n} tiles left): {rule[1]}; so the single you lead must be {en}.")


def _remove(hand: tuple[str, ...], tiles: tuple[str, ...]) -> tuple[str, ...] | None:
    left = list(hand)
    for t in tiles:
        if t not in left:
            return None
        left.remove(t)
    return tuple(left)


@dataclass(frozen=True)
class State:
    deal: Deal
    config: GupaiConfig
    hands: tuple[tuple[str, ...], ...]
    leader: int
    current: tuple[tuple[int, Move], ...]  # the trick being played
    tricks: tuple[Trick, ...]
    held: tuple[int, ...]
    sealed: tuple[int, ...] = ()  # seats that sealed (封墩) before play: they lay no tile

    @staticmethod
    def start(seed: int, dealer: int = 0, config: GupaiConfig = DEFAULT, sealed: tuple[int, ...] = ()) -> State:
        """A new hand. ``sealed``: seats whose players seal (封墩) before the first lead; each
        must hold no tile better than third of its class, and at least one seat must play."""
        d = deal(seed, dealer)
        sealed = tuple(sorted(set(sealed)))
        for s in sealed:
            if not 0 <= s < PLAYERS or not can_seal(d.hands[s]):
                raise ValueError(f"seat {s} may not seal")
        if len(sealed) >= PLAYERS:
            raise ValueError("someone must play")
        hands = tuple(() if s in sealed else h for s, h in enumerate(d.hands))
        leader = dealer
        while leader in sealed:  # a sealed dealer does not lead: the next seat does
            leader = (leader + 1) % PLAYERS
        return State(d, config, hands, leader, (), (), (0,) * PLAYERS, sealed)

    # ------------------------------------------------------------ queries

    @property
    def terminal(self) -> bool:
        return all(not h for h in self.hands)

    def order(self) -> tuple[int, ...]:
        """Seats in playing order for the trick in hand: from the leader, A→B→C→D→A, sealed seats left out."""
        return tuple(s for s in ((self.leader + i) % PLAYERS for i in range(PLAYERS)) if s not in self.sealed)

    @property
    def to_move(self) -> int:
        return self.order()[len(self.current)]

    def best(self) -> tuple[int, Play] | None:
        """Seat and play currently holding the trick."""
        if not self.current:
            return None
        seat0, m0 = self.current[0]
        top = (seat0, classify(m0.tiles))
        for seat, m in self.current[1:]:
            p = classify(m.tiles) if m.up else None
            if p is not None and top[1] is not None and beats(p, top[1]):
                top = (seat, p)
        assert top[1] is not None
        return top[0], top[1]

    def legal(self) -> list[Move]:
        if self.terminal:
            return []
        hand = self.hands[self.to_move]
        if not self.current:
            singles = set(jiao_singles(hand, self.config))
            return [Move(p.tiles) for p in plays_in(hand) if p.size > 1 or p.tiles[0] in singles]
        size = len(self.current[0][1].tiles)
        b = self.best()
        assert b is not None
        ups = [Move(p.tiles) for p in plays_in(hand, size) if beats(p, b[1])]
        downs = [Move(c, False) for c in sorted(set(combinations(hand, size)))]
        return ups + downs

    def why_illegal(self, move: Move) -> tuple[str, str] | None:
        """None when legal; else a reason in words (zh, en) naming the tiles."""
        if self.terminal:
            return "这一盘已经打完。", "The hand is over."
        hand = self.hands[self.to_move]
        if not move.tiles:
            return "还没有选牌：先点选手中的牌。", "No tile is chosen yet: pick tiles in your hand first."
        if _remove(hand, move.tiles) is None:
            return "手中没有这些牌。", "Those tiles are not in this hand."
        if move in self.legal() or Move(sort_tiles(move.tiles), move.up) in self.legal():
            return None
        names_zh = "、".join(BY_CODE[t].zh for t in move.tiles)
        names_en = " and ".join(BY_CODE[t].en for t in move.tiles)
        p = classify(move.tiles)
        if not self.current:
            if not move.up:
                return "领出的牌要明出（面朝上）；只有跟牌时才能扣下垫掉。", "A lead is laid face up; only a follower may discard face down."
            if len(move.tiles) > 3:
                return "领出最多三张（四喜也不许四张齐出）。", "A lead is at most three tiles (even 四喜 may not be led as four)."
            if p is None:
                return (f"{names_zh}不成一手牌：两张只有同级的一对、三点配六点（至尊）或套子才能出，三张只能是套子。",
                        f"{names_en} are not a play: two tiles make a play only as a pair of one level, the supreme pair "
                        "(the three and the six) or a set (套子); three tiles only as a set.")
            return jiao_reason(hand, self.config)
        lead_n = len(self.current[0][1].tiles)
        if len(move.tiles) != lead_n:
            return (f"领出的是 {lead_n} 张，跟牌也要 {lead_n} 张（你选了 {len(move.tiles)} 张）。",
                    f"The lead was {lead_n} tile{'s' if lead_n > 1 else ''}: follow with {lead_n} (you chose {len(move.tiles)}).")
        if p is None:
            return (f"{names_zh}不成一手牌，只能扣下垫掉。", f"{names_en} are not a play, so they can only be discarded face down.")
        b = self.best()
        assert b is not None
        why = why_not_beats(p, b[1])
        if why is not None:
            if "垫" in why[0]:
                return why
            return (why[0] + "只能扣下垫掉。", why[1] + " You can only discard face down.")
        return "这一步不合规则。", "That move is not allowed."

    # ------------------------------------------------------------ moves

    def apply(self, move: Move) -> State:
        why = self.why_illegal(move)
        if why is not None:
            raise ValueError(why[1])
        seat = self.to_move
        tiles = sort_tiles(move.tiles)
        hands = list(self.hands)
        left = _remove(hands[seat], tiles)
        assert left is not None
        hands[seat] = left
        current = self.current + ((seat, Move(tiles, move.up)),)
        st = replace(self, hands=tuple(hands), current=current)
        if len(current) < len(self.order()):
            return st
        win = st.best()
        assert win is not None
        dun = dun_of_trick(len(tiles), self.config)
        held = list(self.held)
        held[win[0]] += dun
        trick = Trick(self.leader, current, win[0], dun)
        return replace(st, leader=win[0], current=(), tricks=self.tricks + (trick,), held=tuple(held))

    # ------------------------------------------------------------ end

    def closer(self) -> int | None:
        return self.tricks[-1].winner if self.terminal and self.tricks else None

    def contested(self, seat: int) -> bool:
        """Whether anyone but ``seat`` ever laid tiles face up."""
        return any(m.up for t in self.tricks for s, m in t.moves if s != seat)

    def could_be_beaten(self, seat: int) -> bool:
        """Whether, in some trick, a player after ``seat``'s play held a face-up play beating it
        (with the tiles in hand at that moment). 硬八马's "另三家合起来都打不起" is its negation."""
        hands = [list(h) for h in self.deal.hands]
        for t in self.tricks:
            mine: Play | None = None
            for s, m in t.moves:
                if mine is not None and s != seat and any(beats(p, mine) for p in plays_in(tuple(hands[s]), len(m.tiles))):
                    return True
                if s == seat and m.up:
                    mine = classify(m.tiles)
                for x in m.tiles:
                    hands[s].remove(x)
        return False

    def facts(self) -> Facts:
        c = self.closer()
        assert c is not None
        run_each = 0
        run_tiles: list[str] = []
        for t in reversed(self.tricks):
            if t.winner != c:
                break
            run_each += t.dun
            run_tiles.extend(x for s, m in t.moves if s == c for x in m.tiles)
        zhizun = tuple(sorted({s for t in self.tricks for s, m in t.moves if m.up and sorted(m.tiles) == sorted(SHANG)}))
        hard = self.held[c] == HAND_SIZE and not self.could_be_beaten(c)
        return Facts(self.deal.hands[c], hard, run_each, tuple(run_tiles), zhizun, self.deal.dealer)

    def settlement(self) -> Settlement | None:
        c = self.closer()
        if c is None:
            return None
        return settle(self.held, c, self.config, sealed=self.sealed, facts=self.facts())

    def returns(self) -> tuple[int, ...] | None:
        s = self.settlement()
        return s.nets if s else None


# ---------------------------------------------------------------- computer players


def _strength(p: Play) -> float:
    from .tiles import TOP_RANK

    if p.family == "zhizun":
        return 10.0
    if p.family.startswith("tao"):
        return 1.0 + p.rank / 4
    cls = p.family.split(":")[1]
    return p.rank / TOP_RANK[cls]


def computer_move(state: State) -> Move:
    """A plain, deterministic player: lead the strongest play (most tiles first among
    the strongest), beat with the cheapest play that wins, else discard the lowest tiles."""
    moves = state.legal()
    if not moves:
        raise ValueError("no move: the hand is over")
    if not state.current:
        plays = [classify(m.tiles) for m in moves]
        best = max(range(len(moves)), key=lambda i: (_strength(plays[i]), plays[i].size, moves[i].tiles))  # type: ignore[arg-type, union-attr]  # a lawful move's tiles always classify as a play
        return moves[best]
    ups = [m for m in moves if m.up]
    if ups:
        return min(ups, key=lambda m: (_strength(classify(m.tiles)), m.tiles))  # type: ignore[arg-type]  # a lawful move laid face up always classifies as a play
    return min(moves, key=lambda m: (sum(BY_CODE[t].rank for t in m.tiles), m.tiles))


def play_out(state: State, moves: list[Move] | tuple[Move, ...] = (), human: int | None = None) -> State:
    """Apply ``moves`` in order, then let the computer play every seat (but ``human``, when
    given, where it stops for input). Bounded: at most 32 moves."""
    for m in moves[:MAX_MOVES]:
        state = state.apply(m)
    for _ in range(MAX_MOVES):
        if state.terminal or state.to_move == human:
            break
        state = state.apply(computer_move(state))
    return state
