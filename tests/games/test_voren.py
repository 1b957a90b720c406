"""Voren scenarios, one per rule and ruling of shared/rules/voren.md.

Most scenarios are 4 players with seat 3 dealing, so seats choose (and the first
leads) in the order 0, 1, 2, 3. Card tokens: rank 1..5, R, L, G then suit C D H S.
"""
import json
import random

import pytest

from pycore import DealError, IllegalActionError, RulesError, TokenError, get_game, record_of, replay
from pycore.games.voren import DECK, VorenRules, display_name
from ..conformance import played

GAME = get_game("voren")
SPARE = ["LC", "LD", "LS"]


def deal(hands, *, dealer=3, poke=SPARE, turnup="1H"):
    return {"dealer": dealer, "hands": hands, "poke": list(poke), "turnup": turnup}


def start(hands, *, rules=None, deals=(), **fields):
    n = len(hands)
    return GAME.new_game({"players": n, **(rules or {})}, deals=[deal(hands, **fields), *deals])


def run(state, *tokens):
    for token in tokens:
        state = state.apply_action(token)
    return state


def legal(state):
    return sorted(GAME.action_token(state, a) for a in state.legal_actions())


def refused(state, token, reason):
    with pytest.raises(IllegalActionError, match=reason):
        state.apply_action(token)


def all_play(hands, options="deal", **fields):
    """Every seat plays: the state at the first lead."""
    return run(start(hands, **fields), options, *["play"] * len(hands))


# --- components, pot and antes (V1, V2) ---------------------------------------

def test_deck_is_34_cards_in_four_suits_plus_wolf_and_treachery():            # Ruling V1
    assert len(DECK) == 34
    assert DECK.tokens[:8] == ("1C", "2C", "3C", "4C", "5C", "RC", "LC", "GC")
    assert {t[-1] for t in DECK.tokens[:32]} == set("CDHS")
    assert DECK.tokens[32:] == ("Wolf", "Treachery")
    assert [display_name(t) for t in ("GH", "LS", "RD", "3C", "Wolf")] == [
        "Greater Crown of Hearts", "Lesser Crown of Spades", "Realm of Diamonds", "3 of Clubs", "Wolf"]


def test_player_count_chips_and_ante_defaults():                              # Ruling V2
    rules = VorenRules()
    assert (rules.starting_chips, rules.ante) == (100, 3)
    for bad in (2, 9):
        with pytest.raises(RulesError, match="players"):
            GAME.new_game({"players": bad})
    with pytest.raises(RulesError, match="unknown rules field"):
        GAME.new_game({"players": 4, "pot": 3})


def test_everyone_antes_and_the_dealer_pays_one_more():                       # step 1, Ruling V2
    state = start([["1C", "2C", "3C"], ["4C", "5C", "RC"], ["1D", "2D", "3D"], ["4D", "5D", "RD"]])
    obs = state.observation(0)
    assert obs["phase"] == "options" and state.current_player == 3
    assert obs["chips"] == [97, 97, 97, 94]
    assert obs["pot"] == obs["hand_pot"] == 15
    assert obs["totals"] == [100] * 4                 # chips after the last finished hand


# --- the dealer's options and the deal ------------------------------------------

HANDS4 = [["1C", "2C", "3C"], ["4C", "5C", "RC"], ["1D", "2D", "3D"], ["4D", "5D", "RD"]]


@pytest.mark.parametrize("options,choices", [
    ("deal", ["fold", "play"]), ("deal poke", ["fold", "play", "poke"]),
    ("deal allplay", ["play"]), ("deal poke allplay", ["play", "poke"])])
def test_dealer_options_decide_what_each_seat_may_choose(options, choices):
    state = start(HANDS4)
    assert legal(state) == ["deal", "deal allplay", "deal poke", "deal poke allplay"]
    state = run(state, options)
    assert legal(state) == choices
    assert state.observation(1)["options"] == {"poke": "poke" in options, "allplay": "allplay" in options}


def test_before_the_deal_nobody_sees_a_card():
    state = start(HANDS4)
    obs = state.observation(3)
    assert obs["hand"] == [] and obs["turnup"] is None and obs["trump"] is None
    assert "hand:3" in state.hidden_places(3) and "turnup" in state.hidden_places(3)
    dealt = run(state, "deal")
    assert dealt.observation(3)["hand"] == ["4D", "5D", "RD"]
    assert dealt.observation(0)["turnup"] == "1H" and dealt.observation(0)["trump"] == "H"
    assert "hand:3" not in dealt.hidden_places(3) and "hand:0" in dealt.hidden_places(3)


