"""The hand review (solver/review.py, solver/faceup.py) on seeded records of every
game: its best choice and values at each decision are the hint's at that prefix
of the record (same budget and seed); a choice equal to the best costs 0; the
face-up column equals an independent exact search where it says exact and says
estimated otherwise; the information-set column never reads a hidden card (the
permutation test); the step data, branching records, progress, cache, command
line and worker request."""
from __future__ import annotations

import functools
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pycore.answer import ActionValue as Value, Hint
from pycore.game import all_games, get_game
from pycore.records import dumps, load_record, replay
from solver import api, bots, hints, review as rv
from solver.faceup import EXACT_CARDS, NODES, NODES_PER_EFFORT, face_up
from solver.perfect import solve_actions
from solver.reference.plain import TooLong, plain_points
from solver.view import adapter_for, view_of
from tests.catalog import example_tables
from tests.engine_tokens import engine_tokens
from tests.solver.test_endgame import endgames
from tests.solver.test_perfect import endgame_cards

ROOT = Path(__file__).resolve().parents[2]
BUDGET = {"effort": 24, "seed": 3}
# (name, players): each game's examples (Game.examples), and each game at its fewest
# players, where the face-up column reaches its exact search soonest
TABLES = list(dict.fromkeys(example_tables() + [(name, min(game.player_counts()))
                                                for name, game in sorted(all_games().items())]))
SEAT = 0
PLAIN_UP_TO = 8   # cards left where the plain search of every line (no memo) checks a game's own
#                   exact face-up values (`exact_values`) in seconds: 8 is Tricksters' last two
#                   tricks; from 12 (its third) it takes minutes


@functools.lru_cache(maxsize=None)
def record_text(name: str, players: int, hands: int = 1, easy_every: int = 2) -> str:
    """A seeded game to the end of `hands` hands: SEAT plays the easy bot at every
    `easy_every`-th decision with a choice and the normal bot (the hint's best)
    otherwise; the others play the easy bot."""
    game = get_game(name)
    state = game.new_game({"players": players}, seed=11)
    mine = 0
    while not state.is_terminal and len(state.finished_hands) < hands:
        seat = state.current_player
        if seat == SEAT and len(state.legal_actions()) > 1:
            mine += 1
            level = "easy" if mine % easy_every == 0 else "normal"
            action = bots.choose(state, seat, level, BUDGET["seed"], effort=BUDGET["effort"])
        else:
            action = bots.choose(state, seat, "easy", 5)
        state = state.apply_action(action)
    return dumps(state)


@functools.lru_cache(maxsize=None)
def exported(name: str, players: int) -> dict:
    return rv.review(record_text(name, players), SEAT, 1, BUDGET, cache={})


def cases():
    return [pytest.param(name, players, id=f"{name}-{players}") for name, players in TABLES]


def prefix_state(text: str, upto: int):
    return replay(load_record(text), upto=upto)


# --- the information-set column is the hint ---------------------------------------------------
@pytest.mark.parametrize("name,players", cases())
def test_each_decision_is_the_hint_at_that_prefix(name, players):
    text = record_text(name, players)
    record = json.loads(text)
    hand = exported(name, players)["hands"][0]
    final = replay(load_record(text))
    listed = [d["index"] for d in hand["decisions"]]
    expected = [i for i in range(hand["first_action"], hand["end_action"])
                if (s := prefix_state(text, i)).current_player == SEAT and len(s.legal_actions()) > 1]
    assert listed == expected and listed
    assert len(final.finished_hands) >= 1
    for d in hand["decisions"]:
        prefix = dict(record, actions=record["actions"][:d["index"]])
        hint = Hint.from_json(api.hint(json.dumps(prefix), SEAT, BUDGET))
        assert d["choice"] == record["actions"][d["index"]]
        assert d["best"] == hint.best
        assert d["values"] == {e.action: e.ev for e in hint.actions if e.ev is not None}
        assert d["exact"] == (hint.all_worlds and hint.exact_endgame)
        assert d["worlds"] == hint.worlds


