"""Concurrent writers lose no update, and a writer kept waiting gets a clear error
(issue 10, section 3: "Lost updates", "WAL and a busy timeout").

Every write session begins with ``BEGIN IMMEDIATE`` (card_db.database.make_engine), so
the read of the old quantity and the write of the new one happen under one lock. The
tests of several processes run on PostgreSQL too (issue 15, section 3), where the
lock is the advisory write lock (card_db.postgres.WRITE_LOCK).
"""

from __future__ import annotations

import multiprocessing
import sqlite3
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import card_db.database as database
from card_db.checklist import load_bundled_records
from card_db.database import DatabaseBusyError, current_revision, head_revision
from card_db.userdb import UserDatabase, ensure_database
from deckbuilder.services.collection import (
    CollectionRow,
    add_rows,
    owned_counts,
    owned_entries,
    set_wishlist,
    update_entry,
    wishlist,
)

ROOT = Path(__file__).resolve().parents[1]
CARD = "Gentle"


BOTH_ENGINES = pytest.mark.parametrize("db_engine", ["sqlite", "postgresql"], indirect=True)


def _add_many(path: str, times: int, start) -> None:
    start.wait()
    with UserDatabase(path if "://" in path else Path(path)) as db:
        for _ in range(times):
            add_rows(db, [CollectionRow(CARD, 1)])


@BOTH_ENGINES
def test_four_processes_adding_500_copies_lose_none(db):
    """500 concurrent ``add_rows`` calls from 4 processes: all 500 copies are stored."""
    context = multiprocessing.get_context("spawn")
    start = context.Event()
    workers = [
        context.Process(target=_add_many, args=(str(db), 125, start)) for _ in range(4)
    ]
    for worker in workers:
        worker.start()
    start.set()
    for worker in workers:
        worker.join(timeout=240)
    assert [w.exitcode for w in workers] == [0, 0, 0, 0]
    stored = owned_counts(UserDatabase(db)).get(CARD, 0)
    from tests.fault_kit import record

    record("4 processes adding at once", "collection add x 500",
           "PostgreSQL" if "://" in str(db) else "SQLite",
           {"stored": stored, "lost": 500 - stored}, {"stored"})
    assert stored == 500


@BOTH_ENGINES
def test_parallel_collection_add_commands_lose_none(db):
    """40 ``deckbuilder collection add`` commands run at once: 40 copies are stored.

    40 interpreters starting at once on a small machine can queue for the write lock
    longer than the 5 s busy timeout (that ends in the busy message, not a loss); the
    commands here wait up to 60 s so that every one of them writes.
    """
    code = (
        "import card_db.database as d; d.BUSY_TIMEOUT = 60.0; "
        "import card_db.postgres as p; p.LOCK_TIMEOUT_MS = 60000; "
        "from deckbuilder.cli.main import main; main()"
    )
    command = [sys.executable, "-c", code, "--db", str(db), "collection", "add", CARD]
    runs = [
        subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for _ in range(40)
    ]
    results = [(run.wait(timeout=300), run.stderr.read()) for run in runs]
    for run in runs:
        run.stdout.close()
        run.stderr.close()
    assert [code for code, _ in results] == [0] * 40, [err for _, err in results if err]
    assert owned_counts(UserDatabase(db)) == {CARD: 40}


def test_threads_updating_and_wishing_lose_nothing(userdb):
    """Read-modify-writes other than ``add_rows`` (a wish, an entry edit) run under the
    lock too: 4 threads doing each 25 times leave consistent rows."""
    add_rows(userdb, [CollectionRow(CARD, 1)])
    entry_id = owned_entries(userdb)[0].entry_id

    def work(i: int) -> None:
        set_wishlist(userdb, CARD, quantity=1 + i % 3)
        update_entry(userdb, entry_id, notes=f"note {i}")
        add_rows(userdb, [CollectionRow(CARD, 1)])

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(work, range(100)))
    assert owned_counts(userdb) == {CARD: 101}
    assert len(wishlist(userdb)) == 1


