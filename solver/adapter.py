"""The solver's interface to one game: the `Adapter` each solver/games/<game>.py declares.

The engine's protocol (pycore.game: legal actions, apply, observation, hidden
places, with_hidden) is all the solver needs to replay and check a deal. What
it does not say, a game's adapter says: how a world (the hidden cards placed)
becomes a record and a position, the quick policy its playouts use, and what
the search reads at the end of a hand. The module solver/games/<game>.py holds
the functions and ends with one `Adapter(...)` naming them, `ADAPTER`;
`solver.view.adapter_for(game)` finds it by the game's name in pycore's
catalog, once, and the conformance suite fails for a game without one.

Required (`REQUIRED`; an Adapter missing one is refused with a SolverError):

    build_view(state, seat, positions=None) -> SeatView
        the seat's view: its observation and the constraint model on the cards
        it cannot see (`positions`: every earlier position, when replayed). The
        model holds every public fact about a hidden card: what the plays reveal
        (`games/common.forbidden_by_plays` asks the engine) and any card seen
        where it lies (a turned-up card the dealer keeps in hand is in that hand
        only); tests/solver/test_worlds.py fails where the model's worlds and the
        consistent ones differ.
    world_record(view, world) -> Record
        the whole game's record with `world`'s hidden cards dealt.
    world_state(view, world) -> GameState
        the current position with `world`'s hidden cards (what the search plays on).
    policy_action(state, rng) -> action
        the quick policy of playouts and of the easy bot (any seat to act).
    fast_apply(state, action) -> GameState
        apply_action, or the engine's apply_trusted for actions the policy made.
    decision(state) -> str
        what is being decided ("play", "bid", ...): the hint's words for it.
    current_trick_index(state) -> int | None
        the trick under way (None outside trick play): "takes this trick".
    cards_left(state) -> int
        cards still to be played this hand (the face-up review's exact search).

Optional capabilities (a keyword left out takes the default here):

    consistent(view, world) -> bool      default: the replay test (`consistent` below)
    consistent_fast(view, world) -> bool the same answer by a quicker replay (the
                                         game's own: from the hand's start, say), which
                                         the tests' brute force and model checks use
                                         (tests/solver/checks.py) and hold to
                                         `consistent`. Default: `consistent` itself.
    took_trick(before, final, seat, mark, trick_index) -> bool
                                         whether the seat's side took that trick by
                                         the end of the playout ("takes this trick").
                                         Default: `took_trick_side` below, a seat of
                                         the engine's `before.side(seat)` won it.
    hand_mark(state) -> int              the hand under way; default: how many hands
                                         are finished (`hand_mark` below)
    hand_points(final, seat, mark) -> int
                                         a seat's points for that hand at the end of
                                         a playout (a position, or a simulator's
                                         `Played`); default: the engine's score of the
                                         finished hand (`hand_points` below; Voren:
                                         chips won minus chips paid). A position's
                                         must be the engine's score: the exact
                                         searches, par and the review read that
                                         directly and maximise it, so a game where
                                         points are bad scores them negative in the
                                         engine, not here (tests/solver/test_adapter.py)
    playout(state, mark, rng) -> final   a faster playout than the default, the
                                         policy with fast_apply to the end of the hand
    search_exactly(state) -> bool        exact search of the endgame (max^n):
    exact_final(state, seat, mark, memo)   where search_exactly says so, the final
                                         position under exact play: solver/endgame.py's
                                         search, memoised on GameState.memo_key and
                                         held to solver/reference/plain.py by
                                         tests/solver/test_endgame.py. Default: never.
    evaluator(view) -> evaluator         the game's own evaluator for search.rank
                                         (Tricksters' exact trick play: `exact`,
                                         `cost(actions)`, `facts(index, world, actions,
                                         rng_for)` as evaluate.PlayoutEvaluator's), or
                                         None where the generic playouts apply.
                                         Default: None.
    exact_values(state, seat, actions, memo) -> {action: points} | None
                                         the game's own exact face-up values (every
                                         hand known) of a decision. Default: None.
    exact_points(state, seat, memo) -> int | None
                                         the seat's points under exact play from an
                                         open deal, where the game has its own exact
                                         search (the PIMC reference bot). Default: None.
    allies(state, a, b) -> bool          seats a and b play for the same side: where a
                                         decision has one consistent world before the
                                         exact endgame (Lunar's Sky), search.rank looks
                                         ahead in it, allies maximising the seat's points
                                         and the others minimising them. Default: None
                                         (no look-ahead: the generic playouts).
    tree_search(state) -> bool           the hard level plays this decision by a tree
                                         search of the seat's information set
                                         (solver/tree.py) instead of search.rank's
                                         flat race, and the hint searches it so.
                                         Default: never.
    split_trees(state) -> bool           that tree search may be grown as several
                                         root-parallel trees of the same iterations,
                                         merged (search.trees_for), as strong as one
                                         tree there (bench/tree_parallel.py), so that
                                         workers share it. Default: never (one tree;
                                         a search bounded by time still grows one on
                                         each worker).
    deep_search(state) -> bool           the hard level's flat search spends
                                         solver.bots.DEEP_PLAYOUTS on this decision,
                                         not its usual playouts (Raven's bids with
                                         five or six players: many choices, once a
                                         hand). Default: never.
    same_choice(state) -> key | None     choices that are one move in all but name
                                         share a key(action) (Raven's bids: which
                                         cards of a run of consecutive ranks in a suit
                                         are set aside makes no difference); the hint
                                         searches one of each and values the others
                                         alike. Default: None (every choice its own).
    bids: bool                           the hint reports making the bid. Default: False.
    target_of(state, seat, action) -> int | None, tricks_taken(final, seat, mark) -> int
                                         the tricks the seat bid for (None: no bid) and
                                         took (a game with bids). Default: no bids.
    outcomes(final, seat, mark) -> [key], outcome_words: {key: words}
                                         outcomes the hint counts besides points
                                         (Voren: "looed"). Default: none.
    rare_outcomes: (key, ...)            of those, the ones a hint says only where
                                         they happened: never "0%", nor that no
                                         choice had them (Voren's pot taken without
                                         play, out of reach once a rival plays).
                                         Default: none.
    inference(view) -> dict              the hidden places read for the hint, where
                                         the generic reading by suits does not fit
                                         (Lunar's copies). Default: None (generic).
    open_places(state) -> {name: cards}  places besides the hands the face-up review
                                         shows (Lunar's Sky). Default: none.
    model_world(state, places) -> world  the engine's hidden places (the true deal)
                                         in the model's places, where the model merges
                                         some (Voren's cards out of play, during the
                                         tricks). Default: the places as they are.
    exact_sides(state, seat, mark) -> (ours, score) | None
                                         how exact play from an open deal sets side
                                         against side, where not as `allies` says
                                         (solver/reference/plain.py): `ours(s)` for the
                                         seats on the seat's side, `score(final)` what
                                         that side maximises and the other minimises
                                         (Tricksters: the seat's pair, the tricks it
                                         takes this round). Default: None (with
                                         `allies`, the seat's points; without, max^n).
    card_order(state) -> CardOrder | None
                                         cards of the hand under way that play alike
                                         but for their order (suits), which the
                                         perfect-information solver (solver/perfect.py)
                                         merges in its table and its moves. Default:
                                         None (no card merged).
    points_range(state, seat, mark) -> (low, high)
                                         the seat's points for hand `mark` can still end
                                         within these (the tricks left, a bonus in
                                         reach): the perfect-information solver's
                                         cut-offs. Default: None (no bound).
    banked(state, seat, mark) -> (points, slots)
                                         points of the seat's for the hand that the rest
                                         of it only adds to (Lunar's star cards kept: a
                                         round scores how many), and the state's slots
                                         that hold them: the perfect-information
                                         solver's table leaves those slots out of its
                                         key and keeps values less those points, so
                                         positions that differ only in them meet.
                                         Default: None (nothing banked).
    solvable(state, nodes) -> bool       whether the perfect-information solver may
                                         finish within `nodes` positions expanded from
                                         this one possible deal (solver/open_deal.py
                                         tries it only there: where it never did in
                                         the measurements, an attempt costs its whole
                                         budget for nothing). Default: never (a game
                                         is tried where its adapter says, from its
                                         measurements: the Sky's).
    big_loss(state) -> (threshold, unit, reason)
                                         the hand review's scale: a loss is marked past
                                         `threshold` `unit`s (half a trick's worth in the
                                         game's own points), `reason` says why in words.
                                         Default: `half_a_trick` below (a trick is worth
                                         about 1 point).
    face_up_rule(players) -> str | None  how the seats play with all hands seen, in the
                                         player's words, where it is not each for their
                                         own points (the hand review's "With all hands
                                         seen, ..." line). Default: None.
    settled(obs, seat) -> (points, words) | None
                                         the seat's points for the hand that no choice
                                         from here changes, read from its observation,
                                         and how a player calls them (Voren: the chips
                                         already paid into the pot, "the 3 chips you
                                         have put in"): a hint then says each value
                                         from here. Default: None (values for the hand).
    partners: Partners                   the game's partnerships (below): which seats
                                         play together, and how a card serves a trick a
                                         partner is sure to take (solver/partners.py).
                                         Default: None (no partners).

A fifth game's module, say solver/games/skat.py, ends with:

    ADAPTER = Adapter(
        "skat", build_view=build_view, world_record=world_record, world_state=world_state,
        policy_action=policy_action, fast_apply=fast_apply, decision=decision,
        current_trick_index=current_trick_index, cards_left=cards_left,
        search_exactly=search_exactly, exact_final=exact_final)    # optional: exact endgames

>>> Adapter("skat", build_view=print)
Traceback (most recent call last):
...
solver.errors.SolverError: the solver's adapter for skat lacks world_record, world_state, \
policy_action, fast_apply, decision, current_trick_index, cards_left

Cards' names and suits are the engine's (pycore.game.Game.card_token,
card_suit, suit_names), not the adapter's.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from pycore.errors import ManyhandsError
from pycore.records import replay

from .errors import SolverError

REQUIRED = ("build_view", "world_record", "world_state", "policy_action", "fast_apply", "decision",
            "current_trick_index", "cards_left")
OPTIONAL_FUNCTIONS = ("consistent", "consistent_fast", "took_trick", "hand_mark", "hand_points", "playout", "search_exactly",
                      "exact_final", "evaluator", "exact_values", "exact_points", "target_of",
                      "tricks_taken", "outcomes", "inference", "open_places", "allies",
                      "tree_search", "split_trees", "deep_search", "same_choice", "model_world", "exact_sides",
                      "big_loss", "face_up_rule", "settled", "card_order", "points_range",
                      "banked", "solvable")


# --- the defaults of the replay test and of the end of a hand ---------------------------------
def consistent(view, world: dict) -> bool:
    """The definition of a consistent world: its record (the adapter's
    `world_record`) replays legally and shows the seat the same observation."""
    try:
        again = replay(view.adapter.world_record(view, world))
    except ManyhandsError:            # an illegal replay: an inconsistent world (a bug still raises)
        return False
    return again.observation(view.seat) == view.obs


class Played:
    """The end of a hand played out by a game's quick simulator (playouts only)."""
    __slots__ = ("points", "winners", "won")

    def __init__(self, points, winners, won=None):
        self.points = points          # per seat, for the hand
        self.winners = winners        # every trick of the hand: the seat that took it
        self.won = won                # tricks taken per seat, where the simulator counts them