@pytest.mark.parametrize("name,players", cases())
def test_cost_is_the_difference_and_the_best_costs_nothing(name, players):
    hand = exported(name, players)["hands"][0]
    best_taken = 0
    for d in hand["decisions"]:
        values = d["values"]
        assert d["cost"] == round(max(0.0, values[d["best"]] - values[d["choice"]]), 3)
        assert d["cost"] >= 0
        if d["choice"] == d["best"]:
            best_taken += 1
            assert d["cost"] == 0 and d["verdict"] == "best" and not d["big"]
        assert d["big"] == (d["verdict"] == "big loss")
        if d["big"]:
            assert d["sure"] and d["cost"] > hand["big_loss"]
        up = d["face_up"]
        assert up["cost"] == round(max(0.0, up["values"][up["best"]] - up["values"][d["choice"]]), 3)
        if up["screened"]:         # many choices: the choice and the hint's best are always valued
            assert {d["choice"], d["best"]} <= set(up["values"]) < set(values)
            assert len(up["values"]) + up["screened"] == len(values)
        else:
            assert set(up["values"]) == set(values)          # the same choices, every one
    assert best_taken, "the record's seat took the hint's best at every other decision"
    assert hand["clear_losses"] == sum(d["verdict"] in ("small loss", "big loss") for d in hand["decisions"])
    assert hand["big_losses"] == sum(d["big"] for d in hand["decisions"])


def test_a_hand_played_by_the_hint_costs_nothing():
    game = get_game("voren")
    state = game.new_game({"players": 4}, seed=2)
    while not state.finished_hands:
        level = "normal" if state.current_player == SEAT else "easy"
        state = state.apply_action(bots.choose(state, state.current_player, level,
                                               BUDGET["seed"], effort=BUDGET["effort"]))
    hand = rv.review(dumps(state), SEAT, 1, BUDGET, cache={})["hands"][0]
    assert hand["decisions"] and all(d["cost"] == 0 for d in hand["decisions"])
    assert all(d["verdict"] == "best" for d in hand["decisions"])
    assert "choices were all the best or as good" in hand["summary"]
    assert hand["lesson"].startswith("The biggest lesson: none by what you could see")


def test_a_verdict_says_how_big_a_loss_is_and_how_sure():
    """The hint's interval of each choice's difference from the best decides how
    sure a loss is: clear of 0, a loss for sure (small or big by the threshold);
    reaching 0, unclear, with the range it could be in; exact values, exact."""
    hint = Hint("raven", 0, "play", 9, 9, (
        Value("a", 9, 3.0, False, "best", (2.5, 3.5)),
        Value("b", 9, 0.9, False, "close", diff=2.1, diff_interval=(-0.3, 4.5)),
        Value("c", 9, 1.5, False, "worse", diff=1.5, diff_interval=(0.8, 2.2)),
        Value("e", 9, 2.8, False, "worse", diff=0.2, diff_interval=(0.1, 0.3)),
        Value("f", 9, 2.995, False, "as good", diff=0.005, diff_interval=(0.0, 0.01)),
        Value("d", 0, None, False, "unsearched")))
    got = rv.read_hint(hint)
    assert got.values == {"a": 3.0, "b": 0.9, "c": 1.5, "e": 2.8, "f": 2.995}
    assert got.diffs["b"] == (-0.3, 4.5) and got.groups["c"] == "worse"
    analysis = {"best": "a", "groups": got.groups, "diff_intervals": got.diffs, "exact_entries": [],
                "exact_endgame": True}
    said = {}
    for choice in "bcef":
        cost = round(got.values["a"] - got.values[choice], 3)
        verdict, sure = rv._verdict(cost, choice, analysis, 0.5)
        d = {"verdict": verdict, "cost": cost, "sureness": sure,
             "cost_interval": None if sure else list(got.diffs[choice])}
        said[choice] = (verdict, sure, rv.verdict_words(d, "points", 0.5), rv.verdict_how(d, "points"))
    assert said["b"] == ("unclear", None, "Maybe a big loss: about −2.1 points, not sure",
                         "Not sure: the loss could be 0 to −4.5 points (the 95% range of the difference "
                         "reaches 0).")
    assert said["c"][:3] == ("big loss", "clear", "Big loss: −1.5 points, sure")
    assert said["e"][:3] == ("small loss", "clear", "Small loss: −0.2 points, sure")
    assert said["f"][:2] == ("as good as the best", "clear")
    played = dict(analysis, exact_endgame=False)    # each deal played out, not searched: likely
    verdict, sure = rv._verdict(1.5, "c", played, 0.5)
    assert rv.verdict_words({"verdict": verdict, "cost": 1.5, "sureness": sure}, "points") == \
        "Big loss: about −1.5 points, probably"
    exact = dict(analysis, exact_entries=["a", "b"])
    assert rv._verdict(2.1, "b", exact, 0.5) == ("big loss", "exact")
    assert rv._verdict(0.0, "b", analysis, 0.5) == ("as good as the best", "exact")
    looked = dict(analysis, look_ahead=3)       # one deal searched a few moves ahead: no interval
    assert rv._verdict(1.5, "c", looked, 0.5) == ("unclear", None)


