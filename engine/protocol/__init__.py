"""One protocol for a game in progress, the same for all four games.

In the spirit of OpenSpiel's ``State``: whatever the game, a table in progress is a
:class:`GameState` that answers the same questions —

===========================  ==============================================================
``num_players()``            seats at the table (a seat that never moves, such as 跑胡子's
                             醒家, still counts: it wins or loses at the settlement)
``current_player()``         the seat that decides now, or None once the game is over
``legal_actions(player)``    that seat's lawful moves now, as short strings ([] when it is
                             not that seat's turn)
``apply(action)``            play one lawful move (:class:`IllegalAction` otherwise, and
                             nothing changes)
``is_terminal()``            whether the game is over
``returns()``                each seat's result, summing to zero (zeros before the end)
``observation(player)``      what that seat may see now, as JSON (never another seat's
                             hidden cards)
``clone()``                  an independent copy
``resample(player, rng)``    a copy in which everything ``player`` cannot see is dealt
                             again at random (OpenSpiel's ``ResampleFromInfostate``): the
                             observation of ``player`` must not change
``written()``                the written position: the setup and the moves so far
===========================  ==============================================================

A *written position* is to these games what FEN is to chess: a JSON object naming the
game, its setup (seed, seats, rule options, table…) and the moves played since the
deal, for example ``{"game": "gupai", "seed": 3, "options": {"xiqian": "none"},
"actions": ["up:66.66"]}``. :func:`open_state` turns one into a state; every state
writes its own (:meth:`GameState.written`), and opening what it writes gives the same
state again. Chance (shuffles, dice) comes from the seed, so a written position names
a single table.

Each game's state class is itself a :class:`GameState`, in the game's own folder, with no adapter around it:
打围's ``engine.dawei.state.DaweiState`` (the throws and the split decisions), 骨牌's
``engine.gupai.state.GupaiState`` (the plays), 叶子戏's ``engine.yezi.state.YeziState`` (each seat's split, then
the showings) and 跑胡子's ``engine.paohuzi.state.PaohuziState`` (跑胡子 and 下灌字牌 at every table). This package
imports none of them: :data:`ADAPTERS`, read from the registry of games (:mod:`engine.registry`), names each by its
module. DEVELOPING.md shows how a new game or variant
plugs in.
"""

from __future__ import annotations

import copy
import importlib
import random
from abc import ABC, abstractmethod
from fractions import Fraction
from typing import Any, ClassVar, Self
from collections.abc import Callable, Mapping, Sequence

from ..errors import ApiError
from ..registry import STATE_CLASSES, seat_names

#: game id -> "module:class" of its state class: the registry's own table (:mod:`engine.registry`), so a game
#: registered there is opened here
ADAPTERS: dict[str, str] = STATE_CLASSES

Position = dict[str, Any]


class IllegalAction(ValueError):
    """A move that is not lawful now (or a written position that cannot be set up), in both languages."""

    def __init__(self, zh: str, en: str, index: int | None = None) -> None:
        super().__init__(en)
        self.zh, self.en, self.index = zh, en, index


