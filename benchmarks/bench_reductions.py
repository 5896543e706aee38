"""Deciding Kaye's reduction of random 3-CNF with our analysis, against a SAT solver on the
formula itself.

    python benchmarks/bench_reductions.py [--variables 3 4 5 10 20] [--ratio 4.26]
                                          [--formulas 3] [--budget 120]
                                          [--max-cells 40000000] [--count]

For each number of variables n, ``--formulas`` random 3-CNF formulas with round(n x
ratio) clauses (4.26 is the satisfiability threshold; uf20-91 is the classic size) are
reduced with ``sweepkit.reductions.layout.reduce_cnf``, and the board is decided by
``find_witness`` (the board's constraint system and components, the wires joined, CaDiCaL
on the rest: ``sweepkit.analysis.decide.sat``) under a time budget of ``--budget`` seconds. The
same formula goes to python-sat's Minisat 2.2 (``pip install python-sat``; the test extra
has it), the baseline of the ratio, in the same process.

The table gives, per n: the clauses, the board's size (cells and covered cells, medians:
how the board grows with the formula), the median time to draw it, the median time our
analysis took to decide it (wall and CPU seconds; how many were decided within the
budget), the SAT solver's median, and their ratio; every decided board's answer is
checked against the SAT solver's.

With ``--contradictions`` it measures instead what ``sweepkit check`` takes to explain an
unsatisfiable formula's board: the boards of (x1)(not x1), of every 2-clause on
two variables, of 12 random 3-clauses on 3 variables and of 43 on 10 (drawn until
unsatisfiable, by Minisat), then for each n of ``--unsat-variables`` (8 to 14) an
unsatisfiable random 3-CNF at ``--ratio``. Each board is written by ``sweepkit reduce`` and
checked by ``sweepkit check`` in a process of its own: the table gives the board, its size,
the wall and CPU seconds of ``check``, its exit status, how many numbers it names, whether
the set is minimal (irreducible) and the process's peak memory; then the median and the
largest time (the targets: each within 20 s, the median within 5 s, under 1 GB).
``--keep FOLDER`` keeps the boards there (to profile ``check`` on one).

    python benchmarks/bench_reductions.py --contradictions [--unsat-variables 8 ... 14]
                                          [--shrink SECONDS] [--keep FOLDER]

With ``--count`` the boards are counted too (``count_layouts`` without the mine count: the
wires contracted and the box programme in its equation sweep, ``sweepkit.analysis.
contract``), under the same budget, against the models Minisat enumerates one by one
(blocking each), which the count must equal: a CNF board has one layout per model.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pysat.solvers import Minisat22

from sweepkit.analysis.board.board_count import count_layouts
from sweepkit.analysis.budget import AnalysisLimit, limits
from sweepkit.analysis.count.component import cache_clear
from sweepkit.analysis.papers.consistency import find_witness
from sweepkit.reductions.formulas import CNF
from sweepkit.reductions.layout import MAX_CELLS, reduce_cnf
from sweepkit.reductions.sheet import LayoutError


def random_3cnf(n: int, ratio: float, rng: random.Random) -> CNF:
    m = max(1, round(n * ratio))
    return CNF(n, tuple(tuple(v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), 3))
                        for _ in range(m)))


def sat(cnf: CNF) -> tuple[bool, float]:
    began = time.perf_counter()
    with Minisat22(bootstrap_with=[list(c) for c in cnf.clauses]) as solver:
        answer = solver.solve()
    return answer, time.perf_counter() - began


def models(cnf: CNF) -> tuple[int, float]:
    """The formula's models, enumerated by Minisat (each blocked in turn), and the time."""
    began = time.perf_counter()
    with Minisat22(bootstrap_with=[list(c) for c in cnf.clauses]) as solver:
        found = sum(1 for _ in solver.enum_models())
    # the solver knows the variables up to the highest one used; each above doubles
    free = cnf.variables - max(abs(v) for c in cnf.clauses for v in c)
    return found << free, time.perf_counter() - began


def count_board(board, budget: float) -> tuple[int | None, float]:
    """The board's layouts without the mine count (None: over the budget), and the time."""
    cache_clear()
    began = time.perf_counter()
    try:
        with limits(seconds=budget):
            total = count_layouts(board.position, use_mine_count=False)
    except AnalysisLimit:
        return None, time.perf_counter() - began
    return total, time.perf_counter() - began


