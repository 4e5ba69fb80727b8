"""鄂南骨牌 build-time views: the hand widget's static HTML, generated tables, tile files.

Every figure on the gupai pages comes from ``engine.gupai`` when the site is built.
"""

from __future__ import annotations

import functools
import html
from typing import Any, Callable

from engine.api import handle
from sitegen import common
from sitegen.common import t
from engine.gupai import trace
from engine.gupai.config import CHOICES
from engine.gupai.plays import TAO, classify
from engine.gupai.scoring import BAMA_MULT, jie, settle
from engine.gupai.svg import tile_svg
from engine.gupai.tiles import BY_CODE, CLASS_EN, CLASS_ORDER, CLASS_ZH, FACES

E = html.escape
SEATS_ZH = "甲乙丙丁"
SEATS_EN = "ABCD"
DEMO_SEED = 1120


def seat(lang: str, s: int) -> str:
    return t(lang, f"{SEATS_ZH[s]}家", f"Player {SEATS_EN[s]}")


def _tiles(codes: list[str], lang: str, width: int = 26) -> str:
    inner = "".join(tile_svg("66", width, lang, face_up=False) if c == "back" else tile_svg(c, width, lang) for c in codes)
    return f'<span class="gp-tiles">{inner}</span>'


def _name(code: str, lang: str) -> str:
    f = BY_CODE[code]
    return t(lang, f.zh, f"{f.en} ({f.zh})")


# ---------------------------------------------------------------- widget


def _play_html(c: dict[str, Any], lang: str) -> str:
    return (
        f'<div class="gp-play"><span class="gp-who">{seat(lang, c["seat"])}</span>{_tiles(c["tiles"], lang)}'
        f'<span class="gp-how">{t(lang, "打", "up") if c["up"] else t(lang, "垫", "down")}</span></div>'
    )