def test_sure_losses_are_labelled_in_the_order_of_their_cost():
    """In the reviews of the seeded hands of every game (and of a hand where the
    seat played the easy bot throughout, in Lunar with four players: clear
    losses): of the losses the review is sure of, a larger one is never
    labelled milder; every unsure one says so, with what it could be."""
    hands = [exported(name, players)["hands"][0] for name, players in TABLES]
    hands.append(rv.review(record_text("lunar", 4, easy_every=1), SEAT, 1, BUDGET, cache={})["hands"][0])
    sizes = {"small loss": 1, "big loss": 2}
    seen = {"sure": 0, "unclear": 0}
    for hand in hands:
        sure = sorted((d for d in hand["decisions"] if d["verdict"] in sizes), key=lambda d: d["cost"])
        for milder, larger in zip(sure, sure[1:]):
            assert sizes[milder["verdict"]] <= sizes[larger["verdict"]], (milder, larger)
        for d in hand["decisions"]:
            said = d["verdict_said"]
            if d["verdict"] in sizes:
                seen["sure"] += 1
                assert d["sure"] and said.startswith(("Small loss: ", "Big loss: ")), said
                assert said.endswith(rv.SURENESS[d["sureness"]]), said
                assert (d["verdict"] == "big loss") == (d["cost"] > hand["big_loss"])
            elif d["verdict"] == "unclear":
                seen["unclear"] += 1
                assert not d["sure"], said
                # a loss past the threshold says its likely size and that it is not sure
                big = d["cost"] > hand["big_loss"]
                assert said.startswith("Maybe a big loss: about " if big else "Too close to call"), said
                assert ("not sure" in d["said"]) == big, d["said"]
                assert d["verdict_how"].startswith("Not sure: "), d["verdict_how"]
            assert not engine_tokens(said), said
    assert seen["sure"] >= 2 and seen["unclear"] >= 10, seen


# --- the face-up column --------------------------------------------------------------------------
def plain_values(state, seat: int, limit: int | None = None) -> dict:
    """Each legal action's points for `seat` in this (true, face-up) position, by
    the plain search of every line (solver/reference/plain.py, no memo; TooLong
    past `limit` positions an action)."""
    adapter = adapter_for(state.game.name)
    mark = adapter.hand_mark(state)
    return {state.game.action_token(state, a): plain_points(adapter, state.apply_action(a), seat, mark, limit)
            for a in state.legal_actions()}


PLAIN_LIMIT = 20_000     # positions an action: a plain search past this is left out (the face-up column's exact
#                         values come from the first trick on, far beyond what the plain search reaches)


