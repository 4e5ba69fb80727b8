"""A second, independent referee of a 跑胡子 / 下灌字牌 hand, written from the booklet alone.

It shares no code with ``engine/``: it reads only the JSON answers of the ``play`` action (the
finished hand's ``log``, ``seats`` and ``result``) and replays the hand on its own small state
machine, built from the booklet (shared/sources/paohuzi.txt) and the 下灌 appendix
(shared/sources/yezixi.txt). Where the booklet is silent it follows the reading the editorial
notes state (docs/paohuzi/notes, anchors named beside each rule below).

What it checks, every step of every hand:

* all 80 cards accounted for: the dealt hands (recovered by bookkeeping from the end of the
  hand), the stock, the cards set aside; at rest every seat holds 20 cards, one more for each
  discard it skipped (§3-5 八块不打牌, notes#card-count, #empty-hand);
* 碰一不碰二 / 不吃臭张 across seats (§3-1, §3-2, notes#play-let-go): a seat that declined a
  card (or discarded it) never takes it later by 碰 or 吃, whoever took the first one;
* 吃 only from the allowed seats (§3-2 不吃隔山牌; 下灌: only the 上家's discard;
  notes#play-order), with every copy held shown (吃牌比牌), never with a card of a 坎 (§3-3);
* compulsory moves: 偎 of an own third card, 提 of an own fourth, 跑 of any fourth to a 坎 or
  偎 and of a stock fourth to a 碰 (§3-3 – §3-5), the 亮张 to a non-dealer's 坎
  (notes#liang-pao); 碰 before 吃; no 碰 of the 亮张; no 跑 of a discard onto a 碰;
* every seat that could 碰 or 吃 a card was asked (the log records its refusal), and none
  that could not; a claim withheld only when it would leave only a 坎 (notes#claim-kan);
* 胡 offered exactly when the booklet allows (an arrangement search of its own, §4, §5):
  never on a discard, to every seat that can win, in turn order from the card's owner;
* the settlement sheet recomputed: the laid-out hand's groups are the winner's cards and lawful,
  their 戏 (§5) and 自摸 +3 make the total, the 等 (§6) and 番 (§7) the score, and the
  points of every seat (比赛 5) follow.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

SMALL = [f"x{r}" for r in range(1, 11)]
BIG = [f"d{r}" for r in range(1, 11)]
FACES = SMALL + BIG
IDX = {c: i for i, c in enumerate(FACES)}
RED = {2, 7, 10}


def rank(c: str) -> int:
    return int(c[1:])


def is_big(c: str) -> bool:
    return c[0] == "d"


def same_size(c: str, r: int) -> str:
    return f"{c[0]}{r}"


def other_size(c: str) -> str:
    return ("x" if is_big(c) else "d") + c[1:]


# §5: 戏 of each group (small, big)
HUXI = {"kan": (3, 6), "wei": (3, 6), "peng": (1, 3), "pao": (6, 9), "ti": (9, 12), "shun123": (3, 6), "red": (3, 6)}


def group_kind(cards: list[str]) -> str:
    """'shun' (three in a row, one size), 'red' (二七十 / 贰柒拾), 'bian' (one number, both sizes), '' otherwise."""
    if len(cards) != 3:
        return ""
    sizes = {c[0] for c in cards}
    ranks = sorted(rank(c) for c in cards)
    if len(sizes) == 1 and ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
        return "shun"
    if len(sizes) == 1 and ranks == [2, 7, 10]:
        return "red"
    if len(sizes) == 2 and len(set(ranks)) == 1:
        return "bian"
    return ""


def group_huxi(kind: str, cards: list[str]) -> int:
    b = 1 if is_big(cards[0]) else 0
    if kind in ("kan", "wei", "peng", "pao", "ti"):
        return HUXI[kind][b]
    k = group_kind(cards)
    if k == "shun" and sorted(rank(c) for c in cards) == [1, 2, 3]:
        return HUXI["shun123"][b]
    if k == "red":
        return HUXI["red"][b]
    return 0


@lru_cache(maxsize=200_000)
def _best(counts: tuple[int, ...], pairs: int, red_ok: bool) -> int | None:
    """Most 戏 of concealed cards (each face at most 2: the 坎 are taken out first) as runs, 编 and at most
    ``pairs`` pairs; None if they cannot all be grouped."""
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return 0
    best: int | None = None
    c = FACES[i]
    r = rank(c)

    def take(faces: list[str], gain: int, used_pair: int = 0) -> None:
        nonlocal best
        lst = list(counts)
        for f in faces:
            lst[IDX[f]] -= 1
            if lst[IDX[f]] < 0:
                return
        rest = _best(tuple(lst), pairs - used_pair, red_ok)
        if rest is not None and (best is None or rest + gain > best):
            best = rest + gain

    if r <= 8:
        run = [c, same_size(c, r + 1), same_size(c, r + 2)]
        take(run, group_huxi("shun", run))
    o = other_size(c)
    take([c, c, o], 0)
    take([c, o, o], 0)
    if r == 2 and red_ok:
        red = [c, same_size(c, 7), same_size(c, 10)]
        take(red, group_huxi("red", red))
    if pairs > 0:
        take([c, c], 0, 1)
    return best


def arrange(concealed: Counter, pairs: int, red_ok: bool = True) -> int | None:
    """Most 戏 of a concealed hand: every 坎 stays whole (§3-3 拆对不拆坎), the rest in runs, 编, a pair."""
    if any(n > 4 or n < 0 for n in concealed.values()):
        return None
    gain = 0
    counts = [0] * 20
    for c, n in concealed.items():
        if n == 3:
            gain += group_huxi("kan", [c])
        elif n == 4:
            gain += group_huxi("ti", [c])
        else:
            counts[IDX[c]] = n
    rest = _best(tuple(counts), pairs, red_ok)
    return None if rest is None else rest + gain


def groups_with(card: str, concealed: Counter) -> list[list[str]]:
    """Groups of three holding ``card`` and two concealed cards that are not part of a 坎."""
    free = Counter({c: n for c, n in concealed.items() if n < 3})
    r = rank(card)
    out = []
    for lo in (r - 2, r - 1, r):
        if lo >= 1 and lo + 2 <= 10:
            out.append([same_size(card, x) for x in (lo, lo + 1, lo + 2)])
    o = other_size(card)
    out += [[card, card, o], [card, o, o]]
    if r in RED:
        out.append([same_size(card, x) for x in (2, 7, 10)])
    ok = []
    for g in out:
        need = Counter(g)
        need[card] -= 1
        if all(free[c] >= n for c, n in need.items()):
            ok.append(g)
    return ok


@dataclass
class Rules:
    variant: str = "paohuzi"
    seats: int = 3
    xing: bool = True
    threshold: int = 15
    claim_kan: str = "forbid"
    chi_shang_draw: str = "forbid"
    liang_pao: str = "pao"

    @property
    def xiaguan(self) -> bool:
        return self.variant == "xiaguan"


def rules_for(variant: str, table: str, options: dict[str, str] | None = None) -> Rules:
    o = options or {}
    seats = 2 if table == "two" else 3
    thr = int(o.get("threshold", 15))
    if table == "two" and o.get("two_players", "threshold") == "threshold":
        thr = max(thr, 21)  # §1-3: 二十一戏才能胡牌
    return Rules(variant, seats, table == "four", thr, o.get("claim_kan", "forbid"),
                 "forbid" if variant == "xiaguan" else o.get("chi_shang_draw", "forbid"), o.get("liang_pao", "pao"))


@dataclass
class Window:
    card: str
    owner: int
    origin: str  # stock | discard | liang
    passed: list[tuple[int, str]] = field(default_factory=list)  # (seat, peng|chi|hu)
    withheld: set = field(default_factory=set)


class Departure(AssertionError):
    pass


class Referee:
    """Replays one finished hand from its answer; ``departures`` lists every place it differs from the booklet."""

    def __init__(self, answer: dict[str, Any], rules: Rules) -> None:
        self.a = answer
        self.r = rules
        self.n = rules.seats
        self.departures: list[str] = []
        self.checks = Counter()
        self.hand: list[Counter] = [Counter() for _ in range(self.n)]
        self.open: list[list[tuple[str, list[str]]]] = [[] for _ in range(self.n)]
        self.chou: list[set[str]] = [set() for _ in range(self.n)]
        self.skipped = [0] * self.n
        self.owed = [0] * self.n  # dealt second 提: the next discard is not made (notes#play-chong-pao)
        self.quads = [0] * self.n
        self.window: Window | None = None
        self.turn: int | None = None
        self.drawer: int | None = None
        self.must_skip: int | None = None
        self.liang: str | None = None

    # ------------------------------------------------------------ helpers
    def bad(self, n: int, what: str) -> None:
        self.departures.append(f"step {n}: {what}")

    def nxt(self, s: int) -> int:
        return (s + 1) % self.n

    def held(self, s: int) -> int:
        return sum(self.hand[s].values()) + sum(len(cs) for _, cs in self.open[s])

    def open_of(self, s: int, card: str) -> str | None:
        return next((k for k, cs in self.open[s] if k in ("wei", "peng") and cs[0] == card), None)

    def can_discard_after(self, s: int, used: Counter) -> bool:
        if self.r.claim_kan == "allow" or self.owed[s]:
            return True
        rest = self.hand[s] - used
        return any(0 < n < 3 for n in rest.values())

    def chi_seats(self, w: Window) -> list[int]:
        if w.origin == "discard":
            return [self.nxt(w.owner)]
        if w.origin != "stock":
            return []
        out = [] if self.r.xiaguan else [w.owner]  # §3-2 本方摸出的; 下灌: only the 上家's discard
        if self.r.chi_shang_draw == "allow" and self.nxt(w.owner) != w.owner:
            out.append(self.nxt(w.owner))
        return out

    def chi_ways(self, s: int, card: str, any_discard: bool = False) -> list[list[list[str]]]:
        """Lawful 吃 of ``card`` by ``s``: the new group then a group for each further copy held (吃牌比牌 / 下火)."""
        h = self.hand[s]
        if h[card] >= 3:
            return []
        out: list[list[list[str]]] = []

        def rec(pool: Counter, left: int, groups: list[list[str]]) -> None:
            if len(out) > 3:
                return
            if left == 0:
                used = self.hand[s] - pool
                if any_discard or self.can_discard_after(s, used):
                    out.append(groups)
                return
            if pool[card] < 1:
                return
            for g in groups_with(card, pool - Counter({card: 1})):  # a 比 group: all three cards from the hand
                need = Counter(g)
                if need[card] > left:  # (下灌: the held copy may go down in any 墩, 二七十 too)
                    continue
                if all(pool[c] >= m for c, m in need.items()):
                    rec(pool - need, left - need[card], groups + [g])

        pool = Counter({c: n for c, n in h.items() if n < 3})
        for g in groups_with(card, pool):
            if self.r.xiaguan and group_kind(g) == "red":
                continue  # 下灌: 吃 makes a 顺子 or 半边
            need = Counter(g)
            need[card] -= 1
            rec(pool - need, h[card] - need[card], [g])
        return out

    def can_peng(self, s: int, w: Window) -> bool:
        c = w.card
        return (s != w.owner and w.origin != "liang" and self.hand[s][c] == 2 and c not in self.chou[s]
                and self.can_discard_after(s, Counter({c: 2})))

    def withheld(self, s: int, w: Window, kind: str) -> bool:
        c = w.card
        if c in self.chou[s] or self.r.claim_kan == "allow":
            return False
        if kind == "peng":
            return s != w.owner and w.origin != "liang" and self.hand[s][c] == 2 and not self.can_discard_after(s, Counter({c: 2}))
        return s in self.chi_seats(w) and not self.chi_ways(s, c) and bool(self.chi_ways(s, c, any_discard=True))

    def forced(self, s: int, w: Window) -> str | None:
        """The compulsory move of ``s`` on the card on offer (§3-3 – §3-5)."""
        n, on = self.hand[s][w.card], self.open_of(s, w.card)
        if w.origin == "liang":
            return "pao" if s != 0 and n == 3 and self.r.liang_pao == "pao" else None
        if w.origin == "stock" and s == w.owner:
            if n == 3 or on == "wei":
                return "ti"
            if n == 2:
                return "wei"
            return "pao" if on == "peng" else None
        if s == w.owner:
            return None
        if n == 3 or on == "wei":
            return "pao"
        if on == "peng" and w.origin == "stock":
            return "pao"  # 手中打出的就不成“跑”了: only a stock card
        return None

    # ------------------------------------------------------------ winning (§4, §5)
    def win_total(self, s: int, w: Window) -> int | None:
        """The most 戏 (with 自摸 +3) the card makes for ``s``, or None if it does not complete his hand."""
        if w.origin == "discard":
            return None  # §4 胡底牌
        c = w.card
        h = self.hand[s]
        open_huxi = sum(group_huxi(k, cs) for k, cs in self.open[s])
        quads = sum(1 for k, _ in self.open[s] if k in ("pao", "ti"))
        own = w.origin == "stock" and s == w.owner
        zimo = 3 if own else 0
        if w.origin == "liang" and any(k != "ti" for k, _ in self.open[s]):
            return None  # 起手胡: a hand ready from the deal
        results: list[int] = []

        def pairs_for(q: int) -> int:
            # §4-9: one pair in a hand; 下灌 (appendix 6): a pair only beside a 开招, one for each (notes#play-xiaguan)
            return q if self.r.xiaguan else 1

        def try_(concealed: Counter, gain: int, q: int) -> bool:
            best = arrange(concealed, pairs_for(q), True)
            if best is not None:
                results.append(open_huxi + gain + best + zimo)
                return True
            return False

        on = self.open_of(s, c)
        if w.origin == "liang" and s == 0:
            try_(h + Counter({c: 1}), 0, quads)  # the dealer's own card (notes#liang-kan)
        elif own and (h[c] == 3 or on == "wei"):  # 提胡 only: 破跑不破提
            rest = h - Counter({c: 3}) if h[c] == 3 else Counter(h)
            gain = group_huxi("ti", [c]) - (group_huxi("wei", [c]) if on == "wei" else 0)
            try_(rest, gain, quads + 1)
        elif own and h[c] == 2:  # 偎胡 (the 偎 is compulsory)
            try_(h - Counter({c: 2}), group_huxi("wei", [c]), quads)
        elif h[c] == 3 or on is not None:  # 跑胡, else 破跑胡 (notes#po-pao: any 坎)
            rest = h - Counter({c: 3}) if h[c] == 3 else Counter(h)
            gain = group_huxi("pao", [c]) - (group_huxi(on, [c]) if on else 0)
            if not try_(rest, gain, quads + 1):
                for g in groups_with(c, h):
                    need = Counter(g)
                    need[c] -= 1
                    try_(h - need, group_huxi("x", g), quads)
        elif h[c] == 2:  # 碰胡, or the pair kept and the card in a run
            try_(h - Counter({c: 2}), group_huxi("peng", [c]), quads)
            for g in groups_with(c, h):
                need = Counter(g)
                need[c] -= 1
                try_(h - need, group_huxi("x", g), quads)
        else:
            try_(h + Counter({c: 1}), 0, quads)
        ok = [t for t in results if t >= self.r.threshold]
        return max(ok) if ok else None

    def hu_order(self, w: Window) -> list[int]:
        if w.origin == "liang":
            return list(range(self.n))
        return [(w.owner + k) % self.n for k in range(self.n)]

    # ------------------------------------------------------------ the replay
    def dealt(self) -> list[Counter]:
        """The dealt hands, by bookkeeping over the finished hand: what each seat holds at the end, less what it
        took from the table, plus what it discarded."""
        seats = self.a["seats"]
        out = []
        for s in range(self.n):
            got = Counter(seats[s]["hand"])
            for g in seats[s]["open"]:
                got.update(c for c in g["cards"])
            out.append(got)
        for e in self.a["log"]:
            s, k, c = e["seat"], e["kind"], e["card"]
            if s is None or c is None:
                continue
            if k in ("chi", "peng", "wei", "pao", "shou") or (k == "ti" and e["rule"]["id"] == "hou_ti"):
                out[s][c] -= 1
            elif k == "discard":
                out[s][c] += 1
        return out

    def run(self) -> Referee:
        a = self.a
        assert a["over"], "the referee reads finished hands"
        dealt = self.dealt()
        size = 20
        for s in range(self.n):
            want = size + (1 if (self.r.xiaguan and s == 0) else 0)
            if sum(dealt[s].values()) != want or min(dealt[s].values(), default=0) < 0:
                self.bad(0, f"seat {s} was dealt {sum(dealt[s].values())} cards, not {want}")
        self.hand = [Counter({c: n for c, n in d.items() if n > 0}) for d in dealt]
        self.stock = 80 - a["aside"] - sum(sum(d.values()) for d in dealt)
        self.started = False
        self.checks["hands"] += 1
        seen = Counter()
        for d in self.hand:
            seen.update(d)
        drawn: list[str] = []
        log = a["log"]
        for _k, e in enumerate(log):
            n = e["n"]
            s, kind, c = e["seat"], e["kind"], e["card"]
            w = self.window
            self.checks["steps"] += 1
            if kind in ("xing", "deal", "aside"):
                continue
            if kind == "ti" and e["rule"]["id"] == "qian_ti":
                if self.hand[s][c] != 4:
                    self.bad(n, f"a ti dealt of {c} without four in hand")
                self.hand[s][c] = 0
                self.open[s].append(("ti", [c] * 4))
                self.quads[s] += 1
                if self.started:  # the dealer's 收张 made four: shown at once, then his turn
                    self.after_claim(s, quad=True)
                continue
            if not self.started:  # the deal is over: a second 提 dealt owes one discard (notes#play-chong-pao)
                self.started = True
                self.owed = [max(0, q - 1) for q in self.quads]
                for t in range(self.n):  # 亮提 is made at the deal: nobody plays on with four alike in hand
                    if max(self.hand[t].values(), default=0) >= 4:
                        self.bad(n, f"seat {t} holds four alike at the deal")
                if self.r.xiaguan:
                    self.after_claim(0, quad=False)  # the banker's 21st card is his first play
            if kind == "liang":
                self.liang = c
                drawn.append(c)
                self.window = Window(c, 0, "liang")
                continue
            if kind == "draw":
                if self.drawer is not None and s != self.drawer:
                    self.bad(n, f"seat {s} drew, but seat {self.drawer} was next")
                if self.turn is not None or self.window is not None:
                    self.bad(n, "a draw while a card or a discard was pending")
                self.stock -= 1
                drawn.append(c)
                self.window = Window(c, s, "stock")
                self.drawer = None
                self.checks["cards_on_offer"] += 1
                continue
            if kind == "discard":
                if self.turn != s or self.must_skip == s:
                    self.bad(n, f"seat {s} discarded out of turn (or after a second ti or pao)")
                if self.hand[s][c] <= 0:
                    self.bad(n, f"seat {s} discarded {c}, which it does not hold")
                elif self.hand[s][c] >= 3 and any(0 < x < 3 for x in self.hand[s].values()):
                    self.bad(n, f"seat {s} broke its kan of {c} (拆对不拆坎)")
                self.hand[s][c] -= 1
                self.chou[s].add(c)
                self.turn = None
                self.window = Window(c, s, "discard")
                self.checks["cards_on_offer"] += 1
                continue
            if kind == "withheld":
                if w is None:
                    self.bad(n, "a claim withheld with no card on offer")
                    continue
                said = [x for x in ("peng", "chi") if ("碰" if x == "peng" else "吃") in e["zh"].split("：")[0]]
                for x in said:
                    if not self.withheld(s, w, x):
                        self.bad(n, f"seat {s} told it may not {x} {w.card}, but the claim would leave a card to discard")
                    w.withheld.add((s, x))
                self.checks["withheld"] += 1
                continue
            if kind == "pass":
                if w is None:
                    self.bad(n, "a pass with no card on offer")
                    continue
                what = "peng" if "不碰" in e["zh"] else "chi" if "不吃" in e["zh"] else "hu"
                if what == "peng" and not self.can_peng(s, w):
                    self.bad(n, f"seat {s} was asked to peng {w.card} but may not")
                if what == "chi" and (s not in self.chi_seats(w) or w.card in self.chou[s] or not self.chi_ways(s, w.card)):
                    self.bad(n, f"seat {s} was asked to chi {w.card} but may not")
                if what == "hu":
                    if self.win_total(s, w) is None:
                        self.bad(n, f"seat {s} was offered a win on {w.card} the booklet does not allow")
                    self.checks["hu_offered"] += 1
                w.passed.append((s, what))
                continue
            if kind == "hu":
                self.check_hu_asked(n, w, upto=s)
                if w is not None and w.origin == "liang":
                    self.stock -= 1
                if w is None or self.win_total(s, w) is None:
                    self.bad(n, f"seat {s} won on {c} but the booklet finds no win")
                self.checks["hu_offered"] += 1
                self.check_settlement(n, s, w)
                self.window = None
                break
            if kind in ("wei", "pao") or (kind == "ti" and e["rule"]["id"] == "hou_ti"):
                if w is None or w.card != c:
                    self.bad(n, f"{kind} of {c} with no such card on offer")
                    continue
                self.check_hu_asked(n, w, upto=None, only=[w.owner] if (w.origin == "stock" and s == w.owner) else None)
                f = self.forced(s, w)
                if f != kind:
                    self.bad(n, f"seat {s} made a {kind} of {c}; the booklet requires {f}")
                self.checks["compulsory"] += 1
                on = self.open_of(s, c)
                if kind == "wei":
                    self.hand[s][c] -= 2
                    self.open[s].append(("wei", [c] * 3))
                else:
                    if self.hand[s][c] == 3:
                        self.hand[s][c] = 0
                    elif on is not None:
                        self.open[s] = [g for g in self.open[s] if not (g[0] == on and g[1][0] == c)]
                    self.open[s].append((kind, [c] * 4))
                    self.quads[s] += 1
                    if w.origin == "liang":
                        self.liang = None
                        self.stock -= 1
                self.close(w)
                self.window = None
                self.after_claim(s, quad=kind != "wei")
                continue
            if kind == "shou":
                if w is None or w.origin != "liang":
                    self.bad(n, "the dealer took a card that is not the turned-up card")
                    continue
                self.check_hu_asked(n, w)
                if any(self.forced(t, w) == "pao" for t in range(1, self.n)):
                    self.bad(n, f"a player holding three {c} did not pao the turned-up card")
                self.hand[0][c] += 1
                self.stock -= 1
                self.liang = None
                self.window = None
                self.turn = None
                if self.hand[0][c] != 4:  # four: shown as a ti at once (the next log line), then his turn
                    self.after_claim(0, quad=False)
                continue
            if kind in ("peng", "chi"):
                if w is None or w.card != c:
                    self.bad(n, f"{kind} of {c} with no such card on offer")
                    continue
                self.check_hu_asked(n, w)
                if any(self.forced(t, w) for t in range(self.n)):
                    self.bad(n, f"{kind} of {c} while a compulsory move was due")
                if c in self.chou[s]:
                    self.bad(n, f"seat {s} took {c} by {kind} after declining it (碰一不碰二 / 不吃臭张)")
                self.checks["claims"] += 1
                if kind == "peng":
                    if not self.can_peng(s, w):
                        self.bad(n, f"seat {s} pengs {c} unlawfully")
                    self.hand[s][c] -= 2
                    self.open[s].append(("peng", [c] * 3))
                else:
                    self.check_peng_asked(n, w)
                    if s not in self.chi_seats(w):
                        self.bad(n, f"seat {s} chis {c} from seat {w.owner} ({w.origin}): 不吃隔山牌")
                    cards = e["cards"]
                    groups = [cards[i:i + 3] for i in range(0, len(cards), 3)]
                    if not groups or c not in groups[0] or any(group_kind(g) == "" for g in groups):
                        self.bad(n, f"seat {s} chis {c} into groups that are no run or bian: {groups}")
                    need = Counter(x for g in groups for x in g)
                    need[c] -= 1
                    if any(self.hand[s][x] < m or self.hand[s][x] >= 3 for x, m in need.items() if m > 0):
                        self.bad(n, f"seat {s} chis {c} with cards it does not hold or from a kan")
                    self.hand[s] = self.hand[s] - need
                    if self.hand[s][c]:
                        self.bad(n, f"seat {s} chis {c} but keeps a copy (烧比)")
                    if self.r.claim_kan == "forbid" and not self.owed[s] and not any(0 < x < 3 for x in self.hand[s].values()):
                        self.bad(n, f"seat {s} chis {c} and is left with only a kan to discard")
                    for g in groups:
                        self.open[s].append(("chi", g))
                self.close(w)
                self.window = None
                self.after_claim(s, quad=False)
                continue
            if kind == "let_go":
                if w is None:
                    self.bad(n, "a card let go with no card on offer")
                    continue
                self.check_hu_asked(n, w)
                self.check_peng_asked(n, w)
                for t in range(self.n):
                    if self.forced(t, w):
                        self.bad(n, f"{c} let go while seat {t} had to {self.forced(t, w)} it")
                    if t in self.chi_seats(w) and c not in self.chou[t] and self.chi_ways(t, c) and (t, "chi") not in w.passed:
                        self.bad(n, f"{c} let go without asking seat {t}, who could chi it")
                self.checks["let_go"] += 1
                self.close(w)
                self.window = None
                self.drawer = self.nxt(w.owner)
                self.check_rest(n)
                continue
            if kind == "skip":
                if self.turn != s and self.must_skip != s:
                    self.bad(n, f"seat {s} skipped a discard it did not owe")
                empty = not any(self.hand[s].values())
                if "无牌" in e["zh"]:
                    if not empty:
                        self.bad(n, f"seat {s} skipped for an empty hand but holds cards")
                elif self.must_skip != s:
                    self.bad(n, f"seat {s} skipped a discard without a second ti or pao")
                self.skipped[s] += 1
                self.turn = None
                self.must_skip = None
                self.drawer = self.nxt(s)
                self.checks["skips"] += 1
                continue
            if kind == "huang":
                if self.stock != 0:
                    self.bad(n, f"a no-win hand with {self.stock} cards left in the stock")
                self.checks["huang"] += 1
                self.check_settlement(n, None, None)
                break
            if kind == "foul":
                self.bad(n, "a foul was played (the reader's moves are refused, never charged)")
                continue
            self.bad(n, f"an event the referee does not know: {kind}")
        # 80 cards: dealt + stock (turned or left) + set aside
        left = a["stock"]
        if self.stock != left:
            self.bad(len(log), f"the stock holds {left} cards; by the referee's count {self.stock}")
        seen.update(drawn)
        if sum(seen.values()) + left + a["aside"] != 80 or max(seen.values(), default=0) > 4:
            self.bad(len(log), "the 80 cards are not all accounted for")
        self.checks["cards_80"] += 1
        return self

    def after_claim(self, s: int, quad: bool) -> None:
        self.turn = s
        if quad and self.quads[s] >= 2:
            self.must_skip = s  # §3-5 重跑不打牌
        elif self.owed[s]:
            self.owed[s] -= 1
            self.must_skip = s

    def close(self, w: Window) -> None:
        for t, what in w.passed:
            if what in ("peng", "chi"):
                self.chou[t].add(w.card)

    def check_hu_asked(self, n: int, w: Window | None, upto: int | None = None, only: list[int] | None = None) -> None:
        """Every seat that can win on the card, in turn order, was asked before the card went elsewhere."""
        if w is None or w.origin == "discard":
            return
        asked = {t for t, what in w.passed if what == "hu"}
        for t in (only if only is not None else self.hu_order(w)):
            if t == upto:
                return
            if t not in asked and self.win_total(t, w) is not None:
                self.bad(n, f"seat {t} could win on {w.card} and was not asked")
            self.checks["hu_checked"] += 1

    def check_peng_asked(self, n: int, w: Window) -> None:
        for t in range(self.n):
            if self.can_peng(t, w) and (t, "peng") not in w.passed:
                self.bad(n, f"seat {t} could peng {w.card} and was not asked (碰 before 吃)")
            if self.withheld(t, w, "peng") and (t, "peng") not in w.withheld:
                self.bad(n, f"seat {t} was not told why it may not peng {w.card}")
            if self.withheld(t, w, "chi") and (t, "chi") not in w.withheld:
                self.bad(n, f"seat {t} was not told why it may not chi {w.card}")

    def check_rest(self, n: int) -> None:
        for s in range(self.n):
            want = 20 + self.skipped[s]
            if self.held(s) != want:
                self.bad(n, f"seat {s} holds {self.held(s)} cards at rest, not {want}")
        self.checks["counts"] += 1

    # ------------------------------------------------------------ settlement (§5 – §7, 比赛 5)
    def check_settlement(self, n: int, s: int | None, w: Window | None) -> None:
        res = self.a["result"]
        sheet = res["sheet"]
        roles = ["zhuang", "xia", "shang"][: self.n]
        seats = roles + (["xing"] if self.r.xing else [])
        if s is None:
            want = {r: 0 for r in seats}
            if self.r.xing:
                want["zhuang"], want["xing"] = -2, 2  # 荒牌庄家计—2分，数醒者计2分
            if sheet["scores"] != want:
                self.bad(n, f"no-win sheet {sheet['scores']}, the booklet gives {want}")
            self.checks["sheets"] += 1
            return
        assert w is not None
        win = res["win"]
        if win is None:
            self.bad(n, "a win with no laid-out hand")
            return
        # the laid-out groups are exactly the winner's cards
        mine = Counter(self.hand[s])
        for _, cs in self.open[s]:
            mine.update(cs)
        mine[w.card] += 1
        laid = Counter(c for g in win["groups"] for c in g["cards"])
        if laid != mine:
            self.bad(n, f"the laid-out hand {sorted(laid.elements())} is not the winner's cards {sorted(mine.elements())}")
        total = 0
        pairs = 0
        runs = 0
        for g in win["groups"]:
            cs = g["cards"]
            k = g["kind"]
            if k in ("kan", "wei", "peng", "pao", "ti", "dui"):
                if len(set(cs)) != 1 or len(cs) != {"dui": 2, "pao": 4, "ti": 4}.get(k, 3):
                    self.bad(n, f"a {k} that is not alike cards: {cs}")
                pairs += k == "dui"
            elif group_kind(cs) == "":
                self.bad(n, f"a group that is no run or bian: {cs}")
            else:
                runs += 1
            h = 0 if k == "dui" else group_huxi(k if k in HUXI else "x", cs)
            if g["huxi"] != h:
                self.bad(n, f"{k} {cs} counted {g['huxi']} 戏, the booklet gives {h}")
            total += h
        fours = sum(1 for g in win["groups"] if g["kind"] in ("pao", "ti"))
        if pairs > (fours if self.r.xiaguan else 1):
            self.bad(n, "more pairs in a winning hand than the rules allow (下灌: one for each 开招)")
        zimo = 3 if (w.origin == "stock" and w.owner == s) else 0
        total += zimo
        if total != win["total"] or sheet["total"] != total:
            self.bad(n, f"the total is {sheet['total']} 戏; the groups make {total}")
        if total < self.r.threshold:
            self.bad(n, f"a win of {total} 戏, below {self.r.threshold}")
        deng = 1 + (total - 15) // 3 if total >= 15 else 1  # §6: 15 = 1, each 3 more one more
        red = sum(1 for c in laid.elements() if rank(c) in RED)
        colour = "black" if red == 0 else "dot" if red == 1 else "purple" if red >= 13 else "red" if red >= 10 else None
        pairs_hu = runs == 0
        mult = {None: 1, "red": 2, "dot": 3, "purple": 4, "black": 5}[colour]
        if pairs_hu:
            mult = {None: 4, "red": 6, "purple": 8, "black": 10, "dot": 4}[colour]
        if sheet["deng"] != deng or sheet["multiplier"] != mult:
            self.bad(n, f"the sheet says {sheet['deng']} 等 × {sheet['multiplier']}; the booklet {deng} × {mult}")
        pay = deng * mult
        want = {r: 0 for r in seats}
        for t in range(self.n):
            if t != s:
                want[roles[t]] -= pay + (mult if self.r.xing else 0)
                want[roles[s]] += pay
                if self.r.xing:
                    want["xing"] += mult
        if sheet["scores"] != want:
            self.bad(n, f"sheet {sheet['scores']}, recomputed {want}")
        self.checks["sheets"] += 1
