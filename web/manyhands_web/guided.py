"""Guided first hands: a lesson is one scripted hand of a game, every seat's
moves written out, with a few sentences of teaching; the facts its steps state
(what may be chosen, who took a trick and why, the score) are the engine's own
words, read from the position each step is at. Each game's lessons are in its
own module (games/<game>_lesson.py, data: lesson.py); guide.py runs them at
the table. Pure Python: runs natively (tests) and in Pyodide.

A lesson's steps, in order (`steps`):
- "move": one of your decisions; the table offers the taught move only (the
  others stay on the table, refused with the lesson's reason);
- "trick": a finished trick the table holds for you before a computer plays on
  (the lesson keeps the pause after a trick at "wait for me"): Continue;
- "end": the hand's score sheet, explained line by line.
Each step says what the computers did since the step before (the log's
sentences) with the lesson's note on any of their moves, then its teaching.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from pycore import get_game
from pycore.words import Narrator, count, join

from . import games  # noqa: F401  (every game's lessons registered)
from .cast import seat_names
from .lesson import LESSONS, Lesson
from .log_view import story
from .session import Session

LISTED = 3                  # more choices than this are counted, not listed


@dataclass(frozen=True)
class Step:
    kind: str                   # "move", "trick" or "end"
    at: int                     # how many actions are made when it is shown
    words: tuple[str, ...]      # its paragraphs: the lesson's notes and teaching, then the engine's facts
    token: str | None = None    # the taught move ("move")
    lines: tuple[str, ...] = ()     # the hand's score sheet in sentences ("end")
    told: str = ""              # what was played since the step before, as the log says it


def states(lesson: Lesson) -> list:
    """The positions of the lesson's hand: after 0, 1, ... every action."""
    return list(_states(lesson.key))


@lru_cache(maxsize=None)
def _states(key: str) -> tuple:
    lesson = LESSONS[key]
    state = get_game(lesson.game).new_game(lesson.rules, seed=lesson.seed)
    out = [state]
    for token in lesson.actions:
        state = state.apply_action(state.game.parse_action(state, token))
        out.append(state)
    return tuple(out)


def teller(lesson: Lesson, state) -> Narrator:
    """The position told to you, the computers by their names (as the table tells it)."""
    return Narrator(state.game, state.observation(lesson.seat), lesson.theme, seat_names)


def choices_words(tell: Narrator, legal: list[str]) -> str:
    """What may be chosen now, in the engine's words (its legal tokens' names)."""
    hand = list(tell.obs.get("hand") or [])
    if legal and set(legal) == set(hand):
        return f"Any of your {count(len(hand), 'card')} may be played now." if len(hand) > 1 else \
            f"Your only card, {tell.the(hand[0])}, is what you play now."
    if len(legal) == 1 and legal[0] in hand:
        return f"Only one card may be played now: {tell.the(legal[0])}."
    if len(legal) == 1:
        return f"Only one choice now: {choice_in_sentence(tell, legal[0])}."
    if all(t in hand for t in legal):
        barred = [t for t in hand if t not in legal]
        if len(legal) > LISTED and len(barred) < LISTED:
            return f"Any of your cards but {join((tell.the(t) for t in barred), 'and')} may be played now."
        return f"You may play {join((tell.card(t) for t in legal), 'or')}."
    if len(legal) > LISTED:
        return f"You have {count(len(legal), 'choice')} now."
    return f"Your choices: {join((choice_in_sentence(tell, t) for t in legal), 'or')}."


def choice_in_sentence(tell: Narrator, token: str) -> str:
    """A choice's name inside a sentence: lower-cased, unless it starts with a card's
    name ("Lynx from the Sky", but "turn the Owl tile face down")."""
    said = tell.choice(token)
    cards = [word for word in re.split("[: ]", token) if word in tell.game.deck.tokens]
    return said if any(said.startswith(tell.card(card)) for card in cards) else lower_first(said)


def taught_words(tell: Narrator, token: str) -> str:
    return f"In this lesson: {tell.choice(token)}."


