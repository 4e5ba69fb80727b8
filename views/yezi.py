"""下灌叶子戏 drawn from the engine's answers: a round of four (``round``: the die and the draw, the four hands in
the order of their places, the two showings, the reader's total beside their best), a hand dealt with its best
split (``deal``), the two groups of the combination form (``evaluate``: each group's cards, its name and score,
the total, the cards still free to place) and a showing judged at a real table (``showing``: both showings, the
totals, places and each player's best split).

The build draws the widgets' first answers with these functions (``sitegen/yezi.py``, ``sitegen/yezi_showing.py``)
and the reader's browser draws every later answer with the same functions in Pyodide (``views.answer``);
``widgets/yezi.js`` and ``widgets/showing.js`` only insert the markup and wire the cards and buttons. Every text
from an answer is escaped.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.yezi.cards import FACES, GROUP_SIZE, SEAT_NAMES, code_of, parse_card
from .draw.yezi import card_svg

from .text import T, e

Answer = dict[str, Any]

#: the width of a card in a group shown (CSS px; a card is twice as high) and of a card in a hand dealt
GROUP_WIDTH = 30
HAND_WIDTH = 34


def cards(codes: list[str], lang: str, width: int) -> str:
    """Card faces side by side (a code that is no card is left out)."""
    drawn = "".join(card_svg(c, width, lang) for c in (parse_card(x) for x in codes) if c is not None)
    return f'<span class="yz-cards">{drawn}</span>'


def combo_name(c: dict[str, Any] | None, lang: str) -> str:
    """A combination in the reader's language; English gives the Chinese name beside it."""
    t = T(lang)
    if not c or c.get("id") == "scatter":
        return t("流散对", "scattered group (流散对)")
    return t(c["zh"], f'{c["en"]} ({c["zh"]})')


def _group(codes: list[str], c: dict[str, Any], score: Any, lang: str) -> str:
    return (f'<div class="yz-split-group">{cards(codes, lang, GROUP_WIDTH)}'
            f'<span class="yz-split-name">{e(combo_name(c, lang))} · {e(score)}</span></div>')


def split(a: Answer, lang: str) -> str:
    """A hand's best split (a ``deal`` answer): each group, its combination and its rank."""
    return "".join(_group(g, c, r, lang) for g, c, r in zip(a["groups"], a["combinations"], a["ranks"]))


def deal(a: Answer, lang: str) -> dict[str, str]:
    """The deal widget's parts: the hand dealt and its best split."""
    return {"hand": cards(a["hand"], lang, HAND_WIDTH), "split": split(a, lang)}


def places(a: Answer) -> list[dict[str, Any]]:
    """The four players in the order of their places; players sharing a place in the order they showed."""
    order = a["show_order"]
    return sorted(a["players"], key=lambda p: (p["place"], order.index(p["seat"]) if p["seat"] in order else len(order)))


def _seat(a: Answer, s: int, lang: str) -> str:
    return e(a["seat_names"][s][lang])


def showings(a: Answer, lang: str) -> str:
    """Who won each showing, with the combination that won it."""
    t = T(lang)
    items = []
    for turn, seats in enumerate(a["showing_winners"]):
        label = t(f"第{'一二'[turn]}次亮牌", f"Showing {turn + 1}")
        if not seats:
            who = e(t("无人优胜（四组都是流散对）", "no winner (all four groups are scattered)"))
        else:
            combo = next(p for p in a["players"] if p["seat"] == seats[0])["combinations"][turn]
            names = t("、", ", ").join(_seat(a, s, lang) for s in seats)
            who = t(f"{names}优胜（{e(combo['zh'])}）", f"won by {names} ({e(combo['en'])}, {e(combo['zh'])})")
        items.append(f'<li data-turn="{turn}">{label}{t("：", ": ")}{who}</li>')
    return f'<ul class="yz-showings" data-role="showings">{"".join(items)}</ul>'


