"""API actions of 下灌叶子戏 and 下灌字牌 (``"game": "yezi"``).

Every action is bounded: hands are at most 8 (叶子戏) or 27 (字牌) cards, a
round is one deal, searches are memoised and capped.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..errors import ApiError
from ..protocol import SEED_MAX, seed_ok  # SEED_MAX: the seeds a written position (the strong level's) accepts too
from ..protocol.strong import basic_action, read_level, rollouts_for, strong_choice
from ..protocol.table import play_table
from ..record import read_sheet_of, read_text_of, write_state
from ..record.sheet import corrections, history_tag, read_history
from ..validate import missing, bad, given, get_bool, get_config, get_int, get_list, get_optional_int, refuse_unsafe_text
from . import zipai, showing
from .best import best_split, take_out
from .cards import FACES, GROUP_SIZE, SEAT_NAMES, Card, InvalidCards, check_possible, cipher_of, code_of, parse_card, parse_hand
from .combos import COMBINATIONS, SCATTER_EN, SCATTER_RANK, SCATTER_ZH, Combination, classify
from .config import CHOICES, YeziConfig, config_from
from .state import CHOICES as ROUND_CHOICES, YeziState, move_codes
from .trace import OPTIONS
from .zipai_diff import DIFFERENCES
from .records import MAX_ROUNDS, YeziTallyState, parse_round, round_word, round_words, showing_of_record, table_showing



def _cfg(req: dict[str, Any]) -> YeziConfig:
    return get_config(req, config_from, CHOICES)


def _hand(req: dict[str, Any], name: str = "hand", size: int = 8) -> tuple[Card, ...]:
    codes = get_list(req, name, max_len=64)
    try:
        return parse_hand(codes, size)
    except InvalidCards as e:
        raise ApiError(e.code, e.zh, e.en) from None


def _seed(req: dict[str, Any]) -> int:
    s = get_optional_int(req, "seed", lo=0, hi=SEED_MAX)
    return random.SystemRandom().randrange(2**53) if s is None else s


def combo_json(c: Combination | None) -> dict[str, Any]:
    if c is None:
        return {"id": "scatter", "rank": SCATTER_RANK, "zh": SCATTER_ZH, "en": SCATTER_EN, "cards": []}
    return {
        "id": c.id,
        "rank": c.rank,
        "zh": c.zh,
        "en": c.en,
        "cards": [code_of(x) for x in c.cards],
        "chars": "".join(cipher_of(x) for x in c.cards),
    }


def _codes(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [code_of(c) for c in cards]


def _best(req: dict[str, Any]) -> dict[str, Any]:
    hand = _hand(req)
    sp = best_split(hand)
    return {
        "score": sp.score,
        "groups": [_codes(g) for g in sp.groups],
        "ranks": list(sp.ranks),
        "combinations": [combo_json(classify(g)) for g in sp.groups],
    }


def _evaluate(req: dict[str, Any]) -> dict[str, Any]:
    groups = get_list(req, "groups", min_len=1, max_len=2)
    parsed: list[list[Card]] = []
    for _i, g in enumerate(groups):
        if not isinstance(g, list) or len(g) > 4:
            raise bad("groups", "每组应为最多 4 张牌的列表。", "each group must be a list of at most 4 cards.")
        try:
            parsed.append([parse_card(x) for x in g])
        except InvalidCards as e:
            raise ApiError(e.code, e.zh, e.en) from None
    try:
        check_possible([c for g in parsed for c in g])
    except InvalidCards as e:
        raise ApiError(e.code, e.zh, e.en) from None
    out: list[dict[str, Any]] = []
    for g in parsed:
        complete = len(g) == 4
        c = classify(g) if complete else None
        # combinations this partial group can still become (its cards are a sub-multiset)
        near = [k.id for k in COMBINATIONS if take_out(k.cards, g) is not None]
        out.append(
            {
                "cards": _codes(g),
                "complete": complete,
                "rank": (c.rank if c else SCATTER_RANK) if complete else None,
                "combination": combo_json(c) if complete else None,
                "possible": near,
            }
        )
    total = sum(o["rank"] for o in out) if len(out) == 2 and all(o["complete"] for o in out) else None
    ans: dict[str, Any] = {"groups": out, "score": total}
    if total is not None:
        best = best_split(tuple(parsed[0] + parsed[1]))
        ans["best_score"] = best.score
        ans["best_groups"] = [_codes(g) for g in best.groups]
    return ans


def _deal(req: dict[str, Any]) -> dict[str, Any]:
    seed = _seed(req)
    rng = random.Random(seed)
    deck = [f.value for f in FACES for _ in range(f.count)]
    hand = tuple(sorted(rng.sample(deck, 8)))
    sp = best_split(hand)
    return {
        "seed": seed,
        "hand": _codes(hand),
        "score": sp.score,
        "groups": [_codes(g) for g in sp.groups],
        "ranks": list(sp.ranks),
        "combinations": [combo_json(classify(g)) for g in sp.groups],
    }


def table_round(req: dict[str, Any]) -> tuple[YeziState, int | None, dict[str, Any] | None, str | None]:
    """A round's request played through the game protocol (engine/yezi/state.py): each seat's split in showing
    order — the reader's own groups (``my_seat``, ``my_groups``) where given, the computer's for the others (at the
    request's level, else the basic player's) — then the eight showings. The protocol decides which splits are lawful.
    The state reached, the reader's seat, the hint and the level."""
    seed = _seed(req)
    thrower = get_int(req, "thrower", 0, lo=0, hi=3)
    cfg = _cfg(req)
    st = YeziState({"game": "yezi", "seed": seed, "thrower": thrower, "options": _protocol_options(cfg)})
    my_seat, mine = _my_split(req)
    level = read_level(req) if "level" in req else None
    hint: dict[str, Any] | None = None
    moves: dict[int, str] = {}
    if level is not None:
        hint, moves = _level_moves(st, seed, my_seat if my_seat is not None else get_int(req, "my_seat", 0, lo=0, hi=3), level)

    def choose(st: YeziState) -> str:  # the showings follow the splits; each other seat splits as its level does
        seat = st.splitting()
        return st.legal_actions()[0] if seat is None else moves.get(seat) or st.basic_action()

    # the reader's split is played in its turn (the seats before it split first, without seeing it)
    if play_table(st, [] if mine is None else [mine], lambda st: (seat := st.splitting()) is None or seat != my_seat, choose).refused is not None:
        raise ApiError(
            "bad_split",
            "这两组牌不是你这一手的八张牌：请只用发给你的牌，每张用一次。",
            "These two groups are not the eight cards you were dealt: use only your own cards, each once.",
        )
    return st, my_seat, hint, level


