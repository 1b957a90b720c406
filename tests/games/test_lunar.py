"""Lunar scenarios (shared/rules/lunar.md), one per rule and ruling, written with
card tokens on explicit deals."""
import random
import re

import pytest
from hypothesis import given, settings, strategies as st

from pycore import DealError, IllegalActionError, RulesError, get_game, load_record, record_of, replay
from pycore.games.lunar import DECK, DEFAULT_TRACK, LunarRules, Play, trick_winner

from ..conformance import check_hidden_permutation, check_record_round_trip, check_step, played

GAME = get_game("lunar")
CARD = GAME.parse_card


def deal(start, *hands, sky=None):
    out = {"start": start, "hands": [h.split() for h in hands]}
    if sky is not None:
        out["sky"] = sky.split()
    return out


def new(the_deal, **rules):
    return GAME.new_game({"players": len(the_deal["hands"]), **rules}, deals=[the_deal])


def play(state, *tokens):
    for token in tokens:
        state = state.apply_action(token)
    return state


def refused(state, token, reason):
    with pytest.raises(IllegalActionError, match=reason):
        state.apply_action(token)


def legal(state):
    return sorted(GAME.action_token(state, a) for a in state.legal_actions())


# Deal A: plain hands for the exchange.
DEAL_A = deal(0, "R1 R1 R1 R2 R2 R2 Wolf Wolf Wolf Owl Owl Owl",
              "R3 R3 R3 R4 R4 R4 Wolf Wolf Wolf Owl Owl Owl",
              "R5 R5 R5 R6 R6 R6 Lynx Lynx Lynx Bat Bat Bat",
              "R7 R7 R7 R8 R8 R8 Lynx Lynx Lynx Bat Bat Bat")

# Deal B: partners give each other the same cards, so these are also the hands in play.
DEAL_B = deal(0, "R1 R2 R5 R5 R6 R8 Wolf Wolf Owl Owl Bat Bat",
              "R2 R3 R4 R5 R7 R8 Wolf Wolf Owl Owl Owl Lynx",
              "R1 R2 R3 R6 R7 R8 Lynx Lynx Lynx Bat Bat Bat",
              "R1 R3 R4 R4 R6 R7 Wolf Wolf Owl Lynx Lynx Bat")
GIFTS_B = ("give R1 R2 Bat Bat", "give R3 R4 Wolf Wolf", "give R1 R2 Bat Bat", "give R3 R4 Wolf Wolf")


def first_trick_b():
    """Deal B after the exchange, Wolf, Owl and Lynx turned down: Bat is trump, seat 0 leads."""
    return play(new(DEAL_B), *GIFTS_B, "turn Wolf", "turn Owl", "turn Lynx")


# Deal S: two players with the Sky.
DEAL_S = deal(0, "R1 R2 R3 R4 R5 R6 Wolf Wolf Wolf Owl Owl Owl",
              "R1 R2 R3 R4 R5 R6 Lynx Lynx Lynx Bat Bat Bat",
              sky="R1 R2 R3 R4 R5 R6 R7 R7 R7 R8 R8 R8 Wolf Wolf Wolf Owl Owl Owl Lynx Lynx Lynx Bat Bat Bat")


# --- the exchange -------------------------------------------------------------------------

def test_exchange_is_hidden_until_everyone_has_chosen_then_delivered():
    state = play(new(DEAL_A), "give Owl R2 Wolf R1")          # any order inside give
    assert state.observation(0)["exchange"]["gave"] == ["R1", "R2", "Wolf", "Owl"]
    assert state.observation(0)["hand"] == "R1 R1 R2 R2 Wolf Wolf Owl Owl".split()
    for seat in (1, 2, 3):
        obs = state.observation(seat)
        assert obs["history"] == [[0, None]]
        assert obs["exchange"]["received"] is None
        assert obs["exchange"]["chosen"] == [True, False, False, False]
    state = play(state, "give R3 R4 Wolf Owl", "give R5 R6 Lynx Bat")
    # seat 2 chose, but seat 0 does not see its partner's gift while seat 3 has not chosen
    assert state.observation(0)["exchange"]["received"] is None
    assert state.observation(0)["history"][2] == [2, None]
    assert state.observation(2)["exchange"]["received"] is None
    check_hidden_permutation(state, random.Random(1))
    state = play(state, "give R7 R8 Lynx Bat")
    obs0, obs2 = state.observation(0), state.observation(2)
    assert obs0["exchange"]["received"] == ["R5", "R6", "Lynx", "Bat"]
    assert obs2["exchange"]["received"] == ["R1", "R2", "Wolf", "Owl"]
    assert obs0["hand"] == "R1 R1 R2 R2 R5 R6 Wolf Wolf Owl Owl Lynx Bat".split()
    assert obs2["hand"] == "R1 R2 R5 R5 R6 R6 Wolf Owl Lynx Lynx Bat Bat".split()
    assert obs0["partner_known"] == ["R1", "R2", "Wolf", "Owl"]   # where its gift went
    assert state.observation(1)["exchange"]["received"] == ["R7", "R8", "Lynx", "Bat"]
    assert state.observation(1)["partner_known"] == ["R3", "R4", "Wolf", "Owl"]
    assert obs0["phase"] == "trump"
    check_hidden_permutation(state, random.Random(2))


def test_exchange_choices_are_distinct_multisets_and_wrong_gifts_are_refused():
    state = new(DEAL_A)
    # R1 R1 / R1 R2 / R2 R2 times Wolf Wolf / Wolf Owl / Owl Owl, once each
    assert len(state.legal_actions()) == 9
    assert "give R1 R1 Wolf Owl" in legal(state)
    refused(state, "give R1 R1 R2 Wolf", "give exactly 2 rank and 2 suit cards")
    refused(state, "give R1 R2 Wolf", "give exactly 2 rank and 2 suit cards")
    refused(state, "give R7 R8 Wolf Owl", "only give cards from your hand")
    refused(state, "give R1 R1 R1 R1", "only give cards from your hand")
    refused(state, "R1", "must first give")
    refused(state, "turn Owl", "must first give")


