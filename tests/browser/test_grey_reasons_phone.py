"""Every grey control says why at phone width (390 px): the walk of test_grey_reasons.py through every
Chinese widget page, in a file of its own so that the two processes of `make test` can walk the two
widths side by side."""

from __future__ import annotations

from browser.test_grey_reasons import check_every_grey_control, pages_at


def test_every_grey_control_says_why_at_phone_width(page, site_url, built_site):
    check_every_grey_control(page, site_url, pages_at(built_site, 390), 390)
