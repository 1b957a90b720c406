"""Tricksters scenarios, one per rule and ruling of shared/rules/tricksters.md.

Card values (Ruling T1), as Ravens Foxes Rats Toads:
    T1 1254  T6 2145  T11 4125  T16 5142
    T2 1425  T7 2154  T12 4152  T17 5214
    T3 1452  T8 2415  T13 4215  T18 5241
    T4 1524  T9 2514  T14 4251  T19 5412
    T5 1542  T10 2541 T15 4521  T20 5421
"""
import json
import random
import re

import pytest

from pycore import DealError, IllegalActionError, RulesError, TokenError, get_game, load_record, record_of, replay
from pycore.games.tricksters import DEFAULT_DECK, ROUND_POINTS, victors
from ..conformance import played

GAME = get_game("tricksters")

DEAL = {"dealer": 0,
        "hands": [["T1", "T2", "T3"], ["T4", "T5", "T6"], ["T7", "T8", "T9"], ["T10", "T11", "T12"]],
        "centre": ["T13", "T14", "T15", "T16", "T17", "T18", "T19", "T20"]}
# Dealer 0: R = 3, L = 1, A = 2. Seats 3, 0, 1, 2 draft in turn, each the lowest centre card.
DRAFT = ["take T13", "take T14", "take T15", "take T16", "take T17", "take T18", "take T19", "take T20"]
SUITS = ["suit Foxes", "suit Rats", "suit Toads", "suit Ravens"]   # seats 1, 2, 3, 0


def start(deal=DEAL, rules=None):
    return GAME.new_game(rules or {}, deals=[deal])


def run(state, tokens):
    for token in tokens:
        state = state.apply_action(token)
    return state


def tricks_start(partner="partner 0", rules=None):
    """Dealer 0 leads Ravens. Hands (Ravens values):
    0: T1 T2 T3 T14 T18 (1 1 1 4 5)   1: T4 T5 T6 T15 T19 (1 1 2 4 5)
    2: T7 T8 T9 T16 T20 (2 2 2 5 5)   3: T10 T11 T12 T13 T17 (2 4 4 4 5)
    `partner 0` makes seat 2 (across) partner seat 0: {0, 2} against {1, 3}."""
    return run(start(rules=rules), DRAFT + SUITS + [partner])


def rotated_deal(dealer):
    return dict(DEAL, dealer=dealer)


# --- the deal and the drafts --------------------------------------------------

@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_draft_suit_draft_partner_and_first_lead_order_from_every_dealer(dealer):
    right, left, across = (dealer - 1) % 4, (dealer + 1) % 4, (dealer + 2) % 4
    state = start(rotated_deal(dealer))
    order = []
    while state.phase == "draft":
        order.append(state.current_player)
        state = state.apply_action(state.legal_actions()[0])
    assert order == [right, dealer, left, across] * 2          # R, D, L, A twice
    order = []
    while state.phase == "suits":
        order.append(state.current_player)
        state = state.apply_action(state.legal_actions()[0])
    assert order == [left, across, right, dealer]               # L, A, R, D
    assert state.phase == "partners" and state.current_player == across
    state = state.apply_action(state.legal_actions()[0])
    assert state.phase == "play" and state.current_player == dealer   # the dealer leads first
    assert state.tricks[-1].leader == dealer


def test_deal_is_three_hidden_cards_each_and_eight_face_up():
    state = start()
    obs = state.observation(1)
    assert obs["hand"] == ["T4", "T5", "T6"]
    assert [c["card"] for c in obs["centre"]] == DEAL["centre"]
    assert all(c["taken_by"] is None for c in obs["centre"])
    obs.pop("values")                                    # the deck table names every card
    words = set(json.dumps(obs).replace('"', " ").replace(",", " ").split())
    assert not words & {"T1", "T2", "T3", "T7", "T8", "T9", "T10", "T11", "T12"}   # others' dealt cards


