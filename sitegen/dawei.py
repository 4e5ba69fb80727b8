"""打围 at build time: widgets' static views, generated tables, the CSV download.

Everything here is computed from ``engine.dawei``; nothing is typed by hand.
"""

from __future__ import annotations

import csv
import functools
import html
import io
import itertools
import json

from fractions import Fraction
from typing import Any
from collections.abc import Callable

from engine.api import handle
from engine.dawei.dice import ALL_OUTCOMES
from engine.dawei.actions import SPECIAL_WORDS
from engine.dawei.answer import dice_words
from engine.dawei.game import MAX_PLAYERS, MIN_PLAYERS, PRINTED_BREAK_EVEN, break_even
from engine.dawei.options import CHOICE_WORDS, Rules
from engine.dawei.split import SPLIT_RULES, success_ways
from engine.dawei.sticks import ANIMALS, BY_ID, TOTAL_STICKS, TOTAL_ZHU
from views.draw.dawei import dice_svg, sticks_svg
from engine.dawei.throws import BLANK, PATTERNS, animal_stats, pattern_ways, throw_table
from engine.dawei.trace import GAPS, OPTIONS, RULES
from views import dawei as views_dawei
from engine.dawei.game import SEATS_EN as seats_en, SEATS_ZH as seats_zh  # the seats' letters, the engine's
from engine.dawei.split import openings
from engine.dawei.throws import matches
from engine.dawei.game import Config
from engine.dawei.state import DaweiState

CSV_PATH = "assets/dawei/dawei-throws.csv"

e = html.escape


def T(lang: str) -> Callable[[str, str], str]:
    return lambda zh, en: en if lang == "en" else zh


def pct(ways: int, of: int = ALL_OUTCOMES) -> str:
    return f"{100 * ways / of:.3f}%"


def awards_text(awards: tuple[str, ...] | list[str], lang: str) -> str:
    if not awards:
        return "—"
    return " + ".join(BY_ID[a].zh if lang == "zh" else BY_ID[a].en for a in awards)


SPECIAL = SPECIAL_WORDS


def award_cell(p: Any, lang: str) -> str:
    if p.special:
        zh, en = SPECIAL[p.special]
        return en if lang == "en" else zh
    return awards_text(p.awards, lang)


def rel_root(lang: str) -> str:
    """From a page at <lang>/dawei/<page>/ back to the site root."""
    return "../../../" if lang == "en" else "../../"


# ------------------------------------------------------------------ widgets


def _faces(t: Callable[[str, str], str], dice: list[int]) -> str:
    """One select a die, showing its face (disabled until Python is ready)."""
    return "".join(
        f'<select data-role="face" aria-label="{t("第", "die ")}{i + 1}{t("颗", "")}" disabled>'
        + "".join(f'<option value="{v}"{" selected" if v == d else ""}>{v}</option>' for v in range(1, 7))
        + "</select>"
        for i, d in enumerate(dice)
    )


