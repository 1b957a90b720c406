"""The face-up (double-dummy) view of a decision, for the hand review.

The same choices the hint ranks, valued in the true deal with every hand known,
in the seat's points for the hand (Voren: chips):
- exactly, where a search of every line finishes in time: Tricksters' trick
  play by its exact trick solver (`games/tricksters.py`); the other games'
  card play by the perfect-information solver (`solver/perfect.py`: max^n in
  Raven and Voren, each seat playing for its own points; team minimax in
  Lunar, the other team keeping your points down) within NODES positions
  expanded (about 1 s natively), which covers the second half of most hands;
  their other decisions (Voren's play-or-fold, the dealer's options) by the
  endgame search (`solver/endgame.py`, the same definitions) within
  EXACT_VISITS positions looked up, where few cards are left;
- else estimated, with a 95% interval: the rest of the hand played out
  PLAYTHROUGHS times on the true deal by the computer's quick play, one move in
  five (EXPLORE) chosen at random among the legal ones so that the play-throughs
  differ (the quick play alone is one fixed line: one playout is no sample).
  Every choice sees the same play-throughs (the same random numbers). Where the
  choices are many (Raven's bids, Lunar's gifts), each is first played out once
  by the quick play, and only the best FINALISTS of those and the choices the
  caller names (`keep`) are estimated (`screened` says how many were left out).
An estimate is of that quick play, not of exact play: it says so, and is never
added to an exact value.

`explain` says why the face-up best differs from the best the player could know:
over worlds consistent with the player's view it finds where the face-up best
did better, and the hidden card whose true place goes with that most often.

Everything here reads the true deal: it is the comparison column of the review,
never the information-set one (that is the hint, `solver.api.hint`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from .perfect import solve_actions
from .stats import half_width
from .view import adapter_for


@dataclass
class FaceUp:
    values: dict            # action token -> the seat's points for the hand (estimated: the mean)
    exact: bool             # every value exact (else estimated by play-throughs)
    order: list = field(default_factory=list)   # tokens, best first (ties: legal order)
    intervals: dict = field(default_factory=dict)   # token -> (low, high), 95%, where estimated
    playthroughs: int = 0   # where estimated: play-throughs of each choice
    screened: int = 0       # choices left out after one quick playout (many choices)
    positions: int = 0      # where searched exactly: positions expanded (the endgame search: looked up)
    samples: dict = field(default_factory=dict, repr=False)   # token -> each play-through's points

    @property
    def best(self) -> str:
        return self.order[0]

    def difference(self, a: str, b: str) -> tuple[float, float | None]:
        """values[a] - values[b] and the half width of its 95% interval: 0 where
        exact; where estimated, over the play-throughs both saw (the same random
        numbers: paired); None with too few to say."""
        diff = self.values[a] - self.values[b]
        if self.exact or a == b:
            return diff, 0.0
        if a not in self.samples or b not in self.samples:
            return diff, None
        return diff, half_width([x - y for x, y in zip(self.samples[a], self.samples[b])])

    def beats(self, a: str, b: str) -> bool:
        """Whether `a` is worth more than `b`: exactly, or clearly (the interval of
        their difference clear of 0)."""
        diff, width = self.difference(a, b)
        return diff > 0 if self.exact else width is not None and diff - width > 0


# At card play the perfect-information solver is tried at every decision and given up
# past NODES positions expanded (natively 25-40 thousand a second: about 1 s) for an
# estimate; a node budget, not a time one, so that a review is the same on every
# machine. The review scales it with its effort (the hint's: NODES at the default
# 160, NODES_PER_EFFORT a unit). The deals `explain` compares are searched for two
# choices each, within an eighth of that each (24 of them: WHY_NODES at the default).
NODES_PER_EFFORT = 250
NODES = 160 * NODES_PER_EFFORT
WHY_NODES = NODES // 8
# Before the tricks (Voren's play-or-fold, the dealer's options) the endgame search is
# tried where at most EXACT_CARDS cards are left, plus one trick (a card a player),
# and given up past EXACT_VISITS positions looked up (natively 20-100 us each, so
# 0.1-0.5 s) for an estimate: it finishes in time at most of Voren's play-or-fold
# decisions with up to five players.
EXACT_CARDS = 12
EXACT_VISITS = 5_000
PLAYTHROUGHS = 8        # play-throughs of each choice where not exact
EXPLORE = 0.2           # of their moves, the share chosen at random among the legal ones
FINALISTS = 8           # more choices than this: screened by one quick playout first


def worth_searching(adapter, state) -> bool:
    """Whether the exact search is tried: few enough cards left that it usually
    finishes within EXACT_VISITS (before that, trying costs the whole budget)."""
    return adapter.search_exactly(state) or adapter.cards_left(state) <= EXACT_CARDS + state.players


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


def face_up(state, seat: int, tokens: list[str] | None = None, memo: dict | None = None,
            seed: int = 0, exact: bool = True, keep: tuple = (), nodes: int = NODES) -> FaceUp:
    """Each legal choice of `seat` (to act in `state`, the true position) valued
    with every hand known (see the module docstring); `tokens` limits it to those
    choices; `keep`, choices an estimate values whatever the screening says (the
    choice made, the hint's best). `memo` may be shared between positions of one
    decision in different worlds (the trick solver's table holds in all of
    them); `exact=False` estimates without trying to search; `nodes`: the
    perfect-information solver's budget at card play."""
    adapter = adapter_for(state.game.name)
    legal, chosen = _choices(state, seat, tokens)
    got = _exactly(adapter, state, seat, legal, chosen, memo, nodes) if exact else None
    if got is not None:
        return got
    return _estimate(adapter, state, seat, adapter.hand_mark(state), legal, chosen, seed, keep)


def face_up_exactly(state, seat: int, tokens: list[str] | None = None, nodes: int = NODES) -> FaceUp | None:
    """`face_up` where a search finishes in time (exact values), else None (no estimate made)."""
    adapter = adapter_for(state.game.name)
    legal, chosen = _choices(state, seat, tokens)
    return _exactly(adapter, state, seat, legal, chosen, None, nodes)


def _choices(state, seat: int, tokens: list[str] | None) -> tuple[dict, list]:
    if state.current_player != seat:
        raise ValueError(f"it is seat {state.current_player}'s turn, not seat {seat}'s")
    game = state.game
    legal = {game.action_token(state, a): a for a in state.legal_actions()}
    return legal, list(legal) if tokens is None else [t for t in tokens if t in legal]


def _exactly(adapter, state, seat: int, legal: dict, chosen: list, memo: dict | None,
             nodes: int) -> FaceUp | None:
    """The chosen actions' exact values where a search of every line finishes in
    its budget (see the module docstring), else None."""
    own = adapter.exact_values(state, seat, [legal[t] for t in chosen], {} if memo is None else memo) if (
        adapter.exact_values is not None) else None
    if own is not None:         # the game's own exact search (Tricksters' trick play)
        values = {token: own[legal[token]] for token in chosen}
        return FaceUp(values, True, _order(chosen, values))
    if adapter.current_trick_index(state) is not None:      # card play: the perfect solver
        got = solve_actions(adapter, state, seat, [legal[t] for t in chosen], nodes=nodes)
        if got.values is None:
            return None
        values = {token: got.values[legal[token]] for token in chosen}
        return FaceUp(values, True, _order(chosen, values), positions=got.report.nodes)
    if adapter.exact_final is not None and worth_searching(adapter, state):
        mark = adapter.hand_mark(state)
        table = _Capped()
        try:
            values = {}
            for token in chosen:
                final = adapter.exact_final(state.apply_action(legal[token]), seat, mark, table)
                values[token] = adapter.hand_points(final, seat, mark)
            return FaceUp(values, True, _order(chosen, values), positions=table.visits)
        except _TooLong:
            pass
    return None


def _estimate(adapter, state, seat: int, mark: int, legal: dict, chosen: list, seed: int,
              keep: tuple) -> FaceUp:
    tag = f"{seed}/{len(state.history)}/{seat}"
    screened = 0
    if len(chosen) > FINALISTS:
        rng = random.Random(f"manyhands/review/{tag}")
        first = {t: adapter.hand_points(adapter.playout(state.apply_action(legal[t]), mark, rng),
                                        seat, mark) for t in chosen}
        finalists = set(_order(chosen, first)[:FINALISTS]) | {t for t in keep if t in first}
        screened = len(chosen) - len(finalists)
        chosen = [t for t in chosen if t in finalists]          # in legal order
    values, intervals, samples = {}, {}, {}
    for token in chosen:
        after = state.apply_action(legal[token])
        got = samples[token] = [adapter.hand_points(playthrough(adapter, after, mark, random.Random(
            f"manyhands/review/through/{tag}/{i}")), seat, mark) for i in range(PLAYTHROUGHS)]
        mean = sum(got) / len(got)
        width = half_width(got)
        values[token] = mean
        intervals[token] = (mean - width, mean + width)
    return FaceUp(values, False, _order(chosen, values), intervals, PLAYTHROUGHS, screened,
                  samples=samples)


def playthrough(adapter, state, mark: int, rng):
    """The rest of hand `mark` played by the game's quick play, each move but one
    in five on average (EXPLORE) chosen at random among the legal ones."""
    policy, apply, hand_mark = adapter.policy_action, adapter.fast_apply, adapter.hand_mark
    while hand_mark(state) == mark:
        if rng.random() < EXPLORE:
            state = state.apply_action(rng.choice(state.legal_actions()))
        else:
            state = apply(state, policy(state, rng))
    return state


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
            seed: int = 0, exact: bool = True, nodes: int = WHY_NODES) -> Difference:
    """Compare the true deal (`truth`: the hidden places as the engine holds them
    at the decision) with up to `count` worlds of the player's `view` (all of them
    when fewer): in which of them `better` beats `known` with all hands seen, and
    which hidden card's true place goes with that most (the difference between how
    often it is there where `better` won and where it did not, by at least
    MIN_LIFT; else no card is named). `exact=False`:
    the true deal's values were estimated, so are the worlds' (no search to give up);
    `nodes`: each world's budget at card play (see `face_up`)."""
    rng = random.Random(f"manyhands/review/why/{seed}/{len(view.state.history)}/{view.seat}")
    total = view.count()
    all_worlds = total <= count
    worlds = list(view.counter.worlds()) if all_worlds else [view.counter.sample(rng)
                                                             for _ in range(count)]
    memo: dict = {}
    wins, places = [], []
    for world in worlds:
        got = face_up(view.world_state(world), view.seat, [known, better], memo, seed, exact, nodes=nodes)
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
