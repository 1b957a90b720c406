"""The levels feel different because they know different things: easy is a
beginner who follows the rules and counts nothing. Its move stays the same when
the cards played to earlier tricks change (what a counter reads) while its hand
and the trick under way do not; and it never reads a hidden card."""
import random
import re

import pytest

from solver import bots
from solver.view import adapter_for
from tests.conformance import hidden_cards_shuffled
from tests.solver.positions import positions

from pycore import all_games
from pycore.errors import PositionError
from tests.catalog import example_tables

# each game at its usual table (its first example, Game.examples)
TABLES = [(name, game.players(game.make_rules(game.examples()[0]))) for name, game in sorted(all_games().items())]
# ... and at its fewest and most players, where a level may search otherwise (a tree, deeper)
BUDGET_TABLES = list(dict.fromkeys(example_tables() + [
    (name, players) for name, game in sorted(all_games().items())
    for players in (min(game.player_counts()), max(game.player_counts()))]))


def other_past(state, seat: int, rng):
    """(`state` read back from its position text, the position with a card another
    seat played to an earlier trick of this hand swapped with one still hidden in
    another hand), both from the text (pycore/position.py), so both have no
    history: the seat's hand and the trick under way are the same, the cards gone
    before are not. None where there is no such swap, or the game refuses the
    swapped position as one its rules rule out (whoever leads a hand's first
    trick holds a given card), or the swap changes what may be played (a rule
    that reads the past, as a suit broken by an earlier card)."""
    # cards whose place was public stay put: what the seat's side holds and played (Lunar's
    # gift to the partner), Tricksters' drafted cards
    side = state.side(seat)
    drafted = getattr(state, "drafted", None) or ((),) * state.players
    earlier = [(i, j) for i, t in enumerate(state.tricks[:-1]) for j, (s, c) in enumerate(t.plays)
               if s not in side and c not in drafted[s]]
    hidden = {n: cs for n, cs in state.hidden_places(seat).items()
              if n.startswith("hand:") and cs and int(n.partition(":")[2]) not in side}
    if not earlier or not hidden:
        return None
    i, j = earlier[rng.randrange(len(earlier))]
    place = sorted(hidden)[rng.randrange(len(hidden))]
    cards = list(hidden[place])
    k = rng.randrange(len(cards))
    who, played = state.tricks[i].plays[j]
    if cards[k] == played:
        return None
    cards[k], swapped = played, cards[k]
    game = state.game
    text = game.position_text(state.with_hidden(seat, {place: tuple(cards)}))
    tricks = re.search(r" tricks=(\S+)", text).group(1).split("/")
    leader, _, rest = tricks[i].partition(":")
    words, _, winner = rest.partition(">")
    words = words.split(",")
    assert words[j] == game.card_token(played)
    words[j] = game.card_token(swapped)
    tricks[i] = f"{leader}:{','.join(words)}>{winner}"
    try:
        other = game.from_position(text.replace(re.search(r" tricks=\S+", text).group(0),
                                                " tricks=" + "/".join(tricks)))
    except PositionError:      # a past the rules rule out (a card that says who led is not where it was)
        return None
    same = game.from_position(game.position_text(state))
    if other.legal_actions() != same.legal_actions():
        return None            # a past the rules read (a suit broken by an earlier card): another decision
    return same, other


def play_decisions(game: str, players: int):
    return [s for s, _ in positions(game, {"players": players}, 120, seed=31)
            if len(s.tricks) > 1 and s.tricks[-1].winner is None and len(s.legal_actions()) > 1
            and getattr(s, "phase", "play") == "play"]


def test_a_past_the_rules_refuse_is_no_other_past(monkeypatch):
    """A game whose positions tie a played card to who led (the holder of a card
    leads a hand's first trick) refuses some swapped pasts: those are skipped,
    not a failure of the test."""
    game, players = TABLES[0]
    rng = random.Random(1)
    states = [s for s in play_decisions(game, players) if other_past(s, s.current_player, random.Random(1))]
    state = states[0]
    real = type(state.game).from_position

    def refusing(self, text):
        if text != self.position_text(state):
            raise PositionError("the holder of that card leads the first trick")
        return real(self, text)
    monkeypatch.setattr(type(state.game), "from_position", refusing)
    assert other_past(state, state.current_player, rng) is None


