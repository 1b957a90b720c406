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

from .cast import seat_names

LEVELS = ("easy", "normal", "hard")     # the solver's computer-player levels


class Session:
    picks_cards = False     # pick the cards of a choice made by picking even when it is one of few (a lesson)
    def __init__(self, state, seat: int, level: str = "normal", theme: str = ""):
        if not 0 <= seat < state.players:
            seat = 0
        self.state = state
        self.seat = seat
        self.level = level if level in LEVELS else "normal"
        game = state.game
        themes = getattr(game, "themes", ())
        self.theme = theme if theme in themes else (themes[0] if themes else "")

    # --- starting ------------------------------------------------------------------
    @classmethod
    def new(cls, game_name: str, rules: dict, seed: int, seat: int, level: str = "normal",
            theme: str = "") -> "Session":
        state = get_game(game_name).new_game(rules, seed=seed)
        return cls(state, seat, level, theme)

    @classmethod
    def from_record_text(cls, text, seat: int = 0, level: str = "normal", theme: str = "") -> "Session":
        """An imported record (ManyhandsError saying what is wrong with it)."""
        return cls(replay(load_record(text)), seat, level, theme)

    @classmethod
    def from_saved(cls, saved: dict) -> "Session":
        return cls(replay(load_record(saved["record"])), saved.get("seat", 0),
                   saved.get("level", "normal"), saved.get("theme", ""))

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
        return self.state.current_player == self.seat

    @property
    def computer_to_act(self) -> bool:
        return not self.state.is_terminal and self.state.current_player != self.seat

    def undo_point(self) -> int | None:
        """How many actions to keep to take back your last decision (None: none yet)."""
        mine = [i for i, (actor, _) in enumerate(self.state.history) if actor == self.seat]
        return mine[-1] if mine else None

    def undo(self) -> bool:
        keep = self.undo_point()
        if keep is None:
            return False
        record = self.record()
        record["actions"] = record["actions"][:keep]
        self.state = replay(record)
        return True

    def saved(self) -> dict:
        return {"record": self.record(), "seat": self.seat, "level": self.level, "theme": self.theme}

    def summary(self, obs: dict | None = None) -> dict:
        """The game in a few facts, for the list of your games (kept beside the record):
        its title, players, the hand under way (the last one once finished), the
        scores so far from your seat (a team's together), the outcome at the end
        (`obs`: your current observation, when it is at hand)."""
        obs = obs or self.observation()
        tell = self.narrator(obs)
        words = self.game.words
        finished = self.state.is_terminal
        done = len(obs.get("hand_results") or [])
        totals = obs.get("totals") or []
        sides = obs.get("teams") or [[s] for s in range(self.state.players)]
        return {"game": self.game.name, "title": tell.title(), "players": self.state.players,
                "seat": self.seat, "level": self.level, "seed": self.state.seed,
                "hand": max(done, 1) if finished else done + 1, "hands": obs.get("hands_in_game"),
                "hand_word": words.hand_word, "unit": words.unit,
                "scores": [[tell.seats(side), totals[side[0]]] for side in sides if side and side[0] < len(totals)],
                "finished": finished, "outcome": tell.outcome() if finished else "",
                "actions": len(self.state.history), **(self.result(obs) if finished else {})}

    def result(self, obs: dict) -> dict:
        """A finished game's result for your seat, as the statistics count it: your
        place (1: first; a shared place counts as that place), whether you won (a
        team's win is yours), your points in each hand, the house rules played
        (those set apart from the standard ones)."""
        seat = self.seat
        place = next((e["place"] for e in obs.get("ranking") or [] if seat in e["seats"]), None)
        return {"place": place, "won": seat in (obs.get("winners") or []),
                "points": [points[seat] for _, points in self.state.finished_hands],
                "rules": self.state.rules.to_dict()}

    def computers(self) -> dict[int, str]:
        return {s: self.level
                for s in range(self.state.players) if s != self.seat}

    def narrator(self, obs: dict | None = None) -> Narrator:
        """The game told to your seat, in the chosen theme, the computer players by
        their names (cast.py) (`obs`: your observation, by default the current one)."""
        return Narrator(self.game, obs if obs is not None else self.observation(), self.theme, seat_names)

    def why(self, tell: Narrator):
        """`why(token)`: why you may not choose `token` now, in words (None: you may)."""
        return lambda token: self.state.why_not(token, tell)

    def again(self, seed: int | None = None) -> "Session":
        """A new game with the same rules, seat, computer players and theme: a new deal."""
        seed = random.randrange(1, 10**6) if seed is None else seed
        if seed == self.state.seed:
            seed += 1
        return Session(self.game.new_game(self.state.rules, seed=seed), self.seat, self.level, self.theme)

    # --- branching off a reviewed hand (the review panel) ------------------------------
    @classmethod
    def branch(cls, record: dict, upto: int, choice: str | None = None, seat: int = 0,
               level: str = "normal", theme: str = "") -> "Session":
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
        session = cls(replay(data), seat, level, theme)
        if choice is not None:
            if not session.my_turn:
                raise ManyhandsError("that was not your decision")
            session.apply(choice)
        return session


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


def review_narrator(record: dict, seat: int, theme: str = "", upto: int = 0) -> Narrator:
    """The words of a review: seats named from the reviewed seat, cards in its
    theme, the game as it stood after `upto` actions (a reviewed hand's end: its
    tricks and score sheet told as the table told them)."""
    data = dict(record, actions=record["actions"][:upto])
    state = replay(data)
    return Narrator(state.game, state.observation(seat), theme, seat_names)


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


__all__ = ["Session", "card_namer", "review_key", "hand_end", "review_narrator", "describe_games", "ManyhandsError", "json"]