def test_drafted_cards_are_public_and_join_the_hand_in_the_trick_phase():
    state = run(start(), DRAFT[:2])                     # seat 3 took T13, seat 0 took T14
    for seat in range(4):
        obs = state.observation(seat)
        assert obs["drafted"][3] == ["T13"] and obs["drafted"][0] == ["T14"]
        assert {c["card"]: c["taken_by"] for c in obs["centre"]}["T13"] == 3
    assert state.observation(0)["hand"] == ["T1", "T2", "T3"]   # in front, not yet in hand
    state = run(state, DRAFT[2:] + SUITS + ["partner 0"])
    assert state.observation(0)["hand"] == ["T1", "T2", "T3", "T14", "T18"]
    # everyone still knows which drafted cards each seat holds
    assert state.observation(2)["known_held"][0] == ["T14", "T18"]
    state = state.apply_action("T14")
    assert state.observation(2)["known_held"][0] == ["T18"]


def test_each_player_leads_only_the_suit_they_drafted():
    state = tricks_start()
    assert state.observation(0)["suits"] == ["Ravens", "Foxes", "Rats", "Toads"]
    state = state.apply_action("T1")
    assert state.observation(3)["led_suit"] == "Ravens"   # the dealer's suit


@pytest.mark.parametrize("token,pairs", [
    ("partner 0", [2, 3, 0, 1]),     # {A, D} and {L, R}
    ("partner 1", [3, 2, 1, 0]),     # {A, L} and {D, R}
    ("partner 3", [1, 0, 3, 2]),     # {A, R} and {D, L}
])
def test_the_three_pairings_chosen_by_the_seat_across_from_the_dealer(token, pairs):
    state = run(start(), DRAFT + SUITS)
    assert state.current_player == 2
    assert sorted(state.legal_actions(), key=lambda a: a.seat) == \
        [GAME.parse_action(state, f"partner {s}") for s in (0, 1, 3)]
    state = state.apply_action(token)
    assert state.observation(1)["partners"] == pairs


# --- tricks -------------------------------------------------------------------------

def last_trick(state):
    """The last completed trick of the round."""
    return [t for t in state.observation(0)["hands"][-1]["tricks"] if t["winner"] is not None][-1]


def test_only_the_led_critter_counts_and_higher_sum_wins():
    # Ravens: 0 T18 = 5, 1 T4 = 1, 2 T7 = 2, 3 T10 = 2 (T10 is 5 in Foxes: does not count)
    state = run(tricks_start(), ["T18", "T4", "T7", "T10"])
    assert state.observation(0)["tricks_won"] == [1, 0, 1, 0]
    assert last_trick(state)["winner"] == 0


def test_equal_sums_go_to_the_partnership_that_did_not_lead():
    # {0, 2}: T14 4 + T7 2 = 6; {1, 3}: T6 2 + T11 4 = 6. Seat 3 has the higher card.
    state = run(tricks_start(), ["T14", "T6", "T7", "T11"])
    assert state.observation(0)["tricks_won"] == [0, 1, 0, 1]
    assert last_trick(state)["winner"] == 3
    assert state.current_player == 3


def test_next_leader_is_the_higher_card_of_the_winners():
    # {0, 2}: T1 1 + T16 5 = 6 beat T4 1 + T10 2; the leader's partner played higher.
    state = run(tricks_start(), ["T1", "T4", "T16", "T10"])
    assert state.observation(0)["tricks_won"] == [1, 0, 1, 0]
    assert state.current_player == 2
    assert state.observation(0)["led_suit"] == "Rats"   # seat 2 leads its own suit


def test_tie_among_the_leading_partners_keeps_the_same_leader():
    # Trick 3 is led by seat 2: T16 4 (Rats) and partner 0's T18 4 tie and win.
    state = run(tricks_start(), ["T1", "T15", "T7", "T11", "T6", "T8", "T12", "T2"])
    assert state.current_player == 2
    state = run(state, ["T16", "T13", "T18", "T19"])
    assert last_trick(state)["winner"] == 2     # not seat 0, nearest clockwise after 2
    assert state.current_player == 2


def test_tie_among_non_leading_partners_goes_clockwise_from_the_last_leader():
    # Trick 1, led by 0 (Ravens): {1, 3} win with T15 4 and T11 4: seat 1 is nearest.
    state = run(tricks_start(), ["T1", "T15", "T7", "T11"])
    assert state.current_player == 1
    # Trick 2, led by 1 (Foxes): {0, 2} win with T8 4 and T2 4: from seat 1 clockwise,
    # seat 2 comes before seat 0.
    state = run(state, ["T6", "T8", "T12", "T2"])
    assert last_trick(state)["winner"] == 2
    assert state.current_player == 2


