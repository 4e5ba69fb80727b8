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
from .draw.paohuzi import card_svg, lesson_card_svg

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
        assert best is not None  # a winning hand has its best layout
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


# ---------------------------------------------------------------- a match sheet kept at a real table (the sheet action)

#: the sheet's columns before the players' (the details fold into the hand's own cell on a phone)
MATCH_HEADS = (("庄", "Dealer"), ("胡", "Winner"), ("戏", "Huxi"), ("等", "Deng"), ("番", "Fan"), ("罚则", "Fouls"))


def _signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


def match_sheet(a: Answer, lang: str, example: bool = False) -> dict[str, str]:
    """A match sheet drawn from one ``sheet`` answer: the running totals by themselves (``standing``), the sheet
    (``result``: each hand's seats, winner, 戏, 等, 番, fouls and points with the running totals under them, the
    totals, the ranking once the match is over) and every correction (``history``). On a phone the hand's details
    fold into its own cell (``ms-fold``), so the players' columns and their totals fit the screen. ``example``: the
    build's sample, marked as such (it goes once the reader's own sheet is drawn)."""
    t = T(lang)
    ps = a["players"]
    name = lambda p: e(ps[p][lang])  # the family's name once given, else the seat's letter
    sep = t("；", "; ")
    standing = (f'<p class="ms-standing" data-role="standing"><b>{e(t("累计", "Totals"))}</b> '
                + " · ".join(f'<span data-player="{int(p["player"])}">{name(p["player"])} <b>{_signed(int(p["total"]))}</b></span>' for p in ps)
                + "</p>")
    head = (f'<th scope="col">{e(t("局", "Hand"))}</th>' + "".join(f'<th scope="col" class="ms-d">{e(t(*h))}</th>' for h in MATCH_HEADS)
            + "".join(f'<th scope="col" class="ms-num">{name(p["player"])}</th>' for p in ps))
    rows = []
    for r in a["hands"]:
        won = r["winner"] is not None
        win = t("荒", "none") if not won else name(r["winner"]) + (e(t("（自摸）", " (self)")) if r["zimo"] else "") + ("" if r["hu_valid"] else e(t("（无效）", " (void)")))
        fan = "" if not won else e(" ".join(f[lang] for f in r["fan"])) + (f" ×{int(r['multiplier'])}" if r["multiplier"] > 1 else "")
        fouls = sep.join(f"{name(f['player'])} {e(f[lang])}" for f in r["fouls"])
        if r["bird"]:
            fouls += (sep if fouls else "") + e(t("鸟", "bird")) + "→" + name(r["bird"]["player"])
        huxi = str(int(r["huxi"])) if won else ""
        deng = str(int(r["deng"])) if r["deng"] else ""
        fold = [t(f"{name(r['dealer'])}庄", f"{name(r['dealer'])} deals"), win + (f" {huxi}{e(t('戏', ' huxi'))}" if won else "")]
        if deng:
            fold.append(f"{deng}{e(t('等', ' deng'))}")
        fold += [x for x in (fan, fouls) if x]
        cells = "".join(f'<td class="ms-num">{_signed(int(v))}<small class="ms-run" title="{e(t("累计", "running total"))}">{_signed(int(tot))}</small></td>'
                        for v, tot in zip(r["scores"], r["totals"]))
        rows.append(f'<tr data-role="hand-row" data-hand="{int(r["hand"])}"><th scope="row">{int(r["hand"])}'
                    f'<span class="ms-fold">{" · ".join(fold)}</span></th><td class="ms-d">{name(r["dealer"])}</td><td class="ms-d">{win}</td>'
                    f'<td class="ms-num ms-d">{huxi}</td><td class="ms-num ms-d">{deng}</td><td class="ms-d">{fan}</td><td class="ms-d">{fouls}</td>{cells}</tr>')
    foot = (f'<tr class="ms-total" data-role="totals"><th scope="row">{e(t("累计", "Total"))}</th><td class="ms-d" colspan="{len(MATCH_HEADS)}"></td>'
            + "".join(f'<td class="ms-num">{_signed(int(v))}</td>' for v in a["totals"]) + "</tr>")
    caption = t("每局得分（小号的数是累计分），每局各方合计为零", "Points per hand (small figures: running totals); every hand sums to zero")
    table = (f'<table class="ms-table"><caption>{e(caption)}</caption><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody><tfoot>{foot}</tfoot></table>')
    out = ""
    if example:
        out += (f'<p class="ms-example" data-role="example"><b>{e(t("示例", "Example"))} / {e(t("example", "示例"))}</b> '
                f'{e(t("书中比赛规则的几个例子；你自己记的比赛会出现在这里。", "the booklet’s own examples of its competition rules; the match you keep appears here instead."))}</p>')
    title = " · ".join([t("跑胡子积分表", "跑胡子 match sheet (积分表)")] + [x for x in (a.get("event"), a.get("date")) if x]
                       + [t("、", ", ").join(p[lang] for p in ps)])
    out += f'<p class="ms-title">{e(title)}</p><div class="ms-scroll">{table}</div>'
    if a.get("birds"):
        out += "<p>" + e(sep.join(t(f"鸟 {int(b['bird'])}：{_signed(int(b['total']))}", f"Bird {int(b['bird'])}: {_signed(int(b['total']))}") for b in a["birds"])) + "</p>"
    if a.get("ranking"):
        items = "".join(
            f'<li data-player="{int(r["player"])}">'
            + e(t(f"第 {int(r['place'])} 名 {ps[r['player']]['zh']}：{_signed(int(r['total']))}{'（同分）' if r['shared'] else ''}",
                  f"Place {int(r['place'])}: {ps[r['player']]['en']}, {_signed(int(r['total']))}{' (tied)' if r['shared'] else ''}"))
            + "</li>" for r in a["ranking"])
        out += f'<p class="ms-q">{e(t("名次", "Ranking"))}</p><ol class="ms-ranking" data-role="ranking">{items}</ol>'
        out += '<div class="ms-sign">' + "".join(f"<span>{e(t(f'{ps[p][lang]} 签字：', f'{ps[p][lang]}, signed:'))}</span>" for p in range(len(ps))) + "</div>"
    hist = a.get("history") or []
    history = ""
    if hist:
        history = (f'<details class="ms-history" data-role="history"><summary>{e(t(f"改动过 {len(hist)} 次", f"Corrected {len(hist)} times" if len(hist) > 1 else "Corrected once"))}</summary>'
                   f'<ol>{"".join(f"<li>{e(h[lang])}</li>" for h in hist)}</ol></details>')
    return {"standing": standing, "result": out, "history": history}