def _board(ans: dict[str, Any], lang: str, human: int) -> str:
    """The hand as the widget shows it: tricks so far, the table, my tiles, the result."""
    held = ans["held"]
    rows = []
    for s in range(4):
        me = " (你)" if lang == "zh" and s == human else (" (you)" if s == human else "")
        rows.append(f'<tr data-seat="{s}"><th scope="row">{seat(lang, s)}{me}</th><td>{ans["counts"][s]}</td><td>{held[s]}</td></tr>')
    table = (
        f'<table class="gp-score"><thead><tr><th>{t(lang, "玩家", "Player")}</th><th>{t(lang, "手中", "In hand")}</th>'
        f'<th>{t(lang, "墩", "墩 won")}</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )
    current = "".join(_play_html(c, lang) for c in ans["current"])
    last = '<div class="gp-last" data-role="last">'
    if ans["tricks"]:
        tr = ans["tricks"][-1]
        last += (
            f'<p>{t(lang, "上一圈", "Last trick")}: {seat(lang, tr["winner"])} '
            f'{t(lang, "得", "takes")} {tr["dun"]} 墩</p>'
            f'<div class="gp-table">{"".join(_play_html(m, lang) for m in tr["moves"])}</div>'
        )
    last += "</div>"
    mine = ans["hands"][human] or []
    hand = "".join(
        f'<button type="button" class="gp-pick" data-tile="{c}" aria-pressed="false" aria-label="{E(_name(c, lang))}" disabled>'
        f"{tile_svg(c, 34, lang)}</button>"
        for c in mine
    )
    status = _status(ans, lang, human)
    return (
        f'<div class="gp-board">{table}<div class="gp-table" data-role="table">{current or t(lang, "（桌上还没有牌）", "(nothing on the table yet)")}</div></div>'
        f"{last}"
        f'<p class="gp-status" data-role="status" aria-live="polite">{E(status)}</p>'
        f'<div class="gp-hand" data-role="hand">{hand}</div>'
        f"{_result(ans, lang)}"
    )


def _status(ans: dict[str, Any], lang: str, human: int) -> str:
    if ans["terminal"]:
        s = ans["settlement"]
        return t(lang, f"本盘结束：{seat(lang, s['closer'])}结牌。", f"Hand over: {seat(lang, s['closer'])} closed (结牌).")
    if ans["to_move"] == human:
        if not ans["current"]:
            return t(lang, "轮到你领出：选一张、一对、至尊或套子。", "Your lead: choose a single, a pair, the supreme pair or a set.")
        n = len(ans["current"][0]["tiles"])
        return t(lang, f"轮到你跟 {n} 张：能大就打，否则扣下垫掉。", f"Your turn to follow with {n}: beat it if you can, else discard face down.")
    return ""


def _result(ans: dict[str, Any], lang: str) -> str:
    if not ans.get("settlement"):
        return '<div data-role="result"></div>'
    s = ans["settlement"]
    cells = "".join(
        f'<tr><th scope="row">{seat(lang, i)}</th><td>{s["held"][i]}</td><td>{s["nets"][i]:+d}</td></tr>' for i in range(4)
    )
    bama = ""
    if s["bama"]:
        bama = f'<p>{t(lang, "八马", "八马")}: {s["bama"]} × {s["multiplier"]}</p>'
    return (
        f'<div data-role="result"><table class="gp-score"><thead><tr><th>{t(lang, "玩家", "Player")}</th><th>{t(lang, "墩", "墩")}</th>'
        f'<th>{t(lang, "输赢（墩）", "Net (墩)")}</th></tr></thead><tbody>{cells}</tbody></table>{bama}</div>'
    )


def hand_widget(lang: str, params: dict[str, Any]) -> str:
    seed = int(params.get("seed", DEMO_SEED))
    human = int(params.get("human", 0))
    ans = handle({"game": "gupai", "action": "play", "seed": seed, "human": human})
    if not ans["ok"]:
        raise ValueError(f"gupai-hand params: {ans}")
    return (
        f'<div class="hw-row">'
        f'<button type="button" class="hw-btn" data-role="new" disabled>{t(lang, "新的一盘", "New hand")}</button> '
        f'<button type="button" class="hw-btn" data-role="up" disabled>{t(lang, "明出 / 打", "Play face up")}</button> '
        f'<button type="button" class="hw-btn" data-role="down" disabled>{t(lang, "扣下垫掉", "Discard face down")}</button> '
        f'<span class="gp-seed">{t(lang, "种子", "seed")} <span data-role="seed">{seed}</span></span></div>'
        f'<div data-role="board" data-human="{human}">{_board(ans, lang, human)}</div>'
    )


WIDGETS: dict[str, Callable[[str, dict[str, Any]], str]] = {"gupai-hand": hand_widget}


# ---------------------------------------------------------------- tables


def tiles_table(lang: str, params: dict[str, Any]) -> str:
    rows = []
    for cls in CLASS_ORDER:
        faces = sorted((f for f in FACES if f.cls == cls), key=lambda f: -f.rank)
        for f in faces:
            rows.append(
                f'<tr><td>{t(lang, CLASS_ZH[cls], CLASS_EN[cls])}</td><td>{f.rank}</td>'
                f'<td>{tile_svg(f.code, 28, lang)}</td><td>{E(t(lang, f.zh, f.en))}</td>'
                f'<td><code>{f.code}</code></td><td>{f.points}</td><td>{f.red}</td><td>{f.copies}</td></tr>'
            )
    head = "".join(
        f"<th>{x}</th>"
        for x in (t(lang, "门", "Class"), t(lang, "级（大者数大）", "Level (higher wins)"), t(lang, "牌面", "Face"),
                  t(lang, "名称", "Name"), t(lang, "代码", "Code"), t(lang, "点数", "Pips"), t(lang, "红点", "Red pips"),
                  t(lang, "张数", "Copies"))
    )
    return f'<table class="gp-chart"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


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
    return f'<table class="gp-chart"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def jie_table(lang: str, params: dict[str, Any]) -> str:
    head = f"| {t(lang, '结牌时共有的墩', '墩 held after the last trick')} | " + " | ".join(str(n) for n in range(1, 8)) + " |\n"
    head += "|---" * 8 + "|\n"
    return head + f"| {t(lang, '结牌者进', 'the closer receives')} | " + " | ".join(str(jie(n)) for n in range(1, 8)) + " |"


SETTLE_CASES: tuple[tuple[str, str, tuple[int, ...], int, tuple[str, ...], bool], ...] = (
    ("天牌结牌，原有三墩（原文之例）", "Closing with Heaven, three held before (the source's example)", (4, 1, 2, 1), 0, (), True),
    ("一对长三捉住一对长二，二结六（原文之例）", "Long-three pair over long-two pair, 二结6 (the source's example)", (2, 4, 1, 1), 0, (), True),
    ("一家五墩、一家清铺", "One with five, one with none", (1, 5, 0, 2), 3, (), True),
    ("八马", "八马", (8, 0, 0, 0), 0, ("66", "66", "11", "11", "44", "44", "65", "65"), True),
    ("红八马（赢家牌中有赏）", "Red 八马 (the winner holds a shang)", (8, 0, 0, 0), 0, ("66", "66", "11", "11", "44", "44", "21", "65"), True),
    ("硬八马（另三家从未明打）", "Hard 八马 (the others never laid face up)", (8, 0, 0, 0), 0, ("66", "66"), False),
)


def settle_table(lang: str, params: dict[str, Any]) -> str:
    rows = []
    for zh, en, held, closer, tiles, contested in SETTLE_CASES:
        s = settle(held, closer, closer_tiles=tiles, contested=contested)
        nets = " / ".join(f"{n:+d}" for n in s.nets)
        rows.append(f"| {t(lang, zh, en)} | {' / '.join(map(str, held))} | {seat(lang, closer)} | {nets} |")
    head = (
        f"| {t(lang, '情形', 'Case')} | {t(lang, '甲乙丙丁各得墩', '墩 held by A/B/C/D')} | {t(lang, '结牌', 'Closer')} | "
        f"{t(lang, '输赢（墩）甲/乙/丙/丁', 'Net in 墩, A/B/C/D')} |\n|---|---|---|---|\n"
    )
    return head + "\n".join(rows)


def bama_table(lang: str, params: dict[str, Any]) -> str:
    names = {"plain": ("八马", "八马 (plain)"), "red": ("红八马", "red 八马"), "hard": ("硬八马", "hard 八马")}
    rows = [f"| {t(lang, *names[k])} | × {m} | {4 * m} |" for k, m in BAMA_MULT.items()]
    return (f"| {t(lang, '奖励', 'Bonus')} | {t(lang, '倍数', 'Multiplier')} | {t(lang, '另三家每家出（墩）', 'Each other player pays (墩)')} |\n"
            "|---|---|---|\n" + "\n".join(rows))


CHOICE_LABELS: dict[str, tuple[str, str]] = {
    "trick": ("一圈（四张）为一墩，共八墩", "one trick (four tiles) per 墩, eight in all"),
    "stack": ("两张为一墩，共十六墩", "two tiles per 墩, sixteen in all"),
    "from_bottom": ("从本门最小数起", "count from the bottom of the class"),
    "from_top": ("从本门最大数起", "count from the top of the class"),
}


def _choice_label(c: str, lang: str) -> str:
    zh, en = CHOICE_LABELS[c]
    return t(lang, zh, en)


def options_table(lang: str, params: dict[str, Any]) -> str:
    return common.options_table(trace.OPTIONS, lang, lambda o, c: _choice_label(c, lang))


def rules_table(lang: str, params: dict[str, Any]) -> str:
    return common.rules_table(trace.RULES, trace.GAPS, lang)


COMPARE_CASES: tuple[list[Any], ...] = (
    [["11"], ["66"], ["65"], {"tiles": ["22"], "up": False}],
    [["33", "33"], ["22", "22"], {"tiles": ["65", "51"], "up": False}, ["44", "44"]],
    [["66", "54"], ["21", "24"]],
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
    return (f'<table class="gp-chart"><thead><tr><th>{t(lang, "依次出牌（甲领出）", "Plays in order (A leads)")}</th>'
            f'<th>{t(lang, "赢这一圈", "Takes the trick")}</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')


EFFECT_HANDS = 300


@functools.lru_cache(maxsize=1)
def _option_effects() -> tuple[tuple[str, str, int, int], ...]:
    """(option id, choice, hands changed, hands unbalanced) over the same seeded hands."""
    from engine.gupai.config import DEFAULT, GupaiConfig
    from engine.gupai.hand import State, play_out

    out = []
    base = [play_out(State.start(seed, seed % 4, DEFAULT)) for seed in range(EFFECT_HANDS)]
    assert all(sum(b.returns() or (1,)) == 0 for b in base), "the default readings must balance every hand"
    for o in trace.OPTIONS:
        key = o.id.split(".", 1)[1]
        for c in o.choices:
            if c == o.default:
                continue
            cfg = GupaiConfig(**{key: c})
            changed = unbalanced = 0
            for seed, b in enumerate(base):
                alt = play_out(State.start(seed, seed % 4, cfg))
                r = alt.returns()
                assert r is not None
                changed += r != b.returns()
                unbalanced += sum(r) != 0
            out.append((o.id, c, changed, unbalanced))
    return tuple(out)


def option_effects_table(lang: str, params: dict[str, Any]) -> str:
    """Over the same seeded hands (computer players), how often the other reading changes the result."""
    rows = [
        f"| `{oid}` = `{c}` | {100 * changed / EFFECT_HANDS:.1f} % | {100 * unbalanced / EFFECT_HANDS:.1f} % |"
        for oid, c, changed, unbalanced in _option_effects()
    ]
    head = (
        f"| {t(lang, '另一读法', 'Other reading')} | {t(lang, '结算不同的盘', 'Hands settled differently')} | "
        f"{t(lang, '输赢不相抵的盘', 'Hands whose nets do not sum to zero')} |\n|---|---|---|\n"
    )
    note = t(lang, f"\n\n同样 {EFFECT_HANDS} 盘（种子 0–{EFFECT_HANDS - 1}，四家都由电脑玩家打），默认读法下每盘输赢都相抵。",
             f"\n\nThe same {EFFECT_HANDS} hands (seeds 0–{EFFECT_HANDS - 1}, computer players in every seat); under the default readings every hand balances.")
    return head + "\n".join(rows) + note


TABLES: dict[str, Callable[[str, dict[str, Any]], str]] = {
    "gupai-tiles": tiles_table,
    "gupai-sets": sets_table,
    "gupai-jie": jie_table,
    "gupai-compare": compare_table,
    "gupai-settle": settle_table,
    "gupai-bama": bama_table,
    "gupai-options": options_table,
    "gupai-option-effects": option_effects_table,
    "gupai-rules": rules_table,
}


def _tile_file(code: str) -> Callable[[], str]:
    return lambda: tile_svg(code, 100, "zh")


FILES: dict[str, Callable[[], str | bytes]] = {f"assets/gupai/tiles/{f.code}.svg": _tile_file(f.code) for f in FACES}

assert set(CHOICE_LABELS) >= {c for cs in CHOICES.values() for c in cs}
