"""One ``play`` path for every game (``"game": "table"``): a written position in, the table as one seat sees it out.

Request: ``{"game": "table", "action": "play", "position": {"game": "gupai", "seed": 3,
"actions": ["up:66.66"]}, "viewer": 0}``, optionally with ``"level": "basic"`` or ``"strong"``. The position is replayed from its seed;
the first move that is not lawful is not played (``refused`` says which and why).
Answer: ``position`` (the written position actually reached), ``viewer``, ``to_move``,
``over``, ``actions`` (the viewer's lawful moves now, each with its words), ``observation``
(what the viewer may see: the game's own view), ``returns`` (each seat's result once the
game is over, summing to zero; else null) and ``refused``. With a ``level``, ``choice``: the
move the computer would make at that level for the seat to move (a computer seat's move, or the
hint), and at the strong level its estimate of each lawful move (engine/protocol/strong.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..budget import BUDGET, size
from ..validate import get_dict, get_int, refuse_unsafe_text
from . import IllegalAction, start_position, state_class
from .costs import PER_MOVE as PER_MOVE, replay_cost  # PER_MOVE named here too: 打围's referee reads it from this module
from .review import EXAMPLES as REVIEW_EXAMPLES, a_levels, a_review, a_review_summary, review_cost
from .strong import STRONG_UNITS, basic_action, read_level, rollouts_for, strong_choice
from ..registry import entries, seat_names


def _number(x: Any) -> int | float:
    return int(x) if x.denominator == 1 else round(float(x), 4)


def a_play(req: dict[str, Any]) -> dict[str, Any]:
    position = get_dict(req, "position", {})
    st, moves = start_position(position)
    refused = None
    heard = get_int(req, "heard", -1, lo=0, hi=100_000) if "heard" in req else -1  # the table of several people (issue 42)
    told: list[dict[str, Any]] = []
    for k, a in enumerate(moves):
        try:
            if k >= heard >= 0:
                told += _told(st, a)
            else:
                st.apply(a)
        except IllegalAction as e:
            refused = {"index": k, "zh": f"第 {k + 1} 步没有走：{e.zh}", "en": f"Move {k + 1} was not played. {e.en}"}
            break
    p = st.current_player()
    viewer = get_int(req, "viewer", p if p is not None else 0, lo=0, hi=st.num_players() - 1)
    acts = []
    for a in st.legal_actions(viewer):
        zh, en = st.action_words(a)
        entry = st.move_entry(a) if heard >= 0 else None  # a move a person fills in at a table of several people
        acts.append({"id": a, "zh": zh, "en": en, **({"entry": entry} if entry else {})})
    ans = {
        "position": st.written(), "viewer": viewer, "to_move": p, "over": st.is_terminal(),
        "actions": acts, "observation": st.observation(viewer),
        "returns": [_number(x) for x in st.returns()] if st.is_terminal() else None,
        "refused": refused,
    }
    if heard >= 0:  # what everyone heard since move ``heard``, and the viewer's own table in words
        refuse_unsafe_text(req, ("names",))
        names = req.get("names")
        if isinstance(names, list) and len(names) == st.num_players() and all(isinstance(x, str) and 0 < len(x) <= 40 for x in names):
            told = _told_named(position, heard, names)
        zh, en = st.observation_words(viewer)
        ans["narration"], ans["words"] = told, {"zh": zh, "en": en}
        ans["seats"] = [dict(zip(("zh", "en"), st.seat_words(s), strict=True)) for s in range(st.num_players())]
    if "level" in req:
        level = read_level(req)  # every game plays at every level: its basic player is the protocol's (GameState.basic_action)
        # no choice where the seat's moves are entered rather than chosen (打围's real dice: the computer throws none)
        entered = p is not None and any(st.move_entry(a) for a in st.legal_actions())
        ans["choice"] = _choice(st, level) if p is not None and not entered else None
    return ans


def _choice(st: Any, level: str) -> dict[str, Any]:
    """The move the computer would make at ``level`` for the seat to move (a computer seat's move,
    or the hint), with the strong level's estimate for each lawful move (that seat's mean result
    over the deals it imagined, and the standard error of that mean)."""
    seed = st.setup.get("seed", 0)
    if level == "strong":
        units = min(STRONG_UNITS.get(st.game, 100_000), BUDGET - replay_cost(st.written()))
        c = strong_choice(st, rollouts_for(st, units), seed)
        action, deals = c.action, c.deals
        estimates = [{"id": e.action, "mean": round(e.mean, 3), "stderr": round(e.stderr, 3)} for e in c.estimates]
    else:
        action, deals, estimates = basic_action(st), 0, []
    words = {a: st.action_words(a) for a in st.legal_actions()}
    for e in estimates:
        e["zh"], e["en"] = words[e["id"]]
    zh, en = words[action]
    return {"level": level, "seat": st.current_player(), "id": action, "zh": zh, "en": en, "deals": deals, "estimates": estimates}


def _told(st: Any, action: str) -> list[dict[str, Any]]:
    """Play ``action`` (IllegalAction as :meth:`GameState.apply`), and say what every seat heard of it: the move as the
    game lets it be heard, then the game's own narration of what followed."""
    seat = st.current_player()
    heard = st.move_heard(action) if action in st.legal_actions() else None
    mark = st.log_mark()
    st.apply(action)
    out = [{"seat": seat, "zh": heard[0], "en": heard[1]}] if heard else []
    return out + [{"seat": seat, "zh": zh, "en": en} for zh, en in st.events_since(mark)]


