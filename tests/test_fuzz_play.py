"""`python -m pycore play` under hostile input: whatever is typed or
passed as options, it plays on, asks again with a message, or stops with exit 0
(the game ended, 'quit', end of input) or 2 (it cannot start: one line), never
with a traceback.

The named tests are the defects a hostile run found; the property tests drive
`play` with generated input, in-process for many examples and through pipes
(the real command) for a few.
"""
from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import TokenError, all_games, get_game
from pycore.play import play

ROOT = Path(__file__).resolve().parent.parent
LONGEST_MESSAGE = 300       # characters of a refusal line


def through_pipes(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pycore", "play", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def messages(output: str) -> list[str]:
    """The lines that answer the player's input (refusals and questions), without
    the prompts before them (through a pipe, input is not echoed)."""
    lines = (re.sub(r"^((your move> )|(Your seat \(0-\d\): ))+", "", line) for line in output.splitlines())
    return [line for line in lines if line.startswith(("refused:", "no seat", "cannot start", "cannot save"))]


def assert_contract(result: subprocess.CompletedProcess) -> None:
    assert result.returncode in (0, 2), result.stderr[-1000:]
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    assert all(len(line) <= LONGEST_MESSAGE for line in messages(result.stdout))
    if result.returncode == 2 and "cannot start" in result.stdout:
        assert messages(result.stdout) == [result.stdout.strip()]


# --- the defects found, each a named regression test -----------------------------------------------
def test_play_refuses_a_5000_digit_partner_number():
    """Defect 14: a 5,000-digit partner number typed at the move prompt ended the
    game in a traceback. It is refused in one short line and the game goes on."""
    result = through_pipes("tricksters", "--seat", "0", "--seed", "3",
                           stdin="partner " + "9" * 5000 + "\npartner " + "9" * 40 + "\nquit\n")
    assert_contract(result)
    assert result.returncode == 0
    refused = [line for line in messages(result.stdout) if line.startswith("refused:")]
    assert len(refused) == 2 and all(len(line) < 150 for line in refused)
    state = get_game("tricksters").new_game({}, seed=3)
    with pytest.raises(TokenError):
        state.game.parse_action(state, "partner " + "9" * 5000)


def test_play_asks_the_seat_again_when_given_superscript_two():
    """Defect 15: the seat prompt given '²' (which isdigit() accepts and int()
    refuses) ended in a traceback."""
    result = through_pipes("raven", "--seed", "1", stdin="²\n0\nquit\n")
    assert_contract(result)
    assert result.returncode == 0 and "no seat '²'" in result.stdout


def test_play_ends_cleanly_at_end_of_input_at_the_seat_prompt():
    """Defect 16: end of input at the seat prompt ended in a traceback."""
    result = through_pipes("voren", "--seed", "1", stdin="")
    assert_contract(result)
    assert result.returncode == 0 and result.stdout.rstrip().endswith("bye")


@pytest.mark.parametrize("rules", ["[1]", "null", '"x"', "1", "{", '{"players": 1e999}',
                                   '{"players": ' + "9" * 5000 + "}", "[" * 10_000, '{"x": 1}',
                                   '{"lone_shaman": "' + "y" * 100_000 + '"}'])
def test_play_refuses_rules_that_are_not_an_object_of_fields(rules):
    """Defect 17: --rules values [1], null and "x" ended in a traceback. Each bad
    --rules is refused in one line, exit 2."""
    result = through_pipes("raven", "--rules", rules, "--players", "3", "--seat", "0")
    assert_contract(result)
    assert result.returncode == 2 and result.stdout.startswith("cannot start: ")
    assert len(result.stdout) < 200


def test_play_asks_a_bad_seat_answer_again_with_a_message():
    """Defect 18: a bad seat answer was asked again with no message."""
    result = through_pipes("raven", "--players", "3", "--seed", "2",
                           stdin="9\nabc\n-1\n\n" + "7" * 5000 + "\n1\nquit\n")
    assert_contract(result)
    assert result.returncode == 0
    asked = [line for line in messages(result.stdout) if line.startswith("no seat")]
    assert len(asked) == 5 and all("type a number from 0 to 2" in line for line in asked)
    assert result.stdout.count("Your seat (0-2): ") == 6


@pytest.mark.parametrize("option", ["--players", "--seat", "--seed"])
def test_play_refuses_option_numbers_it_cannot_use_in_one_line(option):
    result = through_pipes("raven", option, "9" * 5000)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()[-1]) < 200
    result = through_pipes("raven", "--seat", "7", "--seed", "1")
    assert result.returncode == 2 and "no seat 7" in result.stdout


