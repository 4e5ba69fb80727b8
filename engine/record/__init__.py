"""A written record of a game, for all four games: what PGN is to chess.

A record is plain UTF-8 text: header tags, a blank line, the moves one per line. The
moves are the game protocol's action words (:mod:`engine.protocol`), so a record names a
single game: the setup tags deal it again (chance comes from the seed) and the moves
replay it. Example (a hand of 鄂南骨牌)::

    [Record "1"]
    [Game "gupai"]
    [Seed "3"]
    [Dealer "A"]
    [Sealed ""]
    [Option "xiqian=none"]
    [Names "张三;李四;王五;赵六"]
    [Date "2026-12-01"]
    [Edition "0.3.0"]
    [Result "2 -1 0 -1"]

    1. A up:66.66 {出天牌、天牌 | Play Heaven and Heaven}
    2. B down:12.34 {扣下… | Discard … face down}

Grammar (version 1)::

    record    = header blank-line moves
    header    = tag-line { tag-line }
    tag-line  = "[" Name " " '"' value '"' "]"          ; one tag per line
    Name      = ASCII letter { ASCII letter }
    value     = { any character but '"' and "\\", or "\\\\" or '\\"' }
    moves     = { move-line | comment-line | blank-line }
    move-line = number ". " Seat " " action [ " " "{" comment "}" ]
    number    = 1, 2, 3 … in order, without gaps
    Seat      = "A" … "P"                                ; seat 0 is A
    action    = the protocol's word for the move (no space), e.g. throw, up:66.66,
                split:1.2.9.leaf|3.3.5.10, discard:x9
    comment-line = "%" any text                          ; ignored

No line (a tag's value, a name, a comment) may hold a control character other than the line
breaks (LF, CR LF) or a text-direction control (U+202E and its kin; :mod:`engine.text`): a record
holding one is refused with its line and the character's code point.

Tags, in the order a writer puts them: ``Record`` (the format's version, "1"; it comes
first), ``Game`` (dawei, gupai, yezi, paohuzi), then the game's setup — ``Variant``,
``Table``, ``Players``, ``Seed``, ``Dealer``, ``Thrower``, ``Sealed`` (seats joined by
commas), ``DropChance``, ``LastBanker`` and ``Drops`` (打围 at a table that follows another game, whose
banker throws first and takes the two beasts; and one whose throwers may choose to drop dice, ``yes``)
as the game has them, seats always by their letters (for 打围
thrown with real dice: ``Dice`` "table" and ``First``, the seat that throws first, instead
of the seed; its moves then say what the dice showed, see :mod:`engine.dawei.state`) — one ``Option`` tag per rule option not at
its default reading (``option=reading``; an option whose default changed in some edition is always named, and a
record of an earlier edition that leaves it out is read under that edition's default, :mod:`engine.editions`), ``Level`` for a game played against the computer at
a table (its level: ``basic`` or ``strong``; the table that opens the record plays at it), then ``Names`` (the players' names joined by
``;``, one per seat), ``Event``, ``Site``, ``Date``, ``Round``, ``Annotator`` (free text),
``Edition`` (the archive's edition that wrote it) and ``Result`` (each seat's result,
summing to zero, joined by spaces, fractions as ``1/2``; ``*`` while the game is not
over). A reader checks every line: a tag the format does not have, a setup the game
does not have, a move number out of order, a move made by a seat whose turn it is not,
a move the rules do not allow at that point, a result that is not what the moves give —
each is refused with its line number and the rule it breaks, in both languages.
Whatever a brace comment says is ignored on reading; the writer puts each move's words
there, so ``write(read(text))`` gives the text back exactly.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any
from collections.abc import Mapping

from .. import __version__
from ..editions import defaults_in, named_defaults
from ..errors import ApiError
from ..protocol import ADAPTERS, GameState, IllegalAction, state_class
from ..registry import SEATS_EN as _SEATS_EN, SEATS_ZH as _SEATS_ZH, entries, entry, load
from ..text import char_words, first_unsafe, is_safe, line_of

FORMAT_VERSION = "1"
#: the longest record read (characters) and the most lines
MAX_CHARS = 400_000
MAX_LINES = 12_000

#: a record names seats as 打围's table does, the widest of the four (sixteen seats): A … P, 甲 … 巳
SEAT_LETTERS, SEATS_ZH = _SEATS_EN, _SEATS_ZH

#: setup field -> tag, in the order a writer puts them
SETUP_TAGS: dict[str, str] = {
    "variant": "Variant", "table": "Table", "players": "Players", "seed": "Seed",
    "dealer": "Dealer", "thrower": "Thrower", "sealed": "Sealed", "drop_chance": "DropChance",
    "dice": "Dice", "first": "First", "sheet": "Sheet",
    "birds": "Birds", "deal": "Deal", "hands": "Hands", "stock": "Stock", "aside": "Aside",
    "previous_banker": "LastBanker", "drops": "Drops",
}
#: setup fields that name seats: written as seat letters (A, B…)
SEAT_FIELDS = frozenset({"dealer", "thrower", "sealed", "first", "previous_banker"})
TAG_SETUP = {v: k for k, v in SETUP_TAGS.items()}
#: free-text tags (kept as written), in the writer's order
FREE_TAGS = ("Names", "Event", "Site", "Date", "Round", "Annotator", "History")
ALL_TAGS = ("Record", "Game", *SETUP_TAGS.values(), "Option", "Level", *FREE_TAGS, "Edition", "Result")
#: the computer's levels a ``Level`` tag may name (the level the table's computer seats played at)
LEVEL_IDS = ("basic", "strong")


def game_name(game: str) -> tuple[str, str]:
    """The game as a record's messages name it (zh, en), from the registry; the id itself for a game it does not hold."""
    e = entry(game)
    return e.record_name() if e is not None else (game, game)