@pytest.mark.parametrize("name,players", cases())
def test_face_up_is_exact_search_where_it_says_exact(name, players):
    text = record_text(name, players)
    hand = exported(name, players)["hands"][0]
    adapter = adapter_for(name)
    checked = 0
    for d in hand["decisions"]:
        up = d["face_up"]
        assert up["label"] == ("exact" if up["exact"] else "estimated")
        if not up["exact"]:
            continue
        assert up["intervals"] is None and up["cost_interval"] is None
        state = prefix_state(text, d["index"])
        if adapter.cards_left(state) > PLAIN_UP_TO and adapter.exact_values is not None:
            continue
        try:
            plain = plain_values(state, SEAT, PLAIN_LIMIT)
        except TooLong:
            continue
        assert up["values"] == plain, d["when"]
        assert up["values"][up["best"]] == max(up["values"].values())
        checked += 1
    if players == min(get_game(name).player_counts()):    # a bigger table may never come in reach
        assert checked, "the last tricks of every hand are searched exactly face up"
    if adapter.exact_values is not None:     # the game's own exact search, at every trick
        assert all(d["face_up"]["exact"] for d in hand["decisions"] if d["decision"] == "play")


def test_the_face_up_column_is_exact_before_the_last_tricks():
    """The perfect-information solver (solver/perfect.py) gives the face-up column
    exact values at card play well before the last tricks (the endgame search it
    replaced there was tried only with at most 12 cards plus a trick left): in
    the seeded reviews of every game, some card play with more cards left than
    that is exact."""
    early = 0
    for name, players in TABLES:
        text, hand = record_text(name, players), exported(name, players)["hands"][0]
        for d in hand["decisions"]:
            state = prefix_state(text, d["index"])
            if d["face_up"]["exact"] and d["trick"] is not None and not d["face_up"]["one_deal"]:
                early += adapter_for(name).cards_left(state) > EXACT_CARDS + players
    assert early


@pytest.mark.parametrize("name", sorted(all_games()))
def test_face_up_exact_within_its_budget_is_the_plain_search(name):
    """At seeded card-play endgames of every game and preset: the face-up column is
    exact where the perfect-information solver finishes within the budget it is
    given (the game's own exact search aside), and then equals the plain search
    of every line; where it does not finish, the column is an estimate."""
    adapter = adapter_for(name)
    estimated = 0
    for rules in get_game(name).presets():
        for state in endgames(name, rules, 2, endgame_cards(name, rules), seed=13):
            seat = state.current_player
            for nodes in (2, NODES):
                up = face_up(state, seat, nodes=nodes)
                if adapter.exact_values is None:
                    solved = solve_actions(adapter, state, seat, state.legal_actions(), nodes=nodes)
                    assert up.exact == solved.report.finished, nodes
                    estimated += not up.exact
                if up.exact:
                    assert up.values == plain_values(state, seat)
            assert face_up(state, seat).exact
    assert estimated or adapter.exact_values is not None, "a budget of 2 positions finishes nowhere"


def test_face_up_estimate_is_a_sample_of_play_throughs_with_its_interval():
    """Where the face-up column is not searched exactly, each choice's value is
    the mean of PLAYTHROUGHS play-throughs of the rest of the hand on the true
    deal (the quick play, some moves at random), with its 95% interval; the
    same every time for a seed."""
    from solver.faceup import PLAYTHROUGHS
    from solver.stats import half_width
    text = record_text("raven", 4)
    hand = exported("raven", 4)["hands"][0]
    d = next(d for d in hand["decisions"] if d["decision"] == "play" and not d["face_up"]["exact"])
    up = d["face_up"]
    assert up["playthroughs"] == PLAYTHROUGHS and "estimated" in up["certainty"]
    state = prefix_state(text, d["index"])
    again = face_up(state, SEAT, seed=BUDGET["seed"], keep=(d["choice"], d["best"]),
                    nodes=BUDGET["effort"] * NODES_PER_EFFORT)
    assert not again.exact and {t: round(v, 3) for t, v in again.values.items()} == up["values"]
    for token, samples in again.samples.items():
        assert len(samples) == PLAYTHROUGHS and len(set(samples)) >= 1
        mean, width = sum(samples) / len(samples), half_width(samples)
        assert again.intervals[token] == pytest.approx((mean - width, mean + width))
    spread = [len(set(samples)) > 1 for samples in again.samples.values()]
    assert any(spread), "the play-throughs differ: a sample, not one fixed line"


