"""Shared fixtures: the site built once per session, served on loopback, and a
Playwright page in Debian's Chromium that refuses every request to another host.

Fixtures
- ``built_site`` (session): Path of a fresh ``mkdocs build --strict``, built with
  SITE_URL set to the loopback address it is served on (Material's instant
  navigation only follows links listed in sitemap.xml, port included)
- ``site_url`` (session): base URL (ending in "/") of that site on http://127.0.0.1:<port>/
- ``browser`` (session): a Playwright Chromium browser
- ``site_crawl`` (session): every page visited once per viewport, with the findings of the
  accessibility, phone, plain-words, policy and print checks (tests/browser/crawl.py)
- ``page``: a new page; requests to any other host are aborted and fail the test;
  uncaught page errors fail the test too. Its context blocks the site's service worker
  unless the test is marked ``service_worker`` (the offline layer's tests, by their file)
"""

from __future__ import annotations

import functools
import http.server
import io
import json
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from collections.abc import Iterator
from urllib.parse import urlparse

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent

# One hypothesis profile for the whole suite (test files set only max_examples):
# no deadline (a busy machine is not a failing rule; timings live in benchmarks/),
# and the same examples on every run, so that a failure in CI is a failure on every
# machine. HYPOTHESIS_PROFILE=explore draws fresh examples each run.
settings.register_profile(
    "suite", deadline=None, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]


class BuildResult:
    def __init__(self, path: Path, returncode: int, log: str) -> None:
        self.path, self.returncode, self.log = path, returncode, log


def build_site(dest: Path, site_url: str = "http://127.0.0.1:8000/") -> BuildResult:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL=site_url)
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(dest)],
        cwd=ROOT, capture_output=True, text=True, env=env, timeout=900,
    )
    return BuildResult(dest, proc.returncode, proc.stdout + proc.stderr)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        # a browser that closes a page mid-download resets the connection: not an error of the site
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def site_server(directory: Path, start: bool = False, handler: type[_Handler] | None = None) -> tuple[_Server, str]:
    """A loopback server for ``directory`` on a free port, and its address. The port is taken
    first because a site is built for the address it is served at: build, then ``start_serving``
    (or pass ``start=True`` for a site already built)."""
    server = _Server(("127.0.0.1", 0), functools.partial(handler or _Handler, directory=str(directory)))
    if start:
        start_serving(server)
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def start_serving(server: _Server) -> None:
    threading.Thread(target=server.serve_forever, daemon=True).start()


def _die_with_parent() -> None:
    """In the build's process: stop when the test run is killed (a ``timeout``), not build on alone."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, 15)  # PR_SET_PDEATHSIG, SIGTERM
    except (OSError, AttributeError):
        pass


class _EarlyBuild:
    """The session's site build, started in the background as soon as the tests are collected
    (when any of them needs the site), so that it runs on the second core while the engine's
    tests run first (see the order in pytest_collection_modifyitems)."""

    def __init__(self, shared: bool = False) -> None:
        #: shared: the build of a run in several processes (pytest-xdist, `make test`), made and
        #: served by the controlling process; the workers read its results from files (_Shared)
        self.shared = shared
        self.tmp = Path(tempfile.mkdtemp(prefix="pytest-site-"))
        self.dest = self.tmp / "site"
        self.server, self.url = site_server(self.dest)
        self.log = open(self.tmp / "build.log", "w+", encoding="utf-8")  # noqa: SIM115  the build's log, open while it runs; closed in close()
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL=self.url)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(self.dest)],
            cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT, text=True, env=env,
            preexec_fn=_die_with_parent if sys.platform == "linux" else None,
        )
        self.serving = False
        #: when the build started, ended and the crawl ended (the run's summary prints them)
        self.times: dict[str, float] = {"started": time.monotonic()}
        self.crawl_thread: threading.Thread | None = None
        self.crawl: dict[str, object] | None = None
        self.crawl_error: BaseException | None = None
        #: the run is over (a short run may end before its build): the background thread stops quietly
        self.closed = False

    def crawl_when_built(self, viewports: tuple[str, ...]) -> None:
        """Crawl the site (tests/browser/crawl.py) as soon as it is built, in the background, each
        viewport in its own thread and browser: the crawl's pages load on the core the build has
        left free while the engine's tests run on the other."""

        def run() -> None:
            try:
                code = self.proc.wait(timeout=900)
                self.times["built"] = time.monotonic()
                if self.closed:
                    return
                if code == 0:
                    self.serving = True
                    start_serving(self.server)
                if self.shared:
                    _Shared.write(self.tmp / "build.json", {"returncode": code})
                if code != 0:
                    return  # the build's failure is reported by every test that uses the site
                from browser.crawl import crawl_site

                self.crawl = crawl_site(None, self.url, self.dest, viewports)
                self.times["crawled"] = time.monotonic()
                if self.shared:
                    (self.tmp / "crawl.pickle").write_bytes(pickle.dumps(self.crawl))
                    _Shared.write(self.tmp / "crawl.json", {"error": None})
            except BaseException as e:  # noqa: BLE001 - raised again by the site_crawl fixture
                self.crawl_error = e
                if self.shared and not self.closed:
                    import traceback

                    _Shared.write(self.tmp / "crawl.json", {"error": "".join(traceback.format_exception(e))[-4000:]})

        self.crawl_thread = threading.Thread(target=run, name="early-crawl", daemon=True)
        self.crawl_thread.start()

    def result(self) -> BuildResult:
        code = self.proc.wait(timeout=900)
        self.log.seek(0)
        return BuildResult(self.dest, code, self.log.read())

    def close(self) -> None:
        self.closed = True
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.log.close()
        self.server.server_close()
        shutil.rmtree(self.tmp, ignore_errors=True)