_TAG = re.compile(r'^\[([A-Za-z]+) "((?:[^"\\]|\\.)*)"\]$')
_MOVE = re.compile(r"^([0-9]{1,6})\. ([A-P]) (\S+)(?: \{[^{}]*\})?$")


class RecordError(ValueError):
    """A record that cannot be read: the line (1-based) and the rule it breaks, in both languages."""

    def __init__(self, line: int, zh: str, en: str) -> None:
        super().__init__(f"line {line}: {en}")
        self.line, self.zh, self.en = line, zh, en

    @property
    def message_zh(self) -> str:
        return f"第 {self.line} 行：{self.zh}"

    @property
    def message_en(self) -> str:
        return f"Line {self.line}: {self.en}"


@dataclass
class Record:
    """A record read: the written position it names, its tags (as written) and the state reached."""

    position: dict[str, Any]
    tags: dict[str, str]
    state: GameState
    move_lines: list[int] = field(default_factory=list)  # the line of each move


def seat_letter(s: int) -> str:
    return SEAT_LETTERS[s]


def seat_words(s: int, names: list[str] | None = None) -> tuple[str, str]:
    """A seat in words: its player's name if the record gives one, else 甲乙丙丁 / A B C D."""
    if names and s < len(names) and names[s]:
        return f"{names[s]}（{SEATS_ZH[s]}）", f"{names[s]} ({SEAT_LETTERS[s]})"
    return SEATS_ZH[s], SEAT_LETTERS[s]


def _escape(v: str) -> str:
    return v.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(v: str) -> str:
    return re.sub(r"\\(.)", r"\1", v)


def _value_text(v: Any, seats: bool = False) -> str:
    if seats:
        return ",".join(SEAT_LETTERS[x] for x in v) if isinstance(v, list) else SEAT_LETTERS[v]
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list):
        return ",".join(str(x) for x in v)
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def fraction_text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def result_text(st: GameState) -> str:
    return " ".join(fraction_text(x) for x in st.returns()) if st.is_terminal() else "*"


def edition() -> str:
    return str(__version__)


# ---------------------------------------------------------------- the games' own sentences


def log_mark(st: GameState) -> int:
    """Where the game's own log stands now (see :func:`events`)."""
    return st.log_mark()


