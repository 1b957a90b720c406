"""The search's work, and where it is done: in this process, over processes
(natively), or over the page's pool of workers (web/pool.js).

A search (search.rank_steps, the hint, the levels, the review) is a generator:
where it needs worlds valued or trees grown it yields a `Batch` and is sent
back the results, then decides what to do next in one place. A batch is
items of one position (`Searcher`, rebuilt anywhere from its `spec`: the
record, the seat, the seed):

- worlds: (world index, actions): each action valued on that world, by a
  playout or an exact search. The world and every action's playout come from
  random streams of their own, derived from (seed, position, world index,
  action), so a world's values are the same whoever values it and whatever
  else was valued before: any split of a batch gives the same values, and a
  search counted in playouts depends on its seed and effort only, never on
  the number of workers. The results are a prefix of the items (a timed batch
  stops where its time runs out), in order.
- trees: (tree index, iterations): one tree of a root-parallel tree search
  (solver/tree.py), each from its own random stream; several given to one
  worker grow in turn. The results are every iteration's root action and
  outcome, merged by the search tree by tree.

`drive(steps)` runs a search here, each batch valued in turn (`run_here`);
natively, `drive(steps, solver.processes.Processes(n).run)` spreads each batch
over n processes. In the page, the worker leading a search sends its batches' JSON (`Batch.to_json`)
to the page, which spreads the items over the pool and sends back the results
(web/manyhands_web/worker_api.py); any worker values them with `value_json`.
"""
from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from typing import Any

from pycore.errors import quote
from pycore.records import MAX_NUMBER, load_record, positions, record_of

from . import evaluate
from .spending import Budget, Spending
from .errors import SolverError

WORLDS, TREES = "worlds", "trees"


# --- the random streams -------------------------------------------------------------------------
def _stream(name: str) -> int:
    """A 64-bit number naming a random stream (the same on every machine and
    process: no str hash())."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big")


class Streams:
    """The position's random streams, each by (world index, action index): the
    world sampled at an index and each action's playout on it."""

    def __init__(self, tag: str):
        self.worlds = _stream(f"manyhands/worlds/{tag}")
        self.playouts = _stream(f"manyhands/playouts/{tag}")
        self.rng = random.Random()

    def world(self, i: int) -> random.Random:
        self.rng.seed((self.worlds << 40) | i)
        return self.rng

    def playout(self, i: int, k: int) -> random.Random:
        self.rng.seed((self.playouts << 52) | (i << 12) | k)
        return self.rng


# --- a position's worlds ------------------------------------------------------------------------
class Worlds:
    """The worlds the search uses, in a fixed order that depends only on the seed
    and the position: all of them shuffled when listed (few of them, or every one
    searched), else exactly uniform samples, world i drawn from its own stream.
    Any prefix is a uniform sample (without replacement when listed). Past the
    end of a listed set the list is gone through again (more playouts of the
    same worlds: each pass its own playouts)."""

    def __init__(self, view, tag: str, streams: Streams, listed: bool):
        self.view, self.streams, self.listed = view, streams, listed
        self.items: list = []
        self.drawn: dict = {}
        if listed:
            self.items = list(view.counter.worlds())
            random.Random(f"manyhands/worlds/{tag}").shuffle(self.items)

    def index(self, i: int) -> int:
        """Where world i's position is kept (a listed world seen again shares it)."""
        return i % len(self.items) if self.listed else i

    def __getitem__(self, i: int):
        if self.listed:
            return self.items[i % len(self.items)]
        got = self.drawn.get(i)
        if got is None:
            got = self.drawn[i] = self.view.counter.sample(self.streams.world(i))
        return got


