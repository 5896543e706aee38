"""The play page in a real browser when the server is busy: a 503 with Retry-After (the
server wrote nothing) is sent again after the wait it asks for, and the move lands; a
503 that keeps coming is said in words after a few tries."""

from __future__ import annotations

import pytest

from tests.web.test_play_page import BEGINNER, FIRST, click

pytestmark = pytest.mark.browser

MOVES = "**/api/games/*/moves"


def busy_for(page, times: int) -> list[float]:
    """Answer the first ``times`` moves 503 with Retry-After: 1 (as a busy database does),
    then let them through; the times (ms) every move was sent."""
    sent: list[float] = []

    def handle(route):
        sent.append(page.evaluate("performance.now()"))
        if len(sent) <= times:
            route.fulfill(status=503, headers={"Retry-After": "1"},
                          json={"detail": "the database is busy; try again shortly"})
        else:
            route.continue_()

    page.route(MOVES, handle)
    return sent


def test_a_busy_answer_is_retried_after_the_wait_it_asks_for(open_page):
    page = open_page(BEGINNER)
    sent = busy_for(page, 1)
    click(page, FIRST[0] * 9 + FIRST[1])
    assert len(sent) == 2
    assert sent[1] - sent[0] >= 900  # Retry-After: 1 s
    assert page.locator('#board .cell[data-index="40"]').get_attribute("aria-label") != "hidden"
    assert page.locator("#error").is_hidden()

    again = open_page(BEGINNER)
    tries = busy_for(again, 100)
    again.clock.install()  # the waits pass at once
    again.locator('#board .cell[data-index="40"]').click()
    for _ in range(5):
        again.clock.run_for(1500)
        again.wait_for_timeout(50)
    assert len(tries) == 4  # the first send and three retries
    assert "busy" in again.inner_text("#error")
