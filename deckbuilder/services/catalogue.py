"""The card catalogue read from the user's database."""

from __future__ import annotations

from pathlib import Path

from card_db.catalogue import Catalogue
from card_db.database import connect_readonly
from card_db.reader import load_records


def load_catalogue(path: Path | None = None) -> Catalogue:
    """Every card in the user's database (created/upgraded first if needed).

    ``path`` defaults to :func:`card_db.database.user_db_path`. Raises
    :class:`card_db.database.DatabaseError` if the database cannot be opened.
    """
    conn = connect_readonly(path)
    try:
        return Catalogue(load_records(conn))
    finally:
        conn.close()
