"""下灌叶子戏 build-time views: widgets' static HTML, generated tables, card faces.

Every number on the pages comes from here, computed from ``engine.yezi`` when
the site is built.
"""

from __future__ import annotations

import html
from fractions import Fraction
from math import comb
from typing import Any
from collections.abc import Callable

from engine.api import handle
from engine.record.export import SEED_MAX as RECORD_SEED_MAX
from sitegen import common
from sitegen.common import t
from engine.yezi import trace, zipai
from engine.yezi.cards import FACES, GROUP_SIZE, LEAF, code_of, parse_card
from engine.yezi.combos import COMBINATIONS, SCATTER_ZH
from engine.yezi.config import DEFAULT
from engine.yezi.odds import hand_odds, max_copies, option_effects, round_limits, simulate_rounds
from views.draw.yezi import card_svg
from engine.yezi.zipai_diff import DIFFERENCES
from views import yezi as views_yezi
from engine.yezi.cards import SEAT_NAMES  # the seats' names, the engine's one table

SIM_ROUNDS = 20_000
SIM_SEED = 1105
E = html.escape


def _card(code: str, lang: str, width: int = 34) -> str:
    return card_svg(parse_card(code), width, lang)


def _cards(codes: list[str], lang: str, width: int = 34) -> str:
    return '<span class="yz-cards">' + "".join(_card(c, lang, width) for c in codes) + "</span>"


def _pct(n: int, total: int, digits: int = 3) -> str:
    return f"{100 * n / total:.{digits}f} %"


def _num(n: int) -> str:
    return f"{n:,}".replace(",", "\u202f")


# ---------------------------------------------------------------- widgets


def form_widget(lang: str, params: dict[str, Any]) -> str:
    groups = params.get("groups", [["王", "土", "人", "合"], ["贝", "叶", "贝"]])
    ans = handle({"game": "yezi", "action": "evaluate", "groups": groups})
    if not ans["ok"]:
        raise ValueError(f"yezi-form params: {ans}")
    drawn = views_yezi.form(ans, lang, still=True)  # the same view draws every later answer in the browser (views/yezi.py)
    parts = [
        f'<p class="yz-help">{t(lang, "先选定一组，再点下面的牌放进去；点组里的牌可取回。", "Choose a group, then pick cards below to put them in it; pick a card in a group to take it back.")}</p>',
        f'<div class="yz-palette" data-role="palette">{drawn["palette"]}</div>',
        f'<div class="yz-groups" data-group="{GROUP_SIZE}">',
    ]
    target = next((i for i, g in enumerate(ans["groups"]) if not g["complete"]), 0)
    for i, g in enumerate(ans["groups"]):
        checked = " checked" if i == target else ""
        parts.append(
            f'<fieldset class="yz-group" data-role="group" data-index="{i}">'
            f'<legend><label><input type="radio" name="yz-target" value="{i}"{checked} disabled> '
            f'{t(lang, f"第{i + 1}组", f"Group {i + 1}")}</label></legend>'
            f'<div class="yz-slot" data-role="slot" data-cards="{",".join(g["cards"])}">{drawn[f"slot-{i}"]}</div>'
            f'<p class="yz-verdict" data-role="verdict">{drawn[f"verdict-{i}"]}</p>'
            f'<button type="button" class="hw-btn yz-clear" data-role="clear" disabled>{t(lang, "清空", "Clear")}</button>'
            "</fieldset>"
        )
    parts.append("</div>")
    parts.append(
        f'<p class="yz-total" data-role="totals">{drawn["total"]}</p>'
        f'<p class="yz-message" data-role="message" aria-live="polite"></p>'
    )
    return "".join(parts)


