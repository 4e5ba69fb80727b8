"""鄂南骨牌 build-time views: the hand widget's static HTML, generated tables, tile files.

Every figure on the gupai pages comes from ``engine.gupai`` when the site is built.
"""

from __future__ import annotations

import functools
import html
from typing import Any
from collections.abc import Callable

from engine.api import handle
from sitegen.common import t
from engine.gupai import trace
from engine.gupai.config import CHOICES, DEFAULT, LABELS
from engine.gupai.plays import TAO, classify
from engine.gupai.scoring import BAMA_MULT, HEI_PAYS, SEATS_EN, SEATS_ZH, jie
from views.draw.gupai import tile_svg
from engine.gupai.tiles import ALIASES, CLASS_EN, CLASS_ORDER, CLASS_ZH, FACES, standing
from views import gupai as views_gupai  # the hand's board, drawn by the same view in the browser
from engine.gupai.scoring import KINDS  # the kinds of 八马, named once
from engine.gupai.state import GupaiState
from engine.gupai.config import QUESTIONS

E = html.escape
DEMO_SEED = 1120


def seat(lang: str, s: int) -> str:
    return t(lang, SEATS_ZH[s], SEATS_EN[s])


def _tiles(codes: list[str], lang: str, width: int = 26) -> str:
    inner = "".join(tile_svg("66", width, lang, face_up=False) if c == "back" else tile_svg(c, width, lang) for c in codes)
    return f'<span class="gp-tiles">{inner}</span>'


# ---------------------------------------------------------------- widget


def hand_widget(lang: str, params: dict[str, Any]) -> str:
    seed = int(params.get("seed", DEMO_SEED))
    human = int(params.get("human", 0))
    ans = handle({"game": "gupai", "action": "play", "seed": seed, "human": human})
    if not ans["ok"]:
        raise ValueError(f"gupai-hand params: {ans}")
    opts = handle({"game": "gupai", "action": "options"})["options"]
    selects = "".join(
        f'<label class="gp-opt">{E(t(lang, o["zh"], o["en"]))} <select data-option="{o["id"]}" disabled>'
        + "".join(f'<option value="{c["id"]}"{" selected" if c["id"] == o["default"] else ""}>{E(t(lang, c["zh"], c["en"]))}</option>\n' for c in o["choice_words"])
        + "</select></label>\n"
        for o in opts
    )
    # the action buttons come right after the board, whose last rows are the reader's hand and the reason
    # a choice is refused: on a phone they stay next to the tiles they act on
    return (
        f'<div data-role="board" data-human="{human}">{views_gupai.board(ans, lang, still=True)}</div>\n'
        f'<div class="hw-row gp-actions">'
        f'<button type="button" class="hw-btn" data-role="up" disabled>{t(lang, "明出 / 打", "Play face up")}</button> '
        f'<button type="button" class="hw-btn" data-role="down" disabled>{t(lang, "扣下垫掉", "Discard face down")}</button> '
        f'<button type="button" class="hw-btn" data-role="seal" disabled>{t(lang, "封墩", "Sealing (封墩)")}</button></div>\n'
        f'<div class="hw-row gp-foot"><button type="button" class="hw-btn" data-role="new" disabled>{t(lang, "新的一盘", "New hand")}</button> '
        f'<span class="gp-seed" hidden><span data-role="seed">{seed}</span></span> <span data-role="share"></span></div>\n'
        f'<details class="gp-options"><summary>{t(lang, "规则选项（原文可两读之处）", "Rule options (where the source can be read two ways)")}</summary>{selects}</details>'
    )


from sitegen.gupai_ledger import ledger_widget  # noqa: E402  (the session ledger's own module)

WIDGETS: dict[str, Callable[[str, dict[str, Any]], str]] = {"gupai-hand": hand_widget, "gupai-ledger": ledger_widget}


# ---------------------------------------------------------------- tables


def tiles_table(lang: str, params: dict[str, Any]) -> str:
    rows = []
    for cls in CLASS_ORDER:
        faces = sorted((f for f in FACES if f.cls == cls), key=lambda f: -f.rank)
        for f in faces:
            st = standing(f.code)
            st_txt = t(lang, st, {"老": "top (老)", "亚": "second (亚)"}.get(st, ""))
            alias = ALIASES.get(f.code)
            name = E(t(lang, f.zh, f"{f.en} ({f.zh})"))
            if alias and alias[0] not in f.zh:  # names already in brackets are not repeated
                name += "<br><small>" + E(t(lang, "又叫" + alias[0], "also " + alias[1])) + "</small>"
            rows.append(
                f'<tr><td>{t(lang, CLASS_ZH[cls], CLASS_EN[cls])}</td><td>{f.rank}{" · " + st_txt if st else ""}</td>'
                f'<td>{tile_svg(f.code, 28, lang)}</td><td>{name}</td>'
                f'<td>{f.points}</td><td>{f.points - f.red} / {f.red}</td><td>{f.copies}</td></tr>'
            )
    head = "".join(
        f"<th>{x}</th>"
        for x in (t(lang, "门", "Class"), t(lang, "级（大者数大）", "Level (higher wins)"), t(lang, "牌面", "Face"),
                  t(lang, "名称", "Name"), t(lang, "点数", "Pips"), t(lang, "黑 / 红", "Black / red"),
                  t(lang, "张数", "Copies"))
    )
    return f'<div class="gp-scroll"><table class="gp-chart"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'


