"""Voren adapter.

Hidden places (the engine's names): `hand:s`, `discard:s` (a hand set aside face
down for the poke), `poke` (while untaken), `stock` (cards not dealt) and, before
the deal, `turnup` and the seat's own hand. What a play reveals (not following,
not trumping, not taking the trick when able, not leading the Greater Crown or
trump when obliged) is asked of the engine card by card, as in every game.
Decisions: the dealer's options, play / fold / take the poke, card play; all
ranked by heuristic playouts of the hand (value: chips won minus paid).
"""
from __future__ import annotations

import sys

from pycore.games.voren import (CARDS, DECK, FOLD, PLAY, POKE, SUIT_NAMES, WOLF, Options, Play)

from ..view import SeatView
from .common import forbidden_by_play, model_from, states_from, unseen_and_places


def _hand_start(state) -> int:
    """Index of the current hand's first action (the dealer's options)."""
    history = state.history
    for index in range(len(history) - 1, -1, -1):
        if isinstance(history[index][1], Options):
            return index if state.phase != "options" else len(history)
    return len(history)


def build_view(state, seat: int) -> SeatView:
    if state.is_terminal:
        raise ValueError("the game is over")
    start = _hand_start(state)
    places, unseen = unseen_and_places(state, seat)
    states = states_from(state, start)
    history = state.history
    forbidden: dict = {}
    for index in range(start, len(history)):
        actor, action = history[index]
        if actor == seat or not isinstance(action, Play) or f"hand:{actor}" not in places:
            continue
        later = tuple(a.card for s, a in history[index:] if s == actor and isinstance(a, Play))
        forbidden.setdefault(f"hand:{actor}", set()).update(
            forbidden_by_play(states[index - start], seat, actor, action, later, unseen))
    model = model_from(places, unseen, forbidden)
    return SeatView(seat=seat, obs=state.observation(seat), model=model,
                    adapter=sys.modules[__name__], state=state,
                    extra={"start": start, "states": states})


def consistent(view: SeatView, world: dict) -> bool:
    """Replay the hand from just after the dealer's options with the world's cards
    put back where they were dealt: every action legal, the same observation."""
    state, seat = view.state, view.seat
    start = view.extra["start"]
    if start == len(state.history):         # before the deal: every split is a world
        return view.model.contains(world)
    history = state.history[start + 1:]
    s = view.extra["states"][1]
    played = {}
    for actor, action in history:
        if isinstance(action, Play):
            played.setdefault(actor, []).append(action.card)
    places = {}
    poke_start = None
    for name in s.hidden_places(seat):
        kind, _, who = name.partition(":")
        if kind != "hand":
            continue
        other = int(who)
        now = list(world[f"hand:{other}"]) + played.get(other, [])
        if state.choices[other] == "poke":
            places[name] = world[f"discard:{other}"]
            poke_start = now
        else:
            places[name] = now
    if state.choices[seat] == "poke":
        poke_start = list(state.hands[seat]) + played.get(seat, [])
    if "poke" in s.hidden_places(seat):
        places["poke"] = poke_start if poke_start is not None else world.get("poke", ())
    places["stock"] = world["stock"]
    try:
        if sorted(c for p in places.values() for c in p) != sorted(
                c for p in s.hidden_places(seat).values() for c in p):
            return False       # the cards hidden then are the cards hidden now, publicly known
        s = s.with_hidden(seat, {k: tuple(sorted(v)) for k, v in places.items()})
        for _, action in history:
            s = s.apply_action(action)
    except Exception:
        return False
    return s.observation(seat) == view.obs


consistent_fast = consistent


def world_state(view: SeatView, world: dict):
    return view.state.with_hidden(view.seat, world)


# --- search hooks ---------------------------------------------------------------------------
def decision(state) -> str:
    return {"options": "options", "decide": "decide"}.get(state.phase, "play")


def hand_mark(state) -> int:
    return len(state.finished_hands)


def hand_points(state, seat: int, mark: int) -> int:
    return state.finished_hands[mark][1][seat]


def current_trick_index(state):
    return len(state.tricks) - 1 if state.phase == "play" else None


def took_trick(before, state, seat, mark, trick_index) -> bool:
    tricks = state.finished_hands[mark][0]
    return trick_index < len(tricks) and tricks[trick_index].winner == seat


def target_of(state, seat, action):
    return None


def tricks_taken(state, seat, mark):
    return 0


def search_candidates(view, legal, limit):
    return list(legal), None


def search_exactly(state) -> bool:
    return False


def fast_apply(state, action):
    return state.apply_action(action)


def cards_left(state) -> int:
    return sum(len(h) for h in state.hands)


def _power(state, card: int) -> int:
    return state._strength(card, None)


def policy_action(state, rng=None):
    """A quick heuristic: deal plainly; play a hand holding a trump or a court, else
    fold (take the poke with nothing); lead the strongest card, follow with the
    lowest card allowed (the engine already forces taking the trick when able)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.current_player
    if state.phase == "options":
        return Options(False, False) if Options(False, False) in legal else legal[0]
    if state.phase == "decide":
        hand = state.hands[seat]
        strong = sum(1 for c in hand if _power(state, c) >= 50 or (c < WOLF and c % 8 >= 6))
        if strong:
            return PLAY
        return POKE if POKE in legal else (FOLD if FOLD in legal else PLAY)
    key = lambda a: (_power(state, a.card), a.card % 8 if a.card < WOLF else 9, a.card)
    if not state.tricks[-1].plays:
        return max(legal, key=key)
    return min(legal, key=key)


def card_suit(card: int):
    return card // 8 if card < WOLF else None


def suit_names():
    return SUIT_NAMES


def card_token(card: int) -> str:
    return DECK.token(card)
