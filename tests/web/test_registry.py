"""The server's bounded memory: past its capacity the least recently used item goes (and
is told so), items that must stay stay, and ids are not guessable."""

from __future__ import annotations

from sweepkit.web.registry import Registry, new_id


def test_the_least_recently_used_item_goes_first_and_is_told():
    dropped = []
    registry: Registry[str] = Registry(2, on_drop=dropped.append)
    registry.add("a", "A")
    registry.add("b", "B")
    registry.get("a")  # now b is the least recently used
    registry.add("c", "C")
    assert dropped == ["B"] and len(registry) == 2 and registry.get("a") == "A"


def test_items_that_must_stay_are_kept_over_the_bound():
    registry: Registry[str] = Registry(1, keep=lambda item: item.startswith("busy"))
    registry.add("a", "busy a")
    registry.add("b", "idle b")
    registry.add("c", "idle c")
    assert sorted(registry.values()) == ["busy a", "idle c"]


def test_ids_are_long_and_distinct():
    ids = {new_id() for _ in range(1000)}
    assert len(ids) == 1000 and all(len(i) == 16 for i in ids)
