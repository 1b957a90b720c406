"""Tricksters (shared/rules/tricksters.md): four players, partners chosen anew each round.

Cards are 0..19 for the tokens T1..T20; a card's value in each critter (suit)
comes from the rules' deck table (Ruling T1). Critters are Ravens, Foxes, Rats,
Toads = 0..3. A played card counts only its value in the led critter.

A round: deal 3 hidden cards each and 8 face up to the centre; the card draft
(R, D, L, A, twice); the suit draft (L, A, R, D); A chooses the partnerships;
five tricks, the dealer leading first.
"""
from __future__ import annotations

import dataclasses

from ..cards import Deck, remove_card
from ..deals import check_deal_cards, deal_cards, deal_fields, deal_hands, deal_seat
from ..errors import RulesError, TokenError, quote
from ..game import Game, GameState, register
from ..position import NONE, UNCHOSEN, cards_text, check_cards, numbers_text, places_text, tricks_text
from ..rules import Rules, rule
from ..words import Words, count, join
from ..tricks import Trick, clockwise_from, left_of, right_of

PLAYERS = 4
CARDS = 20
HAND_SIZE = 3                       # dealt face down to each player
CENTRE_SIZE = 8                     # dealt face up to the centre, then drafted
TRICKS = 5
SUITS = ("Ravens", "Foxes", "Rats", "Toads")
DECK = Deck([f"T{i}" for i in range(1, CARDS + 1)])
ROUND_POINTS = (0, 0, 1, 2, 2, 3)   # a partnership's tricks in a round -> each partner's points
TARGET_MARGIN = 3                   # the target is the highest score plus 3 ...
TARGET_AFTER_ROUNDS = PLAYERS       # ... once everyone has dealt once

# Ruling T1: the 20 orderings of (1, 2, 4, 5) other than its rotations, as
# (Ravens, Foxes, Rats, Toads) per card T1..T20.
DEFAULT_DECK = (
    (1, 2, 5, 4), (1, 4, 2, 5), (1, 4, 5, 2), (1, 5, 2, 4), (1, 5, 4, 2),
    (2, 1, 4, 5), (2, 1, 5, 4), (2, 4, 1, 5), (2, 5, 1, 4), (2, 5, 4, 1),
    (4, 1, 2, 5), (4, 1, 5, 2), (4, 2, 1, 5), (4, 2, 5, 1), (4, 5, 2, 1),
    (5, 1, 4, 2), (5, 2, 1, 4), (5, 2, 4, 1), (5, 4, 1, 2), (5, 4, 2, 1),
)


def _deck_from_json(value) -> tuple[tuple[int, ...], ...]:
    """A deck table from JSON: 20 cards, each 4 whole-number values."""
    if not isinstance(value, (list, tuple)) or len(value) != CARDS:
        raise ValueError(f"the deck lists {CARDS} cards (T1..T20), each as its "
                         f"[Ravens, Foxes, Rats, Toads] values")
    deck = []
    for index, card in enumerate(value):
        if (not isinstance(card, (list, tuple)) or len(card) != len(SUITS)
                or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in card)):
            raise ValueError(f"card T{index + 1} must list 4 whole-number values (Ravens, "
                             f"Foxes, Rats, Toads), not {card!r}")
        deck.append(tuple(card))
    return tuple(deck)


def _deck_to_json(deck) -> list[list[int]]:
    return [list(card) for card in deck]


def victors(scores) -> list[int]:
    """The winning seats for final scores: the two highest share the victory; a tie
    for second gives the first sole victory; a tie for first (Ruling T3) is shared
    by the tied players only."""
    best = max(scores)
    first = [s for s, score in enumerate(scores) if score == best]
    if len(first) > 1:
        return first                                             # Ruling T3
    rest = [score for score in scores if score != best]
    if not rest:
        return first
    second = [s for s, score in enumerate(scores) if score == max(rest)]
    return sorted(first + second) if len(second) == 1 else first


