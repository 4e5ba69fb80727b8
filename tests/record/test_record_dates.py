"""When a page last changed and was first published: sitegen.record.dates read from a small git
repository made here, with commits on known days (the footer test checks the pages show what it gives)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from collections.abc import Callable

import pytest

from sitegen.record import dates as record_dates

TODAY = "2099-12-31"  # what the module's "today" is made to answer in these tests


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str, str, str], None]:
    def git(*args: str, date: str = "2000-01-01") -> None:
        env = dict(os.environ, GIT_AUTHOR_DATE=f"{date}T12:00:00Z", GIT_COMMITTER_DATE=f"{date}T12:00:00Z",
                   GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org", GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org")
        subprocess.run(["git", *args], cwd=tmp_path, env=env, check=True, capture_output=True)

    git("init", "-q")

    def commit(path: str, text: str, date: str) -> None:
        f = tmp_path / path
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(text, encoding="utf-8")
        git("add", path)
        git("commit", "-q", "-m", f"{path} on {date}", date=date)

    monkeypatch.setattr(record_dates, "ROOT", tmp_path)
    monkeypatch.setattr(record_dates, "_today", lambda: TODAY)
    record_dates.reset()
    yield commit
    record_dates.reset()


def test_last_changed_is_the_newest_commit_of_the_pages_sources(repo) -> None:
    repo("docs/dawei/rules.zh.md", "一", "2021-03-04")
    repo("engine/dawei/game.py", "x = 1", "2022-05-06")
    repo("engine/daweix/other.py", "y = 1", "2024-01-01")  # beside engine/dawei, not under it
    repo("docs/dawei/rules.zh.md", "二", "2023-07-08")
    record_dates.reset()
    assert record_dates.last_changed("docs/dawei/rules.zh.md") == "2023-07-08"
    assert record_dates.last_changed("engine/dawei") == "2022-05-06"
    assert record_dates.last_changed("engine/dawei/game.py", "sitegen/dawei.py") == "2022-05-06"
    assert record_dates.last_changed("docs/dawei/rules.zh.md", "engine/dawei") == "2023-07-08"
    assert record_dates.first_published("docs/dawei/rules.zh.md", "1999-01-01") == "2021-03-04"
    assert record_dates.first_published("docs/gupai/rules.zh.md", "1999-01-01") == "1999-01-01"
    assert record_dates.archive_date() == "2024-01-01"


def test_uncommitted_work_is_dated_today_and_only_where_it_is(repo, tmp_path: Path) -> None:
    repo("docs/dawei/rules.zh.md", "一", "2021-03-04")
    repo("engine/dawei/game.py", "x = 1", "2022-05-06")
    (tmp_path / "engine" / "dawei" / "game.py").write_text("x = 2", encoding="utf-8")
    (tmp_path / "engine" / "dawei" / "new.py").write_text("z = 1", encoding="utf-8")
    record_dates.reset()
    assert record_dates.last_changed("docs/dawei/rules.zh.md", "engine/dawei") == TODAY
    assert record_dates.last_changed("docs/dawei/rules.zh.md") == "2021-03-04"
    assert record_dates.last_changed("engine/dawei/new.py") == TODAY


def test_a_path_git_never_saw_is_dated_today(repo) -> None:
    repo("docs/dawei/rules.zh.md", "一", "2021-03-04")
    record_dates.reset()
    assert record_dates.last_changed("docs/yezi/rules.zh.md") == TODAY


def test_without_git_a_page_is_dated_by_its_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy of the tree without its git history: the newest modification time of the page's
    sources, not the day of the build."""
    import datetime as dt

    def put(path: str, day: str) -> None:
        f = tmp_path / path
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text("x", encoding="utf-8")
        t = dt.datetime.fromisoformat(day + "T12:00:00+00:00").timestamp()
        os.utime(f, (t, t))

    put("docs/dawei/rules.zh.md", "2021-03-04")
    put("engine/dawei/game.py", "2022-05-06")
    monkeypatch.setattr(record_dates, "ROOT", tmp_path)
    monkeypatch.setattr(record_dates, "_today", lambda: TODAY)
    record_dates.reset()
    try:
        assert record_dates.last_changed("docs/dawei/rules.zh.md") == "2021-03-04"
        assert record_dates.last_changed("docs/dawei/rules.zh.md", "engine/dawei") == "2022-05-06"
        assert record_dates.last_changed("docs/yezi/rules.zh.md") == TODAY
    finally:
        record_dates.reset()
