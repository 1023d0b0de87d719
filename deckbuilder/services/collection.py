"""The user's collection: owned copies and wishlist.

Files in the collection CSV format (:mod:`deckbuilder.formats.collection_csv`) are
imported and exported here. An import is all-or-nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path

from card_db.atomic import replace_file
from card_db.catalogue import Catalogue, UnknownCardError
from card_db.errors import UserError
from card_db.reader import owned_counts as _owned_counts
from card_db.records import CardRecord, Condition
from card_db.userdb import UserDatabase
from deckbuilder.formats.collection_csv import (
    MAX_QUANTITY,
    CollectionFileError,
    CollectionRow,
    parse_condition,
    read_collection_csv,
    write_collection_csv,
)
from deckbuilder.services.changes import Changes, Outcome, Reversal


def owned_counts(db: UserDatabase) -> dict[str, int]:
    """Card name -> copies owned, over all conditions and locations."""
    with db.read() as conn:
        return _owned_counts(conn)


def deck_usage(db: UserDatabase, exclude_deck: str | None = None) -> dict[str, int]:
    """Card name -> copies used by the user's saved decks (main and sideboard).

    ``exclude_deck`` leaves out the saved deck of that name (the one being checked).
    """
    other = "" if exclude_deck is None else "WHERE d.name <> ? "
    with db.read() as conn:
        rows = conn.execute(
            "SELECT c.name, SUM(e.count) FROM deck_entry e JOIN deck d ON d.id = e.deck_id "
            f"JOIN card c ON c.id = e.card_id {other}GROUP BY c.name",
            () if exclude_deck is None else (exclude_deck,),
        ).fetchall()
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
    db: UserDatabase,
    rows: list[CollectionRow],
    label: str = "input",
    progress: Callable[[int, int], None] | None = None,
) -> Outcome[int]:
    """Add owned copies in one transaction; the outcome's value is the copies added.

    Rows merge into an existing entry of the same card, condition and location.
    Raises :class:`CollectionFileError` (nothing written) if any name is unknown;
    the message suggests the closest card names. ``progress``, if given, is called
    with (rows written, total rows) as the transaction advances; nothing is visible
    to other connections until the single commit at the end. The undo puts the
    touched cards' entries back as they were.
    """
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import select

    from card_db.models import Card, CollectionEntry

    records = _resolve_all(rows, db.catalogue(), label)
    with db.session() as session:
        names = {r.name for r in records}
        ids = dict(session.exec(select(Card.name, Card.id).where(Card.name.in_(names))).all())
        card_ids = frozenset(ids[r.name] for r in records)
        before = _entry_rows(session, card_ids)
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
    copies = sum(r.quantity for r in rows)
    if len(records) == 1:
        what = f"Add {copies} × {records[0].name}"
    else:
        what = f"Add {copies} copies of {len(set(r.name for r in records))} cards"
    return Outcome(copies, _undoable(what, card_ids, before))


def import_collection_csv(db: UserDatabase, file: Path) -> Outcome[int]:
    """Read and add a collection CSV, all-or-nothing; the value is the copies added."""
    return add_rows(db, read_collection_csv(file), label=str(file))


def collection_rows(db: UserDatabase) -> list[CollectionRow]:
    """Every collection entry, by card name then condition."""
    with db.read() as conn:
        rows = conn.execute(
            "SELECT c.name, e.quantity, e.condition, e.location, e.notes, e.for_trade "
            "FROM collection_entry e JOIN card c ON c.id = e.card_id "
            "ORDER BY c.name, e.condition, e.location"
        ).fetchall()
    return [CollectionRow(r[0], r[1], Condition(r[2]), r[3], r[4], r[5]) for r in rows]


def export_collection_csv(db: UserDatabase, file: Path) -> int:
    """Write the collection as CSV (the import format); returns the rows written.

    The file is replaced atomically; ``OSError`` (e.g. a full disk) leaves the old one.
    """
    rows = collection_rows(db)
    replace_file(file, write_collection_csv(rows).encode("utf-8"))
    return len(rows)


def missing_cards(db: UserDatabase) -> list[CardRecord]:
    """Catalogue cards the user owns no copy of, by set then name."""
    catalogue = db.catalogue()
    owned = owned_counts(db)
    return sorted(
        (r for r in catalogue if owned.get(r.name, 0) == 0), key=lambda r: (r.set_name, r.name)
    )


# ---------------------------------------------------------------------------
# Entry-level editing, the wishlist and set completion (used by the desktop app)


class CollectionEditError(UserError, ValueError):
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


def preview_collection_csv(db: UserDatabase, file: Path) -> CollectionPreview:
    """Read a collection CSV and check every card name, writing nothing.

    Unlike :func:`import_collection_csv`, an unknown name does not stop the check:
    each one is reported (its message suggests the closest names), so the user sees
    every problem before deciding to import.
    """
    try:
        rows = read_collection_csv(file)
    except CollectionFileError as exc:
        return CollectionPreview((), (exc,))
    catalogue = db.catalogue()
    problems = []
    for index, row in enumerate(rows, start=2):
        try:
            catalogue.resolve(row.name)
        except UnknownCardError as exc:
            problems.append(CollectionFileError(str(file), index, 1, str(exc)))
    return CollectionPreview(tuple(rows), tuple(problems))


def owned_entries(db: UserDatabase) -> list[OwnedEntry]:
    """Every collection entry with its id, by card name, condition and location."""
    with db.read() as conn:
        rows = conn.execute(
            "SELECT e.id, c.name, e.quantity, e.condition, e.location, e.notes, e.for_trade "
            "FROM collection_entry e JOIN card c ON c.id = e.card_id "
            "ORDER BY c.name, e.condition, e.location, e.id"
        ).fetchall()
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
    db: UserDatabase,
    entry_id: int,
    *,
    quantity: int | None = None,
    condition: Condition | str | None = None,
    location: str | None = None,
    notes: str | None = None,
    for_trade: int | None = None,
) -> Outcome[OwnedEntry]:
    """Change the given fields of one collection entry; the value is the entry as stored.

    A ``condition`` may be a :class:`Condition` or text for :func:`parse_condition`.
    If the new condition and location equal another entry's of the same card, the
    two merge (quantities add up, the larger trade count and any notes are kept)
    and the surviving entry is returned. A quantity of 0 keeps the entry (0 copies).
    Raises :class:`CollectionEditError` for an unknown entry or a bad value; nothing
    is written then. The undo puts the card's entries back as they were (ids kept).
    """
    # lazy: SQLModel and the table models load only when the database is written
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
    asked = {"quantity": quantity, "condition": new_condition and new_condition.value,
             "location": location, "notes": notes, "trade count": for_trade}
    with db.session() as session:
        entry = session.get(CollectionEntry, entry_id)
        if entry is None:
            raise CollectionEditError(f"no collection entry with id {entry_id}")
        before = _entry_rows(session, frozenset({entry.card_id}))
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
        stored = OwnedEntry(
            entry.id,
            name,
            entry.quantity,
            Condition(entry.condition),
            entry.location,
            entry.notes,
            entry.for_trade,
        )
        card_id = entry.card_id
    fields = [(k, v) for k, v in asked.items() if v is not None]
    if len(fields) == 1 and fields[0][0] != "notes":
        label = f"Set {fields[0][0]} of {name} to {fields[0][1]}"
    else:
        label = f"Edit {', '.join(k for k, _ in fields) or 'nothing'} of {name}"
    return Outcome(stored, _undoable(label, frozenset({card_id}), before))


def remove_entry(db: UserDatabase, entry_id: int) -> Changes:
    """Delete one collection entry; ``changes.changed`` says whether it existed.

    The undo puts it back (same id).
    """
    # lazy: SQLModel and the table models load only when the database is written
    from card_db.models import Card, CollectionEntry

    with db.session() as session:
        entry = session.get(CollectionEntry, entry_id)
        if entry is None:
            return Changes(label="Remove an entry")
        card_ids = frozenset({entry.card_id})
        before = _entry_rows(session, card_ids)
        name = session.get(Card, entry.card_id).name
        label = f"Remove {entry.quantity} × {name} ({entry.condition})"
        session.delete(entry)
        session.commit()
    return _undoable(label, card_ids, before)


# ---------------------------------------------------------------------------
# Undo of collection writes: the touched cards' entries are put back as they were


@dataclass(frozen=True)
class _EntryRow:
    """One ``collection_entry`` row as stored (id included), for undo."""

    entry_id: int
    card_id: int
    quantity: int
    condition: str
    location: str
    notes: str
    for_trade: int
    date_added: datetime


def _entry_rows(session, card_ids: frozenset[int]) -> tuple[_EntryRow, ...]:
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import select

    from card_db.models import CollectionEntry

    entries = session.exec(
        select(CollectionEntry).where(CollectionEntry.card_id.in_(card_ids))
    ).all()
    return tuple(
        _EntryRow(e.id, e.card_id, e.quantity, e.condition, e.location, e.notes, e.for_trade,
                  e.date_added)
        for e in entries
    )


def _undoable(label: str, card_ids: frozenset[int], before: tuple[_EntryRow, ...]) -> Changes:
    undo = partial(restore_entries, card_ids=card_ids, rows=before, label=label)
    return Changes(label=label, collection=True, undo=Reversal(label, undo))


def restore_entries(
    db: UserDatabase, *, card_ids: frozenset[int], rows: tuple[_EntryRow, ...], label: str
) -> Changes:
    """Give the cards ``card_ids`` exactly the collection entries ``rows`` (ids kept), in
    one transaction; the returned undo is the redo. Used by the collection's undo."""
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import delete

    from card_db.models import CollectionEntry

    with db.session() as session:
        current = _entry_rows(session, card_ids)
        session.exec(delete(CollectionEntry).where(CollectionEntry.card_id.in_(card_ids)))
        session.flush()
        for row in rows:
            taken = session.get(CollectionEntry, row.entry_id) is not None
            session.add(
                CollectionEntry(
                    id=None if taken else row.entry_id,
                    card_id=row.card_id,
                    quantity=row.quantity,
                    condition=row.condition,
                    location=row.location,
                    notes=row.notes,
                    for_trade=row.for_trade,
                    date_added=row.date_added,
                )
            )
        session.commit()
    return _undoable(label, card_ids, current)


