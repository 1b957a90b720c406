"""Every position in tests/data/perft/*.json still has its counts of legal sequences."""
import json
from pathlib import Path

import pytest

from .perft import counts_for

POSITIONS = [(path.stem, position) for path in sorted((Path(__file__).parent / "data" / "perft").glob("*.json"))
             for position in json.loads(path.read_text())]


@pytest.mark.parametrize("position", [p for _, p in POSITIONS], ids=[f"{g}: {p['name']}" for g, p in POSITIONS])
def test_counts_of_legal_sequences(position):
    assert counts_for(position["record"], len(position["counts"])) == position["counts"]
