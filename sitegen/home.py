"""The home page's game cards, each with a picture drawn from the model."""

from __future__ import annotations

import html
from typing import Any

from engine.api import handle

CARDS = [
    {
        "id": "dawei",
        "zh": ("打围", "云南大理喜洲（白族）", "六颗骰子、134 支竹签（共 528 柱）", "以打猎为喻的掷骰取签游戏，签分十种动物。"),
        "en": ("Dawei 打围 — “the hunt”", "Xizhou, Dali, Yunnan (Bai)", "six dice and 134 sticks worth 528 zhu", "Throw six dice and take the animal stick the throw names."),
    },
    {
        "id": "gupai",
        "zh": ("鄂南骨牌", "湖北南部（鄂南）", "三十二张骨牌", "以骨牌出牌吃墩，按墩计输赢。"),
        "en": ("Gupai of southern Hubei 鄂南骨牌", "southern Hubei", "a set of 32 domino tiles", "A trick-taking game played with Chinese dominoes."),
    },
    {
        "id": "yezi",
        "zh": ("下灌叶子戏", "湖南宁远县下灌村", "三十二张叶子牌；村中另有八十张字牌", "凑成八种有名的组合，总分低者胜。"),
        "en": ("Yezixi of Xiaguan 下灌叶子戏", "Xiaguan village, Ningyuan, Hunan", "32 leaf cards; the village also plays an 80-card zi pai", "Form the eight named combinations; the lowest total wins."),
    },
    {
        "id": "paohuzi",
        "zh": ("跑胡子", "湖南洞庭湖一带（汉寿）", "八十张字牌（大字、小字各四十）", "组牌计胡息，凑够胡息即可胡牌，并有比赛计分法。"),
        "en": ("Paohuzi 跑胡子", "the Dongting Lake region of Hunan (Hanshou)", "80 zi pai cards, big and small characters", "Build groups worth huxi points and go out; with a match format."),
    },
]


def _dice_picture() -> str:
    ans = handle({"game": "dawei", "action": "classify", "dice": [4, 1, 4, 6, 5, 4]})
    return ans.get("svg", "") if ans.get("ok") else ""


def _tile(x: int, top: list[tuple[int, int, str]], bottom: list[tuple[int, int, str]]) -> str:
    dots = "".join(f'<circle cx="{x + cx}" cy="{cy}" r="7" fill="{c}"/>' for cx, cy, c in top + bottom)
    return (
        f'<rect x="{x + 2}" y="2" width="56" height="116" rx="8" fill="#fffdf5" stroke="#444" stroke-width="3"/>'
        f'<line x1="{x + 8}" y1="60" x2="{x + 52}" y2="60" stroke="#444" stroke-width="2"/>{dots}'
    )


def _domino_picture() -> str:
    r, b = "#c62828", "#212121"
    t1 = _tile(0, [(30, 30, r)], [(18, 78, b), (42, 78, b), (18, 102, b), (42, 102, b), (30, 90, b)])
    t2 = _tile(70, [(18, 18, b), (42, 18, b), (18, 42, b), (42, 42, b), (18, 30, b), (42, 30, b)],
               [(18, 78, b), (42, 78, b), (18, 102, b), (42, 102, b), (18, 90, b), (42, 90, b)])
    t3 = _tile(140, [(18, 20, r), (42, 20, r), (18, 44, r), (42, 44, r)], [(30, 90, r)])
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 120" role="img" aria-label="骨牌">{t1}{t2}{t3}</svg>'


def _strip(x: int, chars: str, color: str, w: int = 44, h: int = 120) -> str:
    text = "".join(
        f'<text x="{x + w / 2}" y="{28 + i * 30}" font-size="24" text-anchor="middle" fill="{color}" '
        f'font-family="serif">{html.escape(c)}</text>'
        for i, c in enumerate(chars)
    )
    return f'<rect x="{x + 2}" y="2" width="{w - 4}" height="{h - 4}" rx="5" fill="#fbf3dc" stroke="#5d4037" stroke-width="2"/>{text}'


def _leaf_picture() -> str:
    body = _strip(0, "王", "#3e2723") + _strip(48, "土", "#3e2723") + _strip(96, "人", "#3e2723") + _strip(144, "合", "#3e2723")
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 190 120" role="img" aria-label="王土人合">{body}</svg>'


def _zipai_picture() -> str:
    body = _strip(0, "贰", "#c62828") + _strip(48, "柒", "#c62828") + _strip(96, "拾", "#c62828") + _strip(144, "一", "#212121")
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 190 120" role="img" aria-label="贰柒拾 一">{body}</svg>'


PICTURES = {"dawei": _dice_picture, "gupai": _domino_picture, "yezi": _leaf_picture, "paohuzi": _zipai_picture}


def home_cards(lang: str, params: dict[str, Any]) -> str:
    colon = ": " if lang == "en" else "："
    label_region = "Region" if lang == "en" else "地区"
    label_kit = "Played with" if lang == "en" else "器具"
    out = ['<div class="hw-cards">']
    for card in CARDS:
        name, region, kit, what = card[lang]
        href = f'{card["id"]}/'
        out.append(
            f'<div class="hw-card" data-game="{card["id"]}"><a href="{href}">{PICTURES[card["id"]]()}</a>'
            f'<h3><a href="{href}">{html.escape(name)}</a></h3>'
            f"<p><strong>{label_region}{colon}</strong>{html.escape(region)}</p>"
            f"<p><strong>{label_kit}{colon}</strong>{html.escape(kit)}</p>"
            f"<p>{html.escape(what)}</p></div>"
        )
    out.append("</div>")
    return "".join(out)


WIDGETS: dict = {}
TABLES = {"home-cards": home_cards}
FILES: dict = {}
