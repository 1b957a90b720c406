"""The default hint's adaptive search, counted in playouts (never timed): it
stops as soon as the best choice is separated at 95% on a clear decision, spends
its whole budget on a close one, and the hint says which of the two happened."""
from __future__ import annotations

import random

import pytest

from pycore import all_games
from pycore.records import dumps
from solver import api
from solver.search import (FLAT_WORLDS, HINT_FIRST_ROUND, SAME_MIN_WORLDS, ActionStats, Budget, Race, Ranking,
                           Spending, _pair_with_the_best, against_best)
from solver.work import drive


class NoisyEvaluator:
    """An action's value on world i: its mean plus noise of spread 1, the same for
    an action on a world whatever else is asked (a stand-in for playouts)."""
    exact = False

    def __init__(self, means: dict, seed: int = 0):
        self.means, self.seed = means, seed

    def cost(self, actions: int) -> float:
        return float(actions)

    def facts(self, index, actions) -> list:
        out = []
        for action in actions:
            noise = random.Random(f"{index}/{action}" if not self.seed else f"{self.seed}/{index}/{action}")
            out.append((self.means[action] + noise.gauss(0, 1), 0, 0, ()))
        return out


class Endless:
    """A position whose worlds are numbered 0, 1, 2, ... (sampled, never
    exhausted), valued by `evaluator` (work.Searcher's part the race reads)."""

    def __init__(self, evaluator):
        self.evaluator = evaluator

    def value(self, i: int, actions, listed: bool) -> list:
        return self.evaluator.facts(i, actions)


def _race(legal, stats, evaluator, spending, population=None, exact_end=False, **options) -> str:
    return drive(Race(Endless(evaluator), stats, spending, False, population, exact_end).run(legal, **options))


def race(means: dict, effort: int) -> tuple[str, float, dict]:
    stats = {a: ActionStats(a, a) for a in means}
    spending = Spending(Budget(effort), None)
    stopped = _race(list(means), stats, NoisyEvaluator(means), spending)
    return stopped, spending.spent, stats


def test_a_clear_decision_stops_early():
    stopped, spent, stats = race({"good": 5.0, "bad": 0.0, "worse": -2.0}, effort=3_000)
    assert stopped == "separated"
    assert spent <= 3 * FLAT_WORLDS            # the first round was enough
    assert stats["good"].n == FLAT_WORLDS


def test_the_hints_race_says_clear_only_after_its_first_round_of_32_worlds():
    """The same clear decision in the hint's race: no choice leaves before every
    one has seen HINT_FIRST_ROUND worlds, so "stood out clearly" and each rate's
    interval rest on 32 deals, not 8 (a Voren hint said "Searched 8 ... deals;
    the best choice is clear", its rate "62% of the time (31-86%)")."""
    means = {"good": 5.0, "bad": 0.0, "worse": -2.0}
    stats = {a: ActionStats(a, a) for a in means}
    spending = Spending(Budget(3_000), None)
    assert _race(list(means), stats, NoisyEvaluator(means), spending,
                 recheck=True, first_round=HINT_FIRST_ROUND) == "separated"
    assert {st.n for st in stats.values()} == {HINT_FIRST_ROUND} and spending.spent == 3 * HINT_FIRST_ROUND


def test_a_close_decision_uses_its_budget():
    stopped, spent, stats = race({"a": 1.0, "b": 1.0, "c": -5.0}, effort=3_000)
    assert stopped == "effort"
    assert spent >= 3_000 - 3                  # all but less than one world's playouts
    assert stats["c"].n < stats["a"].n         # the clearly worse one left the race early
    assert stats["a"].n == stats["b"].n > 1_000


def test_many_choices_are_screened_then_raced():
    """Forty choices (a Raven bid has hundreds): every one is played out, the
    screening keeps the promising ones, and a clear best still stops early."""
    means = {f"x{i}": -i / 2 for i in range(40)}
    means["best"] = 20.0
    stopped, spent, stats = race(means, effort=20_000)
    assert stopped == "separated" and spent < 20_000 / 4
    assert all(st.n >= 1 for st in stats.values())
    assert stats["best"].n == max(st.n for st in stats.values())


def test_choices_the_budget_can_all_race_are_not_screened_on_one_deal():
    """Forty choices and effort for every one to run the race's first round (8
    deals each: Raven's bids with five or six players, or four-player bids
    raced one a move): the screening's first round gives each the deals its
    halving plans, so none is cut on its first deal alone. "winner" is 1.5
    above the rest but drew low on deal 0 (23 of the others above it); the
    search still finds it."""
    means = {f"x{i}": 0.0 for i in range(39)}
    means["winner"] = 1.5
    first = {a: m + random.Random(f"0/{a}").gauss(0, 1) for a, m in means.items()}
    assert sorted(first, key=first.get, reverse=True).index("winner") > 12     # unlucky on deal 0
    stopped, spent, stats = race(means, effort=20_000)
    assert all(st.n >= FLAT_WORLDS for st in stats.values())
    assert stopped == "separated" and max(stats.values(), key=lambda st: st.mean).action == "winner"