def _round(req: dict[str, Any]) -> dict[str, Any]:
    """The round table (its widget, share links and records ask this): the whole round, every seat's cards shown."""
    st, my_seat, hint, level = table_round(req)
    seed, thrower, cfg = st.setup["seed"], st.setup["thrower"], _cfg(req)
    res = st.result()
    d = st.deal
    players = []
    for seat in range(4):
        mine = [s for s in res.showings if s.seat == seat]
        players.append(
            {
                "seat": seat,
                "hand": _codes(d.hands[seat]),
                "groups": [_codes(s.group) for s in mine],
                "ranks": [s.rank for s in mine],
                "scores": [s.score for s in mine],
                "combinations": [combo_json(classify(s.group)) for s in mine],
                "total": res.totals[seat],
                "place": res.places[seat],
            }
        )
    return {
        "seed": seed,
        "thrower": thrower,
        "die": d.die,
        "first_drawer": d.first_drawer,
        "start_stack": d.start_stack + 1,
        "stacks": [_codes(s) for s in d.stacks],
        "draws": [{"seat": s, "stacks": [i + 1 for i in idx]} for s, idx in d.draws],
        "show_order": list(res.order),
        "players": players,
        "winners": [p["seat"] for p in players if p["place"] == 1],
        # the source's 优胜 of each showing: the seats whose group stands first among the eight
        # combinations shown at that turn (empty when all four groups are 流散对)
        "showing_winners": [list(w) for w in res.showing_winners],
        "my_seat": my_seat,
        "my_best": None if my_seat is None else best_split(d.hands[my_seat]).score,
        "options": {k: getattr(cfg, k) for k in CHOICES},
        "seat_names": [{"zh": zh, "en": en} for zh, en in SEAT_NAMES],
        # the round as a written position (the review reads it, at whatever level the others split)
        "position": st.written(),
        **({"level": level, "hint": hint} if level is not None else {}),
    }


#: the work the strong level spends on each seat's split in a round (four seats: the three computers and the hint)
ROUND_SEAT_UNITS = 100_000


def _protocol_options(cfg: YeziConfig) -> dict[str, str]:
    return {k: str(getattr(cfg, k)) for k in ROUND_CHOICES if hasattr(cfg, k)}


