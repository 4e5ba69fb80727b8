# Two commands do all set-up on a fresh Debian machine:
#   make serve   the site on http://127.0.0.1:8000
#   make test    every test: engine, site build (strict), Pyodide under Node, real browser
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MKDOCS := NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup serve site test test-fast bench clean chromium

setup: $(VENV)/.installed node_modules/.installed chromium

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Debian's Chromium for the browser tests (Playwright cannot download its own here)
chromium:
	@command -v chromium >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }

serve: setup
	$(MKDOCS) serve -a 127.0.0.1:8000

site: setup
	$(MKDOCS) build --strict -d site

test: setup
	$(PY) -m pytest -q

test-fast: setup
	$(PY) -m pytest -q -m "not browser and not site"

bench: setup site
	$(PY) benchmarks/run.py

clean:
	rm -rf site .pytest_cache
