"""A hand of 跑胡子 (or 下灌字牌) at the table: one seeded, replayable state machine.

``Hand(seed, cfg, players)`` deals; :meth:`Hand.legal_actions` lists what a seat
may do now and :meth:`Hand.apply` plays one action (a move that breaks a rule
raises :class:`Foul`, with the rule's name and a sentence in both languages).
Compulsory moves (亮提, 收张, 提, 偎, 跑, 重跑不打牌) are made by the machine
itself and written to the log, so a compulsory move can never be skipped.

The order a card is offered in (booklet section numbers in brackets):

* a stock card turned by a player: his own 胡 (4); then, if he holds two or
  three of it, his compulsory 偎 (3-3) or 提 (3-5), made face down before
  anyone sees the card; then the others' 胡 (4, readings ``two_hu`` and
  ``claim_rank``); then the compulsory 跑 of a player holding three of it or
  a 偎 or 碰 of it (3-4); then 碰 (3-1, 碰 before 吃); then 吃 by the player
  himself and by his next player (3-2, 不吃隔山牌);
* a card discarded from a hand: no 胡 (4, 胡底牌); 跑 only onto three in hand
  or a 偎, never onto a 碰 (3-5, 手中打出的就不成跑); 碰; 吃 by the next
  player only;
* whoever could 吃 or 碰 a card and declined it may never 吃 or 碰 that card
  again, whoever takes the card declined (碰一不碰二, 不吃臭张; a card one has
  discarded oneself counts as let go too), and a 偎 of a card once passed for
  碰 is shown (臭偎, 3-3);
* a 碰 or 吃 that would leave only 坎 to discard is not offered (reading
  ``claim_kan``); a compulsory 偎/提/跑 that leaves no card at all skips the
  discard, and the hand then counts one card more, as after a 重跑;
* the 亮张 is taken by the dealer (收张) unless another seat holds three of it
  and must 跑 it (3-4, reading ``liang_pao``);
* after a 吃, 碰, 偎, 提 or 跑 the player discards one card, never one of a 坎
  (拆对不拆坎); after his second 提 or 跑 (前提 at the deal included) he does
  not discard (重跑不打牌, 3-5) and his next player goes on;
* the hand ends with a win or when the stock runs out (荒牌).

Seats are numbered in turn order from the dealer (0); with three players the
roles are 庄家, 下家, 上家 (a four-seat table adds the 醒家, who sits the hand
out), with two 庄家 and 下家.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache, cache
from collections.abc import Sequence

from .cards import FACES, N_FACES, Card, full_deck
from .config import DEFAULT, RuleConfig
from .groups import Group, is_mixed_bian, is_red_bian, is_run
from .hu import REASONS, WAYS, Verdict, completes, evaluate
from .xiaguan import WORDS as XIAGUAN_WORDS

ROLES = {2: ("zhuang", "xia"), 3: ("zhuang", "xia", "shang")}
ROLE_NAMES = {"zhuang": ("庄家", "the dealer"), "xia": ("下家", "the next player"), "shang": ("上家", "the previous player"), "xing": ("醒家", "the counter")}
#: the players of a match by their letters, (zh, en), in their seats from the first dealer: a match's draw for seats
#: and its standings, and a match sheet's players (the one table of them)
PLAYER_NAMES = (("甲", "A"), ("乙", "B"), ("丙", "C"), ("丁", "D"))
MAX_STEPS = 2_000  # a hand never needs more (80 cards); a guard for the loops

#: rule id -> (booklet section, zh, en): every event and every refusal names one
RULES: dict[str, tuple[str, str, str]] = {
    "deal": ("2", "起牌", "the deal"),
    "xing": ("1-1", "腰牌与数醒", "cutting and counting the stock"),
    "qian_ti": ("3-5", "前提（亮提）", "ti dealt (shown at once)"),
    "qishou": ("4-1", "起手胡", "win on the turned-up card"),
    "shou": ("4-1", "收张", "the dealer takes the turned-up card"),
    "draw": ("3", "翻底牌", "turning a stock card"),
    "discard": ("2", "打牌", "discarding"),
    "let_go": ("3-6", "放走", "a card let go"),
    "chi": ("3-2", "吃", "chi"),
    "bi": ("3-2", "吃牌比牌", "showing every copy (bi)"),
    "ge_shan": ("3-2", "不吃隔山牌", "no chi across the table"),
    "chi_from": ("3-2", "吃牌只吃上家打出的牌或自己摸出的牌", "chi only the previous player's discard or one's own draw"),
    "claim_kan": ("3-3", "吃碰以后要有牌可打（拆对不拆坎）", "a claim must leave a card to discard (a kan is never split)"),
    "chou_zhang": ("3-2", "不吃臭张", "no chi of a passed card"),
    "peng": ("3-1", "碰", "peng"),
    "peng_er": ("3-1", "碰一不碰二", "no second chance to peng"),
    "peng_first": ("3-1", "碰优先于吃", "peng before chi"),
    "kan": ("3-3", "拆对不拆坎", "a kan is never split"),
    "wei": ("3-3", "偎", "wei"),
    "chou_wei": ("3-3", "臭偎（明偎）", "wei of a passed card, shown"),
    "pao": ("3-4", "跑", "pao"),
    "hou_ti": ("3-5", "后提", "ti in play"),
    "no_pao_discard": ("3-5", "手中打出的就不成跑", "a discard never makes a pao onto a peng"),
    "chong_pao": ("3-5", "重跑不打牌", "no discard after a second ti or pao"),
    "hu": ("4", "胡牌", "winning"),
    "hu_di": ("4", "胡底牌", "only a stock card wins"),
    "huang": ("1-1", "荒牌", "no winner: the stock runs out"),
    "turn": ("3", "行牌", "the turn"),
}


class Foul(Exception):
    """A move that breaks a rule: ``code`` (a rule id of :data:`RULES` or a reason), a sentence in both languages."""

    def __init__(self, code: str, zh: str, en: str, rule: str = "turn") -> None:
        super().__init__(en)
        self.code, self.zh, self.en, self.rule = code, zh, en, rule


@dataclass(frozen=True)
class Action:
    """One move. ``groups``: for 吃, the new group (card first taken) then each 比 group, as card tuples."""

    seat: int
    kind: str  # hu pass discard chi peng  (compulsory ones, made by the machine: shou ti wei pao skip)
    card: Card | None = None
    groups: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True)
class Shown:
    """A group on a seat's table. ``face``: up | down (暗偎) | one (臭偎) | bottom (前提) | top (后提)."""

    kind: str  # shun bian peng wei pao ti
    cards: tuple[Card, ...]
    face: str = "up"
    taken: Card | None = None  # the card taken from the table (吃, 碰, 跑)
    bi: bool = False  # a 比 group shown beside a 吃

    @cached_property
    def group(self) -> Group:  # (worked out once: the table asks for it at every card turned)
        return Group.of(self.kind, self.cards, True)