# --- the rule of a trick on plain values ----------------------------------------------------
# The State and the solver's exact trick search both call it: a trick is its `leader`
# and its four `cards` in play order (clockwise from the leader); `suits` is each
# seat's critter (its Suit card); `partner` each seat's partner; `deck` the rules'
# card values.
def trick_result(leader: int, cards, suits, partner, deck) -> tuple[tuple[int, int], int]:
    """(the partnership that takes the complete trick, the seat that leads next).

    The leader leads their own critter, and each card counts its value in it. The
    higher pair sum takes the trick; on equal sums the pair that did not lead takes
    it. The higher card of the winning pair leads next; if the two are equal, the
    same leader leads again when its pair won, else the winner nearest clockwise
    from the leader.

    Seat 0 leads Ravens, partnered with seat 2; T20 (Ravens 5) and T6 (Ravens 2)
    make 7 against T1 and T11's 1 + 4 = 5:

    >>> suits, partner = (0, 1, 2, 3), (2, 3, 0, 1)
    >>> trick_result(0, (19, 0, 5, 10), suits, partner, DEFAULT_DECK)
    ((0, 2), 0)

    Seat 1 leads Foxes and every card shows Foxes 2 (T1, T13, T14, T17): 4 against
    4, so seats 0 and 2 take it; their cards are equal, and seat 2 is nearer
    clockwise from the leader:

    >>> trick_result(1, (0, 12, 13, 16), suits, partner, DEFAULT_DECK)
    ((0, 2), 2)
    """
    led = suits[leader]                  # the leader leads their own suit
    first, second, third, fourth = cards
    value = [0] * PLAYERS                # per seat: only the led critter's value counts
    value[leader] = deck[first][led]
    value[(leader + 1) % PLAYERS] = deck[second][led]
    value[(leader + 2) % PLAYERS] = deck[third][led]
    value[(leader + 3) % PLAYERS] = deck[fourth][led]
    mate = partner[leader]
    a = (leader + 1) % PLAYERS           # the other pair: a seat not the leader's, and its partner
    if a == mate:
        a = (leader + 2) % PLAYERS
    b = partner[a]
    if a > b:
        a, b = b, a
    if value[leader] + value[mate] > value[a] + value[b]:
        winners = (leader, mate)
    else:
        winners = (a, b)                 # equal sums: the partnership that did not lead takes it
    x, y = winners
    if value[x] != value[y]:
        return winners, (x if value[x] > value[y] else y)   # the higher card leads next
    if x == leader:
        return winners, leader           # tie among the leading partners: the same leader again
    # tie among the non-leading partners: the one nearest clockwise from the last leader
    return winners, (x if (x - leader) % PLAYERS < (y - leader) % PLAYERS else y)


def partnerships(chooser: int, mate: int) -> tuple[int, ...]:
    """Each seat's partner once `chooser` names `mate`: the other two pair up.

    >>> partnerships(2, 1)
    (3, 2, 1, 0)
    """
    partner = [None] * PLAYERS
    partner[chooser], partner[mate] = mate, chooser
    a, b = (s for s in range(PLAYERS) if s not in (chooser, mate))
    partner[a], partner[b] = b, a
    return tuple(partner)


def trick_phase(hands, drafted, dealer: int) -> tuple[tuple, int]:
    """(the hands, the first leader) of the trick phase: the drafted cards join
    the dealt ones, and the dealer leads first."""
    return tuple(tuple(sorted(h + d)) for h, d in zip(hands, drafted)), dealer