def test_a_near_tie_is_told_apart_with_more_effort():
    """Means 0.4 apart with spread 1: not separable on a few worlds; the race goes
    on, doubling its worlds, until it is."""
    stopped, spent, stats = race({"a": 0.4, "b": 0.0}, effort=20_000)
    assert stopped == "separated"
    assert 4 * FLAT_WORLDS <= stats["a"].n < 5_000


class Scripted:
    """An action's value on world i is `value(i, action)`, no noise of its own."""
    exact = False

    def __init__(self, value):
        self.value = value

    def cost(self, actions: int) -> float:
        return float(actions)

    def facts(self, index, actions) -> list:
        return [(self.value(index, action), 0, 0, ()) for action in actions]


def overtaking(i: int, action: str) -> float:
    """"b" leads the first round (2 on every world) and "c" (1) is let go against
    it; "a" looks poor then (3 and -3 by turns) and overtakes "b" in the second
    round (12 a world). On the first round's worlds "c" is a close call against
    "a" ("a" minus "c": 2 and -4 by turns, -1 on average, an interval reaching 0)."""
    turn = 1 if i % 2 else -1
    return {"b": 2 + 0.01 * turn, "c": 1 - 0.01 * turn,
            "a": 3 * turn if i < FLAT_WORLDS else 12}[action]


def overtaking_a_twin(i: int, action: str) -> float:
    """"c" is "b" to the last playout (let go as surely as good once both have
    seen SAME_MIN_WORLDS worlds); "a", 6 and -6 by turns on those, then 20 a
    world, overtakes them both."""
    turn = 1 if i % 2 else -1
    return 2 + 0.01 * turn if action in "bc" else (6 * turn if i < SAME_MIN_WORLDS else 20)


@pytest.mark.parametrize("recheck", [False, True])
def test_a_choice_let_go_as_good_as_an_overtaken_leader_races_the_new_one(recheck):
    """As below, for a choice let go as surely as good as the leader of its round."""
    stats = {a: ActionStats(a, a) for a in "abc"}
    stopped = _race(list("abc"), stats, Scripted(overtaking_a_twin), Spending(Budget(10_000), None),
                    recheck=recheck)
    assert stopped == "separated"
    _pair_with_the_best(stats)
    ranking = Ranking("play", 10**9, 0, False, False)
    ranking.stats = sorted(stats.values(), key=lambda st: -st.ev)
    if recheck:
        assert stats["c"].n == stats["a"].n > SAME_MIN_WORLDS
        assert ranking.stats[0].action == "a" and against_best(ranking, stats["c"]).group == "worse"
    else:                   # on top, paired with "a" on its first worlds, where "a" was even
        assert stats["c"].n == SAME_MIN_WORLDS and ranking.stats[0].action == "c"
        assert against_best(ranking, stats["a"]).group == "close"


@pytest.mark.parametrize("recheck", [False, True])
def test_a_choice_let_go_against_an_overtaken_leader_races_the_new_one(recheck):
    """The race lets "c" go against "b", then "a" overtakes "b" and is called
    clear. Without a recheck (the levels' race, as their ladder rows were
    measured) "c" was judged on the first round's worlds alone, where "a" is not
    clearly better; valued as the ranking values it (paired with "a" on the worlds
    they share), "c" even comes out on top, so a hint would have put it first
    under "the best choice is clear". The hint's race brings "c" back, catches it
    up on the worlds it missed and races it against "a"."""
    stats = {a: ActionStats(a, a) for a in "abc"}
    stopped = _race(list("abc"), stats, Scripted(overtaking), Spending(Budget(10_000), None),
                    recheck=recheck)
    assert stopped == "separated"
    _pair_with_the_best(stats)                  # as rank() values them
    ranking = Ranking("play", 10**9, 0, False, False)
    ranking.stats = sorted(stats.values(), key=lambda st: -st.ev)
    if recheck:
        assert stats["c"].n == stats["a"].n > FLAT_WORLDS
        assert ranking.stats[0].action == "a" and against_best(ranking, stats["c"]).group == "worse"
    else:
        assert stats["c"].n == FLAT_WORLDS and ranking.stats[0].action == "c"
        assert against_best(ranking, stats["a"]).group == "close"


