"""One command builds everything a deployment cites (``make deploy``): the current pages, every
released edition at ``editions/<version>/`` with its two PDFs and its archival package (a BagIt bag
with RO-Crate metadata, sitegen/bag.py), the editions' sitemap (named in
robots.txt) and each changed page's list of its other editions.

    SITE_URL=https://games.example.net/ python -m sitegen.deploy SITE_DIR

A released edition never changes, so it is built once (from its tag, or its recorded commit) and
kept in a cache keyed by its commit and the address it is published at (``.cache/editions/``, or
``HW_EDITIONS_CACHE``); its PDFs are kept beside it, keyed by the printing code. A second deploy
builds only the current pages and copies the editions. An edition's copy is marked older than
the current one when it is (``sitegen.editions.mark_older``), never its cached build.

When the current pages are a draft (changes not yet released), the build is given the latest
release's pages, so that a page whose words read there as here cites that edition, and every
other page cites no edition (``sitegen.editions.as_published``).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from sitegen import editions
from sitegen import bag
from sitegen.assets import write_service_worker

ROOT = editions.ROOT


def cache_root() -> Path:
    return Path(os.environ.get("HW_EDITIONS_CACHE") or ROOT / ".cache" / "editions")


def _commit(tag: str) -> str:
    c = editions.commit_of(tag)
    if not c:
        raise RuntimeError(f"release {tag}: no such tag or recorded commit in this clone")
    return c


def _pdf_key() -> str:
    """What the PDFs are made by: the printing module (a change prints them again)."""
    return hashlib.sha256((ROOT / "sitegen" / "edition_pdf.py").read_bytes()).hexdigest()[:16]


def cached_edition(tag: str, root_url: str, pdf: bool = True, log: list[str] | None = None) -> Path:
    """The folder holding release ``tag`` built at ``<root_url>editions/<version>/`` (``site/``)
    and its PDFs (``pdf/``), built now only if the cache does not have them."""
    v = tag[1:]
    key = f"{v}-{_commit(tag)[:12]}-{hashlib.sha256(root_url.encode()).hexdigest()[:8]}"
    d = cache_root() / key
    # one process at a time builds (or reads) an edition: a second one waits for it, then takes it
    # from the cache (two deployments, or the tests of two processes, may want the same edition)
    d.parent.mkdir(parents=True, exist_ok=True)
    with open(d.parent / f"{key}.lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _cached_edition(tag, v, d, root_url, pdf, log)


def _cached_edition(tag: str, v: str, d: Path, root_url: str, pdf: bool, log: list[str] | None) -> Path:
    pages = d / "site"
    t0 = time.monotonic()
    if not (d / "built").is_file():
        if d.exists():
            shutil.rmtree(d)
        d.mkdir(parents=True)
        editions.build_edition(tag, pages, root_url, mark=False)
        (d / "built").write_text(_commit(tag) + "\n", encoding="utf-8")
        if log is not None:
            log.append(f"edition {v}: built in {time.monotonic() - t0:.0f} s")
    elif log is not None:
        log.append(f"edition {v}: from the cache ({d})")
    key = _pdf_key()
    if pdf and (not (d / "pdf.key").is_file() or (d / "pdf.key").read_text(encoding="utf-8").strip() != key):
        t1 = time.monotonic()
        out = d / "pdf"
        if out.exists():
            shutil.rmtree(out)
        # printed in a process of its own (Playwright's sync API may already be running in this one)
        subprocess.run([sys.executable, "-m", "sitegen.edition_pdf", str(pages), v, str(out)], cwd=ROOT, check=True,
                       capture_output=True, text=True, timeout=3600)
        (d / "pdf.key").write_text(key + "\n", encoding="utf-8")
        if log is not None:
            log.append(f"edition {v}: PDFs printed in {time.monotonic() - t1:.0f} s")
    if pdf:
        _package(v, d, root_url, log)
    return d


def _package(v: str, d: Path, root_url: str, log: list[str] | None) -> None:
    """The edition's archival package (sitegen/bag.py), made once per edition and package code."""
    key = bag.code_key()
    if (d / "bag.key").is_file() and (d / "bag.key").read_text(encoding="utf-8").strip() == key:
        return
    t0 = time.monotonic()
    e = editions.ed.edition(v)
    bag.make_package(v, e.date if e else "", _commit("v" + v), d / "site", d / "pdf", d / bag.bag_name(v), root_url)
    (d / "bag.key").write_text(key + "\n", encoding="utf-8")
    if log is not None:
        log.append(f"edition {v}: archival package made in {time.monotonic() - t0:.0f} s")


