"""Rules traced to their source passages: lookups in engine/<game>/trace.py and the table of
rules on a game's home page."""

from __future__ import annotations

import html
import importlib
import re
import sys
from pathlib import Path
from typing import Any

from sitegen.record.data import BY_SOURCE, GAME_IDS, Game

ROOT = Path(__file__).resolve().parents[2]


def _ensure_path() -> None:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def _t(lang: str, zh: str, en: str) -> str:
    return en if lang == "en" else zh


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


def load_trace(game: str) -> Any | None:
    """engine/<game>/trace.py, or None when the game has no trace module yet."""
    _ensure_path()
    name = f"engine.{game}.trace"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name in (name, f"engine.{game}"):
            return None
        raise


def trace_parts(game: str) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]:
    mod = load_trace(game)
    if mod is None:
        return (), (), ()
    return tuple(getattr(mod, "RULES", ())), tuple(getattr(mod, "GAPS", ())), tuple(getattr(mod, "OPTIONS", ()))


def source_text(source: str) -> str | None:
    g = BY_SOURCE.get(source)
    if g is None:
        return None
    try:
        return g.source_path().read_text(encoding="utf-8")
    except OSError:
        return None


def section_of(passage: Any) -> Any | None:
    """The archive's outline section where a passage's quote sits (by position in the source)."""
    g = BY_SOURCE.get(passage.source)
    text = source_text(passage.source)
    if g is None or text is None or not passage.quote:
        return None
    starts = [(text.find(s.anchor), s) for s in g.sections]

    def at(pos: int) -> Any | None:
        best = None
        for i, s in starts:
            if 0 <= i <= pos:
                best = s
        return best

    hits = [m.start() for m in re.finditer(re.escape(passage.quote), text)]
    if not hits:
        return None
    found = [at(h) for h in hits]
    # a quote found more than once: prefer the section the implementer's label names
    label = passage.section.split()[0] if passage.section.split() else ""
    for s in found:
        if s is not None and label and (label in s.zh or s.zh.rstrip("（）() ").endswith(label) or label in s.en):
            return s
    return found[0]


def resolves(dotted: str) -> bool:
    """Whether ``engine.x.y.name`` names an importable module or attribute."""
    _ensure_path()
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        try:
            for a in parts[i:]:
                obj = getattr(obj, a)
        except AttributeError:
            return False
        return True
    return False


def has_test(ref: str) -> bool:
    """Whether ``tests/x/test_y.py::test_name`` (or ``::Class::test``) exists in the repo."""
    path, _, rest = ref.partition("::")
    f = ROOT / path
    if not f.is_file():
        return False
    if not rest:
        return True
    text = f.read_text(encoding="utf-8")
    names = [re.sub(r"\[.*\]$", "", n) for n in rest.split("::")]
    return all(re.search(rf"^\s*(async\s+)?(def|class)\s+{re.escape(n)}\b", text, re.M) for n in names)



def option_anchor(opt_id: str) -> str:
    return "opt-" + re.sub(r"[^a-z0-9]+", "-", opt_id.lower()).strip("-")



def find_rule(rule_id: str) -> Any | None:
    game = rule_id.split(".", 1)[0]
    if game not in GAME_IDS:
        return None
    rules, _, _ = trace_parts(game)
    return next((r for r in rules if r.id == rule_id), None)



def trace_block(g: Game, lang: str, coverage_href: str) -> str:
    """On a game's home page: every rule the engine implements, beside its source passage."""
    rules, gaps, _ = trace_parts(g.id)
    if not rules:
        return ""
    L = lang
    rows = "".join(
        f'<tr id="rule-{_esc(r.id)}"><td>{_esc(r.zh if L == "zh" else r.en)}</td>'
        f"<td>{_esc(r.passage.section)}</td><td><q>{_esc(r.passage.quote)}</q></td></tr>"
        for r in rules
    )
    summary = _t(L, f"规则与原文出处（{len(rules)} 条规则，{len(gaps)} 处未实现）", f"Rules and their source passages ({len(rules)} rules, {len(gaps)} passages not implemented)")
    return (
        f'<details class="rec-trace" id="rule-trace"><summary>{_esc(summary)}</summary>'
        f'<p>{_esc(_t(L, "每条规则都注明它所依据的原文段落（", "Each rule names the passage of "))}<em>{_esc(g.source_title)}</em>'
        f'{_esc(_t(L, "）。实现与测试情况见", ") it rests on. Where each is implemented and tested: "))}'
        f'<a href="{coverage_href}#cov-{g.id}">{_esc(_t(L, "覆盖表", "coverage table"))}</a>{_esc(_t(L, "。", "."))}</p>'
        f'<table><thead><tr><th>{_esc(_t(L, "规则", "Rule"))}</th><th>{_esc(_t(L, "段落", "Passage"))}</th>'
        f'<th>{_esc(_t(L, "原文", "Source words"))}</th></tr></thead><tbody>{rows}</tbody></table></details>'
    )
