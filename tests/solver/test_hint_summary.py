"""How the hint's first line reads for any game: what the suggestion does said
in words when it did the same on every deal, no reason it never gave (a fold
takes no trick), and no list of "as good" choices when none is worse."""
import re
from dataclasses import replace
from typing import NamedTuple

import pytest

from pycore.game import get_game
from pycore.words import Narrator
from solver.hints import hint, inference
from solver.opponents import opponents
from solver.view import SeatView, adapter_for, view_of
from tests.catalog import own_cases, own_tests
from tests.solver.positions import positions


class Told(NamedTuple):
    """What a hint tells the seat to act of the other hands: its view, the exact
    inference, the narrator and `solver.opponents.opponents`' table and sentences
    (their JSON form, as the page gets them)."""
    view: SeatView
    inferred: dict
    tell: Narrator
    said: dict


def told(state) -> Told:
    seat = state.current_player
    view = view_of(state, seat)
    inferred = inference(view)
    tell = Narrator(state.game, state.observation(seat), "")
    return Told(view, inferred, tell, opponents(view, inferred, tell).to_json())


@pytest.mark.parametrize("game,rules", [("raven", {"players": 4}), ("lunar", {"players": 4})])
def test_a_card_that_always_or_never_takes_the_trick_says_so(game, rules):
    """When the suggested card took the trick on none of the deals searched, the
    hint's reason says "does not win this trick", not "wins this trick 0% of the
    time"; on all of them, "wins this trick on every deal searched" (or in every
    possible deal, or playout), not "100% of the time"; a card that took it
    sometimes keeps its rate (Lunar: the side's trick)."""
    said = {"ducks": 0, "takes": 0, "sure": 0}
    every = ("on every deal searched", "in every possible deal", "each time the deal was played out")
    for state, _ in positions(game, rules, 40, seed=7):
        seat = state.current_player
        if state.phase != "play" or len(state.legal_actions()) < 2:
            continue
        h = hint(state, seat, effort=80, seed=3)
        best = h["actions"][0]
        if best.get("takes_trick") is None:
            continue
        if best["takes_trick"] == 0:
            assert ": it does not win this trick" in h["summary"], h["summary"]
            assert "wins this trick" not in h["summary"], h["summary"]
            said["ducks"] += 1
        elif best["takes_trick"] == 1:
            assert any(f": it wins this trick {where}," in h["summary"] for where in every), h["summary"]
            said["sure"] += 1
        else:
            assert ": it wins this trick" in h["summary"] and "%" in h["summary"], h["summary"]
            said["takes"] += 1
    assert said["ducks"] >= 2 and said["takes"] >= 2 and said["sure"] >= 1, said


@pytest.mark.parametrize("players, index", [(4, 9), (2, 3), (2, 25)])
def test_a_rate_too_sure_for_its_interval_says_every_deal_not_0_or_100_percent(players, index):
    """With some thousands of deals a card that never took the trick has an
    interval that also reads "0%", so its line read "wins this trick 0% of the
    time" with no range beside the summary's "lets this trick go on every deal
    searched" (seen in a Lunar hint at 1280 px): the table's line says it as the
    summary does (now "does not win this trick on any deal searched"); a rate of
    100% likewise ("wins this trick on every deal searched")."""
    from pycore.records import dumps
    from solver import api
    state, _ = positions("raven", {"players": players}, index + 1, seed=5)[index]
    h = api.hint(dumps(state), state.current_player, {"effort": 3000, "seed": 1})
    sure = [a for a in h["actions"] if a.get("takes_trick") in (0, 1) and a.get("takes_trick_interval")
            and round(100 * a["takes_trick_interval"][0]) == round(100 * a["takes_trick_interval"][1])]
    assert sure, "no card did the same on every deal, its interval one number"
    for a in sure:
        said = "does not win this trick on any" if a["takes_trick"] == 0 else "wins this trick on every"
        assert a["why"].startswith(f"{said} deal searched"), a["why"]
        assert "% of the time;" not in a["why"].split(";")[0], a["why"]


