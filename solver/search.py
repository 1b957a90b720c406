"""Rank every legal action of the seat to act over its consistent worlds.

Each world (all of them when few, else an exactly uniform sample) becomes a
complete position; every searched action is applied in it and the rest of the
hand is played out, exactly (max^n: each seat maximises its own points for the
hand) when few cards are left, else with the game's fast heuristic policy for
every seat. The same worlds serve every action, so differences between actions
are not sampling noise between worlds. Budget: playouts (effort), so a seed
always gives the same answer.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from .view import SeatView



@dataclass
class ActionStats:
    action: object
    token: str
    searched: bool
    total: float = 0.0
    n: int = 0
    took_trick: int = 0
    exact_bid: int = 0
    estimate: float | None = None
    outcomes: dict = field(default_factory=dict)   # adapter-named outcomes -> worlds seen in

    @property
    def ev(self) -> float | None:
        return self.total / self.n if self.n else None


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


def rank(view: SeatView, effort: int = 400, seed: int = 0, progress=None) -> Ranking:
    """`progress`, if given, is called as progress(done, total) with the worlds
    searched so far: (0, total) before the first, (total, total) after the last."""
    adapter = view.adapter
    own = getattr(adapter, "rank", None)
    if own is not None:       # a game with its own search (Tricksters: exact trick play)
        return own(view, effort, seed) if progress is None else own(view, effort, seed, progress=progress)
    state = view.state
    seat = view.seat
    if state.current_player != seat:
        raise ValueError(f"it is seat {state.current_player}'s turn, not seat {seat}'s")
    rng = random.Random(f"manyhands/solver/{seed}/{len(state.history)}/{seat}")
    legal = state.legal_actions()
    searched, estimate = adapter.search_candidates(view, legal, limit=max(4, effort // 16))
    stats = {a: ActionStats(a, state.game.action_token(state, a), a in searched,
                            estimate=(estimate or {}).get(a)) for a in legal}
    total = view.count()
    per_action = max(1, effort // max(1, len(searched)))
    if total <= per_action:
        worlds = list(view.counter.worlds())
        enumerated = True
    else:
        worlds = [view.counter.sample(rng) for _ in range(per_action)]
        enumerated = False
    mark = adapter.hand_mark(state)
    trick = adapter.current_trick_index(state)
    exact = adapter.search_exactly(state)
    tally = getattr(adapter, "outcomes", None)     # optional: what else a game counts (Voren: looed)
    report = progress_reporter(progress, len(worlds))
    for world in worlds:
        report()
        position = adapter.world_state(view, world)
        memo: dict = {}
        for action in searched:
            after = position.apply_action(action)
            if exact:
                final = adapter.exact_final(after, seat, mark, memo)
            else:
                final = playout(adapter, after, mark, rng)
            st = stats[action]
            st.total += adapter.hand_points(final, seat, mark)
            st.n += 1
            if trick is not None and adapter.took_trick(state, final, seat, mark, trick):
                st.took_trick += 1
            target = adapter.target_of(state, seat, action)
            if target is not None:
                st.exact_bid += adapter.tricks_taken(final, seat, mark) == target
            if tally is not None:
                for key in tally(final, seat, mark):
                    st.outcomes[key] = st.outcomes.get(key, 0) + 1
    report(last=True)
    # Searched actions first, by expected score; then the actions not played out
    # (Raven's hundreds of bids beyond the best one of each value), by estimate.
    ordered = sorted(stats.values(), key=lambda s: (-(s.ev if s.ev is not None else -1e9),
                                                    -(s.estimate or 0), s.token))
    searched_stats = [s for s in ordered if s.n]
    rest = [s for s in ordered if not s.n]
    if rest:
        rest.sort(key=lambda s: (-(s.estimate or 0), s.token))
        ordered = searched_stats + rest
    return Ranking(adapter.decision(state), total, len(worlds), enumerated, exact, ordered,
                   bids=getattr(adapter, "HAS_BIDS", False),
                   words=dict(getattr(adapter, "OUTCOME_WORDS", {})))
