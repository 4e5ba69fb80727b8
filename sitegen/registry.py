"""Where the build finds every view it puts in the site: one table, read by sitegen/hooks.py.

A page names a widget or a generated table in a fence (see sitegen/hooks.py); the name says what
it is, not where its code lives. Each entry here points at its maker as ``"module:attribute"``:

``WIDGETS[kind]``   a function ``(lang, params) -> str``: the widget's static HTML, shown before
                    Python is ready
``SCRIPTS[kind]``   the browser module of the widget's live side, a file of ``widgets/`` whose
                    ``widgets`` export has the kind; the build writes it on the widget's element
                    (``data-module``) and widgets/runtime.js imports what it says
``TABLES[name]``    a function ``(lang, params) -> str``: Markdown, or HTML starting with "<"
``FILES[path]``     a file written into the built site: a function ``() -> str | bytes`` for
                    one file, or a module's ``FILES`` dict (path → such a function) for a family
                    of files, the path then a pattern (``*``) every path of the family matches

A module keeps its own ``WIDGETS``/``TABLES``/``FILES`` dicts as the list of what it draws (its
tests read them); tests/platform/test_site_registry.py checks that both lists agree, that every
name used in docs/ is here, and that every maker exists.
"""

from __future__ import annotations

import fnmatch
import importlib
from typing import Any
from collections.abc import Callable, Iterator

View = Callable[[str, dict[str, Any]], str]
Maker = Callable[[], "str | bytes"]

WIDGETS: dict[str, str] = {
    # 打围
    "dawei-dice": "sitegen.dawei:dice_widget",
    "dawei-game": "sitegen.dawei:game_widget",
    "dawei-sim": "sitegen.dawei:sim_widget",
    "dawei-throw-filter": "sitegen.dawei:filter_widget",
    "dawei-split": "sitegen.dawei:split_widget",
    "dawei-referee": "sitegen.dawei:referee_widget",
    # 骨牌
    "gupai-hand": "sitegen.gupai:hand_widget",
    "gupai-ledger": "sitegen.gupai_ledger:ledger_widget",
    # 叶子戏
    "yezi-form": "sitegen.yezi:form_widget",
    "yezi-deal": "sitegen.yezi:deal_widget",
    "yezi-round": "sitegen.yezi:round_widget",
    "yezi-showing": "sitegen.yezi_showing:showing_widget",
    # 跑胡子 and 下灌字牌
    "paohuzi-score": "sitegen.paohuzi:score_widget",
    "paohuzi-wait": "sitegen.paohuzi:wait_widget",
    "paohuzi-sheet": "sitegen.paohuzi:sheet_widget",
    "zipai-table": "sitegen.zipai:table_widget",
    "matchsheet-sheet": "sitegen.matchsheet:sheet_widget",
    # several people at one device, any game (issue 42)
    "table-together": "sitegen.together:together_widget",
    # lessons
    "lesson-exercises": "sitegen.lesson:exercises_widget",
    "lesson-progress": "sitegen.lesson:progress_widget",
}

SCRIPTS: dict[str, str] = {
    "dawei-dice": "dawei.js",
    "dawei-game": "dawei.js",
    "dawei-sim": "dawei.js",
    "dawei-throw-filter": "dawei.js",
    "dawei-split": "dawei.js",
    "dawei-referee": "dawei.js",
    "gupai-hand": "gupai.js",
    "gupai-ledger": "gupai.js",
    "yezi-form": "yezi.js",
    "yezi-deal": "yezi.js",
    "yezi-round": "yezi.js",
    "yezi-showing": "yezi.js",
    "paohuzi-score": "paohuzi.js",
    "paohuzi-wait": "paohuzi.js",
    "paohuzi-sheet": "paohuzi.js",
    "zipai-table": "zipai.js",
    "matchsheet-sheet": "matchsheet.js",
    "table-together": "together.js",
    "lesson-exercises": "lesson.js",
    "lesson-progress": "lesson.js",
}

