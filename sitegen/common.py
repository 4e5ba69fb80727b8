"""Helpers shared by the games' build-time views."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.trace import Gap, Rule, RuleOption


def t(lang: str, zh: str, en: str) -> str:
    """The text in the page's language."""
    return en if lang == "en" else zh


def choice_words(option: RuleOption, choice: str, lang: str) -> str:
    """A reading of a rule option in the page's language: the engine's words for it (the options answer's)."""
    zh, en = option.word(choice)
    return t(lang, zh, en)


def options_table(options: Iterable[RuleOption], lang: str, label: Callable[[RuleOption, str], str] | None = None) -> str:
    """Markdown table of a game's rule options: question, readings (default in bold), source place, note.

    ``label(option, choice)`` names a choice in the page's language (by default the engine's words for it).
    """
    if label is None:
        label = lambda o, c: choice_words(o, c, lang)
    # Chinese pages speak Chinese: the options' and readings' codes are on the English page and the API page (issue 44)
    codes = lang == "en"
    rows = []
    for o in options:
        choices = t(lang, "；", "; ").join(
            (f"**{label(o, c)}**" if c == o.default else label(o, c)) + (f" (`{c}`)" if codes else "") for c in o.choices
        )
        page, anchor = o.note.split("#")
        link = f"[{t(lang, '注', 'note')}]({page.split('/', 1)[1]}#{anchor})"
        rows.append((f"| `{o.id}` " if codes else "") + f"| {t(lang, o.zh, o.en)} | {choices} | {o.passage.section} | {link} |")
    head = (
        (f"| {t(lang, '选项', 'Option')} " if codes else "") + f"| {t(lang, '问题', 'Question')} | {t(lang, '读法（粗体为默认）', 'Readings (default in bold)')} | "
        f"{t(lang, '原文位置', 'Source place')} | |\n" + ("|---" if codes else "") + "|---|---|---|---|\n"
    )
    return head + "\n".join(rows)


def rules_table(rules: Iterable[Rule], gaps: Iterable[Gap], lang: str) -> str:
    """Markdown tables of a game's traced rules and of the passages it leaves out."""
    if lang != "en":  # Chinese pages speak Chinese: the rules' ids and code paths are on the English page (issue 44)
        rows = [f"| {r.zh} | {r.passage.section} |" for r in rules]
        head = "| 规则 | 原文位置 |\n|---|---|\n"
    else:
        rows = [f"| `{r.id}` | {r.en} | {r.passage.section} | `{r.implemented_in}` |" for r in rules]
        head = "| Rule | What | Source place | Code |\n|---|---|---|---|\n"
    gap_rows = [f"| {g.passage.section} | {t(lang, g.zh, g.en)} |" for g in gaps]
    return (
        head + "\n".join(rows)
        + f"\n\n| {t(lang, '未实现的段落', 'Passage not implemented')} | {t(lang, '原因', 'Why')} |\n|---|---|\n"
        + "\n".join(gap_rows)
    )


def html_table(head: str, body: str, *, caption: str = "", foot: str = "", attrs: str = "") -> str:
    """An HTML table of a widget's static answer: ``head`` the cells of the heading row, ``body``
    the body's rows, ``foot`` the footer's rows (each already HTML); ``attrs`` the table's own
    attributes (``' class="…"'``)."""
    return (
        f"<table{attrs}>"
        + (f"<caption>{caption}</caption>" if caption else "")
        + f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody>"
        + (f"<tfoot>{foot}</tfoot>" if foot else "")
        + "</table>"
    )


def col_heads(labels: Iterable[str], cls: str = "") -> str:
    """Column headings (``<th scope="col">``), each label already HTML."""
    c = f' class="{cls}"' if cls else ""
    return "".join(f'<th scope="col"{c}>{label}</th>' for label in labels)


def total_row(label: str, cells: str, *, span: int = 1, cls: str = "") -> str:
    """A footer row: its heading ``label`` across ``span`` columns, then ``cells``."""
    c = f' class="{cls}"' if cls else ""
    s = f' colspan="{span}"' if span > 1 else ""
    return f'<tr{c}><th scope="row"{s}>{label}</th>{cells}</tr>'


def signed_cells(values: Iterable[int], cls: str, zero: str = "+0") -> str:
    """Numeric cells with their sign (``+3``, ``-2``); ``zero`` is how a zero is written."""
    return "".join(f'<td class="{cls}">{v:+d}</td>' if v else f'<td class="{cls}">{zero}</td>' for v in values)


def still_buttons(labels: Iterable[str], cls: str, attrs: Callable[[int], str] = lambda i: "") -> str:
    """A row of a static answer's buttons, disabled until the engine is ready in the browser;
    ``attrs(i)`` adds the i-th button's own attributes."""
    return "".join(
        f'<button type="button" class="hw-btn {cls}"{attrs(i)} disabled>{label}</button>' for i, label in enumerate(labels)
    )
