"""Several people on one PostgreSQL database (issue 15, sections 1-2): a refused login
and a dropped connection give clear messages and a retry works, the password comes
from PGPASSWORD, the session or the system keyring (never the URL), and a read-only
member browses, searches and exports but is told on a write."""

from __future__ import annotations

import itertools
import time
from pathlib import Path

import keyring
import pytest
from click.testing import CliRunner
from keyring.backend import KeyringBackend

from card_db import postgres
from card_db.search import search_card_ids
from card_db.userdb import UserDatabase
from deckbuilder import formats
from deckbuilder.cli.main import cli
from deckbuilder.deck.decklist import DeckList
from deckbuilder.services.collection import CollectionRow, add_rows, owned_counts
from deckbuilder.services.deck_sources import write_deck
from deckbuilder.services.decks import load_deck, save_deck
from tests.postgres_server import open_connection

CARD = "Gentle"
#: The tests here that use ``db`` (the app's window) run on PostgreSQL.
DB_ENGINES = ("postgresql",)
SCREEN_KEYS = ("browser", "deck-editor")
_ROLES = itertools.count(1)


class MemoryKeyring(KeyringBackend):
    """A keyring held in memory (the test's stand-in for the system keyring)."""

    priority = 1

    def __init__(self):
        super().__init__()
        self.entries: dict[tuple[str, str], str] = {}

    def get_password(self, service, username):
        return self.entries.get((service, username))

    def set_password(self, service, username, password):
        self.entries[(service, username)] = password

    def delete_password(self, service, username):
        self.entries.pop((service, username), None)


def _wait_for_login_rule(url: str, role: str) -> None:
    """Wait until the reloaded pg_hba.conf asks ``role`` for a password."""
    import psycopg

    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            psycopg.connect(url.replace("postgres@", f"{role}@"), password="").close()
        except psycopg.OperationalError:
            return
        time.sleep(0.1)
    raise AssertionError("the server did not start asking for a password")


@pytest.fixture
def password_url(postgres_url, monkeypatch) -> str:
    """The URL of ``postgres_url`` for a new role whose login needs the password
    ``right horse`` (a pg_hba.conf rule for that role only)."""
    role = f"keeper{next(_ROLES)}"
    with open_connection(postgres_url) as conn:
        hba = conn.execute("SHOW hba_file").fetchone()[0]
        conn.execute(f"CREATE ROLE {role} LOGIN PASSWORD 'right horse'")
        conn.execute(f"GRANT ALL ON ALL TABLES IN SCHEMA public TO {role}")
        conn.execute(f"GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO {role}")
    rules = Path(hba)
    rules.write_text(f"host all {role} 127.0.0.1/32 scram-sha-256\n" + rules.read_text())
    with open_connection(postgres_url) as conn:
        conn.execute("SELECT pg_reload_conf()")
    _wait_for_login_rule(postgres_url, role)
    monkeypatch.delenv("PGPASSWORD", raising=False)
    monkeypatch.setattr(postgres, "_session_passwords", {})
    return postgres_url.replace("postgres@", f"{role}@")


def test_a_wrong_password_is_a_clear_error_without_a_traceback(password_url, monkeypatch):
    monkeypatch.setenv("PGPASSWORD", "wrong horse")
    with pytest.raises(postgres.PostgresError, match="refused the login") as caught:
        UserDatabase.open(password_url)
    assert not caught.value.retryable
    result = CliRunner().invoke(cli, ["--db", password_url, "cards", "search", "gen"])
    assert result.exit_code == 2
    assert "refused the login" in result.output and "Traceback" not in result.output
    monkeypatch.setenv("PGPASSWORD", "right horse")
    with UserDatabase.open(password_url) as db:
        add_rows(db, [CollectionRow(CARD, 1)])
        assert owned_counts(db) == {CARD: 1}


def test_the_password_may_come_from_the_system_keyring(password_url, monkeypatch):
    memory = MemoryKeyring()
    previous = keyring.get_keyring()
    keyring.set_keyring(memory)
    try:
        with pytest.raises(postgres.PostgresError, match="refused the login"):
            UserDatabase.open(password_url)  # nothing kept yet
        postgres.store_password(password_url, "right horse")
        assert list(memory.entries.values()) == ["right horse"]
        monkeypatch.setattr(postgres, "_session_passwords", {})  # as after a restart
        with UserDatabase.open(password_url) as db:
            add_rows(db, [CollectionRow(CARD, 2)])
            with db.read() as conn:
                assert search_card_ids(conn, "gentle")
            watcher = db.watcher()
            try:
                assert watcher.wait(0.05) is None  # the watcher logs in the same way
            finally:
                watcher.close()
        assert "horse" not in password_url
    finally:
        keyring.set_keyring(previous)