_EARLY: list[_EarlyBuild] = []


class _Shared:
    """A worker's view of the site that the controlling process of a run in several processes
    (pytest-xdist) builds, serves and crawls once for all of them: its folder and address come in
    the environment (HW_SHARED_SITE, HW_SHARED_URL); the build's and the crawl's outcomes in files
    that the controller writes when each is done."""

    folder = Path(os.environ["HW_SHARED_SITE"]) if os.environ.get("PYTEST_XDIST_WORKER") and os.environ.get("HW_SHARED_SITE") else None
    url = os.environ.get("HW_SHARED_URL", "")

    @staticmethod
    def write(path: Path, value: dict[str, object]) -> None:
        part = path.with_suffix(".part")
        part.write_text(json.dumps(value), encoding="utf-8")
        part.replace(path)  # whole, or not there yet

    @staticmethod
    def wait(path: Path, what: str, limit: float = 1800.0) -> dict[str, object]:
        """The outcome the controller writes in ``path`` once ``what`` is done (a bounded wait)."""
        deadline = time.monotonic() + limit
        while not path.exists():
            if time.monotonic() > deadline:
                pytest.fail(f"{what} was not done after {limit:.0f} s")
            time.sleep(0.5)
        return json.loads(path.read_text(encoding="utf-8"))


def _start_shared_build(config: pytest.Config) -> None:
    """In the controlling process of a run in several processes that includes tests of the built
    site: build, serve and crawl it once, in the background, while the workers start with the
    engine's tests (each worker would otherwise build and crawl its own)."""
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None) or config.option.collectonly:
        return
    mark = config.option.markexpr or ""
    if "not site" in mark and "not browser" in mark:
        return  # the quick tier (make test-fast): no test of it needs the site
    tests = ROOT / "tests"
    light = {tests / d for d in ("dawei", "gupai", "yezi", "paohuzi", "lessons")}
    args = [Path(str(a).split("::")[0]).resolve() for a in config.args] or [tests]
    if all(any(a == d or a.is_relative_to(d) for d in light) for a in args):
        return  # only the engine's folders: nothing needs the site
    from browser.crawl import VIEWPORTS

    early = _start_early_build(VIEWPORTS, shared=True)
    os.environ["HW_SHARED_SITE"] = str(early.tmp)
    os.environ["HW_SHARED_URL"] = early.url


@pytest.fixture(scope="session")
def _site_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[_Server | None, Path]]:
    if _Shared.folder is not None:  # served by the controlling process
        yield None, _Shared.folder / "site"
        return
    if _EARLY:
        yield _EARLY[0].server, _EARLY[0].dest
        return
    dest = tmp_path_factory.mktemp("site") / "site"
    server, _ = site_server(dest)
    try:
        yield server, dest
    finally:
        server.server_close()


