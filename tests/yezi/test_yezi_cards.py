from collections import Counter

import pytest

from engine.yezi.cards import COUNTS, DECK, FACES, LEAF, InvalidCards, parse_card, parse_hand


def test_deck_composition():
    c = Counter(DECK)
    assert len(DECK) == 32
    assert c[LEAF] == 2
    assert all(c[v] == 3 for v in range(1, 11))


def test_cipher_codes():
    assert "".join(f.cipher for f in FACES[1:]) == "豆贝参长人土才别王合"
    for v in range(1, 11):
        assert parse_card(str(v)) == v == parse_card(FACES[v].cipher) == parse_card(FACES[v].numeral)
    assert parse_card("leaf") == parse_card("叶") == LEAF


@pytest.mark.parametrize("bad", ["0", "11", "x", "", None, True, 1.5, "豆豆"])
def test_bad_codes_rejected(bad):
    with pytest.raises(InvalidCards):
        parse_card(bad)


def test_impossible_hands():
    with pytest.raises(InvalidCards):
        parse_hand(["leaf"] * 3 + ["1", "2", "3", "4", "5"])
    with pytest.raises(InvalidCards):
        parse_hand(["7"] * 4 + ["1", "2", "3", "4"])
    with pytest.raises(InvalidCards):
        parse_hand(["1", "2", "3"])
    assert parse_hand(["leaf", "叶", "1", "1", "1", "合", "合", "合"]) == (0, 0, 1, 1, 1, 10, 10, 10)
    assert sum(COUNTS) == 32
