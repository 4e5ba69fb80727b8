"""A whole match from one seed: 摸庄 (drawing for seats), dealer rotation and 抢庄, the match sheet.

* four at the table (§1-1): the four 定庄牌 一二三四 are shuffled face down; each
  player draws a card from the rest for 比点 (大拾 highest, then 小十, 大玖 … 小一;
  a tie draws again), the highest picks a 定庄牌 first; 一 deals, 二 sits as his
  next player, 三 opposite (the 醒家), 四 as his previous player. Whoever wins a
  hand deals the next (抢庄) and the player opposite counts (醒家); after a
  荒牌 the dealer deals again (开荒醒后，庄家可以继续当庄);
* three (§1-2): 比点 alone, the highest deals, the others sit in the order of
  their cards; the winner deals again, and after a 荒牌 the next player deals
  (荒牌荒庄);
* two (§1-3): as three;
* 打鸟 (§1-3): birds beyond the four share the fate of the seat named by the
  last stock card.

A match runs a number of hands (the booklet's 60-minute match, counted in
hands); the sheet adds each player's points, and equal totals are ranked by
a further 比点.
"""

from __future__ import annotations

import random
from typing import Any
from collections.abc import Callable

from ..errors import ApiError
from .birds import BIRD_SEAT, bird_scores
from .cards import Card, full_deck
from .config import RuleConfig
from .json_helpers import rule_json
from .request import play_moves
from .seating import RING, TABLES, hand_sheet
from .settle import Sheet
from .sheet import next_dealer
from .strong import hint_json, paohuzi_seats
from .state import PaohuziState, new_hand
from .table import PLAYER_NAMES, ROLES, Action, action_id
from .views import result_json, view



def _points(c: Card) -> int:
    """比点 order: 大拾 > 小十 > 大玖 > … > 小一."""
    return c.rank * 2 + (1 if c.big else 0)


def draw_seats(rng: random.Random, players: int) -> tuple[list[int], list[dict[str, Any]]]:
    """Seat order around the table (position 0 is the first dealer), and what was drawn."""
    deck = full_deck()
    if players == 4:  # §1-1: one each of 一二三四 are the 定庄牌; the others draw 从其余牌中 (小一 among them)
        for r in (1, 2, 3, 4):
            deck.remove(Card(False, r))
    events: list[dict[str, Any]] = []
    order = list(range(players))
    drawn: dict[int, Card] = {}
    pending = list(order)
    for _ in range(20):
        rng.shuffle(deck)
        for k, p in enumerate(pending):
            drawn[p] = deck[k]
        vals = [_points(drawn[p]) for p in order]
        if len(set(vals)) == players:
            break
        pending = [p for p in order if vals.count(_points(drawn[p])) > 1]
    by_points = sorted(order, key=lambda p: -_points(drawn[p]))
    for p in order:
        events.append({"player": p, "card": drawn[p].code,
                       "zh": f"{PLAYER_NAMES[p][0]}抽到{drawn[p].zh}。", "en": f"{PLAYER_NAMES[p][1]} draws the {drawn[p].en}."})
    if players == 4:
        ding = [1, 2, 3, 4]
        rng.shuffle(ding)
        pos = {}
        for k, p in enumerate(by_points):
            pos[p] = ding[k] - 1  # 一 deals (0), 二 next (1), 三 opposite (2), 四 previous (3)
            events.append({"player": p, "card": Card(False, ding[k]).code,
                           "zh": f"{PLAYER_NAMES[p][0]}取定庄牌{Card(False, ding[k]).zh}。",
                           "en": f"{PLAYER_NAMES[p][1]} takes the seat card {Card(False, ding[k]).en}."})
        seating = sorted(order, key=lambda p: pos[p])
    else:
        seating = by_points
    return seating, events


