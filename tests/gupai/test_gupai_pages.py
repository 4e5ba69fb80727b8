"""The gupai pages in words: no source sentence copied outside a blockquote, no identifiers on screen."""

import re
from pathlib import Path

import pytest

from sitegen import gupai as g

ROOT = Path(__file__).resolve().parents[2]
SOURCE = re.sub(r"\s+", "", (ROOT.parent / "shared" / "sources" / "gupai.txt").read_text(encoding="utf-8")) \
    if (ROOT.parent / "shared" / "sources" / "gupai.txt").exists() else None
PAGES = sorted((ROOT / "docs" / "gupai").glob("*.md"))
RUN = 24


def _runs(text: str):
    t = re.sub(r"\s+", "", text)
    for i in range(len(t) - RUN + 1):
        yield t[i:i + RUN]


@pytest.mark.skipif(SOURCE is None, reason="the source text is not beside the checkout")
@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_source_run_copied_outside_a_blockquote(page):
    body = "\n".join(line for line in page.read_text(encoding="utf-8").splitlines() if not line.lstrip().startswith(">"))
    copied = [r for r in _runs(body) if r in SOURCE]
    assert not copied, copied[:3]


@pytest.mark.skipif(SOURCE is None, reason="the source text is not beside the checkout")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_generated_tables_copy_no_long_run_and_show_no_option_ids(lang):
    from engine.gupai.config import CHOICES
    for name, fn in g.TABLES.items():
        if name == "gupai-rules":
            continue
        text = re.sub(r"\]\([^)]*\)", "]", re.sub(r"<[^>]+>", "", fn(lang, {})))  # link targets are not on screen
        assert not [r for r in _runs(text) if r in SOURCE], name
        if name in ("gupai-options", "gupai-option-effects"):
            for key, cs in CHOICES.items():
                assert key not in text, (name, key)
                assert not any(re.search(rf"\b{re.escape(c)}\b", text) for c in cs if "_" in c), name


def test_english_widget_text_names_tricks_in_english():
    html = g.WIDGETS["gupai-hand"]("en", {"seed": 1120})
    text = re.sub(r"<[^>]+>", " ", html)
    assert "Tricks (墩)" in text and "墩 won" not in text
    assert "seed" not in text.lower()
