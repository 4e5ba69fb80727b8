"""Speed of the one game protocol (engine/protocol): random lawful games of each game, played
through the protocol, and the cost of what the simulation test and the table.play action do on
top (listing lawful moves, a copy, each seat's observation, replaying a written position).
Prints figures; asserts nothing.

Usage: python benchmarks/bench_protocol.py [games per setup, default 2]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.protocol import ADAPTERS, open_state, state_class


def main(per_setup: int) -> None:
    print(f"{'game':8} {'games':>5} {'moves':>7} {'µs/move':>8} {'µs/copy':>8} {'µs/view':>8} {'ms/replay':>9}")
    for game in ADAPTERS:
        games = moves = 0
        t_play = t_copy = t_view = t_replay = 0.0
        copies = views = 0
        for i, setup in enumerate(state_class(game).setups()):
            for k in range(per_setup):
                rng = random.Random(f"{game}/{i}/{k}")
                st = open_state({"game": game, "seed": 1000 * i + k, **setup})
                while not st.is_terminal():
                    t0 = time.perf_counter()
                    st.apply(rng.choice(st.legal_actions()))
                    t_play += time.perf_counter() - t0
                    moves += 1
                    if moves % 10 == 0:
                        t0 = time.perf_counter()
                        st.clone()
                        t_copy += time.perf_counter() - t0
                        copies += 1
                        t0 = time.perf_counter()
                        for q in range(st.num_players()):
                            st.observation(q)
                        t_view += time.perf_counter() - t0
                        views += st.num_players()
                t0 = time.perf_counter()
                open_state(st.written())
                t_replay += time.perf_counter() - t0
                games += 1
        print(f"{game:8} {games:5} {moves:7} {1e6 * t_play / max(moves, 1):8.0f} {1e6 * t_copy / max(copies, 1):8.0f} "
              f"{1e6 * t_view / max(views, 1):8.0f} {1e3 * t_replay / max(games, 1):9.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
