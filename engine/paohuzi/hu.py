"""Winning (胡牌): does a card complete a ready hand, how, and for how much.

The inputs are the open groups on the player's table, the concealed hand and
one card with where it came from. Every way the card can join the hand is
tried (:func:`ways`); the forced actions decide which ways are allowed:

* a card drawn by the player himself that matches a concealed pair must be 偎;
  one that matches a concealed 坎 or a 偎 on the table must be 提 (破跑不破提);
* a card that can make a 跑 must be 跑 — unless the 跑 does not complete the
  hand and another use does (破跑胡).

The rest of the hand is laid out by :mod:`engine.paohuzi.arrange`; scoring
(戏, 等, 番) by :mod:`engine.paohuzi.fan`. The best win is the one worth most
(等 × 番), then with the most 戏.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar
from collections.abc import Callable, Iterable, Sequence

from .arrange import arrange_counts, pairs_allowed
from .cards import COPIES, FACES, N_FACES, Card, counts_of
from .config import DEFAULT, RuleConfig
from .fan import colour, combine, deng, is_pairs_hand
from .groups import KINDS, Group, huxi, is_run, pairs_with, shape_ok

_RED_FACES = tuple(f.index for f in FACES if f.red)
#: where the card that comes can come from, in words (zh, en): the hu action's ``source``, the scoring widget's menu
SOURCE_NAMES: dict[str, tuple[str, str]] = {
    "self": ("自己摸出（自摸）", "own draw (zimo)"),
    "shang": ("上家从底牌翻出", "the player before you (上家) turns it up from the stock"),
    "xia": ("下家从底牌翻出", "the player after you (下家) turns it up from the stock"),
    "liang": ("亮张（闲家起手胡）", "the turned-up card at the deal (another player's first win)"),
    "discard": ("别人手中打出", "discarded from a hand"),
    "liang_zhuang": ("亮张（庄家起手胡）", "the turned-up card at the deal (the dealer's first win)"),  # the dealer's 起手胡 on the 亮张
}
SOURCES = tuple(SOURCE_NAMES)
#: the same sources as a scorer at a real table names them on the match sheet, about the winner (not "you"),
#: with one entry for a win on the turned-up card whoever wins it
SHEET_SOURCES: dict[str, tuple[str, str]] = {
    "self": ("自己摸的（自摸）", "drawn by the winner (self-drawn)"), "shang": ("上家翻出的", "turned by the previous player"),
    "xia": ("下家翻出的", "turned by the next player"), "liang": ("亮张（起手胡）", "the turned-up card (first-deal win)")}
T = TypeVar("T")
OPEN_KINDS = ("peng", "wei", "shun", "bian", "pao", "ti")

#: way id -> (zh, en)
WAYS: dict[str, tuple[str, str]] = {
    "qi_shou_hu": ("起手胡", "win on the turned-up card"),
    "peng_hu": ("碰胡", "win by peng"),
    "wei_hu": ("偎胡", "win by wei"),
    "pao_hu": ("跑胡", "win by pao"),
    "ti_hu": ("提胡", "win by ti"),
    "shun_hu": ("顺胡", "win by a run"),
    "bian_hu": ("编胡", "win by a bian"),
    "po_pao_hu": ("破跑胡", "win by breaking a pao"),
    "dan_diao_hu": ("单吊胡", "win on a single"),
    "liang_tou_hu": ("两头胡", "win on either end"),
}

#: reason code -> (zh, en): why a hand does not win (诈胡 and plain non-wins)
REASONS: dict[str, tuple[str, str]] = {
    "incomplete": ("这张牌不能使全手牌组成完整的牌型。", "This card does not complete the hand."),
    "below_threshold": ("胡息不足开胡标准，摊牌即为诈胡。", "Too few huxi to win: showing this hand would be a false win (zha hu)."),
    "not_from_stock": ("只能胡底牌：手中打出的牌不能胡。", "Only a stock card wins: a card discarded from a hand cannot."),
    "card_count": ("牌数不对：完整的牌型是二十一张；行牌中形成的提或跑，除了全手第一个以外，每个多一张（开局就有的前提不添牌），所以有 n 个提、跑时是二十一到二十一加 n 减一张。", "Wrong number of cards: a complete hand has 21; each ti or pao made during play adds one, except the hand's first (a ti already in the deal adds none), so with n of them it has 21 to 20 + n cards."),
    "must_wei": ("自己摸到与对子相同的牌必须偎，偎后不成胡（扯偎）。", "An own draw matching a pair must be wei'd, and the wei does not complete the hand."),
    "po_ti": ("破跑不破提：自己摸到第四张必须提，提后不成胡。", "A ti cannot be broken: an own fourth card must be ti'd, and the ti does not complete the hand."),
    "must_pao": ("按所选规则，跟前的偎或碰出现第四张必须跑，不能破跑；跑后不成胡。", "Under the chosen rule a fourth card to a wei or peng on the table must be pao'd, never broken, and the pao does not complete the hand."),
    "xia_card": ("按所选规则，下家摸出的牌不能组成顺子或编子来胡。", "Under the chosen rule, 下家's card cannot complete a run or bian."),
    "mixed_shun": ("大小字混在一起组成了顺子（诈胡）。", "A run mixes big and small cards (false win)."),
    "chai_kan": ("拆坎：三张相同的牌被拆开使用（诈胡）。", "A kan was split (false win)."),
    "shi_ti": ("失提：手中四张相同的牌没有亮提（诈胡）。", "Four alike kept hidden instead of shown as ti (false win)."),
    "not_initial": ("起手胡只能用刚起完的牌，跟前不能已有吃碰的牌。", "A win on the turned-up card needs the dealt hand, with nothing claimed yet."),
    "zou_pao": ("走跑：该跑的牌没有跑（诈胡）。", "A required pao was not made (false win)."),
    "shao_bi": ("烧比：吃牌时没有比牌（诈胡）。", "A chi without showing the matching cards (false win)."),
    "chou_zhang": ("臭张：吃或碰了放过的牌（诈胡）。", "A passed card was claimed later (false win)."),
    "too_few": ("牌太少：胡牌要二十一张（落轿的二十张加来牌），这里不够。", "Too few cards: a win takes twenty-one (the twenty of a ready hand and the card that comes), and there are fewer here."),
    "kan_needed": ("只有拆开手里的一坎才凑得成整套，而坎不能拆（拆对不拆坎）。", "The hand would be complete only by splitting a kan in hand, and a kan may never be split."),
}

#: reason code -> (page, anchor) of the rule that explains it, for a link next to the verdict
REASON_RULES: dict[str, tuple[str, str]] = {
    "incomplete": ("winning", "ways"),
    "below_threshold": ("scoring", "deng"),
    "not_from_stock": ("winning", "ready"),
    "card_count": ("winning", "ready"),
    "too_few": ("winning", "ready"),
    "must_wei": ("winning", "ways"),
    "po_ti": ("winning", "ways"),
    "must_pao": ("notes", "po-pao"),
    "xia_card": ("notes", "xia-shun"),
    "mixed_shun": ("winning", "false-win"),
    "chai_kan": ("winning", "false-win"),
    "kan_needed": ("winning", "false-win"),
    "shi_ti": ("winning", "false-win"),
    "not_initial": ("notes", "liang"),
    "zou_pao": ("winning", "false-win"),
    "shao_bi": ("winning", "false-win"),
    "chou_zhang": ("winning", "false-win"),
}
#: the fouls a player declares at the showdown (the hu action's ``fouls``), named in a few words (zh, en)
FOUL_NAMES: dict[str, tuple[str, str]] = {
    "zou_pao": ("走跑", "missed pao"),
    "shi_ti": ("失提", "missed ti"),
    "shao_bi": ("烧比", "chi without showing"),
    "chou_zhang": ("臭张", "passed card claimed"),
    "chai_kan": ("拆坎", "split kan"),
}
DECLARED_FOULS = tuple(FOUL_NAMES)


@dataclass(frozen=True)
class Win:
    """One complete layout of the hand with the card."""

    ways: tuple[str, ...]
    groups: tuple[Group, ...]
    group_huxi: int  # sum over groups
    zimo: bool
    total: int  # with the 自摸 bonus
    deng: int
    fans: tuple[str, ...]
    multiplier: int
    red: int
    cards: int
    meets_threshold: bool
    count_ok: bool
    win_group: int = -1  # index in ``groups`` of the group the card joined

    @property
    def score(self) -> int:
        return self.deng * self.multiplier

    @property
    def valid(self) -> bool:
        return self.meets_threshold and self.count_ok


@dataclass(frozen=True)
class Verdict:
    wins: bool
    best: Win | None
    reasons: tuple[str, ...] = ()


def check_open(groups: Sequence[Group], cfg: RuleConfig = DEFAULT) -> list[str]:
    """Problems with open groups that make a hand a 诈胡 (reason codes). Raises ValueError if malformed."""
    out: list[str] = []
    for g in groups:
        if g.kind not in OPEN_KINDS or g.kind not in cfg.kinds:
            raise ValueError(f"kind {g.kind}")
        if shape_ok(g.kind, g.cards, cfg):
            continue
        if g.kind == "shun" and len(g.cards) == 3 and is_run(tuple(Card(False, c.rank) for c in g.cards)):
            out.append("mixed_shun")
            continue
        raise ValueError(f"shape {g.kind}")
    return out


def _hidden_fouls(open_groups: Sequence[Group], counts: list[int]) -> list[str]:
    out: list[str] = []
    if 4 in counts:
        out.append("shi_ti")
    for g in open_groups:
        i = g.cards[0].index
        if KINDS[g.kind].same and g.kind in ("peng", "wei") and counts[i] >= 1:
            out.append("chai_kan")
        if not KINDS[g.kind].same and any(counts[c.index] >= 3 for c in g.cards):
            out.append("chai_kan")
    return sorted(set(out))


def expected_count(groups: Iterable[Group], cfg: RuleConfig) -> tuple[int, int]:
    """Fewest and most cards a complete hand with these groups can have.

    Twenty are dealt and the twenty-first wins. 吃, 碰, 偎 and the hand's first 提/跑 are each
    followed by a discard, so they leave the count alone; a 提/跑 after the first (重跑,
    "八块不打牌") is not, so it adds one. A 前提 (four alike in the deal) brings no card at all.
    Which 提 were dealt is not part of the request, so the count may lie anywhere between
    21 (every four-group dealt, or only one) and 21 + (fours − 1) (all made in play).
    """
    quads = sum(1 for g in groups if len(g.cards) == 4)
    lo = cfg.hand_size + 1
    return lo, lo + max(0, quads - 1)


def _layout(
    ways_ids: tuple[str, ...],
    fixed: list[Group],
    counts: list[int],
    zimo: bool,
    red: int,
    cfg: RuleConfig,
) -> Win | None:
    quads = sum(1 for g in fixed if len(g.cards) == 4)
    pairs = pairs_allowed(tuple(counts), cfg, quads) - sum(1 for g in fixed if g.kind == "dui")
    if pairs < 0:
        return None
    got = arrange_counts(tuple(counts), pairs, cfg)
    if got is None:
        return None
    groups = tuple(fixed) + got[1]
    gh = sum(huxi(g, cfg) for g in groups)
    total = gh + (cfg.zimo_bonus if zimo else 0)
    thr = total if cfg.threshold_zimo == "with" else gh
    fans, mult = combine(colour(red, cfg), is_pairs_hand(groups), cfg)
    n = sum(len(g.cards) for g in groups)
    lo, hi = expected_count(groups, cfg)
    return Win(
        ways=ways_ids,
        groups=groups,
        group_huxi=gh,
        zimo=zimo,
        total=total,
        deng=deng(total, cfg),
        fans=fans,
        multiplier=mult,
        red=red,
        cards=n,
        meets_threshold=thr >= cfg.threshold,
        count_ok=lo <= n <= hi,
        win_group=len(fixed) - 1,
    )


def _triples_with(w: int, counts: list[int], cfg: RuleConfig) -> list[tuple[str, tuple[int, ...]]]:
    """(kind, two concealed face indices) that make a 顺 or 编 with face ``w`` in a win's layout
    (:func:`engine.paohuzi.groups.pairs_with`; two cards never taken from a 坎, three alike stay whole)."""
    pool = [n if n < 3 else 0 for n in counts]
    out = []
    for p in pairs_with(w, pool, cfg, chi=False):
        kind = "shun" if is_run((FACES[w], FACES[p[0]], FACES[p[1]])) else "bian"
        if kind in cfg.kinds:
            out.append((kind, p))
    return out


#: a layout of the hand with the card for ``_candidates``: (way, open groups, concealed counts left) -> a Win or None
Fit = Callable[["str | Callable[[], str]", list[Group], list[int]], T | None]


def _minus(counts: list[int], *idx: int) -> list[int]:
    """The concealed counts with one card of each index in ``idx`` taken out."""
    rest = list(counts)
    for i in idx:
        rest[i] -= 1
    return rest


def _free_ways(open_groups: Sequence[Group], counts: list[int], card: Card, source: str, cfg: RuleConfig, fit: Fit[T],
               first: bool, four_kind: str | None) -> list[T]:
    """The layouts of the uses no rule forces: 碰 with a concealed pair, a 顺 or 编 (breaking a 跑, 破跑胡, if the
    card could make one), a pair with a single (单吊胡, 两头胡). ``first``: stop at the first layout found."""
    w = card.index
    c = counts[w]
    found: list[T] = []
    if c == 2:
        got = fit("peng_hu", list(open_groups) + [Group.of("peng", [card] * 3, True)], _minus(counts, w, w))
        if got:
            found.append(got)
            if first:
                return found
    if not (source == "xia" and cfg.xia_shun == "forbid"):
        for kind, (a, b) in _triples_with(w, counts, cfg):
            way = "po_pao_hu" if four_kind == "pao" else f"{kind}_hu"
            got = fit(way, list(open_groups) + [Group.of(kind, [card, FACES[a], FACES[b]])], _minus(counts, a, b))
            if got:
                found.append(got)
                if first:
                    return found
    if c == 1:
        quads = sum(1 for g in open_groups if len(g.cards) == 4)

        def pair_way() -> str:
            return "liang_tou_hu" if len(_pair_waits(tuple(counts), quads, cfg)) >= 2 else "dan_diao_hu"

        got = fit(pair_way, list(open_groups) + [Group.of("dui", [card, card])], _minus(counts, w))
        if got:
            found.append(got)
    return found


def _candidates(
    open_groups: Sequence[Group], counts: list[int], card: Card, zimo: bool, source: str, cfg: RuleConfig, fit: Fit[T],
    first: bool = False,
) -> tuple[list[T], str | None, str | None]:
    """Every way ``card`` may join the hand, as the forced actions allow, laid out by ``fit``: the layouts found
    (in this order), the rule that forbids any other use of the card (``po_ti``, ``must_pao``, ``must_wei``) and
    the forced 跑/提 the card could make. ``first``: stop at the first layout found. A way's name may be given
    as a function, asked only by a ``fit`` that names it."""
    w = card.index
    same_open = next((k for k, g in enumerate(open_groups) if g.kind in ("peng", "wei") and g.cards[0] == card), None)
    four_kind: str | None = None  # the forced 跑/提, if the card can make one
    four: T | None = None
    if same_open is not None:
        four_kind = "ti" if (zimo and open_groups[same_open].kind == "wei") else "pao"
        fixed = [x for k, x in enumerate(open_groups) if k != same_open]
        fixed.append(Group.of(four_kind, [card] * 4, True))
        four = fit(f"{four_kind}_hu", fixed, list(counts))
    elif counts[w] == 3:
        four_kind = "ti" if zimo else "pao"
        four = fit(f"{four_kind}_hu", list(open_groups) + [Group.of(four_kind, [card] * 4, True)], _minus(counts, w, w, w))
    candidates: list[T] = []
    exclusive: str | None = None
    if four_kind == "ti":
        exclusive = "po_ti"
        if four:
            candidates.append(four)
    elif four_kind == "pao" and four:
        candidates.append(four)  # a 跑 that completes the hand must be taken
    elif four_kind == "pao" and same_open is not None and cfg.po_pao == "hand":
        exclusive = "must_pao"  # under this reading only a 坎 in hand may be broken
    elif counts[w] == 2 and zimo:
        exclusive = "must_wei"
        wei = fit("wei_hu", list(open_groups) + [Group.of("wei", [card] * 3, True)], _minus(counts, w, w))
        if wei:
            candidates.append(wei)
    if not candidates and exclusive is None:
        candidates = _free_ways(open_groups, counts, card, source, cfg, fit, first, four_kind)
    return candidates, exclusive, four_kind


def _fits(way: object, fixed: list[Group], rest: list[int], cfg: RuleConfig) -> bool:
    """Whether :func:`_layout` finds a layout (it does exactly when the groups leave a pair allowance
    and the concealed cards left can be arranged)."""
    quads = sum(1 for g in fixed if len(g.cards) == 4)
    pairs = pairs_allowed(tuple(rest), cfg, quads) - sum(1 for g in fixed if g.kind == "dui")
    return pairs >= 0 and arrange_counts(tuple(rest), pairs, cfg) is not None


def completes(open_groups: Sequence[Group], counts: Sequence[int], card: Card, source: str, cfg: RuleConfig = DEFAULT) -> bool:
    """Whether ``card`` (from ``source``) completes the hand in some layout the forced actions allow: exactly
    when :func:`evaluate` finds a best win (a win that may still fail for another reason). A quick answer for
    the many cards that complete nothing (the table asks it of every seat for every card turned)."""
    if source not in ("self", "shang", "xia", "discard"):
        return evaluate(open_groups, (), card, source, cfg, hand_counts=counts).best is not None
    same = next((g.kind for g in open_groups if g.kind in ("peng", "wei") and g.cards[0] == card), None)
    quads = sum(1 for g in open_groups if len(g.cards) == 4)
    pairs = sum(1 for g in open_groups if g.kind == "dui")
    return _completes(tuple(counts), card.index, same, quads, pairs, source == "self", source == "xia", cfg)


@lru_cache(maxsize=16_384)  # a decision asks of about a thousand hands: kept small for a phone's memory
def _completes(counts: tuple[int, ...], w: int, same: str | None, quads: int, pairs: int, zimo: bool, xia: bool, cfg: RuleConfig) -> bool:
    """:func:`completes` on what a layout's existence depends on (worked out once for each: the strong level's
    rollouts ask again and again of the same hands): the concealed counts, the card, the 碰 or 偎 of it on the
    table, how many fours and pairs are on the table, whether it is the player's own draw and whether 下家's."""
    card = FACES[w]
    shown = ([Group(same, (card,) * 3, True)] if same else []) + [Group("ti", (FACES[0],) * 4, True)] * quads + [
        Group("dui", (FACES[0],) * 2, True)] * pairs  # (stand-ins: the other groups' cards never matter here)
    found, _, _ = _candidates(shown, list(counts), card, zimo, "xia" if xia else "shang", cfg,
                              lambda way, fixed, rest: _fits(way, fixed, rest, cfg), first=True)
    return bool(found)


def evaluate(
    open_groups: Sequence[Group],
    hand: Sequence[Card],
    card: Card,
    source: str,
    cfg: RuleConfig = DEFAULT,
    fouls: Iterable[str] = (),
    hand_counts: Sequence[int] | None = None,
) -> Verdict:
    """Whether ``card`` (from ``source``) wins for this hand, the best win and the reasons if not."""
    if source not in SOURCES:
        raise ValueError(source)
    open_groups = [g if g.open else Group.of(g.kind, g.cards, True) for g in open_groups]
    reasons: list[str] = check_open(open_groups, cfg)
    counts = list(hand_counts) if hand_counts is not None else counts_of(hand)
    total_counts = list(counts)
    for g in open_groups:
        for x in g.cards:
            total_counts[x.index] += 1
    total_counts[card.index] += 1
    if max(total_counts) > COPIES:
        raise ValueError("more than four of a card")
    reasons += _hidden_fouls(open_groups, counts)
    reasons += [f for f in fouls if f in DECLARED_FOULS]
    if source == "discard":
        reasons.append("not_from_stock")
    if source == "liang_zhuang" and cfg.liang_kan != "dealer":
        source = "liang"  # reading "peng": the 亮张 is an open card for the dealer too
    if source in ("liang", "liang_zhuang") and any(g.kind != "ti" for g in open_groups):
        reasons.append("not_initial")
    red = sum(total_counts[i] for i in _RED_FACES)
    zimo = source == "self" or (source in ("liang", "liang_zhuang") and cfg.liang == "self")
    w = card.index
    qishou = ("qi_shou_hu",) if source in ("liang", "liang_zhuang") else ()
    if source == "liang_zhuang":
        return _dealer_liang(open_groups, counts, card, zimo, red, reasons, cfg)

    def win_of(way: str | Callable[[], str], fixed: list[Group], rest: list[int]) -> Win | None:
        return _layout(qishou + (way if isinstance(way, str) else way(),), fixed, rest, zimo, red, cfg)

    candidates, exclusive, _ = _candidates(open_groups, counts, card, zimo, source, cfg, win_of)
    too_few = sum(total_counts) < cfg.hand_size + 1  # too few cards to be complete at all: say that, not that the card does not fit
    if not candidates:
        why = _why_no_layout(open_groups, counts, card, source, exclusive, red, cfg)
        if why != "incomplete":
            reasons.append(why)
        elif not too_few:
            reasons.append("kan_needed" if _complete_if_kan_split(open_groups, counts, w, cfg) else "incomplete")
    if too_few:
        reasons.insert(0, "too_few")
    candidates.sort(key=lambda x: (x.valid, x.score, x.total, x.ways), reverse=True)
    # (a hand too short to be whole is not judged on its count or its 戏)
    return _verdict(candidates[0] if candidates else None, reasons, not too_few)


def _why_no_layout(open_groups: Sequence[Group], counts: list[int], card: Card, source: str, exclusive: str | None, red: int,
                   cfg: RuleConfig) -> str:
    """Why the card completes no layout the rules allow: the rule that forbids the use that would (``exclusive``),
    下家's card under that reading, or the hand is incomplete."""
    if exclusive is not None:
        # would the card have completed the hand some other way? then name the rule that forbids it
        return exclusive if evaluate_free(open_groups, counts, card, red, cfg) else "incomplete"
    if source == "xia" and cfg.xia_shun == "forbid" and evaluate_free(open_groups, counts, card, red, cfg):
        return "xia_card"
    return "incomplete"