def _level_moves(st: YeziState, seed: int, me: int, level: str) -> tuple[dict[str, Any], dict[int, str]]:
    """The other seats' splits at ``level`` (as protocol moves, by seat), and the hint for seat ``me``: the split the
    computer would make in that seat at that level. The others decide with seat ``me``'s split unknown to them: they
    are chosen with the hint's split in its place, so the reader's own choice never changes theirs."""
    st = st.clone()
    hint: dict[str, Any] = {}
    moves: dict[int, str] = {}
    for _ in range(4):
        seat = st.splitting()
        if seat is None:
            break
        if level == "strong":
            c = strong_choice(st, rollouts_for(st, ROUND_SEAT_UNITS), seed)
            move, deals = c.action, c.deals
        else:
            move, deals = basic_action(st), 0
        if seat == me:
            zh, en = st.action_words(move)
            first, _, second = move.partition(":")[2].partition("|")
            hint = {"level": level, "seat": seat, "groups": [first.split("."), second.split(".")], "zh": zh, "en": en, "deals": deals}
        else:
            moves[seat] = move
        st.apply(move)
    return hint, moves


def _my_split(req: dict[str, Any]) -> tuple[int | None, str | None]:
    """The reader's own two groups (``my_groups``, first shown first) for seat ``my_seat``, as the protocol's split move."""
    if "my_groups" not in req:
        return None, None
    seat = get_int(req, "my_seat", 0, lo=0, hi=3)
    groups = get_list(req, "my_groups", min_len=2, max_len=2)
    parsed: list[list[Card]] = []
    for g in groups:
        if not isinstance(g, list) or len(g) != 4:
            raise ApiError(
                "bad_split",
                "每次亮出的一组正好是四张牌：请把八张牌分成两组，每组四张。",
                "Each group shown is exactly four cards: split your eight cards into two groups of four.",
            )
        try:
            parsed.append([parse_card(x) for x in g])
        except InvalidCards as e:
            raise ApiError(e.code, e.zh, e.en) from None
    return seat, f"split:{move_codes(parsed[0])}|{move_codes(parsed[1])}"


def _table_seats(req: dict[str, Any]) -> tuple[YeziConfig, int, list[showing.Seat]]:
    """A showing's rules, its die thrower and its four seats (each by his eight cards or the two groups he showed),
    refused in words where a seat's cards cannot be or the four's are more than the deck holds."""
    cfg = _cfg(req)
    thrower = get_int(req, "thrower", 0, lo=0, hi=3)
    players = get_list(req, "players", min_len=4, max_len=4)
    seats: list[showing.Seat] = []
    for i, p in enumerate(players):
        who_zh, who_en = SEAT_NAMES[i]
        if not isinstance(p, dict) or ("hand" in p) == ("groups" in p):
            raise ApiError("bad_player", f"{who_zh}：请写他的八张牌，或他亮出的两组牌（每组四张）。",
                           f"{who_en}: give his eight cards, or the two groups of four he showed.")
        try:
            if "hand" in p:
                cards = p["hand"]
                if not isinstance(cards, list) or len(cards) > 16:
                    raise InvalidCards("impossible_hand", "应是八张牌。", "Give eight cards.")
                seats.append(showing.seat_from_hand(tuple(parse_card(c) for c in cards)))
            else:
                gs = p["groups"]
                if not isinstance(gs, list) or len(gs) != 2 or any(not isinstance(g, list) or len(g) > 8 for g in gs):
                    raise InvalidCards("bad_split", "应是两组牌，每组四张，先亮的在前。", "Give two groups of four, the first shown first.")
                seats.append(showing.seat_from_groups(tuple(parse_card(c) for c in gs[0]), tuple(parse_card(c) for c in gs[1])))
        except InvalidCards as e:
            raise ApiError(e.code, f"{who_zh}：{e.zh}", f"{who_en}: {e.en}") from None
    try:
        check_possible([c for s in seats for c in s.cards])
    except InvalidCards as e:
        raise ApiError(e.code, e.zh, e.en) from None
    return cfg, thrower, seats


