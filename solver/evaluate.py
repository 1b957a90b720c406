"""What one action is worth on one world: the generic evaluator (the rest of the
hand played out by the game's policy, or searched exactly where the adapter
says so) or the game's own (`adapter.evaluator`: Tricksters' exact trick play).
Used by the search's items wherever they are valued (solver/work.py)."""
from __future__ import annotations

from .view import SeatView


class PlayoutEvaluator:
    """The generic value of an action on a world: the rest of the hand played out
    by the game's policy, or searched exactly when the adapter says so."""

    def __init__(self, view: SeatView):
        adapter, state = view.adapter, view.state
        self.view, self.adapter, self.seat = view, adapter, view.seat
        self.exact = adapter.search_exactly(state)
        self.mark = adapter.hand_mark(state)
        self.trick = adapter.current_trick_index(state)
        self.tally = adapter.outcomes       # optional: Voren's looed, ...
        self.state = state
        self.legal = frozenset(state.legal_actions())
        self.cache: dict = {}           # world index -> (position, exact-search memo)

    def cost(self, actions: int) -> float:
        """Playouts of searching `actions` actions on one world."""
        return float(actions)

    def position(self, index: int, world):
        got = self.cache.get(index)
        if got is None:
            # the seat's own choices: the same in every world
            position = self.view.world_state(world).with_legal(self.legal)
            got = self.cache[index] = (position, {})
        return got

    def facts(self, index: int, world, actions, rng_for) -> list:
        """Each of `actions` valued on world number `index` (`world`): its fact
        (`fact`); `rng_for(action)`: the random stream of its playout."""
        adapter, seat, mark = self.adapter, self.seat, self.mark
        position, memo = self.position(index, world)
        out = []
        for action in actions:
            after = position.apply_action(action)
            if self.exact:
                final = adapter.exact_final(after, seat, mark, memo)
            else:
                final = adapter.playout(after, mark, rng_for(action))
            out.append(self.fact(action, final))
        return out

    def fact(self, action, final) -> tuple:
        """What one world tells of `action` (the hand's last position `final`):
        (the seat's points, took the trick, made its bid exactly, the game's
        outcomes), as work.add adds it to the action's statistics."""
        adapter, seat, mark = self.adapter, self.seat, self.mark
        took = self.trick is not None and adapter.took_trick(self.state, final, seat, mark, self.trick)
        target = adapter.target_of(self.state, seat, action)
        bid = target is not None and adapter.tricks_taken(final, seat, mark) == target
        outcomes = tuple(self.tally(final, seat, mark)) if self.tally is not None else ()
        return adapter.hand_points(final, seat, mark), int(took), int(bid), outcomes


def make_evaluator(view: SeatView):
    """The game's own evaluator where it has one (Tricksters' exact trick play),
    else the generic one."""
    own = view.adapter.evaluator
    got = own(view) if own is not None else None
    return got if got is not None else PlayoutEvaluator(view)
