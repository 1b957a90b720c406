"""The face-up (double-dummy) view of a decision, for the hand review.

The same choices the hint ranks, valued in the true deal with every hand known:
exactly where the game has an exact search (Tricksters' trick play: the exact
trick solver of `games/tricksters.py`; the other games' endgames: their exact
searches, Raven's and Voren's max^n and Lunar's team minimax, run on the one
true deal from a few tricks before the end, `EXACT_CARDS`), else estimated by
the hint's own playout of the rest of the hand on the one true world (the games'
playout policies are deterministic, so one playout is the estimate). Units are
the hint's: the seat's points for the hand (Voren: chips).

`explain` says why the face-up best differs from the best the player could know:
over worlds consistent with the player's view it finds where the face-up best
did better, and the hidden card whose true place goes with that most often.

Everything here reads the true deal: it is the comparison column of the review,
never the information-set one (that is the hint, `solver.api.hint`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from .view import adapter_for


@dataclass
class FaceUp:
    values: dict            # action token -> the seat's points for the hand
    exact: bool             # every value exact (else estimated by a playout)
    order: list = field(default_factory=list)   # tokens, best first (ties: legal order)

    @property
    def best(self) -> str:
        return self.order[0]


# One world is cheap to search exactly far beyond where the hint (which searches
# many) starts: max^n (Raven, Voren) or team minimax (Lunar) with at most this many
# cards left in the hands: measured natively at ~20 us a position visited, 1-25 ms
# a decision with 12 cards among 3 to 6 players, up to ~0.2 s with two (Raven,
# Lunar's Sky). A search is given up past EXACT_VISITS positions visited (~0.1 s)
# and the values estimated.
EXACT_CARDS = 12
EXACT_VISITS = 5_000


class _TooLong(Exception):
    pass


class _Capped(dict):
    """A search table that stops the search once EXACT_VISITS positions were looked up."""
    visits = 0

    def get(self, key, default=None):
        self.visits += 1
        if self.visits > EXACT_VISITS:
            raise _TooLong
        return super().get(key, default)


def exact_here(adapter, state) -> bool:
    """Whether the face-up values of this decision are searched exactly by the
    generic endgame search (a search that runs too long is still given up:
    `face_up` says which it was), where the game has no exact search of its own."""
    return adapter.search_exactly(state) or (
        adapter.current_trick_index(state) is not None and adapter.cards_left(state) <= EXACT_CARDS)


def face_up(state, seat: int, tokens: list[str] | None = None, memo: dict | None = None,
            seed: int = 0, exact: bool = True) -> FaceUp:
    """Each legal choice of `seat` (to act in `state`, the true position) valued
    with every hand known; `tokens` limits it to those choices. `memo` may be
    shared between positions of one decision in different worlds (the trick
    solver's table holds in all of them); `exact=False` estimates even where an
    exact search would be tried."""
    game = state.game
    adapter = adapter_for(game.name)
    if state.current_player != seat:
        raise ValueError(f"it is seat {state.current_player}'s turn, not seat {seat}'s")
    memo = {} if memo is None else memo
    legal = {game.action_token(state, a): a for a in state.legal_actions()}
    chosen = list(legal) if tokens is None else [t for t in tokens if t in legal]
    mark = adapter.hand_mark(state)
    own = adapter.exact_values(state, seat, [legal[t] for t in chosen], memo) if (
        exact and adapter.exact_values is not None) else None
    if own is not None:         # the game's own exact search (Tricksters' trick play)
        values = {token: own[legal[token]] for token in chosen}
        return FaceUp(values, True, _order(chosen, values))
    exact = exact and exact_here(adapter, state)
    values = {}
    if exact:
        table = _Capped()
        try:
            for token in chosen:
                final = adapter.exact_final(state.apply_action(legal[token]), seat, mark, table)
                values[token] = adapter.hand_points(final, seat, mark)
            return FaceUp(values, True, _order(chosen, values))
        except _TooLong:
            values = {}
    rng = random.Random(f"manyhands/review/{seed}/{len(state.history)}/{seat}")
    for token in chosen:
        final = adapter.playout(state.apply_action(legal[token]), mark, rng)
        values[token] = adapter.hand_points(final, seat, mark)
    return FaceUp(values, False, _order(chosen, values))


def _order(tokens: list[str], values: dict) -> list[str]:
    return sorted(tokens, key=lambda t: -values[t])      # stable: legal order on ties


# --- why the two columns differ ---------------------------------------------------------------
def _places(world: dict) -> dict[str, tuple]:
    """A world's places as the engine names them (Lunar's model splits a hand by
    card type: `hand:1/rank` and `hand:1/suit` are both `hand:1`)."""
    out: dict[str, list] = {}
    for name, cards in world.items():
        out.setdefault(name.split("/")[0], []).extend(cards)
    return {name: tuple(sorted(cards)) for name, cards in out.items()}


# A hidden card is named only if it was in its true place at least this much more
# often (as a share of the deals) where the face-up best did better than elsewhere:
# with two dozen deals, a smaller difference is mostly the draw.
MIN_LIFT = 0.25


@dataclass
class Difference:
    """Why `better` (the face-up best) beat `known` (the best by what was known):
    of `worlds` deals consistent with the player's view (`all_worlds`: every one),
    `better` did better in `better_in`; `card` in `place` (its true place, hidden
    from the player) was so in `with_card` of those and in `elsewhere` of the
    others (None: no single card tells them apart)."""
    known: str
    better: str
    worlds: int
    all_worlds: bool
    better_in: int
    card: int | None = None
    place: str | None = None
    with_card: int = 0
    elsewhere: int = 0


def explain(view, truth: dict, known: str, better: str, count: int = 24,
            seed: int = 0, exact: bool = True) -> Difference:
    """Compare the true deal (`truth`: the hidden places as the engine holds them
    at the decision) with up to `count` worlds of the player's `view` (all of them
    when fewer): in which of them `better` beats `known` with all hands seen, and
    which hidden card's true place goes with that most (the difference between how
    often it is there where `better` won and where it did not, by at least
    MIN_LIFT; else no card is named). `exact=False`:
    the true deal's values were estimated, so are the worlds' (no search to give up)."""
    rng = random.Random(f"manyhands/review/why/{seed}/{len(view.state.history)}/{view.seat}")
    total = view.count()
    all_worlds = total <= count
    worlds = list(view.counter.worlds()) if all_worlds else [view.counter.sample(rng)
                                                             for _ in range(count)]
    memo: dict = {}
    wins, places = [], []
    for world in worlds:
        got = face_up(view.world_state(world), view.seat, [known, better], memo, seed, exact)
        wins.append(got.values[better] > got.values[known])
        places.append(_places(world))
    diff = Difference(known, better, len(worlds), all_worlds, sum(wins))
    truth = view.adapter.model_world(view.state, truth)     # Voren: the cards out of play, one place
    won = [p for p, w in zip(places, wins) if w]
    lost = [p for p, w in zip(places, wins) if not w]
    best_score = MIN_LIFT - 1e-9
    for place, cards in sorted(truth.items()):
        for card in sorted(set(cards)):
            hits = [card in p.get(place, ()) for p in places]
            if all(hits) or not any(hits):
                continue                  # known to the player, or never so: tells nothing
            a = sum(card in p.get(place, ()) for p in won)
            b = sum(card in p.get(place, ()) for p in lost)
            score = a / len(won) - (b / len(lost) if lost else 0.0) if won else 0.0
            if score > best_score + 1e-9:
                best_score = score
                diff.card, diff.place, diff.with_card, diff.elsewhere = card, place, a, b
    return diff
