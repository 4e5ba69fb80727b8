"""Small helpers that read fields of a request or raise :class:`ApiError`.

Every game's actions use these, so a bad field gets the same kind of answer
everywhere: code ``bad_field`` (wrong type or value) or ``missing_field``.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence, TypeVar

from .errors import ApiError

_MISSING = object()
T = TypeVar("T")


def missing(name: str) -> ApiError:
    return ApiError("missing_field", f"缺少字段“{name}”。", f"The field '{name}' is missing.")


def bad(name: str, zh_why: str, en_why: str) -> ApiError:
    return ApiError("bad_field", f"字段“{name}”无效：{zh_why}", f"The field '{name}' is invalid: {en_why}")


def field(req: dict[str, Any], name: str, default: Any = _MISSING) -> Any:
    if name in req:
        return req[name]
    if default is _MISSING:
        raise missing(name)
    return default


def get_bool(req: dict[str, Any], name: str, default: Any = _MISSING) -> bool:
    v = field(req, name, default)
    if not isinstance(v, bool):
        raise bad(name, "应为 true 或 false。", "expected true or false.")
    return v


def get_int(
    req: dict[str, Any], name: str, default: Any = _MISSING, lo: int | None = None, hi: int | None = None
) -> int:
    v = field(req, name, default)
    if isinstance(v, bool) or not isinstance(v, int):
        raise bad(name, "应为整数。", "expected a whole number.")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        rng = f"{lo if lo is not None else '-∞'}–{hi if hi is not None else '∞'}"
        raise bad(name, f"应在 {rng} 之间。", f"expected a number in {rng}.")
    return v


def get_optional_int(req: dict[str, Any], name: str, lo: int | None = None, hi: int | None = None) -> int | None:
    if req.get(name) is None:
        return None
    return get_int(req, name, lo=lo, hi=hi)


def get_str(req: dict[str, Any], name: str, default: Any = _MISSING, choices: Sequence[str] | None = None) -> str:
    v = field(req, name, default)
    if not isinstance(v, str):
        raise bad(name, "应为字符串。", "expected a string.")
    if choices is not None and v not in choices:
        opts = ", ".join(choices)
        raise bad(name, f"应为以下之一：{opts}。", f"expected one of: {opts}.")
    return v


def get_list(
    req: dict[str, Any], name: str, default: Any = _MISSING, min_len: int = 0, max_len: int = 10_000
) -> list[Any]:
    v = field(req, name, default)
    if not isinstance(v, list):
        raise bad(name, "应为列表。", "expected a list.")
    if not (min_len <= len(v) <= max_len):
        if min_len == max_len:
            raise bad(name, f"应恰有 {min_len} 项。", f"expected exactly {min_len} items.")
        raise bad(name, f"应有 {min_len}–{max_len} 项。", f"expected {min_len} to {max_len} items.")
    return v


def get_dict(req: dict[str, Any], name: str, default: Any = _MISSING) -> dict[str, Any]:
    v = field(req, name, default)
    if not isinstance(v, dict):
        raise bad(name, "应为对象。", "expected an object.")
    return v


def get_config(
    req: dict[str, Any],
    parse: Callable[[dict[str, Any]], T],
    choices: Mapping[str, Sequence[str]],
    name: str = "options",
) -> T:
    """A game's rule-options object from the request's ``options`` field (default: the game's defaults).

    ``parse`` raises ValueError or TypeError for an unknown option or choice;
    ``choices`` (option -> its choices) is listed in the error message.
    """
    opts = get_dict(req, name, {})
    try:
        return parse(opts)
    except (ValueError, TypeError):
        known = "; ".join(f"{k}: {'/'.join(v)}" for k, v in choices.items())
        raise bad(name, f"未知的规则选项或取值。可用：{known}", f"unknown rule option or choice. Known: {known}") from None
