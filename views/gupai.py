"""鄂南骨牌's hand at the table drawn from one answer of the engine's ``play`` action: the score table, the trick
on the table and the last one, whose turn it is, the reader's tiles, the settlement.

The build draws the hand widget's first answer with this function (``sitegen/gupai.py``, ``still``: the tiles
disabled until Python is ready) and the reader's browser draws every later answer with the same function in
Pyodide (``views.answer``); ``widgets/gupai.js`` only inserts the markup and wires the tiles and buttons.
Every text from an answer is escaped. Parts are separated by a space, as words on the page are.

The session ledger (``ledger``: what each hand at a real table came to, the totals, how the last hand was settled)
is drawn the same way from the engine's ``ledger`` answer (``sitegen/gupai_ledger.py`` for the first answer,
``widgets/ledger.js`` for the entry, the readings and the sessions kept on the device).
"""

from __future__ import annotations

from typing import Any

from engine.gupai.actions import WORDS
from engine.gupai.scoring import SEATS_EN, SEATS_ZH
from .draw.gupai import tile_svg
from engine.gupai.tiles import BY_CODE

from .text import T, e
from engine.gupai.plays import TAO
from engine.gupai.tiles import CLASS_EN, CLASS_ORDER, CLASS_ZH, FACES

Answer = dict[str, Any]

#: the width of a tile on the table and in the reader's hand (CSS px; a tile is twice as high)
TABLE_WIDTH = 26
HAND_WIDTH = 34


def _w(key: str, lang: str) -> str:
    zh, en = WORDS[key]
    return zh if lang == "zh" else en


def _seat(a: Answer, s: int, lang: str) -> str:
    return e(a["seats"][s][lang])


def _tile(code: str, width: int, lang: str) -> str:
    return tile_svg("66", width, lang, face_up=False) if code == "back" else tile_svg(code, width, lang)


def _play(a: Answer, c: dict[str, Any], lang: str) -> str:
    t = T(lang)
    tiles = "".join(_tile(code, TABLE_WIDTH, lang) for code in c["tiles"])
    return (f'<div class="gp-play"><span class="gp-who">{_seat(a, c["seat"], lang)}</span> <span class="gp-tiles">{tiles}</span> '
            f'<span class="gp-how">{t("打", "face up") if c["up"] else t("垫", "face down")}</span></div>')


def _dun(n: int, lang: str) -> str:
    return f"{n} {_w('trick', 'zh')}" if lang == "zh" else f"{n} {_w('trick' if n == 1 else 'tricks', 'en')}"


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def status(a: Answer, lang: str) -> str:
    """Whose turn it is and what the reader may lay, or how the hand ended."""
    t = T(lang)
    if a["terminal"]:
        who = a["seats"][a["settlement"]["closer"]][lang]
        return t(f"本盘结束：{who}{_w('closing', 'zh')}。", f"Hand over: {who} made {_w('closing', 'en')}.")
    if a["to_move"] != a.get("human"):
        return ""
    if not a["current"]:
        return t("轮到你领出：选一张、一对、至尊或套子。", "Your lead: choose a single, a pair, the supreme pair or a set.")
    n = len(a["current"][0]["tiles"])
    return t(f"轮到你跟 {n} 张：能大就打，否则扣下垫掉。", f"Your turn to follow with {n}: beat it if you can, else discard face down.")


def why(a: Answer, lang: str) -> str:
    """What the reader can do before choosing a tile (the widget says more once tiles are chosen)."""
    t = T(lang)
    if a["terminal"]:
        return t("这一盘已经打完；按“新的一盘”再来。", "The hand is over: press “New hand” to play another.")
    if a["to_move"] != a.get("human"):
        return ""
    return t("先点选手中的牌，两个按钮才会亮。", "Choose tiles in your hand first; then the buttons light up.")


def settlement(a: Answer, lang: str) -> str:
    """Tricks and nets per player, the summary, then every payment in words (who paid whom, for what)."""
    t = T(lang)
    s = a["settlement"]
    rows = "".join(f'<tr><th scope="row">{_seat(a, i, lang)}</th> <td>{int(s["held"][i])}</td> <td>{int(s["nets"][i]):+d}</td></tr>'
                   for i in range(len(s["held"])))
    table = (f'<table class="gp-score"><thead><tr><th>{t("玩家", "Player")}</th> <th>{t("得墩", _cap(_w("tricks", "en")))}</th> '
             f'<th>{t("输赢（" + _w("trick", "zh") + "）", "Net, in " + _w("tricks", "en"))}</th></tr></thead><tbody>{rows}</tbody></table>')
    lines = " ".join(f"<li>{e(ln[lang])}</li>" for ln in s["lines"])
    return f'{table} <p class="gp-summary">{e(s["summary"][lang])}</p> <ul class="gp-lines">{lines}</ul>'