def _showing(req: dict[str, Any]) -> dict[str, Any]:
    """A showing at a real table: each player's eight cards, or the two groups he showed. The round is played by the
    game's own state, dealt at the table (engine/yezi/records.py ``table_showing``): its result and its record."""
    if "text" in req:  # a record of the round (engine/record): its deal, thrower, readings and groups
        req = _showing_of_record(req)
    cfg, thrower, seats = _table_seats(req)
    st = table_showing(thrower, _protocol_options(cfg), [seat.groups for seat in seats])
    res = st.result()
    shown = {(x.seat, x.turn): x for x in res.showings}
    out_players: list[dict[str, Any]] = []
    for s, seat in enumerate(seats):
        ranks = [shown[s, 0].rank, shown[s, 1].rank]
        out_players.append({
            "seat": s,
            "entered_as": seat.entered_as,
            "cards": _codes(seat.cards),
            "groups": [_codes(g) for g in seat.groups],
            "combinations": [combo_json(classify(g)) for g in seat.groups],
            "ranks": ranks,
            "scores": [shown[s, 0].score, shown[s, 1].score],
            "total": res.totals[s],
            "place": res.places[s],
            "best": {"groups": [_codes(g) for g in seat.best.groups], "score": seat.best.score,
                     "combinations": [combo_json(classify(g)) for g in seat.best.groups]},
            # the groups shown score more than the best split of the same eight cards would
            "missed": sum(ranks) - seat.best.score,
        })

    refuse_unsafe_text(req, ("names", "event", "date"))
    tags = {k: req[f] for f, k in (("event", "Event"), ("date", "Date")) if isinstance(req.get(f), str) and len(req[f]) <= 400 and "\n" not in req[f]}
    names = req.get("names")
    if isinstance(names, list) and len(names) == 4 and all(isinstance(x, str) and len(x) <= 60 and "\n" not in x for x in names):
        tags["Names"] = ";".join(x.replace(";", ",") for x in names)
    given = tags["Names"].split(";") if "Names" in tags else ["", "", "", ""]
    return {"thrower": thrower, "show_order": list(res.order), "players": out_players,
            # the family's names where they gave them (issue 45.5), the seat's name elsewhere
            "seat_names": [{"zh": n or zh, "en": n or en} for n, (zh, en) in zip(given, SEAT_NAMES)],
            "showing_winners": [list(w) for w in res.showing_winners],
            "winners": [s for s in range(4) if res.places[s] == 1],
            "options": {k: getattr(cfg, k) for k in ("scoring", "ties")},
            # the round written down: the cards dealt, each split and the eight showings (engine/record)
            "record": write_state(st, tags)}


def _showing_of_record(req: dict[str, Any]) -> dict[str, Any]:
    """The showing request a record of a round of 叶子戏 names (each seat by the two groups it showed)."""

    got = read_text_of(req, "请给出一份叶子戏的记录的文字。", "Give the text of a record of a round of 叶子戏.", showing_of_record)
    out = {"game": "yezi", "action": "showing", "thrower": got["thrower"], "options": got["options"],
           "players": [{"groups": g} for g in got["groups"]]}
    out.update({k: got[k] for k in ("event", "date") if got[k]})
    if got["names"]:
        out["names"] = got["names"].split(";")
    return out


def _tally_round(x: Any, i: int, options: dict[str, str]) -> tuple[int, list[tuple[tuple[Card, ...], tuple[Card, ...]]]]:
    """One round of a tally read as the showing action reads it (its thrower, each player's cards or groups): the die
    thrower and each seat's two groups in the order shown, refused in words that name the round."""
    if not isinstance(x, dict):
        raise bad("rounds", f"第 {i + 1} 局应写明谁掷的骰子和四家的牌。", f"round {i + 1} should give the die thrower and the four players' cards.")
    try:
        _, thrower, seats = _table_seats({"thrower": x.get("thrower", 0), "players": x.get("players"), "options": options})
    except ApiError as e:
        raise ApiError(e.code, f"第 {i + 1} 局：{e.zh}", f"Round {i + 1}: {e.en}") from None
    return thrower, [seat.groups for seat in seats]


def _as_round(thrower: int, groups: list[tuple[tuple[Card, ...], tuple[Card, ...]]]) -> dict[str, Any]:
    """A round of a tally as a request gives it: its die thrower and each seat's two groups."""
    return {"thrower": thrower, "players": [{"groups": [_codes(a), _codes(b)]} for a, b in groups]}


def _tally_of_record(req: dict[str, Any], tags: dict[str, str], history: list[tuple[int, str, str]]) -> tuple[dict[str, str], list[Any]]:
    """A tally's record (``text``) read: its options and its rounds as a request gives them; its names, date and
    event go to ``tags``, its corrections to ``history``."""
    rec = read_sheet_of(req, "yezi", "tally", (
        "请给出一份叶子戏计分的记录文字。", "Give the text of a tally of 叶子戏.",
        "这份记录不是叶子戏的计分（它应有标签 [Sheet \"tally\"]）。",
        "This record is not a tally of 叶子戏 (it should have the tag [Sheet \"tally\"])."), limit=45_000)
    for t in ("Names", "Date", "Event"):
        if t in rec.tags:
            tags[t] = rec.tags[t]
    if rec.tags.get("History"):
        history.extend(read_history(rec.tags["History"], _history_round, lambda: ApiError(
            "bad_record", "记录的 History 标签写得不对：每条是“局数:corrected 或 deleted:原来那一局的记法”。",
            "The record's History tag is not well written: each item reads round:corrected or deleted:the round as it stood.")))
    return dict(rec.position.get("options") or {}), [_as_round(*parse_round(a)) for a in rec.position["actions"] if a != "end"]