def test_play_says_when_it_cannot_save_the_record(tmp_path):
    lines = iter(["0"])

    def answer(prompt):
        if prompt.startswith("Your seat"):
            return next(lines)
        return "?" if not printed[-1].startswith("legal: ") else printed[-1][len("legal: "):].split("  ")[0]
    printed = [""]
    code = play("tricksters", players=None, seat=None, seed=1, save=str(tmp_path / "no" / "such" / "dir.json"),
                input_fn=answer, print_fn=printed.append)
    assert code == 2 and printed[-1].startswith("cannot save the record to ")


# --- property tests ----------------------------------------------------------------------------
TYPED = st.one_of(
    st.sampled_from(["?", "", "quit", "0", "1", "2", "3", "²", "-1", "T1", "take T1", "suit Foxes",
                     "partner 1", "partner " + "9" * 5000, "bid Sh3", "give R1 R2 Owl Bat", "sky:R5",
                     "deal poke", "play", "fold", "poke", "Dwarf Ax", "x" * 100_000, "\x00", "\t", "½"]),
    st.text(max_size=12))


def scripted(lines: list[str], legal_every: int, rng: random.Random):
    """An input function: the generated lines, with a legal move every
    `legal_every` answers (so games get on), then end of input."""
    printed: list[str] = []
    queue = list(lines)
    count = 0

    def answer(prompt: str) -> str:
        nonlocal count
        count += 1
        if queue and (not prompt.startswith("your move") or count % legal_every):
            return queue.pop(0)
        shown = [line for line in printed if line.startswith("legal: ")]
        if prompt.startswith("your move") and shown and count < 400:
            return rng.choice(shown[-1][len("legal: "):].split("  "))
        if prompt.startswith("your move") and count < 400:
            return "?"
        raise EOFError
    return answer, printed


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(all_games())), st.lists(TYPED, max_size=12), st.integers(1, 4),
       st.one_of(st.none(), st.integers(-1, 6)), st.integers(0, 10**6))
def test_fuzz_play_in_process_plays_asks_again_or_stops_cleanly(name, lines, legal_every, seat, seed):
    answer, printed = scripted(lines, legal_every, random.Random(seed))
    code = play(name, players=None, seat=seat, seed=seed, input_fn=answer,
                print_fn=lambda *args: printed.append(" ".join(map(str, args))))
    assert code in (0, 2)
    assert all(len(line) <= LONGEST_MESSAGE for line in messages("\n".join(printed)))


OPTIONS = st.lists(st.one_of(
    st.tuples(st.sampled_from(["--players", "--seat", "--seed"]),
              st.sampled_from(["0", "1", "3", "-1", "99", "x", "1.5", "9" * 5000, "", "²"])),
    st.tuples(st.just("--rules"), st.sampled_from(["{}", '{"players": 3}', "[1]", "null", '"x"', "{",
                                                   '{"short_game": true}', '{"players": "4"}']))),
    max_size=3)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(all_games()) + ["chess", "x" * 10_000]), OPTIONS,
       st.lists(TYPED.filter(lambda line: "\n" not in line and "\r" not in line), max_size=10))
def test_fuzz_play_through_pipes_exits_0_or_2_without_a_traceback(name, options, lines):
    args = [name] + [part for option in options for part in option]
    result = through_pipes(*args, stdin="".join(line + "\n" for line in lines))
    assert_contract(result)
