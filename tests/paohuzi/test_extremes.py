from engine.paohuzi.extremes import check, table, upper_bound


def test_booklet_maximum_is_75():
    # the ceiling for each number of fours is reached by a hand the engine scores
    ceilings = []
    for k, cards, ours, _ in table():
        if ours is None:
            assert check(k) is None
            continue
        v = check(k)
        assert v.wins and v.best.total == ours and v.best.cards == cards
        ceilings.append(ours)
    assert max(ceilings) == 75 == upper_bound(6)


def test_other_count_reading_cannot_reach_75():
    assert max(u for *_, u in table() if u is not None) == 57
