"""The hint's answer, typed: what the solver's worker sends the page for one
decision (solver/hints.py makes it; web/manyhands_web/hint_view.py draws it),
as frozen values with one JSON form. `Hint.to_json()` is the JSON the worker
sends; `Hint.from_json(data)` reads it back, its exact inverse; anything else is
refused with an AnswerError that says what is wrong.

It lives here, beside the record, because it is the contract between the two
halves that both read pycore: the worker (solver/) writes it, the page (which
imports pycore and itself, never the solver) reads it.

The numbers and the words are apart. `Hint` holds what the search found: every
choice's value (`ActionValue`: its expected points and 95% interval, its
difference from the best and that difference's interval, the group it falls in,
how often it did what the game counts: `Rate`), how the search ended, and what
the seat can infer of each hidden place (`Place`). `Hint.words` (`HintWords`,
None before solver/hint_words.py has told it) holds the player's sentences: one
line per choice (`ChoiceWords`), the summary, how sure, a close call, the offer
to search more, the other hands as a table and sentences (`Opponents`).

A reader that only needs the numbers (the hand review) takes a Hint without
words; the page reads both.

>>> best = ActionValue("Sw12", 40, 3.2, False, "best", (2.8, 3.6), rates=(Rate("takes_trick", 0.62, (0.47, 0.75)),))
>>> best.share("takes_trick"), best.searched
(0.62, True)
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .errors import ManyhandsError, quote

GROUPS = ("best", "as good", "close", "worse", "screened", "unsearched")


class AnswerError(ManyhandsError):
    """A hint's JSON that is not one the solver makes: a field missing or of the wrong kind."""


# --- reading JSON, checked ----------------------------------------------------------------
def _get(data: dict, key: str, kinds: tuple, what: str, optional: bool = False) -> Any:
    if key not in data:
        if optional:
            return None
        raise AnswerError(f"{what} has no {key}")
    value = data[key]
    if value is None and optional:
        return None
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        raise AnswerError(f"{what}'s {key} is not {' or '.join(k.__name__ for k in kinds)}: {quote(value)}")
    return value


def _object(data: Any, what: str) -> dict:
    if not isinstance(data, dict):
        raise AnswerError(f"{what} is not an object: {quote(data)}")
    return data


def _pair(value: Any, what: str) -> tuple[float, float] | None:
    """An interval [low, high], or None."""
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 2 or any(
            isinstance(x, bool) or not isinstance(x, (int, float)) for x in value):
        raise AnswerError(f"{what} is not an interval [low, high]: {quote(value)}")
    return (value[0], value[1])


