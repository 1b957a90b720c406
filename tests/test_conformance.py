"""The conformance suite: every registered game, every player count and preset."""
import pytest

from pycore import all_games

from .conformance import random_playout

CASES = [(name, preset) for name, game in sorted(all_games().items()) for preset in game.presets()]


def _id(case):
    name, preset = case
    return name + "-" + "-".join(f"{k}={v}" for k, v in sorted(preset.items()))


@pytest.mark.parametrize("name,rules", CASES, ids=[_id(c) for c in CASES])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playout(name, rules, seed):
    random_playout(all_games()[name], rules, seed)


def test_every_game_is_registered():
    assert set(all_games()) == {"raven", "tricksters", "lunar", "voren"}


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_ruling_of_the_rules_file_is_a_rules_field(name):
    """Each Ruling of the game's rules file (shared/rules/<game>.md, its copy in
    web/) is a named, documented field of its rules object, `ruling="X1"`: the rules
    page shows the fields, so a Ruling settled in code without one is shown nowhere."""
    import dataclasses
    import re
    from pathlib import Path
    source = Path(__file__).resolve().parents[1] / "web" / "manyhands_web" / "rules" / f"{name}.md"
    rulings = set(re.findall(r"Ruling ([A-Z]\d+)", source.read_text(encoding="utf-8")))
    fields = {f.metadata.get("ruling") for f in dataclasses.fields(all_games()[name].Rules)}
    assert rulings <= fields, (f"{name}: Rulings {sorted(rulings - fields)} of {source.name} have no rules field "
                               f"(a rule(..., ruling=...) field of the game's Rules in pycore/games/{name}.py)")
