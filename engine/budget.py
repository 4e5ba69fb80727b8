"""The work one request may ask of the engine: the budget and the counts its cost estimates read.

Below :mod:`engine.api` (which refuses a request over the budget before it starts) and every module that declares
what its actions cost, so that none of them imports the API's dispatcher back.
"""

from __future__ import annotations

from typing import Any

#: the most work one request may ask for, in work units (about 2 s of CPython, a
#: few seconds in the browser, where the widget runtime's watchdog is the last line)
BUDGET = 2_000_000


def size(request: dict[str, Any], field: str, default: int, cap: int | None = None) -> int:
    """A count read from ``request`` for a cost estimate: the field's value if it is a
    whole number, else ``default`` (the action itself refuses bad values), at least 0
    and at most ``cap``. Lists count their items."""
    value = request.get(field, default)
    if isinstance(value, (list, tuple, str, dict)):
        value = len(value)
    if not isinstance(value, int) or isinstance(value, bool):
        value = default
    value = max(0, value)
    return value if cap is None else min(value, cap)
