"""A position as text (pycore/position.py): every game, every preset, many seeded
positions; state -> text -> state plays on exactly as the state it came from."""
import doctest
import random
import sys

import pytest

import pycore.game
import pycore.position
from pycore import PositionError, all_games, get_game
from tests.catalog import own_cases

CASES = [(name, preset) for name, game in sorted(all_games().items()) for preset in game.presets()]

# Observation keys about earlier hands and the history: a position read from text has none.
HISTORY = {"history", "hand_starts", "hand_results", "past_bids", "hands"}


def _id(case):
    name, preset = case
    return name + "-" + "-".join(f"{k}={v}" for k, v in sorted(preset.items()))


def tokens(state):
    return [state.game.action_token(state, a) for a in state.legal_actions()]


def same_play(a, b) -> None:
    """`b` (read from text) is the position `a`: same text, legal actions, observations."""
    game = a.game
    assert game.position_text(b) == game.position_text(a)
    assert b.current_player == a.current_player and b.is_terminal == a.is_terminal
    assert tokens(b) == tokens(a)
    assert b.totals() == a.totals() and b.winners() == a.winners()
    if not a.is_terminal:                  # cards conserved: the deal read back holds them
        assert sorted(b.cards_in_play()) == sorted(b.deal_cards(b.deals[-1]))
    for seat in range(a.players):
        oa, ob = a.observation(seat), b.observation(seat)
        differ = sorted(k for k in set(oa) | set(ob) if k not in HISTORY and oa.get(k) != ob.get(k))
        assert not differ, (f"{game.name}: read back from its text {'at the game end ' if a.is_terminal else ''}"
                            f"the observation's {differ} differ: position_fields and _read_position carry "
                            f"what every observation key comes from, at every state, the game's end included")
        if oa["hands"] and oa["hands"][-1]["points"] is None:   # the hand in progress so far
            assert ob["hands"][-1] == oa["hands"][-1]
        if not a.is_terminal:              # (at the end, what was played is no longer placed)
            assert b.hidden_places(seat) == a.hidden_places(seat)


ROUND_TRIPS = 10        # positions of each preset read back and played on, at least
MOST_GAMES = 30         # seeded games played to find them


@pytest.mark.parametrize("name,rules", CASES, ids=[_id(c) for c in CASES])
def test_text_round_trip_plays_on_identically(name, rules):
    game = all_games()[name]
    rng = random.Random(f"position/{name}/{sorted(rules.items())}")
    checked = 0
    # three seeded games, and more where a short game (a preset of one hand) gave fewer
    # than ROUND_TRIPS positions to read back (about one in twelve is sampled)
    for seed in range(MOST_GAMES):
        if seed >= 3 and checked >= ROUND_TRIPS:
            break
        state = game.new_game(rules, seed=seed)
        steps = 0
        while not state.is_terminal and steps < 400:
            if rng.random() < 0.08 or steps == 0:
                back = game.from_position(game.position_text(state))
                same_play(state, back)
                legal = state.legal_actions()
                for action in rng.sample(legal, min(4, len(legal))):
                    same_play(state.apply_action(action), back.apply_action(action))
                # play both on to the end of this hand (and into the next) with the same moves
                a, b, hands = state, back, len(state.finished_hands)
                while not a.is_terminal and len(a.finished_hands) <= hands + 1 - (rng.random() < 0.5):
                    action = rng.choice(a.legal_actions())
                    a, b = a.apply_action(action), b.apply_action(action)
                    assert game.position_text(b) == game.position_text(a)
                    assert tokens(b) == tokens(a)
                    if len(a.finished_hands) == hands + 1 and len(b.finished_hands) == 1:
                        # the hand finished in `b` has the same score sheet as in `a`
                        assert b.observation(0)["hand_results"][0] == a.observation(0)["hand_results"][hands]
                same_play(a, b)
                checked += 1
            state = state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        try:                               # the game's end too
            back = game.from_position(game.position_text(state))
        except PositionError as exc:
            raise AssertionError(f"{name}: the position at the game's end does not read back ({exc}): "
                                 f"position_fields and _read_position cover every state, the end included") from exc
        same_play(state, back)
    assert checked >= ROUND_TRIPS, (f"{checked} positions read back in {MOST_GAMES} games; "
                                    f"a game this short needs more games here")


