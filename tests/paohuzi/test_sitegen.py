"""The build-time views come from the engine: tables match its data, widgets start disabled."""

import re
from pathlib import Path

from engine.paohuzi.config import DEFAULT
from engine.paohuzi.groups import VALUE_KEYS
from sitegen import paohuzi as sg


def test_huxi_table_is_the_engines():
    text = sg.TABLES["paohuzi-huxi-table"]("en", {})
    for key, (_, en) in VALUE_KEYS.items():
        assert f"| {en} | {DEFAULT.huxi_of(key, False)} | {DEFAULT.huxi_of(key, True)} |" in text


def test_sheet_examples_match_the_booklet():
    text = sg.TABLES["paohuzi-sheet-examples"]("zh", {})
    assert "| -17 | -5 | +15 | +7 |" in text
    assert "| -2 | +2 | -2 | +2 |" in text and "| -4 | +6 | -4 | +2 |" in text


def test_faces_show_twenty_cards():
    assert sg.TABLES["paohuzi-faces"]("zh", {}).count("<svg") == 20


def test_widgets_render_disabled_controls_and_an_answer():
    for name, fn in sg.WIDGETS.items():
        for lang in ("zh", "en"):
            html = fn(lang, {})
            controls = re.findall(r"<(button|input|select)\b[^>]*>", html)
            assert controls and all(" disabled" in c for c in re.findall(r"<(?:button|input|select)\b[^>]*>", html)), name
            assert 'data-role="result"' in html


ROOT = Path(__file__).resolve().parents[2]
SOURCE = (ROOT.parent / "shared" / "sources" / "paohuzi.txt").read_text(encoding="utf-8")


def _page(name: str) -> str:
    return (ROOT / "docs" / "paohuzi" / name).read_text(encoding="utf-8")


def test_peng_is_a_third_of_a_kan_for_small_cards():
    # 5 怎样算戏: "“碰”成一“坎”三张相同大字———— 3 戏；小字———— 1 戏" against a 坎's 6 and 3
    assert "“碰”成一“坎”三张相同大字———— 3 戏；小字———— 1 戏" in SOURCE
    assert DEFAULT.huxi_of("peng", True) * 2 == DEFAULT.huxi_of("kan", True)
    assert DEFAULT.huxi_of("peng", False) * 3 == DEFAULT.huxi_of("kan", False)
    assert "一半左右" not in _page("scoring.zh.md")
    assert "三分之一" in _page("scoring.zh.md") and "a third" in _page("scoring.en.md")


def test_the_booklet_says_xi_and_the_pages_explain_huxi_once():
    assert "胡息" not in SOURCE and "戏" in SOURCE
    assert "戏与胡息" in _page("scoring.zh.md") and "Xi and huxi" in _page("scoring.en.md")


def test_legends_are_judged_as_the_booklet_judges_them():
    # first: "此一说虽不足信"; second: "此一说虽有一些牵强"; third: no judgement
    assert "此一说虽不足信" in SOURCE and "此一说虽有一些牵强" in SOURCE
    assert SOURCE.count("此一说") == 2
    zh = _page("legends.zh.md")
    assert "不足信" in zh and "牵强" in zh and "没有加任何评语" in zh
    assert "它自己也承认这些故事不足为信" not in zh
    en = _page("legends.en.md")
    assert "It admits they are hard to believe" not in en and "no judgement" in en


def test_international_standard_claim_is_kept_in_match():
    assert "采用国际通用型跑胡子" in SOURCE
    for lang in ("zh", "en"):
        assert "国际通用型" in _page(f"match.{lang}.md")


def test_ting_pai_is_listed_as_a_misprint():
    assert "厅牌" in SOURCE and "听牌" not in SOURCE
    for lang in ("zh", "en"):
        misprints = _page(f"notes.{lang}.md").split("{#misprints}")[1]
        assert "| 厅牌 | 听牌 |" in misprints
    from sitegen.record.data import GAMES

    game = GAMES["paohuzi"]
    assert any(m.printed == "厅牌" for m in game.misprints)


def test_bird_is_turned_when_a_deal_is_over():
    # 1-3: "一局终了，翻看最后一张底牌，就是鸟家的方位" — when the deal ends, not after the deal is dealt
    assert "一局终了，翻看最后一张底牌" in SOURCE
    en = _page("cards.en.md")
    assert "after the deal the last stock card" not in en and "when the deal is over" in en


def test_notes_weigh_all_three_combined_fan_and_the_18_xi_example():
    for lang in ("zh", "en"):
        notes = _page(f"notes.{lang}.md")
        fan = notes.split("{#fan-combination}")[1].split("\n## ")[0]
        for row in ("| 6 | 6 | 8 |", "| 8 | 8 | 16 |", "| 10 | 9 | 20 |"):
            assert row in fan, (lang, row)
        zimo = notes.split("{#zimo-threshold}")[1].split("\n## ")[0]
        assert "18" in zimo and "#example-18" in zimo


def test_no_run_of_24_characters_copied_outside_a_blockquote():
    src = re.sub(r"\s+", "", SOURCE)
    for page in sorted((ROOT / "docs" / "paohuzi").glob("*.md")):
        body = "\n".join(x for x in page.read_text(encoding="utf-8").splitlines() if not x.lstrip().startswith(">"))
        text = re.sub(r"\s+", "", body)
        copied = [text[i : i + 24] for i in range(len(text) - 23) if text[i : i + 24] in src]
        assert not copied, (page.name, copied[:2])