def deal_widget(lang: str, params: dict[str, Any]) -> str:
    seed = int(params.get("seed", 222))
    ans = handle({"game": "yezi", "action": "deal", "seed": seed})
    drawn = views_yezi.deal(ans, lang)  # the same view draws every later deal in the browser (views/yezi.py)
    return (
        f'<div class="hw-row"><button type="button" class="hw-btn" data-role="deal" disabled>{t(lang, "给我发一手牌", "Deal me a hand")}</button> '
        f'<span class="yz-seed" hidden><span data-role="seed">{seed}</span></span></div>'
        f'<div class="yz-hand" data-role="hand" data-cards="{",".join(ans["hand"])}">{drawn["hand"]}</div>'
        f'<p aria-live="polite" aria-atomic="true">{t(lang, "最佳分法", "Best split")} — {t(lang, "合计", "total")} <strong data-role="score">{ans["score"]}</strong></p>'
        f'<div class="yz-split" data-role="split">{drawn["split"]}</div>'
    )


def _seat(s: int, lang: str) -> str:
    return t(lang, *SEAT_NAMES[s])


def _my_hand(ans: dict[str, Any], lang: str) -> str:
    """The reader's eight cards (player A) as large toggle buttons, to pick the four shown first."""
    me = ans["players"][0]
    first: set[int] = set()
    buttons = []
    for i, code in enumerate(me["hand"]):
        f = FACES[parse_card(code)]
        pressed = "true" if i in first else "false"
        buttons.append(
            f'<button type="button" class="yz-mine" data-card="{code}" data-index="{i}" aria-pressed="{pressed}" '
            f'disabled>{card_svg(f.value, 34, lang)}</button>'
        )
    return (
        f'<fieldset class="yz-my-hand"><legend>{t(lang, "你是甲家：点四张作为先亮的一组", "You are player A: pick four cards to show first")}</legend>'
        f'<div class="yz-mine-row" data-role="mine" data-cards="{",".join(me["hand"])}">{"".join(buttons)}</div>'
        f'<p class="yz-help" data-role="picked" aria-live="polite">{t(lang, "已选 0/4 张；其余四张是第二组。", "0/4 chosen; the other four are your second group.")}</p>'
        f'<div class="hw-row"><button type="button" class="hw-btn" data-role="play" disabled '
        f'title="{t(lang, "先选好四张", "Choose four cards first")}">{t(lang, "按我的分法打这一局", "Play the round my way")}</button> '
        f'<button type="button" class="hw-btn" data-role="best" disabled>{t(lang, "改用我的最佳分法", "Use my best split instead")}</button></div>'
        f'<p class="yz-help" data-role="why-grey">{t(lang, "“按我的分法打这一局”要等选满四张才能按。", "“Play the round my way” waits until four cards are chosen.")}</p>'
        "</fieldset>"
    )


def round_widget(lang: str, params: dict[str, Any]) -> str:
    seed = int(params.get("seed", 8))
    ans = handle({"game": "yezi", "action": "round", "seed": seed})
    opts = []
    for key, zh, en in (("scoring", "记分", "Scoring"), ("ties", "平分", "Ties")):
        o = next(x for x in trace.OPTIONS if x.id == f"yezi.{key}")
        choices = "".join(
            f'<option value="{c}"{" selected" if c == getattr(DEFAULT, key) else ""}>{E(common.choice_words(o, c, lang))}</option>'
            for c in o.choices
        )
        opts.append(f'<label>{t(lang, zh, en)} <select data-role="{key}" disabled>{choices}</select></label>')
    return (
        f'<div class="hw-row"><button type="button" class="hw-btn" data-role="deal" disabled>{t(lang, "发一局四人牌", "Deal a round of four")}</button> '
        + " ".join(opts)
        # a new deal's seed is drawn below the largest a record holds (so that every round can be exported)
        + f' <span class="yz-seed" hidden><span data-role="seed" data-max="{RECORD_SEED_MAX}">{seed}</span></span></div>'
        + _my_hand(ans, lang)
        + '<div data-role="result" aria-live="polite"><p class="yz-prompt" data-role="prompt">'
        + t(lang, "先选好先亮的四张，再按“按我的分法打这一局”：那时才亮出四家的牌和结果。也可以按“改用我的最佳分法”。",
            "Choose the four cards you show first, then press “Play the round my way”: only then are the four hands and the result shown. Or press “Use my best split instead”.")
        + "</p></div>"
        + '<div data-role="share"></div>'
    )