def sets_table(lang: str, params: dict[str, Any]) -> str:
    rows = []
    for zh, en, long_kind, dot_kind in TAO:
        lt = next(f.code for f in FACES if f.kind == long_kind)
        dts = [f.code for f in FACES if f.kind == dot_kind]
        two = classify([lt, dts[0]])
        three_a = classify([lt, lt, dts[0]])
        three_b = classify([lt] + dts)
        assert two and three_a and three_b
        rows.append(
            f"<tr><td>{E(t(lang, zh, f'{en} ({zh})'))}</td><td>{_tiles([lt, dts[0]], lang, 22)}</td>"
            f"<td>{E(three_a.zh)} {_tiles(list(three_a.tiles), lang, 22)}</td><td>{E(three_b.zh)} {_tiles(list(three_b.tiles), lang, 22)}</td></tr>"
        )
    head = "".join(f"<th>{x}</th>" for x in (t(lang, "套子", "Set"), t(lang, "两张", "Two tiles"), t(lang, "三张（两长一点）", "Three (two long, one points)"), t(lang, "三张（一长两点）", "Three (one long, two points)")))
    return f'<div class="gp-scroll"><table class="gp-chart"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'


def jie_table(lang: str, params: dict[str, Any]) -> str:
    head = f"| {t(lang, '结牌时共有的墩', '墩 held after the last trick')} | " + " | ".join(str(n) for n in range(1, 8)) + " |\n"
    head += "|---" * 8 + "|\n"
    return head + f"| {t(lang, '结牌者进', 'the closer receives')} | " + " | ".join(str(jie(n)) for n in range(1, 8)) + " |"


SETTLE_CASES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("天牌结牌，原有三墩（原文之例）", "Closing with Heaven, three held before (the source's example)", {"held": [4, 1, 2, 1], "closer": 0}),
    ("一对长三捉住一对长二，二结六（原文之例）", "Long-three pair over long-two pair, 二结6 (the source's example)", {"held": [2, 4, 1, 1], "closer": 0}),
    ("一家五墩、一家清铺", "One with five, one with none", {"held": [1, 5, 0, 2], "closer": 3}),
    ("八马", "Eight-horse (八马)", {"held": [8, 0, 0, 0], "closer": 0, "closer_tiles": ["66", "66", "11", "11", "44", "44", "65", "65"]}),
    ("红八马（赢家牌中有赏）", "Red eight-horse (the winner holds a shang)", {"held": [8, 0, 0, 0], "closer": 0, "closer_tiles": ["66", "66", "11", "11", "44", "44", "21", "65"]}),
    ("硬八马（另三家打不起）", "Hard eight-horse (the others could not beat him)", {"held": [8, 0, 0, 0], "closer": 0, "closer_tiles": ["66", "66"], "contested": False}),
    ("黑八马：丁家连赢最后四张，其中有赏", "Black eight-horse: D wins the last four tiles in a row, a shang among them",
     {"held": [2, 1, 1, 4], "closer": 3, "run_each": 4, "run_tiles": ["66", "11", "24", "65"]}),
    ("黑八马，乙家封墩", "Black eight-horse, B sealed", {"held": [3, 0, 1, 4], "closer": 3, "run_each": 4, "run_tiles": ["66", "11", "24", "65"], "sealed": [1]}),
    ("丙家领出至尊（喜钱），甲家结牌", "C leads the supreme pair (wedding money), A closes", {"held": [3, 2, 2, 1], "closer": 0, "zhizun_by": 2}),
)