def hand_mark(state) -> int:
    """A mark for the hand (round) under way: the search stops when it is scored."""
    return len(state.finished_hands)


def hand_points(state, seat: int, mark: int) -> int:
    """The seat's points for the hand `mark` (Voren: chips won minus chips paid)."""
    if isinstance(state, Played):
        return state.points[seat]
    return state.finished_hands[mark][1][seat]


def _never(state) -> bool:
    return False


def _never_solvable(state, nodes: int) -> bool:
    return False


def _no_key(state) -> None:
    return None


def _no_target(state, seat: int, action) -> None:
    return None


def _no_places(state) -> dict:
    return {}


def _same_places(state, places: dict) -> dict:
    return places


def _no_words(players: int) -> None:
    return None


def _nothing_settled(obs: dict, seat: int) -> None:
    return None


def half_a_trick(state) -> tuple[float, str, str]:
    """The hand review's scale where a trick is worth about 1 point (Raven: a trick
    is 1 point; Lunar: the track gives about 1 point a trick where it counts):
    a loss of more than half a trick is marked."""
    return 0.5, "points", "half a trick; a trick is worth about 1 point"


def side_partner(state, seat: int) -> int | None:
    """The one other seat on the seat's side (the engine's `GameState.side`), None
    where the seat plays alone (or with more than one other)."""
    side = state.side(seat)
    if len(side) != 2:
        return None
    return side[0] if side[1] == seat else side[1]