@pytest.mark.parametrize("game,rules", [(name, game.examples()[0]) for name, game in sorted(all_games().items())])
def test_the_hint_says_whether_the_best_was_separated_or_the_budget_ran_out(game, rules):
    """Real positions, effort only (no clock): the search never spends more than
    its effort plus one round of every choice, and the hint's certainty line says
    which way it ended."""
    from tests.solver.positions import positions
    said = {"separated": ("the best choice stood out clearly", "clear that nothing beats the best choice"), "effort": ("budget was spent",),
            "all worlds": ("Every possible deal", "You can see every card"), "one choice": ("",),
            "settled": ("the choice it tried most, and the rest of its time could not have changed that",)}
    seen = set()
    for state, _ in positions(game, rules, 6, seed=99):
        seat = state.current_player
        h = api.hint(dumps(state), seat, {"effort": 400, "seed": 1})
        actions = len(h["actions"])
        if h["stopped"] != "all worlds":
            assert h["playouts"] <= 400 + max(2 * actions, 60)    # + one first round of every choice
        assert any(words in h["certainty"] for words in said[h["stopped"]]), (h["stopped"], h["certainty"])
        if h["stopped"] == "separated":             # clear: no choice is a close call, on 32 deals
            assert h["close_call"] is None and all(a["group"] != "close" for a in h["actions"])
            assert h["searched_worlds"] >= min(HINT_FIRST_ROUND, h["worlds"]), h["searched_worlds"]
        if h["stopped"] == "one choice":            # the summary says it once, the certainty nothing
            assert h["certainty"] == "" and h["summary"].startswith("Only one choice")
        seen.add(h["stopped"])
    assert seen & {"separated", "effort", "all worlds"}


def test_the_flat_reference_spends_its_whole_effort():
    """bench/hint_quality.py's reference (`flat`): no race, no early stop, every
    choice on the same worlds until the effort is spent, even on a clear decision."""
    means = {"good": 5.0, "bad": 0.0, "worse": -2.0}
    stats = {a: ActionStats(a, a) for a in means}
    spending = Spending(Budget(3_000), None)
    race = Race(Endless(NoisyEvaluator(means)), stats, spending, False, None, False)
    assert drive(race.flat(list(means))) == "effort"
    assert spending.spent == 3_000 and {st.n for st in stats.values()} == {1_000}


def test_a_clear_best_is_right_at_95_percent_against_many_close_rivals():
    """A clear best (the hint's "stood out clearly") is a 95% claim about the best against every rival at
    once: with eleven rivals each a little worse (0.1 against noise of spread 1),
    of the races that stop with a clear best, at most 5% name the wrong one. (With
    each comparison at a plain 95% about one in ten did: the leader of many noisy
    rivals is flattered by its luck.)"""
    means = {"best": 0.0, **{f"rival{i}": -0.1 for i in range(11)}}
    claims = wrong = 0
    for seed in range(300):
        evaluator = NoisyEvaluator(means, seed)
        stats = {a: ActionStats(a, a) for a in means}
        stopped = _race(list(means), stats, evaluator, Spending(Budget(4_000), None))
        if stopped == "separated":
            claims += 1
            wrong += max(stats, key=lambda a: stats[a].total / stats[a].n) != "best"
    assert wrong <= 0.05 * claims, (wrong, claims)


