"""The 32 tiles: faces, red and black pips, the three classes and their order.

A tile is identified by its face code, top half first: ``"66"`` is 天牌,
``"13"`` 和牌 (one red pip above, three black below). Eleven faces come in
two identical copies (长门 and 幺门); the ten 点门 tiles are all different.
"""

from __future__ import annotations

from dataclasses import dataclass

CHANG, DIAN, YAO = "chang", "dian", "yao"
CLASS_ZH = {CHANG: "长门", DIAN: "点门", YAO: "幺门"}
CLASS_EN = {CHANG: "long class", DIAN: "points class", YAO: "ace class"}
CLASS_ORDER = (CHANG, DIAN, YAO)  # 长门最大 … 幺门最小 (between classes only for describing; no class beats another)

PLAYERS = 4
HAND_SIZE = 8


@dataclass(frozen=True)
class Half:
    pips: int
    colours: tuple[str, ...]  # "r" or "b", one per pip, in drawing order

    @property
    def red(self) -> int:
        return self.colours.count("r")


@dataclass(frozen=True)
class Face:
    code: str  # "66"
    top: Half
    bottom: Half
    cls: str  # CHANG / DIAN / YAO
    rank: int  # within the class, 1 = lowest
    zh: str
    en: str
    copies: int  # 2 or 1
    kind: str  # name of the rank level: "天", "杂九", …  (both 九点 tiles share "杂九")

    @property
    def points(self) -> int:
        return self.top.pips + self.bottom.pips

    @property
    def red(self) -> int:
        return self.top.red + self.bottom.red


def _h(n: int, colour: str) -> Half:
    return Half(n, tuple(colour * n) if len(colour) == 1 else tuple(colour))


# (code, top, bottom, class, rank, zh, en, copies, kind)
_FACES = (
    ("66", _h(6, "rrbbrr"), _h(6, "bbrrbb"), CHANG, 7, "天牌", "Heaven", 2, "天"),
    ("11", _h(1, "r"), _h(1, "r"), CHANG, 6, "地牌", "Earth", 2, "地"),
    ("44", _h(4, "r"), _h(4, "r"), CHANG, 5, "人牌", "Man", 2, "人"),
    ("13", _h(1, "r"), _h(3, "b"), CHANG, 4, "和牌", "Harmony", 2, "和"),
    ("55", _h(5, "b"), _h(5, "b"), CHANG, 3, "长五（梅花十）", "Long five (plum ten)", 2, "长五"),
    ("33", _h(3, "b"), _h(3, "b"), CHANG, 2, "长三（豆角）", "Long three (bean pod)", 2, "长三"),
    ("22", _h(2, "b"), _h(2, "b"), CHANG, 1, "长二（板凳）", "Long two (bench)", 2, "长二"),
    ("54", _h(5, "b"), _h(4, "r"), DIAN, 6, "杂九（黑五红四）", "Mixed nine (5 over 4)", 1, "杂九"),
    ("63", _h(6, "b"), _h(3, "b"), DIAN, 6, "杂九（上六下三）", "Mixed nine (6 over 3)", 1, "杂九"),
    ("62", _h(6, "b"), _h(2, "b"), DIAN, 5, "杂八（直八）", "Mixed eight (straight)", 1, "杂八"),
    ("53", _h(5, "b"), _h(3, "b"), DIAN, 5, "杂八（弯八）", "Mixed eight (bent)", 1, "杂八"),
    ("52", _h(5, "b"), _h(2, "b"), DIAN, 4, "杂七（直七）", "Mixed seven (straight)", 1, "杂七"),
    ("43", _h(4, "r"), _h(3, "b"), DIAN, 4, "杂七（弯七）", "Mixed seven (bent)", 1, "杂七"),
    ("24", _h(2, "b"), _h(4, "r"), DIAN, 3, "六点（赏）", "Six (shang)", 1, "六点"),
    ("41", _h(4, "r"), _h(1, "r"), DIAN, 2, "杂五（直五）", "Mixed five (straight)", 1, "杂五"),
    ("23", _h(2, "b"), _h(3, "b"), DIAN, 2, "杂五（斜五）", "Mixed five (slanted)", 1, "杂五"),
    ("21", _h(2, "b"), _h(1, "r"), DIAN, 1, "三点（赏）", "Three (shang)", 1, "三点"),
    ("65", _h(6, "b"), _h(5, "b"), YAO, 4, "虎头（牯牛）", "Tiger head (bull)", 2, "虎头"),
    ("64", _h(6, "b"), _h(4, "r"), YAO, 3, "四六", "Four-six", 2, "四六"),
    ("61", _h(6, "b"), _h(1, "r"), YAO, 2, "幺六", "Ace-six", 2, "幺六"),
    ("51", _h(5, "b"), _h(1, "r"), YAO, 1, "幺五", "Ace-five", 2, "幺五"),
)