@pytest.mark.parametrize("turnup", ["Wolf", "Treachery", "LH", "GH"])
def test_no_trump_turnups(turnup):                                            # Ruling V3
    hands = [["GC", "1H", "2H"], ["3H", "4H", "5H"], ["1D", "2D", "3D"], ["4D", "5D", "RD"]]
    state = all_play(hands, turnup=turnup)
    assert state.trump is None and state.observation(0)["trump"] is None
    # No trump: a void seat may play anything (nothing else is a trump), the GC lead rule is void.
    state = run(state, "1H", "5H")
    assert legal(state) == ["1D", "2D", "3D"]


@pytest.mark.parametrize("turnup,trump", [("LH", 2), ("GH", 2), ("Wolf", None), ("Treachery", None), ("RH", 2)])
def test_with_crowns_void_trump_off_a_turned_crown_makes_trump(turnup, trump):  # Ruling V3 alternative
    state = all_play(HANDS4, turnup=turnup, rules={"crowns_void_trump": False})
    assert state.trump == trump


# --- play, fold, the poke, all play, uncontested pots (V4) -------------------------

def test_the_poke_taken_and_the_hand_discarded():
    state = run(start(HANDS4), "deal poke", "poke")
    assert state.hands[0] == DECK.cards(SPARE)
    obs0, obs1 = state.observation(0), state.observation(1)
    assert obs0["hand"] == SPARE and obs0["discarded"] == ["1C", "2C", "3C"]
    assert obs1["discarded"] is None and obs1["poke_taken_by"] == 0 and obs1["choices"][0] == "poke"
    assert state.hidden_places(1)["discard:0"] == DECK.cards(["1C", "2C", "3C"])
    assert "discard:0" not in state.hidden_places(0) and "poke" not in state.hidden_places(1)
    assert legal(state) == ["fold", "play"]
    refused(state, "poke", r"taken already \(by seat 0\)")
    # The taker must play, and leads (the first to the dealer's left) from the poke.
    played = run(state, "play", "fold", "fold")
    assert played.phase == "play" and played.current_player == 0 and legal(played) == SPARE
    # Alone, the taker takes the pot without play (Ruling V4).
    alone = run(state, "fold", "fold", "fold")
    assert alone.hand_index == 1 and alone.finished_hands[0][1] == (15 - 3, -3, -3, -6)


def test_no_poke_unless_the_dealer_dealt_one():
    state = run(start(HANDS4), "deal")
    refused(state, "poke", "dealt no poke")
    assert "poke" in state.hidden_places(0)    # the undealt poke is stock nobody sees


def test_all_play_forbids_folding():
    state = run(start(HANDS4), "deal allplay")
    refused(state, "fold", "all play")
    state = run(start(HANDS4), "deal poke allplay")
    assert legal(state) == ["play", "poke"]


def test_everyone_before_the_dealer_folds_dealer_takes_the_pot():             # Ruling V4
    state = run(start(HANDS4), "deal", "fold", "fold", "fold")
    assert state.hand_index == 1                    # the dealer did not choose: the hand is over
    assert state.finished_hands[0] == ((), (-3, -3, -3, 15 - 6))
    assert state.totals() == [97, 97, 97, 109]
    assert state.dealer == 0                        # the deal passes left


def test_exactly_one_player_takes_the_pot_without_play():                     # Ruling V4
    state = run(start(HANDS4), "deal", "fold", "play", "fold", "fold")
    assert state.hand_index == 1 and state.finished_hands[0][0] == ()
    assert state.finished_hands[0][1] == (-3, 12, -3, -6)
    # Nobody played a trick, so nobody is looed: the next hand is anted.
    assert state.pot == 15
    assert state.rules.uncontested_loo == "not_looed"   # a gap, settled as a rules field


def test_folded_seats_sit_out_the_tricks():
    state = run(start(HANDS4), "deal", "fold", "play", "fold", "play")
    assert state.phase == "play" and state.current_player == 1
    assert state.observation(0)["playing"] == [1, 3]


# --- leads ------------------------------------------------------------------------

def test_the_first_must_lead_the_greater_crown_of_trump():
    hands = [["GH", "1C", "2C"], ["3C", "4C", "5C"], ["1D", "2D", "3D"], ["4D", "5D", "RD"]]
    state = all_play(hands)
    assert legal(state) == ["GH"]
    refused(state, "1C", "Greater Crown of trump, GH")
    # the first is the first playing seat from the dealer's left
    state = run(start(hands), "deal", "fold", "play", "play", "play")
    assert state.current_player == 1 and legal(state) == ["3C", "4C", "5C"]