def test_when_no_choice_is_worse_the_summary_says_so_instead_of_listing_them_all():
    """When every other choice is as good as the suggestion, the summary says so
    in a word ("Any card will do: the other 2 are just as good" for exact ties,
    "The other 4 cards are about as good" for sampled ones), not "the 3, the 5
    and the Owl are just as good", which reads as if some choice were worse."""
    said = {"exact": 0, "about": 0}
    for rules in ({"players": 2}, {"players": 4}):
        for state, _ in positions("lunar", rules, 30, seed=3):
            if state.phase != "play" or len(state.legal_actions()) < 3:
                continue
            h = hint(state, state.current_player, effort=200, seed=1)
            others = h["actions"][1:]
            if not all(a["group"] in ("as good", "close") for a in others):
                continue
            said_first = h["summary"].split(" Your partner has this trick")[0]    # (a note may follow)
            if all(a["exact"] and a["group"] == "as good" for a in others):
                assert said_first.endswith(f" Any card will do: the other {len(others)} are just as good.")
                said["exact"] += 1
            else:
                assert said_first.endswith(f" The other {len(others)} cards are about as good."), said_first
                said["about"] += 1
    assert said["exact"] >= 1 and said["about"] >= 2, said


def test_an_outcome_that_never_happened_is_no_reason_and_one_that_always_did_says_so():
    """Voren's hint counts two outcomes besides the chips: "takes at least one
    trick" and "is looed". A suggested fold does neither, so its reason is its
    chips alone, not "takes at least one trick 0% of the time (0–32%)"; a choice
    that took a trick on every deal searched says so, not "100% of the time"."""
    said = {"fold": 0, "sure": 0}
    every = ("on every deal searched", "in every possible deal")
    for players in (3, 4, 5):
        for state, _ in positions("voren", {"players": players}, 60, seed=4):
            if state.phase not in ("options", "decide") or len(state.legal_actions()) < 2:
                continue
            h = hint(state, state.current_player, effort=80, seed=1)
            reason = h["summary"].split(": it ", 1)[1].split(". ")[0]
            if h["best"] == "fold":
                assert reason.startswith("is worth ") and "%" not in reason, h["summary"]
                said["fold"] += 1
            elif h["actions"][0]["trick"] == 1:
                assert any(reason.startswith(f"takes at least one trick {where},") for where in every), reason
                said["sure"] += 1
            elif h["actions"][0]["trick"] == 0:       # the next outcome, if it happened
                assert reason.startswith("is looed " if h["actions"][0]["looed"] else "is worth "), reason
            else:
                assert reason.startswith("takes at least one trick ") and "%" in reason, reason
    assert said["fold"] >= 3 and said["sure"] >= 1, said


def test_a_choice_compared_on_a_handful_of_deals_gets_no_number():
    """A choice the screening left behind on a deal or two was said as "5.0 points
    less than the best on the 1 deal it was tried on", or "0.4 points more than
    the best, but on only the 2 deals": numbers a player reads as a verdict, and
    "Think longer" could then suggest that very choice. Dropped by the screening, or raced
    on fewer than HANDFUL deals, its comparison with the best says only that it
    was tried on too few deals to compare; with HANDFUL deals its difference and
    interval are said again."""
    from dataclasses import replace
    from pycore.answer import ActionValue, Hint
    from solver.hint_words import HANDFUL, _value_words
    best = ActionValue("a", 300, 4.5, False, "best", (4.2, 4.8))
    above = ActionValue("b", 2, 4.9, False, "screened", diff=-0.4)
    below = replace(above, ev=-0.5, diff=5.0, n=1)
    r = Hint("lunar", 0, "give", 10 ** 6, 300, (best, above, below))
    assert _value_words(above, "point", best, r) == \
        "dropped after a first quick look: tried on only 2 deals, too few to compare with the best"
    assert _value_words(below, "point", best, r) == \
        "dropped after a first quick look: tried on only 1 deal, too few to compare with the best"
    raced = ActionValue("c", HANDFUL - 1, 2.0, False, "worse", diff=2.5, diff_interval=(0.5, 4.5))
    assert _value_words(raced, "point", best, r) == \
        f"tried on only {HANDFUL - 1} deals, too few to compare with the best"
    assert _value_words(replace(raced, n=HANDFUL), "point", best, r) == "2.5 points less than the best (±\u00a02.0)"
    tree = replace(r, decision="play", tree=True)
    assert _value_words(replace(raced, group="close"), "point", best, tree) == \
        f"played out only {HANDFUL - 1} times, too few to compare with the best"