def unsat_3cnf(n: int, clauses: int, rng: random.Random) -> CNF:
    """A random 3-CNF of ``clauses`` clauses on ``n`` variables, drawn again until Minisat
    finds it unsatisfiable."""
    while True:
        cnf = CNF(n, tuple(tuple(v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), 3))
                           for _ in range(clauses)))
        if not sat(cnf)[0]:
            return cnf


def unsat_formulas(variables: list[int], ratio: float, rng: random.Random
                   ) -> list[tuple[str, CNF]]:
    """The unsatisfiable formulas of ``--contradictions``, named."""
    return [("(x1)(not x1)", CNF(1, ((1,), (-1,)))),
            ("2 vars, all 2-clauses", CNF(2, ((1, 2), (1, -2), (-1, 2), (-1, -2)))),
            ("3 vars, 12 clauses", unsat_3cnf(3, 12, rng)),
            ("10 vars, 43 clauses", unsat_3cnf(10, 43, rng)),
            *((f"{n} vars, {round(n * ratio)} clauses", unsat_3cnf(n, round(n * ratio), rng))
              for n in variables)]


def dimacs(cnf: CNF) -> str:
    return f"p cnf {cnf.variables} {len(cnf.clauses)}\n" + "".join(
        " ".join(map(str, c)) + " 0\n" for c in cnf.clauses)


