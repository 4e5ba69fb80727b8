"""Positions of 打围 for the tests, written as a real table writes them: every throw's faces in its move."""

from engine.dawei.game import Config
from engine.dawei.state import DaweiState, policy
from engine.protocol import open_state

BLANK, STRAIGHT, LION = "throw:112356", "throw:123456", "throw:444442"  # a blank, a straight, 五红 (the old lion)


def at_table(n, *moves, **options):
    """A game at a real table (the dice written in the moves), seat A throwing first."""
    return open_state({"game": "dawei", "dice": "table", "players": n, "first": 0, "options": options, "actions": list(moves)})


def second_round(n, *moves, **options):
    """The same, in the second round: every seat has thrown a blank first."""
    return at_table(n, *[BLANK] * n, *moves, **options)


def split_phase(n, **options):
    """A game at a real table brought to the split phase: one red (a chicken) thrown until no chicken is left,
    then two reds (a rabbit) until no rabbit is left."""
    g = at_table(n, **options)
    while g.pool["chicken"]:
        g.apply("throw:422356")
    while g.phase == "main":
        g.apply("throw:441235")
    return g


def seeded_table_moves(seed, players=4):
    """A seeded game played by the computer (:func:`engine.dawei.state.policy`), written as a real
    table's entries: who threw first, and what each throw showed. For examples and tests of the referee."""
    g = DaweiState.of(Config(players, seed))
    first = g.first_thrower
    moves = []
    for _ in range(4 * 4_000):
        if g.is_terminal():
            break
        a = policy(g)
        g.apply(a)
        dice = "".join(map(str, g.last_dice or ()))
        if a == "throw":
            moves.append(f"throw:{dice}")
        elif a.startswith("split:"):
            moves.append(f"{a}@{dice}")
        else:
            moves.append(a)
    return first, moves
