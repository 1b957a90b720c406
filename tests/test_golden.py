"""Golden records: whole games that replay to their stored summary.

`tests/data/golden/NAME.json` holds {"record": {...}, "summary": {...}} where the
summary is what `python -m pycore replay` printed when the file was made.
"""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pycore import load_record, replay

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = sorted((ROOT / "tests" / "data" / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays_to_its_summary(path):
    golden = json.loads(path.read_text())
    state = replay(load_record(golden["record"]))
    assert state.summary() == golden["summary"]
    assert state.is_terminal


@pytest.mark.parametrize("path", GOLDEN[:1], ids=[p.stem for p in GOLDEN[:1]])
def test_replay_command_prints_the_summary(path, tmp_path):
    golden = json.loads(path.read_text())
    record = tmp_path / "game.json"
    record.write_text(json.dumps(golden["record"]))
    out = subprocess.run([sys.executable, "-m", "pycore", "replay", str(record)],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    assert json.loads(out.stdout) == golden["summary"]
