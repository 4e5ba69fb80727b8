"""Rules engine of the folk-games heritage archive.

Pure Python, no third-party dependency. One subpackage per game, named in
pinyin (``dawei``, ``gupai``, ``yezi``, ``paohuzi``); one entry point,
:func:`engine.api.handle`, serves the browser widgets, the command line and
the tests.
"""

from pathlib import Path as _Path


def _read_version() -> str:
    """The archive's version, written once in ``VERSION`` at the repository root (the wheel
    carries a copy inside the package, and its metadata names it too)."""
    here = _Path(__file__).resolve().parent
    for f in (here / "VERSION", here.parent / "VERSION"):
        if f.is_file():
            return f.read_text(encoding="utf-8").strip()
    try:
        from importlib.metadata import version  # here: only an engine without its VERSION file asks its metadata

        return version("folk-games-engine")
    except Exception:  # noqa: BLE001 - an engine without metadata still answers
        return "0+unknown"


__version__ = _read_version()