def board(a: Answer, lang: str, still: bool = False) -> str:
    """The hand as the widget shows it: the score table and the trick on the table, the last trick, the status,
    the reader's tiles (``still``: all disabled, as before Python is ready), the reason to choose, the result and
    why the reader may not seal."""
    t = T(lang)
    human = a.get("human")
    rows = "".join(
        f'<tr data-seat="{s}"><th scope="row">{_seat(a, s, lang)}{t("（你）", " (you)") if s == human else ""}'
        f'{t("（" + _w("sealing", "zh") + "）", " (" + _w("sealing", "en") + ")") if s in a["sealed"] else ""}</th> '
        f'<td>{int(a["counts"][s])}</td> <td>{int(a["held"][s])}</td></tr>'
        for s in range(len(a["seats"]))
    )
    score = (f'<table class="gp-score"><thead><tr><th>{t("玩家", "Player")}</th> <th>{t("手中", "Tiles left")}</th> '
             f'<th>{t("得墩", _cap(_w("tricks", "en")))}</th></tr></thead><tbody>{rows}</tbody></table>')
    current = "".join(_play(a, c, lang) + " " for c in a["current"]) or t("（桌上还没有牌）", "(nothing on the table yet)")
    last = ""
    if a["tricks"]:
        tr = a["tricks"][-1]
        who = a["seats"][tr["winner"]][lang]
        last = (e(t(f"上一圈：{who}得 {_dun(tr['dun'], 'zh')}", f"Last trick: {who} takes {_dun(tr['dun'], 'en')}"))
                .join(("<p>", "</p>")) + ' <div class="gp-table">' + " ".join(_play(a, m, lang) for m in tr["moves"]) + "</div>")
    mine = (a["hands"][human] if human is not None else None) or []
    off = " disabled" if still or a["terminal"] or a["to_move"] != human else ""
    hand = "".join(
        f'<button type="button" class="gp-pick" data-tile="{e(c)}" aria-pressed="false" '
        f'aria-label="{e(t(BY_CODE[c].zh, BY_CODE[c].en))}"{off}>{tile_svg(c, HAND_WIDTH, lang)}</button>'
        for c in mine
    )
    result = settlement(a, lang) if a.get("settlement") else ""
    begun = a["terminal"] or bool(a["tricks"]) or any(c["seat"] == human for c in a["current"])
    seal = a.get("seal")
    seal_why = e(seal[lang]) if seal and not seal.get("allowed") and not begun else ""
    return (
        f'<div class="gp-board">{score} <div class="gp-table" data-role="table">{current}</div></div>'
        f' <div class="gp-last" data-role="last">{last}</div>'
        f' <p class="gp-status" data-role="status" aria-live="polite">{e(status(a, lang))}</p>'
        f' <div class="gp-hand" data-role="hand"{"" if mine else " hidden"}>{hand}</div>'
        f' <p class="gp-why" data-role="why" aria-live="polite">{e(why(a, lang))}</p>'
        f' <div data-role="result">{result}</div>'
        f' <p class="gp-why" data-role="seal-why">{seal_why}</p>'
    )


# ---------------------------------------------------------------- the session ledger (a ``ledger`` answer)


def _short(a: Answer, s: int, lang: str) -> str:
    """A seat as the ledger's columns name it: the player's name where one is given, else the seat's letter."""
    names = a.get("names") or []
    name = names[s] if s < len(names) and isinstance(names[s], str) else ""
    return e(name) if name else (SEATS_ZH[s][0] if lang == "zh" else SEATS_EN[s][-1])


def _signed(n: int) -> str:
    return f"{int(n):+d}" if n else "0"


