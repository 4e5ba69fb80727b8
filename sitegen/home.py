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


def _domino_picture() -> str:
    from engine.gupai.svg import tiles_svg

    return tiles_svg(["66", "11", "21", "24"], width=40)  # 天牌, 地牌 and the two 赏 tiles (至尊)


def _leaf_picture() -> str:
    from engine.yezi.cards import parse_card
    from engine.yezi.svg import hand_svg

    return hand_svg([parse_card(c) for c in ("王", "土", "人", "合")], width=40)


def _zipai_picture() -> str:
    from engine.paohuzi.cards import parse_card
    from engine.paohuzi.svg import cards_svg

    return cards_svg([c for c in (parse_card(x) for x in ("贰", "柒", "拾", "一")) if c is not None], height=110)


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
            f'<div class="hw-card" data-game="{card["id"]}"><a class="hw-card-pic" href="{href}">{PICTURES[card["id"]]()}</a>'
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
