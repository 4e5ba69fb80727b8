"""SVG card faces: long strips (about 9 × 2 cm) with the numeral at both ends.

The lower numeral is turned upside down, as on a hand-written card, so the card
reads the same from either end; 二七十 and 贰柒拾 are red, the rest black. Big
cards (壹–拾) carry a thin band across the middle so that the two sizes differ at
a glance even where the font makes 一 and 壹 look alike in weight.
"""

from __future__ import annotations

from html import escape
from typing import Iterable

from .cards import Card

W, H = 40, 180
FONT = "serif"  # the site's CSS gives .phz-card text a CJK serif stack
RED, BLACK = "#b3261e", "#1d1b1a"


def card_svg(card: Card, height: int = 120, title: bool = True, arabic: bool = False, lang: str | None = None) -> str:
    """One card face as an SVG element (standalone or inline).

    ``arabic``: for English readers, the number in Arabic numerals stands in the middle of
    the card, beside the two characters (the booklet itself suggests Arabic numerals would
    make the game playable by anyone).

    ``lang``: the language of the card's name for a screen reader (``"zh"`` 大伍, ``"en"``
    big 5); by default English when the face carries Arabic numerals, Chinese otherwise.
    """
    ink = RED if card.red else BLACK
    width = round(height * W / H)
    if lang is None:
        lang = "en" if arabic else "zh"
    label = escape(card.zh if lang == "zh" else card.en)
    t = f"<title>{label}</title>" if title else ""
    ch = escape(card.char)
    band = f'<rect x="6" y="89" width="28" height="2" fill="{ink}" opacity=".4"/>' if card.big else ""
    return (
        f'<svg class="phz-card{" phz-red" if card.red else ""}" data-card="{card.code}" role="img" aria-label="{label}" '
        f'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{width}" height="{height}">{t}'
        f'<rect x="1" y="1" width="38" height="178" rx="4" fill="#fbf6e9" stroke="#8a7a5c" stroke-width="1.5"/>'
        f'<g fill="{ink}" font-size="30" text-anchor="middle" font-family="{FONT}">'
        f'<text x="20" y="38">{ch}</text><text x="20" y="38" transform="rotate(180 20 90)">{ch}</text></g>{band}{_arabic(card, ink) if arabic else ""}</svg>'
    )


def _arabic(card: Card, ink: str) -> str:
    """The card's number in Arabic numerals, in the middle (big cards bold, as their characters are formal)."""
    weight = "700" if card.big else "400"
    return (
        f'<text x="20" y="{76 if card.big else 98}" font-size="25" text-anchor="middle" font-family="sans-serif" '
        f'font-weight="{weight}" fill="{ink}">{card.rank}</text>'
    )


def cards_svg(cards: Iterable[Card], height: int = 90) -> str:
    return "".join(card_svg(c, height) for c in cards)