def _history_round(word: str, number: str) -> str:
    """A round as it stood, in a tally's History tag (round ``number``, as the tag writes it), as the tally writes it."""
    try:
        return round_word(*parse_round(word))
    except Exception:
        raise ApiError("bad_record", f"记录的 History 标签里第 {number} 局原来的记法读不懂。",
                       f"The record's History tag: round {number} as it stood cannot be read.") from None


def _tally(req: dict[str, Any]) -> dict[str, Any]:
    """A family's rounds at a real table (the tally): each round judged as a showing, each player's running total
    of points (the source sums the two showings of a round and says nothing of several rounds: the tally only adds
    the rounds up), the corrections, and the tally written as a record ([Sheet "tally"], engine/yezi/records.py),
    whose state judges the rounds and keeps the totals."""

    tags: dict[str, str] = {}
    refuse_unsafe_text(req, ("names", "date"))
    names = req.get("names")
    if names is not None:
        if not isinstance(names, list) or len(names) != 4 or any(not isinstance(n, str) or len(n) > 40 or "\n" in n for n in names):
            raise bad("names", "应是四个不长的名字。", "give four short names.")
        if any(names):
            tags["Names"] = ";".join(n.replace(";", ",") for n in names)
    raw_history = get_list(req, "history", [], max_len=MAX_ROUNDS)
    history: list[tuple[int, str, str]] = []
    if "text" in req:
        options, raw = _tally_of_record(req, tags, history)
    else:
        cfg = _cfg(req)
        options = {k: getattr(cfg, k) for k in ("scoring", "ties", "count_from")}
        raw = get_list(req, "rounds", [], max_len=MAX_ROUNDS)
        history += corrections(raw_history, "round", MAX_ROUNDS, lambda was, i: round_word(*_tally_round(was, i, options)), lambda: bad(
            "history", "每条改动应写明第几局、改过还是删去（corrected 或 deleted）和原来的那一局。",
            "each correction gives the round, corrected or deleted, and the round as it stood."))
    given = tags["Names"].split(";") if "Names" in tags else ["", "", "", ""]
    seat_names = [{"zh": n or zh, "en": n or en} for n, (zh, en) in zip(given, SEAT_NAMES)]
    st = YeziTallyState({"game": "yezi", "sheet": "tally", "options": options})
    rounds = []
    for i, x in enumerate(raw):
        st.apply(round_word(*_tally_round(x, i, options)))
        res = st.rounds[-1]
        zh, en = round_words(res, [(n["zh"], n["en"]) for n in seat_names])
        rounds.append({"thrower": res.order[0], "points": list(res.totals), "places": list(res.places),
                       "winners": [s for s in range(4) if res.places[s] == 1],
                       "groups": [[_codes(sh.group) for sh in res.showings if sh.seat == s] for s in range(4)],
                       "totals": list(st.totals), "zh": zh, "en": en})
    if rounds:
        st.apply("end")
    if history:
        tags["History"] = history_tag(history)
    low = min(st.totals) if rounds else None
    hist_out = []
    for n, kind, w in history:
        thrower, g = parse_round(w)
        hist_out.append({"round": n, "kind": kind, "was": _as_round(thrower, g)})
    return {"rounds": rounds, "totals": list(st.totals), "leaders": [s for s in range(4) if rounds and st.totals[s] == low],
            "seat_names": seat_names, "names": given if "Names" in tags else None, "options": options,
            "record": write_state(st, tags), "history": hist_out}


def _combinations(req: dict[str, Any]) -> dict[str, Any]:
    return {"combinations": [combo_json(c) for c in COMBINATIONS], "scatter": combo_json(None)}


def _faces(req: dict[str, Any]) -> dict[str, Any]:
    width = get_int(req, "width", 40, lo=16, hi=120)
    # the cards the views draw at ``width`` CSS px (``views.draw.yezi``), and what a widget counts with them: the
    # copies of each card in the deck and the cards of a group
    return {"cards": [code_of(f.value) for f in FACES], "width": width,
            "counts": {code_of(f.value): f.count for f in FACES}, "group_size": GROUP_SIZE}


