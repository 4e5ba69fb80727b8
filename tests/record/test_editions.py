"""Editions: one version written once, a structured list of the readings each edition changed,
and a release build that refuses to publish moved readings under an old version."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from engine import editions as ed

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def _version() -> str:
    return (ROOT / "VERSION").read_text(encoding="utf-8").strip()


def test_the_version_is_written_once_and_read_everywhere() -> None:
    import engine
    from engine.api import handle

    v = _version()
    ed.parse(v)
    assert engine.__version__ == v
    assert handle({"game": "engine", "action": "info"})["version"] == v
    assert str(yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))["version"]) == v
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'version = { file = "VERSION" }' in pyproject  # the wheel's version
    assert re.search(r'__version__\s*=\s*"', (ROOT / "engine" / "__init__.py").read_text(encoding="utf-8")) is None
    assert ed.edition(v) is not None, f"engine/editions.py has no edition {v}"


def test_version_steps() -> None:
    assert ed.step("0.1.0", "0.2.0") == "minor"
    assert ed.step("0.1.3", "0.1.4") == "patch"
    assert ed.step("0.9.2", "1.0.0") == "major"
    assert ed.step("0.1.0", "0.1.0") is None
    assert ed.step("0.1.0", "0.3.0") is None
    assert ed.step("0.2.0", "0.1.9") is None
    with pytest.raises(ValueError):
        ed.parse("1.0")


SNAP = {"g.a": {"default": "x", "choices": ["x", "y"]}, "g.b": {"default": "p", "choices": ["p", "q"]}}


def _edition(v: str) -> ed.Edition:
    return ed.Edition(v, "2026-01-01", "zh", "en")


def _change(v: str, subject: str, kind: str = ed.DEFAULT) -> ed.Change:
    return ed.Change(v, subject, kind, ("a", "a"), ("b", "b"), ("c", "c"), "dawei/notes.md#fox-after-lion")


def test_a_moved_default_needs_a_minor_step_and_a_line_naming_it() -> None:
    moved = {**SNAP, "g.a": {"default": "y", "choices": ["x", "y"]}}
    eds = [_edition("1.0.0"), _edition("1.0.1"), _edition("1.1.0")]
    # same version as released: refused, naming the option
    same = ed.release_problems("1.0.0", moved, {"1.0.0": SNAP}, eds, [])
    assert len(same) == 1 and "g.a (default)" in same[0] and "Step the version" in same[0]
    # a patch step is too small
    patch = ed.release_problems("1.0.1", moved, {"1.0.0": SNAP}, eds, [_change("1.0.1", "g.a")])
    assert any("not a minor step" in p for p in patch)
    # a minor step without a line naming the option
    unnamed = ed.release_problems("1.1.0", moved, {"1.0.0": SNAP}, eds, [_change("1.1.0", "g.b")])
    assert len(unnamed) == 1 and "g.a" in unnamed[0] and "names it" in unnamed[0]
    # a minor step with its line: publishable
    assert ed.release_problems("1.1.0", moved, {"1.0.0": SNAP}, eds, [_change("1.1.0", "g.a")]) == []
    # nothing moved: publishable under the released version
    assert ed.release_problems("1.0.0", dict(SNAP), {"1.0.0": SNAP}, eds, []) == []
    # a version with no edition line, or one not dated
    assert any("no edition 1.2.0" in p for p in ed.release_problems("1.2.0", dict(SNAP), {"1.0.0": SNAP}, eds, []))
    undated = [*eds, ed.Edition("1.2.0", "", "zh", "en")]
    assert any("no release date" in p for p in ed.release_problems("1.2.0", dict(SNAP), {"1.0.0": SNAP}, undated, []))


def test_dropped_and_added_options_and_choices_are_changes() -> None:
    after = {"g.a": {"default": "x", "choices": ["x"]}, "g.c": {"default": "m", "choices": ["m", "n"]}}
    assert ed.option_changes(SNAP, after) == {"g.a": ed.DROPPED, "g.b": ed.DROPPED, "g.c": ed.ADDED}
    assert ed.option_changes(SNAP, {**SNAP, "g.b": {"default": "p", "choices": ["q", "p"]}}) == {}


def test_every_released_edition_names_each_option_it_moved() -> None:
    """The recorded history is whole: between two released editions, every option whose default
    or choices moved is named by a change of the later edition."""
    snaps = ed.released()
    versions = sorted(snaps, key=ed.parse)
    assert versions and versions[0] == "0.1.0" and "0.2.0" in versions
    for a, b in zip(versions, versions[1:]):
        named = {c.subject for c in ed.changes_of(b)}
        for oid in ed.option_changes(snaps[a], snaps[b]):
            assert oid in named, f"{oid} moved between {a} and {b}, but no change of {b} names it"
    assert ed.option_changes(snaps["0.1.0"], snaps["0.2.0"])["dawei.two_red_with_pair"] == ed.DEFAULT
    assert ed.option_changes(snaps["0.1.0"], snaps["0.2.0"])["gupai.dun"] == ed.DROPPED


def test_the_release_check_reads_this_tree() -> None:
    """The check a RELEASE=1 build runs answers in sentences for this tree (work between two
    releases may move options: the release, not every commit, must name them)."""
    from sitegen.editions import release_problems

    problems = release_problems()
    assert all(isinstance(p, str) and p for p in problems)
    moved = ed.option_changes(ed.released()[max(ed.released(), key=ed.parse)], ed.options_now())
    named = {c.subject for c in ed.changes_of(_version())}
    for oid in moved:
        assert any(oid in p for p in problems) or oid in named, oid


def test_each_change_is_complete() -> None:
    versions = {e.version for e in ed.EDITIONS}
    for c in ed.CHANGES:
        assert c.edition in versions, c
        assert c.kind in ed.STEP_OF_KIND, c
        assert all(x.strip() for pair in (c.old, c.new, c.why) for x in pair), c
        page, _, anchor = c.note.partition("#")
        for lang in ("zh", "en"):
            f = DOCS / page.replace(".md", f".{lang}.md")
            assert f.is_file() and re.search(r"\{[^}]*#" + re.escape(anchor) + r"\b", f.read_text(encoding="utf-8")), (c.subject, lang)
            for p in c.pages:
                assert (DOCS / p.replace(".md", f".{lang}.md")).is_file(), (c.subject, p)


def test_the_changelog_lists_each_edition_and_its_changes() -> None:
    from sitegen.record.changelog import KIND_WORDS, gen_editions

    assert set(KIND_WORDS) == set(ed.STEP_OF_KIND)  # every kind of change has words for the reader

    for lang in ("zh", "en"):
        text = gen_editions(lang, {})
        for e in ed.EDITIONS:
            assert f"### {e.version} " in text
            # a released edition links to its own address; one in preparation has none yet
            assert (f"editions/{e.version}/" in text) == bool(e.date), e
        rows = [ln for ln in text.splitlines() if ln.startswith("| ") and "](../" in ln]
        assert len(rows) == len(ed.CHANGES)
        # the reader sees the note's heading, not the option's program name
        assert "dawei.two_red_with_pair" not in text
        assert "#two-reds-with-a-pair" in text


def test_each_editorial_note_shows_the_edition_of_its_reading() -> None:
    from sitegen.record.changelog import mark_notes, note_editions

    marks = note_editions()
    assert marks["dawei/notes.md#two-reds-with-a-pair"] == "0.2.0"
    assert marks["dawei/notes.md#red-five-gold"] == "0.1.0"
    html_in = '<h2 id="two-reds-with-a-pair">Two reds</h2><p>x</p><h2 id="red-five-gold">Red</h2>'
    out = mark_notes(html_in, "dawei/notes.en.md", "en", "../../archive/changelog/")
    assert '<h2 id="two-reds-with-a-pair">Two reds</h2><p class="rec-edition"><a href="../../archive/changelog/#v0-2-0">Reading last changed in edition 0.2.0</a></p>' in out
    assert "Reading unchanged since edition 0.1.0" in out
    zh = mark_notes(html_in, "dawei/notes.zh.md", "zh", "x/")
    assert "此读法最后改动于 0.2.0 版" in zh


def test_citations_name_their_edition(monkeypatch: pytest.MonkeyPatch) -> None:
    from sitegen import editions

    monkeypatch.delenv(editions.EDITION_OF, raising=False)
    monkeypatch.setattr(editions, "draft_after", lambda: None)  # a release (tests/record/test_deploy.py: a draft)
    v = _version()
    assert editions.cite_url("https://a.org/", "en/dawei/fox/") == f"https://a.org/editions/{v}/en/dawei/fox/"
    # an edition built at its own address cites that address
    monkeypatch.setenv(editions.EDITION_OF, "https://a.org/")
    assert editions.cite_url(f"https://a.org/editions/{v}/", "dawei/") == f"https://a.org/editions/{v}/dawei/"


def test_an_older_edition_is_marked_on_every_page(tmp_path: Path) -> None:
    from sitegen.editions import mark_older

    pages = {"index.html": "", "dawei/fox/index.html": "", "en/dawei/fox/index.html": "", "dawei/gone/index.html": ""}
    for rel in pages:
        f = tmp_path / rel
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text('<html><body><article class="md-content__inner md-typeset"><h1>T</h1></article></body></html>', encoding="utf-8")
    assert mark_older(tmp_path, "0.1.0", "0.2.0", "https://a.org/") == 4
    fox = (tmp_path / "en/dawei/fox/index.html").read_text(encoding="utf-8")
    assert 'class="rec-current-page" href="https://a.org/en/dawei/fox/"' in fox and "This is edition 0.1.0" in fox
    assert 'href="https://a.org/dawei/fox/"' in (tmp_path / "dawei/fox/index.html").read_text(encoding="utf-8")
    # a page the current edition no longer has: the link goes to the current home
    assert 'class="rec-current-page" href="https://a.org/"' in (tmp_path / "dawei/gone/index.html").read_text(encoding="utf-8")
    assert mark_older(tmp_path, "0.1.0", "0.2.0", "https://a.org/") == 0  # once only


# ----------------------------------------------------------------- the release build refuses


def _scratch(tmp_path: Path) -> Path:
    """A copy of the committed tree (git archive HEAD) in tmp, with the sources beside it, whose
    current edition is recorded as released with the rule options it has now: the only change
    the test then makes is its own."""
    tree = tmp_path / "main"
    tree.mkdir()
    archive = subprocess.run(["git", "archive", "--format=tar", "HEAD"], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    (tmp_path / "shared").symlink_to((ROOT / ".." / "shared").resolve())
    if (ROOT / "node_modules").exists():
        (tree / "node_modules").symlink_to(ROOT / "node_modules")
    record = (
        "import json\nfrom engine import editions as ed\nsnaps = ed.released()\n"
        "snaps[open('VERSION').read().strip()] = ed.options_now()\n"
        "ed.SNAPSHOT_FILE.write_text(json.dumps(snaps), encoding='utf-8')\n"
    )
    subprocess.run([sys.executable, "-c", record], cwd=tree, check=True, env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    return tree


def _env(tree: Path) -> dict[str, str]:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", RELEASE="1", SITE_URL="https://folkgames.org/")
    env.pop("PYTHONPATH", None)
    env.pop("HW_EDITION_OF", None)
    return env


@pytest.mark.site
def test_a_release_build_refuses_a_changed_default_without_a_version_step_and_an_entry(tmp_path: Path) -> None:
    tree = _scratch(tmp_path)
    trace = tree / "engine" / "dawei" / "trace.py"
    text = trace.read_text(encoding="utf-8")
    old = '("any_sum", "one_two_two"), "any_sum",'
    assert old in text
    trace.write_text(text.replace(old, '("any_sum", "one_two_two"), "one_two_two",'), encoding="utf-8")
    mkdocs = str(Path(sys.executable).with_name("mkdocs"))
    env = _env(tree)

    # 1. the default moved, the version did not: the release build stops before writing a page
    res = subprocess.run([mkdocs, "build", "-q", "-d", str(tmp_path / "out")], cwd=tree, env=env, capture_output=True, text=True, timeout=600)
    out = res.stdout + res.stderr
    assert res.returncode != 0, out[-2000:]
    assert "dawei.red_five_gold (default)" in out and "Step the version" in out, out[-2000:]
    assert not (tmp_path / "out" / "dawei").exists()

    # 2. a version step alone is not enough: no edition line, no change naming the option
    v = _version()
    major, minor, _ = ed.parse(v)
    nxt = f"{major}.{minor + 1}.0"
    (tree / "VERSION").write_text(nxt + "\n", encoding="utf-8")
    cff = tree / "CITATION.cff"
    cff.write_text(re.sub(r'^version: ".*"$', f'version: "{nxt}"', cff.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    check = [sys.executable, "-m", "sitegen.editions", "check"]
    res = subprocess.run(check, cwd=tree, env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 1 and "dawei.red_five_gold changed (default)" in res.stdout, res.stdout + res.stderr
    assert f"no edition {nxt}" in res.stdout or f"edition {nxt} has no release date" in res.stdout, res.stdout

    # 3. one edition line and one change line naming it: publishable (the same check the build runs)
    eds = tree / "engine" / "editions.py"
    src = eds.read_text(encoding="utf-8")
    if f'E("{nxt}", "",' in src:  # the next edition already listed, in preparation: release it
        src = src.replace(f'E("{nxt}", "",', f'E("{nxt}", "2026-12-31",', 1)
    else:
        src = src.replace("\n)\n\nC = Change", f'\n    E("{nxt}", "2026-12-31", "测试版。", "A test edition."),\n)\n\nC = Change', 1)
    src = src.replace("\n)\n\n\n# ---", f'\n    C("{nxt}", "dawei.red_five_gold", DEFAULT, ("任意", "any"), ("一二二", "one two two"), ("测试", "a test"), "dawei/notes.md#red-five-gold", ("dawei/main.md",)),\n)\n\n\n# ---', 1)
    eds.write_text(src, encoding="utf-8")
    res = subprocess.run(check, cwd=tree, env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0 and f"edition {nxt} can be published" in res.stdout, res.stdout + res.stderr


# ----------------------------------------------------------------- editions side by side, and the PDF


@pytest.mark.site
def test_an_older_edition_built_from_its_tag_beside_the_current_one(built_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The newest release older than this tree, built as editions/<version>/ from its tag: every
    page says so and links to the same page in the current edition (the site this run built);
    its citations carry its own URL; its PDF, rendered to images, has a title page, contents and
    page numbers. (The current edition is the site itself, unmarked.)

    The edition and its PDFs come from the deployment's cache of released editions
    (sitegen/deploy.py, ``cached_edition``: built from the tag by ``build_edition`` and printed by
    ``python -m sitegen.edition_pdf`` once per commit, at the address tests/record/test_deploy.py
    deploys to), so that a run builds and prints that edition once for both files; its copy here
    is marked older as ``build_edition`` marks it."""
    from sitegen import editions
    from sitegen.deploy import cached_edition
    from sitegen.edition_pdf import pdf_name

    tags = editions.tags()
    assert tags, "release tags v<version> are missing (git tag -l 'v*')"
    older = [t for t in tags if ed.parse(t[1:]) < ed.parse(_version())]
    assert older, tags
    old_tag = older[-1]
    root = "http://127.0.0.1:8779/"  # the address tests/record/test_deploy.py deploys to (ROOT_URL): one cached build for both
    # built as the deployment builds it (tests/record/test_deploy.py, _env): not under a variable of this run
    for k in ("RELEASE", editions.EDITION_OF, editions.RELEASED_DIR, editions.EDITION_DIRS):
        monkeypatch.delenv(k, raising=False)
    cached = cached_edition(old_tag, root)
    site = tmp_path / "site"
    old = site / "editions" / old_tag[1:]
    shutil.copytree(cached / "site", old)
    assert editions.mark_older(old, old_tag[1:], editions.version(), root) > 40  # what build_edition(mark=True) does once built
    new = built_site

    pages = [p for p in old.rglob("index.html") if not p.relative_to(old).as_posix().startswith(("assets/", "search/"))]
    assert len(pages) > 40
    for p in pages:
        rel = p.relative_to(old).as_posix().removesuffix("index.html")
        text = p.read_text(encoding="utf-8")
        m = re.search(r'class="rec-current-page" href="([^"]+)"', text)
        assert m and 'class="admonition warning rec-older-edition"' in text, rel
        assert m.group(1) in (root + rel, root, root + "en/"), (rel, m.group(1))
        if m.group(1) == root + rel:  # the same page exists in the newer edition
            assert (new / rel / "index.html").is_file(), rel
    for p in new.rglob("index.html"):
        assert "rec-older-edition" not in p.read_text(encoding="utf-8"), p

    for ed_dir, tag in ((old, old_tag),):
        text = (ed_dir / "en" / "dawei" / "fox" / "index.html").read_text(encoding="utf-8")
        cited = re.findall(r'id="rec-cite-en">(.*?)</p>', text, re.S)
        assert cited and f"{root}editions/{tag[1:]}/en/dawei/fox/" in cited[0], cited
        bib = (ed_dir / "en" / "dawei" / "fox" / "cite.bib").read_text(encoding="utf-8")
        assert f"url = {{{root}editions/{tag[1:]}/en/dawei/fox/}}" in bib

    # the older edition's PDFs, printed from its pages
    assert sorted(p.name for p in (cached / "pdf").iterdir()) == sorted([pdf_name(old_tag[1:], "zh"), pdf_name(old_tag[1:], "en")])
    pdfs = [cached / "pdf" / pdf_name(old_tag[1:], lang) for lang in ("zh", "en")]
    for pdf, lang in zip(pdfs, ("zh", "en")):
        fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
        assert fonts and all(ln.split()[-5] == "yes" for ln in fonts), fonts  # every font embedded
        text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        sheets = text.split("\f")
        assert len(sheets) > 20
        title, toc = sheets[0], sheets[1]
        assert old_tag[1:] in title and ("民间游戏遗产档案" in title) and ("Folk Games Heritage Archive" in title)
        assert ("目录" if lang == "zh" else "Contents") in toc
        # the contents give page numbers that land on the sections they name
        nums = [int(n) for n in re.findall(r"\s(\d{1,3})\s*$", toc, re.M)]
        assert len(nums) > 10 and nums == sorted(nums) and nums[0] > 2 and nums[-1] <= len(sheets)
        # every sheet has its number in the footer
        for i, sheet in enumerate(sheets[:-1], 1):
            assert re.search(rf"\b{i} / {len(sheets) - 1}\b", sheet), (lang, i)
        # rendered to images: the title page and the contents are not blank
        out = tmp_path / f"render-{lang}"
        subprocess.run(["pdftoppm", "-r", "30", "-png", "-f", "1", "-l", "2", str(pdf), str(out)], check=True)
        imgs = sorted(tmp_path.glob(f"render-{lang}*.png"))
        assert len(imgs) == 2 and all(i.stat().st_size > 1500 for i in imgs)