@pytest.fixture(scope="session")
def site_build(_site_server: tuple[_Server, Path]) -> BuildResult:
    if _Shared.folder is not None:
        done = _Shared.wait(_Shared.folder / "build.json", "the site's build")
        log = (_Shared.folder / "build.log").read_text(encoding="utf-8", errors="replace")
        return BuildResult(_Shared.folder / "site", int(done["returncode"]), log)  # type: ignore[arg-type]
    if _EARLY:
        return _EARLY[0].result()
    server, dest = _site_server
    return build_site(dest, f"http://127.0.0.1:{server.server_address[1]}/")


@pytest.fixture(scope="session")
def built_site(site_build: BuildResult) -> Path:
    if site_build.returncode != 0:
        pytest.fail("mkdocs build --strict failed:\n" + site_build.log[-4000:])
    return site_build.path


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".svg": "image/svg+xml",
        ".csv": "text/csv; charset=utf-8",
    }

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass

    def send_head(self):  # type: ignore[no-untyped-def]
        """Like a static host (GitHub Pages, Netlify…): an unknown path is answered with
        the site's 404.html and status 404, whatever the path holds."""
        not_found = Path(self.directory) / "404.html"
        if os.path.exists(self.translate_path(self.path)) or not not_found.exists():
            return super().send_head()
        body = not_found.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