# ---------------------------------------------------------------- 字牌


def _zi_list(req: dict[str, Any], name: str, max_len: int = zipai.MAX_CARDS, optional: bool = False) -> list[zipai.Zi]:
    codes = get_list(req, name, [], max_len=max_len) if optional else get_list(req, name, max_len=max_len)
    out = []
    for x in codes:
        z = zipai.parse_zi(x)
        if z is None:
            zh, en = given(x)
            raise bad(name, f"{zh}不是字牌：应为 x1–x10（小一…小十）或 d1–d10（大壹…大拾）。",
                      f"{en} is not a card: use x1–x10 (small 一…十) or d1–d10 (big 壹…拾).")
        out.append(z)
    return out


def _zi_check(cards: list[zipai.Zi]) -> None:
    n: dict[zipai.Zi, int] = {}
    for c in cards:
        n[c] = n.get(c, 0) + 1
    for c, k in n.items():
        if k > zipai.COPIES:
            raise ApiError("impossible_hand", f"字牌每种只有 4 张，“{c.zh}”这里有 {k} 张。",
                           f"There are only 4 of each card; {c.en} appears {k} times.")


def _zi_card(req: dict[str, Any]) -> zipai.Zi:
    if "card" not in req:
        raise missing("card")
    c = zipai.parse_zi(req.get("card"))
    if c is None:
        raise bad("card", "应为一张字牌代码，如 x4 或 d7。", "expected one card code such as x4 or d7.")
    return c


def _group_json(g: zipai.Group) -> dict[str, Any]:
    k = zipai.KINDS[g.kind]
    return {"kind": g.kind, "zh": k.zh, "en": k.en, "cards": [c.code for c in g.cards], "chars": "".join(c.zh for c in g.cards)}


def _zipai_deal(req: dict[str, Any]) -> dict[str, Any]:
    seed = _seed(req)
    d = zipai.deal(seed)
    return {
        "seed": seed,
        "hands": [[c.code for c in h] for h in d.hands],
        "sizes": [len(h) for h in d.hands],
        "locked": [[c.code for c in sorted(zipai.locked_of(h))] for h in d.hands],
        "stock": len(d.stock),
    }


def _zipai_arrange(req: dict[str, Any]) -> dict[str, Any]:
    hand = _zi_list(req, "hand")
    _zi_check(hand)
    cfg = _cfg(req)
    locked = _zi_list(req, "locked", max_len=20) if "locked" in req else None
    res = zipai.arrange(hand, locked, cfg)
    return {"complete": res is not None, "groups": [_group_json(g) for g in res] if res else []}


def _zipai_discard(req: dict[str, Any]) -> dict[str, Any]:
    hand = _zi_list(req, "hand")
    c = _zi_card(req)
    _zi_check(hand + [c])
    from_upper = get_bool(req, "from_upper", True)
    passed = _zi_list(req, "passed", max_len=40, optional=True)
    cfg = _cfg(req)
    r = zipai.on_discard(hand, c, from_upper, passed, cfg)
    return {
        "forced": r.forced,
        "peng": r.peng,
        "chi": [[_group_json(g) for g in way] for way in r.chi],
        "why_not_chi": r.why_not_chi,
        "why_not_peng": r.why_not_peng,
    }


def _zipai_draw(req: dict[str, Any]) -> dict[str, Any]:
    hand = _zi_list(req, "hand")
    c = _zi_card(req)
    _zi_check(hand + [c])
    cfg = _cfg(req)
    r = zipai.on_draw(hand, c, cfg)
    return {"forced": r.forced, "face_up": r.forced == "kaizhao" if r.forced else None}


def _zipai_differences(req: dict[str, Any]) -> dict[str, Any]:
    return {
        "rows": [
            {"id": d.id, "topic": {"zh": d.topic_zh, "en": d.topic_en}, "xiaguan": {"zh": d.xiaguan_zh, "en": d.xiaguan_en},
             "paohuzi": {"zh": d.paohuzi_zh, "en": d.paohuzi_en}, "same": d.same}
            for d in DIFFERENCES
        ]
    }


def _options(req: dict[str, Any]) -> dict[str, Any]:
    """The rule options of 叶子戏 and 下灌字牌: each question, its readings as ids and in words, the default and the note."""
    return {"options": [o.json() for o in OPTIONS]}


ACTIONS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "best": _best,
    "evaluate": _evaluate,
    "deal": _deal,
    "round": _round,
    "showing": _showing,
    "tally": _tally,
    "combinations": _combinations,
    "faces": _faces,
    "zipai-deal": _zipai_deal,
    "zipai-arrange": _zipai_arrange,
    "zipai-discard": _zipai_discard,
    "zipai-draw": _zipai_draw,
    "zipai-differences": _zipai_differences,
    "options": _options,
}

