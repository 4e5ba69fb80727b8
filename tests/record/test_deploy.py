"""The deployment (``make deploy``, ``python -m sitegen.deploy``) holds everything its pages cite:
every address in a citation block, BibTeX, CSL-JSON, JSON-LD or a PDF link answers, with the text
of the edition it names. Released editions are built once and cached by their commit
(``.cache/editions/``, shared by the runs of these tests), so only the first run builds them.

A draft (a rule default changed in a scratch copy of the committed tree) says so on every page
and cites the latest release only for the pages whose words read there as here."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import editions as ed
from sitegen import editions

from .serving import serve_folder

pytestmark = pytest.mark.site

ROOT = Path(__file__).resolve().parents[2]
#: the address the test deployment is built for (the cache is keyed by it); served elsewhere
ROOT_URL = "http://127.0.0.1:8779/"


def _env() -> dict[str, str]:
    env = dict(os.environ, SITE_URL=ROOT_URL, NO_MKDOCS_2_WARNING="1",
               HW_EDITIONS_CACHE=os.environ.get("HW_EDITIONS_CACHE") or str(ROOT / ".cache" / "editions"))
    for k in ("PYTHONPATH", "RELEASE", editions.EDITION_OF, editions.RELEASED_DIR, editions.EDITION_DIRS):
        env.pop(k, None)
    return env


def _deploy(tree: Path, site: Path) -> str:
    res = subprocess.run([sys.executable, "-m", "sitegen.deploy", str(site)], cwd=tree, env=_env(),
                         capture_output=True, text=True, timeout=7200)
    assert res.returncode == 0, (res.stdout + res.stderr)[-4000:]
    return res.stdout


@pytest.fixture(scope="module")
def deployment(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("deploy") / "site"
    _deploy(ROOT, site)
    return site


@pytest.fixture(scope="module")
def served(deployment: Path) -> Iterator[str]:
    with serve_folder(deployment) as url:
        yield url


def _fetch(served: str, url: str) -> tuple[int, bytes]:
    assert url.startswith(ROOT_URL), url
    try:
        with urllib.request.urlopen(served + url[len(ROOT_URL):], timeout=30) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, b""


def _pages(site: Path) -> list[Path]:
    return [f for f in sorted(site.rglob("index.html")) if not f.relative_to(site).as_posix().startswith(("assets/", "search/"))
            and "/assets/" not in f.relative_to(site).as_posix() and "/search/" not in f.relative_to(site).as_posix()]


_URL = re.compile(re.escape(ROOT_URL) + r"""[^\s"'<>}\]]*""")


def cited(page: Path) -> dict[str, set[str]]:
    """Every address the page cites, by where it is cited."""
    text = page.read_text(encoding="utf-8")
    out: dict[str, set[str]] = {}

    def add(kind: str, urls: list[str]) -> None:
        out.setdefault(kind, set()).update(u.rstrip(".,;") for u in urls)

    for block in re.findall(r'<p class="rec-cite-text"[^>]*>(.*?)</p>', text, re.S):
        add("citation block", _URL.findall(block))
    for ld in re.findall(r'<script type="application/ld\+json">(.*?)</script>', text, re.S):
        doc = json.loads(ld.replace("<\\/", "</"))
        add("JSON-LD", [doc[k] for k in ("url", "archivedAt") if isinstance(doc.get(k), str) and doc[k].startswith(ROOT_URL)])
    add("PDF link", [h for h in re.findall(r'href="([^"]+\.pdf)"', text) if h.startswith(ROOT_URL)])
    for name, field in (("cite.bib", r"url = \{([^}]*)\}"), ("cite.json", r'"URL": "([^"]*)"')):
        f = page.parent / name
        if f.is_file():
            add(name, re.findall(field, f.read_text(encoding="utf-8")))
    return out


def _edition_of(url: str) -> tuple[str, str]:
    """(edition version or "" for the current pages, site path) of a cited page address."""
    rel = url[len(ROOT_URL):]
    m = re.match(r"editions/(\d+\.\d+\.\d+)/(.*)$", rel)
    return (m.group(1), m.group(2)) if m else ("", rel)


def _built(site: Path, version: str, rel: str) -> Path:
    return (site / "editions" / version if version else site) / rel / "index.html"


