"""The user database on a real PostgreSQL server (issue 15): opening by URL, the first
connect filling a new database, the password never on the command line, concurrent
writers from several processes, read-only roles and lost servers with clear messages,
and the search's word folding agreeing with the migration's.
"""

from __future__ import annotations

import multiprocessing
import socket

import pytest
from click.testing import CliRunner

from card_db import postgres
from card_db.database import current_revision, head_revision
from card_db.search import search_card_ids
from card_db.search.compiler import fold_words
from card_db.userdb import UserDatabase
from deckbuilder.cli.main import cli
from deckbuilder.services.cards import add_card, parse_card_fields
from deckbuilder.services.collection import CollectionRow, add_rows, owned_counts
from tests.postgres_server import open_connection

CARD = "Gentle"

#: Tests here that use ``db`` (the app's window) run on PostgreSQL only; SQLite has its own.
DB_ENGINES = ("postgresql",)
SCREEN_KEYS = ("browser", "collection")


def test_a_new_database_is_built_and_filled_on_first_connect(postgres_server):
    url = postgres_server.create_database("first_connect")
    assert current_revision(url) is None
    result = CliRunner().invoke(cli, ["--db", url, "cards", "search", "t:site d:3"])
    assert result.exit_code == 0, result.output
    assert "Slew" in result.output
    assert current_revision(url) == head_revision()
    with UserDatabase.open(url) as db:  # up to date: opened without another upgrade
        assert db.dialect == "postgresql" and db.path is None
        assert len(db.catalogue()) > 100


def test_deckbuilder_db_may_hold_a_url(postgres_url, monkeypatch):
    monkeypatch.setenv("DECKBUILDER_DB", postgres_url)
    added = CliRunner().invoke(cli, ["collection", "add", CARD, "--qty", "3"])
    assert added.exit_code == 0, added.output
    assert owned_counts(UserDatabase(postgres_url)) == {CARD: 3}


@pytest.mark.parametrize("url", [
    "postgresql://someone:secret@db.example/deckbuilder",
    "postgres://someone:@db.example/deckbuilder",
])
def test_a_password_in_the_url_is_refused(url):
    result = CliRunner().invoke(cli, ["--db", url, "cards", "search", "gen"])
    assert result.exit_code == 2
    assert "do not put the password in the database URL" in result.output
    assert "~/.pgpass" in result.output


def test_the_help_says_where_the_password_goes():
    shown = CliRunner().invoke(cli, ["--help"]).output
    assert "postgresql://user@host/dbname" in shown and "PGPASSWORD" in shown


def _add_many(url: str, times: int, start) -> None:
    start.wait()
    with UserDatabase(url) as db:
        for _ in range(times):
            add_rows(db, [CollectionRow(CARD, 1)])


def test_four_processes_adding_copies_at_once_lose_none(postgres_url):
    """200 concurrent ``add_rows`` calls (read the entry, add one, write it) from 4
    processes: the advisory write lock keeps every one."""
    context = multiprocessing.get_context("spawn")
    start = context.Event()
    workers = [context.Process(target=_add_many, args=(postgres_url, 50, start))
               for _ in range(4)]
    for worker in workers:
        worker.start()
    start.set()
    for worker in workers:
        worker.join(timeout=240)
    assert [w.exitcode for w in workers] == [0, 0, 0, 0]
    assert owned_counts(UserDatabase(postgres_url)) == {CARD: 200}


def test_a_read_only_role_browses_and_gets_a_clear_message_on_a_write(postgres_url):
    with open_connection(postgres_url) as conn:
        conn.execute("DROP ROLE IF EXISTS reader")
        conn.execute("CREATE ROLE reader LOGIN")
        conn.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader")
    reader_url = postgres_url.replace("postgres@", "reader@")
    with UserDatabase.open(reader_url) as db:
        with db.read() as conn:
            assert search_card_ids(conn, "gen")
        with pytest.raises(postgres.PostgresError, match="may only read"):
            add_rows(db, [CollectionRow(CARD, 1)])
    assert owned_counts(UserDatabase(postgres_url)) == {}


