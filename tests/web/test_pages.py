"""The watch, editor, trainer and statistics pages in a real browser against the real
server: the computer's games stream in, a position is analysed and its contradiction
shown, the trainer grades answers, games are listed, replayed, played from a move,
exported, reset and imported; axe-core finds no serious issue on any page.

Each test leaves a screenshot in test-artifacts/ (named after it).
"""

from __future__ import annotations

import json
import re

import pytest

from sweepkit.analysis.board.probability import analyse
from sweepkit.boardfile import parse_board
from tests.web.conftest import page_opener
from tests.web.pages_helpers import call, call_as, play_game, unique
from tests.web.players import win_unseeded

pytestmark = pytest.mark.browser

POSITION = "mines: 4\n1?1??\n??2??\n01???\n--???\n"
INCONSISTENT = "1?1\n010\n"


@pytest.fixture
def open_at(browser, server, request):
    """``open_at(path, ready)``: a new context and page on the server, once ``ready`` (a
    selector) is in the page (:func:`~tests.web.conftest.page_opener`)."""
    with page_opener(browser, server, request, {"width": 1200, "height": 900},
                     accept_downloads=True) as open_:
        yield lambda path, ready, **options: open_(path, ready, "attached", **options)


def count(page, selector: str) -> int:
    return int(page.inner_text(selector))


def stats_page(open_at):
    """The statistics page in a new browser context: the games a test plays from it
    (:func:`~tests.web.pages_helpers.play_game`) are its own, so it may read them."""
    return open_at("/static/stats.html", "body[data-loads]")


def show_player(page, name: str) -> None:
    """Show a player's statistics and wait for the table to be filled."""
    loads = int(page.get_attribute("body", "data-loads") or 0)
    page.fill("#player", name)
    page.click("#player-form button[type=submit]")
    page.wait_for_function("(n) => Number(document.body.dataset.loads) > n", arg=loads)


def tables(page) -> tuple[str, str, str]:
    return (page.inner_text("#summary"), page.inner_text("#bests"), page.inner_text("#games"))


def wait_for_tables(page, expected: tuple[str, str, str]) -> None:
    """Until the three tables read ``expected`` (each loads on its own request)."""
    page.wait_for_function(
        "(want) => ['summary', 'bests', 'games'].every("
        "(id, i) => document.getElementById(id).innerText === want[i])", arg=list(expected))


# -- watch --------------------------------------------------------------------------------


def outlined(page) -> tuple[int, str, str]:
    """The cell outlined as the computer's next move: index, name, corner symbol."""
    cells = page.locator("#board .cell.hl-move")
    assert cells.count() == 1
    return (int(cells.get_attribute("data-index") or -1), cells.get_attribute("aria-label") or "",
            page.evaluate("() => getComputedStyle(document.querySelector("
                          "'#board .cell.hl-move'), '::after').content"))