class TrickstersWords(Words):
    """A Tricksters card is its four values, one per critter ("Ravens 4 / Foxes 1 /
    Rats 5 / Toads 2"); in a trick it is said by the led critter's value first
    ("Rats 5 (Ravens 4, Foxes 1, Toads 2)")."""

    hand_word = "round"

    phases = {"draft": "the card draft", "suits": "the suit draft", "partners": "choosing partners",
              "play": "trick play", "over": "game over"}

    @staticmethod
    def values(token: str, tell) -> list[int]:
        known = (tell.obs.get("values") or {}).get(token) if tell is not None else None
        return list(known) if known else list(DEFAULT_DECK[DECK.card(token)])

    def card(self, token: str, tell=None) -> str:
        return " / ".join(f"{suit} {value}" for suit, value in zip(SUITS, self.values(token, tell)))

    def the(self, token: str, tell=None) -> str:
        return f"the card {self.card(token, tell)}"

    @staticmethod
    def led_now(tell) -> str | None:
        """The critter a card played now counts in: the led one, or yours when you lead."""
        obs = tell.obs
        if obs.get("phase") != "play":
            return None
        if obs.get("led_suit"):
            return obs["led_suit"]
        suits = obs.get("suits") or []
        return suits[obs["seat"]] if obs.get("to_act") == obs.get("seat") and obs["seat"] < len(suits) else None

    def choice(self, token: str, tell) -> str:
        verb, _, arg = token.partition(" ")
        if verb == "take":
            return f"Take {self.card(arg, tell)} from the centre"
        if verb == "suit":
            return f"Take the {arg} suit card"
        if verb == "partner":
            other = int(arg)
            rest = [s for s in range(PLAYERS) if s not in (tell.me, other)]
            return (f"Pair with {tell.seat(other, start=False)} "
                    f"(against {join(tell.seat(s, start=False) for s in rest)})")
        led = self.led_now(tell)
        if led is None:
            return self.card(token, tell)
        pairs = list(zip(SUITS, self.values(token, tell)))
        value = dict(pairs)[led]
        return f"{led} {value} ({', '.join(f'{s} {v}' for s, v in pairs if s != led)})"

    def done(self, token: str, tell, actor: int, where=None) -> str:
        verb, _, arg = token.partition(" ")
        if verb == "take":
            return f"took {self.the(arg, tell)} from the centre"
        if verb == "suit":
            return f"took the {arg} suit card"
        if verb == "partner":
            return f"paired with {tell.seat(int(arg), start=False)}"
        led = self.led_in(tell, *where) if where else None
        return f"played {self.oriented(token, tell, led) if led else self.the(token, tell)}"

    def oriented(self, token: str, tell, led: str) -> str:
        """A card turned to the led critter: "Rats 5 (Ravens 4, Foxes 1, Toads 2)"."""
        pairs = list(zip(SUITS, self.values(token, tell)))
        return f"{led} {dict(pairs)[led]} ({', '.join(f'{s} {v}' for s, v in pairs if s != led)})"

    @staticmethod
    def round_facts(tell, hand: int) -> dict:
        """A round's suits, partners and led critters: a finished round's score sheet,
        or the round in progress."""
        results = tell.obs.get("hand_results") or []
        if hand < len(results):
            return results[hand]
        return {"partners": tell.obs.get("partners") or [], "led": tell.obs.get("tricks_led") or [],
                "suits": tell.obs.get("suits") or []}

    def led_in(self, tell, hand: int, number: int) -> str | None:
        led = self.round_facts(tell, hand)["led"]
        return led[number] if number < len(led) else None

    def trick_taken(self, trick: dict, tell, hand: int, number: int) -> str:
        facts = self.round_facts(tell, hand)
        led = self.led_in(tell, hand, number)
        winner = trick["winner"]
        partner = facts["partners"][winner]
        pair = sorted((winner, partner), key=lambda s: (s != tell.me, (s - tell.me) % PLAYERS))
        index = SUITS.index(led)
        sums = {True: 0, False: 0}
        for seat, card in trick["cards"]:
            sums[seat in pair] += self.values(card, tell)[index]
        score = f"{sums[True]} to {sums[False]} in {led}"
        if sums[True] == sums[False]:            # the rule that decided it, or "9 to 9" reads as a mistake
            score += " (a tie goes to the pair that did not lead)"
        if number == TRICKS - 1:                 # no next trick: the next round's dealer leads
            return f"{tell.seats(pair)} take the last trick, {score}."
        nxt = tell.seat(winner, start=False)
        return f"{tell.seats(pair)} take the trick, {score}; {nxt} {tell.verb('leads', winner)} next."

    def hand_lines(self, result: dict, tell) -> list[str]:
        pairs = [sorted(p["seats"], key=lambda s: (s != tell.me, (s - tell.me) % PLAYERS))
                 for p in result["pairs"]]
        pairs.sort(key=lambda p: p[0] != tell.me)
        lines = [f"Round {result['hand']}: {tell.seat(result['dealer'])} dealt; partners "
                 f"{tell.seats(pairs[0], start=False)} against {tell.seats(pairs[1], start=False)}."]
        for pair in result["pairs"]:
            seats = sorted(pair["seats"], key=lambda s: (s != tell.me, (s - tell.me) % PLAYERS))
            lines.append(f"{tell.seats(seats)} took {count(pair['tricks'], 'trick')}: "
                         f"{count(pair['points'], 'point')} each.")
        target = result["target"]
        if target is not None:
            best = max(result["totals"])
            if result["hand"] == 4:
                lines.append(f"Everyone has dealt once: the target is {target}, the highest score plus 3.")
            elif best >= target:
                leaders = [s for s, t in enumerate(result["totals"]) if t == best]
                lines.append(f"{tell.seats(leaders)} {tell.verb('reaches', leaders)} the target of "
                             f"{target}: the game ends.")
            else:
                lines.append(f"Nobody has reached the target of {target} yet.")
        return lines

    def outcome(self, tell) -> str:
        """Partners change every round, so "Left and Across win" needs its reason:
        the two highest scores win together, a tie for second leaves the first to win
        alone, and a tie for first is shared by the tied only (Ruling T3)."""
        line = super().outcome(tell).rstrip(".!")
        scores, winners = tell.obs.get("scores") or [], tell.obs.get("winners") or []
        if not scores or not winners:
            return line + "."
        best = max(scores)
        if len(winners) > 1 and all(scores[w] == best for w in winners):
            why = "tied for the highest score"
        elif len(winners) == 2:
            why = "the two highest scores win together"
        else:
            why = "a tie for second place leaves the highest score to win alone"
        return f"{line}: {why}."


WORDS = TrickstersWords("Tricksters")


