"""The test tiers of tests/conftest.py name real tests, and the quick tier needs nothing beyond the virtual environment
and the linters (`make lint`, whose biome comes from node_modules)."""

from __future__ import annotations

import re

from conftest import FOLDER_MARKERS, LONG_FILES, ROOT, SERVICE_WORKER_FILES, SLOW


def test_every_slow_entry_names_a_test_that_exists() -> None:
    missing = []
    for entry in SLOW:
        path, _, name = entry.partition("::")
        f = ROOT / path
        if f.is_file() and name and not re.search(rf"^def {re.escape(name)}\(", f.read_text(encoding="utf-8"), re.M):
            missing.append(entry)  # (a file that is gone matches nothing: harmless)
    assert missing == [], f"tests/conftest.py SLOW names tests that do not exist: {missing}"


def test_tier_folders_and_files_exist() -> None:
    assert all((ROOT / "tests" / folder).is_dir() for folder in FOLDER_MARKERS)
    assert all(list((ROOT / "tests").rglob(name)) for name in SERVICE_WORKER_FILES)
    # the files make test hands out first, named as pytest-xdist names them (from the repository root)
    assert [f for f in LONG_FILES if not (ROOT / f).is_file()] == []


def test_make_test_fast_leaves_out_every_tier_that_needs_more_than_the_venv() -> None:
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    fast = re.search(r"^FAST := (.*)$", make, re.M)
    target = re.search(r"^test-fast: (.*)$", make, re.M)
    assert fast and target
    assert target.group(1).split() == ["$(VENV)/.installed", "lint"]  # not setup: no Chromium or build tools
    lint = re.search(r"^lint: (.*)$", make, re.M)
    assert lint and lint.group(1).split() == ["$(VENV)/.installed", "node_modules/.installed"]  # npm only for biome
    for marker in ("browser", "site", "node", "slow"):
        assert f"not {marker}" in fast.group(1)
    # make test: every test (no marker left out), a whole test file in one process each
    whole = re.search(r"^test: setup lint\n\t\$\(PY\) -m pytest (.*)$", make, re.M)
    assert whole and " -m " not in f" {whole.group(1)} " and "--ignore" not in whole.group(1)
    assert "--dist loadfile" in whole.group(1) and "--durations=25" in whole.group(1)