class GameState(ABC):
    """A game in progress. Subclasses implement the underscored hooks and the abstract queries."""

    #: the game id (a key of :data:`ADAPTERS`)
    game: ClassVar[str]
    #: the most moves a written position may hold (a bound for every replay)
    max_actions: ClassVar[int]
    #: whether some seat ever holds something another seat may not see (cards in hand, face down)
    hidden_cards: ClassVar[bool] = True
    #: setup fields a position may add that ``read_setup({})`` leaves out (written only when given), with a
    #: value of each one's type: a record reads their tags too
    optional_setup: ClassVar[dict[str, Any]] = {}

    def __init__(self, position: Mapping[str, Any] | None = None) -> None:
        self.setup: dict[str, Any] = self.read_setup(dict(position or {}))
        self.actions: list[str] = []
        self._cache: tuple[int, list[str]] | None = None  # the lawful moves after so many moves
        self._start()

    # ------------------------------------------------------------ what each game provides
    @classmethod
    @abstractmethod
    def read_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        """The setup named by a written position, completed with defaults (every field a JSON
        value); :class:`IllegalAction` for a setup the game does not have."""

    @classmethod
    def option_names(cls, position: dict[str, Any]) -> tuple[str, ...]:
        """The rule options (short names) a setup reads, where the game declares them (跑胡子's variants);
        empty otherwise. A record names each of these whose default reading has changed in some edition."""
        return ()

    @classmethod
    @abstractmethod
    def setups(cls) -> list[dict[str, Any]]:
        """Setups covering every table or variant and every choice of every rule option
        (one option changed at a time from the defaults): what the simulation test plays."""

    @abstractmethod
    def _start(self) -> None:
        """Deal: build the game's own state object from ``self.setup``."""

    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def current_player(self) -> int | None: ...

    @abstractmethod
    def _legal(self) -> list[str]:
        """The current player's lawful moves."""

    @abstractmethod
    def _apply(self, action: str) -> None:
        """Play a move already known to be lawful."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def _returns(self) -> Sequence[Fraction | int]:
        """Each seat's result at the end of the game."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see now, as a JSON object."""

    def _resample(self, player: int, rng: random.Random) -> Self:
        """A copy in which what ``player`` cannot see is dealt again; a game without hidden
        cards returns a plain copy."""
        return self.clone()

    # ------------------------------------------------------------ what the strong level and the review ask of a game
    def basic_action(self) -> str:
        """The basic computer player's move for the seat to decide (the strong level plays it at every seat of its
        rollouts, and keeps it unless another move is better); by default the first lawful move."""
        return self.legal_actions()[0]

    def play_out(self) -> object:
        """Play this game (changed in place) to its end with the basic player at every seat: a rollout of the
        strong level, whose result alone is read. By default one basic move after another."""
        for _ in range(self.max_actions + 1):
            if self.is_terminal():
                break
            self.apply(self.basic_action())
        return self

    def strong_rollout_units(self, full: int) -> int:
        """The work of one rollout from here, given ``full``, the work of one from the game's first move; by
        default the whole of it (a game that knows how much of it is left says less)."""
        return full

    def strong_candidates(self) -> list[str] | None:
        """The moves the strong level plays out when few of the lawful ones can be best (the basic move is
        always added); None (the default) to play out every lawful move."""
        return None

    def strong_values(self) -> dict[str, float] | None:
        """Each lawful move's exact value for the seat to decide, where the only uncertainty is chance the game
        can weigh; None (the default) to play the moves out in imagined deals."""
        return None

    def strong_deal(self, player: int, rng: random.Random, moves: Sequence[str]) -> list[float] | None:
        """``player``'s result after each of ``moves`` in one deal of what it cannot see (drawn with ``rng``),
        for a game that scores every move of a deal at once; None (the default) to play each move out."""
        return None

    def strong_unit(self) -> tuple[str, str]:
        """What a seat's result is counted in, in words (zh, en): a review's figures are in it."""
        return "分", "points"

    def table_hint(self, seed: int) -> str | None:
        """The strong level's hint as the game's own table gives it, where the table searches its own way; None
        (the default) where it asks the strong level as the review does."""
        return None

    def mistake_loss(self, usual: float) -> float:
        """The loss, in :meth:`strong_unit`, from which a review calls a clearly worse move a mistake; by
        default ``usual``, the game's (a game whose unit changes with its rules says its own)."""
        return usual

    #: the module of the game's own review words, named (as :data:`ADAPTERS` names a state), for the two hooks below:
    #: ``own(state, seat, chosen)`` and ``why(state, seat, better, chosen)``; None for a game without them
    review_words: ClassVar[str | None] = None

    def review_own(self, seat: int, chosen: str) -> tuple[str, str] | None:
        """What ``seat``'s move ``chosen`` does, in the game's own terms (zh, en), for a review that finds it as
        good as the best; None when the game has nothing to add."""
        if self.review_words is None:
            return None
        words: tuple[str, str] | None = importlib.import_module(self.review_words).own(self, seat, chosen)
        return words

    def review_why(self, seat: int, better: str, chosen: str) -> tuple[str, str] | None:
        """What the move ``better`` keeps or denies against ``seat``'s ``chosen``, in the game's own terms (zh,
        en), for a review that finds ``chosen`` costly; None when the game has nothing to add."""
        if self.review_words is None:
            return None
        words: tuple[str, str] | None = importlib.import_module(self.review_words).why(self, seat, better, chosen)
        return words

    def review_how(self) -> tuple[str, str] | None:
        """How a review of this game weighs each option, in words (zh, en), where the game does it otherwise
        than by imagined deals; None (the default) for the review's own words on deals."""
        return None

    def action_words(self, action: str) -> tuple[str, str]:
        """A lawful move of the current player in words (zh, en)."""
        return action, action

    def why_not(self, action: str) -> tuple[str, str] | None:
        """Why a move the current player may not make is refused, naming the rule (zh, en);
        None where the game has no more to say than that the move is not offered."""
        return None

    # ------------------------------------------------------------ what records ask of a game
    #: whether the referee tells a move by the game's own sentences (what it narrated as the move was played:
    #: 打围's throw and what the dice showed, 跑胡子's discard…) rather than by the move's words
    narrates_moves: ClassVar[bool] = False
    #: whether a record writes, beside each move, what the game narrated of it rather than the move's words
    #: (打围: what the dice showed and what the throw took)
    writes_narration: ClassVar[bool] = False

    def log_mark(self) -> int:
        """Where the game's own narration stands now (see :meth:`events_since`); 0 for a game that narrates nothing."""
        return 0

    def events_since(self, mark: int) -> list[tuple[str, str]]:
        """What the game itself narrated (zh, en sentences) since :meth:`log_mark` said ``mark``; none by default."""
        return []

    def settlement_notes(self) -> list[tuple[str, str]]:
        """How a game over reached its settlement, in the game's own words (zh, en), for the referee; none by default."""
        return []

    @classmethod
    def referee_named(cls, tell: Callable[[bool], dict[str, Any]], names: list[str]) -> dict[str, Any]:
        """The referee's report of a record that gives the players' ``names``: ``tell(named)`` makes it, ``named``
        saying whether the game's own sentences name the players. By default they name seats: ``tell(False)``."""
        return tell(False)

    # ------------------------------------------------------------ the protocol
    def legal_actions(self, player: int | None = None) -> list[str]:
        """The lawful moves of ``player`` (by default the current player); [] when it is not their turn."""
        p = self.current_player()
        if p is None or (player is not None and player != p):
            return []
        if self._cache is None or self._cache[0] != len(self.actions):
            self._cache = (len(self.actions), self._legal())
        return list(self._cache[1])

    def apply(self, action: str) -> None:
        if not isinstance(action, str) or action not in self.legal_actions():
            why = self.why_not(action) if isinstance(action, str) and not self.is_terminal() else None
            zh, en = why or ("这一步现在不能走：请从可走的几步里选一步。", "That move cannot be made now: choose one of the moves offered.")
            raise IllegalAction(zh, en, len(self.actions))
        self._apply(action)
        self.actions.append(action)

    def returns(self) -> list[Fraction]:
        if not self.is_terminal():
            return [Fraction(0)] * self.num_players()
        return [Fraction(x) for x in self._returns()]

    def clone(self) -> Self:
        return fast_copy(self)  # type: ignore[no-any-return]  # fast_copy copies any object: a copy of self is of self's class

    def resample(self, player: int, rng: random.Random) -> Self:
        other = self._resample(player, rng)
        other._cache = None  # the others' moves may differ with their cards
        return other

    def name_seats(self, names: Sequence[str]) -> None:  # noqa: B027  a hook a game may override: doing nothing is its default
        """The players' names a record gives (its Names tag), for a game whose own sentences name the players (a
        match sheet kept by a family says their names, not seat letters); by default the game's sentences name seats."""

    def written(self) -> Position:
        return {"game": self.game, **copy.deepcopy(self.setup), "actions": list(self.actions)}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.written()!r}>"

    # ------------------------------------------------------------ what a table of several people at one device asks (issue 42)
    @classmethod
    def table_sizes(cls) -> list[tuple[int, dict[str, Any]]]:
        """The tables a group of people may sit at: each one's number of seats and the setup fields that make it
        (打围's ``players``, 跑胡子's ``table``); by default the one table of the default setup."""
        return [(cls({}).num_players(), {})]

    def move_heard(self, action: str) -> tuple[str, str] | None:
        """What every seat hears of the current player's lawful move ``action`` (zh, en), before it is played;
        None where the game's own narration (:meth:`events_since`) tells the move. By default the seat and the
        move's words: a game whose moves hide something (a tile laid face down) says less."""
        if self.narrates_moves:
            return None
        p = self.current_player()
        zh, en = self.action_words(action)
        if p is None:
            return zh, en
        seat = seat_names(p + 1)[p]
        return f"{seat[0]}家：{zh}。", f"{seat[1]}: {en}."

    def seat_words(self, seat: int) -> tuple[str, str]:
        """How the game's own sentences name ``seat`` (zh, en), for a table that names its players beside it; by default
        the seat's letter (甲家, seat A)."""
        z, e = seat_names(seat + 1)[seat]
        return f"{z}家", f"seat {e}"

    def observation_words(self, player: int) -> tuple[str, str]:
        """What ``player`` may see now, read aloud (zh, en): their own hand with each card's full name and how many,
        and what lies open on the table; never another seat's hidden cards. By default the lawful moves' count."""
        n = len(self.legal_actions(player))
        return f"你现在有 {n} 种走法。", f"You have {n} moves open now."

    @classmethod
    def table_choices(cls) -> list[dict[str, Any]]:
        """What else a table of several people chooses as it sits down, beyond its size: each a question (``zh``,
        ``en``) and its ``answers``, each with its words and the setup fields it adds (``setup``); an answer may also
        ask which seat a setup field names (``seat``: the ``field`` and its question) and may need every seat played
        by a person (``people``: the sentence said otherwise). By default nothing."""
        return []

    def move_entry(self, action: str) -> dict[str, Any] | None:
        """For a lawful move that is a form to fill (打围's throw of real dice: ``throw:<six faces>``), what the person
        enters: ``before`` and ``after`` the entered values, and each value's ``fields`` (its words, ``lo`` and
        ``hi``), the form's words (``zh``, ``en``) and its button's (``go``). None for a move played as it stands."""
        return None


