"""跑胡子 at build time: widgets' static views and generated tables, all from ``engine.paohuzi``.

Nothing here is typed by hand: the 胡息 table, the 番 table, the 等 table, the
card faces, the worked examples and the widgets' example answers are computed by
the same engine the browser runs; the widgets' answers (and the worked examples'
verdicts) are drawn by the views the browser runs too (views/paohuzi.py).
"""

from __future__ import annotations

import html
import json
from typing import Any
from collections.abc import Callable

from engine.api import handle
from sitegen import common
from engine.paohuzi.cards import FACES, parse_card
from engine.paohuzi.config import DEFAULT
from engine.paohuzi.fan import FANS, deng
from engine.paohuzi.groups import VALUE_KEYS
from engine.paohuzi.groups import KINDS
from engine.paohuzi.hu import FOUL_NAMES, OPEN_KINDS, SOURCE_NAMES, SOURCES, WAYS
from engine.paohuzi.settle import PENALTY_NAMES, SEAT_NAMES, SEATS
from views.draw.paohuzi import card_svg
from engine.paohuzi.trace import OPTIONS
from views import paohuzi as views  # the widgets' answers, drawn as the browser draws them
from engine.paohuzi.extremes import check, table

e = html.escape


def T(lang: str) -> Callable[[str, str], str]:
    return lambda zh, en: en if lang == "en" else zh


def call(**req: Any) -> dict[str, Any]:
    a = handle({"game": "paohuzi", **req})
    if not a.get("ok"):
        raise ValueError(f"paohuzi example failed: {req} -> {a}")
    return a


def cards_html(codes: list[str], height: int = 64, lang: str = "zh") -> str:
    return "".join(card_svg(card, height, title=False, lang=lang) for card in map(parse_card, codes) if card)


# ---------------------------------------------------------------- tables


