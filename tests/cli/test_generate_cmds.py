"""The ``puzzle`` command, run as a real process: its output parses back as .board
positions whose comments give the answer, the seed reproduces it, and bad requests get
one line and exit status 2."""

from __future__ import annotations

import re

from sweepkit.analysis.reasons.explain import TECHNIQUES, explain
from sweepkit.boardfile import parse_board
from tests.cli.inprocess import sweepkit as run

ANSWER = re.compile(r"# \((\d+), (\d+)\) (safe|mine) (\w+): (.+)")


def test_puzzles_print_as_boards_with_the_answer_in_comments():
    done = run("puzzle", "--technique", "subset", "--count", "2", "--seed", "5",
               "--level", "beginner")
    assert done.returncode == 0, done.stderr
    blocks = done.stdout.split("\n\n")
    assert len(blocks) == 2
    for number, block in enumerate(blocks, start=1):
        lines = block.splitlines()
        assert lines[0].startswith(f"# puzzle {number} of 2: technique subset, size 2 ")
        position = parse_board(block)
        assert position.shape == (9, 9) and position.mines == 10
        found = explain(position)
        assert min((e.technique for e in found), key=TECHNIQUES.index) == "subset"
        answer = [ANSWER.fullmatch(line) for line in lines if ANSWER.fullmatch(line)]
        expected = [e for e in found if e.technique == "subset"]
        assert [(position.index(int(m[1]), int(m[2])), m[3], m[4], m[5]) for m in answer] == [
            (e.cell, e.value, e.technique, e.sentence) for e in expected]
    assert run("puzzle", "--technique", "subset", "--count", "2", "--seed", "5",
               "--level", "beginner").stdout == done.stdout


def test_without_a_seed_the_seed_drawn_is_named():
    done = run("puzzle", "--technique", "single", "--level", "beginner")
    assert done.returncode == 0, done.stderr
    seed = re.match(r"# seed (\d+) \(pass --seed \1 to get these puzzles again\)\n",
                    done.stdout)
    assert seed is not None
    again = run("puzzle", "--technique", "single", "--level", "beginner", "--seed", seed[1])
    assert done.stdout.split("\n", 1)[1] == again.stdout
    parse_board(again.stdout)


def test_an_unknown_technique_names_the_choices():
    done = run("puzzle", "--technique", "pair")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == ("error: --technique: unknown technique 'pair' (expected one of "
                           "single, subset, linked, global)\n")


def test_bad_options_get_one_line_and_status_2():
    for args, message in [
        (("--count", "0"), "--count: expected 1 or more, got 0"),
        (("--seed", "x"), "--seed: expected an integer, got 'x'"),
        (("--level", "huge"), "unknown level 'huge'"),
        (("--max-size", "1"), "a linked puzzle uses 2 or more numbers"),
    ]:
        done = run("puzzle", "--technique", "linked", *args)
        assert done.returncode == 2, args
        assert len(done.stderr.splitlines()) == 1 and message in done.stderr, done.stderr


def test_an_impossible_request_stops_at_the_time_limit():
    done = run("puzzle", "--technique", "linked", "--min-size", "60", "--level", "beginner",
               "--time-limit", "1")
    assert done.returncode == 2
    assert re.fullmatch(r"error: no linked puzzle of size 60 or more found in 1 s \(\d+ games "
                        r"of 9x9/10 played, 0 found\): .* \(--time-limit SECONDS\)\n",
                        done.stderr), done.stderr
