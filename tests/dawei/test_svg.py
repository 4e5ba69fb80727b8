import xml.etree.ElementTree as ET

from engine.dawei.sticks import ANIMALS
from views.draw.dawei import dice_svg, sticks_svg


def test_dice_svg_red_four_and_one():
    """Drawn as real Chinese dice: the four and the one are painted red."""
    root = ET.fromstring(dice_svg([4, 1, 2, 3, 5, 6]))
    circles = root.findall("{http://www.w3.org/2000/svg}circle")
    red = [c for c in circles if c.get("fill") == "#c62828"]
    assert len(red) == 4 + 1 and len(circles) == 4 + 1 + 2 + 3 + 5 + 6


def test_sticks_svg_sizes():
    root = ET.fromstring(sticks_svg("zh"))
    rects = root.findall(".//{http://www.w3.org/2000/svg}rect")
    assert len(rects) == len(ANIMALS)
    sizes = [(float(r.get("width")), float(r.get("height"))) for r in rects]
    assert sizes[0] == (400.0, 120.0)  # the lion: 20 cm × 6 cm at 20 units per cm
    assert sizes[-1] == (140.0, 30.0)  # the chicken: 7 cm × 1.5 cm
    assert sizes == sorted(sizes, reverse=True)
    assert "老狮子" in sticks_svg("zh") and "old lion" in sticks_svg("en")
