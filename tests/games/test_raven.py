"""Raven (shared/rules/raven.md): one scenario per rule and Ruling, with card tokens.

Trick rules are tested from play positions built by `position()` from the
position text (pycore/position.py): the scenario's hands, trump and leader, so
every check goes through `legal_actions` and `apply_action`. Bidding, reveals and
scoring are tested on whole games.
"""
import itertools
import random
import re

import pytest

from pycore import IllegalActionError, get_game, replay
from pycore.games.raven import DECK, SIZES, display_name

GAME = get_game("raven")
SH, SW, AX, WA = range(4)


def cards(tokens: str) -> tuple[int, ...]:
    return tuple(sorted(DECK.cards(tokens.split())))


def position(hands: dict[int, str], *, leader: int, trump: int | None = SH, players: int = 4,
             plays: str = "", bids: dict[int, str] | None = None, won=None):
    """A play position: each seat holds `hands[seat]`, `leader` leads a fresh trick
    in a hand with `trump` (Shields: the first hand; None: the ravenclaw hand, the
    fifth of the short game) as the hand's first trick, the seats have bid `bids` (by default cards no hand
    holds) and taken `won` tricks, then `plays` (tokens separated by ", ") are played."""
    held = {DECK.token(c) for seat in hands for c in cards(hands[seat])}
    k = SIZES[players][1]
    spare = [t for t in DECK.tokens[:56] if t not in held]
    if bids is None:
        bids = {seat: " ".join(spare[seat * k:(seat + 1) * k]) for seat in range(players)}
    assert trump in (SH, None)
    rules = '{"players":%d%s}' % (players, ',"short_game":true' if trump is None else "")
    dealer = (leader - 1) % players          # the first trick listed is the dealer's left's
    text = (f"raven rules={rules} seed=0 hand={5 if trump is None else 1} dealer={dealer} phase=play "
            f"scores={','.join('0' * players)} bonuses={','.join('0' * players)} "
            f"hands={'/'.join(','.join(hands.get(s, '').split()) or '-' for s in range(players))} "
            f"bids={'/'.join(','.join(bids[s].split()) for s in range(players))} out=- "
            f"won={','.join(map(str, won or (0,) * players))} tricks={leader}: named=-")
    state = GAME.from_position(text)
    for token in filter(None, plays.split(", ")):
        state = state.apply_action(token)
    return state


def legal(state) -> set[str]:
    return {GAME.action_token(state, a) for a in state.legal_actions()}


def last_winner(state) -> int:
    complete = [t for t in state.tricks if t.winner is not None]
    return complete[-1].winner if complete else state.finished_hands[-1][0][-1].winner


# --- the table of sizes -------------------------------------------------------------
@pytest.mark.parametrize("players,hand,bid,out", [(2, 17, 4, 26), (3, 17, 3, 9), (4, 15, 3, 0),
                                                  (5, 12, 2, 0), (6, 10, 2, 0)])
def test_sizes_by_player_count(players, hand, bid, out):
    state = GAME.new_game({"players": players}, seed=5)
    obs = state.observation(0)
    assert obs["hand_sizes"] == [hand] * players
    assert obs["bid_cards"] == bid
    assert obs["out_of_play"] == out
    bid_state = state.apply_action(state.legal_actions()[0])
    assert len(bid_state.hands[state.current_player]) == hand - bid
    tricks = hand - bid
    assert tricks == {2: 13, 3: 14, 4: 12, 5: 10, 6: 8}[players]


@pytest.mark.parametrize("players", [1, 7])
def test_player_count_out_of_range_is_refused(players):
    with pytest.raises(ValueError, match="players"):
        GAME.new_game({"players": players})


# --- trump schedule, short game, dealer rotation ------------------------------------
def play_randomly(state, rng, until=lambda s: s.is_terminal):
    while not until(state):
        state = state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("short,expected", [
    (False, ["Sh", "Sw", "Ax", "Wa", "Wa", "Ax", "Sw", "Sh"]),
    (True, ["Sh", "Sw", "Ax", "Wa", None]),
])
def test_trump_schedule_and_dealer_passing_left(short, expected):
    rng = random.Random(3)
    state = GAME.new_game({"players": 3, "short_game": short}, seed=3)
    first_dealer = state.dealer
    seen = []
    while not state.is_terminal:
        obs = state.observation(0)
        if not seen or seen[-1][0] != obs["hand_number"]:
            seen.append((obs["hand_number"], obs["trump"], obs["dealer"], obs["ravenclaw"]))
        state = state.apply_action(rng.choice(state.legal_actions()))
    assert [t for _, t, _, _ in seen] == expected
    assert [d for _, _, d, _ in seen] == [(first_dealer + i) % 3 for i in range(len(expected))]
    assert [r for _, _, _, r in seen] == [t is None for t in expected]
    assert len(state.finished_hands) == len(expected)


def test_first_trick_is_led_by_the_dealers_left():
    state = GAME.new_game({"players": 5}, seed=8)
    while state.phase == "bid":
        state = state.apply_action(state.legal_actions()[0])
    assert state.tricks[-1].leader == (state.dealer + 1) % 5 == state.current_player