def test_partner_knowledge_follows_the_gift_as_it_is_played():
    state = first_trick_b()                       # seat 0 gave R1 R2 Bat Bat to seat 2
    assert state.observation(0)["partner_known"] == ["R1", "R2", "Bat", "Bat"]
    state = play(state, "R5", "R8", "Bat")        # seat 2 plays a Bat: one known Bat is gone
    assert state.observation(0)["partner_known"] == ["R1", "R2", "Bat"]
    assert state.observation(1)["partner_known"] == ["R3", "R4", "Wolf", "Wolf"]
    check_hidden_permutation(state, random.Random(3))


# --- trump tiles --------------------------------------------------------------------------

def test_four_players_turn_tiles_from_the_start_player_clockwise():
    d = dict(DEAL_B, start=2)
    state = play(new(d), "give R1 R2 Bat Bat", "give R3 R4 Wolf Wolf", "give R1 R2 Bat Bat",
                 "give R3 R4 Wolf Wolf")
    turners = []
    for token in ("turn Owl", "turn Bat", "turn Wolf"):
        turners.append(state.current_player)
        if token == "turn Bat":
            refused(state, "turn Owl", "the Owl tile is already face down")
            refused(state, "Owl", "must turn a trump tile")
        state = state.apply_action(token)
    assert turners == [2, 3, 0] == state.observation(0)["tile_turners"]
    obs = state.observation(1)
    assert obs["trump"] == "Lynx" and obs["tiles_up"] == ["Lynx"]
    assert obs["tiles_down"] == ["Owl", "Bat", "Wolf"]                # in the order turned
    assert state.current_player == 2 and obs["trick_leader"] == 2   # the start player leads


def test_two_players_turn_tiles_start_other_start():
    state = new(dict(DEAL_S, start=1))
    assert state.observation(0)["phase"] == "trump"                 # no exchange with the Sky
    turners = []
    for token in ("turn Wolf", "turn Owl", "turn Bat"):
        turners.append(state.current_player)
        state = state.apply_action(token)
    assert turners == [1, 0, 1] == state.observation(0)["tile_turners"]   # Ruling L7
    assert state.observation(0)["trump"] == "Lynx"
    assert state.current_player == 1


# --- a trick with four players ------------------------------------------------------------

def test_lead_suit_set_by_the_non_leading_team_and_following_without_it():
    state = play(first_trick_b(), "R5", "Owl")
    assert state.observation(3)["lead_suit"] == "Owl"               # set by seat 1, team 1
    # seat 2 must play a suit (its partner played a rank) and holds no Owl: any suit
    assert legal(state) == ["Bat", "Lynx"]
    refused(state, "R1", "your partner played a rank card: play a suit card")
    state = play(state, "Bat")
    # seat 3 must play a rank: its partner played a suit
    assert legal(state) == ["R1", "R3", "R4", "R6", "R7"]
    refused(state, "Owl", "your partner played a suit card: play a rank card")


def test_lead_suit_set_by_a_non_leader_of_the_leading_team_is_followed():
    state = play(first_trick_b(), "R1", "R2", "Lynx")
    assert state.observation(0)["lead_suit"] == "Lynx"              # seat 2 set it
    assert legal(state) == ["Lynx"]                                  # seat 3 holds Lynx
    refused(state, "Wolf", "you must follow the lead suit Lynx")


def test_first_of_a_team_may_play_a_rank_holding_the_lead_suit_but_a_suit_must_follow():
    state = play(first_trick_b(), "Owl")
    assert legal(state) == ["Owl", "R2", "R3", "R4", "R5", "R7", "R8"]
    refused(state, "Wolf", "you must follow the lead suit Owl")


def _trick(*tokens):
    state = play(first_trick_b(), *tokens)
    trick = state.observation(0)["hands"][0]["tricks"][0]
    assert [card for _, card in trick["cards"]] == list(tokens)
    return state, trick


def test_same_suit_higher_rank_wins():
    state, trick = _trick("Owl", "R8", "R7", "Owl")
    assert trick["winner"] == 1 and state.tricks_won == (0, 1)
    state, trick = _trick("Owl", "R2", "R8", "Owl")
    assert trick["winner"] == 0 and state.tricks_won == (1, 0)


def test_same_suit_equal_ranks_go_to_the_team_that_played_last():
    state, trick = _trick("Owl", "R8", "R8", "Owl")
    assert trick["winner"] == 1                                      # seat 3 played last
    assert trick_winner([(1, CARD("Owl")), (2, CARD("R5")), (3, CARD("R5")), (0, CARD("Owl"))],
                        CARD("Bat")) == 0                            # seat 0 played last


def test_trump_beats_the_team_that_set_the_lead_suit():
    state, trick = _trick("R5", "Owl", "Bat", "R7")
    assert trick["winner"] == 0 and state.tricks_won == (1, 0)
    assert state.current_player == 0                                 # seat 0 was team 0's first


def test_different_suits_without_trump_go_to_the_team_that_set_the_lead_suit():
    state, trick = _trick("R8", "Owl", "Lynx", "R1")
    assert trick["winner"] == 1 and state.tricks_won == (0, 1)


def test_winning_team_keeps_every_star_card_of_the_trick_and_its_first_player_leads():
    state, trick = _trick("R8", "Owl", "Lynx", "R1")                 # R8 from team 0, R1 from team 1
    obs = state.observation(2)
    assert obs["stars_won"] == [[], ["R1", "R8"]]
    assert state.current_player == 1 and obs["trick_leader"] == 1   # team 1's first player
    state, _ = _trick("R5", "Owl", "Lynx", "R1")
    assert state.observation(0)["stars_won"] == [[], ["R1"]]