@dataclasses.dataclass(frozen=True)
class TrickstersRules(Rules):
    players: int = rule(PLAYERS, "Number of players: Tricksters is always played by 4.",
                        choices=(PLAYERS,), label="Players")
    deck: tuple = rule(DEFAULT_DECK, "What each of the 20 cards is worth in Ravens, Foxes, "
                                     "Rats and Toads. The standard deck holds every order of the "
                                     "values 1, 2, 4 and 5 on a card's four edges except the four "
                                     "that are 1, 2, 4, 5 turned round.",
                       ruling="T1", convert=_deck_from_json, dump=_deck_to_json,
                       label="Card values", help="What each card is worth in each critter.",
                       items=tuple(DECK.tokens), columns=SUITS)
    target_check: str = rule(
        "every_round", "The target (the highest score plus 3 once everyone has dealt) is "
                       "checked at the end of every round from the fourth on: the game ends "
                       "after the first round in which some score reaches it.",
        ruling="T2", choices=("every_round",), label="Reaching the target",
        help="Checked after every round from the fourth on.")
    first_tie: str = rule(
        "shared", "Two or more players tied for the highest score share the victory, and "
                  "nobody else does.", ruling="T3", choices=("shared",),
        label="A tie for first place", help="The tied players share the victory.")

    def validate(self) -> None:
        try:
            _deck_from_json(self.deck)
        except ValueError as exc:
            raise RulesError(f"rules field 'deck': {exc}") from None


@dataclasses.dataclass(frozen=True, slots=True)
class Take:
    """Take a card from the centre (card draft)."""
    card: int


@dataclasses.dataclass(frozen=True, slots=True)
class ChooseSuit:
    """Take a Suit card (suit draft)."""
    suit: int


@dataclasses.dataclass(frozen=True, slots=True)
class Partner:
    """The seat across from the dealer names its own partner (partner choice)."""
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class Play:
    """Play a card, oriented to the led critter."""
    card: int


# One shared instance per action: legal-action lists allocate nothing, and
# `action in legal` matches by identity first.
TAKES = tuple(Take(c) for c in range(CARDS))
CHOICES = tuple(ChooseSuit(s) for s in range(len(SUITS)))
PARTNERS = tuple(Partner(s) for s in range(PLAYERS))
PLAYS = tuple(Play(c) for c in range(CARDS))


