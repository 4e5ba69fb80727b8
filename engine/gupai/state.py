"""鄂南骨牌: one hand in play, as the game protocol's state (:class:`GupaiState`).

The state is opened from a written position: ``GupaiState({"seed": 3, "dealer": 2, "sealed": [1],
"options": {"xiqian": "none"}})``, the hand dealt from its seed, or ``GupaiState({"deal": "table", "dealer": 0,
"hands": "66.12.…;…"})``, the tiles a real table dealt (seat A first; a record's ``[Deal "table"]``,
:mod:`engine.record.dealt`). The state records the deal it was given (``deal``), so a seeded hand and a hand
dealt at a table are the same thing once dealt.

A move is ``up:<tiles>`` (laid face up, a play that competes) or ``down:<tiles>`` (垫,
discarded face down), the tiles' codes joined by dots: ``up:66.66``. Sealing (封墩)
is part of the setup (``sealed``: the seats that seal before the first lead).
A tile discarded face down is seen by its owner alone, to the end of the hand.

Seats 0–3 play in order; ``dealer`` (庄家) leads the first trick. The winner of each trick
takes its 墩 and leads the next one; the winner of the last trick closes (结牌).
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations
from typing import Any, ClassVar, Self
from collections.abc import Sequence

from ..registry import seat_names
from ..protocol import SEED_MAX, GameState, IllegalAction, fast_copy, one_option_at_a_time, read_int, read_options
from ..protocol.table_deal import check_whole_set, deal_text, seat_hands
from .config import CHOICES, GupaiConfig, config_from
from .hand import MAX_MOVES, Deal, Move, Trick, deal, jiao_reason, jiao_singles, table_deal, without
from .plays import Play, beats, classify, plays_in, why_not_beats, winner_of
from .scoring import Facts, Settlement, can_seal, dun_of_trick, settle
from .tiles import BY_CODE, DECK, HAND_SIZE, PLAYERS, SHANG, TOP_RANK, sort_tiles

SEATS = seat_names(PLAYERS)  # 甲 / A …, as the registry names seats


def move_id(m: Move) -> str:
    """A move as the protocol writes it: ``up:66.66``, ``down:12.34``."""
    return ("up:" if m.up else "down:") + ".".join(m.tiles)


def move_of(action: str) -> Move:
    """The :class:`Move` a protocol move names (the reverse of :func:`move_id`)."""
    side, _, tiles = action.partition(":")
    return Move(tuple(tiles.split(".")), side == "up")


class GupaiState(GameState):
    """A hand of 鄂南骨牌 in play. Each move rebinds the fields below (never changes them in place),
    so a copy shares them."""

    game = "gupai"
    review_words: ClassVar[str | None] = "engine.gupai.review"  # the review's words in this game's terms
    max_actions: ClassVar[int] = MAX_MOVES
    #: a hand dealt at a real table names its deal and the tiles dealt (a record's Deal and Hands tags)
    optional_setup: ClassVar[dict[str, Any]] = {"deal": "table", "hands": ""}

    #: the tiles dealt (from the seed, or as a real table dealt them) and the dealer
    deal: Deal
    config: GupaiConfig
    #: each seat's tiles still in hand (sorted); a sealed seat holds none
    hands: tuple[tuple[str, ...], ...]
    #: the seat that led (or leads) the trick in hand
    leader: int
    #: the trick being played: (seat, move) in playing order
    current: tuple[tuple[int, Move], ...]
    tricks: tuple[Trick, ...]
    #: each seat's 墩 so far
    held: tuple[int, ...]
    #: seats that sealed (封墩) before play: they lay no tile
    sealed: tuple[int, ...]

    @classmethod
    def read_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        dealer = read_int(position, "dealer", 0, 0, PLAYERS - 1, "庄家的座位", "the dealer's seat")
        sealed = position.get("sealed") or []
        if not isinstance(sealed, list) or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < PLAYERS for s in sealed):
            raise IllegalAction("封墩的座位应是 0 到 3 的一列数。", "The sealing seats should be a list of seats 0 to 3.")
        sealed = sorted(set(sealed))
        if position.get("deal") is not None:  # the tiles a real table dealt, as the record gives them (its Deal and Hands tags)
            if position["deal"] != "table" or position.get("seed") is not None:
                raise IllegalAction("桌上发的牌只写“table”，不写种子。", "Tiles dealt at a table are given as the deal 'table', with no seed.")
            return {"deal": "table", "dealer": dealer, "options": read_options(position, CHOICES), "sealed": sealed,
                    "hands": deal_text(position, "hands", True)}
        if position.get("hands") is not None:
            raise IllegalAction("按种子发牌的一局不写桌上发的牌；桌上发的牌要同时写明是桌上发的（Deal 写 table）。",
                                "A hand dealt from a seed gives no tiles dealt at a table; tiles dealt at a table go with a deal at the table (Deal, table).")
        seed = read_int(position, "seed", 0, 0, SEED_MAX, "种子", "the seed")
        _check_sealing(deal(seed, dealer).hands, sealed)  # here, so a seat that may not seal is refused before a bad option
        return {"seed": seed, "dealer": dealer, "options": read_options(position, CHOICES), "sealed": sealed}

    @classmethod
    def setups(cls) -> list[dict[str, Any]]:
        sealing = next(({"seed": s, "sealed": [k]} for s in range(1_000) for k, h in enumerate(deal(s, 0).hands) if can_seal(h)), {})
        return [{"options": o} for o in one_option_at_a_time(CHOICES)] + [{"dealer": 2}, sealing]

    def _dealt(self) -> Deal:
        """The deal the setup names: from its seed (its sealing checked as the setup was read), or the tiles a real
        table dealt, checked: eight for each seat, together the whole set, and only seats that may seal sealed."""
        if self.setup.get("deal") != "table":
            return deal(self.setup["seed"], self.setup["dealer"])

        def tile(x: str) -> str:
            if x not in BY_CODE:
                raise IllegalAction(f"“{x[:8]}”不是骨牌：用两个点数写一张牌，例如 66、12。", f"'{x[:8]}' is not a tile: write a tile by its two numbers, such as 66 or 12.")
            return x

        hands = seat_hands(self.setup["hands"], PLAYERS, HAND_SIZE, tile, "张", "tiles")
        check_whole_set([x for h in hands for x in h], DECK, "骨牌", "the thirty-two tiles", lambda c: (c, c))
        d = table_deal(self.setup["dealer"], hands)
        _check_sealing(d.hands, self.setup["sealed"])
        return d

    def _start(self) -> None:
        d = self._dealt()
        sealed = tuple(self.setup["sealed"])
        self.deal, self.config, self.sealed = d, config_from(self.setup["options"]), sealed
        self.hands = tuple(() if s in sealed else h for s, h in enumerate(d.hands))
        leader = d.dealer
        while leader in sealed:  # a sealed dealer does not lead: the next seat does
            leader = (leader + 1) % PLAYERS
        self.leader, self.current, self.tricks, self.held = leader, (), (), (0,) * PLAYERS

    # ------------------------------------------------------------ the hand

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
        plays = [classify(m.tiles) if m.up or i == 0 else None for i, (_, m) in enumerate(self.current)]
        w = winner_of(plays)
        p = plays[w]
        assert p is not None  # a lead laid is a play (the lead's lawful moves are plays)
        return self.current[w][0], p

    def legal_moves(self) -> list[Move]:
        """The lawful moves of the seat to play (the protocol's ``legal_actions``, as :class:`Move` s)."""
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
        if without(hand, move.tiles) is None:
            return "手中没有这些牌。", "Those tiles are not in this hand."
        legal = self.legal_moves()
        if move in legal or Move(sort_tiles(move.tiles), move.up) in legal:
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

    def _lay(self, move: Move) -> None:
        """The seat to play lays ``move`` (known to be lawful); a full trick goes to its winner, who leads next."""
        seat = self.to_move
        tiles = sort_tiles(move.tiles)
        hands = list(self.hands)
        left = without(hands[seat], tiles)
        assert left is not None
        hands[seat] = left
        self.hands = tuple(hands)
        self.current = current = self.current + ((seat, Move(tiles, move.up)),)
        if len(current) < len(self.order()):
            return
        win = self.best()
        assert win is not None
        dun = dun_of_trick(len(tiles), self.config)
        held = list(self.held)
        held[win[0]] += dun
        self.tricks += (Trick(self.leader, current, win[0], dun),)
        self.leader, self.current, self.held = win[0], (), tuple(held)

    def play_out(self) -> GupaiState:
        """The basic computer player (:func:`computer_move`) plays every seat to the end of the hand (at most 32
        moves); the state itself, for chaining. Its moves are lawful as chosen, so none is asked about again: through
        the protocol's ``apply`` the strong level's rollouts make about 40% more calls, and a review of a hand (the
        review's example) goes over the calls a request may make."""
        for _ in range(MAX_MOVES):
            if self.terminal:
                break
            m = computer_move(self)
            self._lay(m)
            self.actions.append(move_id(m))
        return self

    def clone(self) -> Self:
        """A copy: the hand's fields are immutable values a move rebinds, so the copy shares them; the
        moves so far and the setup are copied."""
        other = object.__new__(type(self))
        other.__dict__ = {**self.__dict__, "actions": list(self.actions), "setup": fast_copy(self.setup)}
        return other

    # ------------------------------------------------------------ the end

    def closer(self) -> int | None:
        return self.tricks[-1].winner if self.terminal and self.tricks else None

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

    # ------------------------------------------------------------ the protocol

    def num_players(self) -> int:
        return PLAYERS

    def current_player(self) -> int | None:
        return None if self.terminal else self.to_move

    def _legal(self) -> list[str]:
        return [move_id(m) for m in self.legal_moves()]

    def _apply(self, action: str) -> None:
        self._lay(move_of(action))

    def is_terminal(self) -> bool:
        return self.terminal

    def _returns(self) -> Sequence[int]:
        s = self.settlement()
        assert s is not None
        return s.nets

    def action_words(self, action: str) -> tuple[str, str]:
        m = move_of(action)
        zh = "、".join(BY_CODE[t].zh for t in m.tiles)
        en = " and ".join(BY_CODE[t].en for t in m.tiles)
        return (f"出{zh}", f"Play {en}") if m.up else (f"扣下{zh}（垫）", f"Discard {en} face down")

    def why_not(self, action: str) -> tuple[str, str] | None:
        side, sep, tiles = action[:60].partition(":")
        if not sep or side not in ("up", "down") or not tiles:
            return None
        return self.why_illegal(Move(tuple(tiles.split(".")), side == "up"))

    # ------------------------------------------------------------ what the strong level and the review ask of a game
    def basic_action(self) -> str:
        """The basic computer player's move (the tables' computer seats)."""
        return move_id(computer_move(self))

    def strong_rollout_units(self, full: int) -> int:
        """A rollout's work shrinks with the tiles left in hand (32 at the deal)."""
        return max(100, full * sum(len(h) for h in self.hands) // 32)

    def strong_unit(self) -> tuple[str, str]:
        return "墩", "tricks (墩)"

    def observation(self, player: int) -> dict[str, Any]:
        def moves(ms: tuple[tuple[int, Move], ...]) -> list[dict[str, Any]]:
            return [{"seat": s, "up": m.up, "tiles": list(m.tiles) if (m.up or s == player) else [None] * len(m.tiles)} for s, m in ms]

        out: dict[str, Any] = {
            "seat": player, "seat_name": {"zh": SEATS[player][0], "en": SEATS[player][1]},
            "dealer": self.deal.dealer, "sealed": list(self.sealed), "hand": list(self.hands[player]),
            "hand_counts": [len(h) for h in self.hands], "leader": self.leader, "to_move": self.current_player(),
            "trick": moves(self.current),
            "tricks": [{"leader": t.leader, "winner": t.winner, "dun": t.dun, "moves": moves(t.moves)} for t in self.tricks],
            "held": list(self.held), "over": self.terminal,
        }
        if self.terminal:
            out["returns"] = [int(x) for x in self._returns()]
        return out

    def _resample(self, player: int, rng: random.Random) -> GupaiState:
        """Every tile ``player`` has not seen — the others' hands and their face-down discards — dealt again."""
        if self.terminal:  # the settlement is read from every hand: nothing is hidden any more
            return self.clone()
        pool = [t for s in range(PLAYERS) if s != player for t in self.hands[s]]
        hidden = [(s, m) for t in self.tricks for s, m in t.moves if not m.up and s != player]
        hidden += [(s, m) for s, m in self.current if not m.up and s != player]
        pool += [t for _, m in hidden for t in m.tiles]
        rng.shuffle(pool)

        def take(k: int) -> tuple[str, ...]:
            out = tuple(pool[:k])
            del pool[:k]
            return sort_tiles(out)

        hands = tuple(h if s == player else take(len(h)) for s, h in enumerate(self.hands))

        def moves(ms: tuple[tuple[int, Move], ...]) -> tuple[tuple[int, Move], ...]:
            return tuple((s, m if (m.up or s == player) else Move(take(len(m.tiles)), False)) for s, m in ms)

        tricks = tuple(Trick(t.leader, moves(t.moves), t.winner, t.dun) for t in self.tricks)
        current = moves(self.current)
        dealt = [list(hands[s]) for s in range(PLAYERS)]
        for s, m in [x for t in tricks for x in t.moves] + list(current):
            dealt[s] += m.tiles
        other = self.clone()
        other.deal = replace(self.deal, hands=tuple(self.deal.hands[s] if s == player else sort_tiles(dealt[s]) for s in range(PLAYERS)))
        other.hands, other.tricks, other.current = hands, tricks, current
        return other


    # ------------------------------------------------------------ what records ask of a game
    def log_mark(self) -> int:
        return len(self.tricks)

    def events_since(self, mark: int) -> list[tuple[str, str]]:
        """The tricks completed since ``mark``: who won each."""
        return [(f"{SEATS[t.winner][0]}家赢得这一墩（{t.dun} 墩）。", f"{SEATS[t.winner][1]} wins the trick ({t.dun} dun).") for t in self.tricks[mark:]]

    # ------------------------------------------------------------ a table of several people at one device (issue 42)
    def move_heard(self, action: str) -> tuple[str, str] | None:
        """A tile laid face down is heard as tiles laid down, never named."""
        p = self.current_player()
        m = move_of(action)
        if p is None or m.up:
            return super().move_heard(action)
        n = len(m.tiles)
        return f"{SEATS[p][0]}家扣下 {n} 张牌（垫）。", f"{SEATS[p][1]} lays {n} tile{'s' if n > 1 else ''} face down."

    def observation_words(self, player: int) -> tuple[str, str]:
        """The seat's own tiles by their full names, the trick on the table and the tricks each seat holds."""
        hand = self.hands[player]
        zh = [f"你的手牌（{len(hand)} 张）：{'、'.join(BY_CODE[t].zh for t in hand) or '没有了'}。"]
        en = [f"Your tiles ({len(hand)}): {', '.join(BY_CODE[t].en for t in hand) or 'none left'}."]
        for s, m in self.current:
            if m.up or s == player:
                zh.append(f"{SEATS[s][0]}家{'出' if m.up else '扣下'}{'、'.join(BY_CODE[t].zh for t in m.tiles)}。")
                en.append(f"{SEATS[s][1]} {'played' if m.up else 'laid face down'} {' and '.join(BY_CODE[t].en for t in m.tiles)}.")
            else:
                zh.append(f"{SEATS[s][0]}家扣下 {len(m.tiles)} 张牌。")
                en.append(f"{SEATS[s][1]} laid {len(m.tiles)} tile{'s' if len(m.tiles) > 1 else ''} face down.")
        zh.append("各家赢得的墩：" + "，".join(f"{SEATS[s][0]}家 {d}" for s, d in enumerate(self.held)) + "。")
        en.append("Tricks won: " + ", ".join(f"{SEATS[s][1]} {d}" for s, d in enumerate(self.held)) + ".")
        return " ".join(zh), " ".join(en)


def _check_sealing(hands: Sequence[tuple[str, ...]], sealed: Sequence[int]) -> None:
    """Only a seat holding no tile among the two best of its class may seal, and someone must play."""
    if len(sealed) >= PLAYERS or any(not can_seal(hands[s]) for s in sealed):
        raise IllegalAction("只有手里没有本门前两大的牌的人才能封墩，而且至少要有一家打牌。",
                            "Only a player holding no tile among the two best of its class may seal, and someone must play.")


# ---------------------------------------------------------------- the basic computer player


def _strength(p: Play) -> float:
    if p.family == "zhizun":
        return 10.0
    if p.family.startswith("tao"):
        return 1.0 + p.rank / 4
    cls = p.family.split(":")[1]
    return p.rank / TOP_RANK[cls]


def computer_move(state: GupaiState) -> Move:
    """A plain, deterministic player: lead the strongest play (most tiles first among
    the strongest), beat with the cheapest play that wins, else discard the lowest tiles."""
    moves = state.legal_moves()
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


__all__ = ["SEATS", "GupaiState", "computer_move", "move_id", "move_of"]