# ---------------------------------------------------------------------------
# The wishlist and set completion


def wishlist(db: UserDatabase) -> list[WishlistItem]:
    """Every wishlist entry, by card name."""
    with db.read() as conn:
        rows = conn.execute(
            "SELECT c.name, w.quantity, w.notes FROM wishlist_entry w "
            "JOIN card c ON c.id = w.card_id ORDER BY c.name"
        ).fetchall()
    return [WishlistItem(*row) for row in rows]


def set_wishlist(
    db: UserDatabase, name: str, quantity: int = 1, notes: str | None = None
) -> Outcome[WishlistItem | None]:
    """Want ``quantity`` copies of card ``name``; 0 takes it off the wishlist.

    ``notes`` ``None`` keeps the stored notes. The value is the stored item, or
    ``None`` when removed; the undo puts the old wish back. Raises
    :class:`card_db.catalogue.UnknownCardError` (with the closest names) for an
    unknown card and :class:`CollectionEditError` for a bad quantity.
    """
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import select

    from card_db.models import Card, WishlistEntry

    _count(quantity, "quantity")
    record = db.catalogue().resolve(name)
    with db.session() as session:
        card = session.exec(select(Card).where(Card.name == record.name)).one()
        entry = session.exec(select(WishlistEntry).where(WishlistEntry.card_id == card.id)).first()
        old_quantity, old_notes = (entry.quantity, entry.notes) if entry else (0, "")
        item = None
        if quantity == 0:
            if entry is not None:
                session.delete(entry)
        else:
            entry = entry or WishlistEntry(card_id=card.id)
            entry.quantity = quantity
            if notes is not None:
                entry.notes = notes.strip()
            session.add(entry)
            item = WishlistItem(record.name, entry.quantity, entry.notes)
        session.commit()
    if quantity == 0:
        label = f"Take {record.name} off the wishlist"
    elif old_quantity == 0:
        label = f"Add {record.name} to the wishlist"
    else:
        label = f"Want {quantity} × {record.name}"
    if old_quantity == 0 and quantity == 0:
        return Outcome(None, Changes(label=label))
    undo = partial(set_wishlist, name=record.name, quantity=old_quantity, notes=old_notes)
    changes = Changes(
        label=label, wishlist=True, undo=Reversal(label, lambda again: undo(again).changes)
    )
    return Outcome(item, changes)


def set_completion(db: UserDatabase) -> list[SetCompletion]:
    """Owned against total for every set in the catalogue, by set name."""
    owned = owned_counts(db)
    by_set: dict[str, list[str]] = {}
    for record in db.catalogue():
        by_set.setdefault(record.set_name, []).append(record.name)
    result = []
    for set_name in sorted(by_set):
        names = sorted(by_set[set_name])
        missing = tuple(n for n in names if owned.get(n, 0) == 0)
        result.append(SetCompletion(set_name, len(names) - len(missing), len(names), missing))
    return result