#: the largest seed a written position may give: the games' own requests draw theirs below it
SEED_MAX = 2**63 - 1


def seed_ok(seed: int) -> None:
    """A table's game whose number a record can hold (a game's ``table_position`` asks it)."""
    if seed > SEED_MAX:
        raise ApiError("seed_too_large", f"这一局的局号大于 {SEED_MAX}，记录写不下：请新开一局再导出。",
                       f"This game's number is larger than {SEED_MAX}, which a record cannot hold: start a new game and export that one.")

_ATOMS = {int, float, str, bytes, bool, type(None), Fraction, frozenset, range, tuple}
_FROZEN: dict[type, bool] = {}


def _shared(v: Any) -> bool:
    """Whether ``v`` cannot change (a copy may share it)."""
    t = type(v)
    if t in _ATOMS:
        return True
    frozen = _FROZEN.get(t)
    if frozen is None:
        params = getattr(t, "__dataclass_params__", None)
        frozen = _FROZEN[t] = bool(params is not None and params.frozen)
    return frozen


def fast_copy(x: Any, memo: dict[int, Any] | None = None) -> Any:
    """A deep copy that shares what cannot change (numbers, strings, tuples, frozen
    dataclasses): the games' states hold long logs of frozen entries, which
    ``copy.deepcopy`` would rebuild one by one. Lists, dicts, sets, seeded generators and
    plain objects are copied, and an object reached twice is copied once."""
    if _shared(x):
        return x
    memo = {} if memo is None else memo
    if id(x) in memo:
        return memo[id(x)]
    out: Any
    if type(x) is list:
        out = memo[id(x)] = list(x)
        for i, v in enumerate(out):
            if not _shared(v):
                out[i] = fast_copy(v, memo)
    elif type(x) is dict:
        out = memo[id(x)] = dict(x)
        for k, v in out.items():
            if not _shared(v):
                out[k] = fast_copy(v, memo)
    elif type(x) is set:
        out = memo[id(x)] = set(x)
    elif isinstance(x, random.Random):
        out = memo[id(x)] = type(x)()
        out.setstate(x.getstate())
    elif hasattr(x, "__dict__") and not isinstance(x, type):
        out = memo[id(x)] = copy.copy(x)
        out.__dict__.update({k: fast_copy(v, memo) for k, v in vars(x).items() if not _shared(v)})
    else:
        out = memo[id(x)] = copy.deepcopy(x)
    return out


