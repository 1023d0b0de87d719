"""Where the user's database lives, and bringing it up to date.

The database file is ``$DECKBUILDER_DB`` if set (the CLI's ``--db`` defaults to it), else
``deckbuilder.sqlite3`` in the platform's user data folder (platformdirs). The first
start creates it with the Alembic migrations; later starts upgrade it, taking a
backup copy first, and resynchronise the bundled card data when it has changed.
The checks on an up-to-date database use only :mod:`sqlite3`, so commands that just
read stay fast; SQLModel and Alembic are imported only when there is work to do.
Opening the database (create, upgrade, sync) is :meth:`card_db.userdb.UserDatabase.open`;
this module knows nothing of the card data sync, so it imports no other ``card_db`` module
but :mod:`card_db.errors`.

Every connection (:func:`connect`, :func:`make_engine`) opens the file read-write, so
SQLite can always roll back a hot journal left by a crash, and waits up to
:data:`BUSY_TIMEOUT` seconds for another writer. The database is kept in WAL journal
mode (readers never wait for a writer). Every SQLAlchemy transaction starts with
``BEGIN IMMEDIATE``: a read-modify-write holds the write lock from its first read, so
two processes cannot lose each other's updates, and a migration's DDL commits or rolls
back as a whole.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from platformdirs import user_data_dir

from card_db import postgres
from card_db.errors import UserError

APP_NAME = "imajica-deckbuilder"
DB_FILENAME = "deckbuilder.sqlite3"
MIGRATIONS_DIR = Path(__file__).with_name("migrations")


BUSY_TIMEOUT = 5.0
"""Seconds a connection waits for another connection's write lock before giving up."""

BUSY_MESSAGE = "the database is busy (another window or command is writing); try again"

JOURNAL_SIZE_LIMIT = 1024 * 1024
"""Bytes of write-ahead log kept after a checkpoint (``PRAGMA journal_size_limit``): a
large write's log is cut back to this, so its space goes back to the disk."""

FULL_MESSAGE = "the disk is full; free some space and try again (nothing was saved)"


class DatabaseError(UserError):
    """The user database cannot be opened, backed up, upgraded or written (message says why)."""


class DatabaseBusyError(DatabaseError):
    """Another connection held the write lock for longer than :data:`BUSY_TIMEOUT`."""


_SQLITE_PROBLEMS = (  # (primary SQLite result code, what to tell the user)
    ("SQLITE_BUSY", BUSY_MESSAGE),
    ("SQLITE_LOCKED", BUSY_MESSAGE),
    ("SQLITE_FULL", FULL_MESSAGE),
    ("SQLITE_READONLY", "the database is read-only; check the permissions of it and its folder"),
    ("SQLITE_CANTOPEN", "cannot open the database; check that its folder exists and is writable"),
    ("SQLITE_IOERR", "a disk error stopped the database; check the disk and try again"),
    ("SQLITE_CORRUPT", "not a readable database: it is damaged; restore a backup copy of it"),
    ("SQLITE_NOTADB", "not a readable database (wrong file, or damaged); check the path"),
)


def database_error(exc: BaseException, path: Path) -> DatabaseError | None:
    """The :class:`DatabaseError` naming ``path`` for a :mod:`sqlite3` error ``exc``
    (or a SQLAlchemy error wrapping one), or ``None`` if it is not one of the file's
    problems (busy, full, read-only, cannot open, I/O error, damaged, not a database).
    """
    cause = getattr(exc, "orig", None) or exc
    name = getattr(cause, "sqlite_errorname", None)
    if not isinstance(cause, sqlite3.Error) or not name:
        return None
    for code, message in _SQLITE_PROBLEMS:
        if name == code or name.startswith(code + "_"):
            kind = DatabaseBusyError if message == BUSY_MESSAGE else DatabaseError
            return kind(f"{message} ({cause})", file=path)
    return None


def connect(path: Path, *, create: bool = False, read_only: bool = False,
            **kwargs) -> sqlite3.Connection:
    """A read-write :mod:`sqlite3` connection on ``path`` with the busy timeout set.

    ``create`` allows a new file; otherwise a missing file raises
    :class:`sqlite3.OperationalError`. ``read_only``: a file on a read-only folder or
    medium (:func:`writable_location` false) is opened ``mode=ro&immutable=1``: SQLite
    then needs no ``-wal`` or ``-shm`` file beside it (it cannot make them there) and
    sees no later change by another writer. ``kwargs`` go to :func:`sqlite3.connect`. The
    path is passed as a ``file:`` URI with every special character escaped, so names
    with ``?``, ``#``, ``%``, spaces or non-ASCII letters work.
    """
    mode = "ro&immutable=1" if read_only else "rwc" if create else "rw"
    uri = f"{Path(path).absolute().as_uri()}?mode={mode}"
    conn = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT, **kwargs)
    conn.execute(f"PRAGMA journal_size_limit={JOURNAL_SIZE_LIMIT}")
    return conn


