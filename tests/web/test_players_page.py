"""Players owned by browsers, on the pages in a real browser against the real server: a
join code shown on one device lets another join the player and see its games; a stranger
sees a private player's sentence in place of the tables until an owner makes it public;
rename takes the games along, delete takes them away; the play page redraws a game
another tab moved on, and says so when a name is another browser's.

Each browser context is a device (its own key cookie). The names are made unique per run:
the server is shared by the session, and a name belongs to the first browser that uses it.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from sweepkit.position import MINE
from tests.web.conftest import page_opener
from tests.web.pages_helpers import SEED_FIRST, call_as, layout_of

pytestmark = pytest.mark.browser

STATS = "/static/stats.html"
READY = "body[data-loads]"


@pytest.fixture
def device(browser, server, request):
    """``device(path=STATS, ready=READY)``: a new browser context (a device of its own)
    and page on the server, at 1280×800 (:func:`~tests.web.conftest.page_opener`)."""
    with page_opener(browser, server, request, {"width": 1280, "height": 800}) as open_:
        yield lambda path=STATS, ready=READY, **options: open_(path, ready, "attached",
                                                               **options)


def unique(name: str) -> str:
    return f"{name} {uuid.uuid4().hex[:6]}"


def play_as(page, player: str, seed: int) -> dict[str, Any]:
    """A seeded beginner game won as ``player`` from the page's browser (its cookies): the
    final state."""
    state = call_as(page, "POST", "/games", {"level": "beginner", "rule": "safe",
                                             "seed": seed, "player": player})
    gid = state["id"]
    cells = layout_of(seed)

    def move(i: int) -> dict[str, Any]:
        return call_as(page, "POST", f"/games/{gid}/moves",
                       {"kind": "reveal", "row": i // 9, "col": i % 9})

    state = move(SEED_FIRST[0] * 9 + SEED_FIRST[1])["state"]
    shown = call_as(page, "GET", f"/games/{gid}")["cells"]
    for i, value in enumerate(cells):
        if value != MINE and shown[i] == "." and state["status"] == "playing":
            reply = move(i)
            state = reply["state"]
            for j, code in reply["changes"]:
                shown = shown[:j] + code + shown[j + 1:]
    assert state["status"] == "won", state
    return state


def loads(page) -> int:
    return int(page.get_attribute("body", "data-loads") or 0)


def refreshed(page, since: int) -> None:
    """Until the page has refreshed its tables since ``since`` (:func:`loads`)."""
    page.wait_for_function("(n) => Number(document.body.dataset.loads) > n", arg=since)


def show_player(page, name: str) -> None:
    """Show a player's statistics through the Player field."""
    n = loads(page)
    page.fill("#player", name)
    page.click("#player-form button[type=submit]")
    refreshed(page, n)


def listed(page) -> set[int]:
    return set(page.eval_on_selector_all("#games tbody tr[data-id]",
                                         "els => els.map(e => Number(e.dataset.id))"))


def mine(page) -> list[str]:
    """The names in the "Your players" list."""
    return page.eval_on_selector_all("#my-players li", "els => els.map(e => e.dataset.player)")


def page_pressed(page) -> list[str]:
    """The players of the list shown pressed (the one shown)."""
    return page.eval_on_selector_all(
        "#my-players li:has(button[aria-pressed=true])", "els => els.map(e => e.dataset.player)")


def owner_with_games(device, name: str, seeds=(3, 5)):
    """A device that has played ``name``'s games (their record ids), showing it."""
    page = device()
    won = [play_as(page, name, seed)["record_id"] for seed in seeds]
    page.reload()
    page.wait_for_selector(READY, state="attached")
    n = loads(page)
    page.click(f'#my-players li[data-player="{name}"] button')
    refreshed(page, n)
    assert page.input_value("#player") == name
    return page, set(won)


def test_a_code_lets_another_device_join_a_player_and_see_its_games(device, server):
    ada = unique("Ada")
    first, won = owner_with_games(device, ada)
    assert listed(first) == won
    assert ada in mine(first)
    assert page_pressed(first) == [ada]
    # the default shown is this browser's own player, never the literal "player"
    me = call_as(first, "GET", "/me")
    assert me["players"][0] == me["default"] and ada in me["players"]
    # Ada's own tools; private at first
    assert first.is_visible("#own-tools")
    assert first.inner_text("#toggle-public") == "Make public"
    assert "private" in first.inner_text("#privacy-line")
    assert first.is_visible("#reset-form")
    first.click("#make-code")
    first.wait_for_selector("#code-line:not([hidden])")
    code = first.inner_text("#code")
    assert len(code) == 9 and code[4] == "-"
    assert "valid for 15 minutes, once" in first.inner_text("#code-line")

    second = device()
    assert second.input_value("#player") != ada
    # before joining, Ada's games are not this device's to see
    show_player(second, ada)
    assert second.is_visible("#private-note")
    n = loads(second)
    second.fill("#join-name", ada)
    second.fill("#join-code", code.lower())  # typed as it comes: case does not matter
    second.click("#join-form button[type=submit]")
    refreshed(second, n)
    second.wait_for_function("(name) => document.getElementById('player').value === name",
                             arg=ada)
    assert second.is_hidden("#private-note")
    assert listed(second) == won
    assert ada in mine(second)
    assert second.is_visible("#own-tools")
    assert "plays as" in second.inner_text("#mine-message")
    # the second device plays as Ada now (its games count for her)
    assert play_as(second, ada, 7)["player"] == ada
    # the code worked once
    third = device()
    third.fill("#join-name", ada)
    third.fill("#join-code", code)
    third.click("#join-form button[type=submit]")
    third.wait_for_selector("#error:not([hidden])")
    assert "codes work once" in third.inner_text("#error")
    assert ada not in mine(third)


