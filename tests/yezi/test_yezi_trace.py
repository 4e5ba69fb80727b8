import importlib
from pathlib import Path

from engine.yezi import trace
from engine.yezi.config import CHOICES, DEFAULT

ROOT = Path(__file__).resolve().parents[2]

SOURCES = Path(__file__).resolve().parents[3] / "shared" / "sources"


def test_passages_are_exact():
    text = (SOURCES / "yezixi.txt").read_text(encoding="utf-8")
    for item in trace.RULES + trace.GAPS + trace.OPTIONS:
        assert item.passage.source == "yezixi.txt"
        assert item.passage.quote in text and len(item.passage.quote) <= 24, item


def test_options_match_config():
    assert {o.id for o in trace.OPTIONS} == {f"yezi.{k}" for k in CHOICES}
    for o in trace.OPTIONS:
        k = o.id.split(".", 1)[1]
        assert o.choices == CHOICES[k] and o.default == getattr(DEFAULT, k)


def test_rule_tests_exist():
    for r in trace.RULES:
        for t in r.tests:
            path, name = t.split("::")
            assert f"def {name}(" in (ROOT / path).read_text(encoding="utf-8"), t


def test_implemented_in_resolves():
    """Each rule names a function (or a class's member) that exists: the 字牌's rules point into the 跑胡子 engine."""
    for r in trace.RULES:
        mod, _, attr = r.implemented_in.rpartition(".")
        try:
            obj = importlib.import_module(mod)
        except ModuleNotFoundError:
            cls_mod, _, cls = mod.rpartition(".")
            obj = getattr(importlib.import_module(cls_mod), cls)
        assert hasattr(obj, attr), r.id


def test_option_notes_exist():
    for o in trace.OPTIONS:
        page, anchor = o.note.split("#")
        for lang in ("zh", "en"):
            text = (ROOT / "docs" / page.replace(".md", f".{lang}.md")).read_text(encoding="utf-8")
            assert "{#" + anchor + "}" in text, (o.id, lang)