def test_an_unreachable_server_is_a_clear_error():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # nobody listens there once closed
    url = f"postgresql://someone@127.0.0.1:{port}/deckbuilder"
    with pytest.raises(postgres.PostgresError, match="cannot reach the database server"):
        UserDatabase.open(url)
    result = CliRunner().invoke(cli, ["--db", url, "cards", "search", "gen"])
    assert result.exit_code == 2 and "cannot reach the database server" in result.output


def test_the_migration_folds_words_as_the_search_does(postgres_url):
    samples = ["Pie 'oh' pah", "Zéro CAFÉ naïve", "Gek-A-Gek x_y 3rd", "ÀÉÎÕÜ ñ ç ø", ""]
    with UserDatabase(postgres_url).read() as conn:
        for text in samples:
            folded = conn.execute("SELECT card_fts_fold(?)", (text,)).fetchone()[0]
            assert folded.split() == fold_words(text), text


def test_a_new_card_is_found_by_its_words_at_once(postgres_url):
    db = UserDatabase(postgres_url)
    fields = {"name": "Quillish Test Card", "type": "Character", "dominions": "3",
              "gender": "both", "magic": "5", "strength": "4", "prime": "8",
              "powers": "Zyxt phrase here.", "set": "My cards"}
    add_card(db, parse_card_fields(db, fields))
    with db.read() as conn:
        assert len(search_card_ids(conn, "quilli")) == 1
        assert len(search_card_ids(conn, '"zyxt phrase"')) == 1
        assert search_card_ids(conn, '"phrase zyxt"') == []


def test_placeholders_in_quotes_are_left_alone():
    assert postgres.to_pyformat("SELECT '?%' || ? WHERE a LIKE '%x' AND b = ?") == (
        "SELECT '?%' || %s WHERE a LIKE '%x' AND b = %s"
    )


# -- deckbuilder db copy ------------------------------------------------------------------


def _user_data(db: UserDatabase) -> tuple:
    with db.read() as conn:
        return tuple(
            conn.execute(sql).fetchall() for sql in (
                "SELECT c.name, e.quantity, e.condition, e.location FROM collection_entry e "
                "JOIN card c ON c.id = e.card_id ORDER BY 1, 2, 3, 4",
                "SELECT d.name, c.name, e.count, e.zone FROM deck_entry e JOIN deck d "
                "ON d.id = e.deck_id JOIN card c ON c.id = e.card_id ORDER BY 1, 2, 4",
                "SELECT name, origin, magic FROM card ORDER BY name",
                "SELECT c.name, w.quantity FROM wishlist_entry w JOIN card c "
                "ON c.id = w.card_id ORDER BY 1",
            )
        )


def _fill(db: UserDatabase) -> None:
    from deckbuilder.deck.decklist import DeckList
    from deckbuilder.services.collection import set_wishlist
    from deckbuilder.services.decks import save_deck

    add_rows(db, [CollectionRow(CARD, 3), CollectionRow("Judith", 1)])
    set_wishlist(db, "Judith", 2)
    save_deck(db, DeckList(name="Shared", main=[(CARD, 1), ("Judith", 1)]))
    fields = {"name": "Copied Test Card", "type": "Character", "dominions": "3",
              "gender": "both", "magic": "5", "strength": "4", "prime": "8",
              "set": "My cards"}
    add_card(db, parse_card_fields(db, fields))


def test_db_copy_moves_everything_to_postgresql_and_back(tmp_path, postgres_server):
    source = tmp_path / "mine.sqlite3"
    with UserDatabase.open(source) as db:
        _fill(db)
        expected = _user_data(db)
    url = postgres_server.create_database("copy_target")
    result = CliRunner().invoke(cli, ["db", "copy", str(source), url])
    assert result.exit_code == 0, result.output
    assert "2 collection entries" in result.output and "1 decks" in result.output
    assert "(1 of them your own)" in result.output
    shared = UserDatabase.open(url)
    assert _user_data(shared) == expected
    with shared.read() as conn:
        assert len(search_card_ids(conn, "copied")) == 1  # the word index was rebuilt
    add_rows(shared, [CollectionRow("Judith", 1)])  # new rows get new ids after the copy
    expected = _user_data(shared)
    shared.close()

    back = tmp_path / "back.sqlite3"
    result = CliRunner().invoke(cli, ["db", "copy", url, str(back)])
    assert result.exit_code == 0, result.output
    with UserDatabase.open(back) as db:
        assert _user_data(db) == expected
        with db.read() as conn:
            assert len(search_card_ids(conn, "copied")) == 1