def test_a_stranger_sees_a_private_player_only_once_it_is_public(device, server):
    ada = unique("Ada")
    owner, won = owner_with_games(device, ada)
    stranger = device()
    show_player(stranger, ada)
    note = stranger.inner_text("#private-note")
    assert "private" in note and ada in note
    for title in ("summary-title", "bests-title", "chart-title", "games-title"):
        assert stranger.is_hidden(f"#{title}")
    assert stranger.is_hidden("#reset-form") and stranger.is_hidden("#own-tools")
    assert stranger.is_hidden("#error")  # said once, in place of the tables
    # a stranger cannot start a game as Ada either: the sentence says why, with a way on
    play = device("/", "#board .cell")
    play.fill("#player", ada)
    play.click("#game-form button[type=submit]")
    play.wait_for_selector("#error:not([hidden])")
    assert "belongs to another browser" in play.inner_text("#error")
    assert play.is_visible("#offer-button")
    play.click("#offer-button")
    play.wait_for_function("() => window.sweepkit.game && window.sweepkit.game.player !== ''"
                           " && document.getElementById('error').hidden")
    assert play.evaluate("window.sweepkit.game.player") == call_as(play, "GET", "/me")["default"]

    # the owner makes Ada public
    n = loads(owner)
    owner.click("#toggle-public")
    refreshed(owner, n)
    owner.wait_for_function("document.getElementById('toggle-public').textContent "
                            "=== 'Make private'")
    assert "public" in owner.inner_text("#privacy-line")
    assert owner.locator(f'#my-players li[data-player="{ada}"] .tag', has_text="public").count()
    show_player(stranger, ada)
    assert stranger.is_hidden("#private-note")
    assert listed(stranger) == won
    assert "Won" in stranger.inner_text("#summary")
    # still not the stranger's: no tools, no reset
    assert stranger.is_hidden("#own-tools") and stranger.is_hidden("#reset-form")
    # private again: hidden again
    n = loads(owner)
    owner.click("#toggle-public")
    refreshed(owner, n)
    show_player(stranger, ada)
    assert stranger.is_visible("#private-note")


def test_rename_moves_the_games_and_delete_takes_them_away(device, server):
    ada = unique("Ada")
    owner, won = owner_with_games(device, ada)
    new = unique("Lovelace")
    n = loads(owner)
    owner.fill("#rename-name", new)
    owner.click("#rename-form button[type=submit]")
    refreshed(owner, n)
    owner.wait_for_function("(name) => document.getElementById('player').value === name",
                            arg=new)
    assert listed(owner) == won
    players = owner.eval_on_selector_all("#games tbody tr[data-id]",
                                         "els => els.map(e => e.cells[1].textContent)")
    assert set(players) == {new}
    assert new in mine(owner) and ada not in mine(owner)
    assert call_as(owner, "GET", f"/stats/games?player={ada}")["total"] == 0
    # the old name is free again: a stranger may take it, and it has no games
    stranger = device()
    assert play_as(stranger, ada, 4)["player"] == ada

    # delete: only once the name is typed
    assert owner.is_disabled("#delete")
    owner.fill("#delete-confirm", new[:-1])
    assert owner.is_disabled("#delete")
    owner.fill("#delete-confirm", new)
    n = loads(owner)
    owner.click("#delete")
    refreshed(owner, n)
    assert f"Deleted the player {new} and 2 games." == owner.inner_text("#mine-message")
    assert new not in mine(owner)
    assert owner.input_value("#player") == call_as(owner, "GET", "/me")["default"]
    assert call_as(owner, "GET", f"/stats/games?player={new}")["total"] == 0


def test_the_play_page_redraws_a_game_another_tab_moved_on(device, server):
    page = device("/?seed=3&level=beginner&rule=safe", "#board .cell")
    first = SEED_FIRST[0] * 9 + SEED_FIRST[1]
    page.click(f'#board .cell[data-index="{first}"]')
    page.wait_for_function("window.sweepkit.game.status === 'playing'")
    page.evaluate("window.sweepkit.queue")
    gid = page.evaluate("window.sweepkit.game.id")
    cells = layout_of(3)
    shown = call_as(page, "GET", f"/games/{gid}")["cells"]
    covered = [i for i, v in enumerate(cells) if v != MINE and shown[i] == "."]
    # another tab (the same browser) flags a cell: this page has not seen it
    call_as(page, "POST", f"/games/{gid}/moves",
            {"kind": "flag", "row": covered[0] // 9, "col": covered[0] % 9})
    page.click(f'#board .cell[data-index="{covered[-1]}"]')
    page.wait_for_selector("#error:not([hidden])")
    assert "moved on" in page.inner_text("#error")
    page.wait_for_function(
        f"document.querySelector('#board .cell[data-index=\"{covered[0]}\"]')"
        ".getAttribute('aria-label') === 'flagged'")
    # the move on the old board was not made; the page plays on in step
    assert page.get_attribute(f'#board .cell[data-index="{covered[-1]}"]',
                              "aria-label") == "hidden"
    page.click(f'#board .cell[data-index="{covered[-1]}"]')
    page.wait_for_function(
        f"document.querySelector('#board .cell[data-index=\"{covered[-1]}\"]')"
        ".getAttribute('aria-label') !== 'hidden'")
    assert page.is_hidden("#error")
