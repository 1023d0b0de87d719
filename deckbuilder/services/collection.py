"""The user's collection: owned copies and wishlist.

Files in the collection CSV format (:mod:`deckbuilder.formats.collection_csv`) are
imported and exported here. An import is all-or-nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from card_db.catalogue import Catalogue, UnknownCardError
from card_db.database import connect_readonly, ensure_database, open_session
from card_db.reader import owned_counts as _owned_counts
from card_db.records import CardRecord, Condition
from deckbuilder.formats.collection_csv import (
    MAX_QUANTITY,
    CollectionFileError,
    CollectionRow,
    parse_condition,
    read_collection_csv,
    write_collection_csv,
)


def owned_counts(path: Path | None = None) -> dict[str, int]:
    """Card name -> copies owned, over all conditions and locations."""
    conn = connect_readonly(path)
    try:
        return _owned_counts(conn)
    finally:
        conn.close()


def deck_usage(exclude_deck: str | None = None, path: Path | None = None) -> dict[str, int]:
    """Card name -> copies used by the user's saved decks (main and sideboard).

    ``exclude_deck`` leaves out the saved deck of that name (the one being checked).
    """
    conn = connect_readonly(path)
    try:
        rows = conn.execute(
            "SELECT c.name, SUM(e.count) FROM deck_entry e JOIN deck d ON d.id = e.deck_id "
            "JOIN card c ON c.id = e.card_id WHERE d.name IS NOT ? GROUP BY c.name",
            (exclude_deck,),
        ).fetchall()
    finally:
        conn.close()
    return dict(rows)


def _resolve_all(rows: list[CollectionRow], catalogue: Catalogue, label: str) -> list[CardRecord]:
    resolved = []
    for index, row in enumerate(rows, start=2):
        try:
            resolved.append(catalogue.resolve(row.name))
        except UnknownCardError as exc:
            raise CollectionFileError(label, index, 1, str(exc)) from None
    return resolved


def add_rows(
    rows: list[CollectionRow],
    path: Path | None = None,
    label: str = "input",
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Add owned copies in one transaction; returns the number of copies added.

    Rows merge into an existing entry of the same card, condition and location.
    Raises :class:`CollectionFileError` (nothing written) if any name is unknown;
    the message suggests the closest card names. ``progress``, if given, is called
    with (rows written, total rows) as the transaction advances; nothing is visible
    to other connections until the single commit at the end.
    """
    from sqlmodel import select

    from card_db.models import Card, CollectionEntry
    from deckbuilder.services.catalogue import load_catalogue

    db = ensure_database(path)
    records = _resolve_all(rows, load_catalogue(db), label)
    with open_session(db) as session:
        ids = {c.name: c.id for c in session.exec(select(Card)).all()}
        for done, (row, record) in enumerate(zip(rows, records, strict=True), start=1):
            entry = session.exec(
                select(CollectionEntry).where(
                    CollectionEntry.card_id == ids[record.name],
                    CollectionEntry.condition == row.condition.value,
                    CollectionEntry.location == row.location,
                )
            ).first()
            if entry is None:
                entry = CollectionEntry(
                    card_id=ids[record.name],
                    quantity=0,
                    condition=row.condition.value,
                    location=row.location,
                )
            entry.quantity += row.quantity
            entry.for_trade = max(entry.for_trade, row.for_trade)
            if row.notes:
                entry.notes = row.notes
            session.add(entry)
            if progress is not None:
                progress(done, len(rows))
        session.commit()
    return sum(r.quantity for r in rows)


def import_collection_csv(file: Path, path: Path | None = None) -> int:
    """Read and add a collection CSV, all-or-nothing; returns copies added."""
    return add_rows(read_collection_csv(file), path, label=str(file))


def collection_rows(path: Path | None = None) -> list[CollectionRow]:
    """Every collection entry, by card name then condition."""
    conn = connect_readonly(path)
    try:
        rows = conn.execute(
            "SELECT c.name, e.quantity, e.condition, e.location, e.notes, e.for_trade "
            "FROM collection_entry e JOIN card c ON c.id = e.card_id "
            "ORDER BY c.name, e.condition, e.location"
        ).fetchall()
    finally:
        conn.close()
    return [CollectionRow(r[0], r[1], Condition(r[2]), r[3], r[4], r[5]) for r in rows]


def export_collection_csv(file: Path, path: Path | None = None) -> int:
    """Write the collection as CSV (the import format); returns the rows written."""
    rows = collection_rows(path)
    Path(file).write_text(write_collection_csv(rows), encoding="utf-8")
    return len(rows)


