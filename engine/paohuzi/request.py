"""Reading a 跑胡子 request: its rule options, its variant's config, and the moves it names.

Shared by the API actions (:mod:`.actions`), the ``play`` action (:mod:`.play`), a match
(:mod:`.match`) and, outside this package, the record and the review, which read a table's own
``play`` request. Bad input raises :class:`engine.errors.ApiError` in both languages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from collections.abc import Callable

from ..errors import ApiError
from ..validate import bad, get_dict, get_int, get_list, get_str
from ..protocol.table import play_table
from .cards import parse_card
from .config import DEFAULT, RuleConfig
from .seating import TABLES, computer_move
from .table import Action, Foul, action_id
from .xiaguan import VARIANTS, not_applicable, xiaguan_config
from .trace import OPTIONS

if TYPE_CHECKING:  # the state is the one above this module: only its type is named here
    from .state import PaohuziState

MAX_ACTIONS = 800
#: the largest seed (a hand's number) a table is dealt from; the table's new deals are drawn below it
MAX_SEED = 2**32


def read_config(req: dict[str, Any]) -> RuleConfig:
    """Rule options from ``"options"`` (as in the other games; ``"rules"`` is accepted too)."""
    name = "rules" if "rules" in req and "options" not in req else "options"
    rules = get_dict(req, name, {})
    if len(rules) > 20:
        raise bad(name, "选项过多。", "too many options.")
    try:
        return DEFAULT.with_options({str(k): str(v) for k, v in rules.items()})
    except KeyError:
        raise bad(name, "其中有跑胡子没有的规则或读法；请从本页“规则选项”表所列的读法中选。",
                  "one of them is not a rule or reading 跑胡子 has; choose from the readings in the page's rule options table.") from None


def config_of(req: dict[str, Any], variant: str) -> RuleConfig:
    """The request's rule options under its variant (下灌字牌 reads only the options it shares: naming another
    is refused in words, never ignored)."""
    cfg = read_config(req)
    name = "rules" if "rules" in req and "options" not in req else "options"
    for k in req.get(name) or {}:
        short = str(k).split(".", 1)[1] if str(k).startswith("paohuzi.") else str(k)
        why = not_applicable(short, variant)
        if why is not None:
            raise ApiError("option_not_applicable", *why)
    return xiaguan_config(cfg) if variant == "xiaguan" else cfg


def parse_action(h: PaohuziState, item: Any, k: int) -> Action:
    """Move ``k`` of a request (an id from the moves offered, or ``{kind, card, groups}``) as an action at ``h``."""
    p = h.pending()
    if isinstance(item, str):
        item = {"id": item}
    if not isinstance(item, dict):
        raise bad("actions", f"第 {k + 1} 步应是一个走法（从可选的走法里选一个）。", f"move {k + 1} should be one of the moves offered.")
    seat = item.get("seat", p)
    if not isinstance(seat, int) or isinstance(seat, bool):
        seat = p
    if "id" in item and isinstance(item["id"], str) and p is not None:
        for a in h.moves(p):
            if action_id(a) == item["id"]:
                return a
        parts = item["id"][:200].split(":")
        item = {"kind": parts[0], "card": parts[1] if len(parts) > 1 else None,
                "groups": [g.split(".") for g in parts[2].split("|")] if len(parts) > 2 else []}
    kind = item.get("kind")
    if not isinstance(kind, str) or kind not in ("hu", "pass", "discard", "chi", "peng", "pao", "ti", "wei", "next"):
        raise bad("actions", f"第 {k + 1} 步不是一种走法：可以是胡、过、打牌、吃、碰。", f"move {k + 1} is not a kind of move: win, pass, discard, chi or peng.")
    card = None
    if item.get("card") is not None:
        card = parse_card(item["card"]) if isinstance(item["card"], str) else None
        if card is None:
            raise bad("actions", f"第 {k + 1} 步里的牌认不出来。", f"move {k + 1} names a card that does not exist.")
    groups = []
    raw = item.get("groups") or []
    if not isinstance(raw, list) or len(raw) > 4:
        raise bad("actions", f"第 {k + 1} 步的吃牌组合应是至多四组牌。", f"the groups of move {k + 1} should be at most four groups of cards.")
    for g in raw:
        if not isinstance(g, list) or len(g) > 4:
            raise bad("actions", f"第 {k + 1} 步的每一组应是三张牌。", f"each group of move {k + 1} should be three cards.")
        cs = [parse_card(x) if isinstance(x, str) else None for x in g]
        if any(c is None for c in cs):
            raise bad("actions", f"第 {k + 1} 步的组合里有认不出来的牌。", f"a group of move {k + 1} names a card that does not exist.")
        groups.append(tuple(c for c in cs if c is not None))
    if kind == "chi" and groups and card is not None and card in groups[0]:
        g0 = list(groups[0])
        g0.remove(card)
        groups[0] = (card,) + tuple(sorted(g0))
    return Action(seat, kind, card, tuple(groups))  # type: ignore[arg-type]  # seat is None only once the hand is over: passed on unchanged, as before typing


@dataclass(frozen=True)
class PlayRequest:
    """A table's ``play`` request read: the hand to deal, who sees it, who the computer plays, the reader's moves."""

    variant: str
    table: str
    seed: int
    cfg: RuleConfig
    viewer: int
    computer: frozenset[int]
    actions: list[Any]
    #: the rule options as a written position gives them (short names, each a reading; the defaults left out)
    options: tuple[tuple[str, str], ...] = ()


def read_play_request(req: dict[str, Any], in_match: bool = False) -> PlayRequest:
    """The fields of a ``play`` request, read in one order whoever reads them (the ``play`` action, the record's
    export); ``in_match``: the seats are a match's players, the 醒家 among them."""
    variant = get_str(req, "variant", "paohuzi", choices=tuple(VARIANTS))
    table = get_str(req, "table", "four" if variant == "paohuzi" else "three", choices=tuple(TABLES))
    seed = get_int(req, "seed", 1, lo=0, hi=MAX_SEED)
    cfg = config_of(req, variant)
    n = TABLES[table][0]
    if in_match:
        n += 1 if TABLES[table][1] else 0  # in a match, seats are the players (the 醒家 too)
    viewer = get_int(req, "seat", 0, lo=0, hi=n - 1)
    comp = get_list(req, "computer", [s for s in range(n) if s != viewer], max_len=4)
    computer = frozenset(x for x in comp if isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n)
    actions = get_list(req, "actions", [], max_len=MAX_ACTIONS)
    return PlayRequest(variant, table, seed, cfg, viewer, computer, actions, options_of(req))


