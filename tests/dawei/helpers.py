"""Positions of 打围 for the tests, written as a real table writes them: every throw's faces in its move."""

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