def test_the_trick_one_winner_must_lead_trump_if_held():
    hands = [["GH", "3H", "1C"], ["3C", "4C", "5C"], ["1D", "2D", "3D"], ["4D", "5D", "RD"]]
    state = run(all_play(hands), "GH", "3C", "1D", "4D")
    assert state.tricks[0].winner == 0 and legal(state) == ["3H"]
    refused(state, "1C", r"must lead trump \(Hearts\)")


def test_wolf_and_treachery_are_not_trump_for_leading():
    hands = [["GH", "Wolf", "1C"], ["3C", "4C", "5C"], ["1D", "2D", "3D"], ["4D", "5D", "RD"]]
    state = run(all_play(hands), "GH", "3C", "1D", "4D")
    assert legal(state) == ["1C", "Wolf"]          # no trump-suit card: a free lead
    state = run(state, "1C", "5C", "2D", "5D")
    assert state.tricks[1].winner == 1 and legal(state) == ["4C"]   # trick 3 is led freely


# --- following ----------------------------------------------------------------------

FOLLOW = [["3C", "1D", "1S"], ["2C", "5C", "GC"], ["4C", "4H", "4S"], ["5H", "RH", "2S"]]


def test_must_play_the_highest_card_that_takes_the_trick():
    state = run(all_play(FOLLOW), "3C")
    assert legal(state) == ["GC"]
    refused(state, "2C", "you must play the highest card that takes it: GC")


def test_must_follow_the_led_suit():
    state = run(all_play(FOLLOW), "3C", "GC")
    assert legal(state) == ["4C"]                  # cannot take: any club, but a club
    refused(state, "4H", "must follow Clubs")


def test_void_in_the_led_suit_must_trump_with_the_highest_that_takes():
    state = run(all_play(FOLLOW), "3C", "GC", "4C")
    assert legal(state) == ["RH"]
    refused(state, "2S", "cannot follow Clubs: you must play a trump")
    refused(state, "5H", "takes it: RH")


def test_void_must_trump_even_when_no_trump_can_take():
    hands = [["3C", "1D", "1S"], ["5D", "LH", "4S"], ["4D", "2H", "3H"], ["5C", "RC", "2S"]]
    state = run(all_play(hands), "3C", "LH")
    assert legal(state) == ["2H", "3H"]            # must trump, cannot take: either trump


def test_void_with_no_trump_plays_any_card():
    hands = [["3C", "1D", "1S"], ["5D", "4D", "4S"], ["4C", "2H", "3H"], ["5C", "RC", "2S"]]
    state = run(all_play(hands), "3C")
    assert legal(state) == ["4D", "4S", "5D"]


def test_trump_led_wolf_follows_and_must_take():
    hands = [["3H", "1D", "2D"], ["Wolf", "1C", "2C"], ["Treachery", "4H", "3D"], ["5H", "1S", "2S"]]
    state = run(all_play(hands), "3H")
    assert legal(state) == ["Wolf"]               # no Hearts, but the Wolf follows trump and takes
    refused(state, "1C", "must follow Hearts")
    state = run(state, "Wolf")
    assert legal(state) == ["Treachery"]          # the Treachery is the highest card that takes
    refused(state, "4H", "takes it: Treachery")
    state = run(state, "Treachery")
    assert legal(state) == ["5H"]
    state = run(state, "5H")
    assert state.tricks[0].winner == 2            # Treachery over Wolf


def test_void_holding_treachery_must_play_it():
    hands = [["3C", "1D", "2D"], ["Treachery", "4H", "1S"], ["4C", "5C", "3D"], ["5H", "2S", "3S"]]
    state = run(all_play(hands), "3C")
    assert legal(state) == ["Treachery"]          # void: a trump, and the highest takes


def test_free_play_after_a_treachery_or_wolf_lead():
    for lead in ("Wolf", "Treachery"):
        hands = [[lead, "1D", "2D"], ["GH", "4H", "1C"], ["4C", "5C", "3D"], ["5H", "2S", "3S"]]
        state = run(all_play(hands), lead)
        assert state.observation(1)["led"] == "free"
        assert legal(state) == ["1C", "4H", "GH"]
        state = run(state, "1C")
        assert legal(state) == ["3D", "4C", "5C"]
        state = run(state, "3D", "2S")
        assert state.tricks[0].winner == 0


