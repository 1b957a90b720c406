"""Each game's table (web/manyhands_web/layouts.py, games/), natively: the regions that make
it look like its game, with the right content for seeded positions, drawn from the
seat's observation only (swapping the other seats' hidden cards changes nothing)."""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from manyhands_web import cards, hint_view, layouts, render, trick_view  # noqa: E402
from manyhands_web.session import Session  # noqa: E402
from pycore.words import count  # noqa: E402
from tests.catalog import examples  # noqa: E402
from tests.conformance import hidden_cards_shuffled  # noqa: E402


def _step(session: Session, rng: random.Random) -> None:
    state = session.state
    session.apply(state.game.action_token(state, rng.choice(state.legal_actions())))


def _until(session: Session, rng: random.Random, done, limit: int = 400) -> dict:
    """Random legal play until `done(observation of seat 0)`; that observation."""
    for _ in range(limit):
        obs = session.observation()
        if done(obs):
            return obs
        assert not session.state.is_terminal, "the game ended before the position looked for"
        _step(session, rng)
    raise AssertionError("position not reached")


def _html(session: Session, obs: dict | None = None, state=None, **ui) -> str:
    """The table for seat `session.seat` (`obs`, by default the current one; `state`,
    the position it was taken from, answers why a card cannot be chosen)."""
    tell = session.narrator(obs)
    state = state or session.state
    return render.table_html(tell, {"selected": [], "computer": session.computers(), **ui},
                             lambda token: state.why_not(token, tell))


def _name(session: Session, card: str) -> str:
    return session.narrator().card(card)


def _seat(seat: int, me: int = 0, players: int = 4) -> str:
    """A seat's name as the page says it (the computer players by their names)."""
    from manyhands_web.cast import seat_names
    return seat_names(players, me)[seat]


def _region(html: str, region_id: str) -> str:
    """The markup of the element with that id (up to its matching close tag)."""
    start = html.index(f'id="{region_id}"')
    open_at = html.rindex("<", 0, start)
    tag = re.match(r"<(\w+)", html[open_at:]).group(1)
    depth, at = 0, open_at
    for match in re.finditer(rf"<(/?){tag}\b", html[open_at:]):
        depth += -1 if match.group(1) else 1
        if depth == 0:
            at = open_at + match.end()
            break
    return html[open_at:html.index(">", at) + 1]


def _seat_box(html: str, seat: int) -> str:
    """A seat's box around the table (it holds no nested section)."""
    match = re.search(rf'<section class="seatbox[^"]*" data-seat="{seat}".*?</section>', html, flags=re.S)
    return match.group(0)


# --- seats around the table -----------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 9))
def test_seats_sit_around_you_clockwise_from_your_left(players):
    for me in range(players):
        places = layouts.sides(players, me)
        assert places[me] == ("bottom", 0)
        assert len(set(places.values())) == players          # one place each
        order = [places[(me + k) % players] for k in range(1, players)]
        # clockwise: up the left side (nearest you first), along the top, down the right
        rank = {"left": 0, "top": 1, "right": 2}
        keyed = [(rank[side], -index if side == "left" else index) for side, index in order]
        assert keyed == sorted(keyed)
        if players == 4:
            assert places[(me + 2) % 4] == ("top", 0)        # across from you


def test_the_trick_puts_each_card_on_its_players_side():
    session = Session.new("raven", {"players": 4}, seed=3, seat=1)
    obs = _until(session, random.Random(2), lambda o: len(
        (trick_view.current_tricks(o)[0] or {}).get("cards", [])) == 2)
    trick = _region(_html(session, obs), "current-trick")
    places = layouts.sides(4, 1)
    for seat, card in trick_view.current_tricks(obs)[0]["cards"]:
        side = places[seat][0]
        assert re.search(rf'<li class="play at-{side}[^"]*" data-seat="{seat}"[^>]*>.*?aria-label="'
                         rf'{re.escape(_name(session, card))}', trick, flags=re.S)
    # the seats still to play keep an empty place, hidden from screen readers
    assert trick.count('class="play pending') == 2
    assert f'data-seat="{obs["to_act"]}" aria-hidden="true"' in trick