@pytest.mark.parametrize("name,players", cases())
def test_where_the_columns_differ_the_line_names_a_hidden_card(name, players):
    text = record_text(name, players)
    hand = exported(name, players)["hands"][0]
    for d in hand["decisions"]:
        up, diff = d["face_up"], d["difference"]
        state = prefix_state(text, d["index"])
        if diff is None:
            assert d["why"] is None
            if up["exact"]:
                assert up["values"][d["best"]] == max(up["values"].values())
            continue
        assert diff["known"] == d["best"] and diff["better"] == up["best"]
        assert up["values"][diff["better"]] > up["values"][d["best"]]
        if up["exact"]:
            assert up["values"][diff["better"]] == max(up["values"].values())
            # of face-up bests tied, the one the line compares: your choice where it is one
            if up["values"][d["choice"]] == max(up["values"].values()) and d["choice"] != d["best"]:
                assert diff["better"] == d["choice"], (d["choice"], diff)
        assert 0 <= diff["with_card"] <= diff["better_in"] <= diff["worlds"] <= rv.WHY_WORLDS
        assert d["why"] and not engine_tokens(d["why"]), d["why"]
        if diff["card"] is not None:
            # its place as the model names it (an adapter's model_world may merge the engine's places)
            truly = adapter_for(state.game.name).model_world(state, state.hidden_places(SEAT))[diff["place"]]
            assert state.game.parse_card(diff["card"]) in truly     # its true, hidden place


# --- the permutation test ------------------------------------------------------------------------
@pytest.mark.parametrize("name,players", cases())
def test_information_set_column_never_reads_hidden_cards(name, players):
    """At each decision, the record with the cards the seat could not see
    rearranged (a world consistent with its view, as tests/conformance.py's
    hidden_cards_shuffled swaps them, but replaying legally) and without the
    rest of the game gives the same information-set column."""
    text = record_text(name, players)
    hand = exported(name, players)["hands"][0]
    rng = random.Random(f"review/permutation/{name}/{players}")
    budget = rv.budget_of(BUDGET)
    moved, one_world = 0, True
    for d in hand["decisions"]:
        state = prefix_state(text, d["index"])
        view = view_of(state, SEAT)
        truth = {p: tuple(sorted(c)) for p, c in state.hidden_places(SEAT).items()}
        one_world = one_world and view.count() == 1
        for _ in range(2):
            world_record = view.adapter.world_record(view, view.counter.sample(rng))
            other = replay(world_record)
            assert other.observation(SEAT) == state.observation(SEAT)
            moved += {p: tuple(sorted(c)) for p, c in other.hidden_places(SEAT).items()} != truth
            got = rv.analyse(other, SEAT, budget, cache={}, choice=d["choice"])
            line = rv.review_decision(other, SEAT, d["choice"], got, hand["big_loss"], "", d["index"])
            for key in ("best", "best_said", "values", "intervals", "exact", "worlds",
                        "searched_worlds", "cost", "verdict", "choice_said", "when"):
                assert line[key] == d[key], (key, d["index"])
    assert moved or one_world, "some world put a hidden card elsewhere"


# --- the hand face up, and branching off it ---------------------------------------------------------
@pytest.mark.parametrize("name,players", cases())
def test_steps_show_every_trick_face_up(name, players):
    text = record_text(name, players)
    hand = exported(name, players)["hands"][0]
    summary = replay(load_record(text)).summary()["hands"][0]
    assert hand["points"] == summary["points"]
    assert [{k: t[k] for k in ("leader", "cards", "winner")} for t in hand["tricks"]] == summary["tricks"]
    assert [s["action"] for s in hand["steps"]] == \
        json.loads(text)["actions"][hand["first_action"]:hand["end_action"]]
    for step in hand["steps"]:
        assert not engine_tokens(step["said"]), step["said"]
    for trick in hand["tricks"]:
        for seat, card in trick["cards"]:
            assert card in trick["hands"][seat] + trick.get("sky", [])