def test_db_copy_refuses_a_target_in_use_and_changes_nothing(tmp_path, postgres_url):
    source = tmp_path / "mine.sqlite3"
    with UserDatabase.open(source) as db:
        _fill(db)
    add_rows(UserDatabase(postgres_url), [CollectionRow("Judith", 5)])
    before = _user_data(UserDatabase(postgres_url))
    result = CliRunner().invoke(cli, ["db", "copy", str(source), postgres_url])
    assert result.exit_code == 2 and "already holds" in result.output
    assert _user_data(UserDatabase(postgres_url)) == before
    missing = CliRunner().invoke(cli, ["db", "copy", str(tmp_path / "none.sqlite3"),
                                       postgres_url])
    assert missing.exit_code == 2 and "no such database file" in missing.output


# -- the desktop app ----------------------------------------------------------------------


def test_the_app_searches_and_writes_on_postgresql(qtbot, window, db):
    from PySide6.QtTest import QTest

    assert window.context.db.dialect == "postgresql"
    browser = window.show_screen("browser")
    QTest.keyClicks(browser.search_box, "t:site d:3")
    qtbot.waitUntil(lambda: not browser.search.pending, timeout=5000)
    assert window.context.wait_idle()
    with UserDatabase(db).read() as conn:
        expected = search_card_ids(conn, "t:site d:3")
    assert expected and list(browser.model.card_ids) == expected
    done = []
    window.context.operations.run(add_rows, [CollectionRow(CARD, 2)], on_done=done.append)
    qtbot.waitUntil(lambda: bool(done), timeout=10000)
    assert owned_counts(UserDatabase(db)) == {CARD: 2}


def test_db_copy_is_all_or_nothing(tmp_path, postgres_server):
    """A source row the target refuses (a reference to no card, which SQLite let in with
    its foreign keys off) stops the copy after most rows were written: none are kept."""
    source = tmp_path / "mine.sqlite3"
    with UserDatabase.open(source) as db:
        _fill(db)
    with open_connection(source) as conn:
        conn.execute("PRAGMA foreign_keys=OFF")
        conn.execute("INSERT INTO collection_entry (card_id, quantity, condition, location, "
                     "notes, for_trade, date_added) VALUES (999999, 1, 'Near Mint', '', '', 0, "
                     "'2026-01-01 00:00:00')")
    url = postgres_server.create_database("copy_refused")
    result = CliRunner().invoke(cli, ["db", "copy", str(source), url])
    assert result.exit_code == 2, result.output
    assert "nothing was copied" in result.output
    with UserDatabase(url) as target, target.read() as conn:
        assert conn.execute("SELECT count(*) FROM collection_entry").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM deck").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM card WHERE origin = 'user'").fetchone()[0] == 0


def test_a_writer_kept_waiting_past_the_lock_timeout_is_told_the_database_is_busy(
    postgres_url,
):
    with open_connection(postgres_url) as blocker:
        blocker.execute(f"SELECT pg_advisory_xact_lock({postgres.WRITE_LOCK})")
        with pytest.raises(postgres.PostgresError, match="the database is busy"):
            add_rows(UserDatabase(postgres_url), [CollectionRow(CARD, 1)])
    add_rows(UserDatabase(postgres_url), [CollectionRow(CARD, 1)])  # the lock is free again
    assert owned_counts(UserDatabase(postgres_url)) == {CARD: 1}


def test_a_missing_database_is_named_with_what_to_do(postgres_server):
    url = postgres_server.url("no_such_database")
    with pytest.raises(postgres.PostgresError, match="does not exist; create it first"):
        UserDatabase.open(url)


def test_a_revision_label_behind_the_tables_is_refused_clearly(postgres_url):
    """Issue 26, point 7 on PostgreSQL: the tables are at head but the label says 0005:
    one clear message, the database unchanged (it used to end in exit 70)."""
    from card_db.database import current_revision
    from card_db.postgres import PostgresError
    from card_db.userdb import ensure_database
    from tests.postgres_server import open_connection

    with open_connection(postgres_url) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0005'")
    for _ in range(2):
        with pytest.raises(PostgresError, match="version label \\(0005\\) is behind its tables"):
            ensure_database(postgres_url)
    assert current_revision(postgres_url) == "0005"