def test_treachery_takes_the_wolf_and_the_wolf_is_excused_from_the_loo():
    hands = [["3H", "1D", "5D"], ["Wolf", "1C", "2C"], ["Treachery", "4H", "3D"], ["5H", "1S", "2S"]]
    state = run(all_play(hands), "3H", "Wolf", "Treachery", "5H")
    assert state.exempt == 1 and state.observation(0)["wolf_exempt"] == 1
    # Trick 2: seat 2 must lead trump; trick 3 free. Seat 1 takes no trick.
    state = run(state, "4H", "1S", "1D", "1C", "3D", "2S", "5D", "2C")
    assert [t.winner for t in state.finished_hands[0][0]] == [2, 2, 0]
    hand = state.finished_hands[0]
    assert state.hand_index == 1
    # Seat 3 is looed and pays the pot (15); the Wolf's player (seat 1) pays nothing.
    assert hand[1] == (-3 + 5, -3, -3 + 10, -6 - 15)
    # The loo payment forms the next pot, with the new dealer's (seat 0) extra ante.
    assert state.pot == 15 + 3 and state.chips == (99, 97, 107, 79)


def test_looed_hands_form_the_next_pot_instead_of_antes():
    hands = [["1C", "1D", "2S"], ["GC", "GD", "GS"], ["3C", "3D", "4S"], ["4D", "5D", "RD"]]
    state = run(start(hands, turnup="Wolf"), "deal", "play", "play", "play", "fold")
    state = run(state, "1C", "GC", "3C", "GD", "3D", "1D", "GS", "4S", "2S")
    assert [t.winner for t in state.finished_hands[0][0]] == [1, 1, 1]
    assert state.finished_hands[0][1] == (-3 - 15, 15 - 3, -3 - 15, -6)
    obs = state.observation(2)
    assert obs["looed"] == []                      # a new hand: the last hand's record is in "hands"
    assert state.pot == 15 + 15 + 3                # two loo payments and the dealer's extra ante
    assert obs["chips"] == [82 - 3, 112, 82, 94]   # non-dealers ante nothing
    assert state.totals() == [82, 112, 82, 94]


def test_a_third_of_the_pot_per_trick_and_the_rest_to_the_last():             # Ruling V5
    # 3 players, 7 chips: hand 1 folds to the dealer; hand 2's dealer can pay only 4 of 6.
    first = deal([["1C", "2C", "3C"], ["4C", "5C", "RC"], ["1D", "2D", "3D"]], dealer=2)
    second = deal([["GC", "GD", "GS"], ["1C", "1D", "1S"], ["2C", "2D", "2S"]], dealer=0, turnup="Wolf")
    state = GAME.new_game({"players": 3, "starting_chips": 7}, deals=[first, second])
    state = run(state, "deal", "fold", "fold")
    assert state.totals() == [4, 4, 13]
    assert state.short == (0,) and state.last_hand and state.pot == 10
    state = run(state, "deal", "play", "play", "play")
    state = run(state, "1C", "2C", "GC")
    assert state.chips[0] == 0 + 3 and state.pot == 7
    state = run(state, "GD", "1D", "2D")
    assert state.chips[0] == 6 and state.pot == 4
    state = run(state, "GS", "1S", "2S")
    assert state.chips[0] == 10 and state.pot == 0


def test_the_game_ends_after_a_hand_a_player_could_not_pay_for():            # Ruling V6
    first = deal([["1C", "2C", "3C"], ["4C", "5C", "RC"], ["1D", "2D", "3D"]], dealer=2)
    second = deal([["GC", "GD", "GS"], ["1C", "1D", "1S"], ["2C", "2D", "2S"]], dealer=0, turnup="Wolf")
    state = GAME.new_game({"players": 3, "starting_chips": 7}, deals=[first, second])
    state = run(state, "deal", "fold", "fold", "deal")
    obs = state.observation(1)
    assert obs["short_payers"] == [0] and obs["last_hand"] and obs["chips"] == [0, 1, 10]
    state = run(state, "play", "play", "play", "1C", "2C", "GC", "GD", "1D", "2D", "GS", "1S", "2S")
    assert state.is_terminal and state.phase == "over"
    # Seats 1 and 2 took no trick, but no loo is paid after the last hand.
    assert state.observation(1)["looed"] == [1, 2]
    assert state.totals() == [10, 1, 10] and state.winners() == [0, 2]   # equal chips share
    assert sum(state.totals()) == 21
    refused(state, "play", "the game is over")


def test_the_game_lasts_two_deals_per_player_by_default():                   # Ruling V6
    for players, per in ((3, 2), (4, 1)):
        state = GAME.new_game({"players": players, "hands_per_player": per}, seed=5)
        while not state.is_terminal:    # everyone folds to the dealer: nobody is ever short
            state = state.apply_action("deal" if state.phase == "options" else "fold")
        assert len(state.finished_hands) == players * per
        dealers = [d["dealer"] for d in state.deals]
        assert dealers == [(dealers[0] + i) % players for i in range(players * per)]