def missing_cards(path: Path | None = None) -> list[CardRecord]:
    """Catalogue cards the user owns no copy of, by set then name."""
    from deckbuilder.services.catalogue import load_catalogue

    catalogue = load_catalogue(path)
    owned = owned_counts(path)
    return sorted(
        (r for r in catalogue if owned.get(r.name, 0) == 0), key=lambda r: (r.set_name, r.name)
    )


# ---------------------------------------------------------------------------
# Entry-level editing, the wishlist and set completion (used by the desktop app)


class CollectionEditError(ValueError):
    """An edit of the collection that cannot be applied (unknown entry, bad value)."""


@dataclass(frozen=True)
class OwnedEntry:
    """One stored collection entry with its database id (``entry_id``).

    Like :class:`CollectionRow`; ``for_trade`` is the number of these copies offered
    for trade (the trade flag is ``for_trade > 0``).
    """

    entry_id: int
    name: str
    quantity: int
    condition: Condition
    location: str
    notes: str
    for_trade: int


@dataclass(frozen=True)
class WishlistItem:
    """A card the user wants: ``quantity`` copies wanted, free-text ``notes``."""

    name: str
    quantity: int
    notes: str = ""


@dataclass(frozen=True)
class SetCompletion:
    """How much of one set the user owns.

    ``owned`` counts the set's distinct cards with at least one copy, ``total`` the
    set's cards in the catalogue, ``missing`` the names of the others, by name.
    """

    set_name: str
    owned: int
    total: int
    missing: tuple[str, ...]

    @property
    def fraction(self) -> float:
        """``owned / total`` (0.0 for an empty set)."""
        return self.owned / self.total if self.total else 0.0


@dataclass(frozen=True)
class CollectionPreview:
    """A collection CSV read but not imported: the parsed ``rows`` and the ``problems``.

    ``problems`` holds every :class:`CollectionFileError` found: a row the file format
    rejects (reading stops there, so ``rows`` is then empty) or each unknown card name.
    ``ok`` is true when the rows can be imported as they are.
    """

    rows: tuple[CollectionRow, ...]
    problems: tuple[CollectionFileError, ...]

    @property
    def ok(self) -> bool:
        return bool(self.rows) and not self.problems


def preview_collection_csv(file: Path, path: Path | None = None) -> CollectionPreview:
    """Read a collection CSV and check every card name, writing nothing.

    Unlike :func:`import_collection_csv`, an unknown name does not stop the check:
    each one is reported (its message suggests the closest names), so the user sees
    every problem before deciding to import.
    """
    from deckbuilder.services.catalogue import load_catalogue

    try:
        rows = read_collection_csv(file)
    except CollectionFileError as exc:
        return CollectionPreview((), (exc,))
    catalogue = load_catalogue(path)
    problems = []
    for index, row in enumerate(rows, start=2):
        try:
            catalogue.resolve(row.name)
        except UnknownCardError as exc:
            problems.append(CollectionFileError(str(file), index, 1, str(exc)))
    return CollectionPreview(tuple(rows), tuple(problems))


def owned_entries(path: Path | None = None) -> list[OwnedEntry]:
    """Every collection entry with its id, by card name, condition and location."""
    conn = connect_readonly(path)
    try:
        rows = conn.execute(
            "SELECT e.id, c.name, e.quantity, e.condition, e.location, e.notes, e.for_trade "
            "FROM collection_entry e JOIN card c ON c.id = e.card_id "
            "ORDER BY c.name, e.condition, e.location, e.id"
        ).fetchall()
    finally:
        conn.close()
    return [OwnedEntry(r[0], r[1], r[2], Condition(r[3]), r[4], r[5], r[6]) for r in rows]


def owned_by_card_id(conn) -> dict[int, int]:
    """Card id -> copies owned, from an open :mod:`sqlite3` connection (cards with none omitted)."""
    rows = conn.execute(
        "SELECT card_id, SUM(quantity) FROM collection_entry GROUP BY card_id "
        "HAVING SUM(quantity) > 0"
    ).fetchall()
    return dict(rows)


