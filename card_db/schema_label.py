"""A SQLite database whose Alembic revision label does not say what its tables are.

The label (``alembic_version``) can fall behind the tables: an old label written back,
a copy of the tables without it, a crash of an older app between its DDL and its
label. Upgrading from the wrong label fails on tables that already exist. Before an
upgrade, :func:`repair_label` compares the file's schema (tables, columns, indexes,
triggers: :func:`schema_signature`) with the schema each revision of the app makes
(:func:`revision_signatures`, built once per process by running the migrations on a
temporary file) and

* leaves a label that matches its schema alone;
* rewrites a label whose schema is another revision's to that revision (the upgrade
  then starts from there: no table is made twice, no backup of an unchanged file);
* refuses a schema no revision makes with one clear :class:`DatabaseError` (no backup,
  nothing written).

Source of the rule: issue 26, point 7.
"""

from __future__ import annotations

import sqlite3
import tempfile
import threading
from pathlib import Path

from card_db.database import (
    DatabaseError,
    connect,
    database_error,
    known_revisions,
    upgrade_schema,
)

_signatures: dict[str, frozenset[str]] | None = None
_lock = threading.Lock()


def schema_signature(conn: sqlite3.Connection) -> frozenset[str]:
    """The schema of the database on ``conn``: ``"table t"``, ``"column t.c"``,
    ``"index i"``, ``"trigger r"`` entries (SQLite's own tables and the label left out)."""
    entries = set()
    objects = conn.execute(
        "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' "
        "AND name <> 'alembic_version' AND type IN ('table', 'index', 'trigger', 'view')"
    ).fetchall()
    for kind, name in objects:
        entries.add(f"{kind} {name}")
        if kind == "table":
            for column in conn.execute(f'PRAGMA table_info("{name}")'):
                entries.add(f"column {name}.{column[1]}")
    return frozenset(entries)


def revision_signatures() -> dict[str, frozenset[str]]:
    """The schema each revision of this app makes, oldest first (built once: the
    migrations run on a temporary file, about a second)."""
    global _signatures
    with _lock:
        if _signatures is None:
            found = {}
            with tempfile.TemporaryDirectory(prefix="deckbuilder-schemas-") as folder:
                path = Path(folder) / "reference.sqlite3"
                for revision in sorted(known_revisions()):
                    upgrade_schema(path, revision, backup=False)
                    conn = connect(path)
                    try:
                        found[revision] = schema_signature(conn)
                    finally:
                        conn.close()
            _signatures = found
        return _signatures


def repair_label(path: Path, label: str | None) -> str | None:
    """The revision the tables of ``path`` are at, its label rewritten to it if the
    ``label`` read from it says another; ``None`` for a file with no tables.

    Raises :class:`DatabaseError` naming ``path`` if its tables are no revision's (the
    file is left as it was).
    """
    conn = connect(path, isolation_level=None)
    try:
        actual = schema_signature(conn)
        if not actual:
            return label
        signatures = revision_signatures()
        if label in signatures and signatures[label] == actual:
            return label
        matching = [r for r, s in signatures.items() if s == actual]
        if not matching:
            raise DatabaseError(
                f"the database's tables match no version of this app (its label says "
                f"{label or 'none'}); it was changed by another program or damaged: restore "
                "a backup copy of it, or choose another database with --db", file=path)
        revision = matching[-1]
        conn.execute("BEGIN IMMEDIATE")
        if label is None:
            conn.execute("CREATE TABLE IF NOT EXISTS alembic_version "
                         "(version_num VARCHAR(32) NOT NULL PRIMARY KEY)")
        conn.execute("DELETE FROM alembic_version")
        conn.execute("INSERT INTO alembic_version (version_num) VALUES (?)", (revision,))
        conn.execute("COMMIT")
        return revision
    except sqlite3.Error as exc:
        raise database_error(exc, path) or DatabaseError(
            f"not a readable database: {exc}", file=path) from exc
    finally:
        conn.close()
