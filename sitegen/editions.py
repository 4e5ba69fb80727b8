"""Editions at build time: the release check, the changelog's list of editions, the edition
each editorial note's reading last changed in, citation addresses that name their edition, and
the older editions built from their git tags (``make editions``).

Command line (run from the repository root)::

    python -m sitegen.editions check            # what a RELEASE=1 build would refuse, if anything
    python -m sitegen.editions release          # record this edition's rule options (engine/editions_options.json)
    python -m sitegen.editions build SITE_DIR   # every tagged edition into SITE_DIR/editions/<version>/
"""

from __future__ import annotations

import html
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from sitegen.edition_pdf import write_pdfs

ROOT = Path(__file__).resolve().parent.parent


class _Editions:
    """``engine.editions``, imported when first used (once sitegen/hooks.py has put the repository
    root first on sys.path, ahead of the ``sitegen/`` folder MkDocs puts there while loading hooks)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(importlib.import_module("engine.editions"), name)


ed: Any = _Editions()

#: set (to the current site's root address) while an edition is built as editions/<version>/
EDITION_OF = "HW_EDITION_OF"


def _t(lang: str, zh: str, en: str) -> str:
    return en if lang == "en" else zh


def version() -> str:
    return (ROOT / "VERSION").read_text(encoding="utf-8").strip()


def anchor_of(v: str) -> str:
    return "v" + v.replace(".", "-")


def edition_root(base: str) -> str:
    """The address of this build's edition: ``base`` itself when the build is an edition's
    (``HW_EDITION_OF`` set), else ``<base>editions/<version>/``; in a draft (changes not yet
    released, see ``draft_after``) the site's own address, since no edition holds its text."""
    if os.environ.get(EDITION_OF):
        return base
    if draft_after() is not None:
        return base
    return f"{base}editions/{version()}/"


def cite_url(base: str, rel: str) -> str:
    """The address a citation gives for the page at ``rel`` (site-relative): its edition's."""
    return edition_root(base) + rel


# ----------------------------------------------------------------- drafts: text not yet released

#: set by the deployment (sitegen/deploy.py) to the built pages of the latest release, so that a
#: draft's pages unchanged since it can cite it
RELEASED_DIR = "HW_RELEASED_DIR"
#: the folders and files whose changes change the published text
RECORD_PATHS = ("docs", "engine", "sitegen", "views", "widgets", "overrides", "mkdocs.yml")

_draft: dict[str, str | None] = {}


def reset_draft() -> None:
    """Forget what ``draft_after`` found (a new build starts)."""
    _draft.clear()


def latest_release(before_or_at: str | None = None) -> str | None:
    """The newest released (dated) edition no newer than ``before_or_at`` (default: VERSION)."""
    limit = ed.parse(before_or_at or version())
    dated = [e.version for e in ed.EDITIONS if e.date and ed.parse(e.version) <= limit]
    return max(dated, key=ed.parse) if dated else None


def _changed_since(rev: str) -> bool | None:
    """Whether the record's files differ from release ``rev`` (committed, uncommitted or new);
    None when git cannot tell (no repository, no such revision)."""
    if _git("rev-parse", "-q", "--verify", rev + "^{commit}").returncode != 0:
        return None
    diff = _git("diff", "--name-only", rev, "--", *RECORD_PATHS)
    new = _git("ls-files", "--others", "--exclude-standard", "--", *RECORD_PATHS)
    if diff.returncode != 0 or new.returncode != 0:
        return None
    changed = [n for n in diff.stdout.split() if not (n == _EDITIONS_FILE and _only_commits_recorded(rev))]
    return bool(changed or new.stdout.strip())


_EDITIONS_FILE = "engine/editions.py"
_COMMIT = re.compile(r'"[0-9a-f]{40}"')


def _only_commits_recorded(rev: str) -> bool:
    """Whether ``engine/editions.py`` differs from release ``rev`` only by the commits recorded
    beside the editions: a release's own commit can only be written down after it, and writing
    it changes no word of the record."""
    then = _git("show", f"{rev}:{_EDITIONS_FILE}")
    if then.returncode != 0:
        return False
    now = (ROOT / _EDITIONS_FILE).read_text(encoding="utf-8")

    def bare(text: str) -> str:
        return _COMMIT.sub('""', text).replace(', "")', ")")

    return bare(then.stdout) == bare(now)


