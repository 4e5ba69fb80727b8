"""What the score sheets kept at a real table share, written once: 骨牌's ledger, 叶子戏's tally and 跑胡子's match
sheet (the registry's ``sheets``, each a record's state entered one line at a time: :class:`SheetState`), and the
corrections each keeps in its record's ``History`` tag, which 打围's referee keeps in the same form. Each game gives
its own reader and writer of a line and its own words (a 盘 or a 局, a hand or a round); nothing here imports a game.

The History tag holds one item for each line corrected or deleted, in the order made: the line's number (1, 2 … as
the sheet numbers its lines), its kind (:data:`KINDS`) and the line as it stood, written as the game writes it in a
move::

    2:corrected:hand:dealer=A:held=3.0.1.4:closer=D; 4:deleted:hand:dealer=B:held=0.8.0.0:closer=B

The three sheets put ``; `` between items; 打围's referee, whose lines hold no space, a space
(``12:corrected:throw:441236 15:deleted:drop:1``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, TypeVar

from ..protocol import GameState, IllegalAction

T = TypeVar("T")
#: what refuses a request or a record (a game's own error, in its words): called, then raised
Refusal = Callable[[], Exception]

#: what a correction did to a line, and each in words (zh, en)
KINDS = ("corrected", "deleted")
KIND_WORDS = {"corrected": ("改过", "corrected"), "deleted": ("删去", "deleted")}
#: the three sheets' separator between the items of a History tag
SEPARATOR = "; "


# ---------------------------------------------------------------- the corrections, in a record's History tag


def history_tag(items: Iterable[tuple[int, str, T]], word: Callable[[T], str] = str, sep: str = SEPARATOR) -> str:
    """The History tag of ``items`` (number, kind, the line as it stood), each line written by ``word`` (the game's
    writer of a line; the line itself where it is kept as written)."""
    return sep.join(f"{n}:{kind}:{word(was)}" for n, kind, was in items)


def read_history(text: str, entry: Callable[[str, str], T], refuse: Refusal, most: int | None = None,
                 strip: bool = False) -> list[tuple[int, str, T]]:
    """The reverse of :func:`history_tag` for the three sheets: each item of ``text`` (its first ``most``, the rest
    left unread; each stripped of spaces around it where ``strip``) as (number, kind, the line as it stood). An item
    that does not read number:kind:line — a number of one to three digits, a kind of :data:`KINDS` — is refused by
    ``refuse``; the line is read by ``entry(line, number as written)``, the game's own reader, which refuses a line it
    cannot read in its own words."""
    out = []
    for item in text.split(SEPARATOR)[:most]:
        if strip:
            item = item.strip()
        number, _, rest = item.partition(":")
        kind, _, word = rest.partition(":")
        if not re.fullmatch("[0-9]{1,3}", number) or kind not in KINDS:
            raise refuse()
        out.append((int(number), kind, entry(word, number)))
    return out


def corrections(raw: Any, key: str, numbers: int, entry: Callable[[Any, int], T], refuse: Refusal, *,
                most: int | None = None, refuse_list: Refusal | None = None,
                refuse_number: Refusal | None = None) -> list[tuple[int, str, T]]:
    """The corrections a page sends, in order: ``[{key: 2, "kind": "corrected", "was": the line as it stood}, …]``
    as (number, kind, the line as the game reads it). Where ``most`` is given, None is no correction and anything
    but a list of at most ``most`` is refused by ``refuse_list`` (the caller has checked the list otherwise). An item
    is refused by ``refuse`` unless it is an object whose kind is one of :data:`KINDS`, then by ``refuse_number``
    (``refuse`` unless given) unless its ``key`` is a whole number from 1 to ``numbers``; its ``was`` is read by
    ``entry(was, number - 1)``, the game's own reader of a line, whose words name the line it reads."""
    if most is not None:
        if raw is None:
            return []
        if not isinstance(raw, list) or len(raw) > most:
            raise (refuse_list or refuse)()
    out = []
    for x in raw:
        if not isinstance(x, dict) or x.get("kind") not in KINDS:
            raise refuse()
        n = x.get(key)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= numbers:
            raise (refuse_number or refuse)()
        out.append((n, x["kind"], entry(x.get("was"), n - 1)))
    return out


# ---------------------------------------------------------------- a sheet entered line by line


class SheetState(GameState):
    """A score sheet kept at a real table, as a record's state: lines entered one by one (each a word the game
    reads and checks itself, not a move chosen from a list), then closed by ``end``. Nothing is hidden: every line
    is entered after its hand or round is over.

    Written once here: a closed sheet takes no line (nor anything but a word), a sheet with no line cannot be
    closed, and a sheet whose :attr:`most` lines are entered takes no more, each refused in the sheet's own words
    with the index of the move; the game reads and checks a line (:meth:`_enter`) and closes the sheet
    (:meth:`_close`)."""

    hidden_cards: ClassVar[bool] = False
    #: the sheet's words (zh, en): it is closed; no line is entered yet, so it cannot be closed
    closed_words: ClassVar[tuple[str, str]]
    empty_words: ClassVar[tuple[str, str]]
    #: the most lines the sheet holds, and its words refusing one more (zh, en), checked before a line is read;
    #: None for a sheet that counts its lines itself as it checks one
    most: ClassVar[int | None] = None
    full_words: ClassVar[tuple[str, str]] = ("", "")

    def closes(self, action: str) -> bool:
        """Whether ``action`` closes the sheet rather than enters a line."""
        return action == "end"

    def _enter(self, action: str, k: int) -> None:
        """Read, check and keep the line ``action`` (the sheet's move ``k``); IllegalAction, with ``k``, for one that
        cannot be entered."""
        raise NotImplementedError

    def _close(self, action: str, k: int) -> None:
        """Close the sheet by ``action`` (the sheet's move ``k``), lines having been entered."""
        raise NotImplementedError

    def apply(self, action: str) -> None:
        k = len(self.actions)
        if self.is_terminal() or not isinstance(action, str):
            raise IllegalAction(*self.closed_words, k)
        if self.closes(action):
            if not self.actions:  # before the end, each move is a line
                raise IllegalAction(*self.empty_words, k)
            self._close(action, k)
        else:
            if self.most is not None and k >= self.most:
                raise IllegalAction(*self.full_words, k)
            self._enter(action, k)
        self.actions.append(action)

    def _apply(self, action: str) -> None:  # pragma: no cover - never asked: apply reads a line itself
        raise NotImplementedError


__all__ = ["KINDS", "KIND_WORDS", "Refusal", "SEPARATOR", "SheetState", "corrections", "history_tag", "read_history"]
