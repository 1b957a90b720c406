"""Helpers for checking the solver against plain versions of what it does, shared
by tests/ and bench/ (as numpy.testing is numpy's): seeded positions and the
cards a seat cannot see, a seat's model narrowed to a few worlds by pinning
cards where they truly are, and plain searches written from the engine alone.

Native only: build.py leaves this module out of the browser bundle."""
from __future__ import annotations

import json
import random

from pycore.game import get_game
from pycore.games.lunar import TYPES, card_type
from pycore.games.tricksters import ROUND_POINTS
from solver import work
from solver.games import voren
from solver.worlds import Counter, Model


# --- positions and the truth ------------------------------------------------------------
def positions(game_name: str, rules: dict, count: int, seed: int, starts: int = 0):
    """`count` (state, seat) pairs from seeded random games, stopped at random steps;
    with `starts`, first that many games' opening decisions (seeds 0, 1, ...; the
    seat to act), which random steps rarely land on (a hand's bids, drafts). The
    random positions are the same whatever `starts` is."""
    game = get_game(game_name)
    rng = random.Random(f"positions/{game_name}/{sorted(rules.items())}/{seed}")
    out = []
    for start_seed in range(starts):
        state = game.new_game(rules, seed=start_seed)
        out.append((state, state.current_player))
    count += starts
    while len(out) < count:
        state = game.new_game(rules, seed=rng.randrange(10**6))
        target = rng.randrange(1, 400)
        for _ in range(target):
            if state.is_terminal:
                break
            state = state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal:
            continue
        out.append((state, rng.randrange(state.players)))
    return out


def to_act(found, count: int | None = None, *, phase: str | None = None,
           most_choices: int | None = None) -> list:
    """(state, the seat to act) for the first `count` (default all) of the
    positions `found` ((state, seat) pairs): those in `phase` when given, and with
    2 to `most_choices` legal actions when that is given."""
    out = []
    for state, _ in found:
        if count is not None and len(out) == count:
            break
        if phase is not None and state.phase != phase:
            continue
        if most_choices is not None and not 1 < len(state.legal_actions()) <= most_choices:
            continue
        out.append((state, state.current_player))
    return out


def truth(state, seat) -> dict:
    """The cards of each place hidden from `seat`, as the engine dealt them."""
    return {name: tuple(sorted(cards)) for name, cards in state.hidden_places(seat).items()}


def lunar_by_type(world: dict) -> dict:
    """Lunar: a world of the engine's places in the model's (one place per type)."""
    return {f"{name}/{kind}": tuple(c for c in cards if card_type(c) == kind)
            for name, cards in world.items() for kind in TYPES}


def lunar_truth(state, seat) -> dict:
    """Lunar: the true hidden cards in the model's places."""
    return lunar_by_type(truth(state, seat))


def voren_truth(state, seat) -> dict:
    """Voren: the true hidden cards in the model's places (during the tricks, the
    cards out of play are one place)."""
    return voren.model_world(state, truth(state, seat))


# --- narrowing a model to a few worlds ----------------------------------------------------
def unconstrained_first(model: Model, cards: list) -> list:
    """`cards` with those the plays left free to be anywhere first, so that pinning
    in this order keeps what the inference derived free the longest."""
    full = set(model.places)
    return sorted(cards, key=lambda c: model.allowed_of(c) != full)


def reduce(view, true_world: dict, rng, limit: int, *, constrained_last: bool = True,
           count_when_free: int | None = None) -> Model:
    """The seat's model with cards pinned to their true places until at most
    `limit` worlds remain. `count_when_free`: only start counting once that few
    cards are free (counting a whole big model is slow; before that, just pin)."""
    model = view.model
    free = [c for c, _ in model.allowed]
    rng.shuffle(free)
    if constrained_last:
        free = unconstrained_first(model, free)
    home = {c: p for p, cs in true_world.items() for c in cs}
    for i, card in enumerate(free):
        if (count_when_free is None or len(free) - i <= count_when_free) and \
                Counter(model).count() <= limit:
            break
        model = model.pin(card, home[card])
    return model


def pin_one(model: Model, card: int, place: str) -> Model:
    """One still-free copy of `card` pinned to `place` (a model with copies)."""
    allowed, done = [], False
    for c, where in model.allowed:
        if not done and c == card and place in where and len(where) > 1:
            allowed.append((c, frozenset([place])))
            done = True
        else:
            allowed.append((c, where))
    assert done
    return Model(model.places, allowed, copies=model.copies)


