"""The arena: same deals with the seats rotated, figures printed, deterministic."""
import json

import pytest

from solver import arena


def test_rotations_seat_every_level_everywhere():
    seatings = arena.rotations(4, ["hard", "easy"])
    assert seatings == [["hard", "easy", "hard", "easy"], ["easy", "hard", "easy", "hard"]]
    blocks = arena.rotations(4, ["hard", "easy"], blocks=True)
    assert blocks[0] == ["hard", "hard", "easy", "easy"] and len(blocks) == 4
    assert all(sorted(col) == ["easy", "easy", "hard", "hard"] for col in zip(*blocks))
    three = arena.rotations(3, ["hard", "easy"])
    assert len(three) == 3 and all(sorted(col) != [col[0]] * 3 for col in zip(*three))


def test_arena_prints_means_intervals_and_is_deterministic(capsys):
    argv = ["--game", "tricksters", "--players", "4", "--bots", "normal,easy", "--deals", "3",
            "--seed", "2", "--effort", "normal=8", "--jobs", "1", "--json"]
    arena.main(argv)
    first = json.loads(capsys.readouterr().out)
    arena.main(argv)
    second = json.loads(capsys.readouterr().out)
    first.pop("seconds"), second.pop("seconds")
    assert first == second
    assert set(first["levels"]) == {"normal", "easy"}
    for v in first["levels"].values():
        assert {"mean", "ci95", "win_rate"} <= set(v)
    wins = sum(v["win_rate"] for v in first["levels"].values())
    assert abs(wins - 1) < 1e-9        # every game has a winner, ties shared
    assert first["margin"]["low"] <= first["margin"]["mean"] <= first["margin"]["high"]


def test_arena_counts_partner_figures_in_partnership_games_only(capsys):
    argv = ["--game", "lunar", "--players", "4", "--bots", "normal,easy", "--deals", "2",
            "--seed", "3", "--effort", "normal=8", "--jobs", "1", "--json"]
    arena.main(argv)
    out = json.loads(capsys.readouterr().out)
    for level in ("normal", "easy"):
        f = out["levels"][level]["partners"]
        assert f["sure"] > 0
        assert 0 <= f["overtake"] <= f["overtake_chance"] <= f["sure"]
        assert 0 <= f["winner"] <= f["winner_chance"] <= f["sure"]
    arena.main(["--game", "voren", "--players", "3", "--bots", "normal,easy", "--deals", "1",
                "--effort", "normal=8", "--jobs", "1", "--json"])
    assert "partners" not in json.loads(capsys.readouterr().out)["levels"]["normal"]
    arena.main(["--game", "lunar", "--players", "2", "--bots", "normal,easy", "--deals", "1",
                "--effort", "normal=8", "--jobs", "1", "--json"])
    assert "partners" not in json.loads(capsys.readouterr().out)["levels"]["normal"]   # the Sky is no partner


def test_a_resumed_run_logs_what_one_run_logs_and_refuses_another_runs_log(tmp_path, capsys):
    argv = ["--game", "voren", "--players", "3", "--bots", "normal,easy", "--seed", "5",
            "--effort", "normal=8", "--jobs", "1", "--json"]
    whole, resumed = tmp_path / "whole.jsonl", tmp_path / "resumed.jsonl"
    arena.main(argv + ["--deals", "3", "--log", str(whole)])
    one_run = json.loads(capsys.readouterr().out)
    arena.main(argv + ["--deals", "1", "--log", str(resumed)])
    capsys.readouterr()
    arena.main(argv + ["--deals", "3", "--log", str(resumed), "--resume"])
    after_resume = json.loads(capsys.readouterr().out)
    assert resumed.read_text() == whole.read_text()
    one_run.pop("seconds"), after_resume.pop("seconds")
    assert after_resume == one_run
    with pytest.raises(SystemExit, match="was played by easy, normal, not hard, easy"):
        arena.main(argv + ["--bots", "hard,easy", "--deals", "3", "--log", str(resumed), "--resume"])
    with pytest.raises(SystemExit, match="already holds 3 deals"):
        arena.main(argv + ["--deals", "2", "--log", str(resumed), "--resume"])
    assert resumed.read_text() == whole.read_text()       # refused: nothing lost or added


def test_the_change_since_an_earlier_run_is_paired_deal_by_deal(tmp_path, capsys):
    """--since LOG: the margin's change from the same deals of an earlier run, deal
    by deal; none between a run and itself; refused for a run of other levels."""
    argv = ["--game", "voren", "--players", "3", "--bots", "normal,easy", "--seed", "5",
            "--deals", "4", "--jobs", "1", "--json"]
    before, after = tmp_path / "before.jsonl", tmp_path / "after.jsonl"
    arena.main(argv + ["--effort", "normal=4", "--log", str(before)])
    arena.main(argv + ["--effort", "normal=16", "--log", str(after)])
    capsys.readouterr()
    arena.main(argv + ["--from-log", str(after), "--since", str(before)])
    change = json.loads(capsys.readouterr().out)["margin"]["since"]
    margins = [[r["mean"]["normal"] - r["mean"]["easy"] for r in arena.read_log(str(log))]
               for log in (before, after)]
    moved = [y - x for x, y in zip(*margins)]
    assert change["deals"] == 4
    assert change["mean"] == pytest.approx(sum(moved) / 4, abs=1e-3)
    assert change["low"] <= change["mean"] <= change["high"]
    arena.main(argv + ["--from-log", str(after), "--since", str(after)])
    same = json.loads(capsys.readouterr().out)["margin"]["since"]
    assert same["mean"] == 0 and same["ci95"] == 0
    arena.main(argv[:-1] + ["--from-log", str(after), "--since", str(before)])
    assert "change since" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="was played by easy, normal, not hard, easy"):
        arena.main(argv + ["--bots", "hard,easy", "--from-log", str(after), "--since", str(before)])
    with pytest.raises(SystemExit, match="no such file; the log cannot be compared"):
        arena.main(argv + ["--from-log", str(after), "--since", str(tmp_path / "missing.jsonl")])


def test_page_seeding_seeds_each_move_as_the_page_does(monkeypatch, capsys):
    """--seeding page: every move's seed is bots.page_seed of its position; the
    default keeps the deal's one seed."""
    from solver import bots
    seen = []
    real = arena.decide

    def decide(state, seat, level, seed, effort=None):
        seen.append((seed, bots.page_seed(state)))
        return real(state, seat, level, seed, effort)
    monkeypatch.setattr(arena, "decide", decide)
    argv = ["--game", "voren", "--players", "3", "--bots", "easy,easy", "--deals", "1", "--seed", "4",
            "--jobs", "1", "--json"]
    arena.main(argv + ["--seeding", "page"])
    assert seen and all(seed == page for seed, page in seen)
    seen.clear()
    arena.main(argv)
    capsys.readouterr()
    assert {seed for seed, _ in seen} == {4 * 100003}
