"""The one handle on the user's database: opened once, then passed to every service.

:meth:`UserDatabase.open` creates the database or upgrades it (Alembic migrations,
backup first) and resynchronises the bundled card data when it changed; this is the
only place the migration version is checked. Reads then use :mod:`sqlite3`
(:meth:`UserDatabase.read`), so read-only commands never import SQLAlchemy; writes
use a SQLModel session (:meth:`UserDatabase.session`).

The database is a SQLite file, or a PostgreSQL database named by a ``postgresql://``
URL (:mod:`card_db.postgres`). Every read connection has a ``dialect`` attribute,
``"sqlite"`` or ``"postgresql"``, and takes ``?`` placeholders on both engines.

The card catalogue is loaded once and kept (:meth:`UserDatabase.catalogue`) until a
write says that cards changed (:meth:`UserDatabase.forget_catalogue`).

This module imports both :mod:`card_db.database` and :mod:`card_db.sync`, so neither
of those needs the other's import.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from card_db import postgres, watch
from card_db.catalogue import Catalogue
from card_db.checklist import bundled_data_hash
from card_db.database import (
    READ_ONLY_MESSAGE,
    DatabaseError,
    connect,
    current_revision,
    database_error,
    enable_wal,
    head_revision,
    is_full_disk,
    known_revisions,
    make_engine,
    release_wal,
    stored_bundled_hash,
    upgrade_schema,
    user_db_path,
    writable_location,
)
from card_db.reader import load_records
from card_db.schema_label import repair_label


class SqliteReader(sqlite3.Connection):
    """A :mod:`sqlite3` connection that names its SQL dialect (``dialect = "sqlite"``)."""

    dialect = "sqlite"


def _ensure_postgres(url: str) -> str:
    """Create or upgrade the PostgreSQL database at ``url`` and sync the bundled cards."""
    try:
        revision = current_revision(url)
        if revision is not None and revision not in known_revisions():
            raise DatabaseError(
                f"the database was made by a newer version of the app (schema {revision}); "
                "update the app, or choose another database with --db", file=url)
        if revision != head_revision():
            _upgrade_postgres(url, revision)
        if stored_bundled_hash(url) != bundled_data_hash():
            from card_db.sync import sync_bundled_cards  # lazy: start-up time (imports SQLModel)

            sync_bundled_cards(url)
    except Exception as exc:
        problem = postgres.postgres_error(exc, url)
        if problem is None:
            raise
        raise problem from exc
    return url


#: SQLSTATEs of an upgrade that finds its tables already made: the label is behind.
_ALREADY_MADE = ("42P07", "42701", "42710")


def _upgrade_postgres(url: str, revision: str | None) -> None:
    """Upgrade ``url`` from ``revision``; a label behind the tables (the upgrade finds
    them made; it is rolled back) is refused with one clear message (issue 26, point 7:
    on SQLite the label is repaired, :mod:`card_db.schema_label`)."""
    try:
        upgrade_schema(url)
    except Exception as exc:
        cause = getattr(exc, "orig", None) or exc
        if getattr(cause, "sqlstate", None) not in _ALREADY_MADE:
            raise
        raise postgres.PostgresError(
            f"the database's version label ({revision}) is behind its tables (the upgrade "
            "found them already made and was undone; nothing changed): ask the database's "
            f"administrator to set the label right (alembic stamp) ({url})") from exc


def ensure_database(path: Path | str | None = None) -> Path | str:
    """Create or upgrade the user database and sync the bundled cards; returns its path.

    ``path`` defaults to :func:`card_db.database.user_db_path`. Raises
    :class:`card_db.database.DatabaseError` if the file is not a database, or cannot
    be created, backed up or upgraded, is locked, read-only or on a full disk, or was
    made by a newer version of the app (no backup is taken then). A failed upgrade
    leaves the backup copy beside the file. An up-to-date database is checked with
    :mod:`sqlite3` only; it is put in WAL journal mode once.

    ``path`` may be a ``postgresql://`` URL (returned normalised): the same, on the
    server; :class:`card_db.postgres.PostgresError` if it cannot be reached or written.
    """
    path = path or user_db_path()
    if postgres.is_url(path):
        return _ensure_postgres(postgres.check_url(path))
    path = Path(path)
    if path.exists() and not writable_location(path):
        return _check_read_only(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(f"cannot create the folder for {path}: {exc}") from exc
    try:
        enable_wal(path)
        revision = current_revision(path)
        if revision is not None and revision not in known_revisions():
            raise DatabaseError(
                f"the database was made by a newer version of the app (schema {revision}); "
                "update the app, or choose another database with --db",
                file=path,
            )
        if revision != head_revision():
            revision = repair_label(path, revision)  # a label behind its tables (issue 26)
        if revision != head_revision():
            upgrade_schema(path)
        if stored_bundled_hash(path) != bundled_data_hash():
            from card_db.sync import sync_bundled_cards  # lazy: start-up time (imports SQLModel)

            sync_bundled_cards(path)
    except Exception as exc:
        problem = database_error(exc, path)
        if problem is None:
            raise
        raise problem from exc
    return path


def _check_read_only(path: Path) -> Path:
    """``path`` on a read-only folder or medium, checked to be readable as it is (it
    cannot be upgraded there); :class:`DatabaseError` if it needs an upgrade."""
    try:
        conn = connect(path, read_only=True)
        try:
            row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise database_error(exc, path) or DatabaseError(
            f"not a readable database: {exc}", file=path) from exc
    revision = row[0] if row else None
    if revision is not None and revision not in known_revisions():
        raise DatabaseError(
            f"the database was made by a newer version of the app (schema {revision}); "
            "update the app, or choose another database with --db", file=path)
    if revision != head_revision():
        raise DatabaseError(
            f"the database needs an upgrade (schema {revision} to {head_revision()}), which "
            "cannot be written on its read-only folder or medium: copy it to a writable "
            "folder and open the copy", file=path)
    return path


class UserDatabase:
    """The user's database, known to be up to date (see :meth:`open`).

    ``path`` is the SQLite file, or ``None`` when ``url`` names a PostgreSQL database
    (``location`` is whichever is set). Thread-safe: each :meth:`read` and :meth:`session` opens its
    own connection, the SQLAlchemy engine is made once, and the cached catalogue is
    swapped under a lock. Call :meth:`close` (or use ``with``) to release the engine.
    """

    def __init__(self, path: Path | str):
        """Wrap ``path`` (a file or a PostgreSQL URL) as it is: no creation or upgrade
        (use :meth:`open` for that)."""
        self.url = postgres.check_url(path) if postgres.is_url(path) else None
        self.path = None if self.url else Path(path)
        #: The file is on a read-only folder or medium: it is read as it is
        #: (:func:`card_db.database.connect` ``read_only``) and every write is refused.
        self.read_only = bool(self.path and self.path.exists()
                              and not writable_location(self.path))
        self._lock = threading.Lock()
        self._catalogue: Catalogue | None = None
        self._engine = None
        #: The change-counter values of this handle's own commits (:mod:`card_db.watch`).
        self.own_changes: set[int] = set()
        self._own_lock = threading.Lock()

    @property
    def location(self) -> str:
        """The file's path or the database's URL, for messages."""
        return self.url or str(self.path)

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return "postgresql" if self.url else "sqlite"

    @classmethod
    def open(cls, path: Path | str | None = None) -> UserDatabase:
        """The handle on ``path`` (default: :func:`card_db.database.user_db_path`),
        created, upgraded and synced first by :func:`ensure_database` (same errors)."""
        return cls(ensure_database(path))

    def __repr__(self) -> str:
        return f"UserDatabase({self.location!r})"

    def __enter__(self) -> UserDatabase:
        return self

    def __exit__(self, *_exc) -> None:
        self.close()

    # -- reading ------------------------------------------------------------------------

    def connect(self) -> SqliteReader | postgres.PostgresReader:
        """A new connection that refuses writes; the caller closes it.

        The file is opened read-write (``PRAGMA query_only``), so SQLite can recover a
        crashed writer's journal; in WAL mode a reader never waits for a writer. A
        :attr:`read_only` file is opened immutable instead (nothing can be made beside
        it; changes others make while it is open are not seen).
        Raises :class:`DatabaseError` if the file cannot be opened. On PostgreSQL a
        :class:`card_db.postgres.PostgresReader` (read-only transactions), or
        :class:`card_db.postgres.PostgresError` if the server cannot be reached.
        """
        if self.url:
            return postgres.PostgresReader(self.url)
        try:
            conn = connect(self.path, check_same_thread=False, factory=SqliteReader,
                           read_only=self.read_only)
            conn.execute("PRAGMA query_only=ON")
        except sqlite3.Error as exc:
            raise database_error(exc, self.path) or DatabaseError(str(exc), file=self.path) from exc
        return conn

    @contextmanager
    def read(self) -> Iterator[SqliteReader | postgres.PostgresReader]:
        """A read-only connection (:meth:`connect`), closed when the block ends.

        A locked, damaged or unreadable database raises :class:`DatabaseError`.
        """
        conn = self.connect()
        try:
            yield conn
        except sqlite3.Error as exc:
            problem = database_error(exc, self.path)
            if problem is None:
                raise
            raise problem from exc
        finally:
            conn.close()

    def catalogue(self) -> Catalogue:
        """Every card in the database, loaded on first use and kept until
        :meth:`forget_catalogue`."""
        with self._lock:
            if self._catalogue is None:
                with self.read() as conn:
                    self._catalogue = Catalogue(load_records(conn))
            return self._catalogue

    def forget_catalogue(self) -> None:
        """Drop the cached catalogue (card rows changed); the next call reloads it."""
        with self._lock:
            self._catalogue = None

    # -- writing ------------------------------------------------------------------------

    @contextmanager
    def session(self) -> Iterator:
        """A SQLModel ``Session`` on the database, foreign keys enforced, for a write.

        Its transaction begins with ``BEGIN IMMEDIATE`` at the first statement (on
        PostgreSQL: the advisory write lock, :data:`card_db.postgres.WRITE_LOCK`), so
        everything read in it is read under the write lock (no lost update). The
        caller commits; leaving the block without committing rolls back. A lock held
        by another writer past :data:`card_db.database.BUSY_TIMEOUT`, a full disk or a
        read-only file raise :class:`DatabaseError` naming the database; on PostgreSQL
        a lost server, a read-only role or a lock wait past 5 s raise
        :class:`card_db.postgres.PostgresError`. A :attr:`read_only` database raises
        :class:`DatabaseError` (:data:`card_db.database.READ_ONLY_MESSAGE`) at once; a
        full disk also gives back the write-ahead log's space
        (:func:`card_db.database.release_wal`).
        """
        from sqlalchemy.exc import SQLAlchemyError  # lazy: start-up time (SQLAlchemy for writes)
        from sqlmodel import Session  # lazy: start-up time (SQLAlchemy only for writes)

        if self.read_only:
            raise DatabaseError(READ_ONLY_MESSAGE, file=self.path)
        try:
            with Session(self._get_engine()) as session:
                yield session
        except (SQLAlchemyError, sqlite3.Error) as exc:
            problem = self._problem(exc)
            if problem is None:
                raise
            if self.path is not None and is_full_disk(problem.__cause__ or exc):
                self.close()  # the engine's connections hold the log open
                release_wal(self.path)
            raise problem from exc

    def _problem(self, exc: BaseException) -> DatabaseError | postgres.PostgresError | None:
        """The user's error for ``exc`` or for the driver error that caused it (a
        rollback after a lost connection raises its own error over the first one), or
        ``None`` if none of them is one of the database's problems."""
        seen = set()
        while exc is not None and id(exc) not in seen:
            seen.add(id(exc))
            problem = (postgres.postgres_error(exc, self.url, writing=True) if self.url
                       else database_error(exc, self.path))
            if problem is not None:
                problem.__cause__ = exc
                return problem
            exc = exc.__cause__ or exc.__context__
        return None

    @contextmanager
    def write(self) -> Iterator:
        """A :meth:`session` whose write lock is taken at once and that commits when the
        block ends without an error (rolls back otherwise). Same errors as :meth:`session`.
        """
        with self.session() as session:
            session.connection()  # BEGIN IMMEDIATE now: the block runs under the lock
            yield session
            session.commit()

    def _get_engine(self):
        with self._lock:
            if self._engine is None:
                self._engine = make_engine(self.url or self.path)
                watch.install(self._engine, self.own_changes, self._own_lock)
            return self._engine

    def watcher(self) -> watch.ChangeWatcher:
        """A :class:`card_db.watch.ChangeWatcher` that wakes on the other writers'
        commits (not this handle's own); the caller closes it."""
        return watch.ChangeWatcher(self.url or self.path, self.own_changes, self._own_lock,
                                   read_only=self.read_only)

    def close(self) -> None:
        """Release the engine's connections (the handle stays usable; it reconnects)."""
        with self._lock:
            engine, self._engine = self._engine, None
        if engine is not None:
            engine.dispose()
