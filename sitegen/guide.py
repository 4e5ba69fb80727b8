"""Guides for a first reading, built from the engine: a narrated sample game and a one-page
quick reference per game (generated tables ``guide-<game>-sample`` and ``guide-<game>-quickref``).

Every move, drawing, value and payment below comes from the engine at build time; nothing about
the rules is typed here except the words that join the engine's answers into sentences.
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any
from collections.abc import Callable

import markdown

from engine.api import handle
from engine.dawei.game import Config, break_even
from engine.dawei.state import DaweiState, policy
from engine.dawei.sticks import ANIMALS
from views.draw.dawei import dice_svg, sticks_svg
from engine.dawei.throws import classify
from engine.dawei.game import seat_en, seat_zh
from engine.gupai.scoring import SEATS_EN, SEATS_ZH
from views.draw.gupai import tile_svg
from engine.gupai.tiles import BY_CODE, CLASS_EN, CLASS_ORDER, CLASS_ZH, FACES as GUPAI_FACES
from engine.yezi.cards import SEAT_NAMES  # the seats' names, the engine's one table
from engine.yezi.cards import FACES, parse_card
from views.draw.yezi import card_svg
from engine.dawei.game import MAX_PLAYERS, MIN_PLAYERS
from engine.dawei.split import SPLIT_RULES, openings
from engine.dawei.sticks import BY_ID, TOTAL_STICKS, TOTAL_ZHU
from engine.dawei.throws import BLANK, PATTERNS
from sitegen.dawei import award_cell
from engine.gupai.plays import TAO
from engine.gupai.scoring import BAMA_EN, BAMA_MULT, BAMA_ZH, BAOMEN, HEI_PAYS, jie
from engine.yezi.combos import COMBINATIONS, SCATTER_EN, SCATTER_RANK, SCATTER_ZH
from engine.paohuzi.config import DEFAULT as PHZ
from sitegen.paohuzi import TABLES as PT

E = html.escape


def t(lang: str, zh: str, en: str) -> str:
    return en if lang == "en" else zh


def _link(href: str, text: str) -> str:
    return f'<a class="guide-rule" href="{href}">{E(text)}</a>'


# ------------------------------------------------------------------ 打围: a narrated game


def dawei_steps(players: int, seed: int) -> tuple[DaweiState, list[dict[str, Any]]]:
    """Play a game as the computer plays every seat; each log entry with the phase it was made in
    and, after the action that wrote it, the pool and each seat's 柱."""
    g = DaweiState.of(Config(players=players, seed=seed))
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


def _seats_zh_en(g: DaweiState, s: int, lang: str) -> str:
    return seat_en(s) if lang == "en" else seat_zh(s)


def _dawei_note_rule(en: str, lang: str) -> str:
    """The rule a note of the log applies (a note is a line without dice: a payment, the banker, the fox)."""
    if "smaller sticks" in en:
        return _link("../special/#smaller-sticks", t(lang, "规则：以小签凑数", "rule: paid in smaller sticks"))
    if "banker" in en:
        return _link("../notes/#banker", t(lang, "规则：得老狮子者做庄家", "rule: whoever takes the old lion is the banker"))
    if "fox" in en or "straight" in en:
        return _link("../fox/#sequence", t(lang, "规则：取顺签的次序", "rule: the sequence of straights"))
    return _link("../special/", t(lang, "规则：特殊情况", "rule: special cases"))