# --- a position, valued anywhere ------------------------------------------------------------------
class Searcher:
    """What valuing a search's items needs, built once per position and kept
    while its search goes on: the seat's view, the legal actions (items name
    them by index), the evaluator, the worlds and the random streams.
    `spec` ({"record", "seat", "seed"}) rebuilds it in another worker;
    `key` names it (the same in every worker: its record is the replayed
    position's, however the record it came from was written)."""

    def __init__(self, view, seed: int, evaluator=None):
        state = view.state
        self.view, self.seed = view, seed
        self.tag = f"{seed}/{len(state.history)}/{view.seat}"
        self.legal = state.legal_actions()
        self.index = {a: k for k, a in enumerate(self.legal)}
        self.streams = Streams(self.tag)
        self.evaluator = evaluator if evaluator is not None else evaluate.make_evaluator(view)
        self._worlds: dict = {}
        self._spec = None

    @classmethod
    def from_spec(cls, spec: Any) -> "Searcher":
        from .view import view_of
        record, seat, seed = read_spec(spec)
        trail = list(positions(record))
        if seat >= trail[0].players or trail[-1].is_terminal or trail[-1].current_player != seat:
            raise SolverError(f"seat {quote(seat)} has no decision at the end of this record")
        return cls(view_of(trail[-1], seat, trail), seed)

    @property
    def spec(self) -> dict:
        if self._spec is None:
            self._spec = {"record": record_of(self.view.state).to_json(), "seat": self.view.seat,
                          "seed": self.seed}
        return self._spec

    @property
    def key(self) -> str:
        return spec_key(self.spec)

    def worlds(self, listed: bool) -> Worlds:
        got = self._worlds.get(listed)
        if got is None:
            got = self._worlds[listed] = Worlds(self.view, self.tag, self.streams, listed)
        return got

    def value(self, i: int, actions: list, listed: bool) -> list:
        """Each of `actions` valued on world i: their facts (`fact`), in order."""
        worlds = self.worlds(listed)
        return self.evaluator.facts(worlds.index(i), worlds[i], actions,
                                    lambda action: self.streams.playout(i, self.index[action]))

    def grow(self, trees: list, stream: str, count: int, spending=None) -> list:
        """Trees (tree index, iterations) of a search of `count` trees, grown in
        turn (tree.grow_together) each from its stream (`tree_stream`), within
        `spending`: each tree's root actions and outcomes, iteration by
        iteration ([action index, *fact]), its iterations, playouts and whether
        it stopped settled."""
        from . import tree
        grown = [tree.Tree(self.view, iterations, random.Random(tree_stream(stream, t, count)))
                 for t, iterations in trees]
        facts: list = [[] for _ in trees]
        evaluator = self.evaluator

        def record(i, action, final):
            facts[i].append([self.index[action], *evaluator.fact(action, final)])
        tree.grow_together(grown, spending, record)
        return [{"facts": got, "iterations": t.done, "playouts": t.playouts, "settled": t.settled}
                for got, t in zip(facts, grown)]


def tree_stream(stream: str, t: int, trees: int | None = None) -> str:
    """Tree t's random stream: `stream` itself for a search of one tree (as the
    single tree searched before root-parallel trees), else "`stream`/t"."""
    return stream if trees == 1 and t == 0 else f"{stream}/{t}"


def read_spec(spec: Any) -> tuple:
    """(record, seat, seed) of a searcher's spec, checked."""
    if not isinstance(spec, dict) or set(spec) != {"record", "seat", "seed"}:
        raise SolverError(f"a search's position is {{record, seat, seed}}, not {quote(spec)}")
    record = load_record(spec["record"])
    for what in ("seat", "seed"):
        value = spec[what]
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_NUMBER:
            raise SolverError(f"a search's {what} must be a whole number, not {quote(value)}")
    return record, spec["seat"], spec["seed"]


