"""Rule options shared by the games: a frozen dataclass of named choices."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any, TypeVar
from collections.abc import Mapping, Sequence

C = TypeVar("C")


def choose(default: C, choices: Mapping[str, Sequence[str]], options: Mapping[str, Any] | None) -> C:
    """``default`` with the named choices of ``options`` applied (``{"dun": "stack", ...}``).

    ValueError on an unknown option or choice.
    """
    if not options:
        return default
    known = {f.name for f in fields(default)}  # type: ignore[arg-type]  # C is any dataclass instance; mypy has no bound for that
    for k, v in options.items():
        if k not in known:
            raise ValueError(f"unknown option {k!r}")
        if v not in choices[k]:
            raise ValueError(f"option {k!r} must be one of {choices[k]}")
    return replace(default, **options)  # type: ignore[type-var]  # C is any dataclass instance; mypy has no bound for that
