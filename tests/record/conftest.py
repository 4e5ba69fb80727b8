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
        import functools
        import http.server
        import threading

        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(built_site))
        handler.log_message = lambda *a, **k: None  # type: ignore[attr-defined]
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/"
        finally:
            server.shutdown()
            server.server_close()
