"""The match sheet (积分表) kept at a real table: hands entered as they are played.

The booklet's competition is a match of four (one counts the stock each hand, 醒家) whose
counter fills in the sheet after every hand; the points of each hand come from
:func:`engine.paohuzi.settle.settle` (先算戏，后折等，再计分), the seats of each hand from
the dealer rotation of :mod:`engine.paohuzi.match` (the winner deals next; after a 荒牌
the dealer deals again at four, the next player at three or two), 打鸟 from
:func:`engine.paohuzi.play.bird_scores`. The players are listed in their seats round the
table from the first dealer (who drew 一 at 摸庄), each next one the previous one's 下家.

One hand is an :class:`Entry`: who won (or nobody, 荒牌), whether the winner drew the card
himself (自摸, three 戏 more), the hand's 戏 and 番 — or the winning hand itself, card by
card, which :func:`engine.paohuzi.hu.evaluate` scores — the fouls found at the showdown,
and for 打鸟 the last card of the stock. A win whose cards do not make a hand, or fall
short of the threshold, is a 诈胡 as the booklet says (§4-11).

A hand is written in a record as one word (no spaces), comma-separated parts::

    win:C,zimo,huxi:18,fan:red,foul:A.shi_ti,bird:x7
    huang
    win:B,from:xia,card:x3,hand:x1.x2.x3.d5.d5.d5.…,open:peng.d9.d9.d9

and the match ends with ``end`` (or ``end:C.A``: the order in which players with equal totals
drew cards for 比点, the higher first).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Sequence

from ..record.sheet import KIND_WORDS, corrections, history_tag as shared_history_tag, read_history
from ..text import unsafe_message
from .birds import BIRD_SEAT, MAX_BIRDS, bird_scores
from .cards import COPIES, FACES, Card, counts_of, parse_card
from .config import DEFAULT, RuleConfig
from .extremes import FOURS, THREES, possible_huxi
from .fan import FANS, clash, fan_json
from .groups import KINDS, Group
from .hu import OPEN_KINDS, REASONS, SHEET_SOURCES, SOURCES, WAYS, evaluate
from .seating import RING, TABLES, table_config, TABLE_NAMES
from .settle import PENALTY_NAMES, SEAT_NAMES, Sheet, settle
from .table import PLAYER_NAMES, ROLE_NAMES
from ..words import TERMS
from .trace import OPTIONS

#: the players' letters in their seats from the first dealer, (zh, en)
SEAT_LETTERS = PLAYER_NAMES
LETTERS = "".join(en for _, en in SEAT_LETTERS)  # a player in a record's hand: win:C
#: table -> (players, whether a 醒家 counts): the seats that play, and the 醒家 who counts
SHEET_TABLES = {t: (n + xing, xing) for t, (n, xing) in TABLES.items()}
MAX_SHEET_HANDS = 60  # a 60-minute match is some twenty hands; sixty is far beyond it
KINDS_OF_FOUL = tuple(PENALTY_NAMES)
#: the most 戏 the sheet's field offers for a hand
MOST_HUXI = 75
#: the most cards in hand a winning hand entered card by card holds (twenty dealt and the dealer's one more)
MOST_IN_HAND = 21
#: the 番 a hand's winner may claim on the sheet (the combined ones follow from these)
SHEET_FANS = ("red", "dot", "purple", "black", "pairs")


class SheetError(ValueError):
    """A hand or a match that cannot be entered, in both languages."""

    def __init__(self, zh: str, en: str) -> None:
        super().__init__(en)
        self.zh, self.en = zh, en


@dataclass(frozen=True)
class Cards:
    """The winning hand entered card by card: open groups, the concealed cards, the card that won and where it came from."""

    open: tuple[Group, ...]
    hand: tuple[Card, ...]
    card: Card
    source: str


@dataclass(frozen=True)
class Entry:
    winner: int | None = None  # a player (0…), None for 荒牌
    zimo: bool = False
    huxi: int = 0  # before the 自摸 bonus
    fans: tuple[str, ...] = ()
    fouls: tuple[tuple[int, str], ...] = ()
    bird: Card | None = None
    cards: Cards | None = None


@dataclass
class Match:
    table: str = "four"
    cfg: RuleConfig = DEFAULT
    birds: int = 0
    names: tuple[str, ...] = ()
    entries: list[Entry] = field(default_factory=list)
    tiebreak: tuple[int, ...] = ()
    over: bool = False

    def names_zh(self, p: int) -> str:
        return _names(self)[p][0]

    def names_en(self, p: int) -> str:
        return _names(self)[p][1]


def players_of(table: str) -> int:
    return SHEET_TABLES[table][0]


# ---------------------------------------------------------------- seats of a hand


def roles(table: str, dealer: int) -> dict[int, str]:
    """Each player's seat in a hand dealt by ``dealer`` (four: the player opposite counts)."""
    names = RING[table]
    return {(dealer + k) % len(names): name for k, name in enumerate(names)}


def counter(table: str, dealer: int) -> int:
    """Who fills in the sheet for the hand: the 醒家 at four (§5 of the competition rules), the dealer otherwise (he counts the stock himself, §1-2)."""
    return (dealer + 2) % 4 if table == "four" else dealer


