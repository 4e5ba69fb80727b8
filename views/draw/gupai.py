"""SVG tile faces drawn from the model (in the manner of python-chess's board SVG).

A tile is an upright domino (one to two, viewBox 0 0 50 100) with two halves
split by a groove; each half shows its pips in the die layouts, red or black
as the tile's :class:`~engine.gupai.tiles.Half` says. No ids, gradients or
external references, so any number of tiles can sit in one page.
"""

from __future__ import annotations

from html import escape

from engine.gupai.tiles import BY_CODE, Half

RED = "#c0392b"
BLACK = "#1d1d1d"
BONE = "#f6f0e1"
EDGE = "#8a7653"
GROOVE = "#b9a57f"
BACK = "#3f5d4a"

# pip centres inside a 50 × 50 half
LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((25, 25),),
    2: ((15, 15), (35, 35)),
    3: ((13, 13), (25, 25), (37, 37)),
    4: ((15, 15), (35, 15), (15, 35), (35, 35)),
    5: ((14, 14), (36, 14), (25, 25), (14, 36), (36, 36)),
    6: ((16, 12), (34, 12), (16, 25), (34, 25), (16, 38), (34, 38)),
}


def _half(h: Half, y0: float) -> str:
    r = 8.0 if h.pips == 1 else 4.6
    out = []
    for (x, y), c in zip(LAYOUT[h.pips], h.colours):
        out.append(f'<circle cx="{x:g}" cy="{y + y0:g}" r="{r:g}" fill="{RED if c == "r" else BLACK}"/>')
    return "".join(out)


def tile_svg(code: str, width: int = 36, lang: str = "zh", face_up: bool = True) -> str:
    """One tile as an inline SVG string; ``face_up=False`` draws its back (a 垫)."""
    f = BY_CODE[code]
    label = (f.zh if lang == "zh" else f.en) if face_up else ("扣下的牌" if lang == "zh" else "a tile face down")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="gp-tile" data-tile="{code if face_up else "back"}" '
        f'width="{width}" height="{width * 2}" viewBox="0 0 50 100" role="img" aria-label="{escape(label)}">',
        f"<title>{escape(label)}</title>",
    ]
    if not face_up:
        parts.append(f'<rect x="1" y="1" width="48" height="98" rx="6" fill="{BACK}" stroke="{EDGE}" stroke-width="1.5"/>')
        parts.append("</svg>")
        return "".join(parts)
    parts.append(f'<rect x="1" y="1" width="48" height="98" rx="6" fill="{BONE}" stroke="{EDGE}" stroke-width="1.5"/>')
    parts.append(f'<line x1="6" y1="50" x2="44" y2="50" stroke="{GROOVE}" stroke-width="1.4"/>')
    parts.append(_half(f.top, 0))
    parts.append(_half(f.bottom, 50))
    parts.append("</svg>")
    return "".join(parts)


def tiles_svg(codes: list[str] | tuple[str, ...], width: int = 30, lang: str = "zh") -> str:
    return "".join(tile_svg(c, width, lang) for c in codes)