def settle_table(lang: str, params: dict[str, Any]) -> str:
    rows = []
    for zh, en, req in SETTLE_CASES:
        s = handle({"game": "gupai", "action": "settle", **req})
        if not s["ok"]:
            raise ValueError(f"gupai-settle: {s}")
        nets = " / ".join(f"{n:+d}" for n in s["nets"])
        why = "<br>".join(E(ln[lang]) for ln in s["lines"] if ln["amount"])
        rows.append(f"| {t(lang, zh, en)} | {' / '.join(map(str, req['held']))} | {seat(lang, req['closer'])} | {nets} | {why} |")
    head = (
        f"| {t(lang, '情形', 'Case')} | {t(lang, '甲乙丙丁各得墩', 'Tricks (墩) held by A/B/C/D')} | {t(lang, '结牌', 'Closer')} | "
        f"{t(lang, '输赢（墩）甲/乙/丙/丁', 'Net in tricks, A/B/C/D')} | {t(lang, '谁付给谁、为什么', 'Who paid whom, and why')} |\n|---|---|---|---|---|\n"
    )
    return head + "\n".join(rows)


def bama_table(lang: str, params: dict[str, Any]) -> str:
    rows = [f"| {t(lang, KINDS[k].zh, KINDS[k].en)} | × {m} | {4 * m} |" for k, m in BAMA_MULT.items()]
    return (f"| {t(lang, '奖励', 'Bonus')} | {t(lang, '倍数', 'Multiplier')} | {t(lang, '另三家每家出（墩）', 'Each other player pays (tricks)')} |\n"
            "|---|---|---|\n" + "\n".join(rows))


def heibama_table(lang: str, params: dict[str, Any]) -> str:
    head = f"| {t(lang, '没结牌的人得墩', 'Tricks (墩) held by a player who did not close')} | " + " | ".join(str(h) for h in range(4)) + " | 4 |\n"
    head += "|---" * 6 + "|\n"
    return head + f"| {t(lang, '黑八马时付给结牌者', 'pays the closer in a black eight-horse')} | " + " | ".join(str(p) for p in HEI_PAYS) + " | 0 |\n" + \
        f"| {t(lang, '普通结牌时付', 'pays after an ordinary close')} | " + " | ".join(str(4 - h) for h in range(4)) + " | 0 |"


def _label(c: str, lang: str) -> str:
    zh, en = LABELS[c]
    return t(lang, zh, en)


def options_table(lang: str, params: dict[str, Any]) -> str:
    """The rule options in words (no identifiers): question, readings with the default in bold, place, note."""
    rows = []
    for o in trace.OPTIONS:
        choices = t(lang, "；", "; ").join(f"**{_label(c, lang)}**" if c == o.default else _label(c, lang) for c in o.choices)
        page, anchor = o.note.split("#")
        link = f"[{t(lang, '说明', 'note')}]({page.split('/', 1)[1]}#{anchor})"
        rows.append(f"| {t(lang, o.zh, o.en)} | {choices} | {o.passage.section}：「{o.passage.quote}」 | {link} |")
    head = (f"| {t(lang, '问题', 'Question')} | {t(lang, '读法（粗体为默认）', 'Readings (default in bold)')} | "
            f"{t(lang, '原文位置', 'Place in the source')} | |\n|---|---|---|---|\n")
    return head + "\n".join(rows)


def rules_table(lang: str, params: dict[str, Any]) -> str:
    """Every rule the engine implements beside its place in the source (a short marked quotation),
    then the passages left out and why. In words: no rule ids or code paths on screen."""
    rows = [f"| {t(lang, r.zh, r.en)} | {r.passage.section}：「{r.passage.quote}」 | {len(r.tests)} |" for r in trace.RULES]
    gaps = [f"| {g.passage.section}：「{g.passage.quote}」 | {t(lang, g.zh, g.en)} |" for g in trace.GAPS]
    return (
        f"| {t(lang, '规则', 'Rule')} | {t(lang, '原文位置', 'Place in the source')} | {t(lang, '检查它的测试', 'Tests checking it')} |\n"
        "|---|---|---|\n" + "\n".join(rows)
        + f"\n\n| {t(lang, '未实现的段落', 'Passage not implemented')} | {t(lang, '原因', 'Why')} |\n|---|---|\n" + "\n".join(gaps)
    )


COMPARE_CASES: tuple[list[Any], ...] = (
    [["11"], ["66"], ["65"], {"tiles": ["22"], "up": False}],
    [["33", "33"], ["22", "22"], {"tiles": ["65", "51"], "up": False}, ["44", "44"]],
    [["21", "24"], {"tiles": ["66", "54"], "up": False}, {"tiles": ["11", "11"], "up": False}, {"tiles": ["65", "64"], "up": False}],
    [["33", "33"], ["21", "24"], ["44", "44"], {"tiles": ["52", "61"], "up": False}],
    [["66", "66", "54"], ["11", "11", "62"], ["13", "41", "23"]],
    [["52"], ["24"], ["41"], ["21"]],
)