def _dawei_note_targets(steps: list[dict[str, Any]]) -> dict[int, int]:
    """Which throw each note belongs to: a note is told with the throw of its own turn — the throw
    after it when one follows in the same turn (a payment made before the throw is logged), else the
    throw before it (what that throw took)."""
    out: dict[int, int] = {}
    n = len(steps)
    for i, st in enumerate(steps):
        x = st["entry"]
        if x.turn == 0 or x.dice is not None or x.seat is None:
            continue
        j = i + 1
        while j < n and steps[j]["entry"].turn == x.turn and steps[j]["entry"].dice is None and steps[j]["entry"].seat is not None:
            j += 1
        if j < n and steps[j]["entry"].turn == x.turn and steps[j]["entry"].dice is not None:
            out[i] = j
            continue
        k = i - 1
        while k >= 0 and steps[k]["entry"].turn == x.turn and steps[k]["entry"].dice is None:
            k -= 1
        if k >= 0 and steps[k]["entry"].turn == x.turn and steps[k]["entry"].dice is not None:
            out[i] = k
    return out


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
    seat = lambda s: _seats_zh_en(g, s, lang)
    parts: list[str] = [
        f'<p class="guide-head">{t(lang, f"{players} 人，四家都由电脑来掷；共 {g.turn_no} 手。", f"{players} players, the computer throwing for every seat: {g.turn_no} turns in all.")}</p>',
        f'<h2 id="guide-start">{t(lang, "开局：场上的签", "The start: the sticks in the pool")}</h2>',
        f'<figure class="guide-pool">{sticks_svg(lang, {a.id: a.count for a in ANIMALS})}</figure>',
    ]
    items: list[str] = []
    blanks: list[dict[str, Any]] = []
    targets = _dawei_note_targets(steps)
    notes_of: dict[int, list[int]] = {}
    for i, j in targets.items():
        notes_of.setdefault(j, []).append(i)
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

    for i, st in enumerate(steps):
        x = st["entry"]
        text = x.en if lang == "en" else x.zh
        if x.turn == 0:
            parts.append(f'<p class="guide-call">{E(text)}</p>')
            continue
        if x.dice is None:
            if x.seat is None:
                close_list()
                if "split" in x.en:
                    parts.append(f'<h2 id="guide-split">{t(lang, "分掷开始", "The split phase begins")}</h2><p>{E(text)} '
                                 f'{_link("../split/#split-rules", t(lang, "规则：分掷", "rule: the split throws"))}</p>')
                    parts.append(f'<figure class="guide-pool">{sticks_svg(lang, st["pool"])}</figure>')
                else:
                    parts.append(f'<h2 id="guide-end">{E(text)}</h2>')
            elif i not in targets:  # a note of no throw: a line of its own
                flush_blanks()
                items.append(f'<li class="guide-note-line" data-turn="{x.turn}">{E(text)} {_dawei_note_rule(x.en, lang)}</li>')
            continue
        mine = [steps[k]["entry"] for k in sorted(notes_of.get(i, []))]
        last = max(notes_of.get(i, [i]) + [i])
        took = steps[last]["zhu"] != prev_zhu
        prev_zhu = list(steps[last]["zhu"])
        if not took and not mine and st["plain"]:
            blanks.append(st)
            continue
        flush_blanks()
        dw = " ".join(map(str, x.dice))
        note = "".join(f'<span class="guide-note">{E(n.en if lang == "en" else n.zh)} {_dawei_note_rule(n.en, lang)}</span>' for n in mine)
        zhu = t(lang, f"{seat(x.seat)}现有 {steps[last]['zhu'][x.seat]} 柱", f"{seat(x.seat)} now holds {steps[last]['zhu'][x.seat]} 柱") if took else ""
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