# --- Tricksters -------------------------------------------------------------------------------
def test_tricksters_draft_centre_shows_who_drafted_what_and_offers_the_free_cards():
    session = Session.new("tricksters", {}, seed=5, seat=0)
    obs = _until(session, random.Random(1), lambda o: o["to_act"] == 0 and o["phase"] == "draft"
                 and any(c["taken_by"] is not None for c in o["centre"]))
    centre = _region(_html(session, obs), "draft-centre")
    assert centre.count('<li class="centre-card') == 8
    for slot in obs["centre"]:
        spoken = ", ".join(f"{c} {v}" for c, v in zip(("Ravens", "Foxes", "Rats", "Toads"),
                                                       obs["values"][slot["card"]]))
        item = re.search(rf'<li class="centre-card[^"]*">(?:(?!</li>).)*?aria-label="{spoken}".*?</li>',
                         centre, flags=re.S).group(0)
        if slot["taken_by"] is None:
            assert f'data-action="take {slot["card"]}"' in item and "free" in item
        else:
            assert _seat(slot["taken_by"]) in item and "data-action" not in item


def test_tricksters_suit_cards_are_taken_from_the_centre():
    session = Session.new("tricksters", {}, seed=5, seat=0)
    obs = _until(session, random.Random(1), lambda o: o["to_act"] == 0 and o["phase"] == "suits")
    row = _region(_html(session, obs), "suit-cards")
    for token in obs["legal"]:
        assert f'data-action="{token}"' in row
    for seat, critter in enumerate(obs["suits"]):
        if critter:
            assert f"{critter}: {_seat(seat)}" in row


def test_tricksters_partner_choice_names_both_pairs():
    session = Session.new("tricksters", {}, seed=5, seat=0)
    assert session.observation()["roles"]["across"] == 0     # seat 0 chooses the pairs
    obs = _until(session, random.Random(1), lambda o: o["to_act"] == 0 and o["phase"] == "partners")
    prompt = _region(_html(session, obs), "prompt")
    for token in obs["legal"]:
        other = int(token.split()[1])
        rest = [s for s in range(4) if s not in (0, other)]
        said = f"Pair with {_seat(other)} (against {_seat(rest[0])} and {_seat(rest[1])})"
        assert f'data-action="{token}">{said}</button>' in prompt
    # the hint panel names the choices as the buttons do
    from solver import api
    from pycore.answer import Hint
    from pycore.records import dumps
    hint = hint_view.hint_html(Hint.from_json(api.hint(dumps(session.state), 0, 24)), session.narrator(obs))
    for token in obs["legal"]:
        other = int(token.split()[1])
        assert re.search(f'<li data-token="{token}"[^>]*><b>Pair with {_seat(other)} [(]against', hint)
    assert "<b>partner " not in hint


def test_tricksters_suits_partners_and_trick_sums():
    session = Session.new("tricksters", {}, seed=5, seat=0)
    obs = _until(session, random.Random(1), lambda o: o["phase"] == "play" and len(o["trick_values"]) == 2)
    html = _html(session, obs)
    for seat in range(4):
        box = _seat_box(html, seat)
        critter = obs["suits"][seat]
        assert f'critter-{critter.lower()}' in box and critter in box
        partner = obs["partners"][seat]
        ours = seat == 0 or partner == 0
        assert ("pair-ours" if ours else "pair-theirs") in box.split(">")[0]
        assert f"Partner: {_seat(partner)}" in box
    sums = {"ours": 0, "theirs": 0}
    for seat, value in obs["trick_values"]:
        sums["ours" if seat == 0 or obs["partners"][seat] == 0 else "theirs"] += value
    line = _region(html, "trick-sums")
    assert f"Your pair {sums['ours']}" in line and f"Other pair {sums['theirs']}" in line
    # each card of the trick shows all four critter values, the led critter's first
    led = obs["led_suit"]
    critters = ["Ravens", "Foxes", "Rats", "Toads"]
    for seat, card in trick_view.current_tricks(obs)[0]["cards"]:
        values = obs["values"][card]
        rest = ", ".join(f"{c} {v}" for c, v in zip(critters, values) if c != led)
        assert f'aria-label="{led} {values[critters.index(led)]} ({rest})"' in html


