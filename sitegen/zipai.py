"""Build-time views of a 跑胡子 / 下灌字牌 hand at the table (the engine's ``play`` action).

``WIDGETS["zipai-table"]``: the table of a seeded deal as the reader (the dealer) first sees it,
drawn before Python is ready by the view functions of ``views/zipai.py``; in the browser the same
functions, run in Pyodide, draw every later answer (``widgets/zipai.js`` only inserts it and wires it).

``TABLES``:
- ``zipai-snapshot`` — the table part-way through a seeded hand played by the computer (a diagram of a turn);
- ``zipai-narration`` — a whole seeded hand, deal to settlement, move by move, each move linked to its rule;
- ``zipai-rules`` — the rules the log names, each with its anchor (``#rule-<id>``), for the links above.
"""

from __future__ import annotations

from html import escape as e
from typing import Any
from collections.abc import Callable

from engine.api import handle
from engine.paohuzi.cards import parse_card
from engine.paohuzi.play import MAX_HANDS
from engine.paohuzi.request import MAX_ACTIONS, MAX_SEED
from views.draw.paohuzi import LESSON_HEIGHT, lesson_chip_svg
from views.zipai import Draw, live, one_language
from engine.paohuzi.ai import choose
from engine.paohuzi.request import config_of
from engine.paohuzi.state import new_hand
from engine.paohuzi.views import view
from engine.paohuzi.table import RULES

#: the page every rule link of the log points to (relative to a page's own folder)
RULES_PAGE = {"paohuzi": "../turn/", "yezi": "../../paohuzi/turn/"}


def T(lang: str) -> Callable[[str, str], str]:
    return lambda zh, en: zh if lang == "zh" else en


def play(**req: Any) -> dict[str, Any]:
    a = handle({"game": "paohuzi", "action": "play", **req})
    if not a.get("ok"):
        raise ValueError(a)
    return a


#: on the narrated-game pages (snapshots, the whole hand told move by move) and at the live table cards are drawn
#: as in the lessons (views/zipai.py): 32 CSS px wide, characters 24 px high, with the Arabic numeral and big/small
#: on English pages
NARRATED_HEIGHT = LESSON_HEIGHT


def card_name(code: str, lang: str) -> str:
    c = parse_card(code)
    return code if c is None else (c.zh if lang == "zh" else c.en)


def name(d: dict[str, Any], lang: str) -> str:
    return e(d["zh"] if lang == "zh" else d["en"])


def match_controls(lang: str, table: str) -> str:
    """A match at the table: several hands, the winner dealing the next (抢庄), a running match sheet; 打鸟 at four seats."""
    t = T(lang)
    opts = "".join(f'<option value="{n}"{" selected" if n == 4 else ""}>{t(f"{n} 局", f"{n} hands")}</option>' for n in range(2, MAX_HANDS + 1))
    bird = (f'<label class="zp-match-bird"><input type="checkbox" data-role="match-birds" disabled> '
            f'{t("加一位打鸟的人（第五人，跟最后一张底牌指的那一家共输赢）", "Add a fifth player who bets as a bird (sharing the fate of the seat the last stock card names)")}</label>'
            if table == "four" else "")
    return (f'<div class="zp-match-controls"><label>{t("比赛局数", "Hands in a match")} <select data-role="match-hands" disabled>{opts}</select></label> '
            f'{bird} <button type="button" class="hw-btn" data-role="match-start" disabled>{t("开始一场比赛", "Start a match")}</button> '
            f'<button type="button" class="hw-btn" data-role="match-stop" hidden disabled>{t("回到单局练习", "Back to single hands")}</button></div>'
            f'<div class="zp-match" data-role="match" hidden></div>')


def table_widget(lang: str, params: dict[str, Any]) -> str:
    """The table of a seeded deal as the reader (the dealer) first sees it: drawn by the same view functions
    (views/zipai.py) as every live answer in the browser, with its buttons disabled until Python is ready."""
    t = T(lang)
    variant = params.get("variant", "paohuzi")
    seed = int(params.get("seed", 1))
    table = params.get("table", "four" if variant == "paohuzi" else "three")
    a = play(variant=variant, seed=seed, table=table)
    d = Draw(lang, still=True, base=RULES_PAGE["paohuzi" if variant == "paohuzi" else "yezi"])
    parts = live(a, d)
    return (f'<div class="zp" data-variant="{variant}" data-max-moves="{MAX_ACTIONS}" data-max-hands="{MAX_HANDS}" data-max-seed="{MAX_SEED}">'
            f'<p class="zp-top"><span data-role="title" data-hand="{t("这一手牌", "This hand")}" data-match="{t("这一场比赛", "This match")}">{t("这一手牌", "This hand")}</span> '
            f'<button type="button" class="hw-btn" data-role="new" disabled>{t("换一手牌", "Deal another hand")}</button> '
            f'<button type="button" class="hw-btn" data-role="undo" disabled>{t("悔一步", "Take back a move")}</button></p>'
            f'{match_controls(lang, table)}'
            f'<div data-role="board">{parts["board"]}</div>'
            f'<p class="zp-refused" data-role="message"></p>'
            f'<div class="zp-actions" data-role="actions">{parts["actions"]}</div>'
            f'<div data-role="sheet-box"></div>'
            f'<div class="zp-since" data-role="since">{parts["since"]}</div>'
            f'<p class="hw-sr" data-role="status" aria-live="polite"></p>'
            f'<details class="zp-log"><summary>{t("牌局记录", "What happened so far")}</summary>'
            f'<ol data-role="log">{parts["log"]}</ol></details>'
            f'<div data-role="share"></div>'
            f'</div>')


