"""Guides for a first reading, built from the engine: a narrated sample game and a one-page
quick reference per game (generated tables ``guide-<game>-sample`` and ``guide-<game>-quickref``).

Every move, drawing, value and payment below comes from the engine at build time; nothing about
the rules is typed here except the words that join the engine's answers into sentences.
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any, Callable

from engine.api import handle
from engine.dawei.game import Config, Game, break_even, policy
from engine.dawei.sticks import ANIMALS
from engine.dawei.svg import dice_svg, sticks_svg
from engine.dawei.throws import classify

E = html.escape


def t(lang: str, zh: str, en: str) -> str:
    return en if lang == "en" else zh


def _link(href: str, text: str) -> str:
    return f'<a class="guide-rule" href="{href}">{E(text)}</a>'


# ------------------------------------------------------------------ 打围: a narrated game


def dawei_steps(players: int, seed: int) -> tuple[Game, list[dict[str, Any]]]:
    """Play a game as the computer plays every seat; each log entry with the phase it was made in
    and, after the action that wrote it, the pool and each seat's 柱."""
    g = Game(Config(players=players, seed=seed))
    out: list[dict[str, Any]] = []

    def collect(phase_before: str, action: str) -> None:
        for x in g.log[len(out):]:
            out.append({"entry": x, "phase": phase_before, "pool": dict(g.pool), "zhu": [g.zhu(s) for s in range(g.n)],
                        "plain": action == "throw" and not g.pending})

    collect("start", "")
    for _ in range(200_000):
        if g.is_terminal():
            break
        phase = g.phase
        action = policy(g)
        g.apply(action)
        collect(phase, action)
    return g, out


def _seats_zh_en(g: Game, s: int, lang: str) -> str:
    from engine.dawei.game import seat_en, seat_zh

    return seat_en(s) if lang == "en" else seat_zh(s)


def _dawei_rule(phase: str, dice: tuple[int, ...], lang: str) -> str:
    if phase == "split":
        return _link("../split/#split-rules", t(lang, "规则：分掷", "rule: the split throws"))
    p = classify(dice)
    if p.id == "straight":
        return _link("../fox/#sequence", t(lang, "规则：顺（狐狸）", "rule: the straight (fox)"))
    if p.special:
        return _link("../special/", t(lang, f"规则：{p.zh}", f"rule: {p.en}"))
    return _link("../main/#patterns", t(lang, f"规则：{p.zh}", f"rule: {p.en} ({p.zh})"))


def dawei_sample(lang: str, params: dict[str, Any]) -> str:
    """The whole game in words: blank throws grouped, dice drawn for throws that take something,
    the pool drawn at the start and when the split phase begins, the settlement line by line."""
    players = int(params.get("players", 4))
    seed = int(params.get("seed", 3))
    g, steps = dawei_steps(players, seed)
    seat = lambda s: _seats_zh_en(g, s, lang)  # noqa: E731
    parts: list[str] = [
        f'<p class="guide-head">{t(lang, f"种子 {seed}，{players} 人，四家都由电脑来掷；共 {g.turn_no} 手。", f"Seed {seed}, {players} players, the computer throwing for every seat: {g.turn_no} turns in all.")}</p>',
        f'<h3 id="guide-start">{t(lang, "开局：场上的签", "The start: the sticks in the pool")}</h3>',
        f'<figure class="guide-pool">{sticks_svg(lang, {a.id: a.count for a in ANIMALS})}</figure>',
    ]
    items: list[str] = []
    blanks: list[dict[str, Any]] = []
    notes: list[str] = []
    prev_zhu = [0] * players

    def flush_blanks() -> None:
        if not blanks:
            return
        turns = [b["entry"].turn for b in blanks]
        who = t(lang, "、", ", ").join(seat(b["entry"].seat) for b in blanks)
        span = f"{turns[0]}" if len(turns) == 1 else f"{turns[0]}–{turns[-1]}"
        text = t(lang, f"第 {span} 手：{who}掷出无所得。", f"Turn{'s' if len(turns) > 1 else ''} {span}: {who} take{'s' if len(turns) == 1 else ''} nothing.")
        items.append(f'<li class="guide-blank" data-turns="{span}">{E(text)}</li>')
        blanks.clear()

    def close_list() -> None:
        flush_blanks()
        if items:
            parts.append('<ol class="guide-moves">' + "".join(items) + "</ol>")
            items.clear()

    for st in steps:
        x = st["entry"]
        text = x.en if lang == "en" else x.zh
        if x.turn == 0:
            parts.append(f'<p class="guide-call">{E(text)}</p>')
            continue
        if x.dice is None:
            if x.seat is None:
                close_list()
                if "split" in x.en:
                    parts.append(f'<h3 id="guide-split">{t(lang, "分掷开始", "The split phase begins")}</h3><p>{E(text)} '
                                 f'{_link("../split/#split-rules", t(lang, "规则：分掷", "rule: the split throws"))}</p>')
                    parts.append(f'<figure class="guide-pool">{sticks_svg(lang, st["pool"])}</figure>')
                else:
                    parts.append(f'<h3 id="guide-end">{E(text)}</h3>')
            else:
                notes.append(text)
            continue
        took = st["zhu"] != prev_zhu
        prev_zhu = list(st["zhu"])
        if not took and not notes and st["plain"]:
            blanks.append(st)
            continue
        flush_blanks()
        dw = " ".join(map(str, x.dice))
        note = "".join(f'<span class="guide-note">{E(n)} {_link("../special/#smaller-sticks", t(lang, "规则：以小签凑数", "rule: paid in smaller sticks"))}</span>' for n in notes)
        notes.clear()
        zhu = t(lang, f"{seat(x.seat)}现有 {st['zhu'][x.seat]} 柱", f"{seat(x.seat)} now holds {st['zhu'][x.seat]} 柱") if took else ""
        items.append(
            f'<li class="guide-take" data-turn="{x.turn}" data-dice="{dw}">'
            f'<span class="guide-dice">{dice_svg(x.dice, dw)}</span>'
            f'<span class="guide-text">{t(lang, f"第 {x.turn} 手", f"Turn {x.turn}")}{t(lang, "：", ": ")}{E(text)} '
            f'{_link_rule(st, lang)}{" · " + E(zhu) if zhu else ""}{note}</span></li>'
        )
    close_list()
    parts.append(_dawei_settlement(g, lang))
    return '<div class="guide-sample guide-dawei">' + "".join(parts) + "</div>"


