"""Lazy re-exports for the package ``__init__`` modules.

``import sweepkit`` (and every command-line start, which imports the package first) would
otherwise load the whole analysis and every player: a fifth of a second before a command
such as ``sweepkit count`` does anything. A package lists what it re-exports, by module,
and each name is imported on first use.
"""

from __future__ import annotations

import sys
from importlib import import_module
from types import ModuleType
from typing import Any


class LazyPackage(ModuleType):
    """A package whose re-exported names are imported on first use (``_home``: name ->
    the module defining it).

    A name that is also a submodule's (``sweepkit.play`` the module, ``play`` the
    function) stays the function: importing the submodule does not overwrite it, as it
    would not have after an eager ``from .play import play``.
    """

    _home: dict[str, str]

    def __getattr__(self, name: str) -> Any:
        module = self._home.get(name)
        if module is None:
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        ModuleType.__setattr__(self, name, value)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        if (name in self._home and isinstance(value, ModuleType)
                and value.__name__ == f"{self.__name__}.{name}"):
            return  # the import system binding a submodule over the export
        ModuleType.__setattr__(self, name, value)

    def __dir__(self) -> list[str]:
        return sorted(set(self._home) | set(vars(self)))


def lazy_exports(package: str, exports: dict[str, tuple[str, ...]]) -> list[str]:
    """Make ``package`` (being imported) re-export ``exports[module]`` from each module,
    each name imported on first use; returns the names, for ``__all__``.

    >>> import sweepkit
    >>> sweepkit.play.__module__, type(sweepkit).__name__
    ('sweepkit.play', 'LazyPackage')
    """
    module = sys.modules[package]
    module.__class__ = LazyPackage
    ModuleType.__setattr__(module, "_home", {
        name: source for source, names in exports.items() for name in names})
    return sorted(module._home)
