"""The history's replay names the players as the table does: "You" and the
computer players' names (web/manyhands_web/cast.py), never the engine's Left,
Across and Right; each trick's taker and each hand's score in the table log's
own sentences (a trick your team took is said as your team's). On a seeded
game of every registered game at its first preset (from the registry)."""
from __future__ import annotations

import html
import re
import sys
from pathlib import Path

import pytest

from pycore import all_games
from pycore.records import record_of
from pycore.words import seat_names as engine_names
from solver import bots

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from manyhands_web import log_view, replay_view  # noqa: E402
from manyhands_web.cast import seat_names  # noqa: E402
from pycore.words import Narrator  # noqa: E402


def cases():
    return [pytest.param(name, game.presets()[0], id=name) for name, game in sorted(all_games().items())]


def two_hands(name: str, rules: dict):
    """A seeded game to the end of its second hand (or its end), the easy bot in every seat."""
    state = all_games()[name].new_game(rules, seed=31)
    while not state.is_terminal and len(state.finished_hands) < 2:
        state = state.apply_action(bots.choose(state, state.current_player, "easy", 9))
    return state


@pytest.mark.parametrize("name,rules", cases())
def test_the_replay_names_the_players_and_their_teams_as_the_table_does(name, rules):
    state = two_hands(name, rules)
    record = record_of(state).to_json()
    for seat in range(state.players):
        steps = replay_view.steps(record, seat)
        table = Narrator(state.game, state.observation(seat), "", seat_names)
        told = log_view.story(table)
        # the trick lines and score sheets, in order, are the table log's
        assert [s["trick"]["taken"] for s in steps if s["trick"]] == [t for kind, _, t in told if kind == "trick"]
        sheets = [line for s in steps for line in s.get("sheet") or []]
        assert sheets == [t for kind, _, t in told if kind == "score"]
        names = seat_names(state.players, seat)
        engine = set(engine_names(state.players, seat)) - set(names)     # Left, Across, Right...
        for step in range(len(steps)):
            markup = replay_view.replay_html(steps, record, seat, "", step, "A game")
            shown = re.findall(r"<b>([^<]*)</b><span class=\"cards", markup) + \
                re.findall(r"<li><span>([^<]*)</span>", markup)
            assert shown and set(shown) <= set(names), (shown, names)
            text = html.unescape(re.sub(r"<[^>]+>", " ", markup))
            assert not [w for w in engine if re.search(rf"\b{w}\b", text)], text


def test_the_check_would_see_an_engine_name():
    """The engine's own names differ from the cast's for every seat but yours."""
    for players in range(2, 9):
        for seat in range(players):
            ours, theirs = seat_names(players, seat), engine_names(players, seat)
            assert ours[seat] == theirs[seat] == "You"
            assert not set(ours) - {"You"} & set(theirs)
