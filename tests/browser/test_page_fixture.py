"""The page fixture (tests/conftest.py) blocks the site's service worker, which would precache the
whole site in every fresh browser context, except for tests marked ``service_worker`` (the
offline layer's own tests, by their file)."""

from __future__ import annotations

import pytest

REGISTER = """async () => {
  await navigator.serviceWorker.register(new URL("sw.js", location.href).href);
  return (await navigator.serviceWorker.getRegistrations()).length;
}"""


def test_a_plain_page_registers_no_service_worker(page, site_url):
    page.goto(site_url)
    assert page.evaluate(REGISTER) == 0


@pytest.mark.service_worker
def test_a_page_marked_service_worker_keeps_the_sites_worker(page, site_url):
    page.goto(site_url)
    assert page.evaluate(REGISTER) == 1
