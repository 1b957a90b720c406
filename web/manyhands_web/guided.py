"""Guided first hands: a lesson is one scripted hand of a game, every seat's
moves written out, with a few sentences of teaching; the facts its steps state
(what may be chosen, who took a trick and why, the score) are the engine's own
words, read from the position each step is at. Each game's lessons are in its
own module (games/<game>_lesson.py, data: lesson.py); guide.py runs them at
the table. Pure Python: runs natively (tests) and in Pyodide.

A lesson's steps, in order (`steps`):
- "move": one of your decisions; the table offers the taught move only (the
  others stay on the table, refused with the lesson's reason), but at a free
  decision (`Lesson.free`: where several moves are fine) any legal move is taken;
- "trick": a finished trick the table holds for you before a computer plays on
  (the lesson keeps the pause after a trick at "wait for me"): Continue;
- "end": the hand's score sheet, explained line by line.
Each step says what the computers did since the step before (the log's
sentences) with the lesson's note on any of their moves, then its teaching.

A move other than the script's at a free decision leaves the script: from then
on the computers play for themselves (the page's worker, as in a game) and the
steps are made from the hand as it goes (`step_at`): what was played, who took
each trick and why, what may be chosen and the score, all in the engine's words,
with none of the lesson's notes, which were written for its own hand.
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
    free: bool = False          # any legal move is taken ("move"; `token` is the lesson's own or, off its
    #                             script, the first legal one: where the table points)


def states(lesson: Lesson) -> list:
    """The positions of the lesson's hand: after 0, 1, ... every action."""
    return list(_states(lesson.key))


@lru_cache(maxsize=None)
def _states(key: str) -> tuple:
    return _positions(LESSONS[key], LESSONS[key].actions)


def _positions(lesson: Lesson, tokens) -> tuple:
    """The lesson's deal after 0, 1, ... of the actions `tokens`."""
    state = get_game(lesson.game).new_game(lesson.rules, seed=lesson.seed)
    out = [state]
    for token in tokens:
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


def free_words(tell: Narrator, token: str) -> str:
    return f"Any of them is fine here. In the lesson's own hand: {tell.choice(token)}."


OFF_SCRIPT = ("You left the lesson's hand: from here the computers play for themselves, and the table "
              "says what happens.")
YOUR_CHOICE = "Your choice."


@lru_cache(maxsize=None)
def _steps(key: str) -> tuple[Step, ...]:
    lesson = LESSONS[key]
    return _walk(lesson, _states(key), True)


@lru_cache(maxsize=8)
def _steps_off(key: str, tokens: tuple[str, ...]) -> tuple[Step, ...]:
    """The steps of a hand that left the script, up to its position after `tokens`."""
    lesson = LESSONS[key]
    return _walk(lesson, _positions(lesson, tokens), False)


def left_at(lesson: Lesson, tokens) -> int | None:
    """The index of the first action that is not the script's (None: on script)."""
    return next((i for i, token in enumerate(tokens) if i >= len(lesson.actions) or lesson.actions[i] != token),
                None)


