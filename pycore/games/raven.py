"""Raven (shared/rules/raven.md): 2 to 6 players bid by setting suited cards aside.

Cards: suited cards are `suit * 14 + rank - 1` (suits Shields, Swords, Axes, Waters
= 0..3, ranks 1..14), then the four specialists Raven, Wolf, Shaman, Dwarf = 56..59.
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import NamedTuple

from ..cards import Deck, remove_card, remove_cards
from ..deals import check_deal_cards, deal_cards, deal_fields, deal_hands, deal_seat
from ..errors import TokenError, quote
from ..game import Game, GameState, register
from ..position import NONE, cards_text, check_cards, numbers_text, places_text, tricks_text
from ..rules import Rules, rule
from ..standard import following
from ..words import Words, count
from ..tricks import Trick, clockwise_from, left_of

SUITS = ("Sh", "Sw", "Ax", "Wa")
SUIT_NAMES = ("Shields", "Swords", "Axes", "Waters")
RANKS = 14
RAVEN, WOLF, SHAMAN, DWARF = 56, 57, 58, 59
SPECIALISTS = (RAVEN, WOLF, SHAMAN, DWARF)
DECK = Deck([f"{s}{r}" for s in SUITS for r in range(1, RANKS + 1)]
            + ["Raven", "Wolf", "Shaman", "Dwarf"])

# players -> (hand size, bid cards, cards left out of play, exact-bid bonus)
SIZES = {2: (17, 4, 26, 6), 3: (17, 3, 9, 5), 4: (15, 3, 0, 5), 5: (12, 2, 0, 4), 6: (10, 2, 0, 3)}
TRUMP_SCHEDULE = (0, 1, 2, 3, 3, 2, 1, 0)      # Shields, Swords, Axes, Waters, Waters, ...
SHORT_GAME_HANDS = 5                           # the first four, then the ravenclaw hand
PROPHECY_NAMES = {"Shields": "Sunburst", "Swords": "Spears", "Axes": "Serpents",
                  "Waters": "Eagles", "Raven": "Jaguar", "Wolf": "Monkey",
                  "Shaman": "Shaman", "Dwarf": "Lizard"}


def suit_of(card: int) -> int | None:
    return card // RANKS if card < 56 else None


def rank_of(card: int) -> int:
    return card % RANKS + 1


def bid_value(cards) -> int:
    """Shields 0, Swords 1, Axes 2, Waters 3: the suit index."""
    return sum(card // RANKS for card in cards)


# --- the rules of trick play on plain values ------------------------------------------------
# The State and the solver's fast playouts both call these: a trick is its `plays`,
# ((seat, card), ...) in order; `led_suit` and `dwarf_suit` are suit indexes or None;
# `trump` is a suit index, or None in the ravenclaw hand.
def playable(hand, plays, led_suit, trump) -> list[int]:
    """The cards of `hand` that may be played to the trick `plays`.

    >>> playable((0, 15, SHAMAN), (), None, 1)             # the Shaman cannot be led
    [0, 15]
    >>> playable((0, 15, WOLF), ((1, 3),), 0, 1) == [0, WOLF]   # follow Shields, or a specialist
    True
    """
    if not plays:
        return [c for c in hand if c != SHAMAN]
    specialists = [c for c in hand if c >= 56]
    if plays[0][1] == RAVEN and trump is None:
        return list(hand)                                  # ravenclaw: Raven led, anything goes
    if led_suit is None:                                   # Wolf led, no suit set yet
        non_trump = [c for c in hand if c < 56 and c // RANKS != trump]
        return non_trump + specialists if non_trump else list(hand)
    follow = following(hand, led_suit, suit_of)
    if not follow and led_suit == trump and RAVEN in hand:
        return specialists                                 # the Raven is the only trump held
    return follow + specialists if follow else list(hand)


def play_choices(cards, leading: bool) -> list["Play"]:
    """The Play actions of playable `cards`: a Dwarf leading names one of the four suits."""
    if not leading or DWARF not in cards:
        return [_PLAIN_PLAYS[c] for c in cards]
    return [Play(c, s) for c in cards for s in ((0, 1, 2, 3) if c == DWARF else (None,))]


def suits_after(plays, led_suit, dwarf_suit, play: "Play", trump) -> tuple:
    """(led suit, Dwarf's suit) once `play` is added to the trick `plays`."""
    card = play.card
    if not plays:
        if card == DWARF:
            return play.named_suit, play.named_suit           # the Dwarf is rank 0 of it
        if card == RAVEN:
            return trump, None                                 # None in the ravenclaw hand
        return (card // RANKS if card < 56 else None), None
    if led_suit is None and plays[0][1] == WOLF and card < 56 and card // RANKS != trump:
        return card // RANKS, dwarf_suit                       # the first non-trump suited card after a Wolf lead
    return led_suit, dwarf_suit


def card_strength(plays, index: int, led_suit, dwarf_suit, trump) -> tuple[int, float]:
    """(class, rank) of the card played `index`-th: Raven 4, trump 3, Wolf 2, led
    suit 1, cannot win 0; the Shaman half a step above the card before it.

    >>> card_strength(((0, 5), (1, SHAMAN)), 1, 0, None, 1)   # after the 6 of Shields
    (1, 6.5)
    """
    card = plays[index][1]
    if card == SHAMAN:
        level, rank = card_strength(plays, index - 1, led_suit, dwarf_suit, trump)
        return level, rank + 0.5
    return _strength_alone(card, index == 0, led_suit, dwarf_suit, trump)


def _strength_alone(card: int, leading: bool, led_suit, dwarf_suit, trump) -> tuple[int, float]:
    """`card_strength` of any card but the Shaman (whose strength is the card before's)."""
    if card == RAVEN:
        return 4, 0
    if card == WOLF:
        return 2, 0
    if card == DWARF:
        if leading and dwarf_suit is not None:
            return (3 if dwarf_suit == trump else 1), 0
        return 0, 0
    suit = card // RANKS
    if suit == trump:
        return 3, rank_of(card)
    if suit == led_suit:
        return 1, rank_of(card)
    return 0, 0


def trick_winner(plays, led_suit, dwarf_suit, trump) -> int:
    """The seat that takes the trick `plays` (the first of equal strengths).

    >>> trick_winner(((0, 3), (1, 20), (2, 9)), 0, None, 1)   # Swords trump
    1
    """
    seat, card = plays[-1]
    return winner_with(plays[:-1], seat, led_suit, dwarf_suit, trump)(card)


def winner_with(plays, seat: int, led_suit, dwarf_suit, trump):
    """For the trick so far `plays`, a function card -> the seat that takes it once
    `seat` adds that card: the trick so far is ranked once, for asking about
    several cards (a card must beat the best so far: the first of equal strengths
    keeps the trick).

    >>> takes = winner_with(((0, 3), (1, 20)), 2, 0, None, 1)   # 4 of Shields, 7 of Swords (trump)
    >>> takes(9), takes(21)                                   # 10 of Shields, 8 of Swords
    (1, 2)
    """
    if not plays:
        return lambda card: seat
    plays = tuple(plays)
    strengths = [card_strength(plays, i, led_suit, dwarf_suit, trump) for i in range(len(plays))]
    best = max(strengths)
    holder = plays[strengths.index(best)][0]
    last_level, last_rank = strengths[-1]

    def winner(card: int) -> int:
        mine = ((last_level, last_rank + 0.5) if card == SHAMAN else
                _strength_alone(card, False, led_suit, dwarf_suit, trump))
        return seat if mine > best else holder
    return winner


def due_leader(winners, dealer: int, players: int) -> int:
    """Who the rules call to lead the next trick of a hand whose tricks so far
    were taken by `winners`: the last winner, at the first trick the dealer's
    left. (Ruling R2 may hand the lead on: see `trick_order`.)

    >>> due_leader([], dealer=1, players=4), due_leader([2, 3], dealer=1, players=4)
    (2, 3)
    """
    return winners[-1] if winners else left_of(dealer, players)


def trick_order(leader: int, hands, players: int) -> tuple[int, ...]:
    """Who plays to a trick led by `leader`, in order. Ruling R2: a leader holding
    only the Shaman cannot lead; the left neighbour leads and the Shaman plays last."""
    order = clockwise_from(leader, players)
    if tuple(hands[leader]) == (SHAMAN,):
        order = order[1:] + order[:1]
    return tuple(order)


def hand_scores(tricks_won, bids, bonus: int) -> tuple[int, ...]:
    """Each seat's points for a hand: its tricks, plus `bonus` if it took exactly its bid."""
    return tuple(won + (bonus if won == bid_value(bid) else 0) for won, bid in zip(tricks_won, bids))


class RavenWords(Words):
    """Raven's cards in either theme: "10 of Shields", "Raven" (Prophecy: "10 of
    Sunburst", "Jaguar"); a bid is said with its value and cards."""

    hidden = "set a bid aside face down"
    phases = {"bid": "bidding", "play": "trick play", "over": "game over"}
    themes = {"prophecy": "Prophecy"}

    def suit(self, suit: int, theme: str = "") -> str:
        name = SUIT_NAMES[suit]
        return PROPHECY_NAMES[name] if theme == "prophecy" else name

    picks = {"bid": "to set aside as your bid"}

    def suit_name(self, code: str, tell=None) -> str:
        return self.suit(SUITS.index(code), tell.theme if tell is not None else "")

    def card(self, token: str, tell=None) -> str:
        return self.card_in(token, tell.theme if tell is not None else "")

    def card_in(self, token: str, theme: str) -> str:
        if token in PROPHECY_NAMES:
            return PROPHECY_NAMES[token] if theme == "prophecy" else token
        return f"{token[2:]} of {self.suit(SUITS.index(token[:2]), theme)}"

    def choice(self, token: str, tell) -> str:
        words = token.split(" ")
        if words[0] == "bid":
            cards = words[1:]
            value = bid_value(DECK.cards(cards))
            return f"Bid {value}: set aside the {tell.cards(cards)}"
        if words[0] == "Dwarf" and len(words) == 2:
            return f"Lead the {tell.card('Dwarf')} and name {self.suit(SUITS.index(words[1]), tell.theme)}"
        return tell.card(token)

    def done(self, token: str, tell, actor: int, where=None) -> str:
        words = token.split(" ")
        if words[0] == "bid":
            value = bid_value(DECK.cards(words[1:]))
            return f"bid {value}, setting aside the {tell.cards(words[1:])}"
        named = self._named_by(token, tell)
        if named:
            return f"led the {tell.card('Dwarf')}, naming {named}"
        return f"played {tell.the(token)}"

    def _named_by(self, token: str, tell) -> str | None:
        """The suit a led Dwarf's token (`Dwarf Ax`) names, in the theme's words."""
        words = str(token).split(" ")
        if words[0] == "Dwarf" and len(words) == 2 and words[1] in SUITS:
            return self.suit(SUITS.index(words[1]), tell.theme)
        return None

    def trick_taken(self, trick: dict, tell, hand: int, number: int) -> str:
        winner = trick["winner"]
        card = dict(map(tuple, trick["cards"]))[winner]
        trumps = tell.obs.get("trump_by_hand") or []
        trump = trumps[hand] if hand < len(trumps) else None
        named = self._dwarf_named(tell, hand) if trick["cards"][0][1] == "Dwarf" else None
        how = after = ""
        if card == "Raven":
            how = ", the highest trump" if trump else ", the only trump"
        elif card == "Shaman":
            cards = [c for _, c in trick["cards"]]
            before = cards[cards.index("Shaman") - 1]
            how = f", half a step above {tell.the(before)}"
        elif card == "Dwarf" and trick["cards"][0][0] == winner:
            how = (f", led as the lowest card of {named}, the suit it named" if named else
                   ", led as the lowest card of its named suit")
        elif card[:2] == trump and trick["cards"][0][1][:2] != trump:    # a trump led wins as the suit led
            how = ", trump"
        if named and card != "Dwarf":         # the suit the trick was played in, said at its end too
            after = f" The {tell.card('Dwarf')} led it, naming {named}."
        return f"{tell.seat(winner)} {tell.verb('takes', winner)} the trick with {tell.the(card)}{how}.{after}"

    def _dwarf_named(self, tell, hand: int) -> str | None:
        """The suit the Dwarf named when it led in hand `hand` (one Dwarf, so at
        most one such lead a hand), from the public history; None if not there."""
        history, starts = tell.obs.get("history") or [], tell.obs.get("hand_starts") or []
        if hand >= len(starts):
            return None
        end = starts[hand + 1] if hand + 1 < len(starts) else len(history)
        return next(filter(None, (self._named_by(token, tell) for _, token in history[starts[hand]:end])), None)

    def hand_lines(self, result: dict, tell) -> list[str]:
        trump = result["trump"]
        lines = [f"Hand {result['hand']}: " + (
            f"the ravenclaw hand, the {tell.card('Raven')} the only trump." if result["ravenclaw"]
            else f"trump {self.suit(SUITS.index(trump), tell.theme)}.")]
        for seat, bid in enumerate(result["bids"]):
            won, points = result["tricks"][seat], result["points"][seat]
            said = (f"{tell.seat(seat)} bid {bid['value']} ({tell.cards(bid['cards'])}) and "
                    f"took {count(won, 'trick')}: ")
            if result["exact"][seat]:
                said += f"exactly the bid, {won} + {result['bonus']} bonus = {count(points, 'point')}."
            else:
                said += f"{'short of' if won < bid['value'] else 'over'} the bid, {count(points, 'point')}."
            lines.append(said)
        for case in result["shaman"]:
            who = tell.seat(case["seat"])
            shaman = tell.card("Shaman")
            if case["lone"]:
                lines.append(f"Trick {case['trick']}: {who} held only the {shaman}, so the next "
                             f"player led and the {shaman} was played last.")
            lines.append(f"Trick {case['trick']}: {tell.possessive(case['seat'])} {shaman} came after "
                         f"{tell.the(case['after'])}, half a step above it, and "
                         + ("took the trick." if case["won"] else "did not take the trick."))
        return lines


    def place(self, entry: dict, tell) -> str:
        exact = entry.get("exact_bids", 0)
        return super().place(entry, tell) + f", {count(exact, 'exact bid')}"


def display_name(token: str, theme: str = "raven") -> str:
    """A card's name in the chosen theme ("raven" or "prophecy")."""
    return WORDS.card_in(token, theme)


WORDS = RavenWords("Raven")


@dataclasses.dataclass(frozen=True)
class RavenRules(Rules):
    players: int = rule(4, "Number of players.", minimum=2, maximum=6, label="Players")
    short_game: bool = rule(False, "Play the 5-hand game whose last hand is the ravenclaw "
                                   "hand (the Raven the only trump) instead of 8 hands.",
                              label="Short game (5 hands)",
                              help="The fifth hand is a ravenclaw hand: the Raven is the only trump.")
    revealed_bids: bool = rule(True, "From the second hand on, except in the final hand, "
                                     "the leaders in score bid face up (never with 2 players).",
                                 label="Leaders bid face up",
                                 help="From the second hand on, the leaders in score show their bid.")
    revealed_bidders_first: bool = rule(
        True, "Revealed bidders choose first, clockwise from the dealer's left, then the "
              "others; if off, everyone bids in one round clockwise from the dealer's left.",
        ruling="R1", label="Face-up bids come first",
        help="Off: everyone bids in one round from the dealer's left.")
    lone_shaman: str = rule(
        "plays_last", "A leader whose only card is the Shaman does not lead: the player to "
                      "the left leads, and the Shaman is played last in the trick.",
        ruling="R2", choices=("plays_last",), label="A leader with only the Shaman",
        help="The next player leads; the Shaman is played last.")
    lone_shaman_follows: str = rule(
        "last_other_card", "A Shaman played last because its holder could not lead it "
                           "takes the place of the trick's last other card, half a step higher.",
        ruling="R3", choices=("last_other_card",), label="That Shaman's place",
        help="Half a step above the trick's last other card.")
    final_tie: str = rule(
        "shared", "Players still tied for the most points after comparing exact-bid "
                  "bonuses share the win.", ruling="R4", choices=("shared",),
        label="A tie for the most points", help="Still tied after exact bids: a shared win.")

    @property
    def sizes(self) -> tuple[int, int, int, int]:
        return SIZES[self.players]

    @property
    def hands_in_game(self) -> int:
        return SHORT_GAME_HANDS if self.short_game else len(TRUMP_SCHEDULE)

    def trump_of_hand(self, index: int) -> int | None:
        """The trump suit of a hand, None in the ravenclaw hand."""
        if self.short_game and index == SHORT_GAME_HANDS - 1:
            return None
        return TRUMP_SCHEDULE[index]


class Bid(NamedTuple):
    cards: tuple[int, ...]          # sorted


class Play(NamedTuple):
    card: int
    named_suit: int | None = None   # a led Dwarf names its suit


_PLAIN_PLAYS = tuple(Play(card, None) for card in range(60))    # one shared Play a card (immutable)


class RavenState(GameState):
    __slots__ = ("hand_index", "dealer", "trump", "phase", "hands", "bids", "out",
                 "bid_order", "bid_pos", "revealing", "trick_order", "led_suit",
                 "dwarf_suit", "tricks_won", "scores", "bonuses", "past_bids")

    # --- set-up -------------------------------------------------------------------
    def _begin(self) -> None:
        self.scores = (0,) * self.players
        self.bonuses = (0,) * self.players
        self.past_bids = ()
        self._start_hand(0, self.game.first_dealer_of(self))

    def _start_hand(self, index: int, dealer: int) -> None:
        n = self.players
        deal = self._next_deal(dealer)
        self.hand_index = index
        self.dealer = dealer
        self.trump = self.rules.trump_of_hand(index)
        self.phase = "bid"
        self.hands = deal["hands"]
        self.out = deal["out"]
        self.bids = (None,) * n
        self.tricks_won = (0,) * n
        self.tricks = ()
        self.revealing = tuple(self._revealing_seats())
        self.bid_order = self._bid_order()
        self.bid_pos = 0

    def _bid_order(self) -> tuple[int, ...]:
        order = clockwise_from(left_of(self.dealer, self.players), self.players)
        if self.rules.revealed_bidders_first:   # Ruling R1
            order = [s for s in order if s in self.revealing] + \
                    [s for s in order if s not in self.revealing]
        return tuple(order)

    def _revealing_seats(self) -> list[int]:
        """The leaders in score bid face up from the second hand, except the last."""
        if (not self.rules.revealed_bids or self.players == 2 or self.hand_index == 0
                or self.hand_index == self.rules.hands_in_game - 1):
            return []
        best = max(self.scores)
        return [s for s in range(self.players) if self.scores[s] == best]

    # --- protocol -----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.phase == "bid":
            return self.bid_order[self.bid_pos]
        if self.phase == "play":
            return self.trick_order[len(self.tricks[-1].plays)]
        return None

    def _legal_actions(self):
        seat = self.current_player
        hand = self.hands[seat]
        if self.phase == "bid":
            suited = [c for c in hand if c < 56]
            combos = itertools.combinations(suited, self.rules.sizes[1])
            return [_new_tuple(Bid, (cards,)) for cards in combos]   # Bid(cards), without its frame
        plays = self.tricks[-1].plays
        return play_choices(playable(hand, plays, self.led_suit, self.trump), not plays)

    def _playable(self, hand: tuple[int, ...]) -> list[int]:
        return playable(hand, self.tricks[-1].plays, self.led_suit, self.trump)

    def why_illegal(self, action, tell=None) -> str:
        """Why `action` is refused: record words (tokens, seat numbers) or, with a
        Narrator `tell`, the listener's (a partial bid says its value so far)."""
        seat = self.current_player
        hand = self.hands[seat]
        k = self.rules.sizes[1]
        card = tell.the if tell else str          # record errors name the token
        suit = (lambda i: WORDS.suit(i, tell.theme)) if tell else SUIT_NAMES.__getitem__
        special = (lambda c: tell.card(DECK.token(c))) if tell else DECK.token
        if self.phase == "bid":
            if not isinstance(action, Bid):
                return (f"first set {k} cards aside as your bid" if tell else
                        f"it is seat {seat}'s bid: set {k} suited cards aside (bid ...)")
            if any(c >= 56 for c in action.cards):
                return "specialists can never be bid cards"
            if len(action.cards) != k:
                if tell and len(action.cards) < k and len(set(action.cards)) == len(action.cards):
                    more = k - len(action.cards)
                    return (f"bid {bid_value(action.cards)} so far: pick {more} more "
                            f"card{'s' if more > 1 else ''} to set aside")
                return f"a bid sets exactly {k} cards aside, not {len(action.cards)}"
            return "a bid must set aside different cards from your hand"
        if not isinstance(action, Play):
            return "bids are over: play a card"
        if action.card not in hand:
            return f"{card(DECK.token(action.card))} is not in your hand"
        trick = self.tricks[-1]
        if not trick.plays:
            if action.card == SHAMAN:
                return f"the {special(SHAMAN)} cannot be led"
            if action.card == DWARF:
                return (f"a led {special(DWARF)} names its suit" if tell else
                        "a led Dwarf names its suit (Dwarf Sh, Dwarf Sw, Dwarf Ax, Dwarf Wa)")
            return f"only a led {special(DWARF)} names a suit"
        if action.named_suit is not None:
            return f"only a led {special(DWARF)} names a suit"
        if self.led_suit is None:
            return (f"the {special(WOLF)} was led: play a suited card that is not trump, or a specialist"
                    if tell else "the Wolf was led: play a non-trump suited card or a specialist")
        if self.led_suit == self.trump and RAVEN in hand and not any(
                c < 56 and c // RANKS == self.trump for c in hand):
            return (f"trump was led and your only trump is the {special(RAVEN)}: "
                    f"play it or another specialist")
        return f"you must follow {suit(self.led_suit)} or play a specialist"

    def _apply(self, action, seat: int) -> None:
        if self.phase == "bid":
            self._apply_bid(action, seat)
        else:
            self._apply_play(action, seat)

    def _apply_bid(self, bid: Bid, seat: int) -> None:
        self.hands = _replace_at(self.hands, seat, remove_cards(self.hands[seat], bid.cards))
        self.bids = _replace_at(self.bids, seat, bid.cards)
        self.bid_pos += 1
        if self.bid_pos == len(self.bid_order):
            self.phase = "play"
            self._start_trick(due_leader((), self.dealer, self.players))

    def _start_trick(self, leader: int) -> None:
        self.trick_order = trick_order(leader, self.hands, self.players)
        self.tricks = self.tricks + (Trick(self.trick_order[0]),)
        self.led_suit = None
        self.dwarf_suit = None

    def _apply_play(self, play: Play, seat: int) -> None:
        trick = self.tricks[-1]
        card = play.card
        self.led_suit, self.dwarf_suit = suits_after(trick.plays, self.led_suit, self.dwarf_suit,
                                                     play, self.trump)
        trick = trick.add(seat, card)
        self.hands = _replace_at(self.hands, seat, remove_card(self.hands[seat], card))
        if len(trick.plays) < self.players:
            self.tricks = self.tricks[:-1] + (trick,)
            return
        winner = self._trick_winner(trick)
        self.tricks = self.tricks[:-1] + (trick._replace(winner=winner),)
        self.tricks_won = _replace_at(self.tricks_won, winner, self.tricks_won[winner] + 1)
        if self.hands[winner]:
            self._start_trick(winner)
        else:
            self._end_hand()

    def _trick_winner(self, trick: Trick) -> int:
        return trick_winner(trick.plays, self.led_suit, self.dwarf_suit, self.trump)

    def _end_hand(self) -> None:
        bonus = self.rules.sizes[3]
        points = list(hand_scores(self.tricks_won, self.bids, bonus))
        bonuses = [b + (won == bid_value(bid)) for b, won, bid in zip(self.bonuses, self.tricks_won, self.bids)]
        self.scores = tuple(s + p for s, p in zip(self.scores, points))
        self.bonuses = tuple(bonuses)
        self.past_bids = self.past_bids + (self.bids,)
        self._finish_hand(points)
        if self.hand_index + 1 < self.rules.hands_in_game:
            self._start_hand(self.hand_index + 1, left_of(self.dealer, self.players))
        else:
            self.phase = "over"

    # --- results ------------------------------------------------------------------
    def totals(self) -> list[int]:
        return list(self.scores)

    def _standing(self, seat: int):
        return self.scores[seat], self.bonuses[seat]      # Ruling R4: then exact bids

    def ranking(self) -> list[dict]:
        return [dict(entry, exact_bids=self.bonuses[entry["seats"][0]]) for entry in super().ranking()]

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        best = max(self.scores)
        tied = [s for s in range(self.players) if self.scores[s] == best]
        most = max(self.bonuses[s] for s in tied)
        return [s for s in tied if self.bonuses[s] == most]    # Ruling R4: still tied, shared

    # --- what a seat may know -----------------------------------------------------
    def _visible_bid(self, seat: int, other: int) -> bool:
        """A revealed bid is public once every revealed bidder has chosen."""
        if other == seat:
            return True
        if other not in self.revealing or self.bids[other] is None:
            return False
        return all(self.bids[s] is not None for s in self.revealing)

    def public_action(self, seat: int, actor: int, action) -> str | None:
        if isinstance(action, Bid) and actor != seat:
            return None      # concealed (revealed bids are in the observation's "bids")
        return self.game.action_token(self, action)

    def _public_history(self, seat: int) -> list[list]:
        """A bid shows in the log once its owner's choice is public: a revealed bid
        once every revealed bidder has chosen, every bid once the hand is scored
        (Ruling R1)."""
        n, scored = self.players, len(self.finished_hands)
        out, bids = [], 0
        for actor, action in self.history:
            if isinstance(action, Bid):
                hand, bids = bids // n, bids + 1
                if actor == seat or hand < scored or (hand == self.hand_index and
                                                      self._visible_bid(seat, actor)):
                    out.append([actor, self.game.action_token(self, action)])
                else:
                    out.append([actor, None])
            else:
                out.append([actor, self.game.action_token(self, action)])
        return out

    def _hand_results(self) -> list[dict]:
        """Every finished hand's score sheet: all bids (revealed at the scoring),
        tricks against bids, points, the hands as dealt (every card of them is now
        public: played or bid), and the Shaman's and the ravenclaw hand's cases."""
        n = self.players
        bonus = self.rules.sizes[3]
        tokens = DECK.tokens_of
        finished = [[sum(1 for t in tricks if t.winner == s) for s in range(n)]
                    for tricks, _ in self.finished_hands]
        exact_all = [[won[s] == bid_value(bids[s]) for s in range(n)]
                     for won, bids in zip(finished, self.past_bids)]
        # the running totals start from those before this state's first hand (0 but
        # for a position read from text)
        totals = [self.scores[s] - sum(p[s] for _, p in self.finished_hands) for s in range(n)]
        exacts = [self.bonuses[s] - sum(e[s] for e in exact_all) for s in range(n)]
        out = []
        for index, (tricks, points) in enumerate(self.finished_hands):
            bids = self.past_bids[index]
            won, exact = finished[index], exact_all[index]
            totals = [t + p for t, p in zip(totals, points)]
            exacts = [e + x for e, x in zip(exacts, exact)]
            trump = self.rules.trump_of_hand(self.first_hand + index)
            dealer = self.deals[index]["dealer"]
            shaman = []
            for number, trick in enumerate(tricks):
                if SHAMAN not in trick.cards:
                    continue
                at = trick.cards.index(SHAMAN)          # never 0: the Shaman cannot be led
                holder = trick.plays[at][0]
                due = due_leader([t.winner for t in tricks[:number]], dealer, n)
                shaman.append({"trick": number + 1, "seat": holder, "won": trick.winner == holder,
                               "after": DECK.token(trick.plays[at - 1][1]),
                               "lone": trick.leader != due})   # Ruling R2: it was led round
            out.append({
                "hand": self.first_hand + index + 1,
                "dealer": dealer,
                "trump": SUITS[trump] if trump is not None else None,
                "ravenclaw": trump is None,
                "bids": [{"cards": tokens(b), "value": bid_value(b)} for b in bids],
                "tricks": won,
                "exact": exact,
                "bonus": bonus,
                "points": list(points),
                "totals": totals,
                "exact_bids": exacts,
                "shaman": shaman,
                "hands": [tokens(h) for h in self.deals[index]["hands"]],
            })
        return out

    def _observe(self, seat: int) -> dict:
        n = self.players
        tokens = DECK.tokens_of
        bids = []
        for other in range(n):
            cards = self.bids[other]
            if self.phase == "over":
                bids.append(None)
            elif cards is None:
                bids.append({"status": "to bid", "cards": None, "value": None,
                             "revealed": other in self.revealing})
            elif self._visible_bid(seat, other):
                bids.append({"status": "bid", "cards": tokens(cards), "value": bid_value(cards),
                             "revealed": other in self.revealing})
            else:
                bids.append({"status": "bid", "cards": None, "value": None,
                             "revealed": other in self.revealing})
        current = self.tricks[-1] if self.phase == "play" else None
        return {
            "phase": self.phase,
            "hand_number": self.hand_index + 1,
            "hands_in_game": self.rules.hands_in_game,
            "dealer": self.dealer,
            "trump": SUITS[self.trump] if self.trump is not None else None,
            "ravenclaw": self.trump is None,
            "hand": tokens(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "bids": bids,
            "bid_cards": self.rules.sizes[1],
            "out_of_play": len(self.out),
            "led_suit": SUITS[self.led_suit] if current and self.led_suit is not None else None,
            "dwarf_named": SUITS[self.dwarf_suit] if current and self.dwarf_suit is not None else None,
            "tricks_won": list(self.tricks_won),
            "scores": list(self.scores),
            "bonuses": list(self.bonuses),
            "past_bids": [[tokens(b) for b in hand] for hand in self.past_bids],
            "trump_by_hand": [SUITS[t] if t is not None else None for t in
                              map(self.rules.trump_of_hand, range(self.rules.hands_in_game))],
            "hand_results": self._hand_results(),
        }

    # --- conformance hooks --------------------------------------------------------
    def cards_in_play(self) -> list[int]:
        cards = [c for hand in self.hands for c in hand] + list(self.out)
        cards += [c for bid in self.bids if bid for c in bid]
        cards += [c for trick in self.tricks for c in trick.cards]
        return sorted(cards)

    def deal_cards(self, deal: dict) -> list[int]:
        return sorted([c for hand in deal["hands"] for c in hand] + list(deal["out"]))

    def hidden_places(self, seat: int) -> dict[str, tuple[int, ...]]:
        places = {f"hand:{s}": self.hands[s] for s in range(self.players) if s != seat}
        for s in range(self.players):
            if self.bids[s] is not None and not self._visible_bid(seat, s):
                places[f"bid:{s}"] = self.bids[s]
        places["out"] = self.out
        return places

    def with_hidden(self, seat: int, places: dict[str, tuple[int, ...]]) -> "RavenState":
        new = self._copy()
        new._legal = None
        hands, bids = list(self.hands), list(self.bids)
        for name, cards in places.items():
            kind, _, who = name.partition(":")
            if kind == "hand":
                hands[int(who)] = tuple(sorted(cards))
            elif kind == "bid":
                bids[int(who)] = tuple(sorted(cards))
            else:
                new.out = tuple(sorted(cards))
        new.hands, new.bids = tuple(hands), tuple(bids)
        return new

    # --- a position as text (pycore/position.py) -----------------------------------------
    def position_fields(self) -> dict[str, str]:
        """Raven's fields: `hand` (its number, from 1), `dealer`, `phase` (bid, play,
        over), `scores` and `bonuses` (exact bids so far) per seat, `hands`, `bids`
        (`?`: not yet made), `out` (cards out of play), `won` (tricks taken this hand
        per seat), `tricks` (this hand's), `named` (the suit a led Dwarf named in the
        trick in progress, or `-`). The tricks need not list every earlier trick of
        the hand: a test may give only the one in progress and the tricks won.

        >>> text = ('raven rules={"players":4} seed=0 hand=1 dealer=3 phase=play '
        ...         'scores=0,0,0,0 bonuses=0,0,0,0 hands=Sw5/Sw9,Ax3,Wolf/Sw2/Sw3 '
        ...         'bids=Sh1,Sh2,Sh3/Sh4,Sh5,Sh6/Sh7,Sh8,Sh9/Sh10,Sh11,Sh12 out=- won=0,0,0,0 '
        ...         'tricks=0:Dwarf named=Ax')
        >>> state = GAME.from_position(text)
        >>> [GAME.action_token(state, a) for a in state.legal_actions()]   # Axes, or a specialist
        ['Ax3', 'Wolf']
        >>> GAME.position_text(state) == text
        True
        """
        current = self.tricks[-1] if self.phase == "play" else None
        named = (SUITS[self.dwarf_suit] if current and current.plays and current.plays[0][1] == DWARF
                 else NONE)
        return {"hand": str(self.hand_index + 1), "dealer": str(self.dealer), "phase": self.phase,
                "scores": numbers_text(self.scores), "bonuses": numbers_text(self.bonuses),
                "hands": places_text(DECK, self.hands), "bids": places_text(DECK, self.bids),
                "out": cards_text(DECK, self.out), "won": numbers_text(self.tricks_won),
                "tricks": tricks_text(self.tricks, lambda i, j, card: DECK.token(card)),
                "named": named}

    def _read_position(self, read) -> None:
        n, rules = self.players, self.rules
        size, bid_size = rules.sizes[0], rules.sizes[1]
        self.hand_index = read.number("hand", 1, rules.hands_in_game) - 1
        self.first_hand = self.hand_index
        self.dealer = read.seat("dealer")
        self.phase = read.choice("phase", ("bid", "play", "over"))
        self.trump = rules.trump_of_hand(self.hand_index)
        self.scores = read.numbers("scores", n)
        self.bonuses = read.numbers("bonuses", n, maximum=rules.hands_in_game)
        self.hands = read.places("hands")
        self.bids = read.places("bids", allow_unchosen=True)
        self.out = read.cards("out")
        self.tricks_won = read.numbers("won", n, maximum=size)
        tricks, _ = read.tricks("tricks", lambda leader: clockwise_from(leader, n))
        self.past_bids = ()
        self.revealing = tuple(self._revealing_seats())
        self.bid_order = self._bid_order()
        self.bid_pos = sum(bid is not None for bid in self.bids)
        for seat, bid in enumerate(self.bids):
            if bid is not None and (len(bid) != bid_size or any(c >= 56 for c in bid)):
                raise read.error("bids", f"seat {seat}'s bid must be {bid_size} suited cards")
        if self.phase == "bid" and set(self.bid_order[:self.bid_pos]) != {
                s for s in range(n) if self.bids[s] is not None}:
            raise read.error("bids", f"the bids are made in the order {self.bid_order}: "
                                     f"{self.bid_pos} made must be the first {self.bid_pos}")
        if self.phase != "bid" and None in self.bids:
            raise read.error("bids", f"every seat has bid in phase {self.phase}")
        if (self.phase == "play") != bool(tricks) or (tricks and tricks[-1].winner is not None):
            raise read.error("tricks", "a trick is in progress in phase play, and only then")
        named = read.text("named")
        self.led_suit = self.dwarf_suit = None
        self.trick_order = ()
        if tricks:
            current = tricks[-1]
            if not current.plays:              # Ruling R2: a lone Shaman does not lead
                order = trick_order(current.leader, self.hands, n)
                current = current._replace(leader=order[0])
                tricks = tricks[:-1] + (current,)
            self.trick_order = tuple(clockwise_from(current.leader, n))
            led_dwarf = bool(current.plays) and current.plays[0][1] == DWARF
            if led_dwarf != (named != NONE):
                raise read.error("named", "a led Dwarf names a suit, and nothing else does")
            if led_dwarf and named not in SUITS:
                raise read.error("named", f"{named!r} is not one of {', '.join(SUITS)}")
            for i, (_, card) in enumerate(current.plays):
                play = Play(card, SUITS.index(named) if i == 0 and led_dwarf else None)
                self.led_suit, self.dwarf_suit = suits_after(current.plays[:i], self.led_suit,
                                                             self.dwarf_suit, play, self.trump)
            seat = self.trick_order[len(current.plays)]
            if not self.hands[seat]:
                raise read.error("hands", f"seat {seat} is to play and holds no card")
        elif named != NONE:
            raise read.error("named", "a led Dwarf names a suit, and nothing else does")
        self.tricks = tricks
        played = [c for t in tricks for c in t.cards]
        check_cards(read, [c for h in self.hands for c in h] + [c for b in self.bids if b for c in b]
                    + list(self.out) + played, range(60))
        self.deals = ({"dealer": self.dealer, "out": self.out, "hands": tuple(
            tuple(sorted(self.hands[s] + (self.bids[s] or ()) + tuple(t.card_of(s) for t in tricks
                                                                       if t.card_of(s) is not None)))
            for s in range(n))},)

    def action_universe(self) -> list:
        if self.phase == "bid":
            hand = self.hands[self.current_player]
            k = self.rules.sizes[1]
            return [Bid(tuple(sorted(hand[:k]))), Bid(tuple(sorted(hand[:k - 1]))),
                    Bid(tuple(sorted(SPECIALISTS[:k])))]
        return [Play(c) for c in range(60)] + [Play(DWARF, s) for s in range(4)] + [Bid((0, 1, 2))]


_new_tuple = tuple.__new__


def _replace_at(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


class RavenGame(Game):
    name = "raven"
    title = "Raven"
    Rules = RavenRules
    State = RavenState
    deck = DECK
    words = WORDS
    themes = ("raven", "prophecy")

    def card_suit(self, card: int) -> int | None:
        return suit_of(card)

    def suit_names(self) -> tuple[str, ...]:
        return SUITS

    def examples(self) -> list[dict]:
        return [{"players": 4}, {"players": 2}]       # the usual table, and two alone

    def presets(self) -> list[dict]:
        return [{"players": p, **({"short_game": True} if short else {})}
                for p in range(2, 7) for short in (False, True)]

    # --- tokens ---------------------------------------------------------------------
    def action_token(self, state, action) -> str:
        if isinstance(action, Bid):
            return "bid " + " ".join(DECK.tokens_of(action.cards))
        if not isinstance(action, Play):
            raise TokenError(f"{quote(action)} is not a Raven action")
        if action.named_suit is not None:
            return f"Dwarf {SUITS[action.named_suit]}"
        return DECK.token(action.card)

    def parse_action(self, state, token: str):
        if not isinstance(token, str):
            raise TokenError(f"an action token is text, not {token!r}")
        words = token.split(" ")
        if words[0] == "bid":
            if len(words) < 2:
                raise TokenError(f"{token!r}: a bid lists the cards set aside")
            return Bid(tuple(sorted(DECK.cards(words[1:]))))
        if len(words) == 2 and words[0] == "Dwarf":
            if words[1] not in SUITS:
                raise TokenError(f"{token!r}: a Dwarf names one of {', '.join(SUITS)}")
            return Play(DWARF, SUITS.index(words[1]))
        if len(words) != 1:
            raise TokenError(f"unknown Raven action {token!r}")
        return Play(DECK.card(token))

    # --- deals ----------------------------------------------------------------------
    def random_deal(self, rules: RavenRules, rng, dealer: int, hand: int) -> dict:
        cards = list(range(60))
        rng.shuffle(cards)
        size = rules.sizes[0]
        hands = tuple(tuple(sorted(cards[i * size:(i + 1) * size])) for i in range(rules.players))
        return {"dealer": dealer, "hands": hands,
                "out": tuple(sorted(cards[rules.players * size:]))}

    def deal_from_json(self, rules: RavenRules, data, hand: int) -> dict:
        n, (size, _, out_size, _) = rules.players, rules.sizes
        data = deal_fields(data, ("dealer", "hands", "out"))
        dealer = deal_seat(data, "dealer", n)
        hands = deal_hands(DECK, data, n, size)
        out = deal_cards(DECK, "out", data.get("out", []), out_size,
                         f"list the {out_size} cards left out of play")
        check_deal_cards(DECK, [c for hand in hands for c in hand] + list(out), range(60))
        return {"dealer": dealer, "hands": hands, "out": out}

    def deal_to_json(self, rules: RavenRules, deal: dict) -> dict:
        return {"dealer": deal["dealer"], "hands": [DECK.tokens_of(h) for h in deal["hands"]],
                "out": DECK.tokens_of(deal["out"])}


GAME = register(RavenGame())