# --- bidding ------------------------------------------------------------------------
def test_bids_set_aside_suited_cards_only_and_the_value_is_the_suit_sum():
    state = GAME.new_game({"players": 4}, seed=1)
    seat = state.current_player
    hand = state.hands[seat]
    bids = state.legal_actions()
    suited = [c for c in hand if c < 56]
    assert len(bids) == len(set(bids)) == len(list(itertools.combinations(suited, 3)))
    assert all(c < 56 for bid in bids for c in bid.cards)
    specialist = next(DECK.token(c) for c in hand if c >= 56)
    two_suited = [DECK.token(c) for c in suited[:2]]
    with pytest.raises(IllegalActionError, match="specialists can never be bid cards"):
        state.apply_action(f"bid {' '.join(two_suited)} {specialist}")
    with pytest.raises(IllegalActionError, match="exactly 3 cards"):
        state.apply_action(f"bid {' '.join(two_suited)}")
    bid = [DECK.token(c) for c in suited[:3]]
    after = state.apply_action("bid " + " ".join(reversed(bid)))       # order does not matter
    mine = after.observation(seat)["bids"][seat]
    assert mine["cards"] == bid and mine["value"] == sum(DECK.card(t) // 14 for t in bid)
    assert sorted(after.hands[seat] + DECK.cards(bid)) == sorted(hand)
    assert after.observation((seat + 1) % 4)["bids"][seat]["cards"] is None   # concealed


def test_bid_values_shields_0_swords_1_axes_2_waters_3():
    from pycore.games.raven import bid_value
    assert bid_value(cards("Sh3 Sh9 Wa1")) == 3
    assert bid_value(cards("Sw2 Sw5 Sw7")) == 3
    assert bid_value(cards("Sh1 Sw1 Ax1")) == 3
    assert bid_value(cards("Wa2 Wa3 Wa4")) == 9


def scores_after_first_hand(players: int, seed: int):
    rng = random.Random(seed)
    state = GAME.new_game({"players": players}, seed=seed)
    return play_randomly(state, rng, until=lambda s: s.hand_index == 1)


def find_first_hand(players: int, want_tie: bool):
    for seed in range(200):
        state = scores_after_first_hand(players, seed)
        best = max(state.scores)
        if (state.scores.count(best) > 1) == want_tie:
            return state
    raise AssertionError("no such seed")


@pytest.mark.parametrize("want_tie", [False, True])
def test_revealed_bids_leaders_first_face_up_then_the_others(want_tie):
    state = find_first_hand(4, want_tie)
    best = max(state.scores)
    leaders = [s for s in range(4) if state.scores[s] == best]
    order = [(state.dealer + 1 + i) % 4 for i in range(4)]
    expected = [s for s in order if s in leaders] + [s for s in order if s not in leaders]  # Ruling R1
    seen_order = []
    while state.phase == "bid":
        seat = state.current_player
        seen_order.append(seat)
        # no revealed bid is visible to another seat until all revealed bidders chose
        others_revealed = [state.observation(seat)["bids"][s] for s in leaders if s != seat]
        if seat in leaders:
            assert all(b["cards"] is None for b in others_revealed)
        state = state.apply_action(state.legal_actions()[-1])
    assert seen_order == expected
    assert (len(leaders) > 1) == want_tie
    for viewer in range(4):
        bids = state.observation(viewer)["bids"]
        for s in range(4):
            shown = bids[s]["cards"] is not None
            assert shown == (s == viewer or s in leaders), (viewer, s)
            assert bids[s]["revealed"] == (s in leaders)


def test_bids_are_never_revealed_with_two_players():
    state = scores_after_first_hand(2, 4)
    assert state.revealing == ()
    obs = state.observation(0)
    assert all(not b["revealed"] for b in obs["bids"])


def test_no_revealed_bids_in_the_first_or_final_hand():
    rng = random.Random(9)
    state = GAME.new_game({"players": 4, "short_game": True}, seed=9)
    revealing = []
    while not state.is_terminal:
        if state.phase == "bid" and state.bid_pos == 0:
            revealing.append(bool(state.revealing))
        state = state.apply_action(rng.choice(state.legal_actions()))
    assert revealing == [False, True, True, True, False]


def test_revealed_bids_field_off_means_all_bids_concealed():
    rng = random.Random(2)
    state = GAME.new_game({"players": 4, "revealed_bids": False}, seed=2)
    state = play_randomly(state, rng, until=lambda s: s.hand_index == 1)
    assert state.revealing == ()


def test_concealed_bids_are_shown_to_everyone_once_the_hand_is_scored():
    rng = random.Random(6)
    state = GAME.new_game({"players": 3}, seed=6)
    state = play_randomly(state, rng, until=lambda s: s.hand_index == 1)
    obs = state.observation(0)
    bids = state.past_bids[0]
    assert obs["past_bids"] == [[DECK.tokens_of(b) for b in bids]]
    assert all(obs["past_bids"][0][s] for s in range(3))


# --- playing a trick ----------------------------------------------------------------
def test_follow_the_led_suit_or_play_a_specialist():
    state = position({0: "Sw5", 1: "Sw9 Ax3 Wolf Sh2"}, leader=0, plays="Sw5")
    assert legal(state) == {"Sw9", "Wolf"}
    with pytest.raises(IllegalActionError, match="must follow Swords or play a specialist"):
        state.apply_action("Ax3")


def test_a_player_who_cannot_follow_may_play_any_card():
    state = position({0: "Sw5", 1: "Ax3 Sh2 Dwarf"}, leader=0, plays="Sw5")
    assert legal(state) == {"Ax3", "Sh2", "Dwarf"}


def test_the_shaman_cannot_be_led():
    state = position({0: "Shaman Sw5 Dwarf"}, leader=0)
    assert legal(state) == {"Sw5", "Dwarf Sh", "Dwarf Sw", "Dwarf Ax", "Dwarf Wa"}
    with pytest.raises(IllegalActionError, match="the Shaman cannot be led"):
        state.apply_action("Shaman")


def test_raven_led_makes_trump_the_led_suit():
    state = position({0: "Raven", 1: "Sh2 Sw9 Wolf", 2: "Sw3 Ax4"}, leader=0, plays="Raven")
    assert state.observation(1)["led_suit"] == "Sh"
    assert legal(state) == {"Sh2", "Wolf"}
    state = state.apply_action("Sh2")
    assert legal(state) == {"Sw3", "Ax4"}          # no trump: anything


def test_trump_led_and_the_only_trump_held_is_the_raven():
    state = position({0: "Sh5", 1: "Raven Sw4 Dwarf", 2: "Sw6"}, leader=0, plays="Sh5")
    assert legal(state) == {"Raven", "Dwarf"}
    with pytest.raises(IllegalActionError, match="only trump is the Raven"):
        state.apply_action("Sw4")
    state = position({0: "Sh5", 1: "Raven Sw4"}, leader=0, plays="Sh5")
    assert legal(state) == {"Raven"}


def test_raven_not_led_takes_the_trick_over_trump():
    state = position({0: "Sw5", 1: "Sh14", 2: "Raven", 3: "Sw14"}, leader=0, plays="Sw5, Sh14, Raven, Sw14")
    assert last_winner(state) == 2


def test_dwarf_lead_names_a_non_trump_suit_and_is_its_rank_zero():
    state = position({0: "Dwarf", 1: "Ax7 Sw2", 2: "Sw9", 3: "Wa1"}, leader=0)
    assert legal(state) == {"Dwarf Sh", "Dwarf Sw", "Dwarf Ax", "Dwarf Wa"}
    state = state.apply_action("Dwarf Ax")
    assert state.observation(1)["led_suit"] == "Ax" and state.observation(1)["dwarf_named"] == "Ax"
    assert legal(state) == {"Ax7"}                  # must follow the named suit
    state = state.apply_action("Ax7")
    state = state.apply_action("Sw9").apply_action("Wa1")
    assert last_winner(state) == 1                  # Ax7 beats the Dwarf, rank 0 of Axes
    assert state.tricks[0].to_json(DECK.token)["cards"][0] == [0, "Dwarf"]   # a led Dwarf is `Dwarf`


def test_dwarf_led_naming_a_suit_nobody_follows_takes_the_trick():
    state = position({0: "Dwarf", 1: "Sw2", 2: "Wa9", 3: "Sw14"}, leader=0, plays="Dwarf Ax, Sw2, Wa9, Sw14")
    assert last_winner(state) == 0


def test_dwarf_led_naming_trump_is_trump_rank_zero():
    # Trump is Shields: the Dwarf naming Shields beats the Wolf and the off-suit cards
    state = position({0: "Dwarf", 1: "Wolf", 2: "Sw14", 3: "Ax2"}, leader=0, plays="Dwarf Sh, Wolf, Sw14, Ax2")
    assert last_winner(state) == 0
    state = position({0: "Dwarf", 1: "Wolf", 2: "Sh1", 3: "Ax2"}, leader=0, plays="Dwarf Sh, Wolf, Sh1, Ax2")
    assert last_winner(state) == 2                  # Sh1 beats trump rank 0


def test_a_dwarf_not_led_is_the_lowest_card():
    state = position({0: "Sw2", 1: "Dwarf", 2: "Ax3", 3: "Wa3"}, leader=0, plays="Sw2, Dwarf, Ax3, Wa3")
    assert last_winner(state) == 0
    with pytest.raises(IllegalActionError, match="only a led Dwarf names a suit"):
        position({0: "Sw2", 1: "Dwarf"}, leader=0, plays="Sw2, Dwarf Sw")


def test_wolf_lead_sequence_trump_from_a_player_without_non_trump_does_not_set_the_suit():
    state = position({0: "Wolf", 1: "Sh3 Sh9", 2: "Ax5 Sw7 Sh4", 3: "Ax9 Wa2 Sw1"}, leader=0, plays="Wolf")
    assert state.observation(1)["led_suit"] is None
    assert legal(state) == {"Sh3", "Sh9"}           # no non-trump: trump is allowed
    state = state.apply_action("Sh3")
    assert state.observation(2)["led_suit"] is None  # trump did not set the suit
    assert legal(state) == {"Ax5", "Sw7"}            # a non-trump card is required
    with pytest.raises(IllegalActionError, match="the Wolf was led"):
        state.apply_action("Sh4")
    state = state.apply_action("Ax5")
    assert state.observation(3)["led_suit"] == "Ax"  # the first non-trump suited card sets it
    assert legal(state) == {"Ax9"}
    state = state.apply_action("Ax9")
    assert last_winner(state) == 1                   # trump beats the Wolf


def test_the_wolf_beats_every_non_trump_card_and_loses_to_trump():
    state = position({0: "Wolf", 1: "Sw14", 2: "Sw13", 3: "Ax14"}, leader=0, plays="Wolf, Sw14, Sw13, Ax14")
    assert last_winner(state) == 0
    state = position({0: "Sw3", 1: "Wolf", 2: "Sw14", 3: "Sh1"}, leader=0, plays="Sw3, Wolf, Sw14, Sh1")
    assert last_winner(state) == 3


@pytest.mark.parametrize("plays,expected", [
    ("Sw9, Shaman, Sw8, Ax1", 1),     # after the 9 of the led suit it beats the 9...
    ("Sw9, Shaman, Sw10, Ax1", 2),    # ...and loses to the 10
    ("Sw9, Raven, Shaman, Ax1", 2),   # after the Raven it beats the Raven
    ("Sw9, Wolf, Shaman, Sw14", 2),   # after the Wolf it beats the Wolf
    ("Sw9, Wolf, Shaman, Sh2", 3),    # ...and still loses to trump
    ("Sw9, Ax14, Shaman, Sw1", 0),    # after an off-suit discard it is a discard too
    ("Sw9, Sh5, Shaman, Sh6", 3),     # after a trump it is that trump's half step
    ("Sw9, Sh5, Shaman, Sh4", 2),
])
def test_the_shaman_is_half_a_step_above_the_card_before_it(plays, expected):
    hands = dict(enumerate(plays.split(", ")))
    state = position(hands, leader=0, plays=plays)
    assert last_winner(state) == expected


def test_the_shaman_after_a_led_dwarf():
    state = position({0: "Dwarf", 1: "Shaman", 2: "Wa4", 3: "Sw3"}, leader=0, plays="Dwarf Ax, Shaman, Wa4, Sw3")
    assert last_winner(state) == 1                   # Axes rank 0.5: nobody followed Axes


def test_ruling_r2_r3_a_leader_holding_only_the_shaman_plays_last():
    state = position({0: "Sw5", 1: "Shaman", 2: "Sw9", 3: "Sw7"}, leader=1)
    assert state.current_player == 2 and state.tricks[-1].leader == 2   # the left neighbour leads
    assert legal(state) == {"Sw9"}
    state = state.apply_action("Sw9").apply_action("Sw7")
    assert state.current_player == 0
    state = state.apply_action("Sw5")
    assert state.current_player == 1 and legal(state) == {"Shaman"}
    state = state.apply_action("Shaman")
    trick = state.finished_hands[-1][0][-1]
    assert [seat for seat, _ in trick.plays] == [2, 3, 0, 1]
    assert trick.winner == 2                         # Sw5 and a half loses to Sw9
    state = position({0: "Sw10", 1: "Shaman", 2: "Sw9", 3: "Sw7"}, leader=1, plays="Sw9, Sw7, Sw10, Shaman")
    assert last_winner(state) == 1                   # after the trick's last other card, Sw10
    assert state.rules.lone_shaman_follows == "last_other_card"   # Ruling R3, its own field


def test_ravenclaw_hand_raven_led_anything_goes_and_the_raven_wins():
    state = position({0: "Raven", 1: "Sw3 Ax2", 2: "Sh14 Wa1", 3: "Wa14"}, leader=0, trump=None, plays="Raven")
    assert state.observation(1)["ravenclaw"] and state.observation(1)["led_suit"] is None
    assert legal(state) == {"Sw3", "Ax2"}
    state = state.apply_action("Sw3")
    assert legal(state) == {"Sh14", "Wa1"}
    state = state.apply_action("Sh14").apply_action("Wa14")
    assert last_winner(state) == 0


def test_ravenclaw_hand_shaman_directly_after_the_raven_takes_it():
    state = position({0: "Raven", 1: "Shaman", 2: "Sw14", 3: "Wa14"}, leader=0, trump=None,
                     plays="Raven, Shaman, Sw14, Wa14")
    assert last_winner(state) == 1
    state = position({0: "Raven", 1: "Sw1", 2: "Shaman", 3: "Wa14"}, leader=0, trump=None,
                     plays="Raven, Sw1, Shaman, Wa14")
    assert last_winner(state) == 0                   # not directly after: it is a discard


def test_ravenclaw_hand_has_no_trump_suit():
    state = position({0: "Sw3", 1: "Sh14", 2: "Sw4", 3: "Raven"}, leader=0, trump=None, plays="Sw3, Sh14, Sw4")
    assert legal(state) == {"Raven"}
    state = state.apply_action("Raven")
    assert last_winner(state) == 3                   # the only trump
    state = position({0: "Sw3", 1: "Sh14", 2: "Sw4", 3: "Wa9"}, leader=0, trump=None, plays="Sw3, Sh14, Sw4, Wa9")
    assert last_winner(state) == 2                   # Shields are no trump here


def test_the_winner_leads_the_next_trick():
    state = position({0: "Sw5 Ax1", 1: "Sw9 Ax2", 2: "Sw2 Ax3", 3: "Sw3 Ax4"}, leader=0, plays="Sw5, Sw9, Sw2, Sw3")
    assert state.current_player == 1 and state.tricks[-1].leader == 1


# --- scoring and the winner ---------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_one_point_a_trick_plus_the_bonus_for_an_exact_bid(players):
    bonus = SIZES[players][3]
    rng = random.Random(players)
    state = GAME.new_game({"players": players}, seed=players)
    state = play_randomly(state, rng, until=lambda s: s.hand_index == 2)
    exact_seen = False
    for (tricks, points), bids in zip(state.finished_hands, state.past_bids):
        for seat in range(players):
            taken = sum(t.winner == seat for t in tricks)
            exact = taken == sum(c // 14 for c in bids[seat])
            exact_seen |= exact
            assert points[seat] == taken + (bonus if exact else 0)
    assert state.totals() == [sum(p[s] for _, p in state.finished_hands) for s in range(players)]


def test_exact_bid_bonus_in_a_last_trick():
    # 4 players, last trick of a hand; seat 1 bid Sw1 Sh1 Sh2 (=1) and takes its first trick here
    state = position({0: "Sw5", 1: "Sw9", 2: "Sw2", 3: "Sw3"}, leader=0, won=(0, 0, 3, 1),
                     bids={0: "Sh3 Sh4 Sh5", 1: "Sw1 Sh1 Sh2", 2: "Ax1 Sh6 Sh7", 3: "Sh8 Sh9 Sh10"})
    for token in "Sw5 Sw9 Sw2 Sw3".split():
        state = state.apply_action(token)
    points = state.finished_hands[-1][1]
    assert points == (0 + 5, 1 + 5, 3, 1)        # seats 0 and 1 made their bids of 0 and 1


def final_state(scores, bonuses):
    n = len(scores)
    bids = "/".join(f"Sh{3 * s + 1},Sh{3 * s + 2},Sh{3 * s + 3}" for s in range(n))
    return GAME.from_position(
        f'raven rules={{"players":{n}}} seed=0 hand=8 dealer=0 phase=over '
        f"scores={','.join(map(str, scores))} bonuses={','.join(map(str, bonuses))} "
        f"hands={'/'.join('-' * n)} bids={bids} out=- won={','.join('0' * n)} tricks=- named=-")


def test_most_points_wins():
    assert final_state([30, 41, 12, 40], [0, 0, 5, 5]).winners() == [1]


def test_tie_on_points_goes_to_the_most_exact_bid_bonuses():
    assert final_state([41, 41, 12, 40], [2, 3, 5, 5]).winners() == [1]


def test_ruling_r4_still_tied_is_a_shared_win():
    assert final_state([41, 41, 12, 41], [3, 3, 5, 1]).winners() == [0, 1]
    assert GAME.Rules().final_tie == "shared"


def test_rulings_are_documented_rules_fields():
    fields = {f["name"]: f for f in GAME.Rules.describe()}
    assert fields["revealed_bidders_first"]["ruling"] == "R1"
    assert fields["lone_shaman"]["ruling"] == "R2"
    assert fields["lone_shaman_follows"]["ruling"] == "R3"
    assert fields["final_tie"]["ruling"] == "R4"
    assert all(f["doc"] for f in fields.values())


# --- the Prophecy theme -------------------------------------------------------------
@pytest.mark.parametrize("token,raven,prophecy", [
    ("Sh3", "3 of Shields", "3 of Sunburst"), ("Sw12", "12 of Swords", "12 of Spears"),
    ("Ax1", "1 of Axes", "1 of Serpents"), ("Wa14", "14 of Waters", "14 of Eagles"),
    ("Raven", "Raven", "Jaguar"), ("Wolf", "Wolf", "Monkey"), ("Shaman", "Shaman", "Shaman"),
    ("Dwarf", "Dwarf", "Lizard"),
])
def test_prophecy_theme_names(token, raven, prophecy):
    assert display_name(token) == raven
    assert display_name(token, "prophecy") == prophecy


# --- tokens --------------------------------------------------------------------------
@pytest.mark.parametrize("token", ["", "bid", "Dwarf Xx", "Sw15", "sw12", "Raven Sh", "bid Sh1 Zz9"])
def test_unreadable_tokens_are_refused_with_a_reason(token):
    state = GAME.new_game({"players": 4}, seed=1)
    with pytest.raises(ValueError) as info:
        state.apply_action(token)
    assert str(info.value)


def test_replaying_a_whole_game_from_its_tokens():
    rng = random.Random(12)
    state = play_randomly(GAME.new_game({"players": 5}, seed=12), rng)
    from pycore import record_of
    again = replay(record_of(state).to_json())
    assert again.summary() == state.summary()


# --- what the table tells (pycore/words.py, hand_results) ------------------------------
def test_refusals_are_said_in_the_players_words_and_theme():
    from pycore.words import Narrator
    state = position({0: "Sw5", 1: "Sw9 Ax3 Wolf Sh2"}, leader=0, plays="Sw5")
    tell = Narrator(GAME, state.observation(1))
    assert state.why_not("Ax3", tell) == "you must follow Swords or play a specialist"
    assert state.why_not("Sw9", tell) is None
    prophecy = Narrator(GAME, state.observation(1), "prophecy")
    assert state.why_not("Ax3", prophecy) == "you must follow Spears or play a specialist"
    state = position({0: "Shaman Sw5"}, leader=0)
    assert state.why_not("Shaman", Narrator(GAME, state.observation(0), "prophecy")) == "the Shaman cannot be led"
    # a partial bid says its value so far and what is missing
    bidding = GAME.new_game({"players": 4}, seed=1)
    seat = bidding.current_player
    suited = [DECK.token(c) for c in bidding.hands[seat] if c < 56]
    tell = Narrator(GAME, bidding.observation(seat))
    value = DECK.card(suited[0]) // 14
    assert bidding.why_not(f"bid {suited[0]}", tell) == f"bid {value} so far: pick 2 more cards to set aside"
    assert bidding.why_not("bid Raven", tell) == "specialists can never be bid cards"


def test_bids_reach_the_log_once_the_hand_is_scored():          # Ruling R1
    rng = random.Random(4)
    state = play_randomly(GAME.new_game({"players": 3}, seed=4), rng,
                          until=lambda s: s.phase == "play")
    log = state.observation(0)["history"]
    assert [token is None for actor, token in log[:3]] == [actor != 0 for actor, _ in log[:3]]
    state = play_randomly(state, rng, until=lambda s: s.hand_index == 1)
    log = state.observation(0)["history"]
    bids = [token for _, token in log if token and token.startswith("bid ")]
    assert len(bids) == 3          # every bid of hand 1, shown to every seat once scored
    assert [t for _, t in state.observation(1)["history"][:3]] == [t for _, t in log[:3]]


def test_the_score_sheet_shows_every_bid_tricks_and_points():
    from pycore.words import Narrator
    rng = random.Random(2)
    state = play_randomly(GAME.new_game({"players": 4}, seed=2), rng, until=lambda s: s.hand_index == 1)
    obs = state.observation(3)
    (sheet,) = obs["hand_results"]
    bids = state.past_bids[0]
    assert [b["value"] for b in sheet["bids"]] == [sum(c // 14 for c in bid) for bid in bids]
    assert sheet["tricks"] == [sum(1 for t in state.finished_hands[0][0] if t.winner == s) for s in range(4)]
    assert sheet["points"] == [t + (5 if t == b["value"] else 0) for t, b in zip(sheet["tricks"], sheet["bids"])]
    assert sheet["points"] == obs["hands"][0]["points"] == sheet["totals"]
    assert [sorted(h) for h in sheet["hands"]] == [sorted(DECK.tokens_of(h)) for h in state.deals[0]["hands"]]
    lines = Narrator(GAME, obs).hand_lines(sheet)
    assert lines[0] == "Hand 1: trump Shields."
    seat = sheet["exact"].index(True) if any(sheet["exact"]) else None
    if seat is not None:
        assert f"exactly the bid, {sheet['tricks'][seat]} + 5 bonus = {sheet['points'][seat]} points." in lines[1 + seat]


def test_the_score_sheet_tells_the_shamans_cases():
    from pycore.words import Narrator
    # the Shaman after the 9 of Swords, half a step above it, takes the trick (and ends the hand)
    state = position({0: "Sw5", 1: "Sw9", 2: "Shaman", 3: "Sw2"}, leader=0, plays="Sw5, Sw9, Shaman, Sw2")
    (case,) = state.observation(0)["hand_results"][0]["shaman"]
    assert case == {"trick": 1, "seat": 2, "won": True, "after": "Sw9", "lone": False}
    line = Narrator(GAME, state.observation(0)).hand_lines(state.observation(0)["hand_results"][0])[-1]
    assert line == "Trick 1: Across's Shaman came after the 9 of Swords, half a step above it, and took the trick."
    # Ruling R2: the leader holds only the Shaman: the next player leads, the Shaman plays last
    fresh = GAME.new_game({"players": 4}, seed=0)
    leader = (fresh.dealer + 1) % 4
    hands = {leader: "Shaman", (leader + 1) % 4: "Sw5", (leader + 2) % 4: "Sw9", (leader + 3) % 4: "Sw2"}
    state = position(hands, leader=leader)
    state = play_randomly(state, random.Random(0))
    case = state.observation(0)["hand_results"][0]["shaman"][0]
    assert case["lone"] and case["seat"] == leader and case["after"] == "Sw2"


def test_the_ranking_breaks_ties_by_exact_bids():                     # Ruling R4
    rng = random.Random(9)
    state = play_randomly(GAME.new_game({"players": 3, "short_game": True}, seed=9), rng)
    ranking = state.observation(0)["ranking"]
    keys = [(e["score"], e["exact_bids"]) for e in ranking]
    assert keys == sorted(keys, reverse=True)
    assert ranking[0]["seats"] == sorted(state.winners())


def test_a_finished_trick_the_dwarf_led_says_the_suit_it_named():
    """At a trick's end "Player 4 takes the trick with the 13 of Axes" left a
    player to remember that the Dwarf had led naming Axes (the table's "Dwarf
    named Axes" goes with the trick); the line says it, and a Dwarf that wins
    its own lead says the suit it was the lowest card of."""
    from pycore.words import Narrator
    seen = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = GAME.new_game({"players": 3}, seed=seed)
        while not state.is_terminal:
            state = state.apply_action(rng.choice(state.legal_actions()))
        obs = state.observation(0)
        tell = Narrator(GAME, obs)
        starts = obs["hand_starts"] + [len(obs["history"])]
        for h, hand in enumerate(obs["hands"]):
            named = [t.split(" ")[1] for _, t in obs["history"][starts[h]:starts[h + 1]]
                     if t.startswith("Dwarf ")]
            for k, trick in enumerate(hand["tricks"]):
                line = tell.trick_taken(trick, h, k)
                if trick["cards"][0][1] != "Dwarf":
                    assert "named" not in line and "naming" not in line, line
                    continue
                suit = tell.words.suit(["Sh", "Sw", "Ax", "Wa"].index(named[0]))
                assert dict(map(tuple, trick["cards"]))[trick["winner"]] != "Dwarf"   # (rare: below)
                assert line.endswith(f" The Dwarf led it, naming {suit}."), line
                seen += 1
    assert seen >= 20, seen
    state = position({0: "Dwarf Sh2", 1: "Sw2 Sw3", 2: "Wa9 Wa3", 3: "Sw14 Sw4"}, leader=0,
                     plays="Dwarf Ax, Sw2, Wa9, Sw14")        # nobody follows Axes: the Dwarf wins
    obs = state.observation(0)
    h = len(obs["hands"]) - 1
    line = Narrator(GAME, obs).trick_taken(obs["hands"][h]["tricks"][0], h, 0)
    assert line == "You take the trick with the Dwarf, led as the lowest card of Axes, the suit it named.", line


def test_a_shaman_that_takes_a_trick_under_shields_is_not_called_trump():
    """The Shaman's token begins as the Shields' do: the line that says why a card
    won must name the Shaman's half step, not call it trump."""
    from pycore.words import Narrator
    state = position({0: "Sw9 Sw2", 1: "Shaman Sw3", 2: "Sw4 Sw5", 3: "Sw6 Sw7"}, leader=0,
                     plays="Sw9, Shaman, Sw4, Sw6")
    assert last_winner(state) == 1
    obs = state.observation(0)
    h = len(obs["hands"]) - 1
    line = Narrator(GAME, obs).trick_taken(obs["hands"][h]["tricks"][0], h, 0)
    assert line == "Left takes the trick with the Shaman, half a step above the 9 of Swords.", line


def test_trump_is_said_where_a_trump_beat_the_suit_led_not_where_trump_was_led():
    """"Player 2 takes the trick with the 5 of Shields, trump." after you led the
    3 of Shields said nothing the lead had not: ", trump" where a trump took a
    trick led in another suit, as Voren's line says it."""
    from pycore.words import Narrator
    for plays, said in [("Sh3, Sh5, Sw4, Sw6", "Left takes the trick with the 5 of Shields."),
                        ("Sw9, Sh5, Sw4, Sw6", "Left takes the trick with the 5 of Shields, trump.")]:
        state = position({0: "Sh3 Sw9", 1: "Sh5 Wa3", 2: "Sw4 Sw5", 3: "Sw6 Sw7"}, leader=0, plays=plays)
        obs = state.observation(0)
        h = len(obs["hands"]) - 1
        assert Narrator(GAME, obs).trick_taken(obs["hands"][h]["tricks"][0], h, 0) == said


# --- what the table's captions say of this game (tests/test_captions.py) ------------------------
# The numbers in a seat's box: (pattern, the seat's value in the observation, always said).
SEAT_NUMBERS = [
    (r"^Score (\S+?)(?: · .*)?$", lambda o, s: o["scores"][s], True),
    (r"^Tricks (\S+) / bid \S+$", lambda o, s: o["tricks_won"][s], False),
    (r"^Tricks \S+ / bid (\S+)$", lambda o, s: "?" if o["bids"][s].get("value") is None else o["bids"][s]["value"],
     False)]


def trump_in_its_own_words(tell) -> bool:
    """The ravenclaw hand names no trump suit: the Raven alone is trump."""
    return bool(tell.obs.get("ravenclaw"))


def check_table_captions(tell, tree, boxes) -> None:
    """In the ravenclaw hand, every trump caption says the Raven only, while the game goes on."""
    obs = tell.obs
    if not obs.get("ravenclaw") or obs.get("trump"):
        return
    said = [s.strip() for s in re.findall(r"\bTrump(?: now)?: ([^·\n]+)", tree.text())]
    raven = tell.card("Raven")
    assert all(raven in s and "only" in s for s in said) and "No trump" not in tree.text(), said
    assert said or obs["terminal"], "the trump is said while the game goes on"


def bids_made(state) -> dict:
    """{hand: {seat: the bid's value}} from the record's own bid actions (a bid is
    worth its cards' suits: Shields 0 to Wands 3), for tests/browser/test_moments.py."""
    bids, made = {}, 0
    for seat, action in state.history:
        if type(action).__name__ == "Bid":
            bids.setdefault(made // state.players, {})[seat] = sum(c // 14 for c in action.cards)
            made += 1
    return bids


# --- positions this game refuses (tests/test_position.py) ---------------------------------------
# A row: (rules; how many actions are played from seed 4, each the first legal one; a part of
# that position's text (Game.position_text); what that part is made into; what the error says).
IMPOSSIBLE_POSITIONS = [
    ({"players": 3}, 1, "phase=bid", "phase=play", "every seat has bid in phase play"),
]


# --- how this game's cards are drawn (tests/test_card_art.py) -----------------------------------
HOME_PICTURE_CARDS = ("Sh9", "Sw14", "Raven")      # the cards on the home page's picture of the game
SAME_RANK_IN_EACH_SUIT = ("Sh5", "Sw5", "Ax5", "Wa5")
NAMED_CARDS = ("Raven", "Wolf", "Shaman", "Dwarf")


# --- the tables whose words are spell-checked (tests/test_spelling.py) ---------------------------
SPELLED_TABLES = [(4, "", False), (2, "prophecy", False), (6, "prophecy", True)]   # (players, theme, reviewed)


# --- par cases (tests/solver/test_par.py) ---------------------------------------------------------
PAR_CASES = [       # (players, the opponents' level, deal seed, effort: None for the hard player as it is)
    (2, "normal", 4, 10),
]


# --- decisions a search spread over workers is checked at (tests/solver/test_spread_search.py) ---
SPREAD_DECISIONS = [(4, "lead"), (2, "bid")]      # (players, the kind of decision: "lead" or "follow" for card play, else the adapter's decision(state), as "bid")


# --- the tables bench/web.py times the computer players' moves at ----------------------------------
TIMED_BOT_TABLES = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 5}, {"players": 6}]


# --- the card table read at a phone's and a desktop's width (tests/browser/test_card_table.py) -----
CARD_TABLE_CASES = [({"players": 6}, False)]      # (rules, played on to the game's end as well)


# --- a finished hand reviewed from its score sheet (tests/browser/test_review.py) -------------------
REVIEW_CASES = [({"players": 4, "short_game": True}, True)]      # (rules with a second hand, the review made while it is played; its panel kept as a screenshot)


# --- a decision of this game on a phone's screen (tests/browser/test_site.py) ------------------------
PHONE_DECISION_TABLES = [{"players": 4}]      # rules


# --- the hint's table of the other hands at a phone's and a desktop's width (tests/browser/test_table.py)
OTHER_HANDS_TABLES = [(5, (390, 1280))]      # (players, the widths it is read at)


# --- this game's table on a phone, with the regions it adds (tests/browser/test_table.py) ----------
PHONE_TABLE_REGIONS = [({"short_game": True}, ["#trump-schedule"])]      # (rules, the regions drawn)


# --- a whole game played through the page, and why a card cannot be played (tests/browser/test_moments.py)
WHOLE_GAME_CASES = [({"players": 4, "short_game": True}, 2)]      # (rules of two hands or more, the last hands the page plays: the ravenclaw hand is the last)
UNAVAILABLE_CARD_TABLES = [({"players": 4}, "#hand .card.unavailable", "")]      # (rules, where the card is, its choice's verb)


# --- cards picked for a choice, the choice not yet made (tests/browser/test_moments.py) ------------
PARTIAL_SELECTIONS = [({"players": 4}, "bid")]      # (rules, the choice's verb)
NEVER_PICKED_SAYS = "never be bid cards"      # what a card that can never be picked says: a specialist


def partial_selection_said(card: str) -> str:
    """How Confirm starts with only `card` picked: the bid's value so far (its suit's, Shields 0 to Wands 3)."""
    return f"Bid {['Sh', 'Sw', 'Ax', 'Wa'].index(card[:2])} so far"


# --- friends at one device: a short game played to its end through the page (tests/browser/test_friends.py)
FRIENDS_TABLES = [({"players": 6, "short_game": True}, 2)]      # (rules, people: the first places from the dealer; computers at the rest)
