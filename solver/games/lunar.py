"""Lunar adapter: the seat's constraint model, worlds as records, a playout policy.

Hidden places (the engine's names): `hand:s` (another seat's cards in hand now;
for the partner, less the cards of the seat's own gift it still holds:
`partner_known`) and, during the exchange, `gift:s` (the 4 cards a seat has
chosen and not yet delivered). With two players the Sky is face up: the only
hidden place is the other player's hand.

Copies of a kind share a card int: the model lists one entry per unseen copy and
declares the copies, so a world is one multiset assignment, not one per copy.

With the split deal (Ruling L3, and L7 with the Sky) every hand holds a public
number of rank and of suit cards at every moment (6 + 6 less what it gave and
played, plus what it received); the model says so with one place per type, named
`hand:s/rank` and `hand:s/suit` (`gift:s/rank`, `gift:s/suit`), which a world
merges back into the engine's places (`engine_places`).

What a play reveals is asked of the engine (shared/notes/style.md: rules live
once): a play by seat s forbids kind c in `hand:s` when the play would have been
illegal had s also held c (a suit card off the lead suit: no card of the lead
suit in the place played from; a broken type rule, Rulings L5/L8: no card of the
required type). Legality in Lunar depends only on which kinds a place holds, so
these single-card exclusions are the whole of it (the tests hold the model to
brute force and to replaying every world).

The mixed deal (the rules field `deal: "mixed"`, settling a gap of the rules
file: all 48 cards shuffled together) has no public type counts: its places are
the engine's own (`hand:s`, `gift:s`), any kind may be in any of them but for
what plays show, and what the type counts must satisfy is a predicate on the
number of rank cards in each place (`mixed_check`): a gift has the shape the
engine asks of the giver's hand (`gift_shape`: 2 + 2, or all of a short type made
up with the other), for a gift chosen but not delivered, for the partner's gift
the seat received, and for the two gifts the opponents swapped (some pair of
shapes must fit their holdings). `KindCounter` applies the predicate once every
rank kind is placed, so counts, samples and expectations stay exact.
"""
from __future__ import annotations

from collections import Counter as Multiset
from functools import lru_cache

from pycore.games.lunar import (DECK, FULL_DECK, RANK_COPIES, RANKS, SUIT_COPIES, SUITS, TEAMS, TYPES, Give, Play,
                                card_type,
                                Turn, gift_shape, is_rank, lead_suit_after, playable, rank_value,
                                next_leader, partner_of, round_points, stars_taken, team_of,
                                trick_order, trick_winner, winner_with)
from pycore.errors import ManyhandsError
from pycore.records import Record

from .. import endgame
from ..perfect import CardOrder
from ..adapter import Adapter, Partners, Played, consistent  # noqa: F401  (the replay test, as tests ask it)
from ..errors import InconsistentWorld, SolverError
from ..view import SeatView, blank_probe
from ..worlds import Model
from .common import playout_to_simulator, states_from, trick_under_way

COPIES = {c: (RANK_COPIES if is_rank(c) else SUIT_COPIES) for c in range(12)}
def _card_of(token: str) -> tuple[int, bool]:
    """(card, from the Sky) of a play token."""
    if token.startswith("sky:"):
        return DECK.card(token[4:]), True
    return DECK.card(token), False


def _is_play(token) -> bool:
    return token is not None and not token.startswith(("give ", "turn "))


def _minus(cards, taken) -> list[int]:
    return sorted((Multiset(cards) - Multiset(taken)).elements())