def writable_location(path: Path) -> bool:
    """False if the existing database file ``path`` cannot be written where it is: the
    file or its folder lacks write permission, or the medium is mounted read-only
    (SQLite in WAL mode must make files beside the database even to read it)."""
    path = Path(path)
    if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
        return False
    try:
        return not os.statvfs(path.parent).f_flag & os.ST_RDONLY
    except (OSError, AttributeError):  # no statvfs on Windows: the permissions said yes
        return True


READ_ONLY_MESSAGE = ("the database is on a read-only folder or medium, so it was opened "
                     "read-only: changes cannot be saved (copy it to a writable folder to "
                     "change it)")


def is_full_disk(exc: BaseException, folder: Path | None = None, needed: int = 0) -> bool:
    """True if ``exc`` (an ``OSError``, a :mod:`sqlite3` error or a SQLAlchemy error
    wrapping one) says the disk is full, or if ``folder``'s file system has fewer than
    ``needed`` bytes free (SQLite reports some full disks as an I/O error)."""
    cause = getattr(exc, "orig", None) or exc
    if isinstance(cause, OSError) and cause.errno == errno.ENOSPC:
        return True
    name = getattr(cause, "sqlite_errorname", "") or ""
    if name.startswith("SQLITE_FULL"):
        return True
    if folder is None or not needed:
        return False
    try:
        stat = os.statvfs(folder)
    except (OSError, AttributeError):  # no statvfs on Windows
        return False
    return stat.f_bavail * stat.f_frsize < needed


def release_wal(path: Path) -> None:
    """Give back the space of a write that failed: checkpoint the write-ahead log and cut
    it to nothing (``wal_checkpoint(TRUNCATE)``). Never raises (the caller is already
    reporting an error); a reader still holding the log only delays it."""
    try:
        conn = connect(path)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
    except sqlite3.Error:
        pass


def enable_wal(path: Path) -> None:
    """Put the database at ``path`` (created if missing) in WAL journal mode (kept in the file)."""
    conn = connect(path, create=True)
    try:
        if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            conn.execute("PRAGMA journal_mode=WAL")
    finally:
        conn.close()


def known_revisions() -> set[str]:
    """The revision ids of this app's migration files."""
    return {p.stem.split("_", 1)[0] for p in (MIGRATIONS_DIR / "versions").glob("[0-9]*.py")}


def user_db_path() -> Path | str:
    """The user database path: ``$DECKBUILDER_DB``, else the platform data folder.

    A ``postgresql://`` URL in ``$DECKBUILDER_DB`` is returned as it is (a string).
    """
    override = os.environ.get("DECKBUILDER_DB")
    if override and postgres.is_url(override):
        return override
    if override:
        return Path(override).expanduser()

    return Path(user_data_dir(APP_NAME, appauthor=False)) / DB_FILENAME


def head_revision() -> str:
    """The newest migration's revision id, read from the migration files' names."""
    names = sorted(p.stem for p in (MIGRATIONS_DIR / "versions").glob("[0-9]*.py"))
    if not names:
        raise DatabaseError(f"no migrations found in {MIGRATIONS_DIR}")
    return names[-1].split("_", 1)[0]


def current_revision(path: Path | str) -> str | None:
    """The revision the database at ``path`` (or PostgreSQL URL) is at, or ``None`` if
    new or unversioned."""
    if postgres.is_url(path):
        return postgres.current_revision(path)
    if not path.exists():
        return None
    try:
        conn = connect(path)  # read-write: SQLite rolls back a crashed writer's journal
        try:
            row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        if "no such table" in str(exc):
            return None
        raise database_error(exc, path) or DatabaseError(
            f"not a readable database: {exc}", file=path
        ) from exc
    return row[0] if row else None


