"""Tricksters adapter.

Hidden places: `hand:s`, the dealt cards another seat still holds (drafted cards
are public). Every card is a legal follow, so plays reveal nothing; the generic
probe (would this play still be legal had the seat also held c?) is still asked,
and finds nothing.

Trick play is searched exactly in every world, at every trick: each partnership
prefers more points and, at equal points, more tricks, so the two pairs want
exactly opposite things (each pair's (points, tricks) order is the order of its
trick count) and a world's value is the minimax number of tricks the seat's pair
takes; its points are ROUND_POINTS of that (the same as pair-vs-pair minimax on
points, which is monotone in tricks). `TrickSolver` computes it by alpha-beta on
bitmask hands with a table at trick boundaries; a hint uses one solver, so one
table, for all its worlds (its entries hold in every world). CPU per world
(bench/tricksters_exact.py): about 18 ms at the first trick (69 ms at worst),
4 ms at the second, under 1 ms from the third. The search (solver/search.py)
draws worlds in a uniform order and searches each exactly (`TrickPlayEvaluator`)
until the best card is separated from the others or its budget is spent; every
world, when there are few or the hint is asked to search them all (a whole
first-lead search of all 1,680 worlds takes tens of seconds). Drafts, suits and the partner
choice are ranked by heuristic playouts of the round over uniform worlds.
"""
from __future__ import annotations


from functools import lru_cache

from pycore.games.tricksters import (CARDS, CENTRE_SIZE, CHOICES, DECK, PARTNERS, PLAYERS, PLAYS,
                                     ROUND_POINTS, SUITS, TAKES, TRICKS, Play, partnerships,
                                     trick_phase, trick_result)
from pycore.errors import ManyhandsError
from pycore.records import Record

from ..adapter import Adapter, Partners, Played, consistent  # noqa: F401  (the replay test, as tests ask it)
from ..errors import SolverError
from ..view import SeatView
from .common import (cards_in_hands, forbidden_by_plays, model_from, states_from, trick_under_way,
                     unseen_and_places, world_state)

ALL_CARDS = tuple(range(CARDS))


def _round_start(state) -> int:
    return state.hand_starts[-1]


def build_view(state, seat: int, positions: list | None = None) -> SeatView:
    if state.is_terminal:
        raise SolverError("the game is over")
    start = _round_start(state)
    places, unseen = unseen_and_places(state, seat)
    states = states_from(state, start, positions)
    forbidden = forbidden_by_plays(state, seat, start, states, places, unseen, Play,
                                   public=lambda before, actor: before.drafted[actor])
    model = model_from(places, unseen, forbidden)
    return SeatView(seat=seat, obs=state.observation(seat), model=model,
                    adapter=ADAPTER, state=state,
                    extra={"start": start, "states": states})


def consistent_fast(view: SeatView, world: dict) -> bool:
    """Replay the round from its start with the world's dealt cards (earlier rounds
    are public): every action legal, and the seat's observation the same. The
    world must hold exactly the unseen cards, each place its size (a card the seat
    has seen, put in a hidden hand, can replay legally)."""
    cards = [c for cs in world.values() for c in cs]
    if (set(world) != set(view.model.places) or sorted(cards) != view.model.cards
            or any(len(world[p]) != n for p, n in view.model.places.items())):
        return False
    start = view.extra["start"]
    s = view.extra["states"][0]
    seat = view.seat
    history = view.state.history[start:]
    dealt = {}
    for name, cards in world.items():
        actor = int(name.partition(":")[2])
        played = [a.card for x, a in history if x == actor and isinstance(a, Play)]
        mine = set(view.state.drafted[actor])       # public
        dealt[name] = tuple(sorted(list(cards) + [c for c in played if c not in mine]))
    try:
        s = s.with_hidden(seat, dealt)
        for _, action in history:
            s = s.apply_action(action)
    except ManyhandsError:            # an illegal replay: an inconsistent world (a bug still raises)
        return False
    return s.observation(seat) == view.obs