def reduce_lunar(view, true_world, rng, limit=16, count=None) -> Model:
    """Lunar: the seat's model with copies pinned to their true places until at
    most `limit` worlds remain, as `count(model)` counts them (default
    `Counter`); kinds the plays constrained stay free longest."""
    count = count or (lambda model: Counter(model).count())
    model = view.model
    home = [(c, p) for p, cs in true_world.items() for c in cs]
    rng.shuffle(home)
    full = {c: len(model.allowed_of(c)) for c in set(model.cards)}
    widest = {card_type(c): max(n for k, n in full.items() if card_type(k) == card_type(c))
              for c in full}
    home.sort(key=lambda x: full[x[0]] != widest[card_type(x[0])])
    home = [(c, p) for c, p in home
            if any(k == c and p in w and len(w) > 1 for k, w in model.allowed)]
    # pin in bulk while many copies are free (counting big models is slow), then
    # one at a time
    bulk = max(0, len(home) - 14)
    for card, place in home[len(home) - bulk:][::-1]:
        model = pin_one(model, card, place)
    for card, place in home[:len(home) - bulk]:
        if count(model) <= limit:
            break
        model = pin_one(model, card, place)
    return model


# --- Tricksters: a plain expectimax from the engine alone ----------------------------------
def at_trick(trick: int, count: int, seed: int, rules: dict | None = None) -> list:
    """Up to `count` Tricksters positions of seeded random games where the seat to
    act plays to trick `trick` (1-5), at a random point of it, in the first three
    rounds."""
    rules = {"players": 4} if rules is None else rules
    rng = random.Random(f"at_trick/{trick}/{seed}")
    out = []
    for _ in range(count):
        state = get_game("tricksters").new_game(rules, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(0, 3) * 33):
            state = state.apply_action(rng.choice(state.legal_actions()))
        while not (state.phase == "play" and len(state.tricks) == trick):
            state = state.apply_action(rng.choice(state.legal_actions()))
        for _ in range(rng.randrange(0, 4)):
            state = state.apply_action(rng.choice(state.legal_actions()))
        if state.phase == "play" and len(state.tricks) == trick and len(state.legal_actions()) > 1:
            out.append(state)
    return out


def side_tricks(final, mark, side) -> int:
    return sum(1 for t in final.finished_hands[mark][0] if t.winner in side)


def brute_value(state, mark, side, memo) -> int:
    """The tricks `side` takes this Tricksters round when every seat plays to
    maximise its own side's (points, tricks), by plain search with the engine's
    apply_action.

    `memo` is keyed on everything the rest of the round depends on: every hand,
    the trick under way (leader and plays) and the tricks each side has taken (the
    suits and partners are fixed for the round), so it may serve several worlds."""
    if len(state.finished_hands) > mark:
        return side_tricks(state, mark, side)
    key = (state.hands, state.tricks[-1], state.team_tricks)
    if key in memo:
        return memo[key]
    mover = state.current_player
    mine = mover in side
    best = None
    for action in state.legal_actions():
        ours = brute_value(state.apply_action(action), mark, side, memo)
        theirs = 5 - ours
        utility = (ROUND_POINTS[ours], ours) if mine else (ROUND_POINTS[theirs], theirs)
        if best is None or utility > best[0]:
            best = (utility, ours)
    memo[key] = best[1]
    return best[1]


def brute_expectimax(view) -> dict:
    """Each legal action's expected Tricksters points for the seat over every world."""
    state, seat = view.state, view.seat
    mark = len(state.finished_hands)
    side = (seat, state.partner[seat])
    worlds = list(view.counter.worlds())
    memo: dict = {}
    out = {}
    for action in state.legal_actions():
        total = 0
        for world in worlds:
            after = state.with_hidden(seat, world).apply_action(action)
            total += ROUND_POINTS[brute_value(after, mark, side, memo)]
        out[state.game.action_token(state, action)] = total / len(worlds)
    return out


# --- a search spread over workers, in this process ----------------------------------------
class Split:
    """A driver valuing each batch as `k` workers would, in this process: the
    batch through JSON, its items dealt round robin to k workers' own searchers
    (each rebuilt from the position's spec), the results back through JSON and
    merged in order, as the page's pool does (web/pool.js)."""

    def __init__(self, k: int):
        self.workers = [work.Contexts() for _ in range(k)]
        self.batches = 0

    def run(self, batch: work.Batch) -> list:
        self.batches += 1
        sent = json.loads(json.dumps(batch.to_json()))
        k = len(self.workers)
        answers = [json.loads(json.dumps(work.value_json(held, {**sent, "items": sent["items"][j::k]})))
                   for j, held in enumerate(self.workers)]
        merged = [answers[j % k][j // k] for j in range(len(sent["items"]))]
        return work.check_results(batch, merged)
