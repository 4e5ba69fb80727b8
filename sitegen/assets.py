"""The site's shared assets, written after the build.

- The engine as a standard wheel (built from ``pyproject.toml`` with the
  ``build`` front end) and registered in the site's copy of Pyodide's
  ``pyodide-lock.json`` with ``pyodide lockfile add-wheels`` (pyodide-build).
  The worker loads it with ``loadPackage``, which checks its sha256.
  pyodide-build needs Python >= 3.12, so both tools run in a separate
  build-tools environment (``.venv-build``, made by ``make setup``); the
  engine itself stays 3.11-compatible.
- The views (``views/``: a widget's markup drawn from an engine answer) as a zip archive
  beside the wheel, ``assets/views/<hash>/views.zip``; the worker fetches it checked against
  the sha256 the build writes into it and unpacks it beside the engine, so the browser draws
  live answers with the same functions the build drew the first answers with. Apart from
  the wheel, so that the engine installed with pip carries no HTML.
- The widget scripts under names that carry their content hash
  (``runtime.<hash>.js`` …): an import names the hashed file, so a page of one
  deployment never runs scripts of another against a different engine.
- The site's stylesheets as one file (``assets/widgets/site.<hash>.css``): the theme's, the
  widgets' and the record's, in the order a page links them, so that a page waits for one
  stylesheet before its first paint instead of a dozen (on a phone's connection each costs a
  round trip). The print sheet stays apart, linked for print only (it never holds up a paint).
- Pyodide's own files (``pyodide.mjs``, its WebAssembly, its standard library…) in a folder named
  by their content, ``assets/pyodide/<hash>/``: the worker imports and loads them from there, so a
  deployment that changes Pyodide asks for other addresses, and no copy of the old files (an old
  service worker's, a browser's, a CDN's) can ever be handed to the new engine.
- ``sw.js`` at the site root: a service worker that precaches the whole site
  (Pyodide included) under a build hash, so that after one visit the site
  works offline and a new deployment replaces the old cache as a whole.
"""

from __future__ import annotations

import gzip
import hashlib
import html
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import material  # the theme's own files (assets/stylesheets/…), after the site's overrides
from mkdocs.exceptions import PluginError

from sitegen import csp
from sitegen import registry  # (the table of what the build makes)
from sitegen import theme_start  # the theme's script, patched (sitegen/theme_start.py)

ROOT = Path(__file__).resolve().parent.parent
WIDGETS = ROOT / "widgets"
BUILD_VENV = Path(os.environ.get("HW_BUILD_VENV", str(ROOT / ".venv-build")))
SOURCE_DATE_EPOCH = "315532800"  # 1980-01-01: the wheel is the same bytes for the same sources

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
)
# widget scripts that keep their name: the service worker (its URL is its identity)
# and the search worker wrapper (copied beside Material's search worker)
FIXED_NAMES = ("sw.js", "search-lang.js")
# written into the head of each page with widgets, never served as a file of its own (head_start)
INLINED = ("head-start.js",)
ASSET_NAMES = re.compile(r"/\*hw:asset-names\*/\{\}")
SW_BUILD = re.compile(r"/\*hw:build\*/\{[^\n]*\}")
LOCK_REF = '"../pyodide/pyodide-lock.json"'
# in widgets/worker.js: where Pyodide's files are (the folder named by their content)
PYODIDE_IMPORT = '"../pyodide/pyodide.mjs"'
PYODIDE_REF = '/*hw:pyodide*/"pyodide/"'
# in widgets/worker.js: the engine's wheel and the build's Python snapshot, each with its sha256
ENGINE_REF = "/*hw:engine*/null"
SNAPSHOT_REF = "/*hw:snapshot*/null"
VIEWS_REF = "/*hw:views*/null"
BOOT_PY = re.compile(r"const BOOT_PY = `(.*?)`;", re.S)
# the snapshot: standard modules the engine uses, the engine's entry point, and every module of the engine and the
# views (the modules a first request imports on its way, 打围's referee for one, would cost a returning reader a
# quarter of a second in the browser: benchmarks/run.py prints the start's steps)
SNAPSHOT_PRELOAD = "import json, random, dataclasses, typing, functools, itertools, fractions, math, html, re, types\n"
SNAPSHOT_GAMES = """
import pkgutil as _pkgutil
for _game in engine.api.GAMES:
    engine.api.game_module(_game)
for _pkg in (engine, views):
    for _m in _pkgutil.walk_packages(_pkg.__path__, _pkg.__name__ + "."):
        if _m.name.rsplit(".", 1)[-1] != "__main__":
            importlib.import_module(_m.name)
del _game, _pkg, _m, _pkgutil
"""