def test_watch_outlines_the_next_move_marks_guesses_and_plays_on(open_at):
    page = open_at("/static/watch.html", "#strategy option[value=exact]")
    page.select_option("#strategy", "best")
    page.select_option("#level", "beginner")
    page.fill("#pace", "2000")
    page.dispatch_event("#pace", "input")
    page.click("#start")
    # a game's first move is played at once; the next waits 2 s, outlined meanwhile
    page.wait_for_function("document.getElementById('played-text').textContent !== ''")
    played = page.inner_text("#played-text")
    first = re.fullmatch(r"Played, move 0: reveal \((\d+), (\d+)\): first click: (\w+)\.", played)
    assert first, played  # "first click" said once, not "first click: first click: corner"
    page.click("#pause")
    page.wait_for_function("document.getElementById('resume').disabled === false")
    page.wait_for_timeout(300)  # a move thought before the pause may still come
    # the first click was a guess: its cell stays marked, and its name says so
    guessed = page.locator(f'#board .cell[data-index="{int(first[1]) * 9 + int(first[2])}"]')
    assert "hl-guess" in (guessed.get_attribute("class") or "")
    assert "guess" in (guessed.get_attribute("aria-label") or "")
    # the outline is on the move about to be played (still covered), not the one just played
    told = re.fullmatch(r"Next, move (\d+): (reveal|flag|chord) \((\d+), (\d+)\): (.+)\.",
                        page.inner_text("#move-text"))
    assert told, page.inner_text("#move-text")
    index, name, symbol = outlined(page)
    assert index == int(told[3]) * 9 + int(told[4])
    assert "the computer's next move" in name
    if told[2] == "reveal":
        assert name.startswith("hidden")
    certain = told[5].startswith("certain")
    assert symbol == ('"◉"' if certain else '"?"') and ("certain" if certain else "a guess") in name
    page.click("#step")  # one move: the outlined one
    page.wait_for_function("(n) => document.getElementById('played-text').textContent"
                           ".startsWith(`Played, move ${n}:`)", arg=told[1])
    assert f"({told[3]}, {told[4]})" in page.inner_text("#played-text")
    page.wait_for_function("(i) => document.querySelector('#board .cell.hl-move')?.dataset.index"
                           " !== String(i)", arg=index)
    # the legend tells the three marks apart, and so do their styles
    legend = page.inner_text("#watch-legend")
    assert "the next move, certain" in legend and "the next move, a guess" in legend
    assert "a cell the computer guessed" in legend
    styles = page.evaluate("""() => [...document.querySelectorAll('#watch-legend .cell')].map(
        (e) => [getComputedStyle(e).outlineStyle, getComputedStyle(e, '::after').content,
                getComputedStyle(e, '::before').content])""")
    assert styles[0][:2] == ["solid", '"◉"'] and styles[1][:2] == ["dashed", '"?"']
    assert styles[2][2] == '"?"'
    # at speed 0 the games stream in and the counters move
    page.fill("#pace", "0")
    page.dispatch_event("#pace", "input")
    page.wait_for_timeout(300)
    page.click("#resume")
    page.wait_for_function("Number(document.getElementById('c-games').textContent) >= 3",
                           timeout=20_000)
    assert count(page, "#c-wins") <= count(page, "#c-games")
    assert count(page, "#c-safe-guesses") <= count(page, "#c-guesses") >= 3
    page.click("#pause")
    page.wait_for_function("document.getElementById('resume').disabled === false")
    page.wait_for_timeout(200)  # a move thought before the pause may still come
    paused = page.inner_text("#played-text")
    page.wait_for_timeout(200)
    assert page.inner_text("#played-text") == paused  # paused means paused
    page.click("#stop")
    page.wait_for_function("document.getElementById('status').textContent === 'Stopped.'")
    games = count(page, "#c-games")
    page.wait_for_timeout(300)
    assert count(page, "#c-games") == games  # stopped means stopped
    assert page.is_hidden("#error")


# -- editor -------------------------------------------------------------------------------


def test_editor_analyses_a_pasted_board(open_at):
    page = open_at("/static/editor.html", "#board .cell")
    page.fill("#board-text", POSITION)
    page.click("#analyse")
    page.wait_for_selector("#layouts-line:not([hidden])")
    position = parse_board(POSITION)
    analysis = analyse(position)
    assert page.inner_text("#layouts") == str(analysis.total)
    safe, mines = analysis.safe_cells(), analysis.mine_cells()
    assert safe and mines
    for i in safe:
        cell = page.locator(f'#board .cell[data-index="{i}"]')
        assert "an-safe" in (cell.get_attribute("class") or "")
        assert "certainly safe" in (cell.get_attribute("aria-label") or "")
        assert "✓" in cell.inner_text()  # not colour alone
    for i in mines:
        assert "certainly a mine" in (page.locator(f'#board .cell[data-index="{i}"]')
                                      .get_attribute("aria-label") or "")
    assert page.locator("#board .cell.an-best").count() == 1
    # Every other covered cell shows its probability (text), in its name too.
    probs = analysis.probabilities()
    other = next(i for i, p in probs.items() if 0 < p < 1)
    cell = page.locator(f'#board .cell[data-index="{other}"]')
    assert cell.inner_text().strip().lstrip("★") == str(round(probs[other] * 100))
    cell.focus()
    assert "mine probability" in page.inner_text("#cell-info")
    # The keyboard edits the focused cell; the text follows.
    page.locator('#board .cell[data-index="0"]').focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("3")
    assert page.input_value("#board-text").splitlines()[1] == "131??"
    assert page.is_hidden("#layouts-line")  # the analysis is stale