def test_every_address_the_deployment_cites_answers_with_its_editions_text(deployment: Path, served: str) -> None:
    released = [e.version for e in ed.EDITIONS if e.date]
    for v in released:  # every released edition is there, with both PDFs
        assert (deployment / "editions" / v / "index.html").is_file(), v
        assert (deployment / "editions" / v / "en" / "index.html").is_file(), v
    pages = _pages(deployment)
    assert len(pages) > 100 * (1 + len(released)), len(pages)
    seen: dict[str, int] = {}
    kinds: set[str] = set()
    checked_text = 0
    for page in pages:
        site_rel = page.relative_to(deployment).as_posix().removesuffix("index.html")
        here, here_rel = _edition_of(ROOT_URL + site_rel)
        for kind, urls in cited(page).items():
            for url in urls:
                kinds.add(kind)
                if url not in seen:
                    status, body = _fetch(served, url)
                    seen[url] = status
                    if url.endswith(".pdf"):
                        assert body.startswith(b"%PDF"), url
                assert seen[url] == 200, (site_rel, kind, url)
                v, rel = _edition_of(url)
                if url.endswith(".pdf") or not v or kind == "JSON-LD" and url == ROOT_URL + site_rel:
                    continue
                # a page citing an edition reads there word for word as here
                if (v, rel) != (here, here_rel):
                    assert editions.page_text(_built(deployment, v, rel).read_text(encoding="utf-8")) == \
                        editions.page_text(page.read_text(encoding="utf-8")), (site_rel, kind, url)
                    checked_text += 1
    assert {"citation block", "JSON-LD", "PDF link", "cite.bib", "cite.json"} <= kinds, kinds
    for v in released:  # the changelog's PDF links reach both PDFs of every edition
        for lang in ("zh", "en"):
            assert seen.get(f"{ROOT_URL}editions/{v}/folk-games-archive-{v}-{lang}.pdf") == 200, (v, lang)
    if editions.draft_after() is None:  # a release: its pages cite its own edition, word for word
        assert checked_text > 100, checked_text


def test_editions_are_in_the_sitemap_and_each_older_page_is_its_own_canonical(deployment: Path, served: str) -> None:
    robots = (deployment / "robots.txt").read_text(encoding="utf-8")
    assert f"Sitemap: {ROOT_URL}editions/sitemap.xml" in robots
    index = (deployment / "editions" / "sitemap.xml").read_text(encoding="utf-8")
    released = [e.version for e in ed.EDITIONS if e.date]
    for v in released:
        loc = f"{ROOT_URL}editions/{v}/sitemap.xml"
        assert f"<loc>{loc}</loc>" in index
        status, body = _fetch(served, loc)
        assert status == 200 and f"<loc>{ROOT_URL}editions/{v}/en/dawei/fox/</loc>".encode() in body, v
        fox = (deployment / "editions" / v / "en" / "dawei" / "fox" / "index.html").read_text(encoding="utf-8")
        assert f'<link rel="canonical" href="{ROOT_URL}editions/{v}/en/dawei/fox/">' in fox, v


def test_a_changed_page_lists_its_other_editions(deployment: Path) -> None:
    released = sorted((e.version for e in ed.EDITIONS if e.date), key=ed.parse)
    oldest = released[0]
    listed = 0
    for page in _pages(deployment / "editions" / oldest):
        text = page.read_text(encoding="utf-8")
        rel = page.relative_to(deployment / "editions" / oldest).as_posix().removesuffix("index.html")
        nav = re.search(r'<nav class="rec-other-editions".*?</nav>', text, re.S)
        current = deployment / rel / "index.html"
        if not current.is_file():
            continue
        differs = editions.page_text(current.read_text(encoding="utf-8")) != editions.page_text(text)
        if differs:  # the page changed since: it names the current edition and the others holding it
            assert nav, rel
            assert f'href="{ROOT_URL}{rel}"' in nav.group(0), rel
            cite = text.find('<section class="rec-cite"')
            assert cite == -1 or nav.start() < cite, rel  # the citation block stays last
            listed += 1
    assert listed > 10, listed


# ----------------------------------------------------------------- a draft


