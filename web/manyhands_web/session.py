"""One game at the table: the record is the game (shared/spec/records.md).

A move appends a token through `apply_action`; undo is the record minus its last
tokens back to before your previous decision; the saved game is the record and
resuming is replaying it. Pure Python: runs natively (tests) and in Pyodide.
"""
from __future__ import annotations

import hashlib
import json
import random

from pycore import get_game
from pycore.errors import ManyhandsError
from pycore.records import dumps, load_record, record_of, replay
from pycore.words import Narrator

from .cast import named_from, seat_names, table_names

LEVELS = ("easy", "normal", "hard")     # the solver's computer-player levels


class Session:
    """`people`: the seats played by people at this device, by name ({seat: name});
    none or one: you alone against the computers, as `seat`. Two or more: friends
    passing the device (friends.py): `seat` is the person whose view the table
    shows, and `passing` the person it goes to next (the pass screen is shown,
    nobody's hidden cards). `levels`: a computer seat's level where not `level`."""

    picks_cards = False     # pick the cards of a choice made by picking even when it is one of few (a lesson)
    after_hand = ""         # said under a hand's score sheet instead of who is next (a lesson: it ends there)

    def __init__(self, state, seat: int, level: str = "normal", theme: str = "",
                 people: dict | None = None, levels: dict | None = None, passing: int | None = None):
        players = state.players
        self.people = {int(s): str(n) for s, n in (people or {}).items() if 0 <= int(s) < players}
        if len(self.people) >= 2 and seat not in self.people:
            seat = min(self.people)
        if not 0 <= seat < players:
            seat = 0
        self.state = state
        self.seat = seat
        self.level = level if level in LEVELS else "normal"
        self.levels = {int(s): v for s, v in (levels or {}).items()
                       if v in LEVELS and 0 <= int(s) < players and int(s) not in self.people}
        self.passing = passing if self.together and passing in self.people else None
        game = state.game
        themes = getattr(game, "themes", ())
        self.theme = theme if theme in themes else (themes[0] if themes else "")

    @property
    def together(self) -> bool:
        """Friends at one device: two people or more at the table."""
        return len(self.people) >= 2

    def persons(self) -> set[int]:
        """The seats people play (you alone: your seat)."""
        return set(self.people) if self.together else {self.seat}

    # --- starting ------------------------------------------------------------------
    @classmethod
    def new(cls, game_name: str, rules: dict, seed: int, seat: int, level: str = "normal",
            theme: str = "", people: dict | None = None, levels: dict | None = None) -> "Session":
        state = get_game(game_name).new_game(rules, seed=seed)
        return cls(state, seat, level, theme, people, levels).passed()

    @classmethod
    def from_record_text(cls, text, seat: int = 0, level: str = "normal", theme: str = "") -> "Session":
        """An imported record (ManyhandsError saying what is wrong with it)."""
        return cls(replay(load_record(text)), seat, level, theme)

    @classmethod
    def from_saved(cls, saved: dict) -> "Session":
        """A kept game, as it was left; friends' comes back at the pass screen, to the
        person to act (or the one who held the device last), never showing a hand."""
        session = cls(replay(load_record(saved["record"])), saved.get("seat", 0),
                      saved.get("level", "normal"), saved.get("theme", ""),
                      dict(saved.get("people") or []), dict(saved.get("levels") or []))
        return session.passed()

    # --- the game ------------------------------------------------------------------
    @property
    def game(self):
        return self.state.game

    def observation(self) -> dict:
        return self.state.observation(self.seat)

    def record(self) -> dict:
        return record_of(self.state).to_json()

    def record_text(self) -> str:
        return dumps(self.state)

    def apply(self, token: str) -> None:
        self.state = self.state.apply_action(self.game.parse_action(self.state, token))

    @property
    def my_turn(self) -> bool:
        return self.state.current_player == self.seat and self.passing is None

    @property
    def computer_to_act(self) -> bool:
        return (not self.state.is_terminal and self.state.current_player not in self.persons()
                and self.passing is None)       # (the device on its way: nothing moves)

    def pass_on(self) -> bool:
        """After a change: when another person is to act, the device passes to them
        (the pass screen); True if it does."""
        to_act = self.state.current_player
        if self.together and not self.state.is_terminal and to_act in self.people and to_act != self.seat:
            self.passing = to_act
        return self.passing is not None

    def passed(self) -> "Session":
        """At a game's start or resumed: with friends, the pass screen first, to the
        person to act (or the one who held the device last), never showing a hand."""
        if self.together and not self.state.is_terminal:
            to_act = self.state.current_player
            self.passing = to_act if to_act in self.people else self.seat
        return self

    def take_device(self) -> None:
        """The person passed to has it: the table shows their view."""
        if self.passing is not None:
            self.seat, self.passing = self.passing, None

    def undo_point(self) -> int | None:
        """How many actions to keep to take back your last decision (None: none yet).
        With friends, only while nobody else has acted or seen the table since: every
        action after yours a computer's, and the device not yet taken by the next."""
        mine = [i for i, (actor, _) in enumerate(self.state.history) if actor == self.seat]
        if not mine:
            return None
        if self.together and any(actor in self.people for actor, _ in self.state.history[mine[-1] + 1:]):
            return None
        return mine[-1]

    def undo(self) -> bool:
        keep = self.undo_point()
        if keep is None:
            return False
        record = self.record()
        record["actions"] = record["actions"][:keep]
        self.state = replay(record)
        self.passing = None
        return True

    def saved(self) -> dict:
        kept = {"record": self.record(), "seat": self.seat, "level": self.level, "theme": self.theme}
        if self.people:
            kept["people"] = self.people_pairs()
        if self.levels:
            kept["levels"] = sorted([s, v] for s, v in self.levels.items())
        return kept

    def summary(self, obs: dict | None = None) -> dict:
        """The game in a few facts, for the list of your games (kept beside the record):
        its title, players, the hand under way (the last one once finished), the
        scores so far from your seat (a team's together), the outcome at the end
        (`obs`: your current observation, when it is at hand)."""
        obs = obs or self.observation()
        tell = self.narrator(obs, addressed=False)
        words = self.game.words
        finished = self.state.is_terminal
        done = len(obs.get("hand_results") or [])
        return {"game": self.game.name, "title": tell.title(), "players": self.state.players,
                "seat": self.seat, "level": self.level, "seed": self.state.seed,
                "hand": max(done, 1) if finished else done + 1, "hands": obs.get("hands_in_game"),
                "hand_word": words.hand_word, "unit": words.unit,
                "scores": self.side_scores(obs, tell),
                "finished": finished, "outcome": tell.outcome() if finished else "",
                "actions": len(self.state.history), **(self.result(obs) if finished else {}),
                **({"people": self.people_pairs()} if self.together else {}),
                **({"by_person": {n: self.result(obs, s) for s, n in self.people.items()}}
                   if finished and self.together else {})}

    def people_pairs(self) -> list[list]:
        """The people and their seats as JSON keeps them: [[seat, name], ...] by seat."""
        return sorted([seat, name] for seat, name in self.people.items())

    def side_scores(self, obs: dict, tell: Narrator) -> list[list]:
        """Each side's total so far, named by `tell` (a team together): [[names, total], ...]."""
        totals = obs.get("totals") or []
        sides = obs.get("teams") or [[s] for s in range(self.state.players)]
        return [[tell.seats(side), totals[side[0]]] for side in sides if side and side[0] < len(totals)]

    def result(self, obs: dict, seat: int | None = None) -> dict:
        """A finished game's result for your seat (or `seat`), as the statistics count
        it: your place (1: first; a shared place counts as that place), whether you
        won (a team's win is yours), your points in each hand, the house rules played
        (those set apart from the standard ones)."""
        seat = self.seat if seat is None else seat
        place = next((e["place"] for e in obs.get("ranking") or [] if seat in e["seats"]), None)
        return {"place": place, "won": seat in (obs.get("winners") or []),
                "points": [points[seat] for _, points in self.state.finished_hands],
                "rules": self.state.rules.to_dict()}

    def computers(self) -> dict[int, str]:
        """Each computer seat's level."""
        persons = self.persons()
        return {s: self.levels.get(s, self.level) for s in range(self.state.players) if s not in persons}

    def names(self) -> list[str] | None:
        """With friends: every seat's name, the same to everyone (people by theirs, the
        computers by the cast's, none taken twice); None: you alone (cast.seat_names)."""
        return table_names(self.state.players, self.people) if self.together else None

    def namer(self):
        names = self.names()
        return seat_names if names is None else named_from(names)

    def narrator(self, obs: dict | None = None, addressed: bool = True) -> Narrator:
        """The game told to your seat, in the chosen theme, the computer players by
        their names (cast.py) (`obs`: your observation, by default the current one);
        `addressed=False` with friends: told to the whole table, everyone by name."""
        names = self.names()
        if addressed or names is None:
            return Narrator(self.game, obs if obs is not None else self.observation(), self.theme, self.namer())
        return Narrator(self.game, obs if obs is not None else self.observation(), self.theme,
                        lambda players, me: names, addressed=False)

    def why(self, tell: Narrator):
        """`why(token)`: why you may not choose `token` now, in words (None: you may)."""
        return lambda token: self.state.why_not(token, tell)

    def again(self, seed: int | None = None) -> "Session":
        """A new game with the same rules, seat, computer players and theme: a new deal."""
        seed = random.randrange(1, 10**6) if seed is None else seed
        if seed == self.state.seed:
            seed += 1
        return Session(self.game.new_game(self.state.rules, seed=seed), self.seat, self.level, self.theme,
                       self.people, self.levels).passed()

    # --- branching off a reviewed hand (the review panel) ------------------------------
    @classmethod
    def branch(cls, record: dict, upto: int, choice: str | None = None, seat: int = 0,
               level: str = "normal", theme: str = "", people: dict | None = None,
               levels: dict | None = None) -> "Session":
        """A new game from a reviewed record: its first `upto` actions (where one of
        your decisions starts, or a hand's first action: "Replay this deal"), then
        `choice` if given (checked legal there); the same rules, seed and deals, the
        rest played at the table."""
        record = load_record(record)
        actions = record.to_json()["actions"]
        if isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto <= len(actions):
            raise ManyhandsError(f"no decision at action {upto} of this record")
        data = record.to_json()
        data["actions"] = actions[:upto]
        session = cls(replay(data), seat, level, theme, people, levels)
        if choice is not None:
            if not session.my_turn:
                raise ManyhandsError("that was not your decision")
            session.apply(choice)
        return session.passed()


