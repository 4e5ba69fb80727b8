"""When the record's pages were first published and last changed: dates from git (today for
uncommitted work)."""

from __future__ import annotations

import datetime as _dt
import subprocess
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=1)
def _git_dates() -> dict[str, str]:
    """path (relative to the repo) -> ISO date of the last commit touching it."""
    return _git_history()[0]


@lru_cache(maxsize=1)
def _git_first_dates() -> dict[str, str]:
    """path (relative to the repo) -> ISO date of the first commit that added it."""
    return _git_history()[1]


@lru_cache(maxsize=1)
def _git_history() -> tuple[dict[str, str], dict[str, str]]:
    try:
        out = subprocess.run(
            ["git", "log", "--format=\x01%cs", "--name-only", "--no-renames"],
            cwd=ROOT, capture_output=True, text=True, timeout=60, check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return {}, {}
    dates: dict[str, str] = {}
    first: dict[str, str] = {}
    current = ""
    for line in out.splitlines():  # newest commit first
        if line.startswith("\x01"):
            current = line[1:].strip()
        elif line.strip() and current:
            dates.setdefault(line.strip(), current)
            first[line.strip()] = current
    return dates, first


def _today() -> str:
    return _dt.datetime.now(_dt.UTC).date().isoformat()


def _uncommitted() -> set[str]:
    try:
        out = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=all", "--", "docs", "engine", "sitegen"],
            cwd=ROOT, capture_output=True, text=True, timeout=60, check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return set()
    return {line[3:].strip() for line in out.splitlines() if len(line) > 3}


_UNCOMMITTED: set[str] | None = None


def last_changed(*paths: str) -> str:
    """The date the newest of ``paths`` (files, or folders meaning every file under them) last
    changed: its last commit, or today when one of them has uncommitted changes."""
    global _UNCOMMITTED
    if _UNCOMMITTED is None:
        _UNCOMMITTED = _uncommitted()

    def under(p: str, root: str) -> bool:
        return p == root or p.startswith(root.rstrip("/") + "/")

    if any(under(u, p) for u in _UNCOMMITTED for p in paths):
        return _today()
    if not _git_dates():
        return _file_date(*paths)  # no git history (a copy of the tree without .git)
    dates = [d for f, d in _git_dates().items() if any(under(f, p) for p in paths)]
    return max(dates) if dates else _today()


def _file_date(*paths: str) -> str:
    """Without git, the day the newest of ``paths`` (files, or folders meaning every file under
    them) was last modified on disk, in UTC; today for paths that do not exist."""
    stamps: list[float] = []
    for p in paths:
        f = ROOT / p
        if f.is_file():
            stamps.append(f.stat().st_mtime)
        elif f.is_dir():
            stamps += [x.stat().st_mtime for x in f.rglob("*") if x.is_file() and "__pycache__" not in x.parts]
    if not stamps:
        return _today()
    return _dt.datetime.fromtimestamp(max(stamps), _dt.UTC).date().isoformat()


def first_published(path: str, fallback: str) -> str:
    """The day ``path`` was first committed: a date that stays the same from build to build
    (``fallback`` for a file not committed yet)."""
    return _git_first_dates().get(path, fallback)


def reset() -> None:
    """Forget what the previous build learnt from git (mkdocs serve rebuilds in one process)."""
    global _UNCOMMITTED
    _UNCOMMITTED = None
    _git_dates.cache_clear()
    _git_first_dates.cache_clear()
    _git_history.cache_clear()


def archive_date() -> str:
    """The day the archive as a whole last changed."""
    return max(_git_dates().values(), default=_today())


def build_date() -> str:
    """The day of this build: the access date a citation shows where the page's script does not
    run (the script writes the reader's own)."""
    return _today()
