"""Voren (shared/rules/voren.md): Three-card Loo re-themed, 3 to 8 players, a pot of chips.

Cards: suited cards are `suit * 8 + rank` (the standard deck's suits, pycore/standard.py:
Clubs, Diamonds, Hearts, Spades = 0..3; ranks 1, 2, 3, 4, 5, Realm, Lesser Crown,
Greater Crown = 0..7), then the Wolf (32) and the Treachery (33), which have no suit.

A hand: the pot is paid (phase "options", where the dealer chooses the poke and all
play), then each seat plays, folds or takes the poke ("decide"), then three tricks
("play"). Chips are conserved: stacks plus the pot always hold every chip.

Readings of the rules file where it is silent (each pinned by a test):
- before the dealer's options nothing is dealt: no seat sees a card, nor the turnup;
- the dealer may take the poke too, if it is still there at their turn;
- gap, a rules field (`uncontested_loo`): a lone player who takes an uncontested pot
  (Ruling V4) played no trick: not looed;
- a looed player short of chips pays what they have (Ruling V6) and the game goes
  on: only payments at a hand's start end it;
- Ruling V7 (`empty_loo_antes`): loo payments that came to nothing are no pot;
  everyone antes;
- gap, a rules field (`hand_end_shows`): a hand's score sheet shows the cards each
  player played, never a folded hand, the poke or a discarded hand.
"""
from __future__ import annotations

import dataclasses
from typing import NamedTuple

from ..cards import Deck, remove_card
from ..deals import check_deal_cards, deal_cards, deal_fields, deal_hands, deal_seat
from ..errors import DealError, TokenError, quote
from ..game import Game, GameState, register
from ..position import NONE, UNCHOSEN, cards_text, check_cards, numbers_text, places_text, tricks_text
from ..rules import Rules, rule
from ..standard import SUIT_NAMES, SUITS, card_words, following, strength, suit_name
from ..words import Words, count
from ..tricks import Trick, clockwise_from, left_of

RANKS = "12345RLG"
REALM, LESSER_CROWN, GREATER_CROWN = 5, 6, 7
WOLF, TREACHERY = 32, 33
CARDS = 34
DECK = Deck([f"{r}{s}" for s in SUITS for r in RANKS] + ["Wolf", "Treachery"])
HAND_SIZE = 3


def suit_of(card: int) -> int | None:
    return card // 8 if card < WOLF else None


def rank_of(card: int) -> int:
    return card % 8


