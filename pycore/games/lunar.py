"""Lunar (shared/rules/lunar.md): one partner plays the suit, the other the rank.

Four players in two teams (seats 0 and 2 against 1 and 3), or two players who
both play from the shared, face-up Sky. A team is `seat % 2` in both forms.

Cards: one int per kind, copies repeat it (hands are sorted multisets):
rank cards R1..R8 = 0..7, suit cards Wolf, Owl, Lynx, Bat = 8..11.

Rulings as rules fields: L1 star_cards, L2 track, L3 deal, L4 next_start,
L5 type_fallback, L6 incomplete_team, L7 sky_tile_order (and deal), L8
sky_fallback. Not in the rules file, settled here: the "mixed" deal (all 48
cards shuffled together) with its exchange of a hand short of a type, and the
target score as a field (30 by the rules).
"""
from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from functools import lru_cache
from typing import NamedTuple

from ..cards import Deck, add_cards, remove_card, remove_cards
from ..deals import check_deal_cards, deal_cards, deal_fields, deal_hands, deal_seat
from ..errors import DealError, RulesError, TokenError, quote
from ..game import Game, GameState, register
from ..position import NONE, cards_text, numbers_text, places_text, tricks_text
from ..rules import Rules, rule
from ..words import Words, count, join, ordinal
from ..tricks import Trick, clockwise_from, left_of

DECK = Deck(["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "Wolf", "Owl", "Lynx", "Bat"])
RANKS = tuple(range(8))
SUITS = (8, 9, 10, 11)
RANK_COPIES, SUIT_COPIES = 3, 6
FULL_DECK = tuple(sorted(RANKS * RANK_COPIES + SUITS * SUIT_COPIES))
HAND_SIZE = 12
GIFT_SIZE = 4                                   # 2 rank + 2 suit cards
DEFAULT_TRACK = (0, 1, 2, 3, 0, 0, 0, 4, 5, 0, 0, 0, 0)   # by tricks won, 0..12


def is_rank(card: int) -> bool:
    return card < 8


def rank_value(card: int) -> int:
    return card + 1


TYPES = ("rank", "suit")


def card_type(card: int) -> str:
    """A card's type: "rank" (R1-R8) or "suit" (Wolf, Owl, Lynx, Bat)."""
    return "rank" if is_rank(card) else "suit"


# is_rank by card, for the rules of trick play (the playouts ask them at every card)
_IS_RANK = tuple(is_rank(card) for card in range(len(DECK)))


def _star_kinds(value) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)):
        raise ValueError("star cards are a list of card kinds, e.g. [\"R1\", \"R8\"]")
    cards = DECK.cards(value)
    if len(set(cards)) != len(cards):
        raise ValueError("a star card kind is listed twice")
    return tuple(sorted(cards))


def _track_values(value) -> tuple[int, ...]:
    if (not isinstance(value, (list, tuple)) or len(value) != HAND_SIZE + 1
            or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in value)):
        raise ValueError(f"the track is {HAND_SIZE + 1} whole numbers >= 0, the points "
                         f"for 0..{HAND_SIZE} tricks won")
    return tuple(value)


