"""Players and played games on real SQLite files: round trips, honest-record fields, a game
added twice stored once, filters and order, names refused, a game replaced in place (played
on after a death), and version-2 and version-4 databases brought up to date with what they
held kept."""

from __future__ import annotations

import json
import sqlite3
import zlib

import pytest

from sweepkit.bench.store import Store
from sweepkit.figures import game_figures
from sweepkit.game import Game, Status, replay
from sweepkit.rules import level
from sweepkit.serialize import record_json
from sweepkit.store.database import StoreError
from sweepkit.store.played import GameBook, GameFilter, PlayedGame
from sweepkit.store.schema import MIGRATIONS, SCHEMA_VERSION
from sweepkit.store.statistics import statistics_by_board


def revision(conn) -> str:
    """The schema revision of the database on a raw sqlite3 connection."""
    return conn.execute("SELECT version_num FROM alembic_version").fetchone()[0]


def finished(seed: int, lose: bool = False, flag: bool = False) -> Game:
    """A seeded beginner game played to its end with the layout known."""
    game = Game(level("beginner"), seed)
    game.reveal(4, 4)
    mines = game.reveal_layout(cheat=True).known_mines()
    if flag:
        game.play(game_action("flag", min(mines)))
    if lose:
        game.play(game_action("reveal", max(mines)))
    for i in range(81):
        if not game.over and i not in mines:
            game.play(game_action("reveal", i))
    return game


def game_action(kind, cell):
    from sweepkit.moves import Action

    return getattr(Action, kind)(cell)


def played(game: Game, player: str = "Ada", **extra) -> PlayedGame:
    return PlayedGame(player, game.record(), "beginner", game.status is Status.WON,
                      game_figures(game), extra.pop("started", "2026-11-25T10:00:00+00:00"),
                      **extra)


@pytest.fixture
def book(database):
    """A new database's book: an SQLite file, or a PostgreSQL database."""
    with GameBook(database) as opened:
        yield opened


def test_a_game_comes_back_as_it_was_stored(book):
    game = finished(3, flag=True)
    game_id = book.add(played(game, assists={"hint": 2, "undo": 0}))
    row = book.game(game_id)
    assert (row.won, row.flagged, row.level, row.rule, row.no_guess) == (
        True, True, "beginner", "safe", False)
    assert row.assists == {"hint": 2} and row.assisted  # a zero count is not an assist
    assert row.figures == game_figures(game)
    again = replay(row.game_record())
    assert again.status is Status.WON and again.view() == game.view()


def test_the_same_game_is_stored_once_and_players_are_case_blind(book):
    game = finished(5, lose=True)
    first = book.add(played(game, "Ada"))
    assert book.add(played(game, "ada")) is None  # the same game (an import, say)
    assert book.add(played(game, "Ada", started="2026-11-25T11:00:00+00:00")) is not None
    assert [p.name for p in book.players()] == ["Ada"]
    assert book.count() == 2 and not book.game(first).won


def test_games_are_filtered_and_sorted(book):
    for seed in range(6):
        book.add(played(finished(seed, lose=seed % 2 == 1), "Ada" if seed < 4 else "Bo",
                        started=f"2026-11-25T10:0{seed}:00+00:00"))
    assert len(book.games(GameFilter(player="Ada"))) == 4
    assert all(r.won for r in book.games(GameFilter(won=True)))
    assert len(book.games(GameFilter(won=False))) == 3
    times = [r.seconds for r in book.games(order="seconds", descending=False)]
    assert times == sorted(times)
    assert [r.id for r in book.games(limit=2, offset=1, order="id")] == [5, 4]
    assert book.games(GameFilter(level="custom")) == []
    with pytest.raises(ValueError, match="cannot sort by 'mines; DROP'"):
        book.games(order="mines; DROP")


@pytest.mark.parametrize(("name", "words"), [
    ("", "cannot be empty"), ("x" * 41, "at most 40"), ("a\x07b", "control characters")])