def draft_after() -> str | None:
    """None when this build's text is a released edition's (an edition's own build, or a tree
    whose VERSION is released and unchanged since its tag); else the latest release the draft
    follows ("0.3.0"), or "" when nothing has been released yet."""
    if "v" in _draft:
        return _draft["v"]
    result: str | None
    if os.environ.get(EDITION_OF):
        result = None
    else:
        v = version()
        e = ed.edition(v)
        if e is None or not e.date:  # the edition in preparation: the text is not released yet
            result = latest_release() or ""
        else:
            try:
                changed = _changed_since(ref(f"v{v}"))
            except (OSError, subprocess.SubprocessError):
                changed = None
            # no repository, or a release not tagged yet: VERSION and its date are all we know
            result = v if changed else None
    _draft["v"] = result
    return result


def draft_words(lang: str) -> str:
    """The version a draft's pages name: "draft after 0.3.0" (empty when not a draft)."""
    after = draft_after()
    if after is None:
        return ""
    if not after:
        return _t(lang, f"{version()} 版草稿", f"draft of {version()}")
    return _t(lang, f"{after} 版之后的草稿", f"draft after {after}")


_ARTICLE = re.compile(r'<article class="md-content__inner[^"]*"[^>]*>(.*?)</article>', re.S)


def page_text(html_text: str) -> str:
    """The words of a page's article (or of a page's content as the build renders it), without
    its citation block, edition banner or the draft's note: what readers read of that page."""
    m = _ARTICLE.search(html_text)
    body = m.group(1) if m else html_text
    body = re.sub(r"<(script|style|template|noscript)\b.*?</\1>", " ", body, flags=re.S)
    body = re.sub(r'<section class="rec-cite".*?</section>', " ", body, flags=re.S)
    body = re.sub(r'<nav class="rec-other-editions".*?</nav>', " ", body, flags=re.S)
    body = re.sub(r'<div class="admonition warning rec-older-edition".*?</div>', " ", body, flags=re.S)
    body = re.sub(r"<[^>]+>", "", body)
    # spacing is the markup's (the English pages' Chinese marked afterwards, line breaks), not the
    # text's; an address the page prints of the site itself (the API page's pip line) names the
    # edition it is kept in, which is where it is, not what it says; and the engine's wheel it
    # offers is named by its content's digest, which the release's own commit, recorded in the
    # engine after the release (engine/editions.py), changes without changing a word
    text = re.sub(r"editions/\d+\.\d+\.\d+/", "", re.sub(r"\s+", "", html.unescape(body)))
    return re.sub(r"assets/engine/[0-9a-f]+/(\S+?\.whl)#sha256=[0-9a-f]{64}", r"assets/engine/\1", text)


def released_text(rel: str) -> str | None:
    """The words of the page at site path ``rel`` in the latest release's built pages
    (``HW_RELEASED_DIR``), None where they are not at hand or the release has no such page."""
    d = os.environ.get(RELEASED_DIR)
    if not d:
        return None
    f = Path(d) / rel / "index.html"
    if not f.is_file():
        return None
    return page_text(f.read_text(encoding="utf-8"))


#: stand for a draft page's citation address and version until the page is written whole and
#: can be compared with the release (``resolve_published``)
URL_TOKEN, VERSION_TOKEN, NOTE_TOKEN = "@@hw-cite-url@@", "@@hw-cite-version@@", "@@hw-draft-note@@"


def as_published(base: str, rel: str) -> tuple[str, str, bool]:
    """(the address a citation of page ``rel`` gives, the version it names, whether the page is a
    draft's): in a release its edition's address; in a draft the latest release's address only if
    the page reads there word for word as here (decided once the page is written: the tokens),
    else none (""): a draft is never cited at an edition whose text differs."""
    after = draft_after()
    if after is None:
        return cite_url(base, rel), version(), False
    d = os.environ.get(RELEASED_DIR)
    if after and d and (Path(d) / rel / "index.html").is_file():
        return URL_TOKEN, VERSION_TOKEN, True
    return "", "", True


def resolve_published(output: str, base: str, rel: str, url: str, lang: str) -> tuple[str, str, str]:
    """A draft's page written whole: (the page with its tokens replaced, the address it cites or
    "", the version it names). The latest release is cited where the page's words are its words."""
    after = draft_after() or ""
    same = bool(after) and released_text(rel) == page_text(output)
    cited, v = (f"{base}editions/{after}/{rel}", after) if same else ("", draft_words(lang))
    if not same:
        output = output.replace(f'"archivedAt": "{URL_TOKEN}", ', "")
    output = output.replace(NOTE_TOKEN, draft_note(lang, v if same else ""))
    return output.replace(URL_TOKEN, cited or url).replace(VERSION_TOKEN, v), cited, v