class LunarWords(Words):
    """Lunar's cards: a rank card by its number ("5"), a suit card by its suit
    ("Owl"); a card from the Sky says so."""

    hand_word = "round"
    first_player = "start player"

    hidden = "gave two rank and two suit cards to their partner"
    picks = {"give": "to give to your partner"}
    phases = {"exchange": "the exchange", "trump": "turning trump tiles", "play": "trick play",
              "over": "game over"}

    def hidden_done(self, tell) -> str:
        if ((tell.obs or {}).get("rules") or {}).get("deal") == "mixed":    # a hand short of a type gives more of the other
            return "gave four cards to their partner"
        return self.hidden

    def card(self, token: str, tell=None) -> str:
        token = token.removeprefix("sky:")
        return token[1:] if token.startswith("R") else token

    def choice(self, token: str, tell) -> str:
        verb, _, rest = token.partition(" ")
        if verb == "give":
            return f"Give {tell.cards(rest.split(' '))} to your partner"
        if verb == "turn":
            return f"Turn the {rest} tile face down"
        if token.startswith("sky:"):
            return f"{tell.card(token)} from the Sky"
        return tell.card(token)

    def done(self, token: str, tell, actor: int, where=None) -> str:
        verb, _, rest = token.partition(" ")
        if verb == "give":
            whose = "your" if actor == tell.you else "their"
            return f"gave {tell.cards(rest.split(' '))} to {whose} partner"
        if verb == "turn":
            return f"turned the {rest} tile face down"
        if token.startswith("sky:"):
            return f"played {tell.the(token)} from the Sky"
        return f"played {tell.the(token)}"

    @staticmethod
    def team(seat: int, tell) -> list[int]:
        """A seat's team, the listener first: [you, across] or [left, right] (one seat with 2)."""
        return sorted((s for s in range(tell.players) if team_of(s) == team_of(seat)),
                      key=lambda s: (s - tell.me) % tell.players)

    def still_due(self, due: dict) -> str:
        """What a player still owes this trick with the Sky (the engine's `still_due`)."""
        if due["cards"] == 2:
            return "two cards: one from hand and one from the Sky, one suit and one rank"
        if due["cards"] == 0:
            return "done this trick"
        place = "the Sky" if due["place"] == "sky" else "hand"
        return f"a {due['type']} card from {place}"

    def trick_taken(self, trick: dict, tell, hand: int, number: int) -> str:
        winner = trick["winner"]
        team = self.team(winner, tell)
        cards = [card for seat, card in trick["cards"] if seat in team]
        taken = f"{tell.seats(team)} {tell.verb('takes', team)} the"
        why = self.why_taken(trick, tell, hand)
        if number == HAND_SIZE - 1:              # a round is twelve tricks: none follows this one
            return f"{taken} last trick with {join(tell.the(c) for c in cards)} ({why})."
        return (f"{taken} trick with {join(tell.the(c) for c in cards)} ({why}); "
                f"{tell.seat(winner, start=False)} {tell.verb('leads', winner)} next.")

    def why_taken(self, trick: dict, tell, hand: int) -> str:
        """The branch of the Winner rule that gave the trick (the engine's
        `trick_decision`), with the two teams' suits and ranks it compared."""
        plays = [(seat, DECK.card(token.removeprefix("sky:"))) for seat, token in trick["cards"]]
        won, branch = trick_decision(plays, DECK.card(self.trump_of(tell, hand)))
        suits, held, _ = team_holdings(plays)
        suit = [None if s is None else tell.card(DECK.token(s)) for s in suits]
        lost = 1 - won
        ranks = [str(held[t]) if held[t] else "no rank card" for t in (won, lost)]
        if branch == TRUMP:
            return f"trump: {suit[won]} beats {suit[lost]}"
        if branch == LEAD_SUIT:
            return f"{suit[won]} beats {suit[lost]}: neither is trump, and {suit[won]} was played first"
        if branch == NO_SUIT:
            losers = self.team(next(s for s, _ in plays if team_of(s) == lost), tell)
            return f"{tell.seats(losers, start=False)} played no suit card"
        both = f"{suit[won]} against {suit[won]}" if suit[won] else "no suit card on either side"
        if branch == HIGHER_RANK:
            return f"{both}: {ranks[0]} beats {ranks[1]}"
        return f"{both}, {ranks[0]} against {ranks[1]}: equal ranks go to the team that played last"

    def hand_lines(self, result: dict, tell) -> list[str]:
        track = tell.obs.get("track") or []
        paying = [str(k) for k, v in enumerate(track) if v]
        lines = [f"Round {result['hand']}: trump {result['trump']}."]
        for team in result["teams"]:
            who = tell.seats(self.team(team["seats"][0], tell))
            stars = len(team["stars"])
            said = (f"{who} took {count(team['tricks'], 'trick')} ({team['track_points']} on the track) "
                    f"and kept {count(stars, 'star card')}: {count(team['points'], 'point')}.")
            if team["points"] == 0:
                said += (f" Nothing scored: {count(team['tricks'], 'trick')} "
                         f"{'is' if team['tricks'] == 1 else 'are'} worth nothing on the track "
                         f"(it pays for {join(paying, 'or')} tricks) and no star card was kept.")
            lines.append(said)
        scores = ", ".join(f"{tell.seats(self.team(t['seats'][0], tell))} {t['total']}"
                           for t in result["teams"])
        lines.append(f"Score: {scores}; the target is {result['target']}.")
        if result["game_over"]:
            best = max(result["teams"], key=lambda t: t["total"])
            team = self.team(best["seats"][0], tell)
            lines.append(f"{tell.seats(team)} {tell.verb('has', team)} {best['total']} and the lead: "
                         "the game ends.")
        elif max(t["total"] for t in result["teams"]) >= result["target"]:
            lines.append("The target is reached but the teams are tied: another round is played.")
        return lines

    def outcome(self, tell) -> str:
        team = self.team((tell.obs.get("winners") or [0])[0], tell)
        if tell.players == 2:
            return super().outcome(tell)
        if tell.you in team:
            return f"Your team wins: {tell.seats(team, start=False)}!"
        return f"{tell.seats(team)} win."

    def place(self, entry: dict, tell) -> str:
        team = self.team(entry["seats"][0], tell)
        return f"{ordinal(entry['place'])}: {tell.seats(team)}, {count(entry['score'], 'point')}"


WORDS = LunarWords("Lunar")


@dataclasses.dataclass(frozen=True)
class LunarRules(Rules):
    players: int = rule(4, "Number of players: 4 in two partnerships, or 2 with the Sky.",
                        choices=(2, 4), label="Players")
    star_cards: tuple = rule(
        (0, 7), "The card kinds that carry a star (every copy of each): the team that wins "
                "a trick keeps them for 1 point each.",
        ruling="L1", convert=_star_kinds, dump=DECK.tokens_of, label="Star cards",
        help="Every copy of these cards carries a star: 1 point to the team that wins it.",
        options=tuple(DECK.tokens))
    track: tuple = rule(
        DEFAULT_TRACK, "The points on the team track for winning 0 to 12 tricks in a round.",
        ruling="L2", convert=_track_values, dump=list, label="Team track",
        help="Points a team scores for the tricks it wins in a round.",
        items=tuple(f"{n} trick{'' if n == 1 else 's'}" for n in range(HAND_SIZE + 1)))
    deal: str = rule(
        "split", "Split: every hand gets 6 rank and 6 suit cards (with 2 players the Sky "
                 "gets the other 12 of each). Mixed: all 48 cards are shuffled together, 12 "
                 "to each hand (the Sky takes the rest); in the exchange a hand short of a "
                 "type gives its partner all it holds of that type and makes up the 4 cards "
                 "with the other type.", ruling="L3", choices=("split", "mixed"), label="The deal",
        help="Split: 6 rank and 6 suit cards to every hand. Mixed: all 48 cards shuffled together.")
    next_start: str = rule(
        "left", "The first round's start player is drawn at random; each later round's "
                "start player is the seat left of the previous one.",
        ruling="L4", choices=("left",), label="Next start player",
        help="Each round, the seat to the left of the last one.")
    type_fallback: str = rule(
        "any_card", "A team's second player who holds no card of the type the partner did "
                    "not play may play any card (following still applies to suit cards).",
        ruling="L5", choices=("any_card",), label="No card of the other type",
        help="A partner who has none may play any card.")
    incomplete_team: str = rule(
        "first_suit_highest_rank", "A team's suit in a trick is its first suit card and its "
        "rank its highest rank card; no suit loses to a suit; no rank counts 0; two teams "
        "without suits compare ranks, a tie going to the team that played last.",
        ruling="L6", choices=("first_suit_highest_rank",), label="A team short of a suit or rank",
        help="Its first suit card and its highest rank card count; no suit loses.")
    sky_tile_order: str = rule(
        "start_other_start", "With 2 players the trump tiles are turned by the start "
        "player, the other player, then the start player.",
        ruling="L7", choices=("start_other_start",), label="Two players: turning trump tiles",
        help="The start player, the other player, then the start player.")
    sky_fallback: str = rule(
        "any_from_place", "With 2 players each card of a trick comes from the place not yet "
        "used; if that place holds no card of the type not yet played, any card from it.",
        ruling="L8", choices=("any_from_place",), label="Two players: no card of the type needed",
        help="Any card from the place you must play from.")
    target: int = rule(30, "The game ends after a round in which a team has this many "
                           "points or more and the teams are not tied.", minimum=1,
                   label="Target score", help="The game ends after a round in which a team reaches it.")

    def validate(self) -> None:
        # data fields built directly (not from a record) are checked here too
        try:
            _track_values(self.track)
            if not all(isinstance(c, int) and 0 <= c < len(DECK) for c in self.star_cards):
                raise ValueError(f"star cards must be card kinds, not {self.star_cards!r}")
            _star_kinds(DECK.tokens_of(self.star_cards))
        except (TypeError, ValueError) as exc:
            raise RulesError(f"rules for lunar: {exc}") from None