TABLES: dict[str, str] = {
    # 打围
    "dawei-patterns": "sitegen.dawei:patterns_table",
    "dawei-animal-odds": "sitegen.dawei:animal_table",
    "dawei-split-rules": "sitegen.dawei:split_table",
    "dawei-break-even": "sitegen.dawei:break_even_table",
    "dawei-options": "sitegen.dawei:options_table",
    "dawei-trace": "sitegen.dawei:trace_table",
    "dawei-sticks": "sitegen.dawei:sticks_figure",
    "dawei-overlaps": "sitegen.dawei:overlaps_table",
    "dawei-sample-game": "sitegen.dawei:sample_game",
    "dawei-option-effects": "sitegen.dawei:option_effects",
    "dawei-dice-figure": "sitegen.dawei:dice_figure",
    # 骨牌
    "gupai-tiles": "sitegen.gupai:tiles_table",
    "gupai-sets": "sitegen.gupai:sets_table",
    "gupai-jie": "sitegen.gupai:jie_table",
    "gupai-compare": "sitegen.gupai:compare_table",
    "gupai-classes": "sitegen.gupai:classes_figure",
    "gupai-settle": "sitegen.gupai:settle_table",
    "gupai-bama": "sitegen.gupai:bama_table",
    "gupai-heibama": "sitegen.gupai:heibama_table",
    "gupai-options": "sitegen.gupai:options_table",
    "gupai-option-effects": "sitegen.gupai:option_effects_table",
    "gupai-rules": "sitegen.gupai:rules_table",
    # 叶子戏
    "yezi-deck": "sitegen.yezi:deck_table",
    "yezi-combos": "sitegen.yezi:combos_table",
    "yezi-odds": "sitegen.yezi:odds_table",
    "yezi-best-spread": "sitegen.yezi:best_spread_table",
    "yezi-round-limits": "sitegen.yezi:round_limits_table",
    "yezi-round-sim": "sitegen.yezi:round_sim_table",
    "yezi-zipai-diff": "sitegen.yezi:zipai_diff_table",
    "yezi-zipai-cases": "sitegen.yezi:zipai_cases_table",
    "yezi-options": "sitegen.yezi:options_table",
    "yezi-option-effects": "sitegen.yezi:option_effects_table",
    "yezi-rules": "sitegen.yezi:rules_table",
    # 跑胡子 and 下灌字牌
    "paohuzi-deal": "sitegen.paohuzi:deal_table",
    "paohuzi-max-table": "sitegen.paohuzi:max_table",
    "paohuzi-huxi-table": "sitegen.paohuzi:huxi_table",
    "paohuzi-deng-table": "sitegen.paohuzi:deng_table",
    "paohuzi-fan-table": "sitegen.paohuzi:fan_table",
    "paohuzi-penalty-table": "sitegen.paohuzi:penalty_table",
    "paohuzi-faces": "sitegen.paohuzi:faces_table",
    "paohuzi-sheet-examples": "sitegen.paohuzi:sheet_examples",
    "paohuzi-options-table": "sitegen.paohuzi:options_table",
    "paohuzi-ways-examples": "sitegen.paohuzi:ways_examples",
    "paohuzi-play-stats": "sitegen.paohuzi_play:play_stats",
    "zipai-snapshot": "sitegen.zipai:snapshot",
    "zipai-narration": "sitegen.zipai:narration",
    "zipai-rules": "sitegen.zipai:rules_list",
    "matchsheet-example": "sitegen.matchsheet:example_table",
    # lessons
    "lesson-key": "sitegen.lesson:key_table",
    "paohuzilesson-example": "sitegen.paohuzilesson:lesson_example",
    # narrated samples and quick references
    "guide-dawei-sample": "sitegen.guide:dawei_sample",
    "guide-gupai-sample": "sitegen.guide:gupai_sample",
    "guide-yezi-sample": "sitegen.guide:yezi_sample",
    "guide-dawei-quickref": "sitegen.guide:dawei_quickref",
    "guide-gupai-quickref": "sitegen.guide:gupai_quickref",
    "guide-yezi-quickref": "sitegen.guide:yezi_quickref",
    "guide-paohuzi-quickref": "sitegen.guide:paohuzi_quickref",
    # the home page
    "home-cards": "sitegen.home:home_cards",
    "home-facts": "sitegen.home:home_facts",
    # the engine's API page
    "engine-api": "sitegen.api_reference:api_reference",
    "engine-errors": "sitegen.api_reference:api_errors",
    "assets-wheel": "sitegen.assets:wheel_download",
    # the record's own pages
    "record-cite-archive": "sitegen.record.tables:gen_cite_archive",
    "record-sources": "sitegen.record.tables:gen_sources",
    "record-glossary": "sitegen.record.tables:gen_glossary",
    "record-bibliography": "sitegen.record.tables:gen_bibliography",
    "record-changelog": "sitegen.record.tables:gen_changelog",
    "record-editions": "sitegen.record.tables:gen_editions",
    "record-coverage": "sitegen.record.tables:gen_coverage",
    "record-notes": "sitegen.record.tables:gen_notes",
    "record-rule": "sitegen.record.tables:gen_rule",
    "record-rules": "sitegen.record.tables:gen_rules",
}

FILES: dict[str, str] = {
    "assets/dawei/dawei-throws.csv": "sitegen.dawei:throws_csv",
    "assets/gupai/tiles/*.svg": "sitegen.gupai:FILES",
    "assets/yezi/cards/*.svg": "sitegen.yezi:FILES",
    "assets/paohuzi/paohuzi-rules.json": "sitegen.paohuzi:FILES",
    "archive.bib": "sitegen.record.tables:archive_bibtex",
    "archive.csl.json": "sitegen.record.tables:archive_csl",
    "passages.json": "sitegen.record.passages:passages_json",
    "robots.txt": "sitegen.record.address:robots_txt",
    "assets/theme/tables.css": "sitegen.theme_tables:css",
}


class NotRegistered(LookupError):
    """A page names a view this table does not list."""


def resolve(target: str) -> Any:
    """The object a ``"module:attribute"`` entry names (its module imported on first use)."""
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


def widget(kind: str) -> View:
    if kind not in WIDGETS:
        raise NotRegistered(f"no widget {kind!r} in sitegen/registry.py WIDGETS")
    view: View = resolve(WIDGETS[kind])
    return view


def script(kind: str) -> str:
    """The file of widgets/ whose module mounts the widget ``kind``."""
    if kind not in SCRIPTS:
        raise NotRegistered(f"no widget {kind!r} in sitegen/registry.py SCRIPTS")
    return SCRIPTS[kind]


def table(name: str) -> View:
    if name not in TABLES:
        raise NotRegistered(f"no generated table {name!r} in sitegen/registry.py TABLES")
    view: View = resolve(TABLES[name])
    return view


def files() -> Iterator[tuple[str, Maker]]:
    """Every generated file: its path in the built site and its maker, in the table's order."""
    for pattern, target in FILES.items():
        made = resolve(target)
        if callable(made):
            yield pattern, made
            continue
        family = [(path, fn) for path, fn in made.items() if fnmatch.fnmatchcase(path, pattern)]
        if not family:
            raise NotRegistered(f"{target} makes no file matching {pattern!r}")
        yield from family
