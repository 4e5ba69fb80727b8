"""The theme's script with its search box and instant navigation started a moment later
(sitegen/theme_start.py): each of the two calls is wrapped where the theme makes it, and a theme
whose script has changed stops the build instead of being patched blindly."""

from __future__ import annotations

import pytest

from sitegen import theme_start
from sitegen.theme_start import LATER, TURN, ThemeChanged, patch

# the two calls as the pinned theme's bundle writes them (minified names vary between builds)
SHAPE = (
    'x=L(...me("palette").map(e=>li(e)),...me("search").map(e=>_i(e,{index$:zi,keyboard$:mo})),'
    '...me("source").map(e=>$i(e)));V("navigation.instant")&&gi({sitemap$:qi,location$:Kt,'
    "viewport$:ke,progress$:uo}).subscribe(ct);var Di;"
)


def test_each_call_is_wrapped_in_place_and_nothing_else_changes():
    out = patch(SHAPE)
    assert f'...me("search").map(e=>{LATER}(()=>_i(e,{{index$:zi,keyboard$:mo}})))' in out
    call = "gi({sitemap$:qi,location$:Kt,viewport$:ke,progress$:uo})"
    # instant navigation started soon (1), its start marked as the moment its sitemap request may be sent
    wrapped = f"{LATER}(()=>{{{TURN}=!0;try{{return {call}}}finally{{{TURN}=!1}}}},1)"
    assert f'V("navigation.instant")&&{wrapped}.subscribe(ct)' in out
    # taking the wrappers out gives the theme's text back
    unwrapped = out.replace(f"{LATER}(()=>_i(e,{{index$:zi,keyboard$:mo}}))", "_i(e,{index$:zi,keyboard$:mo})")
    assert unwrapped.replace(wrapped, call) == SHAPE


@pytest.mark.parametrize(
    "changed",
    [
        SHAPE.replace('"search"', '"search-box"'),  # the search box mounted otherwise
        SHAPE.replace("navigation.instant", "navigation.fast"),  # instant navigation set up otherwise
        SHAPE + SHAPE,  # either call found twice
        "",
    ],
)
def test_a_changed_theme_stops_the_build(changed):
    with pytest.raises(ThemeChanged, match="by hand"):
        patch(changed)


def test_the_pinned_theme_is_patched_under_a_name_of_its_own():
    theirs, ours, data = theme_start.bundle()
    assert theirs != ours and ours.startswith(theirs.removesuffix(".min.js") + ".")
    text = data.decode("utf-8")
    assert text.count(LATER) == 2
    page = f'<script src="../assets/javascripts/{theirs}"></script>'
    assert theme_start.refer(page) == f'<script src="../assets/javascripts/{ours}"></script>'
