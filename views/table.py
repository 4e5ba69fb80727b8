"""A table for several people at one device (issue 42), drawn from the ``table.play`` answer of any game.

``widgets/together.js`` asks for this view with the players' ``names`` (one a seat) and inserts its parts:
``status`` (whose turn it is, by name), ``actions`` (one button for each lawful move of the seat looking, named by
the move's words) and ``result`` (the settlement, each person by name). Nothing here asks which game it is: the
words are the engine's. Every text is escaped.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.registry import seat_names

from .text import T, e

Answer = dict[str, Any]


def names_of(req: dict[str, Any], n: int, lang: str) -> list[str]:
    """The players' names the request gives (at most ``n``, each a short line), the seat's name where one is missing."""
    given = req.get("names")
    given = given if isinstance(given, list) else []
    seats = seat_names(n)
    out = []
    for s in range(n):
        x = given[s] if s < len(given) else None
        if isinstance(x, str) and 0 < len(x.strip()) <= 40:
            out.append(x.strip())
        else:
            out.append(seats[s][0] + "家" if lang == "zh" else seats[s][1])
    return out


def who(a: Answer, name: str, seat: int, n: int, lang: str) -> str:
    """A player by name, with the seat beside it as the game's sentences name it: 小明（甲家）, Ming (seat A), 小明（庄家）."""
    seats = a.get("seats")
    if isinstance(seats, list) and seat < len(seats):
        words = str(seats[seat][lang])
    else:
        z, en = seat_names(n)[seat]
        words = f"{z}家" if lang == "zh" else f"seat {en}"
    z, en = seat_names(n)[seat]
    if name.strip() in ("", words, z, f"{z}家", en):  # no name given but the seat's own: said once (甲家, not 甲家（甲家）)
        return words
    return f"{name}（{words}）" if lang == "zh" else f"{name} ({words})"


def _seats(a: Answer) -> int:
    obs = a.get("observation") or {}
    for k in ("hand_counts", "holdings", "seats", "split_done"):
        if isinstance(obs.get(k), list):
            return len(obs[k])
    return int(a["viewer"]) + 1


def parts(a: Answer, req: dict[str, Any]) -> dict[str, str]:
    """The status line, the seat's moves as buttons, and the settlement once the game is over."""
    lang = req["lang"]
    t = T(lang)
    n = req.get("seats")
    n = n if isinstance(n, int) and not isinstance(n, bool) and 0 < n <= 16 else _seats(a)
    names = names_of(req, n, lang)
    out = {"status": "", "actions": "", "result": ""}
    p = a.get("to_move")
    if a["over"]:
        out["status"] = f'<p class="tg-turn">{e(t("这一局打完了。", "This game is over."))}</p>'
        rows = []
        for s, r in sorted(enumerate(a["returns"]), key=lambda x: -Fraction(str(x[1]))):
            v = Fraction(str(r))
            sign = "+" if v > 0 else ""
            rows.append(f"<li>{e(who(a, names[s], s, n, lang))}：{e(sign + str(r))}</li>" if lang == "zh"
                        else f"<li>{e(who(a, names[s], s, n, lang))}: {e(sign + str(r))}</li>")
        out["result"] = (f'<h3 class="tg-head" tabindex="-1">{e(t("结算：各人的输赢", "Settlement: what each person won or lost"))}</h3>'
                         f'<ul class="tg-returns">{"".join(rows)}</ul>')
        return out
    if isinstance(p, int) and 0 <= p < n:
        out["status"] = f'<p class="tg-turn">{e(t(f"轮到{who(a, names[p], p, n, lang)}。", f"It is the turn of {who(a, names[p], p, n, lang)}."))}</p>'
    buttons = "".join(_entry(x["entry"], lang) if isinstance(x.get("entry"), dict) else
                      f'<button type="button" class="hw-btn tg-act" data-action="{e(x["id"])}">{e(x[lang])}</button>' for x in a["actions"])
    label = t("你现在可以走的每一步", "Each move you can make now")
    out["actions"] = f'<div class="tg-acts" role="group" aria-label="{e(label)}">{buttons}</div>' if buttons else ""
    return out


def _entry(entry: dict[str, Any], lang: str) -> str:
    """A move a person fills in (打围's throw of real dice): one labelled number field a value, and its button; the
    widget plays ``before`` + the values + ``after``, and the engine refuses a wrong entry in words."""
    fields = "".join(
        f'<label class="tg-face">{e(f[lang])} <input type="number" inputmode="numeric" min="{int(f["lo"])}" max="{int(f["hi"])}" '
        f'step="1" data-face="{k}"></label>' for k, f in enumerate(entry["fields"]))
    return (f'<form class="tg-entry" novalidate data-before="{e(entry["before"])}" data-after="{e(entry["after"])}">'
            f'<fieldset><legend>{e(entry[lang])}</legend>{fields} '
            f'<button type="submit" class="hw-btn tg-enter">{e(entry["go"][lang])}</button></fieldset></form>')
