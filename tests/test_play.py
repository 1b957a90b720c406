"""`python -m pycore play GAME`: a terminal game against random legal opponents."""
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
