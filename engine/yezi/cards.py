"""The 32-card deck of 下灌叶子戏: two leaves and three of each numeral 1–10."""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Iterable

from ..validate import given
from ..words import capitalize

LEAF = 0
Card = int  # 0 = leaf, 1..10 = numeral


@dataclass(frozen=True)
class Face:
    value: int  # 0 for the leaf
    cipher: str  # the character painted on the card: 叶, 豆, 贝…
    numeral: str  # the ordinary financial numeral it stands for: 壹…拾 ('' for the leaf)
    count: int  # copies in the deck
    en: str  # English gloss of the cipher character


FACES: tuple[Face, ...] = (
    Face(0, "叶", "", 2, "leaf"),
    Face(1, "豆", "壹", 3, "bean"),
    Face(2, "贝", "贰", 3, "cowrie"),
    Face(3, "参", "叁", 3, "ginseng"),
    Face(4, "长", "肆", 3, "long"),
    Face(5, "人", "伍", 3, "person"),
    Face(6, "土", "陆", 3, "earth"),
    Face(7, "才", "柒", 3, "talent"),
    Face(8, "别", "捌", 3, "parting"),
    Face(9, "王", "玖", 3, "king"),
    Face(10, "合", "拾", 3, "joining"),
)

COUNTS: tuple[int, ...] = tuple(f.count for f in FACES)
DECK: tuple[Card, ...] = tuple(f.value for f in FACES for _ in range(f.count))
HAND_SIZE = 8
GROUP_SIZE = 4
PLAYERS = 4
#: the four seats' names, the one table of them (the widgets, the showing entry and the protocol's seat letters read it)
SEAT_NAMES: tuple[tuple[str, str], ...] = (("甲家", "Player A"), ("乙家", "Player B"), ("丙家", "Player C"), ("丁家", "Player D"))

_BY_CODE: dict[str, Card] = {}
for _f in FACES:
    _BY_CODE[_f.cipher] = _f.value
    if _f.value:
        _BY_CODE[str(_f.value)] = _f.value
        _BY_CODE[_f.numeral] = _f.value
_BY_CODE["leaf"] = LEAF
_BY_CODE["LEAF"] = LEAF
_BY_CODE["Leaf"] = LEAF


class InvalidCards(ValueError):
    """Cards that cannot exist in the deck, with a message in both languages."""

    def __init__(self, code: str, zh: str, en: str) -> None:
        super().__init__(en)
        self.code = code
        self.zh = zh
        self.en = en


def parse_card(code: object) -> Card:
    """A card from its code: ``"1"``–``"10"``, a cipher (豆…合), 壹…拾, ``"leaf"``/叶; ints 0–10 too."""
    if isinstance(code, int) and not isinstance(code, bool) and 0 <= code <= 10:
        return code
    if isinstance(code, str) and code.strip() in _BY_CODE:
        return _BY_CODE[code.strip()]
    zh, en = given(code)
    raise InvalidCards(
        "bad_card",
        f"{zh}不是牌：应为 1–10、豆贝参长人土才别王合 或 叶/leaf。",
        f"{capitalize(en)} is not a card: use 1–10, a cipher 豆贝参长人土才别王合, or leaf/叶.",
    )


def code_of(card: Card) -> str:
    """The API code of a card: ``"leaf"`` or ``"1"``–``"10"``."""
    return "leaf" if card == LEAF else str(card)


def cipher_of(card: Card) -> str:
    return FACES[card].cipher


def counts_of(cards: Iterable[Card]) -> tuple[int, ...]:
    c = [0] * 11
    for x in cards:
        c[x] += 1
    return tuple(c)


def check_possible(cards: Iterable[Card]) -> None:
    """Raise :class:`InvalidCards` unless the cards can all come from one deck."""
    c = counts_of(cards)
    if c[LEAF] > COUNTS[LEAF]:
        raise InvalidCards(
            "impossible_hand",
            f"一副牌只有 2 张叶，这里有 {c[LEAF]} 张。",
            f"A deck has only 2 leaves; this has {c[LEAF]}.",
        )
    for v in range(1, 11):
        if c[v] > COUNTS[v]:
            f = FACES[v]
            raise InvalidCards(
                "impossible_hand",
                f"一副牌中“{f.cipher}”（{f.numeral}）只有 3 张，这里有 {c[v]} 张。",
                f"A deck has only 3 of {f.cipher} ({v}); this has {c[v]}.",
            )


def parse_hand(codes: Iterable[object], size: int = HAND_SIZE) -> tuple[Card, ...]:
    """Parse and check a hand of exactly ``size`` cards; sorted tuple."""
    cards = [parse_card(x) for x in codes]
    if len(cards) != size:
        raise InvalidCards(
            "impossible_hand",
            f"应恰有 {size} 张牌，这里有 {len(cards)} 张。",
            f"Expected exactly {size} cards; got {len(cards)}.",
        )
    check_possible(cards)
    return tuple(sorted(cards))
