import re
from math import comb
from pathlib import Path

import sitegen.yezi as sg

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^```(widget|generated)[ \t]*\n(.*?)\n```", re.M | re.S)


def test_every_fence_in_the_pages_names_a_known_view():
    from sitegen import registry

    seen = set()
    for page in (ROOT / "docs" / "yezi").glob("*.md"):
        for kind, body in FENCE.findall(page.read_text(encoding="utf-8")):
            name = body.strip().splitlines()[0].strip()
            # the build hook finds every view in one table (sitegen/registry.py)
            views = registry.WIDGETS if kind == "widget" else registry.TABLES
            assert name in views, (page.name, name)
            seen.add(name)
    assert set(sg.WIDGETS) <= seen


def test_static_widgets_have_disabled_controls():
    for name, fn in sg.WIDGETS.items():
        for lang in ("zh", "en"):
            html = fn(lang, {})
            controls = re.findall(r"<(button|select|input)\b[^>]*>", html)
            assert controls, name
            assert all(" disabled" in c for c in re.findall(r"<(?:button|select|input)\b[^>]*>", html)), name


def test_tables_render_in_both_languages():
    for name, fn in sg.TABLES.items():
        zh, en = fn("zh", {}), fn("en", {})
        assert zh and en and zh != en, name


def test_odds_table_counts_every_hand():
    text = sg.TABLES["yezi-best-spread"]("en", {})
    counts = [int(row.split("|")[2].replace("\u202f", "")) for row in text.splitlines() if re.match(r"\| \d+ \|", row)]
    assert sum(counts) == comb(32, 8)


def test_card_files_are_svg():
    assert len(sg.FILES) == 11
    for path, fn in sg.FILES.items():
        assert path.startswith("assets/yezi/cards/") and fn().startswith("<svg")


def test_zipai_cases_show_each_option_changing_the_answer():
    from engine.api import handle

    for zh, _en, req, alt in sg.ZIPAI_CASES:
        ans = handle({"game": "yezi", **req})
        assert ans["ok"], zh
        if alt:
            other = handle({"game": "yezi", **req, "options": alt})
            assert other["ok"] and other != ans, zh
    # each 字牌 option of the config appears in at least one case
    shown = {k for *_, alt in sg.ZIPAI_CASES if alt for k in alt}
    assert shown == {"xiahuo", "chi_forms", "self_fourth", "pairs", "banbian"}


SOURCE = ROOT.parent / "shared" / "sources" / "yezixi.txt"


def _page(name: str) -> str:
    return (ROOT / "docs" / "yezi" / name).read_text(encoding="utf-8")


def test_cipher_observation_table_follows_the_sources_pairs():
    # yezixi.txt 3: "即“豆—壹”、“贝—贰”、…、“合—拾”": the deck page's table must pair each cipher with
    # the numeral the source pairs it with (and the engine uses), and call the idea an observation.
    from engine.yezi.cards import FACES

    text = SOURCE.read_text(encoding="utf-8")
    pairs = dict(re.findall(r"“(.)—(.)”", text))
    assert len(pairs) == 10
    for lang in ("zh", "en"):
        page = _page(f"deck.{lang}.md")
        rows = re.findall(r"^\| (.) \| (.)(?: \(\d+\))? \|", page, re.M)
        assert len(rows) == 10, lang
        for cipher, numeral in rows:
            # the source writes 陆; the page may give it as printed
            assert pairs[cipher] == numeral, (lang, cipher, numeral)
            assert next(f for f in FACES if f.cipher == cipher).numeral == numeral
    assert "档案的，不是文献的" in _page("deck.zh.md") and "the archive's, not the text's" in _page("deck.en.md")
    # the old page gave a reason the source does not give
    assert "所以文献称之为暗语数" not in _page("deck.zh.md")


def test_play_page_records_the_sources_words():
    text = SOURCE.read_text(encoding="utf-8")
    for word in ("流散对", "散乱组合", "已组合好的", "以排列最靠前的出牌者为优胜"):
        assert word in text
    for lang in ("zh", "en"):
        page = _page(f"play.{lang}.md")
        assert "流散对" in page and "散乱组合" in page and "已组合好的" in page
    assert "没有赌注" in _page("play.zh.md") and "No stakes" in _page("play.en.md")
    # the source names no stakes: its rules (section 4) have no word for money, chips or winnings
    rules = text.split("4、玩法及步骤")[1].split("5、传承")[0]
    assert "记分" in rules and not any(w in rules for w in ("筹码", "赌", "输赢", "钱", "注"))


def test_die_and_tie_readings_are_called_editorial():
    for lang, word in (("zh", "编者"), ("en", "editor")):
        notes = _page(f"notes.{lang}.md")
        ties = notes.split("{#ties}")[1].split("###")[0]
        die = notes.split("{#die}")[1].split("###")[0]
        assert word in ties and word in die, lang
        assert "惯例" not in ties and "常见的数法" not in die
        assert "common convention" not in ties and "usual count" not in die


def test_the_81_rows_are_explained_from_the_engine():
    from engine.yezi.odds import hand_odds, packings

    h = hand_odds()
    assert h.best_scores[2] == comb(3, 2) ** 4 == 81
    assert len(packings()) == 81 and {len(p) for p in packings()} == {3}
    for lang in ("zh", "en"):
        assert "3⁴ = 81" in sg.best_spread_table(lang, {})
        assert "81" in sg.round_limits_table(lang, {}).split("\n\n", 1)[1]


def test_no_run_of_24_characters_copied_outside_a_blockquote():
    src = re.sub(r"\s+", "", SOURCE.read_text(encoding="utf-8"))
    for page in sorted((ROOT / "docs" / "yezi").glob("*.md")):
        body = "\n".join(x for x in page.read_text(encoding="utf-8").splitlines() if not x.lstrip().startswith(">"))
        text = re.sub(r"\s+", "", body)
        copied = [text[i : i + 24] for i in range(len(text) - 23) if text[i : i + 24] in src]
        assert not copied, (page.name, copied[:2])
