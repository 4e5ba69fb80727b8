import xml.etree.ElementTree as ET

from sitegen import gupai as g


def test_tables_render_in_both_languages():
    for name, fn in g.TABLES.items():
        assert name.startswith("gupai-")
        zh, en = fn("zh", {}), fn("en", {})
        assert zh and en and zh != en, name


def test_static_widget_has_disabled_controls_and_the_dealt_hand():
    html = g.WIDGETS["gupai-hand"]("zh", {"seed": 1120})
    assert html.count('class="gp-pick"') == 8
    for role in ("new", "up", "down"):
        tag = html.split(f'data-role="{role}"')[1].split(">")[0]
        assert "disabled" in tag, role


def test_files_are_svg_tiles():
    assert len(g.FILES) == 21
    for path, fn in g.FILES.items():
        assert path.startswith("assets/gupai/tiles/") and ET.fromstring(fn()).tag.endswith("svg")


def test_settle_cases_match_the_source_examples():
    md = g.TABLES["gupai-settle"]("zh", {})
    # 天牌结牌 with three held before: 四结8; 一对长三 closing with nothing before: 二结6
    assert "| 4 / 1 / 2 / 1 | 甲家 | +8 / -3 / -2 / -3 |" in md
    assert "| 2 / 4 / 1 / 1 | 甲家 | +6 / +0 / -3 / -3 |" in md