def review_key(record: dict, upto: int, seat: int, hand: int, budget, theme: str) -> str:
    """Where the page keeps a hand's review (localStorage): the record up to the
    hand's end (its deals included), the seat, the hand, the budget and the theme
    of its words. A replayed or branched deal has another key from its first
    new action on."""
    data = dict(record, actions=list(record.get("actions", []))[:upto])
    text = json.dumps([data, seat, hand, budget, theme], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def hand_end(record: dict, hand: int) -> int | None:
    """How many actions of `record` there are up to the end of `hand` (1-based),
    None when that hand is not finished in it."""
    from pycore.records import positions
    for index, state in enumerate(positions(load_record(record))):
        if len(state.finished_hands) >= hand:
            return index
    return None


def review_narrator(record: dict, seat: int, theme: str = "", upto: int = 0, namer=seat_names) -> Narrator:
    """The words of a review: seats named from the reviewed seat, cards in its
    theme, the game as it stood after `upto` actions (a reviewed hand's end: its
    tricks and score sheet told as the table told them)."""
    data = dict(record, actions=record["actions"][:upto])
    state = replay(data)
    return Narrator(state.game, state.observation(seat), theme, namer)


def namer_of(saved: dict):
    """The seats' names of a kept game (`Session.saved`): with friends the table's,
    everyone by name (its words told to the whole table); else the cast's from its seat."""
    people = dict(saved.get("people") or [])
    if len(people) < 2:
        return seat_names
    return lambda players, me: table_names(players, people)


def card_namer(game_name: str, theme: str = ""):
    """`name(token)`: a card's name in a game (pycore.words), for pages without a table."""
    return Narrator(get_game(game_name), None, theme).card


def describe_games() -> list[dict]:
    """The home page's choices: every registered game, its rules fields, themes."""
    from pycore import all_games
    out = []
    for name, game in sorted(all_games().items()):
        fields = game.Rules.describe()
        out.append({"name": name, "title": game.title or name.capitalize(), "fields": fields,
                    "themes": list(getattr(game, "themes", ()))})
    return out


__all__ = ["Session", "card_namer", "namer_of", "review_key", "hand_end", "review_narrator", "describe_games", "ManyhandsError", "json"]