@dataclass(frozen=True)
class Event:
    seat: int | None
    kind: str
    rule: str
    zh: str
    en: str
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    hidden: bool = False  # the card is known only to ``seat`` until the hand ends
    origin: str = ""  # for a card let go: "stock" or "discard"


@dataclass
class Window:
    """A card on offer: who may take it, in order."""

    card: Card
    owner: int  # who turned or discarded it (the dealer for the 亮张)
    origin: str  # stock | discard | liang
    steps: list[tuple[int, str]] = field(default_factory=list)  # (seat, hu|forced|peng|chi) still to ask
    passed: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Result:
    winner: int | None
    card: Card | None = None
    source: str = ""
    verdict: Verdict | None = None


#: the sentences of a hand's log that name 提, 偎 or 跑, in 跑胡子's words (fields: {who}/{Who} the seat, {next}/{next_en}
#: the next seat, {card}/{card_en}); a variant writes its own (下灌字牌: engine/paohuzi/xiaguan.py), chosen by ``cfg.words``.
#: ``way.<id>`` keys name a way to win where a variant names it otherwise than :data:`engine.paohuzi.hu.WAYS`.
WORDS: dict[str, tuple[str, str]] = {
    "qian_ti": ("{who}起手四张{card}，亮成前提（翻开最下面一张）。",
                "{Who} was dealt four {card_en} and shows them as a ti (bottom card face up)."),
    "empty_skip": ("{who}手中无牌可打，这一次不打牌（和重跑一样，牌数多算一张），由{next}接着行牌。",
                   "{Who} has no card left to discard: no discard this time (as after a chong pao, the hand counts one card more); {next_en} goes on."),
    "chong_pao": ("{who}重跑，不打牌，由{next}接着行牌。",
                  "{Who} has made a second ti or pao (chong pao): no discard, {next_en} goes on."),
    "two_ti": ("{who}起手有两提，这一次不打牌（重跑不打牌），由{next}接着行牌。",
               "{Who} was dealt two ti (chong pao): no discard this time, {next_en} goes on."),
    "draw_down": ("{who}摸一张底牌，背面朝下（偎）。",
                  "{Who} draws a stock card and keeps it face down (wei)."),
    "chou_wei": ("{who}摸到放过碰的{card}，必须偎，并亮出一张（臭偎）。",
                 "{Who} draws the {card_en} he once let go for peng: he must wei it and show one card (chou wei)."),
    "wei": ("{who}手中有一对，摸到第三张，必须偎（背面朝下）。",
            "{Who} holds a pair and draws the third: he must wei it, face down."),
    "hou_ti": ("{who}摸到第四张{card}，必须提（后提，翻开最上面一张）。",
               "{Who} draws the fourth {card_en}: he must ti (top card face up)."),
    "pao": ("{who}有{card}三张，出现第四张，必须跑（四张全翻开）。",
            "{Who} holds three {card_en} and the fourth appears: he must pao, all four face up."),
    "zou_pao": ("走跑：该跑的牌没有跑。", "Missed pao (zou pao): a required pao was not made."),
    "shi_ti": ("失提：应该提的牌没有提。", "Missed ti (shi ti): a required ti was not made."),
}
WORDS_OF: dict[str, dict[str, tuple[str, str]]] = {"paohuzi": WORDS, "xiaguan": {**WORDS, **XIAGUAN_WORDS}}


def _w(card: Card) -> str:
    return card.zh


def _we(card: Card) -> str:
    return card.en