# --- a counter for copies ------------------------------------------------------------------
class KindCounter:
    """The worlds of a model whose cards are all copies of kinds (Lunar), counted
    kind by kind instead of place by place: the table's state is the room left in
    each place, which stays small, where the generic `worlds.Counter` keeps the
    copies left of every kind (4^8 states for the rank cards). Same readers: the
    exact count, every world in a fixed order, exactly uniform samples, and exact
    expected copies per place. The tests hold it to `worlds.Counter` and CP-SAT.

    `check` (the mixed deal): a predicate on the rank cards in each place (a tuple
    in the order of `places`), applied once every rank kind is placed; the worlds
    are those of the model that satisfy it."""

    def __init__(self, model: Model, check=None):
        self.model = model
        self.places = list(model.places)
        index = {p: i for i, p in enumerate(self.places)}
        groups: dict = {}
        for card, where in model.allowed:
            key = (card, where)
            groups[key] = groups.get(key, 0) + 1
        # kinds of one type together (they share no place with the other type)
        self.groups = [(card, n, tuple(sorted(index[p] for p in where)))
                       for (card, where), n in sorted(groups.items(),
                                                      key=lambda x: (card_type(x[0][0]), x[0][0],
                                                                     sorted(x[0][1])))]
        self.start = tuple(model.places[p] for p in self.places)
        self.check = check
        self.boundary = sum(1 for card, _, _ in self.groups if is_rank(card))
        self._memo: dict = {}
        self._splits: dict = {}

    def _ways(self, i: int, room: tuple) -> list:
        """Every way to put group i's copies into its places within `room`."""
        card, n, where = self.groups[i]
        key = (i, tuple(room[p] for p in where))
        got = self._splits.get(key)
        if got is None:
            got = []

            def rec(j, left, acc):
                if j == len(where) - 1:
                    if left <= room[where[j]]:
                        got.append(acc + (left,))
                    return
                for x in range(min(left, room[where[j]]) + 1):
                    rec(j + 1, left - x, acc + (x,))
            if where:
                rec(0, n, ())
            elif n == 0:
                got.append(())
            self._splits[key] = got
        return got

    def _after(self, i: int, room: tuple, split: tuple) -> tuple:
        room = list(room)
        for p, x in zip(self.groups[i][2], split):
            room[p] -= x
        return tuple(room)

    def _count(self, i: int, room: tuple) -> int:
        if i == self.boundary and self.check is not None and (i, room) not in self._memo:
            if not self.check(tuple(a - b for a, b in zip(self.start, room))):
                self._memo[(i, room)] = 0
                return 0
        if i == len(self.groups):
            return 0 if any(room) else 1
        key = (i, room)
        got = self._memo.get(key)
        if got is None:
            got = 0
            for split in self._ways(i, room):
                got += self._count(i + 1, self._after(i, room, split))
            self._memo[key] = got
        return got

    def count(self) -> int:
        return self._count(0, self.start)

    def _world(self, chosen) -> dict:
        world = {p: [] for p in self.places}
        for (card, _, where), split in zip(self.groups, chosen):
            for p, x in zip(where, split):
                world[self.places[p]].extend([card] * x)
        return {p: tuple(sorted(cs)) for p, cs in world.items()}

    def worlds(self, limit: int | None = None):
        produced = 0

        def rec(i, room, chosen):
            nonlocal produced
            if limit is not None and produced >= limit:
                return
            if i == len(self.groups):
                produced += 1
                yield self._world(chosen)
                return
            for split in self._ways(i, room):
                nxt = self._after(i, room, split)
                if self._count(i + 1, nxt):
                    yield from rec(i + 1, nxt, chosen + [split])
        if self.count():
            yield from rec(0, self.start, [])

    def sample(self, rng) -> dict:
        total = self.count()
        if not total:
            raise ValueError("no world is consistent with this model")
        room, chosen = self.start, []
        for i in range(len(self.groups)):
            r = rng.randrange(self._count(i, room))
            for split in self._ways(i, room):
                nxt = self._after(i, room, split)
                weight = self._count(i + 1, nxt)
                if r < weight:
                    break
                r -= weight
            chosen.append(split)
            room = nxt
        return self._world(chosen)

    def expected(self) -> dict:
        """{(card, place): (expected copies there, probability of at least one)},
        exact: forward counts of reaching each room times the ways to finish."""
        total = self.count()
        out: dict = {}
        if not total:
            return out
        forward = {self.start: 1}
        for i, (card, n, where) in enumerate(self.groups):
            nxt_forward: dict = {}
            for room, ways_in in forward.items():
                for split in self._ways(i, room):
                    nxt = self._after(i, room, split)
                    ways_out = self._count(i + 1, nxt)
                    if not ways_out:
                        continue
                    w = ways_in * ways_out
                    for p, x in zip(where, split):
                        e, h = out.get((card, self.places[p]), (0, 0))
                        out[(card, self.places[p])] = (e + x * w, h + (w if x else 0))
                    nxt_forward[nxt] = nxt_forward.get(nxt, 0) + ways_in
            forward = nxt_forward
        return {k: (e / total, h / total) for k, (e, h) in out.items()}


# --- the view -------------------------------------------------------------------------
def round_start(state) -> int:
    """Index in the history where the current round began (the engine's hand_starts)."""
    return state.hand_starts[-1]


def place_sizes(obs: dict, seat: int) -> dict[str, int]:
    """Every hidden place split by type, with its size from public facts only."""
    n = obs["players"]
    history = obs["history"][obs["hand_starts"][-1]:]
    played = {s: Multiset() for s in range(n)}         # type counts played from hand
    for actor, token in history:
        if _is_play(token):
            card, sky = _card_of(token)
            if not sky:
                played[actor][card_type(card)] += 1
    sizes = {}
    exchange = obs["exchange"]
    delivered = n == 4 and obs["phase"] != "exchange"
    known = Multiset(card_type(c) for c in DECK.cards(obs["partner_known"] or []))
    for other in range(n):
        if other == seat:
            continue
        for kind in TYPES:
            if n == 4 and not delivered and exchange["chosen"][other]:
                sizes[f"hand:{other}/{kind}"] = 4
                sizes[f"gift:{other}/{kind}"] = 2
            else:
                size = 6 - played[other][kind]
                if n == 4 and other == partner_of(seat):
                    size -= known[kind]
                sizes[f"hand:{other}/{kind}"] = size
    return sizes


def unseen_cards(obs: dict, seat: int) -> list[int]:
    """Every copy the seat cannot see (sorted multiset)."""
    n = obs["players"]
    seen = list(DECK.cards(obs["hand"]))
    if n == 2:
        seen += DECK.cards(obs["sky"])
    else:
        seen += DECK.cards(obs["partner_known"] or [])
        if obs["phase"] == "exchange" and obs["exchange"]["gave"]:
            seen += DECK.cards(obs["exchange"]["gave"])
    for actor, token in obs["history"][obs["hand_starts"][-1]:]:
        if _is_play(token):
            seen.append(_card_of(token)[0])
    return _minus(FULL_DECK, seen)


