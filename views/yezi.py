"""下灌叶子戏 drawn from the engine's answers: a round of four (``round``: the die and the draw, the four hands in
the order of their places, the two showings, the reader's total beside their best) and a hand dealt with its best
split (``deal``).

The build draws the deal widget's first answer with these functions (``sitegen/yezi.py``) and the reader's browser
draws every later answer with the same functions in Pyodide (``views.answer``); ``widgets/yezi.js`` only inserts
the markup and wires the cards and buttons. Every text from an answer is escaped.
"""

from __future__ import annotations

from typing import Any

from engine.yezi.cards import parse_card
from engine.yezi.svg import card_svg

from .text import T, e

Answer = dict[str, Any]

#: the width of a card in a group shown (CSS px; a card is twice as high) and of a card in a hand dealt
GROUP_WIDTH = 30
HAND_WIDTH = 34


def cards(codes: list[str], lang: str, width: int) -> str:
    """Card faces side by side (a code that is no card is left out)."""
    drawn = "".join(card_svg(c, width, lang) for c in (parse_card(x) for x in codes) if c is not None)
    return f'<span class="yz-cards">{drawn}</span>'


def combo_name(c: dict[str, Any] | None, lang: str) -> str:
    """A combination in the reader's language; English gives the Chinese name beside it."""
    t = T(lang)
    if not c or c.get("id") == "scatter":
        return t("流散对", "scattered group (流散对)")
    return t(c["zh"], f'{c["en"]} ({c["zh"]})')


def _group(codes: list[str], c: dict[str, Any], score: Any, lang: str) -> str:
    return (f'<div class="yz-split-group">{cards(codes, lang, GROUP_WIDTH)}'
            f'<span class="yz-split-name">{e(combo_name(c, lang))} · {e(score)}</span></div>')


def split(a: Answer, lang: str) -> str:
    """A hand's best split (a ``deal`` answer): each group, its combination and its rank."""
    return "".join(_group(g, c, r, lang) for g, c, r in zip(a["groups"], a["combinations"], a["ranks"]))


def deal(a: Answer, lang: str) -> dict[str, str]:
    """The deal widget's parts: the hand dealt and its best split."""
    return {"hand": cards(a["hand"], lang, HAND_WIDTH), "split": split(a, lang)}


def places(a: Answer) -> list[dict[str, Any]]:
    """The four players in the order of their places; players sharing a place in the order they showed."""
    order = a["show_order"]
    return sorted(a["players"], key=lambda p: (p["place"], order.index(p["seat"]) if p["seat"] in order else len(order)))


def _seat(a: Answer, s: int, lang: str) -> str:
    return e(a["seat_names"][s][lang])


def showings(a: Answer, lang: str) -> str:
    """Who won each showing, with the combination that won it."""
    t = T(lang)
    items = []
    for turn, seats in enumerate(a["showing_winners"]):
        label = t(f"第{'一二'[turn]}次亮牌", f"Showing {turn + 1}")
        if not seats:
            who = e(t("无人优胜（四组都是流散对）", "no winner (all four groups are scattered)"))
        else:
            combo = next(p for p in a["players"] if p["seat"] == seats[0])["combinations"][turn]
            names = t("、", ", ").join(_seat(a, s, lang) for s in seats)
            who = t(f"{names}优胜（{e(combo['zh'])}）", f"won by {names} ({e(combo['en'])}, {e(combo['zh'])})")
        items.append(f'<li data-turn="{turn}">{label}{t("：", ": ")}{who}</li>')
    return f'<ul class="yz-showings" data-role="showings">{"".join(items)}</ul>'


def round_result(a: Answer, lang: str) -> str:
    """A round's result (a ``round`` answer): the die and the draw, the table of places, the showings and,
    where the reader played a seat, their total beside their best split's."""
    t = T(lang)
    head = (f'<p>{t("掷骰者", "Die thrown by")}: <strong>{_seat(a, a["thrower"], lang)}</strong> · '
            f'{t("点数", "points")}: <strong data-role="die">{int(a["die"])}</strong> · '
            f'{t("先抓", "first to draw")}: <strong>{_seat(a, a["first_drawer"], lang)}</strong> · '
            f'{t("从第几墩起", "from stack")}: <strong>{int(a["start_stack"])}</strong></p>')
    winner = ' class="yz-winner"'
    rows = "".join(
        f'<tr data-seat="{int(p["seat"])}"{winner if p["place"] == 1 else ""}><td>{int(p["place"])}</td>'
        f'<td>{_seat(a, p["seat"], lang)}</td>'
        f'<td>{"".join(_group(g, p["combinations"][i], p["scores"][i], lang) for i, g in enumerate(p["groups"]))}</td>'
        f'<td><strong>{int(p["total"])}</strong></td></tr>'
        for p in places(a)
    )
    table = (f'<div class="yz-scroll"><table class="yz-round-table"><thead><tr><th>{t("名次", "Place")}</th><th>{t("玩家", "Player")}</th>'
             f'<th>{t("两次亮牌", "Two showings")}</th><th>{t("合计", "Total")}</th></tr></thead><tbody>{rows}</tbody></table></div>')
    mine = ""
    if a.get("my_seat") is not None:
        me = next(p for p in a["players"] if p["seat"] == a["my_seat"])
        mine = (f'<p data-role="mine-total">{t("你的分法合计 ", "Your split totals ")}<strong>{int(me["total"])}</strong>'
                f'{t(" 分，你的最佳分法是 ", "; your best split would total ")}<strong>{int(a["my_best"])}</strong>{t(" 分。", ".")}</p>')
    return head + table + showings(a, lang) + mine