# ---------------------------------------------------------------- reading a written position


def read_int(position: Mapping[str, Any], key: str, default: int, lo: int, hi: int, zh: str, en: str) -> int:
    """A whole number of the setup (``zh``/``en`` say what it is), within ``lo``–``hi``."""
    v = position.get(key, default)
    if v is None:
        v = default
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise IllegalAction(f"{zh}应是 {lo} 到 {hi} 之间的整数。", f"{en[:1].upper() + en[1:]} should be a whole number from {lo} to {hi}.")
    return v


def read_options(position: Mapping[str, Any], choices: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """The rule options of the setup (``{"option": "choice"}``), each checked against ``choices``;
    options left at their default reading are left out."""
    raw = position.get("options") or {}
    if not isinstance(raw, dict):
        raise IllegalAction("规则选项应是“选项: 读法”的对照。", "The rule options should map each option to a reading.")
    out: dict[str, str] = {}
    for k, v in raw.items():
        if k not in choices or str(v) not in choices[k]:
            raise IllegalAction(
                f"这个游戏没有“{str(k)[:40]}”这条规则选项，或没有“{str(v)[:40]}”这种读法；可选的读法见该游戏的“来源与记录者”页。",
                f"This game has no rule option '{str(k)[:40]}' with a reading '{str(v)[:40]}'; its readings are listed on the game's origin page.",
            )
        if str(v) != choices[k][0]:
            out[k] = str(v)
    return dict(sorted(out.items()))


def one_option_at_a_time(choices: Mapping[str, Sequence[str]]) -> list[dict[str, str]]:
    """The default readings, then each other reading of each option on its own."""
    return [{}] + [{k: c} for k, cs in choices.items() for c in cs[1:]]


def state_class(game: object) -> type[GameState]:
    """The state class of a game id (anything else: :class:`IllegalAction`, in words)."""
    if not isinstance(game, str) or game not in ADAPTERS:
        raise IllegalAction(
            f"没有叫“{str(game)[:40]}”的游戏：可选 {'、'.join(ADAPTERS)}。",
            f"There is no game called '{str(game)[:40]}': choose one of {', '.join(ADAPTERS)}.",
        )
    module, name = ADAPTERS[game].split(":")
    cls: type[GameState] = getattr(importlib.import_module(module), name)
    return cls


def open_state(position: Mapping[str, Any]) -> GameState:
    """The state a written position names: its setup dealt, then its moves played in order.
    :class:`IllegalAction` (with ``index``, the first move refused) when a move is not lawful."""
    cls = state_class(position.get("game", ""))
    st = cls(position)
    actions = position.get("actions") or []
    if not isinstance(actions, list) or len(actions) > cls.max_actions:
        raise IllegalAction(
            f"走法应是一列字符串，至多 {cls.max_actions} 步。", f"The moves should be a list of at most {cls.max_actions} strings."
        )
    for a in actions:
        st.apply(a)
    return st


def start_position(position: Mapping[str, Any]) -> tuple[GameState, list[Any]]:
    """A written position's game dealt (its setup read) and its moves, not yet played, for the
    API actions that walk them (``table.play``, ``table.review``); bad input as the API's error."""
    game = position.get("game")
    if not isinstance(game, str) or game not in ADAPTERS:
        raise ApiError("bad_position", "局面要说明是哪个游戏：打围、鄂南骨牌、下灌叶子戏或跑胡子。",
                       "The position should say which game it is: 打围 (dawei), 鄂南骨牌 (gupai), 下灌叶子戏 (yezi) or 跑胡子 (paohuzi).")
    cls = state_class(game)
    try:
        st = cls(position)
    except IllegalAction as e:
        raise ApiError("bad_position", e.zh, e.en) from None
    moves = position.get("actions") or []
    if not isinstance(moves, list) or len(moves) > cls.max_actions:
        raise ApiError("bad_position", f"局面里的走法应是一列走法，至多 {cls.max_actions} 步。",
                       f"The moves of a position should be a list of at most {cls.max_actions} moves.")
    return st, moves


def play_random(state: GameState, rng: random.Random, limit: int = 100_000) -> GameState:
    """Play uniformly random lawful moves until the game ends (bounded)."""
    for _ in range(limit):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


__all__ = ["ADAPTERS", "GameState", "IllegalAction", "Position", "one_option_at_a_time", "open_state", "play_random",
           "read_int", "read_options", "start_position", "state_class"]