#: the longest name a player of a table at one device may give (a record's names tag holds it)
NAME_CHARS = 20


def _told_named(position: dict[str, Any], heard: int, names: list[str]) -> list[dict[str, Any]]:
    """What everyone heard since move ``heard``, told with the players' ``names`` where the game's own sentences name
    the players (打围's: :meth:`GameState.referee_named`); the same sentences otherwise."""

    def tell(named: bool) -> dict[str, Any]:
        st, moves = start_position(position)
        out: list[dict[str, Any]] = []
        for k, a in enumerate(moves):
            try:
                if k >= heard:
                    out += _told(st, a)
                else:
                    st.apply(a)
            except IllegalAction:
                break
        return {"moves": out, "opening": [], "notes": []}

    asked: list[bool] = []

    def told_as(named: bool) -> dict[str, Any]:
        asked.append(named)
        return tell(named)

    st, _ = start_position({**position, "actions": []})
    told: list[dict[str, Any]] = type(st).referee_named(told_as, names)["moves"]
    if asked == [False]:  # the game's sentences name seats: each seat's words get the person's name beside them
        zh = _naming([st.seat_words(s)[0] for s in range(len(names))], names, "{name}（{seat}）", False)
        en = _naming([st.seat_words(s)[1] for s in range(len(names))], names, "{name} ({seat})", True)
        told = [{**x, "zh": zh(x["zh"]), "en": en(x["en"])} for x in told]
    return told


def _naming(words: list[str], names: list[str], form: str, letters: bool) -> Callable[[str], str]:
    """A sentence with each seat's words (甲家, the dealer) told as ``form`` names it, once each (a name that holds a
    seat's words is not named again); in English a seat named by its letter alone (``seat A``'s "A") opens a
    sentence ("A: plays…", "B wins the trick")."""
    seat_of = {w.lower(): s for s, w in enumerate(words)}
    alts = [re.escape(w) for w in sorted(words, key=len, reverse=True)]
    if letters:
        for s, w in enumerate(words):
            if w.startswith("seat "):
                seat_of[w[5:].lower()] = s
        letter = "|".join(re.escape(w[5:]) for w in words if w.startswith("seat "))
        pattern = re.compile(rf"^(?:{letter})(?=[: ])|\b(?:{'|'.join(alts)})\b" if letter else rf"\b(?:{'|'.join(alts)})\b", re.IGNORECASE)
    else:
        pattern = re.compile("|".join(alts))

    def say(text: str) -> str:
        def one(m: re.Match[str]) -> str:
            s = seat_of[m.group(0).lower()]
            return form.format(name=names[s], seat=words[s])

        return pattern.sub(one, text)

    return say