def test_play_from_here_and_replay_this_deal():
    text = record_text("raven", 4, hands=2)
    record = json.loads(text)
    export = rv.review(text, SEAT, 2, BUDGET, cache={})
    hand = export["hands"][0]
    d = hand["decisions"][1]
    state = prefix_state(text, d["index"])
    other = next(t for t in d["values"] if t != d["choice"])
    branch = rv.play_from_here(text, d["index"], other)
    assert branch["actions"] == record["actions"][:d["index"]] + [other]
    assert replay(branch).history[:-1] == state.history
    with pytest.raises(ValueError):
        rv.play_from_here(text, d["index"], "Sh99")
    again = rv.replay_deal(text, 2)
    assert again["actions"] == record["actions"][:hand["first_action"]]
    restarted = replay(again)
    assert restarted.deals[-1] == replay(load_record(text)).deals[1]   # the same deal
    assert len(restarted.finished_hands) == 1 and restarted.current_player is not None


# --- progress, cancel and the cache --------------------------------------------------------------
def test_progress_cancel_and_a_second_look(monkeypatch):
    text = record_text("tricksters", 4)
    calls = []
    hinted = []
    real = hints.ranked_steps
    monkeypatch.setattr(hints, "ranked_steps", lambda *a, **k: hinted.append(1) or real(*a, **k))
    cache: dict = {}

    class Cancel(Exception):
        pass

    def cancel_after_two(done, total):
        calls.append((done, total))
        if done == 2:
            raise Cancel
    with pytest.raises(Cancel):
        rv.review(text, SEAT, 1, BUDGET, progress=cancel_after_two, cache=cache)
    assert len(hinted) == 2 and len(cache) == 2         # the two finished decisions are kept
    calls.clear()
    first = rv.review(text, SEAT, 1, BUDGET, progress=lambda d, t: calls.append((d, t)), cache=cache)
    total = len(first["hands"][0]["decisions"])
    assert calls == [(k, total) for k in range(total + 1)]
    assert len(hinted) == total                          # only the rest was analysed
    assert rv.review(text, SEAT, 1, BUDGET, cache=cache) == first
    assert len(hinted) == total                          # a second look: nothing searched
    assert first == exported("tricksters", 4)


def test_a_review_replays_the_record_once_not_once_a_decision(monkeypatch):
    """The review ranks the positions it holds (the hint's numbers of each
    decision's view, read from the hand's positions): the record is replayed
    once for the whole review, not again for each decision's hint (as a request
    of the record's prefix would be) nor for the comparison with the player's
    worlds (Tricksters' hand here has one)."""
    from pycore import records
    from solver.games import common
    text = record_text("tricksters", 4)
    started = []
    real = records.start_state

    def counted(record):
        started.append(1)
        return real(record)
    monkeypatch.setattr(records, "start_state", counted)
    monkeypatch.setattr(common, "start_state", counted)
    export = rv.review(text, SEAT, 1, BUDGET, cache={})
    decisions = export["hands"][0]["decisions"]
    assert len(decisions) >= 5 and any(d["difference"] for d in decisions)
    assert len(started) == 1