def test_a_choice_with_a_higher_average_than_the_suggestion_says_why_it_is_not_suggested():
    """A Tricksters draft choice read "about as good: 0.4 points more than the
    best": more than the best, yet not it. The suggestion is the choice tried
    most (the race's survivors, the tree's most tried card) or the one spending
    least on a partner's sure trick; a choice let go on fewer deals can average
    more. Its line says so plainly: more than the suggestion, on fewer deals,
    too close to tell apart."""
    from dataclasses import replace
    from pycore.answer import ActionValue, Hint
    from solver.hint_words import _value_words
    best = ActionValue("a", 300, 4.5, False, "best", (4.2, 4.8))
    higher = ActionValue("b", 40, 4.9, False, "close", (4.0, 5.8), diff=-0.4, diff_interval=(-1.3, 0.5))
    draft = Hint("tricksters", 0, "draft", 10 ** 6, 300, (best, higher), stopped="effort")
    assert _value_words(higher, "point", best, draft) == \
        "0.4 points more than the suggestion on average (±\u00a00.9), but tried on fewer deals: too close to tell apart"
    one_deal = replace(draft, decision="play", worlds=1, tree=True)
    assert _value_words(higher, "point", best, one_deal) == ("0.4 points more than the suggestion on average "
                                                            "(±\u00a00.9), but played out fewer times: too close "
                                                            "to tell apart")
    thrifty = replace(draft, decision="play", spent_least=True)
    assert _value_words(higher, "point", best, thrifty) == \
        "0.4 points more than the suggestion on average (±\u00a00.9): too close to tell apart"


def test_an_exact_hint_says_which_values_are_estimates_when_some_choices_were_dropped_early():
    """When every deal was searched exactly for the suggestion but a choice left
    the race earlier, once clearly worse, and the budget could not pay for the
    rest of its deals (search._finish), its value rests on fewer deals: the
    certainty line says "the values are exact" only when every choice saw every
    deal, and otherwise how many were dropped."""
    from pycore.answer import ActionValue, Hint
    from solver.hint_words import certainty

    def ranking(*seen):
        actions = tuple(ActionValue(f"c{i}", n, 1.0, n >= 30, "best" if i == 0 else "worse")
                        for i, n in enumerate(seen))
        return Hint("tricksters", 0, "play", 30, 30, actions, all_worlds=True, exact=True,
                    exact_endgame=True, stopped="all worlds")
    start = "Every possible deal searched exactly (30): the values are exact"
    assert certainty(ranking(30, 30, 30), None) == f"{start}."
    assert certainty(ranking(30, 30, 16), None) == \
        f"{start}, but for 1 choice dropped once clearly worse, whose value is an estimate."
    assert certainty(ranking(30, 8, 16), None) == \
        f"{start}, but for 2 choices dropped once clearly worse, whose values are estimates."
    exact = 0       # real positions (Tricksters: exact trick play): the words match the values
    for state, _ in positions("tricksters", {}, 60, seed=31):
        if state.is_terminal or len(state.legal_actions()) < 3:
            continue
        h = hint(state, state.current_player)
        if h["exact"]:
            dropped = [a for a in h["actions"] if 0 < a["n"] < h["worlds"]]
            assert ("the values are exact, but for" in h["certainty"]) == bool(dropped), h["certainty"]
            assert all(a["exact"] == (a["n"] >= h["worlds"]) for a in h["actions"])
            exact += 1
    assert exact >= 5