def test_other_star_cards_by_rules():
    state = play(new(DEAL_B, star_cards=["Owl", "R7"]), *GIFTS_B, "turn Wolf", "turn Owl",
                 "turn Lynx", "R8", "Owl", "Lynx", "R7")
    assert state.observation(0)["stars_won"] == [[], ["R7", "Owl"]]   # not the R8
    assert state.rules.to_dict() == {"players": 4, "star_cards": ["R7", "Owl"]}


# --- Rulings L5 and L6 (mixed deal) and the exchange shortfall ------------------------------

DEAL_M = deal(0, "R1 R1 R1 R2 R2 R2 R3 R3 R3 R4 R4 R4",
              "Wolf Wolf Wolf Wolf Wolf Wolf Owl Owl Owl Owl Owl Owl",
              "R5 R5 R5 R6 R6 R6 R7 R7 R7 R8 R8 R8",
              "Lynx Lynx Lynx Lynx Lynx Lynx Bat Bat Bat Bat Bat Bat")


def test_mixed_deal_short_hand_gives_what_it_has_of_a_type():
    state = new(DEAL_M, deal="mixed")
    refused(state, "give R1 R2 R3", "give exactly 4 rank and 0 suit cards")
    refused(state, "give R1 R2 R3 Owl", "only give cards from your hand")
    assert "give R1 R2 R3 R4" in legal(state)
    with pytest.raises(DealError, match="6 rank and 6 suit cards"):
        new(DEAL_M)                                                  # not a split deal (L3)


def test_type_rule_falls_back_to_any_card_and_a_team_without_suit_loses():
    state = play(new(DEAL_M, deal="mixed"), "give R1 R2 R3 R4", "give Wolf Wolf Owl Owl",
                 "give R5 R6 R7 R8", "give Lynx Lynx Bat Bat", "turn Wolf", "turn Lynx",
                 "turn Bat", "R4", "Owl")
    # seat 2 must play a suit but holds none: any card (Ruling L5)
    assert legal(state) == ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"]
    state = play(state, "R8")
    # seat 3 must play a rank but holds none: any card, and a suit card still follows
    assert legal(state) == ["Owl"]
    refused(state, "Wolf", "you must follow the lead suit Owl")
    state = play(state, "Owl")
    # team 0 has ranks 4 and 8 but no suit: it loses to team 1's suit (Ruling L6)
    assert state.tricks[0].winner == 1


def test_ruling_l6_team_suit_and_rank():
    c = CARD
    wolf = c("Wolf")
    # no suit loses to a suit, whatever the ranks
    assert trick_winner([(0, c("R8")), (1, c("Owl")), (2, c("R7")), (3, c("Owl"))], wolf) == 1
    # a team without rank card has rank 0
    assert trick_winner([(0, c("Owl")), (1, c("Owl")), (2, c("Bat")), (3, c("R1"))], wolf) == 1
    # a team's suit is its first suit card: team 0's Bat comes after its Owl
    assert trick_winner([(0, c("Owl")), (1, c("Lynx")), (2, c("Wolf")), (3, c("R1"))], wolf) == 0
    assert trick_winner([(0, c("Owl")), (1, c("Wolf")), (2, c("Lynx")), (3, c("R1"))], wolf) == 1
    # two teams without a suit compare ranks, equal ranks to the team that played last
    assert trick_winner([(0, c("R3")), (1, c("R2")), (2, c("R1")), (3, c("R1"))], wolf) == 0
    assert trick_winner([(0, c("R3")), (1, c("R2")), (2, c("R1")), (3, c("R3"))], wolf) == 1
    assert trick_winner([(1, c("R3")), (0, c("R2")), (1, c("R1")), (0, c("R3"))], wolf) == 0


# --- the round and the game ---------------------------------------------------------------

def _before_last_card(state):
    """Play the first legal action until one card of the round is left to play."""
    rounds = len(state.finished_hands)
    while True:
        nxt = state.apply_action(state.legal_actions()[0])
        if len(nxt.finished_hands) > rounds:
            return state
        state = nxt


def _with(state, **fields):
    """The position `state` with some fields of its text (pycore/position.py) set:
    a value is a number, or a list of numbers or of card lists."""
    text = GAME.position_text(state)
    for key, value in fields.items():
        if isinstance(value, tuple):
            value = ("/" if isinstance(value[0], tuple) else ",").join(
                ",".join(DECK.tokens_of(v)) or "-" if isinstance(v, tuple) else str(v) for v in value)
        text, found = re.subn(rf"(?<= ){key}=\S+", f"{key}={value}", text)
        assert found == 1, key
    return GAME.from_position(text)


def test_default_track_values():
    assert LunarRules().track == DEFAULT_TRACK
    expected = {1: 1, 2: 2, 3: 3, 7: 4, 8: 5}
    assert [LunarRules().track[t] for t in range(13)] == [expected.get(t, 0) for t in range(13)]


@pytest.mark.parametrize("players,track", [(4, None), (2, None), (4, [20 + t for t in range(13)])])
def test_track_scoring_at_every_trick_count(players, track):
    rules = {"players": players, **({"track": track} if track else {})}
    state = _before_last_card(GAME.new_game(rules, seed=5))
    assert list(state.rules.track) == (track or list(DEFAULT_TRACK))
    track = state.rules.track
    for won in range(12):
        ready = _with(state, won=(won, 11 - won), stars=((), ()))
        done = ready.apply_action(ready.legal_actions()[0])
        last = done.finished_hands[-1][0][-1]
        team = last.winner % 2
        stars = [sum(c in (0, 7) for c in last.cards) if side == team else 0 for side in (0, 1)]
        tricks = [won + (team == 0), 11 - won + (team == 1)]
        points = [track[tricks[s]] + stars[s] for s in (0, 1)]
        assert done.finished_hands[-1][1] == tuple(points[s % 2] for s in range(players))
        assert done.totals() == [points[s % 2] for s in range(players)]


