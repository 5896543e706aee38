"""A live game's clock: paused by the player, held until the first move of a game made
from a position; it runs only when neither stops it."""

from __future__ import annotations

import time

from sweepkit.web.live import PausableClock


def test_a_held_clock_and_a_pause_each_stop_it_until_both_let_go():
    clock = PausableClock()
    clock.hold()
    held = clock()
    time.sleep(0.05)
    clock.pause()
    clock.release()  # still paused
    time.sleep(0.05)
    assert clock() == held and clock.paused
    clock.resume()
    time.sleep(0.05)
    assert clock() > held + 0.04 and not clock.paused
    clock.pause()
    clock.hold()
    clock.resume()  # still held
    stopped = clock()
    time.sleep(0.05)
    assert clock() == stopped