def test_a_fact_every_choice_shares_is_said_once_not_on_every_line():
    """When every card does the same (none can make the bid exactly any more,
    every card takes the trick, no choice is looed), ten lines saying "makes its
    bid exactly 0% of the time (0–1%)" tell no choice from another: the fact is
    left off the choices' lines and said once ("No choice makes your bid exactly
    on any deal searched."); a fact that differs stays on every line."""
    facts = [("exact_bid", "makes your bid exactly", "makes its bid exactly"),
             ("takes_trick", "wins this trick", "wins this trick"),
             ("trick", "takes at least one trick", "takes at least one trick"),
             ("looed", "is looed", "is looed")]
    seen = set()
    for game, rules in (("raven", {"players": 4}), ("raven", {"players": 3}), ("voren", {"players": 4})):
        for state, _ in positions(game, rules, 30, seed=11):
            if len(state.legal_actions()) < 2:
                continue
            h = hint(state, state.current_player, effort=80, seed=3)
            searched = [a for a in h["actions"] if a["group"] != "unsearched"]
            for key, once, on_a_line in facts:
                values = {a.get(key) for a in searched}
                if None in values or len(searched) < 2:
                    continue
                said = [fact for fact in h["shared"] if once in fact]
                if len(values) == 1 and values <= {0, 1}:
                    value = values.pop()
                    assert len(said) == 1 and said[0].startswith("Every choice" if value else "No choice"), h["shared"]
                    assert not any(on_a_line in a["why"] for a in h["actions"]), h["actions"]
                    seen.add((key, value))
                else:           # (but an outcome a fold cannot have: test_voren_hints)
                    could = [a for a in searched if a[key] or a["interval"] is None or len(set(a["interval"])) > 1]
                    assert not said and all(on_a_line in a["why"] for a in could), (key, values)
    assert ("exact_bid", 0) in seen and len(seen) >= 3, seen


def test_the_only_possible_deal_searched_exactly_is_told_as_facts_not_shares_of_deals():
    """Late in the Sky the other hand is often known: one possible deal, searched
    exactly. Its hint says what each card does ("wins this trick; 6 points this
    round (exact)"), not "in 100% of the possible deals" nor "on average over
    every possible deal", and its certainty line says there was one deal."""
    found = 0
    for state, _ in positions("lunar", {"players": 2}, 60, seed=21):
        if state.phase != "play" or len(state.legal_actions()) < 2:
            continue
        h = hint(state, state.current_player, effort=2000, seed=1)
        if not (h["exact"] and h["worlds"] == 1):
            continue
        assert h["certainty"] == ("You can see every card or tell where it is, and every way to play "
                                  "it was searched: the values are exact.")
        texts = [h["summary"], *h["shared"], *(a["why"] for a in h["actions"])]
        assert not any("possible deal" in t or "on average" in t or "%" in t for t in texts), texts
        assert h["actions"][0]["why"].endswith("this round (exact)"), h["actions"][0]["why"]
        found += 1
        if found == 3:          # each hint searches at effort 2,000
            break
    assert found == 3, found


def test_a_likely_card_is_one_that_what_was_seen_made_likelier():
    """At a hand's first decision a player has seen only their own cards: "Right
    holds the 1 with 63%" is how any hand is dealt, not something learnt, and
    eight such sentences (the most shown) crowd out what was; in the table, a
    Tricksters row listed every unseen card at its even share, the same in
    every row. Sentences and table name a likely card only well above its even
    share of the unseen copies. Later, where play has shown something (a void,
    the Raven's whereabouts), a likely card is still said and shown."""
    from solver.opponents import NOTHING_YET
    tables = own_cases("LIKELY_CARDS_TABLES", "hints")
    for game, rules in tables:
        for state, _ in positions(game, rules, 0, seed=21, starts=3):
            said = told(state).said
            assert not [f for f in said["facts"] if " with " in f], said["facts"]
            assert not [row for row in said["rows"] if "%" in row["other"]], said
            if getattr(own_tests(game, "hints"), "NO_OPPONENT_ROWS", False):    # one sentence
                assert said["rows"] == [] and said["facts"] == [NOTHING_YET], said
            else:                       # a table, or where every row is alike one sentence
                assert said["rows"] or said["facts"][0].startswith("No card stands out yet"), said
    later = [told(state).said for game, rules in tables for state, _ in positions(game, rules, 40, seed=21)]
    learnt = [f for said in later for f in said["facts"] if " with " in f]
    assert len(learnt) >= 2, learnt
    assert sum("%" in row["other"] for said in later for row in said["rows"]) >= 5
    # and the few other cards a hand may hold, beside its likely ones or alone
    assert any("; may also hold " in row["other"] for said in later for row in said["rows"])
    assert any(row["other"].startswith("may hold ") for said in later for row in said["rows"])