def test_round_points_are_track_plus_stars_and_the_next_round_starts_left():
    state = GAME.new_game({"players": 4}, deals=[dict(DEAL_B, start=3)], seed=1)
    state = _before_last_card(state)
    state = state.apply_action(state.legal_actions()[0])
    tricks = state.finished_hands[0][0]
    for team in (0, 1):
        won = [t for t in tricks if t.winner % 2 == team]
        stars = sum(1 for t in won for c in t.cards if c in (0, 7))
        assert state.finished_hands[0][1][team] == DEFAULT_TRACK[len(won)] + stars
    assert state.observation(0)["round"] == 2
    assert state.observation(0)["start"] == 0                        # Ruling L4: left of seat 3
    assert state.current_player == 0 and state.observation(0)["phase"] == "exchange"


def _last_round(players, scores):
    state = _before_last_card(GAME.new_game({"players": players}, seed=9))
    done = state.apply_action(state.legal_actions()[0])
    points = done.finished_hands[-1][1][:2]
    return _with(state, scores=scores(points)), points


@pytest.mark.parametrize("players", [4, 2])
def test_the_game_ends_when_a_team_reaches_30(players):
    state, (p0, p1) = _last_round(players, lambda p: (30 - p[0], 0))
    done = state.apply_action(state.legal_actions()[0])
    assert done.is_terminal and done.totals()[:2] == [30, p1]
    assert done.winners() == ([0, 2] if players == 4 else [0])
    state, _ = _last_round(players, lambda p: (29 - p[0], 0))
    done = state.apply_action(state.legal_actions()[0])
    assert not done.is_terminal and done.totals()[:2] == [29, p1]   # nobody reached 30


@pytest.mark.parametrize("players", [4, 2])
def test_a_tied_end_plays_another_round(players):
    state, _ = _last_round(players, lambda p: (31 - p[0], 31 - p[1]))
    done = state.apply_action(state.legal_actions()[0])
    assert not done.is_terminal and done.totals()[:2] == [31, 31]
    assert done.winners() == [] and done.observation(0)["round"] == len(done.finished_hands) + 1
    # the extra round ends the game as soon as a team leads
    after = _before_last_card(done)
    final = after.apply_action(after.legal_actions()[0])
    scores = final.scores
    assert final.is_terminal == (scores[0] != scores[1])


# --- two players with the Sky ------------------------------------------------------------

def first_trick_s():
    return play(new(DEAL_S), "turn Wolf", "turn Owl", "turn Lynx")   # Bat is trump


def test_sky_two_turns_each_one_suit_one_rank_one_from_hand_one_from_the_sky():
    state = first_trick_s()
    assert state.current_player == 0
    state = play(state, "Owl")                                       # seat 0: suit, from hand
    assert state.current_player == 1
    state = play(state, "Bat")                                       # seat 1: suit, from hand
    assert state.current_player == 0
    # seat 0's second turn: a rank card, from the Sky
    assert legal(state) == ["sky:R1", "sky:R2", "sky:R3", "sky:R4", "sky:R5", "sky:R6",
                            "sky:R7", "sky:R8"]
    refused(state, "R1", "your second card must come from the Sky")
    refused(state, "sky:Owl", "you played a suit card: play a rank card")
    state = play(state, "sky:R8")
    state = play(state, "sky:R1")
    obs = state.observation(0)
    trick = obs["hands"][0]["tricks"][0]
    assert trick["cards"] == [[0, "Owl"], [1, "Bat"], [0, "R8"], [1, "R1"]]
    assert trick["winner"] == 1                                      # Bat is trump
    assert obs["stars_won"] == [[], ["R1", "R8"]]
    assert obs["last_trick"] == {"winner": 1, "team": 1, "cards": [
        {"seat": 0, "card": "Owl", "from": "hand"}, {"seat": 1, "card": "Bat", "from": "hand"},
        {"seat": 0, "card": "R8", "from": "sky"}, {"seat": 1, "card": "R1", "from": "sky"}]}
    assert state.current_player == 1                                 # the winner leads
    assert obs["sky"] == ("R2 R3 R4 R5 R6 R7 R7 R7 R8 R8 Wolf Wolf Wolf Owl Owl Owl "
                          "Lynx Lynx Lynx Bat Bat Bat").split()
    assert state.observation(1)["sky"] == obs["sky"]                 # the Sky is public


def test_sky_following_considers_only_the_place_played_from():
    state = play(first_trick_s(), "Owl")
    options = legal(state)
    # no Owl in seat 1's hand: any suit from hand; the Sky holds Owls: only Owl from there
    assert {"Lynx", "Bat", "R1", "sky:Owl", "sky:R7"} <= set(options)
    assert "sky:Wolf" not in options and "sky:Bat" not in options
    refused(state, "sky:Wolf", "you must follow the lead suit Owl from the Sky")
    state = play(state, "sky:R7", "sky:R8")                          # ranks first: seat 0 from the Sky
    refused(state, "R1", "you played a rank card: play a suit card")
    assert legal(state) == ["Bat", "Lynx"]                           # seat 1: suit from hand
    state = play(state, "Lynx")
    trick = state.observation(1)["hands"][0]["tricks"][0]
    assert trick["cards"] == [[0, "Owl"], [1, "R7"], [0, "R8"], [1, "Lynx"]]
    assert trick["winner"] == 0                                      # Owl set the lead, no trump