@pytest.mark.parametrize("empty_loo_antes,pot,short", [(True, 4, [2]), (False, 1, [])])
def test_ruling_v7_a_loo_paid_with_no_chips_leaves_the_next_hand_anted(empty_loo_antes, pot, short):
    # 4 players with 3 chips, ante 1: seat 2 is looed twice, the second time with no chips.
    loser = [["2C", "3D", "4S"], ["3C", "4D", "5S"], ["1C", "1D", "1S"], ["GC", "GD", "GS"]]
    rules = {"players": 4, "starting_chips": 3, "ante": 1, "empty_loo_antes": empty_loo_antes}
    deals = [deal(loser, dealer=3, turnup="Wolf"), deal(loser, dealer=0, turnup="Wolf"),
             deal(loser, dealer=1, turnup="Wolf")]
    state = GAME.new_game(rules, deals=deals)
    tricks = ["1C", "GC", "GD", "1D", "GS", "1S"]
    state = run(state, "deal", "fold", "fold", "play", "play", *tricks)
    assert state.totals() == [2, 2, 0, 6]         # seat 2 paid only the 2 chips it had
    assert state.pot == 2 + 1
    state = run(state, "deal", "fold", "play", "play", "fold", *tricks)
    assert state.totals() == [1, 2, 0, 9] and state.carry == 0
    assert state.pot == pot and list(state.short) == short and state.last_hand == bool(short)


# --- chips, records, observations ----------------------------------------------------

@pytest.mark.parametrize("players", range(3, 9))
def test_chips_are_conserved_at_every_step(players):
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        state = GAME.new_game({"players": players, "starting_chips": 30}, seed=seed)
        total = 30 * players
        while not state.is_terminal:
            obs = state.observation(0)
            assert sum(obs["chips"]) + obs["pot"] == total     # every chip is in a stack or the pot
            assert min(obs["chips"]) >= 0
            state = state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.totals()) == total and state.pot == 0
        # Hand points are chips won minus chips paid, and add up to the totals.
        summed = [30 + sum(h["points"][s] for h in state.summary()["hands"]) for s in range(players)]
        assert summed == state.totals()


def test_observations_hide_hands_poke_discards_and_stock():
    state = run(start(HANDS4), "deal poke", "poke", "play")
    obs = json.dumps(state.observation(2))
    for token in ("1C", "2C", "3C", "1S", "2S", "4C", "4D"):
        assert f'"{token}"' not in obs
    assert set(state.hidden_places(2)) == {"hand:0", "hand:1", "hand:3", "discard:0", "stock"}


def test_tokens_and_deal_checks():
    state = start(HANDS4)
    with pytest.raises(TokenError):
        GAME.parse_action(state, "deal allplay poke")
    with pytest.raises(TokenError, match="unknown Voren action '6H'"):
        GAME.parse_action(state, "6H")
    refused(state, "play", "first chooses how to deal")
    refused(run(state, "deal"), "1C", "must first play, fold or take the poke")
    with pytest.raises(DealError, match="1C is repeated"):
        start([["1C", "2C", "3C"], ["1C", "5C", "RC"], ["1D", "2D", "3D"], ["4D", "5D", "RD"]])
    with pytest.raises(DealError, match="poke"):
        start(HANDS4, poke=["1S"])
    with pytest.raises(DealError, match="turnup"):
        GAME.new_game({"players": 4}, deals=[{"dealer": 3, "hands": HANDS4, "poke": SPARE}])


def test_record_round_trip_with_tokens():
    state = run(start(HANDS4), "deal poke allplay", "play", "poke", "play", "play")
    record = record_of(state).to_json()
    assert record["actions"] == ["deal poke allplay", "play", "poke", "play", "play"]
    assert record["deals"][0] == deal(HANDS4)
    assert replay(record).summary() == state.summary()


# --- an independent statement of the card-play rules, checked against the engine -------

