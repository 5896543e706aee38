"""The package's imports flow one way: position → constraints → analysis → strategies → play →
bench / web, with the command line on top. Every module belongs to one area, and an area
imports only the areas listed for it (lazy imports inside functions included)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import sweepkit

PACKAGE = Path(sweepkit.__file__).parent

AREAS: dict[str, tuple[str, ...]] = {
    # area: the module names (dotted, below sweepkit) it holds, by prefix
    "foundation": ("position", "topology", "boardfile", "mbf", "bits", "moves", "lazy"),
    "game": ("rules", "game", "difficulty", "zini", "figures"),
    "constraints": ("constraints",),
    "automata": ("automata",),
    "analysis": ("analysis",),
    "serialize": ("serialize",),
    "strategies": ("strategies", "search", "reductions"),
    "generate": ("generate",),
    "play": ("play",),
    "store": ("store",),
    "bench": ("bench",),
    "web": ("web",),
    "cli": ("cli", "__main__"),
    "api": ("__init__",),
}

ALLOWED: dict[str, set[str]] = {
    "foundation": set(),
    "game": {"foundation"},
    "constraints": {"foundation"},
    "automata": {"foundation", "constraints"},
    "analysis": {"foundation", "constraints", "automata"},
    # A strategy sees the player's view only: never the game, whose layout is hidden.
    "strategies": {"foundation", "constraints", "automata", "analysis"},
    "serialize": {"foundation", "game", "constraints", "analysis", "strategies"},
    "play": {"foundation", "game", "constraints", "analysis", "strategies", "serialize"},
    # Boards made to order: the rules and the analysis, never a game under way.
    "generate": {"foundation", "game", "constraints", "automata", "analysis", "strategies",
                 "serialize", "play"},
    # The database: its schema and the records of games; no player, no analysis.
    "store": {"foundation", "game", "serialize"},
    "bench": {"foundation", "game", "constraints", "analysis", "strategies", "serialize",
              "play", "generate", "store"},
    "web": {"foundation", "game", "constraints", "analysis", "strategies", "serialize",
            "play", "bench", "generate", "store"},
    "cli": {"foundation", "game", "constraints", "automata", "analysis", "strategies",
            "serialize", "play", "bench", "web", "generate", "store"},
    "api": {"foundation", "game", "constraints", "analysis", "serialize", "strategies",
            "play"},
}


def module_name(path: Path) -> str:
    """``sweepkit/analysis/count/box_dp.py`` -> ``analysis.box_dp``; a package's ``__init__`` is
    named for the package (the top one is ``__init__``)."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def area_of(name: str) -> str:
    for area, prefixes in AREAS.items():
        if any(name == p or name.startswith(p + ".") for p in prefixes):
            return area
    raise AssertionError(f"module sweepkit.{name} belongs to no area: add it to AREAS")


def is_module(dotted: str) -> bool:
    """Whether ``sweepkit.<dotted>`` is a module or package (not a name inside one)."""
    where = PACKAGE.joinpath(*dotted.split("."))
    return where.with_suffix(".py").exists() or where.is_dir()


def imported(path: Path, package: str) -> set[str]:
    """The sweepkit modules a file of ``package`` imports (anywhere in it, relative imports
    resolved), without the ``sweepkit.``; a name taken from ``sweepkit`` itself counts as
    ``sweepkit`` (the public API)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # from .x import y, from .. import z
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            # from sweepkit.analysis import box_dp: a module; import Name: its module
            names = [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            if name != "sweepkit" and not name.startswith("sweepkit."):
                continue
            dotted = name.removeprefix("sweepkit").removeprefix(".")
            while dotted and not is_module(dotted):
                dotted = dotted.rpartition(".")[0]
            found.add(dotted or "sweepkit")
    return found


def package_of(path: Path) -> str:
    """The dotted package a source file sits in (``sweepkit.analysis`` for its modules)."""
    return ".".join(("sweepkit", *path.parent.relative_to(PACKAGE).parts))


def test_every_import_flows_one_way():
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        here = area_of(module_name(path))
        for name in imported(path, package_of(path)):
            there = "api" if name == "sweepkit" else area_of(name)
            if there != here and there not in ALLOWED[here]:
                wrong.append(f"{module_name(path)} ({here}) imports {name} ({there})")
    assert not wrong, "imports against the flow:\n" + "\n".join(wrong)


def test_the_check_sees_lazy_relative_and_api_imports(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("def f():\n    from sweepkit.game import Game\n    import sweepkit.bits\n"
                      "from ...game import Status\nfrom . import box_dp\n"
                      "from sweepkit import Position, analysis\n")
    assert imported(source, "sweepkit.analysis.count") == {
        "game", "bits", "analysis.count.box_dp", "sweepkit", "analysis"}


ANALYSIS = PACKAGE / "analysis"
ANALYSIS_GROUPS = sorted(p.name for p in ANALYSIS.iterdir() if (p / "__init__.py").exists())
"""The subpackages of the analysis, read from the folders: one a question."""


def test_the_analysis_is_in_subpackages_with_little_at_its_top():
    top = sorted(p.stem for p in ANALYSIS.glob("*.py"))
    assert len(top) <= 4, top
    assert len(ANALYSIS_GROUPS) >= 5


@pytest.mark.parametrize("group", ANALYSIS_GROUPS)
def test_the_analysis_doc_and_the_readme_describe_each_subpackage(group):
    import sweepkit.analysis

    doc = sweepkit.analysis.__doc__ or ""
    sections = dict(re.findall(r"^\*\*(\w+)\*\* — .*?\n\n(.*?)(?=\n\n|\Z)", doc,
                               re.M | re.S))
    assert group in sections, f"the analysis doc has no section for {group}"
    listed = set(re.findall(r"^- ``(\w+)`` —", sections[group], re.M))
    modules = {p.stem for p in (ANALYSIS / group).glob("*.py") if p.stem != "__init__"}
    assert listed == modules, f"not listed: {modules - listed}; gone: {listed - modules}"
    readme = (PACKAGE.parents[1] / "README.md").read_text(encoding="utf-8")
    layout = readme.split("## Layout of the code", 1)[1]
    assert f"{group}/" in layout, f"the README's layout does not show analysis/{group}/"
    missing = [m for m in sorted(modules) if f"{m}.py" not in layout]
    assert not missing, f"the README's layout does not show {group}/: {missing}"
