"""Whose records are whose: the first browser to use a name owns it, another joins only
with a one-time code, names kept from before owners go to the first browser that uses
them, the computer's names are nobody's, and rename and delete carry everything along."""

from __future__ import annotations

import pytest

from sweepkit.store.database import StoreError
from sweepkit.store.journal import Journal
from sweepkit.store.owners import DEFAULT_NAME, NotYours, Owners, key_hash
from sweepkit.store.played import GameBook, GameFilter
from tests.store.test_played import finished, played

ADA, BO, CY = (key_hash(k) for k in ("ada's key", "bo's key", "cy's key"))


@pytest.fixture
def book(database):
    with GameBook(database) as book:
        yield book


@pytest.fixture
def owners(book):
    return Owners(book)


def test_the_first_browser_owns_a_name_in_any_case(owners):
    assert owners.claim(" Ada ", ADA) == "Ada"
    assert owners.claim("ADA", ADA) == "Ada"
    with pytest.raises(NotYours, match="belongs to another browser"):
        owners.claim("ada", BO)
    assert owners.owns("ada", ADA) and not owners.owns("Ada", BO)
    assert not owners.owns("Ada", None) and not owners.owns("nobody", ADA)
    assert owners.check("aDa", ADA) == "Ada"
    with pytest.raises(NotYours):
        owners.check("Ada", BO)
    with pytest.raises(StoreError, match="no player"):
        owners.check("nobody", ADA)
    with pytest.raises(ValueError, match="empty"):
        owners.claim("  ", ADA)


def test_a_join_code_works_once_for_the_named_player_only(owners):
    owners.claim("Ada", ADA)
    owners.claim("Bo", BO)
    code, expires = owners.join_code("Ada")
    assert len(code) == 9 and code[4] == "-" and expires > "2026"
    with pytest.raises(NotYours, match="does not let"):
        owners.join("Bo", code, CY)  # the code is Ada's
    assert owners.join("ada", code.lower().replace("-", " "), CY) == "Ada"
    assert owners.owns("Ada", CY) and owners.owns("Ada", ADA)
    with pytest.raises(NotYours):
        owners.join("Ada", code, BO)  # used up
    assert not owners.owns("Ada", BO)
    assert owners.owned(CY) == ["Ada"]


def test_an_expired_code_lets_nobody_in(owners, book):
    owners.claim("Ada", ADA)
    code, _ = owners.join_code("Ada")
    with book.write() as db:
        db.execute("UPDATE join_codes SET expires = '2000-01-01T00:00:00+00:00'")
    with pytest.raises(NotYours):
        owners.join("Ada", code, BO)


def test_a_name_from_before_owners_goes_to_the_first_browser_and_the_computers_to_none(
        owners, book):
    book.add(played(finished(1), player="Old"))  # stored without an owner
    book.add(played(finished(2), player="computer: best", kind="computer"))
    assert not owners.may_read("Old", None)  # a person's games are private
    assert owners.may_read("computer: best", None)
    assert owners.claim("old", BO) == "Old"
    with pytest.raises(NotYours):
        owners.claim("Old", ADA)
    with pytest.raises(NotYours, match="computer's"):
        owners.claim("computer: best", ADA)


def test_each_browser_gets_a_default_player_of_its_own(owners):
    assert owners.default_name(ADA) == DEFAULT_NAME
    assert owners.default_name(BO) == f"{DEFAULT_NAME} 2"
    assert owners.default_name(ADA) == DEFAULT_NAME  # stable
    owners.claim(f"{DEFAULT_NAME} 3", ADA)
    assert owners.default_name(CY) == f"{DEFAULT_NAME} 4"
    assert owners.owned(ADA) == [DEFAULT_NAME, f"{DEFAULT_NAME} 3"]


def test_public_rename_and_delete_carry_games_scores_and_live_games(owners, book):
    owners.claim("Ada", ADA)
    book.add(played(finished(1), player="Ada"))
    book.trainer_answer("Ada", "single", True)
    Journal(book).create("live", ADA, "Ada", None, {})
    assert not owners.may_read("Ada", BO) and owners.may_read("Ada", ADA)
    owners.set_public("Ada", True)
    assert owners.may_read("Ada", BO) and owners.is_public("ada")
    owners.claim("Bo", BO)
    with pytest.raises(ValueError, match="taken"):
        owners.rename("Ada", "BO")
    assert owners.rename("Ada", "Adele") == "Adele"
    assert book.count(GameFilter(player="Adele")) == 1
    assert [s.lesson for s in book.trainer_scores("Adele")] == ["single"]
    assert Journal(book).load("live").player == "Adele"
    assert owners.owns("Adele", ADA)
    assert owners.delete("Adele") == 1
    assert book.count() == 0 and book.trainer_scores("Adele") == []
    assert Journal(book).load("live").state == "closed"
    assert owners.owned(ADA) == []
    with book.read() as db:
        assert db.execute("SELECT COUNT(*) FROM player_keys").scalar_one() == 1  # Bo's


def test_the_filter_keeps_to_public_players_and_the_browsers_own(owners, book):
    for seed, name in enumerate(("Ada", "Bo", "Cy"), 1):
        owners.claim(name, {"Ada": ADA, "Bo": BO, "Cy": CY}[name])
        book.add(played(finished(seed), player=name))
    owners.set_public("Cy", True)
    seen = [r.player for r in book.games(GameFilter(readable_by=owners.owned_ids(ADA)),
                                         order="player", descending=False)]
    assert seen == ["Ada", "Cy"]
    assert book.count(GameFilter(readable_by=())) == 1
    assert book.count(GameFilter()) == 3
