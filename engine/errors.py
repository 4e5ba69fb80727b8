"""The one error type the API turns into ``{"ok": false, "error": ...}``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ApiError(Exception):
    """A request the engine refuses, with a message in both languages.

    ``code`` is a short stable identifier (``bad_request``, ``unknown_game``,
    ``bad_dice``…) that programs may test; ``zh`` and ``en`` are for people.
    """

    code: str
    zh: str
    en: str

    def __str__(self) -> str:  # pragma: no cover - debugging aid
        return f"{self.code}: {self.en}"

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "zh": self.zh, "en": self.en}