def test_the_same_few_cards_in_every_row_are_said_once():
    """Late in a Tricksters hand every other hand "may hold" the same few unseen
    cards, each a long name: three rows repeated the one list (seen at 390 px).
    One sentence names what is still out; where the rows differ, the table stays."""
    from solver.opponents import STILL_OUT
    said_once = tables = 0
    for state, _ in positions("tricksters", {}, 60, seed=21):
        _, inferred, _, said = told(state)
        hidden = {place: {t for t, p in info["cards"].items() if p > 0} for place, info in inferred.items()
                  if place.startswith("hand:") and info.get("size")}
        unseen = set().union(*hidden.values()) if hidden else set()
        if said["rows"]:
            tables += 1
            assert len({row["other"] for row in said["rows"]}) > 1 or len(said["rows"]) == 1, said
        elif said["facts"] and said["facts"][0].startswith(STILL_OUT.split("{")[0]):
            said_once += 1
            assert len(hidden) > 1 and all(cards == unseen for cards in hidden.values()), hidden
            assert f"the {len(unseen)} cards you have not seen" in said["facts"][0]
    assert said_once >= 5 and tables >= 2, (said_once, tables)


def test_rows_all_alike_are_one_sentence_and_your_own_hand_has_no_row():
    """Voren's dealer decides before any card is dealt: the table listed "You"
    among the other hands, and five rows of "0.7 0.7 0.7 0.7 may hold Treachery
    or Wolf", how any hand is dealt. Your own hand never has a row; rows all
    alike, with no card likely anywhere, are one sentence (naming the few cards
    of no suit still unseen)."""
    from solver.opponents import NOTHING_YET_AMONG
    unseen_own = alike_said = 0
    for game, rules in own_cases("ALIKE_ROWS_TABLES", "hints"):
        for state, _ in positions(game, rules, 30, seed=21, starts=2):
            seat = state.current_player
            _, inferred, _, said = told(state)
            unseen_own += f"hand:{seat}" in inferred
            assert f"hand:{seat}" not in {row["place"] for row in said["rows"]}, said
            likely = any("%" in row["other"] or "(sure)" in row["other"] for row in said["rows"])
            assert likely or not (len(said["rows"]) > 1 and not said["facts"] and len(
                {(row["cards"], tuple(row["suits"]), row["other"]) for row in said["rows"]}) == 1), said
            if said["facts"] and said["facts"][0].startswith(NOTHING_YET_AMONG.split(",")[0] + ", "):
                alike_said += 1
                assert said["rows"] == [] and " among them, " in said["facts"][0]
    assert unseen_own >= 1 and alike_said >= 3, (unseen_own, alike_said)


def test_a_hands_sure_cards_and_a_suits_voids_are_one_sentence_each():
    """The Sky's one possible deal shows the opponent's whole hand: five lines of
    "Opponent surely holds the 1.", "... the 2.", crowding out the rest. A hand's
    sure cards are one sentence ("surely holds the 1, the 2 and the 7"); the
    hands out of a suit another ("Player 2, Player 5 and Player 6 have no
    Shields.", where three lines said it of one hand each), and a hand out of
    two suits one ("Across has no Clubs or Hearts.", where a Voren hint said
    it in two lines)."""
    many_sure = many_voids = one_out_of_two = 0
    for game, rules in own_cases("SURE_CARDS_TABLES", "hints"):
        for state, _ in positions(game, rules, 40, seed=21):
            said = told(state).said
            for row in said["rows"]:
                sure = [f for f in said["facts"] if f.startswith(f"{row['name']} surely ")]
                assert len(sure) <= 1, said["facts"]
                many_sure += bool(sure) and " and the " in sure[0]
                out = [f for f in said["facts"] if f.startswith(f"{row['name']} has no ")]
                assert len(out) <= 1, said["facts"]     # "Across has no Clubs or Hearts.", not two lines
                one_out_of_two += bool(out) and " or " in out[0]
            for suit in said["suits"]:
                void = [f for f in said["facts"] if re.search(rf" no [^.]*\b{suit}\b[^.]*\.$", f)]
                assert len(void) <= 1, said["facts"]
                many_voids += bool(void) and " have no " in void[0]
    assert many_sure >= 3 and many_voids >= 1 and one_out_of_two >= 1, (many_sure, many_voids, one_out_of_two)


