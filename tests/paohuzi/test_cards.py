from engine.paohuzi.cards import FACES, full_deck, parse_card, red_count


def test_deck():
    deck = full_deck()
    assert len(deck) == 80
    assert all(deck.count(f) == 4 for f in FACES)
    assert red_count(deck) == 24
    assert {f.char for f in FACES if f.red} == set("二七十贰柒拾")


def test_codes_and_characters_name_the_same_card():
    for f in FACES:
        assert parse_card(f.code) == f
        assert parse_card(f.char) == f
    assert parse_card("x10").char == "十" and parse_card("d10").char == "拾"
    assert parse_card("贰").big and not parse_card("二").big
    for junk in ("", "x0", "x11", "d", "大", "11", "y3", "壹壹"):
        assert parse_card(junk) is None