# --- the command line and the worker -------------------------------------------------------------
def run_cli(*args: str, stdin: str | None = None):
    return subprocess.run([sys.executable, "-m", "solver.review", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("name,players", cases())
def test_printed_table_has_no_engine_tokens(name, players, tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(record_text(name, players))
    assert rv.main([str(path), "--seat", str(SEAT), "--hand", "1", "--budget", json.dumps(BUDGET)]) == 0
    out = capsys.readouterr().out
    hand = exported(name, players)["hands"][0]
    assert hand["summary"] in out
    for d in hand["decisions"]:
        assert d["choice_said"] in out
    assert not engine_tokens(out), engine_tokens(out)[:5]


def test_command_line_json_and_refusals(tmp_path):
    good = tmp_path / "game.json"
    good.write_text(record_text("voren", 3))
    done = run_cli(str(good), "--seat", "0", "--budget", json.dumps(BUDGET), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == exported("voren", 3)
    record = json.loads(record_text("voren", 3))
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(dict(record, actions=record["actions"][:3] + ["GH"])))
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(json.dumps(dict(record, actions=record["actions"][:5])))
    cases = [([str(tmp_path / "missing.json"), "--seat", "0"], "cannot read"),
             (["-", "--seat", "0"], "not JSON"),
             ([str(illegal), "--seat", "0"], "action 3 'GH'"),
             ([str(good), "--seat", "9"], "no seat 9"),
             ([str(good), "--seat", "left"], "--seat"),
             ([str(good)], "--seat"),
             ([str(good), "--seat", "0", "--hand", "4"], "hand 4 is not a finished hand"),
             ([str(unfinished), "--seat", "0"], "hand 1 is not a finished hand"),
             ([str(good), "--seat", "0", "--budget", "lots"], "budget"),
             ([str(good), "--seat", "0", "--budget", '{"effort": 0}'], "budget effort")]
    for args, words in cases:
        got = run_cli(*args, stdin="{not json")
        assert got.returncode == 2, (args, got.stderr)
        assert got.stdout == ""
        lines = got.stderr.strip().splitlines()
        assert len(lines) == 1 and words in lines[0], (args, got.stderr)


def test_worker_reviews_and_refuses_without_failing():
    sys.path.insert(0, str(ROOT / "web"))
    from manyhands_web import worker_api
    record = json.loads(record_text("voren", 3))
    calls = []
    answer = json.loads(worker_api.handle(json.dumps(
        {"op": "review", "record": record, "seat": SEAT, "hand": 1, "budget": BUDGET}),
        lambda done, total, made: calls.append((done, total))))
    assert answer.pop("available") is True
    assert answer.pop("reused") >= 0        # decisions this worker had analysed before
    # the page's worker names the computer players by the page's cast (manyhands_web/cast.py)
    from manyhands_web.cast import seat_names
    assert answer == rv.review(record_text("voren", 3), SEAT, 1, BUDGET, cache={}, namer=seat_names)
    assert answer != exported("voren", 3)
    assert calls[0][0] == 0 and calls[-1][0] == calls[-1][1]
    refused = json.loads(worker_api.handle(json.dumps(
        {"op": "review", "record": record, "seat": 7})))
    assert refused["available"] is False and "no seat 7" in refused["message"]


def test_a_voren_review_can_name_a_card_that_was_out_of_play():
    """During Voren's tricks the cards no play can reach (the stock, the poke, a
    discard, folded hands) are one place of the model; the review compares the
    true deal in the model's places (Adapter.model_world), so that what the
    player could not know may be that a card was out of play, said in words."""
    from pycore.words import Narrator
    from solver.faceup import explain
    from tests.solver.positions import positions
    for state, _ in positions("voren", {"players": 4}, 150, seed=77):
        if state.phase != "play" or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player
        up = face_up(state, seat)
        order = sorted(up.values, key=lambda t: -up.values[t])
        if up.values[order[0]] == up.values[order[-1]]:
            continue
        truth = state.hidden_places(seat)
        found = explain(view_of(state, seat), truth, order[-1], order[0], 24)
        if found.place == "out":
            break
    else:
        pytest.fail("no review named a card out of play")
    live = {f"hand:{s}" for s in state.active}
    assert any(found.card in cards for name, cards in truth.items() if name not in live)
    tell = Narrator(state.game, state.observation(seat))
    words = rv.fact_words("out", state.game.card_token(found.card), tell, False)
    assert words.endswith("was out of play") and not engine_tokens(words), words


def test_the_face_up_column_values_your_choice_where_the_hint_tried_only_some():
    """With one possible deal (Lunar's Sky near the end) the face-up column takes the
    hint's values where the hint valued every choice; a tree search at a small effort
    leaves choices it never tried unvalued, and then the column values the choices
    itself, so that the player's choice always has its value beside the best (a
    review drawn with it missing failed)."""
    text = record_text("lunar", 2)
    hand = rv.review(text, SEAT, 1, {"effort": 6, "seed": 1}, cache={})["hands"][0]
    one_deal = [d for d in hand["decisions"] if d["worlds"] == 1]
    assert one_deal
    for d in one_deal:
        values = d["face_up"]["values"]
        assert d["choice"] in values and d["face_up"]["best"] in values, (d["decision"], d["choice"])
