"""The review of a lost game in a real browser: lost on the play page, opened from the
end-of-game panel's "Review this game"; the final board says whether the death was forced
and marks the cells that were certainly safe, each move's verdict is the library's, the
summary counts the forced guesses and avoidable risks with their move numbers as links to
the moves, a move chosen shows the board before it with the move and the safest
alternative outlined, the fatal move says its win chance is the one it gave before its
outcome was known, with the chance it lost against best's move; axe-core finds no serious
issue on the review in any theme."""

from __future__ import annotations

import json

import pytest

from sweepkit.bench.review.judge import Judged, judge_game
from sweepkit.game import Game
from sweepkit.position import MINE
from sweepkit.rules import level

pytestmark = pytest.mark.browser

SEED, FIRST = 3, (4, 4)


def test_the_review_of_a_lost_game(open_page):
    rules = level("beginner", "safe")

    def lost_on(mine: int) -> Judged:
        twin = Game(rules, SEED)
        twin.reveal(*FIRST)
        twin.reveal(*divmod(mine, 9))
        return judge_game(twin.record())

    cells = Game(rules, SEED)
    cells.reveal(*FIRST)
    mines = [i for i, v in enumerate(cells.reveal_layout(cheat=True).cells) if v == MINE]
    # a mine clicked while a safer cell was there: the safest alternative is another cell
    mine = next(m for m in mines if lost_on(m).moves[-1].safest != m)
    judged = lost_on(mine)
    fatal = judged.moves[-1]

    page = open_page(f"/?seed={SEED}&level=beginner&rule=safe")
    # The review's rollouts (win chances, which nothing below reads) get 0.5 s instead of
    # the page's 5 s: the request is changed on its way, nothing else.
    page.route("**/api/reviews", lambda route: route.continue_(post_data=json.dumps(
        {**route.request.post_data_json, "seconds": 0.5})))
    for i in (FIRST[0] * 9 + FIRST[1], mine):
        page.locator(f'#board .cell[data-index="{i}"]').click()
    page.wait_for_selector("#review-link")
    page.click("#review-link")
    page.wait_for_selector("body[data-reviewed]", timeout=60_000)

    death = page.inner_text("#rv-death")
    assert ("a forced death" if not fatal.safe_cells else "an avoidable death") in death
    marked = page.eval_on_selector_all(
        "#rv-board .cell.rv-safe", "els => els.map(e => Number(e.dataset.index))")
    assert sorted(marked) == list(fatal.safe_cells)
    rows = page.locator("#rv-moves tbody tr")
    assert rows.count() == 2
    for k, move in enumerate(judged.moves):
        assert rows.nth(k).locator(".verdict").inner_text() == str(move.verdict)
    assert page.locator("#rv-death").is_visible()

    # the summary counts, and its move numbers are links to the moves
    forced = [m.number for m in judged.moves if m.forced]
    avoidable = [m.number for m in judged.moves if m.verdict == "avoidable risk"]

    def counted(label: str, numbers: list[int]) -> str:
        if not numbers:
            return f"{label}: 0."
        return f"{label}: {len(numbers)} (move{'s' if len(numbers) > 1 else ''} " \
               f"{', '.join(str(n + 1) for n in numbers)})."

    assert page.inner_text("#rv-forced") == \
        f"{counted('Guesses the position forced', forced)} " \
        f"{counted('Avoidable risks', avoidable)}"
    assert forced + avoidable == [1]
    hint = page.inner_text("#rv-odds-hint")
    assert "not its outcome" in hint and "paired" in hint
    page.click("#rv-forced .move-link")
    assert page.inner_text("#rv-at") == "before move 2"
    text = page.inner_text("#rv-move")
    assert "This move hit a mine: the game was lost" in text
    assert "before its outcome was known" in text and "lost by this move:" in text
    assert page.locator("#rv-moves tbody tr").nth(1).locator("td").nth(7).inner_text() \
        .split(" ")[0] not in ("", "—")

    page.click('button[aria-label="Show move 2"]')
    assert page.get_attribute(f'#rv-board .cell[data-index="{mine}"]', "aria-label") \
        == "hidden, the move"
    assert page.locator(f'#rv-board .cell[data-index="{mine}"]').get_attribute(
        "class").count("hl-move") == 1
    safest = page.locator("#rv-board .cell.rv-safest")
    assert safest.count() == 1
    assert int(safest.get_attribute("data-index")) == fatal.safest
    assert f"{fatal.verdict}" in page.inner_text("#rv-move")
    assert page.locator('#rv-moves tbody tr[aria-current="true"]').get_attribute(
        "data-move") == "1"

    # the probability overlay of the board before the move: the fatal cell's chance shown
    page.check("#rv-overlay")
    page.wait_for_selector("#rv-board .cell.ov, #rv-board .cell.ov-safe")
    chance = page.get_attribute(f'#rv-board .cell[data-index="{mine}"]', "aria-label")
    assert "mine chance" in chance and chance.startswith("hidden, the move")

    # the board and moves stay hidden while there is no review to show
    page.evaluate("document.getElementById('rv-body').hidden = true")
    assert page.locator("#rv-board").is_hidden() and page.locator("#rv-moves").is_hidden()
    page.evaluate("document.getElementById('rv-body').hidden = false")

    # the verdict chips, marks, overlay and summary read well in every theme (axe-core)
    from axe_playwright_python.sync_playwright import Axe

    axe, bad = Axe(), []
    for theme in ("light", "dark", "contrast"):
        page.select_option("#theme", theme)
        bad.extend((theme, v["id"], [n["target"] for n in v["nodes"][:3]])
                   for v in axe.run(page).response["violations"]
                   if v["impact"] in ("serious", "critical"))
    assert not bad, bad
