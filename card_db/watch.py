"""Seeing that another window, command or machine changed the user's database.

Every write transaction of a :class:`card_db.userdb.UserDatabase` that wrote a row
raises the one ``change_counter`` row by one just before it commits (:func:`install`);
the handle remembers the values its own commits wrote (``own``). A
:class:`ChangeWatcher` then learns of the other writers' commits:

* on SQLite by polling, every :data:`POLL_SECONDS`, ``PRAGMA data_version`` (it changes
  when another connection commits; reading it costs no disk access) and, when it moved,
  the counter;
* on PostgreSQL by ``LISTEN`` on :data:`CHANNEL`: each commit also sends
  ``NOTIFY`` with the counter's new value, delivered when the transaction commits.

Counter values in ``own`` are this process's own writes (the window that made them
updates itself), so only the others' wake the watcher. Source of the rule: issue 15,
section 2 ("Other open windows refresh when something changes ... within a second").
"""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path

from card_db import postgres
from card_db.database import connect

#: The PostgreSQL notification channel of the database's writes (payload: the counter).
CHANNEL = "deckbuilder_changes"

#: Seconds between two looks at a SQLite database.
POLL_SECONDS = 0.2

_WRITE = re.compile(r"\s*(INSERT|UPDATE|DELETE|REPLACE)\b", re.IGNORECASE)


def install(engine, own: set[int], lock: threading.Lock) -> None:
    """Make every transaction of ``engine`` that wrote a row raise the change counter
    before it commits (and, on PostgreSQL, notify :data:`CHANNEL`); each value written
    is added to ``own`` (under ``lock``)."""
    # lazy: SQLAlchemy loads only when the database is written
    from sqlalchemy import event

    @event.listens_for(engine, "before_cursor_execute")
    def _note(conn, _cursor, statement, *_args) -> None:
        if _WRITE.match(statement):
            conn.info["wrote"] = True

    @event.listens_for(engine, "rollback")
    def _forget(conn) -> None:
        conn.info.pop("wrote", None)

    @event.listens_for(engine, "commit")
    def _stamp(conn) -> None:
        if not conn.info.pop("wrote", False):
            return
        counter = conn.exec_driver_sql(
            "UPDATE change_counter SET counter = counter + 1 WHERE id = 1 RETURNING counter"
        ).scalar()
        conn.info.pop("wrote", None)
        if counter is None:  # a database from before migration 0006 is being upgraded
            return
        with lock:
            own.add(counter)
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f"SELECT pg_notify('{CHANNEL}', %s)", (str(counter),))


class ChangeWatcher:
    """Waits for another writer's commit on the database at ``location`` (a SQLite file
    or a PostgreSQL URL). ``own``: the counter values of this process's writes, ignored
    (shared with :class:`card_db.userdb.UserDatabase`, guarded by ``lock``).

    Not thread-safe: one thread calls :meth:`wait`. Call :meth:`close` when done.
    """

    def __init__(self, location: Path | str, own: set[int] | None = None,
                 lock: threading.Lock | None = None):
        self.location = location
        self.own = own if own is not None else set()
        self.lock = lock or threading.Lock()
        self._conn = None
        self._last: int | None = None
        self._version: int | None = None

    # -- the connection ----------------------------------------------------------------

    def _open(self) -> None:
        if postgres.is_url(self.location):
            import psycopg  # lazy: psycopg is optional, loaded only for a PostgreSQL URL

            self._conn = psycopg.connect(str(self.location), autocommit=True,
                                         connect_timeout=3)
            self._conn.execute(f"LISTEN {CHANNEL}")
        else:
            self._conn = connect(Path(self.location), check_same_thread=False)
            self._conn.execute("PRAGMA query_only=ON")
            self._version = self._conn.execute("PRAGMA data_version").fetchone()[0]
        self._last = self._counter()

    def _counter(self) -> int:
        return self._conn.execute("SELECT counter FROM change_counter WHERE id = 1").fetchone()[0]

    def close(self) -> None:
        """Close the watcher's connection (a later :meth:`wait` opens a new one)."""
        if self._conn is not None:
            try:
                self._conn.close()
            finally:
                self._conn = None

    # -- waiting -----------------------------------------------------------------------

    def _foreign(self, values) -> bool:
        """Whether any counter value in ``values`` is not this process's own."""
        with self.lock:
            mine = {v for v in values if v in self.own}
            self.own.difference_update(mine)
        return any(v not in mine for v in values)

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds; True as soon as another writer committed a
        change since the last call (or since the watcher started). The first call
        connects; a connection lost meanwhile (an error from the driver) is closed and
        the error raised: the next call reconnects and returns True (changes may have
        been missed)."""
        if self._conn is None:
            reconnected = self._last is not None
            self._open()
            if reconnected:
                return True
        try:
            if postgres.is_url(self.location):
                return self._wait_notify(timeout)
            return self._poll(timeout)
        except Exception:
            self.close()
            raise

    def _poll(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while True:
            version = self._conn.execute("PRAGMA data_version").fetchone()[0]
            if version != self._version:
                self._version = version
                counter = self._counter()
                values, self._last = range(self._last + 1, counter + 1), counter
                if self._foreign(values):
                    return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(POLL_SECONDS, left))

    def _wait_notify(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while True:
            left = max(0.0, deadline - time.monotonic())
            values = [int(n.payload) for n in self._conn.notifies(timeout=left, stop_after=1)
                      if n.payload.isdigit()]
            if values:
                self._last = max(values)
                if self._foreign(values):
                    return True
            elif time.monotonic() >= deadline:
                return False
