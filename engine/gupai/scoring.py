"""Settling a hand in 墩: 保门 at four, the 结牌 formula, 八马 bonuses, 黑八马, 喜钱, 封墩.

All amounts are in 墩 of the agreed stake ("多少钱一墩"). A 墩 is one trick
of four tiles (item 1), eight in a hand. A player who is not the closer
settles with the closer against 保门: ``held - 4`` (negative: pays). The
closer — whoever wins the last trick (结牌) — takes what the others owe, which
is exactly the formula ``一结5 … 七结11`` (``n + 4``): the accounts of a hand
always balance. The bonuses change what the others owe the closer:

- 八马 (all eight 墩): each other player pays 4 × 2, or 4 × 4 for 红八马/硬八马;
- 黑八马 (line 28): 0 墩 pays 8, 1 pays 5, 2 pays 2, 3 pays 1 (and "赏保门进四");
- 喜钱 (line 11): each other player pays the 至尊's player (option ``xiqian``);
- 封墩 (line 34): a sealed player pays the 清铺 four and nothing else
  ("不出赏钱和八马钱").

Every payment is a :class:`Line` (who pays whom, how much and why, in words).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple
from collections.abc import Sequence

from ..glossary import TERMS as GLOSSARY
from .config import DEFAULT, GupaiConfig
from .tiles import BY_CODE, HAND_SIZE, PLAYERS, SHANG, TOP_RANK

BAOMEN = 4  # 每人打得4墩，刚好保住基本数
JIE_BASE = 4  # 一结5: n + 4
BAMA_MULT = {"plain": 2, "red": 4, "hard": 4}
#: 黑八马: what a player holding 0, 1, 2, 3 墩 pays (line 28: 2倍 = 8; 共出5墩; 只出2墩; 出一墩)
HEI_PAYS = (8, 5, 2, 1)
SHANG_BAOMEN_GAIN = 4  # 赏保门进四
XIQIAN = 1  # 喜钱 per other player, when the option is "one"
HEI_RUN = 4  # 黑八马: the last tiles (or more) the closer's unbroken run must win

SEATS_ZH = ("甲家", "乙家", "丙家", "丁家")
SEATS_EN = ("Player A", "Player B", "Player C", "Player D")


class KindWords(NamedTuple):
    """The name of a kind of 八马 in a sentence (zh; en, and with its article) and in a ledger's narrow row (short)."""

    zh: str
    en: str
    a_en: str
    short_en: str


def _kind(zh: str, short_en: str) -> KindWords:
    """A kind of 八马 by its glossary entry (its characters and English name), with a ledger's short name."""
    en = f"{next(t for t in GLOSSARY if t.zh == zh).en} ({zh})"
    return KindWords(zh, en, ("an " if en[0] in "aeiou" else "a ") + en, short_en)


#: the kinds of 八马, named once (the glossary's names): the settlement's sentences, the ledger's hands and rows, the guide's table
KINDS: dict[str, KindWords] = {
    "plain": _kind("八马", "8-horse"),
    "red": _kind("红八马", "red 8-horse"),
    "hard": _kind("硬八马", "hard 8-horse"),
    "black": _kind("黑八马", "black 8-horse"),
}
# the kinds that take all eight tricks (黑八马 is a close, settled by HEI_PAYS)
BAMA_ZH = {k: KINDS[k].zh for k in BAMA_MULT}
BAMA_EN = {k: KINDS[k].en for k in BAMA_MULT}
BAMA_A_EN = {k: KINDS[k].a_en for k in BAMA_MULT}


def kind_of(s: Settlement) -> str | None:
    """The kind of 八马 a settled hand is (``KINDS``' key), or None for an ordinary close."""
    return s.bama or ("black" if s.heibama else None)


def total_dun(config: GupaiConfig = DEFAULT) -> int:
    """墩 in a whole hand: eight, one per trick of four tiles."""
    return HAND_SIZE


def dun_of_trick(tiles_each: int, config: GupaiConfig = DEFAULT) -> int:
    """墩 won with one trick in which each player laid ``tiles_each`` tiles."""
    return tiles_each


def jie(n: int) -> int:
    """The 结牌 formula: 一结5, 二结6 … 七结11 (n 墩 after the last trick)."""
    if n < 1:
        raise ValueError("the closer holds at least the last trick")
    return n + JIE_BASE


def tricks_en(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''} (墩)"


