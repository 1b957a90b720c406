"""A guided first hand, as data: one scripted hand of a game, every seat's moves
written out, with a few sentences of teaching (guided.py makes its steps, guide.py
runs it at the table). Each game's lessons are in its own module
(games/<game>_lesson.py: `register(Lesson(...))`). Imports nothing: the games'
modules register their lessons with it."""
from __future__ import annotations

from dataclasses import dataclass, field

from .markup import esc

LESSONS: dict[str, "Lesson"] = {}
MINUTES = 5                 # what a lesson takes, about (the home card says so)


@dataclass(frozen=True)
class Lesson:
    """One guided hand. `actions`: every seat's actions of the whole first hand,
    as record tokens; `says`: teaching by action index: before your move at that
    index, or after a computer's move at that index; `free`: the indices of your
    decisions where any legal move is fine (guided.py: one that is not the
    script's leaves it); `key`: its address
    (#learn/<key>); `name`: what its button calls it beside the game's title."""
    key: str
    game: str
    name: str
    rules: dict
    seed: int
    actions: tuple[str, ...]
    says: dict = field(default_factory=dict)
    intro: str = ""
    ending: str = ""
    theme: str = ""
    seat: int = 0
    teaches: tuple[str, ...] = ()   # the verbs of the choices it teaches: each is a move of yours once
    free: frozenset = frozenset()   # indices of your decisions where several moves are fine: any is taken
    # what bench/lesson_deals.py searched for, held by tests/test_guide.py: the deal before anyone
    # plays (`deal_wanted(game, state)`), and the hand played out (`shows(game, state)`)
    deal_wanted: object = field(default=None, compare=False)
    shows: object = field(default=None, compare=False)


def trick_lines(state) -> list[str]:
    """Every finished trick of the game as the table says it, from seat 0 (what a
    lesson's hand shows, and what bench/lesson_deals.py prints)."""
    from pycore.words import Narrator
    obs = state.observation(0)
    tell = Narrator(state.game, obs)
    return [tell.trick_taken(t, h, k) for h, hand in enumerate(obs["hands"])
            for k, t in enumerate(hand["tricks"]) if t.get("winner") is not None]


def register(lesson: Lesson) -> Lesson:
    LESSONS[lesson.key] = lesson
    return lesson


def lessons_of(game: str) -> list[Lesson]:
    return [lesson for lesson in LESSONS.values() if lesson.game == game]


def learn_links_html(game: str, learned: bool) -> str:
    """A game card's "Learn by playing" links (pages.py), the more prominent until
    the player finished a guided hand or a game of it (`learned`)."""
    return "".join(
        f'<a class="button learn{"" if learned else " primary"}" id="learn-{esc(lesson.key)}" '
        f'href="#learn/{esc(lesson.key)}">Learn {"" if lesson.name == lessons_of(game)[0].name else esc(lesson.name) + " "}'
        f"by playing (about {MINUTES} minutes)</a>"
        for lesson in lessons_of(game))