def test_a_changed_default_makes_a_draft_that_cites_no_edition_whose_text_differs(deployment: Path, tmp_path: Path) -> None:
    latest = editions.latest_release()
    assert latest, "no released edition"
    tree = tmp_path / "main"
    res = subprocess.run(["git", "worktree", "add", "--detach", str(tree), "HEAD"], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    try:
        (tmp_path / "shared").symlink_to((ROOT / ".." / "shared").resolve())
        for name in ("node_modules", ".venv-build"):
            if (ROOT / name).exists():
                (tree / name).symlink_to(ROOT / name)
        trace = tree / "engine" / "dawei" / "trace.py"
        text = trace.read_text(encoding="utf-8")
        old = '("any_sum", "one_two_two"), "any_sum",'
        assert old in text
        trace.write_text(text.replace(old, '("any_sum", "one_two_two"), "one_two_two",'), encoding="utf-8")
        site = tmp_path / "site"
        log = _deploy(tree, site)
        assert "from the cache" in log and "built in" in log, log  # the editions came from the cache
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True)

    draft_words = {"zh": f"{latest} 版之后的草稿", "en": f"draft after {latest}"}
    same = differ = 0
    kept_pages: list[str] = []
    for page in _pages(site):
        rel = page.relative_to(site).as_posix().removesuffix("index.html")
        if rel.startswith("editions/"):
            continue
        lang = "en" if rel.startswith("en/") else "zh"
        text = page.read_text(encoding="utf-8")
        assert f'<span class="rec-version">{draft_words[lang]}</span>' in text, rel
        ld = json.loads(re.search(r'<script type="application/ld\+json">(.*?)</script>', text, re.S).group(1).replace("<\\/", "</"))
        assert ld["creativeWorkStatus"] == "Draft", rel
        release = site / "editions" / latest / rel / "index.html"
        reads_as_release = release.is_file() and editions.page_text(release.read_text(encoding="utf-8")) == editions.page_text(text)
        urls = {u for us in cited(page).values() for u in us if not u.endswith(".pdf")}
        edition_urls = {u for u in urls if u.startswith(ROOT_URL + "editions/")}
        if reads_as_release:
            same += 1
            kept_pages.append(rel)
            assert ld.get("archivedAt") == f"{ROOT_URL}editions/{latest}/{rel}", rel
            assert edition_urls <= {f"{ROOT_URL}editions/{latest}/{rel}"}, (rel, edition_urls)
        else:
            differ += 1
            assert "archivedAt" not in ld and not edition_urls, (rel, edition_urls)
            if (page.parent / "cite.bib").is_file():
                assert f"version = {{{draft_words[lang]}}}" in (page.parent / "cite.bib").read_text(encoding="utf-8"), rel
                assert 'class="rec-draft"' in text, rel
    # the changed default changes the 打围 pages that show it, and leaves other games' pages as released (how many
    # pages still read as the last edition depends on the draft's other changes since it: the two pages below are the check)
    assert differ > 0 and same > 0, (same, differ)
    changed = (site / "en" / "dawei" / "origin" / "index.html").read_text(encoding="utf-8")
    assert "archivedAt" not in changed
    # a page of another game that still reads as released keeps citing its edition
    assert any("/dawei/" not in "/" + r for r in kept_pages), kept_pages


# ----------------------------------------------------------------- the PDFs


def _outline(reader: object, items: list, depth: int = 0) -> list[tuple[int, str, int]]:
    """(depth, title, page index) of every outline item, in order."""
    out: list[tuple[int, str, int]] = []
    for item in items:
        if isinstance(item, list):
            out += _outline(reader, item, depth + 1)
        else:
            out.append((depth, str(item.title).strip(), reader.get_destination_page_number(item)))  # type: ignore[attr-defined]
    return out


def _internal_links(reader: object, page_index: int) -> list[int]:
    """The page each internal link on a page jumps to."""
    page = reader.pages[page_index]  # type: ignore[attr-defined]
    named = reader.named_destinations  # type: ignore[attr-defined]
    out = []
    for ref in page.get("/Annots") or []:
        a = ref.get_object()
        if a.get("/Subtype") != "/Link":
            continue
        dest = a.get("/Dest")
        if dest is None and a.get("/A") is not None and a["/A"].get("/S") == "/GoTo":
            dest = a["/A"].get("/D")
        if dest is None:
            continue
        if isinstance(dest, str) or hasattr(dest, "startswith"):
            dest = named[str(dest)]
            out.append(reader.get_destination_page_number(dest))  # type: ignore[attr-defined]
        else:
            out.append(reader.get_page_number(dest[0].get_object()) if hasattr(reader, "get_page_number") else -1)  # type: ignore[attr-defined]
    return out


