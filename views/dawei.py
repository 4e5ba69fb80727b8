"""打围 drawn from the engine's answers: one throw read (``throw``: its dice, the pattern, what it takes and the chance
of the throw and of its pattern, the patterns it also fits), the split phase (``split``: the first throw's dice, what it does by itself,
the ways it opens, one button each with the second throw it needs and its chance, and once a second throw is made,
its dice and what it gave) and a game at the table (``play``: whose throw it is, the reader's last throw, the
computer seats' throws since, the pool and each player's sticks, the whole log), a game refereed at a real table
(``referee``: whose throw it is, the last entry, the settlement, the sticks, every entry) and a simulation's spread of
results (``simulate``: the figure and the summary of every game simulated so far).

The build draws the widgets' first answers with these functions (``sitegen/dawei.py``, ``still``: the buttons
disabled until Python is ready) and the reader's browser draws every later answer with the same functions in
Pyodide (``views.answer``); ``widgets/dawei.js`` and ``widgets/dawei-referee.js`` only insert the markup and wire
the dice, the keys and the buttons.
Every text from an answer is escaped.
"""

from __future__ import annotations

from typing import Any

from engine.dawei.actions import END_WORDS, WORDS
from engine.dawei.answer import dice_words

from .draw.dawei import dice_svg, die_svg, sticks_svg

from .text import T, e

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


def throw(a: Answer, lang: str) -> dict[str, str]:
    """The dice widget's parts from a ``classify`` (or ``roll``) answer: the dice, the pattern with what it takes, the
    chance of this very throw and of its pattern in all, and the patterns the throw also fits (precedence takes the first)."""
    t = T(lang)
    of, pw = int(a["of"]), int(a["pattern_ways"])
    result = (f'{t("色面：", "Pattern: ")}<strong data-role="pattern" data-id="{e(a["pattern"]["id"])}">{e(a["pattern"][lang])}</strong>'
              f' · {t("得", "takes")} <span data-role="awards" data-awards="{e(" ".join(a["awards"]))}">{e(a["takes"][lang])}</span>'
              f' · {t("此掷概率", "this throw")} <span data-role="odds">{int(a["ways"])}/{of}</span>'
              f' · {t("此色面合计", "this pattern in all")} <span data-role="pattern-odds">{pw}/{of} = {pct(pw, of)}</span>')
    fits = a["also_fits"]
    names = "、".join(x["zh"] for x in fits) if lang == "zh" else ", ".join(x["en"] for x in fits)
    also = (e(t(f"此掷也合乎：{names}（按优先次序取前者）。", f"This throw also fits: {names} (precedence takes the first).")) if fits else "")
    dice = a["dice"]
    return {"dice": dice_svg(dice, f"{dice_words(dice, lang)}{t('：', ': ')}{a['pattern'][lang]}"), "result": result, "also": also}