def test_the_skys_one_deal_accounts_for_every_card_of_the_other_hand():
    """In the Sky the one possible deal shows the opponent's hand whole, but a
    rank held twice read "2 (sure)" like one held once (ranks come in threes):
    a 12-card hand added up to 10. With one possible deal the table counts the
    copies ("2 ×2 (sure)", "the 2 (2 copies)"), and every card is accounted for;
    its suit columns are counts ("3", not the average "3.0"), and its note says
    every card is known rather than "held on average"."""
    import re
    checked = doubled = 0
    for state, _ in positions("lunar", {"players": 2}, 40, seed=21):
        if view_of(state, state.current_player).count() != 1:
            continue
        said = told(state).said
        assert said["note"].startswith("Only one deal fits") and "average" not in said["note"], said["note"]
        for row in said["rows"]:
            assert all(n == "none" or n.isdigit() for n in row["suits"]), row
            suited = sum(int(n) for n in row["suits"] if n != "none")
            ranks = sum(int(n or 1) for n in re.findall(r"\b[1-8](?: ×(\d))? \(sure\)", row["other"]))
            assert round(suited) + ranks == row["cards"], row
            checked += 1
            doubled += "×" in row["other"]
        if any("×" in row["other"] for row in said["rows"]):      # and the sentence says so
            assert any(" copies)" in f for f in said["facts"]), said["facts"]
    assert checked >= 10 and doubled >= 3, (checked, doubled)


def test_your_partners_row_counts_the_cards_you_gave():
    """Lunar with four: what you gave your partner and they still hold is known.
    Their row gave only the hidden cards' count (8 of a 12-card hand) and said
    "no card stands out" of a partner surely holding the two 7s you gave. The
    row counts the whole hand and names the known ranks, copies and all."""
    from pycore.games.lunar import partner_of
    checked = 0
    for state, _ in positions("lunar", {"players": 4}, 60, seed=21):
        seat = state.current_player
        _, inferred, tell, said = told(state)
        place = f"hand:{partner_of(seat)}"
        known = [t for t in inferred.get(place, {}).get("known") or [] if t.startswith("R")]
        row = next((r for r in said["rows"] if r["place"] == place), None)
        if row is None:
            continue
        assert row["cards"] == len(state.hands[partner_of(seat)]), row
        for token in set(known):
            times = known.count(token)
            assert f"{tell.card(token)}{f' ×{times}' if times > 1 else ''} (sure)" in row["other"], row
            checked += 1
    assert checked >= 5, checked


def test_a_hand_played_out_is_not_described():
    """At a trick's last card the other hands may hold nothing: a row of "none"
    in every suit and "Right has no Spades." tell a player nothing about cards
    still to come, so a played-out hand has no row and no sentence."""
    empty_seen = 0
    for game, rules in (("voren", {"players": 4}), ("raven", {"players": 3})):
        for state, _ in positions(game, rules, 60, seed=5):
            _, inferred, tell, said = told(state)
            empty = {place for place, info in inferred.items()
                     if place.startswith("hand:") and not info.get("size") and not info.get("known")}
            empty_seen += len(empty)
            assert not empty & {row["place"] for row in said["rows"]}, said
            names = {tell.seat(int(place.split(":")[1])) for place in empty}
            assert not [f for f in said["facts"] if f.split(" ")[0] in names], said["facts"]
    assert empty_seen >= 3


def test_a_small_difference_is_not_said_as_0():
    """A 5-player Raven bid hint listed a bid under "Less good" as "0 points less
    than the best (± 0.02)": clearly worse, by 0.02. A difference gets the
    digits it needs, as its "±" does."""
    from pycore.answer import ActionValue, Hint
    from solver.hint_words import _value_words
    best = ActionValue("a", 640, 4.7, False, "best")
    worse = ActionValue("b", 640, 4.68, False, "worse", diff=0.021, diff_interval=(0.004, 0.038))
    r = Hint("raven", 0, "bid", 10**30, 640, (best, worse), stopped="separated", playouts=28_000)
    assert _value_words(worse, "point", best, r) == "0.02 points less than the best (±\u00a00.02)"


