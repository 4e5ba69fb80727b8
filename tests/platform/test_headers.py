"""Header files for real hosts (sitegen/headers.py), and the nginx one tried with a real nginx.

A ``<meta>`` policy cannot forbid framing and does not reach workers: the build writes ``_headers``
(Netlify, Cloudflare Pages) and ``_nginx.conf``. Here nginx serves the built site with that file
included, on another port than the site's address — a mirror, as far as the browser can tell — and
a widget page must reach "ready" with its workers under the header policy, with no policy violation
logged (the theme's sitemap requests to the site's address included), and refuse to be framed.
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from sitegen import headers
from sitegen.hardening import inline_script_hashes

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
});
"""


def directives(policy: str) -> dict[str, list[str]]:
    return {p.split()[0]: p.split()[1:] for p in policy.split(";") if p.split()}


def header_policy(site: Path) -> str:
    m = re.search(r"^  Content-Security-Policy: (.+)$", (site / headers.HEADERS_FILE).read_text(encoding="utf-8"), re.M)
    assert m, "no policy in _headers"
    return m.group(1)


def test_header_files_carry_the_policy_of_every_page(built_site):
    policy = header_policy(built_site)
    d = directives(policy)
    assert d["frame-ancestors"] == ["'none'"] and d["worker-src"] == ["'self'"] and d["default-src"] == ["'self'"]
    assert "'wasm-unsafe-eval'" in d["script-src"] and "'unsafe-inline'" not in d["script-src"] and "'unsafe-eval'" not in d["script-src"]
    listed = set(d["script-src"])
    pages = [p for p in built_site.rglob("*.html")]
    assert len(pages) > 20
    for f in pages:
        missing = set(inline_script_hashes(f.read_text(encoding="utf-8"))) - listed
        assert not missing, f"{f}: inline scripts the header policy would block: {missing}"
    text = (built_site / headers.HEADERS_FILE).read_text(encoding="utf-8")
    assert "X-Content-Type-Options: nosniff" in text and "Content-Type: application/wasm" in text
    conf = (built_site / headers.NGINX_FILE).read_text(encoding="utf-8")
    assert conf.count(policy) >= 5  # at the top and in every location (add_header is not inherited into them)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def nginx_url(built_site, tmp_path_factory):
    if not Path(NGINX).exists():
        pytest.fail("nginx is not installed (make setup installs it)")
    tmp = tmp_path_factory.mktemp("nginx")
    port = free_port()
    user = "user root;\n" if hasattr(__import__("os"), "geteuid") and __import__("os").geteuid() == 0 else ""
    temps = "".join(f"  {k}_temp_path {tmp}/{k};\n" for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (tmp / "nginx.conf").write_text(
        f"{user}worker_processes 1;\ndaemon off;\npid {tmp}/nginx.pid;\nerror_log {tmp}/error.log;\n"
        "events { worker_connections 64; }\n"
        f"http {{\n  include /etc/nginx/mime.types;\n  default_type application/octet-stream;\n  access_log off;\n{temps}"
        f"  server {{\n    listen 127.0.0.1:{port};\n    root {built_site};\n    include {built_site / headers.NGINX_FILE};\n  }}\n}}\n",
        encoding="utf-8",
    )
    check = subprocess.run([NGINX, "-t", "-p", str(tmp), "-c", str(tmp / "nginx.conf")], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    proc = subprocess.Popen([NGINX, "-p", str(tmp), "-c", str(tmp / "nginx.conf")], stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}/"
    for _ in range(200):  # until it listens (it answers at once once it does)
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            if proc.poll() is not None:
                pytest.fail("nginx stopped: " + (proc.stderr.read() or b"").decode())
            time.sleep(0.05)
    try:
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(url) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()
    except urllib.error.HTTPError as e:
        return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read()


def test_nginx_sends_the_headers(nginx_url, built_site):
    policy = header_policy(built_site)
    wasm = next(built_site.rglob("*.wasm")).relative_to(built_site).as_posix()
    worker = min((built_site / "assets" / "widgets").glob("worker*.js"), key=lambda p: len(p.name)).relative_to(built_site).as_posix()
    for path in ("", "dawei/", wasm, worker, "sw.js", "assets/widgets/widgets.css", "no/such/page/"):
        status, h, body = fetch(nginx_url + path)
        assert h.get("content-security-policy") == policy, path
        assert h.get("x-content-type-options") == "nosniff", path
        if path == "no/such/page/":
            assert status == 404 and body == (built_site / "404.html").read_bytes()
        else:
            assert status == 200, path
    assert fetch(nginx_url + wasm)[1]["content-type"] == "application/wasm"
    assert fetch(nginx_url + worker)[1]["content-type"].startswith(("application/javascript", "text/javascript"))
    assert fetch(nginx_url + "sw.js")[1].get("cache-control") == "no-cache"


def test_a_mirror_under_the_header_policy_runs_widgets_without_violations(nginx_url, browser):
    """Served by nginx on another origin than its address: the widgets' workers run under the header
    policy, nothing is refused (no request to the site's address), and the page will not be framed."""
    context = browser.new_context(service_workers="block")  # the offline copy is another test's subject
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        console = []
        page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
        page.add_init_script(WATCH_CSP)
        page.goto(nginx_url + "dawei/")
        page.wait_for_selector('[data-widget][data-state="ready"], [data-widget][data-state="error"]', timeout=180_000)
        assert page.locator('[data-widget][data-state="error"]').count() == 0
        answer = page.evaluate('() => window.heritageWidgets.call({ game: "dawei", action: "classify", dice: [4, 4, 1, 2, 3, 6] })')
        assert answer["ok"] is True  # by now the theme has made its start-up requests, long before
        assert page.evaluate("window.__csp") == []
        page.goto(nginx_url + "gupai/")
        page.wait_for_selector('[data-widget][data-state="ready"]', timeout=180_000)
        framed = page.evaluate("""() => new Promise((resolve) => {
            const f = document.createElement("iframe");
            f.src = location.href;
            f.onload = () => { let doc = null; try { doc = f.contentDocument; } catch { doc = null; } resolve(Boolean(doc && doc.querySelector("[data-md-component]"))); };
            document.body.append(f);
        })""")
        assert framed is False, "the page was shown in a frame"
        violations = [v for v in page.evaluate("window.__csp") if "frame-ancestors" not in v]
        assert violations == [], violations
        assert not [c for c in console if "Content Security Policy" in c and "frame-ancestors" not in c], console
        assert errors == []
    finally:
        context.close()


def test_header_files_follow_a_sub_path_address():
    policy = "default-src 'self'; frame-ancestors 'none'"
    base = headers.base_path("https://archive.example.org/folk-games")
    assert base == "/folk-games/"
    text = headers.netlify_headers(base, policy)
    assert "/folk-games/*\n  Content-Security-Policy: " + policy in text and "/folk-games/*.wasm\n  Content-Type: application/wasm" in text
    conf = headers.nginx_conf(base, policy)
    assert "error_page 404 /folk-games/404.html;" in conf and "location = /folk-games/sw.js" in conf
    assert '"^/folk\\-games/.*\\.wasm$"' in conf