def options_of(req: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """The request's rule options (already checked by :func:`read_config`) as a written position gives them:
    short names (``threshold``, not ``paohuzi.threshold``), each reading a string, the defaults left out."""

    defaults = {o.id.split(".", 1)[1]: o.default for o in OPTIONS}
    name = "rules" if "rules" in req and "options" not in req else "options"
    raw = req.get(name) or {}
    out = {}
    for k, v in raw.items():
        short = str(k).split(".", 1)[1] if str(k).startswith("paohuzi.") else str(k)
        if str(v) != defaults.get(short):
            out[short] = str(v)
    return tuple(sorted(out.items()))


def play_moves(h: PaohuziState, computer: frozenset[int], actions: list[Any],
               strong: Callable[[PaohuziState], Action | None] | None = None, start: int = 0,
               limit: int = 1_000_000) -> tuple[int, tuple[int, Foul] | None]:
    """The computer seats' moves and the reader's ``actions`` in turn (the reader's move ``start`` first: a match's
    hand goes on from there), until the hand ends, the moves run out or ``limit`` moves are played: how many of
    ``actions`` were played, and the first move refused (its index counted from the match's or hand's first move,
    and the rule it breaks), which stops the replay, or None. The one replay of moves given in a request: a
    table's hand (:func:`engine.paohuzi.state.table_state`), a match's hand in progress and its finished ones."""
    played = play_table(h, actions, lambda h: h.pending() in computer, lambda h: computer_move(h, strong),
                        lambda h, k, item: parse_action(h, item, start + k), limit=limit, play=lambda h, a: h.play(a), refusal=Foul)
    return played.used, None if played.refused is None else (start + played.refused[0], played.refused[2])
