"""跑胡子's hand widgets drawn from the engine's answers: the verdict on a hand (``hu``), what a ready hand
waits for (``waiting``) and the score sheet of a deal (``settle``).

The build draws each widget's first answer with these functions (``sitegen/paohuzi.py``) and the browser
draws every later answer with the same functions in Pyodide (``views.answer``); ``widgets/paohuzi.js``
only inserts the markup and wires the hand editor. Every text from an answer is escaped.
"""

from __future__ import annotations

from typing import Any

from engine.paohuzi.cards import parse_card
from engine.paohuzi.settle import SEAT_NAMES, SEATS
from engine.paohuzi.svg import card_svg

from .text import T, e

Answer = dict[str, Any]

#: heights of the cards drawn in an answer: a winning hand's groups, a card waited for
GROUP_HEIGHT = 72
WAIT_HEIGHT = 44


def cards(codes: list[str], lang: str, height: int) -> str:
    """Card faces in the page's language (English faces carry the Arabic numeral); a code that is no card is left out."""
    out = []
    for code in codes:
        c = parse_card(code)
        if c is not None:
            out.append(card_svg(c, height, arabic=lang == "en"))
    return "".join(out)


def named(x: dict[str, Any], lang: str) -> str:
    """A term in the reader's language; English gives the Chinese name beside it."""
    return x["zh"] if lang == "zh" else f"{x['en']} ({x['zh']})"


def reason(r: dict[str, Any], lang: str, base: str) -> str:
    """One reason a hand does not win, with a link to the rule that explains it (``base``: the 跑胡子 pages' folder)."""
    text = e(r[lang])
    rule = r.get("rule")
    if not rule:
        return text
    return f'{text}<a class="phz-rule" href="{e(base)}{e(rule["page"])}/#{e(rule["anchor"])}">{e(T(lang)("（规则）", " (the rule)"))}</a>'


def groups(gs: list[dict[str, Any]], lang: str, win_group: int = -1) -> str:
    t = T(lang)
    parts = []
    for k, g in enumerate(gs):
        cls = "phz-group" + (" phz-win" if k == win_group else "") + (" phz-open" if g["open"] else "")
        parts.append(f'<figure class="{cls}"><div class="phz-group-cards">{cards(g["cards"], lang, GROUP_HEIGHT)}</div>'
                     f'<figcaption>{e(g[lang])} · {int(g["huxi"])} {t("戏", "huxi")}</figcaption></figure>')
    return f'<div class="phz-groups">{"".join(parts)}</div>'


def verdict(a: Answer, lang: str, base: str = "../") -> str:
    """Whether the hand wins, how (or why not, each reason linked to its rule), and the sum that makes its score."""
    t = T(lang)
    best = a.get("best")
    if a["wins"]:
        ways = " + ".join(named(w, lang) for w in best["ways"])
        out = f'<p class="phz-verdict phz-yes" data-role="verdict">{e(t("胡牌：", "Wins: "))}{e(ways)}</p>'
    else:
        out = (f'<p class="phz-verdict phz-no" data-role="verdict">{e(t("不能胡：", "Does not win: "))}'
               + t("", " ").join(reason(r, lang, base) for r in a["reasons"]) + "</p>")
    if best:
        out += groups(best["groups"], lang, best.get("win_group", -1))
        fan = (t("、", ", ").join(named(f, lang) for f in best["fan"]) + f" ×{int(best['multiplier'])}") if best["fan"] else "—"
        rows = [
            (t("牌型胡息", "huxi of the groups"), str(int(best["huxi"]))),
            (t("自摸加戏", "self-draw bonus"), str(int(best["zimo_bonus"]))),
            (t("合计", "total"), f'<b data-role="total">{int(best["total"])}</b> {t("戏", "huxi")}'),
            (t("折等", "deng"), str(int(best["deng"]))),
            (t("番", "fan"), e(fan)),
            (t("红牌", "red cards"), str(int(best["red"]))),
            (t("得分（等 × 番）", "score (deng × fan)"), f'<b data-role="score">{int(best["score"])}</b>'),
        ]
        out += '<table class="phz-sum"><tbody>' + "".join(f"<tr><th>{e(k)}</th><td>{v}</td></tr>" for k, v in rows) + "</tbody></table>"
    return out


def waits(a: Answer, lang: str) -> str:
    """The cards a ready hand waits for, each with what it is worth drawn oneself and turned up by another."""
    t = T(lang)
    if not a["waits"]:
        return f'<p class="phz-verdict phz-no" data-role="verdict">{e(t("没有落轿：没有一张牌能胡。", "Not ready: no card wins."))}</p>'

    def cell(w: dict[str, Any] | None) -> str:
        if not w:
            return "—"
        ways = " + ".join(named(x, lang) for x in w["ways"])
        fan = f" ×{int(w['multiplier'])}" if w["multiplier"] > 1 else ""
        return f'{int(w["total"])} {t("戏", "huxi")} · {int(w["deng"])} {t("等", "deng")}{fan} · {e(ways)}'

    n = len(a["waits"])
    ready = t(f"落轿：等 {n} 种牌。", "Ready: waiting for one card." if n == 1 else f"Ready: waiting for any of {n} different cards.")
    rows = "".join(f'<tr data-card="{e(w["card"])}"><td>{cards([w["card"]], lang, WAIT_HEIGHT)}</td><td>{cell(w["self"])}</td><td>{cell(w["other"])}</td></tr>'
                   for w in a["waits"])
    return (f'<p class="phz-verdict phz-yes" data-role="verdict">{e(ready)}</p>'
            f'<table class="phz-waits"><thead><tr><th>{e(t("牌", "card"))}</th><th>{e(t("自摸", "own draw"))}</th>'
            f'<th>{e(t("别人翻出", "another turns it"))}</th></tr></thead><tbody>{rows}</tbody></table>')


def sheet(a: Answer, lang: str) -> str:
    """The score sheet of a deal: each line (the win, each penalty) with what it moves between the seats, and the totals."""
    t = T(lang)

    def sign(v: int) -> str:
        return f"{v:+d}" if v else "0"

    head = "".join(f"<th>{e(SEAT_NAMES[s][0] if lang == 'zh' else SEAT_NAMES[s][1] + ' ' + SEAT_NAMES[s][0])}</th>" for s in SEATS)
    lines = ""
    for ln in a["lines"]:
        cells = "".join(f"<td>{sign(int(ln['delta'][s]))}</td>" if ln["delta"].get(s) else "<td></td>" for s in SEATS)
        lines += f'<tr><td class="phz-line">{e(ln[lang])}</td>{cells}</tr>'
    total = "".join(f'<td data-seat="{s}"><b>{sign(int(a["scores"][s]))}</b></td>' for s in SEATS)
    return (f'<table class="phz-sheet"><thead><tr><th></th>{head}</tr></thead><tbody>{lines}</tbody>'
            f'<tfoot><tr><th>{e(t("本局得分", "score of the deal"))}</th>{total}</tr></tfoot></table>')


def error(a: Answer, lang: str) -> str:
    """The engine's refusal, in the result's place."""
    return f'<p class="phz-verdict phz-no hw-error" data-role="verdict">{e(a["error"][lang])}</p>'