EXAMPLES: list[dict[str, Any]] = [
    {"request": {"game": "yezi", "action": "best", "hand": ["王", "土", "人", "合", "贝", "叶", "贝", "合"]},
     "zh": "一手八张牌的最佳分组：天牌 + 地牌，共 3 分。", "en": "Best split of an 8-card hand: Heaven set + Earth set, 3 points."},
    {"request": {"game": "yezi", "action": "evaluate", "groups": [["5", "7", "leaf", "10"], ["1", "2", "3", "4"]]},
     "zh": "评定两组牌：人牌（3）与流散对（9）。", "en": "Evaluate two groups: Man set (3) and a scattered group (9)."},
    {"request": {"game": "yezi", "action": "deal", "seed": 1105},
     "zh": "按种子发一手八张牌并给出最佳分组。", "en": "Deal an 8-card hand from a seed and give its best split."},
    {"request": {"game": "yezi", "action": "round", "seed": 7, "thrower": 0},
     "zh": "一局四人：砌牌、掷骰、抓牌、两次亮牌与名次。", "en": "A round of four: the wall, the die, the draws, two showings and the places."},
    {"request": {"game": "yezi", "action": "round", "seed": 7, "options": {"scoring": "placing", "ties": "first_shown"}},
     "zh": "同一局，按另一种读法计分（按名次、先亮者胜平局）。", "en": "The same round scored under the other readings (placings; ties to the earlier shower)."},
    {"request": {"game": "yezi", "action": "round", "seed": 8, "options": {"scoring": "placing"}, "level": "strong"},
     "zh": "按名次计分的一局，电脑按强水平分牌：另三家的分法、甲家的提示（强水平会怎么分，先亮哪一组），以及供复盘用的局面。",
     "en": "A round scored by placings with the computer at the strong level: the other three seats' splits, seat A's hint (how the strong level would split, and which group it would show first), and the round written out for the review."},
    {"request": {"game": "yezi", "action": "round", "seed": 8, "my_seat": 0, "my_groups": [["2", "3", "8", "9"], ["leaf", "1", "4", "10"]]},
     "zh": "读者替甲家分组（两组在第一次亮牌前就定好）：先亮四张散牌，再亮和牌。", "en": "The reader arranges player A's two groups (fixed before the first showing): four loose cards first, then the Harmony set."},
    {"request": {"game": "yezi", "action": "showing", "thrower": 0, "players": [
        {"hand": ["王", "土", "人", "合", "贝", "叶", "贝", "合"]},
        {"groups": [["人", "才", "叶", "合"], ["豆", "参", "长", "别"]]},
        {"hand": ["参", "参", "土", "土", "长", "别", "王", "才"]},
        {"groups": [["豆", "豆", "贝", "长"], ["人", "才", "别", "王"]]}]},
     "zh": "桌上的一局：甲、丙写八张牌（引擎给出最佳分组），乙、丁写亮出的两组；每组是什么组合、每次亮牌谁胜、这一局谁胜。",
     "en": "A round at a real table: A and C entered by their eight cards (the engine finds the best split), B and D by the two groups they showed; each group's combination, who wins each showing, and the round."},
    {"request": {"game": "yezi", "action": "tally", "names": ["我", "老伴", "大姐", "二哥"], "rounds": [
        {"thrower": 0, "players": [{"hand": ["王", "土", "人", "合", "贝", "叶", "贝", "合"]}, {"groups": [["人", "才", "叶", "合"], ["豆", "参", "长", "别"]]},
                                   {"hand": ["参", "参", "土", "土", "长", "别", "王", "才"]}, {"groups": [["豆", "豆", "贝", "长"], ["人", "才", "别", "王"]]}]},
        {"thrower": 1, "players": [{"groups": [["豆", "豆", "贝", "长"], ["人", "才", "别", "王"]]}, {"hand": ["参", "参", "土", "土", "长", "别", "王", "才"]},
                                   {"groups": [["人", "才", "叶", "合"], ["豆", "参", "长", "别"]]}, {"hand": ["王", "土", "人", "合", "贝", "叶", "贝", "合"]}]}]},
     "zh": "一家人在桌上连打的几局：每局照桌上亮牌判，各家的分逐局相加（原文只说一局里两次亮牌相加），整份计分写成一份记录。",
     "en": "A family's rounds at a real table: each judged as a showing, each player's points added round after round (the source adds only the two showings of one round), the whole tally written as a record."},
    {"request": {"game": "yezi", "action": "combinations"}, "zh": "八种组合及其名次。", "en": "The eight combinations and their ranks."},
    {"request": {"game": "yezi", "action": "faces", "width": 40}, "zh": "全部 11 种牌：代号、每种几张、一组几张，和网页画牌的宽度。", "en": "All 11 cards: their codes, the copies of each, the cards of a group, and the width the pages draw them at."},
    {"request": {"game": "yezi", "action": "zipai-deal", "seed": 21},
     "zh": "下灌字牌发牌：庄家 21 张，闲家各 20 张。", "en": "下灌字牌 deal: 21 cards to the banker, 20 to each other player."},
    {"request": {"game": "yezi", "action": "zipai-arrange", "hand": ["x7", "x7", "x7", "x7", "x1", "x1", "d2", "d7", "d10"]},
     "zh": "检查字牌能否全部拢好：开招旁的对子算一墩。", "en": "Check that zi pai cards all fit into groups: a pair counts beside a 开招."},
    {"request": {"game": "yezi", "action": "zipai-discard", "hand": ["x8", "x6", "x7", "x9", "x10"], "card": "x8", "from_upper": True},
     "zh": "下火规则：手中已有小八，吃上家的小八须同时亮出两墩。", "en": "下火规则: holding a small 8, taking the upper seat's small 8 needs two groups laid down at once."},
    {"request": {"game": "yezi", "action": "zipai-draw", "hand": ["d5", "d5", "x1"], "card": "d5"},
     "zh": "扫牌：手中两张大伍又摸到一张，必须暗扣成坎。", "en": "扫牌: drawing a third big 5 to a pair forces a face-down three."},
    {"request": {"game": "yezi", "action": "zipai-differences"}, "zh": "下灌字牌与跑胡子的差异表。", "en": "Where 下灌字牌 differs from 跑胡子."},
    {"request": {"game": "yezi", "action": "options"}, "zh": "规则选项：原文不明之处的各种读法（用文字说明）和默认读法。",
     "en": "The rule options: the readings where the source is open, in words, and the default."},
]