def reference_playable(hand, plays, trump, trick_index):
    """The cards a seat may play, read straight off shared/rules/voren.md with card tokens."""
    def suit(t):
        return None if t in ("Wolf", "Treachery") else t[-1]
    order = ["Treachery", "Wolf"]
    for s in [trump] if trump else []:
        order += [r + s for r in "GLR54321"]

    def beats_all(card, played, led):
        ranking = order + [r + led for r in "GLR54321" if led != trump]
        rank = {t: i for i, t in enumerate(ranking)}
        return card in rank and all(rank[card] < rank.get(p, 99) for p in played)

    if not plays:
        if trump and trick_index == 0 and "G" + trump in hand:
            return {"G" + trump}
        trumps = {c for c in hand if suit(c) == trump} if trump else set()
        return trumps if trick_index == 1 and trumps else set(hand)
    if plays[0] in ("Wolf", "Treachery"):
        return set(hand)
    led = suit(plays[0])
    specials = {c for c in hand if suit(c) is None}
    tiers = [{c for c in hand if suit(c) == led} | (specials if led == trump else set()),
             {c for c in hand if trump and suit(c) == trump} | specials, set(hand)]
    allowed = next(t for t in tiers if t)
    takers = [c for c in allowed if beats_all(c, plays, led)]
    if takers:
        ranking = order + [r + led for r in "GLR54321"]
        return {min(takers, key=ranking.index)}
    return allowed


@pytest.mark.parametrize("players", [3, 5, 8])
def test_card_play_matches_an_independent_reading_of_the_rules(players):
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        rules = {"players": players, "crowns_void_trump": seed % 3 != 0}
        state = GAME.new_game(rules, seed=seed)
        while not state.is_terminal:
            if state.phase == "play":
                seat = state.current_player
                obs = state.observation(seat)
                trick = obs["hands"][-1]["tricks"][-1]
                plays = [card for _, card in trick["cards"]]
                expected = reference_playable(obs["hand"], plays, obs["trump"], len(obs["hands"][-1]["tricks"]) - 1)
                assert set(obs["legal"]) == expected, (obs["hand"], plays, obs["trump"])
                checked += 1
            state = state.apply_action(rng.choice(state.legal_actions()))
        for hand, dealt in zip(state.summary()["hands"], state.deals):
            turnup = DECK.token(dealt["turnup"])
            void = turnup in ("Wolf", "Treachery") or (rules["crowns_void_trump"] and turnup[0] in "LG")
            for trick in hand["tricks"]:
                assert trick["winner"] == reference_winner(trick["cards"], None if void else turnup[-1])
                checked += 1
    assert checked > 300


def reference_winner(plays, trump):
    """Treachery, Wolf, trump Greater Crown .. 1, led suit Greater Crown .. 1."""
    led = plays[0][1][-1] if plays[0][1] not in ("Wolf", "Treachery") else None
    ranking = ["Treachery", "Wolf"] + [r + s for s in (trump, led) if s for r in "GLR54321"]
    return min(plays, key=lambda p: ranking.index(p[1]) if p[1] in ranking else 99)[0]


def test_every_ruling_is_a_documented_rules_field():
    fields = VorenRules.describe()
    assert {f["ruling"] for f in fields} >= {"V1", "V2", "V3", "V4", "V5", "V6", "V7", "gap"}
    assert all(f["doc"] for f in fields)
    assert VorenRules().hands_in_game == 10 and VorenRules(players=8).hands_in_game == 16


def test_the_dealer_may_take_the_poke_left_to_them():
    state = run(start(HANDS4), "deal poke", "play", "fold", "play")
    assert state.current_player == 3 and legal(state) == ["fold", "play", "poke"]
    state = run(state, "poke")
    assert state.observation(3)["hand"] == SPARE and state.phase == "play"


def test_a_looed_player_short_of_chips_pays_what_they_have_and_play_goes_on():
    hands = [["GC", "GD", "GS"], ["1C", "1D", "2S"], ["3C", "3D", "4S"], ["4D", "5D", "RD"]]
    state = GAME.new_game({"players": 4, "starting_chips": 10}, deals=[deal(hands, turnup="Wolf")])
    state = run(state, "deal", "play", "play", "play", "fold",
                "GC", "1C", "3C", "GD", "1D", "3D", "GS", "2S", "4S")
    # Seats 1 and 2 owed the pot (15) with 7 chips each: they paid 7, and the game goes on.
    assert state.totals() == [22, 0, 0, 4]
    assert state.pot == 7 + 7 + 3 and state.short == () and not state.last_hand
    assert state.chips == (19, 0, 0, 4)
    assert state.rules.short_payment == "pays_what_they_have"   # Ruling V6, shown on the rules page


