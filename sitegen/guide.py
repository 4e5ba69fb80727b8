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
        lines.append(t(lang, f"本局以特殊方式结束，结果：", "The game ended in a special way; the results:") + words[lang])
        lines += [f"{seat(s)}: {float(nets[s]):+g}" for s in range(n)]
    lines.append(t(lang, f"合计：{' + '.join(f'({float(x):+g})' for x in nets)} = {float(sum(nets, Fraction(0))):g}。",
                   f"In all: {' + '.join(f'({float(x):+g})' for x in nets)} = {float(sum(nets, Fraction(0))):g}."))
    return (f'<h3 id="guide-settle">{t(lang, "结算", "Settlement")}</h3>{table}<ol class="guide-settle">'
            + "".join(f"<li>{E(ln)}</li>" for ln in lines) + "</ol>"
            + f'<p>{_link("../settlement/#break-even", t(lang, "规则：保本数与结算", "rule: break-even and settlement"))}</p>')


# ------------------------------------------------------------------ 鄂南骨牌: a narrated hand


def _gp_seat(s: int, lang: str) -> str:
    from engine.gupai.scoring import SEATS_EN, SEATS_ZH

    return SEATS_EN[s] if lang == "en" else SEATS_ZH[s]


def _gp_tiles(codes: list[str], lang: str, width: int = 26) -> str:
    from engine.gupai.svg import tile_svg

    return '<span class="guide-tiles">' + "".join(tile_svg(c, width, lang) for c in codes) + "</span>"


def _gp_names(codes: list[str], lang: str) -> str:
    from engine.gupai.tiles import BY_CODE

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
    seat = lambda s: _gp_seat(s, lang)  # noqa: E731
    dealer = seat(ans["dealer"])
    head = t(lang, f"局号 {seed}；四家都由电脑出牌；{dealer}坐庄。", f"Hand number {seed}; the computer plays every seat; {dealer} deals.")
    parts = [
        f'<p class="guide-head">{E(head)}</p>',
        f'<h3 id="guide-deal">{t(lang, "各家的八张牌", "Each player’s eight tiles")}</h3><ul class="guide-deal">',
    ]
    for s, h in enumerate(ans["dealt"]):
        parts.append(f'<li><span class="guide-who">{E(seat(s))}</span> {_gp_tiles(h, lang)}<span class="guide-sr">{E(_gp_names(h, lang))}</span></li>')
    parts.append(f'</ul><h3 id="guide-tricks">{t(lang, "逐圈出牌", "Trick by trick")}</h3><ol class="guide-moves guide-tricks">')
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
        f'<h3 id="guide-settle">{t(lang, "结算", "Settlement")}</h3>'
        f'<div class="guide-scroll"><table><thead><tr><th>{t(lang, "玩家", "Player")}</th><th>{t(lang, "得墩", "Tricks (墩)")}</th><th>{t(lang, "输赢（墩）", "Net (墩)")}</th></tr></thead><tbody>{rows}</tbody></table></div>'
        '<ol class="guide-settle">' + "".join(f"<li>{E(x)}</li>" for x in settle_lines) + "</ol>"
        f'<p>{_link("../scoring/#jie", t(lang, "规则：结牌", "rule: closing"))} · {_link("../scoring/#baomen", t(lang, "规则：保门", "rule: breaking even"))}</p>'
    )
    return '<div class="guide-sample guide-gupai">' + "".join(parts) + "</div>"


# ------------------------------------------------------------------ 叶子戏: a narrated round


def _yz_seat(s: int, lang: str) -> str:
    return t(lang, f"{'甲乙丙丁'[s]}家", f"Player {'ABCD'[s]}")


def _yz_cards(codes: list[str], lang: str, width: int = 26) -> str:
    from engine.yezi.cards import FACES, parse_card
    from engine.yezi.svg import card_svg

    return '<span class="guide-cards">' + "".join(card_svg(FACES[parse_card(c)].value, width, lang) for c in codes) + "</span>"


def _yz_names(codes: list[str], lang: str) -> str:
    from engine.yezi.cards import FACES, parse_card

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
    seat = lambda s: _yz_seat(s, lang)  # noqa: E731
    round_rule = _link("../play/#round", t(lang, "规则：一局的过程", "rule: how a round goes"))
    combo_rule = _link("../play/#combinations", t(lang, "规则：八种组合", "rule: the eight combinations"))
    steps = [
        t(lang, f"{seat(ans['thrower'])}掷骰，得 {ans['die']} 点：由{seat(ans['first_drawer'])}先抓，从第 {ans['start_stack']} 墩抓起。",
          f"{seat(ans['thrower'])} throws the die: {ans['die']}. {seat(ans['first_drawer'])} draws first, starting at stack {ans['start_stack']}."),
    ]
    draws = t(lang, "；", "; ").join(
        t(lang, f"{seat(d['seat'])}抓第 {d['stacks'][0]}、{d['stacks'][1]} 墩", f"{seat(d['seat'])} takes stacks {d['stacks'][0]} and {d['stacks'][1]}") for d in ans["draws"])
    steps.append(t(lang, f"轮流抓牌，每次两墩：{draws}。", f"They draw in turn, two stacks at a time: {draws}."))
    parts = [f'<p class="guide-head">{t(lang, f"种子 {seed}；四家都由电脑按最佳分法配牌。", f"Seed {seed}; the computer splits every hand the best way.")}</p>',
             '<ol class="guide-moves">' + "".join(f"<li><span class=\"guide-text\">{E(x)} {round_rule}</span></li>" for x in steps) + "</ol>",
             f'<h3 id="guide-hands">{t(lang, "各家的牌和分法", "Each hand and how it is split")}</h3><ol class="guide-moves">']
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
    parts.append(f'<h3 id="guide-showings">{t(lang, "两次亮牌", "The two showings")}</h3><ol class="guide-settle">')
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
        f'<h3 id="guide-settle">{t(lang, "结果", "The result")}</h3>'
        f'<div class="guide-scroll"><table><thead><tr><th>{t(lang, "名次", "Place")}</th><th>{t(lang, "玩家", "Player")}</th><th>{t(lang, "两组之和（小者胜）", "Both groups (lower wins)")}</th></tr></thead><tbody>{rows}</tbody></table></div>'
        f'<p>{E(t(lang, f"合计最小的{winners}赢得这一局。", f"{winners} has the lowest total and wins the round."))} {round_rule}</p>'
    )
    return '<div class="guide-sample guide-yezi">' + "".join(parts) + "</div>"


TABLES: dict[str, Callable[[str, dict[str, Any]], str]] = {
    "guide-dawei-sample": dawei_sample,
    "guide-gupai-sample": gupai_sample,
    "guide-yezi-sample": yezi_sample,
}