# ---------------------------------------------------------------- the match sheet's entry form (the next hand, or one corrected)
def _toggle(label: str, pressed: bool, attrs: str = "", still: bool = False) -> str:
    return (f'<button type="button" class="hw-btn ms-toggle" aria-pressed="{"true" if pressed else "false"}"{attrs}'
            f'{" disabled" if still else ""}>{e(label)}</button>')


def blank_entry(words: dict[str, Any]) -> dict[str, Any]:
    """A hand not entered yet: nobody chosen, the 戏 at the sheet's threshold, no 番, fouls or bird."""
    return {"winner": None, "chosen": False, "zimo": False, "mode": "huxi", "huxi": None, "fan": [], "fouls": {}, "bird": "",
            "cards": {"hand": [], "open": [], "card": None, "source": words["sources"][0]["id"], "target": "hand",
                      "kind": words["kinds"][0]["id"], "group": []}}


def _start_huxi(a: Answer) -> int:
    r = next((x for x in a.get("readings") or [] if x["id"] == "threshold"), None)
    try:
        return int(r["value"]) if r else 0
    except ValueError:
        return 0


def _huxi_part(a: Answer, entry: dict[str, Any], lang: str, uid: str, still: bool) -> str:
    t = T(lang)
    words = a["form"]
    L, W = words["limits"], words["terms"]
    xi, z = W["xi"], int(L["zimo_huxi"])
    hid = f"{uid}-huxi"
    huxi = entry["huxi"] if entry["huxi"] is not None else _start_huxi(a)
    off = " disabled" if still else ""
    x, zimo, fan = xi["zh"], W["zimo"]["zh"], W["fan"]["zh"]
    fans = "".join(_toggle(t(f["zh"], f"{f['en']} ({f['zh']})"), f["id"] in entry["fan"], f' data-fan="{e(f["id"])}"', still) for f in words["fans"])
    label = t(f"牌型的{x}（不含{zimo}加的 {z} {x}）", f"Huxi of the hand (before the {z} for a self-draw)")
    less, more = t(f"少 {z} {x}", f"{z} huxi fewer"), t(f"多 {z} {x}", f"{z} huxi more")
    zimo_button = _toggle(t(f"{zimo}（加 {z} {x}）", f"Self-drawn ({z} huxi more)"), entry["zimo"], ' data-role="zimo"', still)
    return (f'<div class="ms-huxi"><p><label for="{e(hid)}">{e(label)}</label></p>'
            f'<div class="ms-row"><button type="button" class="hw-btn ms-step" data-role="less" aria-label="{e(less)}"{off}>−{z}</button>'
            f'<input id="{e(hid)}" type="number" min="0" max="{int(L["huxi"])}" inputmode="numeric" value="{e(huxi)}" data-role="huxi" aria-describedby="{e(hid)}-why"{off}>'
            f'<button type="button" class="hw-btn ms-step" data-role="more" aria-label="{e(more)}"{off}>+{z}</button></div>'
            f'<p class="hw-why ms-why" data-role="huxi-why" id="{e(hid)}-why" aria-live="polite"></p>'
            f'<div class="ms-row">{zimo_button}</div>'
            f'<p class="ms-q">{e(t(f"{fan}（可不选）", "Fan (if any)"))}</p><div class="ms-row" data-role="fans">{fans}</div></div>')


