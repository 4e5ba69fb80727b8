"""Every exception to the checkers says why (issue 39.5): a ``# type: ignore[…]`` or ``# noqa: …`` in the code the
archive ships (engine/, views/, sitegen/) carries its reason on the same line, and a ``biome-ignore`` in widgets/
its explanation (biome insists on one; the test keeps it from being a single word)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TREES = ("engine", "views", "sitegen")

_IGNORE = re.compile(r"#\s*type:\s*ignore(?:\[[^\]]*\])?(?P<rest>.*)$")
_NOQA = re.compile(r"#\s*noqa(?::\s*[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*)?(?P<rest>.*)$")
_BIOME = re.compile(r"//\s*biome-ignore(?:-all|-start|-end)?\s+\S+?:(?P<rest>.*)$")

def _reason(rest: str) -> bool:
    """Whether what follows the exception's code is a reason: a few words, after a ``#``, a dash or a colon."""
    words = re.sub(r"^[\s#:\-—(]+", "", rest)
    return len(words.split()) >= 3

def unreasoned(source: str, js: bool = False) -> list[int]:
    """The line numbers of ``source`` whose checker exception gives no reason."""
    out = []
    for n, line in enumerate(source.splitlines(), 1):
        for pattern in ((_BIOME,) if js else (_IGNORE, _NOQA)):
            m = pattern.search(line)
            if m and not _reason(m.group("rest")):
                out.append(n)
    return out

def test_every_checker_exception_gives_its_reason() -> None:
    found = [f"{p.relative_to(ROOT)}:{n}" for tree in TREES for p in sorted((ROOT / tree).rglob("*.py"))
             for n in unreasoned(p.read_text(encoding="utf-8"))]
    found += [f"{p.relative_to(ROOT)}:{n}" for p in sorted((ROOT / "widgets").glob("*.js"))
              for n in unreasoned(p.read_text(encoding="utf-8"), js=True)]
    assert found == []

def test_the_check_sees_a_bare_exception_and_accepts_reasoned_ones() -> None:
    bare = "x = f()  # type: ignore[arg-type]\ny = g()  # noqa: E501\nz = 1  # type: ignore\n"
    said = ("x = f()  # type: ignore[arg-type]  # the card is checked above\n"
            "y = g()  # noqa: E501 - a table row reads best whole\n"
            "except Exception:  # noqa: BLE001 - the API promises an answer\n")
    assert unreasoned(bare) == [1, 2, 3]
    assert unreasoned(said) == []
    assert unreasoned("// biome-ignore lint/x/y: ok\n", js=True) == [1]
    assert unreasoned("// biome-ignore lint/x/y: the worker's message is any shape\n", js=True) == []

def private_imports(source: str) -> list[int]:
    """The lines of ``source`` that import a private name (``_x``) from the archive's own code (issue 39.1: tests use
    the public constructors and functions, never a private member)."""

    out = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in (*TREES, "widgets")
                and any(a.name.startswith("_") and not a.name.startswith("__") for a in node.names)):
            out.append(node.lineno)
    return out

def test_no_test_imports_a_private_name() -> None:
    found = [f"{p.relative_to(ROOT)}:{n}" for p in sorted((ROOT / "tests").rglob("*.py"))
             for n in private_imports(p.read_text(encoding="utf-8"))]
    assert found == []
    assert private_imports("from engine.paohuzi.hu import REASONS, _expected_count\n") == [1]
    assert private_imports("from engine.paohuzi.hu import REASONS\nfrom os import _exit\n") == []