def spec_key(spec: dict) -> str:
    return hashlib.sha256(json.dumps(spec, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:32]


# --- facts: what one valuation tells ------------------------------------------------------------
def add(st, fact) -> None:
    """One world's (or iteration's) fact added to an action's statistics
    (search.ActionStats): [points, took the trick (0/1), made its bid exactly
    (0/1), [the game's outcomes that happened]]."""
    points, took, bid, outcomes = fact
    st.total += points
    st.n += 1
    st.values.append(points)
    st.took_trick += took
    st.exact_bid += bid
    for key in outcomes:
        st.outcomes[key] = st.outcomes.get(key, 0) + 1


# --- a batch of items -------------------------------------------------------------------------------
@dataclass
class Batch:
    """Items of one position to value (see the module docstring), each with its
    cost in playouts, within `spending` (spending.Spending: what the search may
    still spend). `kind` WORLDS: items (world index, [actions]), from the listed
    worlds or not (`listed`); TREES: items (tree index, iterations), from the
    random stream `stream` (a search of `trees` trees). `force`: every item is
    valued, whatever the budget says; `every`: the items are every world of the
    position (the progress bar counts them)."""
    searcher: Searcher
    kind: str
    items: list
    costs: list
    spending: Any
    listed: bool = False
    stream: str = ""
    trees: int = 0
    force: bool = False
    every: bool = False

    def to_json(self) -> dict:
        """What another worker needs: the position, the items (actions by index)."""
        s = self.searcher
        if self.kind == WORLDS:
            indexes: dict = {}      # the items of a round share one list of actions
            items = []
            for i, actions in self.items:
                got = indexes.get(id(actions))
                if got is None:
                    got = indexes[id(actions)] = [s.index[a] for a in actions]
                items.append([i, got])
        else:
            items = [list(item) for item in self.items]
        spending = self.spending
        out = {"key": s.key, "spec": s.spec, "kind": self.kind, "items": items,
               "costs": list(self.costs), "listed": self.listed, "stream": self.stream,
               "trees": self.trees, "force": self.force,
               "seconds": None if self.force else spending.seconds_left(),     # forced: no clock
               "progress": {"every": self.every, "spent": spending.spent, "limit": spending.limit,
                            "elapsed": spending.elapsed(), "seconds": spending.budget.seconds}}
        return out


def run_here(batch: Batch) -> list:
    """The batch valued in this process: world items in order while the budget
    affords each (a prefix), or the trees grown in turn within it."""
    spending, s = batch.spending, batch.searcher
    if batch.kind == TREES:
        return s.grow(batch.items, batch.stream, batch.trees, _sub_spending(spending, batch))
    out = []
    pending = 0.0
    total = len(batch.items)
    for (i, actions), cost in zip(batch.items, batch.costs):
        if not batch.force and not spending.in_time(cost, pending):    # (its effort is counted)
            break
        _tick(batch, len(out), total, pending)
        out.append(s.value(i, actions, batch.listed))
        pending += cost
    if batch.every:
        _tick(batch, total, total, pending)
    return out


def _tick(batch: Batch, done: int, total: int, pending: float) -> None:
    if not batch.every:
        batch.spending.report(pending=pending)
    elif batch.spending.progress is not None:
        batch.spending.progress(done, total)


def _sub_spending(spending, batch: Batch):
    """The trees' own spending: the search's, counted apart and added back by the
    search from the results (each iteration one playout); forced trees have no clock."""
    return Spending(Budget(int(sum(batch.costs)), None if batch.force else spending.seconds_left()),
                    spending.progress)


def drive(steps, run=run_here):
    """Run a search generator to its end, each batch it yields valued by
    `run(batch)` (default: here); returns what the search returns."""
    try:
        batch = next(steps)
        while True:
            batch = steps.send(run(batch))
    except StopIteration as stop:
        return stop.value


# --- valuing another worker's items ------------------------------------------------------------
class Contexts:
    """The searchers a worker keeps by key (a few: each may hold large tables)."""

    def __init__(self, keep: int = 3):
        self.keep = keep
        self.held: dict = {}

    def get(self, key: str, spec: Any = None) -> Searcher:
        got = self.held.pop(key, None)
        if got is None:
            if spec is None:
                raise UnknownContext(key)
            got = Searcher.from_spec(spec)
            if got.key != key:
                raise SolverError(f"the position sent does not match its key {quote(key)}")
        self.held[key] = got
        while len(self.held) > self.keep:
            self.held.pop(next(iter(self.held)))
        return got

    def put(self, searcher: Searcher) -> str:
        key = searcher.key
        self.held.pop(key, None)
        self.held[key] = searcher
        while len(self.held) > self.keep:
            self.held.pop(next(iter(self.held)))
        return key

    def drop(self, key: str) -> None:
        self.held.pop(key, None)


class UnknownContext(SolverError):
    """Items of a position this worker does not hold (send its spec)."""


MAX_ITEMS = 100_000     # items in one request (a search of every world has at most ALL_WORLDS_CAP)


def value_json(contexts: Contexts, request: Any) -> list:
    """The results of another worker's items, `request` being {"key", "spec"
    (optional once this worker holds the key), "kind", "items", "listed",
    "stream", "trees", "seconds"} (a part of a Batch.to_json): world items all
    valued; trees grown within "seconds" when given."""
    if not isinstance(request, dict) or not isinstance(request.get("key"), str):
        raise SolverError("items to value need their position's key (and its spec)")
    searcher = contexts.get(request["key"], request.get("spec"))
    kind, items = request.get("kind"), request.get("items")
    if kind not in (WORLDS, TREES) or not isinstance(items, list) or len(items) > MAX_ITEMS:
        raise SolverError(f"items are a list of at most {MAX_ITEMS:,} {WORLDS} or {TREES}, "
                          f"not {quote(kind)}")
    if kind == TREES:
        stream, trees, seconds = request.get("stream"), request.get("trees"), request.get("seconds")
        if not isinstance(stream, str) or not _whole(trees) or not all(
                isinstance(t, list) and len(t) == 2 and all(_whole(x) for x in t) and t[0] < trees
                for t in items):
            raise SolverError(f"trees are [[tree, iterations], ...] of a stream, not {quote(items)}")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))):
            raise SolverError(f"seconds must be a number, not {quote(seconds)}")
        spending = Spending(Budget(sum(n for _, n in items), None if seconds is None else max(0.0, seconds)),
                            None)
        return searcher.grow([tuple(t) for t in items], stream, trees, spending)
    listed = request.get("listed", False)
    legal = searcher.legal
    out = []
    for item in items:
        if (not isinstance(item, list) or len(item) != 2 or not _whole(item[0])
                or not isinstance(item[1], list)
                or not all(_whole(k) and k < len(legal) for k in item[1])):
            raise SolverError(f"a world item is [world, [action indexes]], not {quote(item)}")
        out.append(searcher.value(item[0], [legal[k] for k in item[1]], bool(listed)))
    return out


