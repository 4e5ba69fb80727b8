"""打围 drawn from the engine's answers: the split phase (``split``: the first throw's dice, what it does by itself,
the ways it opens, one button each with the second throw it needs and its chance, and once a second throw is made,
its dice and what it gave) and a game at the table (``play``: whose throw it is, the reader's last throw, the
computer seats' throws since, the pool and each player's sticks, the whole log).

The build draws the widgets' first answers with these functions (``sitegen/dawei.py``, ``still``: the buttons
disabled until Python is ready) and the reader's browser draws every later answer with the same functions in
Pyodide (``views.answer``); ``widgets/dawei.js`` only inserts the markup and wires the dice and buttons.
Every text from an answer is escaped.
"""

from __future__ import annotations

from typing import Any

from engine.dawei.actions import WORDS

from .text import e

Answer = dict[str, Any]

#: the parts of the split widget redrawn from an answer (``data-role`` of its box → markup)
PARTS = ("first", "direct", "openings", "second", "outcome")


def pct(ways: int, of: int) -> str:
    return f"{100 * ways / of:.3f}%"


def openings(a: Answer, lang: str, still: bool = False) -> str:
    """One button a way the first throw opens: the way, what it takes, the second throw it needs and its chance."""
    needs = "须有" if lang == "zh" else "needs"
    off = " disabled" if still else ""
    return "".join(
        f'<button type="button" class="hw-btn" data-choice="{e(o["key"])}"{off}>{e(o[lang])} → {e(o["target_words"][lang])}'
        f' · {needs} {e(o["need"][lang])} · {pct(int(o["ways"]), int(o["of"]))}</button>'
        for o in a["openings"]
    )


def split(a: Answer, lang: str, still: bool = False) -> dict[str, str]:
    """Every part of the split widget drawn from one answer (the second throw's parts empty before it is made)."""
    return {
        "first": a["first_svg"],
        "direct": e(a["direct"][lang]),
        "openings": openings(a, lang, still),
        "second": a.get("second_svg") or "",
        "outcome": e(a["outcome"][lang]) if a.get("outcome") else "",
    }


def num(x: Any) -> str:
    """A number as the page writes it: a whole one without a decimal point."""
    return str(int(x)) if isinstance(x, float) and x.is_integer() else str(x)


def _word(key: str, lang: str) -> str:
    zh, en = WORDS[key]
    return zh if lang == "zh" else en


def status(a: Answer, lang: str) -> str:
    """Whose throw it is and in which phase, or how the game ended and the break-even."""
    if a["terminal"]:
        end = e(a["end_words"][lang])
        return (f"本局结束（{end}）· 保本 {num(a['break_even'])} {_word('zhu', lang)}" if lang == "zh"
                else f"Game over ({end}) · break-even {num(a['break_even'])} {_word('zhu', lang)}")
    seat, phase = e(a["seats"][a["current"]][lang]), e(a["phase_words"][lang])
    return f"第 {int(a['turn'])} 手 · {phase} · 轮到{seat}" if lang == "zh" else f"Turn {int(a['turn'])} · {phase} · {seat} to throw"


def log_item(x: dict[str, Any], lang: str) -> str:
    """One line of a game's log, with the dice of its throw."""
    dice = (f'<span class="dice" role="img" aria-label="{e(x["dice_words"][lang])}">[{" ".join(num(d) for d in x["dice"])}]</span>'
            if x.get("dice") else "")
    return f"<li>{e(x[lang])}{dice}</li>"


def board(a: Answer, lang: str) -> str:
    """The pool and every player's sticks as one table, with each player's 柱 and, at the end, result."""
    t = (lambda zh, en: zh) if lang == "zh" else (lambda zh, en: en)
    sticks = a["sticks"]
    head = "".join(f"<th>{e(st[lang])}<br><small>{num(st['zhu'])}</small></th>" for st in sticks)
    pool = (f'<tr class="pool"><th>{t("场上", "Pool")}</th>' + "".join(f"<td>{num(a['pool'][st['id']])}</td>" for st in sticks)
            + f'<td data-role="pool-zhu">{num(a["pool_zhu"])}</td><td></td></tr>')
    rows = []
    net = a.get("net")
    for s, h in enumerate(a["holdings"]):
        seat = a["seats"][s]
        name = e(seat[lang]) + (t("（你）", " (you)") if seat.get("human") else t("（电脑）", " (computer)"))
        if a.get("banker") == s:
            name += t(f" ★{_word('banker', 'zh')}", f" ★ {_word('banker', 'en')}")
        cls = ' class="current"' if s == a["current"] and not a["terminal"] else ""
        result = "" if not net else ("+" if net[s] > 0 else "") + num(net[s])
        rows.append(f'<tr data-seat="{s}"{cls}><th>{name}</th>' + "".join(f"<td>{num(h[st['id']]) if h.get(st['id']) else ''}</td>" for st in sticks)
                    + f'<td data-role="zhu">{num(a["zhu"][s])}</td><td data-role="net">{result}</td></tr>')
    return (f'<div class="dawei-board" tabindex="0" role="region" aria-label="{t("场上与各家的签", "The pool and each player’s sticks")}">'
            f'<table class="dawei-board-table"><thead><tr><th></th>{head}<th>{_word("zhu", lang)}</th><th>{t("输赢", "result")}</th></tr></thead>'
            f'<tbody>{pool}{"".join(rows)}</tbody></table></div>')


def game(a: Answer, lang: str) -> dict[str, str]:
    """Every part of the game widget drawn from one answer (``data-role`` of its box → markup)."""
    own = a.get("own")
    others = "".join(log_item(x, lang) for x in a["since_own"]) or f"<li>{'（无）' if lang == 'zh' else '(none)'}</li>"
    return {
        "status": status(a, lang),
        "dice": own["svg"] if own else "",
        "own-text": e(own[lang]) if own else ("你还没有掷。" if lang == "zh" else "You have not thrown yet."),
        "others": others,
        "board": board(a, lang),
        "log": "".join(log_item(x, lang) for x in reversed(a["log"])),
    }