def dice_widget(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    dice = params.get("dice", [4, 4, 1, 2, 3, 6])
    ans = handle({"game": "dawei", "action": "classify", "dice": dice, "lang": lang})
    faces = _faces(t, dice)
    drawn = views_dawei.throw(ans, lang)  # the same view draws every live answer (views/dawei.py)
    return (
        '<div class="hw-row">'
        f'<button type="button" class="hw-btn" data-role="roll" disabled>{t("掷色", "Roll")}</button>'
        f'<span class="dawei-faces">{faces}</span>'
        f'<button type="button" class="hw-btn" data-role="classify" disabled>{t("判定", "Classify")}</button>'
        "</div>"
        f'<div class="dawei-dice" data-role="dice" data-dice="{",".join(map(str, dice))}">{drawn["dice"]}</div>'
        f'<p class="dawei-result" data-role="result" aria-live="polite">{drawn["result"]}</p>'
        f'<p class="hw-note" data-role="also">{drawn["also"]}</p>'
        + options_panel(lang, only=("red_five_gold", "two_red_with_pair"))
    )


def _pattern(pid: str) -> Any:
    for p in PATTERNS + (BLANK,):
        if p.id == pid:
            return p
    raise KeyError(pid)


def _players_select(t: Callable[[str, str], str], default: int) -> str:
    return (
        f'<label>{t("人数", "Players")} <select data-role="players" disabled>'
        + "".join(f'<option value="{n}"{" selected" if n == default else ""}>{n}</option>' for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
        + "</select></label>"
    )


def options_panel(lang: str, only: tuple[str, ...] | None = None) -> str:
    """A fold-out with one select per rule option (default first); the widgets send the choices as ``options``."""
    t = T(lang)
    rows = []
    for o in OPTIONS:
        key = o.id.removeprefix("dawei.")
        if only is not None and key not in only:
            continue
        anchor = o.note.split("#", 1)[1]
        words = CHOICE_WORDS[key]
        choices = "".join(
            f'<option value="{c}"{" selected" if c == o.default else ""}>{e(words[c][0] if lang == "zh" else words[c][1])}{t("（本站读法）", " (our reading)") if c == o.default else ""}</option>'
            for c in o.choices
        )
        rows.append(
            f'<label class="dawei-option">{e(o.zh if lang == "zh" else o.en)} '
            f'<select data-option="{key}" data-default="{o.default}" disabled>{choices}</select> '
            + (f'<a href="../notes/#{anchor}">{t("编者按", "note")}</a>' if only is None else "")
            + "</label>"
        )
    return f'<details class="dawei-options"><summary>{t("规则选项（原文不明之处）", "Rule options (where the source is open)")}</summary>{"".join(rows)}</details>'


def split_widget(lang: str, params: dict[str, Any]) -> str:
    """First throw of the split phase: what it opens, each second throw's chance; then throw the second."""
    t = T(lang)
    first = params.get("first", [2, 2, 2, 1, 4, 4])
    ans = handle({"game": "dawei", "action": "split", "first": first, "lang": lang})
    faces = _faces(t, first)
    drawn = views_dawei.split(ans, lang, still=True)  # the same view draws every live answer (views/dawei.py)
    return (
        '<div class="hw-row">'
        f'<button type="button" class="hw-btn" data-role="roll-first" disabled>{t("掷首色", "Throw the first")}</button>'
        f'<span class="dawei-faces">{faces}</span>'
        f'<button type="button" class="hw-btn" data-role="read-first" disabled>{t("看首色", "Read the first")}</button>'
        "</div>"
        f'<div class="dawei-dice" data-role="first" data-dice="{",".join(map(str, first))}">{drawn["first"]}</div>'
        f'<p data-role="direct">{drawn["direct"]}</p>'
        f'<div class="hw-row" data-role="openings">{drawn["openings"]}</div>'
        f'<div class="dawei-dice" data-role="second">{drawn["second"]}</div>'
        f'<p data-role="outcome" aria-live="polite">{drawn["outcome"]}</p>'
    )


def game_widget(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    players = int(params.get("players", 4))
    seed = int(params.get("seed", 1))
    ans = handle({"game": "dawei", "action": "play", "players": players, "seed": seed, "humans": [0], "moves": [], "log_tail": 500, "lang": lang})
    drawn = views_dawei.game(ans, lang)  # the same view draws every live answer (views/dawei.py)
    return (
        views_dawei.faces()
        + '<div class="hw-row">'
        + _players_select(t, players)
        + f'<label>{t("玩法", "Mode")} <select data-role="mode" disabled><option value="ai">{t("我对电脑", "Me against the computer")}</option>'
        f'<option value="hotseat">{t("轮流（同一台设备）", "Hot-seat (everyone here)")}</option></select></label>'
        # which game is dealt stays out of sight: the share link and the record keep it
        f'<input data-role="seed" type="hidden" value="{seed}">'
        f'<button type="button" class="hw-btn" data-role="new" disabled>{t("新局", "New game")}</button>'
        '<span data-role="share"></span>'
        "</div>"
        + options_panel(lang)
        + f'<div data-role="status" class="dawei-status" aria-live="polite">{drawn["status"]}</div>'
        f'<p data-role="verdict" class="dawei-verdict" aria-live="polite"></p>'
        f'<div class="hw-row" data-role="actions"></div>'
        f'<p class="hw-note" data-role="why"></p>'
        f'<section class="dawei-own" data-role="own" aria-label="{t("你的上一掷", "Your last throw")}"><p class="dawei-head">{t("你的上一掷", "Your last throw")}</p>'
        f'<div class="dawei-dice" data-role="dice">{drawn["dice"]}</div><p data-role="own-text">{drawn["own-text"]}</p></section>'
        f'<section class="dawei-others" aria-label="{t("此后电脑各家的掷", "The computer seats since then")}"><p class="dawei-head">{t("此后电脑各家的掷", "The computer seats since then")}</p>'
        f'<ul class="dawei-log" data-role="others">{drawn["others"]}</ul></section>'
        f'<div data-role="board">{drawn["board"]}</div>'
        f'<details class="dawei-pool"><summary>{t("场上余签（按比例画）", "Sticks left in the pool (to scale)")}</summary><div data-role="pool">{drawn["pool"]}</div></details>'
        f'<details class="dawei-pool"><summary>{t("全部记录（新的在上）", "The whole log (newest first)")}</summary>'
        f'<ul class="dawei-log" data-role="log" tabindex="0" aria-label="{t("全部记录", "The whole log")}">{drawn["log"]}</ul></details>'
    )


def sim_widget(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    players = int(params.get("players", 6))
    ans = handle({"game": "dawei", "action": "simulate", "players": players, "games": 20, "seed": 1})
    drawn = views_dawei.spread(ans["games"], ans["players"], ans["break_even"], lang)  # the figure the browser redraws
    return (
        '<div class="hw-row">'
        + _players_select(t, players)
        + f'<label>{t("局数", "Games")} <select data-role="games" disabled>'
        + "".join(f'<option value="{n}"{" selected" if n == 200 else ""}>{n}</option>' for n in (50, 200, 500, 1000))
        + "</select></label>"
        f'<input data-role="seed" type="hidden" value="1">'
        f'<button type="button" class="hw-btn" data-role="run" disabled>{t("开始模拟", "Simulate")}</button>'
        f'<progress data-role="progress" max="1" value="0"></progress><span data-role="progress-text" class="hw-note"></span>'
        "</div>"
        + options_panel(lang)
        + f'<div data-role="chart">{drawn["chart"]}</div>'
        f'<div data-role="summary" aria-live="polite">{drawn["summary"]}</div>'
    )


def filter_widget(lang: str, params: dict[str, Any]) -> str:
    """The full throw table with a filter (pattern, animal, text) and the CSV link."""
    t = T(lang)
    opts = "".join(f'<option value="{p.id}">{e(p.zh if lang == "zh" else p.en)}</option>' for p in PATTERNS + (BLANK,))
    animals = "".join(f'<option value="{a.id}">{e(a.zh if lang == "zh" else a.en)}</option>' for a in ANIMALS)
    return (
        '<div class="hw-row">'
        f'<label>{t("色面", "Pattern")} <select data-role="pattern-filter" disabled><option value="">{t("全部", "all")}</option>{opts}</select></label>'
        f'<label>{t("所得", "Takes")} <select data-role="animal-filter" disabled><option value="">{t("全部", "all")}</option>{animals}</select></label>'
        f'<label>{t("点数含", "Dice contain")} <input data-role="dice-filter" placeholder="444" size="6" disabled></label>'
        f'<span class="hw-note" data-role="shown" aria-live="polite">{t("共", "")} 462 {t("种", "throws")}</span>'
        f'<a class="md-button" href="{rel_root(lang)}{CSV_PATH}" download>{t("下载 CSV", "Download CSV")}</a>'
        "</div>"
        + throw_table_html(lang)
    )


def throw_table_html(lang: str) -> str:
    """All 462 throws, one small table per thing a throw takes (in the order the patterns are read).

    The tables sit in one scrolling box, and the browser draws only the groups the reader can
    see (``content-visibility: auto`` in dawei.css): on a phone, laying out every row of all
    462 at once was the page's one long task while it started."""
    t = T(lang)
    head = (
        f'<thead><tr><th>{t("六颗色子", "Six dice")}</th><th>{t("色面", "Pattern")}</th>'
        f'<th>{t("得签", "Takes")}</th><th>{"柱"}</th><th>{t("次数（/46,656）", "Ways (/46,656)")}</th><th>{t("概率", "Chance")}</th></tr></thead>'
    )
    ordered = sorted(throw_table(), key=lambda r: (_rank(r.pattern.id), r.throw.dice))
    groups = []
    for takes, group in itertools.groupby(ordered, key=lambda r: award_cell(r.pattern, lang)):
        rows = list(group)
        ways = sum(r.ways for r in rows)
        takes_what = t(f"得签：{takes}", f"Takes: {takes}") if rows[0].pattern.awards or rows[0].pattern.special else t("不得签", "Takes nothing")
        caption = t(f"{takes_what} · {len(rows)} 种掷法 · 合计 {pct(ways)}", f"{takes_what} · {len(rows)} throw{'s' if len(rows) != 1 else ''} · {pct(ways)} in all")
        body = "".join(
            f'<tr data-pattern="{r.pattern.id}" data-awards="{" ".join(r.pattern.awards)}" data-dice="{r.throw.key()}" data-ways="{r.ways}">'
            f'<td class="dice">{" ".join(map(str, r.throw.dice))}</td><td>{e(r.pattern.zh if lang == "zh" else r.pattern.en)}</td>'
            f"<td>{e(takes)}</td><td>{r.pattern.zhu or ''}</td><td>{r.ways}</td><td>{pct(r.ways)}</td></tr>"
            for r in rows
        )
        groups.append(
            f'<div class="dawei-group" data-role="throw-group" data-a11y-static style="--rows: {len(rows)}"><table class="hw-table" data-role="throws">'
            f"<caption>{e(caption)}</caption>{COLS}{head}<tbody>{body}</tbody></table></div>"
        )
    return (
        f'<div class="dawei-throws" tabindex="0" role="region" aria-label="{t("全部 462 种掷法", "All 462 throws")}">'
        + "".join(groups)
        + "</div>"
    )


#: the throw tables' column widths (every group's table fixed to the same columns, so they line up)
COLS = "<colgroup>" + "".join(f'<col style="width: {w}%">' for w in (18, 21, 20, 9, 16, 16)) + "</colgroup>"


def _rank(pid: str) -> int:
    ids = [p.id for p in PATTERNS] + ["blank"]
    return ids.index(pid)



# the words the referee widget says itself (everything about the game comes from the engine's answers)
REFEREE_WORDS = {
    "zh": {"needSix": "请先点满六颗色子的点数（每颗 1 到 6）。", "chooseSplit": "先点一个分掷，再记下第二掷的六颗色子。",
           "notTable": "这份记录不是一局用桌上的色子掷的打围，打不开。", "untitled": "打围", "nothing": "还没有可撤销的一笔。",
           "undone": "已撤销：", "dropAsk": "掉出色子，这一掷作废，掷的人还要闲过几轮（分掷中不闲）。确实掉出来了吗？", "yes": "确实这样，记下", "no": "不记", "deleteAsk": "删去第 {n} 笔？以后各笔按新的顺序重新算，这次删改记在这一局的记录里。", "delete": "删去", "keep": "不删", "fixing": "第 {n} 笔重新打开了：点好六颗色子，再按“记下这一掷”。", "fixChoice": "第 {n} 笔是一个选择，不是色子：要改它，先删去，再重新记。", "fixed": "已改正第 {n} 笔，以后各笔重新算过。", "deleted": "已删去第 {n} 笔，以后各笔重新算过。", "notDigit": "“{c}”不是色子的点数：每颗色子只有 1 到 6 点。", "tooMany": "多了：只有六颗色子，请写六个数字（现在是 {n} 个）。", "waitSix": "还差 {n} 颗色子的点数，点满六颗才能记下。", "waitSplit": "先点一个分掷，再记下第二掷。", "over": "这一局已经结束，不能再记。", "starting": "正在启动规则程序，马上就能记。", "noneYet": "还没有记下任何一笔。", "full": "六颗色子都点好了：按“记下这一掷”，要改就按“退一颗”。", "empty": "还没有点色子，没有可退的。", "example": "示例 / example：一局刚开始的样子；你自己记的一局会出现在这里。", "second": "第二掷（{choice}）：点六颗色子，再按“记下这一掷”。", "saved": "已记下，并存在这台设备上。"},
    "en": {"needSix": "Tap the six faces first (each die from 1 to 6).", "chooseSplit": "Tap a split first, then enter the six dice of the second throw.",
           "notTable": "This record is not a game of 打围 thrown with real dice, so it cannot be opened here.", "untitled": "打围",
           "nothing": "There is no entry to undo yet.", "undone": "Undone: ",
           "dropAsk": "Dice out of the bowl: the throw is void and the thrower sits out rounds (not in the split phase). Did they really fall out?", "yes": "Yes, enter it", "no": "Do not enter it",
           "deleteAsk": "Delete entry {n}? The later entries are counted again in their new order; the deletion is kept in this game's record.", "delete": "Delete it", "keep": "Keep it",
           "fixing": "Entry {n} is open again: tap the six dice, then Enter this throw.", "fixChoice": "Entry {n} is a choice, not dice: to change it, delete it and enter it again.",
           "fixed": "Entry {n} corrected; the later entries are counted again.", "deleted": "Entry {n} deleted; the later entries are counted again.",
           "notDigit": "“{c}” is no face of a die: each die shows 1 to 6.", "tooMany": "Too many: there are six dice, so type six digits (these are {n}).",
           "waitSix": "{n} more dice to tap: a throw is entered once all six are there.", "waitSplit": "Tap a split first, then enter the second throw.",
           "over": "This game is over: nothing more can be entered.", "starting": "The rules program is starting; entering is possible in a moment.",
           "noneYet": "No entry has been made yet.", "full": "All six dice are tapped: press Enter this throw, or Back one die to change one.",
           "empty": "No die is tapped yet, so there is none to take back.", "example": "Example / 示例: a game just begun; the game you keep appears here instead.",
           "second": "Second throw ({choice}): tap the six dice, then Enter this throw.", "saved": "Entered, and kept on this device."},
}


def referee_widget(lang: str, params: dict[str, Any]) -> str:
    """The referee at a real table: set up the players, then enter each throw; the static view is a
    game of four just begun (the engine's own answer)."""
    t = T(lang)
    players = int(params.get("players", 4))
    ans = handle({"game": "dawei", "action": "referee", "players": players, "first": 0, "moves": [], "lang": lang})
    drawn = views_dawei.referee(ans, lang)  # the same view draws every live answer (views/dawei.py)
    names = "".join(
        f'<label class="dawei-ref-name"{" hidden" if k >= players else ""}>{t(f"第 {k + 1} 位", f"Player {k + 1}")} '
        f'<input type="text" data-role="name" maxlength="24" autocomplete="off" placeholder="{seats_zh[k] if lang == "zh" else seats_en[k]}" disabled></label>'
        for k in range(MAX_PLAYERS)
    )
    first = "".join(f'<option value="{k}">{t(f"第 {k + 1} 位", f"Player {k + 1}")}</option>' for k in range(players))
    keys = "".join(
        f'<button type="button" class="hw-btn dawei-key" data-face="{v}" aria-label="{t(f"{v} 点", f"a {v}")}" disabled>{v}</button>' for v in range(1, 7)
    )
    slots = "".join('<span class="dawei-slot" data-role="slot"></span>' for _ in range(6))
    words = html.escape(json.dumps(REFEREE_WORDS[lang], ensure_ascii=False), quote=True)
    return (
        f'<div class="dawei-ref" data-words="{words}">'
        f'<section class="dawei-ref-setup" data-role="setup" aria-label="{t("新开一局", "A new game")}">'
        f'<p class="dawei-head">{t("新开一局：谁在桌上", "A new game: who is at the table")}</p>'
        + _players_select(t, players)
        + f'<div class="dawei-ref-names" data-role="names">{names}</div>'
        f'<label>{t("先掷的人（叫点最大）", "Throws first (highest call)")} <select data-role="first" disabled>{first}</select></label>'
        + options_panel(lang)
        + f'<button type="button" class="hw-btn dawei-big" data-role="start" disabled>{t("开始记这一局", "Start this game")}</button>'
        "</section>"
        f'<section class="dawei-ref-game" data-role="game" aria-label="{t("记录每一掷", "Enter each throw")}">'
        f'<p data-role="status" class="dawei-status">{drawn["status"]}</p>'
        f'<p data-role="last" class="dawei-ref-last" aria-live="polite">{drawn["last"]}</p>'
        f'<p data-role="example" class="dawei-example">{html.escape(REFEREE_WORDS[lang]["example"])}</p>'
        f'<p data-role="standing" class="dawei-standing">{drawn["standing"]}</p>'
        f'<div data-role="confirm" class="dawei-confirm" hidden></div>'
        f'<div data-role="pad" class="dawei-pad">'
        f'<div class="hw-row" data-role="choices"></div>'
        f'<div class="dawei-slots" data-role="slots" role="img" aria-label="{t("还没有点色子", "no dice tapped yet")}">{slots}</div>'
        f'<div class="dawei-keys" role="group" aria-label="{t("点一颗色子的点数", "Tap the face of a die")}">{keys}</div>'
        f'<label class="dawei-ref-digits">{t("或者输入六个数字", "or type six digits")} '
        f'<input type="text" data-role="digits" inputmode="numeric" autocomplete="off" aria-describedby="{params.get("id", "dawei-ref")}-digits-why" disabled></label>'
        f'<p data-role="digits-why" id="{params.get("id", "dawei-ref")}-digits-why" class="hw-why dawei-why" aria-live="polite"></p>'
        '<div class="dawei-pad-row">'
        f'<button type="button" class="hw-btn" data-role="back" disabled>{t("退一颗", "Back one die")}</button>'
        f'<button type="button" class="hw-btn dawei-big" data-role="enter" disabled>{t("记下这一掷", "Enter this throw")}</button>'
        "</div>"
        f'<p data-role="enter-why" class="hw-why dawei-why"></p>'
        '<div class="dawei-pad-row" data-role="drops">'
        f'<button type="button" class="hw-btn" data-role="drop" data-move="drop:1" disabled>{t("掉出一颗色子", "One die fell out")}</button>'
        f'<button type="button" class="hw-btn" data-role="drop" data-move="drop:2" disabled>{t("掉出两颗色子", "Two dice fell out")}</button>'
        "</div>"
        "</div>"
        f'<p data-role="message" class="dawei-ref-message" role="status"></p>'
        f'<div data-role="settlement" class="dawei-ref-settlement">{drawn["settlement"]}</div>'
        f'<div data-role="board">{drawn["board"]}</div>'
        f'<div class="dawei-pad-row"><button type="button" class="hw-btn" data-role="undo" disabled>{t("撤销上一笔", "Undo the last entry")}</button></div>'
        f'<div class="dawei-pad-row" data-role="pick-row"><label>{t("改正或删去一笔：", "Correct or delete an entry: ")}<select data-role="pick" disabled></select></label>'
        f'<button type="button" class="hw-btn" data-role="fix" disabled>{t("改这一笔", "Correct this entry")}</button>'
        f'<button type="button" class="hw-btn" data-role="drop-entry" disabled>{t("删去这一笔", "Delete this entry")}</button></div>'
        f'<p data-role="undo-why" class="hw-why dawei-why"></p>'
        f'<details class="dawei-pool"><summary>{t("改动过的笔", "Entries corrected")}</summary><ol data-role="history">{drawn["history"]}</ol></details>'
        f'<details class="dawei-pool"><summary>{t("每一笔（新的在上）", "Every entry (newest first)")}</summary>'
        f'<ol class="dawei-log" data-role="log" reversed>{drawn["log"]}</ol></details>'
        "</section>"
        '<div data-role="sessions"></div>'
        "</div>"
    )


WIDGETS = {
    "dawei-dice": dice_widget,
    "dawei-game": game_widget,
    "dawei-sim": sim_widget,
    "dawei-throw-filter": filter_widget,
    "dawei-split": split_widget,
    "dawei-referee": referee_widget,
}

# ------------------------------------------------------------------ tables


def patterns_table(lang: str, params: dict[str, Any]) -> str:
    """Every main-phase pattern in precedence order, with odds; ``animal`` limits it to one kind."""
    t = T(lang)
    only = params.get("animal")
    specials = params.get("specials", False)
    if params.get("lesson"):
        return _lesson_patterns(lang)
    pw = pattern_ways()
    lines = [
        f"| {t('次序', '#')} | {t('色面', 'Pattern')} | {t('例（◦：原文未给全六颗，余者为本站所补）', 'Example (◦: the source does not name all six dice; we filled in the rest)')} | {t('得签', 'Takes')} | {t('原文位置', 'Source')} | {t('次数 /46,656', 'Ways /46,656')} | {t('概率', 'Chance')} |",
        "|---:|---|---|---|---|---:|---:|",
    ]
    for i, p in enumerate(PATTERNS, 1):
        if only and only not in p.awards[:1]:
            continue
        if specials and not p.special:
            continue
        name = p.zh if lang == "zh" else f"{p.en} ({p.zh})"
        ex = " ".join(map(str, p.example)) + ("" if p.from_source else "\u00a0◦")
        lines.append(f"| {i} | {name} | {ex} | {award_cell(p, lang)} | {p.section} | {pw[p.id]:,} | {pct(pw[p.id])} |")
    if not only and not specials:
        lines.append(f"| — | {t('空色（以上皆非）', 'Blank (none of the above)')} | {' '.join(map(str, BLANK.example))} | — | — | {pw['blank']:,} | {pct(pw['blank'])} |")
    return "\n".join(lines)


def _lesson_patterns(lang: str) -> str:
    """The lesson's copy of the pattern list: the order a throw is read in, each pattern with one throw
    that shows it and the stick it takes (no odds, no source sections)."""
    t = T(lang)
    lines = [
        f"| {t('次序', '#')} | {t('花样', 'Pattern')} | {t('例', 'For example')} | {t('得签', 'Takes')} |",
        "|---:|---|---|---|",
    ]
    for i, p in enumerate(PATTERNS, 1):
        name = p.zh if lang == "zh" else f"{p.en} ({p.zh})"
        lines.append(f"| {i} | {name} | {' '.join(map(str, p.example))} | {award_cell(p, lang)} |")
    lines.append(f"| — | {t('空色（以上皆非）', 'Blank (none of the above)')} | {' '.join(map(str, BLANK.example))} | — |")
    return "\n".join(lines)


def animal_table(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    st = animal_stats()
    lines = [
        f"| {t('签', 'Stick')} | {t('支数', 'Sticks')} | {t('每支柱数', '柱 each')} | {t('合计柱', '柱 in all')} | {t('一掷得此签的概率', 'Chance a throw takes one')} | {t('一掷期望柱数（来自此签）', 'Expected 柱 per throw from it')} |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    total_exp = Fraction(0)
    for a in ANIMALS:
        ways, zhu = st[a.id]
        total_exp += Fraction(zhu, ALL_OUTCOMES)
        chance = f"{ways:,}/46,656 = {pct(ways)}" if a.id != "fox" else t("视局面而定（顺 720/46,656 = 1.543%）", "depends on the game (a straight: 720/46,656 = 1.543%)")
        expected = f"{zhu / ALL_OUTCOMES:.4f}" if a.id != "fox" else "—"
        lines.append(f"| {a.zh if lang == 'zh' else a.en + ' ' + a.zh} | {a.count} | {a.zhu} | {a.total} | {chance} | {expected} |")
    lines.append(f"| **{t('合计', 'Total')}** | **{TOTAL_STICKS}** | | **{TOTAL_ZHU}** | | **{float(total_exp):.4f}** |")
    return "\n".join(lines)


def split_table(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    lines = [
        f"| {t('分掷', 'Split')} | {t('得签', 'Takes')} | {t('首色例', 'First throw (e.g.)')} | {t('第二色须有', 'Second throw needs')} | {t('第二色例', 'Second (e.g.)')} | {t('第二色成功概率', 'Chance of the second')} | {t('原文', 'Source')} |",
        "|---|---|---|---|---|---:|---|",
    ]

    for s in SPLIT_RULES:
        ch = next(c for c in openings(s.example_first) if c.rule.id == s.id)
        need = ch.need.describe()[0 if lang == "zh" else 1]
        w = success_ways(ch.need)
        lines.append(
            f"| {s.zh if lang == 'zh' else s.en} | {BY_ID[s.target].zh if lang == 'zh' else BY_ID[s.target].en} | {' '.join(map(str, s.example_first))} | {need} | {' '.join(map(str, s.example_second))} | {w:,}/46,656 = {pct(w)} | {s.section} |"
        )
    return "\n".join(lines)


def break_even_table(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    lines = [
        f"| {t('人数', 'Players')} | {t('原文保本数', 'Printed')} | 528 ÷ n | {t('四舍五入', 'Nearest')} | {t('原文 × 人数', 'Printed × n')} |",
        "|---:|---:|---:|---:|---:|",
    ]
    for n in range(2, 10):
        p = PRINTED_BREAK_EVEN[n]
        exact = Fraction(TOTAL_ZHU, n)
        nearest = break_even(n, Rules(break_even="nearest"))
        flag = " ⚠" if nearest != p else ""
        lines.append(f"| {n} | {p}{flag} | {float(exact):.2f} | {nearest} | {p * n} |")
    return "\n".join(lines)


def options_table(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    lines = [f"| {t('选项', 'Option')} | {t('读法（首项为本站读法）', 'Readings (ours first)')} | {t('原文', 'Source')} | {t('说明', 'Note')} |", "|---|---|---|---|"]
    for o in OPTIONS:
        key = o.id.removeprefix("dawei.")
        w = CHOICE_WORDS[key]
        choices = t("；", "; ").join(
            (w[c][0] if lang == "zh" else w[c][1]) + (t("（本站读法）", " (our reading)") if c == o.default else "")
            for c in (o.default,) + tuple(c for c in o.choices if c != o.default)
        )
        anchor = o.note.split("#", 1)[1]
        lines.append(f"| {o.zh if lang == 'zh' else o.en} | {choices} | {o.passage.section} | [{t('编者按', 'note')}](notes.md#{anchor}) |")
    return "\n".join(lines)


def trace_table(lang: str, params: dict[str, Any]) -> str:
    t = T(lang)
    lines = [f"| {t('规则', 'Rule')} | {t('原文位置', 'Source')} | {t('有检查核对', 'Checked by tests')} |", "|---|---|---|"]
    for r in RULES:
        lines.append(f"| {r.zh if lang == 'zh' else r.en} | {r.passage.section} | {len(r.tests)} |")
    for g in GAPS:
        lines.append(f"| {t('未实现：', 'Not implemented: ')}{g.zh if lang == 'zh' else g.en} | {g.passage.section} | — |")
    return "\n".join(lines)


def overlaps_table(lang: str, params: dict[str, Any]) -> str:
    """Every pair (pattern taken, pattern also fitted) with how many throws fall in both."""
    t = T(lang)
    pairs: dict[tuple[str, str], list[int]] = {}
    for r in throw_table():
        ms = matches(r.throw.dice)
        for m in ms[1:]:
            k = (ms[0].id, m.id)
            n, w = pairs.get(k, [0, 0])
            pairs[k] = [n + 1, w + r.ways]
    name = {p.id: (p.zh if lang == "zh" else p.en) for p in PATTERNS}
    lines = [f"| {t('取', 'Taken')} | {t('也合乎', 'Also fits')} | {t('掷法数', 'Throws')} | {t('次数 /46,656', 'Ways /46,656')} |", "|---|---|---:|---:|"]
    for (a, b), (n, w) in sorted(pairs.items(), key=lambda kv: (_rank(kv[0][0]), _rank(kv[0][1]))):
        lines.append(f"| {name[a]} | {name[b]} | {n} | {w:,} |")
    return "\n".join(lines)


def option_effects(lang: str, params: dict[str, Any]) -> str:
    """What each alternative reading changes, by simulation over the same seeds (computed at build time)."""
    players = int(params.get("players", 6))
    games = int(params.get("games", 100))
    return _option_effects_text(lang, players, games)


@functools.cache
def _option_effects_text(lang: str, players: int, games: int) -> str:
    t = T(lang)
    rows = _option_effects_rows(players, games)
    lines = [
        f"| {t('读法', 'Reading')} | {t('平均手数', 'Mean turns')} | {t('庄家平均输赢', 'Banker mean result')} | {t('平均偏离保本', 'Mean distance from break-even')} |",
        "|---|---:|---:|---:|",
    ]
    for key, c, r in rows:
        if key is None:
            label = t("全部取本站读法", "all our readings")
        else:
            o = next(o for o in OPTIONS if o.id == "dawei." + key)
            label = f"{o.zh}：{CHOICE_WORDS[key][c][0]}" if lang == "zh" else f"{o.en}: {CHOICE_WORDS[key][c][1]}"
        lines.append(f"| {label} | {r[0]:.0f} | {r[1]:+.2f} | {r[2]:.2f} |")
    return t(f"每种读法各模拟 {games} 局 {players} 人打围（每种读法都是同样的这些局，电脑玩家；事先算好）。\n\n", f"{games} simulated {players}-player games per reading (the same games for each reading, computer players; worked out in advance).\n\n") + "\n".join(lines)


@functools.cache
def _option_effects_rows(players: int, games: int) -> list[tuple[str | None, str, tuple[float, float, float, float]]]:
    def run(rules: Rules) -> tuple[float, float, float, float]:
        turns, banker, spread = [], [], []
        for seed in range(games):
            g = DaweiState.of(Config(players=players, seed=seed, rules=rules))
            g.play_out()
            turns.append(g.turn_no)
            nets = g.settlement()
            if g.banker is not None and g.end_reason == "pool_empty":
                banker.append(float(nets[g.banker]))
            spread += [abs(float(x)) for x in nets]
        return (sum(turns) / len(turns), sum(banker) / max(1, len(banker)), sum(spread) / len(spread), len(banker) / games)

    rows: list[tuple[str | None, str, tuple[float, float, float, float]]] = [(None, "", run(Rules()))]
    for o in OPTIONS:
        key = o.id.removeprefix("dawei.")
        for c in o.choices:
            if c != o.default:
                rows.append((key, c, run(Rules().with_(**{key: c}))))
    return rows


def sample_game(lang: str, params: dict[str, Any]) -> str:
    """A whole game played by the computer from a seed: the full log and the settlement."""
    t = T(lang)
    players = int(params.get("players", 4))
    seed = int(params.get("seed", 3))
    a = handle({"game": "dawei", "action": "play", "players": players, "seed": seed, "humans": [], "moves": [], "log_tail": 500})
    title = t(f"{players} 人，电脑对局，共 {a['turn']} 手、{a['log_length']} 条记录", f"{players} players, computer play: {a['turn']} turns, {a['log_length']} log entries")
    lines = [f'??? example "{title}"', ""]
    for x in a["log"]:
        dice = f" `{' '.join(map(str, x['dice']))}`" if x.get("dice") else ""
        lines.append(f"    1. {x[lang]}{dice}")
    lines.append("")
    # one column a seat, one row a kind of stick: as narrow as a phone (a row a seat ran past its screen)
    seats = [a["seats"][s_][lang] + (" ★" if a["banker"] == s_ else "") for s_ in range(len(a["holdings"]))]
    lines += ["| " + t("签", "Stick") + " | " + " | ".join(seats) + " |", "|---|" + "---:|" * len(seats)]
    for x in ANIMALS:
        lines.append(f"| {x.zh if lang == 'zh' else x.en} | " + " | ".join(str(h[x.id] or "") for h in a["holdings"]) + " |")
    lines.append("| 柱 | " + " | ".join(str(z) for z in a["zhu"]) + " |")
    lines.append(f"| {t('输赢', 'result')} | " + " | ".join(f"{n:+g}" for n in a["net"]) + " |")
    lines.append("")
    lines.append(t(f"保本 {a['break_even']:g} 柱；★ 为庄家，闲家与庄家结算。", f"Break-even {a['break_even']:g} 柱; ★ is the banker, with whom the others settle."))
    return "\n".join(lines)


def sticks_figure(lang: str, params: dict[str, Any]) -> str:
    return f'<figure class="dawei-sticks">{sticks_svg(lang)}</figure>'


def dice_figure(lang: str, params: dict[str, Any]) -> str:
    dice = params.get("dice", [1, 2, 3, 4, 5, 6])
    return f'<figure class="dawei-dice">{dice_svg(dice, dice_words(dice, lang))}</figure>'


TABLES = {
    "dawei-patterns": patterns_table,
    "dawei-animal-odds": animal_table,
    "dawei-split-rules": split_table,
    "dawei-break-even": break_even_table,
    "dawei-options": options_table,
    "dawei-trace": trace_table,
    "dawei-sticks": sticks_figure,
    "dawei-overlaps": overlaps_table,
    "dawei-sample-game": sample_game,
    "dawei-option-effects": option_effects,
    "dawei-dice-figure": dice_figure,
}

# ------------------------------------------------------------------ files


def throws_csv() -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["dice", "pattern_id", "pattern_zh", "pattern_en", "awards", "special", "zhu", "ways", "of", "probability"])
    for r in throw_table():
        p = r.pattern
        w.writerow([r.throw.key(), p.id, p.zh, p.en, " ".join(p.awards), p.special or "", p.zhu, r.ways, ALL_OUTCOMES, f"{r.ways / ALL_OUTCOMES:.8f}"])
    return buf.getvalue()


FILES = {CSV_PATH: throws_csv}

