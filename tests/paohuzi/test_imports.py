"""跑胡子's modules depend on each other one way: no module imports another's private names, and no two
modules import each other, directly or round a longer loop (an import inside a function counts; one under
``if TYPE_CHECKING:``, which is never run, does not, as for import-linter in pyproject.toml: the modules below
the state name its type so)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "engine" / "paohuzi").glob("*.py")) + [ROOT / "engine" / "yezi" / "zipai.py"]


def _name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for p in FILES}


def _target(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module.split(".") if MODULES[module].name == "__init__.py" else module.split(".")[:-1]
    package = package[: len(package) - (node.level - 1)]
    return ".".join(package + ([node.module] if node.module else []))


def imports_of(module: str, source: str) -> list[tuple[str, str]]:
    """(sibling module, name imported from it) for every import in ``source``, at any depth but under
    ``if TYPE_CHECKING:`` (never run); a whole module imported (``from . import cards``,
    ``import engine.paohuzi.cards``) is named ``*``."""
    out = []
    tree = ast.parse(source)
    typing_only = {id(n) for t in ast.walk(tree) if isinstance(t, ast.If) and isinstance(t.test, ast.Name) and t.test.id == "TYPE_CHECKING"
                   for b in t.body for n in ast.walk(b)}
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom):
            base = _target(module, node)
            for alias in node.names:
                if f"{base}.{alias.name}" in MODULES:
                    out.append((f"{base}.{alias.name}", "*"))
                elif base in MODULES:
                    out.append((base, alias.name))
        elif isinstance(node, ast.Import):
            out += [(alias.name, "*") for alias in node.names if alias.name in MODULES]
    return out


def graph() -> dict[str, set[str]]:
    return {m: {t for t, _ in imports_of(m, p.read_text(encoding="utf-8")) if t != m} for m, p in MODULES.items()}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One loop of imports (its modules in order, the first repeated at the end), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for t in sorted(edges.get(m, ())):
            if state.get(t) == 1:
                return stack[stack.index(t):] + [t]
            if t not in state:
                found = visit(t)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(edges):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_the_check_reads_imports_at_any_depth_and_finds_a_loop() -> None:
    src = ("from .cards import Card\n\nif TYPE_CHECKING:\n    from .state import PaohuziState\n\n"
           "def f():\n    from .table import _private, Hand\n    from . import hu\n")
    assert imports_of("engine.paohuzi.play", src) == [
        ("engine.paohuzi.cards", "Card"), ("engine.paohuzi.table", "_private"), ("engine.paohuzi.table", "Hand"), ("engine.paohuzi.hu", "*")]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_no_module_imports_a_siblings_private_name() -> None:
    private = [f"{m} imports {name} from {t}" for m, p in MODULES.items()
               for t, name in imports_of(m, p.read_text(encoding="utf-8")) if name.startswith("_")]
    assert private == []


def test_no_import_cycle_among_the_modules() -> None:
    edges = graph()
    assert len(edges) >= 25 and sum(map(len, edges.values())) >= 60  # the check sees the package as it is
    assert cycle(edges) is None


def test_the_variant_is_a_module_of_its_own_that_the_table_does_not_import() -> None:
    edges = graph()
    assert "engine.paohuzi.xiaguan" in edges["engine.yezi.zipai"]
    assert not any(t.startswith("engine.yezi") for m, ts in edges.items() if m.startswith("engine.paohuzi") for t in ts)


def test_callers_import_each_name_from_the_module_that_owns_it() -> None:
    """The play module keeps only the action and its own bound (no names kept for callers elsewhere):
    every import of engine.paohuzi.play in the project names one of those."""
    import engine.paohuzi.play as play

    assert play.__all__ == ["play", "MAX_HANDS"]
    found = []
    for folder in ("engine", "sitegen", "tests", "benchmarks", "views"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("paohuzi.play"):
                    found += [(path.relative_to(ROOT).as_posix(), a.name) for a in node.names]
    assert found, "the check sees the callers of the play module"
    assert [f for f in found if f[1] not in play.__all__] == []