def card_strength(card: int, trump, led) -> int:
    """How strongly `card` contests a trick led in suit `led` (None: a Wolf or the
    Treachery led): the Treachery, the Wolf, then trump, then the led suit; 0 cannot
    take the trick. The State and the solver's playouts both rank cards by it.

    >>> card_strength(TREACHERY, 0, 1) > card_strength(WOLF, 0, 1) > card_strength(7, 0, 1)
    True
    >>> card_strength(9, 0, 1), card_strength(17, 0, 1)        # led suit, then another suit
    (21, 0)
    """
    if card >= WOLF:
        return 100 + card              # Treachery 133 over Wolf 132
    return strength(card // 8, card % 8, trump, led)


def trick_winner(plays, trump) -> int:
    """The seat that takes the trick `plays` ((seat, card), ...; complete, or so far):
    the first strongest card (`card_strength`) against the lead card's suit.

    >>> trick_winner(((0, 9), (1, 15), (2, 1)), 0)      # Diamonds led, Clubs trump
    2
    """
    lead = plays[0][1]
    led = lead // 8 if lead < WOLF else None
    return max(plays, key=lambda p: card_strength(p[1], trump, led))[0]


def loo_exempt(plays) -> int | None:
    """The seat a complete trick `plays` ((seat, card), ...) exempts from the loo:
    whoever played the Wolf, when the Treachery is in the same trick; else None.

    >>> loo_exempt(((0, 7), (1, WOLF), (2, TREACHERY)))
    1
    """
    cards = [card for _, card in plays]
    if TREACHERY in cards and WOLF in cards:
        return next(s for s, card in plays if card == WOLF)   # the Wolf's player is never looed
    return None


def looed(seats, tricks) -> tuple[int, ...]:
    """Of `seats` (those who played the hand, in order), the ones its finished
    `tricks` (pycore.tricks.Trick) loo: each that played tricks and took none, but
    the one a trick exempts (`loo_exempt`). An uncontested pot has no tricks and
    no loo.

    >>> from pycore.tricks import Trick
    >>> looed((0, 1, 2), [Trick(0, ((0, 7), (1, 5), (2, 6)), winner=0)])
    (1, 2)
    >>> looed((0, 1, 2), [Trick(0, ((0, 7), (1, WOLF), (2, TREACHERY)), winner=2)])
    (0,)
    """
    if not tricks:
        return ()
    took = {t.winner for t in tricks}
    exempt = [e for e in (loo_exempt(t.plays) for t in tricks) if e is not None]
    return tuple(s for s in seats if s not in took and s not in exempt)


RANK_NAMES = ("1", "2", "3", "4", "5", "Realm", "Lesser Crown", "Greater Crown")


class VorenWords(Words):
    """Voren's cards ("Greater Crown of Hearts", "Wolf") and choices ("Deal with a
    poke", "Fold", "Take the poke")."""

    phases = {"options": "the dealer's options", "decide": "play or fold", "play": "trick play",
              "over": "game over"}
    CHOICES = {"play": ("Play this hand", "chose to play"), "fold": ("Fold", "folded"),
               "poke": ("Take the poke", "took the poke")}
    OPTIONS = {   # the dealer's options: (choice, done)
        "deal": ("Deal without a poke", "dealt without a poke"),
        "deal poke": ("Deal with a poke", "dealt with a poke"),
        "deal allplay": ("Deal and declare all play", "dealt and declared all play"),
        "deal poke allplay": ("Deal with a poke and declare all play",
                              "dealt with a poke and declared all play"),
    }

    def suit_name(self, code: str, tell=None) -> str:
        """'H' (the record's code) or 'Hearts' (the solver's name) -> 'Hearts'."""
        return suit_name(code)

    def card(self, token: str, tell=None) -> str:
        if token in ("Wolf", "Treachery"):
            return token
        return card_words(token, RANKS, RANK_NAMES)

    def choice(self, token: str, tell) -> str:
        said = self.OPTIONS.get(token) or self.CHOICES.get(token)
        return said[0] if said else tell.card(token)

    def done(self, token: str, tell, actor: int, where=None) -> str:
        said = self.OPTIONS.get(token) or self.CHOICES.get(token)
        return said[1] if said else f"played {tell.the(token)}"

    def trick_taken(self, trick: dict, tell, hand: int, number: int) -> str:
        """Who took the trick, with ", trump" where a trump took a trick led in
        another suit (so a Crown beaten by a 5 says why)."""
        line = super().trick_taken(trick, tell, hand, number)
        trump = self.trump_of(tell, hand)
        card = dict(map(tuple, trick["cards"]))[trick["winner"]]
        led = trick["cards"][0][1]
        if trump and len(card) == 2 and card[1] == trump and not (len(led) == 2 and led[1] == trump):
            return f"{line[:-1]}, trump."
        return line

    @staticmethod
    def unshown(result: dict, seat: int) -> str:
        """A hand's cards are shown as far as they were played (hand_end_shows)."""
        if result["choices"][seat] == "fold":
            return "folded, so the cards stay hidden"
        if result.get("uncontested") == seat:
            return "took the pot without play, so the cards stay hidden"
        return "not played, so the cards stay hidden"

    def hand_lines(self, result: dict, tell) -> list[str]:
        dealer = tell.seat(result["dealer"])
        options = result["options"]
        how = self.OPTIONS["deal" + (" poke" if options["poke"] else "")
                           + (" allplay" if options["allplay"] else "")][1]
        turned = tell.the(result["turnup"])
        trump = (f"{suit_name(result['trump'])} trump" if result["trump"]
                 else "no trump")
        lines = [f"Hand {result['hand']}: {dealer} {how}; the turned card, {turned}, made {trump}."]
        source = ("the loo payments of the hand before" if result["pot_from_loo"] else
                  "the antes, the dealer paying one more")
        lines.append(f"The pot was {count(result['pot'], 'chip')}, from {source}.")
        for seat in result["short_payers"]:
            lines.append(f"{tell.seat(seat)} could not pay in full: this is the last hand.")
        if result["uncontested"] is not None:
            who = result["uncontested"]
            lines.append(f"Nobody else played: {tell.seat(who, start=False)} took the pot of "
                         f"{count(result['pot'], 'chip')} without play.")
        for seat in result["playing"] if result["uncontested"] is None else ():
            name, won = tell.seat(seat), result["won"][seat]
            took = result["tricks"][seat]
            poke = " took the poke and" if result["choices"][seat] == "poke" else ""
            said = f"{name}{poke} took {count(took, 'trick')}"
            said += f", winning {count(won, 'chip')}" if took else ""
            if seat in result["looed"]:
                paid = result["loo_paid"][seat]
                said += (f" and {tell.verb('was', seat)} looed: paid "
                         f"{count(paid, 'chip')} into the next pot" if not result["last_hand"] else
                         f" and {tell.verb('was', seat)} looed, but after the last hand nobody pays")
            elif not took and result["wolf_exempt"] == seat:
                said += (f" but {tell.verb('was', seat)} not looed: the Treachery took "
                         f"{tell.possessive(seat, start=False)} Wolf")
            lines.append(said + ".")
        folded = [s for s, c in enumerate(result["choices"]) if c == "fold"]
        if folded:
            lines.append(f"{tell.seats(folded)} folded.")
        if result["next_pot"] is not None:
            lines.append(f"The next pot: {count(result['next_pot'], 'chip')}.")
        return lines

    unit = "chip"


WORDS = VorenWords("Voren")


def display_name(token: str) -> str:
    """A card's name for people: `GH` is "Greater Crown of Hearts", `3C` "3 of Clubs"."""
    return WORDS.card(token)


@dataclasses.dataclass(frozen=True)
class VorenRules(Rules):
    players: int = rule(5, "Number of players.", ruling="V2", minimum=3, maximum=8,
                        label="Players")
    suits: str = rule("CDHS", "The four suits are Clubs, Diamonds, Hearts and Spades, each with "
                              "the 1 to 5, the Realm, the Lesser Crown and the Greater Crown.",
                      ruling="V1", choices=("CDHS",), label="Suits",
                      help="Clubs, Diamonds, Hearts and Spades.")
    starting_chips: int = rule(100, "Chips each player starts with.", ruling="V2",
                               minimum=1, maximum=100000, label="Starting chips",
                               help="What everyone has at the start; the most chips at the end wins.")
    ante: int = rule(3, "The ante each player pays into the pot (the dealer pays one more).",
                     ruling="V2", minimum=1, maximum=10000, label="Ante",
                     help="What each player pays into the pot; the dealer pays one more.")
    crowns_void_trump: bool = rule(
        True, "A turned-up Lesser or Greater Crown means no trump this hand, like the Wolf "
              "and the Treachery; if off, a turned crown's suit is trump like any suited card.",
        ruling="V3", label="A turned-up crown means no trump",
        help="Off: the crown's suit is trump, like any other turned card.")
    uncontested: str = rule(
        "takes_pot", "If every player before the dealer folds, the dealer takes the whole pot "
                     "without play; else if exactly one player plays, they take it without play.",
        ruling="V4", choices=("takes_pot",), label="Nobody else plays",
        help="The one player left takes the whole pot without play.")
    trick_share: str = rule(
        "third", "Each trick takes a third of the hand's pot, rounded down; the third trick "
                 "takes what is left.", ruling="V5", choices=("third",), label="Each trick takes",
        help="A third of the pot; the last trick takes what is left.")
    hands_per_player: int = rule(
        2, "The game lasts this many deals per player (with 5 players and 2 deals each, 10 "
           "hands); it ends early after a hand at whose start some player could not pay in full.",
        ruling="V6", minimum=1, maximum=50, label="Deals per player",
        help="The game lasts the number of players times this many hands.")
    final_tie: str = rule("shared", "Standing is by chips; equal chips share the place.",
                          ruling="V6", choices=("shared",), label="Equal chips",
                          help="Players with equal chips share the place.")
    short_payment: str = rule(
        "pays_what_they_have", "A player who must pay more than they have (ante, dealer's "
                               "ante or loo) pays what they have, and play goes on; loo "
                               "payments after the game's last hand are not made.",
        ruling="V6", choices=("pays_what_they_have",), label="Short of chips",
        help="A player pays what they have, and play goes on.")
    uncontested_loo: str = rule(
        "not_looed", "A player who takes the pot without play (nobody else played) "
                     "took no trick but is not looed, though the loo rule names every "
                     "player who played and took no trick.", ruling="gap", choices=("not_looed",),
        label="Taking the pot without play", help="That player is not looed.")
    hand_end_shows: str = rule(
        "played_cards", "At a hand's end the table shows every hand face up as far as "
                        "its cards were played in the tricks; a folded hand, the poke and a "
                        "discarded hand stay hidden, as the rules list them hidden.",
        ruling="gap", choices=("played_cards",), label="Hands shown at a hand's end",
        help="Each hand as far as it was played; folded hands and the poke stay hidden.")
    empty_loo_antes: bool = rule(
        True, "When the previous hand's loo payments came to nothing (every looed "
              "player had no chips left), they form no pot: everyone antes as if nobody had "
              "been looed.", ruling="V7", label="Everyone antes after an empty loo",
        help="If the loo payments came to nothing, everyone antes instead.")

    @property
    def hands_in_game(self) -> int:
        return self.players * self.hands_per_player

    def trump_of(self, turnup: int) -> int | None:
        """The trump suit a turned card makes, None for no trump (Ruling V3)."""
        if turnup >= WOLF:
            return None
        if self.crowns_void_trump and rank_of(turnup) in (LESSER_CROWN, GREATER_CROWN):
            return None
        return suit_of(turnup)


class Options(NamedTuple):
    """The dealer's choice before dealing: a poke, all play."""
    poke: bool
    allplay: bool


class Choice(NamedTuple):
    """A seat's decision for the hand: "play", "fold" or "poke" (take the poke and play)."""
    kind: str


class Play(NamedTuple):
    card: int


PLAYS = tuple(Play(c) for c in range(CARDS))
ALL_OPTIONS = (Options(False, False), Options(True, False), Options(False, True), Options(True, True))
PLAY, FOLD, POKE = Choice("play"), Choice("fold"), Choice("poke")


class VorenState(GameState):
    __slots__ = ("hand_index", "dealer", "phase", "options", "hands", "poke", "discards",
                 "turnup", "stock", "trump", "choices", "decide_pos", "active", "trick_order",
                 "tricks_won", "chips", "pot", "hand_pot", "paid", "won", "scores",
                 "last_hand", "short", "looed", "exempt", "carry", "carry_looed",
                 "from_loo", "antes", "hand_log")
    # hand_log: per finished hand, its public score sheet (JSON; see _end_hand)
    MEMO_REDUCED = {"hand_log": (len, "the finished hands' score sheets (JSON, unhashable): "
                                      "a sheet is added only as a hand ends")}

    # --- set-up -------------------------------------------------------------------
    def _begin(self) -> None:
        n = self.players
        self.chips = (self.rules.starting_chips,) * n
        self.scores = self.chips
        self.pot = 0
        self.carry = 0
        self.carry_looed = False
        self.hand_log = ()
        self._start_hand(0, self.game.first_dealer_of(self))

    def _start_hand(self, index: int, dealer: int) -> None:
        n, ante = self.players, self.rules.ante
        deal = self._next_deal(dealer)
        self.hand_index = index
        self.dealer = dealer
        self.phase = "options"
        self.options = None
        self.hands = deal["hands"]
        self.poke = deal["poke"]
        self.turnup = deal["turnup"]
        self.stock = _stock_of(deal)
        self.discards = (None,) * n
        self.trump = None
        self.choices = (None,) * n
        self.decide_pos = 0
        self.active = ()
        self.trick_order = ()
        self.tricks = ()
        self.tricks_won = (0,) * n
        self.paid = (0,) * n
        self.won = (0,) * n
        self.exempt = None
        self.looed = ()
        self.short = ()
        # The previous hand's loo payments form the pot instead of the antes
        # (Ruling V7: if they came to nothing, everyone antes; rules.empty_loo_antes).
        from_loo = self.carry_looed and (self.carry > 0 or not self.rules.empty_loo_antes)
        self.pot, self.carry, self.carry_looed = (self.carry if from_loo else 0), 0, False
        for seat in clockwise_from(left_of(dealer, n), n):
            owed = (0 if from_loo else ante) + (ante if seat == dealer else 0)   # the dealer's extra ante
            if owed:
                self._pay_into_pot(seat, owed)
        self.hand_pot = self.pot
        self.from_loo, self.antes = from_loo, self.paid
        # Ruling V6: a short payment at the start makes this the last hand.
        self.last_hand = bool(self.short) or index + 1 >= self.rules.hands_in_game

    def _pay_into_pot(self, seat: int, owed: int) -> int:
        """Pays `owed`, or what the seat has (Ruling V6), into the pot; returns the sum paid."""
        amount = min(owed, self.chips[seat])
        if amount < owed:
            self.short = self.short + (seat,)
        self.chips = _replace_at(self.chips, seat, self.chips[seat] - amount)
        self.paid = _replace_at(self.paid, seat, self.paid[seat] + amount)
        self.pot += amount
        return amount

    def _take(self, seat: int, amount: int) -> None:
        self.chips = _replace_at(self.chips, seat, self.chips[seat] + amount)
        self.won = _replace_at(self.won, seat, self.won[seat] + amount)
        self.pot -= amount

    # --- protocol -----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == "play":
            return self.trick_order[len(self.tricks[-1].plays)]
        if phase == "decide":
            return (self.dealer + 1 + self.decide_pos) % self.players
        if phase == "options":
            return self.dealer
        return None

    def _legal_actions(self):
        if self.phase == "options":
            return ALL_OPTIONS
        if self.phase == "decide":
            actions = [PLAY] if self.options.allplay else [PLAY, FOLD]   # all play: nobody folds
            if self.poke and self.options.poke:
                actions.append(POKE)
            return actions
        return [PLAYS[c] for c in self._playable(self.hands[self.current_player])]

    def _strength(self, card: int, led: int | None) -> int:
        return card_strength(card, self.trump, led)

    def _best_so_far(self, trick: Trick, led: int | None) -> int:
        return max(self._strength(c, led) for _, c in trick.plays)

    def _lead_options(self, hand: tuple[int, ...]) -> list[int]:
        trump = self.trump
        if trump is None:
            return list(hand)
        index = len(self.tricks) - 1
        if index == 0 and trump * 8 + GREATER_CROWN in hand:
            return [trump * 8 + GREATER_CROWN]        # the first leads the Greater Crown of trump
        if index == 1:
            trumps = [c for c in hand if c < WOLF and c // 8 == trump]
            if trumps:
                return trumps                          # trick 2: lead trump suit if held (not Wolf/Treachery)
        return list(hand)

    def _follow_options(self, hand: tuple[int, ...]) -> list[int]:
        """The cards the following priority allows (before the must-take rule)."""
        led = suit_of(self.tricks[-1].plays[0][1])
        trump = self.trump
        follow = following(hand, led, suit_of)
        if led == trump:
            follow += [c for c in hand if c >= WOLF]  # Treachery and Wolf follow a trump lead
        if follow:
            return follow
        trumps = [c for c in hand if c >= WOLF or c // 8 == trump]
        return trumps if trumps else list(hand)

    def _playable(self, hand: tuple[int, ...]) -> list[int]:
        trick = self.tricks[-1]
        if not trick.plays:
            return self._lead_options(hand)
        lead = trick.plays[0][1]
        if lead >= WOLF:
            return list(hand)                          # Treachery or Wolf led: free play
        allowed = self._follow_options(hand)
        led = lead // 8
        top = max(allowed, key=lambda c: self._strength(c, led))
        if self._strength(top, led) > self._best_so_far(trick, led):
            return [top]                               # must play the highest card that takes the trick
        return allowed

    def why_illegal(self, action, tell=None) -> str:
        seat = self.current_player
        card = tell.the if tell else str          # record errors name the token
        who = (lambda s: tell.seat(s, start=False)) if tell else (lambda s: f"seat {s}")
        if self.phase == "options":
            return (f"the dealer ({who(seat)}) first chooses how to deal" if tell else
                    f"the dealer (seat {seat}) first chooses how to deal: "
                    "deal, deal poke, deal allplay or deal poke allplay")
        if self.phase == "decide":
            if isinstance(action, Options):
                return "the cards are dealt already"
            if not isinstance(action, Choice):
                return (f"{who(seat)} must first play, fold or take the poke" if tell else
                        f"seat {seat} must first play, fold or take the poke")
            if action == FOLD:
                return "all play was declared: nobody may fold"
            if action == POKE and not self.options.poke:
                return "the dealer dealt no poke"
            if action == POKE:
                taker = self.choices.index("poke") if "poke" in self.choices else None
                return f"the poke was taken already (by {who(taker)})"
            return "choose play, fold or poke"
        if not isinstance(action, Play):
            return "the tricks are under way: play a card"
        hand = self.hands[seat]
        if action.card not in hand:
            return f"{card(DECK.token(action.card))} is not in your hand"
        trick = self.tricks[-1]
        if not trick.plays:
            if len(self.tricks) == 1:
                crown = card(DECK.token(self.trump * 8 + GREATER_CROWN))
                return (f"only {crown} can be led: the first player must lead the Greater Crown "
                        f"of trump" if tell else
                        f"the first must lead the Greater Crown of trump, {crown}")
            return (f"the winner of the first trick must lead trump ({SUIT_NAMES[self.trump]}) "
                    f"while holding one")
        led = trick.plays[0][1] // 8
        allowed = self._follow_options(hand)
        if action.card in allowed:
            top = card(DECK.token(self._playable(hand)[0]))
            return (f"only {top} can be played: it takes the trick, and a player who can take "
                    f"the trick must play the highest card that takes it" if tell else
                    f"you can take the trick, so you must play the highest card that takes it: {top}")
        if any(c // 8 == led if c < WOLF else led == self.trump for c in hand):
            extra = (f" (or the {tell.card('Treachery')} or the {tell.card('Wolf')})" if tell else
                     " (or the Treachery or Wolf)") if led == self.trump else ""
            return f"you must follow {SUIT_NAMES[led]}{extra}"
        return f"you cannot follow {SUIT_NAMES[led]}: you must play a trump"

    def _apply(self, action, seat: int) -> None:
        if self.phase == "options":
            self._apply_options(action)
        elif self.phase == "decide":
            self._apply_choice(action, seat)
        else:
            self._apply_play(action, seat)

    def _apply_options(self, options: Options) -> None:
        self.options = options
        self.trump = self.rules.trump_of(self.turnup)          # Ruling V3
        self.phase = "decide"

    def _apply_choice(self, choice: Choice, seat: int) -> None:
        n = self.players
        self.choices = _replace_at(self.choices, seat, choice.kind)
        if choice == POKE:                                     # discard face down, take the poke
            self.discards = _replace_at(self.discards, seat, self.hands[seat])
            self.hands = _replace_at(self.hands, seat, self.poke)
            self.poke = ()
        self.decide_pos += 1
        if self.decide_pos == n - 1 and all(c == "fold" for c in self.choices if c is not None):
            self._uncontested(self.dealer)                     # Ruling V4: all folded to the dealer
            return
        if self.decide_pos < n:
            return
        order = clockwise_from(left_of(self.dealer, n), n)
        self.active = tuple(s for s in order if self.choices[s] != "fold")
        if len(self.active) == 1:
            self._uncontested(self.active[0])                  # Ruling V4: a lone player
        else:
            self.phase = "play"
            self._start_trick(self.active[0])                  # "the first" leads

    def _uncontested(self, seat: int) -> None:
        self._take(seat, self.pot)
        self._end_hand()

    def _start_trick(self, leader: int) -> None:
        i = self.active.index(leader)
        self.trick_order = self.active[i:] + self.active[:i]
        self.tricks = self.tricks + (Trick(leader),)

    def _apply_play(self, play: Play, seat: int) -> None:
        card = play.card
        trick = self.tricks[-1].add(seat, card)
        self.hands = _replace_at(self.hands, seat, remove_card(self.hands[seat], card))
        if len(trick.plays) < len(self.active):
            self.tricks = self.tricks[:-1] + (trick,)
            return
        winner = trick_winner(trick.plays, self.trump)
        self.tricks = self.tricks[:-1] + (trick._replace(winner=winner),)
        self.tricks_won = _replace_at(self.tricks_won, winner, self.tricks_won[winner] + 1)
        exempt = loo_exempt(trick.plays)
        if exempt is not None:
            self.exempt = exempt
        # Ruling V5: a third of the hand's pot per trick, the last trick takes the rest.
        self._take(winner, self.hand_pot // 3 if len(self.tricks) < 3 else self.pot)
        if len(self.tricks) < 3:
            self._start_trick(winner)
        else:
            self._end_hand()

    def _end_hand(self) -> None:
        self.looed = looed(self.active, self.tricks)
        loo = [0] * self.players
        if not self.last_hand:                                 # no loo payments after the last hand
            for seat in self.looed:
                amount = min(self.hand_pot, self.chips[seat])  # Ruling V6: pays what they have
                self.chips = _replace_at(self.chips, seat, self.chips[seat] - amount)
                self.paid = _replace_at(self.paid, seat, self.paid[seat] + amount)
                self.carry += amount
                loo[seat] = amount
            self.carry_looed = bool(self.looed)
        points = [w - p for w, p in zip(self.won, self.paid)]
        self.scores = self.chips
        self.hand_log = self.hand_log + (self._hand_sheet(loo, points),)
        self._finish_hand(points)
        if self.last_hand:
            self.phase = "over"
        else:
            self._start_hand(self.hand_index + 1, left_of(self.dealer, self.players))

    def _hand_sheet(self, loo: list[int], points: list[int]) -> dict:
        """This hand's public score sheet, made as it ends: the pot and where it came
        from, each seat's choice, tricks, share of the pot, antes and loo payment,
        and the cards each player who played showed in the tricks (a folded hand,
        the poke and a discarded hand stay hidden: rules.hand_end_shows)."""
        n = self.players
        trick = {s: [t.card_of(s) for t in self.tricks if t.card_of(s) is not None] for s in self.active}
        uncontested = None if self.tricks else (self.active[0] if self.active else self.dealer)
        return {
            "hand": self.hand_index + 1, "dealer": self.dealer,
            "options": self.options._asdict(), "turnup": DECK.token(self.turnup),
            "trump": SUITS[self.trump] if self.trump is not None else None,
            "pot": self.hand_pot, "pot_from_loo": self.from_loo,
            "antes": list(self.antes), "short_payers": list(self.short),
            "choices": list(self.choices), "playing": list(self.active),
            "uncontested": uncontested,
            "tricks": list(self.tricks_won), "won": list(self.won),
            "looed": list(self.looed), "loo_paid": loo, "wolf_exempt": self.exempt,
            "last_hand": self.last_hand,
            "points": list(points), "chips": list(self.chips),
            "hands": [DECK.tokens_of(sorted(trick[s])) if s in trick and self.tricks else None
                      for s in range(n)],
        }

    def _hand_results(self) -> list[dict]:
        """The finished hands' score sheets, each with the pot the next hand started with."""
        out = []
        for index, sheet in enumerate(self.hand_log):
            later = self.hand_log[index + 1]["pot"] if index + 1 < len(self.hand_log) else (
                self.hand_pot if self._hand_in_progress() else None)
            out.append(dict(sheet, next_pot=later))
        return out

    # --- results ------------------------------------------------------------------
    def totals(self) -> list[int]:
        """Chips after the last finished hand."""
        return list(self.scores)

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        best = max(self.scores)
        return [s for s in range(self.players) if self.scores[s] == best]   # equal chips share

    # --- what a seat may know -----------------------------------------------------
    def _observe(self, seat: int) -> dict:
        tokens = DECK.tokens_of
        dealt = self.phase != "options"
        current = self.tricks[-1] if self.phase == "play" else None
        lead = current.plays[0][1] if current and current.plays else None
        discard = self.discards[seat]
        return {
            "phase": self.phase,
            "hand_number": self.hand_index + 1,
            "hands_in_game": self.rules.hands_in_game,
            "last_hand": self.last_hand,
            "dealer": self.dealer,
            "options": self.options._asdict() if self.options else None,
            "turnup": DECK.token(self.turnup) if dealt else None,
            "trump": SUITS[self.trump] if self.trump is not None else None,
            "hand": tokens(self.hands[seat]) if dealt else [],
            "discarded": tokens(discard) if discard is not None else None,
            "hand_sizes": [len(h) if dealt else 0 for h in self.hands],
            "choices": list(self.choices),
            "poke_dealt": bool(self.options and self.options.poke),
            "poke_taken_by": self.choices.index("poke") if "poke" in self.choices else None,
            "playing": list(self.active),
            "led": (None if lead is None else "free" if lead >= WOLF else SUITS[lead // 8]),
            "tricks_won": list(self.tricks_won),
            "pot": self.pot,
            "hand_pot": self.hand_pot,
            "chips": list(self.chips),
            "paid_this_hand": list(self.paid),
            "won_this_hand": list(self.won),
            "short_payers": list(self.short),
            "looed": list(self.looed),
            "wolf_exempt": self.exempt,
            "hand_results": self._hand_results(),
        }

    # --- conformance hooks --------------------------------------------------------
    def cards_in_play(self) -> list[int]:
        cards = [c for hand in self.hands for c in hand] + list(self.poke) + [self.turnup]
        cards += [c for d in self.discards if d for c in d]
        cards += [c for trick in self.tricks for c in trick.cards]
        return sorted(cards)

    def deal_cards(self, deal: dict) -> list[int]:
        return sorted([c for hand in deal["hands"] for c in hand] + list(deal["poke"]) + [deal["turnup"]])

    def hidden_places(self, seat: int) -> dict[str, tuple[int, ...]]:
        dealt = self.phase != "options"      # before the deal nobody has seen a card
        places = {f"hand:{s}": self.hands[s] for s in range(self.players) if s != seat or not dealt}
        places.update({f"discard:{s}": d for s, d in enumerate(self.discards) if d and s != seat})
        if self.poke:
            places["poke"] = self.poke
        if not dealt:
            places["turnup"] = (self.turnup,)
        places["stock"] = self.stock
        return places

    def with_hidden(self, seat: int, places: dict[str, tuple[int, ...]]) -> "VorenState":
        new = self._copy()
        new._legal = None
        hands, discards = list(self.hands), list(self.discards)
        for name, cards in places.items():
            kind, _, who = name.partition(":")
            cards = tuple(sorted(cards))
            if kind == "hand":
                hands[int(who)] = cards
            elif kind == "discard":
                discards[int(who)] = cards
            elif kind == "turnup":
                new.turnup = cards[0]
            else:
                setattr(new, kind, cards)     # poke, stock
        new.hands, new.discards = tuple(hands), tuple(discards)
        return new

    def action_universe(self) -> list:
        return [*PLAYS, *ALL_OPTIONS, PLAY, FOLD, POKE]

    # --- a position as text (pycore/position.py) -----------------------------------------
    def position_fields(self) -> dict[str, str]:
        """Voren's fields: `hand` (its number, from 1), `dealer`, `phase` (options,
        decide, play, over), `options` (the dealer's: plain, poke, allplay or
        poke+allplay; `-` not yet), `turnup`, `hands`, `poke` (the poke's cards, `-`
        once taken), `discards` (per seat, `?` for none), `choices` (per seat play,
        fold, poke or `?`), `playing` (the seats playing the tricks), per seat `chips`,
        `scores` (chips after the last finished hand), `antes` (paid into this hand's
        pot at its start), `paid` (antes and loo payments), `gained` (chips taken from
        the pot), `hand_pot` (the pot at the hand's start), `from_loo` (1 if that pot
        was the last hand's loo payments), `short` (seats that could not pay in full),
        `looed` (seats looed at the hand's end), `exempt` (the Wolf's player saved from
        the loo, or `-`), `won` (tricks per seat) and `tricks` (this hand's). The
        stock (cards not dealt) is what no other field holds.

        >>> text = ('voren rules={"players":3} seed=0 hand=1 dealer=0 phase=play options=plain '
        ...         'turnup=1H hands=2C/5H/RC poke=4S,5S,GS discards=?/?/? choices=play,play,play '
        ...         'playing=1,2,0 chips=18,19,19 scores=20,20,20 antes=2,1,1 paid=2,1,1 '
        ...         'gained=0,0,0 hand_pot=4 from_loo=0 short=- looed=- exempt=- won=0,0,0 '
        ...         'tricks=1:3C')
        >>> state = GAME.from_position(text)
        >>> state.current_player, [GAME.action_token(state, a) for a in state.legal_actions()]
        (2, ['RC'])
        >>> GAME.position_text(state) == text
        True
        """
        options = NONE if self.options is None else (
            "+".join(name for name, on in self.options._asdict().items() if on) or "plain")
        return {"hand": str(self.hand_index + 1), "dealer": str(self.dealer), "phase": self.phase,
                "options": options, "turnup": DECK.token(self.turnup),
                "hands": places_text(DECK, self.hands), "poke": cards_text(DECK, self.poke),
                "discards": places_text(DECK, self.discards),
                "choices": ",".join(UNCHOSEN if c is None else c for c in self.choices),
                "playing": numbers_text(self.active) or NONE,
                "chips": numbers_text(self.chips), "scores": numbers_text(self.scores),
                "antes": numbers_text(self.antes), "paid": numbers_text(self.paid),
                "gained": numbers_text(self.won), "hand_pot": str(self.hand_pot),
                "from_loo": str(int(self.from_loo)), "short": numbers_text(self.short) or NONE,
                "looed": numbers_text(self.looed) or NONE,
                "exempt": NONE if self.exempt is None else str(self.exempt),
                "won": numbers_text(self.tricks_won),
                "tricks": tricks_text(self.tricks, lambda i, j, card: DECK.token(card))}

    def _read_position(self, read) -> None:
        n, rules = self.players, self.rules
        self.hand_index = read.number("hand", 1, rules.hands_in_game) - 1
        self.first_hand = self.hand_index
        dealer = self.dealer = read.seat("dealer")
        phase = self.phase = read.choice("phase", ("options", "decide", "play", "over"))
        options = read.choice("options", (NONE, "plain", "poke", "allplay", "poke+allplay"))
        self.options = None if options == NONE else Options("poke" in options, "allplay" in options)
        turnup = read.cards("turnup")
        if len(turnup) != 1:
            raise read.error("turnup", "is one card")
        self.turnup = turnup[0]
        self.hands = read.places("hands")
        self.poke = read.cards("poke")
        self.discards = read.places("discards", allow_unchosen=True)
        choices = read.text("choices").split(",")
        if len(choices) != n or any(c not in ("play", "fold", "poke", UNCHOSEN) for c in choices):
            raise read.error("choices", f"lists per seat play, fold, poke or '{UNCHOSEN}'")
        self.choices = tuple(None if c == UNCHOSEN else c for c in choices)
        self.active = read.seats("playing")
        self.chips = read.numbers("chips", n)
        self.scores = read.numbers("scores", n)
        self.antes = read.numbers("antes", n)
        self.paid = read.numbers("paid", n)
        self.won = read.numbers("gained", n)
        self.hand_pot = read.number("hand_pot")
        self.from_loo = bool(read.number("from_loo", 0, 1))
        self.short = read.seats("short")
        self.looed = read.seats("looed")
        exempt = read.text("exempt")
        self.exempt = None if exempt == NONE else read.number("exempt", 0, n - 1, exempt)
        self.tricks_won = read.numbers("won", n, maximum=3)
        tricks, _ = read.tricks("tricks", self._trick_seats)
        self.pot = self.hand_pot - sum(self.won)
        if self.pot < 0:
            raise read.error("gained", f"more chips were taken than the pot of {self.hand_pot}")
        self.carry, self.carry_looed, self.hand_log = 0, False, ()
        self.last_hand = bool(self.short) or self.hand_index + 1 >= rules.hands_in_game
        self.trump = rules.trump_of(self.turnup) if self.options is not None else None
        self.decide_pos = sum(c is not None for c in self.choices)
        deciders = [(dealer + 1 + i) % n for i in range(self.decide_pos)]
        if {s for s in range(n) if self.choices[s] is not None} != set(deciders):
            raise read.error("choices", "the seats choose clockwise from the dealer's left")
        if any((self.discards[s] is not None) != (self.choices[s] == "poke") for s in range(n)):
            raise read.error("discards", "the seat that took the poke, and only it, has a discard")
        stage = ("options", "decide", "play", "over").index(phase)
        if (stage == 0) != (self.options is None):
            raise read.error("options", "the dealer has chosen them after phase options")
        if (phase == "play") != bool(tricks) or (tricks and tricks[-1].winner is not None) or len(tricks) > 3:
            raise read.error("tricks", "a trick is in progress in phase play, and only then")
        self.trick_order = ()
        self.tricks = tricks
        if tricks:
            order = clockwise_from(left_of(dealer, n), n)
            if self.active != tuple(s for s in order if self.choices[s] != "fold") or len(self.active) < 2:
                raise read.error("playing", "the seats that did not fold, from the dealer's left")
            leader = tricks[-1].leader
            i = self.active.index(leader)
            self.trick_order = self.active[i:] + self.active[:i]
            if not self.hands[self.current_player]:
                raise read.error("hands", f"seat {self.current_player} is to play and holds no card")
        played = {s: tuple(t.card_of(s) for t in tricks if t.card_of(s) is not None) for s in range(n)}
        held = [c for h in self.hands for c in h] + list(self.poke) + [self.turnup]
        held += [c for d in self.discards if d for c in d] + [c for t in tricks for c in t.cards]
        check_cards(read, held, range(CARDS))
        self.stock = tuple(c for c in range(CARDS) if c not in held)
        poke, hands = self.poke, list(self.hands)
        for s in range(n):
            hands[s] = tuple(sorted(hands[s] + played[s]))
            if self.discards[s] is not None:
                poke, hands[s] = hands[s], self.discards[s]
        self.deals = ({"dealer": dealer, "hands": tuple(hands), "poke": poke, "turnup": self.turnup},)

    def _trick_seats(self, leader: int) -> tuple[int, ...]:
        """The seats playing to a trick led by `leader`, in order."""
        if leader not in self.active:
            return (leader,)
        i = self.active.index(leader)
        return self.active[i:] + self.active[:i]


def _replace_at(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _stock_of(deal: dict) -> tuple[int, ...]:
    """The undealt cards (not listed in a deal)."""
    dealt = set(c for hand in deal["hands"] for c in hand) | set(deal["poke"]) | {deal["turnup"]}
    return tuple(c for c in range(CARDS) if c not in dealt)


class VorenGame(Game):
    name = "voren"
    title = "Voren"
    Rules = VorenRules
    State = VorenState
    deck = DECK
    words = WORDS

    def card_suit(self, card: int) -> int | None:
        return suit_of(card)

    def suit_names(self) -> tuple[str, ...]:
        return SUIT_NAMES

    def examples(self) -> list[dict]:
        return [{"players": 5}]                       # a table of the middle size

    def presets(self) -> list[dict]:
        return ([{"players": p} for p in range(3, 9)]
                + [{"players": 4, "crowns_void_trump": False},
                   {"players": 5, "starting_chips": 15},                       # short payments, early end
                   {"players": 3, "starting_chips": 20, "empty_loo_antes": False}])

    # --- tokens ---------------------------------------------------------------------
    def action_token(self, state, action) -> str:
        if isinstance(action, Play):
            return DECK.token(action.card)
        if isinstance(action, Choice):
            return action.kind
        if not isinstance(action, Options):
            raise TokenError(f"{quote(action)} is not a Voren action")
        return "deal" + (" poke" if action.poke else "") + (" allplay" if action.allplay else "")

    def parse_action(self, state, token: str):
        if not isinstance(token, str):
            raise TokenError(f"an action token is text, not {token!r}")
        if token in _OPTION_TOKENS:
            return _OPTION_TOKENS[token]
        if token in ("play", "fold", "poke"):
            return Choice(token)
        try:
            return PLAYS[DECK.card(token)]
        except TokenError:
            raise TokenError(f"unknown Voren action {token!r}: the actions are deal, deal poke, "
                             "deal allplay, deal poke allplay, play, fold, poke, or a card "
                             "(1..5, R, L, G then C D H S, or Wolf, Treachery)") from None

    # --- deals ----------------------------------------------------------------------
    def random_deal(self, rules: VorenRules, rng, dealer: int, hand: int) -> dict:
        cards = list(range(CARDS))
        rng.shuffle(cards)
        n = rules.players
        hands = tuple(tuple(sorted(cards[i * HAND_SIZE:(i + 1) * HAND_SIZE])) for i in range(n))
        rest = cards[n * HAND_SIZE:]
        return {"dealer": dealer, "hands": hands, "poke": tuple(sorted(rest[:HAND_SIZE])),
                "turnup": rest[HAND_SIZE]}

    def deal_from_json(self, rules: VorenRules, data, hand: int) -> dict:
        data = deal_fields(data, ("dealer", "hands", "poke", "turnup"))
        dealer = deal_seat(data, "dealer", rules.players)
        hands = deal_hands(DECK, data, rules.players, HAND_SIZE)
        poke = deal_cards(DECK, "poke", data.get("poke"), HAND_SIZE, f"list {HAND_SIZE} cards")
        turnup = data.get("turnup")
        if not isinstance(turnup, str):
            raise DealError("turnup must be one card token")
        (turnup,) = deal_cards(DECK, "turnup", [turnup], 1)
        dealt = [c for hand in hands for c in hand] + list(poke) + [turnup]
        check_deal_cards(DECK, dealt, range(len(DECK)), every=False, what="each card once")
        return {"dealer": dealer, "hands": hands, "poke": poke, "turnup": turnup}

    def deal_to_json(self, rules: VorenRules, deal: dict) -> dict:
        return {"dealer": deal["dealer"], "hands": [DECK.tokens_of(h) for h in deal["hands"]],
                "poke": DECK.tokens_of(deal["poke"]), "turnup": DECK.token(deal["turnup"])}


_OPTION_TOKENS = {"deal": ALL_OPTIONS[0], "deal poke": ALL_OPTIONS[1],
                  "deal allplay": ALL_OPTIONS[2], "deal poke allplay": ALL_OPTIONS[3]}

GAME = register(VorenGame())