def _verdict(best: Win | None, reasons: list[str], judge: bool = True) -> Verdict:
    """The verdict on the best win found, with ``reasons``: with ``judge`` the win must also hold the right number
    of cards and reach the threshold; each reason once."""
    if best is not None and judge and not best.count_ok:
        reasons.append("card_count")
    if best is not None and judge and not best.meets_threshold:
        reasons.append("below_threshold")
    reasons = list(dict.fromkeys(reasons))
    return Verdict(wins=best is not None and not reasons, best=best, reasons=tuple(reasons))


def _dealer_liang(
    open_groups: Sequence[Group], counts: list[int], card: Card, zimo: bool, red: int, reasons: list[str], cfg: RuleConfig
) -> Verdict:
    """The dealer's 起手胡: the 亮张 is his card (收张, §2), laid out with his dealt hand — a pair and it make a 坎."""
    rest = list(counts)
    rest[card.index] += 1
    win = _layout(("qi_shou_hu",), list(open_groups), rest, zimo, red, cfg)
    if win is not None:
        k = next((i for i, g in enumerate(win.groups) if i >= len(open_groups) and card in g.cards), -1)
        win = Win(**{**win.__dict__, "win_group": k})
    else:
        reasons.append("incomplete")
    return _verdict(win, reasons)


