"""Build-time views of a 跑胡子 / 下灌字牌 hand at the table (the engine's ``play`` action).

``WIDGETS["zipai-table"]``: the table of a seeded deal as the reader (the dealer) first sees it,
drawn before Python is ready; ``widgets/zipai.js`` redraws it from each answer with the same markup.

``TABLES``:
- ``zipai-snapshot`` — the table part-way through a seeded hand played by the computer (a diagram of a turn);
- ``zipai-narration`` — a whole seeded hand, deal to settlement, move by move, each move linked to its rule;
- ``zipai-rules`` — the rules the log names, each with its anchor (``#rule-<id>``), for the links above.
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from html import escape as e
from typing import Any, Callable, Optional

from engine.api import handle
from engine.paohuzi.cards import parse_card
from engine.paohuzi.svg import LESSON_HEIGHT, card_svg, lesson_card_svg, lesson_chip_svg

#: the page every rule link of the log points to (relative to a page's own folder)
RULES_PAGE = {"paohuzi": "../turn/", "yezi": "../../paohuzi/turn/"}


def T(lang: str) -> Callable[[str, str], str]:
    return lambda zh, en: zh if lang == "zh" else en


def play(**req: Any) -> dict[str, Any]:
    a = handle({"game": "paohuzi", "action": "play", **req})
    if not a.get("ok"):
        raise ValueError(a)
    return a


#: on the narrated-game pages (snapshots, the whole hand told move by move) cards are drawn as in the lessons:
#: 32 CSS px wide, characters 24 px high, with the Arabic numeral and big/small on English pages
_LESSON: ContextVar[bool] = ContextVar("zipai_lesson_cards", default=False)
NARRATED_HEIGHT = LESSON_HEIGHT


def one_language(svg: str, lang: str) -> str:
    """A lesson drawing for one language: the Arabic numeral and big/small only on English pages, the band across
    big cards only on Chinese ones. Drawn for the page's language rather than switched by the stylesheet, because a
    drawing repeated on a page is shared (sitegen/page_weight.py) and the stylesheet cannot reach inside a shared copy."""
    if lang == "zh":
        return re.sub(r'<g class="phz-en".*?</g>', "", svg, count=1, flags=re.S)
    return re.sub(r'<rect class="phz-band"[^>]*/>', "", svg, count=1)


def eff(height: int) -> int:
    """The height a card is drawn at (the narrated pages draw every card at :data:`NARRATED_HEIGHT`)."""
    return NARRATED_HEIGHT if _LESSON.get() else height


def card(code: Optional[str], lang: str, height: int, cls: str = "") -> str:
    c = parse_card(code) if code else None
    height = eff(height)
    if c is None:
        label = e(T(lang)("扣着的牌", "a card face down"))
        return f'<span class="zp-back{cls}" role="img" aria-label="{label}" style="height:{height}px;width:{round(height * 40 / 180)}px"></span>'
    if _LESSON.get():
        label = e(c.zh if lang == "zh" else c.en)
        svg = one_language(lesson_card_svg(c, height), lang).replace('aria-hidden="true"', f'role="img" aria-label="{label}"', 1)
    else:
        svg = card_svg(c, height, title=False, arabic=lang == "en", lang=lang)  # named in the page's language
    return svg.replace('class="phz-card', f'class="zp-card{cls} phz-card', 1) if cls else svg


def hidden_card(code: str, lang: str, height: int) -> str:
    """A card inside a button named by its words: the picture is hidden from screen readers."""
    return re.sub(r' role="img" aria-label="[^"]*"', ' aria-hidden="true"', card(code, lang, height), count=1)


def card_name(code: str, lang: str) -> str:
    c = parse_card(code)
    return code if c is None else (c.zh if lang == "zh" else c.en)


def name(d: dict[str, Any], lang: str) -> str:
    return e(d["zh"] if lang == "zh" else d["en"])


def group_html(g: dict[str, Any], lang: str, height: int = 64, under: Optional[str] = None) -> str:
    """One group; the card taken from the table (or, in a 比 group, the copy of it) lies under the others."""
    t = T(lang)
    cards = []
    taken_done = False
    low = g.get("taken") or (under if g.get("bi") else None)
    for c in g["cards"]:
        is_taken = not taken_done and low is not None and c == low
        taken_done = taken_done or is_taken
        cards.append((is_taken, c))
    # the card taken from the table lies under the others (the booklet's 练品)
    cards.sort(key=lambda x: x[0])
    inner = "".join(card(c, lang, height, " zp-taken" if tk else "") for tk, c in cards)
    hx = g.get("huxi")
    cap = name(g, lang) + (t("（比）", " (bi)") if g.get("bi") else "") + (
        t("（扣着）", " (face down)") if g["face"] == "down" and any(g["cards"]) else "") + ((" · " + str(hx) + t("戏", " huxi")) if hx else "")
    cls = "zp-group" + (" zp-bi" if g.get("bi") else "") + (" zp-down" if g["face"] == "down" else "")
    return f'<figure class="{cls}"><div class="zp-group-cards" style="--zp-overlap:-{round(eff(height) * 0.47)}px">{inner}</div><figcaption>{cap}</figcaption></figure>'


def groups_html(groups: list[dict[str, Any]], lang: str, height: int = 64) -> str:
    out, last = [], None
    for g in groups:
        out.append(group_html(g, lang, height, last))
        if not g.get("bi"):
            last = g.get("taken")
    return "".join(out)


PLACE = {"top": ("坐在你对面", "sits opposite you"), "right": ("坐在你右手边", "sits on your right"), "left": ("坐在你左手边", "sits on your left")}


def place(s: dict[str, Any], a: dict[str, Any]) -> str:
    """Where a seat sits seen from the reader: play passes to the next player (下家) on the reader's right."""
    me = next((x["seat"] for x in a["seats"] if x["you"]), None)
    n = len(a["seats"])
    if me is None or s["you"]:
        return ""
    if n == 2:
        return "top"
    return "right" if s["seat"] == (me + 1) % n else "left"


