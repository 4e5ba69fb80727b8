"""Small helpers that read fields of a request or raise :class:`ApiError`.

Every game's actions use these, so a bad field gets the same kind of answer
everywhere: code ``bad_field`` (wrong type or value) or ``missing_field``.
The messages are for readers: they name the thing in words
(:func:`engine.words.thing` — "这一掷的色子", "the dice of the throw"), say what
was given and what to give instead, and never show a field's name.
"""

from __future__ import annotations

from typing import Any, TypeVar
from collections.abc import Callable, Mapping, Sequence

from .errors import ApiError
from .text import unsafe_message
from .words import capitalize, count, plural, thing, unit

_MISSING = object()
T = TypeVar("T")


def given(v: Any) -> tuple[str, str]:
    """What the reader gave, in words (zh, en), for a message: a text is quoted, anything else described."""
    if v is None:
        return "空白（什么也没写）", "a blank (nothing written)"
    if isinstance(v, bool):
        return "一个“是/否”", "a yes-or-no"
    if isinstance(v, (int, float)):
        return f"数字 {v}", f"the number {v}"
    if isinstance(v, str):
        return f"“{v[:12]}”", f"'{v[:12]}'"
    if isinstance(v, (list, tuple)):
        return "一串值", "several values in a row"
    if isinstance(v, dict):
        return "一组带名字的值", "a set of named values"
    return "这个值", "this value"


def _label(name: str, label: tuple[str, str] | None) -> tuple[str, str]:
    return label if label is not None else thing(name)


def missing(name: str, label: tuple[str, str] | None = None) -> ApiError:
    """``name`` was not given: say which thing is missing, in words (never the field's name)."""
    zh, en = _label(name, label)
    return ApiError("missing_field", f"缺少{zh}：请补上后再试。", f"Nothing was given for {en}: add that and try again.")


def bad(name: str, zh_why: str, en_why: str, label: tuple[str, str] | None = None) -> ApiError:
    """``name`` holds something the game cannot use; ``zh_why``/``en_why`` say what it should be.

    The message names the thing in words ("这一掷的色子" / "the dice of the
    throw", see :data:`engine.words.THINGS`, or ``label``) and never the field.
    """
    zh, en = _label(name, label)
    zh_why = zh_why.strip()
    en_why = en_why.strip()
    if en_why and not en_why.endswith((".", "!", "?")):
        en_why += "."
    if zh_why and not zh_why.endswith(("。", "！", "？")):
        zh_why += "。"
    return ApiError("bad_field", f"{zh}有误：{zh_why}", f"{capitalize(en)} cannot be used as given: {en_why}")


def _range(lo: int | None, hi: int | None) -> tuple[str, str]:
    big = 2**31
    if (lo is None or lo <= -big) and (hi is None or hi >= big):
        return "应为整数", "give a whole number"
    if lo is not None and (hi is None or hi >= big):
        return f"应为不小于 {lo} 的整数", f"give a whole number of at least {lo}"
    if hi is not None and (lo is None or lo <= -big):
        return f"应为不大于 {hi} 的整数", f"give a whole number of at most {hi}"
    if lo is not None and hi is not None:
        return f"应为 {lo} 到 {hi} 之间的整数", f"give a whole number from {lo} to {hi}"
    return "应为整数", "give a whole number"


def field(req: dict[str, Any], name: str, default: Any = _MISSING) -> Any:
    if name in req:
        return req[name]
    if default is _MISSING:
        raise missing(name)
    return default


def get_bool(req: dict[str, Any], name: str, default: Any = _MISSING) -> bool:
    v = field(req, name, default)
    if not isinstance(v, bool):
        raise bad(name, "只能回答“是”或“否”。", "answer yes or no.")
    return v


def get_int(
    req: dict[str, Any], name: str, default: Any = _MISSING, lo: int | None = None, hi: int | None = None
) -> int:
    v = field(req, name, default)
    zh_rng, en_rng = _range(lo, hi)
    if isinstance(v, bool) or not isinstance(v, int):
        raise bad(name, f"这里不是一个整数；{zh_rng}。", f"that is not a whole number; {en_rng}.")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise bad(name, f"{v} 超出了范围；{zh_rng}。", f"{v} is out of range; {en_rng}.")
    return v


def get_optional_int(req: dict[str, Any], name: str, lo: int | None = None, hi: int | None = None) -> int | None:
    if req.get(name) is None:
        return None
    return get_int(req, name, lo=lo, hi=hi)


