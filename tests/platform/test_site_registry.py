"""The build finds every view through one table (sitegen/registry.py), and sitegen's modules use
each other's public names only."""

from __future__ import annotations

import ast
import fnmatch
import importlib
import re
from pathlib import Path

import pytest

from sitegen import registry
from sitegen.hooks import FENCE, parse_fence

ROOT = Path(__file__).resolve().parents[2]
SITEGEN = ROOT / "sitegen"
#: a widget written straight into a page as HTML (the hook writes this root for a fence)
DATA_WIDGET = re.compile(r'data-widget="([a-z]+-[a-z-]+)"')


def _modules() -> list[str]:
    return sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in SITEGEN.rglob("*.py")
    )


def _used_in_docs() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    widgets: dict[str, set[str]] = {}
    tables: dict[str, set[str]] = {}
    for page in sorted((ROOT / "docs").rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        where = page.relative_to(ROOT).as_posix()
        for kind, body in FENCE.findall(text):
            name, _ = parse_fence(body)
            (widgets if kind == "widget" else tables).setdefault(name, set()).add(where)
        for name in DATA_WIDGET.findall(text):
            widgets.setdefault(name, set()).add(where)
    return widgets, tables


def test_the_pages_use_views_and_the_parse_finds_them():
    widgets, tables = _used_in_docs()
    # the pages' own fences, read as the build reads them: enough of both kinds that a broken
    # pattern could not pass unnoticed
    assert {"dawei-dice", "gupai-hand", "yezi-round", "zipai-table"} <= set(widgets)
    assert {"record-glossary", "engine-api", "paohuzi-huxi-table"} <= set(tables)


def test_every_widget_and_table_in_the_pages_is_registered():
    widgets, tables = _used_in_docs()
    missing = {n: sorted(p) for n, p in widgets.items() if n not in registry.WIDGETS}
    missing |= {n: sorted(p) for n, p in tables.items() if n not in registry.TABLES}
    assert not missing, f"named in docs/ but not in sitegen/registry.py: {missing}"


def test_every_registered_view_is_a_function_the_build_can_call():
    for kind in registry.WIDGETS:
        assert callable(registry.widget(kind)), kind
    for name in registry.TABLES:
        assert callable(registry.table(name)), name
    with pytest.raises(registry.NotRegistered):
        registry.widget("dawei-no-such-widget")
    with pytest.raises(registry.NotRegistered):
        registry.table("record-no-such-table")


def test_the_registry_and_the_modules_lists_agree():
    """Each module's own WIDGETS/TABLES/FILES lists what it draws: the registry names the same
    function for each of them, and nothing a module lists is left out of the build."""
    by_kind = {"WIDGETS": registry.WIDGETS, "TABLES": registry.TABLES}
    files = dict(registry.files())
    for name in _modules():
        if name in ("sitegen.registry", "sitegen.hooks", "sitegen.hardening", "sitegen.headers"):
            continue  # the table itself, and MkDocs hook files (no views of their own)
        mod = importlib.import_module(name)
        for kind, table in by_kind.items():
            listed = getattr(mod, kind, None)
            if not isinstance(listed, dict):
                continue
            for key, fn in listed.items():
                assert key in table, f"{name}.{kind}[{key!r}] is not in sitegen/registry.py {kind}"
                assert registry.resolve(table[key]) is fn, (name, key)
        listed = getattr(mod, "FILES", None)
        if isinstance(listed, dict):
            for path, fn in listed.items():
                assert files.get(path) is fn, f"{name}.FILES[{path!r}] is not written by the build (sitegen/registry.py FILES)"


def test_every_generated_file_has_one_maker():
    paths = [path for path, _ in registry.files()]
    assert len(paths) == len(set(paths))
    assert "robots.txt" in paths and "archive.bib" in paths
    assert len([p for p in paths if fnmatch.fnmatchcase(p, "assets/gupai/tiles/*.svg")]) == 21


def _private_imports(path: Path) -> list[str]:
    """Names starting with ``_`` that a module takes from another sitegen module (by a from-import,
    or as an attribute of a sitegen module it imported)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found, modules = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").split(".")[0] == "sitegen"):
            for alias in node.names:
                if alias.name.startswith("_"):
                    found.append(f"line {node.lineno}: from {node.module} import {alias.name}")
                else:
                    modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "sitegen":
                    modules.add(alias.asname or alias.name.split(".")[0])
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            found.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_no_sitegen_module_imports_another_ones_private_name():
    found = {p.relative_to(ROOT).as_posix(): _private_imports(p) for p in sorted(SITEGEN.rglob("*.py"))}
    found = {p: f for p, f in found.items() if f}
    assert not found, found


def test_the_private_import_check_sees_both_forms(tmp_path):
    sample = tmp_path / "m.py"
    sample.write_text("from sitegen.record.facts import _base\nfrom sitegen import hardening\nhardening._serving\n")
    assert len(_private_imports(sample)) == 2
    sample.write_text("from sitegen.record.facts import base_url\nfrom sitegen import hardening\nhardening.serving()\n")
    assert _private_imports(sample) == []


def test_the_record_is_one_package():
    assert not list(SITEGEN.glob("record_*.py")), "the record's modules live in sitegen/record/"
    assert not (SITEGEN / "engine.py").exists(), "a sitegen module named engine would hide the engine package"


def _exported_kinds(script: str) -> set[str]:
    """The kinds a widget module's ``export const widgets = {…}`` lists."""
    text = (ROOT / "widgets" / script).read_text(encoding="utf-8")
    start = text.find("export const widgets = {")
    assert start >= 0, f"widgets/{script} exports no widgets table"
    return set(re.findall(r'"([a-z]+-[a-z-]+)"\s*:', text[start:]))


def test_the_registry_names_each_widgets_module_and_the_page_carries_it():
    """The runtime imports the module the registry names (data-module on the widget's element),
    and that module mounts the kind: no module is guessed from the start of a widget's name."""
    from sitegen.hooks import widget_html

    assert set(registry.SCRIPTS) == set(registry.WIDGETS)
    for kind, script in registry.SCRIPTS.items():
        assert (ROOT / "widgets" / script).is_file(), (kind, script)
        assert kind in _exported_kinds(script), f"widgets/{script} does not mount {kind}"
    html = widget_html("dawei-referee", {}, "en")
    assert 'data-widget="dawei-referee"' in html and 'data-module="dawei.js"' in html
    with pytest.raises(registry.NotRegistered):
        registry.script("dawei-no-such-widget")
    runtime = (ROOT / "widgets" / "runtime.js").read_text(encoding="utf-8")
    assert "widgetModule(root.dataset.module)" in runtime and 'split("-")' not in runtime