def build_view(state, seat: int, positions: list | None = None) -> SeatView:
    if state.is_terminal:
        raise SolverError("the game is over: nothing is hidden that matters")
    obs = state.observation(seat)
    start = round_start(state)
    mixed = state.rules.deal == "mixed"
    if mixed:       # no public type counts: the engine's places, any kind in any of them
        sizes = {name: len(cards) for name, cards in state.hidden_places(seat).items()}
    else:
        sizes = place_sizes(obs, seat)
    unseen = unseen_cards(obs, seat)
    allowed = {c: {p for p in sizes if mixed or p.endswith("/" + card_type(c))} for c in set(unseen)}
    states = states_from(state, start, positions)
    history = state.history
    plays = []                                   # (history index, actor, Play)
    for index in range(start, len(history)):
        actor, action = history[index]
        if isinstance(action, Play):
            plays.append((index, actor, action))
    for index, actor, action in plays:
        if actor == seat or action.sky:
            continue                             # the Sky is public: a Sky play reveals no hand
        before = states[index - start]
        later = tuple(a.card for i, s, a in plays if s == actor and i >= index and not a.sky)
        for c in forbidden_by_play(before, seat, actor, action, later, sorted(allowed)):
            for name in (f"hand:{actor}", f"hand:{actor}/rank", f"hand:{actor}/suit"):
                allowed[c].discard(name)
    entries = [(c, frozenset(allowed[c])) for c in unseen]
    model = Model(sizes, entries, copies=COPIES)
    check = mixed_check(obs, seat, list(model.places)) if mixed else None
    return SeatView(seat=seat, obs=obs, model=model, adapter=ADAPTER,
                    state=state, extra={"start": start, "states": states, "check": check},
                    _counter=KindCounter(model, check))


@lru_cache(maxsize=None)
def shape(ranks: int, size: int = 12) -> int:
    """Rank cards in the gift of a hand of `size` cards, `ranks` of them rank cards
    (the engine's `gift_shape`, asked of a hand with those counts)."""
    return gift_shape((0,) * ranks + (SUITS[0],) * (size - ranks))[0]


def swap_shapes(ranks_a: int, ranks_b: int, size: int = 12, x=None, y=None):
    """(rank cards a gave b, rank cards b gave a) for two partners holding `ranks_a`
    and `ranks_b` rank cards of `size` after the exchange, such that each gift has
    the shape its giver's dealt hand asks and came out of what the receiver holds
    now; None when no pair fits. `x` or `y` fixes a gift that is known."""
    for gx in (range(5) if x is None else (x,)):
        for gy in (range(5) if y is None else (y,)):
            if not (gx <= ranks_b and 4 - gx <= size - ranks_b
                    and gy <= ranks_a and 4 - gy <= size - ranks_a):
                continue
            if shape(ranks_a - gy + gx, size) == gx and shape(ranks_b - gx + gy, size) == gy:
                return gx, gy
    return None


def _ranks(cards) -> int:
    return sum(1 for c in cards if is_rank(c))


def mixed_check(obs: dict, seat: int, places: list):
    """The mixed deal's predicate on the rank cards in each hidden place (see the
    module docstring); None with two players (the only hidden hand takes every
    unseen card, so its counts are known)."""
    n = obs["players"]
    if n == 2:
        return None
    index = {p: i for i, p in enumerate(places)}
    if obs["phase"] == "exchange":
        chosen = [s for s in range(n) if s != seat and f"gift:{s}" in index]
        pairs = [(index[f"hand:{s}"], index[f"gift:{s}"]) for s in chosen]

        def check(ranks) -> bool:
            return all(ranks[g] == shape(ranks[h] + ranks[g]) for h, g in pairs)
        return check
    tokens = obs["history"][obs["hand_starts"][-1]:]
    played = {s: 0 for s in range(n)}
    for actor, token in tokens:
        if _is_play(token):
            played[actor] += is_rank(_card_of(token)[0])
    partner, a, b = partner_of(seat), (seat + 1) % 4, (seat + 3) % 4
    known = _ranks(DECK.cards(obs["partner_known"] or []))
    gave = _ranks(DECK.cards(obs["exchange"]["gave"]))
    received = _ranks(DECK.cards(obs["exchange"]["received"]))
    hp, ha, hb = index[f"hand:{partner}"], index[f"hand:{a}"], index[f"hand:{b}"]

    def check(ranks) -> bool:
        held = ranks[hp] + played[partner] + known          # the partner's 12 after the exchange
        if shape(held - gave + received) != received:
            return False
        return swap_shapes(ranks[ha] + played[a], ranks[hb] + played[b]) is not None
    return check


def forbidden_by_play(before, seat: int, actor: int, action, later: tuple, candidates) -> list[int]:
    """Kinds the actor cannot have held in hand when it made `action` (asked of the
    engine: the play must stay legal with the actor's hand then = `later` + the kind)."""
    def legal_with(cards) -> bool:
        hand = tuple(sorted(set(later) | set(cards)))
        # the engine adds to the partner's hand the seat's gift cards it still held
        # then: cards it really held, and legality depends only on the kinds held
        probe = blank_probe(before, seat, **{f"hand:{actor}": hand})
        return action in probe.legal_actions()
    if legal_with(candidates):
        return []
    return [c for c in candidates if not legal_with((c,))]


