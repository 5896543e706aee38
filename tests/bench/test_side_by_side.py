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
    log = open(sys.argv[2], "a") if len(sys.argv) > 2 else None
    while True:
        header = sys.stdin.readline().split()
        if not header:
            break
        cols, rows, mines = map(int, header)
        grid = [sys.stdin.readline().rstrip("\\n") for _ in range(rows)]
        assert all(len(row) == cols for row in grid) and mines == 99
        covered = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "?"]
        if log is not None:
            log.write(f"{len(covered)}\\n")
            log.flush()
        if mode == "none" or not covered:
            print("NONE no move", flush=True)
        else:
            r, c = covered[-1]  # the last covered cell in reading order
            print(f"MOVE {r} {c} the last covered cell", flush=True)
""")


def run(tmp_path, monkeypatch, mode: str, games: int, *extra: str, log: str = ""
        ) -> list[dict]:
    from benchmarks import side_by_side

    peer = tmp_path / "peer.py"
    peer.write_text(PEER)
    out = tmp_path / f"{mode}{''.join(extra)}.jsonl"
    command = f"{sys.executable} {peer} {mode} {log}".strip()
    monkeypatch.setattr("sys.argv", ["side_by_side.py", "--peer", command, "--games", str(games),
                                     "--seed", "3555", "--out", str(out), *extra])
    side_by_side.main()
    return [json.loads(line) for line in out.read_text().splitlines()]


def test_a_peer_without_moves_leaves_best_s_games_as_they_are(tmp_path, monkeypatch, capsys):
    rows = run(tmp_path, monkeypatch, "none", 6)
    rules = level("expert", "safe")
    for row in rows:
        own = play_game(rules, StrategySpec("best", {"strength": "normal"}), 3555, row["i"])
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
        assert first["step"] == "two-step"  # without --every, only its two-step guesses
        assert 0 <= first["p_peer"] <= 1 and 0 <= first["p_best"] <= 1
        assert first["covered"] > 0
    report = capsys.readouterr().out
    assert "| all | 12 |" in report and "first disagreement" in report
    # the third table counts each game once, by the step of best's move it parted at
    steps = [line for line in report.splitlines() if ", first click " in line]
    assert sum(int(line.split("|")[2].replace(",", "")) for line in steps) == 12
    parted = sum(1 for row in rows if row["first"] is not None)
    assert sum(int(line.split("|")[2]) for line in steps if "| two-step," in line) == parted
    # a rerun reads the games back instead of playing them again
    again = run(tmp_path, monkeypatch, "last", 12)
    assert again == rows


def test_every_asks_the_peer_at_every_guess(tmp_path, monkeypatch):
    """With ``--every`` the peer is asked at the opening book's, the endgame's and the
    forced guesses too: more positions, the same games while it has no move."""
    two_step, every = tmp_path / "two_step.log", tmp_path / "every.log"
    plain = run(tmp_path, monkeypatch, "none", 8, log=str(two_step))
    everywhere = run(tmp_path, monkeypatch, "none", 8, "--every", log=str(every))
    assert [(r["best"], r["peer"]) for r in plain] == [(r["best"], r["peer"]) for r in everywhere]
    asked, asked_every = two_step.read_text().split(), every.read_text().split()
    assert 0 < len(asked) < len(asked_every)