def test_sky_trick_observation_says_where_each_card_came_from():
    state = play(first_trick_s(), "Owl", "sky:R3")
    assert state.observation(1)["trick"] == [{"seat": 0, "card": "Owl", "from": "hand"},
                                             {"seat": 1, "card": "R3", "from": "sky"}]
    assert state.observation(0)["history"][-1] == [1, "sky:R3"]


DEAL_SM = deal(0, "R1 R1 R1 R2 R2 R2 R3 R3 R3 R4 R4 R4",
               "Wolf Wolf Wolf Owl Owl Owl Lynx Lynx Lynx Bat Bat Bat",
               sky="R5 R5 R5 R6 R6 R6 R7 R7 R7 R8 R8 R8 Wolf Wolf Wolf Owl Owl Owl "
                   "Lynx Lynx Lynx Bat Bat Bat")


def test_ruling_l8_the_place_holds_but_the_type_is_dropped():
    state = play(new(DEAL_SM, deal="mixed"), "turn Wolf", "turn Lynx", "turn Bat",
                 "sky:R8", "Owl")
    # seat 0 must play from hand, which holds no suit card: any card from hand
    assert legal(state) == ["R1", "R2", "R3", "R4"]
    refused(state, "sky:Owl", "your second card must come from your hand")
    state = play(state, "R4", "sky:R5")
    assert state.tricks[0].winner == 1                              # no suit loses (Ruling L6)


def test_sky_deal_checks():
    with pytest.raises(DealError, match="sky must hold 24 cards"):
        new({"start": 0, "hands": DEAL_S["hands"]})                # the Sky left out
    bad = dict(DEAL_S, sky=DEAL_S["sky"][:-1] + ["R8"])
    with pytest.raises(DealError, match="sky must hold 12 rank and 12 suit"):
        new(bad)


# --- rules, deals and records --------------------------------------------------------------

def test_rules_fields_and_refusals():
    fields = {f["name"]: f for f in LunarRules.describe()}
    assert {fields[n]["ruling"] for n in ("star_cards", "track", "deal", "next_start",
                                          "type_fallback", "incomplete_team", "sky_tile_order",
                                          "sky_fallback")} == {f"L{i}" for i in range(1, 9)}
    assert fields["star_cards"]["default"] == ["R1", "R8"]
    for bad in ({"players": 3}, {"star_cards": ["R9"]}, {"star_cards": ["R1", "R1"]},
                {"track": [1, 2]}, {"deal": "deck"}, {"target": 0}, {"shuffle": True}):
        with pytest.raises(RulesError):
            GAME.make_rules(bad)
    for bad in ({"track": (1, 2)}, {"star_cards": (99,)}, {"star_cards": (0, 0)}):
        with pytest.raises(RulesError):
            LunarRules(**bad)                                        # built directly, not from JSON
    rules = GAME.make_rules({"players": 2, "track": list(range(13)), "target": 12})
    assert rules.to_dict() == {"players": 2, "track": list(range(13)), "target": 12}


def test_deal_checks():
    with pytest.raises(DealError, match="6 rank and 6 suit cards"):
        new(deal(0, *(" ".join(h) for h in DEAL_M["hands"])))
    wrong = [list(h) for h in DEAL_A["hands"]]
    wrong[0][0] = "R8"
    with pytest.raises(DealError, match="too many R8"):
        new({"start": 0, "hands": wrong})
    with pytest.raises(DealError, match="start must be a seat"):
        new(dict(DEAL_A, start=4))
    with pytest.raises(DealError, match="breaks the rotation"):
        GAME.new_game({"players": 4}, deals=[DEAL_A, DEAL_A])
    assert GAME.new_game({"players": 4}, deals=[DEAL_A, dict(DEAL_A, start=1)]).start == 0


@pytest.mark.parametrize("players", [4, 2])
def test_record_round_trip_with_start_and_sky(players):
    rng = random.Random(players)
    state = GAME.new_game({"players": players}, seed=4)
    for _ in range(40):
        check_step(state, rng)
        state = state.apply_action(rng.choice(state.legal_actions()))
    record = record_of(state).to_json()
    assert set(record["deals"][0]) == ({"start", "hands", "sky"} if players == 2 else {"start", "hands"})
    assert replay(load_record(record)).observation(0) == state.observation(0)
    check_record_round_trip(state)


def test_tokens():
    state = first_trick_s()
    assert GAME.parse_action(state, "sky:Owl") == Play(GAME.parse_action(state, "Owl").card, sky=True)
    for token in ("turn R1", "turn", "give", "sky:R9", "R1 R2", "play R1"):
        with pytest.raises(Exception) as info:
            GAME.parse_action(state, token)
        assert type(info.value).__name__ == "TokenError"
    refused(play(new(DEAL_B), *GIFTS_B, "turn Wolf", "turn Owl", "turn Lynx"), "sky:R1",
            "no Sky with 4 players")


# --- properties over random games ----------------------------------------------------------


def _random_round(rules, seed):
    """A random game to the end of its first round; yields (trick, where each card came from)."""
    rng = random.Random(seed)
    state = GAME.new_game(rules, seed=seed)
    while not state.finished_hands:
        before = state
        state = state.apply_action(rng.choice(state.legal_actions()))
        if state.last_trick is not before.last_trick:
            yield state.last_trick


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_split_deal_four_players_every_team_plays_one_suit_and_one_rank(seed):
    # Ruling L3 keeps the type rule satisfiable, so Ruling L5 never applies
    for trick, _ in _random_round({"players": 4}, seed):
        for team in (0, 1):
            kinds = sorted(c < 8 for s, c in trick.plays if s % 2 == team)
            assert kinds == [False, True]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["split", "mixed"]))