#: set by the deployment: JSON {version: folder of that edition's built pages}
EDITION_DIRS = "HW_EDITION_DIRS"


def edition_dirs() -> dict[str, Path]:
    raw = os.environ.get(EDITION_DIRS, "")
    return {v: Path(d) for v, d in json.loads(raw).items()} if raw else {}


def other_editions(rel: str, lang: str, text: str, here: str, root_url: str, dirs: dict[str, Path],
                   current: Path | None = None) -> str:
    """The list "this page in other editions" for the page at site path ``rel`` of edition
    ``here`` ("" for the current pages) whose words are ``text``: every other edition holding the
    page (and the current pages, from an edition), each saying whether its text differs; empty
    when no other edition holds the page or every one reads the same."""
    rows: list[tuple[str, str, bool]] = []
    if here and current is not None and (current / rel / "index.html").is_file():
        rows.append((_t(lang, "当前版本", "the current edition"), root_url + rel,
                     page_text((current / rel / "index.html").read_text(encoding="utf-8")) != text))
    for v in sorted(dirs, key=ed.parse, reverse=True):
        f = dirs[v] / rel / "index.html"
        if v != here and f.is_file():
            e = ed.edition(v)
            when = f" ({e.date})" if e and e.date else ""
            rows.append((_t(lang, f"{v} 版{when}", f"edition {v}{when}"), f"{root_url}editions/{v}/{rel}",
                         page_text(f.read_text(encoding="utf-8")) != text))
    if not any(differs for _, _, differs in rows):
        return ""
    same, differs = _t(lang, "文字相同", "same text"), _t(lang, "文字不同", "text differs")
    items = "".join(f'<li><a href="{html.escape(url)}">{html.escape(label)}</a> · {differs if d else same}</li>'
                    for label, url, d in rows)
    return (f'<nav class="rec-other-editions" aria-label="{html.escape(_t(lang, "本页的其他版本", "This page in other editions"))}">'
            f'<h2>{html.escape(_t(lang, "本页的其他版本", "This page in other editions"))}</h2><ul>{items}</ul></nav>')


def add_other_editions(output: str, rel: str, lang: str, here: str, root_url: str, dirs: dict[str, Path],
                       current: Path | None = None) -> str:
    """``output`` with its list of other editions at the end of its article, before the citation
    block (which stays last), when it has one."""
    if not dirs or 'class="rec-other-editions"' in output:
        return output
    block = other_editions(rel, lang, page_text(output), here, root_url, dirs, current)
    if not block or "</article>" not in output:
        return output
    cite = output.rfind('<section class="rec-cite"')
    i = cite if cite != -1 else output.rindex("</article>")
    return output[:i] + block + output[i:]


def draft_note(lang: str, cited_release: str) -> str:
    """The sentence a draft's citation block adds: the page cites the release it still reads as,
    or it belongs to no release yet."""
    after = draft_after() or ""
    if cited_release:
        text = _t(lang, f"本站是 {after} 版之后尚未发布的草稿；本页文字与 {after} 版相同，所以引用给出该版的地址。",
                  f"This site is a draft after edition {after}, not yet released; this page reads as in edition {after}, so the citation gives that edition's address.")
    else:
        text = _t(lang, f"草稿：本页自 {after} 版以来有改动，还不属于任何已发布的版本；引用给出本页现在的地址，其文字仍可能改变。" if after else "草稿：本页还不属于任何已发布的版本；引用给出本页现在的地址，其文字仍可能改变。",
                  f"Draft: this page has changed since edition {after} and belongs to no released edition yet; the citation gives its present address, whose text may still change." if after else "Draft: this page belongs to no released edition yet; the citation gives its present address, whose text may still change.")
    return f'<p class="rec-draft" data-draft-after="{html.escape(after)}">{html.escape(text)}</p>'


# ----------------------------------------------------------------- the release check


def _git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=60)


def _cff_version() -> str:
    m = re.search(r'^version:\s*"?([^"\n]+)"?\s*$', (ROOT / "CITATION.cff").read_text(encoding="utf-8"), re.M)
    return m.group(1).strip() if m else ""


