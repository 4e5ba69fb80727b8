"""SVG card faces: long strips (about 9 × 2 cm) with the numeral at both ends.

The lower numeral is turned upside down, as on a hand-written card, so the card
reads the same from either end; 二七十 and 贰柒拾 are red, the rest black. Big
cards (壹–拾) carry a thin band across the middle so that the two sizes differ at
a glance even where the font makes 一 and 壹 look alike in weight.
"""

from __future__ import annotations

import re
from html import escape
from collections.abc import Iterable

from engine.paohuzi.cards import Card

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


#: lessons and worksheets draw cards at this height: 32 CSS px wide, characters about 24 px high
LESSON_HEIGHT = 144


def lesson_card_svg(card: Card, height: int = LESSON_HEIGHT) -> str:
    """A card for lessons and worksheets, readable in both languages from one drawing.

    Chinese pages see the card as printed (the two characters, a band across big cards); on English
    pages the stylesheet also shows the Arabic numeral and the word "big" or "small" along the strip
    (``.phz-en``, shown by ``:lang(en)``). The name is left to the figure around it. A figure meant
    for one language only keeps that language's parts (:func:`for_language`)."""
    ink = RED if card.red else BLACK
    width = round(height * W / H)
    ch = escape(card.char)
    band = f'<rect class="phz-band" x="6" y="89" width="28" height="2" fill="{ink}" opacity=".4"/>' if card.big else ""
    word = "big" if card.big else "small"
    weight = "700" if card.big else "400"
    en = (
        f'<g class="phz-en" fill="{ink}" font-family="sans-serif" text-anchor="middle">'
        f'<text x="20" y="73" font-size="26" font-weight="{weight}">{card.rank}</text>'
        f'<text x="20" y="114" font-size="18" font-weight="{weight}" transform="rotate(90 20 108)">{word}</text></g>'
    )
    return (
        f'<svg class="phz-card phz-lesson{" phz-red" if card.red else ""}{" phz-big" if card.big else ""}" data-card="{card.code}" '
        f'aria-hidden="true" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{width}" height="{height}">'
        f'<rect x="1" y="1" width="38" height="178" rx="4" fill="#fbf6e9" stroke="#8a7a5c" stroke-width="1.5"/>'
        f'{_chars(ch, ink)}{band}{en}</svg>'
    )


def _chars(ch: str, ink: str) -> str:
    """The two characters of a lesson card, the lower one upside down: each text carries its own
    attributes (a group around them would be one element more per card, and a lesson page draws
    hundreds of cards)."""
    a = f'fill="{ink}" font-size="30" text-anchor="middle" font-family="{FONT}"'
    return f'<text x="20" y="38" {a}>{ch}</text><text x="20" y="38" transform="rotate(180 20 90)" {a}>{ch}</text>'


_EN_LAYER = re.compile(r'<g class="phz-en"[^>]*>(?:<text [^>]*>[^<]*</text>)*</g>')
_BAND = re.compile(r'<rect class="phz-band"[^>]*/>')


def for_language(markup: str, lang: str) -> str:
    """Lesson cards (:func:`lesson_card_svg`) in ``markup`` for a page of one language: a Chinese
    page drops the English layer, an English page the band the stylesheet hides there. The page
    looks the same; it draws about half as many elements per card (on a phone, laying out a
    lesson page's hundreds of cards is most of its start)."""
    return _BAND.sub("", markup) if lang == "en" else _EN_LAYER.sub("", markup)


def cards_svg(cards: Iterable[Card], height: int = LESSON_HEIGHT) -> str:
    """A row of lesson cards (see :func:`lesson_card_svg`)."""
    return "".join(lesson_card_svg(c, height) for c in cards)


def back_svg(height: int = LESSON_HEIGHT) -> str:
    """A card lying face down (as the three cards of a 偎 are laid)."""
    width = round(height * W / H)
    return (
        f'<svg class="phz-card phz-lesson phz-back" aria-hidden="true" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {W} {H}" width="{width}" height="{height}">'
        f'<rect class="phz-back-fill" x="1" y="1" width="38" height="178" rx="4" fill="#8c2f22" stroke="#5a1d15" stroke-width="1.5"/>'
        f'<rect x="7" y="7" width="26" height="166" rx="2" fill="none" stroke="#f3d9a4" stroke-width="1.5" opacity=".7"/></svg>'
    )


def lesson_chip_svg(card: Card, width: int = 32) -> str:
    """The upper part of a lesson card (see :func:`lesson_card_svg`, same sizes at the same width), for a list of
    moves where a whole card on every line would be too tall: the character as printed, and on English pages
    (``.phz-en``, shown by ``:lang(en)``) the Arabic numeral and "big" or "small" along the strip."""
    ink = RED if card.red else BLACK
    height = round(width * CHIP_H / W)
    ch = escape(card.char)
    weight = "700" if card.big else "400"
    en = (
        f'<g class="phz-en" fill="{ink}" font-family="sans-serif" text-anchor="middle" font-weight="{weight}">'
        f'<text x="20" y="73" font-size="26">{card.rank}</text>'
        f'<text x="20" y="106" font-size="18" transform="rotate(90 20 100)">{"big" if card.big else "small"}</text></g>'
    )
    return (
        f'<svg class="phz-card phz-chip{" phz-red" if card.red else ""}{" phz-big" if card.big else ""}" data-card="{card.code}" '
        f'aria-hidden="true" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {CHIP_H}" width="{width}" height="{height}">'
        f'<rect x="1" y="1" width="38" height="{CHIP_H - 2}" rx="4" fill="#fbf6e9" stroke="#8a7a5c" stroke-width="1.5"/>'
        f'<text x="20" y="38" fill="{ink}" font-size="30" text-anchor="middle" font-family="{FONT}">{ch}</text>{en}</svg>'
    )


#: the height of a chip's drawing (its width is :data:`W`): room for the character, the numeral and the word
CHIP_H = 130
