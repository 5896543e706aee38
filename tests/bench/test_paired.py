"""benchmarks/paired.py: two stored runs of the same games compared game by game."""

import subprocess
import sys

import pytest

from sweepkit.bench.store import Store


def bench(db, strategy: str, *extra: str) -> None:
    subprocess.run([sys.executable, "-m", "sweepkit", "bench", "--strategy", strategy,
                    "--level", "beginner", "--games", "30", "--seed", "5", "--workers", "1",
                    "--db", str(db), "--json", *extra], check=True, capture_output=True)


def test_two_runs_of_one_seed_are_paired_game_by_game(tmp_path, capsys):
    from benchmarks import paired

    db = tmp_path / "runs.db"
    bench(db, "single-point")
    bench(db, "exact")
    bench(db, "exact", "--seed", "6")
    with Store(db) as store:
        base, other = ({g.index: g.won for g in store.game_results(run, with_record=False)}
                       for run in (1, 2))
    only_other = sum(other[i] and not base[i] for i in range(30))
    only_base = sum(base[i] and not other[i] for i in range(30))

    paired.main(["1", "2", "--db", str(db)])
    row = capsys.readouterr().out.splitlines()[2].split("|")
    assert row[1].strip() == "30"
    assert row[2].strip() == f"{100 * sum(base.values()) / 30:.2f}%"
    assert row[5].strip() == f"{only_other} / {only_base}"
    difference = float(row[4].split("[")[0])
    assert difference == pytest.approx(100 * (only_other - only_base) / 30, abs=0.005)

    paired.main(["1", "2", "--db", str(db), "--games", "10:20"])
    assert capsys.readouterr().out.splitlines()[2].split("|")[1].strip() == "10"
    with pytest.raises(SystemExit, match="differ in seed"):
        paired.main(["2", "3", "--db", str(db)])
    with pytest.raises(SystemExit, match="no run 9"):
        paired.main(["1", "9", "--db", str(db)])
