"""Voren adapter: the seat's constraint model, worlds as deals, a playout policy.

Hidden places (the engine's names): `hand:s` (another seat's cards in hand now,
folded seats too; before the deal the seat's own hand as well), `discard:s` (the
hand a seat laid down to take the poke), `poke` (while untaken; it is dealt in
every deal, used only if the dealer deals a poke), `stock` (the undealt cards)
and, before the deal, `turnup`. Their sizes are public.

Constraints, all asked of the engine (`common.forbidden_by_play`): a card play
by seat s at step t forbids card c in `hand:s` when the play would have been
illegal had s also held c then
(not following, not trumping, not playing the highest card that takes the trick,
not leading the Greater Crown of trump on trick 1 or trump on trick 2). Each of
Voren's play rules compares the played card with one other card of the hand at a
time, so these per-card exclusions are the whole of what a play reveals; the
tests hold the model to replay (brute force) to make sure of it. Playing,
folding and taking the poke reveal nothing (they are always legal).

Once the tricks are under way, the cards no play can reach any more (the stock,
an untaken poke, a poke taker's discard, the hands of folded seats) are one place,
`out`: each way of putting the unseen cards in the hands still in play then
counts as one world, as likely as any other (nothing constrains the cards out of
play, so each has the same number of completions), and the few worlds of a late
trick are all searched, exactly. `engine_places` splits `out` back into the
engine's places (in a fixed order: any split replays the same).

A world is a whole deal of the current hand. The engine's `with_hidden` keeps
the stock out of the deal's card list (pycore/games/voren.py), so the adapter
rebuilds the deal (hands as dealt, poke, turnup; the rest is the stock) and
replays the hand from its public start: chips, pot and dealer are public, and
nothing from an earlier hand constrains this one's cards.

Decisions searched (solver/search.py): the dealer's options (before the deal:
playouts over uniformly random whole deals), play / fold / take the poke
(playouts over the consistent worlds), card play (playouts; max^n once few
cards are left). The hint also counts, per action, how often the seat takes a
trick, how often it is looed and, before the tricks, how often it takes the pot
without play (`outcomes`, `OUTCOME_WORDS`).
"""
from __future__ import annotations

from pycore.games.voren import (CARDS, DECK, TREACHERY, WOLF, Choice,
                                Options, Play, card_strength, looed, suit_of,
                                trick_winner)
from pycore.errors import ManyhandsError
from pycore.records import Record
from pycore.words import count

from .. import endgame
from ..adapter import Adapter, consistent  # noqa: F401  (the replay test, as tests ask it)
from ..view import SeatView
from .common import OUT, dealt_hands, hand_record, hand_view, trick_under_way

ALL_CARDS = tuple(range(CARDS))

# what the hint's words say for each counted outcome (search.py tallies them)
OUTCOME_WORDS = {"trick": "takes at least one trick", "looed": "is looed",
                 "pot": "takes the pot without play"}
# Ruling V4's pot without play: said where it happened; most positions cannot reach it
# (a rival already plays, or the tricks have begun), and "0%" there would be noise.
RARE_OUTCOMES = ("pot",)


# --- the view -------------------------------------------------------------------------
def build_view(state, seat: int, positions: list | None = None) -> SeatView:
    return hand_view(state, seat, positions, ADAPTER, Play, out_of_play)


def out_of_play(state, places: dict) -> dict:
    """Those of the hidden `places` (name: size, or name: cards) that no play can
    reach any more: during the tricks, all but the hands of the seats still in play."""
    if state.phase != "play":
        return {}
    live = {f"hand:{s}" for s in state.active}
    return {name: size for name, size in places.items() if name not in live}


def engine_places(view: SeatView, world: dict) -> dict:
    """A world of the model in the engine's hidden places: `out` split into the
    places it stands for, in order (any split replays the same)."""
    out = view.extra["out"]
    if not out:
        return world
    places = {name: cards for name, cards in world.items() if name != OUT}
    rest = sorted(world[OUT])
    for name, size in out.items():
        places[name], rest = tuple(rest[:size]), rest[size:]
    return places


