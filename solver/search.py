"""Rank every legal action of the seat to act over its consistent worlds.

Each world (drawn from an exactly uniform sequence; all of them, shuffled, when
they are few) becomes a complete position; every action still in the race is
applied in it and valued by an evaluator: the rest of the hand played out by
the game's fast policy for every seat, or searched exactly (max^n, or the
game's own exact search) when few cards are left. Worlds are common to the
actions, so the differences between actions carry no noise from one world to
another, and the world sequence depends only on the seed and the position, not
on the effort: a longer search sees the same first worlds.

How long it searches (`Budget`): until the best action is separated from every
other one at 95% together (each paired difference's interval clear of 0, or the
two equal within a hair over at least SAME_MIN_WORLDS worlds; with m rivals
still racing, each interval at 1 - 5%/m, Bonferroni's correction, so that "clear
at 95%" holds of the best against all of them at once), or every world has been searched exactly, or the effort
(playouts: one action played out on one world) or the time is spent; the
Ranking says which (`stopped`). When the actions are many (Raven's bids: up to
2,380; Lunar's gifts: up to 225), a screening round of sequential halving first
plays every action on a world or two and keeps the better ones for the race.
A search without a time limit is a pure function of its seed.

With one consistent world and a game whose adapter says who is on whose side
(`allies`: Lunar's Sky), there is nothing to sample: the search looks ahead in
that world instead, deeper as the budget allows (`_look_ahead`).

Every action's value is the mean over its worlds, or for an action dropped
from the race early, the best's mean plus their mean difference on the worlds
both saw ("paired"), with 95% intervals from solver/stats.py.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace

from . import tree, work
from .spending import DEFAULT_EFFORT, Budget, Spending
from .errors import SolverError
from .stats import half_width, welch_half_width
from .view import SeatView

@dataclass
class ActionStats:
    action: object
    token: str
    total: float = 0.0
    n: int = 0
    took_trick: int = 0
    exact_bid: int = 0
    outcomes: dict = field(default_factory=dict)   # adapter-named outcomes -> worlds seen in
    values: list = field(default_factory=list, repr=False)   # points in each world, in order
    paired: float | None = None    # set when searched on fewer worlds than the reference
    reference: str | None = None   # the token of the action it was paired with
    screened: bool = False         # left behind by the screening round (too few worlds to race)
    left: str | None = None        # let go from the race: "worse" or "as good" than the best then

    @property
    def mean(self) -> float | None:
        """The plain average over the worlds this action was searched on."""
        return self.total / self.n if self.n else None

    @property
    def ev(self) -> float | None:
        """The expected points: the plain mean, or for an action searched on fewer
        worlds than the reference, the reference's mean plus the mean difference
        on the worlds both were searched on (common worlds: no world noise)."""
        return self.paired if self.paired is not None else self.mean


@dataclass
class Ranking:
    decision: str
    worlds: int                   # consistent worlds (exact count)
    used: int                     # worlds searched (by the best action)
    enumerated: bool              # every world searched by the best action
    exact_search: bool            # each world's value is exact (no playout noise)
    stats: list = field(default_factory=list)   # best first
    bids: bool = False            # the game has bids (exact-bid rates are meaningful)
    words: dict = field(default_factory=dict)   # outcome -> what a hint says of it
    rare: tuple = ()              # outcomes said only where they happened (adapter.rare_outcomes)
    all_worlds_effort: int | None = None   # playouts of searching every world (None: too many)
    stopped: str = "separated"    # separated | all worlds | effort | time | one choice
    playouts: int = 0             # effort spent
    sampled_with_replacement: bool = True   # worlds drawn independently (else a shuffled list)
    look_ahead: int = 0           # one consistent world searched this many moves ahead (0: not)
    tree: bool = False            # searched by solver/tree.py: each action on worlds of its own
    spent_least: bool = False     # the first is not the search's best: on a partner's sure trick,
    #                               the card that spends least of those alike (hints.hint)

    @property
    def exact(self) -> bool:
        """The values are the exact expectation over every consistent world."""
        return self.exact_search and self.enumerated

    def population(self) -> int | None:
        """For intervals: the number of worlds sampled without replacement from,
        when the values are exact per world (None: an infinite population)."""
        return None if self.sampled_with_replacement or not self.exact_search else self.worlds


@dataclass(frozen=True)
class Comparison:
    """An action against the ranking's best: how much less it is worth (`diff`,
    the best's value minus its own), the half width of that difference's 95%
    interval over the worlds both were searched on (`width`: 0 when exact, None
    with too few worlds), and the group a hint puts it in: "best", "as good"
    (surely within SAME_WITHIN), "close" (the interval reaches 0: the search
    cannot tell them apart), "worse", or "screened" (too few worlds to say)."""
    diff: float | None = 0.0
    width: float | None = 0.0
    group: str = "best"


def against_best(r: Ranking, s: ActionStats) -> Comparison:
    """How `s` compares with the best of `r` (r.stats[0]): see Comparison. Both
    were played out on the same first worlds (common worlds), so the difference
    is judged world by world."""
    best = r.stats[0]
    if s is best:
        return Comparison()
    if not s.n:
        return Comparison(None, None, "screened")
    diff = best.ev - s.ev
    if s.screened:      # left behind before the race, on a world or a few: no interval to claim
        return Comparison(diff, None, "screened")
    if r.look_ahead and not r.exact:     # one estimate each, from the same search: no sample
        return Comparison(diff, 0.0, "as good" if abs(diff) <= SAME_WITHIN else "worse")
    if r.tree:          # each action's own iterations: Welch's interval, no pairing
        width = welch_half_width(best.values, s.values)
    else:
        n = min(s.n, best.n)
        diffs = [b - v for b, v in zip(best.values[:n], s.values[:n])]
        exact = r.exact_search and not r.sampled_with_replacement and min(s.n, best.n) >= r.worlds
        width = 0.0 if exact else half_width(diffs, r.population())
    if width is None:
        group = "screened"
    elif abs(diff) + width <= SAME_WITHIN:
        group = "as good"
    elif diff - width <= 0:
        group = "close"
    else:
        group = "worse"
    return Comparison(diff, width, group)


def alike(r: Ranking) -> list:
    """The actions the search cannot tell from the best: those it did not let go
    as surely worse (in the race, than the best of that round; nor screened out)
    whose difference from the best, on the worlds both were searched on, has a
    95% interval reaching 0 (an exact difference: none at all); of a tree's,
    only those tried at least tree.ALIKE_VISITS times, as tree.alike (whose
    Welch interval takes 1.96 where this one takes Student's t: a hair
    narrower). The best first."""
    return [s.action for s in r.stats
            if s.left != "worse" and not s.screened
            and (not r.tree or s is r.stats[0] or s.n >= tree.ALIKE_VISITS)
            and against_best(r, s).group in ("best", "as good", "close")]


# A hint offers to search every consistent world (each action on each world) only
# up to this many world-action searches; beyond that it would take too long.
ALL_WORLDS_CAP = 100_000


def all_worlds_effort(worlds: int, actions: int) -> int | None:
    """The playouts of searching every action on every one of `worlds` consistent
    worlds, or None when that is more than ALL_WORLDS_CAP, or there is nothing to
    choose."""
    if actions <= 1 or actions * worlds > ALL_WORLDS_CAP:
        return None
    return actions * worlds


FLAT_WORLDS = 8        # the race's first round: every action on this many worlds
HINT_FIRST_ROUND = 32  # ... in the hint's race, which has time for more before it says "clear"
RACE_ACTIONS = 12      # more actions than this are screened first (sequential halving)
ENUMERATE_WORLDS = 2_000   # at most this many consistent worlds are listed (then shuffled)
SAME_WITHIN = 0.02     # two actions whose difference is surely within this are as good
SAME_MIN_WORLDS = 32   # ... judged on this many worlds at least: two actions alike on every one
#                        of n worlds may still differ on up to 3/n of all of them (95%), and
#                        on 8 worlds such "ties" were up to 0.38 points apart in the exact search
EXACT_FEW_WORLDS = 2 * FLAT_WORLDS   # this few worlds, each valued exactly: all searched (exact)


def lists_worlds(total: int) -> bool:
    """Whether a race over `total` consistent worlds lists them all (then
    shuffled), rather than sampling each: the rule the search and a worker
    building its position ahead share."""
    return total <= ENUMERATE_WORLDS


def halving_schedule(actions: int, effort: int, floor: int = 2,
                     always: bool = False) -> list[tuple[int, int]]:
    """Sequential halving for `effort` playouts over `actions` actions: [(actions
    still in, worlds each has seen once this round is done)], round by round.
    Round 0 plays every action on max(1, effort / 2 actions) worlds; then at most
    max(floor, effort / 8) of them go on, halved each round, sharing `effort`
    more playouts, until `floor` are left. Every action is played out at least
    once; the cost is about actions * (worlds of round 0) + effort playouts.
    With effort for FLAT_WORLDS worlds of every action, one round (no halving),
    unless `always`."""
    if actions <= floor or (effort // actions >= FLAT_WORLDS and not always):
        return [(actions, max(1, effort // max(1, actions)))]
    seen = max(1, effort // (2 * actions))
    out = [(actions, seen)]
    alive = max(floor, min((actions + 1) // 2, effort // FLAT_WORLDS))
    rounds = max(1, (alive - 1).bit_length() - (floor - 1).bit_length() + 1)
    share = effort / rounds
    while True:
        seen += max(1, int(share // alive))
        out.append((alive, seen))
        if alive <= floor:
            return out
        alive = max(floor, (alive + 1) // 2)


def _by_mean(stats):
    return lambda a: (-stats[a].total / stats[a].n, stats[a].token)


def _separated(best, other, population, rivals: int) -> str | None:
    """Whether `other` need not race on against `best`: "worse" (the interval of
    their paired difference clear of 0) or "as good" (surely within SAME_WITHIN),
    over the worlds both have seen, else None; the interval is one of `rivals`
    (every action racing the best) that hold together at 95%."""
    n = min(best.n, other.n)
    if n < FLAT_WORLDS:
        return None
    diffs = [b - o for b, o in zip(best.values[:n], other.values[:n])]
    width = half_width(diffs, population, comparisons=rivals)
    if width is None:
        return None
    mean = sum(diffs) / n
    if mean - width > 0:
        return "worse"
    if n >= min(SAME_MIN_WORLDS, population or SAME_MIN_WORLDS) and abs(mean) + width <= SAME_WITHIN:
        return "as good"
    return None


def rank(view: SeatView, effort: int = DEFAULT_EFFORT, seed: int = 0, progress=None, **options) -> Ranking:
    """`rank_steps` run to its end in this process (see there)."""
    return work.drive(rank_steps(view, effort, seed, progress, **options))


TREES = 4             # the hint's tree search: up to this many trees from streams of their own, merged
TREE_SHARE = 15       # ... each with at least this many iterations for every choice (fewer trees else)


def trees_for(effort: int, actions: int, split: bool = True) -> int:
    """How many trees a tree search of `effort` iterations over `actions` root
    choices grows (root parallelism): TREES, fewer where each would get less
    than TREE_SHARE iterations a choice (a small tree tries few of the choices
    at its root), and one where the adapter does not `split` them (its
    split_trees: where one tree was measurably stronger than several of the
    same iterations, as with the Sky's one deal). A function of the effort and
    the position only, never of the workers, so the answer is too."""
    if not split:
        return 1
    return max(1, min(TREES, effort // (TREE_SHARE * max(1, actions))))


def rank_steps(view: SeatView, effort: int = DEFAULT_EFFORT, seed: int = 0, progress=None, *,
               seconds: float | None = None, all_worlds: bool = False, flat: bool = False,
               started: float | None = None, only: list | None = None, tree: bool = False,
               hint: bool = False, searcher=None, workers: int = 1):
    """Every legal action of the seat to act, each with its expected points for
    the hand over uniform consistent worlds (see the module docstring), within
    `Budget(effort, seconds, all_worlds)`. `progress(done, total)`, if given, is
    called as the search goes, from (0, total) to (total, total). A generator:
    it yields each batch of worlds or trees to value (solver/work.py), is sent
    their results and returns the Ranking (`rank` runs it here; work.drive with
    another driver spreads its batches over processes or workers).

    `flat`: no race, every action on the same worlds until the effort (or time)
    is spent (bench/hint_quality.py's reference).

    `started`: the time.monotonic() the request came in, when that was before
    this call (`seconds` then counts from it: the replay and the view too).

    `only`: rank only these of the legal actions (bench/hint_quality.py's
    reference re-values a few candidates on fresh worlds).

    `tree`: where the adapter's `tree_search` says a tree pays (the hard level's
    card play in Lunar, and in Raven with 2 to 4 players), search with it
    instead (`_tree`: `trees_for` trees from streams of their own, merged), so
    that the hint suggests what hard would play.

    `hint`: the hint's search (the levels keep the one their ladder rows were
    measured with): choices the adapter calls one move in all but name
    (`same_choice`: Raven's bids) are raced as one, the first in legal order, and
    the others valued alike, world by world (more worlds for each real choice);
    and the choices raced are listed before those screened out on a world or
    two, which are no suggestion (one may have come out higher on its few
    worlds); where the worlds are few and each is valued exactly, the choices a
    race let go on fewer of them are valued on the rest too, where the budget
    affords that (`_finish`), so that every value is exact.

    `searcher`: the position's work.Searcher, when the caller has one.

    `workers`: how many workers share a search bounded by `seconds`: a tree
    search then grows at least one tree on each (trees_for grows one alone where
    the adapter does not split trees, and the other workers would idle); with no clock the
    answer depends on the effort and seed only, and this is ignored."""
    budget = Budget(effort, seconds, all_worlds)
    adapter = view.adapter
    state, seat = view.state, view.seat
    if state.current_player != seat:
        raise SolverError(f"it is seat {state.current_player}'s turn, not seat {seat}'s")
    searcher = searcher if searcher is not None else work.Searcher(view, seed)
    legal = list(searcher.legal)
    if only is not None:
        legal = [a for a in legal if a in only]
    stats = {a: ActionStats(a, state.game.action_token(state, a)) for a in legal}
    total = view.count()
    evaluator = searcher.evaluator
    offer = all_worlds_effort_of(total, len(legal), evaluator)
    spending = Spending(budget, progress, started)
    out = Ranking(adapter.decision(state), total, 0, False, evaluator.exact,
                  bids=adapter.bids, words=dict(adapter.outcome_words), rare=adapter.rare_outcomes,
                  all_worlds_effort=offer)
    few = evaluator.exact and total <= EXACT_FEW_WORLDS and len(legal) > 1
    if tree and adapter.tree_search(state) and not budget.all_worlds and len(legal) > 1 \
            and only is None and not flat:
        trees = trees_for(int(spending.limit), len(legal), adapter.split_trees(state))
        if seconds is not None:
            trees = max(trees, min(TREES, workers))
        out.stopped = yield from _tree(searcher, stats, spending, f"manyhands/solver/{searcher.tag}", trees)
        out.tree = True
        # No "search all deals" after the tree: it plays each deal out once (the tree runs
        # until the exact endgame, so no deal would be valued exactly), which tells less
        # than the tree's thousands of playouts over the same deals; "think longer" does.
        out.all_worlds_effort = None
    elif total == 1 and not evaluator.exact and adapter.allies is not None and len(legal) > 1:
        rng = random.Random(f"manyhands/solver/{searcher.tag}")
        out.stopped, out.look_ahead, out.exact_search = _look_ahead(
            view, evaluator, legal, stats, spending, rng)
        out.sampled_with_replacement = False
    elif budget.all_worlds or few:      # few worlds searched exactly: as cheap as a race, and exact
        if evaluator.cost(len(legal)) * total > ALL_WORLDS_CAP:
            raise SolverError(f"there are too many possible deals ({total:,}) to search every one")
        yield from _search_every_world(searcher, stats, spending, total)
        out.stopped, out.sampled_with_replacement = "all worlds", False
    else:
        listed = lists_worlds(total)
        out.sampled_with_replacement = not listed
        race = Race(searcher, stats, spending, listed,
                    None if out.sampled_with_replacement or not evaluator.exact else total,
                    exact_end=listed and evaluator.exact and total)
        twins = _twins(adapter, state, legal) if hint else {}
        raced = [a for a in legal if a not in twins]
        if flat:
            out.stopped = yield from race.flat(raced)
        else:
            out.stopped = yield from race.run(raced, recheck=hint,
                                              first_round=HINT_FIRST_ROUND if hint else FLAT_WORLDS)
        if hint and race.exact_end and out.stopped in ("separated", "all worlds"):
            out.stopped = (yield from race.finish(raced, total)) or out.stopped
        for action, searched in twins.items():
            stats[action] = replace(stats[searched], action=action, token=stats[action].token,
                                    values=list(stats[searched].values),
                                    outcomes=dict(stats[searched].outcomes))
    spending.report(done=True)
    if out.tree:            # the move is the most tried action (tree.most_visited: ties in
        #                     legal order); no common worlds to pair on
        out.stats = sorted(stats.values(), key=lambda s: (-s.n, -s.total))
    else:
        _pair_with_the_best(stats)
        most = max(s.n for s in stats.values())
        # The hint's best is one searched on the most worlds (the race's survivors): one let go
        # on fewer, valued paired with another, could top it by luck ("0.1 points less than the
        # best on every deal searched" of a choice equal to it on every one), and the hint's
        # comparisons are with the best, world by world.
        out.stats = sorted(stats.values(), key=lambda s: (hint and s.screened, hint and s.n < most,
                                                          -(s.ev or 0.0), -s.n, s.token))
    out.used = out.stats[0].n
    out.enumerated = not out.sampled_with_replacement and out.used >= total
    out.playouts = round(spending.spent)
    return out


def _twins(adapter, state, legal) -> dict:
    """{action: the action searched for it} for the choices the adapter calls one
    move with an earlier one (`same_choice`); the first of each is searched."""
    key = adapter.same_choice(state)
    if key is None:
        return {}
    first, twins = {}, {}
    for action in legal:
        searched = first.setdefault(key(action), action)
        if searched is not action:
            twins[action] = searched
    return twins


class _OutOfBudget(Exception):
    pass


def minimax(adapter, state, seat: int, mark: int, rng, edge, alpha: float = -math.inf,
            beta: float = math.inf) -> tuple:
    """(the seat's points for hand `mark`, the hand's last position) on the line
    where the seat and its allies (`adapter.allies`) maximise those points and
    the others minimise them: alpha-beta, the policy's move tried first. Where
    `edge(position)` gives a (points, last position), the search stops there
    and takes it (a playout, say); where it gives None, it searches on."""
    if adapter.hand_mark(state) != mark:
        return adapter.hand_points(state, seat, mark), state
    got = edge(state)
    if got is not None:
        return got
    actions = state.legal_actions()
    first = adapter.policy_action(state, rng) if len(actions) > 1 else actions[0]
    actions = [first] + [a for a in actions if a != first]      # the likely move first
    maximise = adapter.allies(state, state.current_player, seat)
    best = None
    for action in actions:
        got = minimax(adapter, state.apply_action(action), seat, mark, rng, edge, alpha, beta)
        if best is None or (got[0] > best[0] if maximise else got[0] < best[0]):
            best = got
        if maximise:
            alpha = max(alpha, got[0])
        else:
            beta = min(beta, got[0])
        if alpha >= beta:
            break
    return best


def _look_ahead(view, evaluator, legal, stats, spending, rng) -> tuple[str, int, bool]:
    """One consistent world, so perfect information (Lunar's Sky: the only hidden
    hand is whatever the seat cannot see elsewhere): every action valued by a
    minimax search of that deal `depth` moves ahead (the seat and its allies
    maximising its points for the hand, the others minimising them, as in the
    exact endgames), the rest of the hand played out by the policy where the
    search stops. Depth 1 is the plain playout of each action, done whatever the
    budget; the search then goes one move deeper while the next depth's cost
    (playouts, foreseen from the last depth's) fits the effort and the time
    left, and a depth cut short keeps the values of the last finished one.
    Returns (why it stopped, the depth, whether every line reached the end of
    the hand, so that the values are exact)."""
    adapter, seat, mark = view.adapter, view.seat, evaluator.mark
    position, _ = evaluator.position(0, next(iter(view.counter.worlds())))
    playouts = 0

    def leaf(state, cap: bool):
        nonlocal playouts
        if cap and (spending.spent >= spending.limit or spending.out_of_time()):
            raise _OutOfBudget
        final = adapter.playout(state, mark, rng)
        spending.spent += 1
        playouts += 1
        if playouts % 32 == 0:
            spending.report()
        return adapter.hand_points(final, seat, mark), final

    spending.limit += len(legal)          # every action is played out once, whatever the effort
    depth, costs = 0, []
    start = len(position.history)
    while True:
        depth += 1
        playouts, cap = 0, depth > 1

        def edge(state, end=start + depth, cap=cap):
            return leaf(state, cap) if len(state.history) >= end else None
        spending.report()
        try:
            got = {a: minimax(adapter, position.apply_action(a), seat, mark, rng, edge)
                   for a in legal}
        except _OutOfBudget:
            return spending.why_stopped(1.0), depth - 1, False
        costs.append(playouts)
        for action, (_, final) in got.items():      # this depth's line replaces the last one's
            stats[action] = ActionStats(action, stats[action].token)
            work.add(stats[action], evaluator.fact(action, final))
        if not playouts:                  # every line reached the end of the hand: exact
            return "all worlds", depth, True
        # the next depth's playouts: each action's replies the first time (about
        # the number of actions again), then about twice the last depth's
        # (median growth over seeded Sky positions, depths 3 to 12: 1.2 to 3.8;
        # a depth that does not fit after all is cut short and dropped)
        need = costs[-1] * (len(legal) if depth == 1 else 2.0)
        if not spending.affords(need):
            return spending.why_stopped(need), depth, False


def _tree(searcher, stats, spending, stream: str, trees: int):
    """The hard level's tree search (solver/tree.py) within the budget: `trees`
    trees, each from its own random stream and with its share of the effort
    (root parallelism: the same trees whichever workers grow them), every
    iteration one playout whose outcome is recorded for the root action it
    began with, tree by tree, as the race records a world's. A generator (one
    batch of trees); returns why it stopped: "settled" (in every tree the most
    tried action could no longer change in the budget left), else "effort"
    (every tree had its iterations, or settled) or "time"."""
    limit = int(spending.limit)
    items = [(t, limit // trees + (t < limit % trees)) for t in range(trees)]
    items = [(t, n) for t, n in items if n > 0]
    results = yield work.Batch(searcher, work.TREES, items, [float(n) for _, n in items], spending,
                               stream=stream, trees=trees)
    settled = done = True
    for (_, planned), got in zip(items, results):
        if got is None:         # a tree its worker could not grow in the time: searched without it
            settled = done = False
            continue
        _grown(searcher, stats, spending, got)
        settled = settled and got["settled"]
        done = done and (got["settled"] or got["iterations"] >= planned)
    if not any(s.n for s in stats.values()):
        # The time was up before any tree grew (the request waited behind other work, or
        # the replay took it all): tree 0's first iterations, one for each choice (a new
        # tree expands every root action once first), grown whatever the clock, as the
        # race's first world is: a hint always has a value for its suggestion.
        first = [(0, len(searcher.legal))]
        results = yield work.Batch(searcher, work.TREES, first, [float(first[0][1])], spending,
                                   stream=stream, trees=trees, force=True)
        _grown(searcher, stats, spending, results[0])
    return "settled" if settled else "effort" if done else "time"


def _grown(searcher, stats, spending, got: dict) -> None:
    """A grown tree's iterations recorded for the root actions they began with."""
    for k, *fact in got["facts"]:
        work.add(stats[searcher.legal[k]], fact)
    spending.spent += got["iterations"]


def _run(searcher, stats, spending, items: list, listed: bool, force: bool = False,
         every: bool = False):
    """A batch of world items [(world index, [actions])]: the first ones the effort
    affords (all of them with `force`) yielded to be valued; their results
    recorded, world by world, and their cost spent. A generator; returns how
    many were valued (a prefix: a timed batch stops when its time is up)."""
    cost = searcher.evaluator.cost
    costs: list = []
    spent = spending.spent
    for _, actions in items:
        c = cost(len(actions))
        if not force and spent + c > spending.limit:
            break
        costs.append(c)
        spent += c
    items = items[:len(costs)]
    if not items:
        return 0
    parts = _parts(items) if not every else [(item, 1) for item in items]
    results = yield work.Batch(searcher, work.WORLDS, [part for part, _ in parts],
                               [cost(len(actions)) for (_, actions), _ in parts], spending,
                               listed=listed, force=force, every=every)
    if len(parts) != len(items):
        results = _joined(parts, results)
    kept: dict = {}         # the items of a round share one list of actions: looked up once
    for (_, actions), facts, c in zip(items, results, costs):
        sts = kept.get(id(actions))
        if sts is None:
            sts = kept[id(actions)] = [stats[action] for action in actions]
        for st, fact in zip(sts, facts):
            work.add(st, fact)
        spending.spent += c
    return len(results)


WIDE = 32       # a world item of more actions than this is valued in parts of this many


def _parts(items: list) -> list:
    """Items of many actions each (a race's first world: every one of hundreds of
    bids; a screening round of one world) cut into parts of at most WIDE
    actions, so that several workers share them: each action's value on a world
    is its own (its playout has its own random stream; an exact value is exact),
    so the parts give the same values as the whole. [(part, parts of its item)],
    in order; a timed batch cut short keeps its whole items only (`_joined`)."""
    out = []
    for item in items:
        i, actions = item
        if len(actions) <= WIDE:
            out.append((item, 1))
            continue
        cut = [actions[k:k + WIDE] for k in range(0, len(actions), WIDE)]
        out.extend(((i, part), len(cut)) for part in cut)
    return out


def _joined(parts: list, results: list) -> list:
    """The parts' results joined back into their items' (a prefix of whole items)."""
    out, at = [], 0
    while at < len(parts) and at + parts[at][1] <= len(results):
        size = parts[at][1]
        out.append([fact for got in results[at:at + size] for fact in got])
        at += size
    return out


class Race:
    """The adaptive search of one position (module docstring): the race itself
    (`run`), the flat search (`flat`) and the hint's finish over few worlds
    (`finish`), each a generator of batches returning why it stopped.
    `population`: the worlds, when each is valued exactly and all are listed
    (for intervals), else None; `exact_end`: the number of worlds when every
    one can be searched exactly (the race ends there), else 0."""

    def __init__(self, searcher, stats, spending, listed: bool, population, exact_end):
        self.searcher, self.stats, self.spending = searcher, stats, spending
        self.listed, self.population, self.exact_end = listed, population, exact_end
        self.cost = searcher.evaluator.cost

    def search(self, items: list, force: bool = False):
        return (yield from _run(self.searcher, self.stats, self.spending, items, self.listed, force))

    def run(self, legal, recheck: bool = False, first_round: int = FLAT_WORLDS):
        """The race; returns why it stopped. `recheck` (the hint's): before calling
        the best clear, the choices let go against an earlier leader are compared
        with the last one (`_overtaken`), and any it is not clearly better than
        race on. `first_round`: the worlds every action raced sees before any
        leaves (the hint's HINT_FIRST_ROUND: a best separated at 95% on 8 deals of a skewed
        outcome, with time to spare, is a thin claim, and its rates' intervals
        were as wide as 31-86%)."""
        stats, spending, cost, exact_end = self.stats, self.spending, self.cost, self.exact_end
        if len(legal) == 1:
            yield from self.search([(0, legal)], force=True)
            return "one choice"
        alive = list(legal)
        spending.limit += cost(len(alive))    # every action is played once, whatever the effort
        yield from self.search([(0, alive)], force=True)
        n = 1                     # worlds every action still in the race has seen
        if len(alive) > RACE_ACTIONS:          # screening: sequential halving to RACE_ACTIONS
            share = max(1, int(spending.left() / 2))
            plan = halving_schedule(len(alive), share, RACE_ACTIONS)
            if len(plan) == 1:  # effort for every action's first race round: halving still spends
                #                 it better (a race of hundreds drops few at 95% together), on twice
                #                 that at most (the rest is the race's, which stops once clear),
                #                 after a round 0 on the worlds it plans, not one world each
                share = min(share, 2 * FLAT_WORLDS * len(alive))
                plan = halving_schedule(len(alive), share, RACE_ACTIONS, always=True)
                n += yield from self.search([(i, alive) for i in range(n, plan[0][1])])
            for keep, seen in plan[1:]:
                alive.sort(key=_by_mean(stats))
                for action in alive[keep:]:
                    stats[action].screened = True
                alive = alive[:keep]
                if exact_end:
                    seen = min(seen, exact_end)
                n += yield from self.search([(i, alive) for i in range(n, seen)])
                if n < seen:
                    break
            alive.sort(key=_by_mean(stats))
            for action in alive[RACE_ACTIONS:]:
                stats[action].screened = True
            alive = alive[:RACE_ACTIONS]
        while True:
            target = max(first_round, 2 * n)
            if exact_end:
                target = min(target, exact_end)
            if n < target:
                n += yield from self.search([(i, alive) for i in range(n, target)])
                if n < target:
                    return spending.why_stopped(cost(len(alive)))
            if exact_end and n >= exact_end:
                return "all worlds"
            alive.sort(key=_by_mean(stats))
            best = stats[alive[0]]
            rivals = len(alive) - 1
            for action in alive[1:]:
                stats[action].left = _separated(best, stats[action], self.population, rivals)
            alive = [alive[0]] + [a for a in alive[1:] if stats[a].left is None]
            if len(alive) == 1:
                back = _overtaken(legal, best, stats, self.population) if recheck else []
                if not back:
                    return "separated"
                items = _behind(back, stats, n)      # the worlds they missed
                done = yield from self.search(items)
                if done < len(items):
                    return spending.why_stopped(cost(len(items[done][1])))
                for action in back:
                    stats[action].left = None
                alive += back

    def finish(self, actions, total: int):
        """The hint's race over few worlds, each valued exactly, ended once the best
        was clear (or went through every world with the best, others let go on
        fewer): the worlds each action has not seen yet are searched too, where the
        budget affords them all, so that every value is exact. Each action has seen
        a first part of the one list of worlds. Returns "all worlds"; None when
        there was nothing to do or the rest is more than the budget (the race's end
        stands); or why it stopped, when a world cost more than the rate seen so
        far said (the race's verdict is then no longer the last word)."""
        stats, spending = self.stats, self.spending
        rest = sum(self.cost(1) * (total - stats[a].n) for a in actions)
        if not rest or not spending.affords(rest):
            return None
        items = _behind(actions, stats, total)
        done = yield from self.search(items)
        if done < len(items):
            return spending.why_stopped(self.cost(len(items[done][1])))
        for a in actions:               # every one valued exactly now: none was left behind
            stats[a].screened, stats[a].left = False, None
        return "all worlds"

    def flat(self, legal):
        """Every action on worlds 0, 1, 2, ... until the effort or the time is spent
        (at least two worlds)."""
        spending, exact_end = self.spending, self.exact_end
        cost = self.cost(len(legal))
        n = yield from self.search([(i, legal) for i in range(min(2, exact_end or 2))], force=True)
        while True:
            if n >= 2 and not spending.affords(cost):
                return spending.why_stopped(cost)
            if exact_end and n >= exact_end:
                return "all worlds"
            end = n + max(1, int((spending.limit - spending.spent) // cost))
            done = yield from self.search([(i, legal) for i in range(n, min(end, exact_end or end))])
            if not done:
                return spending.why_stopped(cost)
            n += done


def _behind(actions, stats, upto: int) -> list:
    """World items bringing each of `actions` from the worlds it has seen up to
    world `upto` (each world with the actions that have not seen it)."""
    seen = {a: stats[a].n for a in actions}
    return [(i, [a for a in actions if seen[a] <= i]) for i in range(min(seen.values()), upto)]


def _overtaken(actions, best, stats, population) -> list:
    """The actions the race let go against the leader of their round (as worse,
    or as surely as good), that compared with the final best (a later leader),
    on the worlds the two share, are neither clearly worse nor surely as good:
    separated at 95% is a claim about the final best against every other choice,
    and the hint groups choices by their difference from it."""
    return [a for a in actions if stats[a].left is not None and stats[a] is not best
            and _separated(best, stats[a], population, 1) is None]


def _search_every_world(searcher, stats, spending, total: int):
    """Every action on every world (a generator: one batch; progress in worlds)."""
    actions = list(stats)
    yield from _run(searcher, stats, spending, [(i, actions) for i in range(total)], True,
                    force=True, every=True)
    spending.progress = None        # (its progress was in worlds)


def _pair_with_the_best(stats: dict) -> None:
    """The action searched on the most worlds (the best of the last round) is the
    reference: an action left behind earlier is valued by its mean difference
    from the reference on the worlds they shared, plus the reference's mean."""
    searched = [st for st in stats.values() if st.n]
    if not searched:                # a split part that got no worlds
        return
    most = max(st.n for st in searched)
    ref = min((st for st in searched if st.n == most), key=lambda s: (-s.mean, s.token))
    for st in searched:
        if st.n < ref.n:
            st.paired = ref.mean + sum(v - r for v, r in zip(st.values, ref.values)) / st.n
            st.reference = ref.token


def all_worlds_effort_of(worlds: int, actions: int, evaluator) -> int | None:
    """The playouts of searching every world (None: more than ALL_WORLDS_CAP)."""
    if actions <= 1:
        return None
    effort = evaluator.cost(actions) * worlds
    return None if effort > ALL_WORLDS_CAP else max(1, round(effort))