def a_together(req: dict[str, Any]) -> dict[str, Any]:
    """What a table of several people at one device needs to seat a game (``of``): its title, whether its seats hide
    cards from each other (a hand-off screen between two people's turns), its tables (each one's seats and the setup
    fields that make it) and the seats' names."""

    game = req.get("of")
    e = entries().get(game) if isinstance(game, str) else None
    if e is None:
        raise IllegalAction(f"没有这个游戏：可选 {'、'.join(entries())}。", f"There is no such game: choose one of {', '.join(entries())}.")
    cls = state_class(e.id)
    sizes = cls.table_sizes()
    tables = [{"seats": n, "setup": setup} for n, setup in sizes]
    most = max(n for n, _ in sizes)
    return {"of": e.id, "title": {"zh": e.title[0], "en": e.title[1]}, "hidden": cls.hidden_cards, "tables": tables,
            "seat_names": [{"zh": z, "en": n} for z, n in seat_names(most)], "name_chars": NAME_CHARS,
            "choices": cls.table_choices()}


ACTIONS = {"play": a_play, "together": a_together}

EXAMPLES = [
    {"request": {"game": "table", "action": "play", "position": {"game": "gupai", "seed": 3}},
     "zh": "鄂南骨牌第 3 副牌刚发完：轮到的人看到的牌桌和他可以出的每一手牌。",
     "en": "Hand 3 of 鄂南骨牌 just dealt: the table as the player to lead sees it, and every play open to them."},
    {"request": {"game": "table", "action": "play", "viewer": 1,
                 "position": {"game": "yezi", "seed": 7, "options": {"scoring": "placing"}}},
     "zh": "下灌叶子戏（按名次计分）：乙家看到的局面；先要分牌的人是掷骰人。",
     "en": "下灌叶子戏 scored by placings, as seat B sees it; the die thrower splits first."},
    {"request": {"game": "table", "action": "play", "position": {"game": "dawei", "seed": 5, "players": 3, "actions": ["throw", "throw"]}},
     "zh": "三人打围，已经掷了两手：签牌的分布和下一手。",
     "en": "打围 for three after two throws: who holds which sticks, and the next throw."},
    {"request": {"game": "table", "action": "play", "position": {"game": "paohuzi", "variant": "xiaguan", "table": "three", "seed": 3}},
     "zh": "下灌字牌三人局：庄家看到的牌桌和他现在可走的每一步。",
     "en": "下灌字牌 for three: the table as the dealer sees it, and each move open to him now."},
    {"request": {"game": "table", "action": "play", "viewer": 0, "heard": 0, "position": {"game": "gupai", "seed": 3, "actions": ["up:13"]}},
     "zh": "同一台设备上几个人打：从第 1 步起大家听到的每一句（扣下的牌不说是哪张），和甲家自己的牌念出来的话。",
     "en": "Several people at one device: what everyone heard from move 1 on (a tile laid face down is not named), and seat A's own table in words."},
    {"request": {"game": "table", "action": "together", "of": "paohuzi"},
     "zh": "跑胡子几个人同桌：有哪几种牌桌、各几个座位，座位怎么称呼，各家的牌是否互相看不见。",
     "en": "Seating 跑胡子 for several people: its tables and their seats, the seats' names, and whether each seat's cards are hidden from the others."},
]

def _play_cost(req: dict[str, Any]) -> int:
    position = req.get("position")
    if not isinstance(position, dict):
        return 10_000
    replay = replay_cost(position) * (2 if "names" in req else 1)  # with names, the narration is replayed to be told by them
    level = req.get("level")
    if level == "strong":  # the strong level's rollouts: what the budget leaves, at most the game's share
        game = position.get("game")
        return replay + max(0, min(STRONG_UNITS.get(game, 100_000) if isinstance(game, str) else 100_000, BUDGET - replay))
    return replay + (20_000 if level is not None else 0)  # one move of the basic player


COSTS: dict[str, int | Callable[[dict[str, Any]], int]] = {"play": _play_cost, "together": 50_000}

# the review of one seat's game by the strong level (engine/protocol/review.py)
ACTIONS["review"] = a_review
ACTIONS["review_summary"] = a_review_summary
COSTS["review_summary"] = lambda req: 2_000 + 50 * size(req, "verdicts", 0, 100_000)
ACTIONS["levels"] = a_levels
COSTS["review"] = review_cost
COSTS["levels"] = 2_000
EXAMPLES += REVIEW_EXAMPLES
