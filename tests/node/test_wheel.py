"""The engine as a standard wheel: pip installs it anywhere, Pyodide's lock file lists it
with its sha256, the site offers it for download, and the browser refuses altered bytes."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import venv
import zipfile
from pathlib import Path

from engine.api import handle
from sitegen.assets import plan

from conftest import ROOT

REQUEST = {"game": "dawei", "action": "classify", "dice": [4, 4, 1, 2, 3, 6]}


def test_wheel_installs_with_pip_into_a_fresh_venv_and_answers(tmp_path):
    wheel = plan().wheel
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    py = env_dir / "bin" / "python"
    pip = subprocess.run([str(py), "-m", "pip", "install", "--no-index", "--no-deps", "--quiet", str(wheel)],
                         capture_output=True, text=True, timeout=300)
    assert pip.returncode == 0, pip.stderr
    code = ("import json, engine, engine.api; "
            f"print(engine.__file__); print(json.dumps(engine.api.handle({REQUEST!r}), ensure_ascii=False, sort_keys=True))")
    # run from an empty folder, so that the checkout cannot be what is imported
    run = subprocess.run([str(py), "-I", "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    where, answer = run.stdout.splitlines()
    assert Path(where).is_relative_to(env_dir), where
    assert json.loads(answer) == json.loads(json.dumps(handle(REQUEST), ensure_ascii=False, sort_keys=True))


def test_wheel_holds_the_whole_engine_and_says_it_needs_3_11():
    wheel = plan().wheel
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = z.read(meta).decode()
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "engine").rglob("*.py") if "__pycache__" not in p.parts}
    assert sources <= names, sorted(sources - names)
    assert not [n for n in names if n.endswith(".pyc")]
    assert "Requires-Python: >=3.11" in metadata
    assert re.fullmatch(r"folk_games_engine-[0-9.]+-py3-none-any\.whl", wheel.name)


def test_lock_file_lists_the_wheel_with_its_sha256():
    p = plan()
    lock = json.loads(p.lock)
    entry = lock["packages"]["folk-games-engine"]
    assert entry["file_name"] == p.wheel_rel
    assert entry["sha256"] == hashlib.sha256(p.wheel.read_bytes()).hexdigest()
    assert entry["imports"] == ["engine"] and entry["depends"] == []
    # the rest of Pyodide's own lock file is untouched
    base = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"] == base["info"]
    assert {k: v for k, v in lock["packages"].items() if k != "folk-games-engine"} == base["packages"]


def test_built_site_serves_the_wheel_the_worker_loads(built_site: Path):
    p = plan()
    served = built_site / "assets" / p.wheel_rel
    assert served.read_bytes() == p.wheel.read_bytes()
    workers = list((built_site / "assets" / "widgets").glob("worker.*.js"))
    assert len(workers) == 1
    lock_name = re.search(r'"\.\./pyodide/(pyodide-lock\.[0-9a-f]{10}\.json)"', workers[0].read_text()).group(1)
    lock = json.loads((built_site / "assets" / "pyodide" / lock_name).read_text())
    assert lock["packages"]["folk-games-engine"]["sha256"] == hashlib.sha256(served.read_bytes()).hexdigest()
    # the worker carries the wheel's address and digest, and fetches it with that digest as its
    # integrity: altered bytes are refused by the browser before Python sees them
    text = workers[0].read_text()
    ref = json.loads(re.search(r"/\*hw:engine\*/(\{[^}]*\})", text).group(1))
    assert ref == {"wheel": p.wheel_rel, "sha256": hashlib.sha256(served.read_bytes()).hexdigest()}
    assert "integrity:" in text and "unpackArchive" in text


def test_api_page_offers_the_wheel_for_pip(built_site: Path):
    p = plan()
    sha = hashlib.sha256(p.wheel.read_bytes()).hexdigest()
    for page, prefix in ((built_site / "archive" / "api" / "index.html", "../../"),
                         (built_site / "en" / "archive" / "api" / "index.html", "../../../")):
        text = page.read_text(encoding="utf-8")
        assert f'href="{prefix}assets/{p.wheel_rel}"' in text, page
        assert "pip install" in text and f"#sha256={sha}" in text, page


def test_browser_refuses_a_wheel_whose_bytes_changed(page, site_url):
    """The worker fetches the wheel with the sha256 it carries as its integrity: altered bytes never run."""
    def tamper(route):
        resp = route.fetch()
        body = bytearray(resp.body())
        body[len(body) // 2] ^= 0xFF
        route.fulfill(response=resp, body=bytes(body))

    page.route("**/*.whl", tamper)
    page.goto(site_url + "dawei/")
    page.wait_for_selector('[data-widget="dawei-dice"][data-state="error"]', timeout=120_000)
    assert page.locator('[data-widget="dawei-dice"] [data-role="roll"]').first.is_disabled()