def test_tricksters_finished_trick_shows_its_own_led_critter():
    """Between tricks, the finished trick stays on the table, each card turned to the
    critter that trick was led in, even when the next trick is led in another."""
    session = Session.new("tricksters", {}, seed=5, seat=0)
    def between(o):
        tricks = (o["hands"][-1]["tricks"] if o.get("phase") == "play" else [])
        done = [t for t in tricks if t["winner"] is not None]
        return (done and not tricks[-1]["cards"]
                and o["tricks_led"][len(done) - 1] != o["led_suit"])
    obs = _until(session, random.Random(1), between)
    done = len([t for t in obs["hands"][-1]["tricks"] if t["winner"] is not None])
    led = obs["tricks_led"][done - 1]
    trick = _region(_html(session, obs), "previous-trick")
    marks = re.findall(r'<svg class="face" data-led="(\w+)"', trick)
    assert marks == [led] * 4, (marks, led, obs["led_suit"])
    line = re.search(r'id="trick-winner">([^<]*)<', trick).group(1)
    assert f"in {led};" in line


# --- Lunar --------------------------------------------------------------------------------------
def test_lunar_tiles_track_partner_and_stars():
    session = Session.new("lunar", {}, seed=5, seat=0)
    obs = _until(session, random.Random(1), lambda o: o["phase"] == "play" and sum(o["tricks_won"]) >= 3)
    html = _html(session, obs)
    tiles = _region(html, "trump-tiles")
    for tile in obs["tiles_down"]:
        assert f'aria-label="{tile}: turned down"' in tiles
    assert f'aria-label="{obs["trump"]}: trump"' in tiles
    track = _region(html, "team-track")
    cells = re.findall(r'<li class="track-cell.*?</li>', track, flags=re.S)
    assert len(cells) == 13
    for team, won in enumerate(obs["tricks_won"]):
        assert ("Us" if team == 0 else "Them") in cells[won]
        assert f"{count(won, 'trick')} ({obs['track_points'][team]} on the track)" in track   # as the score sheet says
        assert f"{len(obs['stars_won'][team])} star cards won" in track
    # the partner sits across (at the top), marked as such
    assert layouts.sides(4, 0)[obs["partner"]] == ("top", 0)
    assert "Partner" in _seat_box(html, obs["partner"])
    if any(obs["stars_won"]):
        assert "star card" in _region(html, "stars-won")
    assert "<h3>Team track " in track
    sky = Session.new("lunar", {"players": 2}, seed=5, seat=0)       # two players: no teams
    obs = _until(sky, random.Random(1), lambda o: o["phase"] == "play")
    assert "<h3>Track " in _region(_html(sky, obs), "team-track")


def test_lunar_turning_a_tile_is_clicked_on_the_tile():
    session = Session.new("lunar", {}, seed=5, seat=0)
    obs = _until(session, random.Random(1), lambda o: o["to_act"] == 0 and o["phase"] == "trump")
    tiles = _region(_html(session, obs), "trump-tiles")
    for token in obs["legal"]:
        assert f'data-action="{token}"' in tiles


def test_lunar_sky_says_once_what_both_owe_at_a_tricks_start():
    session = Session.new("lunar", {"players": 2}, seed=5, seat=0)
    obs = _until(session, random.Random(1), lambda o: o["phase"] == "play" and not o["trick"])
    due = _region(_html(session, obs), "sky-due")
    assert re.findall(r"<li [^>]*>", due) == ['<li data-seat="0 1" class="acting">']
    assert "<b>You</b> and <b>Ada</b>: two cards: one from hand and one from the Sky" in due


