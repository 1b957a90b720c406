"""Rank every legal action of the seat to act over its consistent worlds.

Each world (all of them when few, else an exactly uniform sample) becomes a
complete position; every legal action is applied in it and the rest of the
hand is played out, exactly (max^n: each seat maximises its own points for the
hand) when few cards are left, else with the game's fast heuristic policy for
every seat. Worlds are common to the actions, so differences between actions
are not sampling noise between worlds.

When the actions are few for the effort, every action is searched on the same
worlds. When they are many (Raven's bids, up to 2,380; Lunar's gifts, up to
225), sequential halving: every action is played out on the first world(s),
the better ones go on to more worlds, halved each round (`halving_schedule`);
each action's `n` says on how many worlds it was searched, and an action left
behind is valued against the best one on the worlds they share. Budget:
playouts (effort), so a seed always gives the same answer.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from .errors import SolverError
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
    used: int                     # worlds searched
    enumerated: bool              # all worlds searched (exact expectation)
    exact_search: bool            # endgame searched exactly within each world
    stats: list = field(default_factory=list)   # best first
    bids: bool = False            # the game has bids (exact-bid rates are meaningful)
    words: dict = field(default_factory=dict)   # outcome -> the words a hint says for it
    all_worlds_effort: int | None = None   # the effort that searches every world (None: too many)


def progress_reporter(progress, total: int):
    """A function to call once before each world and with last=True after the
    last: it calls progress(done, total) (nothing when progress is None)."""
    done = -1

    def report(last: bool = False) -> None:
        nonlocal done
        done = total if last else done + 1
        if progress is not None:
            progress(done, total)
    return report


def playout(adapter, state, mark: int, rng):
    custom = getattr(adapter, "playout", None)     # a game's own faster playout
    if custom is not None:
        return custom(state, mark, rng)
    while adapter.hand_mark(state) == mark:
        state = adapter.fast_apply(state, adapter.policy_action(state, rng))
    return state


def exact_line(adapter, state, mark: int, memo: dict) -> tuple:
    """(every seat's points for the hand, the final position) under max^n search:
    each seat plays to maximise its own points (ties: the first legal action)."""
    if adapter.hand_mark(state) != mark:
        return tuple(state.finished_hands[mark][1]), state
    key = (tuple(state.hands), state.tricks[-1] if state.tricks else None,
           tuple(state.tricks_won), len(state.tricks))
    got = memo.get(key)
    if got is not None:
        return got
    seat = state.current_player
    best = None
    for action in state.legal_actions():
        value = exact_line(adapter, state.apply_action(action), mark, memo)
        if best is None or value[0][seat] > best[0][seat]:
            best = value
    memo[key] = best
    return best


# A hint offers to search every consistent world (each action on each world) only
# up to this many world-action searches; beyond that it would take too long.
ALL_WORLDS_CAP = 100_000


def all_worlds_effort(worlds: int, actions: int) -> int | None:
    """The effort at which `rank` plays every action out on every one of `worlds`
    consistent worlds (the flat schedule, no halving), or None when that is more
    than ALL_WORLDS_CAP searches, or there is nothing to choose."""
    if actions <= 1 or actions * worlds > ALL_WORLDS_CAP:
        return None
    return actions * max(worlds, FLAT_WORLDS)


FLAT_WORLDS = 8        # at least this many worlds for every action: all actions on the same worlds


def halving_schedule(actions: int, effort: int) -> list[tuple[int, int]]:
    """Sequential halving when the actions are too many for `effort` playouts to
    give each of them FLAT_WORLDS worlds: [(actions still in, worlds each has seen
    once this round is done)], round by round. Round 0 plays every action on
    max(1, effort / 2 actions) worlds; then at most max(2, effort / 8) of them go
    on, halved each round, sharing `effort` more playouts, until two are left.
    Every action is played out at least once; the cost is about
    actions * (worlds of round 0) + effort playouts."""
    if actions <= 1 or effort // actions >= FLAT_WORLDS:
        return [(actions, max(1, effort // max(1, actions)))]
    seen = max(1, effort // (2 * actions))
    out = [(actions, seen)]
    alive = max(2, min((actions + 1) // 2, effort // FLAT_WORLDS))
    rounds = max(1, (alive - 1).bit_length())         # halvings from `alive` down to 2
    share = effort / rounds
    while True:
        seen += max(1, int(share // alive))
        out.append((alive, seen))
        if alive <= 2:
            return out
        alive = (alive + 1) // 2


class _Worlds:
    """The worlds the search uses, in a fixed order: all of them shuffled when
    they are few enough, else exactly uniform samples drawn as needed. Any prefix
    is a uniform sample (without replacement when all were listed), so an action
    searched on fewer worlds than another saw a uniform sample of the same deals."""

    def __init__(self, view, total: int, wanted: int, rng):
        self.view, self.rng = view, rng
        self.enumerated = total <= wanted
        self.items = list(view.counter.worlds()) if self.enumerated else []
        self.limit = len(self.items) if self.enumerated else wanted

    def __getitem__(self, i: int):
        while len(self.items) <= i:
            self.items.append(self.view.counter.sample(self.rng))
        return self.items[i]


def rank(view: SeatView, effort: int = 400, seed: int = 0, progress=None, **split) -> Ranking:
    """Every legal action of the seat to act, each with its expected points for
    the hand over uniform consistent worlds (see the module docstring).
    `progress`, if given, is called as progress(done, total) with the worlds
    searched so far: (0, total) before the first, (total, total) after the last.
    `split` (part=(i, k), or sums= the parts' sums to merge) splits the search
    across workers, for a game whose adapter SPLITS (Tricksters)."""
    adapter = view.adapter
    own = getattr(adapter, "rank", None)
    if split:
        if not getattr(adapter, "SPLITS", False):
            raise SolverError(f"{view.state.game.name} hints cannot be split across workers")
        return own(view, effort, seed, progress=progress, **split)
    if own is not None:       # a game with its own search (Tricksters: exact trick play)
        return own(view, effort, seed) if progress is None else own(view, effort, seed, progress=progress)
    state = view.state
    seat = view.seat
    if state.current_player != seat:
        raise SolverError(f"it is seat {state.current_player}'s turn, not seat {seat}'s")
    rng = random.Random(f"manyhands/solver/{seed}/{len(state.history)}/{seat}")
    legal = state.legal_actions()
    legal_set = frozenset(legal)                   # (hundreds of bids: membership tests)
    stats = {a: ActionStats(a, state.game.action_token(state, a)) for a in legal}
    total = view.count()
    schedule = halving_schedule(len(legal), effort)
    worlds = _Worlds(view, total, schedule[-1][1], rng)
    if worlds.enumerated:      # a prefix of a shuffled list: a uniform sample without replacement
        rng.shuffle(worlds.items)
        schedule = [(alive, min(seen, worlds.limit)) for alive, seen in schedule]
    mark = adapter.hand_mark(state)
    trick = adapter.current_trick_index(state)
    exact = adapter.search_exactly(state)
    tally = getattr(adapter, "outcomes", None)     # optional: what else a game counts (Voren: looed)
    positions: dict = {}                           # world index -> (position, memo of the exact search)
    alive = list(legal)
    done = 0
    report = progress_reporter(progress, schedule[-1][1])
    for keep, seen in schedule:
        if keep < len(alive):     # the better half (by mean over the same worlds) goes on
            alive.sort(key=lambda a: (-stats[a].total / stats[a].n, stats[a].token))
            alive = alive[:keep]
        for i in range(done, seen):
            report()
            got = positions.get(i)
            if got is None:
                got = positions[i] = (adapter.world_state(view, worlds[i]), {})
                got[0]._legal = legal_set    # the seat's own choices: the same in every world
            position, memo = got
            for action in alive:
                after = position.apply_action(action)
                if exact:
                    final = adapter.exact_final(after, seat, mark, memo)
                else:
                    final = playout(adapter, after, mark, rng)
                points = adapter.hand_points(final, seat, mark)
                st = stats[action]
                st.total += points
                st.n += 1
                st.values.append(points)
                if trick is not None and adapter.took_trick(state, final, seat, mark, trick):
                    st.took_trick += 1
                target = adapter.target_of(state, seat, action)
                if target is not None:
                    st.exact_bid += adapter.tricks_taken(final, seat, mark) == target
                if tally is not None:
                    for key in tally(final, seat, mark):
                        st.outcomes[key] = st.outcomes.get(key, 0) + 1
        done = max(done, seen)
    report(last=True)
    # The action searched on the most worlds (the best of the last round) is the
    # reference: an action left behind earlier is estimated by its mean difference
    # from the reference on the worlds they shared, plus the reference's mean.
    ref = min(alive, key=lambda a: (-stats[a].total / stats[a].n, stats[a].token))
    ref_values = stats[ref].values
    ref_mean = stats[ref].total / stats[ref].n
    for st in stats.values():
        if st.n < len(ref_values):
            st.paired = ref_mean + sum(v - r for v, r in zip(st.values, ref_values)) / st.n
            st.reference = stats[ref].token
    ordered = sorted(stats.values(), key=lambda s: (-s.ev, -s.n, s.token))
    return Ranking(adapter.decision(state), total, done,
                   worlds.enumerated and done >= worlds.limit, exact, ordered,
                   bids=getattr(adapter, "HAS_BIDS", False),
                   words=dict(getattr(adapter, "OUTCOME_WORDS", {})),
                   all_worlds_effort=all_worlds_effort(total, len(legal)))
