"""`python -m pycore play GAME`: a terminal game against random legal opponents."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pycore import all_games, get_game, load_record, replay
from pycore.play import play

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", sorted(all_games()))
def test_a_whole_game_in_the_terminal(name, tmp_path):
    """The seat types an illegal token once, then before every move asks for the
    legal ones ('?') and plays the first it was shown."""
    printed = []
    script = {"refused_once": False, "asked": False}

    def answer(prompt):
        if prompt.startswith("Your seat"):
            return "0"
        if not script["refused_once"]:
            script["refused_once"] = True
            return "not-a-move"
        if not script["asked"]:
            script["asked"] = True
            return "?"
        script["asked"] = False
        legal = [line for line in printed if line.startswith("legal: ")][-1]
        return legal[len("legal: "):].split("  ")[0]

    save = tmp_path / "game.json"
    players = get_game(name).presets()[0].get("players")
    code = play(name, players=players, seat=None, seed=4, save=str(save),
                input_fn=answer, print_fn=lambda *args: printed.append(" ".join(map(str, args))))
    assert code == 0
    assert any(line.startswith("refused: ") and "not-a-move" in line for line in printed)
    assert any(line.startswith("game over.") for line in printed)
    assert replay(load_record(save.read_text())).is_terminal


def test_play_command_refuses_an_unknown_game():
    result = subprocess.run([sys.executable, "-m", "pycore", "play", "chess"],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2 and "unknown game 'chess'" in result.stdout


def test_a_line_that_is_not_utf8_is_refused_in_one_line_and_the_game_goes_on():
    """Bytes that are not UTF-8 (a strict UTF-8 standard input, as PYTHONIOENCODING
    sets it): one line says so, at the seat question and at a move, and the game
    goes on with the next line (no traceback, no line lost)."""
    typed = b"\xff\n0\n\xff\xfe\n?\nquit\n"
    result = subprocess.run([sys.executable, "-m", "pycore", "play", "voren", "--seed", "1"],
                            input=typed, capture_output=True, cwd=ROOT,
                            env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    out, err = result.stdout.decode(), result.stderr.decode()
    assert result.returncode == 0 and not err, err
    assert out.count("not UTF-8 text") == 2
    assert "Voren: 5 players, seed 1" in out                  # the seat after the bad line
    assert "legal: " in out.split("not UTF-8 text")[-1]       # the move after the bad line


def test_a_decoding_error_from_the_input_keeps_the_game():
    lines = iter(["0", UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte"), "?", "quit"])
    printed = []

    def answer(prompt):
        line = next(lines)
        if isinstance(line, Exception):
            raise line
        return line
    assert play("raven", players=4, seat=None, seed=2, input_fn=answer, print_fn=printed.append) == 0
    refused = [line for line in printed if "not UTF-8" in line]
    assert len(refused) == 1 and "\n" not in refused[0]
    assert printed.index(refused[0]) < next(i for i, line in enumerate(printed) if line.startswith("legal: "))
