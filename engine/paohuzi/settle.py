"""The match sheet (积分表) of one deal at a four-seat table.

Seats: 庄家 ``zhuang``, 下家 ``xia``, 上家 ``shang`` play; 醒家 ``xing`` counts
the stock and sits the deal out. Reading of the booklet's rules (see the
editorial notes): each of the two losers pays the winner the hand's 等 and the
醒家 one 醒筹, both multiplied by the 番; 荒牌: the 庄家 pays the 醒家 2; each
penalty takes points from the offender and gives a fixed share to each of the
other three seats; a win by an offender is void (罚则 F), a foul by anyone
else leaves the win standing and adds up (罚则 G). Every deal sums to zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping, Sequence

from .config import DEFAULT, RuleConfig
from .fan import FANS, deng, resolve
from .table import ROLE_NAMES, ROLES

SEATS = ("zhuang", "xia", "shang", "xing")
PLAYERS = ROLES[3]
#: the seats' short names in a settlement's lines (庄家 / dealer, 下家 / next …): the one table of the seats' names is
#: engine.paohuzi.table.ROLE_NAMES (the next player …), shortened here
SEAT_NAMES = {k: (zh, en.removeprefix("the ").removesuffix(" player")) for k, (zh, en) in ROLE_NAMES.items()}
PENALTY_NAMES = {
    "zha_hu": ("诈胡", "false win (诈胡, zha hu)"),
    "zou_pao": ("走跑", "missed pao (走跑, zou pao)"),
    "shi_ti": ("失提", "missed ti (失提, shi ti)"),
    "shao_bi": ("烧比", "failing to match (烧比, shao bi)"),
    "chou_zhang": ("臭张", "stale card (臭张, chou zhang)"),
}


@dataclass(frozen=True)
class Line:
    zh: str
    en: str
    delta: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Sheet:
    scores: dict[str, int]
    lines: tuple[Line, ...]
    total_huxi: int
    deng: int
    fans: tuple[str, ...]
    multiplier: int
    hu_valid: bool


def _charged(penalties: Sequence[tuple[str, str]], players: tuple[str, ...], winner: str | None, cfg: RuleConfig) -> list[tuple[str, str]]:
    """The penalties charged, each once (ValueError for a seat that does not play, KeyError for an unknown kind)."""
    pens: list[tuple[str, str]] = []
    for seat, kind in penalties:
        if seat not in players:
            raise ValueError(seat)
        cfg.penalty(kind)  # KeyError for an unknown kind
        if seat == winner and cfg.foul_win == "zha_hu" and kind != "zha_hu":
            kind = "zha_hu"  # §4-11: a shown hand with such a fault is a 诈胡
        if (seat, kind) not in pens:
            pens.append((seat, kind))
    return pens


def _win_line(winner: str, total: int, d: int, fan_ids: tuple[str, ...], mult: int, seats: Sequence[str], name: tuple[str, str],
              cfg: RuleConfig) -> tuple[str, str, dict[str, int]]:
    """A standing win's line (zh, en, what each seat gains): each loser pays the winner the 等 and the 醒家 the
    醒筹 (none at a table without one), both times the 番."""
    losers = [s for s in seats if s not in (winner, "xing")]
    pay_w, pay_x = d * mult, (cfg.xing_chou * mult if "xing" in seats else 0)
    delta = {s: -(pay_w + pay_x) for s in losers}
    delta[winner] = pay_w * len(losers)
    if "xing" in seats:
        delta["xing"] = pay_x * len(losers)
    wz, we = name
    # the 番 that gives the multiplier, named (a reader must see why it is "times 3")
    if fan_ids:
        tz = "乘 {}（{}）".format(mult, "、".join(FANS[f].zh for f in fan_ids))
        te = "times {} ({})".format(mult, ", ".join(FANS[f].en for f in fan_ids))
    else:
        tz, te = "乘 1（不加番）", "times 1 (no fan)"
    if "xing" not in seats:  # three or two at the table: no 醒家, no 醒筹
        return f"{wz}胡 {total} 戏 = {d} 等，{tz}：每个输家付 {pay_w}。", f"{we} wins {total} huxi = {d} deng, {te}: each loser pays {pay_w}.", delta
    return (f"{wz}胡 {total} 戏 = {d} 等，加醒筹 {cfg.xing_chou} 等，{tz}：每个输家付 {pay_w + pay_x}（{pay_w} 给胡者，{pay_x} 给醒家）。",
            f"{we} wins {total} huxi = {d} deng, plus {cfg.xing_chou} for the counter, {te}: each loser pays {pay_w + pay_x} ({pay_w} to the winner, {pay_x} to the counter).",
            delta)


def settle(
    winner: str | None,
    huxi: int,
    self_drawn: bool,
    fans: Sequence[str],
    penalties: Sequence[tuple[str, str]],
    cfg: RuleConfig = DEFAULT,
    seats: Sequence[str] = SEATS,
    who: Mapping[str, tuple[str, str]] | None = None,
) -> Sheet:
    """Scores of one deal. ``huxi`` is the hand's 戏 before the 自摸 bonus (added here).

    ``who``: how the lines name each seat, (zh, en), instead of the bare seat (a match sheet
    names the players: ``{"xia": ("下家李四", "李四 (next)")}``).

    ``seats``: the table (default the four seats; three players: ``zhuang, xia, shang``
    with no 醒家; two: ``zhuang, xia``). A penalty takes its share from the offender
    for each other seat at the table (the booklet's lose = 3 × gain at four seats).
    A winner's own 走跑/失提/烧比/臭张/拆坎 makes the win a 诈胡 (§4-11), charged
    as penalty A under ``cfg.foul_win == "zha_hu"``, else under its own letter.
    """
    names = {**SEAT_NAMES, **(who or {})}
    players = tuple(s for s in seats if s != "xing")
    if winner is not None and winner not in players:
        raise ValueError(winner)
    fan_ids, mult = resolve(fans, cfg)
    pens = _charged(penalties, players, winner, cfg)
    total = huxi + (cfg.zimo_bonus if (self_drawn and winner) else 0)
    thr = total if cfg.threshold_zimo == "with" else huxi
    lines: list[Line] = []
    if winner is not None and thr < cfg.threshold and (winner, "zha_hu") not in pens:
        pens.append((winner, "zha_hu"))
        lines.append(Line("胡息不足开胡标准，按诈胡处理。", "Too few huxi to win: treated as a false win.", ()))
    scores = {s: 0 for s in seats}

    def add(zh: str, en: str, delta: dict[str, int]) -> None:
        for s, v in delta.items():
            scores[s] += v
        lines.append(Line(zh, en, tuple((s, v) for s, v in delta.items() if v)))

    hu_valid = winner is not None and not any(s == winner for s, _ in pens)
    d = deng(total, cfg) if winner else 0
    if hu_valid and winner:
        add(*_win_line(winner, total, d, fan_ids, mult, seats, names[winner], cfg))
    if "xing" in seats and (winner is None or (not hu_valid and cfg.void_hu == "huang")):
        hz, he = ((f"{names['zhuang'][0]}付{names['xing'][0]}", f"{names['zhuang'][1]} pays {names['xing'][1]}") if who
                  else ("庄家付醒家", "the dealer pays the counter"))
        add(
            f"荒牌：{hz} {cfg.huang_xing}。",
            f"No win (huang): {he} {cfg.huang_xing}.",
            {"zhuang": -cfg.huang_xing, "xing": cfg.huang_xing},
        )
    for seat, kind in pens:
        lose, gain = cfg.penalty(kind)
        delta = {s: gain for s in seats if s != seat}
        lose = gain * len(delta)  # = the booklet's figure at four seats
        delta[seat] = -lose
        zh, en = PENALTY_NAMES[kind]
        add(f"{zh}的罚分：{names[seat][0]} −{lose}，其余各方 +{gain}。", f"Penalty for a {en}: {names[seat][1]} −{lose}, each other seat +{gain}.", delta)
    if winner is not None and not hu_valid:
        lines.append(Line("胡者违规，胡牌无效，只计罚分。", "The winner broke a rule: the win is void, only the penalties count.", ()))
    return Sheet(scores, tuple(lines), total, d, fan_ids, mult, hu_valid)