def seat_html(s: dict[str, Any], a: dict[str, Any], lang: str, big: bool) -> str:
    t = T(lang)
    where = place(s, a)
    who = name(s, lang) + (t("（你）", " (you)") if s["you"] else t("（电脑）", " (computer)") if s["computer"] else "")
    turn = a.get("to_move") == s["seat"] and not a["over"]
    n = s["hand_count"]
    count = t(f"手中 {n} 张", f"{n} cards in hand")
    head = (f'<p class="zp-seat-name">{who}{(" · " + t("轮到此家", "to move")) if turn else ""}</p>'
            + (f'<p class="zp-place">{t(*PLACE[where])}</p>' if where else "")
            + f'<p class="zp-count">{count}</p>')
    opened = groups_html(s["open"], lang)
    opened_html = (f'<div class="zp-open" role="group" aria-label="{t("亮在桌上的牌", "groups on the table")}">{opened}</div>' if opened else "")
    hand = ""
    if s["hand"] is not None and not big:
        hand = (f'<span class="zp-row-label">{t("手中剩下的牌", "Cards left in hand")}</span>'
                f'<div class="zp-hand-small">{"".join(card(c, lang, 48) for c in s["hand"])}</div>')
    row = "".join(card(r["card"], lang, 56) for r in s["row"])
    nxt = a["seats"][(s["seat"] + 1) % len(a["seats"])]
    row_html = (f'<div class="zp-row"><span class="zp-row-label">{t("打出、翻出后没人要的牌（放在此家与", "Cards let go (between this seat and ")}'
                f'{name(nxt, lang)}{t("之间）", ")")}</span><div class="zp-row-cards">{row}</div></div>' if row else "")
    cls = "zp-seat" + (" zp-you" if s["you"] else "") + (" zp-turn" if turn else "")
    pl = f' data-place="{where}"' if where else ""
    return f'<section class="{cls}" data-seat="{s["seat"]}"{pl}>{head}{opened_html}{hand}{row_html}</section>'


