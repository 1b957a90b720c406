"""The game protocol every game implements, and the registry of games by name.

A `Game` (one instance per game module) knows the rules type, the cards and the
record tokens; a `GameState` is one immutable position. `apply_action` returns a
new state and never changes its input (OpenSpiel's contract, pgx's purity):

    game = get_game("raven")
    state = game.new_game({"players": 4}, seed=7)
    while not state.is_terminal:
        state = state.apply_action(state.legal_actions()[0])
    state.totals(), state.winners()

Subclass contract (games/voren.py shows it whole; a plain game copies its shape):
- `GameState._begin(self)` sets up the first hand on a fresh copy;
- `current_player`, `_legal_actions()`, `_apply(action, seat)` (mutating a copy:
  assign new tuples, never mutate shared ones), `why_illegal(action)`;
- actions of different kinds never compare equal: `apply_action` finds an action
  among the legal ones by `==`, and two NamedTuples of the same values are equal
  tuples, whatever their fields are named (a `Bid(bid=3)` is a `Play(card=3)`), so
  give each kind a shape of its own (another field, `kind: str = "bid"`, or values
  of another type);
- `_observe(seat)`: the game's part of a seat's observation (JSON values only);
- `public_action(seat, actor, action)`: the token `seat` saw, or None if hidden;
- `why_illegal(action, tell=None)`: why an action is refused; with a `Narrator`
  (pycore/words.py) in the listener's words (the page's reasons), else naming
  cards by token and seats by number (record errors);
- `totals()`, `winners()`, and `_standing(seat)` where the final ranking is not
  by the total alone (higher stands higher);
- a hand's points (`_finish_hand`) are what each seat wants more of: the ranking,
  the solver's exact searches, par and the review maximise them as given, so a
  game of penalties scores them negative (the total nearest 0 wins);
- what the hand has scored so far (points or tricks taken) is a slot of the
  state: `memo_key` holds the hand's finished tricks only as their count;
- conformance hooks `cards_in_play()`, `hidden_places(seat)`, `with_hidden(...)`,
  `action_universe()`;
- a position as text (pycore/position.py) of every state, the game's end included,
  read back to the same observation: `position_fields()` writes the game's
  fields, `_read_position(read)` sets up a blank state from them (with `read`'s
  `number`, `seat`, `choice`, `cards`, `places`, `numbers`, `tricks`, `error`,
  and `check_cards` for every card once; `numbers(..., signed=True)` where a
  number may be below 0, as a penalty game's scores), and sets `deals` to the
  hand's deal as dealt (the cards played put back) and `first_hand` to the
  hand's index.

The bookkeeping every game does the same way: a hand begins with
`self._next_deal(dealer)` (the record's deal, or one made from the seed) and
ends with `self._finish_hand(points)` (one number per seat; a side's points to
each of its seats), which moves its tricks into `finished_hands`; a hand's score
sheet, kept as JSON in a slot of the game's own, is named in `MEMO_REDUCED` with
why (a JSON value cannot be hashed: `memo_key`, tests/test_memo_key.py).
games/voren.py shows it whole (`_start_hand`, `_end_hand`, `hand_log`); a plain
trick-taking game keeps that shape and leaves out the pot and the choices.

What the base gives a game's state (its own slots come on top, in `__slots__`):
- slots `rules`, `seed`, `deals` (each hand's deal as `_next_deal` made it, the
  last the hand under way), `tricks` (the hand's tricks, `Trick`s of
  pycore/tricks.py, the one under way last), `finished_hands`, `first_hand`;
- `self._copy()` (a new state to change: `apply_action` hands `_apply` one),
  `self.game.first_dealer_of(self)`, `self.side(seat)`, `self._next_deal(dealer)`,
  `self._finish_hand(points)`; the observation's common keys (`game`, `rules`,
  `seat`, `players`, `to_act`, `terminal`, `legal`, `history`, `hand_starts`,
  `hands`, `totals`, `winners`, `ranking`, `sides`: `observation`) and the record
  come from the base, `_observe` adding the game's own (docs/contract.md).
The parts a game is made of: pycore/tricks.py (`Trick`, `left_of`,
`clockwise_from`), pycore/deals.py (`deal_fields`, `deal_hands`, `deal_cards`,
`check_deal_cards`: a deal read from JSON with its errors), pycore/position.py
(`cards_text`, `places_text`, `numbers_text`, `tricks_text` and
`PositionReader`/`check_cards`: the position text), pycore/standard.py (the
standard deck and the plain rules of trick play).
"""
from __future__ import annotations