def model_world(state, places: dict) -> dict:
    """The engine's hidden places in `state` (the true deal, say) as a world of
    the model."""
    out = out_of_play(state, places)
    world = {name: tuple(sorted(cards)) for name, cards in places.items() if name not in out}
    if out:
        world[OUT] = tuple(sorted(c for name in out for c in places[name]))
    return world


# --- worlds as deals and records -------------------------------------------------------------
def world_deal(view: SeatView, world: dict) -> dict:
    """The current hand's deal (record form) with this world's hidden cards: hands
    as dealt (cards played since and a poke taker's discard put back), the poke as
    dealt, the turnup; the stock is what is left."""
    obs, seat = view.obs, view.seat
    n = obs["players"]
    world = engine_places(view, world)
    if obs["turnup"] is None:          # before the deal: the world is the whole deal
        return {"dealer": obs["dealer"], "hands": [DECK.tokens_of(world[f"hand:{s}"]) for s in range(n)],
                "poke": DECK.tokens_of(world["poke"]), "turnup": DECK.token(world["turnup"][0])}
    taker = obs["poke_taken_by"]
    hands, poke = [], None
    for s, held in enumerate(dealt_hands(view, world)):       # the hand it plays from
        if s == taker:
            poke = list(DECK.cards(held))
            held = DECK.tokens_of(sorted(DECK.cards(obs["discarded"]) if s == seat else world[f"discard:{s}"]))
        hands.append(held)
    if poke is None:
        poke = list(world["poke"])
    return {"dealer": obs["dealer"], "hands": hands, "poke": DECK.tokens_of(sorted(poke)),
            "turnup": obs["turnup"]}


def world_record(view: SeatView, world: dict) -> Record:
    """The complete record of the game with this world's cards in the current hand.
    Earlier hands keep the deals the game had (they never constrain this hand's
    cards: what carries over, chips and pot, is public); only tests replay it."""
    return hand_record(view, world_deal(view, world))


def consistent_fast(view: SeatView, world: dict) -> bool:
    """The same test replaying only the current hand, from its (public) start."""
    try:
        state = view.state
        deal = state.game.deal_from_json(state.rules, world_deal(view, world), hand=state.first_hand + len(state.deals) - 1)
        s = view.extra["states"][0]
        dealt = {c for h in deal["hands"] for c in h} | set(deal["poke"]) | {deal["turnup"]}
        if len(dealt) != len(deal["hands"]) * 3 + 4:
            return False
        stock = tuple(sorted(engine_places(view, world)["stock"]))
        if sorted(stock) != [c for c in ALL_CARDS if c not in dealt]:
            return False
        places = {f"hand:{i}": h for i, h in enumerate(deal["hands"])}
        places.update(poke=deal["poke"], turnup=(deal["turnup"],), stock=stock)
        s = s.with_hidden(view.seat, places)
        for _, token in view.obs["history"][view.extra["start"]:]:
            s = s.apply_action(s.game.parse_action(s, token))
    except ManyhandsError:            # an illegal replay: an inconsistent world (a bug still raises)
        return False
    return s.observation(view.seat) == view.obs


def world_state(view: SeatView, world: dict):
    """The current position with this world's hidden cards (for search)."""
    return view.state.with_hidden(view.seat, engine_places(view, world))


# --- a fast playout policy (easy bot, and the playouts of the search) --------------------
def strength(card: int, trump, led=None) -> tuple[int, int]:
    """The policy's order of cards: the engine's card strength, then rank (which of
    the cards that cannot take the trick is cheapest)."""
    return card_strength(card, trump, led), card % 8 if card < WOLF else 0


def _card_value(card: int, trump) -> float:
    """Roughly the chance this card takes a trick against a few opponents."""
    if card == TREACHERY:
        return 1.0
    if card == WOLF:
        return 0.9
    rank = card % 8
    if card // 8 == trump:
        return 0.35 + 0.09 * rank
    return max(0.0, 0.1 * (rank - 3))


def hand_value(cards, trump) -> float:
    return sum(_card_value(c, trump) for c in cards)


def _decide(state, seat: int):
    legal = state.legal_actions()
    trump = state.trump
    value = hand_value(state.hands[seat], trump)
    playing = sum(1 for c in state.choices if c in ("play", "poke"))
    left = state.players - 1 - state.decide_pos         # seats still to choose after this one
    rivals = playing + 0.5 * left
    need = 0.55 + 0.12 * rivals
    if value >= need:
        return Choice("play")
    poke = Choice("poke")
    if poke in legal and value < 0.5 * need:
        return poke
    return Choice("fold") if Choice("fold") in legal else Choice("play")