def release_problems() -> list[str]:
    """Why this tree cannot be published as the edition VERSION names (empty when it can)."""
    v = version()
    problems = ed.release_problems(v, ed.options_now(), ed.released())
    if _cff_version() != v:
        problems.append(f"CITATION.cff says version {_cff_version()}, VERSION says {v}")
    try:
        tagged = _git("rev-parse", "-q", "--verify", ref(f"v{v}") + "^{commit}")
        if tagged.returncode == 0 and not os.environ.get(EDITION_OF):
            diff = _git("diff", "--name-only", ref(f"v{v}"), "--", "docs", "engine", "sitegen", "widgets", "overrides", "mkdocs.yml")
            changed = [n for n in diff.stdout.split() if not (n == _EDITIONS_FILE and _only_commits_recorded(ref(f"v{v}")))]
            if diff.returncode == 0 and changed:
                n = len(changed)
                problems.append(
                    f"edition {v} was released (tag v{v}) and {n} file(s) of the record have changed since: "
                    "step the version in VERSION (a patch for wording, a minor step for changed readings or new pages)")
    except (OSError, subprocess.SubprocessError):
        pass
    return problems


def is_release() -> bool:
    """Whether this build is a release (``RELEASE=1``): the edition VERSION names, published."""
    return os.environ.get("RELEASE", "").strip().lower() not in ("", "0", "no", "false")


def check_release() -> None:
    """Stop a release build (RELEASE=1) of a tree whose record moved without a version step."""
    if not is_release():
        return
    problems = release_problems()
    if problems:
        raise PluginError(
            "This tree cannot be published as an edition yet:\n- " + "\n- ".join(problems)
            + "\nSee DEVELOPING.md, \"Editions\".")


# ----------------------------------------------------------------- older editions


def tags() -> list[str]:
    """Released editions as tag names (v<major>.<minor>.<patch>), oldest first: the git tags,
    and every edition listed with its commit in ``engine.editions`` (a fresh clone may have no
    tags; ``ref`` then finds the commit)."""
    res = _git("tag", "-l", "v*")
    out = {f"v{e.version}" for e in ed.EDITIONS if e.commit}
    for t in res.stdout.split():
        try:
            ed.parse(t[1:])
            out.add(t)
        except ValueError:
            continue
    return sorted(out, key=lambda t: ed.parse(t[1:]))


def ref(tag: str) -> str:
    """What git checks out for release ``tag``: the tag where this clone has it, else the
    edition's recorded commit."""
    if _git("rev-parse", "-q", "--verify", f"refs/tags/{tag}").returncode == 0:
        return tag
    e = ed.edition(tag[1:])
    return e.commit if e and e.commit else tag


def commit_of(tag: str) -> str:
    """The commit release ``tag`` was made from ("" if this clone has neither tag nor commit)."""
    res = _git("rev-parse", "-q", "--verify", ref(tag) + "^{commit}")
    return res.stdout.strip() if res.returncode == 0 else ""


def _current_page(rel: str) -> bool:
    """Whether the page at site path ``rel`` ('en/dawei/fox/', '') exists in the current docs."""
    lang = "en" if rel.startswith("en/") or rel == "en" else "zh"
    path = rel.removeprefix("en").strip("/") if lang == "en" else rel.strip("/")
    docs = ROOT / "docs"
    if not path:
        return (docs / f"index.{lang}.md").is_file()
    return (docs / f"{path}.{lang}.md").is_file() or (docs / path / f"index.{lang}.md").is_file()


def older_banner(v: str, lang: str, current: str, current_url: str, changelog_url: str) -> str:
    e = ed.edition(v)
    when = f" ({e.date})" if e and e.date else ""
    return (
        f'<div class="admonition warning rec-older-edition" role="note" data-edition="{html.escape(v)}">'
        f'<p class="admonition-title">{html.escape(_t(lang, "旧版", "An older edition"))}</p>'
        f"<p>{html.escape(_t(lang, f'这是档案的 {v} 版{when}，不是最新版本。当前版本是 {current}。', f'This is edition {v}{when} of the archive, not the current one. The current edition is {current}.'))} "
        f'<a class="rec-current-page" href="{html.escape(current_url)}">{html.escape(_t(lang, "在当前版本中阅读本页", "Read this page in the current edition"))}</a> · '
        f'<a href="{html.escape(changelog_url)}">{html.escape(_t(lang, "各版改动", "What changed between editions"))}</a></p></div>'
    )