FACES: tuple[Face, ...] = tuple(Face(*f) for f in _FACES)
BY_CODE: dict[str, Face] = {f.code: f for f in FACES}
SHANG: tuple[str, str] = ("21", "24")  # 三点 and 六点, the two odd tiles (赏); together 至尊
TOP_RANK = {CHANG: 7, DIAN: 6, YAO: 4}

#: the full set, 32 codes, each face as many times as it has copies
DECK: tuple[str, ...] = tuple(f.code for f in FACES for _ in range(f.copies))


#: other names the source gives (line numbers of gupai.txt): zh, en
ALIASES: dict[str, tuple[str, str]] = {
    "55": ("梅花十", "plum ten"),  # line 7
    "33": ("豆角", "bean pod"),  # line 7
    "22": ("板凳", "bench"),  # line 7
    "43": ("七饼、猪脚、大邪货", "seven of circles (七饼, as in mahjong), pig's trotter (猪脚), big rascal (大邪货)"),  # line 10
    "24": ("喜牌、三六点儿、赏", "wedding tile (喜牌), the three-and-six (三六点儿), shang (赏)"),  # line 11
    "21": ("喜牌、三六点儿、赏", "wedding tile (喜牌), the three-and-six (三六点儿), shang (赏)"),  # line 11
    "65": ("牯牛", "bull"),  # line 13
}


def standing(code: str) -> str:
    """"老" for the top level of a class (天, 杂九, 虎头: the six 老 of line 35), "亚" for the
    second (地, 杂八, 四六: 抱老出亚, line 33; "第二老", line 34), else ""."""
    f = BY_CODE[code]
    top = TOP_RANK[f.cls]
    return "老" if f.rank == top else "亚" if f.rank == top - 1 else ""


class InvalidTiles(ValueError):
    def __init__(self, code: str, zh: str, en: str) -> None:
        super().__init__(en)
        self.code, self.zh, self.en = code, zh, en


def parse_tile(x: object) -> str:
    """A face code from ``"66"``, ``"6-6"`` or ``"6/6"``; the reversed face is accepted too."""
    if isinstance(x, str) and len(x) <= 8:
        s = x.strip().replace("-", "").replace("/", "")
        if s in BY_CODE:
            return s
        if s[::-1] in BY_CODE:
            return s[::-1]
    if not isinstance(x, str) or not x.strip():
        raise InvalidTiles("bad_tile", "有一张牌没有写成骨牌：应写上下两半的点数，如 66（天牌）、13（和牌）。",
                           "One of the tiles is not written as a tile: give the pips of its two halves, e.g. 66 (Heaven) or 13 (Harmony).")
    shown = x[:12]
    raise InvalidTiles("bad_tile", f"无法识别的骨牌“{shown}”：应为上下两半的点数，如 66（天牌）、13（和牌）。",
                       f"Unknown tile '{shown}': give the pips of the two halves, e.g. 66 (Heaven) or 13 (Harmony).")


def check_possible(codes: list[str] | tuple[str, ...]) -> None:
    n: dict[str, int] = {}
    for c in codes:
        n[c] = n.get(c, 0) + 1
    for c, k in n.items():
        if k > BY_CODE[c].copies:
            f = BY_CODE[c]
            raise InvalidTiles("impossible_tiles", f"“{f.zh}”全副只有 {f.copies} 张，这里有 {k} 张。",
                               f"The set has only {f.copies} of {f.en} ({c}); here there are {k}.")


def level(code: str, from_top: bool) -> int:
    """Place of a tile in its class counting rank levels: 1 = lowest (or highest when from_top)."""
    f = BY_CODE[code]
    return TOP_RANK[f.cls] + 1 - f.rank if from_top else f.rank


def sort_key(code: str) -> tuple[int, int, str]:
    f = BY_CODE[code]
    return (CLASS_ORDER.index(f.cls), -f.rank, code)


def sort_tiles(codes: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(codes, key=sort_key))