def _complete_if_kan_split(open_groups: Sequence[Group], counts: list[int], w: int, cfg: RuleConfig) -> bool:
    """Whether the concealed cards with face ``w`` would make a whole layout if three (or four) alike could be split."""
    if not any(n >= 3 for n in counts):
        return False
    rest = list(counts)
    rest[w] += 1
    if max(rest) > COPIES:
        return False
    quads = sum(1 for g in open_groups if len(g.cards) == 4)
    return _loose(tuple(rest), pairs_allowed(tuple(rest), cfg, quads), cfg)


@lru_cache(maxsize=4096)
def _loose(res: tuple[int, ...], pairs: int, cfg: RuleConfig) -> bool:
    """Any layout at all, with three or four alike free to go into runs and 编 (for the reason only)."""
    i = next((k for k, n in enumerate(res) if n), -1)
    if i < 0:
        return True
    rank = i % 10 + 1
    options: list[tuple[int, ...]] = []
    if res[i] >= 3:
        options.append((i, i, i))
    if res[i] >= 2 and pairs > 0:
        options.append((i, i))
    if rank <= 8 and res[i + 1] and res[i + 2] and "shun" in cfg.kinds:
        options.append((i, i + 1, i + 2))
    if "bian" in cfg.kinds:
        if cfg.red_bian and rank == 2 and res[i + 5] and res[i + 8]:
            options.append((i, i + 5, i + 8))
        if cfg.mixed_bian and i < 10 and res[i + 10]:
            if res[i] >= 2:
                options.append((i, i, i + 10))
            if res[i + 10] >= 2:
                options.append((i, i + 10, i + 10))
    for idx in options:
        nxt = list(res)
        for k in idx:
            nxt[k] -= 1
        if _loose(tuple(nxt), pairs - (len(idx) == 2), cfg):
            return True
    return False