def next_dealer(table: str, dealer: int, winner: int | None, hu_valid: bool, void_deal: str = "pass") -> int:
    """抢庄: a standing win passes the deal to the winner; otherwise (荒牌, or a win made void) the
    dealer deals again at four (开荒醒后，庄家可以继续当庄) and the next player at three or two (荒牌荒庄).
    Under the other reading of a void win (``void_deal == "winner"``, sheet.md#void-deal) the player
    who showed it deals next all the same."""
    if winner is not None and (hu_valid or void_deal == "winner"):
        return winner
    return dealer if table == "four" else (dealer + 1) % players_of(table)


# ---------------------------------------------------------------- scoring a hand


def score_cards(c: Cards, cfg: RuleConfig) -> tuple[int, bool, tuple[str, ...], dict[str, Any] | None, list[dict[str, str]]]:
    """(戏 before the bonus, self-drawn, 番, the best layout, why it is no win) of a hand entered card by card."""
    try:
        v = evaluate(list(c.open), list(c.hand), c.card, c.source, cfg)
    except ValueError:
        raise SheetError("明牌组的牌不能组成所说的牌型。", "An open group's cards do not make the kind of group given.") from None
    reasons = [{"zh": REASONS[r][0], "en": REASONS[r][1]} for r in v.reasons]
    if v.best is None:
        return 0, c.source == "self", (), None, reasons
    b = v.best
    layout = {
        "ways": [{"zh": WAYS[w][0], "en": WAYS[w][1]} for w in b.ways],
        "groups": [{"kind": g.kind, "zh": KINDS[g.kind].zh, "en": KINDS[g.kind].en, "cards": [x.code for x in g.cards]} for g in b.groups],
        "red": b.red,
    }
    return b.group_huxi, b.zimo, tuple(b.fans), layout, reasons if not v.wins else []


def hand_row(m: Match, k: int, dealer: int, e: Entry) -> dict[str, Any]:
    """One line of the sheet: the seats, the hand's 戏, 等 and 番, each line of the settlement, each player's points."""
    cfg = table_config(m.cfg, m.table)[0]
    n = players_of(m.table)
    role_of = roles(m.table, dealer)
    player_of = {r: p for p, r in role_of.items()}
    seats = tuple(r for r in ("zhuang", "xia", "shang", "xing") if r in player_of)
    layout: dict[str, Any] | None = None
    why: list[dict[str, str]] = []
    huxi, zimo, fans = e.huxi, e.zimo, e.fans
    if e.cards is not None:
        huxi, zimo, fans, layout, why = score_cards(e.cards, cfg)
    if e.winner is not None and role_of[e.winner] == "xing":
        raise SheetError(f"第 {k + 1} 局是{m.names_zh(e.winner)}数醒，醒家不打牌，不能胡。",
                         f"In hand {k + 1} {m.names_en(e.winner)} counts the stock and plays no cards: the counter cannot win.")
    pens = []
    for p, kind in e.fouls:
        if role_of[p] == "xing":
            raise SheetError(f"第 {k + 1} 局{m.names_zh(p)}是醒家，不打牌，不会犯行牌的规。",
                             f"In hand {k + 1} {m.names_en(p)} is the counter and plays no cards: the counter cannot break a rule of play.")
        pens.append((role_of[p], kind))
    if e.cards is not None and e.winner is not None and why:
        pens.append((role_of[e.winner], "zha_hu"))  # §4-11: the hand shown is no hand
    winner_role = None if e.winner is None else role_of[e.winner]
    try:
        sh: Sheet = settle(winner_role, huxi if e.winner is not None else 0, zimo, fans if e.winner is not None else (), pens, cfg, seats,
                           who={r: _seat_player(m, r, p) for p, r in role_of.items()})
    except ValueError:
        raise SheetError("这几种番不能同时成立：一手牌按红牌张数至多有一种颜色番。", "These fan cannot all hold at once: a hand has at most one colour by its red cards.") from None
    scores = [0] * n
    for r, v in sh.scores.items():
        scores[player_of[r]] += v
    bird = None
    if m.birds and m.table == "four":
        if e.bird is None:
            raise SheetError(f"第 {k + 1} 局有人打鸟：请写下底牌的最后一张（它定鸟落在哪一家）。",
                             f"Hand {k + 1} has birds: give the last card of the stock (it names the seat the birds share with).")
        role = BIRD_SEAT[e.bird.rank]
        extra, bscore = bird_scores(sh, role, m.birds)
        for r, v in extra.items():
            scores[player_of[r]] += v
        bird = {"card": e.bird.code, "zh": e.bird.zh, "en": e.bird.en, "player": player_of[role], "role": role,
                "seat": {"zh": SEAT_NAMES[role][0], "en": SEAT_NAMES[role][1]}, "score": bscore}
    lines = []
    costs = bool(pens) or (e.winner is not None and not sh.hu_valid)
    short = ("", "")
    if e.winner is not None and not e.fouls and not why and not sh.hu_valid:  # too few 戏: say how many and how many a win needs
        short = (f"{m.names_zh(e.winner)}记的是 {sh.total_huxi} 戏，不到开胡的 {cfg.threshold} 戏。",
                 f"{m.names_en(e.winner)} is entered with {sh.total_huxi} huxi, fewer than the {cfg.threshold} a win needs. ")
    for ln in sh.lines:
        delta = [0] * n
        for r, v in ln.delta:
            delta[player_of[r]] += v
        lines.append({"zh": ln.zh, "en": ln.en, "delta": delta})
    return {
        "hand": k + 1,
        "dealer": dealer,
        "counter": counter(m.table, dealer),
        "roles": [role_of[p] for p in range(n)],
        "winner": e.winner,
        "zimo": bool(zimo and e.winner is not None),
        "huxi": sh.total_huxi if e.winner is not None else 0,
        "deng": sh.deng,
        "fan": fan_json(sh.fans),
        "multiplier": sh.multiplier,
        "hu_valid": sh.hu_valid,
        "fouls": [{"player": p, "kind": kind, "zh": PENALTY_NAMES[kind][0], "en": PENALTY_NAMES[kind][1]} for p, kind in e.fouls],
        "layout": layout,
        "not_a_win": why,
        "bird": bird,
        "lines": lines,
        "scores": scores,
        "birds": [bird["score"]] * m.birds if bird else [],
        # a hand that costs someone a penalty is entered only once the reader confirms it (a typed 12 for 21 is a 诈胡)
        "confirm": None if not costs else {
            "zh": f"第 {k + 1} 局要罚分：" + short[0] + "".join(ln.zh for ln in sh.lines) + "确实是这样吗？",
            "en": f"Hand {k + 1} costs a penalty: " + short[1] + " ".join(ln.en for ln in sh.lines) + " Is this really what happened?"},
    }


