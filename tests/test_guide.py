"""The guided first hands (web/manyhands_web/lesson.py, guided.py), natively: each
lesson's script replayed through the engine, and every fact its steps state (what
may be chosen, who took each trick and why, the hand's score) held to the
engine's own answer at that position; the table offers the taught move only."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pycore.words import Narrator

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

from manyhands_web.cast import seat_names  # noqa: E402
from manyhands_web.guided import (LESSONS, OFF_SCRIPT, GuidedSession, choices_words,  # noqa: E402
                                  free_words, states, step_at, steps, taught_words, trick_done)

KEYS = sorted(LESSONS)


def tell_at(lesson, state):
    return Narrator(state.game, state.observation(lesson.seat), lesson.theme, seat_names)


def finished_tricks(state, seat):
    return [(h, k, t) for h, hand in enumerate(state.observation(seat)["hands"])
            for k, t in enumerate(hand["tricks"]) if t.get("winner") is not None]


def test_there_are_lessons():
    assert KEYS


@pytest.mark.parametrize("key", KEYS)
def test_the_script_is_one_whole_hand_of_legal_moves(key):
    lesson = LESSONS[key]
    positions = states(lesson)
    for index, token in enumerate(lesson.actions):
        state = positions[index]
        assert not state.finished_hands, f"the hand ended before action {index}"
        legal = [state.game.action_token(state, a) for a in state.legal_actions()]
        assert token in legal, (index, token, legal)
    assert len(positions[-1].finished_hands) == 1


@pytest.mark.parametrize("key", KEYS)
def test_each_step_states_the_engines_facts(key):
    lesson = LESSONS[key]
    positions = states(lesson)
    every = steps(lesson)
    mine = [i for i, state in enumerate(positions[:-1]) if state.current_player == lesson.seat]
    assert [s.at for s in every if s.kind == "move"] == mine, "a step for each of your decisions"
    tricks_told = 0
    for step in every:
        state = positions[step.at]
        tell = tell_at(lesson, state)
        if step.kind == "move":
            legal = [state.game.action_token(state, a) for a in state.legal_actions()]
            assert step.token == lesson.actions[step.at] and step.token in legal
            assert choices_words(tell, legal) in step.words          # what may be chosen: the engine's list
            if len(legal) > 1:
                said = free_words if step.free else taught_words
                assert said(tell, step.token) in step.words
            assert step.free == (step.at in lesson.free)
        # who took each trick, and why: the engine's sentence, in the step that follows it
        for h, k, trick in finished_tricks(state, lesson.seat)[tricks_told:]:
            assert tell.trick_taken(trick, h, k) in step.told, (step.at, trick)
            tricks_told += 1
        if step.kind == "end":
            result = state.observation(lesson.seat)["hand_results"][0]
            assert list(step.lines) == tell.hand_lines(result) and step.lines
    assert every[-1].kind == "end" and every[-1].at == len(lesson.actions)
    assert tricks_told == len(finished_tricks(positions[-1], lesson.seat))
    trick_steps = [s for s in every if s.kind == "trick"]
    for step in trick_steps:        # the table holds a trick when a computer plays on
        assert positions[step.at].current_player != lesson.seat


@pytest.mark.parametrize("key", KEYS)
def test_each_choice_it_teaches_is_one_of_your_moves(key):
    lesson = LESSONS[key]
    verbs = {s.token.split(" ")[0] for s in steps(lesson) if s.kind == "move"}
    assert lesson.teaches and set(lesson.teaches) <= verbs, (
        f"the lesson {key} teaches {lesson.teaches}: set `teaches` to the first words of the moves of yours it "
        f"teaches (a card's token where the move is a card, as a trump you ruff with), of these: {sorted(verbs)}")


@pytest.mark.parametrize("key", KEYS)
def test_the_table_offers_the_taught_move_only(key):
    """... but at a free decision, where any legal move is taken."""
    lesson = LESSONS[key]
    session = GuidedSession(lesson)
    for index, token in enumerate(lesson.actions):
        assert session.scripted() == token
        if session.my_turn:
            obs = session.observation()
            tell = session.narrator(obs)
            free = index in lesson.free
            assert tell.obs["legal"] == (obs["legal"] if free else [token])
            why = session.why(tell)
            assert why(token) is None
            for other in obs["legal"]:
                if other != token:
                    assert why(other) is None if free else why(other).startswith("in this lesson, ")
            assert step_at(lesson, lesson.actions[:index], None).token == token
        session.apply(token)
    assert session.scripted() is None and session.state.finished_hands
    assert step_at(lesson, lesson.actions, "hand").kind == "end"


@pytest.mark.parametrize("key", KEYS)
def test_the_hand_shows_what_its_search_wanted(key):
    """The deal is one bench/lesson_deals.py finds: its rules, and the hand played shows
    each rule the lesson must teach (the search's test, held here)."""
    lesson = LESSONS[key]
    positions = states(lesson)
    assert positions[0].rules == positions[0].game.make_rules(lesson.rules)
    assert lesson.shows is not None, f"the lesson {key} says what its hand shows (Lesson.shows)"
    assert lesson.deal_wanted is None or lesson.deal_wanted(positions[0].game, positions[0])
    assert lesson.shows(positions[0].game, positions[-1])


@pytest.mark.parametrize("key", KEYS)
def test_free_decisions_are_yours_with_a_choice(key):
    """A lesson lets you choose where several moves are fine: at some of your
    decisions of more than one legal move, none the only one of a choice it teaches."""
    lesson = LESSONS[key]
    positions = states(lesson)
    assert lesson.free, (f"the lesson {key} has no decision where any move is taken: set `free` to the action "
                         f"indices of one or more of your decisions with several fine moves")
    for index in lesson.free:
        state = positions[index]
        assert state.current_player == lesson.seat and len(state.legal_actions()) > 1, index
    yours = [i for i, state in enumerate(positions[:-1]) if state.current_player == lesson.seat]
    for verb in lesson.teaches:     # each taught choice is made once as taught, not freely
        assert any(lesson.actions[i].split(" ")[0] == verb for i in yours if i not in lesson.free), verb


def off_script_hands(lesson):
    """For each free decision, the hand that takes there each other legal move, then
    plays on with the first legal move at every seat: its positions."""
    positions = states(lesson)
    for index in sorted(lesson.free):
        state = positions[index]
        for action in state.legal_actions():
            if state.game.action_token(state, action) == lesson.actions[index]:
                continue
            hand = positions[:index + 1] + [state.apply_action(action)]
            while not hand[-1].finished_hands:
                hand.append(hand[-1].apply_action(hand[-1].legal_actions()[0]))
            yield index, hand


@pytest.mark.parametrize("key", KEYS)
def test_off_the_script_the_steps_follow_what_happened(key):
    """A move other than the lesson's at a free decision: from then on each step says
    what the engine says of the hand as it was played (what was played, who took each
    trick, what may be chosen, the score), none of the lesson's notes for its own hand,
    and once that the script was left; the table offers every legal move."""
    lesson = LESSONS[key]
    hands = 0
    for index, hand in off_script_hands(lesson):
        hands += 1
        notes = [text for i, text in lesson.says.items() if i > index] + [lesson.ending]
        said, tricks_told = [], len(finished_tricks(hand[index], lesson.seat))
        for at in range(index + 1, len(hand)):
            state, tokens = hand[at], hand[at].action_tokens()
            tell = tell_at(lesson, state)
            trick_held = (not state.finished_hands and trick_done(hand[at - 1], state)
                          and state.current_player != lesson.seat)
            kinds = (["end"] if state.finished_hands else []) + (["trick"] if trick_held else []) + \
                (["move"] if not state.finished_hands and state.current_player == lesson.seat else [])
            for kind in kinds:
                step = step_at(lesson, tokens, {"end": "hand", "trick": "trick"}.get(kind))
                assert step is not None and step.kind == kind and step.at == at, (index, at, kind)
                said.append(step)
                assert not set(step.words) & set(notes), (index, at, step.words)
                for h, k, trick in finished_tricks(state, lesson.seat)[tricks_told:]:
                    assert tell.trick_taken(trick, h, k) in step.told, (index, at, trick)
                    tricks_told += 1
                if kind == "move":
                    legal = [state.game.action_token(state, a) for a in state.legal_actions()]
                    assert step.free and step.token in legal and choices_words(tell, legal) in step.words
                    session = GuidedSession(lesson)
                    for token in tokens:
                        session.apply(token)
                    assert session.narrator().obs["legal"] == session.observation()["legal"]
                    assert all(session.why(session.narrator())(t) is None for t in legal)
                if kind == "end":
                    result = state.observation(lesson.seat)["hand_results"][0]
                    assert list(step.lines) == tell.hand_lines(result)
        assert tricks_told == len(finished_tricks(hand[-1], lesson.seat))
        assert [s for s in said if OFF_SCRIPT in s.words] == said[:1], "the script left: said once, first"
    assert hands