def events(st: GameState, mark: int) -> list[tuple[str, str]]:
    """What the game itself narrated since ``mark`` (:meth:`engine.protocol.GameState.events_since`): 打围's and
    跑胡子's log sentences, the tricks 骨牌 completed, what a sheet says of each line; nothing for 叶子戏 (its moves
    say it all)."""
    return st.events_since(mark)


# ---------------------------------------------------------------- writing


def _comment(zh: str, en: str) -> str:
    clean = lambda s: re.sub(r"[{}\n\r]", " ", s).strip()
    return f" {{{clean(zh)} | {clean(en)}}}"


def _options_named(cls: type[GameState], setup: Mapping[str, Any]) -> dict[str, str]:
    """The Option tags of a record: each option not at its default reading, and each option whose default has
    changed in some edition (engine.editions) at whatever reading, so a reader never has to guess which default
    the record meant."""
    out = dict(setup.get("options") or {})
    reads = cls.option_names(dict(setup))
    for oid in named_defaults():
        of, _, short = oid.partition(".")  # the option's game, and its short name
        if of == cls.game and short in reads and short not in out:
            o = _option(oid)
            if o is not None:
                out[short] = o.default
    return dict(sorted(out.items()))


def _option(oid: str) -> Any:
    try:
        mod = importlib.import_module(f"engine.{oid.partition('.')[0]}.trace")
    except ImportError:
        return None
    return next((o for o in getattr(mod, "OPTIONS", ()) if o.id == oid), None)


def _edition_defaults(cls: type[GameState], game: str, position: Mapping[str, Any], options: dict[str, str], edition_tag: str | None) -> None:
    """A record written in an earlier edition names no Option tag for an option whose default has changed
    since: it was played under that edition's default, which is added to ``options`` (and so named in the
    header when the record is written again)."""
    if not edition_tag:
        return
    reads = cls.option_names(dict(position))
    for oid, was in defaults_in(edition_tag).items():
        g, _, short = oid.partition(".")
        if g == game and short in reads and short not in options:
            options[short] = was


def write_state(st: GameState, tags: Mapping[str, str] | None = None, words: bool = True) -> str:
    """The record of a game in progress or over. ``tags``: free-text tags (Names, Event, Site,
    Date, Round, Annotator; Edition to keep the edition a record was written in)."""
    tags = dict(tags or {})
    for tag, value in tags.items():
        if not is_safe(str(value)):
            zh, en = char_words(next(c for c in str(value) if not is_safe(c)))
            raise IllegalAction(f"记录的标签 {tag} 含有{zh}：名字、场合、地点这些文字不能含控制字符或改变文字方向的符号。",
                                f"The record's tag {tag} holds {en}: names, event, site and the like may not hold control "
                                "characters or text-direction controls.")
    setup = st.written()
    lines = [f'[Record "{FORMAT_VERSION}"]', f'[Game "{st.game}"]']
    for key, tag in SETUP_TAGS.items():
        if key in setup:
            lines.append(f'[{tag} "{_escape(_value_text(setup[key], key in SEAT_FIELDS))}"]')
    for opt, v in _options_named(type(st), setup).items():
        lines.append(f'[Option "{_escape(f"{opt}={v}")}"]')
    if tags.get("Level"):  # the computer's level at the table where it was played
        lines.append(f'[Level "{_escape(str(tags["Level"]))}"]')
    for tag in FREE_TAGS:
        if tags.get(tag):
            lines.append(f'[{tag} "{_escape(str(tags[tag]))}"]')
    lines.append(f'[Edition "{_escape(str(tags.get("Edition") or edition()))}"]')
    lines.append(f'[Result "{result_text(st)}"]')
    lines.append("")
    replay = type(st)(setup)
    if tags.get("Names"):  # the players' names in the moves' words, where the game's sentences name players
        replay.name_seats(str(tags["Names"]).split(";"))
    for k, a in enumerate(st.actions):
        p = replay.current_player()
        assert p is not None
        text = f"{k + 1}. {seat_letter(p)} {a}"
        zh, en = replay.action_words(a) if words else ("", "")
        mark = log_mark(replay)
        replay.apply(a)
        if words:
            if replay.writes_narration:  # 打围: a throw's words are what the dice showed and what it took
                said = events(replay, mark)
                zh, en = "".join(z for z, _ in said) or zh, " ".join(e for _, e in said) or en
            text += _comment(zh, en)
        lines.append(text)
    return "\n".join(lines) + "\n"