class Clock:
    """time.monotonic for solver.search, moved by hand (no test here is timed)."""

    def __init__(self, now: float = 100.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_a_time_budget_counts_from_the_request_and_stops_before_an_unaffordable_world(monkeypatch):
    """The page's 2 s is from the request: the replay and the view count (api.answer
    passes `started`), and the search starts no world that would not fit the time
    left at the rate seen so far."""
    clock = Clock()
    monkeypatch.setattr("solver.spending.time.monotonic", clock)
    budget = Budget(100_000, seconds=1.0)
    spending = Spending(budget, None, started=clock.now - 0.25)     # a quarter spent before the search
    assert spending.elapsed() == 0.25 and not spending.out_of_time()
    spending.spent, clock.now = 100.0, clock.now + 0.25             # 100 playouts in the next 0.25 s
    # rate 100 per 0.5 s elapsed: the half second left affords 100 more playouts, not 150
    assert spending.affords(100) and not spending.affords(150)
    assert spending.why_stopped(150) == "time"                       # the hint says the time ran out
    clock.now += 0.5
    assert spending.out_of_time() and not spending.affords(1)
    no_clock = Spending(Budget(200), None, started=clock.now - 50)  # an effort budget ignores time
    assert no_clock.affords(200) and not no_clock.affords(201) and no_clock.why_stopped(201) == "effort"


def test_a_request_whose_time_went_before_the_search_plays_every_choice_once_and_stops(monkeypatch):
    """A request whose whole time went before the search starts (replaying a long
    record in the page, say): every choice is still played out once, then it stops
    on time and says so."""
    clock = Clock()
    monkeypatch.setattr("solver.spending.time.monotonic", clock)
    means = {"a": 1.0, "b": 1.0, "c": 0.0}
    stats = {a: ActionStats(a, a) for a in means}
    spending = Spending(Budget(3_000, seconds=1.0), None, started=clock.now - 1.0)
    assert _race(list(means), stats, NoisyEvaluator(means), spending) == "time"
    assert spending.spent == 3 and {st.n for st in stats.values()} == {1}


def test_only_the_named_choices_are_ranked():
    """search.rank(only=...): bench/hint_quality.py's reference values a shortlist
    again; the others are left out, and the named ones are searched as usual."""
    from solver.search import rank
    from solver.view import view_of
    from tests.solver.positions import positions
    state = next(s for s, _ in positions("raven", {"players": 4}, 40, seed=5) if len(s.legal_actions()) > 3)
    legal = state.legal_actions()
    r = rank(view_of(state, state.current_player), 60, 1, flat=True, only=legal[:2])
    assert sorted(st.token for st in r.stats) == sorted(state.game.action_token(state, a) for a in legal[:2])
    assert all(st.n >= 2 for st in r.stats)


def test_the_hint_quality_bench_draws_card_play_from_every_trick():
    """bench/hints.positions(decision=...), the positions bench/hint_quality.py
    measures: each the first decision of its kind at or after a random step of
    its game, so leads come from every trick; `first=True` keeps the draws of the
    earlier runs, every one the game's first lead."""
    from bench.hints import kind, positions
    spread = positions("raven", 4, 12, 1, decision="lead")
    first = positions("raven", 4, 12, 1, decision="lead", first=True)
    assert all(kind(s) == "lead" and len(s.legal_actions()) > 1 for s in spread + first)
    assert len({len(s.history) for s in first}) == 1
    assert len({len(s.history) for s in spread}) >= 6


def test_the_hint_searches_the_rest_of_few_exact_worlds_once_the_best_is_clear():
    """Where every world is listed and each is valued exactly (Tricksters' trick
    play from the second trick), the race stops once the best is clear, or when
    the best has seen every world, some choices having seen fewer; the hint then
    searches the worlds each choice has not seen yet, where its budget affords
    them all, so that every value is exact. The levels stop at the race, as
    their ladder rows were measured."""
    from solver.search import rank
    from solver.view import view_of
    from tests.solver.positions import positions
    finished = 0
    for state, _ in positions("tricksters", {}, 60, seed=31):
        if state.is_terminal or len(state.legal_actions()) < 2:
            continue
        level = rank(view_of(state, state.current_player))
        if not level.exact_search or level.sampled_with_replacement or \
                all(s.n >= level.worlds for s in level.stats):
            continue
        assert level.stopped in ("separated", "all worlds", "effort")
        hinted = rank(view_of(state, state.current_player), hint=True)
        if hinted.exact:
            assert hinted.stopped == "all worlds"
            assert all(s.n == hinted.worlds and not s.screened for s in hinted.stats)
            finished += 1
        else:       # the rest was more than the budget: the race's end stands
            assert hinted.stopped in ("separated", "all worlds", "effort")
            assert any(s.n < hinted.worlds for s in hinted.stats)
    assert finished >= 3


def test_the_hints_difference_from_the_best_is_the_one_its_interval_is_about():
    """Each choice's difference from the best is the mean of their world-by-world
    differences on the worlds both were searched on, the sample its interval
    comes from. Taking one of two Tricksters draft cards that play alike on
    every deal, the race let the second go after 32 deals as surely as good;
    valued paired with a third choice, it came out on top by 0.06, and the hint
    said the first was "0.1 points less than the best on every deal searched".
    The best is now one searched on the most worlds."""
    from pycore.game import get_game
    from solver.search import rank
    from solver.view import view_of
    state = get_game("tricksters").new_game({"players": 4}, seed=7)
    for token in ("take T18", "take T19"):
        state = state.apply_action(state.game.parse_action(state, token))
    for effort in (192, 540, 800):
        ranking = rank(view_of(state, state.current_player), effort, 0, hint=True)
        best = ranking.stats[0]
        assert best.n == max(s.n for s in ranking.stats)
        for s in ranking.stats[1:]:
            n = min(s.n, best.n)
            paired = sum(b - v for b, v in zip(best.values[:n], s.values[:n])) / n
            assert against_best(ranking, s).diff == pytest.approx(paired), (effort, s.token)