def backup_database(path: Path, label: str) -> Path:
    """Copy the database with SQLite's online backup; returns the backup's path."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
    target = path.with_name(f"{path.stem}.backup-{label}-{stamp}{path.suffix}")
    try:
        src, dst = connect(path), connect(target, create=True)
        try:
            src.backup(dst)
        finally:
            src.close()
            dst.close()
    except (sqlite3.Error, OSError) as exc:
        target.unlink(missing_ok=True)
        size = _database_bytes(path)
        if is_full_disk(exc, path.parent, size):
            raise DatabaseError(
                f"cannot back up the database before upgrading it: the disk is full (the "
                f"backup copy needs about {_megabytes(size)}, {_megabytes(_free(path))} are "
                "free); free some space and start again (the database was not changed)",
                file=path) from exc
        raise DatabaseError(f"could not back up {path} before upgrading it: {exc}") from exc
    return target


def _database_bytes(path: Path) -> int:
    """The bytes of the database with its write-ahead log (what a backup copies)."""
    wal = path.with_name(path.name + "-wal")
    return path.stat().st_size + (wal.stat().st_size if wal.exists() else 0)


def _free(path: Path) -> int:
    try:
        stat = os.statvfs(path.parent)
    except (OSError, AttributeError):  # no statvfs on Windows
        return 0
    return stat.f_bavail * stat.f_frsize


def _megabytes(count: int) -> str:
    return f"{count / 1e6:.1f} MB"


def sqlalchemy_url(path: Path):
    """The SQLAlchemy URL of ``path`` (built with ``URL.create``: no character is special)."""
    from sqlalchemy.engine import URL  # lazy: SQLAlchemy loads only when the database is written

    return URL.create("sqlite", database=str(path))


def make_engine(path: Path | str | None = None, *, foreign_keys: bool = True):
    """A SQLAlchemy engine on the user database (a PostgreSQL URL: see
    :func:`card_db.postgres.make_engine`): foreign keys enforced (unless
    ``foreign_keys`` is false: migrations), the busy timeout set, and every transaction
    begun with ``BEGIN IMMEDIATE`` (it holds the write lock from its first statement;
    the pysqlite recipe of the SQLAlchemy SQLite dialect docs).
    """
    if postgres.is_url(path):
        return postgres.make_engine(path)
    # lazy: SQLAlchemy loads only when the database is written
    from sqlalchemy import create_engine, event

    path = Path(path or user_db_path())
    engine = create_engine(
        sqlalchemy_url(path),
        creator=lambda: connect(path, create=True, isolation_level=None, check_same_thread=False),
    )

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn, _record) -> None:
        dbapi_conn.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")

    @event.listens_for(engine, "begin")
    def _begin(conn) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


@contextmanager
def open_session(path: Path | str) -> Iterator:
    """A SQLModel ``Session`` on the database at ``path`` (a file, or a PostgreSQL URL);
    its engine is disposed after.

    The caller commits; leaving the block without committing rolls back.
    """
    from sqlmodel import Session  # lazy: SQLModel loads only when the database is written

    engine = make_engine(path)
    try:
        with Session(engine) as session:
            yield session
    finally:
        engine.dispose()


def upgrade_schema(path: Path | str, target: str = "head", *, backup: bool = True) -> None:
    """Run the Alembic migrations on ``path`` up to ``target`` (backing it up first if it
    has data, unless ``backup`` is false: a throw-away file).

    ``path`` may be a PostgreSQL URL: the migrations then run in one transaction
    with the server's own reference checks, and no backup copy is taken (that is the
    server's administrator's job, e.g. ``pg_dump``).

    All the migrations run in one transaction: a crash leaves the database as it was
    before or fully upgraded. Foreign keys are off while tables are rebuilt (SQLite's
    procedure for schema changes) and checked before the commit. Raises
    :class:`DatabaseError` if the backup fails (the upgrade then does not run) or if the
    upgrade would leave references it did not find (it is rolled back).
    """
    # lazy: Alembic loads only when a migration runs
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if postgres.is_url(path):
        engine = postgres.make_engine(path)
        try:
            with engine.begin() as connection:
                config.attributes["connection"] = connection
                command.upgrade(config, target)
        finally:
            engine.dispose()
        return
    current = current_revision(path)
    if current is not None and backup:
        backup_database(path, current)
    engine = make_engine(path, foreign_keys=False)
    try:
        with engine.begin() as connection:
            dangling = _dangling_references(connection)
            config.attributes["connection"] = connection
            command.upgrade(config, target)
            broken = _dangling_references(connection) - dangling
            if broken:
                table = sorted(broken)[0][0]
                raise DatabaseError(
                    f"the upgrade would break {len(broken)} references (in table {table}); "
                    "it was undone and the database is unchanged",
                    file=path,
                )
    finally:
        engine.dispose()


def _dangling_references(connection) -> set[tuple]:
    return set(map(tuple, connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()))


def stored_bundled_hash(path: Path | str) -> str | None:
    if postgres.is_url(path):
        return postgres.stored_bundled_hash(path)
    conn = connect(path)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'bundled_hash'").fetchone()
    finally:
        conn.close()
    return row[0] if row else None