def test_more_playouts_than_possible_deals_says_some_came_twice():
    """Late in a hand the tree plays out more deals than there are ("4,250 deals
    drawn from 1,350 possible ones" reads as a slip); it says they repeat."""
    from pycore.answer import ActionValue, Hint
    from solver.hint_words import certainty
    actions = (ActionValue("a", 1_350, 1.0, False, "best"),)
    r = Hint("lunar", 0, "play", 1_350, 1_350, actions, stopped="settled", playouts=4_250, tree=True)
    assert certainty(r, 1.0).startswith("Played out 4,250 deals drawn from 1,350 possible ones "
                                        "(so some more than once), looking ahead")
    r = Hint("lunar", 0, "play", 231_870, 2_450, actions, stopped="settled", playouts=2_450, tree=True)
    assert "(so some" not in certainty(r, 1.0)


def table_word(name: str, rules: dict) -> str:
    """What the table calls a hand: "round" where its observation counts rounds."""
    return "round" if "round" in get_game(name).new_game(rules, seed=1).observation(0) else "hand"


@pytest.mark.parametrize("name,rules,word", [(name, rules, table_word(name, rules))
                                             for name, rules in own_cases("HAND_OR_ROUND_TABLES", "hints")])
def test_a_hint_says_its_value_for_this_hand_or_round_as_the_table_calls_it(name, rules, word):
    """Lunar and Tricksters play rounds (the table says "Round 2"): their hints say
    "about 5.0 points this round", Raven and Voren "this hand"."""
    said = 0
    for state, _ in positions(name, rules, 6, seed=2):
        h = hint(state, state.current_player, effort=60, seed=1)
        if len(h["actions"]) < 2:
            continue
        other = "round" if word == "hand" else "hand"
        said += 1
        if adapter_for(name).settled(state.observation(state.current_player), state.current_player):
            # part of the hand is settled (Voren's ante at play or fold): its values from here on
            assert " from here" in h["summary"] and not re.search(rf"\d \w+ this {word}", h["summary"]), h["summary"]
            assert " from here" in h["actions"][0]["why"], h["actions"][0]["why"]
            continue
        assert f" this {word}" in h["summary"] and f" this {other}" not in h["summary"], h["summary"]
        assert f" this {word}" in h["actions"][0]["why"], h["actions"][0]["why"]
    assert said >= 3, said


def test_an_exact_rate_of_every_or_no_deal_is_said_in_words():
    """Searched exactly, a card that wins the trick in every possible deal says so
    ("wins this trick in every possible deal"), not "in 100% of the possible
    deals"; one that never does "does not win this trick in any possible deal"."""
    every = never = checked = 0
    for state, _ in positions("tricksters", {}, 40, seed=7):
        if state.phase != "play" or len(state.legal_actions()) < 2:
            continue
        h = hint(state, state.current_player, effort=3000, seed=1)
        if not h["exact"] or h["worlds"] == 1:
            continue
        for a in h["actions"]:
            assert not re.search(r"\b(0|100)% of the possible deals", a["why"]), a["why"]
            every += a["why"].startswith("wins this trick in every possible deal")
            never += a["why"].startswith("does not win this trick in any possible deal")
        checked += 1
        if checked == 6:            # of 17 here: later ones take seconds each
            break
    assert checked == 6 and every >= 1 and never >= 1, (checked, every, never)


def test_a_longer_search_says_what_it_changed_and_how_sure_it_is():
    """"Think longer" and "Search all N deals" answer with the suggestion of the
    hint before in mind (the request's `earlier`): kept, or changed from what
    to what, how the earlier choice now compares (a number only where it has an
    interval or is exact), and how sure the new advice is."""
    from pycore.records import dumps
    from solver import api
    from solver.testing import positions
    state = next(s for s, _ in positions("tricksters", {}, 80, seed=4)
                 if s.phase == "play" and 3 <= len(s.legal_actions()) and len(s.hands[s.current_player]) <= 3)
    record, seat = dumps(state), state.current_player

    def longer(earlier):
        return api.answer(api.HintRequest.parse(record, seat, {"all_worlds": True, "seed": 1}, "", earlier))
    first = longer(None)
    assert first["exact"] and first["change"] is None
    kept = longer(first["best"])
    assert kept["change"] == (f"The longer search kept the suggestion, the {first['best_name']}: "
                              f"the values are exact, every possible deal searched.")
    worst = first["actions"][-1]
    changed = longer(worst["action"])["change"]
    assert changed.startswith(f"The longer search changed the suggestion from the {worst['name']} to the "
                              f"{first['best_name']}: the values are exact, every possible deal searched. "
                              f"The {worst['name']} now comes out "), changed
    assert changed.endswith(" less (exact).") and "point" in changed, changed
    with pytest.raises(ValueError, match="earlier is the token"):
        api.HintRequest.parse(record, seat, 8, "", ["T1"])


