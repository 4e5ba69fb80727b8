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
from .plays import Play, beats, classify, plays_in
from .scoring import Settlement, dun_of_trick, settle
from .tiles import BY_CODE, DECK, DIAN, HAND_SIZE, PLAYERS, YAO, level, sort_tiles

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
    """The single tiles a leader may lead under 叫牌 (with three or two tiles left)."""
    n = len(hand)
    if n not in (2, 3):
        return tuple(sorted(set(hand)))
    cls = [BY_CODE[t].cls for t in hand]
    if n == 3:
        for c in set(cls):
            if cls.count(c) >= 2:  # 有重叫重
                return tuple(sorted({t for t in hand if BY_CODE[t].cls == c}))
        return tuple(t for t in hand if BY_CODE[t].cls == YAO) or tuple(t for t in hand if BY_CODE[t].cls == DIAN) or hand
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

    @staticmethod
    def start(seed: int, dealer: int = 0, config: GupaiConfig = DEFAULT) -> "State":
        d = deal(seed, dealer)
        return State(d, config, d.hands, dealer, (), (), (0,) * PLAYERS)

    # ------------------------------------------------------------ queries

    @property
    def terminal(self) -> bool:
        return all(not h for h in self.hands)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.current)) % PLAYERS

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
        """None when legal; else a reason (zh, en)."""
        if self.terminal:
            return "这一盘已经打完。", "The hand is over."
        hand = self.hands[self.to_move]
        if _remove(hand, move.tiles) is None:
            return "手中没有这些牌。", "Those tiles are not in this hand."
        if move in self.legal() or Move(sort_tiles(move.tiles), move.up) in self.legal():
            return None
        if not self.current:
            p = classify(move.tiles)
            if p is None or not move.up:
                return "领出的只能是单张、一对、至尊或套子（四喜不许四张齐出），且须明出。", "A lead is a single, a pair, the supreme pair or a set (never all four of 四喜), face up."
            return "叫牌规则：剩两三张时单张须按“有重叫重、有幺叫幺、叫小”出。", "Lead rules: with two or three tiles left a single must follow 有重叫重, 有幺叫幺 and 叫小."
        size = len(self.current[0][1].tiles)
        if len(move.tiles) != size:
            return f"须跟出同样张数（{size} 张）。", f"Follow with the same number of tiles ({size})."
        return "明打的牌必须同门同类且大过桌上最大的牌；否则只能垫（面朝下）。", "A face-up play must be of the same kind and class and beat the best on the table; otherwise discard face down."

    # ------------------------------------------------------------ moves

    def apply(self, move: Move) -> "State":
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
        if len(current) < PLAYERS:
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

    def settlement(self) -> Settlement | None:
        c = self.closer()
        if c is None:
            return None
        return settle(self.held, c, self.config, self.deal.hands[c], self.contested(c))

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
        best = max(range(len(moves)), key=lambda i: (_strength(plays[i]), plays[i].size, moves[i].tiles))  # type: ignore[arg-type]
        return moves[best]
    ups = [m for m in moves if m.up]
    if ups:
        return min(ups, key=lambda m: (_strength(classify(m.tiles)), m.tiles))  # type: ignore[arg-type]
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
