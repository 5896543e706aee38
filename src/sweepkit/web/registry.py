"""What the server keeps in memory between requests (live games, watch sessions, trainer
puzzles, jobs): items by an unguessable id, at most a fixed number, the least recently
used dropped first, so no client can make the server hold more than its bound."""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


def new_id() -> str:
    """An id no client can guess (96 random bits)."""
    return secrets.token_urlsafe(12)


class Registry(Generic[T]):
    """Items by id, at most ``capacity``. ``on_drop`` is told of each item dropped to make
    room; ``keep`` says which items must not be dropped (they stay, over the bound, until
    they may go)."""

    def __init__(self, capacity: int, on_drop: Callable[[T], None] | None = None,
                 keep: Callable[[T], bool] | None = None) -> None:
        self.capacity = capacity
        self._items: OrderedDict[str, T] = OrderedDict()
        self._lock = threading.Lock()
        self._on_drop = on_drop
        self._keep = keep

    def add(self, item_id: str, item: T) -> T:
        with self._lock:
            self._items[item_id] = item
            for old_id in list(self._items):
                if len(self._items) <= self.capacity:
                    break
                old = self._items[old_id]
                if old_id == item_id or (self._keep is not None and self._keep(old)):
                    continue
                del self._items[old_id]
                if self._on_drop is not None:
                    self._on_drop(old)
        return item

    def get(self, item_id: str) -> T:
        """The item (now the most recently used); KeyError when there is none."""
        with self._lock:
            item = self._items[item_id]
            self._items.move_to_end(item_id)
            return item

    def drop(self, item_id: str) -> None:
        with self._lock:
            self._items.pop(item_id, None)

    def values(self) -> list[T]:
        with self._lock:
            return list(self._items.values())

    def __len__(self) -> int:
        return len(self._items)