def _mkdocs() -> str:
    return str(Path(sys.executable).with_name("mkdocs"))


def build_current(site: Path, root_url: str, dirs: dict[str, Path]) -> None:
    env = dict(os.environ, SITE_URL=root_url, NO_MKDOCS_2_WARNING="1")
    env.pop(editions.EDITION_OF, None)
    env[editions.EDITION_DIRS] = json.dumps({v: str(p) for v, p in dirs.items()})
    latest = editions.latest_release()
    if latest and latest in dirs:
        env[editions.RELEASED_DIR] = str(dirs[latest])
    proc = subprocess.run([_mkdocs(), "build", "--strict", "-q", "-d", str(site)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=3600)
    if proc.returncode != 0:
        raise RuntimeError(f"building the current pages failed:\n{(proc.stdout + proc.stderr)[-3000:]}")


def _pages(site: Path) -> list[Path]:
    return [f for f in sorted(site.rglob("index.html"))
            if not f.relative_to(site).as_posix().startswith(("assets/", "search/", "editions/"))]


def place_edition(site: Path, v: str, cached: Path, root_url: str, dirs: dict[str, Path]) -> Path:
    """Copy the cached edition into ``site/editions/<v>/`` with its PDFs: marked older when it
    is, each changed page listing its other editions."""
    out = site / "editions" / v
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(cached / "site", out)
    if (cached / "pdf").is_dir():
        for f in (cached / "pdf").glob("*.pdf"):
            shutil.copy2(f, out / f.name)
    for f in cached.glob("*-bag.zip"):
        shutil.copy2(f, out / f.name)
    current = editions.version()
    if editions.ed.parse(v) < editions.ed.parse(current):
        editions.mark_older(out, v, current, root_url)
    for f in _pages(out):
        rel = f.relative_to(out).as_posix().removesuffix("index.html")
        lang = "en" if rel.startswith("en/") else "zh"
        text = f.read_text(encoding="utf-8")
        # editions built before 0.3.0 linked the editions' PDFs under their own address
        # (…/editions/0.2.0/editions/0.2.0/…pdf): the links are mended where the files are
        new = text.replace(f"{root_url}editions/{v}/editions/", f"{root_url}editions/")
        new = editions.add_other_editions(new, rel, lang, v, root_url, dirs, current=site)
        if new != text:
            f.write_text(new, encoding="utf-8")
    write_service_worker(out)  # its offline list names its pages as they now are
    return out


def write_sitemaps(site: Path, root_url: str, versions: list[str]) -> None:
    """``editions/sitemap.xml``, an index of every edition's own sitemap, named in robots.txt."""
    entries = "".join(f"<sitemap><loc>{root_url}editions/{v}/sitemap.xml</loc></sitemap>"
                      for v in versions if (site / "editions" / v / "sitemap.xml").is_file())
    (site / "editions").mkdir(exist_ok=True)
    (site / "editions" / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"{entries}</sitemapindex>\n", encoding="utf-8")
    robots = site / "robots.txt"
    line = f"Sitemap: {root_url}editions/sitemap.xml"
    text = robots.read_text(encoding="utf-8") if robots.is_file() else ""
    if line not in text:
        robots.write_text(text.rstrip("\n") + "\n" + line + "\n", encoding="utf-8")


def deploy(site: Path, root_url: str, pdf: bool = True) -> list[str]:
    """Build the whole deployment into ``site``; returns what it did, with timings."""
    log: list[str] = []
    t0 = time.monotonic()
    tags = [t for t in editions.tags() if (e := editions.ed.edition(t[1:])) is None or e.date]
    cached = {t[1:]: cached_edition(t, root_url, pdf=pdf, log=log) for t in tags}
    dirs = {v: d / "site" for v, d in cached.items()}
    t1 = time.monotonic()
    build_current(site, root_url, dirs)
    log.append(f"current pages: built in {time.monotonic() - t1:.0f} s")
    for v, d in cached.items():
        place_edition(site, v, d, root_url, dirs)
    write_sitemaps(site, root_url, list(cached))
    log.append(f"deployment written to {site} in {time.monotonic() - t0:.0f} s")
    return log


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    root_url = os.environ.get("SITE_URL", "http://127.0.0.1:8000/")
    root_url = root_url if root_url.endswith("/") else root_url + "/"
    for line in deploy(Path(argv[0]).resolve(), root_url, pdf="--no-pdf" not in argv):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