def _carry(h: PaohuziState, moves: list[Any], hand_no: int) -> None:
    """A finished hand carried whole (``played``): every seat's move as the match's answer wrote it, each one
    checked lawful, and the hand must reach its end; anything else is refused in words."""
    if not isinstance(moves, list) or len(moves) > MAX_PLAYED_MOVES:
        raise ApiError("bad_match", f"比赛第 {hand_no + 1} 局的记录应是这一局的全部走法（至多 {MAX_PLAYED_MOVES} 步）。",
                       f"Hand {hand_no + 1} of the match should be written as all of its moves (at most {MAX_PLAYED_MOVES}).")
    used, stop = play_moves(h, frozenset(), moves)  # every seat's move read and played as the reader's are
    if stop is not None:
        j, f = stop
        raise ApiError("bad_match", f"比赛第 {hand_no + 1} 局的第 {j + 1} 步不合规则：{f.zh}",
                       f"Move {j + 1} of hand {hand_no + 1} of the match breaks a rule: {f.en}")
    if used < len(moves):
        raise ApiError("bad_match", f"比赛第 {hand_no + 1} 局在第 {used} 步已经结束，后面不能再有走法。",
                       f"Hand {hand_no + 1} of the match is over after move {used}: no move may follow.")
    if not h.over:
        raise ApiError("bad_match", f"比赛第 {hand_no + 1} 局写下的走法没有把这一局打完。",
                       f"The moves written for hand {hand_no + 1} of the match do not play it to its end.")


#: the most moves a finished hand of a match may be written with (a hand has at most about forty)
MAX_PLAYED_MOVES = 200


def _hand_seats(ring: list[int], table: str) -> tuple[list[int], int | None]:
    """The match's players in a hand's seats (庄, 下家, 上家 …) from the ring around the table starting at the
    dealer, and the one who counts (醒家) at a table of four: the seats round the table by role (:data:`RING`)."""
    roles = RING[table]
    seats = [ring[roles.index(r)] for r in ROLES[TABLES[table][0]]]
    return seats, ring[roles.index("xing")] if "xing" in roles else None


def _play_on(h: PaohuziState, comp_seats: frozenset[int], strong: Callable[[PaohuziState], Action | None] | None, actions: list[Any],
             k: int) -> tuple[int, dict[str, Any] | None]:
    """The computer seats' moves and the reader's from ``actions[k]`` on, until the hand ends or the reader's moves
    run out: the index of the reader's next move, and the first move refused (which stops the match) or None."""
    used, stop = play_moves(h, comp_seats, actions[k:], strong, start=k, limit=4_000)
    if stop is None:
        return k + used, None
    j, f = stop
    return j + 1, {"index": j, "code": f.code, "zh": f.zh, "en": f.en, "rule": rule_json(f.rule)}


def _hand_row(h: PaohuziState, sh: Sheet, hand_players: list[int], xing: int | None, players: int, birds: int) -> tuple[list[int], list[int]]:
    """A finished hand's points for each player of the match (the 醒家 too), and for each bird (``birds``: at a
    table with a 醒家 only)."""
    row = [0] * players
    parts, bird_row = [sh.scores], []
    if birds:
        extra, bscore = bird_scores(sh, BIRD_SEAT[h.bird_card.rank], birds)
        parts.append(extra)
        bird_row = [bscore] * birds
    for part in parts:
        for i, p in enumerate(hand_players):
            row[p] += part[h.role(i)]
        if xing is not None:
            row[xing] += part.get("xing", 0)
    return row, bird_row


def _hand_view(h: PaohuziState, vseat: int, comp_seats: frozenset[int], you: bool, table: str, variant: str,
               refused: dict[str, Any] | None, hseed: int, hint_units: int, birds: int) -> dict[str, Any]:
    """The hand in progress (or the last one played) as the reader sees it; ``you``: the reader plays in it."""
    out = view(h, vseat, comp_seats, table, variant)
    if not you:  # the reader counts this hand (醒家): no seat at the table is the reader's
        for s in out["seats"]:
            s["you"] = False
    out["refused"] = refused
    if hint_units > 0 and out.get("hint") is not None and not h.over:
        out["hint"] = hint_json(h, hseed, table, variant, hint_units)
    if h.over and birds:
        out["result"] = result_json(h, table, birds, variant)
    return out


