"""SVG drawn from the model: dice and the set of sticks (like python-chess's board SVG)."""

from __future__ import annotations

from html import escape

from engine.dawei.dice import RED
from engine.dawei.sticks import ANIMALS

PIPS: dict[int, list[tuple[int, int]]] = {
    1: [(50, 50)],
    2: [(30, 30), (70, 70)],
    3: [(25, 25), (50, 50), (75, 75)],
    4: [(30, 30), (70, 30), (30, 70), (70, 70)],
    5: [(27, 27), (73, 27), (50, 50), (27, 73), (73, 73)],
    6: [(30, 22), (70, 22), (30, 50), (70, 50), (30, 78), (70, 78)],
}
RED_INK = "#c62828"
BLACK_INK = "#212121"


def die_svg(v: int, x: int = 0, hl: bool = False) -> str:
    """One die as SVG elements, painted as Chinese dice are: the four and the one
    (a single large pip) in red, the other faces in black. Only the four counts as
    red in the rules (see the note #red-and-black); the paint is the object's."""
    fill = RED_INK if v in (RED, 1) else BLACK_INK
    r = 14 if v == 1 else 8
    stroke = "#b8860b" if hl else "#555"
    dots = "".join(f'<circle cx="{x + px}" cy="{py}" r="{r}" fill="{fill}"/>' for px, py in PIPS[v])
    return f'<rect x="{x + 3}" y="3" width="94" height="94" rx="16" fill="#fffdf5" stroke="{stroke}" stroke-width="{6 if hl else 3}"/>{dots}'


def dice_svg(dice: list[int] | tuple[int, ...], label: str | None = None) -> str:
    w = 110 * len(dice)
    body = "".join(die_svg(v, 110 * i) for i, v in enumerate(dice))
    lab = escape(label if label is not None else " ".join(map(str, dice)), quote=True)
    return f'<svg xmlns="http://www.w3.org/2000/svg" class="dawei-dice-svg" viewBox="0 0 {w} 100" role="img" aria-label="{lab}">{body}</svg>'


def sticks_svg(lang: str = "zh", counts: dict[str, int] | None = None) -> str:
    """The whole set: one stick per kind drawn to scale (1 cm = 20 units), with count and 柱.

    ``counts`` (stick id -> how many) replaces the full set's counts, e.g. to draw a pool.
    """
    scale = 20
    gap = 12
    left = 150
    y: float = 10
    parts: list[str] = []
    width = left + 20 * scale + 230
    for a in ANIMALS:
        h = a.width_cm * scale
        w = a.length_cm * scale
        n = a.count if counts is None else counts.get(a.id, 0)
        name = a.zh if lang == "zh" else a.en
        opacity = "1" if n > 0 else "0.25"
        parts.append(
            f'<g class="stick stick-{a.id}" opacity="{opacity}">'
            f'<text x="{left - 10}" y="{y + h / 2 + 5:.1f}" text-anchor="end" font-size="15">{escape(name)}</text>'
            f'<rect x="{left}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="4" fill="#e8d3a2" stroke="#8d6e3f" stroke-width="1.5"/>'
            f'<text x="{left + w / 2:.1f}" y="{y + h / 2 + 5:.1f}" text-anchor="middle" font-size="{max(9, min(15, h - 4)):.0f}" fill="#5d4037">{a.zhu}</text>'
            f'<text x="{left + w + 10:.1f}" y="{y + h / 2 + 5:.1f}" font-size="14">× {n} = {a.zhu * n} 柱</text>'
            "</g>"
        )
        y += h + gap
    title = "打围的十种签（按比例）" if lang == "zh" else "The ten kinds of stick in dawei, drawn to scale"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="dawei-sticks-svg" viewBox="0 0 {width} {y + 4:.0f}" role="img" aria-label="{escape(title)}">'
        f"<title>{escape(title)}</title>{''.join(parts)}</svg>"
    )