def test_lunar_sky_is_its_own_area_with_what_is_due_this_trick():
    session = Session.new("lunar", {"players": 2}, seed=5, seat=0)
    obs = _until(session, random.Random(1), lambda o: o["to_act"] == 0 and len(o["trick"]) in (1, 2)
                 and any(p["seat"] == 0 for p in o["trick"]) is (len(o["trick"]) == 2))
    html = _html(session, obs)
    sky = _region(html, "sky")
    # each card of the Sky once, with how many of it the Sky holds
    assert len(re.findall(r'class="card ', sky)) == len(set(obs["sky"]))
    assert sum(map(int, re.findall(r'data-count="(\d+)"', sky))) == len(obs["sky"])
    for token in obs["legal"]:
        if token.startswith("sky:"):
            assert f'data-action="{token}"' in sky
    due = _region(html, "sky-due")
    mine = [p for p in obs["trick"] if p["seat"] == 0]
    if mine:
        place = "the Sky" if mine[0]["from"] == "hand" else "hand"
        kind = "a suit card" if mine[0]["card"].startswith("R") else "a rank card"
        assert f"<b>You</b>: {kind} from {place}" in due
        # the legal plays agree with what the table says is due
        assert all(t.startswith("sky:") == (place == "the Sky") for t in obs["legal"])
    else:       # (said once for both where both owe two cards)
        assert re.search(r"<b>You</b>(?: and <b>\w+</b>)?: two cards", due)
    # under the trick: what each side has put in so far
    plays = _region(html, "team-plays")
    for seat in (0, 1):
        cards = [p["card"] for p in obs["trick"] if p["seat"] == seat]
        if cards:
            assert f'{_seat(seat, 0, 2)}: {" + ".join(_name(session, c) for c in cards)}' in plays
    # the Sky is drawn once (not again among the table details)
    assert html.count('id="sky"') == 1


# --- Raven -----------------------------------------------------------------------------------------
def test_raven_schedule_bids_and_tricks_against_bids():
    session = Session.new("raven", {"players": 4}, seed=5, seat=0, theme="prophecy")
    obs = _until(session, random.Random(1), lambda o: o["phase"] == "play" and o["hand_number"] == 1
                 and sum(o["tricks_won"]) >= 2)
    html = _html(session, obs)
    schedule = _region(html, "trump-schedule")
    names = re.findall(r'<span class="sched-t">([^<]*)</span>', schedule)
    assert names == ["Sunburst", "Spears", "Serpents", "Eagles", "Eagles", "Serpents", "Spears", "Sunburst"]
    assert re.search(r'class="sched current[^"]*" aria-current=step><span class="sched-n">1<', schedule)
    for seat in range(4):
        box = _seat_box(html, seat)
        bid = obs["bids"][seat]
        shown = bid["value"] if seat == 0 or bid["revealed"] else "?"
        assert f"Tricks <b>{obs['tricks_won'][seat]}</b> / bid <b>{shown}</b>" in box
        pile = re.search(r'<div class="bid">.*?</div>', box, flags=re.S).group(0)
        if seat == 0:
            assert all(_name(session, c) in pile for c in bid["cards"])
        else:   # a concealed bid: card backs only, never a card
            assert 'class="card ' not in pile and f'aria-label="{obs["bid_cards"]} bid cards face down"' in pile


def test_raven_short_game_ends_in_a_ravenclaw_hand_and_specialists_stand_out():
    session = Session.new("raven", {"players": 3, "short_game": True}, seed=2, seat=0)
    html = _html(session)
    names = re.findall(r'<span class="sched-t">([^<]*)</span>', _region(html, "trump-schedule"))
    assert names == ["Shields", "Swords", "Axes", "Waters", "Raven only"]
    card = cards.card_html("Raven", session.narrator())
    assert "specialist" in card
    assert "specialist" not in cards.card_html("Sh3", session.narrator())