def centre_html(a: dict[str, Any], lang: str) -> str:
    t = T(lang)
    n = a["stock"]
    stock = t(f"底牌还剩 {n} 张", f"{n} cards left in the stock")
    parts = [f'<span class="zp-stock">{stock}</span>']
    if a.get("xing"):
        parts.append(f'<span class="zp-xing">{name(a["xing"], lang)}{t("坐在你对面，本局不打牌", " sits opposite you and plays no card this hand")}</span>')
    o = a.get("offer")
    ls = a.get("liang_shown")
    if ls and not (o and o["origin"] == "liang"):
        parts.append(f'<figure class="zp-liang" data-role="liang" data-card="{e(ls["card"])}">{card(ls["card"], lang, 56)}<figcaption>{name(ls, lang)}</figcaption></figure>')
    if o:
        frm = name(a["seats"][o["from"]], lang)
        how = {"stock": t("翻出", "turned up from the stock by"), "discard": t("打出", "discarded by"), "liang": t("亮张", "turned up for")}[o["origin"]]
        text = f"{frm}{how}" if lang == "zh" else f"{how} {frm}"
        parts.append(f'<figure class="zp-offer">{card(o["card"], lang, 72)}<figcaption>{t("桌上的牌：", "On offer: ")}{text}</figcaption></figure>')
    return f'<div class="zp-centre">{"".join(parts)}</div>'


def table_html(a: dict[str, Any], lang: str, static: bool = False) -> str:
    """The whole table from one answer; the reader's seat first and largest."""
    t = T(lang)
    you = next(s for s in a["seats"] if s["you"])
    others = [s for s in a["seats"] if not s["you"]]
    hand = ""
    if you["hand"] is not None:
        dis = " disabled" if static else ""
        hand = "".join(
            f'<button type="button" class="zp-hcard" data-card="{c}"{dis}>{hidden_card(c, lang, 88)}'
            f'<span class="hw-sr">{t("打出", "Discard the ")}{e(card_name(c, lang))}</span></button>' for c in you["hand"])
        hand = f'<div class="zp-hand" data-role="hand" role="group" aria-label="{t("你的手牌", "your hand")}">{hand}</div>'
    mine = seat_html(you, a, lang, True)
    return (f'<div class="zp-table zp-n{len(a["seats"])}">'
            f'<div class="zp-others">{"".join(seat_html(s, a, lang, False) for s in others)}</div>'
            f'{centre_html(a, lang)}'
            f'<div class="zp-mine">{mine}{hand}</div>'
            f'</div>')


def actions_html(a: dict[str, Any], lang: str, static: bool = False) -> str:
    t = T(lang)
    dis = " disabled" if static else ""
    btns = "".join(
        f'<button type="button" class="hw-btn zp-act" data-id="{e(x["id"])}"{dis}>{name(x, lang)}</button>'
        for x in a["actions"] if x["kind"] != "discard")
    if a["actions"] and any(x["kind"] == "discard" for x in a["actions"]):
        btns += f'<p class="zp-hint">{t("点手中的一张牌把它打出。", "Click a card of your hand to discard it.")}</p>'
    if a.get("waiting"):
        btns += f'<p class="zp-hint">{name(a["waiting"], lang)}</p>'
    return btns


def log_html(a: dict[str, Any], lang: str, base: str = "../turn/", start: int = 0) -> str:
    items = []
    for x in a["log"][start:]:
        r = x["rule"]
        link = f' <a class="zp-rule" href="{base}#rule-{r["id"]}">{e(r["zh"] if lang == "zh" else r["en"])}</a>'
        items.append(f'<li value="{x["n"]}">{name(x, lang)}{link}</li>')
    return "".join(items)


def layout_html(a: dict[str, Any], lang: str) -> str:
    """The hand laid out at the end (摊牌): the winner's groups and the sum that makes the sheet, or every hand after 荒."""
    t = T(lang)
    lay = (a.get("result") or {}).get("layout")
    if not lay:
        return ""
    h = f'<p class="zp-lay-head">{name(lay, lang)}</p>'
    if lay["groups"]:
        marked = False
        figs = []
        for g in lay["groups"]:
            inner = []
            for c in g["cards"]:
                win = g["win"] and not marked and c == lay["card"]
                marked = marked or win
                inner.append(card(c, lang, 64, " zp-win-card" if win else ""))
            cap = f'{name(g, lang)} · {g["huxi"]}{t("戏", " huxi")}' + (t("（胡的牌在这组）", " (the winning card is here)") if g["win"] else "")
            figs.append(f'<figure class="zp-group{" zp-win" if g["win"] else ""}" data-huxi="{g["huxi"]}"><div class="zp-group-cards" style="--zp-overlap:-{round(eff(64) * 0.47)}px">'
                        f'{"".join(inner)}</div><figcaption>{cap}</figcaption></figure>')
        h += f'<div class="zp-open zp-lay-groups" role="group" aria-label="{t("胡者摊开的牌", "the winner&#39;s cards laid out")}">{"".join(figs)}</div>'
        h += f'<ol class="zp-lay-sum" data-role="sum">{"".join(f"<li>{name(x, lang)}</li>" for x in lay["lines"])}</ol>'
    if lay.get("void"):
        h += f'<p class="zp-lay-void">{name(lay["void"], lang)}</p>'
    if lay["huang"]:
        for s in lay["hands"]:
            opened = f'<div class="zp-open">{groups_html(s["open"], lang, 48)}</div>' if s["open"] else ""
            h += (f'<div class="zp-dealt"><p class="zp-dealt-name">{name(s, lang)}</p>{opened}'
                  f'<div class="zp-hand-small">{"".join(card(c, lang, 48) for c in s["hand"])}</div></div>')
    return f'<section class="zp-layout" data-role="layout"><p class="zp-lay-title">{t("摊牌", "The hand laid out")}</p>{h}</section>'