def check_results(batch: Batch, results: Any) -> list:
    """The results sent back for `batch` (from other workers, through the page),
    checked for their shape: SolverError saying what is wrong."""
    n = len(batch.items)
    if not isinstance(results, list) or len(results) > n or (
            (batch.force or batch.kind == TREES) and len(results) != n):
        raise SolverError(f"the results of {n:,} items are a list of them, not {quote(results)}")
    legal = len(batch.searcher.legal)
    if batch.kind == WORLDS:
        for (_, actions), got in zip(batch.items, results):
            if not isinstance(got, list) or len(got) != len(actions) or not all(map(_fact, got)):
                raise SolverError(f"a world's results are a fact for each of its actions, not {quote(got)}")
        return results
    for (_, planned), got in zip(batch.items, results):
        if got is None and not batch.force:     # a tree not grown in the time (its worker was lost)
            continue
        if not isinstance(got, dict) or set(got) != {"facts", "iterations", "playouts", "settled"} \
                or not _whole(got["iterations"]) or got["iterations"] > planned \
                or not _whole(got["playouts"]) or not isinstance(got["settled"], bool) \
                or not isinstance(got["facts"], list) or len(got["facts"]) != got["iterations"] \
                or not all(isinstance(f, list) and len(f) == 5 and _whole(f[0]) and f[0] < legal
                           and _fact(f[1:]) for f in got["facts"]):
            raise SolverError(f"a tree's results are {{facts, iterations, playouts, settled}}, "
                              f"not {quote(got)}")
    return results


_POINTS = frozenset((int, float))


def _fact(f: Any) -> bool:
    """[points, 0/1, 0/1, [texts]] as JSON gives it (plain types: no bool for a
    number), the points within +-MAX_NUMBER."""
    if type(f) is not list or len(f) != 4:
        return False
    points, took, bid, outcomes = f
    return (type(points) in _POINTS and -MAX_NUMBER <= points <= MAX_NUMBER
            and type(took) is int and type(bid) is int and 0 <= took <= 1 and 0 <= bid <= 1
            and type(outcomes) is list and (not outcomes or all(type(k) is str for k in outcomes)))


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MAX_NUMBER