def play_match(variant: str, table: str, seed: int, cfg: RuleConfig, viewer: int, computer: frozenset[int],
               actions: list[Any], hands: int, birds: int, charge: bool = False, hint_units: int = 0,
               strong_seats: bool = False, played: list[Any] | None = None) -> dict[str, Any]:
    """A match as the ``play`` action answers it: the current hand as the viewer (a player) sees it, and the sheet.
    With ``hint_units`` the hint is the strong level's, within that much work.

    ``played``: the hands already finished, each as every seat's moves (the answer's ``match.played``): they are
    replayed move by move, each move checked lawful, and settled again, never searched again. With
    ``strong_seats`` the computer seats of the next hand play at the strong level; that hand is the last one the
    request plays (the next is asked for with it carried in ``played``), so a request searches one hand at most."""
    played = played or []
    if len(played) > hands:
        raise ApiError("bad_match", f"这场比赛只有 {hands} 局，写下的已打完的局却更多。",
                       f"This match has {hands} hands, but more finished hands are written.")
    n_active, has_xing = TABLES[table]
    players = n_active + (1 if has_xing else 0)
    rng = random.Random(seed)
    seating, draw_events = draw_seats(rng, players)
    dealer_pos = 0
    sheet_rows: list[dict[str, Any]] = []
    totals = [0] * players
    bird_total = [0] * birds
    k = 0
    finished: list[list[str]] = []  # each finished hand's moves, every seat's
    for hand_no in range(hands):
        hseed = rng.getrandbits(32)
        hand_players, xing = _hand_seats([seating[(dealer_pos + i) % players] for i in range(players)], table)
        h = new_hand(hseed, cfg, table, charge)
        comp_seats = frozenset(i for i, p in enumerate(hand_players) if p != viewer or viewer in computer)
        carried = hand_no < len(played)
        if carried:
            _carry(h, played[hand_no], hand_no)
        strong = paohuzi_seats(hseed, table, variant) if strong_seats and not carried else None
        k, refused = _play_on(h, comp_seats, strong, actions, k)
        if not h.over or refused is not None:
            break
        sh = hand_sheet(h, table)
        row, bird_row = _hand_row(h, sh, hand_players, xing, players, birds if has_xing else 0)
        totals = [t + r for t, r in zip(totals, row)]
        for b, score in enumerate(bird_row):
            bird_total[b] += score
        w = h.result.winner if h.result else None
        sheet_rows.append({"hand": hand_no + 1, "dealer": hand_players[0], "xing": xing,
                           "winner": None if w is None else hand_players[w], "scores": row, "birds": bird_row})
        # 抢庄 and rotation (荒牌荒庄, or a void win: paohuzi.void_deal)
        dealer_pos = next_dealer(table, dealer_pos, None if w is None else seating.index(hand_players[w]), sh.hu_valid, cfg.void_deal)
        finished.append([action_id(a) for a in h.played])
        if carried:
            continue
        if strong is not None:
            break  # the hand the strong seats played ends this request: the next one comes with it carried
        if hand_no + 1 < hands and k >= len(actions) and viewer not in computer:
            # the reader saw this hand end (as a player, or as the 醒家 who counted it): the next one starts with a "next" move
            break
        if hand_no + 1 < hands and k < len(actions) and (actions[k] == "next" or isinstance(actions[k], dict) and actions[k].get("kind") == "next"):
            k += 1  # the "next" move that starts the next hand
    vseat = next((i for i, p in enumerate(hand_players) if p == viewer), 0)
    out = _hand_view(h, vseat, comp_seats, viewer in hand_players, table, variant, refused, hseed, hint_units, birds)
    over = len(sheet_rows) >= hands
    tiebreak = {p: rng.random() for p in range(players)}
    ranking = sorted(range(players), key=lambda p: (-totals[p], tiebreak[p]))
    out["match"] = {
        "hand": len(sheet_rows) if h.over else len(sheet_rows) + 1,
        "hands": hands,
        "draw": draw_events,
        "players": [{"player": p, "name": {"zh": PLAYER_NAMES[p][0], "en": PLAYER_NAMES[p][1]}, "total": totals[p],
                     "seat": next((i for i, q in enumerate(hand_players) if q == p), None),
                     "role": (h.role(hand_players.index(p)) if p in hand_players else "xing")} for p in range(players)],
        "you": viewer,
        "sheet": sheet_rows,
        "birds": [{"bird": b + 1, "total": bird_total[b]} for b in range(birds)],
        "over": over,
        "ranking": ranking if over else None,
        "next": (not over) and h.over,
        # the finished hands, each as every seat's moves: a request carries them whole in ``match.played``
        "played": finished,
    }
    return out