def huxi_table(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    rows = [f"| {t('牌型', 'group')} | {t('小字', 'small')} | {t('大字', 'big')} |", "|---|---:|---:|"]
    for key, (zh, en) in VALUE_KEYS.items():
        small, big = DEFAULT.huxi_of(key, False), DEFAULT.huxi_of(key, True)
        rows.append(f"| {t(zh, en)} | {small} | {big} |")
    rows.append(f"| {t('自摸胡牌另加', 'self-drawn win adds')} | {DEFAULT.zimo_bonus} | {DEFAULT.zimo_bonus} |")
    return "\n".join(rows)


def deng_table(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    hi = int(params.get("to", 75))
    vals = list(range(DEFAULT.threshold, hi + 1, DEFAULT.deng_step))
    rows = [f"| {t('戏', 'huxi')} | {t('等', 'deng')} | {t('戏', 'huxi')} | {t('等', 'deng')} | {t('戏', 'huxi')} | {t('等', 'deng')} |", "|---:|---:|---:|---:|---:|---:|"]
    cells = [f"{v}–{v + 2} | {deng(v)}" for v in vals]
    while len(cells) % 3:
        cells.append(" | ")
    third = len(cells) // 3
    for i in range(third):
        rows.append("| " + " | ".join(cells[i + k * third] for k in range(3)) + " |")
    return "\n".join(rows)


def fan_table(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    rows = [f"| {t('番', 'fan')} | {t('条件', 'condition')} | {t('倍数', 'multiplier')} |", "|---|---|---:|"]
    for f in FANS.values():
        rows.append(f"| {f.zh if lang == 'zh' else f.en + ' (' + f.zh + ')'} | {t(f.zh_rule, f.en_rule)} | ×{f.multiplier} |")
    return "\n".join(rows)


def penalty_table(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    rows = [f"| {t('罚则', 'penalty')} | {t('犯者', 'offender')} | {t('其余三方各', 'each other seat')} |", "|---|---:|---:|"]
    for kind, (zh, en) in PENALTY_NAMES.items():
        lose, gain = DEFAULT.penalty(kind)
        rows.append(f"| {t(zh, en)} | −{lose} | +{gain} |")
    return "\n".join(rows)


def faces_table(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    cells = "".join(
        f'<figure class="phz-face">{card_svg(c, 110, lang=lang)}<figcaption>{e(c.zh)}<br><code>{c.code}</code></figcaption></figure>'
        for c in FACES
    )
    cap = t("二十种牌面，各四张；红色为二、七、十。由程序绘制。", "The twenty faces, four of each; 2, 7 and 10 are red. Drawn by the program.")
    return f'<div class="phz-faces" role="group" aria-label="{e(cap)}">{cells}</div><p class="phz-caption">{e(cap)}</p>'


def sheet_examples(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    cases = [
        (t("15 戏胡牌", "a 15-huxi win"), {"winner": "xia", "huxi": 15}),
        (t("21 戏胡牌", "a 21-huxi win"), {"winner": "xia", "huxi": 21}),
        (t("荒牌", "no win (huang)"), {}),
        (t("庄家失提，上家 18 戏自摸红胡", "dealer misses a ti; 上家 wins 18 huxi self-drawn, red hu"),
         {"winner": "shang", "huxi": 18, "self_drawn": True, "fan": ["red"], "penalties": [{"seat": "zhuang", "kind": "shi_ti"}]}),
    ]
    head = f"| {t('情形', 'case')} | " + " | ".join(t(*SEAT_NAMES[s]) if lang == "zh" else f"{SEAT_NAMES[s][1]} ({SEAT_NAMES[s][0]})" for s in SEATS) + " |"
    rows = [head, "|---|" + "---:|" * len(SEATS)]
    for label, req in cases:
        a = call(action="settle", **req)
        rows.append(f"| {label} | " + " | ".join(f"{a['scores'][s]:+d}" if a["scores"][s] else "0" for s in SEATS) + " |")
    return "\n".join(rows)




def options_table(lang: str, params: dict[str, Any]) -> str:
    return common.options_table(OPTIONS, lang)


# worked examples of each way to win: (hand, open groups, card, source)
WAY_EXAMPLES: list[tuple[str, list[str], list[dict[str, Any]], str, str]] = [
    ("bian_hu", "d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x4 x5 x6 d8 d8 x9 x9 d9".split(), [], "x8", "self"),
    ("shun_hu", "d4 d4 d5 d6 x4 d1 d2 d3 x1 x2 x3 x2 x7 x10 d7 d8 d9 d10 d10 d10".split(), [], "d4", "shang"),
    ("peng_hu", "d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x4 x5 x6 d6 d7 d8 d9 d9".split(), [], "d9", "xia"),
    ("wei_hu", "d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x4 x5 x6 d6 d7 d8 d9 d9".split(), [], "d9", "self"),
    ("pao_hu", "d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x4 x5 x6 d6 d7 d8 d9 d9".split(), [], "d5", "shang"),
    ("ti_hu", "d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x4 x5 x6 d6 d7 d8 d9 d9".split(), [], "d5", "self"),
    ("po_pao_hu", "d5 d5 d5 d4 d6 d1 d2 d3 x1 x2 x3 x2 x7 x10 x4 x5 x6 d8 d9 d10".split(), [], "d5", "shang"),
    ("dan_diao_hu", "d1 d2 d3 x1 x2 x3 x2 x7 x10 x4 x5 x6 d5 d6 d7 x9".split(), [{"kind": "ti", "cards": ["d9"] * 4}], "x9", "shang"),
    ("liang_tou_hu", "d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x5 x6 x7 x8".split(), [{"kind": "ti", "cards": ["d9"] * 4}], "x8", "xia"),
    ("qi_shou_hu", "d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x4 x5 x6 d8 d8 x9 x9 d9".split(), [], "x8", "liang"),
]
NOT_WINNING: list[tuple[str, list[str], list[dict[str, Any]], str, str]] = [
    ("po_ti", "d5 d5 d5 d4 d6 d1 d2 d3 x1 x2 x3 x2 x7 x10 x4 x5 x6 d8 d9 d10".split(), [], "d5", "self"),
    ("must_wei", "d4 d4 d5 d6 x4 d1 d2 d3 x1 x2 x3 x2 x7 x10 d7 d8 d9 d10 d10 d10".split(), [], "d4", "self"),
    ("below_threshold", "d4 d5 d6 x4 x5 x6 x7 x8 x9 d7 d8 d9 x1 x2 x3 d1 d2 d3 x10 x10".split(), [], "x10", "shang"),
    ("not_from_stock", "d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x4 x5 x6 d8 d8 x9 x9 d9".split(), [], "x8", "discard"),
]
NO_WIN_TITLES = {
    "po_ti": ("破跑不破提", "a ti is never broken"),
    "must_wei": ("必须偎（扯偎）", "the wei is compulsory (che wei)"),
    "below_threshold": ("不够戏", "too few huxi"),
    "not_from_stock": ("只胡底牌", "only a stock card wins"),
}


def cards_text(codes: list[str], lang: str = "zh") -> str:
    """Cards as coloured characters (lighter than drawings, for long lists)."""
    out, names = [], []
    for code in codes:
        c = parse_card(code)
        if c:
            name = c.zh if lang == "zh" else c.en
            names.append(name)
            out.append(f'<span class="phz-ch{" phz-red" if c.red else ""}{" phz-big" if c.big else ""}" title="{e(name)}">{c.char}</span>')
    # each character's name shows on hover (its title); a screen reader reads the names once, for
    # the group (a title on a character is not reliably read out)
    label = ("、" if lang == "zh" else ", ").join(names)
    return f'<span class="phz-chars" role="img" aria-label="{e(label)}">{"".join(out)}</span>'


def ways_examples(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    out = []
    for way, hand, opened, card, src in WAY_EXAMPLES + NOT_WINNING:
        a = call(action="hu", hand=hand, open=opened, card=card, source=src)
        title = WAYS[way][0] if way in WAYS else t("不能胡", "no win")
        if way not in WAYS:
            zh, en = NO_WIN_TITLES[way]
            title = t("不能胡：", "no win: ") + t(zh, en)
        elif lang == "en":
            title = f"{WAYS[way][1]} ({WAYS[way][0]})"
        o = "".join(f'<br>{e(t("明牌", "open"))}：{cards_text(g["cards"], lang)} ({g["kind"]})' for g in opened)
        out.append(
            f'<details class="phz-example" id="ex-{way}"><summary>{e(title)}</summary>'
            f'<p>{e(t("手牌", "hand"))}：{cards_text(hand, lang)}{o}<br>'
            f'{e(t("来牌", "card"))}：{cards_text([card], lang)} — {e(t(*SOURCE_NAMES[src]))}</p>'
            f"{views.verdict(a, lang)}</details>"
        )
    return "".join(out)


def max_table(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    rows = [
        f"| {t('提/跑 个数', 'fours (ti/pao)')} | {t('完整牌型张数', 'cards in the hand')} | {t('最多戏数（本档案的读法）', 'most huxi (our reading)')} | {t('程序验证的例子', 'checked by the program')} | {t('若每次提跑后都打牌', 'if every ti/pao were followed by a discard')} |",
        "|---:|---:|---:|---|---:|",
    ]
    for k, cards, ours, other in table():
        v = check(k)
        ok = f"{v.best.total} ✓" if v is not None and v.wins else "—"
        rows.append(f"| {k} | {cards if cards is not None else '—'} | {ours if ours is not None else t('不可能', 'impossible')} | {ok} | {other if other is not None else t('不可能', 'impossible')} |")
    return "\n".join(rows)


def deal_table(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    seed = int(params.get("seed", 7))
    a = call(action="deal", seed=seed)
    rows = []
    for p in ("zhuang", "xia", "shang"):
        s = a["seats"][p]
        shown = "".join(f' + {e(t("提", "ti"))} {cards_text(g["cards"], lang)}' for g in s["open"])
        q = t("可起手胡", "may win on it") if a["qishou"][p] else ""
        rows.append(f"<tr><th>{e(t(*SEAT_NAMES[p]))}</th><td>{cards_text(s['hand'], lang)}{shown}</td><td>{e(q)}</td></tr>")
    shou = [x["card"] for x in a["actions"] if x["kind"] == "shou"]
    cap = t("程序发出的一副牌（每次都一样）。亮张：", "A deal made by the program, always the same. Turned-up card: ")
    after = t("。庄家收张后可以打出的牌：", ". Cards the dealer may discard after taking it: ")
    return (
        f'<table class="phz-deal"><tbody>{"".join(rows)}</tbody></table>'
        f'<p class="phz-caption">{e(cap)}{cards_text([a["liang"]], lang)}{e(after)}{cards_text(shou, lang)}</p>'
    )


TABLES = {
    "paohuzi-deal": deal_table,
    "paohuzi-max-table": max_table,
    "paohuzi-huxi-table": huxi_table,
    "paohuzi-deng-table": deng_table,
    "paohuzi-fan-table": fan_table,
    "paohuzi-penalty-table": penalty_table,
    "paohuzi-faces": faces_table,
    "paohuzi-sheet-examples": sheet_examples,
    "paohuzi-options-table": options_table,
    "paohuzi-ways-examples": ways_examples,
}

# ---------------------------------------------------------------- widgets (static views)


def card_name(code: str, lang: str) -> str:
    c = parse_card(code)
    assert c is not None
    return c.zh if lang == "zh" else f"{c.en} ({c.zh})"


def palette_html(lang: str) -> str:
    t = T(lang)
    btns = "".join(
        f'<button type="button" class="phz-pick" data-card="{c.code}" disabled>'
        f'{card_svg(c, 64, title=False, arabic=lang == "en")}</button>'
        for c in FACES
    )
    return f'<div class="phz-palette" data-role="palette" role="group" aria-label="{e(t("点一张牌把它加进去", "Pick a card to add it"))}">{btns}</div>'


#: the hand editor's drawings, in CSS px: a card placed in the hand (or the card that comes), a card of an open group;
#: written on each view (data-height) for the live editor (widgets/paohuzi.js) to draw the same
CHIP_HEIGHT, GROUP_HEIGHT = 60, 48


def cards_buttons(codes: list[str], lang: str, height: int = CHIP_HEIGHT) -> str:
    """Cards already placed, each a button that takes it back out."""
    t = T(lang)
    return "".join(
        f'<button type="button" class="phz-chip" data-card="{c}" title="{e(t("点一下取回", "pick it again to take it back"))}" disabled>'
        f'{card_svg(card, height, title=False, arabic=lang == "en")}</button>'
        for c, card in zip(codes, map(parse_card, codes), strict=True) if card
        if parse_card(c)
    )


def targets_html(lang: str, with_card: bool) -> str:
    t = T(lang)
    items = [("hand", t("手牌", "your hand")), ("open", t("跟前的明牌组", "open groups"))] + ([("card", t("来牌", "the card that comes"))] if with_card else [])
    btns = "".join(
        f'<button type="button" class="phz-target" role="radio" aria-checked="{"true" if k == "hand" else "false"}" data-target="{k}" disabled>{e(v)}</button>'
        for k, v in items
    )
    return f'<div class="phz-targets" role="radiogroup" aria-label="{e(t("点的牌放进", "Cards you pick go to"))}"><span>{e(t("点的牌放进：", "Cards you pick go to: "))}</span>{btns}</div>'


def hand_views(hand: list[str], opened: list[dict[str, Any]], lang: str, card: str | None) -> str:
    t = T(lang)
    n = len(hand) + sum(len(g["cards"]) for g in opened)
    groups = "".join(
        f'<figure class="phz-group phz-open" data-index="{k}"><div class="phz-group-cards">{cards_html(g["cards"], GROUP_HEIGHT, lang)}</div>'
        f'<figcaption>{e(KINDS[g["kind"]].zh if lang == "zh" else KINDS[g["kind"]].en)} '
        f'<button type="button" class="phz-remove" data-index="{k}" disabled>{e(t("拿掉", "remove"))}</button></figcaption></figure>'
        for k, g in enumerate(opened)
    )
    out = (
        f'<div class="phz-area" data-area="hand"><p class="phz-area-head">{e(t("手牌（暗牌）", "Your hand (concealed)"))} · '
        f'<span data-role="count" aria-live="polite">{n}/{DEFAULT.hand_size}</span> '
        f'<small>{e(t("（连跟前的明牌；点牌可取回）", "(with the open groups; pick a card to take it back)"))}</small></p>'
        f'<div class="phz-hand-view" data-role="hand-view" data-height="{CHIP_HEIGHT}">{cards_buttons(hand, lang)}</div></div>'
        f'<div class="phz-area" data-area="open"><p class="phz-area-head">{e(t("跟前的明牌组", "Open groups on the table"))} '
        f'<label>{e(t("新的一组是", "a new group is a"))} {_select("open-kind", KIND_OPTIONS(lang), "peng")}</label></p>'
        f'<div class="phz-groups" data-role="open-view" data-height="{GROUP_HEIGHT}">{groups}</div></div>'
    )
    if card is not None:
        out += (
            f'<div class="phz-area" data-area="card"><p class="phz-area-head">{e(t("来牌（胡的那张）", "The card that comes (the one to win on)"))}</p>'
            f'<div class="phz-card-view" data-role="card-view" data-height="{CHIP_HEIGHT}">{cards_buttons([card], lang) if card else ""}</div></div>'
        )
    return out


def codes_html(lang: str, hand: list[str], opened: list[dict[str, Any]], card: str | None) -> str:
    t = T(lang)
    fields = _field("hand", t("手牌", "hand"), " ".join(hand)) + _field(
        "open", t("明牌组", "open groups"), _open_text(opened), t("例如 peng: d5 d5 d5; ti: x9 x9 x9 x9", "for example peng: d5 d5 d5; ti: x9 x9 x9 x9")
    )
    if card is not None:
        fields += _field("card", t("来牌", "the card"), card)
    return (
        f'<details class="phz-codes"><summary>{e(t("或者用代码输入（x1–x10 小字，d1–d10 大字）", "Or type card codes (x1–x10 small, d1–d10 big)"))}</summary>'
        f'<div class="phz-fields">{fields}</div></details>'
    )


def _field(role: str, label: str, value: str, hint: str = "") -> str:
    return (
        f'<label class="phz-field"><span>{e(label)}</span>'
        f'<input type="text" data-role="{role}" value="{e(value)}" spellcheck="false" autocomplete="off" disabled>'
        f'{f"<small>{e(hint)}</small>" if hint else ""}</label>'
    )


def _open_text(opened: list[dict[str, Any]]) -> str:
    return "; ".join(f"{g['kind']}: {' '.join(g['cards'])}" for g in opened)


def _select(role: str, options: list[tuple[str, str]], value: str) -> str:
    opts = "".join(f'<option value="{e(v)}"{" selected" if v == value else ""}>{e(label)}</option>' for v, label in options)
    return f'<select data-role="{role}" disabled>{opts}</select>'


def KIND_OPTIONS(lang: str) -> list[tuple[str, str]]:
    return [(k, KINDS[k].zh if lang == "zh" else KINDS[k].en) for k in OPEN_KINDS]




def fouls_html(lang: str) -> str:
    t = T(lang)
    return "".join(
        f'<label class="phz-check"><input type="checkbox" data-role="foul" value="{k}" disabled> {e(t(*v))}</label>'
        for k, v in FOUL_NAMES.items()
    )


def score_widget(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    hand = list(params.get("hand", WAY_EXAMPLES[0][1]))
    opened = list(params.get("open", []))
    card = str(params.get("card", "x8"))
    source = str(params.get("source", "self"))
    a = call(action="hu", hand=hand, open=opened, card=card, source=source)
    src_opts = [(s, t(*SOURCE_NAMES[s])) for s in SOURCES]
    threshold = next(o for o in OPTIONS if o.id == "paohuzi.threshold")
    thr = [(c, common.choice_words(threshold, c, lang)) for c in threshold.choices]
    return (
        f'<div class="phz phz-score">'
        f'<p class="hw-note">{e(t("先选“点的牌放进”哪一处，再点下面的牌面；点已放好的牌可以取回。", "Choose where the cards you pick go, then pick the cards below; pick a placed card to take it back."))}</p>'
        f"{targets_html(lang, True)}{palette_html(lang)}{hand_views(hand, opened, lang, card)}{codes_html(lang, hand, opened, card)}"
        f'<div class="hw-row phz-fouls">{e(t("行牌中的违规（申报）：", "Fouls during play (declared): "))}{fouls_html(lang)}</div>'
        f'<div class="hw-row"><label>{e(t("来自", "It comes from"))} {_select("source", src_opts, source)}</label>'
        f'<label>{e(t(threshold.zh, threshold.en[:1].upper() + threshold.en[1:]))} {_select("threshold", thr, str(DEFAULT.threshold))}</label></div>'
        f'<div class="hw-row"><button type="button" class="hw-btn" data-role="go" disabled>{e(t("算一算", "Score it"))}</button>'
        f'<button type="button" class="hw-btn" data-role="clear" disabled>{e(t("清空", "Clear"))}</button></div>'
        f'<div class="phz-result" data-role="result" aria-live="polite">{views.verdict(a, lang)}</div>'
        f"</div>"
    )


def wait_widget(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    hand = list(params.get("hand", WAY_EXAMPLES[0][1]))
    opened = list(params.get("open", []))
    a = call(action="waiting", hand=hand, open=opened)
    return (
        f'<div class="phz phz-wait">'
        f"{targets_html(lang, False)}{palette_html(lang)}{hand_views(hand, opened, lang, None)}{codes_html(lang, hand, opened, None)}"
        f'<div class="hw-row"><button type="button" class="hw-btn" data-role="go" disabled>{e(t("我在等什么？", "What am I waiting for?"))}</button>'
        f'<button type="button" class="hw-btn" data-role="clear" disabled>{e(t("清空", "Clear"))}</button></div>'
        f'<div class="phz-result" data-role="result" aria-live="polite">{views.waits(a, lang)}</div></div>'
    )


def sheet_widget(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    req = {"winner": "shang", "huxi": 18, "self_drawn": True, "fan": ["red"], "penalties": [{"seat": "zhuang", "kind": "shi_ti"}]}
    req.update(params)
    a = call(action="settle", **req)
    winners = [("", t("荒牌（无人胡）", "nobody (huang)"))] + [(s, t(*SEAT_NAMES[s])) for s in ("zhuang", "xia", "shang")]
    fans = "".join(
        f'<label class="phz-check"><input type="checkbox" data-role="fan" value="{f}"{" checked" if f in req.get("fan", []) else ""} disabled> {e(FANS[f].zh if lang == "zh" else FANS[f].en)}</label>'
        for f in ("red", "dot", "purple", "black", "pairs")
    )
    pen_of = {p["seat"]: p["kind"] for p in req.get("penalties", [])}
    kinds = [("", t("无", "none"))] + [(k, t(*PENALTY_NAMES[k])) for k in PENALTY_NAMES]
    pens = "".join(
        f'<label>{e(t(*SEAT_NAMES[s]))} <select data-role="penalty" data-seat="{s}" disabled>'
        + "\n".join(f'<option value="{k}"{" selected" if pen_of.get(s, "") == k else ""}>{e(n)}</option>' for k, n in kinds)
        + "</select></label>"
        for s in ("zhuang", "xia", "shang")
    )
    return (
        f'<div class="phz phz-sheet-widget">'
        f'<div class="hw-row"><label>{e(t("胡牌者", "winner"))} {_select("winner", winners, str(req.get("winner") or ""))}</label>'
        f'<label>{e(t("牌型胡息（不含自摸加戏）", "huxi of the hand (before the self-draw bonus)"))} '
        f'<input type="number" min="0" max="200" data-role="huxi" value="{int(req.get("huxi", 0))}" disabled></label>'
        f'<label class="phz-check"><input type="checkbox" data-role="self_drawn"{" checked" if req.get("self_drawn") else ""} disabled> {e(t("自摸", "self-drawn"))}</label></div>'
        f'<div class="hw-row">{e(t("番：", "Fan: "))}{fans}</div>'
        f'<p class="hw-note" data-role="fan-why" aria-live="polite"></p>'
        f'<div class="hw-row">{e(t("罚则：", "penalties: "))}{pens}</div>'
        f'<div class="hw-row"><button type="button" class="hw-btn" data-role="go" disabled>{e(t("记分", "Score the deal"))}</button></div>'
        f'<div class="phz-result" data-role="result" aria-live="polite">{views.sheet(a, lang)}</div></div>'
    )


WIDGETS = {
    "paohuzi-score": score_widget,
    "paohuzi-wait": wait_widget,
    "paohuzi-sheet": sheet_widget,
}

FILES: dict[str, Callable[[], str | bytes]] = {
    "assets/paohuzi/paohuzi-rules.json": lambda: json.dumps(
        {
            "huxi": {k: {"small": DEFAULT.huxi_of(k, False), "big": DEFAULT.huxi_of(k, True)} for k in VALUE_KEYS},
            "fan": {f.id: f.multiplier for f in FANS.values()},
            "penalties": {k: dict(zip(("offender", "each_other"), DEFAULT.penalty(k))) for k in PENALTY_NAMES},
            "options": {o.id: {"choices": list(o.choices), "default": o.default} for o in OPTIONS},
        },
        ensure_ascii=False,
        indent=1,
    ),
}

from .paohuzi_play import TABLES as _PLAY_TABLES  # noqa: E402  (the table engine's generated views)

TABLES.update(_PLAY_TABLES)
