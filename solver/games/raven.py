"""Raven adapter: the seat's constraint model, worlds as records, a playout policy.

Hidden places (the engine's names): `hand:s` (another seat's cards in hand now),
`bid:s` (a concealed bid pile), `out` (cards left out of play, 2-3 players).
Constraints, all asked of the engine:
- a play by seat s at step t forbids card c in `hand:s` when the engine says the
  play would have been illegal had s also held c (follow suit, the lone-Raven
  rule, a Wolf lead);
- a concealed bid pile holds only cards the engine lets a bid set aside
  (`bid_allowed_generic`; the fast path `suited only` is tested against it);
- a trick whose leader is not the last winner reveals Ruling R2: that winner's
  only card is the Shaman.
"""
from __future__ import annotations

import bisect
import itertools
from functools import lru_cache

from pycore.games.raven import (DECK, DWARF, RANKS, RAVEN, SHAMAN, SPECIALISTS, WOLF, Bid, Play,
                                bid_value, due_leader, hand_scores, play_choices, playable,
                                suits_after, trick_order, trick_winner, winner_with)
from pycore.errors import ManyhandsError
from pycore.records import Record

from .. import endgame
from ..perfect import CardOrder
from ..adapter import Adapter, Played, consistent  # noqa: F401  (the replay test, as tests ask it)
from ..errors import SolverError
from ..view import SeatView, blank_probe
from ..worlds import Model
from .common import cards_in_hands, playout_to_simulator, states_from, trick_under_way, world_state

ALL_CARDS = tuple(range(60))


# --- the view -------------------------------------------------------------------------
def _hand_start(state) -> int:
    """Index in the history where the current hand began (the engine's hand_starts)."""
    return state.hand_starts[-1]


def build_view(state, seat: int, positions: list | None = None) -> SeatView:
    if state.is_terminal:
        raise SolverError("the game is over: nothing is hidden that matters")
    obs = state.observation(seat)
    start = _hand_start(state)
    history = obs["history"]
    n = state.players
    # what the seat has seen of this hand
    seen = set(DECK.cards(obs["hand"]))
    for other, bid in enumerate(obs["bids"]):
        if bid and bid["cards"]:
            seen.update(DECK.cards(bid["cards"]))
    plays: list[tuple[int, int, int]] = []        # (history index, seat, card)
    for index in range(start, len(history)):
        actor, token = history[index]
        if token is not None and not token.startswith("bid "):
            card = DECK.card(token.split(" ")[0])
            plays.append((index, actor, card))
            seen.add(card)
    unseen = [c for c in ALL_CARDS if c not in seen]
    # places: names and sizes are public (hand sizes, who has bid, cards out of play)
    places = {name: len(cards) for name, cards in state.hidden_places(seat).items()}
    allowed = {c: set(places) for c in unseen}
    for name in places:
        if name.startswith("bid:"):
            ok = bid_allowed(state)
            for c in unseen:
                if c not in ok:
                    allowed[c].discard(name)
    states = states_from(state, start, positions)
    for index, actor, card in plays:
        if actor == seat:
            continue
        place = f"hand:{actor}"
        if place not in places:
            continue
        before = states[index - start]
        action = state.history[index][1]
        later = tuple(c for i, a, c in plays if a == actor and i >= index)
        for c in forbidden_by_play(before, seat, actor, action, later, unseen):
            allowed[c].discard(place)
    # Ruling R2 seen in the current trick: its leader is not the last winner, so
    # that winner holds the Shaman alone and plays it last.
    tricks = state.tricks
    if state.phase == "play" and tricks:
        current = tricks[-1]
        previous = due_leader([t.winner for t in tricks[:-1]], state.dealer, n)
        if current.leader != previous and previous != seat and SHAMAN in allowed \
                and previous not in current.seats:
            allowed[SHAMAN] = {f"hand:{previous}"}
    model = Model(places, {c: frozenset(p) for c, p in allowed.items()})
    return SeatView(seat=seat, obs=obs, model=model, adapter=ADAPTER,
                    state=state, extra={"start": start, "states": states})


def forbidden_by_play(before, seat: int, actor: int, action, later: tuple, candidates) -> list[int]:
    """Cards the actor cannot have held when it made `action` (asked of the engine:
    the play must stay legal with the actor's hand then = `later` + the card)."""
    def legal_with(cards) -> bool:
        probe = blank_probe(before, seat, **{f"hand:{actor}": tuple(sorted(set(later) | set(cards)))})
        return action in probe.legal_actions()
    if legal_with(candidates):          # nothing is revealed (a follow, a specialist...)
        return []
    return [c for c in candidates if not legal_with((c,))]