# --- worlds as records -------------------------------------------------------------------
def _dealt_in_round(obs, seat, world, r, takes, plays) -> tuple[list, list]:
    """(hands, centre) dealt in round r: past rounds are public in full (every card
    is played), the current one takes the world's cards."""
    if r < obs["round"] - 1:
        hands = [sorted(set(plays[s]) - set(takes[s])) for s in range(PLAYERS)]
        centre = sorted(c for s in range(PLAYERS) for c in takes[s])
        return hands, centre
    drafted = [DECK.cards(d) for d in obs["drafted"]]
    hands = []
    for s in range(PLAYERS):
        if s == seat:
            held = set(DECK.cards(obs["hand"])) | set(plays[s])
        else:
            held = set(world[f"hand:{s}"]) | set(plays[s])
        hands.append(sorted(held - set(drafted[s])))
    centre = sorted(DECK.card(e["card"]) for e in obs["centre"])
    return hands, centre


def world_record(view: SeatView, world: dict) -> Record:
    """The complete record of the game with this world's hidden cards, built from
    the seat's observation only."""
    obs, seat = view.obs, view.seat
    history = obs["history"]
    starts = obs["hand_starts"] + [len(history)]
    current = obs["round"] - 1
    deals = []
    for r in range(current + 1):
        takes = [[] for _ in range(PLAYERS)]
        plays = [[] for _ in range(PLAYERS)]
        for actor, token in history[starts[r]:starts[r + 1]]:
            if token.startswith("take "):
                takes[actor].append(DECK.card(token[5:]))
            elif " " not in token:
                plays[actor].append(DECK.card(token))
        hands, centre = _dealt_in_round(obs, seat, world, r, takes, plays)
        dealer = obs["hand_results"][r]["dealer"] if r < current else obs["dealer"]
        deals.append({"dealer": dealer,
                      "hands": [DECK.tokens_of(h) for h in hands], "centre": DECK.tokens_of(centre)})
    return Record(game="tricksters", rules=dict(obs["rules"]), seed=0, deals=deals,
                  actions=[token for _, token in history])




# --- the exact trick-phase solver ------------------------------------------------------------
_MASK = (1 << CARDS) - 1
_LOW_BIT = {1 << c: c for c in ALL_CARDS}     # a one-card hand's card