def get_str(
    req: dict[str, Any],
    name: str,
    default: Any = _MISSING,
    choices: Sequence[str] | None = None,
    names: Mapping[str, tuple[str, str]] | None = None,
) -> str:
    """A text field; with ``choices``, one of them. ``names`` (choice -> (zh, en)) lets
    the message list the choices in words; without it the choices are not listed
    (they are identifiers, not words)."""
    v = field(req, name, default)
    if not isinstance(v, str):
        raise bad(name, "这里应是一段文字。", "give it as text.")
    if choices is not None and v not in choices:
        if names and all(c in names for c in choices):
            zh = "、".join(names[c][0] for c in choices)
            en = ", ".join(names[c][1] for c in choices)
            raise bad(name, f"所给的不在可选之列；请从这几项中选一项：{zh}。", f"that is not one of the choices; choose one of: {en}.")
        raise bad(name, "所给的不在可选之列；请从页面上列出的几项中选一项。", "that is not one of the choices; choose one of those the page offers.")
    return v


def get_list(
    req: dict[str, Any], name: str, default: Any = _MISSING, min_len: int = 0, max_len: int = 10_000
) -> list[Any]:
    v = field(req, name, default)
    m, noun, en_u = unit(name)
    zh_u = m + noun
    if not isinstance(v, list):
        raise bad(name, f"这里应是一组{noun or zh_u}。", f"give them as a list of {plural(en_u)}.")
    if not (min_len <= len(v) <= max_len):
        n = len(v)
        if min_len == max_len:
            raise bad(name, f"应恰好是 {min_len} {zh_u}，这里是 {n} {m}。", f"give exactly {count(min_len, en_u)}, not {n}.")
        if n < min_len:
            raise bad(name, f"至少要 {min_len} {zh_u}，这里只有 {n} {m}。", f"give at least {count(min_len, en_u)}, not {n}.")
        raise bad(name, f"最多 {max_len} {zh_u}，这里有 {n} {m}。", f"give at most {count(max_len, en_u)}, not {n}.")
    return v


def get_dict(req: dict[str, Any], name: str, default: Any = _MISSING) -> dict[str, Any]:
    v = field(req, name, default)
    if not isinstance(v, dict):
        raise bad(name, "这里应是“名称：取值”的一组设定。", "give them as named settings (name: value).")
    return v


def get_config(
    req: dict[str, Any],
    parse: Callable[[dict[str, Any]], T],
    choices: Mapping[str, Sequence[str]],
    name: str = "options",
) -> T:
    """A game's rule-options object from the request's ``options`` field (default: the game's defaults).

    ``parse`` raises ValueError or TypeError for an unknown option or choice.
    ``choices`` (option -> its choices) is kept for callers; the message does not
    list them (they are identifiers): it points the reader to the page's
    rule-options table, where each reading is described in words.
    """
    opts = get_dict(req, name, {})
    try:
        return parse(opts)
    except (ValueError, TypeError):
        raise bad(
            name,
            "其中有本游戏没有的规则或读法；请从本页“规则选项”表所列的读法中选。",
            "one of them is not a rule or reading this game has; choose from the readings in the page's rule options table.",
        ) from None


#: the free-text fields of a request that end up in a record, on a page or in a sheet, in words
TEXT_LABELS: dict[str, tuple[str, str]] = {
    "names": ("玩家的名字", "the players' names"), "event": ("场合", "the event"), "site": ("地点", "the place"),
    "date": ("日期", "the date"), "round": ("轮次", "the round"), "annotator": ("注者", "the annotator"),
}


def refuse_unsafe_text(req: dict[str, Any], fields: Sequence[str] = tuple(TEXT_LABELS)) -> None:
    """Refuse a request whose free text (a name, or the list of names; the event, place, date…) holds a
    control character or a text-direction control (:mod:`engine.text`): ``bad_field``, naming the
    field in words and the character by its code point."""
    for name in fields:
        v = req.get(name)
        texts = v if isinstance(v, list) else [v]
        for k, x in enumerate(texts):
            why = unsafe_message(x) if isinstance(x, str) else None
            if why:
                zh, en = TEXT_LABELS.get(name) or thing(name)
                which = (f"（第 {k + 1} 个）", f" (number {k + 1})") if isinstance(v, list) else ("", "")
                raise ApiError("bad_field", f"{zh}{which[0]}有误：{why[0]}", f"{capitalize(en)}{which[1]} cannot be used as given: {why[1]}")