def split(a: Answer, lang: str, still: bool = False) -> dict[str, str]:
    """Every part of the split widget drawn from one answer (the second throw's parts empty before it is made)."""
    return {
        "first": dice_svg(a["first"], dice_words(a["first"], lang)),
        "direct": e(a["direct"][lang]),
        "openings": openings(a, lang, still),
        "second": dice_svg(a["second"], dice_words(a["second"], lang)) if a.get("second") else "",
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


#: the id of each face drawn once on the page (:func:`faces`), which every throw of the game's log reuses
FACE_ID = "dawei-face-"


def faces() -> str:
    """The six faces of a die, drawn once for the game's table (each as a symbol its log's throws reuse)."""
    symbols = "".join(f'<symbol id="{FACE_ID}{v}" viewBox="0 0 100 100">{die_svg(v)}</symbol>' for v in range(1, 7))
    return f'<svg class="dawei-faces-defs" aria-hidden="true" focusable="false">{symbols}</svg>'


def thrown(dice: list[int], words: str) -> str:
    """A throw drawn as dice (the faces of :func:`faces`, reused), named in words for a screen reader. The faces are
    named with ``xlink:href``: the theme's instant navigation rewrites every ``[href]`` of the page, and an SVG
    ``<use>``'s ``href`` cannot be set."""
    uses = "".join(f'<use xlink:href="#{FACE_ID}{int(d)}" x="{110 * i}" width="100" height="100"/>' for i, d in enumerate(dice))
    return f'<svg class="dawei-thrown" viewBox="0 0 {110 * len(dice)} 100" role="img" aria-label="{e(words)}">{uses}</svg>'


def log_item(x: dict[str, Any], lang: str) -> str:
    """One line of a game's log, with the dice of its throw drawn (the computer's as the reader's)."""
    dice = thrown(x["dice"], x["dice_words"][lang]) if x.get("dice") else ""
    return f"<li>{e(x[lang])} {dice}</li>"


def board(a: Answer, lang: str, roles: bool = True) -> str:
    """The pool and every player's sticks as one table, with each player's 柱 and, at the end, result (``roles``:
    each seat says whether it is the reader's or the computer's, as at the game's table; a real table's seats do not)."""
    t = T(lang)
    sticks = a["sticks"]
    head = "".join(f"<th>{e(st[lang])}<br><small>{num(st['zhu'])}</small></th>" for st in sticks)
    pool = (f'<tr class="pool"><th>{t("场上", "Pool")}</th>' + "".join(f"<td>{num(a['pool'][st['id']])}</td>" for st in sticks)
            + f'<td data-role="pool-zhu">{num(a["pool_zhu"])}</td><td></td></tr>')
    rows = []
    net = a.get("net")
    for s, h in enumerate(a["holdings"]):
        seat = a["seats"][s]
        name = e(seat[lang]) + ((t("（你）", " (you)") if seat.get("human") else t("（电脑）", " (computer)")) if roles else "")
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
        "dice": dice_svg(own["dice"] or (), dice_words(own["dice"] or (), lang)) if own else "",
        "own-text": e(own[lang]) if own else ("你还没有掷。" if lang == "zh" else "You have not thrown yet."),
        "others": others,
        "board": board(a, lang),
        "log": "".join(log_item(x, lang) for x in reversed(a["log"])),
        "pool": sticks_svg(lang, a["pool"]),
    }


def entry(x: dict[str, Any], a: Answer, lang: str) -> str:
    """One entry at a real table: its number, who threw, what it did, and the dice entered."""
    dice = (f' <span class="dice" role="img" aria-label="{e(x["dice_words"][lang])}">[{" ".join(num(d) for d in x["dice"])}]</span>'
            if x.get("dice") else "")
    return f"{int(x['n'])}. {e(x[lang])}{dice}"  # the line names its thrower (by the family's name once given)


def settlement(a: Answer, lang: str) -> str:
    """A real table's settlement once the game is over: each player's result against break-even and why."""
    if not (a["terminal"] and a.get("settlement")):
        return ""
    zhu = _word("zhu", lang)
    head = (f"结算（保本 {num(a['break_even'])} {zhu}）" if lang == "zh" else f"Settlement (break-even {num(a['break_even'])} {zhu})")
    rows = "".join(
        f'<li data-seat="{int(s["seat"])}" data-net="{e(s["net_text"])}"><strong>{e(s[lang])} '
        f'{"" if s["net_text"].startswith("-") or s["net_text"] == "0" else "+"}{e(s["net_text"])}</strong> {e(s["verdict"][lang])}</li>'
        for s in a["settlement"]
    )
    return f'<p class="dawei-head">{head}</p><ul data-role="verdicts">{rows}</ul>'


def referee(a: Answer, lang: str) -> dict[str, str]:
    """Every part of the referee widget drawn from one ``referee`` answer (``data-role`` of its box → markup): whose
    throw it is, the last entry (before any, who throws first), the settlement, the sticks, every entry newest first."""
    entries = a["entries"]
    standing = " · ".join(f'<span data-seat="{int(s)}">{e(a["seats"][s][lang])} <b>{num(a["zhu"][s])}</b></span>' for s in range(len(a["seats"])))
    hist = a.get("history") or []
    return {
        "standing": f'<b>{e(_word("zhu", lang))}</b> {standing}',
        "history": "".join(f"<li>{e(h[lang])}</li>" for h in hist),
        "status": e(a["status"][lang]),
        "last": entry(entries[-1], a, lang) if entries else e(" ".join(x[lang] for x in a["opening"])),
        "settlement": settlement(a, lang),
        "board": board(a, lang, roles=False),
        "log": "".join(f"<li>{entry(x, a, lang)}</li>" for x in reversed(entries))
        + "".join(f"<li>{e(x[lang])}</li>" for x in reversed(a["opening"])),
    }