def record_class(game: Any, dice: Any = None, sheet: Any = None, deal: Any = None) -> type[GameState]:
    """The state a record plays: the protocol's, 打围 with the dice thrown at a real table, a hand dealt at a real
    table (``[Deal "table"]``: the game's own state, given the cards instead of a seed, where the registry's
    ``table_deal`` allows it), or a sheet kept at one (``[Sheet …]``, the
    registry's ``sheets``: a 骨牌 session's ledger, a 跑胡子 match sheet or a family's rounds of 叶子戏, each in its
    game's ``records`` module)."""
    e = entry(game) if isinstance(game, str) else None
    if sheet is not None and e is not None and sheet in e.sheets and dice is None and deal is None:
        cls: type[GameState] = load(e.sheets[sheet])
        return cls
    if deal is not None:
        if deal != "table" or e is None or not e.table_deal or dice is not None or sheet is not None:
            raise IllegalAction("只有跑胡子、鄂南骨牌和下灌叶子戏的一局可以写桌上发的牌（Deal 标签写 table）。",
                                "Only a hand of 跑胡子, 鄂南骨牌 or 下灌叶子戏 may give the cards dealt at the table (the Deal tag, table).")
        return state_class(game)  # the game's own state, given the cards instead of a seed
    if sheet is not None:
        raise IllegalAction("Sheet 标签只写三种表：鄂南骨牌的一本账（ledger）、跑胡子的积分表（match）和叶子戏的计分（tally）。",
                            "The Sheet tag names one of three sheets: a 鄂南骨牌 session's ledger (ledger), a 跑胡子 match sheet (match) "
                            "or a family's rounds of 叶子戏 (tally).")
    if dice is not None and not (dice == "table" and e is not None and e.table_dice):
        raise IllegalAction("只有打围的记录可以写桌上掷出的色子（Dice 标签）。", "Only a record of 打围 may give the dice thrown at the table (the Dice tag).")
    return state_class(game)  # 打围's state plays the dice a real table threw as well as the seed's


def write(position: Mapping[str, Any], tags: Mapping[str, str] | None = None, words: bool = True) -> str:
    """The record of a written position (:func:`engine.protocol.open_state`; ``"dice": "table"`` for
    打围 thrown with real dice); IllegalAction if it cannot be set up or played."""
    cls = record_class(position.get("game", ""), position.get("dice"), position.get("sheet"), position.get("deal"))
    level = position.get("level")
    if level is not None:  # a game played at a table against the computer at this level
        if level not in LEVEL_IDS or any(k in position for k in ("dice", "sheet", "deal")):
            raise IllegalAction("电脑的水平只能是基本水平或强水平，而且只写在和电脑对局的记录里。",
                                "The computer's level is either basic or strong, and only a game against the computer has one.")
        tags = {**(tags or {}), "Level": level}
    st = cls(position)
    moves = position.get("actions") or []
    if not isinstance(moves, list) or len(moves) > cls.max_actions:
        raise IllegalAction(f"走法应是一列字符串，至多 {cls.max_actions} 步。", f"The moves should be a list of at most {cls.max_actions} strings.")
    for a in moves:
        st.apply(a)
    return write_state(st, tags, words)


# ---------------------------------------------------------------- reading