def engine_places(world: dict) -> dict[str, tuple[int, ...]]:
    """A model world (places split by type) as the engine's hidden places."""
    out: dict[str, list] = {}
    for name, cards in world.items():
        out.setdefault(name.split("/")[0], []).extend(cards)
    return {name: tuple(sorted(cards)) for name, cards in out.items()}


# --- worlds as records -------------------------------------------------------------------
def _gift_of(cards, ranks: int) -> list[int]:
    """A gift of `ranks` rank cards and 4 - `ranks` suit cards found among `cards`."""
    return sorted(c for c in cards if is_rank(c))[:ranks] + \
        sorted(c for c in cards if not is_rank(c))[:4 - ranks]


def team_gifts(hold_a, hold_b, gift_a=None, gift_b=None):
    """(the gift a gave b, the gift b gave a) fitting what the two partners held
    after the exchange (`hold_*`: in hand and played since); a known gift is kept.
    Any fitting pair replays the same for every seat but the giver and receiver,
    who see the real one. Under the split deal both are 2 + 2."""
    got = swap_shapes(_ranks(hold_a), _ranks(hold_b), len(hold_a),
                      None if gift_a is None else _ranks(gift_a),
                      None if gift_b is None else _ranks(gift_b))
    if got is None:
        raise InconsistentWorld("no exchange fits these hands")
    x, y = got
    return (list(gift_a) if gift_a is not None else _gift_of(hold_b, x),
            list(gift_b) if gift_b is not None else _gift_of(hold_a, y))


def _round_deal(n: int, start: int, tokens: list, current: dict | None, obs: dict, seat: int):
    """(deal, action tokens) of one round: `tokens` are the round's history as the
    seat saw it; `current` gives each other seat's cards in hand now (the current
    round) or is None (a finished round: every card was played)."""
    played = {s: [] for s in range(n)}
    sky_played = []
    own_gift = None
    for actor, token in tokens:
        if _is_play(token):
            card, sky = _card_of(token)
            (sky_played if sky else played[actor]).append(card)
        elif token is not None and token.startswith("give ") and actor == seat:
            own_gift = DECK.cards(token.split(" ")[1:])
    hold = {}
    for s in range(n):
        now = list(DECK.cards(obs["hand"])) if (current is not None and s == seat) else \
            list(current[s]) if current is not None else []
        hold[s] = now + played[s]
    gifts = {}
    exchange_done = n == 4 and (current is None or obs["phase"] != "exchange")
    if n == 4 and not exchange_done:
        # during the exchange: hands now + the gifts chosen are the deal
        hands = []
        for s in range(n):
            if s == seat:
                gift = list(DECK.cards(obs["exchange"]["gave"] or []))
            else:
                gift = list(current.get(f"gift:{s}", []))
            gifts[s] = gift
            hands.append(sorted(hold[s] + gift))
    elif n == 4:
        partner = partner_of(seat)
        received = None
        if current is not None:
            received = DECK.cards(obs["exchange"]["received"])
        gifts[seat], gifts[partner] = team_gifts(hold[seat], hold[partner], own_gift, received)
        a, b = (seat + 1) % 4, (seat + 3) % 4
        gifts[a], gifts[b] = team_gifts(hold[a], hold[b])
        hands = [sorted(_minus(hold[s], gifts[partner_of(s)]) + list(gifts[s])) for s in range(n)]
    else:
        hands = [sorted(hold[s]) for s in range(n)]
    deal = {"start": start, "hands": [DECK.tokens_of(h) for h in hands]}
    if n == 2:
        sky_now = DECK.cards(obs["sky"]) if current is not None else []
        deal["sky"] = DECK.tokens_of(sorted(list(sky_now) + sky_played))
    actions = []
    for actor, token in tokens:
        if token is None:
            token = "give " + " ".join(DECK.tokens_of(sorted(gifts[actor])))
        actions.append(token)
    return deal, actions


def world_record(view: SeatView, world: dict) -> Record:
    """The complete record of the game with this world's hidden cards (past rounds
    are rebuilt from their played cards, with gifts any consistent choice)."""
    obs, seat = view.obs, view.seat
    n = obs["players"]
    places = engine_places(world)
    current_index = obs["round"] - 1
    history = obs["history"]
    starts = obs["hand_starts"] + [len(history)]
    deals, actions = [], []
    for r in range(current_index + 1):
        start = obs["hand_results"][r]["start"] if r < current_index else obs["start"]
        tokens = history[starts[r]:starts[r + 1]]
        if r < current_index:
            deal, acts = _round_deal(n, start, tokens, None, obs, seat)
        else:
            current = {s: list(places.get(f"hand:{s}", ())) for s in range(n) if s != seat}
            partner = partner_of(seat)
            if n == 4 and partner in current:
                current[partner] += DECK.cards(obs["partner_known"] or [])
            current.update({k: list(v) for k, v in places.items() if k.startswith("gift:")})
            deal, acts = _round_deal(n, start, tokens, current, obs, seat)
        deals.append(deal)
        actions += acts
    return Record(game="lunar", rules=dict(obs["rules"]), seed=0, deals=deals, actions=actions)


