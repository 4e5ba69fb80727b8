"""The home page's game cards, each with a picture drawn from the model, and each
game's fact box (``home-facts``) that opens the game's front page."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from engine.api import handle
from engine.words import number_word
from views.dawei import throw
from views.draw.gupai import tiles_svg
from engine.yezi.cards import DECK as YEZI_DECK, GROUP_SIZE, HAND_SIZE as YEZI_HAND_SIZE, PLAYERS as YEZI_PLAYERS, parse_card
from views.draw.yezi import hand_svg
from views.draw.paohuzi import card_svg  # each card named (the lessons' cards_svg draws unnamed ones)
from engine.dawei.dice import N_DICE
from engine.dawei.sticks import TOTAL_ZHU, full_pool
from engine.gupai.tiles import DECK, HAND_SIZE, PLAYERS
from engine.paohuzi.cards import COPIES, FACES, parse_card as zipai_card

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
    return throw(ans, "zh")["dice"] if ans.get("ok") else ""  # named in Chinese on both pages, as the engine drew it


def _domino_picture() -> str:
    return tiles_svg(["66", "11", "21", "24"], width=40)  # 天牌, 地牌 and the two 赏 tiles (至尊)


def _leaf_picture() -> str:
    return hand_svg([parse_card(c) for c in ("王", "土", "人", "合")], width=40)


def _zipai_picture() -> str:
    return "".join(card_svg(c, 110) for c in (zipai_card(x) for x in ("贰", "柒", "拾", "一")) if c is not None)


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


# ---------------------------------------------------------------- a game's fact box

DOCS = Path(__file__).resolve().parent.parent / "docs"

#: where "how to play" points when a game has no lesson page yet
RULES_PAGE = {"dawei": "main", "gupai": "rules", "yezi": "play", "paohuzi": "play"}


def _dawei_facts() -> list[tuple[str, str, str, str]]:
    sim = handle({"game": "dawei", "action": "simulate", "players": 4, "games": 20, "seed": 0})
    turns = round(sim["mean_turns"]) if sim.get("ok") else None
    games, sticks = 20, sum(full_pool().values())
    return [
        ("几个人玩", "Players",
         "二至九人；原文说人数不限，但最好六七人，一般不超过九人",
         "two to nine; the source sets no limit but finds six or seven best and advises no more than nine"),
        ("一局多长", "A round",
         f"直到桌上的签全部被掷走；让电脑打 {games} 局四人局，平均约 {turns} 掷。原文没有说要多少分钟",
         f"until every stick on the table has been won; in {games} four-player rounds played by the computer, about {turns} throws on average. The source gives no time in minutes"),
        ("器具", "Equipment",
         f"{N_DICE} 颗色子、一只大碗、{sticks} 支竹签（共 {TOTAL_ZHU} 柱）",
         f"{number_word(N_DICE)} dice, a large bowl and {sticks} bamboo sticks worth {TOTAL_ZHU} zhu (柱) in all"),
        ("地方", "Region", "云南大理喜洲，白族", "Xizhou, Dali, Yunnan; the Bai people"),
        ("来源", "Source",
         f'张正泰《“打围”喜洲人的思维体操》（见<a href="{SOURCES}">原始资料</a>）',
         f'Zhang Zhengtai, “打围”喜洲人的思维体操 (see <a href="{SOURCES}">primary sources</a>)'),
    ]


def _gupai_facts() -> list[tuple[str, str, str, str]]:
    return [
        ("几个人玩", "Players", f"{PLAYERS} 人", f"{PLAYERS}"),
        ("一局多长", "A round",
         f"一盘：每人 {HAND_SIZE} 张牌一圈一圈出完，然后按墩数结算。原文没有说要多少分钟，只说收拾起来快",
         f"one hand: each player's {HAND_SIZE} tiles are played out trick by trick, then the tricks are settled. The source gives no time, only that the game packs up quickly"),
        ("器具", "Equipment", f"一副 {len(DECK)} 张骨牌", f"a set of {len(DECK)} Chinese dominoes"),
        ("地方", "Region", "湖北南部（鄂南）乡间", "the countryside of southern Hubei"),
        ("来源", "Source",
         f'论坛用户 cl828487 的帖子《本地骨牌打法》及回帖，2016 年（见<a href="{SOURCES}">原始资料</a>）',
         f'a forum post by cl828487, 本地骨牌打法, with replies, 2016 (see <a href="{SOURCES}">primary sources</a>)'),
    ]


def _yezi_facts() -> list[tuple[str, str, str, str]]:
    return [
        ("几个人玩", "Players", f"{YEZI_PLAYERS} 人", f"{YEZI_PLAYERS}"),
        ("一局多长", "A round",
         f"很短：每人 {YEZI_HAND_SIZE} 张牌配成两组、各 {GROUP_SIZE} 张，先后亮两次就定名次。原文没有说要多少分钟",
         f"short: each player sorts {YEZI_HAND_SIZE} cards into two groups of {GROUP_SIZE} and shows them in two turns, which decides the places. The source gives no time"),
        ("器具", "Equipment", f"{len(YEZI_DECK)} 张竹片小牌和骰子", f"{len(YEZI_DECK)} small bamboo cards and dice"),
        ("地方", "Region", "湖南宁远县下灌村", "Xiaguan village, Ningyuan county, Hunan"),
        ("来源", "Source",
         f'童一飞、张介立记录整理《麻将滥殇——下灌叶子戏》（见<a href="{SOURCES}">原始资料</a>）',
         f'recorded by Tong Yifei and Zhang Jieli, 麻将滥殇——下灌叶子戏 (see <a href="{SOURCES}">primary sources</a>)'),
    ]


def _paohuzi_facts() -> list[tuple[str, str, str, str]]:
    cards = len(FACES) * COPIES
    return [
        ("几个人玩", "Players",
         "通常四人，其中一人当醒家、这一局不出牌；也可三人或两人",
         "usually four, one of whom counts out the stock and sits the round out; three or two can also play"),
        ("一局多长", "A round",
         "直到有人胡牌，或底牌摸完成荒牌。原文没有说一局要多少分钟；比赛每场 60 分钟",
         "until someone wins, or the stock runs out and the round is dead. The source gives no time for a round; a match session lasts 60 minutes"),
        ("器具", "Equipment", f"{cards} 张长条字牌（大字、小字各半）", f"{cards} long zi pai cards, half big and half small characters"),
        ("地方", "Region", "湖南洞庭湖一带，以汉寿为中心", "the Dongting Lake region of Hunan, around Hanshou"),
        ("来源", "Source",
         f'佚名小册子《跑胡子游戏方法和比赛规则》（见<a href="{SOURCES}">原始资料</a>）',
         f'an anonymous booklet, 跑胡子游戏方法和比赛规则 (see <a href="{SOURCES}">primary sources</a>)'),
    ]


#: where a fact box links the primary sources (from a game's front page)
SOURCES = "../archive/sources/"

#: each game's fact box: (label zh, label en, value zh, value en as HTML) rows in the archive's own words, their numbers
#: from the engine (never typed by hand)
FACTS = {"dawei": _dawei_facts, "gupai": _gupai_facts, "yezi": _yezi_facts, "paohuzi": _paohuzi_facts}


def _facts(game: str, lang: str) -> list[tuple[str, str]]:
    """(label, value as HTML) rows of the fact box, in the reader's language."""
    zh = lang == "zh"
    return [(lz if zh else le, vz if zh else ve) for lz, le, vz, ve in FACTS[game]()]


