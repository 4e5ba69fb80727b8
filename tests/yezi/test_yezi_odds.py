from math import comb

from engine.yezi.combos import COMBINATIONS
from engine.yezi.odds import hand_odds, hand_vectors, max_copies, round_limits, simulate_rounds


def test_hand_vectors_cover_every_hand():
    assert sum(w for _, w in hand_vectors()) == comb(32, 8)
    assert all(sum(c) == 8 for c, _ in hand_vectors())


def test_odds_tables_sum():
    h = hand_odds()
    assert h.total == comb(32, 8)
    assert sum(h.best_scores.values()) == h.total
    assert min(s for s, n in h.best_scores.items() if n) == 2
    assert max(h.best_scores) == 18
    for c in COMBINATIONS:
        assert 0 < h.shown[c.id] <= h.contains[c.id] <= h.total
    # hands with a combination in their best split = hands holding any combination
    assert h.any_combination == h.total - h.best_scores[18]
    # a best score of 9 or less needs two combinations (one alone gives at least 1 + 9);
    # two combinations give at most 8 + 8
    assert sum(n for s, n in h.best_scores.items() if s <= 9) <= h.two_combinations
    assert h.two_combinations <= sum(n for s, n in h.best_scores.items() if s <= 16)
    assert sum(h.shown_twice.values()) <= h.two_combinations


def test_tian_with_same_cards_counts():
    # 天, 金 and 火 each use four different numerals, one card each: same count
    h = hand_odds()
    assert h.contains["tian"] == h.contains["jin"] == h.contains["huo"]
    # 地 needs two 贝: fewest holding hands
    assert h.contains["di"] == min(h.contains.values())


def test_round_limits():
    lim = round_limits()
    assert lim["max_combinations"] == 3 and lim["he_in_deck"] == 3
    assert lim["max_leaf_combinations"] == 2
    assert lim["min_scattered"] == 5
    assert max_copies(COMBINATIONS[1]) == 1  # 地 needs two of the three 贝
    assert max_copies(COMBINATIONS[0]) == 3


def test_simulation_is_seeded_and_bounded():
    a = simulate_rounds(200, 5)
    assert a == simulate_rounds(200, 5)
    assert sum(a.combinations.values()) == 200
    assert max(a.combinations) <= 3


def test_option_effects_agree_with_the_simulation():
    from engine.yezi.odds import option_effects

    eff = {e.option: e for e in option_effects(300, 9)}
    sim = simulate_rounds(300, 9)
    # breaking ties by showing order changes the winners exactly in the rounds whose first place was shared
    assert eff["ties"].winners_differ == sim.shared_wins
    for e in eff.values():
        assert 0 <= e.winners_differ <= e.places_differ <= e.rounds == 300