def test_a_choice_worth_as_much_as_the_best_says_so_of_its_points_over_the_deals_compared():
    """The compare list called a card that wins the trick 81% of the time "as
    good as the best on every deal searched" beside the best's 86%: the search
    found their points the same on the deals both were tried on, not the card as
    good in every way on every deal. The line says what was compared: worth as
    much, and over how many deals."""
    from pycore.answer import ActionValue, Hint, Rate
    from solver.hint_words import _value_words
    best = ActionValue("a", 40, 3.0, False, "best", (2.6, 3.4), rates=(Rate("takes_trick", 0.86, (0.7, 0.95)),))
    same = ActionValue("b", 24, 3.0, False, "as good", (2.6, 3.4), diff=0.0, diff_interval=(0.0, 0.0),
                       rates=(Rate("takes_trick", 0.81, (0.6, 0.93)),))
    r = Hint("raven", 0, "play", 10 ** 6, 40, (best, same))
    said = _value_words(same, "point", best, r)
    assert said == "worth as much as the best on each of the 24 deals both were tried on", said
    assert "as good as" not in said
    level = replace(same, n=40)
    assert _value_words(level, "point", best, r) == "worth as much as the best on every deal searched"
    assert _value_words(replace(level, exact=True), "point", best, r) == "worth as much as the best (exact)"


def test_the_one_possible_deal_is_said_as_every_card_seen_not_a_count_of_play_outs():
    """The Sky's hint said "Played the only possible deal out 2,650 times": with
    one deal possible, the player sees every card (or knows where it is); the
    count of play-outs is no news to them."""
    from pycore.answer import ActionValue, Hint
    from solver.hint_words import certainty
    actions = (ActionValue("a", 2650, 4.0, False, "best"), ActionValue("b", 900, 3.0, False, "worse", diff=1.0))
    for stopped in ("time", "effort", "settled"):
        said = certainty(Hint("lunar", 0, "play", 1, 2650, actions, tree=True, playouts=2650, stopped=stopped), None)
        assert said.startswith("You can see every card or tell where it is"), said
        assert "2,650" not in said and "only possible deal" not in said, said
    looked = certainty(Hint("lunar", 0, "play", 1, 1, actions, look_ahead=3, playouts=40, stopped="time"), None)
    assert looked.startswith("You can see every card or tell where it is: the search looked 3 moves ahead"), looked


def test_a_fold_is_said_as_what_it_changes_from_here_not_the_ante_already_paid():
    """Voren's hint said "Fold ... is worth −3.0 chips": the ante, paid
    whatever is chosen, read as a cost of folding. Where a game's adapter says
    part of the hand is settled, the best's value is said from here (the hint's
    value less what is settled), the summary says what is settled, and no line
    says the settled amount as the hand's value. Every registered game's first
    preset, at the decisions of seeded games where something is settled."""
    from pycore import all_games
    from pycore.records import dumps, record_of
    from solver import api, bots
    from solver.hint_words import _num
    seen = {}
    for name, game in sorted(all_games().items()):
        state = game.new_game(game.presets()[0], seed=4)
        found = 0
        while not state.is_terminal and len(state.finished_hands) < 2 and found < 2:
            seat = state.current_player
            settled = adapter_for(name).settled(state.observation(seat), seat)
            if settled is not None and len(state.legal_actions()) > 1:
                found += 1
                h = api.hint(dumps(record_of(state)), seat, {"effort": 120, "seed": 1})
                best, unit = h["actions"][0], game.words.unit
                assert f"{settled[1][0].upper()}{settled[1][1:]} are settled whatever you choose" in h["summary"]
                assert f"{_num(best['ev'] - settled[0])} {unit}s from here" in best["why"], best["why"]
                paid = _num(settled[0])
                assert not any(f"{paid} {unit}s this" in a["why"] for a in h["actions"]), h["actions"]
                assert f"worth {paid} " not in h["summary"], h["summary"]
            state = state.apply_action(bots.choose(state, seat, "easy", 3))
        seen[name] = found
    assert any(seen.values()), seen