# ---------------------------------------------------------------- generated tables


def snapshot(lang: str, params: dict[str, Any]) -> str:
    """The table of a seeded hand played by the computer for every seat, once its log has ``upto`` entries (seen by the dealer)."""
    variant = params.get("variant", "paohuzi")
    table = params.get("table", "four" if variant == "paohuzi" else "three")
    h = new_hand(int(params.get("seed", 1)), config_of({}, variant), table)
    upto = min(int(params.get("upto", 10)), 400)
    while len(h.log) < upto and not h.over:
        h.play(choose(h, h.pending()))
    a = view(h, 0, frozenset({1, 2}), table, variant)
    last = a["log"][-int(params.get("last", 3)):]
    base = params.get("base", "../turn/")
    d = Draw(lang, still=True, base=base)
    cap = d.log({**a, "log": last})
    return (f'<figure class="zp zp-snapshot">{d.table(a)}'
            f'<figcaption><ol class="zp-last">{cap}</ol></figcaption></figure>')


def narration(lang: str, params: dict[str, Any]) -> str:
    """A whole hand played by the computer for every seat: every move with its rule and the cards it names."""
    t = T(lang)
    variant = params.get("variant", "paohuzi")
    table = params.get("table", "four" if variant == "paohuzi" else "three")
    seed = int(params.get("seed", 1))
    a = play(variant=variant, seed=seed, table=table, computer=[0, 1, 2][: 2 if table == "two" else 3])
    base = params.get("base", "../turn/")
    rows = []
    for x in a["log"]:
        r = x["rule"]
        seat = a["seats"][x["seat"]] if x["seat"] is not None else None
        who = name(seat, lang) if seat else "—"
        c = parse_card(x["card"]) if x["card"] else None
        pic = one_language(lesson_chip_svg(c), lang).replace('aria-hidden="true"', f'role="img" aria-label="{card_name(x["card"], lang)}"', 1) if c else ""
        rows.append(f'<tr><td>{x["n"]}</td><td>{who}</td><td class="zp-pic">{pic}</td><td>{name(x, lang)}</td>'
                    f'<td><a href="{base}#rule-{r["id"]}">{e(r["zh"] if lang == "zh" else r["en"])}</a> <span class="zp-sec">§{e(r["section"])}</span></td></tr>')
    head = (f'<tr><th scope="col">{t("步", "move")}</th><th scope="col">{t("谁", "who")}</th><th scope="col">{t("牌", "card")}</th>'
            f'<th scope="col">{t("发生了什么", "what happened")}</th><th scope="col">{t("规则", "rule")}</th></tr>')
    d = Draw(lang, still=True, base=base)
    deal = "".join(d.dealt(s, groups_always=True) for s in a["seats"])
    return (f'<div class="zp zp-narration"><p>{t("牌局结束时各家的牌（手中剩下的与亮在桌上的）：", "Each seat at the end of the hand (cards left in hand and groups on the table):")}</p>'
            f'<div class="zp-ends">{deal}</div>'
            f'<div class="zp-scroll"><table class="zp-moves"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table></div>'
            f'{d.sheet(a)}</div>')


def rules_list(lang: str, params: dict[str, Any]) -> str:
    """Every rule the log can name, with the booklet's section and an anchor the log links to."""
    t = T(lang)
    rows = "".join(
        f'<tr id="rule-{rid}"><td>{e(zh if lang == "zh" else en)}</td><td>§{e(sec)}</td></tr>'
        for rid, (sec, zh, en) in RULES.items())
    return (f'<table class="zp-rules"><thead><tr><th scope="col">{t("规则", "rule")}</th><th scope="col">{t("书中章节", "booklet section")}</th>'
            f'</tr></thead><tbody>{rows}</tbody></table>')


WIDGETS = {"zipai-table": table_widget}
TABLES = {"zipai-snapshot": snapshot, "zipai-narration": narration, "zipai-rules": rules_list}
