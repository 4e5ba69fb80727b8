"""Lighthouse scores of the archive: accessibility, best practices and SEO of the home page and
one page per game, in both languages (headless Debian Chromium on loopback). Prints; asserts
nothing. The target is 95 or more in each column.

Usage: python benchmarks/lighthouse.py [--site DIR] [--pages dawei/ en/dawei/ ...]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from conftest import CHROMIUM, build_site, site_server, start_serving  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("accessibility", "best-practices", "seo")
PAGES = ("", "dawei/", "gupai/", "yezi/", "paohuzi/")
TARGET = 95


def audit(url: str, out: Path) -> dict[str, object]:
    """One Lighthouse run: category scores (0–100) and the titles of failed audits."""
    env = dict(os.environ, CHROME_PATH=CHROMIUM)
    flags = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync"
    res = subprocess.run(
        [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
         f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={flags}",
         "--form-factor=desktop", "--screenEmulation.disabled", "--throttling-method=provided"],
        env=env, capture_output=True, text=True, timeout=600,
    )
    if res.returncode != 0 or not out.exists():
        return {"error": (res.stderr or res.stdout).strip()[-400:]}
    report = json.loads(out.read_text(encoding="utf-8"))
    scores = {c: round(100 * (report["categories"][c]["score"] or 0)) for c in CATEGORIES}
    failed = []
    for c in CATEGORIES:
        for ref in report["categories"][c]["auditRefs"]:
            a = report["audits"][ref["id"]]
            if ref.get("weight", 0) > 0 and a.get("score") is not None and a["score"] < 1:
                failed.append(f"{c}: {a['title']}")
    return {"scores": scores, "failed": failed}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", type=Path, help="an already built site (built for the address it is served on)")
    ap.add_argument("--pages", nargs="*", help="site paths (default: home and each game's page, in both languages)")
    args = ap.parse_args(argv)
    if not LIGHTHOUSE.exists():
        print("Lighthouse: node_modules/.bin/lighthouse is missing (npm ci installs it)")
        return 1
    tmp = Path(tempfile.mkdtemp(prefix="hw-lighthouse-"))
    site = args.site or tmp / "site"
    server, base = site_server(site)
    if args.site is None:
        res = build_site(site, base)
        if res.returncode != 0:
            print(res.log[-3000:])
            return 1
    start_serving(server)
    pages = args.pages if args.pages is not None else [p for lang in ("", "en/") for p in (lang + g for g in PAGES)]
    rows = []
    try:
        for i, path in enumerate(pages):
            rows.append((path or "/", audit(base + path, tmp / f"report-{i}.json")))
    finally:
        server.shutdown()
        shutil.rmtree(tmp, ignore_errors=True)

    print(f"Lighthouse {', '.join(CATEGORIES)} (target >= {TARGET} each), headless Chromium, desktop")
    print("| page | " + " | ".join(CATEGORIES) + " |")
    print("|---|" + "---|" * len(CATEGORIES))
    notes = []
    for path, r in rows:
        if "error" in r:
            print(f"| {path} | " + " | ".join("error" for _ in CATEGORIES) + " |")
            notes.append(f"{path}: {r['error']}")
            continue
        scores = r["scores"]
        assert isinstance(scores, dict)
        print(f"| {path} | " + " | ".join(str(scores[c]) for c in CATEGORIES) + " |")
        for f in r["failed"]:  # type: ignore[union-attr]
            notes.append(f"{path}: {f}")
    if notes:
        print("\nAudits not passed:")
        for n in sorted(set(notes)):
            print("  " + n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
