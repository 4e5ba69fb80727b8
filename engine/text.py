"""Characters a reader's text may not hold: what a record, a name or a tag refuses.

A record is read by people — in a terminal (``python -m engine referee``), on a page, in a
spreadsheet. A control character there is not text: ESC starts a terminal's escape sequence
(it can set the window's title, clear the screen, colour a forged line), the C1 range does the
same on terminals that read it, and a bidirectional control (U+202E and its kin) turns the order
of the text on screen around, so that a name or a result reads as something else. The engine
refuses such a character wherever free text comes in (a record's tags, names and comments, the
names an API request gives), with the line it stands on and the character by its code point,
rather than printing it escaped: a record is a document to keep and to read elsewhere, and a
character that no reader can see or that rewrites what is around it has no place in it.

Allowed: every printable character, and the line breaks a text file uses (LF, CR LF).
"""

from __future__ import annotations

import re

#: C0 controls but LF and CR, DEL, the C1 controls, the bidirectional controls (the Arabic letter
#: mark, LRM/RLM, the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069) and the
#: line and paragraph separators (a line break that only some programs see)
UNSAFE = re.compile("[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
#: the same, and LF and CR: what a one-line text (a name, a tag's value) refuses
UNSAFE_IN_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")

_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def first_unsafe(text: str, one_line: bool = False) -> int | None:
    """Where the first character ``text`` may not hold is (an index), or None."""
    m = (UNSAFE_IN_LINE if one_line else UNSAFE).search(text)
    return m.start() if m else None


def is_safe(text: str, one_line: bool = True) -> bool:
    return first_unsafe(text, one_line) is None


def char_words(ch: str) -> tuple[str, str]:
    """The character in words, for a message: its code point and what kind of character it is."""
    code = f"U+{ord(ch):04X}"
    if ch in _BIDI:
        return f"改变文字方向的控制符 {code}", f"the text-direction control {code}"
    if ch in "\n\r":
        return f"换行符 {code}", f"the line break {code}"
    if ch in "\u2028\u2029":
        return f"分行符 {code}", f"the line separator {code}"
    return f"控制字符 {code}", f"the control character {code}"


def unsafe_message(text: str, one_line: bool = True) -> tuple[str, str] | None:
    """Why ``text`` is refused (zh, en), naming its first unsafe character; None when it is fine."""
    at = first_unsafe(text, one_line)
    if at is None:
        return None
    zh, en = char_words(text[at])
    return (f"含有{zh}；这样的字符看不见，或会改变它周围文字的样子，不能写进去。",
            f"it holds {en}, a character that is invisible or changes how the text around it looks, and may not be written there.")


def line_of(text: str, at: int) -> int:
    """The line (1-based, as ``str.splitlines`` counts them) of the character at index ``at``, for a
    text that holds no line break but LF, CR and CR LF before ``at``."""
    before = text[:at]
    return len(before.splitlines()) + (1 if not before or before.endswith(("\n", "\r")) else 0)