def run_measured(args: list[str], out: Path) -> tuple[int, float, float, int]:
    """Run a command with its output into ``out``: exit status, wall and CPU seconds, peak
    memory (kB) of its process."""
    began = time.perf_counter()
    with out.open("w") as sink:
        proc = subprocess.Popen(args, stdout=sink, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - began
    return os.waitstatus_to_exitcode(status), wall, usage.ru_utime + usage.ru_stime, \
        usage.ru_maxrss


def contradictions(args: argparse.Namespace) -> None:
    """The table of ``--contradictions`` (see the module doc)."""
    rng = random.Random(args.seed)
    sweepkit = [sys.executable, "-m", "sweepkit"]
    print(f"{'formula':<24} {'board':>12} {'check s':>8} {'CPU s':>7} {'exit':>4} "
          f"{'numbers':>8} {'minimal':>7} {'peak MB':>8}", flush=True)
    walls: list[float] = []
    cpus: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        for k, (name, cnf) in enumerate(unsat_formulas(args.unsat_variables, args.ratio, rng)):
            formula = Path(folder) / "f.cnf"
            formula.write_text(dimacs(cnf))
            board = Path(folder) / "f.board"
            drawn = subprocess.run([*sweepkit, "reduce", str(formula)], capture_output=True,
                                   text=True, check=True)
            board.write_text(drawn.stdout)
            if args.keep is not None:
                args.keep.mkdir(parents=True, exist_ok=True)
                # numbered: two formulas of 10 variables and 43 clauses are drawn
                slug = f"{k:02d}-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
                (args.keep / f"{slug}.board").write_text(drawn.stdout)
            size = re.search(r": (\d+) x (\d+),", drawn.stdout)
            assert size is not None
            out = Path(folder) / "check.txt"
            shrink = [] if args.shrink is None else ["--shrink", str(args.shrink)]
            code, wall, cpu, peak = run_measured([*sweepkit, "check", str(board), *shrink],
                                                 out)
            text = out.read_text()
            named = len(re.findall(r"the \d at \(", text))
            minimal = "no" if "may not be minimal" in text else "yes" if named else "-"
            walls.append(wall)
            cpus.append(cpu)
            print(f"{name:<24} {size[1] + ' x ' + size[2]:>12} {wall:8.2f} {cpu:7.2f} "
                  f"{code:>4} {named:>8} {minimal:>7} {peak / 1024:8.0f}", flush=True)
    print(f"check: median {statistics.median(walls):.2f} s, largest {max(walls):.2f} s "
          f"(CPU: median {statistics.median(cpus):.2f} s, largest {max(cpus):.2f} s; "
          "targets: 5 s and 20 s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variables", type=int, nargs="+", default=[3, 4, 5, 10, 20])
    parser.add_argument("--ratio", type=float, default=4.26)
    parser.add_argument("--formulas", type=int, default=3)
    parser.add_argument("--budget", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-cells", type=int, default=MAX_CELLS,
                        help="the largest board drawn (default: reduce's own limit; "
                             "40000000 draws 30 variables, in about 3 GB)")
    parser.add_argument("--count", action="store_true",
                        help="count each board's layouts too, against Minisat's models")
    parser.add_argument("--contradictions", action="store_true",
                        help="time sweepkit check on unsatisfiable formulas' boards instead")
    parser.add_argument("--unsat-variables", type=int, nargs="+",
                        default=list(range(8, 15)))
    parser.add_argument("--shrink", type=float, default=None,
                        help="check's --shrink (default: check's own default)")
    parser.add_argument("--keep", type=Path, default=None,
                        help="with --contradictions: keep each board in this folder")
    args = parser.parse_args()
    if args.contradictions:
        contradictions(args)
        return
    rng = random.Random(args.seed)
    print(f"{'n':>3} {'clauses':>7} {'cells':>11} {'covered':>8} {'draw s':>7} "
          f"{'ours s':>9} {'CPU s':>7} {'decided':>8} {'SAT ms':>7} {'ratio':>9}"
          + (f" {'count s':>8} {'counted':>8} {'models':>6} {'enum ms':>8}"
             if args.count else ""))
    for n in args.variables:
        cells, covered, draw, ours, cpu, solver, decided = [], [], [], [], [], [], 0
        counting, enumerating, found, counted = [], [], [], 0
        clauses = 0
        for _ in range(args.formulas):
            cnf = random_3cnf(n, args.ratio, rng)
            clauses = len(cnf.clauses)
            answer, seconds = sat(cnf)
            solver.append(seconds)
            began = time.perf_counter()
            try:
                board = reduce_cnf(cnf, max_cells=args.max_cells)
            except LayoutError as exc:
                print(f"{n:>3} refused: {exc}")
                continue
            draw.append(time.perf_counter() - began)
            cells.append(board.position.size)
            covered.append(len(board.position.unknown_cells()))
            cache_clear()
            began, began_cpu = time.perf_counter(), time.process_time()
            try:
                with limits(seconds=args.budget):
                    witness = find_witness(board.position, use_mine_count=False)
            except AnalysisLimit:
                continue
            ours.append(time.perf_counter() - began)
            cpu.append(time.process_time() - began_cpu)
            decided += 1
            assert (witness is not None) == answer, "the board and the formula disagree"
            if args.count:
                expected, seconds = models(cnf)
                enumerating.append(seconds)
                found.append(expected)
                total, seconds = count_board(board, args.budget)
                if total is not None:
                    assert total == expected, "the board's layouts are not the models"
                    counting.append(seconds)
                    counted += 1
        if not cells:
            continue
        mine = statistics.median(ours) if ours else None
        theirs = statistics.median(solver)
        ours_text = (f"{mine:9.2f} {statistics.median(cpu):7.2f}" if mine is not None
                     else f"{'>' + str(args.budget):>9} {'-':>7}")
        ratio = f"{mine / theirs:9.0f}" if mine is not None else f"{'-':>9}"
        print(f"{n:>3} {clauses:>7} {statistics.median(cells):>11,.0f} "
              f"{statistics.median(covered):>8,.0f} {statistics.median(draw):>7.2f} "
              f"{ours_text} {decided:>4}/{args.formulas:<3} {theirs * 1000:>7.2f} {ratio}"
              + (counts(counting, counted, found, enumerating, args) if args.count else ""),
              flush=True)


def counts(counting: list[float], counted: int, found: list[int],
           enumerating: list[float], args: argparse.Namespace) -> str:
    """The counting columns of one row: median count time (or over the budget), how many
    were counted, the median number of models and Minisat's median enumeration time."""
    seconds = (f"{statistics.median(counting):8.2f}" if counting
               else f"{'>' + str(args.budget):>8}")
    models_text = f"{statistics.median(found):6.0f}" if found else f"{'-':>6}"
    enum = f"{statistics.median(enumerating) * 1000:8.2f}" if enumerating else f"{'-':>8}"
    return f" {seconds} {counted:>4}/{args.formulas:<3} {models_text} {enum}"


if __name__ == "__main__":
    main()