def test_editor_shows_a_contradiction(open_at, server):
    page = open_at("/static/editor.html", "#board .cell")
    page.fill("#board-text", INCONSISTENT)
    page.click("#analyse")
    page.wait_for_selector("#contradiction:not([hidden])")
    found = call(server, "POST", "/analyse", {"board": INCONSISTENT})["contradiction"]
    assert page.inner_text("#contradiction") == f"Contradiction: {found['text']}"
    marked = page.eval_on_selector_all("#board .cell.an-contra", "els => els.map(e => "
                                       "Number(e.dataset.index))")
    assert sorted(marked) == sorted(r * 3 + c for r, c in found["numbers"])
    # A malformed text is refused in words, and the board stays as it was.
    page.fill("#board-text", "1?x\n")
    page.click("#analyse")
    assert "not a cell" in page.inner_text("#error")
    assert page.locator("#board .cell.an-contra").count() == len(marked)
    # A 2-D shape header is read as the format says; a 3-D board is refused in words.
    page.fill("#board-text", "shape: 2x3\n1??\n???\n")
    page.click("#load-text")
    page.wait_for_function("document.querySelectorAll('#board .cell').length === 6")
    page.fill("#board-text", "shape: 2x1x2\n? ?\n\n? ?\n")
    page.click("#load-text")
    assert "the editor takes 2-D boards, not shape 2x1x2" in page.inner_text("#error")
    page.fill("#board-text", "shape: 3x3\n1??\n???\n")
    page.click("#load-text")
    assert "shape 3x3 but the board is 2x3" in page.inner_text("#error")
    page.fill("#board-text", "mines: 100\n1?\n??\n")
    page.click("#load-text")
    assert "mines: 100 exceeds the 4 cells" in page.inner_text("#error")
    assert page.locator("#board .cell").count() == 6  # the board as it was