class Give(NamedTuple):
    cards: tuple[int, ...]          # sorted


class Turn(NamedTuple):
    suit: int                       # the suit card kind whose tile is turned face down


class Play(NamedTuple):
    card: int
    sky: bool = False               # played from the Sky (2 players)


_PLAYS = {sky: tuple(Play(card, sky) for card in range(12)) for sky in (False, True)}   # shared (immutable)


def multiset_choices(cards: tuple[int, ...], k: int) -> list[tuple[int, ...]]:
    """Every sub-multiset of `k` cards of a sorted multiset, once each."""
    return list(dict.fromkeys(itertools.combinations(cards, k)))


def gift_shape(hand: tuple[int, ...]) -> tuple[int, int]:
    """(rank cards, suit cards) to give: 2 + 2, or all of a short type made up to 4."""
    ranks = sum(map(is_rank, hand))
    suits = len(hand) - ranks
    r = max(GIFT_SIZE - suits, min(2, ranks))
    return r, GIFT_SIZE - r


def _gift_missing(cards, ranks: int, suits: int) -> str:
    """What a gift being picked still lacks (or has too many of), in words."""
    have = sum(1 for c in cards if is_rank(c))
    parts = []
    for kind, want, got in (("rank", ranks, have), ("suit", suits, len(cards) - have)):
        if got < want:
            parts.append(f"{want - got} more {kind} card{'s' if want - got > 1 else ''}")
        elif got > want:
            parts.append(f"{got - want} {kind} card{'s' if got - want > 1 else ''} fewer")
    need = f"give {ranks} rank and {suits} suit cards"
    return f"{need}: pick {' and '.join(parts)}" if parts else need


def trick_winner(plays, trump: int) -> int:
    """The winning team of a complete trick of (seat, card) plays (Ruling L6 included)."""
    seat, card = plays[-1]
    return winner_with(plays[:-1], seat, trump)(card)


# Which branch of the Winner rule gave a trick (the table says it: LunarWords).
HIGHER_RANK, LAST_PLAYED, TRUMP, LEAD_SUIT, NO_SUIT = (
    "higher rank", "last played", "trump", "lead suit", "no suit")


def trick_decision(plays, trump: int) -> tuple[int, str]:
    """(the winning team, the branch of the Winner rule that decided) of a complete trick.

    >>> trick_decision(((0, 9), (1, 4), (2, 2), (3, 9)), 11)    # Owl and 3 against Owl and 5
    (1, 'higher rank')
    >>> trick_decision(((0, 9), (1, 4), (2, 4), (3, 8)), 8)     # Wolf is trump
    (1, 'trump')
    """
    seat, card = plays[-1]
    return winner_with(plays[:-1], seat, trump)(card, why=True)


def team_holdings(plays) -> tuple[list, list, int | None]:
    """What the Winner rule compares in the trick so far: each team's suit (its
    first suit card, None without one) and rank (its highest rank card's value, 0
    without one; Ruling L6), and the team that set the lead suit (None yet)."""
    suit, rank = [None, None], [0, 0]
    setter = None
    for player, card in plays:
        team = team_of(player)
        if _IS_RANK[card]:
            if rank_value(card) > rank[team]:
                rank[team] = rank_value(card)
        elif suit[team] is None:
            suit[team] = card
            if setter is None:
                setter = team                      # the first suit card sets the lead suit
    return suit, rank, setter


def winner_with(plays, seat: int, trump: int):
    """For the trick so far `plays`, a function card -> the team that wins once
    `seat` adds that card: the trick so far is read once, for asking about
    several cards (the playouts ask it of every legal card)."""
    suit, rank, setter = team_holdings(plays)
    last = team_of(seat)
    other = 1 - last
    held_suit, held_rank = suit[last], rank[last]
    their_suit, their_rank = suit[other], rank[other]

    def winner(card: int, why: bool = False):
        """The team that wins with `card`; with `why`, (team, the branch that decided)."""
        # the trick as teams `last` (own_...) and `other` (their_...) hold it with the card
        own_suit, own_rank, first = held_suit, held_rank, setter
        if _IS_RANK[card]:
            value = rank_value(card)
            if value > own_rank:
                own_rank = value
        elif own_suit is None:
            own_suit = card
            if first is None:
                first = last
        if (own_suit is None) != (their_suit is None):     # Ruling L6: no suit loses to a suit
            team = other if own_suit is None else last
            return (team, NO_SUIT) if why else team
        if own_suit != their_suit:
            if own_suit == trump or their_suit == trump:   # the trump team wins
                team = last if own_suit == trump else other
                return (team, TRUMP) if why else team
            return (first, LEAD_SUIT) if why else first    # else the team that set the lead suit
        team = last if own_rank >= their_rank else other   # equal ranks: the team that played last
        return (team, HIGHER_RANK if own_rank != their_rank else LAST_PLAYED) if why else team
    return winner


# --- the rules of trick play on plain values ----------------------------------------------
# The State and the solver's fast playouts both call these. A trick is its `plays`
# ((seat, card), ...) and `places` (True: that card came from the Sky), in order.
def playable(hand, sky, plays, places, seat: int, lead_suit, players: int) -> list["Play"]:
    """The plays `seat` may make: from its hand (and with two players from the Sky,
    one card from each); after its team's first card, a card of the other type where
    that place holds one (Rulings L5, L8); following the lead suit within the place
    played from.

    >>> [p.card for p in playable((1, 9, 10), None, ((0, 10), (1, 9), (2, 3)), (False,) * 3,
    ...                           3, 10, 4)]          # a rank card, as the partner played a suit
    [1]
    """
    k = len(plays)              # a seat's team played two turns before it (trick_order)
    if k < 2:
        mine, from_places = None, ((False,) if players == 4 else (False, True))
    else:
        mine = plays[k - 2][1]
        from_places = (False,) if players == 4 else (not places[k - 2],)   # the place not yet used
    other_type = None if mine is None else not is_rank(mine)      # True: a rank card
    out = []
    for from_sky in from_places:
        kinds = tuple(dict.fromkeys(sky if from_sky else hand))      # each kind once, in order
        out += _playable_from(kinds, other_type, lead_suit, from_sky)
    return out