# --- Voren --------------------------------------------------------------------------------------------
def test_voren_pot_turned_card_choices_and_three_tricks():
    session = Session.new("voren", {}, seed=5, seat=0)
    obs = _until(session, random.Random(1), lambda o: o["phase"] == "play" and o["hands"][-1]["tricks"]
                 and o["hands"][-1]["tricks"][0]["winner"] is not None)
    html = _html(session, obs)
    pot = _region(html, "pot")
    assert f'<span class="pot-n">{obs["pot"]}</span>' in pot
    assert f'aria-label="{_name(session, obs["turnup"])}"' in pot
    for seat in range(obs["players"]):
        box = _seat_box(html, seat)
        assert f'<b class="chips">{obs["chips"][seat]}</b>' in box
        choice = obs["choices"][seat]
        word = {"play": "Plays", "fold": "Folded", "poke": "Took the poke"}[choice]
        assert word in box
        assert ("folded" in box.split(">")[0]) == (choice == "fold")
    tricks = _region(html, "three-tricks")
    assert tricks.count('<li class="trick-box') == 3
    first = obs["hands"][-1]["tricks"][0]
    assert f'{_seat(first["winner"], 0, obs["players"])} took it' in tricks


# --- nothing hidden, anywhere in a hand ---------------------------------------------------------------
# Every view at once: the trick viewer, the score pad, the first hand's score sheet
# (hands face up), the end of the game, the table details.
VIEWS = {"view_trick": 0, "show_scores": True, "sheet": 0, "show_details": True, "moment": None}


@pytest.mark.parametrize("name,rules", examples())
def test_no_position_of_a_game_shows_a_hidden_card(name, rules):
    """All through a game: the table is the same HTML whatever the other seats'
    hidden cards are (hands, concealed bids, the poke, cards out of play)."""
    session = Session.new(name, rules, seed=9, seat=0)
    rng, swap_rng = random.Random(3), random.Random(4)
    checked = 0
    for _ in range(160):                           # every position of the game's first 160
        if session.state.is_terminal:
            break
        state = session.state
        other, _ = hidden_cards_shuffled(state, 0, swap_rng)
        for ui in ({}, VIEWS):
            assert (_html(session, state.observation(0), state, **ui)
                    == _html(session, other.observation(0), other, **ui))
        checked += 1
        _step(session, rng)
    assert checked >= 10, (f"{name}'s example {rules} ended after {checked} actions: too short a game "
                           f"to show much of its table (examples() in pycore/games/{name}.py)")
    while not session.state.is_terminal:           # and the end of the game, every view open
        _step(session, rng)
    state = session.state
    other, _ = hidden_cards_shuffled(state, 0, swap_rng)
    for ui in ({}, VIEWS, dict(VIEWS, sheet=None), {"end_closed": True}):
        html = _html(session, state.observation(0), state, **ui)
        assert html == _html(session, other.observation(0), other, **ui)
    assert 'id="final-scores"' in _html(session, state.observation(0), state)


# --- one catalog ----------------------------------------------------------------------------------
def test_every_game_of_the_catalog_has_a_layout_and_a_solver_adapter():
    """Games register once (pycore); the page's layout and the solver's adapter hang
    off the game's name: a game without either fails here."""
    from pycore import all_games
    from solver.view import adapter_for
    for name, game in all_games().items():
        assert type(layouts.layout_for(name)) is not layouts.Layout, f"{name} has no layout"
        adapter = adapter_for(name)      # a SolverError naming what is missing otherwise
        assert callable(adapter.build_view), f"{name}'s adapter has no build_view"
    assert set(layouts.LAYOUTS) == set(all_games())
    with pytest.raises(Exception, match="unknown game"):
        class Chess(layouts.Layout, game="chess"):
            pass