def _card_label(words: dict[str, Any], code: str, lang: str) -> str:
    c = next((x for x in words["cards"] if x["code"] == code), None)
    if c is None:
        return code
    return c["char"] if lang == "zh" else f"{c['char']} {c['en']}"


def _cards_part(a: Answer, entry: dict[str, Any], lang: str, uid: str, still: bool) -> str:
    t = T(lang)
    words = a["form"]
    c = entry["cards"]
    w = lambda x: x[lang]
    out = ('<div class="ms-cards"><div class="ms-row" data-role="target">'
           + _toggle(t("手里的牌", "Cards in hand"), c["target"] == "hand", ' data-target="hand"', still)
           + _toggle(t("亮在桌上的一组", "A group shown on the table"), c["target"] == "open", ' data-target="open"', still)
           + _toggle(t("胡的那一张", "The winning card"), c["target"] == "card", ' data-target="card"', still) + "</div>")
    if c["target"] == "open":
        out += '<div class="ms-row">' + "".join(_toggle(t(k["zh"], f"{k['en']}, {k['zh']}"), c["kind"] == k["id"], f' data-kind="{e(k["id"])}"', still)
                                                for k in words["kinds"]) + "</div>"
    palette = "".join(f'<button type="button" class="hw-btn ms-card{" ms-big" if x["big"] else ""}{" ms-red" if x["red"] else ""}" data-card="{e(x["code"])}"'
                      f'{" disabled" if still else ""}>{e(_card_label(words, x["code"], lang))}</button>' for x in words["cards"])
    show = lambda codes: " ".join(_card_label(words, x, lang) for x in codes)
    kind = lambda k: next((w(y) for y in words["kinds"] if y["id"] == k), k)
    opened = t("；", "; ").join(f"{kind(g['kind'])} {show(g['cards'])}" for g in c["open"]) + (f" … {show(c['group'])}" if c["group"] else "")
    sid = f"{uid}-source"
    sources = "".join(f'<option value="{e(x["id"])}"{" selected" if x["id"] == c["source"] else ""}>{e(w(x))}</option>' for x in words["sources"])
    held = len(c["hand"])
    return (out + f'<div class="ms-palette" data-role="palette">{palette}</div>'
            f'<p data-role="hand-cards">{e(t(f"手里（{held} 张）：", f"In hand ({held}): ") + show(c["hand"]))}</p>'
            f'<p data-role="open-groups">{e(t("桌上：", "On the table: ") + opened)}</p>'
            f'<p data-role="win-card">{e(t("胡的那一张：", "The winning card: ") + (_card_label(words, c["card"], lang) if c["card"] else "—"))}</p>'
            f'<p><label for="{e(sid)}">{e(t("胡的那一张从哪里来", "Where the winning card came from"))}</label> '
            f'<select id="{e(sid)}" data-role="source"{" disabled" if still else ""}>{sources}</select></p>'
            f'<div class="ms-row"><button type="button" class="hw-btn" data-role="back"{" disabled" if still else ""}>{e(t("去掉最后一张", "Take back the last card"))}</button></div></div>')