# --- scoring --------------------------------------------------------------------------

def test_round_score_table():
    assert ROUND_POINTS == (0, 0, 1, 2, 2, 3)


@pytest.mark.parametrize("plays,points", [
    ("T2 T5 T20 T11 T7 T12 T3 T19 T16 T13 T18 T6 T9 T17 T1 T15 T14 T4 T8 T10", [3, 0, 3, 0]),   # 5-0
    ("T14 T6 T7 T13 T10 T2 T15 T8 T18 T5 T20 T17 T3 T4 T16 T12 T9 T11 T1 T19", [2, 0, 2, 0]),   # 4-1
    ("T14 T6 T20 T17 T8 T13 T18 T15 T2 T5 T7 T12 T11 T3 T4 T9 T10 T1 T19 T16", [2, 1, 2, 1]),   # 3-2
    ("T2 T19 T7 T12 T4 T20 T17 T18 T15 T9 T10 T1 T6 T8 T13 T14 T16 T11 T3 T5", [1, 2, 1, 2]),   # 2-3
    ("T2 T15 T9 T12 T5 T16 T13 T3 T19 T20 T10 T18 T17 T14 T4 T8 T11 T1 T6 T7", [0, 3, 0, 3]),   # 0-5
])
def test_each_partner_scores_the_partnership_points_by_its_tricks(plays, points):
    state = run(tricks_start(), plays.split())
    tricks, scored = state.finished_hands[0]
    ours = sum(t.winner in (0, 2) for t in tricks)      # a winner is a seat of the winning pair
    assert list(scored) == [ROUND_POINTS[ours], ROUND_POINTS[5 - ours]] * 2 == points
    assert state.totals() == points


def test_dealer_passes_left_after_the_round():
    state = run(tricks_start(), "T2 T5 T20 T11 T7 T12 T3 T19 T16 T13 T18 T6 T9 T17 T1 T15 T14 T4 T8 T10".split())
    obs = state.observation(0)
    assert obs["round"] == 2 and obs["dealer"] == 1 and obs["phase"] == "draft"
    assert state.current_player == 0                      # right of the new dealer drafts first


# --- the end of the game --------------------------------------------------------------

def play_game(seed):
    """A seeded random game, returning the states at the end of each round."""
    state = GAME.new_game({}, seed=seed)
    rng = random.Random(seed)
    ends = []
    while not state.is_terminal:
        before = len(state.finished_hands)
        state = state.apply_action(rng.choice(state.legal_actions()))
        if len(state.finished_hands) > before:
            ends.append(state)
    return ends


@pytest.mark.parametrize("seed", range(8))
def test_target_is_set_after_round_four_and_the_game_ends_on_reaching_it(seed):
    ends = play_game(seed)
    assert len(ends) >= 5                                 # Ruling T2: round 4 cannot end it
    for state in ends[:3]:
        assert state.target is None and state.observation(0)["target"] is None
    target = max(ends[3].scores) + 3                      # highest after everyone has dealt once
    for state in ends[3:-1]:
        assert state.target == target and not state.is_terminal
        assert max(state.scores) < target
    final = ends[-1]
    assert final.is_terminal and final.target == target and max(final.scores) >= target
    assert final.winners() == victors(final.scores)


def test_target_is_checked_at_the_end_of_every_round_from_the_fourth_on():
    # Ruling T2: with the scores set just below the target, the fifth round's points end
    # the game when they reach it, and not when they fall one short.
    state = GAME.new_game({}, seed=5)
    rng = random.Random(5)
    while not (len(state.finished_hands) == 4 and len(state.tricks) == 5
               and len(state.tricks[-1].plays) == 3):
        state = state.apply_action(rng.choice(state.legal_actions()))
    last = state.legal_actions()[0]
    points = state.apply_action(last).finished_hands[-1][1]
    seat = max(range(4), key=lambda s: points[s])
    text = GAME.position_text(state)
    for short, ends in ((0, True), (1, False)):
        scores = [state.target - points[seat] - short if s == seat else 0 for s in range(4)]
        near = GAME.from_position(re.sub(r"scores=\S+", "scores=" + ",".join(map(str, scores)), text))
        after = near.apply_action(last)
        assert after.is_terminal is ends
        assert (after.observation(0)["round"] == 6) is not ends


