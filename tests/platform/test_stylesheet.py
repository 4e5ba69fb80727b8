"""A page waits for one stylesheet before its first paint (sitegen/assets.py, join_stylesheets):
the theme's, the widgets' and the record's sheets joined in the order the page links them, the
print sheet linked apart for print only."""

from __future__ import annotations

import re

from sitegen import assets

WIDGET_SHEETS = ("widgets", "dawei", "gupai", "yezi", "paohuzi", "zipai", "lesson", "review", "guide", "matchsheet")


def theme_sheet(kind: str) -> str:
    found = sorted(p.name for p in (assets.theme_dirs()[1] / "assets" / "stylesheets").glob(f"{kind}.*.min.css"))
    assert found, kind
    return f"assets/stylesheets/{found[0]}"


def page(prefix: str = "../") -> str:
    links = [theme_sheet("main"), theme_sheet("palette"), "assets/theme/tables.css"]
    links += [f"assets/widgets/{n}.css" for n in WIDGET_SHEETS] + ["assets/widgets/print.css"]
    head = "\n".join(f'      <link rel="stylesheet" href="{prefix}{p}">' for p in links)
    return (
        f'<html><head><meta charset="utf-8">\n{head}\n<script>var x=1</script>\n'
        f'<link rel="stylesheet" href="{prefix}assets/record/record.css">\n</head><body><p>text</p></body></html>'
    )


def stylesheet_links(html_text: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet"[^>]*>', html_text)


def test_a_page_waits_for_one_stylesheet_and_prints_with_its_own():
    out = assets.join_stylesheets(page())
    links = stylesheet_links(out)
    screen = [link for link in links if "media=" not in link]
    assert len(screen) == 1, links
    assert re.fullmatch(r'<link rel="stylesheet" href="\.\./assets/widgets/site\.[0-9a-f]{10}\.css">', screen[0])
    assert links == [screen[0], '<link rel="stylesheet" href="../assets/widgets/print.css" media="print">']
    # where the first sheet was, before the head's scripts; the rest of the page as it was
    assert out.index(screen[0]) < out.index("<script>var x=1</script>")
    assert "<body><p>text</p></body>" in out


def test_the_joined_sheet_holds_every_sheet_in_the_pages_order():
    out = assets.join_stylesheets(page())
    name = re.search(r"assets/widgets/(site\.[0-9a-f]{10}\.css)", out).group(1)
    text = assets.made_stylesheet(name).decode("utf-8")
    assert text.startswith('@charset "UTF-8";') and text.count("@charset") == 1
    assert "sourceMappingURL" not in text
    # the theme's table rules the build restates (sitegen/theme_tables.py) in their place: after
    # the theme's sheets, before the widgets' and the print sheet (which override them)
    order = [theme_sheet("main"), theme_sheet("palette"), "assets/theme/tables.css"]
    order += [f"assets/widgets/{n}.css" for n in WIDGET_SHEETS] + ["assets/record/record.css"]
    places = []
    for path in order:
        src = assets.stylesheet_text(path)
        rule = assets.SOURCE_MAP.sub("", assets.CHARSET.sub("", src)).strip()
        assert rule in text, path
        places.append(text.index(rule))
    assert places == sorted(places)
    # the print rules are not in it: they live in their own sheet, for print only
    print_rules = (assets.WIDGETS / "print.css").read_text(encoding="utf-8").strip()
    assert print_rules not in text


def test_the_same_sheets_make_the_same_file_on_every_page():
    a = assets.join_stylesheets(page("../"))
    b = assets.join_stylesheets(page("../../en/"))
    name = lambda html_text: re.search(r"assets/widgets/(site\.[0-9a-f]{10}\.css)", html_text).group(1)
    assert name(a) == name(b)
    assert 'href="../../en/assets/widgets/site.' in b


def test_a_page_with_one_sheet_or_another_hosts_sheet_is_left_as_it_is():
    one = '<head><link rel="stylesheet" href="../assets/widgets/widgets.css"></head>'
    assert assets.join_stylesheets(one) == one
    other = (
        '<head><link rel="stylesheet" href="https://example.org/x.css">'
        '<link rel="stylesheet" href="../assets/widgets/print.css"></head>'
    )
    assert assets.join_stylesheets(other) == other