def test_the_pdfs_have_an_outline_of_every_game_and_section_and_contents_that_jump_inside(deployment: Path) -> None:
    from pypdf import PdfReader

    released = [e.version for e in ed.EDITIONS if e.date]
    games = ("打围 · Dawei", "鄂南骨牌 · Gupai", "下灌叶子戏 · Yezi", "跑胡子 · Paohuzi")
    for v in released:
        for lang in ("zh", "en"):
            pdf = deployment / "editions" / v / f"folk-games-archive-{v}-{lang}.pdf"
            reader = PdfReader(str(pdf))
            items = _outline(reader, reader.outline)
            top = [title for depth, title, _ in items if depth == 0]
            assert top == [*games, ("档案" if lang == "zh" else "The archive")], (v, lang, top)
            # every game and the archive hold their pages (depth 1), and pages their sections (depth 2)
            pages = [(title, page) for depth, title, page in items if depth == 1]
            assert len(pages) > 30 and sum(1 for depth, *_ in items if depth == 2) > len(pages), (v, lang)
            for i, (depth, title, _) in enumerate(items):
                if depth == 0 and title in games:
                    assert items[i + 1][0] == 1, (v, lang, title)
            # the outline's pages are in order, and the contents jump to them inside the PDF
            assert [p for _, p in pages] == sorted(p for _, p in pages)
            first_section = min(p for _, p in pages)
            jumps = sorted({p for i in range(1, first_section) for p in _internal_links(reader, i)})
            assert set(p for _, p in pages) <= set(jumps), (v, lang, sorted(set(p for _, p in pages) - set(jumps))[:5])
            assert all(1 <= p < len(reader.pages) for p in jumps)


# ----------------------------------------------------------------- the archival packages


def test_each_edition_has_an_archival_package_a_valid_bag_with_its_ro_crate(deployment: Path, served: str, tmp_path: Path) -> None:
    import zipfile

    import bagit
    from rocrate.rocrate import ROCrate

    from sitegen.bag import bag_name

    released = [e for e in ed.EDITIONS if e.date]
    for e in released:
        url = f"{ROOT_URL}editions/{e.version}/{bag_name(e.version)}"
        for lang in ("", "en/"):  # linked from the changelog, beside the PDFs
            changelog = (deployment / lang / "archive" / "changelog" / "index.html").read_text(encoding="utf-8")
            assert f'href="{url}"' in changelog, (e.version, lang)
        status, body = _fetch(served, url)
        assert status == 200, url
        out = tmp_path / e.version
        (tmp_path / "zip").write_bytes(body)
        zipfile.ZipFile(tmp_path / "zip").extractall(out)
        bag = bagit.Bag(str(out / f"folk-games-archive-{e.version}"))
        bag.validate()  # every checksum of both manifests, and nothing missing or extra
        assert {"sha256", "sha512"} <= set(bag.algorithms)
        assert bag.info["Version"] == e.version
        data = Path(bag.path) / "data"
        for rel in ("site/index.html", "site/en/dawei/fox/index.html", f"pdf/folk-games-archive-{e.version}-zh.pdf",
                    f"pdf/folk-games-archive-{e.version}-en.pdf", "records/archive.bib", "records/CITATION.cff",
                    "trace/dawei-trace.py", "trace/paohuzi-trace.py"):
            assert (data / rel).is_file(), (e.version, rel)
        # a changed file no longer validates
        (data / "records" / "archive.bib").write_text("changed", encoding="utf-8")
        with pytest.raises(bagit.BagValidationError):
            bagit.Bag(str(out / f"folk-games-archive-{e.version}")).validate()
        # the RO-Crate read back: the work, its version, date, authors, languages, sources and software
        crate = ROCrate(str(data))
        root = crate.root_dataset
        assert "Folk Games Heritage Archive" in crate.name and root["version"] == e.version
        assert root["datePublished"] == e.date and set(root["inLanguage"]) == {"zh-CN", "en"}
        assert "editors" in root["author"]["name"]
        sources = root["isBasedOn"]
        assert len(sources) == 4 and {s["name"] for s in sources} >= {"本地骨牌打法", "跑胡子游戏方法和比赛规则"}
        software = crate.get_by_type("SoftwareApplication")
        assert any(s["name"] == "folk-games-engine" and s["version"] == e.version for s in software)
        assert crate.get(f"pdf/folk-games-archive-{e.version}-en.pdf") is not None