def _count(value: int, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_QUANTITY:
        raise CollectionEditError(f"{field}: expected a whole number 0..{MAX_QUANTITY}")
    return value


def update_entry(
    entry_id: int,
    *,
    quantity: int | None = None,
    condition: Condition | str | None = None,
    location: str | None = None,
    notes: str | None = None,
    for_trade: int | None = None,
    path: Path | None = None,
) -> OwnedEntry:
    """Change the given fields of one collection entry; returns the entry as stored.

    A ``condition`` may be a :class:`Condition` or text for :func:`parse_condition`.
    If the new condition and location equal another entry's of the same card, the
    two merge (quantities add up, the larger trade count and any notes are kept)
    and the surviving entry is returned. A quantity of 0 keeps the entry (0 copies).
    Raises :class:`CollectionEditError` for an unknown entry or a bad value; nothing
    is written then.
    """
    from sqlmodel import select

    from card_db.models import Card, CollectionEntry

    new_condition = None
    if condition is not None:
        try:
            new_condition = (
                condition if isinstance(condition, Condition) else parse_condition(condition)
            )
        except ValueError as exc:
            raise CollectionEditError(str(exc)) from None
    with open_session(ensure_database(path)) as session:
        entry = session.get(CollectionEntry, entry_id)
        if entry is None:
            raise CollectionEditError(f"no collection entry with id {entry_id}")
        if quantity is not None:
            entry.quantity = _count(quantity, "quantity")
        if for_trade is not None:
            entry.for_trade = _count(for_trade, "for_trade")
        if notes is not None:
            entry.notes = notes.strip()
        if location is not None:
            entry.location = location.strip()
        if new_condition is not None:
            entry.condition = new_condition.value
        twin = session.exec(
            select(CollectionEntry).where(
                CollectionEntry.card_id == entry.card_id,
                CollectionEntry.condition == entry.condition,
                CollectionEntry.location == entry.location,
                CollectionEntry.id != entry.id,
            )
        ).first()
        if twin is not None:
            twin.quantity += entry.quantity
            twin.for_trade = max(twin.for_trade, entry.for_trade)
            twin.notes = twin.notes or entry.notes
            session.delete(entry)
            entry = twin
        session.add(entry)
        session.commit()
        session.refresh(entry)
        name = session.get(Card, entry.card_id).name
        return OwnedEntry(
            entry.id,
            name,
            entry.quantity,
            Condition(entry.condition),
            entry.location,
            entry.notes,
            entry.for_trade,
        )


def remove_entry(entry_id: int, path: Path | None = None) -> bool:
    """Delete one collection entry; returns whether it existed."""

    from card_db.models import CollectionEntry

    with open_session(ensure_database(path)) as session:
        entry = session.get(CollectionEntry, entry_id)
        if entry is None:
            return False
        session.delete(entry)
        session.commit()
        return True


def wishlist(path: Path | None = None) -> list[WishlistItem]:
    """Every wishlist entry, by card name."""
    conn = connect_readonly(path)
    try:
        rows = conn.execute(
            "SELECT c.name, w.quantity, w.notes FROM wishlist_entry w "
            "JOIN card c ON c.id = w.card_id ORDER BY c.name"
        ).fetchall()
    finally:
        conn.close()
    return [WishlistItem(*row) for row in rows]


def set_wishlist(
    name: str, quantity: int = 1, notes: str | None = None, path: Path | None = None
) -> WishlistItem | None:
    """Want ``quantity`` copies of card ``name``; 0 takes it off the wishlist.

    ``notes`` ``None`` keeps the stored notes. Returns the stored item, or ``None``
    when removed. Raises :class:`card_db.catalogue.UnknownCardError` (with the
    closest names) for an unknown card and :class:`CollectionEditError` for a bad
    quantity.
    """
    from sqlmodel import select

    from card_db.models import Card, WishlistEntry
    from deckbuilder.services.catalogue import load_catalogue

    _count(quantity, "quantity")
    db = ensure_database(path)
    record = load_catalogue(db).resolve(name)
    with open_session(db) as session:
        card = session.exec(select(Card).where(Card.name == record.name)).one()
        entry = session.exec(select(WishlistEntry).where(WishlistEntry.card_id == card.id)).first()
        if quantity == 0:
            if entry is not None:
                session.delete(entry)
                session.commit()
            return None
        entry = entry or WishlistEntry(card_id=card.id)
        entry.quantity = quantity
        if notes is not None:
            entry.notes = notes.strip()
        session.add(entry)
        session.commit()
        return WishlistItem(record.name, entry.quantity, entry.notes)


def set_completion(path: Path | None = None) -> list[SetCompletion]:
    """Owned against total for every set in the catalogue, by set name."""
    from deckbuilder.services.catalogue import load_catalogue

    owned = owned_counts(path)
    by_set: dict[str, list[str]] = {}
    for record in load_catalogue(path):
        by_set.setdefault(record.set_name, []).append(record.name)
    result = []
    for set_name in sorted(by_set):
        names = sorted(by_set[set_name])
        missing = tuple(n for n in names if owned.get(n, 0) == 0)
        result.append(SetCompletion(set_name, len(names) - len(missing), len(names), missing))
    return result
