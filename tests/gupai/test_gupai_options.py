"""Every rule option is a complete reading: a hand settles to zero under every combination."""

import random

from hypothesis import given, settings, strategies as st

from engine.api import handle
from engine.gupai.config import CHOICES, LABELS, QUESTIONS, all_configs, as_dict
from engine.gupai.hand import deal
from engine.gupai.state import GupaiState
from engine.gupai.scoring import can_seal

CONFIGS = all_configs()


def test_there_are_as_many_configs_as_combinations():
    n = 1
    for cs in CHOICES.values():
        n *= len(cs)
    assert len(CONFIGS) == n and n >= 48


@settings(max_examples=150)
@given(st.integers(0, 2**32), st.integers(0, 3), st.sampled_from(CONFIGS), st.booleans(), st.integers(0, 2**16))
def test_every_option_combination_sums_to_zero(seed, dealer, cfg, randomly, pick):
    """Computer or random (beat-or-discard at will) players; any sealable seats sealed at random."""
    rnd = random.Random(pick)
    hands = deal(seed, dealer).hands
    sealed = tuple(s for s in range(4) if can_seal(hands[s]) and rnd.random() < 0.5)[:3]
    s = GupaiState({"seed": seed, "dealer": dealer, "options": as_dict(cfg), "sealed": list(sealed)})
    assert s.config == cfg
    if randomly:
        for _ in range(40):
            if s.terminal:
                break
            s.apply(rnd.choice(s.legal_actions()))
    else:
        s.play_out()
    st_ = s.settlement()
    assert s.terminal and st_ is not None
    assert sum(st_.nets) == 0
    for ln in st_.lines:  # the nets are exactly the payments listed
        assert ln.amount >= 0
    nets = [0] * 4
    for ln in st_.lines:
        nets[ln.payer] -= ln.amount
        nets[ln.payee] += ln.amount
    assert tuple(nets) == st_.nets
    for x in sealed:
        assert st_.nets[x] == -4  # a sealed player pays the four of 清铺 and nothing else


def test_many_seeded_hands_under_every_combination():
    for cfg in CONFIGS:
        for seed in range(12):
            s = GupaiState({"seed": seed, "dealer": seed % 4, "options": as_dict(cfg)}).play_out()
            assert sum(s.returns()) == 0


def test_options_have_words_and_the_api_lists_them():
    a = handle({"game": "gupai", "action": "options"})
    assert a["ok"] and [o["id"] for o in a["options"]] == list(CHOICES)
    for o in a["options"]:
        assert o["zh"] == QUESTIONS[o["id"]][0] and o["en"]
        assert [c["id"] for c in o["choice_words"]] == o["choices"] == list(CHOICES[o["id"]])
        for c in o["choice_words"]:
            assert (c["zh"], c["en"]) == LABELS[c["id"]] and "_" not in c["en"]
    # the table's seats, sizes and words, for the widgets that keep none of their own
    from engine.gupai.scoring import SEATS_EN, SEATS_ZH
    from engine.gupai.tiles import HAND_SIZE

    t = a["table"]
    assert [(x["zh"], x["en"]) for x in t["seats"]] == list(zip(SEATS_ZH, SEATS_EN))
    assert [x["letter"]["zh"] for x in t["seats"]] == list("甲乙丙丁") and [x["letter"]["en"] for x in t["seats"]] == list("ABCD")
    assert t["tricks"] == HAND_SIZE and 0 < t["run"] < HAND_SIZE
    assert [o["id"] for o in a["options"] if o["settles"]] == ["heibama", "shang_baomen", "xiqian", "hard_bama"]
    assert a["words"]["trick"]["zh"] == "墩" and "(墩)" in a["words"]["tricks"]["en"] and a["words"]["closing"]["zh"] == "结牌"
