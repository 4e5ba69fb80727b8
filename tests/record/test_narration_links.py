"""Every line of a narrated game links to the rule that line applies, and is told where it happened.

/dawei/sample/: each throw links to the rule of what it threw; each note (a payment in smaller
sticks, the banker, the fox) sits under the throw of its own turn and links to its own rule.
/paohuzi/sample/: each move links to the booklet section of that kind of move, and the seat
that goes on after a 重跑 is named the way every other seat is named (by its place at the table).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from engine.dawei.throws import classify
from paohuzi.helpers import narrate  # tests/paohuzi/helpers.py: a hand played by the computer at every seat
from engine.paohuzi.table import RULES, ROLE_NAMES
from sitegen import guide, zipai

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"```generated\n(\S+)\n(\{.*?\})?\n?```", re.S)


def _params(game: str, lang: str) -> dict:
    m = FENCE.search((ROOT / "docs" / game / f"sample.{lang}.md").read_text(encoding="utf-8"))
    assert m
    return json.loads(m.group(2) or "{}")


def _text(fragment: str) -> str:
    fragment = re.sub(r"<svg\b.*?</svg>", "", fragment, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def _anchor_exists(href: str, lang: str) -> bool:
    m = re.fullmatch(r"\.\./([a-z-]+)/(?:#([a-z0-9-]+))?", href)
    assert m, href
    page = ROOT / "docs" / "dawei" / f"{m.group(1)}.{lang}.md"
    return page.exists() and (m.group(2) is None or "{#" + m.group(2) + "}" in page.read_text(encoding="utf-8"))


#: what a note of the 打围 log says -> the page and anchor of the rule it applies (special cases §4, the banker, the fox)
NOTE_RULES = (("smaller sticks", "../special/#smaller-sticks"), ("banker", "../notes/#banker"), ("fox", "../fox/#sequence"))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_dawei_sample_lines_link_to_the_rule_they_apply(lang: str) -> None:
    p = _params("dawei", lang)
    page = guide.dawei_sample(lang, p)
    g, steps = guide.dawei_steps(p["players"], p["seed"])
    items = re.findall(r'<li class="guide-(take|note-line)" data-turn="(\d+)"(?: data-dice="([\d ]+)")?>(.*?)</li>', page, re.S)
    assert items
    for _, turn, dice, body in items:
        links = re.findall(r'<a class="guide-rule" href="([^"]+)">', body)
        assert links and all(_anchor_exists(h, lang) for h in links), (turn, links)
        if dice:
            # the throw's own link: the pattern the dice show
            d = tuple(int(x) for x in dice.split())
            kind = classify(d)
            first = links[0]
            if "split-rules" not in first:
                expect = "../fox/#sequence" if kind.id == "straight" else ("../special/" if kind.special else "../main/#patterns")
                assert first == expect, (turn, dice, first)
    # each note of the log sits under the throw of its own turn, with its own rule
    notes = 0
    for st in steps:
        x = st["entry"]
        if x.dice is not None or x.seat is None or x.turn == 0:
            continue
        sentence = html.escape(x.zh if lang == "zh" else x.en, quote=False)
        where = [body for _, turn, _, body in items if sentence in body and int(turn) == x.turn]
        assert where, f"the note of turn {x.turn} is not printed under turn {x.turn}: {sentence}"
        body = where[0]
        expect = next(h for key, h in NOTE_RULES if key in x.en)
        at = body.index(sentence)
        link = re.search(r'<a class="guide-rule" href="([^"]+)">', body[at:])
        assert link and link.group(1) == expect, (x.en, link and link.group(1))
        notes += 1
    assert notes >= 3
    # and each note is printed once: none is carried to another turn
    assert page.count('class="guide-note"') + page.count('class="guide-note-line"') == notes


#: the booklet's section for each kind of move in the 跑胡子 log (§1 forming the table, §2 the deal, §3 play, §4 winning)
SECTIONS = {
    "deal": {"2"}, "xing": {"1-1", "1-2"}, "liang": {"1-1", "1-2", "4-1"}, "shou": {"2", "4-1"}, "draw": {"3"}, "discard": {"2"},
    "chi": {"3-2"}, "peng": {"3-1"}, "wei": {"3-3"}, "pao": {"3-4"}, "ti": {"3-5"}, "skip": {"3-5"}, "hu": {"4"} | {f"4-{k}" for k in range(1, 12)},
    "pass": {"3-1", "3-2", "3-6"}, "let_go": {"3-1", "3-2", "3-6"}, "withheld": {"3-1", "3-2", "3-3"}, "huang": {"1-1", "1-2"},
}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_paohuzi_sample_lines_link_to_the_section_of_their_move(lang: str) -> None:
    p = _params("paohuzi", lang)
    page = zipai.narration(lang, p)
    a = narrate(p["seed"], p.get("table", "four"))
    rows = re.findall(r"<tr><td>(\d+)</td><td>(.*?)</td><td class=\"zp-pic\">.*?</td><td>(.*?)</td><td><a href=\"([^\"]+)\">(.*?)</a>", page, re.S)
    assert len(rows) == len(a["log"])
    for (n, _who, what, href, name), x in zip(rows, a["log"]):
        rid = href.split("#rule-")[1]
        assert rid == x["rule"]["id"] and rid in RULES
        sec, zh, en = RULES[rid]
        assert x["kind"] in SECTIONS, x["kind"]
        assert sec in SECTIONS[x["kind"]], (n, x["kind"], rid, sec)
        assert html.unescape(name) == (zh if lang == "zh" else en)
        assert _text(what) == (x["zh"] if lang == "zh" else x["en"])


def test_after_a_chong_pao_the_seat_that_goes_on_is_named_by_its_place() -> None:
    seen = 0
    for table in ("four", "two"):
        for seed in range(0, 80):
            a = narrate(seed, table)
            n = len(a["seats"])
            for x in a["log"]:
                if x["kind"] != "skip":
                    continue
                nxt = a["seats"][(x["seat"] + 1) % n]
                assert f"由{ROLE_NAMES[nxt['role']][0]}接着行牌" in x["zh"], x["zh"]
                assert f"{ROLE_NAMES[nxt['role']][1]} goes on" in x["en"], x["en"]
                seen += 1
    assert seen > 0