def _texts(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise AnswerError(f"{what} is not a list of texts: {quote(value)}")
    return tuple(value)


def _listed(pair: tuple | None) -> list | None:
    return None if pair is None else list(pair)


NUMBER = (int, float)


# --- the numbers ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Rate:
    """How often a choice did something the game counts ("takes_trick",
    "exact_bid", or an outcome of the game's: Voren's "looed"), a share of its
    deals searched, and that share's 95% interval (None where the share is exact
    or one line of play was looked at)."""
    key: str
    share: float
    interval: tuple[float, float] | None = None


@dataclass(frozen=True)
class ActionValue:
    """One choice's numbers: searched on `n` deals, its expected points `ev`
    (None: not searched) and their 95% `interval` (a point where exact), its
    group against the best (GROUPS), its difference from the best `diff` (the
    best's value minus its own; None for the best itself and the unsearched) with
    that difference's interval, and its rates."""
    action: str
    n: int
    ev: float | None
    exact: bool
    group: str
    interval: tuple[float, float] | None = None
    diff: float | None = None
    diff_interval: tuple[float, float] | None = None
    rates: tuple[Rate, ...] = ()

    @property
    def searched(self) -> bool:
        return bool(self.n)

    def has(self, key: str) -> bool:
        return any(rate.key == key for rate in self.rates)

    def rate(self, key: str) -> Rate:
        for rate in self.rates:
            if rate.key == key:
                return rate
        raise KeyError(key)

    def share(self, key: str) -> float:
        return self.rate(key).share

    def to_json(self, words: "ChoiceWords | None" = None) -> dict:
        out: dict[str, Any] = {"action": self.action}
        if words is not None:
            out["name"] = words.name
        out.update(n=self.n, searched=self.searched, ev=self.ev, exact=self.exact,
                   interval=_listed(self.interval), group=self.group)
        if self.diff is not None:
            out.update(diff=self.diff, diff_interval=_listed(self.diff_interval))
        for rate in self.rates:
            out[rate.key] = rate.share
            out[f"{rate.key}_interval"] = _listed(rate.interval)
        if words is not None:
            out["why"] = words.why
        return out

    @classmethod
    def from_json(cls, data: Any) -> "ActionValue":
        what = "a hint's choice"
        data = _object(data, what)
        group = _get(data, "group", (str,), what)
        if group not in GROUPS:
            raise AnswerError(f"{what} has no group {quote(group)}; groups: {', '.join(GROUPS)}")
        rates = tuple(Rate(key[:-len("_interval")], _get(data, key[:-len("_interval")], NUMBER, what),
                           _pair(value, f"{what}'s {key}"))
                      for key, value in data.items() if key.endswith("_interval") and key != "diff_interval")
        diff = _get(data, "diff", NUMBER, what, optional=True)
        return cls(_get(data, "action", (str,), what), _get(data, "n", (int,), what),
                   _get(data, "ev", NUMBER, what, optional=True), _get(data, "exact", (bool,), what), group,
                   _pair(data.get("interval"), f"{what}'s interval"), diff,
                   _pair(data.get("diff_interval"), f"{what}'s diff_interval"), rates)


@dataclass(frozen=True)
class Place:
    """What the seat can infer of one hidden place ("hand:2", "stock", ...): how
    many cards it holds, the exact chance (or expected copies) of each unseen
    card there (`cards`), the suits it surely lacks (`voids`, for a hand), and
    where a game reads its places its own way (Lunar's copies): the cards of each
    type (`types`), the chance of holding at least one copy (`holds`), and the
    cards known to be there besides (`known`: what you gave your partner)."""
    size: int
    cards: dict = field(default_factory=dict)
    voids: tuple | None = None
    types: dict | None = None
    holds: dict | None = None
    known: tuple | None = None

    def to_json(self) -> dict:
        out: dict[str, Any] = {"size": self.size}
        if self.types is not None:
            out["types"] = dict(self.types)
        out["cards"] = dict(self.cards)
        for key, value in (("holds", self.holds), ("voids", self.voids), ("known", self.known)):
            if value is not None:
                out[key] = dict(value) if isinstance(value, dict) else list(value)
        return out

    @classmethod
    def from_json(cls, data: Any) -> "Place":
        what = "a hint's place"
        data = _object(data, what)
        voids, known = data.get("voids"), data.get("known")
        return cls(_get(data, "size", (int,), what), dict(_get(data, "cards", (dict,), what)),
                   None if voids is None else tuple(_get(data, "voids", (list,), what)),
                   _get(data, "types", (dict,), what, optional=True),
                   _get(data, "holds", (dict,), what, optional=True),
                   None if known is None else tuple(_get(data, "known", (list,), what)))


# --- the words -----------------------------------------------------------------------------
@dataclass(frozen=True)
class ChoiceWords:
    """A choice as the player reads it: its name and its one line ("wins this
    trick 62% of the time (48–75%); about 3.2 points this hand (± 0.4)")."""
    name: str
    why: str


@dataclass(frozen=True)
class OpponentRow:
    """One other hand in the table of the other hands: its place and name, how
    many cards it holds (None: not known), per suit what it holds on average
    ("1.4", "none"), its other likely cards, and whether any stands out."""
    place: str
    name: str
    cards: int | None
    suits: tuple[str, ...]
    other: str
    stands_out: bool

    def to_json(self) -> dict:
        return {"place": self.place, "name": self.name, "cards": self.cards, "suits": list(self.suits),
                "other": self.other, "stands_out": self.stands_out}

    @classmethod
    def from_json(cls, data: Any) -> "OpponentRow":
        what = "a row of the other hands"
        data = _object(data, what)
        return cls(_get(data, "place", (str,), what), _get(data, "name", (str,), what),
                   _get(data, "cards", (int,), what, optional=True),
                   _texts(_get(data, "suits", (list,), what), f"{what}'s suits"),
                   _get(data, "other", (str,), what), _get(data, "stands_out", (bool,), what))


@dataclass(frozen=True)
class Opponents:
    """What the seat can tell of the other hands: the suit columns' names, a row
    per hand, the notable facts as sentences ("Left has no Waters."), and a note
    on how to read the table."""
    suits: tuple[str, ...] = ()
    rows: tuple[OpponentRow, ...] = ()
    facts: tuple[str, ...] = ()
    note: str = ""

    def to_json(self) -> dict:
        return {"suits": list(self.suits), "rows": [row.to_json() for row in self.rows],
                "facts": list(self.facts), "note": self.note}

    @classmethod
    def from_json(cls, data: Any) -> "Opponents":
        what = "the other hands"
        data = _object(data, what)
        rows = _get(data, "rows", (list,), what)
        return cls(_texts(_get(data, "suits", (list,), what), f"{what}' suits"),
                   tuple(OpponentRow.from_json(row) for row in rows),
                   _texts(_get(data, "facts", (list,), what), f"{what}' facts"), _get(data, "note", (str,), what))


@dataclass(frozen=True)
class HintWords:
    """The hint in the player's words: the count of possible deals ("about 2.4
    million"), the summary (its first step: "Consider the 10 of Shields: ..."),
    how sure it is, a close call, the label of the offer to search more, the
    facts every choice shares, one line per choice (in the order of
    `Hint.actions`), the other hands, and, for a longer search at the offer of
    the hint before (Think longer, every deal), what became of its suggestion
    and how sure the new advice is (`change`; None otherwise). `sure` is how sure
    the suggestion is in a card player's words ("Probably the best: ..."), and
    `certainty` how that was worked out (the page folds it under "How do we know?")."""
    worlds_text: str
    summary: str
    certainty: str
    close_call: str | None
    more_label: str | None
    shared: tuple[str, ...]
    choices: tuple[ChoiceWords, ...]
    opponents: Opponents
    change: str | None = None
    sure: str = ""


# --- the hint ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hint:
    """The answer for `seat` deciding in a game of `game`: what is decided
    ("play", "bid", ...), the consistent deals (`worlds`) and how many the best
    was searched on, whether every deal was searched (`all_worlds`) and each
    exactly (`exact_endgame`; both: the values are `exact`), why the search
    stopped ("separated", "all worlds", "effort", "time", "settled", "one
    choice"), its playouts, the moves looked ahead in the one possible deal,
    whether a tree searched it, whether the first choice is the one that spends
    least on a partner's sure trick (`spent_least`), the effort that searching
    every deal would take (None: too many), the budget asked (effort, seconds, seed), every choice best
    first, the budget the hint offers for more (`more`: None, or {"all_worlds":
    true}, {"seconds": s} or {"effort": n}), what the seat infers of each hidden
    place, and the words (None: numbers only)."""
    game: str
    seat: int
    decision: str
    worlds: int
    searched_worlds: int
    actions: tuple[ActionValue, ...]
    all_worlds: bool = False
    exact: bool = False
    exact_endgame: bool = False
    stopped: str = "separated"
    playouts: int = 0
    look_ahead: int = 0
    tree: bool = False
    spent_least: bool = False
    all_worlds_effort: int | None = None
    effort: int = 0
    seconds: float | None = None
    seed: int = 0
    more: dict | None = None
    places: dict = field(default_factory=dict)      # place name -> Place
    words: HintWords | None = None

    @property
    def best(self) -> str:
        return self.actions[0].action

    def told(self, words: HintWords) -> "Hint":
        """This hint with its words."""
        if len(words.choices) != len(self.actions):
            raise AnswerError(f"{len(words.choices)} choices told for {len(self.actions)} choices")
        return replace(self, words=words)

    def to_json(self) -> dict:
        """The worker's JSON of this hint (its words required: the page reads them)."""
        words = self.words
        if words is None:
            raise AnswerError("a hint goes to the page with its words")
        more = None if self.more is None else {"budget": dict(self.more), "label": words.more_label}
        return {"game": self.game, "seat": self.seat, "decision": self.decision,
                "worlds": self.worlds, "worlds_text": words.worlds_text, "searched_worlds": self.searched_worlds,
                "all_worlds": self.all_worlds, "exact": self.exact, "exact_endgame": self.exact_endgame,
                "stopped": self.stopped, "playouts": self.playouts, "look_ahead": self.look_ahead,
                "tree": self.tree, "spent_least": self.spent_least,
                "all_worlds_effort": self.all_worlds_effort,
                "effort": self.effort, "seconds": self.seconds, "seed": self.seed,
                "best": self.best, "best_name": words.choices[0].name,
                "summary": words.summary, "why": words.choices[0].why,
                "certainty": words.certainty, "sure": words.sure, "close_call": words.close_call,
                "change": words.change,
                "more": more,
                "actions": [a.to_json(w) for a, w in zip(self.actions, words.choices)],
                "shared": list(words.shared),
                "inferred": {name: place.to_json() for name, place in self.places.items()},
                "opponents": words.opponents.to_json()}

    @classmethod
    def from_json(cls, data: Any) -> "Hint":
        """The hint the worker sent (its "available": true, the worker's, is left out)."""
        what = "a hint"
        data = _object(data, what)
        listed = _get(data, "actions", (list,), what)
        if not listed:
            raise AnswerError("a hint has no choices")
        actions = tuple(ActionValue.from_json(entry) for entry in listed)
        choices = tuple(ChoiceWords(_get(entry, "name", (str,), "a hint's choice"),
                                    _get(entry, "why", (str,), "a hint's choice")) for entry in listed)
        more = _get(data, "more", (dict,), what, optional=True)
        if more is not None:
            more = {"budget": _get(more, "budget", (dict,), "a hint's offer"),
                    "label": _get(more, "label", (str,), "a hint's offer")}
        words = HintWords(_get(data, "worlds_text", (str,), what), _get(data, "summary", (str,), what),
                          _get(data, "certainty", (str,), what), _get(data, "close_call", (str,), what, True),
                          None if more is None else more["label"],
                          _texts(_get(data, "shared", (list,), what), "a hint's shared facts"), choices,
                          Opponents.from_json(_get(data, "opponents", (dict,), what)),
                          _get(data, "change", (str,), what, True),
                          _get(data, "sure", (str,), what, True) or "")
        hint = cls(_get(data, "game", (str,), what), _get(data, "seat", (int,), what),
                   _get(data, "decision", (str,), what), _get(data, "worlds", (int,), what),
                   _get(data, "searched_worlds", (int,), what), actions,
                   _get(data, "all_worlds", (bool,), what), _get(data, "exact", (bool,), what),
                   _get(data, "exact_endgame", (bool,), what), _get(data, "stopped", (str,), what),
                   _get(data, "playouts", (int,), what), _get(data, "look_ahead", (int,), what),
                   _get(data, "tree", (bool,), what), _get(data, "spent_least", (bool,), what),
                   _get(data, "all_worlds_effort", (int,), what, True),
                   _get(data, "effort", (int,), what), _get(data, "seconds", NUMBER, what, True),
                   _get(data, "seed", (int,), what), None if more is None else dict(more["budget"]),
                   {name: Place.from_json(place) for name, place in _get(data, "inferred", (dict,), what).items()},
                   words)
        for key, derived in (("best", hint.best), ("best_name", choices[0].name), ("why", choices[0].why)):
            if data.get(key) != derived:
                raise AnswerError(f"a hint's {key} {quote(data.get(key))} is not its first choice's")
        return hint