def took_trick_side(before, final, seat: int, mark: int, trick_index: int) -> bool:
    """Whether a seat of the seat's side (as `before` has it, the engine's
    `GameState.side`) took that trick of the hand `mark`: the default of
    `took_trick`, from the final position or a simulator's `Played`."""
    if isinstance(final, Played):
        winner = final.winners[trick_index]
    else:
        tricks = final.finished_hands[mark][0] if len(final.finished_hands) > mark else final.tricks
        winner = tricks[trick_index].winner if trick_index < len(tricks) else None
    return winner is not None and winner in before.side(seat)


def _any_card(state, seat: int, cards: set) -> set:
    return cards


def _no_gain(state, card: int) -> bool:
    return False


@dataclass(frozen=True)
class Partners:
    """A partnership game's partners, as solver/partners.py reads them (the arena's
    counts, the search bots' tie-break on a trick the partner is sure to take):

    players: the player counts that play in partnerships (Lunar: 4, not 2);
    partner_of(state, seat) -> int | None: the seat's partner now (None: none yet).
        Default: the other seat of the engine's `state.side(seat)`, where there is one;
    takes(state, seat, plays) -> bool: the seat's side takes the complete trick
        `plays` ([(seat, card), ...]);
    strength(state, seat, card) -> int: the card's strength in the trick under way
        (only the seat's legal cards are compared);
    is_winner(state, seat, card, unseen) -> bool: no card of `unseen` (the cards
        still out) beats it in a later trick;
    later_cards(state, seat, cards) -> cards: of the cards still out, those a later
        opponent `seat` might play to this trick (Lunar: the type its own partner's
        card leaves it). Default: all of them;
    gain(state, card) -> bool: a card that scores for the side taking the trick
        (Lunar's stars), so not wasted on a sure trick. Default: none;
    chosen_each_round: the pairs are chosen anew each round (Tricksters), not fixed
        by the seats (Lunar): the arena seats each level in a block of neighbours."""
    players: tuple
    takes: Callable
    strength: Callable
    is_winner: Callable
    partner_of: Callable = side_partner
    later_cards: Callable = _any_card
    gain: Callable = _no_gain
    chosen_each_round: bool = False