def match_form(a: Answer, lang: str, entry: dict[str, Any] | None = None, editing: int | None = None, uid: str = "ms",
               still: bool = False) -> str:
    """The entry form of a match sheet (the ``sheet`` answer asked with ``form``): the hand's number and seats, who won
    (or nobody: 荒), the 戏 and 番 or the winning hand card by card, the fouls, the bird card, the buttons. ``entry``:
    the hand as the reader has chosen so far (``blank_entry`` when none); ``editing``: the hand (0…) being corrected;
    ``uid``: the widget's prefix of element ids; ``still``: the build's first answer, its controls disabled."""
    t = T(lang)
    words = a["form"]
    entry = entry or blank_entry(words)
    off = " disabled" if still else ""
    ps = a["players"]
    name = lambda p: ps[p][lang]
    if a["over"]:
        return (f'<legend>{e(t("比赛已结束", "The match is over"))}</legend><p>{e(t("要再记一局，请按“继续记分”。", "To enter another hand, press Continue the match."))}</p>'
                f'<button type="button" class="hw-btn" data-role="reopen"{off}>{e(t("继续记分", "Continue the match"))}</button>')
    k = len(a["hands"]) + 1 if editing is None else editing + 1
    row = None if editing is None else a["hands"][editing]
    roles = row["roles"] if row else a["next_roles"]
    dealer = row["dealer"] if row else a["next_dealer"]
    R, W = words["roles"], words["terms"]
    legend = t(f"第 {k} 局", f"Hand {k}") if editing is None else t(f"改正第 {k} 局", f"Correcting hand {k}")
    seats = t("；", "; ").join(t(f"{name(p)}：{R[r]['zh']}", f"{name(p)}: {R[r]['en']}") for p, r in enumerate(roles))
    winner = entry["winner"] if entry["chosen"] else "unset"
    out = (f'<legend data-role="legend">{e(legend)}</legend>'
           f'<p class="ms-seats" data-role="seats">{e(t(f"{name(dealer)}坐庄。", f"{name(dealer)} deals. ") + seats)}</p>'
           f'<p class="ms-q">{e(t("谁胡了？", "Who won?"))}</p><div class="ms-row" data-role="winner">'
           + "".join(_toggle(name(p), winner == p, f' data-player="{p}"', still) for p, r in enumerate(roles) if r != "xing")
           + _toggle(t(f"{W['huang']['zh']}（没人胡）", f"Nobody ({W['huang']['en']})"), winner is None, ' data-player="none"', still) + "</div>")
    if winner not in ("unset", None):
        out += ('<div class="ms-row" data-role="mode">'
                + _toggle(t(f"写{W['xi']['zh']}数和{W['fan']['zh']}", "Enter the huxi and fan"), entry["mode"] == "huxi", ' data-mode="huxi"', still)
                + _toggle(t("逐张写出胡牌", "Enter the winning hand card by card"), entry["mode"] == "cards", ' data-mode="cards"', still) + "</div>")
        out += (_huxi_part if entry["mode"] == "huxi" else _cards_part)(a, entry, lang, uid, still)
    fouls = entry["fouls"]
    out += f'<details class="ms-fouls"{" open" if any(fouls.values()) else ""}><summary>{e(t("罚则（摊牌后指出的违规）", "Fouls found at the showdown"))}</summary>'
    for p, r in enumerate(roles):
        if r == "xing":
            continue
        fid = f"{uid}-foul-{p}"
        # one option a line: a page's text read without its markup (search, the crawl) keeps them apart
        opts = f'<option value="">{e(t("没有", "none"))}</option>\n' + "\n".join(
            f'<option value="{e(f["id"])}"{" selected" if fouls.get(str(p)) == f["id"] else ""}>{e(t(f["zh"], f["en"] + ", " + f["zh"]))}</option>' for f in words["fouls"])
        out += f'<p><label for="{e(fid)}">{e(name(p))}</label> <select id="{e(fid)}" data-role="foul" data-player="{p}"{off}>{opts}</select></p>'
    out += "</details>"
    if a["table"] == "four" and a["birds"]:
        bid = f"{uid}-bird"
        opts = f'<option value="">{e(t("请选", "choose"))}</option>\n' + "\n".join(
            f'<option value="{e(b["code"])}"{" selected" if entry["bird"] == b["code"] else ""}>{e(b[lang])}</option>' for b in words["birds"])
        stock, bird = W["stock"], W["bird"]["zh"]
        label = t(f"最后一张{stock['zh']}（定{bird}）", f"The last card of the {stock['en']} (for the birds)")
        out += (f'<p><label for="{e(bid)}">{e(label)}</label> '
                f'<select id="{e(bid)}" data-role="bird"{off}>{opts}</select></p>')
    add = t("记下这一局", "Enter this hand") if editing is None else t(f"记下改正的第 {k} 局", f"Enter hand {k} as corrected")
    clear = t("清空", "Clear") if editing is None else t("不改了", "Leave it as it was")
    return (out + f'<div class="ms-row"><button type="button" class="hw-btn ms-add" data-role="add"{off}>{e(add)}</button>'
            f'<button type="button" class="hw-btn" data-role="clear"{off}>{e(clear)}</button></div>')


def faces(a: Answer, lang: str) -> dict[str, str]:
    """The ``faces`` answer's cards drawn, code → SVG: at its height, as in the lessons where it says so (the Arabic
    numeral and big or small shown by the page's language), otherwise English faces carrying the Arabic numeral."""
    height = int(a["height"])
    cards = [c for c in (parse_card(x) for x in a["cards"]) if c is not None]
    if a.get("lesson"):
        return {c.code: lesson_card_svg(c, height) for c in cards}
    return {c.code: card_svg(c, height, arabic=lang == "en") for c in cards}