# --- what the table tells ------------------------------------------------------------------
def test_the_score_sheet_tells_the_pot_the_loo_and_the_next_pot():
    from pycore.words import Narrator
    hands = [["3H", "1D", "5D"], ["Wolf", "1C", "2C"], ["Treachery", "4H", "3D"], ["5H", "1S", "2S"]]
    state = run(all_play(hands), "3H", "Wolf", "Treachery", "5H",
                "4H", "1S", "1D", "1C", "3D", "2S", "5D", "2C")
    obs = state.observation(0)
    (sheet,) = obs["hand_results"]
    assert sheet["points"] == list(state.finished_hands[0][1]) == obs["hands"][0]["points"]
    assert (sheet["pot"], sheet["next_pot"], sheet["pot_from_loo"]) == (15, 18, False)
    assert sheet["tricks"] == [1, 0, 2, 0] and sheet["won"] == [5, 0, 10, 0]
    assert sheet["looed"] == [3] and sheet["loo_paid"] == [0, 0, 0, 15] and sheet["wolf_exempt"] == 1
    assert sheet["antes"] == [3, 3, 3, 6] and sheet["chips"] == [102, 97, 107, 79]
    # every player played: each shows the three cards played; nothing else is shown
    assert [sorted(h) for h in sheet["hands"]] == [sorted(h) for h in hands]
    lines = Narrator(GAME, obs).hand_lines(sheet)
    assert "Left took 0 tricks but was not looed: the Treachery took Left's Wolf." in lines
    assert "Right took 0 tricks and was looed: paid 15 chips into the next pot." in lines
    assert "You took 1 trick, winning 5 chips." in lines          # (the sheet tells what happened, in the past)
    assert lines[-1] == "The next pot: 18 chips."


def test_folded_hands_stay_hidden_on_the_score_sheet():                  # gap: hand_end_shows
    hands = [["1C", "1D", "2S"], ["GC", "GD", "GS"], ["3C", "3D", "4S"], ["4D", "5D", "RD"]]
    state = run(start(hands, turnup="Wolf"), "deal", "play", "play", "play", "fold")
    state = run(state, "1C", "GC", "3C", "GD", "3D", "1D", "GS", "4S", "2S")
    sheet = state.observation(0)["hand_results"][0]
    assert state.rules.hand_end_shows == "played_cards"
    assert sheet["hands"][3] is None and sheet["choices"][3] == "fold"
    assert sheet["pot_from_loo"] is False and sheet["next_pot"] == 33
    assert GAME.words.unshown(sheet, 3) == "folded, so the cards stay hidden"      # the sheet says why


def test_a_pot_taken_without_play_says_why_no_hand_is_shown():
    hands = [["1C", "1D", "2S"], ["GC", "GD", "GS"], ["3C", "3D", "4S"], ["4D", "5D", "RD"]]
    state = run(start(hands, turnup="Wolf"), "deal", "fold", "fold", "fold")
    sheet = state.observation(1)["hand_results"][0]
    (taker,) = [s for s, cards in enumerate(sheet["hands"]) if sheet["choices"][s] != "fold"]
    assert sheet["uncontested"] == taker and sheet["hands"] == [None] * 4
    assert [GAME.words.unshown(sheet, s) for s in range(4)].count("folded, so the cards stay hidden") == 3
    assert GAME.words.unshown(sheet, taker) == "took the pot without play, so the cards stay hidden"
    from pycore.words import Narrator      # said in the past, as the sheet's other lines are
    lines = Narrator(GAME, state.observation(taker)).hand_lines(sheet)
    assert "Nobody else played: you took the pot of 15 chips without play." in lines, lines


def test_a_trick_taken_by_a_trump_says_trump():
    """"Left takes the trick with the 4 of Spades" after the Greater Crown of
    Hearts was led read as a mistake: the line says ", trump" where a trump took a
    trick led in another suit, and only there."""
    from pycore.words import Narrator
    said = plain = 0
    for seed in range(30):
        state = played(GAME, {"players": 4}, seed, lambda s: s.finished_hands)
        obs = state.observation(0)
        trump = obs["hand_results"][0]["trump"]
        for k, trick in enumerate(obs["hands"][0]["tricks"]):
            card = dict(map(tuple, trick["cards"]))[trick["winner"]]
            led = trick["cards"][0][1]
            ruffed = trump is not None and card[1:] == trump and led[1:] != trump
            line = Narrator(GAME, obs).trick_taken(trick, 0, k)
            assert line.endswith(", trump.") == ruffed, (line, trick, trump)
            said += ruffed
            plain += not ruffed
    assert said >= 3 and plain >= 10, (said, plain)


def test_refusals_in_words_name_the_card_to_play():
    from pycore.words import Narrator
    hands = [["3H", "1D", "2D"], ["Wolf", "1C", "2C"], ["Treachery", "4H", "3D"], ["5H", "1S", "2S"]]
    state = run(all_play(hands), "3H", "Wolf")
    tell = Narrator(GAME, state.observation(2))
    assert state.why_not("4H", tell) == ("only the Treachery can be played: it takes the trick, and a player "
                                         "who can take the trick must play the highest card that takes it")