@lru_cache(maxsize=None)
def _steps(key: str) -> tuple[Step, ...]:
    lesson = LESSONS[key]
    positions = _states(key)
    out: list[Step] = []
    told = 0                    # the story's sentences said so far
    noted = 0                   # the actions whose notes were said so far

    def since(state, upto: int) -> tuple[list[str], str]:
        """The lesson's notes on the moves since the step before, and the log's sentences."""
        nonlocal told, noted
        tell = teller(lesson, state)
        lines = [text for kind, _, text in story(tell) if kind in ("play", "act", "trick")]
        news = lines[told:]
        told = len(lines)
        notes = [lesson.says[i] for i in range(noted, upto) if i in lesson.says]
        noted = upto
        return notes, " ".join(news)

    for index, state in enumerate(positions):
        if state.finished_hands:
            tell = teller(lesson, state)
            said, news = since(state, index)
            result = tell.obs["hand_results"][0]
            out.append(Step("end", index, tuple(said + [lesson.ending]), lines=tuple(tell.hand_lines(result)),
                            told=news))
            break
        if index == len(lesson.actions):
            raise ValueError(f"lesson {lesson.key}: its actions end before the hand does")
        before = positions[index - 1] if index else None
        if before is not None and _trick_done(before, state) and state.current_player != lesson.seat:
            said, news = since(state, index)
            out.append(Step("trick", index, tuple(said), told=news))
        if state.current_player == lesson.seat:
            tell = teller(lesson, state)
            token = lesson.actions[index]
            legal = list(tell.obs.get("legal") or [])
            said, news = since(state, index)
            teach = [lesson.says[index]] if index in lesson.says else []
            noted = index + 1
            intro = [lesson.intro] if not any(s.kind == "move" for s in out) and lesson.intro else []
            facts = [choices_words(tell, legal)] + ([taught_words(tell, token)] if len(legal) > 1 else [])
            out.append(Step("move", index, tuple(intro + said + teach + facts), token, told=news))
    else:
        raise ValueError(f"lesson {lesson.key}: the hand is not over after its actions")
    return tuple(out)


def _trick_done(before, after) -> bool:
    def finished(state):
        obs = state.observation(0)
        return sum(1 for hand in obs.get("hands") or [] for t in hand["tricks"] if t.get("winner") is not None)
    return finished(after) > finished(before)


def steps(lesson: Lesson) -> list[Step]:
    """The lesson's steps, in order (the module's doc)."""
    return list(_steps(lesson.key))


def step_at(lesson: Lesson, actions: int, holding: str | None) -> Step | None:
    """The step shown after `actions` actions, the table holding `holding` ("trick",
    "hand" or None); None: the computers are playing (or the table left the script)."""
    kind = {"trick": "trick", "hand": "end"}.get(holding or "", "move")
    return next((s for s in _steps(lesson.key) if s.at == actions and s.kind == kind), None)


class GuidedSession(Session):
    """The lesson's hand at the table: the table is drawn as if the taught move
    were the only legal one (the others refused with the lesson's reason), and the
    computers' moves are the script's. A choice made by picking cards is picked
    (and confirmed), as in a real game, though it is the only one offered."""
    picks_cards = True

    def __init__(self, lesson: Lesson):
        super().__init__(get_game(lesson.game).new_game(lesson.rules, seed=lesson.seed), lesson.seat,
                         "normal", lesson.theme)
        self.lesson = lesson

    def scripted(self) -> str | None:
        """The script's next action, while the hand follows it (None: it ended, or left it)."""
        done = self.state.action_tokens()
        script = self.lesson.actions
        if len(done) < len(script) and list(script[:len(done)]) == done:
            return script[len(done)]
        return None

    def narrator(self, obs: dict | None = None, addressed: bool = True) -> Narrator:
        obs = obs if obs is not None else self.observation()
        taught = self.scripted() if self.my_turn else None
        if obs.get("legal") and taught is not None and obs.get("to_act") == self.seat:
            obs = dict(obs, legal=[taught] if taught in obs["legal"] else [])
        return super().narrator(obs, addressed)

    def why(self, tell: Narrator):
        taught = self.scripted()

        def why(token: str):
            engine = self.state.why_not(token, tell)
            if engine or token == taught or taught is None:
                return engine
            return f"in this lesson, {choice_in_sentence(tell, taught)}"
        return why


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]
