from dataclasses import fields
from pathlib import Path

from engine.paohuzi.config import RuleConfig
from engine.paohuzi.trace import GAPS, OPTIONS, RULES

ROOT = Path(__file__).resolve().parents[2]
SOURCE = (ROOT.parent / "shared" / "sources" / "paohuzi.txt")
if not SOURCE.exists():
    SOURCE = Path("/work/shared/sources/paohuzi.txt")


def test_quotes_are_exact_and_short():
    text = SOURCE.read_text(encoding="utf-8")
    for p in [r.passage for r in RULES] + [g.passage for g in GAPS] + [o.passage for o in OPTIONS]:
        assert p.source == "paohuzi.txt"
        assert p.quote in text, p
        assert len(p.quote) <= 24


def test_rule_ids_unique_and_tests_exist():
    ids = [r.id for r in RULES]
    assert len(ids) == len(set(ids))
    for r in RULES:
        for t in r.tests:
            path, name = t.split("::")
            assert f"def {name}(" in (ROOT / path).read_text(encoding="utf-8"), t


def test_options_are_config_fields_with_notes():
    names = {f.name for f in fields(RuleConfig)}
    notes = (ROOT / "docs" / "paohuzi" / "notes.en.md").read_text(encoding="utf-8") + (ROOT / "docs" / "paohuzi" / "notes.zh.md").read_text(encoding="utf-8")
    for o in OPTIONS:
        short = o.id.split(".", 1)[1]
        assert short in names
        assert str(getattr(RuleConfig(), short)) == o.default
        anchor = o.note.split("#", 1)[1]
        assert notes.count("{#" + anchor + "}") == 2, anchor
        for choice in o.choices:
            RuleConfig().with_options({o.id: choice})