def form_words() -> dict[str, Any]:
    """What the sheet's entry form names and counts, every word and bound the engine's: the tables and their
    players, the players' letters, the seats of a hand, the fouls, where a winning card came from, the kinds of
    open group and their sizes, the 番, the cards, the bird's card, the columns of the sheet and the form's bounds."""

    w = lambda zh, en: {"zh": zh, "en": en}
    return {
        "tables": [{"id": t, "players": n, **w(*TABLE_NAMES[t])} for t, (n, _) in SHEET_TABLES.items()],
        "seats": [w(zh, en) for zh, en in SEAT_LETTERS],
        "roles": {r: w(*ROLE_NAMES[r]) for r in ("zhuang", "xia", "shang", "xing")},
        "fouls": [{"id": k, **w(zh, en)} for k, (zh, en) in PENALTY_NAMES.items()],
        "sources": [{"id": k, **w(*v)} for k, v in SHEET_SOURCES.items()],
        "kinds": [{"id": k, "size": KINDS[k].size, **w(KINDS[k].zh, KINDS[k].en)} for k in OPEN_KINDS],
        "fans": [{"id": f, **w(FANS[f].zh, FANS[f].en)} for f in SHEET_FANS],
        "cards": [{"code": c.code, "char": c.char, "big": c.big, "red": c.red, **w(c.zh, c.en)} for c in FACES],
        "birds": [{"code": c.code, **w(f"{c.char}／{d.char}", str(c.rank))} for c in FACES if not c.big
                  for d in FACES if d.big and d.rank == c.rank],
        "terms": {k: w(zh, TERMS.get(zh, en)) for k, zh, en in (("huang", "荒牌", "dead hand"), ("zimo", "自摸", "self-drawn win"),
                                                               ("stock", "底牌", "stock"), ("xi", "戏", "huxi"), ("fan", "番", "fan"),
                                                               ("bird", "鸟", "bird"), ("birds", "打鸟", "birds betting"))},
        "file_name": w("跑胡子积分表", "paohuzi-match-sheet"),  # a sheet's file before its match is named
        "not_sheet": w("这份记录不是跑胡子的积分表。", "This record is not a 跑胡子 match sheet."),  # an import refused
        "heads": [w(*h) for h in (("局", "Hand"), ("庄", "Dealer"), ("胡", "Winner"), ("戏", "Huxi"), ("等", "Deng"), ("番", "Fan"), ("罚则", "Fouls"))],
        "limits": {"birds": MAX_BIRDS, "huxi": MOST_HUXI, "hand": MOST_IN_HAND, "zimo_huxi": DEFAULT.zimo_bonus,
                   # the counts up to the limit that no hand makes, each with why (said beside the field as it is typed)
                   "unmade_huxi": {str(x): w(*why) for x in range(MOST_HUXI + 1) if (why := unmade_huxi(x)) is not None}},
    }


def _seat_player(m: Match, role: str, p: int) -> tuple[str, str]:
    """A seat named with its player in a line of the sheet: 下家李四 / 李四 (next); 下家乙 / B (next) without names."""
    nm = m.names[p] if p < len(m.names) and m.names[p] else ""
    zh, en = SEAT_NAMES[role]
    return f"{zh}{nm or SEAT_LETTERS[p][0]}", f"{nm or SEAT_LETTERS[p][1]} ({en})"


def _names(m: Match) -> list[tuple[str, str]]:
    out = []
    for p in range(players_of(m.table)):
        nm = m.names[p] if p < len(m.names) and m.names[p] else ""
        zh, en = SEAT_LETTERS[p]
        out.append((nm, nm) if nm else (zh, en))  # a family's own name alone, once given
    return out


def compute(m: Match) -> dict[str, Any]:
    """The whole sheet: each hand's row, the running totals, and (once the match is over) the ranking."""
    n = players_of(m.table)
    dealer = 0
    totals = [0] * n
    bird_total = [0] * m.birds
    rows = []
    for k, e in enumerate(m.entries):
        row = hand_row(m, k, dealer, e)
        for p in range(n):
            totals[p] += row["scores"][p]
        for b in range(len(row["birds"])):
            bird_total[b] += row["birds"][b]
        row["totals"] = list(totals)
        rows.append(row)
        dealer = next_dealer(m.table, dealer, e.winner, row["hu_valid"], m.cfg.void_deal)
    names = _names(m)
    out: dict[str, Any] = {
        "table": m.table,
        "players": [{"player": p, "letter": LETTERS[p], "name": m.names[p] if p < len(m.names) else "",
                     "zh": names[p][0], "en": names[p][1], "total": totals[p]} for p in range(n)],
        "hands": rows,
        "totals": totals,
        "birds": [{"bird": b + 1, "total": bird_total[b]} for b in range(m.birds)],
        "next_dealer": dealer,
        "next_counter": counter(m.table, dealer),
        "next_roles": [roles(m.table, dealer)[p] for p in range(n)],
        "over": m.over,
        "ranking": ranking(totals, m.tiebreak) if m.over else None,
        "readings": readings(m.cfg),
    }
    return out


