"""Perfect-information Monte Carlo, as bridge programs play: draw deals
uniformly from those consistent with the seat's view, value every legal action
in each deal as if all cards were open, and play the action with the best mean.

A deal is valued exactly where the game's adapter can: Tricksters' trick play by
its exact pair-against-pair solver, the other games' endgames (few cards left)
by max^n search. Elsewhere an action is valued by the mean of PLAYOUTS deep
playouts of the hand with the game's fast policy. Every action is valued on the
same deals (common random numbers). With no more consistent deals than asked
for, every one of them is used.
"""
from __future__ import annotations

from .common import decision

PLAYOUTS = 6        # per action and deal, where no exact search applies ...
PLAYOUT_BUDGET = 3000   # ... fewer when the actions are many (Raven's bids, Lunar's gifts):
                        # about this many playouts a decision, at least one per action and deal


def playout(adapter, state, mark: int, rng, counts: dict):
    """The hand `mark` played to its end by the game's fast policy for every seat
    (the adapter's own faster playout when it has one), counted."""
    counts["playouts"] = counts.get("playouts", 0) + 1
    return adapter.playout(state, mark, rng)


def _exact_own(adapter, after, seat: int, solvers: dict, counts: dict):
    """The game's own exact value of the open deal (Tricksters' trick play), or None."""
    if adapter.exact_points is None:
        return None
    got = adapter.exact_points(after, seat, solvers)
    if got is not None:
        counts["exact"] = counts.get("exact", 0) + 1
    return got


def value(adapter, after, seat: int, mark: int, rng, solvers: dict, counts: dict,
          playouts: int = PLAYOUTS) -> float:
    """The seat's points for the hand after its action in one open deal."""
    if adapter.hand_mark(after) != mark:
        return adapter.hand_points(after, seat, mark)
    exact = _exact_own(adapter, after, seat, solvers, counts)
    if exact is not None:
        return exact
    if adapter.search_exactly(after):
        counts["exact"] = counts.get("exact", 0) + 1
        final = adapter.exact_final(after, seat, mark, solvers.setdefault("memo", {}))
        return adapter.hand_points(final, seat, mark)
    total = 0.0
    for _ in range(playouts):
        total += adapter.hand_points(playout(adapter, after, mark, rng, counts), seat, mark)
    return total / playouts


def choose(state, seat: int, worlds: int, seed: int, counts: dict):
    if len(state.legal_actions()) == 1:
        return state.legal_actions()[0]
    legal, view, adapter, rng, mark = decision(state, seat, "pimc", seed)
    worlds = min(worlds, max(4, PLAYOUT_BUDGET // len(legal)))
    playouts = max(1, min(PLAYOUTS, PLAYOUT_BUDGET // (len(legal) * worlds)))
    if view.count() <= worlds:
        deals = list(view.counter.worlds())
    else:
        deals = [view.counter.sample(rng) for _ in range(worlds)]
    own = tuple(legal)
    totals = {a: 0.0 for a in legal}
    solvers: dict = {}
    for deal in deals:
        counts["worlds"] = counts.get("worlds", 0) + 1
        # the seat's own choices: the same in every world
        position = view.world_state(deal).with_legal(own)
        solvers.pop("memo", None)            # a max^n memo holds for one deal only
        for a in legal:
            after = adapter.fast_apply(position, a)
            totals[a] += value(adapter, after, seat, mark, rng, solvers, counts, playouts)
    return max(legal, key=lambda a: totals[a])     # ties: the first legal action
