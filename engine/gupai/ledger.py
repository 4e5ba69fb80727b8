"""A session ledger of 鄂南骨牌 played with real tiles: what each hand came to, not its plays.

At a real table nobody writes down every tile; what the score-keeper needs from each hand
is the dealer, the tricks (墩) each player took, who made the closing (结牌), who sealed
(封墩), who laid the supreme pair (至尊, for 喜钱), and three facts the bonuses turn on —
whether the closer held a 赏, whether he played one in an unbroken run of won tricks
covering the last four tiles or more (黑八马), and whether, once he held the lead, nobody
could beat him (硬八马). The settlement is the engine's own (:func:`engine.gupai.scoring.settle`)
under the rule options chosen for the session, so the readings change the payments, not
what was entered.

A hand is written as one word (no spaces), the keys in this order, the last four only when
they apply::

    hand:dealer=A:held=3.0.1.4:closer=D[:sealed=B,C][:zhizun=C][:shang=hand|run][:run][:hard]

``shang=run`` means a 赏 was among the tiles the closer played in his final run (so also in
his hand); ``run``: the closer won every trick of the last four tiles or more in a row.

A session is a record's state (:class:`engine.gupai.records.GupaiLedgerState`): each hand settled as it is
entered, with each player's running total.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .config import DEFAULT, GupaiConfig
from .scoring import KINDS, SEATS_EN, SEATS_ZH, Facts, Settlement, hand_fault, kind_of, settle
from .tiles import HAND_SIZE, PLAYERS, SHANG

LETTERS = "".join(en[-1] for en in SEATS_EN)  # a seat in a ledger's word: the letter of its name (Player A: A)
MAX_HANDS = 200
SHANG_WHERE = ("none", "hand", "run")

_WORD = re.compile(
    r"^hand:dealer=([A-D]):held=([0-8])\.([0-8])\.([0-8])\.([0-8]):closer=([A-D])"
    r"(?::sealed=([A-D](?:,[A-D]){0,2}))?(?::zhizun=([A-D]))?(?::shang=(hand|run))?(:run)?(:hard)?$"
)


class LedgerError(ValueError):
    """A hand that cannot have happened, in both languages."""

    def __init__(self, zh: str, en: str) -> None:
        super().__init__(en)
        self.zh, self.en = zh, en


@dataclass(frozen=True)
class Hand:
    dealer: int
    held: tuple[int, int, int, int]
    closer: int
    sealed: tuple[int, ...] = ()
    zhizun: int | None = None  # the seat that laid the supreme pair face up
    shang: str = "none"  # "none", "hand" (the closer held a 赏), "run" (and played it in his final run)
    run: bool = False  # the closer won every trick of the last four tiles or more in a row
    hard: bool = False  # once he held the lead, none of the others had a play to beat him


def _refuse(fault: tuple[str, str, str] | None) -> None:
    """A hand that cannot have ended so (:func:`engine.gupai.scoring.hand_fault`), refused in its words."""
    if fault is not None:
        raise LedgerError(fault[1], fault[2])


def check(h: Hand, config: GupaiConfig = DEFAULT) -> None:
    """LedgerError when the hand cannot have happened."""
    if not (0 <= h.dealer < PLAYERS and 0 <= h.closer < PLAYERS):
        raise LedgerError("庄家和结牌的人应是四家之一。", "The dealer and the player who closed should be two of the four players.")
    _refuse(hand_fault(h.held, h.closer, config=config))  # the tricks first: a hand is refused for them before its sealed seats
    if len(set(h.sealed)) != len(h.sealed) or any(not 0 <= s < PLAYERS for s in h.sealed):
        raise LedgerError("封墩的人应是四家之中的，每人一次。", "Each player who sealed should be named once.")
    _refuse(hand_fault(h.held, h.closer, h.sealed, h.zhizun, config))
    if h.shang not in SHANG_WHERE:
        raise LedgerError("赏只能是没有、在手里或在最后连赢的牌里。", "The shang (赏) is either absent, in the closer's hand, or among the tiles of his final run.")
    if h.run and h.held[h.closer] < 4:
        raise LedgerError("连赢最后四张（或更多）牌的人至少得了四墩。",
                          "Whoever won every trick of the last four tiles or more in a row holds at least four tricks (墩).")
    if h.shang == "run" and not h.run and h.held[h.closer] < HAND_SIZE:
        raise LedgerError("赏在最后连赢的牌里，先得有连赢最后四张（或更多）牌这件事。",
                          "A shang (赏) played in the final run needs the run: the closer won every trick of the last four tiles or more in a row.")


def facts_of(h: Hand) -> Facts:
    """The facts the engine's settlement reads, from what was entered at the table."""
    in_hand = (SHANG[0],) if h.shang in ("hand", "run") else ()
    in_run = (SHANG[0],) if h.shang == "run" or (h.shang == "hand" and h.held[h.closer] == HAND_SIZE) else ()
    run_each = h.held[h.closer] if h.held[h.closer] == HAND_SIZE else (4 if h.run else 0)
    return Facts(closer_tiles=in_hand, hard=h.hard, run_each=run_each, run_tiles=in_run,
                 zhizun_by=() if h.zhizun is None else (h.zhizun,), dealer=h.dealer)