def round_result(a: Answer, lang: str) -> str:
    """A round's result (a ``round`` answer): the die and the draw, the table of places, the showings and,
    where the reader played a seat, their total beside their best split's."""
    t = T(lang)
    head = (f'<p>{t("掷骰者", "Die thrown by")}: <strong>{_seat(a, a["thrower"], lang)}</strong> · '
            f'{t("点数", "points")}: <strong data-role="die">{int(a["die"])}</strong> · '
            f'{t("先抓", "first to draw")}: <strong>{_seat(a, a["first_drawer"], lang)}</strong> · '
            f'{t("从第几墩起", "from stack")}: <strong>{int(a["start_stack"])}</strong></p>')
    winner = ' class="yz-winner"'
    rows = "".join(
        f'<tr data-seat="{int(p["seat"])}"{winner if p["place"] == 1 else ""}><td>{int(p["place"])}</td>'
        f'<td>{_seat(a, p["seat"], lang)}</td>'
        f'<td>{"".join(_group(g, p["combinations"][i], p["scores"][i], lang) for i, g in enumerate(p["groups"]))}</td>'
        f'<td><strong>{int(p["total"])}</strong></td></tr>'
        for p in places(a)
    )
    table = (f'<div class="yz-scroll"><table class="yz-round-table"><thead><tr><th>{t("名次", "Place")}</th><th>{t("玩家", "Player")}</th>'
             f'<th>{t("两次亮牌", "Two showings")}</th><th>{t("合计", "Total")}</th></tr></thead><tbody>{rows}</tbody></table></div>')
    mine = ""
    if a.get("my_seat") is not None:
        me = next(p for p in a["players"] if p["seat"] == a["my_seat"])
        mine = (f'<p data-role="mine-total">{t("你的分法合计 ", "Your split totals ")}<strong>{int(me["total"])}</strong>'
                f'{t(" 分，你的最佳分法是 ", "; your best split would total ")}<strong>{int(a["my_best"])}</strong>{t(" 分。", ".")}</p>')
    return head + table + showings(a, lang) + mine


# ---------------------------------------------------------------- the combination form (an ``evaluate`` answer)

#: the width of a card in the form's palette
PICK_WIDTH = 30


def _off(x: bool) -> str:
    return " disabled" if x else ""


def palette(a: Answer, lang: str, still: bool = False) -> str:
    """Every face of the deck as a button putting it into a group: grey once all its copies are placed, or both
    groups are full (``still``: all grey, as before Python is ready)."""
    t = T(lang)
    used = Counter(c for g in a["groups"] for c in g["cards"])
    full = all(len(g["cards"]) >= GROUP_SIZE for g in a["groups"])
    out = []
    for f in FACES:
        code = code_of(f.value)
        # a numbered card's button is named by the drawing inside it (a label of its own would not contain the
        # card's visible characters); the leaf's drawing has no text, so its button is named
        label = f' aria-label="{e(t("叶（花牌）", "leaf (flower card)"))}"' if f.value == 0 else ""
        # a grey button says why it is grey (its tooltip, also its accessible description)
        # (before Python is ready every button is grey and the widget's loading line says why)
        why = (t(f"这种牌一副只有 {f.count} 张，都已放进组里", f"the deck has {f.count} of this card, all placed") if used[code] >= f.count
               else t("两组都满了：先点组里的一张取回", "both groups are full: take a card back first") if full else "")
        title = f' title="{e(why)}"' if why else ""
        title = "" if still else title
        out.append(f'<button type="button" class="yz-pick" data-card="{code}" data-count="{f.count}"{label}{title}'
                   f'{_off(still or bool(why))}>{card_svg(f.value, PICK_WIDTH, lang)}</button>')
    return "".join(out)


def _group_name(g: dict[str, Any], lang: str) -> str:
    t = T(lang)
    if g["complete"]:
        return combo_name(g["combination"], lang)
    if not g["cards"]:
        return t("空", "empty")
    k = len(g["possible"])
    if k:
        return t(f"还可能成 {k} 种组合", f"could still make {k} combination{'s' if k > 1 else ''}")
    return t("已不可能成组合", "can no longer make a combination")