@lru_cache(maxsize=None)
def _suited() -> frozenset:
    return frozenset(c for c in ALL_CARDS if c not in SPECIALISTS)


def bid_allowed(state) -> frozenset:
    """Cards a bid pile may hold: the fast path (specialists can never be bid
    cards), tested against `bid_allowed_generic`."""
    return _suited()


def bid_allowed_generic(state, seat: int) -> frozenset:
    """Cards a bid may set aside, asked of the engine: a bidder holding every card."""
    s = state
    if s.phase != "bid":
        raise ValueError("ask during the bidding")
    bidder = s.current_player
    probe = blank_probe(s, seat, **{f"hand:{bidder}": ALL_CARDS})   # (the seat's own hand too)
    found = set()
    for a in probe.legal_actions():
        found.update(a.cards)
        if len(found) == 56:
            break
    return frozenset(found)


# --- worlds as records -------------------------------------------------------------------
def world_record(view: SeatView, world: dict) -> Record:
    """The complete record of the game with this world's hidden cards."""
    obs, seat = view.obs, view.seat
    state = view.state
    n = state.players
    current = obs["hand_number"] - 1
    past_bids = obs["past_bids"]
    history = obs["history"]
    deals = []
    for h in range(current + 1):
        dealer = (obs["dealer"] - (current - h)) % n
        hands = [[] for _ in range(n)]
        for trick in obs["hands"][h]["tricks"] if h < len(obs["hands"]) else []:
            for s, token in trick["cards"]:
                hands[s].append(DECK.card(token))
        if h < current:
            for s in range(n):
                hands[s] += DECK.cards(past_bids[h][s])
            out = [c for c in ALL_CARDS if not any(c in hand for hand in hands)]
        else:
            for s in range(n):
                if s == seat:
                    hands[s] += DECK.cards(obs["hand"])
                else:
                    hands[s] += world[f"hand:{s}"]
                bid = obs["bids"][s]
                if bid["status"] == "bid":
                    hands[s] += DECK.cards(bid["cards"]) if bid["cards"] else world[f"bid:{s}"]
            out = list(world.get("out", ()))
        deals.append({"dealer": dealer, "hands": [DECK.tokens_of(sorted(h)) for h in hands],
                      "out": DECK.tokens_of(sorted(out))})
    actions = []
    for index, (actor, token) in enumerate(history):
        if token is None:
            h = bisect.bisect_right(obs["hand_starts"], index) - 1
            if h < current:
                cards = DECK.cards(past_bids[h][actor])
            else:
                bid = obs["bids"][actor]
                cards = DECK.cards(bid["cards"]) if bid["cards"] else world[f"bid:{actor}"]
            token = "bid " + " ".join(DECK.tokens_of(sorted(cards)))
        actions.append(token)
    return Record(game="raven", rules=dict(obs["rules"]), seed=0, deals=deals, actions=actions)


def consistent_fast(view: SeatView, world: dict) -> bool:
    """The same test replaying only the current hand, from its (public) start."""
    obs, seat = view.obs, view.seat
    start = view.extra["start"]
    s = view.extra["states"][0]
    n = s.players
    hands = {s_: [] for s_ in range(n) if s_ != seat}
    tokens = []
    for actor, token in obs["history"][start:]:
        if token is None:
            bid = obs["bids"][actor]
            cards = DECK.cards(bid["cards"]) if bid["cards"] else world[f"bid:{actor}"]
            token = "bid " + " ".join(DECK.tokens_of(sorted(cards)))
        elif actor != seat and not token.startswith("bid "):
            hands[actor].append(DECK.card(token.split(" ")[0]))
        if actor != seat and token.startswith("bid "):
            hands[actor] += DECK.cards(token.split(" ")[1:])
        tokens.append(token)
    places = {f"hand:{x}": tuple(sorted(hands[x] + list(world[f"hand:{x}"]))) for x in hands}
    places["out"] = tuple(sorted(world.get("out", ())))
    try:
        if sorted(c for p in places.values() for c in p) != [
                c for c in ALL_CARDS if c not in s.hands[seat]]:
            return False
        s = s.with_hidden(seat, places)
        for token in tokens:
            s = s.apply_action(s.game.parse_action(s, token))
    except ManyhandsError:            # an illegal replay: an inconsistent world (a bug still raises)
        return False
    return s.observation(seat) == obs