def _setup_value(tag: str, raw: str, default: Any, line: int, seats: bool = False) -> Any:
    """A setup tag's text as the setup's JSON value (its type is the default's)."""
    if seats:
        parts = [x.strip() for x in raw.split(",")] if raw.strip() else []
        if all(len(x) == 1 and x in SEAT_LETTERS for x in parts) and (isinstance(default, list) or len(parts) == 1):
            got = [SEAT_LETTERS.index(x) for x in parts]
            return got if isinstance(default, list) else got[0]
        raise RecordError(line, f"标签 {tag} 应写座位的字母（A、B、C…）。", f"The tag {tag} should give seats by their letters (A, B, C…).")
    if isinstance(default, str):
        return raw
    if isinstance(default, bool):
        if raw in ("yes", "no"):
            return raw == "yes"
        raise RecordError(line, f"标签 {tag} 应写 yes 或 no。", f"The tag {tag} should say yes or no.")
    try:
        if isinstance(default, list):
            return [int(x) for x in raw.split(",")] if raw.strip() else []
        if re.fullmatch(r"-?[0-9]{1,12}", raw):
            return int(raw)
        if isinstance(default, (int, float)) and re.fullmatch(r"-?[0-9]{1,6}\.[0-9]{1,12}", raw):
            return float(raw)
    except ValueError:
        pass
    raise RecordError(line, f"标签 {tag} 的值“{raw[:40]}”应是一个数（或用逗号分开的几个数）。",
                      f"The value '{raw[:40]}' of the tag {tag} should be a number (or numbers separated by commas).")


def read_text_of(req: Mapping[str, Any], zh: str, en: str, reader: Any = None, limit: int = MAX_CHARS) -> Any:
    """The record whose text a request carries (``req["text"]``, at most ``limit`` characters), read by ``reader``
    (:func:`read` unless given): a request without that text, or with a record that breaks a rule, or one ``reader``
    refuses (:class:`IllegalAction`), is refused as ``bad_record`` — with ``zh``/``en`` when the text is missing
    or too long, else with the line and the rule it breaks."""
    text = req.get("text")
    if not isinstance(text, str) or len(text) > limit:
        raise ApiError("bad_record", zh, en)
    try:
        return (reader or read)(text)
    except RecordError as e:
        raise ApiError("bad_record", e.message_zh, e.message_en) from None
    except IllegalAction as e:
        raise ApiError("bad_record", e.zh, e.en) from None


def read_sheet_of(req: Mapping[str, Any], game: str, sheet: str, words: tuple[str, str, str, str], limit: int = MAX_CHARS) -> Record:
    """The record of a score sheet kept at a real table that a request carries (``req["text"]``, at most ``limit``
    characters): refused as ``bad_record`` with ``words`` (zh, en: the text is missing; zh, en: the record is some
    other record), or with the line and the rule it breaks. One reader for every game's sheet (the ledger, the
    tally, the match sheet)."""
    rec: Record = read_text_of(req, words[0], words[1], limit=limit)
    if rec.position.get("game") != game or rec.position.get("sheet") != sheet:
        raise ApiError("bad_record", words[2], words[3])
    return rec


def _lines(text: str) -> list[str]:
    """A record's lines, once the text as a whole is known to be readable."""
    if not isinstance(text, str):
        raise RecordError(1, "记录应是一段文字。", "A record should be text.")
    if len(text) > MAX_CHARS:
        raise RecordError(1, f"记录太长了（至多 {MAX_CHARS} 个字符）。", f"The record is too long (at most {MAX_CHARS} characters).")
    bad_at = first_unsafe(text)
    if bad_at is not None:
        # before the lines are split: str.splitlines would take some of these for line breaks
        zh, en = char_words(text[bad_at])
        raise RecordError(line_of(text, bad_at), f"这一行含有{zh}。记录的标签、名字和注释不能含控制字符或改变文字方向的符号：它们看不见，"
                          "却能让终端或屏幕显示别的东西。",
                          f"This line holds {en}. A record's tags, names and comments may not hold control characters or "
                          "text-direction controls: they are invisible, yet can make a terminal or a screen show something else.")
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise RecordError(MAX_LINES + 1, f"记录太长了（至多 {MAX_LINES} 行）。", f"The record is too long (at most {MAX_LINES} lines).")
    return lines