def test_a_writer_blocked_past_the_busy_timeout_gets_a_clear_error(db, monkeypatch):
    monkeypatch.setattr(database, "BUSY_TIMEOUT", 0.2)
    blocker = sqlite3.connect(db, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        with UserDatabase(db) as handle:
            with pytest.raises(DatabaseBusyError, match="the database is busy") as caught:
                add_rows(handle, [CollectionRow(CARD, 1)])
            assert str(db) in str(caught.value)
            # A reader is never stopped by the writer (WAL).
            assert owned_counts(handle) == {}
    finally:
        blocker.rollback()
        blocker.close()
    with UserDatabase(db) as handle:
        add_rows(handle, [CollectionRow(CARD, 1)])
        assert owned_counts(handle) == {CARD: 1}


def test_the_cli_says_the_database_is_busy_and_exits_2(db):
    """The CLI turns the busy error into its message and exit status 2 (no traceback)."""
    code = (
        "import card_db.database as d; d.BUSY_TIMEOUT = 0.2; "
        "from deckbuilder.cli.main import main; main()"
    )
    blocker = sqlite3.connect(db, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        done = subprocess.run(
            [sys.executable, "-c", code, "--db", str(db), "collection", "add", CARD],
            cwd=ROOT, capture_output=True, text=True, timeout=120,
        )
    finally:
        blocker.rollback()
        blocker.close()
    assert done.returncode == 2, done.stderr
    assert "the database is busy (another window or command is writing); try again" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_database_is_in_wal_mode(db):
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_write_holds_the_lock_for_the_whole_block_and_commits(userdb):
    """``db.write()`` takes the write lock at once: another writer waits until it ends."""
    from sqlmodel import select

    from card_db.models import Card

    other = sqlite3.connect(userdb.path, timeout=0.1, isolation_level=None)
    try:
        with userdb.write() as session:
            card = session.exec(select(Card).where(Card.name == CARD)).one()
            card.flavor_text = "written under the lock"
            session.add(card)
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("BEGIN IMMEDIATE")
        other.execute("BEGIN IMMEDIATE")
        other.rollback()
        text = other.execute("SELECT flavor_text FROM card WHERE name = ?", (CARD,)).fetchone()
        assert text == ("written under the lock",)
    finally:
        other.close()


def _first_start(path: str, start) -> None:
    # The first start's sync of the bundled cards can hold the lock past the 5 s busy
    # timeout on a loaded machine (that ends in the busy message); wait up to 60 s.
    database.BUSY_TIMEOUT = 60.0
    start.wait()
    ensure_database(Path(path))


def test_four_first_starts_at_once_build_one_good_database(tmp_path):
    """Commands started together on a new database: one creates it, the others wait for
    its lock and then find it up to date (the migrations read the version under the lock)."""
    path = tmp_path / "new.sqlite3"
    context = multiprocessing.get_context("spawn")
    start = context.Event()
    workers = [context.Process(target=_first_start, args=(str(path), start)) for _ in range(4)]
    for worker in workers:
        worker.start()
    start.set()
    for worker in workers:
        worker.join(timeout=240)
    assert [w.exitcode for w in workers] == [0, 0, 0, 0]
    assert current_revision(path) == head_revision()
    with UserDatabase(path) as handle:
        assert len(handle.catalogue()) == len(load_bundled_records())


@BOTH_ENGINES
def test_different_writers_at_once_lose_nothing(db):
    """Collection adds, deck saves and game saves from three processes at once (issue
    26's fault suite): every one of them is stored."""
    from tests.fault_kit import record, trials
    from tests.fault_paths import concurrent_writers

    rounds = trials(10)
    found = concurrent_writers(db, rounds)
    engine = "PostgreSQL" if "://" in str(db) else "SQLite"
    for kind, (written, stored) in found.items():
        record("3 different writers at once", f"{kind} x {written}", engine,
               {"stored": stored, "lost": written - stored}, {"stored"})
    assert found == {k: (rounds, rounds) for k in ("add", "deck", "game")}