def test_sky_every_player_plays_once_from_hand_and_once_from_the_sky(seed, kind):
    tricks = 0
    for trick, places in _random_round({"players": 2, "deal": kind}, seed):
        tricks += 1
        assert [s for s, _ in trick.plays] == [trick.leader, 1 - trick.leader] * 2
        for seat in (0, 1):
            assert sorted(sky for (s, _), sky in zip(trick.plays, places) if s == seat) == [False, True]
    assert tricks == 12


@pytest.mark.parametrize("players", [4, 2])
def test_terminal_game_plays_to_the_end(players, tmp_path):
    from pycore.play import play as play_cli
    lines = []

    def answer(prompt):
        legal_lines = [line for line in lines if line.startswith("legal: ")]
        if not legal_lines or lines[-1] != legal_lines[-1]:
            return "?"
        return legal_lines[-1].split("  ")[0][len("legal: "):]

    save = tmp_path / "game.json"
    assert play_cli("lunar", players=players, seat=0, seed=3, save=str(save),
                    input_fn=answer, print_fn=lines.append) == 0
    assert lines[-2].startswith("game over.")
    assert replay(load_record(save.read_text())).is_terminal


@pytest.mark.parametrize("rules", GAME.presets())
def test_every_refusal_says_what_is_wrong(rules):
    rng = random.Random(11)
    state = GAME.new_game(rules, seed=11)
    for _ in range(150):
        seat, legal_now = state.current_player, state.legal_actions()
        for action in state.action_universe():
            if action in legal_now:
                continue
            why = state.why_illegal(action)
            if state.phase != "play" or type(action).__name__ != "Play":
                continue
            place = state.sky if action.sky else state.hands[seat]
            if "must follow the lead suit" in why:
                assert action.card >= 8 and action.card != state.lead_suit and state.lead_suit in place
            elif "card: play a" in why:
                mine = next(c for s, c in state.tricks[-1].plays if s % 2 == seat % 2)   # its team's card
                assert (action.card < 8) == (mine < 8) and any((c < 8) != (mine < 8) for c in place)
            else:
                assert ("is not in" in why or "must come from" in why or "no Sky" in why), why
        state = state.apply_action(rng.choice(legal_now))
    for hand in state.deals[0]["hands"] + ((state.deals[0]["sky"],) if rules["players"] == 2 else ()):
        if rules.get("deal", "split") == "split":                     # Ruling L3 / L7
            assert sum(c < 8 for c in hand) * 2 == len(hand)


@pytest.mark.parametrize("players", [4, 2])
def test_observations_are_plain_json(players):
    import json
    rng = random.Random(5)
    state = GAME.new_game({"players": players}, seed=5)
    while not state.is_terminal:
        if rng.random() < 0.1:
            for seat in range(players):
                obs = state.observation(seat)
                assert json.loads(json.dumps(obs)) == obs                # no tuples, sets or ints as keys
        state = state.apply_action(rng.choice(state.legal_actions()))
    assert state.observation(0)["phase"] == "over"


# --- what the table tells -----------------------------------------------------------------
def test_a_round_that_scores_nothing_says_why():
    from pycore.words import Narrator
    rng = random.Random(3)
    state = GAME.new_game({"players": 4, "track": [0] * 13, "star_cards": [], "target": 1}, seed=3)
    while not state.finished_hands:
        state = state.apply_action(rng.choice(state.legal_actions()))
    obs = state.observation(0)
    sheet = obs["hand_results"][0]
    assert [t["points"] for t in sheet["teams"]] == [0, 0] and sheet["points"] == obs["hands"][0]["points"]
    assert sum(t["tricks"] for t in sheet["teams"]) == 12
    lines = Narrator(GAME, obs).hand_lines(sheet)
    assert lines[1].startswith("You and Across took ")
    assert "Nothing scored: " in lines[1] and "worth nothing on the track" in lines[1]
    assert lines[-1] == "Score: You and Across 0, Left and Right 0; the target is 1."


@pytest.mark.parametrize("players", [2, 4])
def test_a_round_s_last_trick_names_no_next_leader(players):
    """Twelve tricks make a round: after the last, the next round begins with its
    own lead, so the caption must not name a leader of a trick that never comes."""
    from pycore.words import Narrator
    state = played(GAME, {"players": players}, 4, lambda s: s.finished_hands)
    tell = Narrator(GAME, state.observation(0))
    tricks = state.observation(0)["hands"][0]["tricks"]
    lines = [tell.trick_taken(trick, 0, k) for k, trick in enumerate(tricks)]
    assert len(lines) == 12 and all(line.endswith(" next.") for line in lines[:-1]), lines
    assert " the last trick with " in lines[-1] and "next" not in lines[-1], lines[-1]


def test_the_score_sheet_and_the_ranking_name_teams():
    from pycore.words import Narrator
    rng = random.Random(8)
    state = GAME.new_game({"players": 4, "target": 6}, seed=8)
    while not state.is_terminal:
        state = state.apply_action(rng.choice(state.legal_actions()))
    obs = state.observation(1)
    for h, sheet in enumerate(obs["hand_results"]):
        tricks = state.finished_hands[h][0]
        for t, team in enumerate(sheet["teams"]):
            won = [x for x in tricks if x.winner % 2 == t]
            assert team["tricks"] == len(won)
            assert team["points"] == state.rules.track[len(won)] + len(team["stars"])
    first, second = obs["ranking"]
    assert (first["place"], second["place"]) == (1, 2) and first["team"] and first["score"] > second["score"]
    tell = Narrator(GAME, obs)
    winners = state.winners()
    assert tell.outcome() == ("Your team wins: you and Across!" if 1 in winners else "Left and Right win.")
    assert tell.places()[0].startswith("1st: ")