def _header(lines: list[str]) -> tuple[dict[str, str], dict[str, int], dict[str, str], int]:
    """The header's tags (and the line of each), its Option tags and the index of the line after it."""
    tags: dict[str, str] = {}
    tag_line: dict[str, int] = {}
    options: dict[str, str] = {}
    n = 0
    while n < len(lines) and not lines[n].strip():
        n += 1
    while n < len(lines) and lines[n].strip():
        ln, raw = n + 1, lines[n].strip()
        m = _TAG.match(raw)
        if m is None:
            raise RecordError(ln, '开头的每一行应是一个标签，形如 [Game "dawei"]；标签之后空一行再写走法。',
                              'Each line of the header should be a tag such as [Game "dawei"]; leave a blank line before the moves.')
        name, value = m.group(1), _unescape(m.group(2))
        if name not in ALL_TAGS:
            raise RecordError(ln, f"记录没有叫 {name[:30]} 的标签；可用的标签：{'、'.join(ALL_TAGS)}。",
                              f"A record has no tag called {name[:30]}; the tags are {', '.join(ALL_TAGS)}.")
        if name == "Option":
            opt, eq, v = value.partition("=")
            if not eq or opt in options:
                raise RecordError(ln, "规则选项的标签应写成“选项=读法”，每个选项只写一次。",
                                  "A rule option tag should read option=reading, each option once.")
            options[opt] = v
            tag_line.setdefault(name, ln)
        else:
            if name in tags:
                raise RecordError(ln, f"标签 {name} 写了两次。", f"The tag {name} is written twice.")
            if not tags and name != "Record":
                raise RecordError(ln, '记录的第一个标签应是 [Record "1"]（格式的版本）。',
                                  'The first tag of a record should be [Record "1"] (the format\'s version).')
            tags[name], tag_line[name] = value, ln
        n += 1
    if "Record" not in tags:
        raise RecordError(n + 1, '记录应以标签 [Record "1"] 开头。', 'A record should begin with the tag [Record "1"].')
    if tags["Record"] != FORMAT_VERSION:
        raise RecordError(tag_line["Record"], f"这是第 {tags['Record'][:10]} 版的记录格式；本引擎读第 {FORMAT_VERSION} 版。",
                          f"This record is in version {tags['Record'][:10]} of the format; this engine reads version {FORMAT_VERSION}.")
    return tags, tag_line, options, n


def _setup(tags: dict[str, str], tag_line: dict[str, int], options: dict[str, str]) -> GameState:
    """The game the header names, dealt (its setup tags read by the game's record class)."""
    game = tags.get("Game")
    if game not in ADAPTERS:
        zh = "、".join(f"{g}（{e.record_name()[0]}）" for g, e in entries().items())
        en = ", ".join(e.record_name()[1] for e in entries().values())
        raise RecordError(tag_line.get("Game", tag_line["Record"]), f"标签 Game 应说明是哪个游戏：{zh}。", f"The tag Game should name the game: {en}.")
    try:
        cls = record_class(game, tags.get("Dice"), tags.get("Sheet"), tags.get("Deal"))
    except IllegalAction as e:
        raise RecordError(tag_line[next(t for t in ("Sheet", "Deal", "Dice") if t in tag_line)], e.zh, e.en) from None
    blank = {"dice": tags["Dice"]} if "Dice" in tags else {}  # 打围 at a real table: a setup of its own, nothing optional
    defaults = {**({} if blank else cls.optional_setup), **cls.read_setup(blank)}
    position: dict[str, Any] = {"game": game}
    for name, ln in tag_line.items():
        if name in TAG_SETUP:
            key = TAG_SETUP[name]
            if key not in defaults:
                raise RecordError(ln, f"{game_name(game)[0]}的记录没有标签 {name}。", f"A record of {game_name(game)[1]} has no tag {name}.")
            position[key] = _setup_value(name, tags[name], defaults[key], ln, key in SEAT_FIELDS)
    _edition_defaults(cls, game, position, options, tags.get("Edition"))
    if options:
        position["options"] = options
    try:
        st = cls(position)
    except IllegalAction as e:
        first = min((ln for name, ln in tag_line.items() if name in TAG_SETUP or name == "Option"), default=tag_line["Game"])
        raise RecordError(first, f"这一局的设置不成立：{e.zh}", f"The setup of this game is not possible: {e.en}") from None
    return st