def test_editor_exports_and_plays_a_consistent_layout(open_at, tmp_path):
    page = open_at("/static/editor.html", "#board .cell")
    page.fill("#board-text", POSITION)
    page.click("#load-text")
    with page.expect_download() as got:
        page.click("#export-board")
    saved = tmp_path / "position.board"
    got.value.save_as(saved)
    assert parse_board(saved.read_text()) == parse_board(POSITION)
    with page.expect_download() as got:
        page.click("#export-png")
    png = tmp_path / "position.png"
    got.value.save_as(png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # A file opened into the editor replaces the board.
    other = tmp_path / "other.board"
    other.write_text("12?\n???\n")
    page.set_input_files("#board-file", str(other))
    page.wait_for_function("document.querySelectorAll('#board .cell').length === 6")
    assert page.input_value("#mines") == ""
    page.fill("#board-text", POSITION)
    page.click("#play")
    page.wait_for_selector("#played:not([hidden]) #played-board .cell")
    link = page.get_attribute("#played-text a", "href") or ""
    assert re.search(r"/\?game=[\w-]+$", link), link


# -- trainer ------------------------------------------------------------------------------


def puzzle_position(page):
    p = page.evaluate("window.sweepkitTrainer.puzzle")
    chars = p["cells"].replace(".", "?").replace("F", "*")
    rows = [chars[r * p["cols"]:(r + 1) * p["cols"]] for r in range(p["rows"])]
    return parse_board(f"mines: {p['mines']}\n" + "\n".join(rows))


def new_puzzle(page) -> None:
    page.evaluate("window.sweepkitTrainer.puzzle = null")
    page.click("#new-puzzle")
    page.wait_for_function("window.sweepkitTrainer.puzzle !== null && "
                           "!document.getElementById('new-puzzle').disabled", timeout=20_000)


def answer_certain_cell(page, right: bool) -> str:
    """Answer the puzzle on a certain cell, rightly (reveal a safe one, flag a mine) or
    wrongly (the other way round); what the cell is: "safe" or "mine". A lesson's puzzle
    may prove only mines, so either kind serves."""
    analysis = analyse(puzzle_position(page))
    safe, mines = analysis.safe_cells(), analysis.mine_cells()
    assert safe or mines
    cell, is_safe = (safe[0], True) if safe else (mines[0], False)
    flag = is_safe != right
    page.click(f'#board .cell[data-index="{cell}"]', button="right" if flag else "left")
    return "safe" if is_safe else "mine"


def test_trainer_grades_a_right_and_a_wrong_answer(open_at, server):
    page = open_at("/static/trainer.html", "#scores tbody tr")
    page.fill("#player", "trainee")
    page.dispatch_event("#player", "change")
    page.select_option("#lesson", "single")
    page.select_option("#set-size", "3")
    assert page.locator('[data-about="single"]').is_visible()
    new_puzzle(page)
    assert page.inner_text("#set-progress") == "Puzzle 1 of 3 in this set."
    held = []  # the scores' refresh, held back until the next puzzle is up
    page.route("**/api/trainer/scores*", lambda route: held.append(route))
    answer_certain_cell(page, right=True)
    page.wait_for_selector("#next:not([hidden])")
    assert page.inner_text("#verdict") == "✓ Right!"
    assert page.inner_text("#explanation")
    assert re.fullmatch(r"Decided in \d+\.\d s\.", page.inner_text("#decision-time"))
    assert page.locator("#board .cell.tr-because").count() >= 1
    assert page.locator("#board .cell.tr-answer").count() >= 1
    # Wrong: flag a cell that is certainly safe. Next is pressed while the scores are still
    # loading (held back here): it must not be swallowed.
    page.click("#next")
    page.wait_for_function("window.sweepkitTrainer.puzzle && !window.sweepkitTrainer.answered",
                           timeout=20_000)
    assert held  # the scores were indeed still loading
    for route in held:
        route.continue_()
    page.unroute("**/api/trainer/scores*")
    wrong_word = answer_certain_cell(page, right=False)
    page.wait_for_selector("#next:not([hidden])")
    assert page.inner_text("#verdict") == "✗ Not this one."
    assert wrong_word in page.inner_text("#explanation")
    wrong = "#scores tr[data-lesson=single] td:nth-child(3)"
    page.wait_for_function(f"document.querySelector('{wrong}')?.textContent === '1'")
    row = page.locator('#scores tr[data-lesson="single"] td')
    assert [row.nth(k).inner_text() for k in (1, 2)] == ["1", "1"]
    assert "beginner" in row.nth(5).inner_text()
    assert re.fullmatch(r"\d+\.\d s", row.nth(6).inner_text())  # the average decision time
    # The name is the play page's (shared settings).
    stored = page.evaluate("JSON.parse(localStorage.getItem('sweepkit.settings')).player")
    assert stored == "trainee"
    # The third puzzle ends the set of three: its summary says the score, the time and
    # what was missed; the next press starts a new set.
    page.click("#next")
    page.wait_for_function("window.sweepkitTrainer.puzzle && !window.sweepkitTrainer.answered",
                           timeout=20_000)
    assert page.inner_text("#set-progress") == "Puzzle 3 of 3 in this set."
    answer_certain_cell(page, right=True)
    page.wait_for_selector("#set-summary:not([hidden])")
    assert page.locator("#next").is_hidden()
    score = page.inner_text("#set-score")
    assert score.startswith("2 of 3 right (67 %) in ") and "a puzzle" in score
    assert page.inner_text("#set-missed-head") == "Missed: Single numbers."
    assert page.inner_text("#set-missed").startswith("Puzzle 2: Single numbers, ")
    # A pattern lesson is explained beside the board.
    page.select_option("#lesson", "1-1")
    assert page.locator('[data-about="1-1"]').is_visible()
    assert not page.locator('[data-about="single"]').is_visible()
    page.click("#new-set")
    page.wait_for_function("window.sweepkitTrainer.puzzle.lesson === '1-1' && "
                           "!window.sweepkitTrainer.answered", timeout=40_000)
    assert page.locator("#set-summary").is_hidden()
    assert page.inner_text("#set-progress") == "Puzzle 1 of 3 in this set."
    prompt = page.inner_text("#prompt")
    assert "1-1" in prompt
    # A puzzle refused (the name is another browser's): "Looking for a puzzle…" is
    # replaced, the board still the last puzzle's, and says so.
    taken = unique("taken")
    call(server, "POST", "/games", {"level": "beginner", "player": taken})
    page.fill("#player", taken)
    page.dispatch_event("#player", "change")
    with page.expect_response(lambda r: r.url.endswith("/api/trainer/puzzles")) as refused:
        page.click("#new-puzzle")
    assert refused.value.status == 403
    page.wait_for_function("!document.getElementById('new-puzzle').disabled")
    assert page.inner_text("#prompt") == (
        f"No new puzzle came; the board shows the last one: {prompt}")


# -- statistics and replays -----------------------------------------------------------------


def test_stats_lists_games_and_replays_one(open_at):
    bob = unique("bob")
    page = stats_page(open_at)
    won = play_game(page, bob, 3)
    play_game(page, bob, 8, win=False)
    show_player(page, bob)
    assert page.locator("#games tbody tr").count() == 2
    page.click(f'#games tr[data-id="{won["record_id"]}"] button')
    page.wait_for_selector("#replay:not([hidden])")
    frames = call_as(page, "GET", f"/stats/games/{won['record_id']}/replay")["replay"]
    moves = frames["moves"]
    k = len(moves) // 2
    page.fill("#r-slider", str(k))
    page.dispatch_event("#r-slider", "input")
    expected = ["."] * 81
    for move in moves[:k]:
        for i, code in move["changes"]:
            expected[i] = code
    shown = page.evaluate("window.sweepkitStats.board.codes.join('')")
    assert shown == "".join(expected)
    labels = page.eval_on_selector_all("#replay-board .cell",
                                       "els => els.map(e => e.getAttribute('aria-label'))")
    assert [lab == "hidden" for lab in labels] == [c == "." for c in expected]
    assert page.inner_text("#r-position").startswith(f"{k} of {len(moves)}")
    r, c = moves[k - 1]["cell"]
    assert "hl-move" in (page.locator(f'#replay-board .cell[data-index="{r * 9 + c}"]')
                         .get_attribute("class") or "")
    page.click("#r-back")
    assert page.inner_text("#r-position").startswith(f"{k - 1} of")
    page.click("#r-forward")
    # The probability overlay of the move shown: the exact analysis of that board.
    page.check("#r-overlay")
    marked = ("#replay-board .cell.ov, #replay-board .cell.ov-safe, "
              "#replay-board .cell.ov-mine")
    page.wait_for_selector(marked)
    rows_text = ["".join("?" if ch in ".F" else ch for ch in expected[r * 9:(r + 1) * 9])
                 for r in range(9)]
    analysis = analyse(parse_board("mines: 10\n" + "\n".join(rows_text)))
    safe = page.eval_on_selector_all("#replay-board .cell.ov-safe",
                                     "els => els.map(e => Number(e.dataset.index))")
    assert sorted(safe) == sorted(analysis.safe_cells())
    assert page.locator("#replay-board .cell.ov-mine").count() == len(analysis.mine_cells())
    # A time typed goes to the moves made by then; the overlay follows.
    t = moves[k // 2]["time"]
    page.fill("#r-at", f"{t:.3f}")
    page.click("#r-goto button[type=submit]")
    by_then = sum(1 for m in moves if m["time"] <= round(t, 3) + 1e-9)
    assert page.input_value("#r-slider") == str(by_then)
    page.wait_for_function("(n) => window.sweepkitStats.overlay.last.text?.length > 0 && "
                           "!window.sweepkitStats.overlay.busy", arg=by_then)
    page.wait_for_selector(marked)
    page.uncheck("#r-overlay")
    assert page.locator(marked).count() == 0
    page.fill("#r-slider", str(k))
    page.dispatch_event("#r-slider", "input")
    # Play from here: a new live game at that move.
    page.click("#r-play-here")
    page.wait_for_selector("#r-started a")
    game_id = page.get_attribute("#r-started", "data-game")
    state = call_as(page, "GET", f"/games/{game_id}")
    assert state["status"] == "playing" and state["assists"] == {"from_position": 1}
    assert state["cells"] == "".join(expected)
    # Playing runs the timeline to the end, up to 16 times faster than played.
    page.select_option("#r-speed", "16")
    page.click("#r-play")
    page.wait_for_function(f"document.getElementById('r-slider').value === '{len(moves)}'")


def test_a_replay_file_opens_and_plays_from_a_move(open_at, tmp_path):
    frank = unique("frank")
    page = stats_page(open_at)
    won = play_game(page, frank, 3)
    show_player(page, frank)
    page.click(f'#games tr[data-id="{won["record_id"]}"] button')
    page.wait_for_selector("#replay:not([hidden])")
    with page.expect_download() as got:
        page.click("#r-json")
    record = tmp_path / "record.json"
    got.value.save_as(record)
    with page.expect_download() as got:
        page.click("#r-text")
    assert got.value.suggested_filename.endswith(".txt")
    page.set_input_files("#replay-file", str(record))
    page.wait_for_function("document.getElementById('replay-about').textContent"
                           ".includes('record.json')")
    moves = json.loads(record.read_text())["moves"]
    assert page.get_attribute("#r-slider", "max") == str(len(moves))
    page.fill("#r-slider", "2")
    page.dispatch_event("#r-slider", "input")
    page.click("#r-play-here")
    page.wait_for_selector("#r-started a")
    state = call_as(page, "GET", f"/games/{page.get_attribute('#r-started', 'data-game')}")
    assert state["status"] == "playing"
    # Not JSON: said in words.
    bad = tmp_path / "notes.json"
    bad.write_text("hello")
    page.set_input_files("#replay-file", str(bad))
    page.wait_for_selector("#error:not([hidden])")
    assert "is not JSON" in page.inner_text("#error")


def test_export_reset_import_give_back_the_same_tables(open_at, tmp_path):
    carol = unique("carol")
    page = stats_page(open_at)
    play_game(page, carol, 3)
    play_game(page, carol, 5, flags=True)
    show_player(page, carol)
    before = tables(page)
    with page.expect_download() as got:
        page.click("#export-csv")
    assert got.value.suggested_filename == f"sweepkit-games-{carol}.csv"
    with page.expect_download() as got:
        page.click("#export-json")
    exported = tmp_path / "carol.json"
    got.value.save_as(exported)
    assert len(json.loads(exported.read_text())["games"]) == 2
    assert page.is_disabled("#reset")
    page.fill("#reset-confirm", carol[:-1])
    assert page.is_disabled("#reset")
    page.fill("#reset-confirm", carol)
    page.click("#reset")
    page.wait_for_function("document.getElementById('files-message').textContent"
                           ".startsWith('Deleted 2 games')")
    page.wait_for_selector("#games tbody td:text('No game matches.')")
    assert "No finished games yet." in page.inner_text("main")
    page.set_input_files("#import-file", str(exported))
    page.wait_for_function("document.getElementById('files-message').textContent"
                           ".startsWith('Imported 2 games')")
    page.wait_for_function("document.querySelectorAll('#games tbody tr[data-id]').length === 2")
    wait_for_tables(page, before)    # fails on its timeout when the tables differ
    assert tables(page) == before
    # A malformed file changes nothing, and the page says why.
    bad = tmp_path / "bad.json"
    bad.write_text('{"games": [{"record": 1}]}')
    page.set_input_files("#import-file", str(bad))
    page.wait_for_selector("#error:not([hidden])")
    assert "nothing was imported" in page.inner_text("#error")
    assert "was not imported" in page.inner_text("#files-message")
    assert tables(page) == before


def test_assisted_games_are_not_bests_and_nf_is_labelled(open_at):
    # Seeded boards are never records: the bests come from unseeded wins.
    dave = unique("dave")
    page = stats_page(open_at)

    def send(method, path, body):
        return call_as(page, method, path, body)

    nf = win_unseeded(send, dave, rule="safe")
    flagged = win_unseeded(send, dave, rule="safe", flags=True)
    assert flagged["figures"]["flagged"]
    hinted = play_game(page, dave, 7, hint=True)
    show_player(page, dave)
    ids = page.eval_on_selector_all("#bests-beginner tbody tr",
                                    "els => els.map(e => Number(e.dataset.id))")
    assert sorted(ids) == sorted([nf["record_id"], flagged["record_id"]])
    assert hinted["record_id"] not in ids
    assert page.inner_text(f'#bests-beginner tr[data-id="{nf["record_id"]}"] .tag') == "NF"
    assert page.inner_text(f'#bests-beginner tr[data-id="{flagged["record_id"]}"] .tag') == "flags"
    hinted_row = page.locator(f'#games tr[data-id="{hinted["record_id"]}"]')
    assert "assisted" in hinted_row.inner_text()
    nf_row = page.locator('#summary tr[data-style="nf"] td')
    assert nf_row.nth(0).inner_text() == "NF" and nf_row.nth(1).inner_text() == "2"
    # Sort by time (ascending first), then filter: assisted games only.
    loads = page.evaluate("window.sweepkitStats.loads")
    page.click('#games th[data-order="seconds"] button')
    page.wait_for_function('document.querySelector(\'#games th[data-order="seconds"]\')'
                           '.getAttribute("aria-sort") === "ascending"')
    times = [float(t.removesuffix(" s")) for t in page.eval_on_selector_all(
        "#games tbody tr", "els => els.map(e => e.cells[4].textContent)")]
    assert times == sorted(times) and len(times) == 3
    page.select_option("#f-assisted", "true")
    page.click("#filters button[type=submit]")
    page.wait_for_function("document.getElementById('page-info').textContent === "
                           "'Games 1–1 of 1'")
    assert page.locator(f'#games tr[data-id="{hinted["record_id"]}"]').count() == 1
    assert page.evaluate("window.sweepkitStats.loads") == loads  # the table alone
    # a 3BV range the wrong way round matches nothing, and the page says why
    page.fill("#f-min3bv", "9")
    page.fill("#f-max3bv", "2")
    page.click("#filters button[type=submit]")
    page.wait_for_selector("#games tbody td:text('The 3BV range is inverted (from 9 to 2)')")


def test_no_guess_wins_are_labelled_and_kept_to_their_own_bests(open_at):
    erin = unique("erin")
    page = stats_page(open_at)

    def send(method, path, body):
        return call_as(page, method, path, body)

    ng = win_unseeded(send, erin, rule="opening", no_guess=True)  # no flag placed: NF too
    normal = win_unseeded(send, erin, rule="opening", flags=True)
    assert ng["no_guess"] and not normal["no_guess"]
    show_player(page, erin)

    def ids(selector: str) -> list[int]:
        return page.eval_on_selector_all(selector, "els => els.map(e => Number(e.dataset.id))")

    assert ids("#bests-beginner tbody tr[data-id]") == [normal["record_id"]]
    assert ids("#bests-ng-beginner tbody tr[data-id]") == [ng["record_id"]]
    tags = page.locator(f'#games tr[data-id="{ng["record_id"]}"] .tag').all_inner_texts()
    assert tags == ["NF", "NG"]
    page.fill("#f-player", erin)
    for select, value, shown in (("#f-flagged", "false", ng), ("#f-flagged", "true", normal),
                                 ("#f-no-guess", "true", ng), ("#f-no-guess", "false", normal)):
        page.select_option("#f-flagged", "")
        page.select_option("#f-no-guess", "")
        page.select_option(select, value)
        page.click("#filters button[type=submit]")
        page.wait_for_function(f"(() => {{ const rows = document.querySelectorAll("
                               f"'#games tbody tr[data-id]'); return rows.length === 1 && "
                               f"rows[0].dataset.id === '{shown['record_id']}'; }})()")
        assert page.inner_text("#page-info") == "Games 1–1 of 1"


# -- accessibility ------------------------------------------------------------------------


def _serious(axe, page) -> list:
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]])
            for v in axe.run(page).response["violations"]
            if v["impact"] in ("serious", "critical")]


