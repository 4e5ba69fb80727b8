"""A clean build log: anchors are checked in the built site, so the log carries only what a
contributor must read, and a real broken link fails the strict build."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

from sitegen.anchors import check_links, check_site


def _page(site: Path, rel: str, body: str) -> None:
    f = site / rel
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(f"<!doctype html><html><body>{body}</body></html>", encoding="utf-8")


@pytest.fixture
def small_site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    _page(site, "index.html", '<a href="dawei/">打围</a><a href="dawei/#rules">规则</a><a href="#top">top</a><h1 id="top">x</h1>')
    _page(site, "dawei/index.html",
          '<h2 id="rules">Rules</h2><h2 id="计分">计分</h2><span id="rule-dawei.main.x"></span>'
          '<a href="../">home</a><a href="#%E8%AE%A1%E5%88%86">计分</a><a href="../dawei/#rule-dawei.main.x">r</a>'
          '<a href="https://example.org/#nowhere">elsewhere</a><a href="cite.bib">bib</a><a href="#">top</a>')
    (site / "dawei" / "cite.bib").write_text("@online{x}", encoding="utf-8")
    _page(site, "en/index.html", '<a href="../dawei/#rules">zh</a><a href="/arch/dawei/#rules">abs</a>')
    return site


def test_links_that_land_are_not_reported(small_site: Path) -> None:
    assert check_site(small_site, "/arch/") == []
    # served at the root instead, the absolute link names a page that is not there
    assert [(b.href, b.reason) for b in check_site(small_site)] == [("/arch/dawei/#rules", "no page")]


def test_a_missing_anchor_and_a_missing_page_are_reported(small_site: Path) -> None:
    _page(small_site, "gupai/index.html",
          '<a href="../dawei/#no-such-rule">x</a><a href="../dawei/#%E8%AE%A1%E5%88%86">ok</a>'
          '<a href="../yezi/">no page</a><a href="#self-missing">y</a><a href="/arch/dawei/#gone">z</a>')
    found = {(b.page, b.href, b.reason) for b in check_site(small_site, "/arch/")}
    assert found == {
        ("gupai/index.html", "../dawei/#no-such-rule", "no anchor"),
        ("gupai/index.html", "../yezi/", "no page"),
        ("gupai/index.html", "#self-missing", "no anchor"),
        ("gupai/index.html", "/arch/dawei/#gone", "no anchor"),
    }


def test_a_broken_anchor_is_a_warning_so_the_strict_build_fails(small_site: Path, caplog: pytest.LogCaptureFixture) -> None:
    _page(small_site, "gupai/index.html", '<a href="../dawei/#no-such-rule">x</a>')
    with caplog.at_level(logging.WARNING, logger="mkdocs"):
        check_links(small_site, {"site_url": "http://h/arch/en/"})
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING and r.name.startswith("mkdocs.")]
    assert len(warnings) == 1 and "#no-such-rule" in warnings[0].getMessage()
    assert "gupai/index.html" in warnings[0].getMessage()


def test_the_build_log_has_no_anchor_noise_and_no_warning(site_build) -> None:  # type: ignore[no-untyped-def]
    assert site_build.returncode == 0, site_build.log[-3000:]
    lines = site_build.log.splitlines()
    assert not [ln for ln in lines if "anchor" in ln], "the log still reports anchors"
    assert not [ln for ln in lines if ln.startswith(("WARNING", "ERROR"))]
    # what is left is a handful of lines a contributor can read at a glance
    assert len([ln for ln in lines if re.match(r"^(INFO|DEBUG)\b", ln)]) <= 15


def test_the_built_site_has_no_broken_link(built_site: Path) -> None:
    assert [str(b) for b in check_site(built_site)] == []