def compare_table(lang: str, params: dict[str, Any]) -> str:
    rows = []
    for plays in COMPARE_CASES:
        ans = handle({"game": "gupai", "action": "compare", "plays": plays})
        if not ans["ok"]:
            raise ValueError(f"gupai-compare: {ans}")
        cells = []
        for i, p in enumerate(ans["plays"]):
            shown = _tiles(p["tiles"] if p["up"] else ["back"] * len(p["tiles"]), lang, 18)
            what = E(t(lang, p["zh"], p["en"])) if p["up"] else t(lang, "垫", "discard")
            mark = " ✔" if i == ans["winner"] else ""
            cells.append(f"{seat(lang, i)}: {shown} {what}{mark}")
        win = ans["plays"][ans["winner"]]
        rows.append(f'<tr><td>{"<br>".join(cells)}</td><td>{seat(lang, ans["winner"])} · {E(t(lang, win["zh"], win["en"]))}</td></tr>')
    return (f'<div class="gp-scroll"><table class="gp-chart"><thead><tr><th>{t(lang, "依次出牌（甲领出）", "Plays in order (A leads)")}</th>'
            f'<th>{t(lang, "赢这一圈", "Takes the trick")}</th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


EFFECT_HANDS = 200


@functools.lru_cache(maxsize=1)
def _option_effects() -> tuple[tuple[str, str, int, int], ...]:
    """(option, choice, hands changed, hands unbalanced) over the same seeded hands."""
    def hand(seed: int, options: dict[str, str]) -> tuple[int, ...]:  # the hand played by the computer at every seat
        settled = GupaiState({"seed": seed, "dealer": seed % 4, "options": options}).play_out().settlement()
        assert settled is not None
        return settled.nets

    out = []
    base = [hand(seed, {}) for seed in range(EFFECT_HANDS)]
    assert all(sum(b) == 0 for b in base), "the default readings must balance every hand"
    for key, choices in CHOICES.items():
        for c in choices:
            if c == getattr(DEFAULT, key):
                continue
            changed = unbalanced = 0
            for seed, b in enumerate(base):
                r = hand(seed, {key: c})
                changed += r != b
                unbalanced += sum(r) != 0
            out.append((key, c, changed, unbalanced))
    return tuple(out)


def option_effects_table(lang: str, params: dict[str, Any]) -> str:
    """Over the same seeded hands (computer players), how often the other reading changes the result."""
    rows = [
        f"| {t(lang, *QUESTIONS[key])} | {_label(c, lang)} | {100 * changed / EFFECT_HANDS:.1f} % | {unbalanced} |"
        for key, c, changed, unbalanced in _option_effects()
    ]
    head = (
        f"| {t(lang, '问题', 'Question')} | {t(lang, '另一读法', 'Other reading')} | {t(lang, '结算不同的盘', 'Hands settled differently')} | "
        f"{t(lang, '输赢不相抵的盘', 'Hands whose nets do not sum to zero')} |\n|---|---|---|---|\n"
    )
    note = t(lang, f"\n\n同样 {EFFECT_HANDS} 盘（局号 0–{EFFECT_HANDS - 1}，四家都由电脑玩家打）。电脑玩家能打就打，所以只在人放过不打时才会出现的差别（如硬八马的两种读法）在这里显示为 0。",
             f"\n\nThe same {EFFECT_HANDS} hands (hand numbers 0–{EFFECT_HANDS - 1}, computer players in every seat). The computer players always beat when they can, "
             "so a difference that only appears when a person declines to beat (such as the two readings of the hard eight-horse) shows as 0 here.")
    return head + "\n".join(rows) + note


def classes_figure(lang: str, params: dict[str, Any]) -> str:
    """The lesson's first picture: the three classes in order, each tile named under it, pairs and 套子 (views/gupai.py)."""
    return views_gupai.classes(lang)


TABLES: dict[str, Callable[[str, dict[str, Any]], str]] = {
    "gupai-classes": classes_figure,
    "gupai-tiles": tiles_table,
    "gupai-sets": sets_table,
    "gupai-jie": jie_table,
    "gupai-compare": compare_table,
    "gupai-settle": settle_table,
    "gupai-bama": bama_table,
    "gupai-heibama": heibama_table,
    "gupai-options": options_table,
    "gupai-option-effects": option_effects_table,
    "gupai-rules": rules_table,
}


def _tile_file(code: str) -> Callable[[], str]:
    return lambda: tile_svg(code, 100, "zh")


FILES: dict[str, Callable[[], str | bytes]] = {f"assets/gupai/tiles/{f.code}.svg": _tile_file(f.code) for f in FACES}

assert set(LABELS) >= {c for cs in CHOICES.values() for c in cs}
