"""The journal of live games: appends in order, a stale writer refused with nothing
written, games closed as abandoned and forgotten by their documented rule, and the
outages between server processes measured."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from sweepkit.store.database import StoreError
from sweepkit.store.journal import ABANDON_AFTER, FORGET_AFTER, Journal, StaleGame
from sweepkit.store.played import GameBook


@pytest.fixture
def journal(database):
    with GameBook(database) as book:
        yield Journal(book)


def test_events_are_kept_in_order_and_a_stale_append_writes_nothing(journal):
    journal.create("g", "owner", "Ada", "expert", {"k": 1})
    assert journal.append("g", 0, [{"n": 1}]) == 1
    assert journal.append("g", 1, [{"n": 2}, {"n": 3}], started="t0", saved_id=7) == 3
    with pytest.raises(StaleGame) as stale:
        journal.append("g", 1, [{"n": "late"}], state="over")
    assert stale.value.seq == 3
    entry = journal.load("g")
    assert entry.events == ({"n": 1}, {"n": 2}, {"n": 3})
    assert (entry.seq, entry.state, entry.started, entry.saved_id) == (3, "playing", "t0", 7)
    assert (entry.owner_hash, entry.player, entry.level, entry.start) == (
        "owner", "Ada", "expert", {"k": 1})
    assert journal.seq("g") == 3 and journal.seq("other") is None and journal.load("x") is None
    with pytest.raises(StoreError, match="no live game"):
        journal.append("x", 0, [{}])


def test_an_append_inside_a_failed_transaction_is_rolled_back(journal):
    journal.create("g", "owner", "Ada", None, {})
    with pytest.raises(RuntimeError), journal.db.write():
        journal.append("g", 0, [{"n": 1}])
        raise RuntimeError("the rest of the transaction failed")
    assert journal.seq("g") == 0 and journal.load("g").events == ()


def test_idle_games_are_abandoned_and_old_finished_ones_forgotten(journal):
    for name in ("idle", "never", "over", "fresh"):
        journal.create(name, "owner", "Ada", None, {})
    journal.append("idle", 0, [{"e": "move"}], started="t")
    journal.append("over", 0, [{"e": "move"}], state="over", started="t")
    journal.append("fresh", 0, [{"e": "move"}], started="t")
    now = datetime.now(UTC)
    assert journal.sweep(now) == (0, 0)  # nothing is old yet
    later = now + max(ABANDON_AFTER, FORGET_AFTER) + timedelta(seconds=5)
    assert journal.sweep(later) == (2, 1)  # idle and fresh abandoned; over forgotten
    assert journal.load("never") is None  # never played: deleted, not counted
    assert journal.load("over") is None
    assert journal.load("idle").state == "abandoned"
    assert journal.abandoned("Ada") == 2 and journal.abandoned("Bo") == 0
    assert journal.playing() == 0


def test_the_span_when_no_server_ran_is_an_outage_that_clocks_leave_out(journal):
    def everyone(name):
        return True

    assert journal.up("a:1", 1000.0, gap=10, alive=everyone) is None  # the first ever
    journal.beat("a:1", 1001.0)
    assert journal.up("a:2", 1002.0, gap=10, alive=everyone) is None  # a:1 still runs
    journal.down("a:1", 1003.0)
    journal.beat("a:2", 1004.0)
    journal.down("a:2", 1005.0)  # both stopped: down from 1005
    assert journal.up("a:3", 1100.0, gap=10, alive=everyone) == 1005.0
    assert journal.down_between(990, 1200) == pytest.approx(95)
    assert journal.down_between(1050, 1060) == pytest.approx(10)
    assert journal.down_between(1100, 1200) == 0
    # Killed: no stop said. Its last beat ends the span when it is known gone by its pid,
    assert journal.up("a:4", 1102.0, gap=10, alive=lambda name: name != "a:3") == 1100.0
    # or when it has been silent for longer than the gap.
    journal.beat("a:4", 1103.0)
    assert journal.up("b:1", 1110.0, gap=10, alive=everyone) is None
    assert journal.up("b:2", 1125.0, gap=10, alive=everyone) == 1110.0
    journal.beat("b:2", 1126.0)
    journal.beat("b:2", 1124.0)  # a late beat never moves the time back
    assert journal.up("b:3", 1140.0, gap=10, alive=everyone) == 1126.0