def evaluate_free(open_groups: Sequence[Group], counts: list[int], card: Card, red: int, cfg: RuleConfig) -> bool:
    """Whether the card completes the hand in a 顺, 编 or pair, ignoring forced actions (for reasons)."""
    w = card.index
    for kind, (a, b) in _triples_with(w, counts, cfg):
        rest = list(counts)
        rest[a] -= 1
        rest[b] -= 1
        if _layout((), list(open_groups) + [Group.of(kind, [card, FACES[a], FACES[b]])], rest, False, red, cfg):
            return True
    return False


@lru_cache(maxsize=4096)
def _pair_waits(counts: tuple[int, ...], quads: int, cfg: RuleConfig) -> tuple[int, ...]:
    out = []
    for i in range(N_FACES):
        if counts[i] != 1:
            continue
        rest = list(counts)
        rest[i] = 0
        allowed = pairs_allowed(tuple(rest), cfg, quads)  # the single's pair is one of them
        if allowed >= 1 and arrange_counts(tuple(rest), allowed - 1, cfg) is not None:
            out.append(i)
    return tuple(out)


def waiting(
    open_groups: Sequence[Group], hand: Sequence[Card], cfg: RuleConfig = DEFAULT
) -> list[tuple[Card, Win | None, Win | None]]:
    """Every face that wins, with the best win when drawn by the player (自摸) and by another (上家)."""
    open_groups = [g if g.open else Group.of(g.kind, g.cards, True) for g in open_groups]
    counts = counts_of(hand)
    seen = counts_of([c for g in open_groups for c in g.cards] + list(hand))
    same_open = {g.cards[0].index for g in open_groups if g.kind in ("peng", "wei")}
    out: list[tuple[Card, Win | None, Win | None]] = []
    for f in FACES:
        if seen[f.index] >= COPIES:
            continue
        # a card that joins nothing in the hand or on the table cannot complete it
        if not counts[f.index] and f.index not in same_open and not _triples_with(f.index, counts, cfg):
            continue
        other = evaluate(open_groups, hand, f, "shang", cfg, hand_counts=counts)
        # the source matters for the layout only when the card meets a pair, a 坎 or a 偎/碰
        # (forced 偎/提); otherwise an own draw completes the hand exactly when another's does
        forced = counts[f.index] in (2, 3) or f.index in same_open
        own = evaluate(open_groups, hand, f, "self", cfg, hand_counts=counts) if (forced or other.best) else None
        own_win = own.best if own is not None and own.wins else None
        if own_win or other.wins:
            out.append((f, own_win, other.best if other.wins else None))
    return out
