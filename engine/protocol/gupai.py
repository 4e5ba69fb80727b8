"""鄂南骨牌 through the protocol: :class:`engine.gupai.hand.State` (immutable; the adapter holds the latest).

A move is ``up:<tiles>`` (laid face up, a play that competes) or ``down:<tiles>`` (垫,
discarded face down), the tiles' codes joined by dots: ``up:66.66``. Sealing (封墩)
is part of the setup (``sealed``: the seats that seal before the first lead).
A tile discarded face down is seen by its owner alone, to the end of the hand.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, ClassVar
from collections.abc import Sequence

from ..gupai.config import CHOICES, config_from
from ..gupai.hand import MAX_MOVES, Move, State, Trick, deal
from ..gupai.scoring import can_seal
from ..gupai.tiles import BY_CODE, PLAYERS, sort_tiles
from . import SEED_MAX, GameState, IllegalAction, one_option_at_a_time, read_int, read_options

SEATS = (("甲", "A"), ("乙", "B"), ("丙", "C"), ("丁", "D"))


def move_id(m: Move) -> str:
    return ("up:" if m.up else "down:") + ".".join(m.tiles)


def _move_of(action: str) -> Move:
    side, _, tiles = action.partition(":")
    return Move(tuple(tiles.split(".")), side == "up")


class GupaiState(GameState):
    game = "gupai"
    max_actions: ClassVar[int] = MAX_MOVES

    @classmethod
    def read_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        seed = read_int(position, "seed", 0, 0, SEED_MAX, "种子", "the seed")
        dealer = read_int(position, "dealer", 0, 0, PLAYERS - 1, "庄家的座位", "the dealer's seat")
        sealed = position.get("sealed") or []
        if not isinstance(sealed, list) or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < PLAYERS for s in sealed):
            raise IllegalAction("封墩的座位应是 0 到 3 的一列数。", "The sealing seats should be a list of seats 0 to 3.")
        sealed = sorted(set(sealed))
        hands = deal(seed, dealer).hands
        if len(sealed) >= PLAYERS or any(not can_seal(hands[s]) for s in sealed):
            raise IllegalAction("只有手里没有本门前两大的牌的人才能封墩，而且至少要有一家打牌。",
                                "Only a player holding no tile among the two best of its class may seal, and someone must play.")
        return {"seed": seed, "dealer": dealer, "options": read_options(position, CHOICES), "sealed": sealed}

    @classmethod
    def setups(cls) -> list[dict[str, Any]]:
        sealing = next(({"seed": s, "sealed": [k]} for s in range(1_000) for k, h in enumerate(deal(s, 0).hands) if can_seal(h)), {})
        return [{"options": o} for o in one_option_at_a_time(CHOICES)] + [{"dealer": 2}, sealing]

    def _start(self) -> None:
        s = self.setup
        self.st = State.start(s["seed"], s["dealer"], config_from(s["options"]), tuple(s["sealed"]))

    def num_players(self) -> int:
        return PLAYERS

    def current_player(self) -> int | None:
        return None if self.st.terminal else self.st.to_move

    def _legal(self) -> list[str]:
        return [move_id(m) for m in self.st.legal()]

    def _apply(self, action: str) -> None:
        self.st = self.st.apply(_move_of(action))

    def is_terminal(self) -> bool:
        return self.st.terminal

    def _returns(self) -> Sequence[int]:
        r = self.st.returns()
        assert r is not None
        return r

    def action_words(self, action: str) -> tuple[str, str]:
        m = _move_of(action)
        zh = "、".join(BY_CODE[t].zh for t in m.tiles)
        en = " and ".join(BY_CODE[t].en for t in m.tiles)
        return (f"出{zh}", f"Play {en}") if m.up else (f"扣下{zh}（垫）", f"Discard {en} face down")

    def why_not(self, action: str) -> tuple[str, str] | None:
        side, sep, tiles = action[:60].partition(":")
        if not sep or side not in ("up", "down") or not tiles:
            return None
        return self.st.why_illegal(Move(tuple(tiles.split(".")), side == "up"))

    def observation(self, player: int) -> dict[str, Any]:
        st = self.st

        def moves(ms: tuple[tuple[int, Move], ...]) -> list[dict[str, Any]]:
            return [{"seat": s, "up": m.up, "tiles": list(m.tiles) if (m.up or s == player) else [None] * len(m.tiles)} for s, m in ms]

        out: dict[str, Any] = {
            "seat": player, "seat_name": {"zh": SEATS[player][0], "en": SEATS[player][1]},
            "dealer": st.deal.dealer, "sealed": list(st.sealed), "hand": list(st.hands[player]),
            "hand_counts": [len(h) for h in st.hands], "leader": st.leader, "to_move": self.current_player(),
            "trick": moves(st.current),
            "tricks": [{"leader": t.leader, "winner": t.winner, "dun": t.dun, "moves": moves(t.moves)} for t in st.tricks],
            "held": list(st.held), "over": st.terminal,
        }
        if st.terminal:
            out["returns"] = [int(x) for x in self._returns()]
        return out

    def _resample(self, player: int, rng: random.Random) -> GupaiState:
        """Every tile ``player`` has not seen — the others' hands and their face-down discards — dealt again."""
        st = self.st
        if st.terminal:  # the settlement is read from every hand: nothing is hidden any more
            return self.clone()
        pool = [t for s in range(PLAYERS) if s != player for t in st.hands[s]]
        hidden = [(s, m) for t in st.tricks for s, m in t.moves if not m.up and s != player]
        hidden += [(s, m) for s, m in st.current if not m.up and s != player]
        pool += [t for _, m in hidden for t in m.tiles]
        rng.shuffle(pool)

        def take(k: int) -> tuple[str, ...]:
            out = tuple(pool[:k])
            del pool[:k]
            return sort_tiles(out)

        hands = tuple(h if s == player else take(len(h)) for s, h in enumerate(st.hands))

        def moves(ms: tuple[tuple[int, Move], ...]) -> tuple[tuple[int, Move], ...]:
            return tuple((s, m if (m.up or s == player) else Move(take(len(m.tiles)), False)) for s, m in ms)

        tricks = tuple(Trick(t.leader, moves(t.moves), t.winner, t.dun) for t in st.tricks)
        current = moves(st.current)
        dealt = [list(hands[s]) for s in range(PLAYERS)]
        for s, m in [x for t in tricks for x in t.moves] + list(current):
            dealt[s] += m.tiles
        new_deal = replace(st.deal, hands=tuple(st.deal.hands[s] if s == player else sort_tiles(dealt[s]) for s in range(PLAYERS)))
        other = self.clone()
        other.st = replace(st, deal=new_deal, hands=hands, tricks=tricks, current=current)
        return other