def consistent_fast(view: SeatView, world: dict) -> bool:
    """The same test replaying only the current round, from its start (public but
    for the hands, which the world's round deal replaces)."""
    obs, seat = view.obs, view.seat
    n = obs["players"]
    places = engine_places(world)
    current = {s: list(places.get(f"hand:{s}", ())) for s in range(n) if s != seat}
    if n == 4:
        current[partner_of(seat)] += DECK.cards(obs["partner_known"] or [])
        current.update({k: list(v) for k, v in places.items() if k.startswith("gift:")})
    tokens = obs["history"][obs["hand_starts"][-1]:]
    s = view.extra["states"][0]
    try:
        deal, actions = _round_deal(n, obs["start"], tokens, current, obs, seat)
        hands = [tuple(DECK.cards(h)) for h in deal["hands"]]
        if sorted(c for h in hands for c in h) + [] != _minus(FULL_DECK, s.sky or ()) \
                or hands[seat] != s.hands[seat]:
            return False
        s = s.with_hidden(seat, {f"hand:{x}": hands[x] for x in range(n) if x != seat})
        for token in actions:
            s = s.apply_action(s.game.parse_action(s, token))
    except ManyhandsError:            # an illegal replay: an inconsistent world (a bug still raises)
        return False
    return s.observation(seat) == obs


def world_state(view: SeatView, world: dict):
    """The current position with this world's hidden cards (for search)."""
    return view.state.with_hidden(view.seat, engine_places(world))


# --- inference for the page ------------------------------------------------------------------
def inference(view: SeatView) -> dict:
    """Per other hand: the size of its unseen part (and per type), the suits it
    cannot hold (shown by play), the partner's cards known from the seat's gift,
    and for each unseen kind the exact expected number of copies there (`cards`,
    summing to the size) and the exact probability of holding at least one (`holds`)."""
    model = view.model
    counter = view.counter if isinstance(view.counter, KindCounter) else KindCounter(model)
    expected = counter.expected()
    out: dict[str, dict] = {}
    for name, size in model.places.items():
        base, _, kind = name.partition("/")     # no type part under the mixed deal
        entry = out.setdefault(base, {"size": 0, "types": {}, "cards": {}, "holds": {},
                                      "voids": [], "known": []})
        entry["size"] += size
        if kind:
            entry["types"][kind] = size
        else:       # the mixed deal: the expected number of each type
            for t in TYPES:
                entry["types"][t] = round(sum(e for (c, p), (e, _) in expected.items()
                                              if p == name and card_type(c) == t), 4)
        for card in sorted(set(model.cards)):
            if kind and card_type(card) != kind:
                continue
            if name not in model.allowed_of(card):
                if not is_rank(card) and base.startswith("hand:"):
                    entry["voids"].append(DECK.token(card))
                continue
            e, h = expected.get((card, name), (0.0, 0.0))
            if e:
                entry["cards"][DECK.token(card)] = round(e, 4)
                entry["holds"][DECK.token(card)] = round(h, 4)
    for entry in out.values():
        entry["voids"].sort(key=DECK.card)
    partner = f"hand:{partner_of(view.seat)}"
    if view.obs["players"] == 4 and partner in out:
        out[partner]["known"] = list(view.obs["partner_known"] or [])   # besides `size`
    return out


# --- a fast playout policy (easy bot, and the playouts of the search) --------------------
@lru_cache(maxsize=4096)
def _wants_trick(track, won: int, tricks: int) -> bool:
    """Whether one more trick helps the team on the track (Ruling L2's values);
    `tricks` counts the tricks begun, this one included. (Cached: the playouts
    ask it at every card, of a few tracks.)"""
    left = 12 - tricks + 1
    if won + 1 < len(track) and track[won + 1] > track[won]:
        return True
    best_later = max(track[won + 1:won + left + 1] or (0,))
    return best_later > track[won]


def card_value(card: int, trump) -> int:
    """How strong a card is to hold: trump suit cards, then high ranks."""
    if is_rank(card):
        return rank_value(card)
    return 20 if card == trump else 5


class PlayKeys:
    """The policy's sort keys of the plays for one trump and set of star cards, as
    tables by play: `min` and `max` read a table's `__getitem__` as their key, with
    no Python call per play. Keys are tuples (the last parts break ties), cost
    being what a card is worth to hold (`card_value`, 3 more for a star); when the
    trick is lost anyway, a star card is given up last."""

    def __init__(self, trump, stars):
        plays = [Play(card, sky) for card in range(len(DECK)) for sky in (False, True)]

        def cost(card):
            return card_value(card, trump) + (3 if card in stars else 0)
        self.trump = trump
        self.strongest = {a: (cost(a.card), a.sky) for a in plays}
        self.cheapest = {a: (cost(a.card), a.card, a.sky) for a in plays}
        self.cheapest_keeping_stars = {a: (cost(a.card) + (10 if a.card in stars else 0), a.card,
                                           a.sky) for a in plays}
        self.trumps = {a for a in plays if a.card == trump}
        self.high = {a for a in plays if is_rank(a.card) and rank_value(a.card) >= 7}
        self.spare = {a for a in plays if a.card not in stars and a.card != trump}


@lru_cache(maxsize=64)
def play_keys(trump, stars) -> PlayKeys:
    return PlayKeys(trump, stars)