def _walk(lesson: Lesson, positions, whole: bool) -> tuple[Step, ...]:
    """The steps at `positions` (after 0, 1, ... actions): the whole hand's (`whole`:
    the script's, which must end it), or a hand's so far."""
    tokens = positions[-1].action_tokens()
    off = left_at(lesson, tokens)
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
        notes = [lesson.says[i] for i in range(noted, upto) if i in lesson.says and (off is None or i <= off)]
        noted = upto
        return notes, " ".join(news)

    def leaving(index: int) -> list[str]:
        """The words that say the hand left the script, at its first step after."""
        first = off is not None and index > off and not any(s.at > off for s in out)
        return [OFF_SCRIPT] if first else []

    for index, state in enumerate(positions):
        scripted = off is None or index <= off     # (the position before the move that left it is the script's)
        if state.finished_hands:
            tell = teller(lesson, state)
            said, news = since(state, index)
            result = tell.obs["hand_results"][0]
            ending = [lesson.ending] if scripted else []
            out.append(Step("end", index, tuple(leaving(index) + said + ending), lines=tuple(tell.hand_lines(result)),
                            told=news))
            break
        if whole and index == len(lesson.actions):
            raise ValueError(f"lesson {lesson.key}: its actions end before the hand does")
        before = positions[index - 1] if index else None
        if before is not None and trick_done(before, state) and state.current_player != lesson.seat:
            said, news = since(state, index)
            out.append(Step("trick", index, tuple(leaving(index) + said), told=news))
        if state.current_player == lesson.seat:
            tell = teller(lesson, state)
            legal = list(tell.obs.get("legal") or [])
            said, news = since(state, index)
            noted = index + 1
            if scripted:
                token = lesson.actions[index]
                free = index in lesson.free and len(legal) > 1
                teach = [lesson.says[index]] if index in lesson.says else []
                intro = [lesson.intro] if not any(s.kind == "move" for s in out) and lesson.intro else []
                taught = [(free_words if free else taught_words)(tell, token)] if len(legal) > 1 else []
                words = intro + said + teach + [choices_words(tell, legal)] + taught
            else:
                token, free = legal[0], True
                words = leaving(index) + said + [choices_words(tell, legal)] + ([YOUR_CHOICE] if len(legal) > 1 else [])
            out.append(Step("move", index, tuple(words), token, told=news, free=free))
    else:
        if whole:
            raise ValueError(f"lesson {lesson.key}: the hand is not over after its actions")
    return tuple(out)


def trick_done(before, after) -> bool:
    def finished(state):
        obs = state.observation(0)
        return sum(1 for hand in obs.get("hands") or [] for t in hand["tricks"] if t.get("winner") is not None)
    return finished(after) > finished(before)


def steps(lesson: Lesson) -> list[Step]:
    """The lesson's steps, in order (the module's doc)."""
    return list(_steps(lesson.key))


def step_at(lesson: Lesson, tokens, holding: str | None) -> Step | None:
    """The step shown at the position after the actions `tokens`, the table holding
    `holding` ("trick", "hand" or None); None: the computers are playing."""
    tokens = tuple(tokens)
    kind = {"trick": "trick", "hand": "end"}.get(holding or "", "move")
    every = _steps(lesson.key) if left_at(lesson, tokens) is None else _steps_off(lesson.key, tokens)
    return next((s for s in every if s.at == len(tokens) and s.kind == kind), None)


def step_number(lesson: Lesson, tokens, step: Step) -> tuple[int, int | None]:
    """Which step `step` is, and of how many (None: the hand left the script, so
    its length is not known)."""
    tokens = tuple(tokens)
    if left_at(lesson, tokens) is None:
        every = _steps(lesson.key)
        return every.index(step) + 1, len(every)
    return _steps_off(lesson.key, tokens).index(step) + 1, None


class GuidedSession(Session):
    """The lesson's hand at the table: the table is drawn as if the taught move
    were the only legal one (the others refused with the lesson's reason), and the
    computers' moves are the script's. A choice made by picking cards is picked
    (and confirmed), as in a real game, though it is the only one offered."""
    picks_cards = True
    after_hand = "The lesson ends with this hand."

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

    def free(self) -> bool:
        """Whether any legal move is taken now: a free decision of the script (Lesson.free),
        or the hand left the script."""
        done = len(self.state.history)
        return self.scripted() is None or done in self.lesson.free

    def narrator(self, obs: dict | None = None, addressed: bool = True) -> Narrator:
        obs = obs if obs is not None else self.observation()
        taught = self.scripted() if self.my_turn and not self.free() else None
        if obs.get("legal") and taught is not None and obs.get("to_act") == self.seat:
            obs = dict(obs, legal=[taught] if taught in obs["legal"] else [])
        return super().narrator(obs, addressed)

    def why(self, tell: Narrator):
        taught = self.scripted()

        def why(token: str):
            engine = self.state.why_not(token, tell)
            if engine or token == taught or taught is None or self.free():
                return engine
            return f"in this lesson, {choice_in_sentence(tell, taught)}"
        return why


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]