@lru_cache(maxsize=1 << 14)
def _playable_from(kinds: tuple[int, ...], other_type, lead_suit, from_sky: bool) -> tuple["Play", ...]:
    """`playable` from one place, which holds `kinds`: a card of `other_type`
    (True: rank, False: suit, None: either) where the place holds one, following the
    lead suit. Cached (a bounded cache): it depends on the kinds the place holds,
    not on their copies, and the playouts ask it at every card."""
    cards = kinds
    if other_type is not None:
        other = [c for c in cards if is_rank(c) == other_type]
        if other:                                      # Ruling L5 / L8: none of that type
            cards = other
    if lead_suit in cards:                             # following, within this place only
        cards = [c for c in cards if is_rank(c) or c == lead_suit]
    made = _PLAYS[from_sky]
    return tuple(made[c] for c in cards)


def lead_suit_after(lead_suit, card: int):
    """The lead suit once `card` is played: the first suit card of a trick sets it."""
    return card if lead_suit is None and not is_rank(card) else lead_suit


def team_of(seat: int) -> int:
    """A seat's team: seats 0 and 2 are team 0, seats 1 and 3 team 1 (with the
    Sky, each of the two players is a team of one).

    >>> team_of(0), team_of(3)
    (0, 1)
    """
    return seat % 2


TEAMS = tuple(tuple(s for s in range(4) if team_of(s) == team) for team in range(2))   # ((0, 2), (1, 3))
ALONE = ((0,), (1,))                                                                  # the Sky's two players


def partner_of(seat: int) -> int:
    """A seat's partner with four players: the seat across the table.

    >>> partner_of(1)
    3
    """
    return (seat + 2) % 4


@lru_cache(maxsize=None)
def trick_order(leader: int, players: int) -> tuple[int, ...]:
    """Who plays to a trick led by `leader`: clockwise with four; with the Sky two
    turns each, alternating."""
    if players == 2:
        return (leader, 1 - leader, leader, 1 - leader)
    return tuple(clockwise_from(leader, 4))


def next_leader(plays, team: int) -> int:
    """The seat that leads next after `team` takes the trick: the team's first player."""
    for seat, _ in plays:
        if team_of(seat) == team:
            return seat


def stars_taken(plays, star_cards) -> tuple[int, ...]:
    """The star cards a complete trick gives the team that takes it: every star
    card in it, whichever team played it (Ruling L1).

    >>> stars_taken(((0, 0), (1, 9), (2, 7), (3, 3)), (0, 7))
    (0, 7)
    """
    return tuple(card for _, card in plays if card in star_cards)


def round_points(track, tricks_won, stars_won) -> list[int]:
    """Each team's points for a round: the track's points for its tricks, plus one
    per star card it kept."""
    return [track[tricks_won[t]] + stars_won[t] for t in (0, 1)]


