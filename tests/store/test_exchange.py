"""Export and import in the library: a JSON and a CSV round trip keep every game's
figures, and the checks name the game and the field."""

from __future__ import annotations

import json

import pytest

from sweepkit.figures import game_figures
from sweepkit.game import Game, Status
from sweepkit.moves import Action
from sweepkit.rules import Rules, level
from sweepkit.serialize import record_json
from sweepkit.store.exchange import (
    FORMAT,
    GamesFileError,
    export_csv,
    export_json,
    import_games,
    read_csv,
    read_json,
)
from sweepkit.store.played import GameBook, PlayedGame


def stored_games(book: GameBook, count: int) -> None:
    for seed in range(count):
        game = Game(level("beginner"), seed)
        game.reveal(0, 0)
        mines = game.reveal_layout(cheat=True).known_mines()
        for i in range(81):
            if not game.over and (i not in mines or seed % 3 == 0):
                game.play(Action.reveal(i))
        book.add(PlayedGame(f"p{seed % 2}", game.record(), "beginner",
                            game.status is Status.WON, game_figures(game),
                            f"2026-11-2{seed % 9}T10:00:00+00:00",
                            assists={"hint": seed % 2}, deaths=int(seed == 4)))


@pytest.mark.parametrize(("write", "read"), [
    (lambda b: json.dumps(export_json(b)), read_json), (export_csv, read_csv)])
def test_a_round_trip_keeps_every_game(tmp_path, write, read):
    with GameBook(tmp_path / "a.db") as book:
        stored_games(book, 6)
        text = write(book)
        rows = book.games(order="id", descending=False)
    with GameBook(tmp_path / "b.db") as other:
        assert import_games(other, read(text)) == (6, 0)
        again = other.games(order="id", descending=False)
    assert [r.as_json() | {"id": 0} for r in again] == [r.as_json() | {"id": 0} for r in rows]


def test_the_checks_name_the_game_and_the_field(tmp_path):
    with GameBook(tmp_path / "a.db") as book:
        stored_games(book, 2)
        doc = export_json(book)
    assert doc["format"] == FORMAT
    doc["games"][1]["started"] = "last week"
    with pytest.raises(GamesFileError, match="game 2: 'started' is not an ISO 8601 time"):
        read_json(json.dumps(doc))
    doc["games"][1]["started"] = doc["games"][0]["started"]
    doc["games"][0]["assists"] = {"peek": 1}
    with pytest.raises(GamesFileError, match="game 1: 'assists' should map"):
        read_json(json.dumps(doc))
    doc["games"][0]["assists"] = {}
    doc["games"][0]["deaths"] = -1
    with pytest.raises(GamesFileError, match="game 1: 'deaths' should be a whole number"):
        read_json(json.dumps(doc))
    del doc["games"][0]["deaths"]  # a file from before deaths were kept: none
    assert read_json(json.dumps(doc))[0].deaths == 0
    doc["games"][0]["player"] = " "
    with GameBook(tmp_path / "c.db") as other, pytest.raises(GamesFileError,
                                                              match="game 1: a player name"):
        import_games(other, read_json(json.dumps(doc)))


def test_times_come_in_as_utc_and_a_level_must_name_its_board(tmp_path):
    with GameBook(tmp_path / "a.db") as book:
        stored_games(book, 1)
        doc = export_json(book)
    entry = doc["games"][0]
    entry["started"] = "2026-11-25T12:00:00+02:00"
    (game,) = read_json(json.dumps(doc))
    assert game.started == "2026-11-25T10:00:00+00:00"
    entry["level"] = "expert"
    with pytest.raises(GamesFileError, match="'level' 'expert' is not the name of its 9x9"):
        read_json(json.dumps(doc))
    entry["level"] = "beginner"
    with pytest.raises(GamesFileError, match="keeps boards up to 5x5"):
        read_json(json.dumps(doc), max_side=5)


def test_a_csv_file_with_a_stray_carriage_return_is_refused_in_words():
    # Found by the schemathesis fuzz: it was a csv.Error from reading the header (a 500).
    with pytest.raises(GamesFileError, match="not a sweepkit games CSV"):
        read_csv("\r0")


def test_a_long_game_comes_back_from_its_own_csv_export(tmp_path):
    # A record over 128 KiB (about 2,900 moves) was past the csv module's field limit.
    game = Game(level("beginner"), 5)
    game.reveal(0, 0)
    covered = next(i for i in range(81) if game.view().cells[i] < 0)
    for _ in range(4000):
        game.play(Action.flag(covered))
    mines = game.reveal_layout(cheat=True).known_mines()
    for i in range(81):
        if not game.over and i not in mines:
            game.play(Action.reveal(i))
    with GameBook(tmp_path / "a.db") as book:
        book.add(PlayedGame("p", game.record(), "beginner", game.status is Status.WON,
                            game_figures(game), "2026-11-26T10:00:00+00:00"))
        text = export_csv(book)
    (back,) = read_csv(text)
    assert len(back.record.log) == len(game.record().log) > 4000


def test_a_saved_game_of_three_dimensions_comes_back(tmp_path):
    # The app no longer starts 3-D games, but older versions could save one: an export
    # holding it must still import.
    rules = Rules.of_shape((3, 3, 3), 3, "safe")
    game = Game(rules, 2)
    game.play(Action.reveal(13))
    for i in range(rules.size):
        if not game.over:
            game.play(Action.reveal(i))
    entry = {"player": "p", "started": "2026-11-26T10:00:00+00:00",
             "finished": "2026-11-26T10:01:00+00:00", "record": record_json(game.record())}
    (back,) = read_json(json.dumps({"format": FORMAT, "games": [entry]}))
    assert back.record.rules.shape == (3, 3, 3) and back.won == (game.status is Status.WON)