def sheet_html(a: dict[str, Any], lang: str) -> str:
    t = T(lang)
    r = a["result"]
    if not r:
        return ""
    roles = {s["role"]: name(s, lang) for s in a["seats"]}
    if a.get("xing"):
        roles["xing"] = name(a["xing"], lang)
    if r["huang"]:
        head = t("荒牌：底牌翻完，没有人胡。", "No winner (huang): the stock ran out.")
    else:
        w = a["seats"][r["winner"]]
        head = t(f"{w['zh']}胡了。", f"{w['en'].capitalize()} wins.")
        if r.get("win"):
            b = r["win"]
            head += t(f"共 {b['total']} 戏。", f" {b['total']} huxi in all.")
    sh = r["sheet"]
    rows = "".join(f'<tr><th scope="row">{roles.get(k, e(k))}</th><td>{v:+d}</td></tr>' for k, v in sh["scores"].items())
    lines = "".join(f"<li>{name(line, lang)}</li>" for line in sh["lines"])
    return (f'<div class="zp-sheet" data-role="sheet"><p class="zp-verdict">{head}</p>{layout_html(a, lang)}'
            f'<table><caption>{t("本局得分", "Points this hand")}</caption><tbody>{rows}</tbody></table>'
            f'{f"<ul>{lines}</ul>" if lines else ""}</div>')


def match_controls(lang: str, table: str) -> str:
    """A match at the table: several hands, the winner dealing the next (抢庄), a running match sheet; 打鸟 at four seats."""
    from engine.paohuzi.play import MAX_HANDS

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
    t = T(lang)
    variant = params.get("variant", "paohuzi")
    seed = int(params.get("seed", 1))
    table = params.get("table", "four" if variant == "paohuzi" else "three")
    a = play(variant=variant, seed=seed, table=table)
    return (f'<div class="zp" data-variant="{variant}">'
            f'<p class="zp-top"><span data-role="title">{t(f"第 {seed} 号牌局", f"Hand no. {seed}")}</span> '
            f'<button type="button" class="hw-btn" data-role="new" disabled>{t("换一手牌", "Deal another hand")}</button> '
            f'<button type="button" class="hw-btn" data-role="undo" disabled>{t("悔一步", "Take back a move")}</button></p>'
            f'{match_controls(lang, table)}'
            f'<div data-role="board">{table_html(a, lang, static=True)}</div>'
            f'<p class="zp-refused" data-role="message"></p>'
            f'<div class="zp-actions" data-role="actions">{actions_html(a, lang, static=True)}</div>'
            f'<div data-role="sheet-box"></div>'
            f'<p class="hw-sr" data-role="status" aria-live="polite"></p>'
            f'<details class="zp-log"><summary>{t("牌局记录", "What happened so far")}</summary>'
            f'<ol data-role="log">{log_html(a, lang, RULES_PAGE["paohuzi" if variant == "paohuzi" else "yezi"])}</ol></details>'
            f'<div data-role="share"></div>'
            f'</div>')


# ---------------------------------------------------------------- generated tables


def lesson_cards(fn: Callable[[str, dict[str, Any]], str]) -> Callable[[str, dict[str, Any]], str]:
    """Draw the cards of a narrated-game view as lesson cards (see :data:`NARRATED_HEIGHT`)."""

    def drawn(lang: str, params: dict[str, Any]) -> str:
        token = _LESSON.set(True)
        try:
            return fn(lang, params)
        finally:
            _LESSON.reset(token)

    drawn.__doc__ = fn.__doc__
    return drawn