def policy_action(state, rng=None):
    """A quick heuristic move for the seat to act, from its own hand and what is public."""
    seat = state.current_player
    if state.phase == "exchange":                # (no need to list every gift first)
        return quick_gift(state.hands[seat])
    if state.phase == "trump":                   # (two tiles at least are face up)
        return quick_turns(state, seat)[0]
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    rules = state.rules
    want = _wants_trick(rules.track, state.tricks_won[team_of(seat)], len(state.tricks))
    return choose_play(legal, state.tricks[-1].plays, seat, play_keys(state.trump, rules.star_cards),
                       want, state.hands[seat], state.sky or ())


def choose_play(legal, plays, seat, keys: PlayKeys, want: bool, hand, sky):
    """The play policy, from the legal plays and public facts: `keys` for the
    trump and star cards (`play_keys`), `want` whether the seat's team wants the
    trick (`_wants_trick`), `hand` and `sky` the cards it may play from (shared by
    the engine playouts and the quick simulator, so both make the same choices)."""
    if not plays:
        if want:
            options = [a for a in legal if a in keys.trumps] or [a for a in legal if a in keys.high]
            if options:
                return max(options, key=keys.strongest.__getitem__)
            suits = [a for a in legal if not is_rank(a.card)]
            if suits:              # lead the suit held longest (in hand and the Sky)
                return max(suits, key=lambda a: (hand.count(a.card) + sky.count(a.card), -a.card, a.sky))
        low = [a for a in legal if a in keys.spare] or legal
        return min(low, key=keys.cheapest.__getitem__)
    team = team_of(seat)
    wins, loses = [], []
    taker = winner_with(plays, seat, keys.trump)
    for a in legal:
        (wins if taker(a.card) == team else loses).append(a)
    if want and wins:
        return min(wins, key=keys.cheapest.__getitem__)
    if loses:
        return min(loses, key=keys.cheapest_keeping_stars.__getitem__)
    return min(wins, key=keys.cheapest.__getitem__)


# --- the quick simulator of a round's remaining tricks (playouts only) ---------------------
def simulate(state) -> Played:
    """Play the rest of the round (from the play phase) with `choose_play` for every
    seat, on plain lists instead of engine states: the same plays as the engine
    playout, several times faster (tested against it)."""
    n = state.players
    rules, trump = state.rules, state.trump
    track, star_cards = rules.track, rules.star_cards
    keys = play_keys(trump, star_cards)
    hands = [list(h) for h in state.hands]
    sky = list(state.sky or ())
    plays = list(state.tricks[-1].plays)        # the trick so far, (seat, card) in order
    used = list(state.trick_sky)                # where each came from (True: the Sky)
    lead = state.lead_suit
    seats = state.trick_order
    won = list(state.tricks_won)
    stars = [len(state.stars[0]), len(state.stars[1])]
    winners = [t.winner for t in state.tricks[:-1]]
    tricks = len(state.tricks)
    while True:
        wants = (_wants_trick(track, won[0], tricks), _wants_trick(track, won[1], tricks))
        for seat in seats[len(plays):]:
            hand = hands[seat]
            legal = playable(hand, sky, plays, used, seat, lead, n)
            if len(legal) == 1:
                action = legal[0]
            else:
                action = choose_play(legal, plays, seat, keys, wants[team_of(seat)], hand, sky)
            card = action.card
            (sky if action.sky else hand).remove(card)
            lead = lead_suit_after(lead, card)
            plays.append((seat, card))
            used.append(action.sky)
        team = trick_winner(plays, trump)
        leader = next_leader(plays, team)
        winners.append(leader)
        won[team] += 1
        stars[team] += len(stars_taken(plays, star_cards))
        if not any(hands):
            points = round_points(track, won, stars)
            return Played(tuple(points[team_of(s)] for s in range(n)), winners)
        tricks += 1
        seats = trick_order(leader, n)
        plays, used, lead = [], [], None


def playout(state, mark: int, rng):
    """The search's playout: the engine up to the first trick, then the simulator."""
    return playout_to_simulator(state, mark, rng, policy_action, apply_policy, simulate)


def apply_policy(state, action):
    """A move of `policy_action` applied without checking it: the policy makes only
    legal ones (a gift of the shape `gift_shape` asks from the giver's own hand, a
    face-up tile, a card from the legal plays), so the check and the list of every
    legal move it needs (up to 225 gifts) are saved."""
    return state.apply_trusted(action)


def quick_gift(hand) -> Give:
    """A sensible gift: the team wants one partner strong in suits and one in
    ranks, so give the partner the lowest rank cards and the cards of the shortest
    suits, keeping the longest suit and the highest ranks. The gift has the shape
    the engine asks of the hand (`gift_shape`: 2 + 2 but for a hand short of a type
    under the mixed deal)."""
    ranks, suits = gift_shape(hand)
    low_ranks = sorted(filter(is_rank, hand))[:ranks]
    length = {s: hand.count(s) for s in SUITS}
    shortest_first = sorted(SUITS, key=lambda s: (length[s], -s))
    short_suits = [s for s in shortest_first for _ in range(length[s])][:suits]
    return Give(tuple(sorted(low_ranks + short_suits)))


def quick_turns(state, seat: int) -> list[Turn]:
    """Turn down the tile of the suit the seat holds least of (keep its long suit up)."""
    hand = state.hands[seat]
    tiles = [s for s in SUITS if s not in state.turned]
    tiles.sort(key=lambda s: (hand.count(s), s))
    return [Turn(s) for s in tiles]


# --- what the search needs ------------------------------------------------------------------
def decision(state) -> str:
    return {"exchange": "give", "trump": "turn"}.get(state.phase, "play")




