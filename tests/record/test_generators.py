"""The record's generated views: coverage and notes for games with and without a trace."""

from __future__ import annotations

import pytest
from mkdocs.exceptions import PluginError

from engine.trace import Passage, Rule, RuleOption
from sitegen.record import cite as record_cite, facts as record_facts, head as record_head, tables as record, trace as record_trace
from sitegen.record.data import GAMES


def test_a_game_without_trace_module_is_reported_not_crashed(monkeypatch: pytest.MonkeyPatch) -> None:
    assert record.load_trace("nosuchgame") is None
    for mod in (record, record_trace):
        monkeypatch.setattr(mod, "load_trace", lambda game: None)
    for lang in ("zh", "en"):
        cov = record.gen_coverage(lang, {})
        for g in GAMES.values():
            assert f"engine/{g.id}/trace.py" in cov
            assert f"{{#cov-{g.id}}}" in cov
        notes = record.gen_notes(lang, {})
        assert notes.count("{#notes-") == 4


class FakeTrace:
    RULES = (
        Rule("dawei.fake.lion", Passage("dawei.txt", "老狮子", "称五红老狮子"), "五红。", "Five reds.",
             "engine.dawei.no_such_function", ("tests/record/test_generators.py::test_nothing_here",)),
    )
    GAPS = ()
    OPTIONS = (
        RuleOption("dawei.fake_option", "假选项", "Fake option", ("a", "b"), "b",
                   Passage("dawei.txt", "结算", "九人玩"), "dawei/no_such_page.md#x"),
    )


def test_coverage_flags_unresolved_implementation_tests_and_notes(monkeypatch: pytest.MonkeyPatch) -> None:
    for mod in (record, record_trace):
        monkeypatch.setattr(mod, "load_trace", lambda game: FakeTrace if game == "dawei" else None)
    cov = record.gen_coverage("en", {})
    row = next(line for line in cov.splitlines() if "dawei.fake.lion" in line)
    assert "Old lion" in row  # placed in the right section of the outline, by position
    assert row.count("⚠") == 2  # neither the function nor the test exists
    assert "Sections not yet traced" in cov
    notes = record.gen_notes("en", {})
    assert "{#opt-dawei-fake-option}" in notes
    assert "> 九人玩" in notes  # the quotation is a blockquote
    assert "`b` (chosen)" in notes
    assert "note page does not exist yet" in notes


def test_reference_helpers_tell_real_from_missing() -> None:
    assert record.resolves("engine.trace.Passage")
    assert not record.resolves("engine.trace.NoSuchThing")
    assert record.has_test("tests/record/test_generators.py::test_reference_helpers_tell_real_from_missing")
    assert not record.has_test("tests/record/test_generators.py::test_absent")
    assert not record.has_test("tests/record/nope.py::test_x")


def test_rule_beside_its_passage(monkeypatch: pytest.MonkeyPatch) -> None:
    for mod in (record, record_trace):
        monkeypatch.setattr(mod, "load_trace", lambda game: FakeTrace if game == "dawei" else None)
    out = record.gen_rule("zh", {"id": "dawei.fake.lion"})
    assert out.startswith("<div") and "<blockquote><p>称五红老狮子</p>" in out and "dawei.txt" in out
    assert 'href="@record-root/archive/coverage/#cov-dawei"' in out
    with pytest.raises(PluginError):
        record.gen_rule("zh", {"id": "dawei.nope"})
    table = record.gen_rules("en", {"game": "dawei"})
    assert "Five reds." in table and "dawei.txt" in table


def test_note_excerpt_takes_the_first_own_paragraph(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "docs" / "dawei").mkdir(parents=True)
    (tmp_path / "docs" / "dawei" / "notes.en.md").write_text(
        "# Notes\n\n## First {#first}\n\n> a quotation\n>\n> — somewhere\n\n"
        "Our reading, see [the table](throws.md#t)\nand more.\n\nSecond paragraph.\n\n## Other {#other}\n\n- a list only\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(record, "ROOT", tmp_path)
    assert record.note_excerpt("dawei/notes.md#first", "en") == "Our reading, see the table and more."
    assert record.note_excerpt("dawei/notes.md#other", "en") == ""
    assert record.note_excerpt("dawei/notes.md#missing", "en") == ""
    assert record.note_excerpt("dawei/notes.md#first", "zh") == ""


def _facts(lang: str) -> record_facts.PageFacts:
    return record_facts.PageFacts(
        lang=lang, src=f"dawei/throws.{lang}.md", game=GAMES["dawei"],
        title="打围：掷法 50% & co_x" if lang == "zh" else "Dawei: throws", title_other="Dawei: throws" if lang == "zh" else "打围：掷法",
        url="http://h/dawei/throws/" if lang == "zh" else "http://h/en/dawei/throws/",
        url_other="http://h/en/dawei/throws/" if lang == "zh" else "http://h/dawei/throws/",
        modified="2026-03-04", version="9.8.7", site_name="民间游戏遗产档案" if lang == "zh" else "Folk Games Heritage Archive", base="http://h/",
    )


def test_citation_formats() -> None:
    import json

    zh, en = _facts("zh"), _facts("en")
    gbt = record_cite.cite_gbt(zh, "2026-05-06")
    assert gbt == "民间游戏遗产档案编辑组. 打围：掷法 50% & co_x[EB/OL]. 9.8.7版. (2026-03-04)[2026-05-06]. http://h/dawei/throws/.", gbt
    chicago = record_cite.cite_english(en, "2026-05-06")
    assert "Version 9.8.7. Folk Games Heritage Archive, March 4, 2026. Accessed May 6, 2026. http://h/en/dawei/throws/." in chicago, chicago
    bib = record_cite.bibtex(zh, "2026-05-06")
    assert r"50\% \& co\_x" in bib and "urldate = {2026-05-06}" in bib and bib.count("{") == bib.count("}")
    assert "date = {2026-03-04}" in bib and "version = {9.8.7}" in bib
    csl = json.loads(record_cite.csl_json(en, "2026-05-06"))[0]
    assert csl["issued"] == {"date-parts": [[2026, 3, 4]]} and csl["accessed"] == {"date-parts": [[2026, 5, 6]]}
    # no field misused (``references`` is for legal history), the container named once, not as publisher too
    assert "references" not in csl and csl["container-title"] != csl.get("publisher")
    ld = json.loads(record_head.json_ld(zh))
    assert ld["workTranslation"]["url"] == "http://h/en/dawei/throws/" and "translationOfWork" not in ld
    assert json.loads(record_head.json_ld(en))["translationOfWork"]["url"] == "http://h/dawei/throws/"
    assert ld["isBasedOn"]["author"] == [{"@type": "Person", "name": "张正泰", "alternateName": "Zhang Zhengtai"}]
    assert ld["license"] == "https://creativecommons.org/licenses/by/4.0/"
    assert ld["datePublished"] == ld["dateModified"] == "2026-03-04"


def test_site_root_url_of_either_language_build() -> None:
    assert record_facts.base_url({"site_url": "http://h/en/"}) == "http://h/"
    assert record_facts.base_url({"site_url": "http://h/en"}) == "http://h/"
    assert record_facts.base_url({"site_url": "https://x.org/golden/"}) == "https://x.org/golden/"
    assert record_facts.base_url({"site_url": "https://x.org/arch"}) == "https://x.org/arch/"