#: the live table's first answer draws every card as in the lessons, as widgets/zipai.js redraws it
table_widget = lesson_cards(table_widget)


@lesson_cards
def snapshot(lang: str, params: dict[str, Any]) -> str:
    """The table of a seeded hand played by the computer for every seat, once its log has ``upto`` entries (seen by the dealer)."""
    from engine.paohuzi.ai import choose
    from engine.paohuzi.request import config_of
    from engine.paohuzi.seating import new_hand
    from engine.paohuzi.views import view

    variant = params.get("variant", "paohuzi")
    table = params.get("table", "four" if variant == "paohuzi" else "three")
    h = new_hand(int(params.get("seed", 1)), config_of({}, variant), table)
    upto = min(int(params.get("upto", 10)), 400)
    while len(h.log) < upto and not h.over:
        h.apply(choose(h, h.pending()))
    a = view(h, 0, frozenset({1, 2}), table, variant)
    last = a["log"][-int(params.get("last", 3)):]
    base = params.get("base", "../turn/")
    cap = "".join(f'<li value="{x["n"]}">{name(x, lang)} <a class="zp-rule" href="{base}#rule-{x["rule"]["id"]}">{name(x["rule"], lang)}</a></li>' for x in last)
    return (f'<figure class="zp zp-snapshot">{table_html(a, lang, static=True)}'
            f'<figcaption><ol class="zp-last">{cap}</ol></figcaption></figure>')


@lesson_cards
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
        who = e((x["zh"] and "") or "")
        seat = a["seats"][x["seat"]] if x["seat"] is not None else None
        who = name(seat, lang) if seat else "—"
        c = parse_card(x["card"]) if x["card"] else None
        pic = one_language(lesson_chip_svg(c), lang).replace('aria-hidden="true"', f'role="img" aria-label="{card_name(x["card"], lang)}"', 1) if c else ""
        rows.append(f'<tr><td>{x["n"]}</td><td>{who}</td><td class="zp-pic">{pic}</td><td>{name(x, lang)}</td>'
                    f'<td><a href="{base}#rule-{r["id"]}">{e(r["zh"] if lang == "zh" else r["en"])}</a> <span class="zp-sec">§{e(r["section"])}</span></td></tr>')
    head = (f'<tr><th scope="col">{t("步", "move")}</th><th scope="col">{t("谁", "who")}</th><th scope="col">{t("牌", "card")}</th>'
            f'<th scope="col">{t("发生了什么", "what happened")}</th><th scope="col">{t("规则", "rule")}</th></tr>')
    deal = "".join(
        f'<div class="zp-dealt"><p class="zp-dealt-name">{name(s, lang)}</p><div class="zp-open">{groups_html(s["open"], lang, 48)}</div>'
        f'<div class="zp-hand-small">{"".join(card(c, lang, 48) for c in s["hand"] or [])}</div></div>' for s in a["seats"])
    return (f'<div class="zp zp-narration"><p>{t("牌局结束时各家的牌（手中剩下的与亮在桌上的）：", "Each seat at the end of the hand (cards left in hand and groups on the table):")}</p>'
            f'<div class="zp-ends">{deal}</div>'
            f'<div class="zp-scroll"><table class="zp-moves"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table></div>'
            f'{sheet_html(a, lang)}</div>')


def rules_list(lang: str, params: dict[str, Any]) -> str:
    """Every rule the log can name, with the booklet's section and an anchor the log links to."""
    from engine.paohuzi.table import RULES

    t = T(lang)
    rows = "".join(
        f'<tr id="rule-{rid}"><td>{e(zh if lang == "zh" else en)}</td><td>§{e(sec)}</td></tr>'
        for rid, (sec, zh, en) in RULES.items())
    return (f'<table class="zp-rules"><thead><tr><th scope="col">{t("规则", "rule")}</th><th scope="col">{t("书中章节", "booklet section")}</th>'
            f'</tr></thead><tbody>{rows}</tbody></table>')


WIDGETS = {"zipai-table": table_widget}
TABLES = {"zipai-snapshot": snapshot, "zipai-narration": narration, "zipai-rules": rules_list}
