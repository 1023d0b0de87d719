"""Seeing that another window, command or machine changed the user's database.

Every write transaction of a :class:`card_db.userdb.UserDatabase` that wrote a row
raises the one ``change_counter`` row by one just before it commits, recording the
tables it wrote (:func:`install`); the handle remembers the counter values of its own
commits (``own``). A :class:`ChangeWatcher` then learns of the other writers' commits:

* on SQLite by polling, every :data:`POLL_SECONDS`, ``PRAGMA data_version`` (it changes
  when another connection commits; reading it costs no disk access) and, when it moved,
  the counter row;
* on PostgreSQL by ``LISTEN`` on :data:`CHANNEL`: each commit also sends ``NOTIFY``
  with the counter's new value and the tables, delivered when the transaction commits.

Counter values in ``own`` are this process's own writes (the window that made them
updates itself), so only the others' wake the watcher. Source of the rule: issue 15,
section 2 ("Other open windows refresh when something changes ... within a second").
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from card_db import postgres
from card_db.database import connect

#: The PostgreSQL notification channel of the database's writes (payload: the counter,
#: a space, then the names of the tables written, space-separated).
CHANNEL = "deckbuilder_changes"

#: Seconds between two looks at a SQLite database.
POLL_SECONDS = 0.2

_WRITTEN_TABLE = re.compile(
    r'\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM|REPLACE\s+INTO)\s+"?(\w+)',
    re.IGNORECASE)
_COUNTER = "change_counter"


@dataclass(frozen=True)
class Change:
    """Other writers committed: ``tables`` they wrote, or ``None`` if not known (several
    commits since the last look on SQLite, or a connection lost meanwhile)."""

    tables: frozenset[str] | None


def install(engine, own: set[int], lock: threading.Lock) -> None:
    """Make every transaction of ``engine`` that wrote a row raise the change counter
    and record the tables it wrote, just before it commits (on PostgreSQL also
    ``NOTIFY`` :data:`CHANNEL`); each counter value written is added to ``own`` (under
    ``lock``)."""
    # lazy: SQLAlchemy loads only when the database is written
    from sqlalchemy import event, text

    bump = text(f"UPDATE {_COUNTER} SET counter = counter + 1, tables = :tables "
                "WHERE id = 1 RETURNING counter")

    @event.listens_for(engine, "before_cursor_execute")
    def _note(conn, _cursor, statement, *_args) -> None:
        found = _WRITTEN_TABLE.match(statement)
        if found and found.group(1) != _COUNTER:
            conn.info.setdefault("written", set()).add(found.group(1))

    @event.listens_for(engine, "rollback")
    def _forget(conn) -> None:
        # A connection the driver lost (server gone, connection dropped) is invalidated
        # and its info cannot be read; it is discarded with its notes. Reading it would
        # raise PendingRollbackError over the real error (issue 26, point 1).
        if not conn.invalidated:
            conn.info.pop("written", None)

    @event.listens_for(engine, "commit")
    def _stamp(conn) -> None:
        tables = " ".join(sorted(conn.info.pop("written", ())))
        if not tables:
            return
        counter = conn.execute(bump, {"tables": tables}).scalar()
        if counter is None:  # a database from before migration 0006 is being upgraded
            return
        with lock:
            own.add(counter)
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f"SELECT pg_notify('{CHANNEL}', %s)", (f"{counter} {tables}",))


class ChangeWatcher:
    """Waits for another writer's commit on the database at ``location`` (a SQLite file
    or a PostgreSQL URL). ``own``: the counter values of this process's writes, ignored
    (shared with :class:`card_db.userdb.UserDatabase`, guarded by ``lock``).

    ``read_only``: the file is on a read-only medium (opened immutable: no change is seen).
    Not thread-safe: one thread calls :meth:`wait`. Call :meth:`close` when done.
    """

    def __init__(self, location: Path | str, own: set[int] | None = None,
                 lock: threading.Lock | None = None, *, read_only: bool = False):
        self.location = location
        self.read_only = read_only
        self.own = own if own is not None else set()
        self.lock = lock or threading.Lock()
        self._conn = None
        self._last: int | None = None
        self._version: int | None = None

    # -- the connection ----------------------------------------------------------------

    def _open(self) -> None:
        if postgres.is_url(self.location):
            import psycopg  # lazy: psycopg is optional, loaded only for a PostgreSQL URL

            self._conn = psycopg.connect(str(self.location), autocommit=True, connect_timeout=3,
                                         **postgres.connect_options(str(self.location)))
            self._conn.execute(f"LISTEN {CHANNEL}")
        else:
            self._conn = connect(Path(self.location), check_same_thread=False,
                                 read_only=self.read_only)
            self._conn.execute("PRAGMA query_only=ON")
            self._version = self._conn.execute("PRAGMA data_version").fetchone()[0]
        self._last = self._row()[0]

    def _row(self) -> tuple[int, str]:
        return tuple(self._conn.execute(
            f"SELECT counter, tables FROM {_COUNTER} WHERE id = 1").fetchone())

    def close(self) -> None:
        """Close the watcher's connection (a later :meth:`wait` opens a new one)."""
        if self._conn is not None:
            try:
                self._conn.close()
            finally:
                self._conn = None

    # -- waiting -----------------------------------------------------------------------

    def _foreign(self, values) -> list[int]:
        """The counter values in ``values`` that are not this process's own."""
        with self.lock:
            mine = {v for v in values if v in self.own}
            self.own.difference_update(mine)
        return [v for v in values if v not in mine]

    def wait(self, timeout: float) -> Change | None:
        """Wait up to ``timeout`` seconds; the :class:`Change` as soon as another writer
        committed one since the last call (or since the watcher started), else ``None``.

        The first call connects. A connection lost meanwhile (an error from the driver,
        raised) is closed: the next call reconnects and returns ``Change(None)``
        (changes may have been missed).
        """
        if self._conn is None:
            reconnected = self._last is not None
            self._open()
            if reconnected:
                return Change(None)
        try:
            if postgres.is_url(self.location):
                return self._wait_notify(timeout)
            return self._poll(timeout)
        except Exception:
            self.close()
            raise

    def _poll(self, timeout: float) -> Change | None:
        deadline = time.monotonic() + timeout
        while True:
            version = self._conn.execute("PRAGMA data_version").fetchone()[0]
            if version != self._version:
                self._version = version
                counter, tables = self._row()
                values, self._last = range(self._last + 1, counter + 1), counter
                foreign = self._foreign(values)
                if foreign:
                    known = len(values) == 1
                    return Change(frozenset(tables.split()) if known else None)
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            time.sleep(min(POLL_SECONDS, left))

    def _wait_notify(self, timeout: float) -> Change | None:
        deadline = time.monotonic() + timeout
        while True:
            left = max(0.0, deadline - time.monotonic())
            tables: set[str] = set()
            for note in self._conn.notifies(timeout=left, stop_after=1):
                counter, _, written = note.payload.partition(" ")
                if counter.isdigit() and self._foreign([int(counter)]):
                    tables.update(written.split())
            if tables:
                return Change(frozenset(tables))
            if time.monotonic() >= deadline:
                return None