def _replace_at(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


class TrickstersState(GameState):
    __slots__ = ("round_index", "dealer", "phase", "hands", "centre_dealt", "centre",
                 "drafted", "draft_order", "suits", "suit_order", "partner",
                 "team_tricks", "scores", "target", "past_rounds")
    # hands: held cards (the dealt ones; the drafted ones join them for the trick phase);
    # drafted: per seat, the centre cards it took, in order (public);
    # team_tricks: per seat, the tricks its partnership has taken this round;
    # past_rounds: per finished round, (suits, partner, target after it), public.

    # --- set-up ---------------------------------------------------------------
    def _begin(self) -> None:
        self.scores = (0,) * PLAYERS
        self.target = None
        self.past_rounds = ()
        self._start_round(0, self.game.first_dealer_of(self))

    def _start_round(self, index: int, dealer: int) -> None:
        deal = self._next_deal(dealer)
        self.round_index = index
        self.dealer = dealer
        self.phase = "draft"
        self.hands = deal["hands"]
        self.centre_dealt = deal["centre"]
        self.centre = deal["centre"]
        self.drafted = ((),) * PLAYERS
        # The card draft starts right of the dealer and goes clockwise, twice round.
        self.draft_order = tuple(clockwise_from(right_of(dealer, PLAYERS), PLAYERS)) * 2
        # The suit draft starts left of the dealer.
        self.suit_order = tuple(clockwise_from(left_of(dealer, PLAYERS), PLAYERS))
        self.suits = (None,) * PLAYERS
        self.partner = (None,) * PLAYERS
        self.team_tricks = (0,) * PLAYERS
        self.tricks = ()

    @property
    def across(self) -> int:
        return (self.dealer + 2) % PLAYERS

    @property
    def led_suit(self) -> int | None:
        """The critter the trick under way counts in, its leader's own suit (None
        outside trick play)."""
        return self.suits[self.tricks[-1].leader] if self.phase == "play" else None

    # --- protocol ---------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == "play":
            trick = self.tricks[-1]
            return (trick.leader + len(trick.plays)) % PLAYERS
        if phase == "draft":
            return self.draft_order[CENTRE_SIZE - len(self.centre)]
        if phase == "suits":
            return self.suit_order[sum(s is not None for s in self.suits)]
        if phase == "partners":
            return self.across
        return None

    def _legal_actions(self):
        phase = self.phase
        if phase == "play":
            return [PLAYS[card] for card in self.hands[self.current_player]]
        if phase == "draft":
            return [TAKES[card] for card in self.centre]
        if phase == "suits":
            return [CHOICES[s] for s in range(len(SUITS)) if s not in self.suits]
        chooser = self.across
        return [PARTNERS[s] for s in range(PLAYERS) if s != chooser]

    def why_illegal(self, action, tell=None) -> str:
        seat = self.current_player
        phase = self.phase
        card = tell.the if tell else str          # record errors name the token
        who = (lambda s: tell.seat(s, start=False)) if tell else (lambda s: f"seat {s}")
        if phase == "draft":
            if not isinstance(action, Take):
                return ("first take a card from the centre" if tell else
                        f"it is seat {seat}'s turn to take a centre card (take T..)")
            owner = next((s for s in range(PLAYERS) if action.card in self.drafted[s]), None)
            if owner is not None:
                return f"{card(DECK.token(action.card))} was already taken by {who(owner)}"
            return f"{card(DECK.token(action.card))} is not in the centre"
        if phase == "suits":
            if not isinstance(action, ChooseSuit):
                return ("first take a Suit card" if tell else
                        f"it is seat {seat}'s turn to take a Suit card (suit Ravens, ...)")
            return f"{SUITS[action.suit]} was already taken by {who(self.suits.index(action.suit))}"
        if phase == "partners":
            if not isinstance(action, Partner):
                return (f"{who(seat)}, across from the dealer, first chooses the partners" if tell else
                        f"seat {seat}, across from the dealer, chooses partners (partner N)")
            if action.seat == seat:
                return "name your partner: another seat, not your own"
            return f"there is no seat {action.seat}: seats are 0..{PLAYERS - 1}"
        if not isinstance(action, Play):
            return "the drafts are over: play a card from your hand"
        return f"{card(DECK.token(action.card))} is not in your hand"

    def _apply(self, action, seat: int) -> None:
        phase = self.phase
        if phase == "play":
            self._apply_play(action.card, seat)
        elif phase == "draft":
            self._apply_take(action.card, seat)
        elif phase == "suits":
            self._apply_suit(action.suit, seat)
        else:
            self._apply_partner(action.seat, seat)

    def _apply_take(self, card: int, seat: int) -> None:
        # A drafted card lies face up in front of its owner: public from now on.
        self.centre = remove_card(self.centre, card)
        self.drafted = _replace_at(self.drafted, seat, self.drafted[seat] + (card,))
        if not self.centre:
            self.phase = "suits"

    def _apply_suit(self, suit: int, seat: int) -> None:
        self.suits = _replace_at(self.suits, seat, suit)
        if None not in self.suits:
            self.phase = "partners"

    def _apply_partner(self, mate: int, seat: int) -> None:
        self.partner = partnerships(seat, mate)
        self.hands, leader = trick_phase(self.hands, self.drafted, self.dealer)
        self.phase = "play"
        self.tricks = (Trick(leader),)

    def _apply_play(self, card: int, seat: int) -> None:
        trick = self.tricks[-1].add(seat, card)
        self.hands = _replace_at(self.hands, seat, remove_card(self.hands[seat], card))
        if len(trick.plays) < PLAYERS:
            self.tricks = self.tricks[:-1] + (trick,)
            return
        # A trick's recorded winner is the seat the next-leader rule names (records.md),
        # the fifth trick's included.
        winners, next_leader = trick_result(trick.leader, trick.cards, self.suits, self.partner,
                                            self.rules.deck)
        self.tricks = self.tricks[:-1] + (trick._replace(winner=next_leader),)
        counts = list(self.team_tricks)
        for s in winners:
            counts[s] += 1
        self.team_tricks = tuple(counts)
        if len(self.tricks) < TRICKS:
            self.tricks = self.tricks + (Trick(next_leader),)
        else:
            self._end_round()

    def _end_round(self) -> None:
        points = tuple(ROUND_POINTS[t] for t in self.team_tricks)
        self.scores = tuple(s + p for s, p in zip(self.scores, points))
        self._finish_hand(points)
        rounds = self.round_index + 1
        if rounds == TARGET_AFTER_ROUNDS:    # everyone has dealt once: set the target
            self.target = max(self.scores) + TARGET_MARGIN
        self.past_rounds = self.past_rounds + ((self.suits, self.partner, self.target),)
        # Ruling T2: checked at the end of every round once set (the fourth included)
        if self.target is not None and max(self.scores) >= self.target:
            self.phase = "over"
            return
        self._start_round(rounds, left_of(self.dealer, PLAYERS))   # the Dealer card passes left

    # --- results ------------------------------------------------------------------
    def sides(self) -> tuple[tuple[int, ...], ...] | None:
        """This round's two pairs, once the partners are chosen (None before)."""
        if self.partner[0] is None:
            return None
        return tuple(sorted({tuple(sorted((s, self.partner[s]))) for s in range(PLAYERS)}))

    def totals(self) -> list[int]:
        return list(self.scores)

    def winners(self) -> list[int]:
        return victors(self.scores) if self.phase == "over" else []

    # --- what a seat may know -------------------------------------------------------
    def _observe(self, seat: int) -> dict:
        tokens = DECK.tokens_of
        playing = self.phase == "play"
        in_hand = self.phase in ("play", "over")      # drafted cards have joined the hands
        owner = {card: s for s in range(PLAYERS) for card in self.drafted[s]}
        trick = self.tricks[-1] if playing else None
        led = self.led_suit
        return {
            "phase": self.phase,
            "round": self.round_index + 1,
            "dealer": self.dealer,
            "roles": {"dealer": self.dealer, "left": left_of(self.dealer, PLAYERS),
                      "across": self.across, "right": right_of(self.dealer, PLAYERS)},
            "hand": tokens(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "centre": [{"card": DECK.token(c), "taken_by": owner.get(c)} for c in self.centre_dealt],
            "drafted": [tokens(d) for d in self.drafted],
            # Drafted cards are public: everyone knows which of them each seat still holds.
            "known_held": [tokens(c for c in self.drafted[s] if not in_hand or c in self.hands[s])
                           for s in range(PLAYERS)],
            "suits": [SUITS[s] if s is not None else None for s in self.suits],
            "partners": list(self.partner),
            "leader": trick.leader if trick else None,
            "led_suit": SUITS[led] if trick else None,
            "trick_values": [[s, self.rules.deck[c][led]] for s, c in trick.plays] if trick else [],
            "tricks_won": list(self.team_tricks),
            "scores": list(self.scores),
            "target": self.target,
            "values": {DECK.token(c): list(v) for c, v in enumerate(self.rules.deck)},
            # the critter each trick of this round was led in (a finished trick's too)
            "tricks_led": [SUITS[self.suits[t.leader]] for t in self.tricks] if playing else [],
            "hand_results": self._hand_results(),
        }

    def _hand_results(self) -> list[dict]:
        """Every finished round's score sheet: the partners and suits of that round,
        each pair's tricks and points, the critter each trick was led in, and the
        cards each seat played (its whole hand: every card of it is now public)."""
        # the running totals start from those before this state's first round (0 but
        # for a position read from text)
        out = []
        totals = [self.scores[s] - sum(p[s] for _, p in self.finished_hands) for s in range(PLAYERS)]
        for index, (tricks, points) in enumerate(self.finished_hands):
            suits, partner, target = self.past_rounds[index]
            totals = [t + p for t, p in zip(totals, points)]
            pairs = []
            for first in range(PLAYERS):
                if first < partner[first]:
                    pair = [first, partner[first]]
                    won = sum(1 for t in tricks if t.winner in pair)
                    pairs.append({"seats": pair, "tricks": won, "points": ROUND_POINTS[won]})
            out.append({
                "hand": self.first_hand + index + 1,
                "dealer": self.deals[index]["dealer"],
                "suits": [SUITS[s] for s in suits],
                "partners": list(partner),
                "pairs": pairs,
                "led": [SUITS[suits[t.leader]] for t in tricks],
                "points": list(points),
                "totals": totals,
                "target": target,
                "hands": [DECK.tokens_of(sorted(t.card_of(s) for t in tricks)) for s in range(PLAYERS)],
            })
        return out

    # --- conformance hooks --------------------------------------------------------
    def cards_in_play(self) -> list[int]:
        cards = [c for hand in self.hands for c in hand] + list(self.centre)
        if self.phase in ("draft", "suits", "partners"):
            cards += [c for d in self.drafted for c in d]
        cards += [c for trick in self.tricks for c in trick.cards]
        return sorted(cards)

    def deal_cards(self, deal: dict) -> list[int]:
        return sorted([c for hand in deal["hands"] for c in hand] + list(deal["centre"]))

    def hidden_places(self, seat: int) -> dict[str, tuple[int, ...]]:
        """Other seats' dealt cards still held (drafted cards are public)."""
        return {f"hand:{s}": tuple(c for c in self.hands[s] if c not in self.drafted[s])
                for s in range(PLAYERS) if s != seat}

    def with_hidden(self, seat: int, places: dict[str, tuple[int, ...]]) -> "TrickstersState":
        new = self._copy()
        new._legal = None
        hands = list(self.hands)
        for name, cards in places.items():
            s = int(name.partition(":")[2])
            public = tuple(c for c in self.hands[s] if c in self.drafted[s])
            hands[s] = tuple(sorted(tuple(cards) + public))
        new.hands = tuple(hands)
        return new

    def action_universe(self) -> list:
        return [*TAKES, *CHOICES, *PARTNERS, Partner(PLAYERS), *PLAYS]

    # --- a position as text (pycore/position.py) -----------------------------------------
    def position_fields(self) -> dict[str, str]:
        """Tricksters' fields: `round` (its number, from 1), `dealer`, `phase` (draft,
        suits, partners, play, over), `scores` per seat, `target` (`-` until set),
        `hands` (the cards held: the dealt ones, joined by the drafted ones in the
        trick phase), `centre` (the 8 cards dealt face up), `drafted` (per seat, the
        centre cards it took, in order), `suits` (per seat, its suit or `?`),
        `partners` (per seat, its partner's seat, or `-`), `won` (per seat, the tricks
        its partnership took this round), `tricks` (this round's, every one).

        >>> text = ('tricksters rules={"players":4} seed=3 round=2 dealer=1 phase=play '
        ...         'scores=1,0,1,0 target=- hands=T1,T2,T3,T4/T5,T6,T7,T8/T9,T10,T11/T12,T13,T14 '
        ...         'centre=T1,T5,T9,T12,T15,T16,T17,T18 drafted=T5,T16/T9,T17/T12,T18/T1,T15 '
        ...         'suits=Foxes,Ravens,Rats,Toads partners=2,3,0,1 won=0,0,0,0 tricks=1:T15,T19,T20')
        >>> state = GAME.from_position(text)
        >>> state.current_player, [GAME.action_token(state, a) for a in state.legal_actions()]
        (0, ['T1', 'T2', 'T3', 'T4'])
        >>> GAME.position_text(state) == text
        True
        """
        return {"round": str(self.round_index + 1), "dealer": str(self.dealer), "phase": self.phase,
                "scores": numbers_text(self.scores),
                "target": NONE if self.target is None else str(self.target),
                "hands": places_text(DECK, self.hands), "centre": cards_text(DECK, self.centre_dealt),
                "drafted": places_text(DECK, self.drafted),
                "suits": ",".join(UNCHOSEN if s is None else SUITS[s] for s in self.suits),
                "partners": NONE if self.partner[0] is None else numbers_text(self.partner),
                "won": numbers_text(self.team_tricks),
                "tricks": tricks_text(self.tricks, lambda i, j, card: DECK.token(card))}

    def _read_position(self, read) -> None:
        self.round_index = read.number("round", 1) - 1
        self.first_hand = self.round_index
        dealer = self.dealer = read.seat("dealer")
        phase = self.phase = read.choice("phase", ("draft", "suits", "partners", "play", "over"))
        self.scores = read.numbers("scores", PLAYERS)
        self.target = read.optional_number("target")
        self.hands = read.places("hands")
        self.centre_dealt = read.cards("centre")
        self.drafted = read.places("drafted", sort=False)
        suits = read.text("suits").split(",")
        if len(suits) != PLAYERS or any(s != UNCHOSEN and s not in SUITS for s in suits):
            raise read.error("suits", f"lists per seat one of {', '.join(SUITS)} or '{UNCHOSEN}'")
        self.suits = tuple(None if s == UNCHOSEN else SUITS.index(s) for s in suits)
        partners = read.text("partners")
        self.partner = (None,) * PLAYERS if partners == NONE else read.numbers("partners", PLAYERS,
                                                                               maximum=PLAYERS - 1)
        if partners != NONE and any(self.partner[p] != s or p == s for s, p in enumerate(self.partner)):
            raise read.error("partners", f"{partners} does not pair the four seats")
        self.team_tricks = read.numbers("won", PLAYERS, maximum=TRICKS)
        self.tricks, _ = read.tricks("tricks", lambda leader: clockwise_from(leader, PLAYERS))
        self.past_rounds = ()
        self.draft_order = tuple(clockwise_from(right_of(dealer, PLAYERS), PLAYERS)) * 2
        self.suit_order = tuple(clockwise_from(left_of(dealer, PLAYERS), PLAYERS))
        if len(self.centre_dealt) != CENTRE_SIZE:
            raise read.error("centre", f"lists the {CENTRE_SIZE} cards dealt face up")
        taken = [c for d in self.drafted for c in d]
        if any(c not in self.centre_dealt for c in taken) or len(set(taken)) != len(taken):
            raise read.error("drafted", "the drafted cards are different cards of the centre")
        if any(len(self.drafted[s]) != self.draft_order[:len(taken)].count(s) for s in range(PLAYERS)):
            raise read.error("drafted", f"{len(taken)} cards are taken in the order "
                                        f"{self.draft_order}")
        self.centre = tuple(c for c in self.centre_dealt if c not in taken)
        chosen = sum(s is not None for s in self.suits)
        if {s for s in range(PLAYERS) if self.suits[s] is not None} != set(self.suit_order[:chosen]) \
                or len({s for s in self.suits if s is not None}) != chosen:
            raise read.error("suits", f"different suits are taken in the order {self.suit_order}")
        stage = ("draft", "suits", "partners", "play", "over").index(phase)
        reached = (0 if self.centre else 1 if chosen < PLAYERS else 2 if self.partner[0] is None else 3)
        if min(stage, 3) != reached:
            raise read.error("phase", f"phase {phase} does not fit the drafts and partners given")
        if (phase == "play") != bool(self.tricks) or (self.tricks and self.tricks[-1].winner is not None) \
                or len(self.tricks) > TRICKS:
            raise read.error("tricks", "a trick is in progress in phase play, and only then")
        counts = [0] * PLAYERS
        for trick in self.tricks:
            if trick.winner is not None:
                for s in {trick.winner, self.partner[trick.winner]}:
                    counts[s] += 1
        if phase != "over" and tuple(counts) != self.team_tricks:
            raise read.error("won", f"the tricks listed give {numbers_text(counts)}")
        played = [c for t in self.tricks for c in t.cards]
        if stage < 3:
            check_cards(read, [c for h in self.hands for c in h] + list(self.centre_dealt), range(CARDS))
            dealt = self.hands
        else:
            check_cards(read, [c for h in self.hands for c in h] + played, range(CARDS))
            dealt = tuple(tuple(sorted(c for c in self.hands[s] + tuple(
                t.card_of(s) for t in self.tricks if t.card_of(s) is not None) if c not in self.drafted[s]))
                for s in range(PLAYERS))
        if phase == "play" and not self.hands[self.current_player]:
            raise read.error("hands", f"seat {self.current_player} is to play and holds no card")
        self.deals = ({"dealer": dealer, "hands": dealt, "centre": self.centre_dealt},)


class TrickstersGame(Game):
    name = "tricksters"
    title = "Tricksters"
    Rules = TrickstersRules
    State = TrickstersState
    deck = DECK
    words = WORDS

    def suit_names(self) -> tuple[str, ...]:
        """The critters; no card has one suit (card_suit is None): it counts in each."""
        return SUITS

    def presets(self) -> list[dict]:
        # The default deck, and a deck of many equal values that exercises every tie rule.
        ties = [[1 + (c + s) % 2 for s in range(len(SUITS))] for c in range(CARDS)]
        return [{"players": PLAYERS}, {"players": PLAYERS, "deck": ties}]

    def players(self, rules) -> int:
        return PLAYERS

    # --- tokens ---------------------------------------------------------------------
    def action_token(self, state, action) -> str:
        if isinstance(action, Play):
            return DECK.token(action.card)
        if isinstance(action, Take):
            return "take " + DECK.token(action.card)
        if isinstance(action, ChooseSuit):
            return "suit " + SUITS[action.suit]
        if not isinstance(action, Partner):
            raise TokenError(f"{quote(action)} is not a Tricksters action")
        return f"partner {action.seat}"

    def parse_action(self, state, token: str):
        if not isinstance(token, str):
            raise TokenError(f"an action token is text, not {token!r}")
        words = token.split(" ")
        if len(words) == 1:
            return Play(DECK.card(token))
        if len(words) == 2:
            kind, arg = words
            if kind == "take":
                return Take(DECK.card(arg))
            if kind == "suit":
                if arg not in SUITS:
                    raise TokenError(f"{token!r}: a suit is one of {', '.join(SUITS)}")
                return ChooseSuit(SUITS.index(arg))
            if kind == "partner":
                if not (arg.isascii() and arg.isdigit() and len(arg) <= 2):
                    raise TokenError(f"{token!r}: partner names a seat number, e.g. partner 3")
                return Partner(int(arg))
        raise TokenError(f"unknown Tricksters action {token!r} (take T7, suit Foxes, "
                         f"partner 3, or a card T7)")

    # --- deals ----------------------------------------------------------------------
    def random_deal(self, rules, rng, dealer: int, hand: int) -> dict:
        cards = list(range(CARDS))
        rng.shuffle(cards)
        hands = tuple(tuple(sorted(cards[i * HAND_SIZE:(i + 1) * HAND_SIZE])) for i in range(PLAYERS))
        return {"dealer": dealer, "hands": hands,
                "centre": tuple(sorted(cards[PLAYERS * HAND_SIZE:]))}

    def deal_from_json(self, rules, data, hand: int) -> dict:
        data = deal_fields(data, ("dealer", "hands", "centre"))
        dealer = deal_seat(data, "dealer", PLAYERS)
        hands = deal_hands(DECK, data, PLAYERS, HAND_SIZE)
        centre = deal_cards(DECK, "centre", data.get("centre"), CENTRE_SIZE,
                            f"list the {CENTRE_SIZE} face-up cards")
        check_deal_cards(DECK, [c for hand in hands for c in hand] + list(centre), range(CARDS))
        return {"dealer": dealer, "hands": hands, "centre": centre}

    def deal_to_json(self, rules, deal: dict) -> dict:
        return {"dealer": deal["dealer"], "hands": [DECK.tokens_of(h) for h in deal["hands"]],
                "centre": DECK.tokens_of(deal["centre"])}


GAME = register(TrickstersGame())