def test_refusals_in_words_say_what_a_gift_lacks():
    from pycore.words import Narrator
    state = GAME.new_game({"players": 4}, seed=2)
    seat = state.current_player
    hand = DECK.tokens_of(state.hands[seat])
    rank = next(c for c in hand if c.startswith("R"))
    tell = Narrator(GAME, state.observation(seat))
    assert state.why_not(f"give {rank}", tell) == \
        "give 2 rank and 2 suit cards: pick 1 more rank card and 2 more suit cards"


@pytest.mark.parametrize("seed", range(6))
def test_sky_still_due_is_what_the_legal_plays_allow(seed):
    """The engine's `still_due` (what the table shows as due this trick) agrees with
    the legal plays at every turn of a 2-player game, and tells nothing hidden:
    every seat's observation carries the same list."""
    state = GAME.new_game({"players": 2}, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal:
        if state.phase == "play":
            seat = state.current_player
            dues = [state.observation(s)["still_due"] for s in range(2)]
            assert dues[0] == dues[1]
            due = dues[0][seat]
            tokens = [GAME.action_token(state, a) for a in state.legal_actions()]
            places = {"sky" if t.startswith("sky:") else "hand" for t in tokens}
            assert due["cards"] in (1, 2)
            if due["cards"] == 2:
                assert due["place"] is None and due["type"] is None
            else:
                assert places == {due["place"]}
                place = state.sky if due["place"] == "sky" else state.hands[seat]
                wanted = [c for c in place if DECK.token(c).startswith("R") == (due["type"] == "rank")]
                if wanted:
                    assert all(t.removeprefix("sky:").startswith("R") == (due["type"] == "rank")
                               for t in tokens)
                checked += 1
            other = dues[0][1 - seat]
            assert other["cards"] in (0, 1, 2)
        state = state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 10
    assert GAME.new_game({"players": 4}, seed=seed).observation(0)["still_due"] is None


def _caption(tell, plays, trump):
    """The caption of a made-up trick of (seat, token) plays under `trump`, as seat 0 reads it."""
    cards = [(seat, DECK.card(token)) for seat, token in plays]
    winner = next(s for s, _ in cards if s % 2 == trick_winner(cards, DECK.card(trump)))
    return tell.trick_taken({"leader": plays[0][0], "cards": [list(p) for p in plays],
                             "winner": winner}, 0, 0)


def test_a_trick_caption_says_which_part_of_the_winner_rule_gave_it():
    """Lunar's trick is won by comparing a team's suit and rank with the other's:
    the caption names the comparison that decided it, so a trick taken by a 3
    against a 7 (trump) or by equal ranks does not read as a mistake."""
    from pycore.words import Narrator
    state = played(GAME, {"players": 4}, 3, lambda s: s.phase == "play")
    obs = state.observation(0)
    tell = Narrator(GAME, obs)
    trump = obs["trump"]
    plain = [s for s in ("Wolf", "Owl", "Lynx", "Bat") if s != trump]
    a, b = plain[0], plain[1]
    assert _caption(tell, [(0, a), (1, "R3"), (2, "R7"), (3, a)], trump).endswith(
        f"trick with the {a} and the 7 ({a} against {a}: 7 beats 3); you lead next.")
    assert f"({a} against {a}, 5 against 5: equal ranks go to the team that played last)" in _caption(
        tell, [(0, a), (1, "R5"), (2, "R5"), (3, a)], trump)
    assert _caption(tell, [(0, a), (1, "R1"), (2, "R8"), (3, trump)], trump).startswith(
        f"Left and Right take the trick with the 1 and the {trump} (trump: {trump} beats {a});")
    assert f"({a} beats {b}: neither is trump, and {a} was played first)" in _caption(
        tell, [(0, "R1"), (1, a), (2, b), (3, "R8")], trump)
    # Ruling L6: a team with no suit card (after Ruling L5) loses to one with one
    assert "(Left and Right played no suit card)" in _caption(
        tell, [(0, "R1"), (1, "R2"), (2, b), (3, "R8")], trump)
    assert "(no suit card on either side: 8 beats 2)" in _caption(
        tell, [(0, "R2"), (1, "R1"), (2, "R1"), (3, "R8")], trump)


@pytest.mark.parametrize("players", [2, 4])
def test_every_trick_of_a_game_says_why_it_was_taken(players):
    from pycore.words import Narrator
    state = played(GAME, {"players": players, "target": 8}, players)
    tell = Narrator(GAME, state.observation(0))
    lines = [tell.trick_taken(trick, h, k) for h, hand in enumerate(state.observation(0)["hands"])
             for k, trick in enumerate(hand["tricks"])]
    assert len(lines) >= 12
    why = re.compile(r" \((trump: |.+ against .+: |.+ beats .+: neither|.+ played no suit card|"
                     r"no suit card on either side)")
    assert all(why.search(line) for line in lines), [line for line in lines if not why.search(line)][:3]


@pytest.mark.parametrize("deal,said", [("split", "gave two rank and two suit cards to their partner"),
                                       ("mixed", "gave four cards to their partner")])
def test_a_gift_you_cannot_see_is_told_as_the_deal_makes_it(deal, said):
    """With the mixed deal a hand short of a type gives more of the other, so the
    log cannot say another seat gave "two rank and two suit cards"."""
    from pycore.words import Narrator
    state = played(GAME, {"players": 4, "deal": deal}, 5, lambda s: s.phase != "exchange")
    tell = Narrator(GAME, state.observation(0))
    others = [seat for seat, _ in state.history[:4] if seat != 0]
    assert [tell.sentence(seat, None) for seat in others] == [f"{tell.seat(s)} {said}." for s in others]


# --- what the table's captions say of this game (tests/test_captions.py) ------------------------
SEAT_NUMBERS = []          # a seat's box holds no numbers: the teams' are on the track


def check_table_captions(tell, tree, boxes) -> None:
    """Each team's line on the track; the trump tile turned up; the start player's badge."""
    from pycore.words import count
    obs = tell.obs
    lines = [li.text().replace(" ,", ",") for li in tree.by_id("team-track").find_all("li")     # (a span's edges)
             if "track-cell" not in li.classes]
    for team, line in enumerate(lines):
        stars = len(obs["stars_won"][team])
        assert line.endswith(f": {count(obs['tricks_won'][team], 'trick')} ({obs['track_points'][team]} "
                             f"on the track), {count(stars, 'star card')} won, score {obs['scores'][team]}"), line
    tiles = [t.find(cls="tile-name").text() for t in tree.find_all(cls="tile") if "trump" in t.classes]
    assert tiles == ([obs["trump"]] if obs.get("trump") and "tiles_up" in obs else []), tiles
    start = {s for s, box in boxes.items() if any(b.text() == "Start player" for b in box.find_all(cls="badge"))}
    assert start == ({obs["start"]} if obs["start"] is not None else set()), "the start player"


def plain_endgame_cards(rules: dict) -> int:
    """Endgames the perfect-information solver's test holds to the plain search
    (tests/solver/test_perfect.py): the Sky's hands hold a third of its cards;
    with four, three tricks, where rank cards between star ranks merge."""
    return 9 if rules.get("players") == 2 else 12


# --- positions this game refuses (tests/test_position.py) ---------------------------------------
# A row: (rules; how many actions are played from seed 4, each the first legal one; a part of
# that position's text (Game.position_text); what that part is made into; what the error says).
IMPOSSIBLE_POSITIONS = [
    ({"players": 2}, 1, "turned=Wolf", "turned=R1", "lists up to 3 different tiles"),
    ({"players": 4}, 1, "round=1", "round=x", "field 'round': 'x' is not a whole number"),
    ({"players": 4}, 1, "?/?/?", "?/?/Wolf", "the gifts are chosen clockwise from the start"),
    ({"players": 4}, 1, "sky=-", "sky=R1", "only the 2-player game has a Sky"),
    ({"players": 2}, 1, "sky=", "sky=R1,", "the cards held, in the Sky, given and played"),
]


# --- how this game's cards are drawn (tests/test_card_art.py) -----------------------------------
HOME_PICTURE_CARDS = ("Owl",)     # the cards on the home page's picture of the game


def check_card_faces(faces: dict, drawn_face) -> None:
    """A tile in the Sky is drawn as in a hand; a star card differs from a plain one."""
    assert drawn_face("lunar", "sky:Owl") == faces["Owl"]
    assert drawn_face("lunar", "R1", star=True) != faces["R1"]


# --- the tables whose words are spell-checked (tests/test_spelling.py) ---------------------------
SPELLED_TABLES = [(4, "", False), (2, "", True)]      # (players, theme, its first hand reviewed)


# --- par cases (tests/solver/test_par.py) ---------------------------------------------------------
PAR_CASES = [       # (players, the opponents' level, deal seed, effort: None for the hard player as it is)
    (2, "normal", 1, 10),
]


# --- decisions a search spread over workers is checked at (tests/solver/test_spread_search.py) ---
SPREAD_DECISIONS = [(4, "give"), (4, "follow"), (2, "lead")]      # (players, the kind of decision: "lead" or "follow" for card play, else the adapter's decision(state), as "bid")


# --- the tables bench/web.py times the computer players' moves at ----------------------------------
TIMED_BOT_TABLES = [{"players": 4}, {"players": 2}]


# --- the card table read at a phone's and a desktop's width (tests/browser/test_card_table.py) -----
CARD_TABLE_CASES = [({"players": 4}, False), ({"players": 2}, False)]      # (rules, played on to the game's end as well)


# --- a finished hand reviewed from its score sheet (tests/browser/test_review.py) -------------------
REVIEW_CASES = [({"players": 4, "target": 12}, False)]      # (rules with a second hand, the review made while it is played; its panel kept as a screenshot)


# --- a decision of this game on a phone's screen (tests/browser/test_site.py) ------------------------
PHONE_DECISION_TABLES = [{"players": 4}, {"players": 2}]      # rules


# --- the hint's table of the other hands at a phone's and a desktop's width (tests/browser/test_table.py)
OTHER_HANDS_TABLES = [(4, (390, 1280))]      # (players, the widths it is read at)


# --- this game's table on a phone, with the regions it adds (tests/browser/test_table.py) ----------
PHONE_TABLE_REGIONS = [      # (rules, the regions drawn): both player counts, the Sky at two
    ({"players": 2}, ["#trump-tiles", "#team-track", "#sky"]),
    ({"players": 4}, ["#trump-tiles", "#team-track"]),
]


# --- a whole game played through the page, and why a card cannot be played (tests/browser/test_moments.py)
WHOLE_GAME_CASES = [({"players": 4, "target": 12}, 1), ({"players": 2, "target": 12}, 1)]      # (rules of two hands or more, the last hands the page plays)
UNAVAILABLE_CARD_TABLES = [({"players": 4}, "#hand .card.unavailable", "")]      # (rules, where the card is, its choice's verb)


# --- cards picked for a choice, the choice not yet made (tests/browser/test_moments.py) ------------
PARTIAL_SELECTIONS = [({"players": 4}, "give")]      # (rules, the choice's verb)


# --- friends at one device: a short game played to its end through the page (tests/browser/test_friends.py)
FRIENDS_TABLES = [({"players": 4, "target": 1}, 2), ({"players": 2, "target": 1}, 2)]      # (rules, people: the first places from the dealer; computers at the rest)