#: the rule options that change a match sheet kept by hand (the others concern play itself)
SHEET_OPTIONS = ("void_deal", "void_hu", "foul_win", "threshold", "threshold_zimo", "deng_base", "red_rule")
#: the options a sheet reads: those, and at a two-seat table how it is made harder (21 戏 to win, or cards set aside)
SHEET_READS = SHEET_OPTIONS + ("two_players",)


def not_on_a_sheet(option: str) -> tuple[str, str] | None:
    """Why a 跑胡子 rule option (short name) cannot be set for a match sheet kept by hand, in both languages;
    None when it changes the sheet (:data:`SHEET_READS`) or is no option at all (another refusal)."""

    o = next((o for o in OPTIONS if o.id.split(".", 1)[1] == option), None)
    if o is None or option in SHEET_READS:
        return None
    return (f"规则选项“{o.zh}”不改变积分表：它只关系到行牌，积分表按记下的每一局结算。",
            f"The rule option “{o.en}” does not change a match sheet: it concerns play itself, and the sheet settles each hand as entered.")


def readings(cfg: RuleConfig) -> list[dict[str, Any]]:
    """The readings a sheet can be kept under, in words, with the one chosen (for the page's choice)."""

    by_id = {o.id.split(".", 1)[1]: o for o in OPTIONS}
    out = []
    for k in SHEET_OPTIONS:
        o = by_id[k]
        out.append({"id": k, "zh": o.zh, "en": o.en, "value": str(getattr(cfg, k)), "default": o.default, "note": o.note,
                    "choices": o.json()["choice_words"]})
    return out


def ranking(totals: Sequence[int], tiebreak: Sequence[int] = ()) -> list[dict[str, Any]]:
    """Places by total (most first). Equal totals are ordered by ``tiebreak`` (the 比点 draw, higher
    card first, §5 of the competition rules); players it does not separate share a place."""
    order = {p: i for i, p in enumerate(tiebreak)}
    key = lambda p: (-totals[p], order.get(p, len(order)))
    ps = sorted(range(len(totals)), key=key)
    out: list[dict[str, Any]] = []
    for i, p in enumerate(ps):
        q = ps[i - 1] if i else None
        if q is not None and totals[q] == totals[p] and not (p in order and q in order):
            out[-1]["shared"] = True
            out.append({"player": p, "place": out[-1]["place"], "total": totals[p], "shared": True})
        else:
            out.append({"player": p, "place": i + 1, "total": totals[p], "shared": False})
    return out


# ---------------------------------------------------------------- the sheet as CSV


def _csv_cell(v: Any) -> str:
    """One cell of the CSV: a cell a spreadsheet could take for a formula starts with an apostrophe, and
    every cell holding a quote, a comma or a line break (LF or CR: a spreadsheet breaks the line at
    either, and the text after it would start a cell of its own) is quoted."""
    s = str(v)
    if s[:1] in ("=", "+", "-", "@", "\t", "\r") and not re.fullmatch(r"[-+]?[0-9]+", s):
        s = "'" + s  # a spreadsheet must not take a cell for a formula
    return '"' + s.replace('"', '""') + '"' if re.search(r'[",\r\n]', s) else s


def csv_text(sheet: dict[str, Any]) -> str:
    """The sheet as CSV (UTF-8, a header row in both languages, one row a hand, the ranking last); the players
    by the names the family gave (their seat letters where none was given)."""
    ps = sheet["players"]
    who = [p["name"] or f"{p['zh']} {p['en']}" for p in ps]
    head = ["局 Hand", "庄家 Dealer", "醒家 Counter", "胡牌 Winner", "自摸 Self-drawn", "戏 Huxi", "等 Deng", "番 Fan", "乘 Times",
            "罚则 Fouls", "鸟 Bird"] + who + [f"累计 Total {w}" for w in who]
    rows = [head]
    for r in sheet["hands"]:
        win = "荒牌 huang" if r["winner"] is None else who[r["winner"]] + ("" if r["hu_valid"] else " 诈胡/void")
        fouls = "; ".join(f"{who[f['player']]} {f['zh']}" for f in r["fouls"])
        fan = " ".join(f["zh"] for f in r["fan"])
        rows.append([r["hand"], who[r["dealer"]], who[r["counter"]] if sheet["table"] == "four" else "",
                     win, "是 yes" if r["zimo"] else "", r["huxi"] if r["winner"] is not None else "", r["deng"] or "", fan,
                     r["multiplier"] if r["winner"] is not None else "", fouls, r["bird"]["card"] if r["bird"] else ""]
                    + r["scores"] + r["totals"])
    if sheet["ranking"]:
        rows.append([])
        rows.append(["名次 Place", "选手 Player", "总分 Total"])
        for x in sheet["ranking"]:
            rows.append([x["place"], who[x["player"]], x["total"]])
    return "\r\n".join(",".join(_csv_cell(c) for c in row) for row in rows) + "\r\n"


