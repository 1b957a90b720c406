"""Checks every game must pass (OpenSpiel RandomSimTest, pgx api_test), as helpers
the conformance suite and the per-game tests both call."""
from __future__ import annotations

import json
import random

import pytest

from pycore import IllegalActionError, load_record, record_of, replay
from pycore.words import Narrator

from .engine_tokens import engine_tokens


def snapshot(state) -> dict:
    """Every slot of a state but the legal-actions cache."""
    return state.slot_values()


def check_step(state, rng: random.Random) -> None:
    game = state.game
    legal = state.legal_actions()
    assert legal, f"no legal action for seat {state.current_player} in a non-terminal state"
    assert len(set(legal)) == len(legal), "duplicate legal actions"
    tokens = [game.action_token(state, a) for a in legal]
    assert len(set(tokens)) == len(tokens), f"duplicate legal tokens {tokens}"
    for action, token in zip(legal, tokens):
        assert game.parse_action(state, token) == action, f"token {token!r} does not parse back"
    universe = state.action_universe()
    check_actions_of_each_kind_differ(game, universe)
    illegal = [a for a in universe if a not in legal]
    for action in rng.sample(illegal, min(3, len(illegal))):
        with pytest.raises(IllegalActionError):
            state.apply_action(action)
    assert sorted(state.cards_in_play()) == sorted(state.deal_cards(state.deals[-1])), \
        "cards not conserved"


def check_actions_of_each_kind_differ(game, universe) -> None:
    """No action equals an action of another kind: `apply_action` finds an action
    among the legal ones by `==`, so a pledge of 3 tricks equal to the play of card
    3 (two NamedTuples of one int are equal tuples) would be taken as that play."""
    seen: dict = {}
    for action in universe:
        other = seen.setdefault(action, action)
        assert type(other) is type(action), (
            f"{game.name}: {other!r} == {action!r}: actions of different kinds compare equal "
            f"(NamedTuples of the same values are equal tuples), so apply_action takes one for the "
            f"other where it is legal; give each kind a field of its own (pycore/game.py's docstring)")


def hidden_cards_shuffled(state, seat: int, rng: random.Random):
    """(the same game with the cards `seat` cannot see shuffled among the places it
    cannot see, each place keeping its size; those places as given)."""
    places = state.hidden_places(seat)
    cards = [c for place in places.values() for c in place]
    rng.shuffle(cards)
    permuted, start = {}, 0
    for name, place in places.items():
        permuted[name] = tuple(sorted(cards[start:start + len(place)]))
        start += len(place)
    return state.with_hidden(seat, permuted), permuted


def check_hidden_permutation(state, rng: random.Random) -> None:
    """A seat's observation is unchanged when the other seats' hidden cards are
    permuted among the places it cannot see."""
    for seat in range(state.players):
        places = state.hidden_places(seat)
        other, permuted = hidden_cards_shuffled(state, seat, rng)
        assert other.observation(seat) == state.observation(seat), \
            f"seat {seat}'s observation depends on hidden cards"
        if permuted != {k: tuple(sorted(v)) for k, v in places.items()}:
            assert snapshot(other) != snapshot(state)


def check_record_round_trip(state) -> None:
    text = json.dumps(record_of(state).to_json())
    again = replay(load_record(text))
    assert again.summary() == state.summary()
    assert again.history == state.history
    assert again.deals == state.deals
    for seat in range(state.players):
        assert again.observation(seat) == state.observation(seat)
    # Deals are made from the seed: the same record without its deals replays the same.
    record = json.loads(text)
    record.pop("deals")
    assert replay(load_record(record)).summary() == state.summary()


def check_words(state) -> None:
    """Every legal choice and every past action has player words, with no record
    token in them (pycore/words.py), in every theme; the choices of one decision
    are told apart (a ties-only deck may make two Tricksters cards alike)."""
    game = state.game
    seat = state.current_player
    for theme in getattr(game, "themes", ()) or ("",):
        tell = Narrator(game, state.observation(seat), theme)
        legal = tell.obs["legal"]
        said = [tell.choice(token) for token in legal]
        lines = said + [tell.sentence(actor, token) for actor, token in tell.obs["history"][-12:]]
        lines += [tell.card(game.card_token(card)) for card in set(state.cards_in_play())]
        lines += told_results(tell)
        legal_now = state.legal_actions()
        for action in state.action_universe()[:40]:
            if action not in legal_now:
                why = state.why_not(game.action_token(state, action), tell)
                assert why, f"{game.name}: no reason for refusing {action!r}"
                lines.append(why)
        for line in lines:
            assert line and not engine_tokens(line), f"{game.name}: {line!r} shows {engine_tokens(line)}"
        if state.rules == game.make_rules(game.presets()[0]):
            assert len(set(said)) == len(said), f"{game.name}: choices said alike: {said}"