@pytest.mark.parametrize("scores,winners", [
    ([9, 7, 4, 2], [0, 1]),          # the two highest share the victory
    ([2, 9, 4, 7], [1, 3]),
    ([9, 7, 7, 2], [0]),             # a tie for second: sole victory of the first
    ([9, 7, 7, 7], [0]),
    ([9, 9, 4, 2], [0, 1]),          # Ruling T3: tied for first share, nobody else
    ([9, 9, 9, 2], [0, 1, 2]),
    ([9, 9, 7, 7], [0, 1]),
    ([5, 5, 5, 5], [0, 1, 2, 3]),
])
def test_victory_is_shared_by_the_two_highest_or_sole_on_a_tie_for_second(scores, winners):
    assert victors(scores) == winners


def test_winners_only_when_the_game_is_over():
    ends = play_game(3)
    assert all(state.winners() == [] for state in ends[:-1])
    assert ends[-1].winners() == victors(ends[-1].scores)


# --- the deck (Ruling T1) ---------------------------------------------------------------

def test_default_deck_table():
    assert len(DEFAULT_DECK) == 20 and len(set(DEFAULT_DECK)) == 20
    for suit in range(4):
        assert sorted(card[suit] for card in DEFAULT_DECK) == [1] * 5 + [2] * 5 + [4] * 5 + [5] * 5
    assert all(sum(card) == 12 for card in DEFAULT_DECK)
    assert not any(all(a[i] > b[i] for i in range(4)) for a in DEFAULT_DECK for b in DEFAULT_DECK)
    assert DEFAULT_DECK[6] == (2, 1, 5, 4)               # T7


def test_a_replacement_deck_changes_the_values_without_code():
    deck = [list(card) for card in DEFAULT_DECK]
    deck[17] = [1, 2, 4, 5]                              # T18 worth 1 in Ravens instead of 5
    rules = {"deck": deck}
    state = run(tricks_start(rules=rules), ["T18", "T4", "T7", "T10"])
    assert state.observation(0)["tricks_won"] == [0, 1, 0, 1]    # 1 + 2 against 1 + 2: a tie
    assert record_of(state).rules == {"players": 4, "deck": deck}
    assert replay(load_record(record_of(state).to_json())).summary() == state.summary()


@pytest.mark.parametrize("rules,message", [
    ({"players": 5}, "players"),
    ({"deck": [[1, 2, 3, 4]] * 19}, "20 cards"),
    ({"deck": [[1, 2, 3]] * 20}, "T1"),
    ({"target_check": "never"}, "target_check"),
    ({"first_tie": "none"}, "first_tie"),
    ({"partners": 2}, "unknown rules field"),
])
def test_bad_rules_are_refused(rules, message):
    with pytest.raises(RulesError, match=message):
        GAME.new_game(rules)


def test_players_field_is_always_four():
    state = GAME.new_game({"players": 4}, seed=1)
    assert state.players == 4 and record_of(state).rules == {"players": 4}


# --- illegal actions and tokens --------------------------------------------------------

@pytest.mark.parametrize("prefix,token,reason", [
    ([], "take T1", "T1 is not in the centre"),                      # a dealt (hidden) card
    (DRAFT[:1], "take T13", "T13 was already taken by seat 3"),
    ([], "suit Foxes", "turn to take a centre card"),
    ([], "T13", "turn to take a centre card"),
    (DRAFT, "take T13", "turn to take a Suit card"),
    (DRAFT + SUITS[:1], "suit Foxes", "Foxes was already taken by seat 1"),
    (DRAFT + SUITS[:1], "partner 0", "turn to take a Suit card"),
    (DRAFT + SUITS, "partner 2", "not your own"),
    (DRAFT + SUITS, "partner 7", "no seat 7"),
    (DRAFT + SUITS, "T1", "chooses partners"),
    (DRAFT + SUITS + ["partner 0"], "T4", "T4 is not in your hand"),
    (DRAFT + SUITS + ["partner 0"], "take T1", "play a card"),
])
def test_illegal_actions_are_refused_with_a_reason(prefix, token, reason):
    state = run(start(), prefix)
    with pytest.raises(IllegalActionError, match=reason):
        state.apply_action(token)