def _tally_units(req: Any) -> int:
    """The work a tally costs: each round is a showing (and each correction kept names one), a record read by its length."""
    if not isinstance(req, dict):
        return 20_000
    lists = sum(len(v) for v in (req.get("rounds"), req.get("history")) if isinstance(v, list))
    text = req.get("text")
    return 20_000 + 10_000 * lists + (40 * len(text) if isinstance(text, str) else 0)

#: Work units per request, checked by engine.api before an action runs (a unit is
#: about a microsecond of CPython). Every input above is capped (eight-card hands,
#: at most 27 字牌 in a search, memoised), so each action is bounded by a constant.
COSTS: dict[str, Any] = {
    "best": 50_000,
    "evaluate": 50_000,
    "deal": 10_000,
    "round": lambda req: 50_000 + (4 * ROUND_SEAT_UNITS if isinstance(req, dict) and req.get("level") == "strong" else
                                   20_000 if isinstance(req, dict) and "level" in req else 0),  # 4 splits at the strong level
    "showing": 50_000,
    # each round is a showing (and each correction kept names one)
    "tally": _tally_units,
    "combinations": 10_000,
    "faces": 10_000,
    "zipai-deal": 10_000,
    "zipai-arrange": 200_000,
    "zipai-discard": 200_000,
    "zipai-draw": 200_000,
    "zipai-differences": 50_000,
    "options": 2_000,
}


# ---------------------------------------------------------------- what records ask of a game
# a table's round written as a record, and a record opened at the table (engine.record.export reads these)


def table_position(req: dict[str, Any]) -> dict[str, Any]:
    """The written position of the table's ``round`` request: the round as the table plays it, through the protocol."""
    st, _, _, level = table_round(req)
    seed_ok(st.setup["seed"])
    return {**st.written(), **({"level": level} if level is not None else {})}


def table_replay(position: dict[str, Any], moves: list[str], seats: list[int | None], level: dict[str, Any]) -> dict[str, Any]:
    """What the table needs to replay a written position: the reader's split (seat A)."""
    split = next((a[6:].split("|") for a, s in zip(moves, seats) if s == 0 and a.startswith("split:")), None)
    out: dict[str, Any] = {"seed": position["seed"], "thrower": position.get("thrower", 0), "options": position.get("options") or {}, **level}
    if split:
        out["my_seat"], out["my_groups"] = 0, [[c for c in g.split(".")] for g in split]
    return out
