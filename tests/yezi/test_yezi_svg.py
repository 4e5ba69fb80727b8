import xml.etree.ElementTree as ET

from engine.yezi.cards import FACES, LEAF
from views.draw.yezi import card_svg

NS = "{http://www.w3.org/2000/svg}"


def test_every_face_is_well_formed_svg():
    for f in FACES:
        for lang in ("zh", "en"):
            root = ET.fromstring(card_svg(f.value, 40, lang))
            assert root.tag == NS + "svg"
            assert root.get("width") == "40" and root.get("height") == "80"  # a slip, two to one
            assert root.get("data-card") == ("leaf" if f.value == LEAF else str(f.value))
            assert root.find(NS + "title").text


def test_numerals_are_painted_as_characters_and_the_leaf_as_a_flower():
    for f in FACES:
        root = ET.fromstring(card_svg(f.value))
        texts = [t.text for t in root.iter(NS + "text")]
        if f.value == LEAF:
            assert texts == []
            assert len(list(root.iter(NS + "ellipse"))) == 5  # five petals
        else:
            assert texts[0] == f.cipher and f.numeral in texts


def test_no_ids_or_external_references():
    for f in FACES:
        s = card_svg(f.value)
        assert " id=" not in s and "href" not in s and "url(" not in s


def test_every_character_is_readable_on_a_card_30_px_wide():
    """Lessons, worksheets and tables draw cards 30 px wide or more: every character is then 14 px or more."""
    for f in FACES:
        for lang in ("zh", "en"):
            root = ET.fromstring(card_svg(f.value, 30, lang))
            scale = 30 / float(root.get("viewBox").split()[2])
            for t in root.iter(NS + "text"):
                assert float(t.get("font-size")) * scale >= 14, (f, lang, t.text)