def settle_hand(h: Hand, config: GupaiConfig = DEFAULT) -> Settlement:
    check(h, config)
    return settle(h.held, h.closer, config, sealed=tuple(sorted(h.sealed)), facts=facts_of(h))


# ---------------------------------------------------------------- the written word of a hand


def word(h: Hand) -> str:
    out = f"hand:dealer={LETTERS[h.dealer]}:held={'.'.join(str(x) for x in h.held)}:closer={LETTERS[h.closer]}"
    if h.sealed:
        out += ":sealed=" + ",".join(LETTERS[s] for s in sorted(h.sealed))
    if h.zhizun is not None:
        out += f":zhizun={LETTERS[h.zhizun]}"
    if h.shang != "none":
        out += f":shang={h.shang}"
    if h.run:
        out += ":run"
    if h.hard:
        out += ":hard"
    return out


def parse_word(w: str) -> Hand:
    m = _WORD.match(w) if isinstance(w, str) and len(w) < 120 else None
    if m is None:
        raise LedgerError("一盘应写成 hand:dealer=A:held=3.0.1.4:closer=D，后面可接 :sealed=B、:zhizun=C、:shang=hand 或 :shang=run、:run、:hard（按这个次序）。",
                          "A hand is written hand:dealer=A:held=3.0.1.4:closer=D, optionally followed by :sealed=B, :zhizun=C, :shang=hand or :shang=run, :run, :hard (in that order).")
    g = m.groups()
    return Hand(LETTERS.index(g[0]), (int(g[1]), int(g[2]), int(g[3]), int(g[4])), LETTERS.index(g[5]),
                tuple(LETTERS.index(x) for x in g[6].split(",")) if g[6] else (),
                LETTERS.index(g[7]) if g[7] else None, g[8] or "none", bool(g[9]), bool(g[10]))


def hand_words(h: Hand, s: Settlement) -> tuple[str, str]:
    """A hand in a sentence: dealer, tricks, closer, what it came to."""
    zh_held = "、".join(f"{SEATS_ZH[i][0]}{x}" for i, x in enumerate(h.held))
    en_held = ", ".join(f"{LETTERS[i]} {x}" for i, x in enumerate(h.held))
    nets_zh = "、".join(f"{SEATS_ZH[i][0]}{n:+d}" for i, n in enumerate(s.nets))
    nets_en = ", ".join(f"{LETTERS[i]} {n:+d}" for i, n in enumerate(s.nets))
    kind = kind_of(s)
    kind_zh, kind_en = (KINDS[kind].zh, KINDS[kind].a_en) if kind else ("", "")
    zh = f"{SEATS_ZH[h.dealer]}做庄；墩数 {zh_held}；{SEATS_ZH[h.closer]}结牌" + (f"，{kind_zh}" if kind_zh else "")
    en = f"{SEATS_EN[h.dealer]} deals; tricks {en_held}; {SEATS_EN[h.closer]} closes" + (f", {kind_en}" if kind_en else "")
    if h.sealed:
        zh += "；" + "、".join(SEATS_ZH[x] for x in h.sealed) + "封墩"
        en += "; " + " and ".join(SEATS_EN[x] for x in h.sealed) + " sealed"
    if h.zhizun is not None:
        zh += f"；{SEATS_ZH[h.zhizun]}打出至尊"
        en += f"; {SEATS_EN[h.zhizun]} laid the supreme pair"
    return f"{zh}。结算（墩）：{nets_zh}", f"{en}. Settled (in 墩): {nets_en}"


__all__ = ["Hand", "LedgerError", "MAX_HANDS", "check", "facts_of", "hand_words", "parse_word", "settle_hand", "word"]
