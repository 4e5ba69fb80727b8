import xml.etree.ElementTree as ET

from views.draw.gupai import tile_svg
from engine.gupai.tiles import FACES


def test_every_tile_is_well_formed_svg_with_its_pips():
    for f in FACES:
        root = ET.fromstring(tile_svg(f.code))
        circles = [e for e in root.iter() if e.tag.endswith("circle")]
        assert len(circles) == f.points
        reds = [c for c in circles if c.get("fill") == "#c0392b"]
        assert len(reds) == f.red


def test_back_shows_no_pips():
    root = ET.fromstring(tile_svg("66", face_up=False))
    assert not [e for e in root.iter() if e.tag.endswith("circle")]