OPTIONAL_VALUES = {"bids": bool, "outcome_words": dict, "rare_outcomes": tuple,
                   "partners": Partners}


class Adapter:
    """One game's adapter (see the module docstring): the required functions and
    the optional capabilities, each an attribute, the defaults filled in."""

    # optional capabilities: the defaults
    search_exactly: Callable = staticmethod(_never)
    exact_final: Callable | None = None
    evaluator: Callable | None = None
    exact_values: Callable | None = None
    exact_points: Callable | None = None
    target_of: Callable = staticmethod(_no_target)
    tricks_taken: Callable | None = None
    outcomes: Callable | None = None
    outcome_words: dict = {}
    rare_outcomes: tuple = ()
    inference: Callable | None = None
    open_places: Callable = staticmethod(_no_places)
    allies: Callable | None = None
    tree_search: Callable = staticmethod(_never)
    split_trees: Callable = staticmethod(_never)
    deep_search: Callable = staticmethod(_never)
    same_choice: Callable = staticmethod(_no_key)
    model_world: Callable = staticmethod(_same_places)
    exact_sides: Callable | None = None
    big_loss: Callable = staticmethod(half_a_trick)
    card_order: Callable | None = None
    points_range: Callable | None = None
    banked: Callable | None = None
    solvable: Callable = staticmethod(_never_solvable)
    face_up_rule: Callable = staticmethod(_no_words)
    settled: Callable = staticmethod(_nothing_settled)
    partners: Partners | None = None
    bids: bool = False

    def __init__(self, game: str, **parts):
        self.game = game
        unknown = sorted(set(parts) - set(REQUIRED) - set(OPTIONAL_FUNCTIONS) - set(OPTIONAL_VALUES))
        if unknown:
            raise SolverError(f"the solver's adapter for {game} has unknown parts {', '.join(unknown)}; "
                              f"an adapter has {', '.join(REQUIRED + OPTIONAL_FUNCTIONS)} and "
                              f"{', '.join(OPTIONAL_VALUES)} (solver/adapter.py)")
        missing = [name for name in REQUIRED if not callable(parts.get(name))]
        if missing:
            raise SolverError(f"the solver's adapter for {game} lacks {', '.join(missing)}")
        for name in OPTIONAL_FUNCTIONS:
            if parts.get(name) is not None and not callable(parts[name]):
                raise SolverError(f"the solver's adapter for {game}: {name} must be a function")
        for name, kind in OPTIONAL_VALUES.items():
            if name in parts and not isinstance(parts[name], kind):
                raise SolverError(f"the solver's adapter for {game}: {name} must be a {kind.__name__}")
        pairs = (("search_exactly", "exact_final"), ("target_of", "tricks_taken"),
                 ("outcomes", "outcome_words"))
        for a, b in pairs:
            if (a in parts) != (b in parts):
                raise SolverError(f"the solver's adapter for {game} has {a if a in parts else b} "
                                  f"without {b if a in parts else a}: they go together")
        for name, value in parts.items():
            setattr(self, name, value)
        defaults = {"consistent": consistent, "hand_mark": hand_mark, "hand_points": hand_points,
                    "took_trick": took_trick_side}
        for name, default in defaults.items():
            if name not in parts:
                setattr(self, name, default)
        if "consistent_fast" not in parts:
            self.consistent_fast = self.consistent
        if "playout" not in parts:
            self.playout = self._policy_playout

    def _policy_playout(self, state, mark: int, rng):
        """The hand `mark` played to its end by the game's policy for every seat."""
        hand_mark, fast_apply, policy_action = self.hand_mark, self.fast_apply, self.policy_action
        while hand_mark(state) == mark:
            state = fast_apply(state, policy_action(state, rng))
        return state

    def __repr__(self) -> str:
        return f"<solver adapter for {self.game}>"
