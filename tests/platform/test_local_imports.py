"""An import inside a function says why it is there (issue 39.3): imports stand at the top of a module, and one that
waits for its function is explained by a comment — on its line, on the run of imports it belongs to, or just above
the function it serves (an optional dependency, a start-up cost measured)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TREES = ("engine", "views", "sitegen")


def _comment(line: str) -> bool:
    return line.lstrip().startswith("#") or " # " in line or line.rstrip().endswith("#")


def unexplained(source: str) -> list[int]:
    """The line numbers of the imports inside functions of ``source`` that no comment explains."""
    lines = source.splitlines()
    out = []
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        top = min([fn.lineno] + [d.lineno for d in fn.decorator_list]) - 1  # the def's first line, 0-based
        while top > 0 and not lines[top - 1].strip():
            top -= 1
        above = top > 0 and lines[top - 1].lstrip().startswith("#") and "import" in lines[top - 1]  # a comment on them
        for node in ast.walk(fn):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            first = last = node.lineno - 1
            while first > 0 and lines[first - 1].lstrip().startswith(("import ", "from ")):
                first -= 1
            while last + 1 < len(lines) and lines[last + 1].lstrip().startswith(("import ", "from ")):
                last += 1
            run = lines[first:last + 1]
            before = lines[first - 1] if first > 0 else ""
            if not (above or any(_comment(x) for x in run) or before.lstrip().startswith("#")):
                out.append(node.lineno)
    return out


def test_every_import_inside_a_function_says_why() -> None:
    found = [f"{p.relative_to(ROOT)}:{n}" for tree in TREES for p in sorted((ROOT / tree).rglob("*.py"))
             for n in unexplained(p.read_text(encoding="utf-8"))]
    assert found == []


def test_the_check_sees_an_unexplained_import_and_accepts_explained_ones() -> None:
    bare = "def f():\n    import json\n    return json\n"
    said = "def f():\n    import json  # here: only f needs it\n    return json\n"
    run = "def f():\n    # both here: a start-up cost measured\n    import json\n    import re\n    return json, re\n"
    atop = "# f's imports wait for it: they cost 80 ms\n\n\ndef f():\n    import json\n    return json\n"
    other = "# a section of this file\ndef f():\n    import json\n    return json\n"
    assert unexplained(bare) == [2] and unexplained(other) == [3]
    assert unexplained(said) == unexplained(run) == unexplained(atop) == []
