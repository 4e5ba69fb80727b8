from engine.dawei.sticks import ANIMALS, BY_ID, TOTAL_STICKS, TOTAL_ZHU, full_pool, zhu_of


def test_totals():
    assert TOTAL_STICKS == 134
    assert TOTAL_ZHU == 528
    assert len(ANIMALS) == 10
    assert zhu_of(full_pool()) == 528


def test_source_counts_and_values():
    want = {"lion": (1, 64), "tiger": (2, 32), "leopard": (4, 16), "fox": (1, 16), "dog": (2, 12),
            "eagle": (4, 10), "deer": (8, 8), "muntjac": (16, 4), "rabbit": (32, 2), "chicken": (64, 1)}
    assert {a.id: (a.count, a.zhu) for a in ANIMALS} == want


def test_sizes_fall_with_value():
    assert (BY_ID["lion"].length_cm, BY_ID["lion"].width_cm) == (20, 6)
    assert (BY_ID["chicken"].length_cm, BY_ID["chicken"].width_cm) == (7, 1.5)
    lengths = [a.length_cm for a in sorted(ANIMALS, key=lambda a: -a.zhu)]
    assert lengths == sorted(lengths, reverse=True)