@pytest.mark.parametrize("token", ["take T21", "suit Cats", "partner x", "take", "T0", "play T1 T2"])
def test_unreadable_tokens(token):
    with pytest.raises(TokenError):
        GAME.parse_action(start(), token)


@pytest.mark.parametrize("change,message", [
    ({"centre": DEAL["centre"][:7]}, "centre"),
    ({"hands": [["T1", "T2"]] + DEAL["hands"][1:]}, "hand 0"),
    ({"hands": [["T1", "T2", "T13"]] + DEAL["hands"][1:]}, "every card once"),
    ({"dealer": 4}, "dealer"),
    ({"out": []}, "unknown deal field"),
])
def test_bad_deals_are_refused(change, message):
    with pytest.raises(DealError, match=message):
        GAME.new_game({}, deals=[dict(DEAL, **change)])


def test_tokens_match_records_spec():
    state = run(start(), DRAFT + SUITS + ["partner 0", "T1"])
    assert state.action_tokens() == DRAFT + SUITS + ["partner 0", "T1"]
    assert record_of(state).deals == [DEAL]


# --- observation --------------------------------------------------------------------------

def test_observation_hides_only_other_seats_dealt_cards():
    state = run(tricks_start(), ["T1"])
    obs = state.observation(1)
    assert obs["hand"] == ["T4", "T5", "T6", "T15", "T19"]
    assert obs["hand_sizes"] == [4, 5, 5, 5]
    assert obs["known_held"] == [["T14", "T18"], ["T15", "T19"], ["T16", "T20"], ["T13", "T17"]]
    assert obs["trick_values"] == [[0, 1]] and obs["leader"] == 0
    hidden = {"T2", "T3", "T7", "T8", "T9", "T10", "T11", "T12"}
    shown = dict(obs)
    shown.pop("values")                                  # the deck table names every card
    assert not hidden & set(json.dumps(shown).replace('"', " ").replace(",", " ").split())


def test_terminal_play_from_the_command_line():
    from pycore.play import play
    answers = iter(["?", "bogus", "quit"])
    lines = []
    assert play("tricksters", players=None, seat=0, seed=3, input_fn=lambda _: next(answers),
                print_fn=lines.append) == 0
    text = "\n".join(lines)
    assert "legal: take" in text or "legal: suit" in text or "legal: T" in text or "legal: partner" in text
    assert "refused:" in text


# --- records and the command line ------------------------------------------------------------

def test_replay_command_on_a_tricksters_record(tmp_path):
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    golden = json.loads((root / "tests" / "data" / "golden" / "tricksters-game.json").read_text())
    path = tmp_path / "game.json"
    path.write_text(json.dumps(golden["record"]))
    out = subprocess.run([sys.executable, "-m", "pycore", "replay", str(path)],
                         capture_output=True, text=True, cwd=root, check=True)
    assert json.loads(out.stdout) == golden["summary"]
    bad = dict(golden["record"], actions=golden["record"]["actions"][:3] + ["take T99"])
    path.write_text(json.dumps(bad))
    out = subprocess.run([sys.executable, "-m", "pycore", "replay", str(path)],
                         capture_output=True, text=True, cwd=root)
    assert out.returncode == 2 and out.stdout == ""
    assert "action 3 'take T99'" in out.stderr


