"""Other windows learn of a change within a second (issue 15, section 2): the change
counter raised by every write, watched by polling on SQLite and LISTEN/NOTIFY on
PostgreSQL; a window is not woken by its own writes."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

from card_db.userdb import UserDatabase
from deckbuilder.services.collection import CollectionRow, add_rows, owned_counts

DB_ENGINES = ("sqlite", "postgresql")
ROOT = Path(__file__).resolve().parents[1]
CARD = "Gentle"


def _counter(db: UserDatabase) -> int:
    with db.read() as conn:
        return conn.execute("SELECT counter FROM change_counter WHERE id = 1").fetchone()[0]


def test_every_write_raises_the_counter_once_and_reads_do_not(userdb):
    before = _counter(userdb)
    add_rows(userdb, [CollectionRow(CARD, 1)])
    owned_counts(userdb)
    with userdb.session() as session:  # a session that writes nothing
        session.connection()
        session.commit()
    assert _counter(userdb) == before + 1
    assert userdb.own_changes == {before + 1}


def test_the_watcher_says_which_tables_the_other_writer_wrote(db):
    from deckbuilder.deck.decklist import DeckList
    from deckbuilder.services.decks import save_deck

    mine, theirs = UserDatabase(db), UserDatabase(db)
    watcher = mine.watcher()
    try:
        assert watcher.wait(0.05) is None
        save_deck(theirs, DeckList(name="Shared", main=[(CARD, 1)]))
        change = watcher.wait(5.0)
        assert change is not None and change.tables == {"deck", "deck_entry", "deck_version"}
        add_rows(theirs, [CollectionRow(CARD, 1)])
        assert watcher.wait(5.0).tables == {"collection_entry", "undo_row", "undo_step"}
    finally:
        watcher.close()
        mine.close()
        theirs.close()


def test_a_window_is_not_woken_by_its_own_writes(userdb):
    watcher = userdb.watcher()
    try:
        assert watcher.wait(0.05) is None  # connects
        add_rows(userdb, [CollectionRow(CARD, 1)])
        assert watcher.wait(0.6) is None
    finally:
        watcher.close()


_WRITER = (
    "import sys, time\n"
    "from card_db.userdb import UserDatabase\n"
    "from deckbuilder.services.collection import CollectionRow, add_rows\n"
    "with UserDatabase(sys.argv[1]) as db:\n"
    "    for _ in range(3):\n"
    "        time.sleep(0.5)\n"
    "        add_rows(db, [CollectionRow('Gentle', 1)])\n"
    "        print(time.time(), flush=True)\n"
)


def test_another_process_write_wakes_the_watcher_within_a_second(userdb, db):
    """A writer in another process commits three times; each commit wakes this
    process's watcher less than a second later (wall clock, one machine)."""
    watcher = userdb.watcher()
    woken: list[float] = []

    def watch() -> None:
        while len(woken) < 3 and watcher.wait(30.0) is not None:
            woken.append(time.time())

    try:
        assert watcher.wait(0.05) is None
        thread = threading.Thread(target=watch)
        thread.start()
        done = subprocess.run([sys.executable, "-c", _WRITER, str(db)], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
        thread.join(30)
        assert done.returncode == 0, done.stderr
        committed = [float(line) for line in done.stdout.split()]
        assert len(committed) == 3 and len(woken) == 3
        delays = [w - c for w, c in zip(woken, committed, strict=True)]
        assert all(-0.05 < d < 1.0 for d in delays), delays
        assert owned_counts(userdb) == {CARD: 3}
    finally:
        watcher.close()


def _write_and_stamp(db: UserDatabase, stamp: list[float]) -> None:
    add_rows(db, [CollectionRow(CARD, 1)])
    stamp.append(time.monotonic())


def test_another_connection_write_is_seen_within_a_second_many_times(db):
    """Two handles as two windows: each write of one wakes the other's watcher; the
    delay from the commit to the wake-up stays under a second every time."""
    mine, theirs = UserDatabase(db), UserDatabase(db)
    watcher = mine.watcher()
    delays = []
    try:
        watcher.wait(0.05)
        for _ in range(5):
            stamp = []
            writer = threading.Thread(target=_write_and_stamp, args=(theirs, stamp))
            writer.start()
            assert watcher.wait(5.0) is not None
            woke = time.monotonic()
            writer.join()
            delays.append(woke - stamp[0])
    finally:
        watcher.close()
        mine.close()
        theirs.close()
    assert max(delays) < 1.0, delays
