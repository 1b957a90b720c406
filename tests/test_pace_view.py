"""The table's pace decided and drawn (web/manyhands_web/pace_view.py), natively,
on seeded games: which decision is an only choice, when a card may be chosen to
play next (card plays in tricks only, never for a bid, a draft, an exchange or
a folded Voren player), what a chosen card does when your turn comes, and the
chosen card drawn with its state for screen readers. The page's timing around
them is tested in tests/browser/test_table_pace.py."""
from __future__ import annotations

import random
import sys
from pathlib import Path

from pycore import all_games

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from manyhands_web import render  # noqa: E402
from manyhands_web.layouts import layout_for  # noqa: E402
from manyhands_web.pace_view import (forced_choice, prepick_open, prepick_outcome,  # noqa: E402
                                     refused_line)
from manyhands_web.session import Session  # noqa: E402


def _walk(name: str, seed: int, steps: int = 400):
    """Each position of a seeded game with random play, seen from seat 0."""
    session = Session.new(name, {}, seed, 0)
    rng = random.Random(seed)
    for _ in range(steps):
        if session.state.is_terminal:
            return
        yield session
        legal = session.state.observation(session.state.current_player)["legal"]
        session.apply(rng.choice(legal))


def test_a_card_may_be_chosen_early_only_while_others_play_a_trick_you_play_in():
    for name in sorted(all_games()):
        opened = 0
        for session in _walk(name, 3):
            obs = session.observation()
            playing = layout_for(name).plays_in_trick(obs)
            is_open = prepick_open(obs, 0, playing)
            if is_open:
                opened += 1
                assert obs["phase"] == "play" and not session.my_turn and 0 in playing, name
            if session.my_turn or obs.get("phase") != "play":
                assert not is_open, (name, obs.get("phase"))
        assert opened, f"{name}: never a card to choose while others play"


def test_an_only_choice_is_found_and_only_on_your_turn():
    forced = 0
    for session in _walk("voren", 3):
        obs = session.observation()
        token = forced_choice(obs, 0)
        if session.my_turn and len(obs["legal"]) == 1:
            assert token == obs["legal"][0]
            forced += 1
        else:
            assert token is None
    assert forced


def test_a_chosen_card_plays_if_legal_else_is_refused_with_the_engines_reason():
    seen = set()
    for name in sorted(all_games()):
        for session in _walk(name, 5):
            obs = session.observation()
            if not session.my_turn or obs.get("phase") != "play":
                continue
            tell = session.narrator(obs)
            for card in obs["hand"]:
                why = session.state.why_not(card, tell)
                outcome = prepick_outcome(card, obs, why)
                if card in obs["legal"]:
                    assert outcome == "play"
                elif any(t.split(" ")[0] == card for t in obs["legal"]):
                    assert outcome == "sub"             # Raven's Dwarf led: a suit to name
                else:
                    assert outcome == "refused" and why, (name, card)
                    line = refused_line(tell, card, why)
                    assert line.startswith(f"The {tell.card(card)} can no longer be played: {why.rstrip('.')}")
                seen.add(outcome)
            assert prepick_outcome("not a card of yours", obs, None) == "drop"
    assert {"play", "refused"} <= seen


def test_a_chosen_card_is_drawn_pressed_and_named_chosen():
    for session in _walk("raven", 7):
        obs = session.observation()
        if prepick_open(obs, 0, layout_for("raven").plays_in_trick(obs)):
            break
    tell = session.narrator(obs)
    card = obs["hand"][1]
    ui = {"selected": [], "prepick_open": True, "prepick": (1, card, len(obs["hands"]))}
    html = render.table_html(tell, ui, session.why(tell))
    assert html.count('data-prepick=') == len(obs["hand"])
    assert html.count('aria-pressed="true"') == 1
    assert f'data-prepick="1" data-card="{card}" aria-pressed="true" aria-description="chosen to play next"' in html
    assert f"Chosen to play next: the {tell.card(card)}." in html
    plain = render.table_html(tell, {"selected": []}, session.why(tell))
    assert "data-prepick" not in plain and "prepick-note" not in plain
