"""The page's computer players are the solver's, seeded by position: every
computer move of a game played through the page is the move solver.api.bot_move
gives natively with no seed (solver.bots.page_seed), so the opponents a par
(solver/par.py) or a shared deal (pycore/share.py) replays are the page's."""
from __future__ import annotations

import pytest

from pycore import load_record
from pycore.records import positions
from solver import api

from .table import export_record, open_site, play, start_game, wait_my_turn

pytestmark = pytest.mark.browser


def test_the_pages_computer_moves_are_bot_moves_seeded_by_position(page, site):
    open_site(page, site)
    start_game(page, "raven", {"players": 4}, seed=21, level="normal")
    wait_my_turn(page)
    play(page, limit=4)
    wait_my_turn(page)
    record = export_record(page)
    checked = 0
    for index, state in enumerate(positions(load_record(record))):
        if index == len(record["actions"]):
            break
        if state.current_player != 0 and len(state.legal_actions()) > 1:
            prefix = {**record, "actions": record["actions"][:index]}
            assert api.bot_move(prefix, state.current_player, "normal") == record["actions"][index], index
            checked += 1
    assert checked >= 10
    assert not page.errors