def form(a: Answer, lang: str, still: bool = False) -> dict[str, str]:
    """The combination form's parts: each group's cards (``slot-<i>``: a card clicked is taken back) and its name
    and score (``verdict-<i>``), both groups' total beside the best split of the cards placed (``total``), and the
    palette (``palette``). ``still``: every button grey, as before Python is ready."""
    t = T(lang)
    parts: dict[str, str] = {}
    for i, g in enumerate(a["groups"]):
        parts[f"slot-{i}"] = "".join(
            f'<button type="button" class="yz-chip" data-card="{e(c)}" data-index="{j}" title="{e(t("点一下取回", "pick it again to take it back"))}"'
            f'{_off(still)}>{card_svg(parse_card(c), HAND_WIDTH, lang)}</button>'
            for j, c in enumerate(g["cards"])
        )
        rank = "" if g["rank"] is None else str(int(g["rank"]))
        parts[f"verdict-{i}"] = (f'<strong data-role="name">{e(_group_name(g, lang))}</strong> '
                                 f'<span class="yz-rank">{t("分数", "score")}: <span data-role="rank">{rank}</span></span>')
    total = "" if a["score"] is None else str(int(a["score"]))
    best = "" if a.get("best_score") is None else str(int(a["best_score"]))
    parts["total"] = (f'{t("两组合计", "Total of both groups")}: <strong data-role="total">{total}</strong>'
                      f' · {t("这八张的最佳分法", "best split of these eight")}: <strong data-role="best">{best}</strong>')
    parts["palette"] = palette(a, lang, still)
    return parts


# ---------------------------------------------------------------- a showing at a real table (a ``showing`` answer)


def card_label(code: str, lang: str) -> str:
    """A card's name in words (the showing's buttons and tables write cards as text)."""
    f = FACES[parse_card(code)]
    if f.value == 0:
        return T(lang)("叶", "叶 leaf")
    return T(lang)(f"{f.cipher}（{f.numeral}）", f"{f.cipher} {f.value}")


def names_box(lang: str, prefix: str) -> str:
    """The four players' names (optional), at the head of the showing's entry: drawn once, with the page, so that
    nothing moves when ``widgets/showing.js`` starts (it enables and wires the boxes; a name given is in the seat
    buttons, every sentence, the result and the export's file name). ``prefix`` makes the boxes' ids the page's own."""
    t = T(lang)
    boxes = "".join(
        f'<span class="ys-name"><label for="{e(prefix)}-name-{s}">{e(t(zh, en))}</label> '
        f'<input id="{e(prefix)}-name-{s}" type="text" maxlength="20" data-role="name" data-seat="{s}" autocomplete="off" disabled></span>'
        for s, (zh, en) in enumerate(SEAT_NAMES)
    )
    legend = t("四家的名字（可不填）", "The four players' names (optional)")
    return f'<fieldset class="ys-names" data-role="names"><legend>{legend}</legend>{boxes}</fieldset>'