# ---------------------------------------------------------------- one hand as a word of a record


def _letter(x: str, n: int) -> int:
    if len(x) == 1 and x in LETTERS[:n]:
        return LETTERS.index(x)
    raise SheetError(f"“{x[:8]}”不是这一桌的选手：请用字母 {'、'.join(LETTERS[:n])}。", f"'{x[:8]}' is not a player at this table: use the letters {', '.join(LETTERS[:n])}.")


def _card(x: str) -> Card:
    c = parse_card(x)
    if c is None:
        raise SheetError(f"“{x[:8]}”不是牌：用 x1–x10（小字）或 d1–d10（大字）。", f"'{x[:8]}' is not a card: use x1–x10 (small) or d1–d10 (big).")
    return c


def _foul_word(val: str, n: int) -> tuple[int, str]:
    """A foul of a hand's word (``foul:A.shi_ti``): the player and the kind."""
    who, _, kind = val.partition(".")
    if kind not in KINDS_OF_FOUL:
        raise SheetError("罚则应是 zha_hu、zou_pao、shi_ti、shao_bi 或 chou_zhang 之一。", "A foul should be one of zha_hu, zou_pao, shi_ti, shao_bi, chou_zhang.")
    return _letter(who, n), kind


def _open_word(val: str) -> tuple[Group, ...]:
    """The open groups of a hand's word (``open:peng.x5.x5.x5/shun.x1.x2.x3``)."""
    gs = []
    for g in val.split("/") if val else []:
        kind, *cs = g.split(".")
        if kind not in OPEN_KINDS or len(cs) != KINDS[kind].size:
            raise SheetError("明牌组写成“牌型.牌.牌.牌”，牌型是 peng、wei、shun、bian、pao 或 ti。", "An open group reads kind.card.card.card, the kind one of peng, wei, shun, bian, pao, ti.")
        gs.append(Group.of(kind, [_card(x) for x in cs], True))
    return tuple(gs)


def _word_cards(winner: int | None, opened: tuple[Group, ...] | None, hand: tuple[Card, ...] | None, card: Card | None,
                source: str) -> Cards | None:
    """The winning hand a hand's word writes card by card (``hand:``, ``card:``, ``open:``, ``from:``), or None."""
    if hand is None and card is None and opened is None:
        return None
    if winner is None or card is None or hand is None:
        raise SheetError("逐张写出胡牌时，要写胡者、手里的牌（hand:）和胡的那一张（card:）。", "A winning hand written card by card needs the winner, the cards in hand (hand:) and the card that won (card:).")
    return make_cards(opened or (), hand, card, source)


def parse_entry(word: str, n: int) -> Entry:
    """A hand from its word in a record (see the module's docstring); SheetError if it cannot be read."""
    if len(word) > 600:
        raise SheetError("这一局写得太长了。", "This hand is written at too great a length.")
    winner, zimo, huxi, fans, fouls, bird = None, False, 0, [], [], None
    hand = opened = card = None
    source = "self"
    huang = False
    for part in word.split(","):
        key, _, val = part.partition(":")
        if part == "huang":
            huang = True
        elif part == "zimo":
            zimo = True
        elif key == "win" and val:
            winner = _letter(val, n)
        elif key == "huxi" and re.fullmatch(r"[0-9]{1,3}", val):
            huxi = int(val)
        elif key == "fan" and val in FANS:
            fans.append(val)
        elif key == "foul":
            fouls.append(_foul_word(val, n))
        elif key == "bird" and val:
            bird = _card(val)
        elif key == "hand":
            hand = tuple(_card(x) for x in val.split(".")) if val else ()
        elif key == "card" and val:
            card = _card(val)
        elif key == "from" and val in SOURCES:
            source = val
        elif key == "open":
            opened = _open_word(val)
        else:
            raise SheetError(f"看不懂“{part[:30]}”：一局写成 win:C,zimo,huxi:18,fan:red,foul:A.shi_ti 这样的几项（荒牌写 huang）。",
                             f"Cannot read '{part[:30]}': a hand reads like win:C,zimo,huxi:18,fan:red,foul:A.shi_ti (huang for no win).")
    if huang == (winner is not None):
        raise SheetError("一局要么有人胡（win:字母），要么荒牌（huang）。", "A hand has either a winner (win:letter) or none (huang).")
    return Entry(winner, zimo, huxi, tuple(fans), tuple(fouls), bird, _word_cards(winner, opened, hand, card, source))


def make_cards(opened: Sequence[Group], hand: Sequence[Card], card: Card, source: str) -> Cards:
    allc = [c for g in opened for c in g.cards] + list(hand) + [card]
    over = [FACES[i] for i, k in enumerate(counts_of(allc)) if k > COPIES]
    if over:
        raise SheetError(f"{over[0].zh}超过四张：每种牌只有四张。", f"More than four of the {over[0].en}: there are four of each card.")
    if len(hand) > MOST_IN_HAND or len(opened) > 12:
        raise SheetError("一手牌不会有这么多张。", "No hand holds so many cards.")
    return Cards(tuple(opened), tuple(hand), card, source)