def test_a_password_typed_for_this_session_is_used(password_url):
    postgres.use_password(password_url, "right horse")
    with UserDatabase.open(password_url) as db:
        assert len(db.catalogue()) > 100


def _terminate_others(url: str) -> int:
    """End every other session on the database of ``url`` (as an administrator would)."""
    with open_connection(url) as conn:
        return conn.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()").fetchone()[0]


def test_a_dropped_connection_is_a_clear_error_and_a_retry_works(postgres_url):
    db = UserDatabase(postgres_url)
    add_rows(db, [CollectionRow(CARD, 1)])  # the write engine holds a pooled connection
    reader = db.connect()
    assert reader.execute("SELECT count(*) FROM card").fetchone()[0] > 100
    assert _terminate_others(postgres_url) >= 2
    with pytest.raises(postgres.PostgresError, match="closed the connection|connection") as caught:
        reader.execute("SELECT count(*) FROM card").fetchone()
    assert caught.value.retryable
    assert reader.execute("SELECT count(*) FROM card").fetchone()[0] > 100  # the retry
    add_rows(db, [CollectionRow(CARD, 1)])  # a write checks its pooled connection first
    assert owned_counts(db) == {CARD: 2}
    reader.close()
    db.close()


def test_a_read_only_member_browses_searches_exports_and_is_told_on_writes(
    postgres_url, tmp_path,
):
    owner = UserDatabase(postgres_url)
    save_deck(owner, DeckList(name="Club deck", main=[(CARD, 2)]))
    add_rows(owner, [CollectionRow(CARD, 3)])
    owner.close()
    role = f"reader{next(_ROLES)}"
    with open_connection(postgres_url) as conn:
        conn.execute(f"CREATE ROLE {role} LOGIN")
        conn.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}")
    url = postgres_url.replace("postgres@", f"{role}@")
    with UserDatabase.open(url) as db:
        with db.read() as conn:
            assert search_card_ids(conn, "t:site d:3")
        deck = load_deck(db, "Club deck")
        assert deck.main == [(CARD, 2)]
        written = write_deck(deck, tmp_path / "club.txt", formats.by_extension("club.txt"),
                             db.catalogue(), db)
        assert CARD in written.read_text()
        for write in (lambda: add_rows(db, [CollectionRow(CARD, 1)]),
                      lambda: save_deck(db, DeckList(name="Mine", main=[(CARD, 1)]))):
            with pytest.raises(postgres.PostgresError, match="may only read") as caught:
                write()
            assert not caught.value.retryable
    exported = tmp_path / "collection.csv"
    result = CliRunner().invoke(cli, ["--db", url, "collection", "export", str(exported)])
    assert result.exit_code == 0, result.output
    assert f"{CARD},3" in exported.read_text()
    refused = CliRunner().invoke(cli, ["--db", url, "collection", "add", CARD])
    assert refused.exit_code == 2 and "may only read" in refused.output
    assert "Traceback" not in refused.output


# -- deckbuilder db copy --with-images ------------------------------------------------------


def _cache_files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_db_copy_with_images_stores_them_and_writes_them_back(tmp_path, postgres_server,
                                                             monkeypatch):
    from PIL import Image

    from deckbuilder.services.images import attach_scan

    cache = tmp_path / "cache"
    monkeypatch.setenv("DECKBUILDER_CACHE", str(cache))
    picture = tmp_path / "scan.png"
    Image.new("RGB", (500, 700), (120, 30, 200)).save(picture)
    source = tmp_path / "mine.sqlite3"
    with UserDatabase.open(source) as db:
        attach_scan(db, CARD, picture)
    files = _cache_files(cache)
    assert len(files) >= 2  # the scan and its thumbnails

    url = postgres_server.create_database("copy_images")
    result = CliRunner().invoke(cli, ["db", "copy", "--with-images", str(source), url])
    assert result.exit_code == 0, result.output
    assert f"{len(files)} image files stored in the database" in result.output
    with open_connection(url) as conn:
        stored = dict(conn.execute("SELECT path, data FROM stored_image").fetchall())
    assert {p: bytes(d) for p, d in stored.items()} == files

    # Another machine, with an empty cache folder, copies it back: the files return.
    for file in cache.rglob("*"):
        if file.is_file():
            file.unlink()
    back = tmp_path / "back.sqlite3"
    result = CliRunner().invoke(cli, ["db", "copy", url, str(back)])
    assert result.exit_code == 0, result.output
    assert f"{len(files)} image files written to the cache folder" in result.output
    assert _cache_files(cache) == files
    with UserDatabase(back) as db, db.read() as conn:
        assert conn.execute("SELECT count(*) FROM stored_image").fetchone()[0] == 0
        path = conn.execute("SELECT path FROM card_image").fetchone()[0]
    assert (cache / path).is_file()