def policy_action(state, rng=None):
    """A quick heuristic move for the seat to act, from its own hand and what is public."""
    seat = state.current_player
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state.phase == "options":
        return Options(True, False)
    if state.phase == "decide":
        return _decide(state, seat)
    trump = state.trump
    trick = state.tricks[-1]
    if not trick.plays:                                   # lead the strongest card
        return max(legal, key=lambda a: (strength(a.card, trump), a.card))
    led = suit_of(trick.plays[0][1])
    wins = [a for a in legal if trick_winner(trick.plays + ((seat, a.card),), trump) == seat]
    if wins:                                              # free play (Wolf/Treachery led): take cheaply
        return min(wins, key=lambda a: (strength(a.card, trump, led), a.card))
    return min(legal, key=lambda a: (strength(a.card, trump, led), a.card))


# --- what the search needs ------------------------------------------------------------------
def decision(state) -> str:
    return {"options": "options", "decide": "decide"}.get(state.phase, "play")


def outcomes(state, seat: int, mark: int) -> list[str]:
    """What the hint counts besides the score: took a trick, was looed, or took
    the pot without play (Ruling V4: everyone else folded), so that a play's
    outcomes account for its deals."""
    tricks = state.finished_hands[mark][0]
    if any(t.winner == seat for t in tricks):
        return ["trick"]
    if tricks and seat in looed(tricks[0].seats, tricks):
        return ["looed"]
    if state.hand_log[mark]["uncontested"] == seat:      # (the sheet's: only where no trick was played)
        return ["pot"]
    return []



def cards_left(state) -> int:
    """Cards still to be played this hand (before the tricks: every dealt hand)."""
    if state.phase == "play":
        return sum(len(state.hands[s]) for s in state.active)
    return sum(len(h) for h in state.hands)


EXACT_CARDS = 6          # at most this many cards left in the players' hands: max^n search


def search_exactly(state) -> bool:
    """Exactly (max^n) once few cards are left: two players at any trick, three
    from the second trick. Earlier, a whole hand among many players can take a
    minute for one world, so playouts."""
    return state.phase == "play" and cards_left(state) <= EXACT_CARDS


def exact_final(state, seat: int, mark: int, memo: dict):
    """The hand's last position under max^n play (solver/endgame.py)."""
    return endgame.exact_final(ADAPTER, state, seat, mark, memo)


def fast_apply(state, action):
    return state.apply_action(action)


def big_loss(state) -> tuple[float, str, str]:
    """In chips: a trick takes a third of the hand's pot, so half a trick is a
    sixth of that pot (at least 1 chip)."""
    pot = state.hand_pot
    return (max(1.0, pot / 6), "chips",
            f"half a trick's share; a trick takes a third of this hand's pot of {pot} chips")


def settled(obs: dict, seat: int) -> tuple[float, str] | None:
    """At play or fold, the chips of this hand no choice changes any more: those
    the seat has paid into the pot (the ante, the dealer's extra ante). A fold
    loses nothing more; its value is that ante, which reads as a cost of folding
    unless the hint says its values from here."""
    if obs.get("phase") != "decide":
        return None
    paid = (obs.get("paid_this_hand") or [0] * (seat + 1))[seat]
    won = (obs.get("won_this_hand") or [0] * (seat + 1))[seat]
    if not paid or won:
        return None
    return float(-paid), f"the {count(paid, 'chip')} you have put in"


ADAPTER = Adapter(
    "voren", build_view=build_view, world_record=world_record, world_state=world_state,
    policy_action=policy_action, fast_apply=fast_apply, decision=decision,
    current_trick_index=trick_under_way, cards_left=cards_left, consistent_fast=consistent_fast,
    search_exactly=search_exactly, exact_final=exact_final,
    outcomes=outcomes, outcome_words=OUTCOME_WORDS, rare_outcomes=RARE_OUTCOMES,
    model_world=model_world, big_loss=big_loss, settled=settled)
