"""The hint's answer as a typed value (pycore/answer.py): the worker's JSON read
by `Hint.from_json` and written back by `to_json` is the same JSON, for hints of
every game (rates, Lunar's places, offers to search more, the words); a hint
the solver would never send is refused, saying what is wrong."""
from __future__ import annotations

import json

import pytest

from pycore.answer import AnswerError, Hint
from pycore.records import dumps
from solver import api
from tests.catalog import examples
from tests.solver.positions import positions

CASES = examples()          # each game's examples (Game.examples)


def answers() -> list[dict]:
    out = []
    for name, rules in CASES:
        for state, _ in positions(name, rules, 3, seed=7, starts=1):
            theme = next(iter(state.game.words.themes), "")
            out.append(api.hint(dumps(state), state.current_player, {"effort": 40, "seed": 1}, theme=theme))
    return out


@pytest.fixture(scope="module")
def hints() -> list[dict]:
    return answers()


def test_the_json_read_and_written_back_is_the_same(hints):
    seen = set()
    for answer in hints:
        hint = Hint.from_json(answer)
        assert json.dumps(hint.to_json(), sort_keys=True) == json.dumps(answer, sort_keys=True)
        assert Hint.from_json(hint.to_json()) == hint
        seen.update(rate.key for a in hint.actions for rate in a.rates)
        seen.update(f"place {key}" for place in hint.places.values() for key in ("types", "known")
                    if getattr(place, key) is not None)
        seen.add(f"more {next(iter(hint.more))}" if hint.more else "no offer")
        seen.update(f"group {a.group}" for a in hint.actions)
    # the cases cover the ground: each kind of rate, Lunar's own places, offers and groups
    assert {"takes_trick", "exact_bid", "looed", "place types", "place known", "more all_worlds",
            "no offer", "group best", "group worse"} <= seen, seen


def test_the_numbers_stand_apart_from_the_words(hints):
    """The hand review reads a hint's numbers alone: without its words it has no JSON."""
    from dataclasses import replace
    hint = Hint.from_json(hints[0])
    bare = replace(hint, words=None)
    assert bare.best == hint.best and bare.actions == hint.actions
    with pytest.raises(AnswerError, match="with its words"):
        bare.to_json()


@pytest.mark.parametrize("change,said", [
    (lambda a: a.pop("worlds"), "a hint has no worlds"),
    (lambda a: a.update(seat="0"), "a hint's seat is not int"),
    (lambda a: a.update(actions=[]), "a hint has no choices"),
    (lambda a: a["actions"][0].update(group="great"), "no group 'great'"),
    (lambda a: a["actions"][0].update(interval=[1]), "interval is not an interval"),
    (lambda a: a.update(best="nonsense"), "best 'nonsense' is not its first choice's"),
    (lambda a: a["opponents"].update(rows=[{"place": "hand:1"}]), "a row of the other hands has no name"),
    (lambda a: a.update(exact=1), "a hint's exact is not bool"),
])
def test_a_hint_the_solver_would_not_send_is_refused_saying_what_is_wrong(hints, change, said):
    answer = json.loads(json.dumps(hints[0]))
    change(answer)
    with pytest.raises(AnswerError, match=said):
        Hint.from_json(answer)