THEMES = ("light", "dark", "contrast")


def _watch_page(open_at, server):
    yield open_at("/static/watch.html", "#strategy option[value=exact]")


def _editor_page(open_at, server):
    page = open_at("/static/editor.html", "#board .cell")
    page.fill("#board-text", POSITION)
    page.click("#analyse")
    page.wait_for_selector("#layouts-line:not([hidden])")
    yield page
    page.click('button[popovertarget="editor-help"]')  # a tool's help, open
    yield page


def _trainer_page(open_at, server):
    yield open_at("/static/trainer.html", "#scores tbody tr")


def _stats_and_help_pages(open_at, server):
    erin = unique("erin")
    page = stats_page(open_at)
    play_game(page, erin, 3)
    show_player(page, erin)
    page.click("#games tbody tr[data-id] button")
    page.wait_for_selector("#replay:not([hidden])")
    yield page
    page.click('.site-nav a[href="static/help.html"]')
    page.wait_for_selector("#tour-chord-title")
    yield page


def _reductions_page(open_at, server):
    page = open_at("/static/reductions.html", "#truth-table tbody tr")
    page.click("#reduce")
    page.wait_for_selector("#result:not([hidden])", timeout=60_000)
    yield page


@pytest.mark.parametrize("pages", [_watch_page, _editor_page, _trainer_page,
                                   _stats_and_help_pages, _reductions_page],
                         ids=["watch", "editor", "trainer", "stats-help", "reductions"])