# --- what the table's captions say of this game (tests/test_captions.py) ------------------------
# The numbers in a seat's box: (pattern, the seat's value in the observation, always said).
SEAT_NUMBERS = [(r"^(\S+) chips$", lambda o, s: o["chips"][s], True)]


def check_table_captions(tell, tree, boxes) -> None:
    """The pot, each seat's tricks as pips, and the turned card, which says what it made
    trump (the game over too)."""
    obs = tell.obs
    assert int(tree.find(cls="pot-n").text().replace("\N{MINUS SIGN}", "-")) == obs["pot"]
    for seat, box in boxes.items():
        pips = box.find(cls="pips")
        if pips is not None:
            assert pips.attrs["aria-label"] == f"{obs['tricks_won'][seat]} of 3"
    turnup = tree.by_id("turnup")
    if obs.get("turnup"):
        assert tell.card(obs["turnup"]) in turnup.find(cls="card").attrs["aria-label"]   # a picture: its label
        want = tell.words.suit_name(obs["trump"], tell) if obs.get("trump") else None
        assert (f"Trump: {want}" if want else "No trump") in turnup.text()
    else:
        assert turnup.text() == "Not dealt yet"


# --- positions this game refuses (tests/test_position.py) ---------------------------------------
# A row: (rules; how many actions are played from seed 4, each the first legal one; a part of
# that position's text (Game.position_text); what that part is made into; what the error says).
IMPOSSIBLE_POSITIONS = [
    ({"players": 4}, 1, "choices=?,?,?,?", "choices=?,?,play,?", "clockwise from the dealer's left"),
    ({"players": 4}, 0, "options=-", "options=poke", "after phase options"),
]


# --- how this game's cards are drawn (tests/test_card_art.py) -----------------------------------
HOME_PICTURE_CARDS = ("5H", "GS", "Wolf")      # the cards on the home page's picture of the game
SAME_RANK_IN_EACH_SUIT = ("5C", "5D", "5H", "5S")


# --- the tables whose words are spell-checked (tests/test_spelling.py) ---------------------------
SPELLED_TABLES = [(3, "", True), (6, "", False)]      # (players, theme, its first hand reviewed)


# --- par cases (tests/solver/test_par.py) ---------------------------------------------------------
PAR_CASES = [       # (players, the opponents' level, deal seed, effort: None for the hard player as it is)
    (4, "easy", 2, None),
    (5, "hard", 8, None),
]


# --- decisions a search spread over workers is checked at (tests/solver/test_spread_search.py) ---
SPREAD_DECISIONS = [(5, "follow")]      # (players, the kind of decision: "lead" or "follow" for card play, else the adapter's decision(state), as "bid")


# --- the tables bench/web.py times the computer players' moves at ----------------------------------
TIMED_BOT_TABLES = [{"players": 5}]


# --- the card table read at a phone's and a desktop's width (tests/browser/test_card_table.py) -----
CARD_TABLE_CASES = [({"players": 3, "hands_per_player": 1}, True)]     # (rules, played on to the game's end as well: three hands)


# --- a finished hand reviewed from its score sheet (tests/browser/test_review.py) -------------------
# A row is (rules, whether its panel is kept as a screenshot): rules of two hands or more, the
# first hand reviewed while the second is played; e.g. ({"players": 4, "target": 12}, False).
# None here: Voren's hands are reviewed from the end of a short game (test_review_from_the_end_of_the_game)
REVIEW_CASES = []


# --- a decision of this game on a phone's screen (tests/browser/test_site.py) ------------------------
PHONE_DECISION_TABLES = [{"players": 5}]      # rules


# --- the hint's table of the other hands at a phone's and a desktop's width (tests/browser/test_table.py)
OTHER_HANDS_TABLES = [(4, (1280,))]      # (players, the widths it is read at)


# --- this game's table on a phone, with the regions it adds (tests/browser/test_table.py) ----------
PHONE_TABLE_REGIONS = [({}, ["#pot", "#turnup"])]      # (rules, the regions it adds, drawn: [] for none)


# --- a whole game played through the page, and why a card cannot be played (tests/browser/test_moments.py)
WHOLE_GAME_CASES = [({"players": 4, "hands_per_player": 1}, 1)]      # (rules of two hands or more, the last hands the page plays)
UNAVAILABLE_CARD_TABLES = [({"players": 4}, "#hand .card.unavailable", "")]      # (rules, where the card is, its choice's verb)


# --- friends at one device: a short game played to its end through the page (tests/browser/test_friends.py)
FRIENDS_TABLES = [({"players": 3, "hands_per_player": 1}, 2)]      # (rules, people: 2 or more, the first places from the dealer; computers at the rest)