def ledger(a: Answer, lang: str) -> dict[str, str]:
    """The ledger's parts: every hand entered with what each player received or paid and the totals (``table``),
    and how the last hand was settled, payment by payment (``details``)."""
    t = T(lang)
    if not a["hands"]:
        return {"table": f'<p>{t("还没有记下任何一盘。", "No hand entered yet.")}</p>', "details": ""}
    seats = range(len(a["totals"]))
    unit = _w("trick", "zh")
    head = "".join(f'<th scope="col">{x}</th>' for x in ("#", t("庄／结", "Deal / close"), *(_short(a, s, lang) for s in seats)))
    rows = "".join(
        f'<tr data-role="hand-row"><th scope="row">{i + 1}</th><td>{_short(a, r["hand"]["dealer"], lang)}／{_short(a, r["hand"]["closer"], lang)}'
        f'{" " + e(r["kind_words"][lang]) if r.get("kind_words") else ""}</td>'
        + "".join(f'<td class="gl-num" title="{e(_dun(r["hand"]["held"][s], lang))}">{_signed(n)}</td>' for s, n in enumerate(r["settlement"]["nets"]))
        + "</tr>"
        for i, r in enumerate(a["hands"])
    )
    foot = (f'<tr class="gl-total" data-role="totals"><th scope="row" colspan="2">{t(f"合计（{unit}）", f"Total ({unit})")}</th>'
            + "".join(f'<td class="gl-num">{_signed(n)}</td>' for n in a["totals"]) + "</tr>")
    caption = t(f"每盘各家进出（{unit}），累计合计为零", f"What each player received or paid per hand (in {unit}); the totals sum to zero")
    table = (f'<div class="gl-scroll"><table><caption>{caption}</caption><thead><tr>{head}</tr></thead>'
             f'<tbody>{rows}</tbody><tfoot>{foot}</tfoot></table></div>')
    n, last = len(a["hands"]), a["hands"][-1]["settlement"]
    lines = "".join(f"<li>{e(ln[lang])}</li>" for ln in last["lines"])
    details = (f'<details><summary>{t(f"第 {n} 盘怎么算的", f"How hand {n} was settled")}</summary>'
               f'<p>{e(last["summary"][lang])}</p><ul>{lines}</ul></details>')
    return {"table": table, "details": details}


# ---------------------------------------------------------------- the three classes (the lesson's first picture)

#: the width of a tile in the classes' picture
CLASS_WIDTH = 30


def classes(lang: str) -> str:
    """The 32 tiles as three classes, each from its highest tile to its lowest, every tile's name written under it
    and how many of it there are (a pair or one alone), then the four 套子. Drawn from ``engine.gupai.tiles``."""
    t = T(lang)
    rows = []
    head = {
        "chang": t("最大的一门，七种，每种两张一样的（七对）", "the highest, seven kinds, two identical tiles of each (seven pairs)"),
        "dian": t("居中，十张，点数相同的两张算一对（图案不同）；三点、六点各只有一张，叫“赏”",
                  "the middle one, ten tiles; two of the same points make a pair though they look different; the three and the six are alone, the shang (赏)"),
        "yao": t("最小的一门，四种，每种两张一样的（四对）", "the lowest, four kinds, two identical tiles of each (four pairs)"),
    }
    for n, cls in enumerate(CLASS_ORDER):
        faces = sorted((f for f in FACES if f.cls == cls), key=lambda f: (-f.rank, f.code))
        items = []
        for f in faces:
            name = f.zh if lang == "zh" else f.en
            many = t("两张", "two") if f.copies == 2 else t("一张", "one")
            items.append(f'<li class="gp-class-tile" data-tile="{f.code}">{tile_svg(f.code, CLASS_WIDTH, lang)}'
                         f'<span class="gp-tile-name">{e(name)}</span><small>{e(many)}</small></li>')
        rows.append(f'<div class="gp-class" data-class="{cls}"><p class="gp-class-head"><b>{n + 1}. {e(t(CLASS_ZH[cls], CLASS_EN[cls]))}</b> — {e(head[cls])}</p>'
                    f'<ol class="gp-class-tiles" aria-label="{e(t("从大到小", "highest first"))}">{"".join(items)}</ol></div>')
    tao = t("、", ", ").join(f"{zh}（{long_kind}＋{dot_kind}）" if lang == "zh" else f"{en} ({long_kind} + {dot_kind})"
                             for zh, en, long_kind, dot_kind in TAO)
    cap = t(
        "每门从左到右由大到小。门与门只按这个次序称呼（叫牌时用到），打牌时不比大小：只有同一门、同一类的一手才能打过另一手。"
        f"长门最大的和点门最大的配成“套子”，从大到小：{tao}；套子只管套子。",
        "In each class the tiles run from the highest, on the left, to the lowest. The classes are named in this order "
        "(the lead rules use it), but in play no class beats another: only a play of the same class and kind can beat a play. "
        f"A top tile of the long class with its partner of the points class makes a set (套子), highest first: {tao}; a set only beats a set.",
    )
    return (f'<figure class="gp-classes" data-role="classes">{"".join(rows)}'
            f'<figcaption>{e(cap)}</figcaption></figure>')