class TrickSolver:
    """Exact minimax tricks of `seat`'s side for the rest of the round.

    The four hands are bitmasks packed into one int (seat s's cards at bits
    20s..20s+19). The table is keyed on (hands, leader) at trick boundaries and
    holds (lower, upper) bounds on the tricks still to come. Everything else the
    search reads is public (the deck, each seat's suit, the partnerships, the
    seat's side), so an entry is true of that position in every world: one solver
    serves every root action and every world of a hint, and worlds meet in the
    same positions once the cards they differ in have been played."""

    def __init__(self, state, seat: int):
        deck = state.rules.deck
        partner = state.partner
        self.rule = (state.suits, partner, deck)     # trick_result's public facts
        self.side = tuple(s in (seat, partner[seat]) for s in range(PLAYERS))
        # cards in the order to try: highest value in the leader's critter first
        self.order = tuple(tuple(sorted(ALL_CARDS, key=lambda c: (-deck[c][state.suits[lead]], c)))
                           for lead in range(PLAYERS))
        self.table: dict = {}
        self._moves: dict = {}
        self._resolved = tuple({} for _ in range(PLAYERS))    # per leader: plays -> result

    @staticmethod
    def hands_of(state) -> int:
        """The state's four hands, packed."""
        return sum(1 << (c + CARDS * s) for s, hand in enumerate(state.hands) for c in hand)

    def resolve(self, leader: int, cards: tuple) -> tuple[int, int]:
        """(1 if the seat's side takes the trick else 0, the next leader): the
        engine's `trick_result`, asked once per leader and cards."""
        got = self._resolved[leader].get(cards)
        if got is not None:
            return got
        winners, nxt = trick_result(leader, cards, *self.rule)
        got = self._resolved[leader][cards] = ((1 if self.side[winners[0]] else 0), nxt)
        return got

    def node(self, hands: int, leader: int, alpha: int, beta: int) -> int:
        key = hands << 2 | leader
        got = self.table.get(key)
        if got is None:
            rem = hands.bit_count() >> 2
            if rem <= 1:                # the last trick plays itself
                if not rem:
                    return 0
                one = (_LOW_BIT[hands & _MASK], _LOW_BIT[hands >> CARDS & _MASK],
                       _LOW_BIT[hands >> 2 * CARDS & _MASK], _LOW_BIT[hands >> 3 * CARDS])
                cards = one[leader:] + one[:leader]
                v = self.resolve(leader, cards)[0]
                self.table[key] = (v, v)
                return v
            lo, hi = 0, rem
        else:
            lo, hi = got
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        a = alpha if alpha > lo else lo
        b = beta if beta < hi else hi
        v = self.trick(hands, leader, (), a, b)
        if v <= a:
            hi = v
        elif v >= b:
            lo = v
        else:
            lo = hi = v
        self.table[key] = (lo, hi)
        return v

    def trick(self, hands: int, leader: int, plays: tuple, alpha: int, beta: int) -> int:
        """Tricks to come for the seat's side (the current one included), fail-soft."""
        n = len(plays)
        if n == PLAYERS:
            won, nxt = self.resolve(leader, plays)
            return won + self.node(hands, nxt, alpha - won, beta - won)
        seat = (leader + n) % PLAYERS
        shift = CARDS * seat
        mask = hands >> shift & _MASK
        key = mask << 4 | leader << 2 | seat
        moves = self._moves.get(key)    # (card, its bit in the packed hands), best led value first
        if moves is None:
            moves = self._moves[key] = tuple((c, 1 << (c + shift)) for c in self.order[leader]
                                             if mask >> c & 1)
        maximise = self.side[seat]
        best = -1 if maximise else 99
        last = n == PLAYERS - 1         # the trick's last card: resolved here
        if last:
            resolved, resolve, node, table = (self._resolved[leader], self.resolve, self.node,
                                              self.table)
        else:
            trick = self.trick
        for c, bit in moves:
            if last:
                cards = plays + (c,)
                got = resolved.get(cards)
                won, nxt = got if got is not None else resolve(leader, cards)
                rest = hands ^ bit
                got = table.get(rest << 2 | nxt)
                if got is not None and got[0] == got[1]:
                    v = won + got[0]
                else:
                    v = won + node(rest, nxt, alpha - won, beta - won)
            else:
                v = trick(hands ^ bit, leader, plays + (c,), alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    def value(self, hands: int, leader: int, plays: tuple) -> int:
        """The exact number of tricks to come for the seat's side."""
        return self.trick(hands, leader, plays, -1, TRICKS + 1)     # a full window

    def line_takes_trick(self, hands: int, leader: int, plays: tuple,
                         value: int | None = None) -> bool:
        """Whether the seat's side takes the trick under way in the principal line:
        each seat to play in it picks the first card (in card order) of the best
        value for its side. `value`: the position's exact value, if known.

        Every card on the line keeps the position's value v, so a card is the
        seat's best exactly when its value reaches v: a null-window test."""
        v = self.value(hands, leader, plays) if value is None else value
        while len(plays) < PLAYERS:
            seat = (leader + len(plays)) % PLAYERS
            shift = CARDS * seat
            mask = hands >> shift & _MASK
            mine = self.side[seat]
            for c in ALL_CARDS:
                if mask >> c & 1:
                    h, p = hands ^ (1 << (c + shift)), plays + (c,)
                    if (self.trick(h, leader, p, v - 1, v) >= v if mine
                            else self.trick(h, leader, p, v, v + 1) <= v):
                        break
            hands, plays = h, p
        return self.resolve(leader, plays)[0] == 1



def solve_points(state, seat: int, solver: TrickSolver | None = None) -> int:
    """The seat's round points in this world under exact play from `state` (trick
    phase). A solver passed in may come from another world of the same view."""
    solver = solver or TrickSolver(state, seat)
    trick = state.tricks[-1]
    t = solver.value(TrickSolver.hands_of(state), trick.leader, tuple(trick.cards))
    return ROUND_POINTS[state.team_tricks[seat] + t]


# --- search hooks ---------------------------------------------------------------------------
def decision(state) -> str:
    return {"draft": "draft", "suits": "suit", "partners": "partners"}.get(state.phase, "play")


def deep_search(state) -> bool:
    """The hard level drafts, chooses its suit and its partner by the flat search
    at 1,500 playouts (solver.bots.DEEP_PLAYOUTS), not 200: since the playouts
    run on plain lists (9-11 times faster) a draft at 1,500 costs about what one
    at 200 did (natively 0.1-0.2 s); trick play keeps its exact search per deal.
    Judged by a flat search at 4,000 playouts on common worlds
    (bench/level_agreement.py, bench/README.md's ladder), it chooses otherwise than at 200
    in a third of its drafts, gaining +0.024 [+0.020, +0.028] points a draft,
    +0.011 a suit, +0.006 a partner choice: about 0.05 points a seat a round,
    too little for 400 arena deals to tell (+0.00 [-0.04, +0.04] deal by deal;
    against normal +0.05 [+0.01, +0.08] a seat)."""
    return decision(state) != "play"



def policy_action(state, rng=None):
    """A quick heuristic: draft the card with the best single value, take the suit
    the hand is strongest in, pair with the first seat offered, and in play take the
    trick cheaply when the pair is behind, else play the lowest value."""
    seat = state.current_player
    deck = state.rules.deck
    phase = state.phase
    if phase == "draft":
        return TAKES[max(state.centre, key=draft_keys(deck).__getitem__)]
    if phase == "suits":
        return CHOICES[choose_suit(state.hands[seat] + state.drafted[seat], state.suits, deck)]
    if phase == "partners":
        return PARTNERS[choose_partner(state.across)]
    trick = state.tricks[-1]
    led = state.led_suit
    values = deck_values(deck)[led]
    behind = True
    if trick.plays:
        mate = state.partner[seat]
        ours = sum(values[c] for s, c in trick.plays if s in (seat, mate))
        theirs = sum(values[c] for s, c in trick.plays if s not in (seat, mate))
        behind = ours <= theirs
    return PLAYS[choose_play(state.hands[seat], play_keys(deck)[led], behind)]


@lru_cache(maxsize=16)
def draft_keys(deck) -> tuple:
    """Per card, the draft policy's preference as a whole number: by its best
    single value, then the lower card above."""
    return _ranks(sorted(ALL_CARDS, key=lambda c: (max(deck[c]), -c)))


def _ranks(order) -> tuple:
    """Per card, its place in `order`."""
    rank = [0] * CARDS
    for i, c in enumerate(order):
        rank[c] = i
    return tuple(rank)


@lru_cache(maxsize=16)
def deck_values(deck) -> tuple:
    """Per critter, each card's value in it."""
    return tuple(tuple(values[suit] for values in deck) for suit in range(len(SUITS)))


@lru_cache(maxsize=16)
def play_keys(deck) -> tuple:
    """Per led critter, each card's rank for the play policy: by its value in it,
    then the lower card above (a whole number per card: no key function per card)."""
    return tuple(_ranks(sorted(ALL_CARDS, key=lambda c: (deck[c][suit], -c)))
                 for suit in range(len(SUITS)))


def choose_suit(cards, taken, deck) -> int:
    """The free suit the cards are worth most in (the lower suit on equal sums)."""
    best, most = None, -1
    for suit, values in enumerate(deck_values(deck)):
        if suit not in taken:
            worth = sum(map(values.__getitem__, cards))
            if worth > most:
                best, most = suit, worth
    return best


def choose_partner(chooser: int) -> int:
    """The first seat offered: the lowest other than the chooser's."""
    return 1 if chooser == 0 else 0


def choose_play(hand, rank, behind: bool) -> int:
    """The card to play: the highest in the led critter (`rank`: play_keys's) when
    the seat's pair is not ahead in the trick (or leads it), else the lowest."""
    return (max if behind else min)(hand, key=rank.__getitem__)


# --- the quick simulator of the rest of a round (playouts only) -----------------------------
def simulate(state) -> Played:
    """Play the rest of the round, from any of its phases, with the policy for every
    seat, on plain lists instead of engine states: the same moves as the engine
    playout (tested against it); the order of the drafts is the state's, the
    partnerships, the trick phase and each trick's result the engine's rules."""
    phase, deck = state.phase, state.rules.deck
    if phase == "play":
        trick = state.tricks[-1]
        return play_tricks(state.hands, state.suits, state.partner, deck, trick.leader, trick.cards,
                           state.team_tricks, [t.winner for t in state.tricks[:-1]])
    hands, suits = state.hands, list(state.suits)
    drafted = [list(d) for d in state.drafted]
    if phase == "draft":
        centre = list(state.centre)
        keys = draft_keys(deck)
        for seat in state.draft_order[CENTRE_SIZE - len(centre):]:
            card = max(centre, key=keys.__getitem__)
            centre.remove(card)
            drafted[seat].append(card)
    if phase != "partners":
        for seat in state.suit_order[sum(s is not None for s in suits):]:
            suits[seat] = choose_suit(hands[seat] + tuple(drafted[seat]), suits, deck)
    across = state.across
    partner = partnerships(across, choose_partner(across))
    hands, leader = trick_phase(hands, [tuple(d) for d in drafted], state.dealer)
    return play_tricks(hands, suits, partner, deck, leader, (), (0,) * PLAYERS, [])


def play_tricks(hands, suits, partner, deck, leader: int, cards, won, winners: list) -> Played:
    """The round's remaining tricks by `choose_play` for every seat, from the trick
    led by `leader` with `cards` played so far, `won` the tricks each seat's pair
    has taken and `winners` the seat each earlier trick named to lead next."""
    keys = play_keys(deck)
    values = deck_values(deck)
    hands = [list(h) for h in hands]
    won = list(won)
    cards = list(cards)
    pair_of = [0 if s in (0, partner[0]) else 1 for s in range(PLAYERS)]
    while True:
        led = suits[leader]
        rank, value = keys[led], values[led]
        sums = [0, 0]               # per pair (pair_of), its sum in the trick so far
        for i, c in enumerate(cards):
            sums[pair_of[(leader + i) % PLAYERS]] += value[c]
        total = sums[0] + sums[1]
        for i in range(len(cards), PLAYERS):
            seat = (leader + i) % PLAYERS
            hand = hands[seat]
            pair = pair_of[seat]
            card = choose_play(hand, rank, 2 * sums[pair] <= total)   # ours <= theirs (or leading)
            hand.remove(card)
            cards.append(card)
            sums[pair] += value[card]
            total += value[card]
        pair, leader = trick_result(leader, cards, suits, partner, deck)
        winners.append(leader)
        for s in pair:
            won[s] += 1
        if len(winners) == TRICKS:
            return Played(tuple(ROUND_POINTS[w] for w in won), winners)
        cards = []


def playout(state, mark: int, rng):
    """The search's playout: the simulator, unless the round is already over."""
    return simulate(state) if len(state.finished_hands) == mark else state


def fast_apply(state, action):
    return state.apply_action(action)


# --- the search's evaluator for trick play ----------------------------------------------------
# Measured CPU cost of searching one world exactly (ms, native, CPython 3.11), by
# the cards the seat holds, one solver table shared by the worlds
# (bench/tricksters_exact.py, 30 worlds of 8 positions per trick, the dearest
# rounded up): the first trick ~18 ms median, 69 ms at worst (a whole first-lead
# search of 1,680 worlds is still about a minute), the second ~4, at worst 7.
WORLD_COST_MS = {5: 60.0, 4: 5.0, 3: 0.8, 2: 0.2, 1: 0.1}
MS_PER_EFFORT = 3.0                 # one unit of effort (a playout) ~ 3 ms of this search


class TrickPlayEvaluator:
    """Each card of the trick under way valued exactly in a world: the round's
    points of the seat's pair under exact play (TrickSolver), one table for
    every world of the search."""
    exact = True

    def __init__(self, view: SeatView):
        self.state, self.seat = view.state, view.seat
        self.view = view
        self.solver = None
        self.world_cost = WORLD_COST_MS[max(1, len(self.state.hands[self.seat]))] / MS_PER_EFFORT
        self.actions = len(self.state.legal_actions())

    def cost(self, actions: int) -> float:
        """In playouts: searching the world costs the same whichever cards are asked."""
        return self.world_cost * actions / self.actions

    def facts(self, index: int, world, actions, rng_for=None) -> list:
        """Each of `actions` valued exactly in `world`: [points, took the trick, 0, ()]
        (work.add's facts; nothing random, so no stream)."""
        position = world_state(self.view, world)
        if self.solver is None:
            self.solver = TrickSolver(position, self.seat)
        solver = self.solver
        hands = TrickSolver.hands_of(position)
        trick = position.tricks[-1]
        base = position.team_tricks[self.seat]
        out = []
        for action in actions:
            plays = tuple(trick.cards) + (action.card,)
            h = hands ^ (1 << (action.card + CARDS * self.seat))
            v = solver.value(h, trick.leader, plays)
            out.append((ROUND_POINTS[base + v], int(solver.line_takes_trick(h, trick.leader, plays, v)),
                        0, ()))
        return out


def evaluator(view: SeatView):
    """Trick play's exact evaluator (drafts: None, the generic playouts)."""
    return TrickPlayEvaluator(view) if decision(view.state) == "play" else None



# --- the face-up review and the reference bots: exact play of the open deal -----------------
def exact_values(state, seat: int, actions, memo: dict) -> dict | None:
    """Each card of the trick under way valued with every hand known: the seat's
    round points under exact play (None before trick play). `memo` keeps the
    decision's one TrickSolver (its table holds in every world)."""
    if decision(state) != "play":
        return None
    solver = memo.get("trick_solver")
    if solver is None:
        solver = memo["trick_solver"] = TrickSolver(state, seat)
    hands = solver.hands_of(state)
    trick = state.tricks[-1]
    base = state.team_tricks[seat]
    out = {}
    for action in actions:
        v = solver.value(hands ^ (1 << (action.card + CARDS * seat)), trick.leader,
                         tuple(trick.cards) + (action.card,))
        out[action] = ROUND_POINTS[base + v]
    return out


def exact_points(state, seat: int, memo: dict) -> int | None:
    """The seat's round points under exact play of the open deal from `state`
    (None before trick play); `memo` keeps one TrickSolver for every deal."""
    if state.phase != "play":
        return None
    if "tricks" not in memo:
        memo["tricks"] = TrickSolver(state, seat)
    return solve_points(state, seat, memo["tricks"])


# --- sides and partners --------------------------------------------------------------------
def exact_sides(state, seat: int, mark: int):
    """Exact play: the seat's pair maximises the tricks it takes this round, the
    other pair minimises them (round points rise with tricks, so this is the
    pair-against-pair minimax on points too)."""
    side = (seat, state.partner[seat])
    return (lambda a: a in side,
            lambda final: sum(t.winner in side for t in final.finished_hands[mark][0]))


def face_up_rule(players: int) -> str:
    return "each pair plays to take the most tricks (what one pair takes, the other loses)"


def big_loss(state) -> tuple[float, str, str]:
    """A partnership's 5 tricks are worth at most 3 points: half a trick is 0.3."""
    return 0.3, "points", "half a trick; a pair's 5 tricks are worth at most 3 points"


def trick_partner(state, seat: int) -> int | None:
    return state.partner[seat] if state.phase == "play" else None


def pair_takes(state, seat: int, plays: list) -> bool:
    winners, _ = trick_result(plays[0][0], [c for _, c in plays], state.suits, state.partner,
                              state.rules.deck)
    return seat in winners


def trick_strength(state, seat: int, card: int) -> int:
    """The card's value on the led critter."""
    return state.rules.deck[card][state.led_suit]


def is_winner(state, seat: int, card: int, unseen: list[int]) -> bool:
    """A card showing 5, the top value, on the seat's own critter (the one it may lead)."""
    return state.rules.deck[card][state.suits[seat]] == 5


# the pairs are chosen each round; no card scores of itself (the stronger card of the pair
# leads next: taking the lead from the partner is counted as an overtake all the same)
PARTNERSHIPS = Partners(players=(PLAYERS,), partner_of=trick_partner, takes=pair_takes,
                        strength=trick_strength, is_winner=is_winner, chosen_each_round=True)


ADAPTER = Adapter(
    "tricksters", build_view=build_view, world_record=world_record, world_state=world_state,
    policy_action=policy_action, fast_apply=fast_apply, playout=playout, decision=decision,
    current_trick_index=trick_under_way, cards_left=cards_in_hands, consistent_fast=consistent_fast,
    evaluator=evaluator, exact_values=exact_values, exact_points=exact_points,
    deep_search=deep_search, exact_sides=exact_sides, big_loss=big_loss, face_up_rule=face_up_rule,
    partners=PARTNERSHIPS)