@pytest.fixture(scope="session")
def site_url(built_site: Path, _site_server: tuple[_Server, Path]) -> Iterator[str]:
    server, _ = _site_server
    if server is None:  # served by the controlling process (_Shared)
        _SERVED.append((_Shared.url, built_site))
        yield _Shared.url
        _SERVED.clear()
        return
    if not (_EARLY and _EARLY[0].serving):  # the early crawl may be serving it already
        threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    _SERVED.append((url, built_site))
    try:
        yield url
    finally:
        _SERVED.clear()
        server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.fail("Debian's chromium is not installed (make test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield _Browser(b)
        finally:
            b.close()


#: what a new browser context does with the site's service worker when the test does not say:
#: "block", except in the offline layer's tests (marker service_worker), set for each test below
_SERVICE_WORKERS = {"default": "block"}
#: the served site (base URL, folder) once the site_url fixture has started it: a context that
#: blocks the service worker then meets the site as a returning reader (as_returning_reader)
_SERVED: list[tuple[str, Path]] = []


class _Browser:
    """The Playwright browser, whose new contexts and pages block the site's service worker
    (it would precache the whole site, Pyodide included, in every fresh context) unless the
    running test is one of the offline layer's or passes ``service_workers`` itself. A context
    that blocks it (and runs scripts) meets the served site as a reader who has used a widget
    before (tests/browser/sitepages.py, as_returning_reader): Python starts from the build's
    snapshot, as soon as the page is parsed. A first visit's path is the offline tests' subject."""

    def __init__(self, browser: object) -> None:
        self._browser = browser

    def __getattr__(self, name: str) -> object:
        return getattr(self._browser, name)

    def new_context(self, **kwargs: object) -> object:
        kwargs.setdefault("service_workers", _SERVICE_WORKERS["default"])
        ctx = self._browser.new_context(**kwargs)  # type: ignore[attr-defined]
        if _SERVED and kwargs["service_workers"] == "block" and kwargs.get("java_script_enabled", True):
            from browser.sitepages import as_returning_reader

            as_returning_reader(ctx, *_SERVED[0])
        return ctx

    def new_page(self, **kwargs: object) -> object:
        page = self.new_context(**kwargs).new_page()  # type: ignore[attr-defined]
        page.on("close", lambda _: page.context.close())
        return page


@pytest.fixture(autouse=True)
def _service_worker_default(request: pytest.FixtureRequest) -> Iterator[None]:
    keep = request.node.get_closest_marker("service_worker") is not None
    _SERVICE_WORKERS["default"] = "allow" if keep else "block"
    try:
        yield
    finally:
        _SERVICE_WORKERS["default"] = "block"


@pytest.fixture(scope="session")
def site_crawl(browser: object, site_url: str, built_site: Path, request: pytest.FixtureRequest) -> dict[str, object]:
    """Every page of the site visited once per viewport ("desk": 1280 px light, "phone": 360 px
    dark), with what the reader-facing checks assert on (tests/browser/crawl.py); a run that
    leaves out the tests of one viewport does not crawl it. A run that builds the site early
    crawls it early too, in the background, as soon as the build is done (_EarlyBuild)."""
    from browser.crawl import crawl_site

    if _Shared.folder is not None:
        done = _Shared.wait(_Shared.folder / "crawl.json", "the crawl of the site")
        if done["error"]:
            raise AssertionError(f"the crawl of the site failed:\n{done['error']}")
        return pickle.loads((_Shared.folder / "crawl.pickle").read_bytes())  # noqa: S301 - our own file
    if _EARLY and _EARLY[0].crawl_thread is not None:
        early = _EARLY[0]
        early.crawl_thread.join()
        if early.crawl_error is not None:
            raise early.crawl_error
        if early.crawl is not None:
            return early.crawl
    return crawl_site(browser, site_url, built_site, crawl_viewports(request.session.items))


def _is_local(url: str) -> bool:
    u = urlparse(url)
    if u.scheme in ("data", "blob", "about"):
        return True
    return u.hostname in ("127.0.0.1", "localhost", "::1")


@pytest.fixture
def page(browser: object, site_url: str, request: pytest.FixtureRequest) -> Iterator[object]:
    # a service worker precaches the whole site (Pyodide included) in every fresh context: only
    # the offline layer's tests (marker service_worker) keep it, every other context blocks it
    keep = request.node.get_closest_marker("service_worker") is not None
    context = browser.new_context(service_workers="allow" if keep else "block")  # type: ignore[attr-defined]
    foreign: list[str] = []
    errors: list[str] = []

    def route(r: object) -> None:
        url = r.request.url  # type: ignore[attr-defined]
        if _is_local(url):
            r.continue_()  # type: ignore[attr-defined]
        else:
            foreign.append(url)
            r.abort()  # type: ignore[attr-defined]

    context.route("**/*", route)
    # requests made by workers go through the context too
    pg = context.new_page()
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(60_000)
    try:
        yield pg
    finally:
        context.close()
    assert foreign == [], f"the site requested other hosts: {foreign}"
    assert errors == [], f"uncaught errors in the page: {errors}"


# ---------------------------------------------------------------- tiers
#
# Each test gets its tier's marker from its folder (and from the fixtures it really uses):
#   browser  tests/browser/, or a test that opens a page: drives Chromium against the built site
#   site     tests/record/, or a test that uses the built site: runs `mkdocs build` (and the
#            record's own checkers: the Nu HTML Checker on Java, cffconvert)
#   node     tests/node/: the engine as the browser gets it (its wheel built with the tools of
#            .venv-build, Pyodide under Node)
#   slow     the long simulations and fuzzing runs listed in SLOW below
# `make test-fast` runs what is none of these (engine, lessons, API); `make test` runs everything.

FOLDER_MARKERS = {"browser": "browser", "record": "site", "node": "node"}
#: test files of the offline layer: their pages keep the service worker (every other page blocks it)
SERVICE_WORKER_FILES = {"test_offline.py", "test_offline_trust.py"}

#: test files that run for minutes though they hold few tests: pytest-xdist's --dist loadfile (`make test`)
#: hands out the files with the most tests first, which leaves these to the end of the run, where one of them
#: keeps one process busy while the other has nothing left to do; they are handed out first instead
#: (pytest_xdist_make_scheduler below), the deployment's first, as it needs no site built by the run
LONG_FILES = ("tests/record/test_deploy.py", "tests/browser/test_grey_reasons.py")


#: long runs (seconds to tens of seconds each on two cores): whole-game simulations, searches over
#: many seeds and fuzzing; `make test` runs them (tests/platform/test_tiers.py checks each exists)
SLOW = (
    "tests/paohuzi/test_play.py::test_random_lawful_moves_keep_every_card_and_replay",
    "tests/paohuzi/test_play.py::test_computer_hands_are_lawful_and_score_as_hu_and_settle",
    "tests/paohuzi/test_play.py::test_thousand_computer_hands_each_game",
    "tests/paohuzi/test_play.py::test_a_passed_pengs_card_drawn_later_is_a_shown_wei",
    "tests/paohuzi/test_play.py::test_fouls_played_in_charge_mode_are_charged_through_settle",
    "tests/paohuzi/test_play.py::test_chi_shows_every_copy_held_bi_and_a_chi_without_bi_is_refused",
    "tests/paohuzi/test_play.py::test_computer_players_keep_the_invariants",
    "tests/paohuzi/test_api.py::test_any_request_gets_an_answer_not_a_crash",
    "tests/paohuzi/test_arrange.py::test_never_splits_kan_or_ti",
    "tests/gupai/test_gupai_pages.py::test_generated_tables_copy_no_long_run_and_show_no_option_ids",
    "tests/gupai/test_gupai_options.py::test_many_seeded_hands_under_every_combination",
    "tests/yezi/test_yezi_sitegen.py::test_tables_render_in_both_languages",
    "tests/lessons/test_lessons.py::test_every_exercise_has_one_right_answer",
    "tests/platform/test_budget.py::test_fuzz_names_with_awkward_text",
    "tests/platform/test_budget.py::test_cost_functions_never_fail",
    "tests/platform/test_budget.py::test_fuzz_every_action_with_awkward_text",
    "tests/platform/test_budget.py::test_fuzz_heavy_actions_with_awkward_text",
    "tests/platform/test_records.py::test_random_lawful_games_round_trip_exactly",
    "tests/platform/test_records.py::test_dawei_with_real_dice_round_trips_exactly",
    "tests/platform/test_api.py::test_fuzzed_requests_always_get_an_answer",
    "tests/platform/test_api.py::test_fuzzed_fields_of_each_example",
    "tests/paohuzi/test_play.py::test_ti_shows_bottom_or_top_card_and_a_discard_never_paos_onto_a_peng",
    "tests/paohuzi/test_referee.py::test_computer_hands_follow_the_booklet",
    "tests/paohuzi/test_table_rules.py::test_paohuzi_chi_of_the_previous_players_stock_card_is_a_reading",
    "tests/paohuzi/test_referee.py::test_a_seat_played_at_random_is_offered_only_lawful_moves_and_refused_the_rest",
    "tests/paohuzi/test_referee.py::test_the_other_readings_follow_the_booklet_as_read",
    "tests/paohuzi/test_table_rules.py::test_a_chi_from_a_seat_that_may_never_take_the_card_names_no_chi_across_the_table",
    "tests/paohuzi/test_table_rules.py::test_a_compulsory_wei_that_empties_the_hand_skips_the_discard_and_the_hand_stays_winnable",
    "tests/paohuzi/test_table_rules.py::test_xiaguan_chi_only_the_previous_players_discard",
    "tests/gupai/test_gupai_sitegen.py::test_tables_render_in_both_languages",
    "tests/gupai/test_gupai_hand.py::test_computer_never_takes_a_trick_by_following_with_zhizun",
    "tests/gupai/test_gupai_options.py::test_every_option_combination_sums_to_zero",
    "tests/lessons/test_paohuzi_lesson.py::test_no_rule_of_thumb_finds_the_answer",
    "tests/lessons/test_lessons.py::test_no_rule_of_thumb_passes_a_step",
    "tests/yezi/test_yezi_api.py::test_junk_never_raises",
    "tests/yezi/test_yezi_zipai.py::test_runs_always_arrange",
    "tests/yezi/test_yezi_zipai.py::test_arrangement_is_a_partition",
    "tests/yezi/test_yezi_odds.py::test_odds_tables_sum",
    "tests/dawei/test_source_readings.py::test_every_game_settles_to_zero",
    "tests/dawei/test_api.py::test_any_request_gets_an_answer",
    "tests/paohuzi/test_referee.py::test_the_other_readings_follow_the_booklet_as_read",
    "tests/paohuzi/test_layout.py::test_a_win_is_laid_out_as_groups_whose_huxi_and_the_zimo_bonus_make_the_total_and_the_deng",
    "tests/paohuzi/test_layout.py::test_no_win_lays_out_every_hand",
    "tests/lessons/test_paohuzi_lesson.py::test_every_feedback_link_reaches_a_section_of_its_page_in_both_languages",
    "tests/paohuzi/test_arrange.py::test_order_does_not_matter",
    "tests/paohuzi/test_hu.py::test_every_win_is_complete_with_at_most_one_pair",
    "tests/paohuzi/test_hu.py::test_waiting_list_agrees_with_checking_every_card",
    "tests/platform/test_strong.py::test_zipai_whole_games_with_a_strong_seat_are_lawful",
    "tests/platform/test_strong.py::test_gupai_whole_games_strong_at_every_seat_are_lawful",
    "tests/platform/test_strong.py::test_table_play_answers_the_move_at_each_level",
    "tests/platform/test_strong.py::test_gupai_play_with_strong_computer_seats_and_hint",
    "tests/platform/test_strong.py::test_zipai_play_gives_the_strong_hint",
    "tests/platform/test_strong.py::test_the_strong_level_keeps_heaven_for_the_last_trick_in_seed_7",
    "tests/platform/test_strong.py::test_a_fixed_seed_repeats_itself",
    "tests/platform/test_strong.py::test_strong_computer_seats_in_a_paohuzi_match",
    "tests/platform/test_review.py::test_every_lawful_option_is_estimated_at_every_decision",
    "tests/platform/test_review.py::test_every_decision_gets_a_verdict_and_a_reason_in_both_languages",
    "tests/platform/test_review.py::test_a_paohuzi_hand_following_the_hint_has_no_mistake",
    "tests/platform/test_review.py::test_the_same_request_gives_the_same_review",
    "tests/platform/test_review.py::test_the_review_is_costed_within_the_budget",
    "tests/platform/test_review.py::test_a_paohuzi_hand_reviewed_a_decision_at_a_time",
    "tests/platform/test_review.py::test_every_game_answers_a_review_request",
    "tests/platform/test_review.py::test_a_paohuzi_hand_given_as_the_tables_moves_is_written_out_and_reviewed",
    "tests/platform/test_strong.py::test_zipai_samples_ask_the_others_claims_again_of_their_new_cards",
    "tests/lessons/test_lessons.py::test_feedback_is_true_for_each_choice_and_english_on_english_pages",
    "tests/platform/test_seeds.py::test_a_large_or_missing_seed_plays_at_either_level",
    "tests/lessons/test_paohuzi_lesson.py::test_every_answer_comes_from_the_engine_and_every_feedback_links_its_rule",
)


#: the run's start, its configuration, and the test files already named (the per-file progress line)
_PROGRESS: dict[str, object] = {"t0": time.monotonic(), "config": None, "seen": set()}


def pytest_configure(config: pytest.Config) -> None:
    _PROGRESS["config"] = config
    _start_shared_build(config)
    config.addinivalue_line("markers", "node: runs the engine's Pyodide package (its wheel, Pyodide under Node)")
    config.addinivalue_line("markers", "slow: a long simulation or fuzzing run (listed in tests/conftest.py)")
    config.addinivalue_line("markers", "service_worker: the page fixture lets the site register its service worker (the offline layer's tests)")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """--dist loadfile as pytest-xdist does it, except that the files of LONG_FILES are handed out first."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class LongFilesFirst(LoadFileScheduling):
        def _assign_work_unit(self, node: object) -> None:
            for scope in reversed(LONG_FILES):
                if scope in self.workqueue:
                    self.workqueue.move_to_end(scope, last=False)
            super()._assign_work_unit(node)  # type: ignore[arg-type]  # xdist types the node as its WorkerController, not imported here

    return LongFilesFirst(config, log)  # type: ignore[arg-type]  # xdist types the log as its Producer, not imported here


def _uses(item: pytest.Item, *fixtures: str) -> bool:
    """Whether the test requests one of ``fixtures`` (a parameter of the same name is not a fixture)."""
    params = getattr(getattr(item, "callspec", None), "params", {})
    return any(f in getattr(item, "fixturenames", ()) and f not in params for f in fixtures)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    tests = ROOT / "tests"
    for item in items:
        path = Path(str(item.path))
        folder = path.relative_to(tests).parts[0] if path.is_relative_to(tests) else ""
        if folder in FOLDER_MARKERS:
            item.add_marker(FOLDER_MARKERS[folder])
        if _uses(item, "browser", "page"):
            item.add_marker(pytest.mark.browser)
        if _uses(item, "built_site", "site_build", "site_url"):
            item.add_marker(pytest.mark.site)
        if item.nodeid.split("[")[0] in SLOW:
            item.add_marker(pytest.mark.slow)
        if path.name in SERVICE_WORKER_FILES:
            item.add_marker(pytest.mark.service_worker)
    # in one process: the files that need only the virtual environment first, then the rest in
    # their usual order (a file stays whole, for its module fixtures): the site builds meanwhile
    # (_EarlyBuild); the files that read the crawl last, so that the crawl has the longest time to
    # finish beside them. In several processes (make test), pytest-xdist's --dist loadfile hands
    # out whole files by its own rule (the files with the most tests first, after LONG_FILES), so this order only
    # decides among files of equal size; the crawl's readers, a few tests each, still come late.
    heavy = {item.path for item in items if any(item.get_closest_marker(m) for m in ("browser", "site", "node"))}
    crawled = {item.path for item in items if "site_crawl" in getattr(item, "fixturenames", ())}
    items.sort(key=lambda item: (item.path in heavy, item.path in crawled))


def pytest_runtest_logstart(nodeid: str, location: tuple[str, int | None, str]) -> None:
    """A line as each test file starts, with the minutes since the run began: where a slow or
    stuck run spent its time can be read off the last lines of its log (CI keeps only the tail)."""
    config = _PROGRESS["config"]
    path = nodeid.split("::")[0]
    seen: set[str] = _PROGRESS["seen"]  # type: ignore[assignment]
    if config is None or path in seen or config.option.collectonly or hasattr(config, "workerinput"):
        return
    seen.add(path)
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None and reporter.verbosity <= 0:
        elapsed = int(time.monotonic() - float(_PROGRESS["t0"]))  # type: ignore[arg-type]
        if getattr(reporter._tw, "width_of_current_line", 0):  # after the last file's dots
            reporter.write("\n")
        reporter.write_line(f"[{elapsed // 60:3d} min {elapsed % 60:02d} s] {path}")


def pytest_collection_finish(session: pytest.Session) -> None:
    config = session.config
    if config.option.collectonly or _EARLY or _Shared.folder is not None:
        return
    users = [item for item in session.items if _uses(item, "built_site", "site_build", "site_url")]
    if os.environ.get("RECORD_SITE_DIR"):  # the record's tests then check a site built before
        users = [item for item in users if not Path(str(item.path)).is_relative_to(ROOT / "tests" / "record")]
    if users:
        _start_early_build(crawl_viewports(session.items))


def _start_early_build(viewports: tuple[str, ...], shared: bool = False) -> _EarlyBuild:
    """Build and serve the site in the background as soon as the tests are known, then crawl it at
    ``viewports`` (none: no crawl): one place for a run in one process (pytest_collection_finish)
    and for the controlling process of a run in several (_start_shared_build)."""
    early = _EarlyBuild(shared=shared)
    _EARLY.append(early)
    if viewports:
        early.crawl_when_built(viewports)
    return early


def crawl_viewports(items: list[pytest.Item]) -> tuple[str, ...]:
    """The viewports the collected tests that read the crawl need (none if no test reads it)."""
    from browser.crawl import viewports_for

    files = {Path(str(item.path)).name for item in items if "site_crawl" in getattr(item, "fixturenames", ())}
    return viewports_for(files) if files else ()


def pytest_terminal_summary(terminalreporter: object) -> None:
    """How long the site's build and the crawl took, and when they were done."""
    for early in _EARLY:
        t, t0 = early.times, float(_PROGRESS["t0"])  # type: ignore[arg-type]
        parts = [f"the site's build took {t['built'] - t['started']:.0f} s (done at {t['built'] - t0:.0f} s)"] if "built" in t else []
        if "crawled" in t:
            parts.append(f"the crawl {t['crawled'] - t['built']:.0f} s (done at {t['crawled'] - t0:.0f} s)")
        if parts:
            terminalreporter.write_line("; ".join(parts))  # type: ignore[attr-defined]
        if early.crawl:
            from browser.crawl import time_summary

            for line in time_summary(early.crawl):  # type: ignore[arg-type]
                terminalreporter.write_line(line)  # type: ignore[attr-defined]


def pytest_unconfigure(config: pytest.Config) -> None:
    while _EARLY:
        _EARLY.pop().close()