def entry_word(e: Entry) -> str:
    """The word of a record for a hand (the reverse of :func:`parse_entry`)."""
    parts = ["huang"] if e.winner is None else [f"win:{LETTERS[e.winner]}"]
    if e.cards is not None:
        c = e.cards
        parts += [f"from:{c.source}", f"card:{c.card.code}", "hand:" + ".".join(x.code for x in sorted(c.hand))]
        if c.open:
            parts.append("open:" + "/".join(".".join([g.kind] + [x.code for x in g.cards]) for g in c.open))
    elif e.winner is not None:
        parts += (["zimo"] if e.zimo else []) + [f"huxi:{e.huxi}"] + [f"fan:{f}" for f in e.fans]
    parts += [f"foul:{LETTERS[p]}.{k}" for p, k in e.fouls]
    if e.bird is not None:
        parts.append(f"bird:{e.bird.code}")
    return ",".join(parts)


def too_many_huxi(huxi: int) -> tuple[str, str]:
    """Why a hand's 戏 above what any hand makes is refused, in both languages."""
    top = max(possible_huxi(DEFAULT))
    return (f"{huxi} 戏不可能：一手牌连自摸加的 {DEFAULT.zimo_bonus} 戏最多 {MOST_HUXI} 戏；这里写的是不算自摸的戏，最多 {top} 戏。请查一查是不是打错了。",
            f"{huxi} huxi cannot be: no hand makes more than {MOST_HUXI} with the {DEFAULT.zimo_bonus} for a self-draw, {top} before it "
            "(what this field holds); check for a typing slip.")


def unmade_huxi(huxi: int, cfg: RuleConfig = DEFAULT) -> tuple[str, str] | None:
    """Why a 戏 count no hand can make is refused (None for a count some hand makes), in both languages: a group of
    three or of four is worth only so much, and no hand's groups add up to it (:func:`extremes.possible_huxi`)."""
    made = possible_huxi(cfg)
    if huxi in made:
        return None
    lo = max((x for x in made if x < huxi), default=None)
    hi = min((x for x in made if x > huxi), default=None)
    threes = "、".join(str(x) for x in sorted({cfg.huxi_of(k, b) for k in THREES for b in (True, False)}))
    fours = "、".join(str(x) for x in sorted({cfg.huxi_of(k, b) for k in FOURS for b in (True, False)}))
    near_zh = f"最接近的是 {lo} 戏和 {hi} 戏" if hi is not None else f"一手牌最多 {lo} 戏"
    near_en = f"the nearest counts a hand makes are {lo} and {hi}" if hi is not None else f"no hand makes more than {lo}"
    cards = cfg.hand_size + 1
    return (f"{huxi} 戏凑不出来：一手胡牌是 {cards} 张（第二个跑、提起每个多一张），分成四张的组（跑、提，{fours} 戏）、"
            f"三张的组（{threes} 戏）和至多一对（0 戏），怎样分都加不到 {huxi}；{near_zh}（不算自摸加的 {cfg.zimo_bonus} 戏）。请查一查是不是打错了。",
            f"{huxi} huxi cannot be made: a winning hand is {cards} cards (one more for each pao or ti after the first), in groups of four "
            f"(pao, ti: {fours.replace('、', ', ')}), groups of three ({threes.replace('、', ', ')}) and at most one pair (0), and no such "
            f"hand adds up to {huxi}; {near_en} (before the {cfg.zimo_bonus} for a self-draw). Check for a typing slip.")


def check_entry(m: Match, e: Entry, dealer: int | None = None) -> dict[str, Any]:
    """Refuse a hand that cannot be entered now (in words), before it joins the sheet."""
    if len(m.entries) >= MAX_SHEET_HANDS:
        raise SheetError(f"一张积分表至多记 {MAX_SHEET_HANDS} 局。", f"A sheet holds at most {MAX_SHEET_HANDS} hands.")
    if e.cards is None and e.fans:
        pair = clash(e.fans)
        if pair is not None:
            a, b = FANS[pair[0]], FANS[pair[1]]
            raise SheetError(f"{a.zh}和{b.zh}不能同时成立，请去掉其中一个。", f"{a.en.capitalize()} and {b.en} cannot both hold: leave one of them out.")
    if e.winner is None and (e.zimo or e.huxi or e.fans):
        raise SheetError("荒牌没有人胡，不记戏、番或自摸。", "Nobody won this hand (huang): it has no huxi, fan or self-draw.")
    if e.huxi > MOST_HUXI:
        raise SheetError(*too_many_huxi(e.huxi))
    unmade = unmade_huxi(e.huxi, m.cfg) if e.cards is None and e.winner is not None else None
    if unmade is not None:
        raise SheetError(*unmade)
    for p, _ in e.fouls:
        if not 0 <= p < players_of(m.table):
            raise SheetError("这一桌没有这位选手。", "There is no such player at this table.")
    # raises for a winner or a foul at the counter's seat, a missing bird card
    return hand_row(m, len(m.entries), compute(m)["next_dealer"] if dealer is None else dealer, e)


__all__ = ["Cards", "Entry", "Match", "SheetError", "SHEET_TABLES", "compute", "csv_text", "entry_word", "parse_entry", "check_entry",
           "roles", "counter", "next_dealer", "ranking", "players_of", "make_cards", "MAX_SHEET_HANDS", "LETTERS"]


# ---------------------------------------------------------------- a match from JSON (the API's sheet action)