# --- a fast playout policy (easy bot, and the playouts of the search) --------------------
def strength(card: int, trump) -> int:
    """A static order of how strong a card is to hold."""
    if card == RAVEN:
        return 100
    if card == WOLF:
        return 38
    if card == SHAMAN:
        return 20
    if card == DWARF:
        return 0
    suit, rank = card // RANKS, card % RANKS + 1
    return 40 + rank if suit == trump else rank


@lru_cache(maxsize=None)
def _strengths(trump) -> tuple[int, ...]:
    """`strength` of every card, by card, for one trump (the playouts ask it often)."""
    return tuple(strength(card, trump) for card in ALL_CARDS)


def _card_tricks(card: int, trump) -> float:
    if card == RAVEN:
        return 1.0
    if card == WOLF:
        return 0.75
    if card == SHAMAN:
        return 0.4
    if card == DWARF:
        return 0.0
    suit, rank = card // RANKS, card % RANKS + 1
    if suit == trump:
        return 0.1 + 0.9 * max(0, rank - 6) / 8
    return 0.7 * max(0, rank - 11) / 3


@lru_cache(maxsize=64)
def _scale(players: int, size: int, k: int, trump) -> float:
    """Makes an average hand's estimate equal its fair share of the tricks."""
    total = sum(_card_tricks(c, trump) for c in ALL_CARDS)
    average = total * (size - k) / 60
    return ((size - k) / players) / average


def estimate_tricks(cards, trump, rules) -> float:
    size, k = rules.sizes[0], rules.sizes[1]
    return sum(_card_tricks(c, trump) for c in cards) * _scale(rules.players, size, k, trump)


@lru_cache(maxsize=None)
def _suit_splits(k: int) -> tuple:
    """How many bid cards of each suit: every (n0, n1, n2, n3) summing to k."""
    return tuple(x for x in itertools.product(range(k + 1), repeat=4) if sum(x) == k)