def _table(heads: list[str], rows: str, caption: str, attrs: str) -> str:
    head = "".join(f'<th scope="col">{h}</th>' for h in heads)
    return f"<table{attrs}><caption>{caption}</caption><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def showing(a: Answer, lang: str) -> str:
    """Both showings (each group, its combination, its score, the winners), then totals, places and each
    player's best split."""
    t = T(lang)
    seat = [e(n[lang]) for n in a["seat_names"]] if "seat_names" in a else [e(t(zh, en)) for zh, en in SEAT_NAMES]
    heads = [t("谁", "Who"), t("亮出的牌", "Cards shown"), t("组合", "Combination"), t("分", "Score")]
    out = []
    for turn in range(2):
        rows = "".join(
            f'<tr><th scope="row">{seat[s]}</th><td>{" ".join(e(card_label(c, lang)) for c in a["players"][s]["groups"][turn])}</td>'
            f'<td>{e(a["players"][s]["combinations"][turn][lang])}</td><td class="ys-num">{int(a["players"][s]["scores"][turn])}</td></tr>'
            for s in a["show_order"]
        )
        w = a["showing_winners"][turn]
        win = (t("胜者：", "Won by ") + t("、", ", ").join(seat[s] for s in w)) if w else t("四组都是流散对，无人胜出。", "All four groups are scattered: nobody wins it.")
        out.append(_table(heads, rows, t(("第一次亮牌", "第二次亮牌")[turn], ("First showing", "Second showing")[turn]),
                          f' class="ys-table" data-role="showing" data-turn="{turn}"')
                   + f'<p class="ys-winner" data-role="showing-winner">{win}</p>')
    rows = "".join(
        f'<tr data-role="place-row"><th scope="row">{seat[s]}</th><td class="ys-num" data-role="total">{int(p["total"])}</td>'
        f'<td class="ys-num" data-role="place">{int(p["place"])}</td>'
        f'<td>{e(t("、", ", ").join(c[lang] for c in p["best"]["combinations"]))} ({int(p["best"]["score"])})'
        + (e(t(f"，比亮出的少 {int(p['missed'])} 分", f"; {int(p['missed'])} fewer than the groups shown")) if p["missed"] else "") + "</td></tr>"
        for s, p in enumerate(a["players"])
    )
    out.append(_table([t("谁", "Who"), t("合计", "Total"), t("名次", "Place"), t("最佳分组", "Best split")], rows,
                      t("这一局（分数少者胜）", "The round (the lowest total wins)"), ' class="ys-table" data-role="places"')
               + f'<p class="ys-winner" data-role="round-winner">{t("这一局的胜者：", "The round is won by ")}'
                 f'{t("、", ", ").join(seat[s] for s in a["winners"])}</p>')
    return "".join(out)


# ---------------------------------------------------------------- the family's rounds (a ``tally`` answer)


def tally(a: Answer, lang: str) -> dict[str, str]:
    """The tally's parts: every round entered with each player's points, the running total (``table``, the
    totals in its foot), and what the last round came to (``last``)."""
    t = T(lang)
    if not a["rounds"]:
        return {"table": f'<p data-role="no-rounds">{t("还没有记下任何一局。", "No round entered yet.")}</p>', "last": ""}
    seat = [e(n[lang]) for n in a["seat_names"]]
    head = "".join(f'<th scope="col">{x}</th>' for x in ("#", *seat))
    rows = "".join(
        f'<tr data-role="round-row"><th scope="row">{i + 1}</th>'
        + "".join(f'<td class="ys-num">{"<strong>" if s in r["winners"] else ""}{int(n)}{"</strong>" if s in r["winners"] else ""}</td>'
                  for s, n in enumerate(r["points"]))
        + "</tr>"
        for i, r in enumerate(a["rounds"])
    )
    foot = (f'<tr class="ys-total" data-role="totals"><th scope="row">{t("累计", "Total")}</th>'
            + "".join(f'<td class="ys-num">{int(n)}</td>' for n in a["totals"]) + "</tr>")
    caption = t("每局各家的分（两次亮牌相加，粗体是这一局的胜者）和累计；分少的在前",
                "Each player's points per round (the two showings added; the round's winner in bold) and the running total; fewer is better")
    lead = t("、", ", ").join(seat[s] for s in a["leaders"])
    k = len(a["rounds"])
    table = (f'<table class="ys-table ys-tally"><caption>{caption}</caption><thead><tr>{head}</tr></thead>'
             f'<tbody>{rows}</tbody><tfoot>{foot}</tfoot></table>'
             f'<p class="ys-winner" data-role="leaders">{t(f"到第 {k} 局为止，分最少的是：", f"After round {k}, the fewest points: ")}{lead}</p>')
    n, last = len(a["rounds"]), a["rounds"][-1]
    return {"table": table, "last": f'<p data-role="last-round">{t(f"第 {n} 局：", f"Round {n}: ")}{e(last[lang])}</p>'}


def faces(a: Answer, lang: str) -> dict[str, str]:
    """The ``faces`` answer's cards drawn at its width, code → SVG, named in the page's language."""
    width, wanted = int(a["width"]), set(a["cards"])
    return {code_of(f.value): card_svg(f.value, width, lang) for f in FACES if code_of(f.value) in wanted}