import random
from operator import attrgetter
from typing import Any, Callable, ClassVar, Iterable

from .cards import Deck
from .errors import DealError, IllegalActionError, PositionError, RulesError, TokenError, quote
from .position import PositionReader, rules_text, rules_value, split_fields
from .rules import Rules
from .tricks import Trick
from .words import Words

GAMES: dict[str, "Game"] = {}


def register(game: "Game") -> "Game":
    GAMES[game.name] = game
    return game


def get_game(name: str) -> "Game":
    """The registered game called `name` (the package pycore registers every game
    in pycore/games/ when it is imported)."""
    try:
        return GAMES[name]
    except KeyError:
        raise RulesError(f"unknown game {quote(name)}; games: {', '.join(sorted(GAMES))}") from None


def all_games() -> dict[str, "Game"]:
    return dict(GAMES)


class Game:
    """What a game is, apart from any one position."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    Rules: ClassVar[type[Rules]]
    State: ClassVar[type["GameState"]]
    deck: ClassVar[Deck]
    dealer_field: ClassVar[str] = "dealer"   # Lunar's deals say "start"
    words: ClassVar[Words]                   # what its cards and choices are called (pycore/words.py)

    # --- rules -------------------------------------------------------------
    def make_rules(self, rules: Rules | dict | None) -> Rules:
        if isinstance(rules, self.Rules):
            return rules
        if rules is None or isinstance(rules, dict):
            return self.Rules.from_dict(rules)
        raise RulesError(f"rules for {self.name} must be an object of fields")

    def presets(self) -> list[dict]:
        """Rules dicts covering every player count and preset (conformance suite)."""
        raise NotImplementedError

    def examples(self) -> list[dict]:
        """The presets the tests and benchmarks that do not take every preset take
        as the game's examples: its usual table first, then each other form of the
        game (Lunar's Sky for two). Default: the first preset."""
        return self.presets()[:1]

    def player_counts(self) -> tuple[int, ...]:
        """Every player count of the presets, in the order they first appear.

        >>> get_game("lunar").player_counts()
        (4, 2)
        """
        counts = [self.players(self.make_rules(preset)) for preset in self.presets()]
        return tuple(dict.fromkeys(counts))

    def players(self, rules: Rules) -> int:
        return rules.players

    # --- cards and tokens --------------------------------------------------
    def card_token(self, card: int) -> str:
        return self.deck.token(card)

    def card_suit(self, card: int) -> int | None:
        """The card's suit, an index into `suit_names()`; None for a card of no
        suit (Raven's specialists, Voren's Wolf, Lunar's rank cards) and in a game
        whose cards have no one suit (Tricksters' cards count in every critter).

        >>> raven = get_game("raven")
        >>> raven.card_suit(raven.parse_card("Sw3")), raven.suit_names()[1]
        (1, 'Sw')
        >>> raven.card_suit(raven.parse_card("Raven")) is None
        True
        """
        return None

    def suit_names(self) -> tuple[str, ...]:
        """The suits as the game's words read them (`Words.suit_name`), indexed by
        `card_suit`: the codes of the observation (Raven's "Sh", Lunar's "Owl"),
        Voren's full names, Tricksters' critters."""
        return ()

    def parse_card(self, token: str) -> int:
        return self.deck.card(token)

    def parse_action(self, state: "GameState", token: str) -> Any:
        """The action named by `token` (TokenError if it names none; legality is
        checked by apply_action)."""
        raise NotImplementedError

    def action_token(self, state: "GameState", action: Any) -> str:
        """The record token of `action`; TokenError if it is not an action of this game."""
        raise NotImplementedError

    # --- deals -------------------------------------------------------------
    def random_deal(self, rules: Rules, rng: random.Random, dealer: int, hand: int) -> dict:
        """A shuffled deal for the game's hand `hand` (0: the first), dealt by
        `dealer`. Most games deal every hand alike; one whose hands differ by their
        number (fewer cards each hand) reads `hand`."""
        raise NotImplementedError

    def deal_from_json(self, rules: Rules, data: Any, hand: int) -> dict:
        """A record's deal for the game's hand `hand` (0: the first), checked
        (DealError); internal form has int cards."""
        raise NotImplementedError

    def deal_to_json(self, rules: Rules, deal: dict) -> dict:
        raise NotImplementedError

    def first_dealer(self, rules: Rules, seed: int) -> int:
        return random.Random(f"manyhands/{self.name}/{seed}/first").randrange(self.players(rules))

    def hand_rng(self, seed: int, hand_index: int) -> random.Random:
        # String seeds hash with SHA-512: identical on every CPython and in Pyodide.
        return random.Random(f"manyhands/{self.name}/{seed}/{hand_index}")

    # --- starting a game ---------------------------------------------------
    def new_game(self, rules: Rules | dict | None = None, *, seed: int | None = None,
                 deals: Iterable[Any] | None = None) -> "GameState":
        """A new game from rules and a seed, or explicit deals (record form), or both:
        explicit deals are used first, later ones are made from the seed (0 if none)."""
        rules = self.make_rules(rules)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise DealError(f"seed must be a whole number, not {seed!r}")
        explicit = []
        for index, data in enumerate(deals or ()):
            try:
                explicit.append(self.deal_from_json(rules, data, hand=index))
            except DealError as exc:
                raise DealError(f"deal {index}: {exc}") from None
        n = self.players(rules)
        for index, deal in enumerate(explicit[1:], start=1):
            expected = (explicit[0]["dealer"] + index) % n
            if deal["dealer"] != expected:
                raise DealError(f"deal {index}: {self.dealer_field} {deal['dealer']} breaks the "
                                f"rotation (expected {expected})")
        state = self._blank_state(rules, 0 if seed is None else seed)
        state.explicit_deals = tuple(explicit)
        state._begin()
        return state

    def _blank_state(self, rules: Rules, seed: int) -> "GameState":
        """A state of this game with no hand begun and no history."""
        state = object.__new__(self.State)
        for slot in self.State._slots:
            setattr(state, slot, None)
        state.game = self
        state.rules = rules
        state.seed = seed
        state.explicit_deals = ()
        state.deals = ()
        state.first_hand = 0
        state._log = None
        state._legal = None
        state.finished_hands = ()
        state.tricks = ()
        state.hand_starts = ()
        state.read_from_text = False
        return state

    # --- a position as text (pycore/position.py) ----------------------------------
    def position_text(self, state: "GameState") -> str:
        """`state` as one line of text, like chess's FEN (pycore/position.py): the
        game, its rules and seed, then the game's own fields (`position_fields`).
        `from_position` reads it back."""
        fields = {"rules": rules_text(state.rules), "seed": str(state.seed), **state.position_fields()}
        return " ".join([self.name, *(f"{key}={value}" for key, value in fields.items())])

    def from_position(self, text: str) -> "GameState":
        """The position `text` describes (from `position_text`, or written by hand
        for a test or a bug report), with no history; PositionError saying which
        field is wrong if it is malformed or impossible."""
        fields = split_fields(self.name, text)
        if "rules" not in fields:
            raise PositionError(f"{self.name} position: field 'rules' is missing")
        try:
            rules = self.make_rules(rules_value(fields["rules"]))
        except RulesError as exc:
            raise PositionError(f"{self.name} position, field 'rules': {exc}") from None
        read = PositionReader(self.name, self.deck, fields, self.players(rules))
        read.text("rules")
        state = self._blank_state(rules, read.seed())
        state.hand_starts = (0,)
        state.read_from_text = True
        state._read_position(read)
        read.finish()
        return state

    def first_dealer_of(self, state: "GameState") -> int:
        if state.explicit_deals:
            return state.explicit_deals[0]["dealer"]
        return self.first_dealer(state.rules, state.seed)


class GameState:
    """One immutable position. Subclasses declare their own __slots__."""

    __slots__ = ("game", "rules", "seed", "explicit_deals", "deals", "first_hand", "_log",
                 "_legal", "finished_hands", "tricks", "hand_starts", "read_from_text")
    # hand_starts: for each hand begun, the number of actions before it (public:
    # where the log starts a new hand); first_hand: the game's number of hands before
    # `deals[0]` (0, but for a position read from text, which starts mid-game);
    # read_from_text: the game began at a position read from text (no record of it)
    _slots: ClassVar[tuple[str, ...]] = ()

    # What `memo_key` leaves out of the base class's slots, each with the reason it
    # may: within one hand they never change, or they are bookkeeping of the way
    # here, not of what is left to play. (The hand's tricks and the finished hands
    # go into the key reduced: see memo_key.)
    MEMO_BASE_LEFT_OUT: ClassVar[dict[str, str]] = {
        "game": "one game for every position a search reaches",
        "rules": "fixed for the whole game",
        "seed": "makes later hands' deals: a hand's search never reaches them",
        "explicit_deals": "later hands' deals: a hand's search never reaches them",
        "deals": "the deals of this hand and earlier ones: this hand's cards are in the "
                 "game's own slots (the hands, the stock...), where they are now",
        "first_hand": "fixed for the whole game",
        "hand_starts": "where each hand began in the history: fixed within a hand",
        "read_from_text": "fixed for the whole game",
        "_log": "the history: what is left to play depends on the position, not on the way to it",
        "_legal": "a cache of legal_actions(), which the other slots decide",
        "finished_hands": "in the key as their count (which hand this is)",
        "tricks": "in the key as their count and the trick under way (what the hand's "
                  "finished tricks scored must be a slot of the game's own)",
    }
    # A game's own slots that `memo_key` reduces, each to a function of its value
    # (for a value that cannot be hashed, or for speed), with the reason that is
    # safe: {slot: (reduce, reason)}. Every slot not named goes into the key whole.
    MEMO_REDUCED: ClassVar[dict[str, tuple[Callable[[Any], Any], str]]] = {}
    _memo_whole: ClassVar[Callable[[Any], tuple]] = staticmethod(lambda state: ())
    _memo_reduced: ClassVar[Callable[[Any], tuple] | None] = None
    _memo_where: ClassVar[dict[str, int]] = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        slots = []
        for klass in reversed(cls.__mro__):
            for slot in getattr(klass, "__slots__", ()):
                if slot not in slots:
                    slots.append(slot)
        cls._slots = tuple(slots)
        # _copy as straight-line code over the slots (a loop of getattr/setattr costs
        # three times as much, and the searches copy a position at every move)
        lines = "".join(f"    new.{slot} = self.{slot}\n" for slot in slots)
        scope = {"_new": object.__new__, "_cls": cls}
        exec(f"def _copy(self):\n    new = _new(_cls)\n{lines}    return new\n", scope)
        if "_copy" not in cls.__dict__:
            cls._copy = scope["_copy"]
        whole = [s for s in slots if s not in cls.MEMO_BASE_LEFT_OUT and s not in cls.MEMO_REDUCED]
        unknown = set(cls.MEMO_REDUCED) - set(slots)
        if unknown:
            raise TypeError(f"{cls.__name__}.MEMO_REDUCED names no slot: {', '.join(sorted(unknown))}")
        # attrgetter of two or more names gives a tuple (of one, the bare value)
        getter = attrgetter(*whole) if whole else (lambda state: ())
        cls._memo_whole = staticmethod(getter if len(whole) != 1 else lambda state: (getter(state),))
        # a slot's place in the key (whole slots, then the reduced ones)
        cls._memo_where = {s: 3 + i for i, s in enumerate(whole + list(cls.MEMO_REDUCED))}
        pairs = [(attrgetter(s), reduce) for s, (reduce, _) in cls.MEMO_REDUCED.items()]
        cls._memo_reduced = staticmethod(lambda state: tuple([reduce(get(state)) for get, reduce in pairs])) \
            if pairs else None

    # --- protocol ------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.players(self.rules)

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None when the game is over."""
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:
        return self.current_player is None

    def legal_actions(self) -> list:
        if self._legal is None:
            self._legal = () if self.is_terminal else tuple(self._legal_actions())
        return list(self._legal)

    def apply_action(self, action: Any) -> "GameState":
        """A new state after `action` by the seat to act; IllegalActionError saying
        why if it is not legal here. The input state is unchanged."""
        if self.is_terminal:
            raise IllegalActionError("the game is over: no action is legal")
        if isinstance(action, str):
            action = self.game.parse_action(self, action)
        legal = self._legal if self._legal is not None else None
        if legal is None:
            self.legal_actions()
            legal = self._legal
        if action not in legal:
            try:
                token = self.game.action_token(self, action)
            except TokenError:                 # not an action of this game at all
                token = quote(action)
            raise IllegalActionError(f"{token}: {self.why_illegal(action)}")
        return self.apply_trusted(action)

    def apply_trusted(self, action: Any) -> "GameState":
        """`apply_action` for a caller that knows `action` (an action object) is
        legal here, such as a playout policy choosing from its own hand: it skips
        listing every legal action first (Raven's bids run to 2,380, Lunar's gifts
        to 225). Nothing is checked, so an illegal action gives an undefined
        position: records, the page and players always go through apply_action."""
        seat = self.current_player
        new = self._copy()
        new._log = (self._log, (seat, action))
        new._legal = None
        new._apply(action, seat)
        return new

    def with_legal(self, actions: Iterable) -> "GameState":
        """A copy of this position that takes `actions` as its legal actions without
        listing them: for a search that builds many positions differing only in
        cards the seat to act cannot see, whose own choices are therefore the same
        in each (`solver.search`). Like `apply_trusted`, nothing is checked: the
        caller vouches that `actions` are exactly this position's legal actions.

        >>> game = get_game("tricksters")
        >>> state = game.new_game(seed=1)
        >>> state.with_legal(state.legal_actions()).legal_actions() == state.legal_actions()
        True
        """
        new = self._copy()
        # a frozenset is kept as given: apply_action's check is then one lookup
        new._legal = actions if isinstance(actions, (tuple, frozenset)) else tuple(actions)
        return new

    def slot_values(self) -> dict[str, Any]:
        """Every value this position holds, by slot, but the legal-actions cache: for
        a test that a state is unchanged, or that two states differ."""
        return {slot: getattr(self, slot) for slot in self._slots if slot != "_legal"}

    def memo_key(self) -> tuple:
        """What the rest of this hand depends on, as one hashable value: two
        positions of one game and hand with the same key play on alike (the same
        legal actions, and after each the same key again, to the same points), so
        a search may remember a position's value under its key. Built so that it
        cannot forget: every slot of the game's state goes in whole, but those the
        base class leaves out (`MEMO_BASE_LEFT_OUT`, each with its reason) and
        those the game reduces (`MEMO_REDUCED`, each with its reason); the hand's
        tricks go in as their count and the trick under way, the finished hands as
        their count. A slot a game adds later is in the key without anyone
        remembering it (tests/test_memo_key.py checks all of this, and each
        memoised search against a plain one).

        >>> game = get_game("raven")
        >>> state = game.new_game({"players": 3}, seed=2)
        >>> state.memo_key() == game.new_game({"players": 3}, seed=2).memo_key()
        True
        >>> after = state.apply_action(state.legal_actions()[0])
        >>> after.memo_key() == state.memo_key()
        False
        """
        tricks = self.tricks
        key = (len(self.finished_hands), len(tricks), tricks[-1] if tricks else None) + \
            self._memo_whole(self)
        if self._memo_reduced is not None:
            key += self._memo_reduced(self)
        return key

    def renamed_memo_key(self, rename: dict, slots: tuple, parts: dict | None = None,
                         left_out: tuple = ()) -> tuple:
        """`memo_key()` of this position with its cards renamed (`rename`: card ->
        its new name) in `slots` (cards, or tuples of them, nested) and in the trick
        under way: for a search that merges cards which play alike
        (solver/perfect.py, whose tests hold it to the plain search). The same key
        as that of a renamed copy of the position, built without the copy.
        `parts`: a memo of renamed tuples of cards (a hand -> its renamed hand) for
        one `rename`, which a search keeps while the cards in play stay the same.
        `left_out`: slots whose part of the key is None (a search that keeps
        values less the points they hold: solver/perfect.py's `banked`).

        >>> game = get_game("raven")
        >>> state = game.new_game({"players": 3}, seed=2)
        >>> state.renamed_memo_key({}, ("hands",)) == state.memo_key()
        True
        >>> state.renamed_memo_key({0: 1, 1: 0}, ("hands",)) == state.memo_key()
        False
        """
        key = list(self.memo_key())
        get = rename.get
        if parts is None:
            parts = {}
        trick = key[2]
        if trick is not None:
            plays = tuple([(seat, get(card, card)) for seat, card in trick.plays])
            key[2] = tuple.__new__(Trick, (trick[0], plays, trick[2])) if type(trick) is Trick else \
                trick._replace(plays=plays)         # (the first: as _replace, three times as fast)
        where = self._memo_where
        for slot in slots:
            i = where[slot]
            value = key[i]
            if value and isinstance(value[0], tuple):
                renamed = []
                for part in value:
                    got = parts.get(part)
                    if got is None:
                        got = parts[part] = tuple([get(c, c) for c in part])
                    renamed.append(got)
                key[i] = tuple(renamed)
            elif value:
                got = parts.get(value)
                if got is None:
                    got = parts[value] = tuple([get(c, c) for c in value])
                key[i] = got
        for slot in left_out:
            key[where[slot]] = None
        return tuple(key)

    def apply_token(self, token: str) -> "GameState":
        return self.apply_action(self.game.parse_action(self, token))

    def _copy(self) -> "GameState":
        new = object.__new__(type(self))
        for slot in self._slots:
            object.__setattr__(new, slot, getattr(self, slot))
        return new

    # --- history -------------------------------------------------------------
    @property
    def history(self) -> list[tuple[int, Any]]:
        """Every action so far as (seat, action), in order."""
        out = []
        node = self._log
        while node is not None:
            node, step = node
            out.append(step)
        out.reverse()
        return out

    def action_tokens(self) -> list[str]:
        return [self.game.action_token(self, action) for _, action in self.history]

    # --- deals -----------------------------------------------------------------
    def _next_deal(self, dealer: int) -> dict:
        """The deal for the next hand (explicit from the record, or made from the
        seed) by `dealer`; records it in `self.deals`. Call only on a fresh copy."""
        index = self.first_hand + len(self.deals)
        if index < len(self.explicit_deals):
            deal = self.explicit_deals[index]
        else:
            deal = self.game.random_deal(self.rules, self.game.hand_rng(self.seed, index), dealer, hand=index)
        if deal["dealer"] != dealer:
            raise DealError(f"deal {index}: {self.game.dealer_field} {deal['dealer']} breaks the "
                            f"rotation (expected {dealer})")
        self.deals = self.deals + (deal,)
        self.hand_starts = self.hand_starts + (self._actions_so_far(),)
        return deal

    def _actions_so_far(self) -> int:
        count, node = 0, self._log
        while node is not None:
            node = node[0]
            count += 1
        return count

    # --- observation -------------------------------------------------------------
    def observation(self, seat: int) -> dict:
        """Exactly what `seat` may know, as JSON values."""
        if not (isinstance(seat, int) and 0 <= seat < self.players):
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game")
        to_act = self.current_player
        obs = {
            "game": self.game.name,
            "rules": self.rules.to_dict(),
            "seat": seat,
            "players": self.players,
            "to_act": to_act,
            "terminal": to_act is None,
            "legal": ([self.game.action_token(self, a) for a in self.legal_actions()]
                      if to_act == seat else []),
            "history": self._public_history(seat),
            "hand_starts": list(self.hand_starts),
            "hands": self._hands_json(),
            "totals": self.totals(),
            "winners": self.winners() if to_act is None else [],
            "ranking": self.ranking() if to_act is None else [],
        }
        sides = self.sides()
        if sides is not None:
            obs["sides"] = [list(side) for side in sides]
        obs.update(self._observe(seat))
        return obs

    def public_action(self, seat: int, actor: int, action: Any) -> str | None:
        """The token of `action` by `actor` as `seat` saw it (None: hidden)."""
        return self.game.action_token(self, action)

    def _public_history(self, seat: int) -> list[list]:
        """Every action as [actor, token as `seat` saw it] (a game whose hidden
        actions come to light later, Raven's bids, says so here)."""
        return [[actor, self.public_action(seat, actor, action)] for actor, action in self.history]

    def why_not(self, token: str, tell=None) -> str | None:
        """Why the seat to act may not choose `token` now, None if it may: in the
        words of `tell` (a pycore.words.Narrator) when given. A partial choice
        (a bid or gift of too few cards) says what is still missing."""
        if self.is_terminal:
            return "The game is over." if tell else "the game is over"
        try:
            action = self.game.parse_action(self, token)
        except TokenError:
            return "That is not a choice in this game." if tell else f"{token!r} is not an action of this game"
        if action in self.legal_actions():
            return None
        return self.why_illegal(action, tell)

    # --- summary ---------------------------------------------------------------
    def _hands_json(self) -> list[dict]:
        token = self.game.card_token
        hands = [{"tricks": [t.to_json(token) for t in tricks], "points": list(points)}
                 for tricks, points in self.finished_hands]
        if self._hand_in_progress():
            hands.append({"tricks": [t.to_json(token) for t in self.tricks], "points": None})
        return hands

    def _hand_in_progress(self) -> bool:
        """Whether a hand has begun and is not yet scored."""
        return len(self.deals) > len(self.finished_hands)

    def summary(self) -> dict:
        """The replay summary of shared/spec/records.md."""
        to_act = self.current_player
        return {
            "game": self.game.name,
            "terminal": to_act is None,
            "to_act": to_act,
            "legal": [self.game.action_token(self, a) for a in self.legal_actions()],
            "hands": self._hands_json(),
            "totals": self.totals(),
            "winners": self.winners() if to_act is None else [],
        }

    def _finish_hand(self, points: Iterable[int]) -> None:
        """Move the current hand's tricks into finished_hands with its points."""
        self.finished_hands = self.finished_hands + ((self.tricks, tuple(points)),)
        self.tricks = ()

    # --- for subclasses ------------------------------------------------------------
    def _begin(self) -> None:
        raise NotImplementedError

    def _legal_actions(self) -> Iterable:
        raise NotImplementedError

    def _apply(self, action: Any, seat: int) -> None:
        raise NotImplementedError

    def why_illegal(self, action: Any, tell=None) -> str:
        return "not a legal action here"

    def position_fields(self) -> dict[str, str]:
        """The game's fields of `Game.position_text`, by key, in order."""
        raise NotImplementedError

    def _read_position(self, read: PositionReader) -> None:
        """Sets up this blank state (rules and seed set, no hand begun) from a
        position's fields (`read`, pycore/position.py); sets `first_hand`, `deals`
        (the current hand's deal, as far as the position shows it) and `tricks`."""
        raise NotImplementedError

    def _observe(self, seat: int) -> dict:
        raise NotImplementedError

    def totals(self) -> list[int]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        raise NotImplementedError

    def sides(self) -> tuple[tuple[int, ...], ...] | None:
        """Who plays with whom: the sides now, each the seats that play together in
        seat order; None where each plays for itself or the sides are not chosen
        yet (the default). A game of partners says it here, once: the observation
        (`sides`), its words, the solver (allies, partners, a trick taken by the
        side), the page (which seats are yours) and the tests ask it.

        >>> lunar = get_game("lunar")
        >>> lunar.new_game({"players": 4}, seed=1).sides(), lunar.new_game({"players": 2}, seed=1).sides()
        (((0, 2), (1, 3)), ((0,), (1,)))
        """
        return None

    def side(self, seat: int) -> tuple[int, ...]:
        """The seats on `seat`'s side now (`sides`), `seat` itself included;
        `(seat,)` where it plays alone.

        >>> get_game("lunar").new_game({"players": 4}, seed=1).side(1)
        (1, 3)
        """
        for side in self.sides() or ():
            if seat in side:
                return side
        return (seat,)

    def _standing(self, seat: int):
        """What orders the final ranking (higher is better): the total by default."""
        return self.totals()[seat]

    def ranking(self) -> list[dict]:
        """The final standing, best first: {"place", "seats", "score"} per place;
        seats of equal standing share a place (numbered 1, 1, 3...)."""
        totals = self.totals()
        order = sorted(range(self.players), key=self._standing, reverse=True)
        out: list[dict] = []
        for index, seat in enumerate(order):
            if out and self._standing(out[-1]["seats"][0]) == self._standing(seat):
                out[-1]["seats"].append(seat)
            else:
                out.append({"place": index + 1, "seats": [seat], "score": totals[seat]})
        return out

    # --- conformance hooks ------------------------------------------------------------
    def cards_in_play(self) -> list[int]:
        """Every card of the current hand wherever it is now (hands, tricks, bids,
        centre, stock...), sorted; equals `deal_cards(current deal)`."""
        raise NotImplementedError

    def deal_cards(self, deal: dict) -> list[int]:
        """Every card of a deal, sorted."""
        raise NotImplementedError

    def hidden_places(self, seat: int) -> dict[str, tuple[int, ...]]:
        """The places whose cards `seat` cannot see now, with their cards. A card the
        rules show while it stays in a hidden hand (a trump turned up from the dealer's
        hand) stays in that hand's place here; the solver pins it there (its adapter's
        `hand_view(..., placed=...)`), and the observation says it from the public
        facts, not by reading the hand (so that it does not change with `with_hidden`).
        A card shown as it joins a hidden hand during the hand (taken face up from a
        stock) is left out of the hidden place instead, and `with_hidden` puts it back:
        a suit the hand showed it lacked before it took the card would contradict a
        pin (solver/games/common.py's docstring)."""
        raise NotImplementedError

    def with_hidden(self, seat: int, places: dict[str, tuple[int, ...]]) -> "GameState":
        """A copy with those hidden places holding other cards (same sizes)."""
        raise NotImplementedError

    def action_universe(self) -> list:
        """A superset of the legal actions (for probing illegal ones)."""
        return []

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.game.name} players={self.players} "
                f"actions={len(self.history)} to_act={self.current_player}>")