def test_a_refused_copy_writes_no_image_file(tmp_path, postgres_url, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("DECKBUILDER_CACHE", str(cache))
    with open_connection(postgres_url) as conn:
        conn.execute("INSERT INTO stored_image (path, data) VALUES (?, ?)",
                     ("gentle-abc.jpg", b"not really a jpeg"))
    target = tmp_path / "used.sqlite3"
    with UserDatabase.open(target) as db:
        add_rows(db, [CollectionRow(CARD, 1)])  # the target is in use: refused
    result = CliRunner().invoke(cli, ["db", "copy", postgres_url, str(target)])
    assert result.exit_code == 2 and "already holds" in result.output
    assert not (cache / "gentle-abc.jpg").exists()
    fresh = tmp_path / "fresh.sqlite3"
    result = CliRunner().invoke(cli, ["db", "copy", postgres_url, str(fresh)])
    assert result.exit_code == 0, result.output
    assert (cache / "gentle-abc.jpg").read_bytes() == b"not really a jpeg"


def test_a_copy_failing_after_the_images_were_written_removes_them(
    tmp_path, postgres_url, postgres_server, monkeypatch,
):
    """A failure late in the copy (here: made to happen while the id sequences are
    moved) rolls the rows back and removes the image files it had written."""
    from card_db import transfer

    cache = tmp_path / "cache"
    monkeypatch.setenv("DECKBUILDER_CACHE", str(cache))
    with open_connection(postgres_url) as conn:
        conn.execute("INSERT INTO stored_image (path, data) VALUES (?, ?)",
                     ("judith-abc.jpg", b"bytes"))
    add_rows(UserDatabase(postgres_url), [CollectionRow(CARD, 1)])

    def fail(_connection):
        assert (cache / "judith-abc.jpg").exists()  # written by then
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(transfer, "_reset_sequences", fail)
    target = postgres_server.create_database("copy_fails_late")
    with pytest.raises(OSError):
        transfer.copy_database(postgres_url, target)
    assert not (cache / "judith-abc.jpg").exists()
    assert owned_counts(UserDatabase(target)) == {}


# -- the desktop app ----------------------------------------------------------------------

def test_a_deck_not_saved_for_a_passing_problem_stays_open_and_retry_saves_it(
    qtbot, window, db, monkeypatch,
):
    """A save kept waiting by another writer's lock fails with the busy
    message and a Retry button; the deck stays open with the edit; Retry saves it once
    the lock is free. After every session was ended by an administrator, the next save
    works (the connection is checked first)."""
    monkeypatch.setattr(postgres, "LOCK_TIMEOUT_MS", 300)
    window.context.db.close()  # its next engine takes the short lock timeout
    save_deck(UserDatabase(db), DeckList(name="Club", main=[(CARD, 1)]))
    screen = window.show_screen("deck-editor")
    screen.open_saved("Club")
    assert window.context.wait_idle()
    document = screen.current_document()
    document.add("Judith")
    with open_connection(db) as blocker:
        blocker.execute(f"SELECT pg_advisory_xact_lock({postgres.WRITE_LOCK})")
        screen.save_document()
        qtbot.waitUntil(lambda: screen.retry_box is not None, timeout=10000)
    assert "the database is busy" in screen.retry_box.text()
    assert document.dirty and document.deck.count_of("Judith") == 1
    [retry] = [b for b in screen.retry_box.buttons() if b.text() == "Retry"]
    retry.click()
    qtbot.waitUntil(lambda: not document.dirty, timeout=10000)
    assert load_deck(UserDatabase(db), "Club").count_of("Judith") == 1

    with open_connection(db) as conn:
        conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                     "datname = current_database() AND pid <> pg_backend_pid()")
    document.add("Judith")
    screen.save_document()
    qtbot.waitUntil(lambda: not document.dirty, timeout=10000)
    assert load_deck(UserDatabase(db), "Club").count_of("Judith") == 2
