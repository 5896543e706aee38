"""The public API: what ``import sweepkit`` offers, and the README's library example, run."""

from __future__ import annotations

import contextlib
import io
import re
import textwrap
from pathlib import Path

import sweepkit

README = Path(__file__).resolve().parents[1] / "README.md"


def readme_example() -> str:
    """The indented code block under the README's "Use it as a library" heading."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Use it as a library", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"\n((?:    .*\n|\n)+)", section)
    assert block is not None, "no code block in the README's library section"
    return textwrap.dedent(block.group(1))


def test_the_readme_example_runs_and_prints_what_it_says():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(readme_example(), "README.md", "exec"), {})
    first, sentence = out.getvalue().splitlines()
    total, cells = first.split(" ", 1)
    assert int(total) > 0 and cells.startswith("[(")
    assert "so" in sentence  # an explanation's sentence: "... so (r, c) is safe"


def test_every_exported_name_exists_and_the_readme_lists_them():
    text = README.read_text(encoding="utf-8")
    for name in sweepkit.__all__:
        assert hasattr(sweepkit, name), name
        if name not in {"MINE", "SAFE", "UNKNOWN", "TECHNIQUES", "STRATEGIES", "GameRecord",
                        "replay"}:
            assert f"`{name}`" in text, f"README does not mention sweepkit.{name}"


def test_the_exports_work_together():
    rules = sweepkit.level("beginner", "opening")
    game = sweepkit.Game(rules, seed=3)
    game.reveal(0, 0)
    view = game.view()
    assert isinstance(view, sweepkit.Position)
    analysis = sweepkit.analyse(view)
    assert analysis.total == sweepkit.count_layouts(view) > 0
    assert sweepkit.is_consistent(view)
    for e in sweepkit.explain(view, analysis=analysis):
        assert e.value in (sweepkit.CellValue.SAFE, sweepkit.CellValue.MINE)
        assert e.technique in sweepkit.TECHNIQUES
    assert sweepkit.parse_board(sweepkit.format_board(view)) == view