@dataclass(frozen=True)
class Line:
    payer: int
    payee: int
    amount: int  # in 墩, >= 0 (0: an explanatory line, nothing changes hands)
    why: str  # "baomen", "qingpu", "sealed", "bama", "heibama", "shang_baomen", "xiqian", "even"
    zh: str
    en: str


@dataclass(frozen=True)
class Facts:
    """What the settlement needs to know about a finished hand besides the 墩 held."""

    closer_tiles: tuple[str, ...] = ()  # the closer's eight tiles as dealt
    hard: bool = False  # 硬八马 reading "could_not": nobody could beat the winner after he held a trick
    run_each: int = 0  # tiles each player laid in the closer's unbroken run of tricks at the end
    run_tiles: tuple[str, ...] = ()  # the tiles the closer laid in that run
    zhizun_by: tuple[int, ...] = ()  # seats that played the supreme pair face up
    dealer: int = 0


@dataclass(frozen=True)
class Settlement:
    held: tuple[int, ...]  # 墩 per seat at the end (the closer's includes the last trick)
    closer: int
    nets: tuple[int, ...]  # per seat, in 墩 of the stake; + receives, − pays
    bama: str | None  # None, "plain", "red", "hard"
    multiplier: int
    sealed: tuple[int, ...]
    heibama: bool = False
    lines: tuple[Line, ...] = ()


def hand_fault(held: Sequence[int], closer: int, sealed: Sequence[object] = (), zhizun: int | None = None,
               config: GupaiConfig = DEFAULT) -> tuple[str, str, str] | None:
    """Why a hand cannot have ended so, as an error code and words (zh, en); None when it can. The four players'
    墩 add up to a hand's, the closer won at least the last trick, a sealed player (a seat) lays no tile, so holds no
    墩, did not close and did not lay the supreme pair. The settle action and the ledger ask as they read a hand's
    fields (the tricks, then the sealed seats, then who laid the supreme pair): a hand is refused for its first fault."""
    total = total_dun(config)
    if len(held) != PLAYERS or any(not 0 <= x <= HAND_SIZE for x in held) or sum(held) != total:
        return ("wrong_total", f"四家的墩数加起来应是 {total}，这里是 {sum(held)}。",
                f"The four players' tricks (墩) must add up to {total}; these add up to {sum(held)}.")
    if held[closer] < 1:
        return ("closer_without_trick", "结牌的人至少得了最后一墩，这里他一墩也没有。",
                "The player who closed won at least the last trick (墩); here he holds none.")
    if any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < PLAYERS or s == closer or held[s] for s in sealed):
        return ("bad_seal", "封墩的人不出牌，不会得墩，也不会结牌。",
                "A player who chose sealing (封墩) lays no tile: he holds no trick (墩) and cannot be the one who closed.")
    if zhizun is not None and (zhizun in sealed or not 0 <= zhizun < PLAYERS):
        return "bad_seal", "封墩的人不出牌，打不出至尊。", "A player who chose sealing (封墩) lays no tile, so he cannot have played the supreme pair."
    return None


def can_seal(hand: tuple[str, ...] | list[str]) -> bool:
    """封墩 is allowed when no tile is even the second best of its class (天地, 杂九杂八, 虎头四六)."""
    return why_not_seal(hand) is None


def why_not_seal(hand: tuple[str, ...] | list[str]) -> tuple[str, str] | None:
    """None when the hand may be sealed; else which tiles forbid it, in words."""
    top = [t for t in dict.fromkeys(hand) if BY_CODE[t].rank >= TOP_RANK[BY_CODE[t].cls] - 1]
    if not top:
        return None
    zh = "、".join(BY_CODE[t].zh for t in top)
    en = ", ".join(BY_CODE[t].en for t in top)
    return (f"不能封墩：手中有{zh}，是本门第一或第二大的牌（“老”或“亚”）；只有连第二老的牌都没有才能封。",
            f"You cannot seal: your hand holds {en}, the best or second-best of its class (老 or 亚); "
            "only a hand without even a second-best tile may be sealed.")


def bama_kind(closer_tiles: tuple[str, ...], hard: bool, config: GupaiConfig = DEFAULT) -> str:
    """Kind of 八马: "hard" when the others could not beat the winner (or every 八马, under
    the option ``hard_bama = every``), "red" when the winner's eight tiles include a 赏, else "plain"."""
    if hard or config.hard_bama == "every":
        return "hard"
    if any(t in SHANG for t in closer_tiles):
        return "red"
    return "plain"


