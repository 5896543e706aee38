"""The compiled box search: ``box_search.c``, built with the machine's C compiler on first
use and kept in the user's cache directory; ``None`` where it cannot be (no compiler, no
writable cache), and :mod:`.box_search` then searches in Python, with the same results.

The C search is :func:`~sweepkit.analysis.count.box_search.search_component`'s own, step for
step: the same box order and bounds, the same nodes counted against the same limit, the
same first assignment kept per mine number. Its numbers are 128-bit integers; a search
whose counts would not fit says so, and the Python search (exact integers) runs instead.
``python benchmarks/bench_analysis.py`` and ``benchmarks/bench_best_speed.py`` measure it.

The library is built once per source and compiler (its name holds their hash), by ``cc``
(or ``$CC``) with ``-O2``, into a temporary file renamed into place, so processes that
build it at once do not see half a file. ``SWEEPKIT_NATIVE=0`` in the environment turns it
off (the tests compare both searches with it).
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import platform
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

from platformdirs import user_cache_dir

SOURCE = Path(__file__).with_name("box_search.c")
"""The C source of the search."""

BUILD_SECONDS = 120
"""How long the compiler may take before the build counts as failed."""

_lock = threading.Lock()
_state: dict[str, ctypes.CDLL | None] = {}
"""``"lib"``: the library loaded, or ``None`` (none here, or turned off); absent until the
first :func:`library` call (:func:`forget` empties it again)."""


def enabled() -> bool:
    """Whether the compiled search may be used: not turned off by ``SWEEPKIT_NATIVE=0``
    (read when the library is first asked for)."""
    return os.environ.get("SWEEPKIT_NATIVE", "1") != "0"


def forget() -> None:
    """Forget the library loaded (or its absence): the next :func:`library` call reads
    ``SWEEPKIT_NATIVE`` and loads it again (for tests)."""
    with _lock:
        _state.clear()


def library() -> ctypes.CDLL | None:
    """The compiled search, built and loaded on first call; ``None`` when turned off or
    when it cannot be built or loaded here (decided once per process)."""
    found = _state.get("lib", _state)
    if found is not _state:
        return found  # type: ignore[return-value]
    with _lock:
        if "lib" not in _state:
            _state["lib"] = _load() if enabled() else None
        return _state["lib"]


def _load() -> ctypes.CDLL | None:
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    try:
        source = SOURCE.read_bytes()
    except OSError:
        return None
    where = f"{compiler}\n{platform.system()} {platform.machine()}"
    tag = hashlib.sha256(source + where.encode()).hexdigest()[:16]
    for folder in _folders():
        path = folder / f"box_search-{tag}.so"
        if not path.exists() and (compiler is None or not _build(compiler, path)):
            continue
        try:
            lib = ctypes.CDLL(str(path))
        except OSError:
            continue
        lib.box_search.restype = ctypes.c_int
        lib.box_search.argtypes = [
            ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
            ctypes.c_void_p, ctypes.c_int, ctypes.c_int64, ctypes.c_int, ctypes.c_int,
            ctypes.c_void_p, ctypes.c_int64, ctypes.POINTER(ctypes.c_int64)]
        return lib
    return None


def _folders() -> list[Path]:
    """Where the library may be kept: the user's cache directory, else a folder of the
    temporary directory owned by this user."""
    found = []
    for folder in (Path(user_cache_dir("sweepkit")),
                   Path(tempfile.gettempdir()) / f"sweepkit-{getattr(os, 'getuid', int)()}"):
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        found.append(folder)
    return found


def _build(compiler: str, path: Path) -> bool:
    """Compile the source into ``path`` (through a temporary file in its folder)."""
    try:
        handle, temporary = tempfile.mkstemp(suffix=".so", dir=path.parent)
        os.close(handle)
    except OSError:
        return False
    try:
        done = subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", temporary,
                               str(SOURCE)], capture_output=True, timeout=BUILD_SECONDS,
                              check=False)
        if done.returncode:
            return False
        os.replace(temporary, path)
        return True
    except (OSError, subprocess.SubprocessError):
        return False
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