@pytest.mark.parametrize("scores, said", [
    ([7, 11, 10, 8], "Left and Across win: the two highest scores win together."),
    ([11, 7, 10, 8], "You share the win with Across: the two highest scores win together."),
    ([8, 11, 8, 7], "Left wins: a tie for second place leaves the highest score to win alone."),
    ([9, 11, 7, 11], "Left and Right win: tied for the highest score."),
])
def test_the_winners_are_told_why_they_won(scores, said):
    """Partners change every round, so the winners of a game are not a pair that
    played together: the end of the game says which rule made them win (told to
    seat 0: Left is seat 1, Across seat 2)."""
    from pycore.games.tricksters import victors
    from pycore.words import Narrator
    obs = GAME.new_game({}, seed=1).observation(0)
    assert Narrator(GAME, dict(obs, scores=scores, winners=victors(scores))).outcome() == said


# --- what the table tells -----------------------------------------------------------------
def test_each_trick_keeps_the_critter_it_was_led_in():
    """The last-trick view of a finished trick shows its own led critter, not the
    next trick's (the observation carries every trick's)."""
    import random
    rng = random.Random(5)
    state = GAME.new_game({}, seed=5)
    checked = 0
    while not state.is_terminal:
        obs = state.observation(0)
        if obs["phase"] == "play":
            tricks = obs["hands"][-1]["tricks"]
            assert obs["tricks_led"] == [obs["suits"][t["leader"]] for t in tricks]
            done = [t for t in tricks if t["winner"] is not None]
            if done and not tricks[-1]["cards"] and obs["tricks_led"][len(done) - 1] != obs["led_suit"]:
                checked += 1          # a finished trick and a next trick in another critter
        state = state.apply_action(rng.choice(state.legal_actions()))
    assert checked
    for h, sheet in enumerate(state.observation(2)["hand_results"]):
        tricks = state.finished_hands[h][0]
        assert sheet["led"] == [sheet["suits"][t.leader] for t in tricks]
        for pair in sheet["pairs"]:
            a, b = pair["seats"]
            assert sheet["partners"][a] == b and sheet["points"][a] == sheet["points"][b] == pair["points"]
            assert pair["tricks"] == sum(1 for t in tricks if t.winner in (a, b))


def test_a_trick_and_a_round_told_in_words():
    from pycore.words import Narrator
    import random
    rng = random.Random(5)
    state = GAME.new_game({}, seed=5)
    while not state.finished_hands:
        state = state.apply_action(rng.choice(state.legal_actions()))
    obs = state.observation(0)
    tell = Narrator(GAME, obs)
    sheet = obs["hand_results"][0]
    trick = obs["hands"][0]["tricks"][0]
    line = tell.trick_taken(trick, 0, 0)
    led = sheet["led"][0]
    assert re.search(rf" in {led}( \(a tie goes to the pair that did not lead\))?; ", line), line
    assert line.endswith(" next.")
    last = tell.trick_taken(obs["hands"][0]["tricks"][-1], 0, len(obs["hands"][0]["tricks"]) - 1)
    assert " take the last trick, " in last and "next" not in last, last   # the round is over
    lines = tell.hand_lines(sheet)
    assert lines[0].startswith("Round 1: ") and "partners" in lines[0]


def test_a_tied_trick_says_the_rule_that_gave_it():
    """"You and Left take the trick, 9 to 9 in Toads" read as a mistake: on equal
    sums the pair that did not lead takes the trick, and the line says so."""
    from pycore.words import Narrator
    ties = plain = 0
    for seed in range(12):
        state = played(GAME, {}, seed, lambda s: s.finished_hands)
        obs = state.observation(0)
        tell = Narrator(GAME, obs)
        for k, trick in enumerate(obs["hands"][0]["tricks"]):
            line = tell.trick_taken(trick, 0, k)
            mine, theirs = re.search(r"(\d+) to (\d+) in ", line).groups()
            tied = mine == theirs
            assert ("(a tie goes to the pair that did not lead)" in line) == tied, line
            leader = state.finished_hands[0][0][k].leader
            pair = {trick["winner"], obs["hand_results"][0]["partners"][trick["winner"]]}
            assert not tied or leader not in pair, (line, leader, pair)      # and it is the rule
            ties += tied
            plain += not tied
    assert ties >= 2 and plain >= 10, (ties, plain)


# --- what the table's captions say of this game (tests/test_captions.py) ------------------------
# The numbers in a seat's box: (pattern, the seat's value in the observation, always said).
SEAT_NUMBERS = [(r"^Score: (\S+)$", lambda o, s: o["scores"][s], True),
                (r"^Pair tricks: (\S+)$", lambda o, s: o["tricks_won"][s], False)]


