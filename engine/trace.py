"""Rule-to-source trace: every rule the engine implements names its passage.

Each game declares, in ``engine/<game>/trace.py``::

    RULES: tuple[Rule, ...]       # what the engine implements, and where
    GAPS: tuple[Gap, ...]         # passages deliberately not implemented, and why
    OPTIONS: tuple[RuleOption, ...]  # each place the source leaves open

A :class:`Passage` locates text in ``shared/sources/<file>``: ``section`` is a
human label (the source's heading and list item, e.g. ``"豹 2"``) and
``quote`` is a short exact substring of the source (a few characters, ≤ 24)
that pins the place; the tests check that every quote exists in its file.
Pages may show the section label and, as a marked quotation, the quote.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Passage:
    source: str  # "dawei.txt", "gupai.txt", "yezixi.txt", "paohuzi.txt"
    section: str  # human label: heading and list item
    quote: str  # short exact substring of the source text


@dataclass(frozen=True)
class Rule:
    id: str  # "dawei.throw.red_five_gold"
    passage: Passage
    zh: str  # the rule in our own words
    en: str
    implemented_in: str  # dotted path: "engine.dawei.throws.classify"
    tests: tuple[str, ...] = ()  # "tests/dawei/test_throws.py::test_red_five_gold"


@dataclass(frozen=True)
class Gap:
    passage: Passage
    zh: str  # why it is not implemented
    en: str


@dataclass(frozen=True)
class RuleOption:
    id: str  # "dawei.red_five_gold_113"
    zh: str  # short name
    en: str
    choices: tuple[str, ...]
    default: str
    passage: Passage
    note: str  # docs page and anchor of the editorial note, e.g. "dawei/notes.md#red-five-gold"
    extra: dict[str, str] = field(default_factory=dict)
    #: each choice in words, in the order of ``choices``: (choice, zh, en), what a reader sees (never the ids)
    words: tuple[tuple[str, str, str], ...] = ()

    def word(self, choice: str) -> tuple[str, str]:
        """A choice in words, (zh, en); KeyError for a choice the option does not have."""
        for c, zh, en in self.words:
            if c == choice:
                return zh, en
        raise KeyError(choice)

    def json(self) -> dict[str, object]:
        """The option as an options answer gives it: its id (without the game), its question, its readings as ids
        (``choices``) and in words (``choice_words``), the default and the editorial note's page and anchor."""
        return {"id": self.id.split(".", 1)[1], "trace_id": self.id, "zh": self.zh, "en": self.en, "choices": list(self.choices),
                "choice_words": [{"id": c, "zh": zh, "en": en} for c, zh, en in self.words], "default": self.default, "note": self.note}