def pyodide_dir() -> Path:
    d = ROOT / "node_modules" / "pyodide"
    if not (d / "pyodide.mjs").exists():
        raise PluginError("node_modules/pyodide is missing: run `npm ci` (make does it)")
    return d


def pyodide_files(src: Path | None = None) -> list[Path]:
    """Pyodide's files the site serves, from the pinned npm package (or ``src``)."""
    d = src or pyodide_dir()
    return [d / n for n in PYODIDE_FILES if (d / n).exists()]


def pyodide_folder(src: Path | None = None) -> str:
    """The folder (under assets/pyodide/) of Pyodide's files: named by their names and contents."""
    return _digest(*(f.name.encode() + b"\0" + f.read_bytes() for f in pyodide_files(src)))[:10]


def _tool(name: str) -> Path:
    exe = BUILD_VENV / "bin" / name
    if not exe.exists():
        raise PluginError(
            f"{exe} is missing: the engine's Pyodide package is built with pyodide-build in a "
            "Python >= 3.12 environment; run `make setup` (it finds such a Python on the PATH or through pyenv)"
        )
    return exe


def _digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(hashlib.sha256(p).digest())
    return h.hexdigest()


def _engine_sources() -> list[Path]:
    files = [ROOT / "pyproject.toml", ROOT / "VERSION"]  # the version is written once, in VERSION
    files += sorted(p for p in (ROOT / "engine").rglob("*") if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")
    return files


def source_digest() -> str:
    files = _engine_sources()
    return _digest(*(str(f.relative_to(ROOT)).encode() + b"\0" + f.read_bytes() for f in files))


def _views_sources() -> list[Path]:
    return sorted(p for p in (ROOT / "views").rglob("*.py") if "__pycache__" not in p.parts)


def views_archive() -> bytes:
    """The views package as a zip archive to unpack into Pyodide's site-packages: the same bytes for the
    same sources (fixed dates, sorted names)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for f in _views_sources():
            info = zipfile.ZipInfo(f.relative_to(ROOT).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, f.read_bytes())
    return buf.getvalue()


def engine_wheel() -> Path:
    """The engine as a wheel (``folk_games_engine-<version>-py3-none-any.whl``), built with
    ``python -m build`` from a clean copy of pyproject.toml and engine/; cached by source hash."""
    cache = BUILD_VENV / "cache" / "wheel" / source_digest()[:24]
    found = sorted(cache.glob("*.whl")) if cache.is_dir() else []
    if found:
        return found[0]
    python = _tool("python")
    with tempfile.TemporaryDirectory(prefix="hw-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for f in _engine_sources():
            dst = src / f.relative_to(ROOT)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(f, dst)
        shutil.copy2(ROOT / "VERSION", src / "engine" / "VERSION")  # engine.__version__ inside the wheel
        out = Path(tmp) / "out"
        env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PYTHONDONTWRITEBYTECODE="1")
        proc = subprocess.run(
            [str(python), "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(src)],
            cwd=src, capture_output=True, text=True, env=env, timeout=300,
        )
        wheels = sorted(out.glob("*.whl"))
        if proc.returncode != 0 or len(wheels) != 1:
            raise PluginError("building the engine's wheel failed:\n" + (proc.stdout + proc.stderr)[-3000:])
        staging = Path(tempfile.mkdtemp(prefix="tmp-", dir=_mkdir(cache.parent)))
        shutil.move(str(wheels[0]), staging / wheels[0].name)
        try:
            staging.rename(cache)
        except OSError:  # built at the same time by another build: theirs is the same bytes
            shutil.rmtree(staging, ignore_errors=True)
    return sorted(cache.glob("*.whl"))[0]


def _mkdir(p: Path) -> Path:
    p.mkdir(parents=True, exist_ok=True)
    return p


def lockfile_with_wheel(wheel: Path, wheel_rel: str) -> bytes:
    """Pyodide's lock file with the engine's wheel added by ``pyodide lockfile add-wheels``;
    ``wheel_rel`` is where the wheel lies relative to the lock file's package base (assets/)."""
    base_lock = (pyodide_dir() / "pyodide-lock.json").read_bytes()
    key = _digest(base_lock, wheel.read_bytes(), wheel_rel.encode())[:24]
    cached = BUILD_VENV / "cache" / "lock" / f"{key}.json"
    if cached.exists():
        return cached.read_bytes()
    pyodide = _tool("pyodide")
    with tempfile.TemporaryDirectory(prefix="hw-lock-") as tmp:
        base = Path(tmp) / "assets"
        placed = base / wheel_rel
        placed.parent.mkdir(parents=True)
        shutil.copy2(wheel, placed)
        out = Path(tmp) / "pyodide-lock.json"
        proc = subprocess.run(
            [str(pyodide), "lockfile", "add-wheels", "--input", str(pyodide_dir() / "pyodide-lock.json"),
             "--output", str(out), "--base-path", str(base), str(placed)],
            cwd=tmp, capture_output=True, text=True, timeout=300,
        )
        if proc.returncode != 0 or not out.exists():
            raise PluginError("pyodide lockfile add-wheels failed:\n" + (proc.stdout + proc.stderr)[-3000:])
        data = out.read_bytes()
    entry = json.loads(data)["packages"].get("folk-games-engine")
    if not entry or entry["file_name"] != wheel_rel or entry["sha256"] != hashlib.sha256(wheel.read_bytes()).hexdigest():
        raise PluginError(f"the engine's entry in the lock file is not what was built: {entry}")
    _mkdir(cached.parent)
    tmpf = cached.with_suffix(f".{os.getpid()}.tmp")
    tmpf.write_bytes(data)
    tmpf.replace(cached)
    return data


def _short(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:10]


# The snapshot as it travels: its runs of non-zero bytes, gzip-packed. A third of a started Python's memory is zeros;
# a returning reader's start unpacks the snapshot beside Pyodide's own start: without the zeros the unpacking writes
# a third less, and the worker lays the runs out into a zeroed buffer (widgets/worker.js layOut). Read from Cache
# Storage, checked and made ready in a bare worker, nothing beside it: 170-180 ms against 210-230 ms for the whole
# snapshot packed (Debian's Chromium, 2026-12-07, the two forms in turns). The form (little-endian): the snapshot's length and the number of runs (two uint32),
# each run's place and length (two uint32 each), then the runs' bytes; a run of zero bytes at least ``RUN_GAP``
# long is left out, a shorter one stays inside a run.
RUN_GAP = 64
_ZEROS = re.compile(rb"\x00{%d,}" % RUN_GAP)
SNAPSHOT_FORM = b"runs of non-zero bytes, gzip"  # part of the cache key: a change of form makes a new snapshot


def snapshot_runs(raw: bytes) -> bytes:
    """``raw`` (a Python snapshot) as its runs of non-zero bytes (see ``RUN_GAP``)."""
    runs, pos = [], 0
    for m in _ZEROS.finditer(raw):
        if m.start() > pos:
            runs.append((pos, m.start() - pos))
        pos = m.end()
    if pos < len(raw):
        runs.append((pos, len(raw) - pos))
    head = struct.pack("<II", len(raw), len(runs)) + b"".join(struct.pack("<II", at, n) for at, n in runs)
    return head + b"".join(raw[at:at + n] for at, n in runs)


def snapshot_from_runs(form: bytes) -> bytes:
    """The snapshot ``snapshot_runs`` wrote, laid out again (what the engine's worker does in the browser)."""
    size, count = struct.unpack_from("<II", form, 0)
    out = bytearray(size)
    p = 8 + 8 * count
    for i in range(count):
        at, n = struct.unpack_from("<II", form, 8 + 8 * i)
        out[at:at + n] = form[p:p + n]
        p += n
    return bytes(out)


def python_snapshot(wheel: Path, views: bytes = b"") -> bytes | None:
    """A memory snapshot of a started Python with the engine and the views imported, made in Node with
    the site's own Pyodide (sitegen/python_snapshot.mjs), as its runs of non-zero bytes, gzip-packed; cached
    by everything it is made from. None when Node is missing: the site then always starts Python fresh."""
    node = shutil.which("node")
    if node is None:
        return None
    m = BOOT_PY.search((WIDGETS / "worker.js").read_text(encoding="utf-8"))
    if m is None:
        raise PluginError("widgets/worker.js has lost its BOOT_PY")
    code = SNAPSHOT_PRELOAD + m.group(1) + SNAPSHOT_GAMES
    maker = ROOT / "sitegen" / "python_snapshot.mjs"
    src = pyodide_dir()
    key = _digest(
        *((src / n).read_bytes() for n in PYODIDE_FILES if (src / n).exists()),
        wheel.read_bytes(), views, code.encode(), maker.read_bytes(), SNAPSHOT_FORM,
    )[:24]
    cached = BUILD_VENV / "cache" / "snapshot" / f"{key}.bin"
    if cached.exists():
        return cached.read_bytes()
    with tempfile.TemporaryDirectory(prefix="hw-snapshot-") as tmp:
        out = Path(tmp) / "snapshot.bin"
        vzip = Path(tmp) / "views.zip"
        vzip.write_bytes(views)
        proc = subprocess.run(
            [node, str(maker), str(src), str(out), str(wheel), code, str(vzip)],
            cwd=tmp, capture_output=True, text=True, timeout=600,
        )
        if proc.returncode != 0 or not out.exists():
            raise PluginError("making the Python snapshot failed:\n" + (proc.stdout + proc.stderr)[-3000:])
        data = gzip.compress(snapshot_runs(out.read_bytes()), compresslevel=9, mtime=0)
    _mkdir(cached.parent)
    tmpf = cached.with_suffix(f".{os.getpid()}.tmp")
    tmpf.write_bytes(data)
    tmpf.replace(cached)
    return data


@dataclass(frozen=True)
class Plan:
    wheel: Path
    wheel_rel: str  # relative to assets/
    lock: bytes
    lock_name: str  # in assets/pyodide/
    scripts: dict[str, tuple[str, bytes]]  # widgets/<name>.js -> (hashed name, rewritten text)
    snapshot: bytes | None = None
    snapshot_name: str = ""  # in assets/pyodide/
    views: bytes = b""  # the views package, zipped
    views_rel: str = ""  # relative to assets/
    pyodide_folder: str = ""  # Pyodide's files, in assets/pyodide/<this>/

    @property
    def names(self) -> dict[str, str]:
        return {src: hashed for src, (hashed, _) in self.scripts.items()}


def widget_scripts(lock_name: str, fills: dict[str, str] | None = None) -> dict[str, tuple[str, bytes]]:
    """Each widgets/*.js under ``<stem>.<hash>.<ext>``, its imports of sibling scripts
    rewritten to their hashed names first (so a change reaches every importer's hash)."""
    texts = {f.name: f.read_text(encoding="utf-8") for f in sorted(WIDGETS.glob("*.js")) if f.name not in FIXED_NAMES + INLINED}
    done: dict[str, tuple[str, bytes]] = {}
    refs = {n: {m for m in texts if m != n and f'"./{m}"' in t} for n, t in texts.items()}
    for n, t in texts.items():
        if ASSET_NAMES.search(t):  # the runtime names every other script
            refs[n] = set(texts) - {n}
    while len(done) < len(texts):
        ready = [n for n in texts if n not in done and refs[n] <= done.keys()]
        if not ready:
            raise PluginError(f"widget scripts import each other in a circle: {sorted(set(texts) - done.keys())}")
        for n in ready:
            t = texts[n].replace(LOCK_REF, f'"../pyodide/{lock_name}"')
            for placeholder, value in (fills or {}).items():
                t = t.replace(placeholder, value)
            for m in refs[n]:
                t = t.replace(f'"./{m}"', f'"./{done[m][0]}"')
            names = {m: done[m][0] for m in sorted(refs[n])}
            t = ASSET_NAMES.sub(lambda _: "/*hw:asset-names*/" + json.dumps(names, sort_keys=True), t)  # noqa: B023  called within this iteration of the loop only
            data = t.encode("utf-8")
            stem, ext = n.rsplit(".", 1)
            done[n] = (f"{stem}.{_short(data)}.{ext}", data)
    return done


_plan: tuple[str, Plan] | None = None


def plan() -> Plan:
    """What the build writes (computed once per state of the sources)."""
    global _plan
    key = _digest(
        source_digest().encode(),
        *(f.name.encode() + f.read_bytes() for f in sorted(WIDGETS.glob("*.js"))),
        *(f.relative_to(ROOT).as_posix().encode() + f.read_bytes() for f in _views_sources()),
    )
    if _plan and _plan[0] == key:
        return _plan[1]
    wheel = engine_wheel()
    wheel_rel = f"engine/{_short(wheel.read_bytes())}/{wheel.name}"
    lock = lockfile_with_wheel(wheel, wheel_rel)
    lock_name = f"pyodide-lock.{_short(lock)}.json"
    views = views_archive()
    views_rel = f"views/{_short(views)}/views.zip"
    snapshot = python_snapshot(wheel, views)
    snapshot_name = f"snapshot.{_short(snapshot)}.bin" if snapshot else ""
    engine_ref = {"wheel": wheel_rel, "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest()}
    snapshot_ref = {"file": snapshot_name, "sha256": hashlib.sha256(snapshot).hexdigest()} if snapshot else None
    folder = pyodide_folder()
    fills = {
        PYODIDE_IMPORT: f'"../pyodide/{folder}/pyodide.mjs"',
        PYODIDE_REF: f'/*hw:pyodide*/"pyodide/{folder}/"',
        ENGINE_REF: "/*hw:engine*/" + json.dumps(engine_ref, sort_keys=True),
        SNAPSHOT_REF: "/*hw:snapshot*/" + json.dumps(snapshot_ref, sort_keys=True),
        VIEWS_REF: "/*hw:views*/" + json.dumps({"file": views_rel, "sha256": hashlib.sha256(views).hexdigest()}, sort_keys=True),
    }
    p = Plan(wheel, wheel_rel, lock, lock_name, widget_scripts(lock_name, fills), snapshot, snapshot_name, views, views_rel, folder)
    _plan = (key, p)
    return p


SCRIPT_REF = re.compile(r"""(["'])([^"'<>\s]*?assets/widgets/)([\w-]+\.js)\1""")

# ---------------------------------------------------------------- one stylesheet

#: a stylesheet of the site's own a page links (the theme's, the widgets', the record's)
STYLESHEET = re.compile(r'<link rel="stylesheet" href="(?P<prefix>[^"<>\s]*?)(?P<path>assets/(?:stylesheets|widgets|record|theme)/[\w.-]+\.css)">\s*')
#: linked for print only, apart from the one stylesheet (never render-blocking)
PRINT_SHEET = "assets/widgets/print.css"
SOURCE_MAP = re.compile(r"/\*# sourceMappingURL=[^*]*\*/\s*")
CHARSET = re.compile(r'^\s*@charset "[^"]*";')
#: the one stylesheets made during this build: name in assets/widgets/ -> content
_sheets: dict[str, bytes] = {}


def theme_dirs() -> list[Path]:
    """Where the theme's files are looked for: the site's overrides first, then Material's templates."""
    return [ROOT / "overrides", Path(material.__file__).resolve().parent / "templates"]


def stylesheet_text(path: str) -> str:
    """The text of the stylesheet a page links as ``path`` (``assets/…``): a file of widgets/,
    overrides/ or the theme, or one the build writes (``assets/theme/…``, listed in
    sitegen/registry.py FILES)."""
    if path.startswith("assets/theme/"):
        made = dict(registry.files()).get(path)
        if made is None:
            raise PluginError(f"the stylesheet {path} a page links is not made by the build (sitegen/registry.py FILES)")
        return str(made())
    return stylesheet_source(path).read_text(encoding="utf-8")


def stylesheet_source(path: str) -> Path:
    """Where the build takes the stylesheet a page links as ``path`` (``assets/…``) from."""
    if path.startswith("assets/widgets/"):
        return WIDGETS / path.removeprefix("assets/widgets/")
    for d in theme_dirs():
        if (d / path).is_file():
            return d / path
    raise PluginError(f"the stylesheet {path} a page links is in neither widgets/, overrides/ nor the theme")


def one_stylesheet(paths: tuple[str, ...]) -> str:
    """The name (in assets/widgets/) of the stylesheet made of ``paths``, in this order."""
    parts = ['@charset "UTF-8";\n']  # allowed only at the very start of a file: once, for every part
    for path in paths:
        text = CHARSET.sub("", stylesheet_text(path))
        parts.append(f"/* {path} */\n" + SOURCE_MAP.sub("", text).strip() + "\n")
    data = "".join(parts).encode("utf-8")
    name = f"site.{_short(data)}.css"
    _sheets[name] = data
    return name


def made_stylesheet(name: str) -> bytes:
    """The content of a stylesheet :func:`one_stylesheet` made during this build, by its name in assets/widgets/."""
    return _sheets[name]


def join_stylesheets(html_text: str) -> str:
    """The page's own stylesheets as one link where the first of them was (the print sheet
    linked apart, for print only). Stylesheets of other hosts or with attributes are left alone."""
    found = list(STYLESHEET.finditer(html_text))
    joined = tuple(m["path"] for m in found if m["path"] != PRINT_SHEET)
    if len(joined) < 2:
        return html_text
    prefix = found[0]["prefix"]
    name = one_stylesheet(joined)
    link = f'<link rel="stylesheet" href="{prefix}assets/widgets/{name}">'
    if any(m["path"] == PRINT_SHEET for m in found):
        link += f'<link rel="stylesheet" href="{prefix}{PRINT_SHEET}" media="print">'
    out, pos = [], 0
    for i, m in enumerate(found):
        out.append(html_text[pos:m.start()])
        if i == 0:
            out.append(link)
        pos = m.end()
    out.append(html_text[pos:])
    return "".join(out)


def head_start() -> str:
    """widgets/head-start.js as an inline script's body: without its lines of comment (every page with widgets
    carries it), its reference to the engine's worker turned to the hashed name by ``hash_script_refs``."""
    text = (WIDGETS / "head-start.js").read_text(encoding="utf-8")
    return "\n".join(line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("//"))


def hash_script_refs(html_text: str) -> str:
    """Point the page's references to widget scripts at their hashed names, to the theme's
    script at its patched copy (sitegen/theme_start.py), and its own stylesheets at the one
    stylesheet they make."""
    names = plan().names

    def repl(m: re.Match[str]) -> str:
        q, prefix, name = m.groups()
        return f"{q}{prefix}{names.get(name, name)}{q}"

    return join_stylesheets(theme_start.refer(SCRIPT_REF.sub(repl, html_text)))


def write_assets(site_dir: Path) -> None:
    p = plan()
    assets = site_dir / "assets"
    wdst = assets / "widgets"
    if wdst.exists():
        shutil.rmtree(wdst)
    wdst.mkdir(parents=True)
    for f in WIDGETS.iterdir():
        if f.name == "search-lang.js":
            # beside Material's search worker, whose relative paths it shares
            sdst = _mkdir(assets / "javascripts" / "workers")
            shutil.copy2(f, sdst / f.name)
        elif f.suffix == ".css":
            shutil.copy2(f, wdst / f.name)
    for name, data in _sheets.items():
        (wdst / name).write_bytes(data)
    for hashed, data in p.scripts.values():
        (wdst / hashed).write_bytes(data)
    # Pyodide, from the pinned npm package, with the engine in its lock file
    pdst = assets / "pyodide"
    if pdst.exists():
        shutil.rmtree(pdst)
    pdst.mkdir(parents=True)
    # in a folder named by their content (see the module's docstring)
    _mkdir(pdst / p.pyodide_folder)
    for f in pyodide_files():
        shutil.copy2(f, pdst / p.pyodide_folder / f.name)
    (pdst / "pyodide-lock.json").write_bytes(p.lock)
    (pdst / p.lock_name).write_bytes(p.lock)
    if p.snapshot:
        (pdst / p.snapshot_name).write_bytes(p.snapshot)
    edst = assets / "engine"
    if edst.exists():
        shutil.rmtree(edst)
    (assets / p.wheel_rel).parent.mkdir(parents=True)
    shutil.copy2(p.wheel, assets / p.wheel_rel)
    vdst = assets / "views"
    if vdst.exists():
        shutil.rmtree(vdst)
    (assets / p.views_rel).parent.mkdir(parents=True)
    (assets / p.views_rel).write_bytes(p.views)
    version = p.wheel.name.split("-")[1]
    (edst / "manifest.json").write_text(
        json.dumps({"wheel": p.wheel_rel.removeprefix("engine/"), "version": version,
                    "sha256": hashlib.sha256(p.wheel.read_bytes()).hexdigest()}),
        encoding="utf-8",
    )


def fix_pages(site_dir: Path) -> None:
    """Pages MkDocs renders outside ``on_post_page`` (404.html): hashed script names too."""
    for f in site_dir.glob("404.html"):
        text = f.read_text(encoding="utf-8")
        new = hash_script_refs(text)
        if new != text:
            f.write_text(new, encoding="utf-8")


# ---------------------------------------------------------------- service worker

SKIP_SUFFIXES = (".map", ".gz")
# written by plugins after this hook (the search index of both languages): made from the
# pages, so it is listed under the build's hash instead of its own (sw.js has a rule for it)
SEARCH_INDEX = "search/search_index.json"
LATE_FILES = (SEARCH_INDEX,)
LATE_REV = "build:"


def precache_list(root: Path) -> list[list[str]]:
    """[url relative to the site root, sha256 of its content] of every file a reader may need offline."""
    out = []
    for f in sorted(root.rglob("*")):
        if not f.is_file() or f.name == "sw.js" or f.suffix in SKIP_SUFFIXES:
            continue
        rel = f.relative_to(root).as_posix()
        if rel.startswith("bench/"):
            continue
        if f.name == "index.html":
            rel = rel[: -len("index.html")] or "./"
        if rel not in LATE_FILES:
            out.append([rel, hashlib.sha256(f.read_bytes()).hexdigest()])
    version = _short(json.dumps(out).encode())
    out += [[rel, LATE_REV + version] for rel in LATE_FILES if (root / rel).is_file()]
    return out


def search_files(root: Path) -> list[str]:
    """The files the search box of every page loads inside its worker, relative to the site root:
    the site's wrapper (widgets/search-lang.js), the theme's search worker, and the lunr scripts
    that worker imports for the index's languages. A page's own list of what it fetched cannot
    name them (a worker's imports are not among the page's resources), so the service worker
    keeps them with the "not here" pages; without them, search fails to start offline.
    The languages' scripts follow the pinned theme's rule (setupSearchLanguages in its search
    worker: a segmenter for ja, hi and th, one script per language other than en, the "multi"
    script for more than one language, the stemmer support first); tests/browser/test_offline.py
    searches offline in both languages, so the theme's worker itself checks the list as it runs.
    Empty before the index is written (seal_late_files fills them in then)."""
    index = root / SEARCH_INDEX
    if not index.is_file():
        return []
    langs = json.loads(index.read_text(encoding="utf-8")).get("config", {}).get("lang", [])
    lunr = "assets/javascripts/lunr/"
    scripts: list[str] = []
    for lang in langs:
        if lang == "ja":
            scripts.append(lunr + "tinyseg.js")
        elif lang in ("hi", "th"):
            scripts.append(lunr + "wordcut.js")
        if lang != "en":
            scripts.append(f"{lunr}min/lunr.{lang}.min.js")
    if len(langs) > 1:
        scripts.append(lunr + "min/lunr.multi.min.js")
    if scripts:
        scripts.insert(0, lunr + "min/lunr.stemmer.support.min.js")
    workers = sorted(f.relative_to(root).as_posix() for f in (root / "assets/javascripts/workers").glob("search*.js"))
    return [rel for rel in workers + scripts if (root / rel).is_file()]


def site_bytes(root: Path, files: list[list[str]]) -> int:
    """How many bytes the listed files take (the size of keeping the whole archive)."""
    total = 0
    for rel, _ in files:
        path = root / rel / "index.html" if rel.endswith("/") or rel == "./" else root / rel
        if path.is_file():
            total += path.stat().st_size
    return total


def _serving() -> bool:
    """``mkdocs serve``: pages change under the reader's eyes, so nothing is kept offline."""
    return len(sys.argv) > 1 and sys.argv[1] == "serve" and Path(sys.argv[0]).name in ("mkdocs", "__main__.py")


def write_service_worker(root: Path, keep_offline: bool | None = None) -> str:
    """Write ``sw.js`` at the site root with the list of files and a build hash; returns the hash.
    Under ``mkdocs serve`` the list is empty: that worker drops any offline copy and unregisters."""
    if keep_offline is None:
        keep_offline = not _serving()
    files = precache_list(root) if keep_offline else []
    version = _short(json.dumps(files).encode())
    # what the service worker puts on a response it answers from its copy: the policy of the pages
    # (documents) and that of the scripts (the engine's worker compiles WebAssembly), as the headers
    # files give them (sitegen/headers.py)
    policy = {"page": csp.site_policy(root, wasm=False), "script": csp.site_policy(root, wasm=True)}
    search = search_files(root) if keep_offline else []
    build = json.dumps({"version": version, "files": files, "bytes": site_bytes(root, files), "policy": policy,
                        "search": search, "searchIndex": SEARCH_INDEX if keep_offline else ""}, separators=(",", ":"))
    text = (WIDGETS / "sw.js").read_text(encoding="utf-8")
    if not SW_BUILD.search(text):
        raise PluginError("widgets/sw.js has lost its /*hw:build*/{…} placeholder")
    (root / "sw.js").write_text(SW_BUILD.sub(lambda _: "/*hw:build*/" + build, text, count=1), encoding="utf-8")
    return version


def seal_late_files(root: Path) -> None:
    """Once the files written after the list (the search index) are final: put their sha256 in the
    service worker's list in place of the build's hash, so that the service worker checks them as
    it checks every other file. The version (the name of the offline copy) does not change."""
    sw = root / "sw.js"
    if not sw.is_file():
        return
    text = sw.read_text(encoding="utf-8")
    m = SW_BUILD.search(text)
    if m is None:
        return
    build = json.loads(m.group(0).removeprefix("/*hw:build*/"))
    changed = False
    for entry in build["files"]:
        # (again at each call: mkdocs-static-i18n writes the index once more after the last language's pass)
        if entry[0] in LATE_FILES and (root / entry[0]).is_file():
            sha = hashlib.sha256((root / entry[0]).read_bytes()).hexdigest()
            changed = changed or entry[1] != sha
            entry[1] = sha
    if build["files"]:
        search = search_files(root)
        changed = changed or build.get("search") != search
        build["search"] = search
    if changed:
        out = "/*hw:build*/" + json.dumps(build, separators=(",", ":"))
        sw.write_text(text[: m.start()] + out + text[m.end():], encoding="utf-8")


# ---------------------------------------------------------------- the wheel on the API page


def wheel_download(lang: str, params: dict) -> str:
    """The engine's wheel as a download with the ``pip install`` line (API page).
    ``params["depth"]``: how many folders the Chinese page lies below the site root."""
    p = plan()
    depth = int(params.get("depth", 2)) + (1 if lang == "en" else 0)
    href = "../" * depth + "assets/" + p.wheel_rel
    sha = hashlib.sha256(p.wheel.read_bytes()).hexdigest()
    site = os.environ.get("SITE_URL", "http://127.0.0.1:8000/").rstrip("/") + "/"
    size = f"{p.wheel.stat().st_size / 1024:.0f} KB"
    cmd = f"pip install '{site}assets/{p.wheel_rel}#sha256={sha}'"
    if lang == "en":
        intro = f'Download: <a href="{href}" download><code>{p.wheel.name}</code></a> ({size}; pure Python, Python 3.11 or later, no dependencies). Install it straight from this site; pip checks the file against its SHA-256:'
    else:
        intro = f'下载：<a href="{href}" download><code>{p.wheel.name}</code></a>（{size}；纯 Python，需 Python 3.11 或更高版本，没有依赖）。也可以直接从本站安装，pip 会用 SHA-256 校验文件：'
    return (
        f'<p class="hw-wheel">{intro}</p>'
        f'<div class="highlight"><pre><code>{html.escape(cmd)}</code></pre></div>'
    )


TABLES = {"assets-wheel": wheel_download}