# ---------------------------------------------------------------- a simulation's spread of results (the simulate action)
#: the spread figure: its bars, and its size in CSS px
BINS = 24
FIG_W, FIG_H = 600, 220


def histogram(nets: list[float], lang: str, bins: int = BINS) -> str:
    """How each player's result is spread over the games, from losing (red) to winning (green), break-even marked."""
    t = T(lang)
    nets = [float(x) for x in nets]
    if not nets:
        return ""
    lo, hi = min(nets), max(nets)
    lo, hi = min(lo, -1), max(hi, 1)
    width = (hi - lo) / bins
    counts = [0] * bins
    for x in nets:
        counts[min(bins - 1, int((x - lo) / width))] += 1
    top = max(counts)
    W, H = FIG_W, FIG_H
    bars = "".join(
        f'<rect x="{40 + i * (W - 60) / bins:.1f}" y="{H - 30 - c / top * (H - 50):.1f}" width="{(W - 60) / bins - 2:.1f}" height="{c / top * (H - 50):.1f}" fill="{"#2e7d32" if lo + (i + 0.5) * width >= 0 else "#c62828"}"><title>{lo + i * width:.0f}…{lo + (i + 1) * width:.0f}: {c}</title></rect>'
        for i, c in enumerate(counts)
    )
    zero = 40 + (0 - lo) / (hi - lo) * (W - 60)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" class="dawei-hist" role="img" aria-label="{e(t("输赢分布", "spread of results"))}">'
        f"{bars}"
        f'<line x1="{zero:.1f}" y1="10" x2="{zero:.1f}" y2="{H - 25}" stroke="#555" stroke-dasharray="4 3"/>'
        f'<text x="{zero:.1f}" y="{H - 8}" text-anchor="middle" font-size="12">{e(t("保本", "break-even"))}</text>'
        f'<text x="40" y="{H - 8}" font-size="12">{lo:.0f}</text><text x="{W - 20}" y="{H - 8}" font-size="12" text-anchor="end">{hi:+.0f}</text>'
        "</svg>"
    )


def sim_summary(games: list[dict[str, Any]], players: int, be: float, lang: str) -> str:
    """The games simulated in words: how many, the break-even, how far results fall from it, turns, bankers, endings."""
    t = T(lang)
    n = len(games)
    nets = [float(x) for g in games for x in g["net"]]
    mean_abs = sum(abs(x) for x in nets) / len(nets)
    ends: dict[str, int] = {}
    for g in games:
        ends[str(g["end"])] = ends.get(str(g["end"]), 0) + 1
    end_names = {k: t(*v) for k, v in END_WORDS.items()}
    ends_txt = t("，", ", ").join(f"{end_names.get(k, k)} {v}" for k, v in ends.items())
    turns = sum(float(g["turns"]) for g in games) / n
    banker_share = sum(1 for g in games if g["banker"] is not None) / n
    zhu = WORDS["zhu"][0]
    be = float(be)
    return e(
        t(
            f"{n} 局 · {int(players)} 人 · 保本 {be:g} {zhu} · 平均每人偏离保本 {mean_abs:.1f} {zhu} · 平均 {turns:.0f} 手 · 有庄家 {100 * banker_share:.0f}% · 结局：{ends_txt}",
            f"{n} games · {int(players)} players · break-even {be:g} {zhu} · mean distance from break-even {mean_abs:.1f} {zhu} · {turns:.0f} turns on average · a banker in {100 * banker_share:.0f}% · endings: {ends_txt}",
        )
    )


def spread(games: list[dict[str, Any]], players: int, be: float, lang: str) -> dict[str, str]:
    """A simulation's results so far (every game simulated, the batches before this answer's included): the spread
    figure (``chart``) and the summary in words (``summary``)."""
    return {"chart": histogram([x for g in games for x in g["net"]], lang), "summary": sim_summary(games, players, be, lang)}