def _int(v: Any, lo: int, hi: int, zh: str, en: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise SheetError(zh, en)
    return v


def _cards_from_json(c: Any, winner: int | None) -> Cards:
    """A winning hand as the widget sends it card by card: {open, hand, card, source}."""
    if winner is None or not isinstance(c, dict):
        raise SheetError("逐张写出的胡牌要有胡者。", "A winning hand written card by card needs its winner.")
    hand = c.get("hand", [])
    opened = c.get("open", [])
    if not isinstance(hand, list) or len(hand) > MOST_IN_HAND or not all(isinstance(x, str) for x in hand):
        raise SheetError("手里的牌应是一列牌（至多 21 张）。", "The cards in hand should be a list of cards (at most 21).")
    if not isinstance(opened, list) or len(opened) > 12:
        raise SheetError("明牌组应是一列（至多 12 组）。", "The open groups should be a list (at most 12).")
    gs = []
    for g in opened:
        if not isinstance(g, dict) or g.get("kind") not in OPEN_KINDS or not isinstance(g.get("cards"), list) \
                or len(g["cards"]) != KINDS[g["kind"]].size or not all(isinstance(x, str) for x in g["cards"]):
            raise SheetError("每个明牌组要写明牌型（碰、偎、顺、编、跑、提）和它的牌。", "Each open group gives its kind (peng, wei, run, bian, pao, ti) and its cards.")
        gs.append(Group.of(g["kind"], [_card(x) for x in g["cards"]], True))
    src = c.get("source", "self")
    if not isinstance(src, str) or src not in SOURCES:
        raise SheetError("胡的那张牌从哪里来：自己摸的、上家或下家翻出的、亮张。", "Where the winning card came from: drawn by the winner, turned by the previous or next player, or the turned-up card.")
    card = c.get("card")
    return make_cards(gs, [_card(x) for x in hand], _card(card) if isinstance(card, str) else _card("?"), src)


def entry_from_json(d: Any, n: int, k: int) -> Entry:
    """A hand as the widget sends it: ``winner`` (a player, or null for 荒牌), ``self_drawn``, ``huxi``,
    ``fan``, ``fouls`` [{player, kind}], ``bird`` (a card), or ``cards`` {open, hand, card, source}."""
    at_zh, at_en = f"第 {k + 1} 局：", f"Hand {k + 1}: "
    if not isinstance(d, dict):
        raise SheetError(at_zh + "每一局应写明谁胡、几戏、什么番、有没有罚则。", at_en + "each hand says who won, for how many huxi, which fan and which fouls.")
    try:
        w = d.get("winner")
        winner = None if w is None else _int(w, 0, n - 1, "胡牌者应是这一桌的一位选手。", "The winner should be one of the players at this table.")
        zimo = d.get("self_drawn", False)
        if not isinstance(zimo, bool):
            raise SheetError("自摸只能回答是或否。", "Self-drawn is yes or no.")
        huxi = _int(d.get("huxi", 0), 0, 10_000, f"戏数应是 0 到 {MOST_HUXI} 之间的整数。", f"The huxi should be a whole number from 0 to {MOST_HUXI}.")
        if huxi > MOST_HUXI:
            raise SheetError(*too_many_huxi(huxi))
        fans = d.get("fan", [])
        if not isinstance(fans, list) or len(fans) > 4 or any(not isinstance(f, str) or f not in FANS for f in fans):
            raise SheetError("番应从红胡、点胡、紫胡、黑胡、对子胡……中选。", "The fan should be chosen among red hu, dot hu, purple hu, black hu, pairs hu…")
        fouls = []
        raw = d.get("fouls", [])
        if not isinstance(raw, list) or len(raw) > 12:
            raise SheetError("罚则应是一列（谁，哪一条）。", "The fouls should be a list of (who, which rule).")
        for f in raw:
            if not isinstance(f, dict) or not isinstance(f.get("kind"), str) or f["kind"] not in KINDS_OF_FOUL:
                raise SheetError("每条罚则要写明谁犯规、犯的是哪一条（诈胡、走跑、失提、烧比、臭张）。",
                                 "Each foul says who broke a rule and which (false win, missed pao, missed ti, chi without showing, passed card claimed).")
            fouls.append((_int(f.get("player"), 0, n - 1, "犯规的应是这一桌的一位选手。", "The player who broke a rule should be one at this table."), f["kind"]))
        bird = None
        if d.get("bird") not in (None, ""):
            bird = _card(d["bird"]) if isinstance(d["bird"], str) else _card("?")
        cards = None if d.get("cards") is None else _cards_from_json(d["cards"], winner)
        return Entry(winner, zimo, huxi, tuple(fans), tuple(fouls), bird, cards)
    except SheetError as e:
        raise SheetError(at_zh + e.zh, at_en + e.en) from None


def match_from_json(req: dict[str, Any], cfg: RuleConfig) -> Match:
    table = req.get("table", "four")
    if not isinstance(table, str) or table not in SHEET_TABLES:
        raise SheetError("牌桌应是四人局、三人局或二人局。", "The table should be four, three or two players.")
    n = players_of(table)
    birds = _int(req.get("birds", 0), 0, MAX_BIRDS, f"打鸟的人数应是 0 到 {MAX_BIRDS}。", f"The birds should number 0 to {MAX_BIRDS}.")
    if birds and table != "four":
        raise SheetError("打鸟只在四人局：最后一张底牌指向庄家、下家、醒家或上家。", "Birds join only a table of four: the last stock card names the dealer, next, counter or previous seat.")
    names = req.get("names", [])
    for k, x in enumerate(names if isinstance(names, list) else []):
        why = unsafe_message(x) if isinstance(x, str) else None
        if why:  # a control or text-direction character (a line break too): refused, never written in a cell
            raise SheetError(f"第 {k + 1} 个名字{why[0]}", f"Name {k + 1}: {why[1]}")
    if not isinstance(names, list) or len(names) > n or not all(isinstance(x, str) and len(x) <= 40 and "\n" not in x and ";" not in x for x in names):
        raise SheetError(f"名字应是至多 {n} 个短的名字（不含分号）。", f"The names should be at most {n} short names (without semicolons).")
    hands = req.get("hands", [])
    if not isinstance(hands, list) or len(hands) > MAX_SHEET_HANDS:
        raise SheetError(f"一张积分表至多记 {MAX_SHEET_HANDS} 局。", f"A sheet holds at most {MAX_SHEET_HANDS} hands.")
    over = req.get("over", False)
    if not isinstance(over, bool):
        raise SheetError("比赛是否结束只能回答是或否。", "Whether the match is over is yes or no.")
    tb = req.get("tiebreak", [])
    if not isinstance(tb, list) or len(tb) > n or len(set(map(str, tb))) != len(tb):
        raise SheetError("比点的次序应是每位选手至多一次。", "The order of the card draw should name each player at most once.")
    tiebreak = tuple(_int(p, 0, n - 1, "比点的次序应写这一桌的选手。", "The order of the card draw should name players at this table.") for p in tb)
    m = Match(table, cfg, birds, tuple(names), [], tiebreak, over)
    dealer = 0
    for k, d in enumerate(hands):
        e = entry_from_json(d, n, k)
        row = check_entry(m, e, dealer)
        m.entries.append(e)
        dealer = next_dealer(table, dealer, e.winner, row["hu_valid"], cfg.void_deal)
    return m


def entry_json(e: Entry) -> dict[str, Any]:
    """The reverse of :func:`entry_from_json`."""
    out: dict[str, Any] = {"winner": e.winner, "self_drawn": e.zimo, "huxi": e.huxi, "fan": list(e.fans),
                           "fouls": [{"player": p, "kind": k} for p, k in e.fouls]}
    if e.bird is not None:
        out["bird"] = e.bird.code
    if e.cards is not None:
        c = e.cards
        out["cards"] = {"open": [{"kind": g.kind, "cards": [x.code for x in g.cards]} for g in c.open],
                        "hand": [x.code for x in c.hand], "card": c.card.code, "source": c.source}
    return out


# ---------------------------------------------------------------- the corrections of a sheet (kept in its record)

MAX_HISTORY = 200


def entry_words(m: Match, e: Entry) -> tuple[str, str]:
    """A hand as entered, in words (what a correction changed it from)."""
    if e.winner is None:
        zh, en = "荒牌", "nobody won"
    else:
        zh, en = f"{m.names_zh(e.winner)}胡", f"{m.names_en(e.winner)} won"
        if e.cards is not None:
            zh, en = zh + "（逐张写出的牌）", en + " (the hand entered card by card)"
        else:
            zh += f" {e.huxi} 戏" + ("，自摸" if e.zimo else "") + "".join(f"，{FANS[f].zh}" for f in e.fans)
            en += f" {e.huxi} huxi" + (", self-drawn" if e.zimo else "") + "".join(f", {FANS[f].en}" for f in e.fans)
    for p, k in e.fouls:
        zh += f"；{m.names_zh(p)}{PENALTY_NAMES[k][0]}"
        en += f"; {m.names_en(p)}: {PENALTY_NAMES[k][1]}"
    return zh, en


def history_from_json(raw: Any, m: Match) -> list[tuple[int, str, Entry]]:
    """The corrections a widget sends: [{hand, kind: corrected|deleted, was: the hand as it stood}]."""
    n = players_of(m.table)
    return corrections(
        raw, "hand", MAX_SHEET_HANDS, lambda was, k: entry_from_json(was, n, k),
        lambda: SheetError("每条改动要写明哪一局、改过还是删去、原来怎么记的。", "Each correction says which hand, whether corrected or deleted, and how it stood."),
        most=MAX_HISTORY,
        refuse_list=lambda: SheetError(f"改动的记录应是一列，至多 {MAX_HISTORY} 条。", f"The corrections should be a list of at most {MAX_HISTORY}."),
        refuse_number=lambda: SheetError("改动的应是积分表上的一局。", "A correction should name a hand of the sheet."))


def history_json(m: Match, hist: Sequence[tuple[int, str, Entry]]) -> list[dict[str, Any]]:
    out = []
    for hand, kind, e in hist:
        zh, en = entry_words(m, e)
        kz, ke = KIND_WORDS[kind]
        out.append({"hand": hand, "kind": kind, "was": entry_json(e),
                    "zh": f"第 {hand} 局{kz}，原来记的是：{zh}。", "en": f"Hand {hand} {ke}; it stood as: {en}."})
    return out


def history_tag(hist: Sequence[tuple[int, str, Entry]]) -> str:
    """The corrections as a record's History tag: ``2:corrected:win:B,huxi:21; 4:deleted:huang``."""
    return shared_history_tag(hist, entry_word)


def history_of_tag(text: str, n: int) -> list[dict[str, Any]]:
    """The reverse of :func:`history_tag` (its first 200 items; nothing for a tag of spaces), as the widget sends it:
    a hand as it stood that cannot be read is refused in the words of :func:`parse_entry`."""
    if not text.strip():
        return []
    items = read_history(text, lambda word, _number: parse_entry(word, n), lambda: SheetError(
        "记录的 History 标签写得不对：每条是“局:corrected 或 deleted:原来的记法”。",
        "The record's History tag is not well written: each item reads hand:corrected or deleted:the hand as it stood."), most=MAX_HISTORY)
    return [{"hand": hand, "kind": kind, "was": entry_json(e)} for hand, kind, e in items]