def mark_older(site: Path, v: str, current: str, root_url: str) -> int:
    """Mark every page of the edition built at ``site`` as older than ``current``, each with a
    link to the same page at ``root_url`` (the current site), or to its home if the page is gone.
    Returns how many pages were marked."""
    n = 0
    for f in sorted(site.rglob("*.html")):
        rel_file = f.relative_to(site).as_posix()
        if rel_file.startswith(("assets/", "search/")):
            continue
        text = f.read_text(encoding="utf-8")
        if "rec-older-edition" in text:
            continue
        rel = rel_file.removesuffix("index.html")
        lang = "en" if rel_file.startswith("en/") else "zh"
        home = "en/" if lang == "en" else ""
        target = root_url + (rel if rel_file != "404.html" and _current_page(rel) else home)
        banner = older_banner(v, lang, current, target, f"{root_url}{home}archive/changelog/#{anchor_of(current)}")
        new, k = re.subn(r'(<article class="md-content__inner[^"]*"[^>]*>)', lambda m: m.group(1) + banner, text, count=1)  # noqa: B023  called within this iteration of the loop only
        if not k:
            new, k = re.subn(r"(<body[^>]*>)", lambda m: m.group(1) + banner, text, count=1)  # noqa: B023  called within this iteration of the loop only
        if k:
            f.write_text(new, encoding="utf-8")
            n += 1
    return n


def build_edition(tag: str, out: Path, root_url: str, mkdocs: str | None = None, mark: bool = True) -> Path:
    """Build the edition of release tag ``tag`` from a scratch work tree into ``out``, addressed
    at ``<root_url>editions/<version>/``; pages of an edition older than VERSION are marked
    (unless ``mark`` is false: the deployment keeps its builds unmarked, sitegen/deploy.py)."""
    v = tag[1:]
    mkdocs = mkdocs or str(Path(sys.executable).with_name("mkdocs"))
    tmp = Path(tempfile.mkdtemp(prefix=f"hw-edition-{v}-"))
    tree = tmp / "main"
    try:
        res = _git("worktree", "add", "--detach", str(tree), ref(tag))
        if res.returncode != 0:
            raise RuntimeError(f"git worktree add {tag} failed: {res.stderr}")
        (tmp / "shared").symlink_to((ROOT / ".." / "shared").resolve())
        for name in ("node_modules", ".venv-build"):
            if (ROOT / name).exists() and not (tree / name).exists():
                (tree / name).symlink_to(ROOT / name)
        if out.exists():
            shutil.rmtree(out)
        env = dict(os.environ, SITE_URL=f"{root_url}editions/{v}/", NO_MKDOCS_2_WARNING="1")
        env.pop("PYTHONPATH", None)
        env[EDITION_OF] = root_url
        env.pop("RELEASE", None)
        proc = subprocess.run([mkdocs, "build", "-q", "-d", str(out)], cwd=tree, env=env, capture_output=True, text=True, timeout=3600)
        if proc.returncode != 0:
            raise RuntimeError(f"building edition {v} failed:\n{(proc.stdout + proc.stderr)[-3000:]}")
    finally:
        _git("worktree", "remove", "--force", str(tree))
        shutil.rmtree(tmp, ignore_errors=True)
    current = version()
    if mark and ed.parse(v) < ed.parse(current):
        mark_older(out, v, current, root_url)
    return out


def build_all(site: Path, root_url: str, pdf: bool = True) -> list[Path]:
    """Every tagged edition into ``site/editions/<version>/`` (with its PDFs)."""
    built = []
    for tag in tags():
        out = build_edition(tag, site / "editions" / tag[1:], root_url)
        if pdf:
            write_pdfs(out, tag[1:])
        built.append(out)
    return built


def record_release() -> None:
    """Record the rule options of the edition VERSION names (after the check passes)."""
    problems = release_problems()
    if problems:
        raise SystemExit("not released:\n- " + "\n- ".join(problems))
    snaps = ed.released()
    snaps[version()] = dict(sorted(ed.options_now().items()))
    ed.SNAPSHOT_FILE.write_text(json.dumps(snaps, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"recorded the rule options of edition {version()}; commit, then: git tag v{version()}")


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "check"
    if cmd == "check":
        problems = release_problems()
        print("\n".join(problems) if problems else f"edition {version()} can be published")
        return 1 if problems else 0
    if cmd == "release":
        record_release()
        return 0
    if cmd == "build" and len(argv) >= 2:
        root_url = os.environ.get("SITE_URL", "http://127.0.0.1:8000/")
        root_url = root_url if root_url.endswith("/") else root_url + "/"
        for p in build_all(Path(argv[1]), root_url, pdf="--no-pdf" not in argv):
            print(p)
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