class Hand:
    """One hand. ``players`` is 3 (also the four-seat table: the 醒家 plays no cards) or 2."""

    #: a hand played out by the strong level's rollouts, of which only the result counts: no log is written
    #: (the table never reads its log; the settlement neither)
    quiet: bool = False

    def __init__(self, seed: int, cfg: RuleConfig = DEFAULT, players: int = 3, aside: int = 0, charge: bool = False,
                 deck: Sequence[Card] | None = None) -> None:
        """``charge``: a move that breaks a rule the booklet penalises (烧比, 走跑, 失提, 臭张, 拆坎, 诈胡) is
        played and charged at the settlement instead of being refused; compulsory moves then wait for
        the player (who may fail to make them). ``deck``: the eighty cards in the order a real table
        dealt them (the cards set aside first, then the deal, then the stock), instead of a shuffle."""
        if players not in ROLES:
            raise ValueError("players")
        self.seed, self.cfg, self.n, self.charge = seed, cfg, players, charge
        self.roles = ROLES[players]
        if deck is None:
            deck = full_deck()
            random.Random(seed).shuffle(deck)
        deck = list(deck)
        self.aside: list[Card] = deck[:aside]
        deck = deck[aside:]
        sizes = [cfg.hand_size] * players
        if cfg.deal_mode == "banker21":
            sizes[0] += 1
        dealt: list[list[Card]] = [[] for _ in range(players)]
        k = 0
        for r in range(max(sizes)):  # in turn from the dealer, one card at a time
            for s in range(players):
                if r < sizes[s]:
                    dealt[s].append(deck[k])
                    k += 1
        self.stock: list[Card] = deck[k:]  # turned from the end
        self.bird_card: Card = self.stock[0]  # the last stock card (打鸟 reads it when the hand ends)
        self.hands: list[list[int]] = [[0] * N_FACES for _ in range(players)]
        for s in range(players):
            for c in dealt[s]:
                self.hands[s][c.index] += 1
        self.open: list[list[Shown]] = [[] for _ in range(players)]
        self.rows: list[list[tuple[Card, str]]] = [[] for _ in range(players)]
        self.chou: list[set[int]] = [set() for _ in range(players)]
        self.quads = [0] * players
        self.skips = [0] * players
        self.bare = [0] * players  # discards skipped because nothing was left in hand (the hand counts one more each)
        self._notes: list[Event] = []  # lines written by _open, logged after the card is shown
        self.fouls: list[list[str]] = [[] for _ in range(players)]
        self.log: list[Event] = []
        self.actions: list[Action] = []
        self.window: Window | None = None
        self.turn: int | None = None  # the seat that must discard
        self.phase = "claim"
        self.result: Result | None = None
        self.liang: Card | None = None
        self._ev(None, "deal", "deal", f"洗牌，从庄家起每人依次起牌，各 {cfg.hand_size} 张" + ("（庄家多起一张）" if cfg.deal_mode == "banker21" else "") + f"；底牌 {len(self.stock)} 张。",
                 f"Shuffle and deal one at a time from the dealer, {cfg.hand_size} each" + (" (the dealer one more)" if cfg.deal_mode == "banker21" else "") + f"; {len(self.stock)} cards left in the stock.")
        if aside:
            self._ev(None, "aside", "deal", f"二人局：{aside} 张牌背面朝下放在一边，整局不用。", f"Two players: {aside} cards are set aside face down, unused for the hand.")
        for s in range(players):
            for i in range(N_FACES):
                if self.hands[s][i] == 4:
                    self.hands[s][i] = 0
                    self._add_quad(s, Shown("ti", (FACES[i],) * 4, "bottom"))
                    self._ev(s, "ti", "qian_ti", *self._say("qian_ti", s, FACES[i]), FACES[i])
            self.skips[s] = max(0, self.quads[s] - 1)
        if cfg.deal_mode == "liang":
            self.liang = self.stock[-1]
            self._ev(0, "liang", "qishou", f"亮张：底牌中翻开的一张是{self.liang.zh}。", f"The turned-up card (liang) of the stock is the {self.liang.en}.", self.liang)
            self.window = Window(self.liang, 0, "liang")
            self._steps_liang()
        else:
            self._to_discard(0)
        self._run()

    # ------------------------------------------------------------------ names
    def role(self, s: int) -> str:
        return self.roles[s]

    def _zh(self, s: int) -> str:
        return ROLE_NAMES[self.roles[s]][0]

    def _en(self, s: int) -> str:
        return ROLE_NAMES[self.roles[s]][1]

    def nxt(self, s: int) -> int:
        return (s + 1) % self.n

    def _ev(self, seat: int | None, kind: str, rule: str, zh: str, en: str, card: Card | None = None,
            cards: Sequence[Card] = (), hidden: bool = False) -> None:
        if self.quiet:
            return
        self.log.append(Event(seat, kind, rule, zh, en, card, tuple(cards), hidden))

    def _say(self, key: str, s: int | None = None, card: Card | None = None) -> tuple[str, str]:
        """Sentence ``key`` of :data:`WORDS` in the words of this hand's variant, about seat ``s`` and ``card``."""
        zh, en = WORDS_OF[self.cfg.words][key]
        fields = {} if s is None else {"who": self._zh(s), "Who": self._en(s).capitalize(), "next": self._zh(self.nxt(s)), "next_en": self._en(self.nxt(s))}
        if card is not None:
            fields.update(card=card.zh, card_en=card.en)
        return zh.format(**fields), en.format(**fields)

    def _way(self, way: str) -> tuple[str, str]:
        """A way to win, named in this hand's variant's words."""
        return WORDS_OF[self.cfg.words].get("way." + way, WAYS[way])

    # ------------------------------------------------------------------ views
    def concealed(self, s: int) -> list[Card]:
        return [FACES[i] for i in range(N_FACES) for _ in range(self.hands[s][i])]

    def open_groups(self, s: int) -> list[Group]:
        return [g.group for g in self.open[s]]

    def all_cards(self) -> list[Card]:
        """Every card of the hand, wherever it is (the 80, always)."""
        out = list(self.stock) + list(self.aside)
        for s in range(self.n):
            out += self.concealed(s)
            out += [c for g in self.open[s] for c in g.cards]
            out += [c for c, _ in self.rows[s]]
        if self.window is not None and self.window.origin != "liang":
            out.append(self.window.card)
        if self.result is not None and self.result.card is not None and self.result.winner is not None and self.window is None:
            out.append(self.result.card)
        return out

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def pending(self) -> int | None:
        """The seat that must decide now (None when the hand is over)."""
        if self.over:
            return None
        if self.phase == "discard":
            return self.turn
        assert self.window is not None and self.window.steps
        return self.window.steps[0][0]

    # ------------------------------------------------------------------ offers
    def _source(self, s: int, w: Window) -> str:
        if w.origin == "liang":
            return "liang_zhuang" if s == 0 else "liang"
        if w.origin == "discard":
            return "discard"
        if s == w.owner:
            return "self"
        return "shang" if self.nxt(w.owner) == s else "xia"

    def cfg_of(self, s: int) -> RuleConfig:
        """The rules as they apply to seat ``s``: a discard skipped for an empty hand lets his hand count one card more."""
        return replace(self.cfg, hand_size=self.cfg.hand_size + self.bare[s]) if self.bare[s] else self.cfg

    def verdict(self, s: int, w: Window) -> Verdict:
        return evaluate(self.open_groups(s), (), w.card, self._source(s, w), self.cfg_of(s), self.fouls[s], hand_counts=self.hands[s])

    def _wins(self, s: int, w: Window) -> Verdict | None:
        # a quick filter: a hand that cannot be ready does not need the search
        if w.origin == "discard" and self.cfg.hu_stock_only:
            return None
        if not completes(self.open_groups(s), self.hands[s], w.card, self._source(s, w), self.cfg_of(s)):
            return None  # the card completes no layout: the verdict could not be a win (nor a 诈胡 to charge)
        v = self.verdict(s, w)
        if self.charge and not v.wins and self.fouls[s] and v.best is not None:
            # a player who broke a rule may still lay his hand down: the settlement finds the 诈胡
            clean = evaluate(self.open_groups(s), (), w.card, self._source(s, w), self.cfg_of(s), (), hand_counts=self.hands[s])
            return clean if clean.wins else None
        return v if v.wins else None

    def _forced_of(self, s: int, w: Window) -> str | None:
        """The compulsory move of seat ``s`` on the card: ti | wei | pao | None."""
        i = w.card.index
        n = self.hands[s][i]
        if w.origin == "liang":
            return "pao" if s != 0 and n == 3 and self.cfg.liang_pao == "pao" else None
        on = next((g.kind for g in self.open[s] if g.kind in ("wei", "peng") and g.cards[0] == w.card), None)
        if w.origin == "stock" and s == w.owner:
            if n == 3 or on == "wei":
                return "ti" if self.cfg.self_fourth == "forced" else None
            if n == 2:
                return "wei"
            if on == "peng":
                return "pao"
            return None
        if n == 3 or on == "wei":
            return "pao"
        if on == "peng" and w.origin == "stock":
            return "pao"
        return None

    def _steps_liang(self) -> None:
        w = self.window
        assert w is not None
        hus = [s for s in range(self.n) if self._wins(s, w)]
        # §3-4: a non-dealer holding three of it must 跑 the 亮张 (reading liang_pao); else the dealer takes it
        pao = [s for s in range(1, self.n) if self.hands[s][w.card.index] == 3] if self.cfg.liang_pao == "pao" else []
        w.steps = [(s, "hu") for s in self._hu_order(hus, w)] + [(s, "forced") for s in pao[:1]] + [(0, "shou")]

    def _hu_order(self, seats: list[int], w: Window) -> list[int]:
        if self.cfg.two_hu == "most" and len(seats) > 1:
            def val(s: int) -> tuple[int, int]:
                b = self.verdict(s, w).best
                return (b.score, b.total) if b else (0, 0)

            return sorted(seats, key=lambda s: val(s), reverse=True)
        return seats

    def _open(self, card: Card, owner: int, origin: str) -> None:
        w = Window(card, owner, origin)
        self.window = w
        order = [(owner + k) % self.n for k in range(self.n)]
        others = order[1:]
        steps: list[tuple[int, str]] = []
        if origin == "stock":
            if self._wins(owner, w):
                steps.append((owner, "hu"))
            f = self._forced_of(owner, w)
            if f in ("ti", "wei"):
                steps.append((owner, "forced"))  # made face down before anyone sees the card
        hus = [s for s in others if self._wins(s, w)] if origin == "stock" or not self.cfg.hu_stock_only else []
        forced = [s for s in (order if origin == "stock" else others) if self._forced_of(s, w) and (s, "forced") not in steps]
        peng = [s for s in others if self._can_peng(s, w) or (self.charge and self.hands[s][card.index] == 2)]
        chi = [s for s in self.chi_seats(w) if self.chi_ways(s, w, limit=1) or (self.charge and self.chi_ways(s, w, limit=1, ignore_chou=True))]
        if self.cfg.claim_rank == "seat":
            first_claim = next((s for s in order if s in forced or s in peng), None)
            if first_claim is not None:
                hus = [s for s in hus if order.index(s) <= order.index(first_claim)]
        # (a card taken by a compulsory move is never on offer for a claim)
        claimable = not forced and not any(k == "forced" for _, k in steps)
        for s in dict.fromkeys([x for x in others if x not in peng] + [x for x in self.chi_seats(w) if x not in chi] if claimable and not self.quiet else []):
            kinds = [k for k in ("peng", "chi") if (k == "chi" or s != owner) and (k != "chi" or s in self.chi_seats(w)) and self.withheld(s, w, k)]
            if kinds:  # never silent: the seat is told (only he knows) why the claim is not his to make
                what_zh = "、".join("碰" if k == "peng" else "吃" for k in kinds)
                what_en = " or ".join(kinds)
                self._notes.append(Event(s, "withheld", "claim_kan", f"{self._zh(s)}不能{what_zh}{_w(card)}：{what_zh}了以后手里只剩坎，没有能打出的牌（拆对不拆坎）。",
                                         f"{self._en(s).capitalize()} may not {what_en} the {_we(card)}: only a kan would be left to discard, and a kan is never split.", card, hidden=True))
        steps += [(s, "hu") for s in self._hu_order(hus, w)]
        steps += [(s, "forced") for s in forced[:1]]
        steps += [(s, "peng") for s in peng if s not in forced[:1]] + [(s, "chi") for s in chi if s not in forced[:1]]
        w.steps = steps

    def chi_seats(self, w: Window) -> list[int]:
        """Who may 吃 this card at all (3-2): the next player after a discard; for a stock card the player who
        turned it (``chi_own_draw``) and his next player (``chi_shang_draw``); never the 亮张."""
        if w.origin == "discard":
            return [self.nxt(w.owner)]
        if w.origin != "stock":
            return []
        out = [w.owner] if self.cfg.chi_own_draw else []
        if self.cfg.chi_shang_draw == "allow" and self.nxt(w.owner) != w.owner:
            out.append(self.nxt(w.owner))
        return out

    def _can_peng(self, s: int, w: Window) -> bool:
        i = w.card.index
        if self.hands[s][i] != 2 or i in self.chou[s]:
            return False
        return self._can_discard_after(s, {i: 2}, 0)

    def _can_discard_after(self, s: int, used: dict[int, int], quad: int) -> bool:
        if self.skips[s] or (quad and self.quads[s] >= 1 and self.cfg.chong_pao_skip) or self.cfg.claim_kan == "allow":
            return True
        rest = [self.hands[s][k] - used.get(k, 0) for k in range(N_FACES)]
        return any(0 < n < 3 for n in rest)

    def withheld(self, s: int, w: Window, kind: str) -> bool:
        """A 碰 or 吃 of the card that seat ``s`` could make but that would leave only 坎 to discard (claim_kan)."""
        i = w.card.index
        if i in self.chou[s] or self.cfg.claim_kan == "allow":
            return False
        if kind == "peng":
            return self.hands[s][i] == 2 and not self._can_discard_after(s, {i: 2}, 0)
        return not self.chi_ways(s, w, limit=1) and bool(self.chi_ways(s, w, limit=1, any_discard=True))

    def chi_ways(self, s: int, w: Window, limit: int = 24, ignore_chou: bool = False, any_discard: bool = False) -> list[tuple[tuple[Card, ...], ...]]:
        """Every lawful 吃 of the card for seat ``s``: the new group, then the 比 groups (each holding a copy)."""
        x = w.card.index
        if x in self.chou[s] and not ignore_chou:
            return []
        h = self.hands[s]
        if h[x] >= 3:
            return []
        # a seat that skips its next discard, or a reading that lets a claim leave only 坎, never lacks a card to discard
        free = bool(self.skips[s]) or self.cfg.claim_kan == "allow"
        return list(_chi_ways(x, tuple(h), self.cfg, limit, any_discard or free))

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now ([] if it is not this seat's decision)."""
        if self.pending() != seat:
            return []
        if self.phase == "discard":
            return [Action(seat, "discard", c) for c in self._discardable(seat)]
        w = self.window
        assert w is not None
        s, kind = w.steps[0]
        if kind == "hu":
            return [Action(s, "hu", w.card), Action(s, "pass", w.card)]
        if kind == "peng":
            return ([Action(s, "peng", w.card)] if self._can_peng(s, w) else []) + [Action(s, "pass", w.card)]
        if kind == "chi":
            return [Action(s, "chi", w.card, g) for g in self.chi_ways(s, w)] + [Action(s, "pass", w.card)]
        if kind == "forced":  # only in charge mode does a compulsory move wait for the player
            return [Action(s, self._forced_of(s, w) or "pass", w.card)]
        return []  # 收张 is made by the machine

    def _discardable(self, s: int) -> list[Card]:
        h = self.hands[s]
        ok = [FACES[i] for i in range(N_FACES) if 0 < h[i] < 3]
        # only 坎 left (after a compulsory 偎/提/跑): the booklet is silent; one of them must go (notes#play-only-kan)
        return ok or [FACES[i] for i in range(N_FACES) if h[i]]

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> None:
        """Play one action; a move that breaks a rule raises :class:`Foul` and changes nothing."""
        if action not in self.legal_actions(action.seat):
            foul = self.why_not(action)
            if not (self.charge and self._charge(action, foul)):
                raise foul
            self.actions.append(action)
            self._run()
            return
        self.apply_lawful(action)

    def apply_lawful(self, action: Action) -> None:
        """Play one action taken from :meth:`legal_actions` now, without asking again whether it is lawful
        (the computer players' rollouts; the same hand results as :meth:`apply`)."""
        self.actions.append(action)
        s = action.seat
        if action.kind == "discard":
            assert action.card is not None
            self._discard(s, action.card)
        else:
            w = self.window
            assert w is not None
            step = w.steps.pop(0)
            if action.kind == "hu":
                self._win(s, w)
            elif action.kind == "pass":
                # a pass is silent at the table: only the player himself knows he could have claimed
                if step[1] in ("peng", "chi"):
                    w.passed.append(s)
                    self._ev(s, "pass", "let_go", f"{self._zh(s)}不{'碰' if step[1] == 'peng' else '吃'}{_w(w.card)}。",
                             f"{self._en(s).capitalize()} does not {step[1]} the {_we(w.card)}.", w.card, hidden=True)
                else:
                    self._ev(s, "pass", "hu", f"{self._zh(s)}可以胡{_w(w.card)}，但不胡。", f"{self._en(s).capitalize()} could win on the {_we(w.card)} but does not.", w.card, hidden=True)
            elif action.kind == "peng":
                self._peng(s, w)
            elif action.kind == "chi":
                self._chi(s, w, action.groups)
            elif action.kind in ("pao", "ti", "wei"):
                self._forced(s, w)
        self._run()

    def _run(self) -> None:
        """Make every compulsory move until a seat must decide or the hand is over."""
        for _ in range(MAX_STEPS):
            if self.phase == "over":
                return
            if self.phase == "discard":
                assert self.turn is not None
                s = self.turn
                if not any(self.hands[s]):
                    self.bare[s] += 1
                    self._ev(s, "skip", "chong_pao", *self._say("empty_skip", s))
                    self._draw(self.nxt(s))
                    continue
                return
            w = self.window
            assert w is not None
            if not w.steps:
                self._let_go(w)
                continue
            s, kind = w.steps[0]
            if kind == "forced" and not self.charge:
                w.steps.pop(0)
                self._forced(s, w)
                continue
            if kind == "shou":
                w.steps.pop(0)
                self._shou(w)
                continue
            return
        raise RuntimeError("hand did not end")  # pragma: no cover - MAX_STEPS is far above any hand

    def _to_discard(self, s: int, quad_made: bool = False) -> None:
        """After a claim: the seat discards, or — after a second 提/跑 — does not (重跑不打牌)."""
        self.window = None
        if quad_made and self.quads[s] >= 2 and self.cfg.chong_pao_skip:
            self._ev(s, "skip", "chong_pao", *self._say("chong_pao", s))
            self._draw(self.nxt(s))
            return
        if self.skips[s]:
            self.skips[s] -= 1
            self._ev(s, "skip", "chong_pao", *self._say("two_ti", s))
            self._draw(self.nxt(s))
            return
        self.phase, self.turn = "discard", s

    def _draw(self, s: int) -> None:
        self.turn = None
        if not self.stock:
            self.window = None
            self.phase = "over"
            self.result = Result(None)
            self._ev(None, "huang", "huang", "底牌翻完，无人胡牌：荒牌。", "The stock is used up and nobody has won: no-win hand (huang).")
            return
        c = self.stock.pop()
        self.phase = "claim"
        self._open(c, s, "stock")
        hidden = bool(self.window and (s, "forced") in self.window.steps and self._forced_of(s, self.window) == "wei"
                      and not (c.index in self.chou[s] and self.cfg.chou_wei_shown))
        if hidden:
            self._ev(s, "draw", "draw", *self._say("draw_down", s), c, hidden=True)
        else:
            self._ev(s, "draw", "draw", f"{self._zh(s)}翻开底牌：{_w(c)}。", f"{self._en(s).capitalize()} turns up a stock card: {_we(c)}.", c)
        self.log += self._notes
        self._notes = []

    def _discard(self, s: int, c: Card) -> None:
        self.hands[s][c.index] -= 1
        self.chou[s].add(c.index)  # a card let go by oneself is 臭 for oneself
        self._ev(s, "discard", "discard", f"{self._zh(s)}打出{_w(c)}。", f"{self._en(s).capitalize()} discards the {_we(c)}.", c)
        self.phase, self.turn = "claim", None
        self._open(c, s, "discard")
        self.log += self._notes
        self._notes = []

    def _close(self, w: Window) -> None:
        """碰一不碰二 / 不吃臭张 from the moment a card is declined: once the card is gone (let go or taken by
        anyone), each seat that declined it may never 吃 or 碰 that card again."""
        for p in w.passed:
            self.chou[p].add(w.card.index)

    def _let_go(self, w: Window) -> None:
        self._close(w)
        self.rows[w.owner].append((w.card, w.origin))
        if not self.quiet:
            self.log.append(Event(w.owner, "let_go", "let_go", f"没有人要{_w(w.card)}，放在{self._zh(w.owner)}与{self._zh(self.nxt(w.owner))}之间。",
                                  f"Nobody takes the {_we(w.card)}; it is laid between {self._en(w.owner)} and {self._en(self.nxt(w.owner))}.", w.card, origin=w.origin))
        self._draw(self.nxt(w.owner))

    def _add_quad(self, s: int, g: Shown) -> None:
        self.open[s].append(g)
        self.quads[s] += 1

    def _forced(self, s: int, w: Window) -> None:
        kind = self._forced_of(s, w)
        c, i = w.card, w.card.index
        on = next((k for k, g in enumerate(self.open[s]) if g.kind in ("wei", "peng") and g.cards[0] == c), None)
        if kind == "wei":
            self.hands[s][i] -= 2
            shown = c.index in self.chou[s] and self.cfg.chou_wei_shown
            self.open[s].append(Shown("wei", (c,) * 3, "one" if shown else "down"))
            if shown:
                self._ev(s, "wei", "chou_wei", *self._say("chou_wei", s, c), c)
            else:
                self._ev(s, "wei", "wei", *self._say("wei", s), c, hidden=True)
            self._to_discard(s)
            return
        if kind == "ti":
            if on is not None:
                self.open[s].pop(on)
            else:
                self.hands[s][i] -= 3
            self._add_quad(s, Shown("ti", (c,) * 4, "top"))
            self._ev(s, "ti", "hou_ti", *self._say("hou_ti", s, c), c)
            self._to_discard(s, True)
            return
        # 跑
        if w.origin == "liang":  # the 亮张 leaves the stock: a non-dealer's 坎 takes it (3-4)
            assert self.stock[-1] == c
            self.stock.pop()
            self.liang = None
        if on is not None:
            self.open[s].pop(on)
        else:
            self.hands[s][i] -= 3
        self._add_quad(s, Shown("pao", (c,) * 4, "up", taken=c))
        self._ev(s, "pao", "pao", *self._say("pao", s, c), c)
        self._to_discard(s, True)

    def _shou(self, w: Window) -> None:
        c = self.stock.pop()
        assert c == w.card
        self.hands[0][c.index] += 1
        self._ev(0, "shou", "shou", f"无人起手胡，庄家收张：把亮张{_w(c)}拿到手中。", f"Nobody wins on it: the dealer takes the turned-up {_we(c)} into his hand.", c)
        quad = False
        if self.hands[0][c.index] == 4:
            self.hands[0][c.index] = 0
            self._add_quad(0, Shown("ti", (c,) * 4, "bottom"))
            quad = True
            self._ev(0, "ti", "qian_ti", f"庄家收张成四张{_w(c)}，亮提。", f"With it the dealer holds four {_we(c)}: he shows a ti.", c)
        self.liang = None
        self._to_discard(0, quad)

    def _peng(self, s: int, w: Window) -> None:
        self._close(w)
        c = w.card
        self.hands[s][c.index] -= 2
        self.open[s].append(Shown("peng", (c,) * 3, "up", taken=c))
        self._ev(s, "peng", "peng", f"{self._zh(s)}碰{_w(c)}。", f"{self._en(s).capitalize()} pengs the {_we(c)}.", c)
        self._to_discard(s)

    def _chi(self, s: int, w: Window, groups: tuple[tuple[Card, ...], ...]) -> None:
        self._close(w)
        c = w.card
        first = list(groups[0])
        first.remove(c)
        for x in first:
            self.hands[s][x.index] -= 1
        self.open[s].append(Shown(_kind(groups[0]), tuple(groups[0]), "up", taken=c))
        for g in groups[1:]:
            for x in g:
                self.hands[s][x.index] -= 1
            self.open[s].append(Shown(_kind(g), tuple(g), "up", bi=True))
        names = "，".join("".join(x.char for x in g) for g in groups)
        if len(groups) > 1:
            self._ev(s, "chi", "bi", f"{self._zh(s)}吃{_w(c)}，成{names}（{'一吃两比' if len(groups) > 2 else '吃牌比牌'}）。",
                     f"{self._en(s).capitalize()} chis the {_we(c)}, showing every copy he held (bi): {names}.", c, [x for g in groups for x in g])
        else:
            self._ev(s, "chi", "chi", f"{self._zh(s)}吃{_w(c)}，成{names}。", f"{self._en(s).capitalize()} chis the {_we(c)}: {names}.", c, list(groups[0]))
        self._to_discard(s)

    def _win(self, s: int, w: Window) -> None:
        v = self.verdict(s, w)
        src = self._source(s, w)
        if w.origin == "liang":
            self.stock.pop()
            self.liang = None
        self.window = None
        self.phase = "over"
        self.result = Result(s, w.card, src, v)
        b = v.best
        assert b is not None
        ways_zh = "、".join(self._way(x)[0] for x in b.ways)
        ways_en = ", ".join(self._way(x)[1] for x in b.ways)
        self._ev(s, "hu", "qishou" if w.origin == "liang" else "hu", f"{self._zh(s)}胡{_w(w.card)}（{ways_zh}），{b.total} 戏。",
                 f"{self._en(s).capitalize()} wins on the {_we(w.card)} ({ways_en}), {b.total} huxi.", w.card)

    # ------------------------------------------------------------------ fouls played and charged
    CHARGED = {"chou_zhang": "chou_zhang", "peng_er": "chou_zhang", "shao_bi": "shao_bi", "kan": "chai_kan"}

    def _charge(self, a: Action, foul: Foul) -> bool:
        """Play a foul the booklet penalises and charge it (charge mode). False if it cannot be played."""
        s = a.seat
        w = self.window
        if self.pending() != s:
            return False
        if self.phase == "discard" and foul.code == "kan" and a.card is not None and self.hands[s][a.card.index]:
            self._foul(s, "chai_kan", foul)
            self._discard(s, a.card)
            return True
        if w is None or not w.steps or w.steps[0][0] != s:
            return False
        step = w.steps[0][1]
        if step == "forced" and a.kind == "pass":
            kind = self._forced_of(s, w)
            code = {"pao": "zou_pao", "ti": "shi_ti"}.get(kind or "")
            if code is None:
                return False  # a 偎 is never left undone (no penalty is named for it)
            w.steps.pop(0)
            self._foul(s, code, Foul(code, *self._say(code), "pao" if code == "zou_pao" else "hou_ti"))
            return True
        if a.kind == "hu" and step in ("hu", "peng", "chi", "forced") and w.origin != "liang":
            # 诈胡: a declared win that does not stand; the hand ends and the settlement charges it
            w.steps.pop(0)
            self._foul(s, "zha_hu", foul)
            self.window = None
            self.phase = "over"
            self.result = Result(s, w.card, self._source(s, w), self.verdict(s, w))
            return True
        if step == "peng" and a.kind == "peng" and foul.code == "peng_er" and self.hands[s][w.card.index] == 2:
            w.steps.pop(0)
            self._foul(s, "chou_zhang", foul)
            self._peng(s, w)
            return True
        if step == "chi" and a.kind == "chi" and foul.code in ("chou_zhang", "shao_bi") and self._chi_shapes_ok(s, w, a.groups):
            w.steps.pop(0)
            self._foul(s, foul.code, foul)
            self._chi(s, w, a.groups)
            return True
        return False

    def _chi_shapes_ok(self, s: int, w: Window, groups: tuple[tuple[Card, ...], ...]) -> bool:
        if not groups or w.card not in groups[0] or any(len(g) != 3 or _kind(g) == "" for g in groups):
            return False
        need = [x for g in groups for x in g]
        need.remove(w.card)
        h = list(self.hands[s])
        for x in need:
            if h[x.index] >= 3:
                return False
            h[x.index] -= 1
            if h[x.index] < 0:
                return False
        return True

    def _foul(self, s: int, code: str, foul: Foul) -> None:
        self.fouls[s].append(code)
        self._ev(s, "foul", foul.rule, f"违规（{foul.zh}）记下，终局时按罚则计分。", f"A foul is noted ({foul.en}); it is charged at the settlement.")

    # ------------------------------------------------------------------ refusals
    def why_not(self, a: Action) -> Foul:  # noqa: C901  issue 39.1 splits it when the game's class and its protocol adapter become one state class
        """Why ``a`` is not a lawful move now, named by the first rule it breaks in the order a player checks
        them: a claim's own rules (:meth:`claim_foul`: whose card it is, the cards it needs, 比, a card let go
        before, a card left to discard) before the order of claims and whose decision it is now
        (tests/paohuzi/test_refusal_order.py holds the order as written from the booklet)."""
        if self.over:
            return Foul("over", "这一局已经结束。", "This hand is over.", "hu")
        p = self.pending()
        assert p is not None
        w = self.window
        if w is not None and a.kind in ("peng", "chi") and 0 <= a.seat < self.n and (a.card is None or a.card == w.card):
            f = self.claim_foul(a.seat, w, a.kind, a.groups)
            if f is not None:
                return f
        if a.seat != p or a.seat < 0 or a.seat >= self.n:
            if w is not None and a.kind == "hu" and w.origin == "discard":
                return Foul("hu_di", "只能胡底牌：手中打出的牌不能胡。", "Only a stock card wins: a card discarded from a hand cannot.", "hu_di")
            if w is not None and a.kind == "chi" and w.steps and w.steps[0][1] == "peng" and 0 <= a.seat < self.n:
                return Foul("peng_first", f"碰优先于吃：先等{self._zh(p)}决定碰不碰。", f"Peng comes before chi: wait for {self._en(p)} to decide on the peng.", "peng_first")
            return Foul("not_your_turn", f"现在轮到{self._zh(p)}。", f"It is {self._en(p)}'s move now.", "turn")
        if self.phase == "discard":
            if a.kind != "discard":
                return Foul("must_discard", "现在该打出一张牌。", "You must discard a card now.", "discard")
            if a.card is None or not self.hands[a.seat][a.card.index]:
                return Foul("no_card", "手中没有这张牌。", "You do not hold that card.", "discard")
            return Foul("kan", f"拆对不拆坎：手中三张{a.card.zh}是一坎，不能打出。", f"A kan is never split: your three {a.card.en} are a kan and may not be discarded.", "kan")
        assert w is not None
        step = w.steps[0][1]
        if a.kind == "discard":
            return Foul("not_now", "现在还不能打牌：先决定要不要这张牌。", "Not yet: first decide about the card on offer.", "turn")
        if a.card is not None and a.card != w.card:
            return Foul("other_card", f"桌上待要的牌是{w.card.zh}。", f"The card on offer is the {w.card.en}.", "turn")
        if a.kind == "hu":
            if w.origin == "discard":
                return Foul("hu_di", "只能胡底牌：手中打出的牌不能胡。", "Only a stock card wins: a card discarded from a hand cannot.", "hu_di")
            v = self.verdict(a.seat, w)
            code = v.reasons[0] if v.reasons else "incomplete"
            zh, en = REASONS.get(code, REASONS["incomplete"])
            return Foul(code, zh, en, "hu")
        if a.kind == "peng":
            return Foul("not_now", "先决定胡不胡，碰在后面。", "First decide on the win; the peng comes after.", "hu")
        if a.kind == "chi":
            if step == "peng":
                return Foul("peng_first", "碰优先于吃：先决定碰不碰，吃在碰之后。", "Peng comes before chi: decide on the peng first; the chi comes after.", "peng_first")
            if step != "chi":
                return Foul("not_now", "先决定胡不胡，吃在后面。", "First decide on the win; the chi comes after.", "hu")
            return Foul("bad_chi", "这样吃不合规则（比牌或下火的组法不对，或吃后无牌可打）。", "This chi is not lawful (the bi groups are wrong, or no card would be left to discard).", "chi")
        if a.kind == "pass" and step == "forced":
            kind = self._forced_of(a.seat, w)
            if kind == "pao":
                return Foul("zou_pao", "走跑：有三张相同的牌，出现第四张必须跑。", "Missed pao (zou pao): holding three alike, the fourth must be made into a pao.", "pao")
            if kind == "ti":
                return Foul("shi_ti", "失提：自己摸到第四张必须提。", "Missed ti (shi ti): drawing the fourth yourself, you must make a ti.", "hou_ti")
            return Foul("must_wei", "手中有一对，自己摸到第三张必须偎。", "Holding a pair and drawing the third yourself, you must wei.", "wei")
        if a.kind == "pass":
            return Foul("not_now", "现在没有可以放过的选择。", "There is nothing to let go now.", "turn")
        return Foul("unknown", "没有这种走法。", "There is no such move.", "turn")

    def claim_foul(self, s: int, w: Window, kind: str, groups: Sequence[Sequence[Card]] = ()) -> Foul | None:
        """The first of a 碰's or 吃's own rules that seat ``s`` claiming the card on offer this way would break,
        whoever decides now, in the booklet's order — 碰: another's card, a pair (3-1 有对子就可以碰), 碰一不碰二,
        a card left to discard (3-3); 吃: whose card (3-2 只能…), the groups and the cards they need, 比, 不吃臭张,
        a card left to discard — or None if it breaks none (it may still have to wait its turn)."""
        i = w.card.index
        if kind == "peng":
            if s == w.owner:  # 3-1: a pair takes 人家's card
                return Foul("own_card", f"{w.card.zh}是你自己翻出或打出的牌，不能碰。", f"The {w.card.en} is your own card: you cannot peng it.", "peng")
            if self.hands[s][i] != 2:  # 3-1 有对子就可以碰
                return Foul("no_pair", f"碰要手中有一对{w.card.zh}。", f"A peng needs a pair of {w.card.en} in your hand.", "peng")
            if i in self.chou[s]:  # 3-1 碰一不碰二
                return Foul("peng_er", f"碰一不碰二：{w.card.zh}第一次没有碰，这次不能再碰。", f"No second chance to peng: you did not peng the {w.card.en} the first time.", "peng_er")
            if self.withheld(s, w, "peng"):  # 3-3: a card must be left to discard
                return self.withheld_foul(w.card, "peng")
            return None
        f = self.chi_from_foul(s, w) or self._chi_foul(s, w, groups)  # 3-2: whose card; the groups it makes; 比
        if f is not None:
            return f
        if i in self.chou[s]:  # 3-2 不吃臭张
            return Foul("chou_zhang", f"不吃臭张：{w.card.zh}已经放过，不能再吃。", f"No chi of a passed card: you let the {w.card.en} go before and may not take it now.", "chou_zhang")
        if self.withheld(s, w, "chi"):  # 3-3: a card must be left to discard
            return self.withheld_foul(w.card, "chi")
        return None

    def chi_from_foul(self, s: int, w: Window) -> Foul | None:
        """Why seat ``s`` may never 吃 this card, whoever decides first (3-2), or None if he may."""
        if s in self.chi_seats(w):
            return None
        if w.origin == "liang":
            return Foul("chi_from", "亮张不能吃：无人起手胡时它归庄家收张。", "The turned-up card cannot be chi'd: when nobody wins on it the dealer takes it.", "shou")
        if s != w.owner and self.nxt(s) == w.owner and self.nxt(w.owner) != s:
            return Foul("ge_shan", f"不吃隔山牌：{w.card.zh}来自你的下家，下家的牌不能吃。", f"No chi across the table: the {w.card.en} comes from your next player, whose cards you may not chi.", "ge_shan")
        if s == w.owner and w.origin == "discard":
            return Foul("chi_from", "自己打出的牌不能再吃回来。", "You cannot chi back the card you discarded.", "chi_from")
        if s == w.owner:
            return Foul("chi_from", "这一种牌只能吃上家打出的牌，不能吃自己摸出的牌。", "In this game a chi takes only the previous player's discard, never one's own draw.", "chi_from")
        return Foul("chi_from", "吃牌只能吃上家打出的牌：上家从底牌翻出的牌不能吃。", "A chi takes only the previous player's discard: not a card he turns from the stock.", "chi_from")

    def withheld_foul(self, card: Card, kind: str) -> Foul:
        what = "碰" if kind == "peng" else "吃"
        return Foul("claim_kan", f"{what}了这张{card.zh}以后手里只剩坎，没有能打出的牌（拆对不拆坎），所以不能{what}。",
                    f"After this {kind} of the {card.en} only a kan would be left in your hand and a kan is never split: there would be no card to discard, so you may not {kind} it.", "claim_kan")

    def _chi_foul(self, s: int, w: Window, gs: Sequence[Sequence[Card]]) -> Foul | None:
        """What is wrong with the groups of seat ``s``'s 吃 (3-2, 3-3, 3-6): the groups themselves first — the
        card on offer in the first, cards held and none of a 坎, runs and 编 of one case — then 比 (no copy
        of the card left in hand); None when the groups are right (the lawful ways are :meth:`chi_ways`)."""
        h = list(self.hands[s])
        if not gs or w.card not in gs[0]:
            return Foul("bad_group", f"吃牌要用手中两张牌和{w.card.zh}组成顺子或编子。", f"A chi makes a run or bian of the {w.card.en} and two cards of your hand.", "chi")
        need = [x for g in gs for x in g]
        need.remove(w.card)
        for x in need:
            if h[x.index] >= 3:
                return Foul("kan", f"拆对不拆坎：三张{x.zh}是一坎，不能拆开吃牌。", f"A kan is never split: your three {x.en} may not be used for a chi.", "kan")
            h[x.index] -= 1
            if h[x.index] < 0:
                return Foul("no_card", f"手中没有足够的{x.zh}。", f"You do not hold enough {x.en}.", "chi")
        for g in gs:
            if len(g) != 3 or _kind(g) == "":
                if len(g) == 3 and is_run(tuple(Card(False, c.rank) for c in g)):
                    return Foul("mixed_shun", "大小字不能组成顺子。", "Big and small cards never make a run together.", "chi")
                return Foul("bad_group", "这几张牌组不成顺子或编子。", "These cards do not make a run or bian.", "chi")
        if h[w.card.index] > 0:
            return Foul("shao_bi", f"烧比：手中还有{w.card.zh}，吃牌时必须把它也组成一组亮出来（比牌）。",
                        f"Missed bi (shao bi): you still hold a {w.card.en}; a chi must show it too, in a further group.", "bi")
        return None


@lru_cache(maxsize=16_384)  # a decision asks of about a thousand hands: kept small for a phone's memory
def _chi_ways(x: int, h: tuple[int, ...], cfg: RuleConfig, limit: int, any_discard: bool) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """:meth:`Hand.chi_ways` for concealed counts ``h`` (a pure function of them, worked out once for each: the
    strong level's rollouts ask again and again of the same hands). ``any_discard``: keep a 吃 even when it
    would leave only 坎 to discard."""
    pool = [n if n < 3 else 0 for n in h]  # 拆对不拆坎: cards of a 坎 are never used
    held = pool[x]
    out: list[tuple[tuple[Card, ...], ...]] = []
    seen: set[tuple[tuple[int, ...], ...]] = set()

    def rec(pool: list[int], left: int, groups: list[tuple[int, ...]]) -> None:
        if len(out) >= limit:
            return
        if left == 0:
            key = (groups[0],) + tuple(sorted(groups[1:]))
            if key in seen:
                return
            if not any_discard:
                # a card must be left to discard: one of fewer than three alike (拆对不拆坎)
                rest = [pool[k] if h[k] < 3 else h[k] for k in range(N_FACES)]
                if not any(0 < n < 3 for n in rest):
                    return
            seen.add(key)
            out.append(tuple(tuple(FACES[k] for k in g) for g in key))
            return
        for trio in _trios_with(x, pool, cfg, first=False):
            k = trio.count(x)
            if cfg.xiahuo == "separate" and k != 1:
                continue
            if k > left:
                continue
            nxt = list(pool)
            for t in trio:
                nxt[t] -= 1
            if groups[1:] and tuple(sorted(trio)) < max(tuple(sorted(g)) for g in groups[1:]):
                continue  # each set of 比 groups once
            rec(nxt, left - k, groups + [tuple(sorted(trio))])

    for pair in _pairs_for(x, pool, cfg):
        k = pair.count(x)
        if cfg.xiahuo == "separate" and k:
            continue
        nxt = list(pool)
        for t in pair:
            nxt[t] -= 1
        rec(nxt, held - k, [(x,) + pair])
    return tuple(out)


def _kind(cards: Sequence[Card]) -> str:
    t = tuple(sorted(cards))
    if is_run(t):
        return "shun"
    if is_red_bian(t) or is_mixed_bian(t):
        return "bian"
    return ""


def _pairs_for(x: int, pool: list[int], cfg: RuleConfig) -> list[tuple[int, ...]]:
    """Two cards of ``pool`` that make a 吃 group with face ``x``."""
    return _trios_with(x, pool, cfg, first=True)


def _trios_with(x: int, pool: list[int], cfg: RuleConfig, first: bool) -> list[tuple[int, ...]]:
    """first: pairs (two faces from ``pool``) that make a group with ``x``; else trios from ``pool`` holding ``x``."""
    out = [t for need, t in _trio_needs(x, first, cfg.chi_red_bian, cfg.red_bian, cfg.mixed_bian) if all(pool[k] >= n for k, n in need)]
    return list(dict.fromkeys(out))


@cache
def _trio_needs(x: int, first: bool, chi_red_bian: bool, red_bian: bool, mixed_bian: bool) -> tuple[tuple[tuple[tuple[int, int], ...], tuple[int, ...]], ...]:
    """The groups :func:`_trios_with` may find for face ``x`` under these readings, each with the cards it needs
    from the pool (face, copies); worked out once (a hand played out asks again for every card and seat)."""
    base = 10 if x >= 10 else 0
    r = x - base + 1
    out: list[tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = []
    cands: list[tuple[int, int]] = []
    for lo in (r - 2, r - 1, r):
        if lo >= 1 and lo + 2 <= 10:
            cands.append(tuple(base + y - 1 for y in (lo, lo + 1, lo + 2) if y != r))  # type: ignore[arg-type]  # two ranks of the three, by construction (the card's own left out)
    if r in (2, 7, 10) and (chi_red_bian or not first) and red_bian:
        cands.append(tuple(base + y - 1 for y in (2, 7, 10) if y != r))  # type: ignore[arg-type]  # two ranks of the three, by construction (the card's own left out)
    if mixed_bian:
        o = x + 10 if x < 10 else x - 10
        cands += [(o, o), (x, o)]
    for a, b in cands:
        need = {a: 1, b: 1} if a != b else {a: 2}
        if first:
            out.append((tuple(need.items()), tuple(sorted((a, b)))))
        else:
            need[x] = need.get(x, 0) + 1
            out.append((tuple(need.items()), tuple(sorted((x, a, b)))))
    return tuple(out)


def replay(seed: int, actions: Sequence[Action], cfg: RuleConfig = DEFAULT, players: int = 3, aside: int = 0) -> Hand:
    """The hand after ``actions`` (Foul if one is unlawful)."""
    h = Hand(seed, cfg, players, aside)
    for a in actions:
        h.apply(a)
    return h


def action_id(a: Action) -> str:
    """A short stable id for an action (used by the API and the widget)."""
    parts = [a.kind]
    if a.card is not None:
        parts.append(a.card.code)
    if a.groups:
        parts.append("|".join(".".join(c.code for c in g) for g in a.groups))
    return ":".join(parts)