def _link_rule(st: dict[str, Any], lang: str) -> str:
    return _dawei_rule(st["phase"], st["entry"].dice, lang)


def _dawei_settlement(g: Game, lang: str) -> str:
    n = g.n
    be = break_even(n, g.rules)
    nets = g.settlement()
    seat = lambda s: _seats_zh_en(g, s, lang)  # noqa: E731
    head = "".join(f"<th>{E(t(lang, a.zh, a.en))}<br><small>{a.zhu} 柱</small></th>" for a in ANIMALS)
    rows = []
    for s in range(n):
        h = g.holdings[s]
        star = " ★" if g.banker == s else ""
        rows.append(f"<tr><th>{E(seat(s))}{star}</th>" + "".join(f"<td>{h[a.id] or ''}</td>" for a in ANIMALS) + f"<td>{g.zhu(s)}</td></tr>")
    table = (f'<div class="guide-scroll"><table class="guide-table"><thead><tr><th></th>{head}<th>柱</th></tr></thead>'
             f'<tbody>{"".join(rows)}</tbody></table></div>')
    lines: list[str] = []
    for s in range(n):
        h = g.holdings[s]
        sum_txt = " + ".join(f"{h[a.id]}×{a.zhu}" for a in ANIMALS if h[a.id]) or "0"
        lines.append(t(lang, f"{seat(s)}：{sum_txt} = {g.zhu(s)} 柱。", f"{seat(s)}: {sum_txt} = {g.zhu(s)} 柱."))
    be_txt = f"{float(be):g}"
    if g.end_reason == "pool_empty" and g.banker is not None:
        lines.append(t(lang, f"{n} 人打，保本数是 {be_txt} 柱；闲家各与庄家（★ {seat(g.banker)}）结算：",
                       f"With {n} players the break-even is {be_txt} 柱; each of the others settles with the banker (★ {seat(g.banker)}):"))
        others = [s for s in range(n) if s != g.banker]
        for s in others:
            d = nets[s]
            verb = t(lang, "赢" if d > 0 else ("输" if d < 0 else "不输不赢"), "wins" if d > 0 else ("loses" if d < 0 else "is even"))
            lines.append(t(lang, f"{seat(s)}：{g.zhu(s)} − {be_txt} = {float(d):+g}，{verb}。", f"{seat(s)}: {g.zhu(s)} − {be_txt} = {float(d):+g}, {verb}."))
        terms = " ".join(f"{'+' if nets[s] <= 0 else '−'} {abs(float(nets[s])):g}" for s in others).lstrip("+ ")
        lines.append(t(lang, f"庄家{seat(g.banker)}收付其余：{terms} = {float(nets[g.banker]):+g}。",
                       f"The banker {seat(g.banker)} takes up the rest: {terms} = {float(nets[g.banker]):+g}."))
    else:
        words = {"zh": "", "en": ""}
        lines.append(t(lang, f"本局以特殊方式结束，结果：", "The game ended in a special way; the results:") + words[lang])
        lines += [f"{seat(s)}: {float(nets[s]):+g}" for s in range(n)]
    lines.append(t(lang, f"合计：{' + '.join(f'({float(x):+g})' for x in nets)} = {float(sum(nets, Fraction(0))):g}。",
                   f"In all: {' + '.join(f'({float(x):+g})' for x in nets)} = {float(sum(nets, Fraction(0))):g}."))
    return (f'<h3 id="guide-settle">{t(lang, "结算", "Settlement")}</h3>{table}<ol class="guide-settle">'
            + "".join(f"<li>{E(ln)}</li>" for ln in lines) + "</ol>"
            + f'<p>{_link("../settlement/#break-even", t(lang, "规则：保本数与结算", "rule: break-even and settlement"))}</p>')


TABLES: dict[str, Callable[[str, dict[str, Any]], str]] = {
    "guide-dawei-sample": dawei_sample,
}