def test_bad_player_names_are_refused(book, name, words):
    with pytest.raises(ValueError, match=words):
        book.player_id(name)


def test_an_unknown_assist_is_refused():
    with pytest.raises(ValueError, match="unknown assist 'peek'"):
        played(finished(1), assists={"peek": 1})


def test_a_missing_game_is_a_store_error(book):
    with pytest.raises(StoreError, match="no played game 99"):
        book.game(99)


def test_a_version_2_database_gains_the_players_and_keeps_its_runs(tmp_path):
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        for step in MIGRATIONS[:2]:
            step(conn)
        conn.execute("PRAGMA user_version = 2")
        conn.execute("INSERT INTO runs (created, strategy, rows, cols, mines, rule, first, "
                     "seed, games) VALUES ('2026-01-01', 'exact', 9, 9, 10, 'safe', "
                     "'corner', '1', 8)")
    with GameBook(path) as book:
        assert book.add(played(finished(2))) is not None
    with Store(path) as store:
        assert [r.strategy for r in store.runs()] == ["exact"]
    with sqlite3.connect(path) as conn:
        assert revision(conn) == SCHEMA_VERSION


def test_a_game_with_a_death_is_assisted_and_replaces_its_stored_loss(book):
    lost = finished(4, lose=True)
    first = book.add(played(lost))
    assert not book.game(first).assisted and book.game(first).deaths == 0
    won = finished(4)  # the same board, played on after the loss was taken back
    again = book.replace(first, played(won, deaths=1, assists={"undo": 1}))
    assert again == first and book.count() == 1
    row = book.game(first)
    assert row.won and row.deaths == 1 and row.assisted and row.as_json()["deaths"] == 1
    assert book.games(GameFilter(assisted=False)) == []
    (stats,) = statistics_by_board(book, "Ada")
    assert stats["all"]["won"] == 1 and stats["all"]["best_time"] is None  # no record
    book.delete(GameFilter(player="Ada"))
    assert book.count() == 0
    book.replace(first, played(won, deaths=2))  # gone meanwhile: added anew
    assert book.count() == 1
    assert book.games()[0].deaths == 2 and book.games()[0].assisted  # a death alone
    with pytest.raises(ValueError, match="deaths is a count"):
        played(won, deaths=-1)


def test_a_version_4_database_gains_deaths_and_keeps_its_games_and_bests(tmp_path):
    path = tmp_path / "v4.db"
    with sqlite3.connect(path) as conn:
        for step in MIGRATIONS[:4]:
            step(conn)
        conn.execute("PRAGMA user_version = 4")
    # a game stored by version 4's own insert (its columns, no deaths)
    game = finished(3)
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO players (name, kind, created) VALUES ('Ada', 'human', "
                     "'2026-11-01T00:00:00+00:00')")
        conn.execute(
            "INSERT INTO played (uid, player_id, started, finished, level, rows, cols, mines, "
            "rule, no_guess, won, seconds, three_bv, three_bv_solved, left_clicks, "
            "right_clicks, chord_clicks, wasted_clicks, flagged, assists, assisted, "
            "source, record) VALUES ('u1', 1, '2026-11-01T10:00:00+00:00', "
            "'2026-11-01T10:01:00+00:00', 'beginner', 9, 9, 10, 'safe', 0, 1, 12.5, 20, 20, "
            "25, 0, 0, 0, 0, '{}', 0, 'web', ?)",
            (zlib.compress(json.dumps(record_json(game.record())).encode()),))
    with GameBook(path) as book:
        (row,) = book.games()
        assert (row.player, row.won, row.seconds, row.deaths, row.assisted) == (
            "Ada", True, 12.5, 0, False)
        assert replay(row.game_record()).status is Status.WON
        (stats,) = statistics_by_board(book, "Ada")
        assert stats["all"]["best_time"] == 12.5  # the best time stands
    with sqlite3.connect(path) as conn:
        assert revision(conn) == SCHEMA_VERSION