@pytest.mark.parametrize("game,players", TABLES)
def test_easy_counts_no_cards(game, players):
    rng = random.Random(f"levels/{game}")
    checked = 0
    for state in play_decisions(game, players):
        seat = state.current_player
        pair = other_past(state, seat, rng)
        if pair is None:
            continue
        same, other = pair
        assert other.observation(seat)["hands"] != same.observation(seat)["hands"]   # a counter would see it
        assert other.hands[seat] == state.hands[seat] and other.tricks[-1] == state.tricks[-1]
        assert bots.beginner(same, seat, seed=4) == bots.beginner(other, seat, seed=4)
        checked += 1
    assert checked >= 5, (f"{game} with {players} players: only {checked} of its decisions had a card played "
                          f"earlier to swap with a hidden one (other_past); the test needs 5 to show anything")


@pytest.mark.parametrize("game,players", TABLES)
def test_easy_reads_no_hidden_card(game, players):
    rng = random.Random(f"levels/hidden/{game}")
    for state, _ in positions(game, {"players": players}, 40, seed=32):
        seat = state.current_player
        other, _ = hidden_cards_shuffled(state, seat, rng)
        move = bots.choose(state, seat, "easy", seed=4)
        assert move in state.legal_actions()
        assert bots.choose(other, seat, "easy", seed=4) == move


@pytest.mark.parametrize("game,players", BUDGET_TABLES)
def test_a_search_level_stays_inside_its_budget_counted_in_playouts(game, players, monkeypatch):
    """normal and hard spend their playouts (solver.bots.LEVELS), never time: at
    every position the search spends at most the level's budget plus one first
    round of every choice (or searches every deal, when they are few), or, where
    hard plays a tree search (Lunar's card play, and Raven's with two to four
    players), at most its iterations (solver.bots.TREE_ITERATIONS, one playout
    each); where hard searches deeper (Raven's bids with five or six players, Tricksters' drafts),
    the same with solver.bots.DEEP_PLAYOUTS; and the harder level spends more
    where the decision is not settled at once."""
    spent = []
    real_rank, real_trees = bots.rank_steps, bots.grow_trees

    def counting(view, effort, seed, **kwargs):
        got = yield from real_rank(view, effort, seed, **kwargs)
        spent.append(("rank", effort, got.playouts, got))
        return got

    def counting_trees(searcher, iterations, trees, stream):
        root = yield from real_trees(searcher, iterations, trees, stream)
        spent.append(("tree", iterations, sum(child.visits for child in root.children.values()), None))
        return root
    monkeypatch.setattr(bots, "rank_steps", counting)
    monkeypatch.setattr(bots, "grow_trees", counting_trees)
    totals = {"normal": 0, "hard": 0}
    trees = deep = tree_decisions = 0
    adapter = adapter_for(game)
    for state, _ in positions(game, {"players": players}, 8, seed=5, starts=2):
        for level in ("normal", "hard"):
            spent.clear()
            bots.choose(state, state.current_player, level, seed=2)
            if len(state.legal_actions()) == 1:
                assert spent == []
                continue
            (how, budget, used, ranking), = spent
            tree_decisions += level == "hard" and adapter.tree_search(state)
            if how == "tree":
                assert level == "hard" and budget == bots.TREE_ITERATIONS[level] and 0 < used <= budget
                trees += 1
            else:
                deeper = level == "hard" and adapter.deep_search(state)
                assert budget == (bots.DEEP_PLAYOUTS[level] if deeper else bots.LEVELS[level])
                deep += deeper
                if ranking.stopped != "all worlds":
                    assert used <= budget + max(2 * len(ranking.stats), 60), (level, ranking.stopped)
            totals[level] += used
    assert totals["hard"] > totals["normal"] > 0
    assert trees == tree_decisions     # hard grows a tree exactly where the game's adapter says