class LunarState(GameState):
    __slots__ = ("round_index", "start", "phase", "hands", "sky", "gifts", "give_pos",
                 "turned", "trump", "trick_order", "trick_sky", "lead_suit",
                 "tricks_won", "stars", "scores", "last_trick", "past_trumps")
    # What a memoised search may leave out (pycore.game.GameState.memo_key), for speed:
    # positions that differ only in these meet again.
    MEMO_REDUCED = {
        "stars": (lambda stars: (len(stars[0]), len(stars[1])),
                  "a round scores how many star cards each team kept (round_points), "
                  "not which: the cards themselves are for the players to see"),
        "last_trick": (lambda last: None,
                       "the trick just taken, kept for the players to look back at: "
                       "no rule reads it"),
    }

    # --- set-up -------------------------------------------------------------------
    def _begin(self) -> None:
        self.scores = (0, 0)
        self.last_trick = None
        self.past_trumps = ()
        self._start_round(0, self.game.first_dealer_of(self))

    def _start_round(self, index: int, start: int) -> None:
        deal = self._next_deal(start)
        self.round_index = index
        self.start = start
        self.hands = deal["hands"]
        self.sky = deal["sky"]
        self.gifts = (None,) * self.players
        self.give_pos = 0
        self.turned = ()
        self.trump = None
        self.trick_order = ()
        self.trick_sky = ()
        self.lead_suit = None
        self.tricks_won = (0, 0)
        self.stars = ((), ())
        self.tricks = ()
        self.phase = "exchange" if self.players == 4 else "trump"   # no exchange with the Sky

    # --- protocol -----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.phase == "exchange":
            return (self.start + self.give_pos) % 4
        if self.phase == "trump":
            return self._turners()[len(self.turned)]
        if self.phase == "play":
            return self.trick_order[len(self.tricks[-1].plays)]
        return None

    def _turners(self) -> tuple[int, int, int]:
        s = self.start
        if self.players == 2:
            return (s, 1 - s, s)                           # Ruling L7
        return (s, (s + 1) % 4, (s + 2) % 4)

    def _legal_actions(self):
        seat = self.current_player
        if self.phase == "exchange":
            return self._gifts(self.hands[seat])
        if self.phase == "trump":
            return [Turn(s) for s in SUITS if s not in self.turned]
        return self._playable(seat)

    def _gifts(self, hand: tuple[int, ...]) -> list[Give]:
        r, s = gift_shape(hand)
        ranks = tuple(c for c in hand if is_rank(c))
        suits = tuple(c for c in hand if not is_rank(c))
        return [Give(a + b) for a in multiset_choices(ranks, r) for b in multiset_choices(suits, s)]

    def _team_play(self, seat: int) -> tuple[int, bool] | None:
        """(card, from the Sky) already played in this trick by `seat`'s team."""
        for (s, card), sky in zip(self.tricks[-1].plays, self.trick_sky):
            if team_of(s) == team_of(seat):
                return card, sky
        return None

    def still_due(self, seat: int) -> dict | None:
        """With the Sky (2 players, trick play): what `seat` still owes this trick.
        {"cards": 2, 1 or 0, "place": "hand" / "sky" (None: either), "type": "rank"
        / "suit" (None: either)}: each player plays one card from hand and one from
        the Sky, one rank and one suit card where that place holds one (Rulings L5,
        L8). The type is what the rule asks for, not what the seat can give (that
        would tell its hand)."""
        if self.players != 2 or self.phase != "play":
            return None
        mine = [(c, sky) for (s, c), sky in zip(self.tricks[-1].plays, self.trick_sky) if s == seat]
        if not mine:
            return {"cards": 2, "place": None, "type": None}
        if len(mine) == 1:
            card, sky = mine[0]
            return {"cards": 1, "place": "hand" if sky else "sky",
                    "type": "suit" if is_rank(card) else "rank"}
        return {"cards": 0, "place": None, "type": None}

    def _playable(self, seat: int) -> list[Play]:
        return playable(self.hands[seat], self.sky, self.tricks[-1].plays, self.trick_sky, seat,
                        self.lead_suit, self.players)

    def why_illegal(self, action, tell=None) -> str:
        seat = self.current_player
        hand = self.hands[seat]
        card = tell.the if tell else str          # record errors name the token
        if self.phase == "exchange":
            if not isinstance(action, Give):
                return ("first give two rank and two suit cards to your partner" if tell else
                        f"seat {seat} must first give its partner cards (give ...)")
            r, s = gift_shape(hand)
            if Counter(action.cards) - Counter(hand):
                return "you can only give cards from your hand"
            if tell:
                return _gift_missing(action.cards, r, s)
            return f"give exactly {r} rank and {s} suit cards"
        if self.phase == "trump":
            if not isinstance(action, Turn):
                return ("first turn a trump tile face down" if tell else
                        f"seat {seat} must turn a trump tile face down (turn ...)")
            return f"the {DECK.token(action.suit)} tile is already face down"
        if not isinstance(action, Play):
            return "play a card"
        if action.sky and self.players == 4:
            return "there is no Sky with 4 players"
        place = self.sky if action.sky else hand
        where = "the Sky" if action.sky else "your hand"
        if action.card not in place:
            return f"{card(DECK.token(action.card))} is not in {where}"
        mine = self._team_play(seat)
        if self.players == 2 and mine is not None and mine[1] == action.sky:
            return f"your second card must come from {'your hand' if action.sky else 'the Sky'}"
        if (mine is not None and is_rank(action.card) == is_rank(mine[0])
                and any(is_rank(c) != is_rank(mine[0]) for c in place)):
            who = "you" if self.players == 2 else "your partner"
            need = "suit" if is_rank(mine[0]) else "rank"
            return f"{who} played a {'rank' if is_rank(mine[0]) else 'suit'} card: play a {need} card"
        if tell:
            return f"you must follow the lead suit ({tell.card(DECK.token(self.lead_suit))}) from {where}"
        return f"you must follow the lead suit {DECK.token(self.lead_suit)} from {where}"

    def _apply(self, action, seat: int) -> None:
        if self.phase == "exchange":
            self._apply_give(action, seat)
        elif self.phase == "trump":
            self._apply_turn(action)
        else:
            self._apply_play(action, seat)

    def _apply_give(self, give: Give, seat: int) -> None:
        self.hands = _replace_at(self.hands, seat, remove_cards(self.hands[seat], give.cards))
        self.gifts = _replace_at(self.gifts, seat, give.cards)
        self.give_pos += 1
        if self.give_pos == 4:                     # everyone has chosen: deliver to partners
            self.hands = tuple(add_cards(self.hands[s], self.gifts[partner_of(s)]) for s in range(4))
            self.phase = "trump"

    def _apply_turn(self, turn: Turn) -> None:
        self.turned = self.turned + (turn.suit,)
        if len(self.turned) == 3:                  # the tile left face up is trump
            self.trump = next(s for s in SUITS if s not in self.turned)
            self.phase = "play"
            self._start_trick(self.start)

    def _start_trick(self, leader: int) -> None:
        self.trick_order = trick_order(leader, self.players)
        self.tricks = self.tricks + (Trick(leader),)
        self.trick_sky = ()
        self.lead_suit = None

    def _apply_play(self, play: Play, seat: int) -> None:
        card = play.card
        if play.sky:
            self.sky = remove_card(self.sky, card)
        else:
            self.hands = _replace_at(self.hands, seat, remove_card(self.hands[seat], card))
        self.lead_suit = lead_suit_after(self.lead_suit, card)
        trick = self.tricks[-1].add(seat, card)
        self.trick_sky = self.trick_sky + (play.sky,)
        if len(trick.plays) < 4:
            self.tricks = self.tricks[:-1] + (trick,)
            return
        team = trick_winner(trick.plays, self.trump)
        leader = next_leader(trick.plays, team)
        self.tricks = self.tricks[:-1] + (trick._replace(winner=leader),)
        self.last_trick = (self.tricks[-1], self.trick_sky)
        self.tricks_won = _replace_at(self.tricks_won, team, self.tricks_won[team] + 1)
        won = stars_taken(trick.plays, self.rules.star_cards)
        self.stars = _replace_at(self.stars, team, self.stars[team] + won)
        if any(self.hands):
            self._start_trick(leader)
        else:
            self._end_round()

    def _end_round(self) -> None:
        points = round_points(self.rules.track, self.tricks_won, [len(self.stars[t]) for t in (0, 1)])
        self.scores = (self.scores[0] + points[0], self.scores[1] + points[1])
        self.past_trumps = self.past_trumps + (self.trump,)
        self._finish_hand(points[team_of(s)] for s in range(self.players))
        if max(self.scores) >= self.rules.target and self.scores[0] != self.scores[1]:
            self.phase = "over"                    # a tie plays another round
        else:
            self._start_round(self.round_index + 1, left_of(self.start, self.players))   # Ruling L4

    # --- results ------------------------------------------------------------------
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Two teams, seats 0 and 2 against 1 and 3 (`team_of`); with the Sky, each player alone."""
        return TEAMS if self.players == 4 else ALONE

    def totals(self) -> list[int]:
        return [self.scores[team_of(s)] for s in range(self.players)]

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        best = 0 if self.scores[0] > self.scores[1] else 1
        return [s for s in range(self.players) if team_of(s) == best]

    def ranking(self) -> list[dict]:
        """The teams in order (each team's seats one entry, marked as a team, placed
        first and second)."""
        return [dict(entry, team=True, place=place) for place, entry in enumerate(super().ranking(), start=1)]

    def _hand_results(self) -> list[dict]:
        """Every finished round's score sheet, per team: tricks, the track's points
        for them, the star cards kept, the round's points and the running score;
        and the cards each seat played (every card of the round is public now)."""
        n = self.players
        track, stars = self.rules.track, self.rules.star_cards
        # the running totals start from those before this state's first round (0 but
        # for a position read from text)
        out = []
        totals = [self.scores[t] - sum(p[t] for _, p in self.finished_hands) for t in (0, 1)]
        for index, (tricks, points) in enumerate(self.finished_hands):
            teams = []
            for team in (0, 1):
                won = [t for t in tricks if team_of(t.winner) == team]
                kept = sorted(c for t in won for c in stars_taken(t.plays, stars))
                totals[team] += points[team]
                teams.append({"seats": [s for s in range(n) if team_of(s) == team], "tricks": len(won),
                              "track_points": track[len(won)], "stars": DECK.tokens_of(kept),
                              "points": points[team], "total": totals[team]})
            if n == 2:    # all of each hand is played from it (the Sky's cards are public)
                hands = [DECK.tokens_of(h) for h in self.deals[index]["hands"]]
            else:         # the hands as held after the exchange (the gifts stay private)
                hands = [DECK.tokens_of(sorted(t.card_of(s) for t in tricks)) for s in range(n)]
            out.append({"hand": self.first_hand + index + 1, "start": self.deals[index]["dealer"],
                        "trump": DECK.token(self.past_trumps[index]), "teams": teams,
                        "points": list(points), "target": self.rules.target,
                        "game_over": index + 1 == len(self.finished_hands) and self.phase == "over",
                        "hands": hands})
        return out

    # --- what a seat may know -----------------------------------------------------
    def _delivered(self) -> bool:
        return self.players == 4 and self.phase != "exchange"

    def partner_known(self, seat: int) -> tuple[int, ...]:
        """The cards `seat` knows its partner still holds: its own gift, less what the
        partner has played since (copies are interchangeable)."""
        if not self._delivered() or self.phase == "over":     # over: every card is played
            return ()
        partner = partner_of(seat)
        played = Counter(c for t in self.tricks for s, c in t.plays if s == partner)
        return tuple(sorted((Counter(self.gifts[seat]) - played).elements()))

    def public_action(self, seat: int, actor: int, action) -> str | None:
        if isinstance(action, Give) and actor != seat:
            return None            # what a seat received is in its observation, "exchange"
        return self.game.action_token(self, action)

    def _trick_json(self, trick: Trick, places: tuple[bool, ...]) -> list[dict]:
        return [{"seat": s, "card": DECK.token(c), "from": "sky" if sky else "hand"}
                for (s, c), sky in zip(trick.plays, places)]

    def _observe(self, seat: int) -> dict:
        n = self.players
        tokens = DECK.tokens_of
        playing = self.phase == "play"
        last = self.last_trick
        obs = {
            "phase": self.phase,
            "round": self.round_index + 1,
            "start": self.start,
            "teams": [list(side) for side in self.sides()],
            "partner": partner_of(seat) if n == 4 else None,
            "hand": tokens(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "sky": tokens(self.sky) if n == 2 else None,
            "still_due": [self.still_due(s) for s in range(n)] if n == 2 and playing else None,
            "tile_turners": list(self._turners()),
            "tiles_down": tokens(self.turned),
            "tiles_up": tokens(s for s in SUITS if s not in self.turned),
            "trump": DECK.token(self.trump) if self.trump is not None else None,
            "lead_suit": DECK.token(self.lead_suit) if playing and self.lead_suit is not None else None,
            "trick": self._trick_json(self.tricks[-1], self.trick_sky) if playing else [],
            "trick_leader": self.tricks[-1].leader if playing else None,
            "last_trick": None if last is None else {
                "cards": self._trick_json(*last), "winner": last[0].winner,
                "team": team_of(last[0].winner)},
            "tricks_won": list(self.tricks_won),
            "track": list(self.rules.track),
            "track_points": [self.rules.track[t] for t in self.tricks_won],
            "stars_won": [tokens(sorted(s)) for s in self.stars],
            "star_cards": tokens(self.rules.star_cards),
            "scores": list(self.scores),
            "target": self.rules.target,
            "hand_results": self._hand_results(),
        }
        obs["exchange"] = obs["partner_known"] = None          # no exchange with the Sky
        if n == 4:
            partner = partner_of(seat)
            gave = self.gifts[seat]
            obs["exchange"] = {
                "gave": tokens(gave) if gave is not None else None,
                "received": tokens(self.gifts[partner]) if self._delivered() else None,
                "chosen": [g is not None for g in self.gifts],
            }
            obs["partner_known"] = tokens(self.partner_known(seat))
        return obs

    # --- conformance hooks --------------------------------------------------------
    def cards_in_play(self) -> list[int]:
        cards = [c for hand in self.hands for c in hand] + list(self.sky)
        if not self._delivered():
            cards += [c for gift in self.gifts if gift for c in gift]
        cards += [c for trick in self.tricks for c in trick.cards]
        return sorted(cards)

    def deal_cards(self, deal: dict) -> list[int]:
        return sorted([c for hand in deal["hands"] for c in hand] + list(deal["sky"]))

    def hidden_places(self, seat: int) -> dict[str, tuple[int, ...]]:
        places = {}
        for other in range(self.players):
            if other == seat:
                continue
            known = self.partner_known(seat) if other == (seat + 2) % self.players else ()
            places[f"hand:{other}"] = remove_cards(self.hands[other], known)
            if self.players == 4 and not self._delivered() and self.gifts[other] is not None:
                places[f"gift:{other}"] = self.gifts[other]
        return places

    def with_hidden(self, seat: int, places: dict[str, tuple[int, ...]]) -> "LunarState":
        new = self._copy()
        new._legal = None
        hands, gifts = list(self.hands), list(self.gifts)
        for name, cards in places.items():
            kind, _, who = name.partition(":")
            other = int(who)
            if kind == "hand":
                known = self.partner_known(seat) if other == (seat + 2) % self.players else ()
                hands[other] = add_cards(known, cards)
            else:
                gifts[other] = tuple(sorted(cards))
        new.hands, new.gifts = tuple(hands), tuple(gifts)
        return new

    # --- a position as text (pycore/position.py) -----------------------------------------
    def position_fields(self) -> dict[str, str]:
        """Lunar's fields: `round` (its number, from 1), `start` (its start player),
        `phase` (exchange, trump, play, over), `scores` per team (seats 0 and 2, then
        1 and 3), `dealt` (the hands as dealt this round), `hands` (as held now),
        `sky` (2 players: the Sky's cards now, else `-`), `gifts` (4 players: per seat
        the cards given, `?` not yet), `turned` (the trump tiles turned face down, in
        order), `won` and `stars` (per team, the tricks and the star cards taken this
        round), `tricks` (this round's; a card of the trick in progress played from
        the Sky as `sky:R3`), `last` (the last trick finished, as shown on the table,
        or `-`).

        >>> state = GAME.new_game({"players": 2}, seed=1)
        >>> for token in ("turn Wolf", "turn Owl", "turn Lynx", "sky:Bat"):
        ...     state = state.apply_token(token)
        >>> print(GAME.position_text(state).replace(" ", "\\n"))
        lunar
        rules={"players":2}
        seed=1
        round=1
        start=0
        phase=play
        scores=0,0
        dealt=R1,R1,R2,R4,R6,R6,Wolf,Wolf,Owl,Lynx,Lynx,Lynx/R3,R4,R5,R5,R7,R8,Wolf,Wolf,Owl,Owl,Lynx,Bat
        hands=R1,R1,R2,R4,R6,R6,Wolf,Wolf,Owl,Lynx,Lynx,Lynx/R3,R4,R5,R5,R7,R8,Wolf,Wolf,Owl,Owl,Lynx,Bat
        sky=R1,R2,R2,R3,R3,R4,R5,R6,R7,R7,R8,R8,Wolf,Wolf,Owl,Owl,Owl,Lynx,Lynx,Bat,Bat,Bat,Bat
        gifts=?/?
        turned=Wolf,Owl,Lynx
        won=0,0
        stars=-/-
        tricks=0:sky:Bat
        last=-
        >>> back = GAME.from_position(GAME.position_text(state))
        >>> back.legal_actions() == state.legal_actions() and back.history == []
        True
        """
        def word(i: int, j: int, card: int) -> str:
            current = i == len(self.tricks) - 1 and self.phase == "play"
            return ("sky:" if current and self.trick_sky[j] else "") + DECK.token(card)

        last = self.last_trick
        return {"round": str(self.round_index + 1), "start": str(self.start), "phase": self.phase,
                "scores": numbers_text(self.scores),
                "dealt": places_text(DECK, self.deals[-1]["hands"]),
                "hands": places_text(DECK, self.hands), "sky": cards_text(DECK, self.sky),
                "gifts": places_text(DECK, self.gifts),
                "turned": cards_text(DECK, self.turned), "won": numbers_text(self.tricks_won),
                "stars": places_text(DECK, (sorted(s) for s in self.stars)),
                "tricks": tricks_text(self.tricks, word),
                "last": NONE if last is None else tricks_text(
                    (last[0],), lambda i, j, card: ("sky:" if last[1][j] else "") + DECK.token(card))}

    def _read_position(self, read) -> None:
        n = self.players
        self.round_index = read.number("round", 1) - 1
        self.first_hand = self.round_index
        start = self.start = read.seat("start")
        phase = self.phase = read.choice("phase", ("exchange", "trump", "play", "over"))
        self.scores = read.numbers("scores", 2)
        dealt = read.places("dealt")
        self.hands = read.places("hands")
        self.sky = read.cards("sky")
        self.gifts = read.places("gifts", allow_unchosen=True)
        self.turned = read.cards("turned", sort=False)
        self.tricks_won = read.numbers("won", 2, maximum=HAND_SIZE)
        self.stars = read.places("stars", 2)
        self.past_trumps = ()

        def card(word: str) -> int:
            return DECK.card(word[4:] if word.startswith("sky:") and n == 2 else word)
        order = lambda leader: trick_order(leader, n)      # noqa: E731
        tricks, words = read.tricks("tricks", order, card)
        last, last_words = read.tricks("last", order, card)
        if len(last) > 1 or (last and last[0].winner is None):
            raise read.error("last", "is one finished trick, or -")
        self.last_trick = (last[0], tuple(w.startswith("sky:") for w in last_words[0])) if last else None
        if n == 4 and self.sky:
            raise read.error("sky", "only the 2-player game has a Sky")
        if any(len(h) != HAND_SIZE for h in dealt):
            raise read.error("dealt", f"each hand is dealt {HAND_SIZE} cards")
        sky_dealt = remove_cards(FULL_DECK, [c for h in dealt for c in h]) if n == 2 else ()
        if n == 2 and any(g is not None for g in self.gifts):
            raise read.error("gifts", "there is no exchange with the Sky: ? for each seat")
        if len(set(self.turned)) != len(self.turned) or len(self.turned) > 3 \
                or any(c not in SUITS for c in self.turned):
            raise read.error("turned", "lists up to 3 different tiles: Wolf, Owl, Lynx, Bat")
        self.give_pos = sum(g is not None for g in self.gifts)
        if {s for s in range(n) if self.gifts[s] is not None} != {(start + i) % 4 for i in range(self.give_pos)}:
            raise read.error("gifts", "the gifts are chosen clockwise from the start player")
        stage = ("exchange", "trump", "play", "over").index(phase)
        reached = 0 if n == 4 and self.give_pos < 4 else 1 if len(self.turned) < 3 else 2
        if min(stage, 2) != reached:
            raise read.error("phase", f"phase {phase} does not fit the gifts and tiles given")
        self.trump = next(s for s in SUITS if s not in self.turned) if len(self.turned) == 3 else None
        if (phase == "play") != bool(tricks) or (tricks and tricks[-1].winner is not None):
            raise read.error("tricks", "a trick is in progress in phase play, and only then")
        self.trick_order, self.trick_sky, self.lead_suit = (), (), None
        if tricks:
            current, played = tricks[-1], words[-1]
            self.trick_order = trick_order(current.leader, n)
            self.trick_sky = tuple(w.startswith("sky:") for w in played)
            for card in current.cards:
                self.lead_suit = lead_suit_after(self.lead_suit, card)
            self.tricks = tricks
            if not (self.hands[self.current_player] or (n == 2 and self.sky)):
                raise read.error("hands", f"seat {self.current_player} is to play and holds no card")
        self.tricks = tricks
        held = [c for h in self.hands for c in h] + list(self.sky) + [c for t in tricks for c in t.cards]
        if n == 4 and stage == 0:
            held += [c for g in self.gifts if g for c in g]
        if phase != "over" and sorted(held) != sorted([c for h in dealt for c in h] + list(sky_dealt)):
            raise read.error("hands", "the cards held, in the Sky, given and played are not those dealt")
        self.deals = ({"dealer": start, "hands": dealt, "sky": tuple(sky_dealt)},)

    def action_universe(self) -> list:
        plays = [Play(c, sky) for c in range(12) for sky in (False, True)]
        turns = [Turn(s) for s in SUITS]
        if self.phase == "exchange":
            hand = self.hands[self.current_player]
            return [Give(hand[:4]), Give(hand[-4:]), Give((0, 0, 0, 0)), Give((0, 1, 8)), *turns, plays[0]]
        return plays + turns + [Give((0, 1, 8, 9))]


def _replace_at(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


class LunarGame(Game):
    name = "lunar"
    title = "Lunar"
    Rules = LunarRules
    State = LunarState
    deck = DECK
    words = WORDS
    dealer_field = "start"

    def card_suit(self, card: int) -> int | None:
        """The suit cards' kinds in order (Wolf 0 .. Bat 3); rank cards have none."""
        return None if is_rank(card) else card - SUITS[0]

    def suit_names(self) -> tuple[str, ...]:
        return tuple(DECK.token(s) for s in SUITS)

    def examples(self) -> list[dict]:
        return [{"players": 4}, {"players": 2}]       # two teams, and the Sky for two

    def presets(self) -> list[dict]:
        return [{"players": p, **({"deal": "mixed"} if mixed else {})}
                for p in (4, 2) for mixed in (False, True)]

    # --- tokens ---------------------------------------------------------------------
    def action_token(self, state, action) -> str:
        if isinstance(action, Give):
            return "give " + " ".join(DECK.tokens_of(action.cards))
        if isinstance(action, Turn):
            return "turn " + DECK.token(action.suit)
        if not isinstance(action, Play):
            raise TokenError(f"{quote(action)} is not a Lunar action")
        return ("sky:" if action.sky else "") + DECK.token(action.card)

    def parse_action(self, state, token: str):
        if not isinstance(token, str):
            raise TokenError(f"an action token is text, not {token!r}")
        words = token.split(" ")
        if words[0] == "give":
            if len(words) < 2:
                raise TokenError(f"{token!r}: give lists the cards given, e.g. give R2 R7 Owl Bat")
            return Give(tuple(sorted(DECK.cards(words[1:]))))
        if words[0] == "turn":
            if len(words) != 2 or words[1] not in ("Wolf", "Owl", "Lynx", "Bat"):
                raise TokenError(f"{token!r}: turn names one tile: Wolf, Owl, Lynx or Bat")
            return Turn(DECK.card(words[1]))
        if len(words) != 1:
            raise TokenError(f"unknown Lunar action {token!r}")
        if token.startswith("sky:"):
            return Play(DECK.card(token[4:]), True)
        return Play(DECK.card(token))

    # --- deals ----------------------------------------------------------------------
    def random_deal(self, rules: LunarRules, rng, dealer: int, hand: int) -> dict:
        n = rules.players
        if rules.deal == "split":              # Ruling L3: two piles, 6 of each per hand
            ranks, suits = list(RANKS * RANK_COPIES), list(SUITS * SUIT_COPIES)
            rng.shuffle(ranks)
            rng.shuffle(suits)
            hands = tuple(tuple(sorted(ranks[6 * i:6 * i + 6] + suits[6 * i:6 * i + 6]))
                          for i in range(n))
            sky = tuple(sorted(ranks[6 * n:] + suits[6 * n:]))
        else:
            cards = list(FULL_DECK)
            rng.shuffle(cards)
            hands = tuple(tuple(sorted(cards[12 * i:12 * i + 12])) for i in range(n))
            sky = tuple(sorted(cards[12 * n:]))
        return {"dealer": dealer, "hands": hands, "sky": sky}

    def deal_from_json(self, rules: LunarRules, data, hand: int) -> dict:
        n = rules.players
        data = deal_fields(data, ("start", "hands", "sky"))
        start = deal_seat(data, "start", n)
        places = deal_hands(DECK, data, n, HAND_SIZE)
        sky = deal_cards(DECK, "sky", data.get("sky", [] if n == 4 else None), 48 - HAND_SIZE * n)
        for name, cards in [*((f"hand {seat}", hand) for seat, hand in enumerate(places)), ("sky", sky)]:
            ranks = sum(1 for c in cards if is_rank(c))
            if rules.deal == "split" and ranks * 2 != len(cards):   # Ruling L3 / L7
                raise DealError(f"{name} must hold {len(cards) // 2} rank and {len(cards) // 2} suit cards "
                                f"(split deal), not {ranks} and {len(cards) - ranks}")
        check_deal_cards(DECK, [c for hand in places for c in hand] + list(sky), FULL_DECK, every=False,
                         what="3 of each rank card and 6 of each suit card")
        return {"dealer": start, "hands": places, "sky": sky}

    def deal_to_json(self, rules: LunarRules, deal: dict) -> dict:
        out = {"start": deal["dealer"], "hands": [DECK.tokens_of(h) for h in deal["hands"]]}
        if rules.players == 2:
            out["sky"] = DECK.tokens_of(deal["sky"])
        return out


GAME = register(LunarGame())
