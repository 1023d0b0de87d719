"""Fast read-only loading of card records with :mod:`sqlite3` (no SQLAlchemy import).

Used by read-only commands (``deckbuilder cards search``) and by the catalogue
service, so that start-up stays well under half a second.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence

from card_db.abilities import abilities_from_json
from card_db.records import CardRecord, CardType, Gender

_COLUMNS = (
    "id, name, card_type, permanent, dominion, border_dominion, is_unique, gender, magic, "
    "strength, prime, resistance, deck_limit, traits, powers, activation_icon, abilities, "
    "set_name, collector_number, rarity, artist, flavor_text, source, estimated"
)


def _affiliations_by_card(conn: sqlite3.Connection) -> dict[int, tuple[str, ...]]:
    rows = conn.execute(
        "SELECT ca.card_id, a.name FROM card_affiliation ca "
        "JOIN affiliation a ON a.id = ca.affiliation_id ORDER BY ca.card_id, a.name"
    ).fetchall()
    found: dict[int, list[str]] = {}
    for card_id, name in rows:
        found.setdefault(card_id, []).append(name)
    return {k: tuple(v) for k, v in found.items()}


def _record(row: tuple, affiliations: tuple[str, ...]) -> CardRecord:
    doms = tuple(d for d in (row[4], row[5]) if d is not None)
    return CardRecord(
        name=row[1],
        card_type=CardType(row[2]),
        permanent=bool(row[3]),
        dominions=doms,
        unique=bool(row[6]),
        gender=Gender(row[7]) if row[7] else None,
        magic=row[8],
        strength=row[9],
        prime=row[10],
        resistance=row[11],
        deck_limit=row[12],
        traits=row[13],
        powers=row[14],
        activation_icon=row[15],
        abilities=abilities_from_json(row[16]),
        affiliations=affiliations,
        set_name=row[17],
        collector_number=row[18],
        rarity=row[19],
        artist=row[20],
        flavor_text=row[21],
        source=row[22],
        estimated=frozenset(json.loads(row[23] or "[]")),
    )


def records_by_id(conn: sqlite3.Connection, card_ids: Sequence[int]) -> dict[int, CardRecord]:
    """Card id -> record for ``card_ids`` (unknown ids left out).

    Only the requested cards' affiliations are read, so a page of 100 rows of a
    50,000-card catalogue loads in a few milliseconds. Ids are read in chunks of 900
    (SQLite's parameter limit).
    """
    ids = list(dict.fromkeys(card_ids))
    found: dict[int, CardRecord] = {}
    for start in range(0, len(ids), 900):
        chunk = ids[start : start + 900]
        marks = ",".join("?" * len(chunk))
        affiliations: dict[int, list[str]] = {}
        for card_id, name in conn.execute(
            "SELECT ca.card_id, a.name FROM card_affiliation ca JOIN affiliation a "
            f"ON a.id = ca.affiliation_id WHERE ca.card_id IN ({marks}) ORDER BY a.name",
            chunk,
        ):
            affiliations.setdefault(card_id, []).append(name)
        for row in conn.execute(f"SELECT {_COLUMNS} FROM card WHERE id IN ({marks})", chunk):
            found[row[0]] = _record(row, tuple(affiliations.get(row[0], ())))
    return found


def load_records(
    conn: sqlite3.Connection, card_ids: Sequence[int] | None = None
) -> list[CardRecord]:
    """Card records for ``card_ids`` in that order, or every card by name if ``None``."""
    if card_ids is None:
        affiliations = _affiliations_by_card(conn)
        rows = conn.execute(f"SELECT {_COLUMNS} FROM card ORDER BY name").fetchall()
        return [_record(r, affiliations.get(r[0], ())) for r in rows]
    by_id = records_by_id(conn, card_ids)
    return [by_id[i] for i in card_ids if i in by_id]


def owned_counts(conn: sqlite3.Connection) -> dict[str, int]:
    """Card name -> total copies in the user's collection (cards with none omitted)."""
    rows = conn.execute(
        "SELECT c.name, SUM(e.quantity) FROM collection_entry e JOIN card c ON c.id = e.card_id "
        "GROUP BY c.name HAVING SUM(e.quantity) > 0"
    ).fetchall()
    return dict(rows)