def _choice_label(key: str, choice: str, lang: str) -> str:
    """A reading of the option ``key`` in the page's language: the engine's words for it (its options answer's)."""
    return common.choice_words(_OPTION[key], choice, lang)


_OPTION = {o.id.split(".", 1)[1]: o for o in trace.OPTIONS}


from sitegen.yezi_showing import showing_widget  # noqa: E402  (the showing at a real table)

WIDGETS: dict[str, Callable[[str, dict[str, Any]], str]] = {
    "yezi-form": form_widget,
    "yezi-deal": deal_widget,
    "yezi-round": round_widget,
    "yezi-showing": showing_widget,
}


# ---------------------------------------------------------------- tables


def deck_table(lang: str, params: dict[str, Any]) -> str:
    # the English gloss and the API code are for English readers and programmers: not on the Chinese page (issue 44)
    en = lang == "en"
    rows = []
    for f in FACES:
        v = "—" if f.value == LEAF else str(f.value)
        num = "—" if f.value == LEAF else f.numeral
        rows.append(
            f"<tr><td>{card_svg(f.value, 36, lang)}</td><td>{E(f.cipher)}</td><td>{v}</td><td>{num}</td>"
            + (f"<td>{E(f.en)}</td>" if en else "") + f"<td>{f.count}</td>"
            + (f"<td><code>{code_of(f.value)}</code></td>" if en else "") + "</tr>"
        )
    total = sum(f.count for f in FACES)
    return (
        f'<table class="yz-table"><thead><tr><th>{t(lang, "牌面", "Face")}</th><th>{t(lang, "字", "Character")}</th>'
        f'<th>{t(lang, "数值", "Value")}</th><th>{t(lang, "大写", "Numeral")}</th>' + ('<th>Gloss</th>' if en else "")
        + f'<th>{t(lang, "张数", "Copies")}</th>' + ('<th>Written in records as</th>' if en else "") + f'</tr></thead><tbody>{"".join(rows)}</tbody>'
        f'<tfoot><tr><td colspan="{5 if en else 4}">{t(lang, "合计", "Total")}</td><td>{total}</td>' + ("<td></td>" if en else "") + "</tr></tfoot></table>"
    )