def test_axe_finds_no_serious_violation_on_the_pages(open_at, server, pages):
    """Every page in every theme, each page loaded and brought to its state once and its
    themes switched in place (a third of the loads of a page per theme); one test a page
    (the help page reached from the statistics page's menu), so the workers share them."""
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    bad = []
    for page in pages(open_at, server):
        for theme in THEMES:
            page.select_option("#theme", theme)
            bad.extend((theme, *found) for found in _serious(axe, page))
    assert not bad, bad


def test_a_replay_link_opens_the_replay_in_another_browser(open_at, server):
    gil = unique("gil")
    page = stats_page(open_at)
    won = play_game(page, gil, 4)
    show_player(page, gil)
    page.click(f'#games tr[data-id="{won["record_id"]}"] button')
    page.wait_for_selector("#replay:not([hidden])")
    page.click("#r-link")
    page.wait_for_selector("#r-link-text:not([hidden])")
    link = page.input_value("#r-link-text")
    assert "#replay=" in link and len(link) < 4000
    moves = call_as(page, "GET", f"/stats/games/{won['record_id']}/replay")["replay"]["moves"]
    other = open_at(link.removeprefix(server), "#replay:not([hidden])")  # a new context
    assert other.inner_text("#replay-about") == "A replay from a link"
    assert other.evaluate("window.sweepkitStats.replay.frames.moves.length") == len(moves)