def test_doctests_of_the_notation():
    for module in (pycore.game, pycore.position, *(sys.modules[type(game).__module__] for game in all_games().values())):
        assert doctest.testmod(module).failed == 0, module.__name__


RAVEN = ('raven rules={"players":4} seed=0 hand=1 dealer=3 phase=play scores=0,0,0,0 '
         'bonuses=0,0,0,0 hands=Sw5/Sw9,Ax3,Wolf/Sw2/Sw3 '
         'bids=Sh1,Sh2,Sh3/Sh4,Sh5,Sh6/Sh7,Sh8,Sh9/Sh10,Sh11,Sh12 out=- won=0,0,0,0 '
         'tricks=0:Dwarf named=Ax')


@pytest.mark.parametrize("change,message", [
    (lambda t: t.replace("raven ", "lunar "), "starts with 'raven'"),
    (lambda t: t.replace("hand=1", "hand=9"), "field 'hand': 9 is out of range"),
    (lambda t: t.replace("dealer=3", "dealer=x"), "field 'dealer': 'x' is not a whole number"),
    (lambda t: t.replace(" out=-", ""), "field 'out' is missing"),
    (lambda t: t + " colour=red", "unknown field 'colour'"),
    (lambda t: t + " out=-", "field 'out' is given twice"),
    (lambda t: t.replace("phase=play", "phase=dance"), "'dance' is not one of bid, play, over"),
    (lambda t: t.replace("Sw9,Ax3", "Sw99,Ax3"), "field 'hands': unknown card 'Sw99'"),
    (lambda t: t.replace("Sw9,Ax3", "Sw5,Ax3"), "Sw5 is in more places than the deck holds it"),
    (lambda t: t.replace("/Sw3 ", " "), "lists 4 places separated by '/', not 3"),
    (lambda t: t.replace("scores=0,0,0,0", "scores=0,0"), "lists 4 numbers"),
    (lambda t: t.replace("scores=0,0,0,0", "scores=-4,0,0,0"),
     "field 'scores': '-4' is below 0, and this field's numbers are 0 or more (a field that may be "
     "negative is read with signed=True)"),
    (lambda t: t.replace("named=Ax", "named=-"), "a led Dwarf names a suit"),
    (lambda t: t.replace("tricks=0:Dwarf", "tricks=0:Dwarf,Ax3>1"), "is not complete and has no winner"),
    (lambda t: t.replace('{"players":4}', '{"players":9}'), "field 'rules': rules field 'players'"),
    (lambda t: t.replace('{"players":4}', '{players}'), "must be a JSON object"),
    (lambda t: t.replace("seed=0 ", "seed=0  "), "is not a key=value field"),
])
def test_malformed_text_is_refused_saying_what_is_wrong(change, message):
    game = get_game("raven")
    game.from_position(RAVEN)                    # the text itself is fine
    with pytest.raises(PositionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        game.from_position(change(RAVEN))


def test_a_position_that_is_not_text_is_refused():
    with pytest.raises(PositionError, match="a position is text"):
        get_game("raven").from_position(None)


def _played(name, rules, actions, seed=4):
    game = get_game(name)
    state = game.new_game(rules, seed=seed)
    for _ in range(actions):
        state = state.apply_action(state.legal_actions()[0])
    return game, game.position_text(state)


@pytest.mark.parametrize("name,rules,actions,old,new,message", own_cases("IMPOSSIBLE_POSITIONS"))
def test_each_game_refuses_an_impossible_position(name, rules, actions, old, new, message):
    game, text = _played(name, rules, actions)
    game.from_position(text)
    assert old in text
    with pytest.raises(PositionError, match=message):
        game.from_position(text.replace(old, new, 1))


@pytest.mark.parametrize("name", sorted(all_games()))
def test_a_game_begun_from_text_has_no_record_and_says_so(name):
    """A record replays a game from its deal; a position read from text has no
    history, so asking for its record is refused, clearly, not answered wrongly."""
    from pycore.errors import RecordError
    from pycore.records import dumps, record_of
    game = all_games()[name]
    state = game.new_game(seed=2)
    for _ in range(5):
        state = state.apply_action(state.legal_actions()[0])
    back = game.from_position(game.position_text(state))
    for position in (back, back.apply_action(back.legal_actions()[0])):
        with pytest.raises(RecordError, match="position read from text"):
            record_of(position)
        with pytest.raises(RecordError, match="position read from text"):
            dumps(position)
    assert record_of(state).actions          # the game played from its deal keeps its record