def cards_left(state) -> int:
    return sum(len(h) for h in state.hands) + len(state.sky or ())


# Three tricks left: search every world exactly. Copies keep the worlds few then
# (3-220 at the tenth trick over 30 seeded rounds, both deals) and each cheap
# (hard's move: median 0.011 s natively, at most 0.41 s); with two tricks the
# tree searched the tenth instead (0.18-0.25 s), and its hint was an estimate.
# Hard did not get measurably stronger for it (bench/README.md's ladder: against ISMCTS
# -0.08 [-0.29, +0.14] a seat; normal gained more, so hard-normal fell 0.28).
EXACT_CARDS = 12
# With the Sky (two players) the seat sees every card but the other's hand: one
# world, perfect information, so three tricks are searched exactly (at most
# ~0.4 s natively over seeded positions; four took up to 10 s).
EXACT_CARDS_SKY = 12


def search_exactly(state) -> bool:
    limit = EXACT_CARDS_SKY if state.players == 2 else EXACT_CARDS
    return state.phase == "play" and cards_left(state) <= limit


def exact_final(state, seat: int, mark: int, memo: dict):
    """The last position of the round under exact play: the seat's team maximises
    its round points, the other team minimises them (solver/endgame.py)."""
    return endgame.exact_final(ADAPTER, state, seat, mark, memo)


# --- the perfect-information solver's hooks (solver/perfect.py) -------------------------------
def _holdings(state) -> dict:
    places = dict(enumerate(state.hands))
    if state.sky:
        places["sky"] = state.sky
    return places


def _play(state, action):
    if not isinstance(action, Play):
        return None
    return action.card, ("sky" if action.sky else state.current_player)


@lru_cache(maxsize=16)
def _card_order(stars: tuple) -> CardOrder:
    groups, run = [], []
    for card in RANKS:
        if card in stars:
            groups.append(run)
            run = []
        else:
            run.append(card)
    groups.append(run)
    return CardOrder(groups=tuple(tuple(g) for g in groups if len(g) > 1), slots=("hands", "sky"),
                     holdings=_holdings, play=_play)


def card_order(state):
    """In trick play the rank cards between two star ranks play alike but for their
    ranks (equal ranks tie, so copies of a kind stay one kind); star cards score,
    suit cards have no rank: neither is merged."""
    return _card_order(tuple(state.rules.star_cards)) if state.phase == "play" else None


def points_range(state, seat: int, mark: int) -> tuple:
    """The seat's team's points for the round lie between the least and the most
    the track gives for its tricks so far up to those plus every trick left, plus
    the star cards it kept (and at most every star still in play)."""
    if state.phase != "play" or len(state.finished_hands) != mark:
        return (-float("inf"), float("inf"))
    team = team_of(seat)
    plays = state.tricks[-1].plays
    places = state.hands + (state.sky,) if state.sky else state.hands
    left = (sum(map(len, places)) + len(plays)) // 4
    won = state.tricks_won[team]
    least, most = _sure_tricks(state, team, left) if not plays and state.players == 4 else (0, left)
    low, high = _track_range(state.rules.track, won + least, most - least)
    out = sum([part.count(star) for star in state.rules.star_cards for part in places]) + \
        sum([card in state.rules.star_cards for _, card in plays])
    kept = len(state.stars[team])
    return (low + kept, high + kept + out)


def banked(state, seat: int, mark: int) -> tuple:
    """The star cards the seat's team kept this round: the round adds their count
    to its points whatever else happens (and no rule reads which they are), so the
    solver keeps values less them and positions that differ only in them meet."""
    if state.phase != "play" or len(state.finished_hands) != mark:
        return 0, ()
    return len(state.stars[team_of(seat)]), ("stars",)


# The Sky's one deal solved exactly (solver/open_deal.py): the least positions the
# solver needed for every choice of seat 0 over 8 seeded easy-bot hands (bench/
# perfect.py --coverage --games lunar:2 --hands 8, each decision within 60,000 or
# 120,000), by the tricks still to play (the one under way counted): 597 with
# five, 1,300 with six (the next 8,136; 6 of 13 not within 60,000), 70,759 with
# seven (60,839 in 3 other hands; 12 of 14 not within 120,000); with eight or more
# it never finished within 150,000. Below these (a margin under them) it is not
# tried.
SKY_LEAST_NODES = {5: 500, 6: 1_000, 7: 50_000}