def _dawei_settlement(g: DaweiState, lang: str) -> str:
    n = g.n
    be = break_even(n, g.rules)
    nets = g.settlement()
    seat = lambda s: _seats_zh_en(g, s, lang)
    head = "".join(f"<th>{E(t(lang, a.zh, a.en))}<br><small>{a.zhu} 柱</small></th>" for a in ANIMALS)
    rows = []
    for s in range(n):
        h = g.holdings[s]
        star = " ★" if g.banker == s else ""
        rows.append(f"<tr><th>{E(seat(s))}{star}</th>" + "".join(f"<td>{h[a.id] or ''}</td>" for a in ANIMALS) + f"<td>{g.zhu(s)}</td></tr>")
    table = (f'<div class="guide-scroll"><table><thead><tr><th></th>{head}<th>柱</th></tr></thead>'
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
        lines.append(t(lang, "本局以特殊方式结束，结果：", "The game ended in a special way; the results:") + words[lang])
        lines += [f"{seat(s)}: {float(nets[s]):+g}" for s in range(n)]
    lines.append(t(lang, f"合计：{' + '.join(f'({float(x):+g})' for x in nets)} = {float(sum(nets, Fraction(0))):g}。",
                   f"In all: {' + '.join(f'({float(x):+g})' for x in nets)} = {float(sum(nets, Fraction(0))):g}."))
    return (f'<h2 id="guide-settle">{t(lang, "结算", "Settlement")}</h2>{table}<ol class="guide-settle">'
            + "".join(f"<li>{E(ln)}</li>" for ln in lines) + "</ol>"
            + f'<p>{_link("../settlement/#break-even", t(lang, "规则：保本数与结算", "rule: break-even and settlement"))}</p>')


# ------------------------------------------------------------------ 鄂南骨牌: a narrated hand


def _gp_seat(s: int, lang: str) -> str:
    return SEATS_EN[s] if lang == "en" else SEATS_ZH[s]


def _gp_tiles(codes: list[str], lang: str, width: int = 26) -> str:
    return '<span class="guide-tiles">' + "".join(tile_svg(c, width, lang) for c in codes) + "</span>"


def _gp_names(codes: list[str], lang: str) -> str:
    return t(lang, "、", ", ").join(t(lang, BY_CODE[c].zh, BY_CODE[c].en) for c in codes)


def gupai_hand(seed: int) -> dict[str, Any]:
    """The engine's whole hand, every seat played by the computer."""
    ans = handle({"game": "gupai", "action": "play", "seed": seed})
    if not ans.get("ok"):
        raise ValueError(f"guide-gupai-sample: {ans}")
    return ans


def gupai_sample(lang: str, params: dict[str, Any]) -> str:
    """A hand in words: the deal drawn, each trick (who led what, who beat it, who discarded), the
    rule each step applied, and the settlement line by line as the engine works it out."""
    seed = int(params.get("seed", 1120))
    ans = gupai_hand(seed)
    seat = lambda s: _gp_seat(s, lang)
    dealer = seat(ans["dealer"])
    head = t(lang, f"四家都由电脑出牌；{dealer}坐庄。", f"The computer plays every seat; {dealer} deals.")
    parts = [
        f'<p class="guide-head">{E(head)}</p>',
        f'<h2 id="guide-deal">{t(lang, "各家的八张牌", "Each player’s eight tiles")}</h2><ul class="guide-deal">',
    ]
    for s, h in enumerate(ans["dealt"]):
        parts.append(f'<li><span class="guide-who">{E(seat(s))}</span> {_gp_tiles(h, lang)}<span class="guide-sr">{E(_gp_names(h, lang))}</span></li>')
    parts.append(f'</ul><h2 id="guide-tricks">{t(lang, "逐圈出牌", "Trick by trick")}</h2><ol class="guide-moves guide-tricks">')
    lead_rule = _link("../rules/#jiao-rules", t(lang, "规则：叫牌", "rule: the lead rules"))
    follow_rule = _link("../rules/#follow", t(lang, "规则：跟牌", "rule: following"))
    dun_rule = _link("../scoring/#dun", t(lang, "规则：墩", "rule: the trick"))
    held = [0, 0, 0, 0]
    for i, tr in enumerate(ans["tricks"], 1):
        cmp = handle({"game": "gupai", "action": "compare", "plays": [{"tiles": m["tiles"], "up": m["up"]} for m in tr["moves"]]})
        lines = []
        for k, (m, c) in enumerate(zip(tr["moves"], cmp["plays"])):
            names = _gp_names(m["tiles"], lang)
            if k == 0:
                kind = t(lang, c["family_zh"], c["family_en"]) + ("" if len(m["tiles"]) == 1 else t(lang, "：", ": ") + names)
                what = t(lang, f"{seat(m['seat'])}领出{c['zh']}（{kind}）。", f"{seat(m['seat'])} leads {c['en']} ({kind}).")
            elif m["up"]:
                names = "" if names == t(lang, c["zh"], c["en"]) else names
                what = t(lang, f"{seat(m['seat'])}打出{c['zh']}{'（' + names + '）' if names else ''}，" + ("压过桌上最大的牌。" if c["beats_best"] else "没压过。"),
                         f"{seat(m['seat'])} plays {c['en']}{' (' + names + ')' if names else ''} face up, " + ("beating the best on the table." if c["beats_best"] else "not beating it."))
            else:
                what = t(lang, f"{seat(m['seat'])}压不过，扣下{len(m['tiles'])}张垫掉（{names}）。", f"{seat(m['seat'])} cannot beat it and discards {len(m['tiles'])} face down ({names}).")
            cls = "guide-play" + ("" if m["up"] else " guide-down")
            lines.append(f'<span class="{cls}">{_gp_tiles(m["tiles"], lang, 22)}<span>{E(what)}</span></span>')
        held[tr["winner"]] += tr["dun"]
        won = t(lang, f"{seat(tr['winner'])}得这一圈，收 {tr['dun']} 墩（现有 {held[tr['winner']]} 墩），并领出下一圈。",
                f"{seat(tr['winner'])} takes the trick and leads the next: {tr['dun']} trick{'s' if tr['dun'] > 1 else ''} (墩), {held[tr['winner']]} in all.")
        parts.append(
            f'<li class="guide-take" data-trick="{i}"><span class="guide-text"><strong>{t(lang, f"第 {i} 圈", f"Trick {i}")}</strong> '
            f'<span class="guide-trick">{"".join(lines)}</span>{E(won)} {lead_rule} · {follow_rule} · {dun_rule}</span></li>'
        )
    parts.append("</ol>")
    st = ans["settlement"]
    rows = "".join(f"<tr><th>{E(seat(s))}</th><td>{st['held'][s]}</td><td>{st['nets'][s]:+d}</td></tr>" for s in range(4))
    settle_lines = [st["summary"][lang]] + [ln[lang] for ln in st["lines"]]
    settle_lines.append(t(lang, f"合计：{' + '.join(f'({n:+d})' for n in st['nets'])} = {sum(st['nets'])}。",
                          f"In all: {' + '.join(f'({n:+d})' for n in st['nets'])} = {sum(st['nets'])}."))
    parts.append(
        f'<h2 id="guide-settle">{t(lang, "结算", "Settlement")}</h2>'
        f'<div class="guide-scroll"><table><thead><tr><th>{t(lang, "玩家", "Player")}</th><th>{t(lang, "得墩", "Tricks (墩)")}</th><th>{t(lang, "输赢（墩）", "Net (墩)")}</th></tr></thead><tbody>{rows}</tbody></table></div>'
        '<ol class="guide-settle">' + "".join(f"<li>{E(x)}</li>" for x in settle_lines) + "</ol>"
        f'<p>{_link("../scoring/#jie", t(lang, "规则：结牌", "rule: closing"))} · {_link("../scoring/#baomen", t(lang, "规则：保门", "rule: breaking even"))}</p>'
    )
    return '<div class="guide-sample guide-gupai">' + "".join(parts) + "</div>"


# ------------------------------------------------------------------ 叶子戏: a narrated round


def _yz_seat(s: int, lang: str) -> str:
    return t(lang, *SEAT_NAMES[s])


def _yz_cards(codes: list[str], lang: str, width: int = 26) -> str:
    return '<span class="guide-cards">' + "".join(card_svg(FACES[parse_card(c)].value, width, lang) for c in codes) + "</span>"


def _yz_names(codes: list[str], lang: str) -> str:
    out = []
    for c in codes:
        f = FACES[parse_card(c)]
        out.append(t(lang, f"{f.cipher}（{f.numeral or '叶'}）", f"{f.cipher} ({f.value if f.value else 'leaf'})"))
    return t(lang, "、", ", ").join(out)


def yezi_sample(lang: str, params: dict[str, Any]) -> str:
    """A round in words: the die, the draw, each hand and its best split, both showings, the result."""
    seed = int(params.get("seed", 163))
    ans = handle({"game": "yezi", "action": "round", "seed": seed})
    if not ans.get("ok"):
        raise ValueError(f"guide-yezi-sample: {ans}")
    seat = lambda s: _yz_seat(s, lang)
    round_rule = _link("../play/#round", t(lang, "规则：一局的过程", "rule: how a round goes"))
    combo_rule = _link("../play/#combinations", t(lang, "规则：八种组合", "rule: the eight combinations"))
    steps = [
        t(lang, f"{seat(ans['thrower'])}掷骰，得 {ans['die']} 点：由{seat(ans['first_drawer'])}先抓，从第 {ans['start_stack']} 墩抓起。",
          f"{seat(ans['thrower'])} throws the die: {ans['die']}. {seat(ans['first_drawer'])} draws first, starting at stack {ans['start_stack']}."),
    ]
    draws = t(lang, "；", "; ").join(
        t(lang, f"{seat(d['seat'])}抓第 {d['stacks'][0]}、{d['stacks'][1]} 墩", f"{seat(d['seat'])} takes stacks {d['stacks'][0]} and {d['stacks'][1]}") for d in ans["draws"])
    steps.append(t(lang, f"轮流抓牌，每次两墩：{draws}。", f"They draw in turn, two stacks at a time: {draws}."))
    parts = [f'<p class="guide-head">{t(lang, "四家都由电脑按最佳分法配牌。", "The computer splits every hand the best way.")}</p>',
             '<ol class="guide-moves">' + "".join(f"<li><span class=\"guide-text\">{E(x)} {round_rule}</span></li>" for x in steps) + "</ol>",
             f'<h2 id="guide-hands">{t(lang, "各家的牌和分法", "Each hand and how it is split")}</h2><ol class="guide-moves">']
    for p in sorted(ans["players"], key=lambda p: ans["show_order"].index(p["seat"])):
        groups = []
        for g, c, sc in zip(p["groups"], p["combinations"], p["scores"]):
            czh, cen = c["zh"], c["en"]
            label = t(lang, f"{czh}，计 {sc}", f"{cen} ({czh}), counts {sc}")
            groups.append(f'<span class="guide-play">{_yz_cards(g, lang, 24)}<span>{E(label)}</span></span>')
        text = t(lang, f"{seat(p['seat'])}的八张：{_yz_names(p['hand'], lang)}。最好的分法如下，合计 {p['total']}：",
                 f"{seat(p['seat'])} holds {_yz_names(p['hand'], lang)}. The best split, totalling {p['total']}:")
        parts.append(f'<li class="guide-take" data-seat="{p["seat"]}"><span class="guide-text">{_yz_cards(p["hand"], lang, 22)}<br>{E(text)} '
                     f'<span class="guide-trick">{"".join(groups)}</span> {combo_rule}</span></li>')
    parts.append("</ol>")
    parts.append(f'<h2 id="guide-showings">{t(lang, "两次亮牌", "The two showings")}</h2><ol class="guide-settle">')
    for turn, seats in enumerate(ans["showing_winners"]):
        label = t(lang, f"第{'一二'[turn]}次亮牌", f"Showing {turn + 1}")
        shown = t(lang, "；", "; ").join(
            f"{seat(p['seat'])} {t(lang, p['combinations'][turn]['zh'], p['combinations'][turn]['en'])}" for p in ans["players"])
        if seats:
            combo = next(p for p in ans["players"] if p["seat"] == seats[0])["combinations"][turn]
            who = t(lang, f"{'、'.join(seat(s) for s in seats)}的{combo['zh']}最大，优胜。", f"{', '.join(seat(s) for s in seats)} stand{'s' if len(seats) == 1 else ''} first with {combo['en']} ({combo['zh']}).")
        else:
            who = t(lang, "四组都是流散对，无人优胜。", "All four groups are scattered: nobody stands first.")
        parts.append(f"<li>{E(label)}{t(lang, '：', ': ')}{E(shown)}。{E(who)}</li>" if lang == "zh" else f"<li>{E(label)}: {E(shown)}. {E(who)}</li>")
    parts.append("</ol>")
    rows = "".join(
        f"<tr><td>{p['place']}</td><th>{E(seat(p['seat']))}</th><td>{' + '.join(map(str, p['scores']))} = {p['total']}</td></tr>"
        for p in sorted(ans["players"], key=lambda p: (p["place"], p["seat"])))
    winners = t(lang, "、", ", ").join(seat(s) for s in ans["winners"])
    parts.append(
        f'<h2 id="guide-settle">{t(lang, "结果", "The result")}</h2>'
        f'<div class="guide-scroll"><table><thead><tr><th>{t(lang, "名次", "Place")}</th><th>{t(lang, "玩家", "Player")}</th><th>{t(lang, "两组之和（小者胜）", "Both groups (lower wins)")}</th></tr></thead><tbody>{rows}</tbody></table></div>'
        f'<p>{E(t(lang, f"合计最小的{winners}赢得这一局。", f"{winners} has the lowest total and wins the round."))} {round_rule}</p>'
    )
    return '<div class="guide-sample guide-yezi">' + "".join(parts) + "</div>"


# ------------------------------------------------------------------ quick references (one A4 page)


def _qr(lang: str, title_zh: str, title_en: str, blocks: list[str], links: str) -> str:
    note = t(lang, f"本页各表都由规则程序事先算好；打印时正好一页 A4。{title_zh}", f"Every table here is worked out in advance by the rules program; it prints on one A4 page. {title_en}")
    return f'<div class="guide-qr"><p class="guide-qr-note">{E(note)} {links}</p><div class="guide-qr-cols">' + "".join(blocks) + "</div></div>"


def _tbl(head: list[str], rows: list[list[str]]) -> str:
    h = "".join(f"<th>{x}</th>" for x in head)
    b = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{h}</tr></thead><tbody>{b}</tbody></table>"


def _nw(text: str) -> str:
    return f'<span class="guide-nw">{E(text)}</span>'


def _sec(title: str, body: str, wide: bool = False) -> str:
    return f'<section class="guide-qr-sec{" guide-qr-wide" if wide else ""}"><h2>{E(title)}</h2>{body}</section>'


def _mixed(x: Any) -> str:
    """An exact share as a reader writes it: 132, or 52 4⁄5 (a whole number and a fraction, no decimals)."""
    whole, rest = divmod(x.numerator, x.denominator)
    return str(whole) if rest == 0 else f"{whole}\u202f{rest}\u2044{x.denominator}"


def dawei_quickref(lang: str, params: dict[str, Any]) -> str:
    sticks = _tbl([t(lang, "签", "Stick")] + [E(t(lang, a.zh, a.en)) for a in ANIMALS] + [t(lang, "合计", "All")],
                  [[t(lang, "支数", "Sticks")] + [str(a.count) for a in ANIMALS] + [str(TOTAL_STICKS)],
                   [t(lang, "每支柱", "柱 each")] + [str(a.zhu) for a in ANIMALS] + [str(TOTAL_ZHU)]])
    rows = []
    for i, p in enumerate(PATTERNS, 1):
        rows.append([str(i), E(t(lang, p.zh, f"{p.en}")), _nw(" ".join(map(str, p.example))), E(award_cell(p, lang))])
    rows.append(["—", E(t(lang, "空色", "Blank")), _nw(" ".join(map(str, BLANK.example))), "—"])
    half = (len(rows) + 1) // 2
    head = ["#", t(lang, "色面（4 为红）", "Pattern (4 is red)"), t(lang, "例", "e.g."), t(lang, "得签", "Takes")]
    pats = _tbl(head, rows[:half]) + _tbl(head, rows[half:])
    srows = []
    for r in SPLIT_RULES:
        ch = next(c for c in openings(r.example_first) if c.rule.id == r.id)
        srows.append([E(t(lang, r.zh, r.en)), E(t(lang, BY_ID[r.target].zh, BY_ID[r.target].en)), _nw(" ".join(map(str, r.example_first))), E(ch.need.describe()[0 if lang == "zh" else 1])])
    splits = _tbl([t(lang, "分掷", "Split"), t(lang, "得签", "Takes"), t(lang, "首色例", "First e.g."), t(lang, "第二色须有", "Second needs")], srows)
    order = t(lang,
              "每人掷一颗色子叫点，点大者先掷（平点者再掷）；之后按座位轮流，每手一掷。正掷时一掷只取优先次序最靠前的一种色面（上表由上而下）。鸡、兔掷完即进入分掷：首色打开几种分法时，选一种再掷第二色。签全部掷完即结束，得老狮子者为庄家。",
              "Each player throws one die; the highest throws first (a tie throws again). Then the turn goes round the seats, one throw each. In the main phase a throw takes only the pattern highest in the order above (read from the top). When the chickens and rabbits are gone the split phase begins: a first throw that opens ways lets the thrower choose one and throw a second. The game ends when every stick is taken; whoever receives the old lion is the banker.")
    be_rows = [[str(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)], [_mixed(break_even(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]]
    be = _tbl([t(lang, "人数", "Players")] + [""] * 0 + be_rows[0], [[t(lang, "保本柱", "Break-even 柱")] + be_rows[1]])
    settle = t(lang, "结算：各闲家以所得柱数减保本数，多者庄家付，少者付庄家；庄家收付其余，合计为零。",
               "Settlement: each player other than the banker takes his 柱 less the break-even; the banker pays a surplus and receives a shortfall, so the whole game sums to zero.")
    blocks = [
        _sec(t(lang, "签与柱", "Sticks and 柱"), sticks, wide=True),
        _sec(t(lang, "正掷色面（按优先次序）", "Main-phase patterns, in order of precedence"), pats),
        _sec(t(lang, "分掷", "Split throws"), splits),
        _sec(t(lang, "次序", "Order of play"), f"<p>{E(order)}</p>"),
        _sec(t(lang, "结算", "Settlement"), be + f"<p>{E(settle)}</p>", wide=True),
    ]
    links = " · ".join([_link("../main/#patterns", t(lang, "正掷", "main phase")), _link("../split/#split-rules", t(lang, "分掷", "split phase")),
                        _link("../settlement/#break-even", t(lang, "结算", "settlement"))])
    return _qr(lang, "", "", blocks, links)


def gupai_quickref(lang: str, params: dict[str, Any]) -> str:
    trows = []
    for cls in CLASS_ORDER:
        for f in sorted((f for f in GUPAI_FACES if f.cls == cls), key=lambda f: -f.rank):
            trows.append([E(t(lang, CLASS_ZH[cls], CLASS_EN[cls])), str(f.rank), _gp_tiles([f.code], lang, 12), E(t(lang, f.zh, f.en))])
    tiles = _tbl([t(lang, "门", "Class"), t(lang, "级（大者大）", "Level (higher wins)"), "", t(lang, "牌", "Tile")], trows)
    sets = " &gt; ".join(E(t(lang, zh, f"{en} ({zh})")) for zh, en, _, _ in TAO)
    plays = t(lang,
              "一手牌：单张、一对（同门同级两张）、至尊（三点与六点）、套子（两张或三张）。跟牌张数与领出相同；须同类同门且严格更大才算压过，同级不压；压不过就扣下垫掉。领出的至尊无牌可压；跟出的至尊什么也压不过。",
              "A play: a single, a pair (two tiles of one class and level), the supreme pair (the three and the six), a set of two or three. Followers lay as many tiles as the lead; a play beats only one of the same kind and class that is strictly higher (equal does not beat); otherwise discard face down. A supreme pair led cannot be beaten; one that follows beats nothing.")
    order = t(lang,
              "庄家先领；其余三家按座位甲乙丙丁从领出者起依次跟。桌上最大者得这一圈的墩并领下一圈。手中剩三或两张时，领单张须守叫牌：有重叫重；有幺叫幺，无幺叫点；两张同门叫小的，不同门各自从下数起、叫较小的。",
              "The dealer leads first; the others follow in seat order A, B, C, D round from the leader. The best play takes the trick and leads the next. With three or two tiles left a single lead must keep the lead rules: of two tiles in one class lead one of them; else an ace-class tile, or failing that a points tile; of two left, lead the smaller (counted within its class from the bottom).")
    jrows = [[t(lang, "结牌时共有的墩", "墩 held on closing")] + [str(n) for n in range(1, 9)], [t(lang, "结牌者进", "The closer receives")] + [str(jie(n)) for n in range(1, 9)]]
    jt = _tbl(jrows[0], [jrows[1]])
    bama = _tbl([t(lang, "八马", "Eight-horse"), t(lang, "其余三家各付的倍数", "The others pay × ")],
                [[E(t(lang, BAMA_ZH[k], BAMA_EN[k])), f"× {v}"] for k, v in BAMA_MULT.items()])
    hei = _tbl([t(lang, "黑八马：各家所得的墩", "Black eight-horse: 墩 a player holds")] + [str(i) for i in range(len(HEI_PAYS))],
               [[t(lang, "付给结牌者", "pays the closer")] + [str(x) for x in HEI_PAYS]])
    settle = t(lang, f"保门：每人以 {BAOMEN} 墩为本，少一墩付结牌者一墩，多一墩由结牌者付一墩；清铺付 {BAOMEN}。结牌者按下表进账（墩数加 {BAOMEN}），合计为零。",
               f"Breaking even: each player's baseline is {BAOMEN} tricks; one short pays the closer one, one over is paid by the closer; a player with none pays {BAOMEN}. The closer receives by the table below (tricks plus {BAOMEN}); it all sums to zero.")
    blocks = [
        _sec(t(lang, "牌的大小", "Tiles, highest first"), tiles),
        _sec(t(lang, "套子（由大到小）", "Sets, highest first"), f"<p>{sets}</p>"),
        _sec(t(lang, "出牌与压牌", "Plays and beating"), f"<p>{E(plays)}</p>"),
        _sec(t(lang, "领出次序与叫牌", "Order of play and lead rules"), f"<p>{E(order)}</p>"),
        _sec(t(lang, "结算", "Settlement"), f"<p>{E(settle)}</p>" + jt + bama + hei, wide=True),
    ]
    links = " · ".join([_link("../rules/#follow", t(lang, "打法", "play")), _link("../rules/#jiao-rules", t(lang, "叫牌", "lead rules")),
                        _link("../scoring/#baomen", t(lang, "结算", "settlement"))])
    return _qr(lang, "", "", blocks, links)


def yezi_quickref(lang: str, params: dict[str, Any]) -> str:
    def name(v: int) -> str:
        f = next(f for f in FACES if f.value == v)
        return t(lang, f"{f.cipher}（{f.numeral or '叶'}）", f"{f.cipher} ({f.value if f.value else 'leaf'})")

    rows = []
    for c in sorted(COMBINATIONS, key=lambda c: c.rank):
        rows.append([str(c.rank), E(t(lang, c.zh, f"{c.en} ({c.zh})")), _yz_cards([str(v) if v else "leaf" for v in c.cards], lang, 18),
                     E(t(lang, "、", ", ").join(name(v) for v in c.cards))])
    rows.append([str(SCATTER_RANK), E(t(lang, SCATTER_ZH, f"{SCATTER_EN} ({SCATTER_ZH})")), "—", E(t(lang, "不成以上任何一种", "none of the above"))])
    combos = _tbl([t(lang, "名次", "Rank"), t(lang, "组合", "Combination"), t(lang, "牌", "Cards"), t(lang, "暗语", "Cipher")], rows)
    order = t(lang,
              "洗牌后码成十六墩（每墩两张）。一人掷骰，按点数定谁先抓、从哪一墩抓起；四家轮流每次抓两墩，各得八张。各自把八张分成两组，每组四张：先一齐亮出一组，再亮另一组。每次亮牌，组合名次数小者为大，优胜。",
              "The cards are shuffled and laid in sixteen stacks of two. One player throws the die, whose points decide who draws first and from which stack; the four draw two stacks at a time in turn, eight cards each. Each splits the eight into two groups of four and all show one group together, then the other. At each showing the smaller rank number is the better combination and stands first.")
    score = t(lang, "计分：每组计其组合的名次数（流散对计 9），两组相加，合计最小者赢得这一局。",
              f"Scoring: each group counts its combination's rank number (a scattered group counts {SCATTER_RANK}); the two are added and the lowest total wins the round.")
    blocks = [
        _sec(t(lang, "八种组合（名次小者大）", "The eight combinations (lower rank is better)"), combos),
        _sec(t(lang, "一局的次序", "How a round goes"), f"<p>{E(order)}</p>"),
        _sec(t(lang, "计分", "Scoring"), f"<p>{E(score)}</p>"),
    ]
    links = " · ".join([_link("../play/#combinations", t(lang, "八种组合", "the combinations")), _link("../play/#round", t(lang, "一局的过程", "how a round goes")),
                        _link("../deck/#cipher", t(lang, "暗语数字", "cipher numerals"))])
    return _qr(lang, "", "", blocks, links)


def paohuzi_quickref(lang: str, params: dict[str, Any]) -> str:
    def md(name: str) -> str:
        return markdown.markdown(PT[name](lang, {}), extensions=["tables"])

    order = [
        t(lang, "胡：只有翻出的底牌能胡，打出的牌不能；翻牌者先问，其余按座位。", "Win (hu): only a card turned from the stock wins, never a discard; the player who turned it first, then the others in seat order."),
        t(lang, "偎、提（必须）：只限翻牌者本人。", "Wei, ti (compulsory): only the player who turned the card."),
        t(lang, "跑（必须）：手中有三张或偎、碰了这张的人。", "Pao (compulsory): whoever holds three of it concealed, a wei of it, or a peng of it when the fourth comes from the stock."),
        t(lang, "碰：手中有一对的人；放过的牌不能再碰。", "Peng: anyone with a pair of it; a card once passed cannot be peng'd later."),
        t(lang, "吃：打出的牌只限下家；翻出的牌先翻牌者、再下家。", "Chi: a discard only by the next player; a stock card first by the one who turned it, then the next player."),
    ]
    win = t(lang, f"胡牌：二十张牌除一张外全部成组即为听牌；底牌凑成全手，且至少 {PHZ.threshold} 胡息，即可胡。胡息折成等，再乘番。",
            f"Winning: a hand is ready when all but one of its cards lie in groups; a stock card that completes it wins, with at least {PHZ.threshold} huxi. Huxi become deng, then the fan multiply them.")
    blocks = [
        _sec(t(lang, "各组的胡息", "Huxi of each group"), md("paohuzi-huxi-table")),
        _sec(t(lang, "一张牌谁先要（由先到后）", "Who takes a card first (earliest first)"), "<ol>" + "".join(f"<li>{E(x)}</li>" for x in order) + "</ol>"),
        _sec(t(lang, "胡牌", "Winning"), f"<p>{E(win)}</p>"),
        _sec(t(lang, "胡息折等", "Huxi to deng"), md("paohuzi-deng-table")),
        _sec(t(lang, "番", "Fan"), md("paohuzi-fan-table")),
        _sec(t(lang, "罚分", "Penalties"), md("paohuzi-penalty-table")),
    ]
    links = " · ".join([_link("../turn/#order", t(lang, "谁先要", "who takes a card first")), _link("../scoring/#huxi", t(lang, "胡息", "huxi")),
                        _link("../scoring/#fan", t(lang, "番", "fan")), _link("../match/#penalties", t(lang, "罚分", "penalties"))])
    return _qr(lang, "", "", blocks, links)


TABLES: dict[str, Callable[[str, dict[str, Any]], str]] = {
    "guide-dawei-sample": dawei_sample,
    "guide-gupai-sample": gupai_sample,
    "guide-yezi-sample": yezi_sample,
    "guide-dawei-quickref": dawei_quickref,
    "guide-gupai-quickref": gupai_quickref,
    "guide-yezi-quickref": yezi_quickref,
    "guide-paohuzi-quickref": paohuzi_quickref,
}