def is_heibama(held_closer: int, facts: Facts, config: GupaiConfig = DEFAULT) -> bool:
    """黑八马: closing with the last four tiles or more (an unbroken run of won tricks) with a 赏."""
    if config.heibama == "off" or held_closer >= HAND_SIZE or facts.run_each < HEI_RUN:
        return False
    where = facts.run_tiles if config.heibama == "run" else facts.closer_tiles
    return any(t in SHANG for t in where)


def _seat(lang: str, s: int) -> str:
    return SEATS_ZH[s] if lang == "zh" else SEATS_EN[s]


def settle(
    held: tuple[int, ...] | list[int],
    closer: int,
    config: GupaiConfig = DEFAULT,
    closer_tiles: tuple[str, ...] = (),
    contested: bool = True,
    sealed: tuple[int, ...] = (),
    facts: Facts | None = None,
) -> Settlement:
    """Nets per seat and the payments behind them. ``held`` already includes the closer's
    last trick. ``contested=False`` is shorthand for facts with ``hard=True``."""
    held = tuple(held)
    fault = hand_fault(held, closer, sealed, config=config)
    if fault is not None:
        raise ValueError(fault[2])
    if facts is None:
        facts = Facts(closer_tiles=closer_tiles, hard=not contested)
    others = [s for s in range(PLAYERS) if s != closer]
    bama: str | None = None
    mult = 1
    hei = False
    if held[closer] == total_dun(config):
        bama = bama_kind(facts.closer_tiles, facts.hard, config)
        mult = BAMA_MULT[bama]
        lines = [_bama_line(s, closer, bama, mult, s in sealed) for s in others]
    else:
        hei = is_heibama(held[closer], facts, config)
        lines = [_close_line(s, held[s], closer, hei, s in sealed, facts, config) for s in others]
    if config.xiqian == "one":
        lines += _xiqian_lines(facts.zhizun_by, sealed)
    nets = [0] * PLAYERS
    for ln in lines:
        nets[ln.payer] -= ln.amount
        nets[ln.payee] += ln.amount
    return Settlement(held, closer, tuple(nets), bama, mult, tuple(sorted(sealed)), hei, tuple(lines))


def _bama_line(s: int, closer: int, bama: str, mult: int, sealed: bool) -> Line:
    """What seat ``s`` pays when the closer took all eight tricks (八马)."""
    C = _seat
    if sealed:
        return Line(s, closer, BAOMEN, "sealed",
                    f"{C('zh', s)}封墩，只出清铺的 4 墩给{C('zh', closer)}，不出八马钱。",
                    f"{C('en', s)} chose sealing (封墩): pays {C('en', closer)} only the four of a player with no trick, none of the eight-horse money.")
    return Line(s, closer, BAOMEN * mult, "bama",
                f"{C('zh', closer)}{BAMA_ZH[bama]}：{C('zh', s)}出 {mult} 倍的清铺四墩，共 {BAOMEN * mult} 墩。",
                f"{C('en', closer)} made {BAMA_A_EN[bama]}: {C('en', s)} pays {mult} times the four of a player with no trick, {BAOMEN * mult} in all.")


