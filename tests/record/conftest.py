"""The heritage record's tests import ``sitegen`` from the repository root.

Site tests use the platform's session fixture ``built_site``
(tests/conftest.py). Set ``RECORD_SITE_DIR`` to check an already built site
instead (for instance one built with ``mkdocs build -d /tmp/record-site``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

if os.environ.get("RECORD_SITE_DIR"):

    @pytest.fixture(scope="session")
    def built_site() -> Path:
        site = Path(os.environ["RECORD_SITE_DIR"])
        assert (site / "index.html").is_file(), f"RECORD_SITE_DIR={site} holds no built site"
        return site

    @pytest.fixture(scope="session")
    def site_url(built_site: Path):  # type: ignore[no-untyped-def]
        from .serving import serve_folder

        with serve_folder(built_site) as url:
            yield url