def combos_table(lang: str, params: dict[str, Any]) -> str:
    rows = []
    for c in COMBINATIONS:
        codes = [code_of(x) for x in c.cards]
        chars = "".join(FACES[x].cipher for x in c.cards)
        leaf = t(lang, "是", "yes") if c.uses_leaf else t(lang, "否", "no")
        rows.append(
            f"<tr><td>{c.rank}</td><td>{E(t(lang, c.zh, f'{c.en} ({c.zh})'))}</td><td>{_cards(codes, lang, 30)}</td>"
            f"<td>{chars}</td><td>{leaf}</td><td>{max_copies(c)}</td></tr>"
        )
    rows.append(f'<tr><td>9</td><td>{t(lang, SCATTER_ZH, "scattered group (流散对)")}</td><td colspan="4">{t(lang, "其余任何四张", "any other four cards")}</td></tr>')
    return (
        f'<table class="yz-table"><thead><tr><th>{t(lang, "分数", "Score")}</th><th>{t(lang, "名称", "Name")}</th>'
        f'<th>{t(lang, "四张牌", "Four cards")}</th><th>{t(lang, "字", "Characters")}</th><th>{t(lang, "用叶", "Uses a leaf")}</th>'
        f'<th>{t(lang, "一局至多几次", "At most per round")}</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )


def odds_table(lang: str, params: dict[str, Any]) -> str:
    h = hand_odds()
    head = (
        f"| {t(lang, '组合', 'Combination')} | {t(lang, '手中有这四张', 'Hand holds the four cards')} | "
        f"{t(lang, '最佳分法亮出它', 'Best split shows it')} | {t(lang, '两组都是它', 'Both groups')} |\n|---|--:|--:|--:|\n"
    )
    rows = []
    for c in COMBINATIONS:
        rows.append(
            f"| {c.rank} {t(lang, c.zh, f'{c.en} ({c.zh})')} | {_pct(h.contains[c.id], h.total)} ({_num(h.contains[c.id])}) | "
            f"{_pct(h.shown[c.id], h.total)} ({_num(h.shown[c.id])}) | {_num(h.shown_twice[c.id])} |"
        )
    rows.append(
        f"| {t(lang, '任一组合', 'Any combination')} | {_pct(h.any_combination, h.total)} ({_num(h.any_combination)}) | "
        f"{_pct(h.any_combination, h.total)} | — |"
    )
    rows.append(
        f"| {t(lang, '两组都成组合', 'Two combinations')} | — | {_pct(h.two_combinations, h.total)} ({_num(h.two_combinations)}) | "
        f"{_num(sum(h.shown_twice.values()))} |"
    )
    note = t(
        lang,
        f"精确值：对全部 C(32,8) = {_num(h.total)} 手八张牌逐一计算（按牌的张数组合枚举并加权）。括号内是手数。",
        f"Exact: computed over all C(32,8) = {_num(h.total)} eight-card hands (enumerated by card counts, weighted). Numbers of hands in brackets.",
    )
    return head + "\n".join(rows) + f"\n\n{note}"


def best_spread_table(lang: str, params: dict[str, Any]) -> str:
    h = hand_odds()
    head = (
        f"| {t(lang, '最佳总分', 'Best total')} | {t(lang, '手数', 'Hands')} | {t(lang, '概率', 'Chance')} | "
        f"{t(lang, '累计（不高于此分）', 'Cumulative (this or better)')} |\n|--:|--:|--:|--:|\n"
    )
    rows = []
    cum = 0
    for s, n in sorted(h.best_scores.items()):
        cum += n
        if n == 0:
            continue
        rows.append(f"| {s} | {_num(n)} | {_pct(n, h.total)} | {_pct(cum, h.total)} |")
    mean = Fraction(sum(s * n for s, n in h.best_scores.items()), h.total)
    tian = COMBINATIONS[0]
    two = h.best_scores[2]
    ways = comb(3, 2)
    same = [c for c in COMBINATIONS if h.shown_twice[c.id] == two]
    same_zh = "、".join(c.zh for c in same)
    same_en = ", ".join(f"{c.en} ({c.zh})" for c in same)
    note = t(
        lang,
        f"精确值，合计 {_num(sum(h.best_scores.values()))} 手。平均最佳总分 {float(mean):.4f}；每手最佳分法平均含 {float(h.expected_shown):.4f} 个组合。"
        f"最佳总分 2 分只有一种可能：两组都是{tian.zh}。{tian.zh}的四种牌各要两张，而每种只有三张，三张中取两张有 {ways} 种取法，"
        f"四种牌合起来 {ways}⁴ = {_num(two)} 手。上一张表“两组都是它”一栏里{same_zh}的 {_num(two)} 也是这样来的：这几种组合都是四种不同的牌。",
        f"Exact; {_num(sum(h.best_scores.values()))} hands in all. Mean best total {float(mean):.4f}; a hand's best split holds {float(h.expected_shown):.4f} combinations on average. "
        f"A best total of 2 can only be {tian.en} ({tian.zh}) twice. That takes two of each of its four cards, and with three of each in the deck there are {ways} ways "
        f"to pick two, so {ways}⁴ = {_num(two)} hands. The {_num(two)} in the “both groups” column of the table above for {same_en} comes about the same way: each is four different cards.",
    )
    return head + "\n".join(rows) + f"\n\n{note}"


def round_limits_table(lang: str, params: dict[str, Any]) -> str:
    lim = round_limits()
    h = hand_odds()
    packs = lim["packings"]
    assert isinstance(packs, list)
    expected = 4 * h.expected_shown
    rows = [
        (t(lang, "一局亮出的组数", "Groups shown in a round"), str(lim["groups_shown"])),
        (t(lang, "牌中的合 / 叶", "合 / 叶 in the deck"), f"{lim['he_in_deck']} / {lim['leaves_in_deck']}"),
        (t(lang, "八种组合是否都要一张合", "Every combination needs one 合"), t(lang, "是", "yes") if lim["all_use_he"] else t(lang, "否", "no")),
        (t(lang, "一局至多几个组合", "Most combinations in one round"), str(lim["max_combinations"])),
        (t(lang, "其中至多几个用叶", "… of which use a leaf, at most"), str(lim["max_leaf_combinations"])),
        (t(lang, "每局至少几组流散对", "Scattered groups in a round, at least"), str(lim["min_scattered"])),
        (t(lang, "整副牌能同时凑出、且再也加不进组合的搭配（种数）", "Sets of combinations the deck can supply together that leave no room for another (how many)"), str(len(packs))),
        (t(lang, "每局平均亮出的组合（精确）", "Combinations shown per round on average (exact)"), f"{float(expected):.4f}"),
    ]
    body = "\n".join(f"| {a} | {b} |" for a, b in rows)
    sizes = sorted({len(p) for p in packs})
    by_id = {c.id: c for c in COMBINATIONS}
    ex = packs[0]
    ex_zh = "＋".join(by_id[i].zh for i in ex)
    ex_en = " + ".join(f"{by_id[i].en} ({by_id[i].zh})" for i in ex)
    size_txt = "、".join(map(str, sizes))
    note = t(
        lang,
        "由程序在牌的张数上逐一搜索得出（不是手算）。平均值 = 4 × 单手最佳分法的平均组合数（期望的线性）。"
        f"“{len(packs)}”那一行数的是：从一副牌里同时拿出几个组合、直到剩下的牌再也凑不成任何组合为止，一共有多少种不同的拿法（组合相同、次序不同算一种）。"
        f"这 {len(packs)} 种搭配每种都恰好是 {size_txt} 个组合——每个组合用掉一张合，三张合用完就到头了；例如 {ex_zh}。"
        "所以卡住一局上限的是合的张数；叶只限制哪三个组合能同时出现（用叶的至多两个）。",
        "Found by the program searching over the deck's card counts, not worked by hand. The mean is 4 × a single hand's mean (linearity of expectation). "
        f"The row with {len(packs)} counts the different ways of taking combinations out of one deck together until the cards left can make no combination at all "
        f"(the same combinations in another order count once). Each of these {len(packs)} sets holds exactly {size_txt} combinations — each uses up one 合, "
        f"and after the three 合 there is no more; for example {ex_en}. So what caps a round is the number of 合; the leaves only limit which three can appear together (at most two that use a leaf).",
    )
    return f"| {t(lang, '项目', 'Item')} | {t(lang, '数值', 'Value')} |\n|---|--:|\n{body}\n\n{note}"


def round_sim_table(lang: str, params: dict[str, Any]) -> str:
    n = int(params.get("rounds", SIM_ROUNDS))
    seed = int(params.get("seed", SIM_SEED))
    s = simulate_rounds(n, seed)
    rows = []
    for k, c in s.combinations.items():
        rows.append(f"| {k} | {_num(c)} | {_pct(c, s.rounds, 2)} |")
    win = sorted(s.winning_totals.items())
    common = max(win, key=lambda kv: kv[1])
    note = t(
        lang,
        f"方法：蒙特卡洛模拟 {_num(s.rounds)} 局（每次都是同样的这些局），四人都按最佳分法亮牌，默认读法计分。"
        f"不是精确值：百分比的标准误约 ±{100 * (0.25 / s.rounds) ** 0.5:.2f} 个百分点以内。"
        f"最常见的胜者总分是 {common[0]}（{_pct(common[1], s.rounds, 1)}）；第一名并列的局占 {_pct(s.shared_wins, s.rounds, 1)}。",
        f"Method: Monte Carlo, {_num(s.rounds)} rounds (the same rounds every time), all four showing their best split, default readings. "
        f"Not exact: the standard error of each percentage is at most about ±{100 * (0.25 / s.rounds) ** 0.5:.2f} points. "
        f"The commonest winning total is {common[0]} ({_pct(common[1], s.rounds, 1)}); first place is shared in {_pct(s.shared_wins, s.rounds, 1)} of rounds.",
    )
    return (
        f"| {t(lang, '一局中亮出的组合数', 'Combinations shown in the round')} | {t(lang, '局数', 'Rounds')} | {t(lang, '比例', 'Share')} |\n"
        f"|--:|--:|--:|\n" + "\n".join(rows) + f"\n\n{note}"
    )


def zipai_diff_table(lang: str, params: dict[str, Any]) -> str:
    rows = []
    for d in DIFFERENCES:
        same = t(lang, "相同", "same") if d.same else t(lang, "不同", "differs")
        rows.append(
            f"<tr data-diff=\"{d.id}\"><th scope=\"row\">{E(t(lang, d.topic_zh, d.topic_en))}<br><small>{same}</small></th>"
            f"<td>{E(t(lang, d.xiaguan_zh, d.xiaguan_en))}<br><small>{E(d.xiaguan.section)} · <q>{E(d.xiaguan.quote)}</q></small></td>"
            f"<td>{E(t(lang, d.paohuzi_zh, d.paohuzi_en))}<br><small>{E(d.paohuzi.section)} · <q>{E(d.paohuzi.quote)}</q></small></td>"
            + (f"<td><code>test_diff_{d.id}</code></td>" if lang == "en" else "") + "</tr>"
        )
    # the tests' names are for programmers: on the English page only (Chinese pages speak Chinese, issue 44)
    return (
        f'<table class="yz-table yz-diff"><thead><tr><th>{t(lang, "要点", "Point")}</th><th>下灌字牌 (yezixi.txt)</th>'
        f'<th>跑胡子 (paohuzi.txt)</th>' + ("<th>Test</th>" if lang == "en" else "") + f'</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )


def options_table(lang: str, params: dict[str, Any]) -> str:
    return common.options_table(trace.OPTIONS, lang)


def rules_table(lang: str, params: dict[str, Any]) -> str:
    return common.rules_table(trace.RULES, trace.GAPS, lang)


TABLES: dict[str, Callable[[str, dict[str, Any]], str]] = {
    "yezi-deck": deck_table,
    "yezi-combos": combos_table,
    "yezi-odds": odds_table,
    "yezi-best-spread": best_spread_table,
    "yezi-round-limits": round_limits_table,
    "yezi-round-sim": round_sim_table,
    "yezi-zipai-diff": zipai_diff_table,
    "yezi-options": options_table,
    "yezi-rules": rules_table,
}



# 字牌 cases: (zh, en, request without game, option to contrast or None)
ZIPAI_CASES: tuple[tuple[str, str, dict[str, Any], dict[str, str] | None], ...] = (
    ("吃上家的牌成顺子", "Taking the upper seat's card into a run",
     {"action": "zipai-discard", "hand": ["x5", "x6", "d1"], "card": "x4", "from_upper": True}, None),
    ("同一张牌来自下家", "The same card from the lower seat",
     {"action": "zipai-discard", "hand": ["x5", "x6", "d1"], "card": "x4", "from_upper": False}, None),
    ("放过之后再来", "Coming again after being let go",
     {"action": "zipai-discard", "hand": ["x4", "x4", "x5", "x6", "d4"], "card": "x4", "from_upper": True, "passed": ["x4"]}, None),
    ("下火：手中的小八无处可放", "下火: the held small 8 has no group",
     {"action": "zipai-discard", "hand": ["x8", "x9", "x10", "d1"], "card": "x8", "from_upper": True}, None),
    ("下火：两墩同时亮出", "下火: two groups at once",
     {"action": "zipai-discard", "hand": ["x6", "x7", "x8", "x9", "x10"], "card": "x8", "from_upper": True}, None),
    ("下火：一墩半边含两张小八", "下火: one 半边 holding both small 8s",
     {"action": "zipai-discard", "hand": ["x8", "d8", "d1"], "card": "x8", "from_upper": True}, {"xiahuo": "separate"}),
    ("吃成二七十", "Taking a card into 二七十",
     {"action": "zipai-discard", "hand": ["d2", "d10", "x1"], "card": "d7", "from_upper": True}, {"chi_forms": "with_erqishi"}),
    ("起手三张，别人打出第四张", "A dealt three, another discards the fourth",
     {"action": "zipai-discard", "hand": ["d5", "d5", "d5", "x1"], "card": "d5", "from_upper": False}, None),
    ("一对，自己摸到第三张", "A pair, drawing the third yourself",
     {"action": "zipai-draw", "hand": ["d5", "d5", "x1"], "card": "d5"}, None),
    ("起手三张，自己摸到第四张", "A dealt three, drawing the fourth yourself",
     {"action": "zipai-draw", "hand": ["d5", "d5", "d5", "x1"], "card": "d5"}, {"self_fourth": "free"}),
    ("开招旁一个对子", "One pair beside a 开招",
     {"action": "zipai-arrange", "hand": ["x7", "x7", "x7", "x7", "x1", "x1", "d2", "d7", "d10"]}, None),
    ("开招旁两个对子", "Two pairs beside one 开招",
     {"action": "zipai-arrange", "hand": ["x7", "x7", "x7", "x7", "x5", "x5", "d3", "d3"]}, {"pairs": "any"}),
    ("一大两小的半边", "A 半边 of one big and two small",
     {"action": "zipai-arrange", "hand": ["d9", "x9", "x9"]}, {"banbian": "two_big"}),
)

_WHY = {
    "not_upper": ("只能吃上家的牌", "only the upper seat's card may be taken"),
    "passed": ("过张", "a passed card"),
    "xiahuo": ("下火规则不允许", "not allowed by 下火规则"),
    "no_group": ("组不成可吃的墩", "no group to take it into"),
    "no_pair": ("没有对子", "no pair"),
    "forced_kaizhao": ("必须开招", "开招 is forced"),
    "own_draw": ("自己摸的牌不能吃", "one's own draw is never taken by 吃"),
}


def _zi_chars(codes: list[str], lang: str = "zh", sep: str = " ") -> str:
    cards = [zipai.parse_zi(c) for c in codes]
    return sep.join((c.zh if lang == "zh" else f"{c.en} ({c.char})") for c in cards if c is not None)


def _zi_group(g: dict[str, Any], lang: str) -> str:
    return g["chars"] if lang == "zh" else _zi_chars(g["cards"], "en", ", ")


def _zi_outcome(ans: dict[str, Any], action: str, lang: str) -> str:
    if not ans.get("ok"):
        return E(ans["error"][lang])
    if action == "zipai-arrange":
        if not ans["complete"]:
            return t(lang, "不能全部拢好", "cannot all be grouped")
        return t(lang, "全部拢好：", "all grouped: ") + t(lang, "、", ", ").join(
            t(lang, f'{g["zh"]}（{g["chars"]}）', f'{g["en"]}: {_zi_group(g, lang)}') for g in ans["groups"]
        )
    if ans.get("forced"):
        name = {"kaizhao": ("必须开招（亮）", "开招 forced (face up)"), "saopai": ("必须扫牌（扣成坎）", "扫牌 forced (face-down 坎子)")}
        return t(lang, *name[ans["forced"]])
    if action == "zipai-draw":
        return t(lang, "不强制", "nothing forced")
    parts = []
    if ans["chi"]:
        ways = [" + ".join(_zi_group(g, lang) if lang == "zh" else f"[{_zi_group(g, lang)}]" for g in w) for w in ans["chi"]]
        parts.append(t(lang, "可吃：", "may 吃: ") + t(lang, "；", "; ").join(ways))
    else:
        why = t(lang, *_WHY.get(ans["why_not_chi"], (ans["why_not_chi"],) * 2))
        parts.append(t(lang, f"不可吃（{why}）", f"no 吃 ({why})"))
    parts.append(t(lang, "可碰", "may 碰") if ans["peng"] else t(lang, "不可碰", "no 碰"))
    return t(lang, "；", "; ").join(parts)


def zipai_cases_table(lang: str, params: dict[str, Any]) -> str:
    rows = []
    for zh, en, req, alt in ZIPAI_CASES:
        q = {"game": "yezi", **req}
        ans = handle(q)
        hand = _zi_chars(req["hand"], lang, " " if lang == "zh" else ", ")
        card = _zi_chars([req["card"]], lang) if "card" in req else "—"
        if req["action"] == "zipai-discard":
            who = t(lang, "上家打出", "upper seat discards") if req.get("from_upper") else t(lang, "别家打出", "another seat discards")
            card = f"{who} {card}"
            if req.get("passed"):
                card += t(lang, "（曾放过）", " (let go before)")
        elif req["action"] == "zipai-draw":
            card = t(lang, "自己摸到 ", "draws ") + card
        other = "—"
        if alt:
            key, choice = next(iter(alt.items()))
            other = f"{_choice_label(key, choice, lang)}{t(lang, '：', ': ')}" + _zi_outcome(handle({**q, "options": alt}), req["action"], lang)
        rows.append(f"| {t(lang, zh, en)} | {hand} | {card} | {_zi_outcome(ans, req['action'], lang)} | {other} |")
    head = (
        f"| {t(lang, '情形', 'Case')} | {t(lang, '手牌', 'Hand')} | {t(lang, '来牌', 'Card')} | "
        f"{t(lang, '默认读法', 'Default reading')} | {t(lang, '另一读法', 'Other reading')} |\n|---|---|---|---|---|\n"
    )
    return head + "\n".join(rows)


TABLES["yezi-zipai-cases"] = zipai_cases_table



def option_effects_table(lang: str, params: dict[str, Any]) -> str:
    n = int(params.get("rounds", 5000))
    seed = int(params.get("seed", SIM_SEED))
    rows = []
    for e in option_effects(n, seed):
        o = next(x for x in trace.OPTIONS if x.id == f"yezi.{e.option}")
        rows.append(
            f"| {t(lang, o.zh, o.en)} | {_choice_label(e.option, e.choice, lang)} | "
            f"{_pct(e.winners_differ, e.rounds, 1)} | {_pct(e.places_differ, e.rounds, 1)} |"
        )
    note = t(
        lang,
        f"方法：蒙特卡洛，同样的 {_num(n)} 局分别按默认读法和另一读法计算，四人都按最佳分法亮牌。"
        "骰点数法只改变谁拿到哪手牌，所以单局结果会变，但任何概率都不变。",
        f"Method: Monte Carlo; the same {_num(n)} rounds scored under the default and under the other reading, "
        "everyone showing their best split. The die count only changes who gets which hand, so single rounds change but no probability does.",
    )
    return (
        f"| {t(lang, '问题', 'Question')} | {t(lang, '另一读法', 'Other reading')} | {t(lang, '胜者改变的局', 'Rounds with a different winner')} | "
        f"{t(lang, '名次有变的局', 'Rounds with any place changed')} |\n|---|---|--:|--:|\n" + "\n".join(rows) + f"\n\n{note}"
    )


TABLES["yezi-option-effects"] = option_effects_table


def _face_file(value: int) -> Callable[[], str]:
    return lambda: card_svg(value, 100, "zh")


FILES: dict[str, Callable[[], str | bytes]] = {
    f"assets/yezi/cards/{code_of(f.value)}.svg": _face_file(f.value) for f in FACES
}

_ = zipai  # the 字牌 tables read zipai through DIFFERENCES