def has_lesson(game: str, lang: str) -> bool:
    return (DOCS / game / f"learn.{lang}.md").exists()


def home_facts(lang: str, params: dict[str, Any]) -> str:
    """The fact box at the top of a game's front page, with a link to learn to play:
    the lesson page when the game has one, else the rules page."""
    game = params.get("game")
    if game not in RULES_PAGE:
        raise ValueError(f"home-facts needs a game: {sorted(RULES_PAGE)}")
    zh = lang == "zh"
    rows = "".join(f"<dt>{html.escape(k)}</dt><dd>{v}</dd>" for k, v in _facts(game, lang))
    if has_lesson(game, lang):
        href, text = "learn/", ("第一次玩？从课程开始，一步一步学一局" if zh else "New to the game? The lesson walks you through a round step by step")
    else:
        href, text = f"{RULES_PAGE[game]}/", ("第一次玩？先读规则" if zh else "New to the game? Start with the rules")
    title = "概况" if zh else "At a glance"
    return (
        f'<aside class="hw-facts" aria-label="{title}"><p class="hw-facts-title">{title}</p>'
        f"<dl>{rows}</dl>"
        f'<p class="hw-facts-learn"><a href="{href}">{html.escape(text)} →</a></p></aside>'
    )


WIDGETS: dict = {}
TABLES = {"home-cards": home_cards, "home-facts": home_facts}
FILES: dict = {}
