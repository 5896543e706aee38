"""benchmarks/side_by_side.py: another solver's guesses inside ``best``'s games, asked of a
real peer process over the script's text protocol."""

import json
import sys
import textwrap

from sweepkit.bench.result import StrategySpec, play_game
from sweepkit.rules import level

PEER = textwrap.dedent("""
    import sys
    mode = sys.argv[1]
    while True:
        header = sys.stdin.readline().split()
        if not header:
            break
        cols, rows, mines = map(int, header)
        grid = [sys.stdin.readline().rstrip("\\n") for _ in range(rows)]
        assert all(len(row) == cols for row in grid) and mines == 99
        covered = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "?"]
        if mode == "none" or not covered:
            print("NONE no move", flush=True)
        else:
            r, c = covered[-1]  # the last covered cell in reading order
            print(f"MOVE {r} {c} the last covered cell", flush=True)
""")


def run(tmp_path, monkeypatch, mode: str, games: int) -> list[dict]:
    from benchmarks import side_by_side

    peer = tmp_path / "peer.py"
    peer.write_text(PEER)
    out = tmp_path / f"{mode}.jsonl"
    monkeypatch.setattr("sys.argv", ["side_by_side.py", "--peer", f"{sys.executable} {peer} {mode}",
                                     "--games", str(games), "--seed", "3555", "--out", str(out)])
    side_by_side.main()
    return [json.loads(line) for line in out.read_text().splitlines()]


def test_a_peer_without_moves_leaves_best_s_games_as_they_are(tmp_path, monkeypatch, capsys):
    rows = run(tmp_path, monkeypatch, "none", 6)
    rules = level("expert", "safe")
    for row in rows:
        own = play_game(rules, StrategySpec("best", {"budget": "normal"}), 3555, row["i"])
        assert row["best"] == row["peer"] == own.won and row["first"] is None
        assert row["first_zero"] == own.first_zero
    report = capsys.readouterr().out
    assert "| all | 6 | 0 / 0 | +0.00" in report and "| none | 6 |" in report


def test_the_peer_s_cells_are_played_and_the_first_disagreement_kept(tmp_path, monkeypatch,
                                                                      capsys):
    rows = run(tmp_path, monkeypatch, "last", 12)
    disagreeing = [row for row in rows if row["first"] is not None]
    assert disagreeing  # the last covered cell is seldom best's guess
    for row in disagreeing:
        first = row["first"]
        assert first["peer"] != first["best"] and first["peer_words"] == "the last covered cell"
        assert 0 <= first["p_peer"] <= 1 and 0 <= first["p_best"] <= 1
        assert first["covered"] > 0
    report = capsys.readouterr().out
    assert "| all | 12 |" in report and "first disagreement" in report
    # a rerun reads the games back instead of playing them again
    again = run(tmp_path, monkeypatch, "last", 12)
    assert again == rows