def test_the_trainer_is_answered_with_the_keyboard(open_at):
    page = open_at("/static/trainer.html", "#scores tbody tr")
    page.select_option("#lesson", "single")
    new_puzzle(page)
    position = puzzle_position(page)
    analysis = analyse(position)  # a lesson's puzzle may prove only mines
    safe, mines = analysis.safe_cells(), analysis.mine_cells()
    assert safe or mines
    target, key = (safe[0], "Space") if safe else (mines[0], "f")
    page.locator("#board .cell[tabindex='0']").focus()
    start = int(page.evaluate("document.activeElement.dataset.index"))
    (r0, c0), (r1, c1) = divmod(start, position.cols), divmod(target, position.cols)
    for _ in range(abs(r1 - r0)):
        page.keyboard.press("ArrowDown" if r1 > r0 else "ArrowUp")
    for _ in range(abs(c1 - c0)):
        page.keyboard.press("ArrowRight" if c1 > c0 else "ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.index") == str(target)
    page.keyboard.press(key)
    page.wait_for_selector("#next:not([hidden])")
    assert page.inner_text("#verdict") == "✓ Right!"


def test_the_reductions_page_shows_the_gadgets_and_decides_formulas(open_at):
    page = open_at("/static/reductions.html", "#truth-table tbody tr")
    assert page.input_value("#gadget") == "or"
    rows = page.locator("#truth-table tbody tr")
    assert rows.count() == 4
    assert page.locator("#gadget-picture svg").count() == 1
    page.select_option("#gadget", "and")
    page.wait_for_function("document.querySelector('#gadget-caption').textContent"
                           ".startsWith('and')")
    cells = [rows.nth(i).locator("td").all_inner_texts() for i in range(rows.count())]
    assert ["0 0", "0", "2"] in cells and ["1 1", "1", "1"] in cells  # Kaye's AND
    # an unsatisfiable formula: x1 and not x1
    page.fill("#formula", "p cnf 1 2\n1 0\n-1 0\n")
    page.click("#reduce")
    page.wait_for_selector("#result:not([hidden])", timeout=60_000)
    assert page.inner_text("#decision").startswith("Unsatisfiable")
    # a satisfiable circuit, parsimoniously: the assignment read back is its only model
    page.fill("#formula", "t = and(u, not(v))\noutput t\n")
    page.check("#parsimonious")
    page.click("#reduce")
    page.wait_for_function("document.querySelector('#decision').textContent"
                           ".startsWith('Satisfiable')", timeout=60_000)
    assert "u = 1, v = 0" in page.inner_text("#decision")
    assert page.evaluate("document.querySelector('#board-picture').naturalWidth") > 0
    # a malformed formula: one line naming line and column, in the page's alert
    page.fill("#formula", "t = nand(u, v)\noutput t\n")
    page.click("#reduce")
    page.wait_for_selector("#error:not([hidden])")
    assert "line 1, column" in page.inner_text("#error")


def test_the_api_reference_works_with_no_network(browser, server):
    """/docs (Swagger UI) loads every file from the app itself."""
    context = browser.new_context(base_url=server)
    elsewhere = []

    def only_the_app(route) -> None:
        if route.request.url.startswith(server):
            route.continue_()
        else:  # no network: anything from another host is refused
            elsewhere.append(route.request.url)
            route.abort()

    context.route("**/*", only_the_app)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/docs")
    page.wait_for_selector(".opblock-summary-path")
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    context.close()
    assert any("/api/games/{game_id}/moves" in p for p in paths)
    assert elsewhere == [] and errors == []
