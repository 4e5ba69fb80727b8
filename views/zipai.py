"""The 跑胡子 / 下灌字牌 table drawn from one answer of the engine's ``play`` action.

The build draws a table's first answer with these functions (``sitegen/zipai.py``, buttons ``still``:
disabled until Python is ready) and the reader's browser draws every later answer with the very same
functions, run in Pyodide beside the engine (``views.answer``); ``widgets/zipai.js`` only inserts the
markup and wires the buttons. Every text from an answer is escaped: engine words never become markup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.paohuzi.cards import parse_card
from .draw.paohuzi import LESSON_HEIGHT, lesson_card_svg

from .text import e

#: every card at the table is drawn as in the lessons: 32 CSS px wide, characters 24 px high
HEIGHT = LESSON_HEIGHT
WINNERS = "the winner's cards laid out"
#: a card under another in a group shows its top part: the character, and on English pages the numeral
OVERLAP = round(HEIGHT * 0.47)

Answer = dict[str, Any]


def one_language(svg: str, lang: str) -> str:
    """A lesson drawing for one language: the Arabic numeral and big/small only on English pages, the band across
    big cards only on Chinese ones. Drawn for the page's language rather than switched by the stylesheet, because a
    drawing repeated on a page is shared (sitegen/page_weight.py) and the stylesheet cannot reach inside a shared copy."""
    if lang == "zh":
        return re.sub(r'<g class="phz-en".*?</g>', "", svg, count=1, flags=re.S)
    return re.sub(r'<rect class="phz-band"[^>]*/>', "", svg, count=1)


@dataclass(frozen=True)
class Draw:
    """How to draw: the page's language, ``still`` (every button disabled: the first answer, drawn before Python is
    ready), ``base`` (where the rules the log names are explained, from the page) and ``hints`` (a learner's table:
    each way to 吃 with what it keeps and gives up)."""

    lang: str
    still: bool = False
    base: str = "../turn/"
    hints: bool = False

    def t(self, zh: str, en: str) -> str:
        return zh if self.lang == "zh" else en

    def nm(self, d: dict[str, Any]) -> str:
        return e(d["zh"] if self.lang == "zh" else d["en"])

    @property
    def off(self) -> str:
        return " disabled" if self.still else ""

    def rule_link(self, r: dict[str, Any]) -> str:
        return f'<a class="zp-rule" href="{e(self.base)}#rule-{e(r["id"])}">{self.nm(r)}</a>'

    # ------------------------------------------------------------ cards and groups

    def card_name(self, code: str) -> str:
        c = parse_card(code)
        return e(code) if c is None else e(c.zh if self.lang == "zh" else c.en)

    def card(self, code: str | None, cls: str = "") -> str:
        c = parse_card(code) if code else None
        if c is None:
            label = e(self.t("扣着的牌", "a card face down"))
            return f'<span class="zp-back{cls}" role="img" aria-label="{label}" style="height:{HEIGHT}px;width:{round(HEIGHT * 40 / 180)}px"></span>'
        svg = one_language(lesson_card_svg(c, HEIGHT), self.lang).replace(
            'aria-hidden="true"', f'role="img" aria-label="{self.card_name(c.code)}"', 1)
        return svg.replace('class="phz-card', f'class="zp-card{cls} phz-card', 1) if cls else svg

    def group(self, g: dict[str, Any], under: str | None = None) -> str:
        """One group; the card taken from the table (or, in a 比 group, the copy of it) lies under the others
        (the booklet's 练品)."""
        t = self.t
        low = g.get("taken") or (under if g.get("bi") else None)
        cards, taken = [], False
        for c in g["cards"]:
            is_taken = not taken and low is not None and c == low
            taken = taken or is_taken
            cards.append((is_taken, c))
        cards.sort(key=lambda x: x[0])
        inner = "".join(self.card(c, " zp-taken" if tk else "") for tk, c in cards)
        hx = g.get("huxi")
        cap = (self.nm(g) + (t("（比）", " (bi)") if g.get("bi") else "")
               + (t("（扣着）", " (face down)") if g["face"] == "down" and any(g["cards"]) else "")
               + (f" · {int(hx)}{t('戏', ' huxi')}" if hx else ""))
        cls = "zp-group" + (" zp-bi" if g.get("bi") else "") + (" zp-down" if g["face"] == "down" else "")
        return (f'<figure class="{cls}"><div class="zp-group-cards" style="--zp-overlap:-{OVERLAP}px">{inner}</div>'
                f'<figcaption>{cap}</figcaption></figure>')

    def groups(self, groups: list[dict[str, Any]]) -> str:
        out, last = [], None
        for g in groups:
            out.append(self.group(g, last))
            if not g.get("bi"):
                last = g.get("taken")
        return "".join(out)

    # ------------------------------------------------------------ the table

    PLACE = {"top": ("坐在你对面", "sits opposite you"), "right": ("坐在你右手边", "sits on your right"),
             "left": ("坐在你左手边", "sits on your left")}

    @staticmethod
    def place(s: dict[str, Any], a: Answer) -> str:
        """Where a seat sits seen from the reader: play passes to the next player (下家) on the reader's right."""
        me = next((x["seat"] for x in a["seats"] if x["you"]), None)
        n = len(a["seats"])
        if me is None and a.get("xing") and n == 3:
            return ["top", "left", "right"][s["seat"]]  # the reader counts, opposite the dealer
        if me is None or s["you"]:
            return ""
        if n == 2:
            return "top"
        return "right" if s["seat"] == (me + 1) % n else "left"

    def seat(self, s: dict[str, Any], a: Answer, big: bool) -> str:
        t = self.t
        where = self.place(s, a)
        who = self.nm(s) + (t("（你）", " (you)") if s["you"] else t("（电脑）", " (computer)") if s["computer"] else "")
        turn = a.get("to_move") == s["seat"] and not a["over"]
        n = int(s["hand_count"])
        h = (f'<p class="zp-seat-name">{who}{(" · " + t("轮到此家", "to move")) if turn else ""}</p>'
             + (f'<p class="zp-place">{t(*self.PLACE[where])}</p>' if where else "")
             + f'<p class="zp-count">{t(f"手中 {n} 张", f"{n} cards in hand")}</p>')
        opened = self.groups(s["open"])
        if opened:
            h += f'<div class="zp-open" role="group" aria-label="{e(t("亮在桌上的牌", "groups on the table"))}">{opened}</div>'
        if s["hand"] is not None and not big:
            h += (f'<span class="zp-row-label">{t("手中剩下的牌", "Cards left in hand")}</span>'
                  f'<div class="zp-hand-small">{"".join(self.card(c) for c in s["hand"])}</div>')
        if s["row"]:
            nxt = a["seats"][(s["seat"] + 1) % len(a["seats"])]
            h += (f'<div class="zp-row"><span class="zp-row-label">{t("打出、翻出后没人要的牌（放在此家与", "Cards let go (between this seat and ")}'
                  f'{self.nm(nxt)}{t("之间）", ")")}</span><div class="zp-row-cards">{"".join(self.card(r["card"]) for r in s["row"])}</div></div>')
        cls = "zp-seat" + (" zp-you" if s["you"] else "") + (" zp-turn" if turn else "")
        pl = f' data-place="{where}"' if where else ""
        return f'<section class="{cls}" data-seat="{int(s["seat"])}"{pl}>{h}</section>'

    def centre(self, a: Answer) -> str:
        t = self.t
        n = int(a["stock"])
        parts = [f'<span class="zp-stock">{t(f"底牌还剩 {n} 张", f"{n} cards left in the stock")}</span>']
        if a.get("xing") and any(s["you"] for s in a["seats"]):
            parts.append(f'<span class="zp-xing">{self.nm(a["xing"])}{t("坐在你对面，本局不打牌", " sits opposite you and plays no card this hand")}</span>')
        elif a.get("xing"):
            parts.append(f'<span class="zp-xing">{t("你是这一局的醒家：只数牌，不打牌。", "You are the counter this hand: you count the stock and play no card.")}</span>')
        o = a.get("offer")
        ls = a.get("liang_shown")
        if ls and not (o and o["origin"] == "liang"):
            parts.append(f'<figure class="zp-liang" data-role="liang" data-card="{e(ls["card"])}">{self.card(ls["card"])}'
                         f'<figcaption>{self.nm(ls)}</figcaption></figure>')
        if o:
            frm = self.nm(a["seats"][o["from"]])
            how = {"stock": t("翻出", "turned up from the stock by"), "discard": t("打出", "discarded by"),
                   "liang": t("亮张", "turned up for")}[o["origin"]]
            text = f"{frm}{how}" if self.lang == "zh" else f"{how} {frm}"
            parts.append(f'<figure class="zp-offer">{self.card(o["card"])}<figcaption>{t("桌上的牌：", "On offer: ")}{text}</figcaption></figure>')
        return f'<div class="zp-centre">{"".join(parts)}</div>'

    def hand(self, you: dict[str, Any], a: Answer) -> str:
        """The reader's hand: a button a card while a discard is the reader's to make (its words name the card,
        and why it may not be let go when a rule forbids it), the cards alone otherwise."""
        t = self.t
        discards = {x["card"]: x for x in a["actions"] if x["kind"] == "discard"}
        blocked = {b["card"]: b for b in a.get("blocked") or []}
        out = []
        for c in you["hand"]:
            if not discards:
                out.append(f'<span class="zp-hcard" data-card="{e(c)}">{self.card(c)}</span>')
                continue
            act = discards.get(c)
            if act:
                label = self.nm(act)
            else:
                why = (t("（不能打：", " (not allowed: ") + self.nm(blocked[c]) + t("）", ")")) if c in blocked else ""
                label = t("打出", "Discard ") + self.card_name(c) + why
            # the button's name is its words; the picture inside is hidden from screen readers so the two never disagree
            pic = re.sub(r' role="img" aria-label="[^"]*"', ' aria-hidden="true"', self.card(c), count=1)
            legal = ' data-legal="1"' if act else ""
            out.append(f'<button type="button" class="zp-hcard" data-card="{e(c)}"{legal} title="{label}"{self.off}>'
                       f'{pic}<span class="hw-sr">{label}</span></button>')
        return f'<div class="zp-hand" data-role="hand" role="group" aria-label="{e(t("你的手牌", "your hand"))}">{"".join(out)}</div>'

    def table(self, a: Answer) -> str:
        """The whole table from one answer; the reader's seat first and largest."""
        you = next((s for s in a["seats"] if s["you"]), None)
        others = "".join(self.seat(s, a, False) for s in a["seats"] if not s["you"])
        head = f'<div class="zp-table zp-n{len(a["seats"])}"><div class="zp-others">{others}</div>{self.centre(a)}'
        if you is None:
            return head + "</div>"
        hand = self.hand(you, a) if you["hand"] is not None else ""
        return head + f'<div class="zp-mine">{self.seat(you, a, True)}{hand}</div></div>'

    def actions(self, a: Answer) -> str:
        t = self.t
        h = self.chi_choice(a) + "".join(f'<button type="button" class="hw-btn zp-act" data-id="{e(x["id"])}"{self.off}>{self.nm(x)}</button>'
                                         for x in a["actions"] if x["kind"] not in ("discard", "chi"))
        if (a.get("match") or {}).get("next"):
            h += f'<button type="button" class="hw-btn zp-act" data-id="next"{self.off}>{t("下一局", "Next hand")}</button>'
        if any(x["kind"] == "discard" for x in a["actions"]):
            h += f'<p class="zp-hint">{t("点手中的一张牌把它打出。", "Pick a card of your hand to discard it.")}</p>'
        if a.get("waiting"):
            h += f'<p class="zp-hint">{self.nm(a["waiting"])}</p>'
        hint = a.get("hint")
        if hint:
            # the computer's choice in the reader's place, shown on request (at the level the reader chose)
            why = f'<span class="zp-why" data-role="why">{e(t("为什么：", "Why: "))}{self.nm(hint["why"])}</span>' if hint.get("why") else ""
            h += (f'<p class="zp-hint-box"><button type="button" class="hw-btn zp-hint-btn" aria-expanded="false"{self.off}>'
                  f'{t("提示：电脑会怎么走？", "Hint: what would the computer do?")}</button>'
                  f' <span class="zp-hint-text" role="status" hidden>{e(t("电脑会：", "The computer would: "))}{self.nm(hint)}'
                  f' {self.rule_link(hint["rule"])}{why}</span></p>')
            # on a learner's table, each way to 吃 (with its 比 groups): what it keeps and what it gives up, in the engine's words
            notes = [x for x in a["actions"] if x["kind"] == "chi" and x.get("note")]
            if self.hints and notes:
                items = "".join(f'<li><b>{self.nm(x)}</b>{e(t("：", ": "))}{self.nm(x["note"])}</li>' for x in notes)
                h += f'<ul class="zp-chi-notes" data-role="chi-notes">{items}</ul>'
        return h

    def chi_cards(self, codes: list[str], cls: str = "") -> str:
        """One group a 吃 makes, drawn, with its cards named under it."""
        names = self.t("、", ", ").join(self.card_name(c) for c in codes)
        return (f'<span class="zp-chi-group{cls}"><span class="zp-chi-cards">{"".join(self.card(c) for c in codes)}</span>'
                f'<span class="zp-chi-cap">{names}</span></span>')

    def chi_choice(self, a: Answer) -> str:
        """The ways to 吃 the card on offer, chosen in two steps: first the run the card makes (each drawn), then,
        where the reader holds more of that card, the cards that go with it for 比 (each way drawn whole). A run with a
        single way is its own button."""
        t = self.t
        chis = [x for x in a["actions"] if x["kind"] == "chi" and x.get("groups")]
        if not chis:
            return ""
        runs: dict[str, list[dict[str, Any]]] = {}
        for x in chis:
            runs.setdefault(".".join(x["groups"][0]), []).append(x)
        name = self.card_name(chis[0]["card"] or chis[0]["groups"][0][0])
        many = len(runs) > 1
        step1: list[str] = []
        step2: list[str] = []
        for k, (_key, xs) in enumerate(runs.items()):
            run = xs[0]["groups"][0]
            if len(xs) == 1:
                x = xs[0]
                drawn = self.chi_cards(run) + "".join(self.chi_cards(g, " zp-bi") for g in x["groups"][1:])
                step1.append(f'<button type="button" class="hw-btn zp-act zp-chi-opt" data-id="{e(x["id"])}" '
                             f'aria-label="{self.nm(x)}"{self.off}>{drawn}</button>')
                continue
            step1.append(f'<button type="button" class="hw-btn zp-chi-run" data-run="{k}" aria-expanded="false"{self.off}>'
                         f'{self.chi_cards(run)}<span class="zp-chi-more">{e(t(f"有 {len(xs)} 种比法 ›", f"{len(xs)} ways to 比 ›"))}</span></button>')
            opts = "".join(f'<button type="button" class="hw-btn zp-chi-opt zp-chi-bi" data-id="{e(x["id"])}" aria-label="{self.nm(x)}"{self.off}>'
                           + "".join(self.chi_cards(g, " zp-bi") for g in x["groups"][1:]) + "</button>" for x in xs)
            step2.append(f'<div class="zp-chi-step" data-step="2" data-run="{k}" hidden>'
                         f'<p class="zp-chi-head">{e(t(f"第二步：你手里还有{name}，照“比”的规矩也要亮出来。选它和哪两张成组：", f"Step 2: you hold another {name}; by 比 (bi) it must be shown too. Choose the cards that go with it:"))}</p>'
                         f'<div class="zp-chi-row">{self.chi_cards(run)}<span class="zp-chi-plus">+</span></div>'
                         f'<div class="zp-chi-row">{opts}</div>'
                         f'<button type="button" class="hw-btn zp-chi-back"{self.off}>{e(t("‹ 换一句", "‹ Another run"))}</button></div>')
        head = (t(f"吃{name}：第一步，选它和哪两张组成一句（{len(runs)} 种）。", f"吃 (chi) the {name}, step 1: which run will it make? ({len(runs)} ways)")
                if many else t(f"吃{name}：", f"吃 (chi) the {name}:"))
        return (f'<div class="zp-chi" data-role="chi"><div class="zp-chi-step" data-step="1"><p class="zp-chi-head">{e(head)}</p>'
                f'<div class="zp-chi-row">{"".join(step1)}</div></div>{"".join(step2)}</div>')

    def log(self, a: Answer, start: int = 0) -> str:
        return "".join(f'<li value="{int(x["n"])}">{self.nm(x)} {self.rule_link(x["rule"])}</li>' for x in a["log"][start:])

    def since(self, a: Answer) -> str:
        """What the other seats did since the reader's last move, a line each (not folded away in the log)."""
        log = a.get("log") or []
        you = {i for i, s in enumerate(a.get("seats") or []) if s.get("you")}
        if not you or not log:
            return ""
        last = max((k for k, x in enumerate(log) if x.get("seat") in you), default=-1)
        lines = log[last + 1:]
        if not lines:
            return ""
        head = self.t("你上一步之后：", "Since your last move:") if last >= 0 else self.t("到你之前：", "Before your turn:")
        items = "".join(f'<li value="{int(x["n"])}">{self.nm(x)}</li>' for x in lines)
        return f'<p class="zp-since-head">{e(head)}</p><ol class="zp-since-list">{items}</ol>'

    def message(self, a: Answer) -> str:
        """Why the last move was refused, with the rule it breaks ("" when it was not)."""
        r = a.get("refused")
        if not r:
            return ""
        return f'{e(self.t("这一步不行：", "Not allowed: "))}{self.nm(r)} {self.rule_link(r["rule"])}'

    # ------------------------------------------------------------ the end of a hand

    def layout(self, a: Answer) -> str:
        """The hand laid out at the end (摊牌): the winner's groups and the sum that makes the sheet, or every hand after 荒."""
        t = self.t
        lay = (a.get("result") or {}).get("layout")
        if not lay:
            return ""
        h = f'<p class="zp-lay-head">{self.nm(lay)}</p>'
        if lay["groups"]:
            marked = False
            figs = []
            for g in lay["groups"]:
                inner = []
                for c in g["cards"]:
                    win = g["win"] and not marked and c == lay["card"]
                    marked = marked or win
                    inner.append(self.card(c, " zp-win-card" if win else ""))
                hx = int(g["huxi"])
                cap = f'{self.nm(g)} · {hx}{t("戏", " huxi")}' + (t("（胡的牌在这组）", " (the winning card is here)") if g["win"] else "")
                figs.append(f'<figure class="zp-group{" zp-win" if g["win"] else ""}" data-huxi="{hx}">'
                            f'<div class="zp-group-cards" style="--zp-overlap:-{OVERLAP}px">{"".join(inner)}</div>'
                            f'<figcaption>{cap}</figcaption></figure>')
            h += f'<div class="zp-open zp-lay-groups" role="group" aria-label="{e(t("胡者摊开的牌", WINNERS))}">{"".join(figs)}</div>'
            h += f'<ol class="zp-lay-sum" data-role="sum">{"".join(f"<li>{self.nm(x)}</li>" for x in lay["lines"])}</ol>'
        if lay.get("void"):
            h += f'<p class="zp-lay-void">{self.nm(lay["void"])}</p>'
        if lay["huang"]:
            h += "".join(self.dealt(s) for s in lay["hands"])
        return f'<section class="zp-layout" data-role="layout"><p class="zp-lay-title">{t("摊牌", "The hand laid out")}</p>{h}</section>'

    def dealt(self, s: dict[str, Any], groups_always: bool = False) -> str:
        """A seat's cards shown whole: its name, its groups on the table, the cards left in its hand."""
        opened = f'<div class="zp-open">{self.groups(s["open"])}</div>' if s["open"] or groups_always else ""
        return (f'<div class="zp-dealt"><p class="zp-dealt-name">{self.nm(s)}</p>{opened}'
                f'<div class="zp-hand-small">{"".join(self.card(c) for c in s["hand"] or [])}</div></div>')

    def sheet(self, a: Answer) -> str:
        t = self.t
        r = a.get("result")
        if not r:
            return ""
        roles = {s["role"]: self.nm(s) for s in a["seats"]}
        if a.get("xing"):
            roles["xing"] = self.nm(a["xing"])
        if r["huang"]:
            head = t("荒牌：底牌翻完，没有人胡。", "No winner (huang): the stock ran out.")
        else:
            w = a["seats"][r["winner"]]
            head = t(f"{w['zh']}胡了。", f"{w['en'][:1].upper()}{w['en'][1:]} wins.")
            if r.get("win"):
                total = int(r["win"]["total"])
                head += t(f"共 {total} 戏。", f" {total} huxi in all.")
        sh = r["sheet"]
        rows = "".join(f'<tr data-role-id="{e(k)}"><th scope="row">{roles.get(k, e(k))}</th><td data-score="{int(v)}">{int(v):+d}</td></tr>'
                       for k, v in sh["scores"].items())
        lines = "".join(f"<li>{self.nm(x)}</li>" for x in sh["lines"])
        birds = ""
        for b in r.get("birds") or []:
            s, who = int(b["score"]), roles.get(b["seat_role"], "")
            birds += ('<li data-role="bird">' + t(
                f"打鸟：最后一张底牌是{self.card_name(b['card'])}，鸟跟{who}共输赢，本局得 {s:+d}。",
                f"Bird: the last stock card is the {self.card_name(b['card'])}, so the bird shares the fate of {who}: {s:+d} this hand.") + "</li>")
        return (f'<div class="zp-sheet" data-role="sheet"><p class="zp-verdict">{e(head)}</p>{self.layout(a)}'
                f'<table><caption>{t("本局得分", "Points this hand")}</caption><tbody>{rows}</tbody></table>'
                f'{f"<ul>{lines}{birds}</ul>" if lines or birds else ""}</div>')

    def bird_head(self, n: int) -> str:
        return self.t(f"鸟家{n}", f"bird {n}")

    def match(self, a: Answer) -> str:
        """The running match sheet (积分表): who deals each hand (抢庄), who counts, who won, each player's points."""
        t = self.t
        m = a.get("match")
        if not m:
            return ""

        def pn(p: int) -> str:
            return self.nm(m["players"][p]["name"])

        def role_name(p: int) -> str:
            pl = m["players"][p]
            if pl.get("seat") is None:
                return self.nm(a["xing"]) if a.get("xing") else t("不上桌", "sits out")
            return self.nm(a["seats"][pl["seat"]])

        def sign(v: Any) -> str:
            return f"{int(v):+d}" if int(v) else "0"

        n = int(m["hands"])
        h = (f'<p class="zp-match-head">{e(t(f"比赛：共 {n} 局，", f"A match of {n} hands: "))}'
             + (e(t("已经打完。", "finished.")) if m["over"] else e(t(f"现在是第 {int(m['hand'])} 局。", f"now hand {int(m['hand'])}.")))
             + f' {e(t("你是", "You are player "))}{pn(m["you"])}{t("。", ".")}</p>')
        seats = t("，", ", ").join(f"{pn(i)} {role_name(i)}" for i in range(len(m["players"])))
        h += f'<p class="zp-match-seats">{e(t("这一局：", "This hand: "))}{seats}{t("。", ".")}</p>'
        if m.get("draw"):
            items = "".join(f"<li>{self.nm(d)}</li>" for d in m["draw"])
            h += f'<details class="zp-match-draw"><summary>{t("摸庄（比点定座位）", "Drawing for seats")}</summary><ul>{items}</ul></details>'
        heads = [t("局", "hand"), t("庄家", "dealer")] + ([t("醒家", "counter")] if a.get("xing") else []) + [t("胡者", "winner")]
        bird_cols = m.get("birds") or []
        th = ("".join(f'<th scope="col">{x}</th>' for x in heads) + "".join(f'<th scope="col">{pn(i)}</th>' for i in range(len(m["players"])))
              + "".join(f'<th scope="col">{self.bird_head(int(b["bird"]))}</th>' for b in bird_cols))
        rows = ""
        for r in m["sheet"]:
            xing = f'<td>{"—" if r.get("xing") is None else pn(r["xing"])}</td>' if a.get("xing") else ""
            winner = t("荒牌", "none (huang)") if r.get("winner") is None else pn(r["winner"])
            rb = r.get("birds") or []
            rows += (f'<tr data-hand="{int(r["hand"])}"><td>{int(r["hand"])}</td><td>{pn(r["dealer"])}</td>{xing}<td>{winner}</td>'
                     + "".join(f"<td>{sign(v)}</td>" for v in r["scores"])
                     + "".join(f"<td>{sign(rb[k] if k < len(rb) else 0)}</td>" for k in range(len(bird_cols))) + "</tr>")
        foot = (f'<tr><th scope="row" colspan="{len(heads)}">{t("合计", "total")}</th>'
                + "".join(f'<td data-total="{int(p["total"])}"><b>{sign(p["total"])}</b></td>' for p in m["players"])
                + "".join(f"<td><b>{sign(b['total'])}</b></td>" for b in bird_cols) + "</tr>")
        h += (f'<div class="zp-scroll"><table class="zp-match-sheet"><caption>{t("积分表", "Match sheet")}</caption>'
              f'<thead><tr>{th}</tr></thead><tbody>{rows}</tbody><tfoot>{foot}</tfoot></table></div>')
        if m["over"] and m.get("ranking"):
            ranks = t("；", "; ").join(f'{k + 1}. {pn(p)}{t("（", " (")}{sign(m["players"][p]["total"])}{t("）", ")")}'
                                       for k, p in enumerate(m["ranking"]))
            h += f'<p class="zp-match-end" data-role="ranking">{e(t("比赛结束，名次：", "The match is over. Ranking: "))}{ranks}</p>'
        return h


def seen(a: Answer) -> Answer:
    """The answer as the reader sees it: in a match, a hand the reader counts (醒家) has no seat of the reader's."""
    m = a.get("match")
    if m:
        me = m["players"][m["you"]]
        if me.get("seat") is None:
            return {**a, "seats": [{**s, "you": False} for s in a["seats"]]}
    return a


PARTS = ("board", "actions", "log", "sheet", "match", "message", "since")


def live(a: Answer, d: Draw) -> dict[str, str]:
    """Every part of the table the widget redraws from one answer (``data-role`` of its box → markup)."""
    return {"board": d.table(a), "actions": d.actions(a), "log": d.log(a), "sheet": d.sheet(a),
            "match": d.match(a), "message": d.message(a), "since": d.since(a)}
