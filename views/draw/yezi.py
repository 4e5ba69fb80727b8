"""SVG card faces in the manner of painted bamboo slips.

A card is a narrow upright slip (the source gives 1寸8分 by 9分, two to one);
the numerals are painted as their cipher characters in ink, with the ordinary
numeral small at the foot; the leaf is a small five-petalled flower. No ids,
gradients or external references, so any number of faces can sit in one page.
"""

from __future__ import annotations

import math
from html import escape

from engine.yezi.cards import FACES, LEAF, Card

INK = "#2b1a10"
VERMILION = "#b3392a"
BAMBOO = "#e9d5a1"
BAMBOO_EDGE = "#a8844a"
FIBRE = "#d6bb80"
FONT = "'Noto Serif CJK SC','Source Han Serif SC','STKaiti','KaiTi','Songti SC','SimSun',serif"


def _flower(cx: float, cy: float, r: float) -> str:
    petals = []
    for k in range(5):
        a = -90 + k * 72
        px = cx + r * 0.55 * math.cos(math.radians(a))
        py = cy + r * 0.55 * math.sin(math.radians(a))
        petals.append(
            f'<ellipse cx="{px:.1f}" cy="{py:.1f}" rx="{r * 0.42:.1f}" ry="{r * 0.27:.1f}" '
            f'transform="rotate({a:.0f} {px:.1f} {py:.1f})" fill="{VERMILION}" opacity="0.9"/>'
        )
    stem = (
        f'<path d="M{cx:.1f} {cy + r * 0.5:.1f} Q{cx - r * 0.2:.1f} {cy + r * 1.5:.1f} {cx:.1f} {cy + r * 2.3:.1f}" '
        f'stroke="#4f6b2f" stroke-width="{r * 0.12:.1f}" fill="none"/>'
        f'<path d="M{cx - r * 0.1:.1f} {cy + r * 1.5:.1f} q{-r * 0.9:.1f} {-r * 0.2:.1f} {-r * 0.8:.1f} {r * 0.6:.1f} '
        f'q{r * 0.5:.1f} {r * 0.1:.1f} {r * 0.8:.1f} {-r * 0.6:.1f}z" fill="#5f7f37"/>'
    )
    centre = f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.22:.1f}" fill="#e2b23a" stroke="{INK}" stroke-width="0.6"/>'
    return stem + "".join(petals) + centre


def card_svg(card: Card, width: int = 40, lang: str = "zh", hint: bool = True) -> str:
    """One card face as an inline SVG string (viewBox 0 0 50 100)."""
    f = FACES[card]
    height = width * 2
    label = (
        ("叶（花牌）" if lang == "zh" else "leaf (flower card)")
        if card == LEAF
        else (f"{f.cipher}（{f.numeral}）" if lang == "zh" else f"{card} ({f.en})")
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="yz-card" data-card="{"leaf" if card == LEAF else card}" '
        f'width="{width}" height="{height}" viewBox="0 0 50 100" role="img" aria-label="{escape(label)}">',
        f"<title>{escape(label)}</title>",
        f'<rect x="1" y="1" width="48" height="98" rx="5" fill="{BAMBOO}" stroke="{BAMBOO_EDGE}" stroke-width="1.5"/>',
    ]
    for x in (9, 17, 33, 41):  # fibres of the bamboo
        parts.append(f'<line x1="{x}" y1="5" x2="{x}" y2="95" stroke="{FIBRE}" stroke-width="0.8"/>')
    parts.append(f'<line x1="3" y1="30" x2="47" y2="30" stroke="{FIBRE}" stroke-width="1.2"/>')  # a node
    if card == LEAF:
        parts.append(_flower(25, 44, 14))
    else:
        parts.append(
            f'<text x="25" y="62" text-anchor="middle" font-family="{FONT}" font-size="34" '
            f'font-weight="700" fill="{INK}">{escape(f.cipher)}</text>'
        )
        if hint:
            # the ordinary numeral at the foot: 壹…拾 for Chinese readers, 1–10 for English ones; 24 units, so
            # 14 px or more on a card drawn 30 px wide (the smallest in lessons, worksheets and tables)
            parts.append(
                f'<text x="25" y="92" text-anchor="middle" font-family="{FONT}" font-size="24" '
                f'font-weight="700" fill="{VERMILION}">{escape(str(card) if lang == "en" else f.numeral)}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


def hand_svg(cards: list[Card] | tuple[Card, ...], width: int = 34, lang: str = "zh") -> str:
    return "".join(card_svg(c, width, lang) for c in cards)