def check_table_captions(tell, tree, boxes) -> None:
    """The round and its target; each seat's place from the dealer as its badge."""
    from manyhands_web import layouts
    obs = tell.obs
    info = tree.find(cls="round-info").text()
    assert info.startswith(f"Round {obs['round']}")
    assert (f"target {obs['target']}" in info) == (obs["target"] is not None)
    for role, who in (obs.get("roles") or {}).items():
        word = layouts.layout_for(obs["game"]).ROLE[role]
        assert {s for s, box in boxes.items() if any(b.text() == word for b in box.find_all(cls="badge"))} == {who}


# --- positions this game refuses (tests/test_position.py) ---------------------------------------
# A row: (rules; how many actions are played from seed 4, each the first legal one; a part of
# that position's text (Game.position_text); what that part is made into; what the error says).
IMPOSSIBLE_POSITIONS = [
    ({}, 12, "partners=-", "partners=1,0,3,3", "does not pair the four seats"),
    ({}, 3, "phase=draft", "phase=play", "phase play does not fit"),
    ({}, 14, "suits=", "suits=Ravens,Ravens,Rats,Toads,", "lists per seat one of"),
]


# --- how this game's cards are drawn (tests/test_card_art.py) -----------------------------------
def drawn_with(card: int) -> dict:
    """What the table draws a card with besides its token: its four values."""
    return {"values": GAME.Rules().deck[card]}


HOME_PICTURE_CARDS = ("T1",)      # the cards on the home page's picture of the game


# --- the tables whose words are spell-checked (tests/test_spelling.py) ---------------------------
SPELLED_TABLES = [(4, "", True)]      # (players, theme, its first hand reviewed)


# --- par cases (tests/solver/test_par.py) ---------------------------------------------------------
PAR_CASES = [       # (players, the opponents' level, deal seed, effort: None for the hard player as it is)
    (4, "easy", 3, 10),
]


# --- decisions a search spread over workers is checked at (tests/solver/test_spread_search.py) ---
SPREAD_DECISIONS = [(4, "draft"), (4, "follow")]      # (players, the kind of decision: "lead" or "follow" for card play, else the adapter's decision(state), as "bid")


# --- partners (tests/solver/test_partners.py) ------------------------------------------------------
HARD_PLAYS_BY_THE_FLAT_SEARCH = True    # so on a sure trick the hint's card is hard's, at its effort and seed


# --- the tables bench/web.py times the computer players' moves at ----------------------------------
TIMED_BOT_TABLES = [{}]


# --- the card table read at a phone's and a desktop's width (tests/browser/test_card_table.py) -----
CARD_TABLE_CASES = [({}, False)]      # (rules, played on to the game's end as well)


# --- a finished hand reviewed from its score sheet (tests/browser/test_review.py) -------------------
REVIEW_CASES = [({}, False)]      # (rules with a second hand, the review made while it is played; its panel kept as a screenshot)


# --- a decision of this game on a phone's screen (tests/browser/test_site.py) ------------------------
PHONE_DECISION_TABLES = [{}]      # rules


# --- the hint's table of the other hands at a phone's and a desktop's width (tests/browser/test_table.py)
OTHER_HANDS_TABLES = []      # (players, the widths it is read at): not checked in this game


# --- this game's table on a phone, with the regions it adds (tests/browser/test_table.py) ----------
PHONE_TABLE_REGIONS = [({}, ["#draft-centre"])]      # (rules, the regions drawn)


# --- a whole game played through the page, and why a card cannot be played (tests/browser/test_moments.py)
WHOLE_GAME_CASES = [({}, 1)]      # (rules of two hands or more, the last hands the page plays)
UNAVAILABLE_CARD_TABLES = [({}, "#draft-centre .card.unavailable", "take")]      # (rules, where the card is, its choice's verb)


# --- friends at one device: a short game played to its end through the page (tests/browser/test_friends.py)
FRIENDS_TABLES = [({}, 2)]      # (rules, people: the first places from the dealer; computers at the rest)