def told_results(tell) -> list[str]:
    """Every finished trick, hand and (at the end) the game, as the Narrator says them."""
    lines = []
    for h, hand in enumerate(tell.obs["hands"]):
        for k, trick in enumerate(hand["tricks"]):
            if trick["winner"] is not None:
                lines.append(tell.trick_taken(trick, h, k))
            for i, (seat, card) in enumerate(trick["cards"]):
                lines.append(tell.sentence(seat, card, (h, k)))
    for result in tell.obs.get("hand_results") or []:
        lines += tell.hand_lines(result)
    if tell.obs["terminal"]:
        lines += [tell.outcome(), *tell.places()]
    return lines


def check_hand_results(state) -> None:
    """Each finished hand's score sheet in every seat's observation: the same for
    everyone (public), its points the summary's, and the hands it shows face up made
    only of cards that seat showed (played in a trick, or a Raven bid, public once
    scored); the ranking at the end covers every seat once, best first."""
    from collections import Counter
    seen = [state.observation(seat) for seat in range(state.players)]
    obs = seen[0]
    assert all(o["hand_results"] == obs["hand_results"] for o in seen), "a score sheet differs by seat"
    finished = [h for h in obs["hands"] if h["points"] is not None]
    assert len(obs["hand_results"]) == len(finished)
    for h, (result, hand) in enumerate(zip(obs["hand_results"], finished)):
        assert result["points"] == hand["points"], f"hand {h}: sheet {result['points']} != {hand['points']}"
        for seat, cards in enumerate(result.get("hands") or []):
            if cards is None:
                continue
            shown = [c for t in hand["tricks"] for s, c in t["cards"] if s == seat]
            if "bids" in result:           # docs/contract.md: a bid per seat, its cards shown once scored
                bid = result["bids"][seat]
                assert isinstance(bid, dict) and "cards" in bid, (
                    f"hand {h}: the score sheet's 'bids' holds {bid!r} for seat {seat}; the shared "
                    "checks read a hand result's 'bids' as one {'value', 'cards'} per seat (the bid's "
                    "cards, shown face up: docs/contract.md): give it that shape, or name the key "
                    "your game's own")
                shown += bid["cards"]
            assert not Counter(cards) - Counter(shown), f"hand {h}: seat {seat} shows an unseen card"
    if state.is_terminal:
        ranked = [s for entry in obs["ranking"] for s in entry["seats"]]
        assert sorted(ranked) == list(range(state.players))
        scores = [entry["score"] for entry in obs["ranking"]]
        assert scores == sorted(scores, reverse=True), (
            f"the ranking's scores {scores} do not fall from first place to last: a hand's "
            f"points are what a seat wants more of (the ranking, the solver's exact searches, "
            f"par and the review maximise them), so a game of penalties scores them negative "
            f"(README, step 2)")
        assert set(obs["ranking"][0]["seats"]) >= set(state.winners()) or state.game.name == "tricksters"


def check_end_words(state) -> None:
    """The end of a game told to every seat: no record token in it."""
    for seat in range(state.players):
        for theme in getattr(state.game, "themes", ()) or ("",):
            tell = Narrator(state.game, state.observation(seat), theme)
            for line in told_results(tell):
                assert line and not engine_tokens(line), f"{line!r} shows {engine_tokens(line)}"


def played(game, rules: dict, seed: int, until=lambda state: state.is_terminal):
    """A seeded game of random legal moves (random.Random(seed)) until `until(state)`."""
    rng = random.Random(seed)
    state = game.new_game(rules, seed=seed)
    while not until(state):
        state = state.apply_action(rng.choice(state.legal_actions()))
    return state


def random_playout(game, rules: dict, seed: int, *, check_every: int = 5, max_steps: int = 20000):
    """A seeded random game to the end, checked at every step; returns the final state."""
    rng = random.Random(seed)
    state = game.new_game(rules, seed=seed)
    steps = 0
    while not state.is_terminal:
        check_step(state, rng)
        if steps % check_every == 0:
            check_hidden_permutation(state, rng)
            check_words(state)
        if steps % 97 == 13:
            check_record_round_trip(state)
        before = snapshot(state)
        seen = [state.observation(s) for s in range(state.players)] if steps % check_every == 0 else None
        action = rng.choice(state.legal_actions())
        after = state.apply_action(action)
        # apply_action never changes its input
        assert snapshot(state) == before, "apply_action changed its input state"
        if seen is not None:
            assert [state.observation(s) for s in range(state.players)] == seen
        state = after
        steps += 1
        assert steps < max_steps, (
            f"the game did not end in {max_steps} random steps ({len(state.finished_hands)} hands, "
            f"totals {state.totals()}): a game played to a target that scores can fall away from "
            "(penalties, bags) needs an end every play reaches, e.g. a limit on hands as a rules "
            "field (README step 2)")
    assert state.legal_actions() == []
    assert state.current_player is None
    winners = state.winners()
    assert winners and all(0 <= w < state.players for w in winners)
    assert len(state.totals()) == state.players
    check_record_round_trip(state)
    check_hand_results(state)
    check_end_words(state)
    with pytest.raises(IllegalActionError):
        state.apply_action(action)
    return state