def _moves(st: GameState, tags: dict[str, str], tag_line: dict[str, int], lines: list[str], n: int) -> list[int]:
    """Each move of the record played on ``st`` in turn; the line of each."""
    cls = type(st)
    names = tags["Names"].split(";") if "Names" in tags else None
    if names is not None and len(names) != st.num_players():
        raise RecordError(tag_line["Names"], f"标签 Names 应写 {st.num_players()} 个名字（每个座位一个，用分号分开）。",
                          f"The tag Names should give {st.num_players()} names (one per seat, separated by semicolons).")
    move_lines: list[int] = []
    for i in range(n, len(lines)):
        ln, raw = i + 1, lines[i].strip()
        if not raw or raw.startswith("%"):
            continue
        m = _MOVE.match(raw)
        if m is None:
            raise RecordError(ln, "每一步应写成“步数. 座位 走法”，例如 1. A throw；注释放在 {…} 里。",
                              "Each move should read 'number. seat move', for example 1. A throw; a comment goes inside {…}.")
        number, seat, action = int(m.group(1)), SEAT_LETTERS.index(m.group(2)), m.group(3)
        k = len(st.actions)
        if number != k + 1:
            raise RecordError(ln, f"步数应是 {k + 1}，这里写的是 {number}。", f"The move number should be {k + 1}; it says {number}.")
        p = st.current_player()
        if p is None:
            raise RecordError(ln, "这一局已经结束，后面不能再有走法。", "The game is already over: no move may follow.")
        if k >= cls.max_actions:
            raise RecordError(ln, f"一局至多 {cls.max_actions} 步。", f"A game has at most {cls.max_actions} moves.")
        if seat != p:
            raise RecordError(ln, f"这一步该 {seat_letter(p)}（{SEATS_ZH[p]}家）走，不是 {m.group(2)}。",
                              f"It is {seat_letter(p)}'s turn to move, not {m.group(2)}'s.")
        try:
            st.apply(action)
        except IllegalAction as e:
            raise RecordError(ln, f"第 {number} 步不合规则：{e.zh}", f"Move {number} breaks the rules: {e.en}") from None
        move_lines.append(ln)
    return move_lines


def read(text: str) -> Record:
    """Read a record: check every line and replay the moves. :class:`RecordError` for the first line that breaks a rule."""
    lines = _lines(text)
    tags, tag_line, options, n = _header(lines)
    st = _setup(tags, tag_line, options)
    move_lines = _moves(st, tags, tag_line, lines, n)
    if "Result" in tags:
        want = result_text(st)
        if tags["Result"] != want:
            raise RecordError(tag_line["Result"], f"记下的结果“{tags['Result'][:60]}”与这些走法的结果不符：应是“{want}”。",
                              f"The result written, '{tags['Result'][:60]}', is not what these moves give: it should be '{want}'.")
    written = st.written()
    if "Level" in tags:  # the computer's level at the table: part of the position, for the table that opens it
        if tags["Level"] not in LEVEL_IDS or any(t in tags for t in ("Dice", "Sheet", "Deal")):
            raise RecordError(tag_line["Level"], "标签 Level 写电脑的水平：basic（基本水平）或 strong（强水平），只用于和电脑对局的记录。",
                              "The tag Level gives the computer's level, basic or strong, and only in a game against the computer.")
        written = {**written, "level": tags["Level"]}
    return Record(written, tags, st, move_lines)


def referee(text: str) -> dict[str, Any]:
    """Read a record and tell the game as a referee would: each move in words with what the game
    said of it (its own log sentences), then the settlement (each seat's result, summing to zero)."""
    rec = read(text)
    names = rec.tags["Names"].split(";") if "Names" in rec.tags else None
    if names:  # the game tells it with the players' names (打围: its sentences written with seat marks, then named)
        return type(rec.state).referee_named(lambda named: _referee(rec, names, named), names)
    return _referee(rec, names, False)


