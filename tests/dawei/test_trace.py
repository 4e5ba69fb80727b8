from pathlib import Path

import pytest

from engine.dawei import options as opts
from engine.dawei.trace import GAPS, OPTIONS, RULES

ROOT = Path(__file__).resolve().parents[2]
SOURCE = (ROOT.parent / "shared" / "sources" / "dawei.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("item", RULES + GAPS + OPTIONS, ids=lambda x: getattr(x, "id", x.passage.quote))
def test_quotes_are_in_the_source(item):
    assert item.passage.source == "dawei.txt"
    assert 0 < len(item.passage.quote) <= 24
    assert item.passage.quote in SOURCE


def test_rule_tests_exist():
    for r in RULES:
        for t in r.tests:
            path, _, name = t.partition("::")
            text = (ROOT / path).read_text(encoding="utf-8")
            assert f"def {name}(" in text, t


def test_options_match_config():
    assert {o.id: (o.choices, o.default) for o in OPTIONS} == {f"dawei.{k}": (v, getattr(opts.DEFAULT, k)) for k, v in opts.CHOICES.items()}


def test_option_notes_exist():
    for o in OPTIONS:
        page, _, anchor = o.note.partition("#")
        for lang in ("zh", "en"):
            text = (ROOT / "docs" / page.replace(".md", f".{lang}.md")).read_text(encoding="utf-8")
            assert "{#" + anchor + "}" in text, (o.id, lang)


def test_implemented_in_resolves():
    import importlib

    for r in RULES:
        mod, _, attr = r.implemented_in.rpartition(".")
        try:
            obj = importlib.import_module(mod)
            getattr(obj, attr)
        except ModuleNotFoundError:
            cls_mod, _, cls = mod.rpartition(".")
            getattr(getattr(importlib.import_module(cls_mod), cls), attr)