def _close_line(s: int, h: int, closer: int, hei: bool, sealed: bool, facts: Facts, config: GupaiConfig) -> Line:
    """How seat ``s``, holding ``h`` 墩, settles with the closer of an ordinary close or a 黑八马 (``hei``)."""
    C = _seat
    if sealed:
        return Line(s, closer, BAOMEN, "sealed",
                    f"{C('zh', s)}封墩，只出清铺的 4 墩给{C('zh', closer)}" + ("，不出赏钱。" if hei else "。"),
                    f"{C('en', s)} chose sealing (封墩): pays {C('en', closer)} the four of a player with no trick"
                    + (", and no shang money." if hei else "."))
    if hei and config.shang_baomen == "dealer" and s == facts.dealer and h == 2:
        return Line(closer, s, SHANG_BAOMEN_GAIN, "shang_baomen",
                    f"赏保门进四：庄家{C('zh', s)}只得两墩，不出钱，{C('zh', closer)}还付他 4 墩。",
                    f"赏保门进四: the dealer, {C('en', s)}, holds just two tricks (墩): pays nothing and {C('en', closer)} pays him four.")
    if hei and h < 4:
        pay = HEI_PAYS[h]
        why_zh = {0: "一墩未得，出清铺四墩的两倍", 1: "得一墩，三墩之外还出赏钱，共出五墩",
                  2: "得两墩，保了赏，只出差的两墩", 3: "得三墩，只出差的一墩"}[h]
        why_en = {0: "no trick (墩): twice the four of a player with none",
                  1: "one trick (墩): the three short plus shang money, five in all",
                  2: "two tricks (墩): the shang is covered (保了赏), only the two short",
                  3: "three tricks (墩): only the one short"}[h]
        return Line(s, closer, pay, "heibama",
                    f"{C('zh', closer)}{KINDS['black'].zh}：{C('zh', s)}{why_zh}，付 {pay} 墩。",
                    f"{C('en', closer)} made {KINDS['black'].a_en}: {C('en', s)} holds {why_en}; pays {pay}.")
    if h < BAOMEN:
        k = BAOMEN - h
        return Line(s, closer, k, "qingpu" if h == 0 else "baomen",
                    f"{C('zh', s)}得 {h} 墩，" + ("一墩未得（清铺），" if h == 0 else "") + f"比保门的四墩少 {k} 墩，付给结牌的{C('zh', closer)}。",
                    f"{C('en', s)} holds " + ("no trick at all, a shut-out (清铺)" if h == 0 else tricks_en(h))
                    + f", {k} short of the four that break even: pays {k} to {C('en', closer)}, who closed.")
    if h > BAOMEN:
        k = h - BAOMEN
        return Line(closer, s, k, "baomen",
                    f"{C('zh', s)}得 {h} 墩，比保门多 {k} 墩，由结牌的{C('zh', closer)}付给他。",
                    f"{C('en', s)} holds {tricks_en(h)}, {k} more than the four that break even: {C('en', closer)}, who closed, pays him {k}.")
    return Line(s, closer, 0, "even",
                f"{C('zh', s)}得四墩，保门：不进不出。",
                f"{C('en', s)} holds four tricks (墩), breaking even (保门): nothing changes hands.")


def _xiqian_lines(zhizun_by: tuple[int, ...], sealed: tuple[int, ...]) -> list[Line]:
    """喜钱: each player not sealed pays the 至尊's player (under the option ``xiqian = one``)."""
    C = _seat
    return [Line(s, z, XIQIAN, "xiqian",
                 f"{C('zh', z)}打出至尊：{C('zh', s)}出喜钱 {XIQIAN} 墩。",
                 f"{C('en', z)} played the supreme pair (至尊): {C('en', s)} pays {XIQIAN} as wedding money (喜钱).")
            for z in zhizun_by for s in range(PLAYERS) if s != z and s not in sealed]


def closer_line(s: Settlement) -> tuple[str, str]:
    """One sentence on what the closer takes and why (the rhyme or the bonus)."""
    c, n = s.closer, s.held[s.closer]
    base = [ln for ln in s.lines if ln.why != "xiqian"]
    got = sum(ln.amount for ln in base if ln.payee == c) - sum(ln.amount for ln in base if ln.payer == c)
    if s.bama:
        return (f"{SEATS_ZH[c]}得全部八墩，{BAMA_ZH[s.bama]}（×{s.multiplier}），共进 {got} 墩。",
                f"{SEATS_EN[c]} took all eight tricks (墩): {BAMA_A_EN[s.bama]}, × {s.multiplier}, receiving {got} in all.")
    rhyme = "一二三四五六七"[n - 1] + "结" + str(jie(n))
    if s.heibama:
        return (f"{SEATS_ZH[c]}用含赏的牌连赢最后四张以上结牌，{KINDS['black'].zh}，共进 {got} 墩（普通结牌是{rhyme}）。",
                f"{SEATS_EN[c]} closed, winning the last four tiles or more in a row with a shang (赏): {KINDS['black'].a_en}, "
                f"{got} in all (an ordinary close with {tricks_en(n)} would be {rhyme}, {jie(n)}).")
    return (f"{SEATS_ZH[c]}结牌，连最后一圈共 {n} 墩：{rhyme}，三家按保门算账，合起来正是 {got} 墩。",
            f"{SEATS_EN[c]} made the closing (结牌) with {tricks_en(n)}, the last trick included: the rhyme says {rhyme}, and what the others settle against four comes to exactly {got}.")
