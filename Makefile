# Two commands do all set-up on a fresh Debian machine:
#   make serve   the site on http://127.0.0.1:8000
#   make test    every test: engine, site build (strict), Pyodide under Node, real browser
#   make test-fast   the quick tier while working: the linters, then engine, lessons and API tests
#                    (no site, Java or browser)
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# the build tools of the engine's Pyodide package (python -m build, pyodide-build) need
# Python >= 3.12; the engine and the site stay on $(PYTHON) (3.11 is enough)
BUILD_VENV := .venv-build
BUILD_TOOLS := pyodide-build==0.39.2 pkginfo==2.0 build==1.6.1 setuptools==84.2.1 wheel==0.48.0
MKDOCS := NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup serve site deploy lint test test-fast bench clean chromium nginx wheel editions pdf release-check

setup: $(VENV)/.installed $(BUILD_VENV)/.installed node_modules/.installed chromium nginx

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

# a Python >= 3.12: $(BUILD_PYTHON) if given, else the first on the PATH, else the newest under pyenv
$(BUILD_VENV)/.installed: Makefile
	@set -e; ok='import sys; sys.exit(sys.version_info < (3, 12))'; py=""; \
	for c in $(BUILD_PYTHON) python3.14 python3.13 python3.12 python3; do \
	  if command -v "$$c" >/dev/null 2>&1 && "$$c" -c "$$ok" >/dev/null 2>&1; then py="$$(command -v "$$c")"; break; fi; \
	done; \
	if [ -z "$$py" ] && command -v pyenv >/dev/null 2>&1; then \
	  for d in $$(ls -d "$$(pyenv root)"/versions/3.* 2>/dev/null | sort -V -r); do \
	    if [ -x "$$d/bin/python3" ] && "$$d/bin/python3" -c "$$ok" >/dev/null 2>&1; then py="$$d/bin/python3"; break; fi; \
	  done; \
	fi; \
	if [ -z "$$py" ]; then echo "The engine's Pyodide package is built with pyodide-build, which needs Python >= 3.12:" \
	  "install one (apt, pyenv install 3.12) or name it: make BUILD_PYTHON=/path/to/python3.12" >&2; exit 1; fi; \
	echo "build tools: $$py ($$("$$py" -V))"; \
	test -x $(BUILD_VENV)/bin/python || "$$py" -m venv $(BUILD_VENV)
	$(BUILD_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(BUILD_VENV)/bin/python -m pip install --quiet $(BUILD_TOOLS)
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Debian's Chromium for the browser tests (Playwright cannot download its own here)
# and the CJK fonts (without them Chinese renders as boxes in screenshots and printed PDFs)
chromium:
	@{ command -v chromium >/dev/null && command -v pdftoppm >/dev/null && dpkg -s fonts-noto-cjk >/dev/null 2>&1; } || { \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-noto-cjk poppler-utils; }

# Debian's nginx, to try the header file the build writes for it (tests/platform/test_headers.py)
nginx:
	@command -v nginx >/dev/null || test -x /usr/sbin/nginx || { \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nginx-light; }

serve: setup
	$(MKDOCS) serve -a 127.0.0.1:8000

site: setup
	$(MKDOCS) build --strict -d site

# everything a deployment cites, in one folder to publish: the current pages, every released
# edition at site/editions/<version>/ with its PDFs (each built once and cached by its commit in
# .cache/editions/), the editions' sitemap; publish site/ as it is. Give the real address:
#   SITE_URL=https://games.example.net/ make deploy
deploy: setup
	$(PY) -m sitegen.deploy site

# every released edition (git tags v<version>) built from its tag into site/editions/<version>/,
# older ones marked as such, each with its PDFs (slow: one full build per edition)
editions: setup
	test -f site/index.html || $(MKDOCS) build --strict -d site
	$(PY) -m sitegen.editions build site

# the current edition as one PDF per language, where the changelog links it
# (site/editions/<version>/folk-games-archive-<version>-<lang>.pdf; poppler-utils reads it back
# for the contents' page numbers)
pdf: setup
	test -f site/index.html || $(MKDOCS) build --strict -d site
	$(PY) -m sitegen.edition_pdf site $$(cat VERSION) site/editions/$$(cat VERSION)

# what a RELEASE=1 build would refuse: a moved reading without a version step and a changelog line
release-check: setup
	$(PY) -m sitegen.editions check

# every test, the slowest 25 named at the end (what .ci/run calls), in two processes (one per
# core, pytest-xdist, each test file whole in one of them); the site is built, served and crawled
# once, by the controlling process, while the workers start with the engine's tests (tests/conftest.py)
TEST_PROCESSES ?= 2
test: setup lint
	$(PY) -m pytest -q -n $(TEST_PROCESSES) --dist loadfile --durations=25

# the code checked by the field's tools, each pinned (pyproject.toml's dev extra, package.json) and
# configured with its reasons (pyproject.toml: ruff, mypy, import-linter; biome.jsonc): any finding
# fails. `make test` and `make test-fast` run it first.
lint: $(VENV)/.installed node_modules/.installed
	$(VENV)/bin/ruff check --quiet .
	$(VENV)/bin/mypy
	@out="$$($(VENV)/bin/lint-imports 2>&1)" || { echo "$$out"; exit 1; }; echo "import-linter: $$(echo "$$out" | grep -c ' KEPT') contracts kept"
	node_modules/.bin/biome lint --error-on-warnings --log-level=none

# the quick tier to run while working: the linters, then engine, lessons and API tests; it needs the
# virtual environment and node_modules (for biome) but no site build, Java or browser, in one
# process per core as make test (TEST_PROCESSES=1 for one). Tiers: tests/conftest.py
FAST := -m "not browser and not site and not node and not slow" --ignore=tests/browser --ignore=tests/record --ignore=tests/node
test-fast: $(VENV)/.installed lint
	$(PY) -m pytest -q -n $(TEST_PROCESSES) --dist loadfile $(FAST)

bench: setup site
	$(PY) benchmarks/run.py

# the engine as a wheel, for `pip install` (also on the API page of the built site)
wheel: setup
	$(PY) -c 'from sitegen.assets import engine_wheel; import shutil, os; os.makedirs("dist", exist_ok=True); print(shutil.copy2(engine_wheel(), "dist"))'

clean:
	rm -rf site dist .pytest_cache .venv-build/cache
