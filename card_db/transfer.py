"""Copying a whole user database between engines: SQLite file <-> PostgreSQL URL.

Every table of :mod:`card_db.models` is copied row for row, ids kept: the cards (bundled
and the user's own), corrections, the collection, the wishlist, decks, the shelf and the
image records (the image files stay in the cache folder). The full-text index is
rebuilt by the target's own triggers. Source of the rule: issue 15, section 1
("``deckbuilder db copy``").

The copy is all-or-nothing: the target is emptied and filled in one transaction, so a
failure leaves it as it was. A target that already holds the user's data is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import delete, func, insert, select, text
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlmodel import SQLModel

import card_db.models  # noqa: F401  (registers the tables on SQLModel.metadata)
from card_db import postgres
from card_db.database import database_error, make_engine
from card_db.errors import UserError
from card_db.userdb import ensure_database

#: Tables that hold what the user made (a target with rows in one is refused), with the
#: words the counts are printed with.
USER_TABLES = {
    "collection_entry": "collection entries",
    "wishlist_entry": "wishlist entries",
    "deck": "decks",
    "deck_entry": "deck entries",
    "card_correction": "card corrections",
    "card_image": "image records",
    "shelf_copy": "shelf copies",
    "shelf_count": "shelf counts",
}


class CopyError(UserError):
    """The database cannot be copied (missing source, target already in use)."""


@dataclass(frozen=True)
class CopyReport:
    """Rows copied per table (``rows``), and the user's own cards among the cards."""

    rows: dict[str, int]
    user_cards: int

    def lines(self) -> list[str]:
        """What was copied, one line per kind of row, for the user."""
        shown = [f"{self.rows.get('card', 0)} cards ({self.user_cards} of them your own)"]
        shown += [f"{self.rows.get(t, 0)} {words}" for t, words in USER_TABLES.items()]
        shown.append(f"{self.rows.get('shelf_game', 0)} shelf games")
        return shown


def _check_source(source: Path | str) -> None:
    if not postgres.is_url(source) and not Path(source).is_file():
        raise CopyError(f"{source}: no such database file to copy from")


def _user_rows(connection) -> int:
    tables = SQLModel.metadata.tables
    found = sum(connection.execute(select(func.count()).select_from(tables[name])).scalar_one()
                for name in USER_TABLES)
    card = tables["card"]
    return found + connection.execute(
        select(func.count()).select_from(card).where(card.c.origin == "user")).scalar_one()


def _reset_sequences(connection) -> None:
    """Move each PostgreSQL id sequence past the copied ids (the next insert is new)."""
    for table in SQLModel.metadata.sorted_tables:
        if list(table.primary_key.columns.keys()) != ["id"]:
            continue
        connection.execute(text(
            f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
            f"coalesce(max(id), 1), max(id) IS NOT NULL) FROM {table.name}"))


def copy_database(source: Path | str, target: Path | str) -> CopyReport:
    """Copy every row of the user database ``source`` into ``target`` (each a SQLite file
    or a PostgreSQL URL); both are first brought to the current schema. Returns the
    counts. Raises :class:`CopyError` if ``source`` does not exist or ``target`` already
    holds a collection, decks, corrections, the user's cards, shelf copies or images;
    :class:`card_db.database.DatabaseError` or :class:`card_db.postgres.PostgresError`
    if either cannot be opened or written (the target is then unchanged).
    """
    _check_source(source)
    source, target = ensure_database(source), ensure_database(target)
    if str(source) == str(target):
        raise CopyError("the source and the target are the same database")
    try:
        return _copy(source, target)
    except IntegrityError as exc:
        detail = str(getattr(exc, "orig", exc)).strip().splitlines()[0]
        raise CopyError(f"a row of {source} breaks a rule of the target database ({detail}); "
                        "nothing was copied") from exc
    except DBAPIError as exc:
        for place in (target, source):
            problem = (postgres.postgres_error(exc, place) if postgres.is_url(place)
                       else database_error(exc, Path(place)))
            if problem is not None:
                raise problem from exc
        raise


def _copy(source: Path | str, target: Path | str) -> CopyReport:
    tables = SQLModel.metadata.sorted_tables
    source_engine, target_engine = make_engine(source), make_engine(target)
    try:
        with source_engine.connect() as reading, target_engine.begin() as writing:
            if _user_rows(writing):
                raise CopyError(f"{target} already holds a collection, decks or your own "
                                "cards; copy into a new, empty database")
            for table in reversed(tables):
                writing.execute(delete(table))
            counts = {}
            for table in tables:
                rows = [dict(row._mapping) for row in reading.execute(select(table))]
                if rows:
                    writing.execute(insert(table), rows)
                counts[table.name] = len(rows)
            if writing.dialect.name == "postgresql":
                _reset_sequences(writing)
            card = SQLModel.metadata.tables["card"]
            user_cards = writing.execute(select(func.count()).select_from(card)
                                         .where(card.c.origin == "user")).scalar_one()
    finally:
        source_engine.dispose()
        target_engine.dispose()
    return CopyReport(counts, user_cards)