def solvable(state, nodes: int) -> bool:
    """Whether the solver may finish within `nodes` positions from this position of
    the Sky (SKY_LEAST_NODES); with four players, one possible deal comes only in the
    exact endgame, and it is tried wherever else asked."""
    if state.players != 2:
        return True
    left = -(-cards_left(state) // 4)
    return left < 5 or nodes >= SKY_LEAST_NODES.get(left, float("inf"))


def _sure_tricks(state, team: int, left: int) -> tuple:
    """Between how many and how many of the `left` tricks still to play (at a
    trick's start, four players) `team` takes: each team plays exactly one suit
    card a trick (the partner plays the other type, and a team holding as many
    suit as rank cards, its two hands alike in size, always can), so each of its
    trump cards goes in a trick of its own, which it takes unless the other team
    plays trump there too; so it takes at least its trumps less the other team's."""
    trump, hands = state.trump, state.hands
    held = []
    for seats in TEAMS:
        cards = [c for s in seats for c in hands[s]]
        if any(len(hands[s]) != left for s in seats) or sum(map(is_rank, cards)) != left:
            return 0, left          # not as the deal leaves it (a position written out): no bound
        held.append(cards.count(trump))
    ours, theirs = held[team], held[1 - team]
    return max(0, ours - theirs), left - max(0, theirs - ours)


@lru_cache(maxsize=1024)
def _track_range(track: tuple, won: int, left: int) -> tuple:
    """The least and most the track gives for `won` tricks plus up to `left` more."""
    part = track[won:won + left + 1]
    return min(part), max(part)


def tree_search(state) -> bool:
    """The hard level plays its cards by the tree search (solver/tree.py) until
    the exact endgame. With four players: over 200 deals ISMCTS at 1,000
    iterations beat the flat search at 200 playouts by 1.42 points a seat, and
    five times the flat search's playouts did not close the gap; with the tree
    at 1,500 iterations hard beats ISMCTS at 1,000 by 0.68. With the Sky (one
    possible deal, so the tree is plain UCT on it), ISMCTS at 1,000 iterations
    beat hard's look-ahead (search._look_ahead at 200 playouts) by 3.68 points a
    seat over 106 deals; with the tree hard is level with it, +0.32 [-0.12,
    +0.75] over 200 (bench/README.md's ladder). The Sky's trump turning too: the whole
    hand lies ahead of its one deal, where a few moves of look-ahead and a
    playout judge poorly (judged by the tree at six times the hint's effort, the
    look-ahead's turns agreed in 51% of 100 positions and cost 4.6% of a hand's
    range; the tree's, 81% and 1.0%), and against ISMCTS hard went from level
    to +0.94 [+0.51, +1.37] points a seat over 200 deals."""
    if state.phase == "trump":
        return state.players == 2
    return state.phase == "play" and not search_exactly(state)


def split_trees(state) -> bool:
    """With four players the tree search may be split into root-parallel trees:
    at 1,500 iterations four trees were level with one (bench/tree_parallel.py,
    judged by one tree of 15,000: +0.000 [-0.023, +0.023] points a decision over
    53 positions). Not the Sky's one deal: there four lost -0.075 [-0.151,
    +0.001] over 42."""
    return state.players == 4


def allies(state, a: int, b: int) -> bool:
    """Seats on one side (the engine's `side`: a team; with the Sky, each player alone)."""
    return b in state.side(a)


def face_up_rule(players: int) -> str:
    """How the sides play with all hands seen (the hand review's words for `allies`)."""
    who = ("you play to score the most and the other player to keep your points down"
           if players == 2 else
           "your team plays to score the most and the other team to keep your points down")
    return f"{who} (Lunar is not zero-sum, so this is a cautious reading)"


# --- partners (four players: solver/partners.py; each seat's partner is the engine's `side`) ---
def team_takes(state, seat: int, plays: list) -> bool:
    return trick_winner(plays, state.trump) == team_of(seat)


def trick_strength(state, seat: int, card: int) -> int:
    """A rank card's rank, a suit card 2 if trump else 1 (the seat's legal cards
    are all of one type, so only like is compared with like)."""
    if is_rank(card):
        return rank_value(card)
    return 2 if card == state.trump else 1


def is_winner(state, seat: int, card: int, unseen: list[int]) -> bool:
    """A rank card at least as high as every rank card still out, or a trump suit card."""
    if not is_rank(card):
        return card == state.trump
    return all(rank_value(card) >= rank_value(c) for c in unseen if is_rank(c))


def later_cards(state, seat: int, cards: set) -> set:
    """A later opponent plays the type its own partner's card leaves it, if it has one."""
    mate = next((c for s, c in state.tricks[-1].plays if team_of(s) == team_of(seat)), None)
    if mate is not None:
        other = {c for c in cards if is_rank(c) != is_rank(mate)}
        cards = other or cards
    return cards


def star(state, card: int) -> bool:
    """A star card scores for the team that takes the trick."""
    return card in state.rules.star_cards


PARTNERSHIPS = Partners(players=(4,), takes=team_takes, strength=trick_strength,
                        is_winner=is_winner, later_cards=later_cards, gain=star)


def fast_apply(state, action):
    """apply_action, without listing every legal gift first (up to 225) when the
    action is a gift the policy made: cards of the giver's own hand in the shape
    `gift_shape` asks, so legal under either deal."""
    if isinstance(action, Give) and state.phase == "exchange":
        return state.apply_trusted(action)
    return state.apply_action(action)


def open_places(state) -> dict:
    """The Sky (two players), face up beside the hands in the hand review."""
    return {"sky": state.sky} if state.sky else {}


ADAPTER = Adapter(
    "lunar", build_view=build_view, world_record=world_record, world_state=world_state,
    policy_action=policy_action, fast_apply=fast_apply, decision=decision,
    current_trick_index=trick_under_way, cards_left=cards_left, consistent_fast=consistent_fast,
    playout=playout, search_exactly=search_exactly, exact_final=exact_final,
    inference=inference, open_places=open_places, allies=allies, tree_search=tree_search, split_trees=split_trees,
    face_up_rule=face_up_rule, partners=PARTNERSHIPS, card_order=card_order, points_range=points_range,
    banked=banked, solvable=solvable)
