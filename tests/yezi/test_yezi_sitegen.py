import re
from math import comb
from pathlib import Path

import sitegen.yezi as sg

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^```(widget|generated)[ \t]*\n(.*?)\n```", re.M | re.S)


def test_every_fence_in_the_pages_names_a_known_view():
    seen = set()
    for page in (ROOT / "docs" / "yezi").glob("*.md"):
        for kind, body in FENCE.findall(page.read_text(encoding="utf-8")):
            name = body.strip().splitlines()[0].strip()
            if name.startswith("record-"):  # the platform's source blocks
                from sitegen.record import TABLES as RECORD

                assert name in RECORD, (page.name, name)
                continue
            assert name in (sg.WIDGETS if kind == "widget" else sg.TABLES), (page.name, name)
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

    for zh, en, req, alt in sg.ZIPAI_CASES:
        ans = handle({"game": "yezi", **req})
        assert ans["ok"], zh
        if alt:
            other = handle({"game": "yezi", **req, "options": alt})
            assert other["ok"] and other != ans, zh
    # each 字牌 option of the config appears in at least one case
    shown = {k for *_, alt in sg.ZIPAI_CASES if alt for k in alt}
    assert shown == {"xiahuo", "chi_forms", "self_fourth", "pairs", "banbian"}
