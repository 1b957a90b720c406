"""The game menu ("More" on a phone) closes once it has done its work: after the
theme switch and after New game it no longer covers the table."""
from __future__ import annotations

import pytest

from pycore import all_games

from bench.browser import import_state, trick_decision

from .table import open_site

pytestmark = pytest.mark.browser


def test_the_game_menu_closes_once_it_has_done_its_work(page, site):
    page.set_viewport_size({"width": 390, "height": 844})
    open_site(page, site, "pace=0")
    themed = next((name, rules) for name, game in sorted(all_games().items()) if getattr(game, "themes", ())
                  for rules in game.presets()[:1])
    import_state(page, trick_decision(*themed, seed=1))
    page.click("#menu-toggle")
    page.click("#theme-toggle")
    page.wait_for_timeout(150)
    assert not page.is_visible("#game-menu"), "the menu stays open after the theme switch"
    page.click("#menu-toggle")
    page.click("#new-game")
    page.wait_for_selector("#view-home:not([hidden])")
    page.evaluate("location.hash = '#table'")
    page.wait_for_selector("#view-table:not([hidden])")
    assert not page.is_visible("#game-menu"), "the menu stays open after New game"
    assert page.get_attribute("#menu-toggle", "aria-expanded") == "false"
    assert not page.errors