def quick_bids(state, hand) -> list[tuple[float, Bid]]:
    """(estimated closeness, bid) for the weakest cards of each suit split: one
    bid per way of splitting the k cards among the suits, best first."""
    rules, trump = state.rules, state.trump
    k = rules.sizes[1]
    by_suit = [sorted((c for c in hand if c < 56 and c // RANKS == s),
                      key=lambda c: (_card_tricks(c, trump), c)) for s in range(4)]
    full = estimate_tricks(hand, trump, rules)
    scale = _scale(rules.players, rules.sizes[0], k, trump)
    out = []
    for split in _suit_splits(k):
        if any(split[s] > len(by_suit[s]) for s in range(4)):
            continue
        cards = [c for s in range(4) for c in by_suit[s][:split[s]]]
        e = full - scale * sum(_card_tricks(c, trump) for c in cards)
        value = sum(s * n for s, n in enumerate(split))
        out.append((-abs(value - e) + 0.01 * e, Bid(tuple(sorted(cards)))))
    out.sort(key=lambda x: (-x[0], x[1]))
    return out


_BIDS: dict = {}


def _policy_bid(hand, trump, rules) -> Bid:
    """The policy's bid for a hand (remembered: the search asks it again for the
    same hand of another seat in every playout of a world)."""
    key = (hand, trump, rules)
    got = _BIDS.get(key)
    if got is None:
        if len(_BIDS) > 4096:
            _BIDS.clear()
        got = _BIDS[key] = quick_bids(_BidProbe(trump, rules), hand)[0][1]
    return got


class _BidProbe:
    """What `quick_bids` reads of a state."""
    __slots__ = ("trump", "rules")

    def __init__(self, trump, rules):
        self.trump, self.rules = trump, rules


def policy_action(state, rng=None):
    """A quick heuristic move for the seat to act, from its own hand and what is public."""
    seat = state.current_player
    if state.phase == "bid":        # (no need to list every bid first: up to 2,380)
        return _policy_bid(state.hands[seat], state.trump, state.rules)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    trump = state.trump
    trick = state.tricks[-1]
    return choose_play(legal, trick.plays, seat, state.hands[seat], trump,
                       bid_value(state.bids[seat]) - state.tricks_won[seat] > 0, state.players,
                       winner_with(trick.plays, seat, state.led_suit, state.dwarf_suit, trump))


def choose_play(legal, plays, seat, hand, trump, want: bool, players: int, taker):
    """The play policy, from the legal plays and public facts; `taker(card)`
    is the seat that would take the trick so far with `card` added (shared by the
    engine playouts and the quick simulator, so both make the same choices)."""
    held = _strengths(trump)
    key = lambda a: (held[a.card], a.card, a.named_suit or 0)
    if not plays:
        if want:
            options = [a for a in legal if a.card != DWARF] or legal
            return max(options, key=key)
        low = min(legal, key=key)
        if low.card == DWARF:
            counts = [sum(1 for c in hand if c < 56 and c // RANKS == s) for s in range(4)]
            suits = [s for s in range(4) if s != trump] or [0]
            named = min(suits, key=lambda s: (counts[s], s))
            return Play(DWARF, named)
        return low
    last = len(plays) == players - 1
    wins, loses = [], []
    for a in legal:
        (wins if taker(a.card) == seat else loses).append(a)
    if want:
        if wins:
            return min(wins, key=key) if last else max(wins, key=key)
        return min(loses, key=key)
    if loses:
        return max(loses, key=key)
    return max(wins, key=key) if last else min(wins, key=key)


# --- the quick simulator of a hand's remaining tricks (playouts only) ---------------------
def simulate(state) -> Played:
    """Play the rest of the hand (from the play phase) with `choose_play` for every
    seat, on plain lists instead of engine states: the same plays as the engine
    playout, several times faster (tested against it)."""
    n = state.players
    trump = state.trump
    hands = [list(h) for h in state.hands]
    trick = state.tricks[-1]
    plays = list(trick.plays)
    order = state.trick_order
    led, dwarf = state.led_suit, state.dwarf_suit
    won = list(state.tricks_won)
    bids = [bid_value(b) for b in state.bids]
    winners = [t.winner for t in state.tricks[:-1]]
    while True:
        seat = order[len(plays)]
        hand = hands[seat]
        legal = play_choices(playable(hand, plays, led, trump), not plays)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = choose_play(legal, plays, seat, hand, trump, bids[seat] - won[seat] > 0, n,
                                 winner_with(plays, seat, led, dwarf, trump))
        card = action.card
        led, dwarf = suits_after(plays, led, dwarf, action, trump)
        hand.remove(card)
        plays.append((seat, card))
        if len(plays) < n:
            continue
        winner = trick_winner(plays, led, dwarf, trump)
        winners.append(winner)
        won[winner] += 1
        if not hands[winner]:
            return Played(hand_scores(won, state.bids, state.rules.sizes[3]), winners, tuple(won))
        order = trick_order(winner, hands, n)
        plays, led, dwarf = [], None, None


def playout(state, mark: int, rng):
    """The search's playout: the engine through the bids, then the simulator."""
    return playout_to_simulator(state, mark, rng, policy_action, fast_apply, simulate)


# --- what the search needs ------------------------------------------------------------------
def decision(state) -> str:
    return "bid" if state.phase == "bid" else "play"


def tricks_taken(state, seat: int, mark: int) -> int:
    if isinstance(state, Played):
        return state.won[seat]
    return sum(1 for t in state.finished_hands[mark][0] if t.winner == seat)



EXACT_CARDS = 6          # at most this many cards left in hands: search exactly (max^n)


def search_exactly(state) -> bool:
    return state.phase == "play" and cards_in_hands(state) <= EXACT_CARDS


def tree_search(state) -> bool:
    """With two to four players the hard level plays its cards by the tree search
    (solver/tree.py) until the exact endgame. Over 200 deals each (bench/README.md's
    ladder), against ISMCTS at 1,000 iterations: with four players the flat
    search lost by 0.40 points a seat and the tree is level (+0.10 [-0.15,
    +0.36]); with two the flat search was -0.47 [-0.94, +0.00] and the tree wins
    (+0.55 [+0.12, +0.98]); with three the flat search was -0.38 [-0.76, +0.00]
    and the tree wins (+0.39 [+0.02, +0.75]; +0.76 [+0.34, +1.19] on the flat
    search deal by deal). Bids stay the flat search's: with hundreds of bids a
    tree of 1,500 iterations cannot try each one. With five and six players
    the flat search stays, its bids deeper (deep_search)."""
    return state.players in (2, 3, 4) and state.phase == "play" and not search_exactly(state)


def split_trees(state) -> bool:
    """The tree search may be split into root-parallel trees with two and four
    players: at 1,500 iterations four trees were level with one
    (bench/tree_parallel.py, judged by one tree of 15,000: two players -0.002
    [-0.032, +0.027] points a decision over 76 positions, four -0.002 [-0.025,
    +0.022] over 60). With three they lost -0.036 [-0.061, -0.011] over 122
    (two trees -0.026 [-0.053, +0.001] over 74): one tree there."""
    return state.players in (2, 4)


def deep_search(state) -> bool:
    """With five or six players the hard level bids by the flat search at 1,500
    playouts (solver.bots.DEEP_PLAYOUTS), not 200: dozens of bids shared 200
    playouts thinly, and a bid comes once a hand (natively about 0.35 s). Over
    200 deals each (bench/README.md's ladder), against ISMCTS at 1,000 iterations: with
    five players the flat hard lost by -0.20 [-0.38, -0.03] points a seat and
    these bids are level, -0.05 [-0.21, +0.12] (+0.15 [-0.06, +0.37] on the
    flat hard deal by deal); with six the flat hard lost by -0.22 [-0.32,
    -0.12] and these bids are level, -0.06 [-0.17, +0.04] (+0.15 [+0.02,
    +0.29] deal by deal). Against normal: +0.44 [+0.27, +0.61] with five
    players (+0.18 [-0.03, +0.40] on the flat hard deal by deal), +0.23
    [+0.13, +0.33] with six (+0.15 [+0.03, +0.27]). The cards stay the
    flat search's: with five players the tree, tried for 83 deals, gained
    +0.13 [-0.19, +0.46] deal by deal, less than these bids."""
    return state.players in (5, 6) and state.phase == "bid"


def same_choice(state):
    """During the bidding, bids that differ only in which cards of a run are set
    aside (the 5 or the 6 of Swords, holding both) are one move: no card lies
    between two ranks of a run, so the hand kept plays the same either way, and
    the bid (the suits' values) is the same. A bid's key: how many cards it sets
    aside from each run of consecutive ranks the bidder holds in a suit."""
    if state.phase != "bid":
        return None
    runs = {}           # card -> (suit, the run's lowest rank)
    for card in sorted(c for c in state.hands[state.current_player] if c < 56):
        below = card - 1
        same_run = below in runs and below // RANKS == card // RANKS
        runs[card] = runs[below] if same_run else (card // RANKS, card % RANKS)
    return lambda bid: tuple(sorted(runs[c] for c in bid.cards))


def exact_final(state, seat: int, mark: int, memo: dict):
    """The hand's last position under max^n play (solver/endgame.py)."""
    return endgame.exact_final(ADAPTER, state, seat, mark, memo)


# --- the perfect-information solver's hooks (solver/perfect.py) -------------------------------
_SUIT_GROUPS = tuple(tuple(range(s * RANKS, (s + 1) * RANKS)) for s in range(4))


def _holdings(state) -> dict:
    return dict(enumerate(state.hands))


def _play(state, action):
    return (action.card, state.current_player) if isinstance(action, Play) else None


_CARD_ORDER = CardOrder(groups=_SUIT_GROUPS, slots=("hands",), holdings=_holdings, play=_play)


def card_order(state):
    """In trick play a suit's cards play alike but for their ranks (trump is a
    suit; a Dwarf led names a suit but ranks below every card of it; the Shaman
    takes the place of the card before it): the specialists are merged with none."""
    return _CARD_ORDER if state.phase == "play" else None


def points_range(state, seat: int, mark: int) -> tuple:
    """The seat's points for the hand lie within its tricks so far and those plus
    every trick left, the exact-bid bonus added where the bid is still in reach."""
    if state.phase != "play" or len(state.finished_hands) != mark:
        return (-float("inf"), float("inf"))
    won = state.tricks_won[seat]
    left = (sum(len(h) for h in state.hands) + len(state.tricks[-1].plays)) // state.players
    bid = bid_value(state.bids[seat])
    high = won + left
    if won <= bid <= won + left:
        high = max(high, bid + state.rules.sizes[3])
    return (won, high)


def target_of(state, seat: int, action):
    """The bid the seat is playing to (the one it makes now, or has made)."""
    if isinstance(action, Bid):
        return bid_value(action.cards)
    bid = state.bids[seat]
    return bid_value(bid) if bid is not None else None


def fast_apply(state, action):
    """apply_action, without listing every legal bid first when the action is a bid
    the policy made from the bidder's own suited cards (hundreds of combinations)."""
    if isinstance(action, Bid) and state.phase == "bid":
        return state.apply_trusted(action)
    return state.apply_action(action)


ADAPTER = Adapter(
    "raven", build_view=build_view, world_record=world_record, world_state=world_state,
    policy_action=policy_action, fast_apply=fast_apply, decision=decision,
    current_trick_index=trick_under_way, cards_left=cards_in_hands, consistent_fast=consistent_fast,
    playout=playout, search_exactly=search_exactly, exact_final=exact_final,
    bids=True, target_of=target_of, tricks_taken=tricks_taken, tree_search=tree_search, split_trees=split_trees,
    deep_search=deep_search, same_choice=same_choice, card_order=card_order, points_range=points_range)
