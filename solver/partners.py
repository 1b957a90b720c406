"""How a bot treats its partner's tricks, in the partnership games (Lunar with
four players, Tricksters): what the arena counts per level, and the
tie-break the search bots use when the search cannot tell actions apart.

Definitions (each reads only what the seat to act may know: the trick so far,
its own hand, and which cards it cannot see):

- **Sure trick.** The seat's partner has already played to the trick and the
  partnership takes the trick whichever legal card the seat plays and whatever
  the opponents still to play put down, each of them any card still out (not
  in the seat's hand, not yet played this hand; Tricksters' drafted cards
  included, though their owners are known; Lunar: of the type its own partner's card leaves it; the duty to follow
  the lead suit and what their earlier plays showed are ignored, so a trick
  counts as sure only when no holding at all could beat it).
- **Strength** of a card in this trick: Tricksters, its value on the led critter;
  Lunar, a rank card's rank, a suit card 2 if trump else 1 (the seat's legal
  cards are all of one type there, so only like is compared with like).
- **Gain**: Lunar's star cards score for the team that takes the trick, so a star
  played to a sure trick is banked, not wasted. Tricksters has none (the stronger
  card of the pair leads next: taking the lead from the partner is counted as
  an overtake all the same).
- **Overtake at no gain**: on a sure trick the seat plays a card stronger than
  its weakest legal card, and not a star. Counted when it had that choice.
- **Discarding a winner**: on a sure trick the seat plays a *winner* (a card no
  card still out beats in a later trick: Lunar, a rank card at least as high
  as every rank card still out, or a trump suit card; Tricksters, a card showing 5,
  the top value, on the seat's own critter, the one it may lead), not a star,
  while a legal card that is not a winner was there to play.

These counts read only the trick: they cannot see what the card kept back is
worth (a low card to duck a later trick with, under Lunar's track; the lead, in
Tricksters). bench/partners.py judges each counted fault against the `thrifty`
card with a reference search, which says whether it was costly.

Each game's side of these definitions (its partner, what takes a trick, a
card's strength, a winner, a star, what a later opponent may play) is its
adapter's `partners` (solver/adapter.py's Partners, declared in
solver/games/<game>.py); what is read here is the same for every game.
"""
from __future__ import annotations

from .adapter import Partners
from .view import adapter_for


def rules_of(game_name: str) -> Partners | None:
    """The game's partnerships (its adapter's `partners`), None for a game without."""
    return adapter_for(game_name).partners


def has_partners(game_name: str, players: int) -> bool:
    """Whether the game plays in partnerships with this many players (Lunar with
    four, not two, alone with the Sky; Tricksters)."""
    rules = rules_of(game_name)
    return rules is not None and players in rules.players


def chosen_each_round(game_name: str) -> bool:
    """Whether the game's pairs are chosen anew each round (Tricksters), not fixed by seat."""
    rules = rules_of(game_name)
    return rules is not None and rules.chosen_each_round


def partner_of(state, seat: int) -> int | None:
    rules = rules_of(state.game.name)
    return None if rules is None else rules.partner_of(state, seat)


def _unseen(state, seat: int) -> list[int]:
    """The cards still out: the hand's cards (the whole deck in both games) less
    the seat's own and those played so far this hand, each copy once (Lunar)."""
    out = list(state.cards_in_play())
    gone = list(state.hands[seat]) + [c for trick in state.tricks for c in trick.cards]
    for c in gone:
        out.remove(c)
    return out


def sure_trick(state, seat: int) -> bool:
    """Whether the trick under way is sure for the seat's partnership (its partner
    has played), whatever the seat and the opponents still to play put down."""
    rules = rules_of(state.game.name)
    partner = None if rules is None else rules.partner_of(state, seat)
    if partner is None or state.current_player != seat or state.phase != "play":
        return False
    trick = state.tricks[-1]
    if partner not in trick.seats:
        return False
    players = state.players
    later = [(trick.leader + i) % players for i in range(len(trick.plays) + 1, players)]
    unseen = _unseen(state, seat)
    options = [sorted(rules.later_cards(state, seat_later, set(unseen)))   # what each might play
               for seat_later in later]
    plays = list(trick.plays)
    for action in state.legal_actions():
        mine = plays + [(seat, action.card)]
        if not later:
            if not rules.takes(state, seat, mine):
                return False
            continue
        for combo in _completions(options, unseen):
            if not rules.takes(state, seat, mine + list(zip(later, combo))):
                return False
    return True


def _completions(options: list[list[int]], unseen: list[int]):
    """Every choice of one card per later seat, no card used more often than it is unseen."""
    if len(options) == 1:
        for c in options[0]:
            yield (c,)
        return
    left = list(unseen)
    for first in options[0]:
        left.remove(first)
        for second in options[1]:
            if second in left:
                yield (first, second)
        left.append(first)


def judge(state, seat: int, action) -> dict | None:
    """What the seat's `action` did to a sure trick of its partner's: None when
    the trick is not sure (or the game has no partners), else
    {"overtake_chance", "overtake", "winner_chance", "winner"} as 0/1 counts."""
    if not sure_trick(state, seat):
        return None
    rules = rules_of(state.game.name)
    strength, gain, is_winner = rules.strength, rules.gain, rules.is_winner
    legal = state.legal_actions()
    unseen = _unseen(state, seat)
    weakest = min(strength(state, seat, a.card) for a in legal)
    card = action.card
    overtake_chance = any(strength(state, seat, a.card) > weakest for a in legal)
    plain = [a for a in legal if not is_winner(state, seat, a.card, unseen)]
    winner = is_winner(state, seat, card, unseen) and not gain(state, card)
    return {"sure": 1,
            "overtake_chance": int(overtake_chance),
            "overtake": int(overtake_chance and strength(state, seat, card) > weakest and not gain(state, card)),
            "winner_chance": int(bool(plain)),
            "winner": int(bool(plain) and winner)}


def least_spent(state, seat: int, actions: list):
    """Of `actions` the search valued alike, on a trick the caller found sure
    (`sure_trick`), the one that spends least on it (a star first in Lunar, then
    the weakest card, then one that is not a winner); None with fewer than two,
    so the caller keeps its own order."""
    if len(actions) < 2:
        return None
    rules = rules_of(state.game.name)
    unseen = _unseen(state, seat)
    return min(actions, key=lambda a: (not rules.gain(state, a.card),
                                       rules.strength(state, seat, a.card),
                                       rules.is_winner(state, seat, a.card, unseen)))


def thrifty(state, seat: int, judged: dict):
    """The card that spends least on the sure trick, where `judged` (judge's
    counts for the action played) says the action overtook or discarded a
    winner: for an overtake, the least spent of every legal card; for a winner,
    the least spent of the legal cards that are not winners."""
    legal = state.legal_actions()
    if judged.get("winner") and not judged.get("overtake"):
        unseen = _unseen(state, seat)
        is_winner = rules_of(state.game.name).is_winner
        legal = [a for a in legal if not is_winner(state, seat, a.card, unseen)]
    return least_spent(state, seat, legal) or legal[0]