def _referee(rec: Record, names: list[str] | None, named: bool) -> dict[str, Any]:
    """The referee's report of a record read (``named``: the game's own sentences name the players)."""
    st = type(rec.state)(rec.position)
    if names:
        st.name_seats(names)
    moves: list[dict[str, Any]] = []
    before = events(st, 0)  # what the deal itself says (打围: who throws first)
    for k, a in enumerate(rec.position["actions"]):
        p = st.current_player()
        assert p is not None
        zh_p, en_p = seat_words(p, names)
        zh, en = st.action_words(a)
        mark = log_mark(st)
        st.apply(a)
        said = events(st, mark)
        if st.narrates_moves and said:
            # the game's own sentences name the move (the throw and what the dice showed, the discard…)
            zh, en = "".join(z for z, _ in said), " ".join(e for _, e in said)
            if names and not named:  # who moved, where the game's sentences name only seats
                zh, en = f"{zh_p}：{zh}", f"{en_p}: {en}"
        else:
            zh, en = f"{zh_p}：{zh}。" + "".join(z for z, _ in said), f"{en_p}: {en}." + "".join(" " + e for _, e in said)
        moves.append({"move": k + 1, "line": rec.move_lines[k], "seat": p, "action": a, "zh": zh, "en": en,
                      "events": [{"zh": z, "en": e} for z, e in said]})
    settlement = None
    if st.is_terminal():
        settlement = []
        for s, x in enumerate(st.returns()):
            zh_p, en_p = seat_words(s, names)
            settlement.append({"seat": s, "zh": zh_p, "en": en_p, "result": fraction_text(x)})
    notes = _settlement_notes(st)
    return {"game": st.game, "tags": rec.tags, "position": rec.position, "opening": [{"zh": z, "en": e} for z, e in before],
            "moves": moves, "over": st.is_terminal(), "settlement": settlement, "notes": notes}


def _settlement_notes(st: GameState) -> list[dict[str, str]]:
    """How the game reached its settlement, in the game's own words where it has them."""
    if not st.is_terminal():
        return []
    return [{"zh": zh, "en": en} for zh, en in st.settlement_notes()]


def narration_text(report: dict[str, Any], lang: str = "both") -> str:
    """A referee's report (:func:`referee`) as plain text, in Chinese, English or both (Chinese first)."""
    langs = ["zh", "en"] if lang == "both" else [lang]
    out: list[str] = []
    g = game_name(report["game"])
    tags = report["tags"]
    head = {"zh": f"{g[0]}　{tags.get('Event', '')}　{tags.get('Date', '')}".rstrip("　 "),
            "en": f"{g[1]}  {tags.get('Event', '')}  {tags.get('Date', '')}".rstrip()}
    out += [head[lang] for lang in langs]
    for e in report["opening"]:
        out += [e[lang] for lang in langs]
    for m in report["moves"]:
        out += [f"{m['move']}. {m[lang]}" for lang in langs]
    out.append("")
    if report["settlement"] is None:
        out += [{"zh": "这一局还没有结束，尚无结算。", "en": "The game is not over: no settlement yet."}[lang] for lang in langs]
        return "\n".join(out) + "\n"
    out += [{"zh": "结算：", "en": "Settlement:"}[lang] for lang in langs]
    for n in report["notes"]:
        out += [n[lang] for lang in langs]
    for s in report["settlement"]:
        r = s["result"]
        sign = "" if r.startswith("-") or r == "0" else "+"
        who = " / ".join(dict.fromkeys(s[lang] for lang in langs))
        out.append(f"  {who}  {sign}{r}")
    return "\n".join(out) + "\n"


def rewrite(text: str, words: bool = True) -> str:
    """A record read and written again: the same text for a record the writer wrote."""
    rec = read(text)
    return write_state(rec.state, rec.tags, words)


__all__ = ["FORMAT_VERSION", "Record", "RecordError", "read", "rewrite", "write", "write_state", "result_text", "seat_words",
           "referee", "narration_text"]
