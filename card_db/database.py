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
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from platformdirs import user_data_dir

from card_db.errors import UserError

APP_NAME = "imajica-deckbuilder"
DB_FILENAME = "deckbuilder.sqlite3"
MIGRATIONS_DIR = Path(__file__).with_name("migrations")


class DatabaseError(UserError):
    """The user database cannot be opened, backed up or upgraded (message says why)."""


def user_db_path() -> Path:
    """The user database path: ``$DECKBUILDER_DB``, else the platform data folder."""
    override = os.environ.get("DECKBUILDER_DB")
    if override:
        return Path(override).expanduser()

    return Path(user_data_dir(APP_NAME, appauthor=False)) / DB_FILENAME


def head_revision() -> str:
    """The newest migration's revision id, read from the migration files' names."""
    names = sorted(p.stem for p in (MIGRATIONS_DIR / "versions").glob("[0-9]*.py"))
    if not names:
        raise DatabaseError(f"no migrations found in {MIGRATIONS_DIR}")
    return names[-1].split("_", 1)[0]


def current_revision(path: Path) -> str | None:
    """The revision the database at ``path`` is at, or ``None`` if new or unversioned."""
    if not path.exists() or path.stat().st_size == 0:
        return None
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.DatabaseError as exc:
        if "no such table" in str(exc):
            return None
        raise DatabaseError(f"{path} is not a readable database: {exc}") from exc
    return row[0] if row else None


def backup_database(path: Path, label: str) -> Path:
    """Copy the database with SQLite's online backup; returns the backup's path."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
    target = path.with_name(f"{path.stem}.backup-{label}-{stamp}{path.suffix}")
    try:
        with sqlite3.connect(path) as src, sqlite3.connect(target) as dst:
            src.backup(dst)
    except (sqlite3.Error, OSError) as exc:
        target.unlink(missing_ok=True)
        raise DatabaseError(f"could not back up {path} before upgrading it: {exc}") from exc
    return target


def sqlalchemy_url(path: Path) -> str:
    return f"sqlite:///{path}"


def make_engine(path: Path | None = None):
    """A SQLAlchemy engine on the user database, with foreign keys enforced."""
    # lazy: SQLAlchemy loads only when the database is written
    from sqlalchemy import create_engine, event

    engine = create_engine(sqlalchemy_url(path or user_db_path()))

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn, _record) -> None:
        dbapi_conn.execute("PRAGMA foreign_keys=ON")

    return engine


@contextmanager
def open_session(path: Path) -> Iterator:
    """A SQLModel ``Session`` on the database at ``path``; its engine is disposed after.

    The caller commits; leaving the block without committing rolls back.
    """
    from sqlmodel import Session  # lazy: SQLModel loads only when the database is written

    engine = make_engine(path)
    try:
        with Session(engine) as session:
            yield session
    finally:
        engine.dispose()


def upgrade_schema(path: Path, target: str = "head") -> None:
    """Run the Alembic migrations on ``path`` up to ``target`` (backing it up first if it has data).

    Raises :class:`DatabaseError` if the backup fails; the upgrade then does not run.
    """
    # lazy: Alembic loads only when a migration runs
    from alembic import command
    from alembic.config import Config

    current = current_revision(path)
    if current is not None:
        backup_database(path, current)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", sqlalchemy_url(path))
    engine = make_engine(path)
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, target)
    finally:
        engine.dispose()


def stored_bundled_hash(path: Path) -> str | None:
    with sqlite3.connect(path) as conn:
        row = conn.execute("SELECT value FROM meta WHERE key = 'bundled_hash'").fetchone()
    return row[0] if row else None
