"""The user's collection: owned copies and wishlist.

Files in the collection CSV format (:mod:`deckbuilder.formats.collection_csv`) are
imported and exported here. An import is all-or-nothing; by default it sets the
quantities the file lists (so importing an export changes nothing), or it adds them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from card_db.atomic import replace_file
from card_db.catalogue import Catalogue, UnknownCardError
from card_db.errors import UserError
from card_db.reader import owned_counts as _owned_counts
from card_db.records import CardRecord, Condition
from card_db.userdb import UserDatabase
from deckbuilder.formats.collection_csv import (
    COLUMNS,
    MAX_PROBLEMS,
    MAX_QUANTITY,
    CollectionFile,
    CollectionFileError,
    CollectionFileProblems,
    CollectionRow,
    ColumnChoice,
    ProblemList,
    check_free_text,
    parse_condition,
    read_collection_rows,
    write_collection_csv,
)
from deckbuilder.formats.collection_layouts import write_layout_csv
from deckbuilder.formats.collection_presets import ColumnMapping
from deckbuilder.presentation import count_text
from deckbuilder.services.changes import Changes, Outcome
from deckbuilder.services.undo_history import record as record_step
from deckbuilder.services.undo_history import snapshot


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


#: An entry's identity: (card name, condition, location).
EntryKey = tuple[str, Condition, str]


@dataclass(frozen=True, slots=True)
class EntryChange:
    """How an import changes one collection entry (card ``name``, ``condition``,
    ``location``): copies ``old`` -> ``new`` (``old`` is ``None`` for a new entry), and
    the trade count and notes, each as (before, after)."""

    name: str
    condition: Condition
    location: str
    old: int | None
    new: int
    for_trade: tuple[int, int] = (0, 0)
    notes: tuple[str, str] = ("", "")

    def describe(self) -> str:
        """One line for a terminal: ``"Gentle (Near Mint, Binder 1): 2 -> 3"``."""
        where = ", ".join(p for p in (self.condition.value, self.location) if p)
        text = f"{self.name} ({where}): {self.old or 0} -> {self.new}"
        if self.old is None:
            text += " (new entry)"
        if self.for_trade[0] != self.for_trade[1]:
            text += f", for trade {self.for_trade[0]} -> {self.for_trade[1]}"
        if self.notes[0] != self.notes[1]:
            text += ", notes changed"
        return text


@dataclass(frozen=True)
class CollectionImport:
    """What an import changes: the ``changes`` of the entries it touches (file order),
    the ``unchanged`` entries it lists as they already are, and whether it ``adds``
    copies (``--add``) or sets the quantities the file lists (the default)."""

    changes: tuple[EntryChange, ...]
    unchanged: int
    adds: bool = False
    #: The file's condition words on none of our steps (see
    #: :attr:`~deckbuilder.formats.collection_csv.CollectionFile.unmapped_conditions`).
    unmapped_conditions: tuple[tuple[str, int], ...] = ()

    def unmapped_text(self) -> str:
        """One sentence naming :attr:`unmapped_conditions` (``""`` if none)."""
        if not self.unmapped_conditions:
            return ""
        listed = ", ".join(f"{word!r} ({count_text(n, 'row', 'rows')})"
                           for word, n in self.unmapped_conditions)
        return ("Condition words on no step of our scale, read as Near Mint with the word "
                f"kept in the notes: {listed}.")

    @property
    def copies_before(self) -> int:
        return sum(c.old or 0 for c in self.changes)

    @property
    def copies_after(self) -> int:
        return sum(c.new for c in self.changes)

    @property
    def new_entries(self) -> int:
        return sum(1 for c in self.changes if c.old is None)

    def summary(self) -> str:
        """One sentence: how many entries change, are new, stay; copies before/after."""
        if not self.changes:
            return f"nothing changes ({_entries_text(self.unchanged)} already as listed)"
        changed = len(self.changes) - self.new_entries
        return (
            f"{count_text(self.new_entries, 'new entry', 'new entries')}, {changed} changed, "
            f"{self.unchanged} unchanged; copies in those entries "
            f"{self.copies_before:,} -> {self.copies_after:,}"
        )


@dataclass(frozen=True, slots=True)
class _Stored:
    """One stored entry's values an import may change (``entry_id`` ``None``: new)."""

    entry_id: int | None
    quantity: int
    for_trade: int
    notes: str


def _resolve(
    rows: Sequence[CollectionRow],
    catalogue: Catalogue,
    label: str,
    problems: ProblemList,
    progress: Callable[[int, int], None] | None = None,
    name_column: int = 1,
) -> list[CollectionRow]:
    """``rows`` with canonical card names; each unknown name is added to ``problems``
    (at ``name_column``, 1-based)."""
    resolved = []
    names: dict[str, str] = {}
    for done, row in enumerate(rows, start=1):
        try:
            check_free_text("location", row.location)
            check_free_text("notes", row.notes)
        except ValueError as exc:
            problems.add(CollectionFileError(label, row.line or done, None, str(exc)))
            continue
        try:
            name = names.get(row.name) or names.setdefault(
                row.name, catalogue.resolve(row.name).name
            )
            resolved.append(row if name == row.name else replace(row, name=name))
        except UnknownCardError as exc:
            problems.add(CollectionFileError(label, row.line or done, name_column, str(exc)))
        if progress is not None:
            progress(done, len(rows))
    return resolved


def _resolve_all(
    rows: Sequence[CollectionRow],
    catalogue: Catalogue,
    label: str,
    progress: Callable[[int, int], None] | None = None,
) -> list[CollectionRow]:
    """``rows`` with canonical card names; every unknown name is reported at once as
    :class:`CollectionFileProblems` (the first :data:`MAX_PROBLEMS`)."""
    problems = ProblemList()
    resolved = _resolve(rows, catalogue, label, problems, progress)
    if problems:
        raise CollectionFileProblems(label, problems.kept, problems.more)
    return resolved


def _merge(rows: Iterable[CollectionRow]) -> dict[EntryKey, CollectionRow]:
    """Rows of the same card, condition and location as one: copies add up, the larger
    trade count and the last notes given are kept."""
    merged: dict[EntryKey, CollectionRow] = {}
    for row in rows:
        key = (row.name, row.condition, row.location)
        seen = merged.get(key)
        if seen is not None:
            row = replace(
                seen,
                quantity=seen.quantity + row.quantity,
                for_trade=max(seen.for_trade, row.for_trade),
                notes=row.notes or seen.notes,
            )
        merged[key] = row
    return merged


def _kept_notes(old: str, added: str) -> str:
    """The entry's ``old`` notes with ``added`` (a condition word the file's tool wrote,
    from a file without a notes column) appended unless already there."""
    if not added or added in old:
        return old
    return f"{old}; {added}" if old else added


def plan_import(
    rows: Iterable[CollectionRow],
    stored: Mapping[EntryKey, _Stored],
    *,
    adds: bool = False,
    columns: Sequence[str] = COLUMNS,
    label: str = "input",
) -> CollectionImport:
    """What importing ``rows`` (canonical names) would change given the ``stored``
    entries. Rows of the same card, condition and location count as one (copies add
    up). Setting (the default): each listed entry gets the file's copies, and its
    trade count and notes if the file has those ``columns``. Adding: copies add up,
    the larger trade count and non-empty notes are kept. Entries the file does not
    list are never touched. Raises :class:`CollectionFileError` for a total above
    :data:`MAX_QUANTITY`."""
    changes, unchanged = [], 0
    for key, row in _merge(rows).items():
        old = stored.get(key, _Stored(None, 0, 0, ""))
        if adds:
            quantity = old.quantity + row.quantity
            for_trade = max(old.for_trade, row.for_trade)
            notes = row.notes or old.notes
        else:
            quantity = row.quantity
            for_trade = row.for_trade if "for_trade" in columns else old.for_trade
            notes = row.notes if "notes" in columns else _kept_notes(old.notes, row.notes)
        if quantity > MAX_QUANTITY:
            raise CollectionFileError(
                label, row.line, None, f"{key[0]}: {quantity} copies (at most {MAX_QUANTITY})"
            )
        same = (quantity, for_trade, notes) == (old.quantity, old.for_trade, old.notes)
        if same and old.entry_id is not None:
            unchanged += 1
            continue
        changes.append(EntryChange(*key, None if old.entry_id is None else old.quantity,
                                   quantity, (old.for_trade, for_trade), (old.notes, notes)))
    return CollectionImport(tuple(changes), unchanged, adds)


def stored_entries(db: UserDatabase) -> dict[EntryKey, _Stored]:
    """Every collection entry's values an import compares, by (card, condition, location)."""
    with db.read() as conn:
        return _stored(conn.execute(_STORED_SQL).fetchall())


_STORED_SQL = (
    "SELECT c.name, e.condition, e.location, e.id, e.quantity, e.for_trade, e.notes "
    "FROM collection_entry e JOIN card c ON c.id = e.card_id ORDER BY e.id"
)


def _stored(rows) -> dict[EntryKey, _Stored]:
    stored: dict[EntryKey, _Stored] = {}
    for name, condition, location, *values in rows:
        stored.setdefault((name, Condition(condition), location), _Stored(*values))
    return stored


def import_rows(
    db: UserDatabase,
    rows: Sequence[CollectionRow],
    *,
    adds: bool = False,
    columns: Sequence[str] = COLUMNS,
    label: str = "input",
    progress: Callable[[int, int], None] | None = None,
) -> Outcome[CollectionImport]:
    """Import ``rows`` in one transaction, setting (default) or adding (``adds``) the
    copies they list, as :func:`plan_import` says; the value is what changed.

    Raises :class:`CollectionFileProblems` (nothing written) listing every unknown
    name with the closest card names. ``progress``, if given, is called with (rows
    checked, total rows) and may raise to stop: nothing is written then (the write
    is one transaction, after the last report). The undo puts the touched cards'
    entries back as they were.
    """
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import select

    from card_db.models import Card

    resolved = _resolve_all(rows, db.catalogue(), label, progress)
    names = {r.name for r in resolved}
    with db.session() as session:
        ids = dict(session.exec(select(Card.name, Card.id).where(Card.name.in_(names))).all())
        card_ids = frozenset(ids.values())
        before = entry_snapshot(session, card_ids)
        name_of = {card_id: name for name, card_id in ids.items()}
        stored = _stored(
            (name_of[r["card_id"]], r["condition"], r["location"], r["id"], r["quantity"],
             r["for_trade"], r["notes"])
            for r in before
        )
        plan = plan_import(resolved, stored, adds=adds, columns=columns, label=label)
        _write_changes(session, plan, stored, ids)
        changes = record_entries(session, _import_label(plan, label), card_ids, before)
        session.commit()
    return Outcome(plan, changes)


def _write_changes(session, plan: CollectionImport, stored, ids: dict[str, int]) -> None:
    # lazy: SQLModel and the table models load only when the database is written
    from sqlalchemy import bindparam, insert, update

    from card_db.models import CollectionEntry, utcnow

    table = CollectionEntry.__table__
    connection = session.connection()
    now = utcnow()
    changes = plan.changes
    for first in range(0, len(changes), _BATCH):
        updates, inserts = [], []
        for change in changes[first:first + _BATCH]:
            values = {"quantity": change.new, "for_trade": change.for_trade[1],
                      "notes": change.notes[1]}
            if change.old is None:
                inserts.append({"card_id": ids[change.name], "date_added": now,
                                "condition": change.condition.value,
                                "location": change.location, **values})
            else:
                key = (change.name, change.condition, change.location)
                updates.append({"entry_id": stored[key].entry_id, **values})
        if updates:
            connection.execute(
                update(table).where(table.c.id == bindparam("entry_id")), updates
            )
        if inserts:
            connection.execute(insert(table), inserts)


#: Entries written per statement batch (keeps an import's memory small).
_BATCH = 1000


def _import_label(plan: CollectionImport, label: str) -> str:
    verb = "Add" if plan.adds else "Import"
    if len(plan.changes) == 1:
        change = plan.changes[0]
        if plan.adds:
            return f"Add {change.new - (change.old or 0)} × {change.name}"
        return f"Set {change.name} to {change.new}"
    return f"{verb} {_entries_text(len(plan.changes))} from {label}"


def _entries_text(count: int) -> str:
    return count_text(count, "entry", "entries")


def add_rows(
    db: UserDatabase,
    rows: list[CollectionRow],
    label: str = "input",
    progress: Callable[[int, int], None] | None = None,
) -> Outcome[int]:
    """Add owned copies in one transaction; the outcome's value is the copies added.

    Rows merge into an existing entry of the same card, condition and location
    (:func:`import_rows` with ``adds``). Raises :class:`CollectionFileError` (nothing
    written) if any name is unknown; the message suggests the closest card names.
    ``progress``, if given, is called with (rows done, total rows); nothing is
    visible to other connections until the single commit at the end. The undo puts
    the touched cards' entries back as they were.
    """
    outcome = import_rows(db, rows, adds=True, label=label, progress=progress)
    copies = sum(r.quantity for r in rows)
    return Outcome(copies, outcome.changes)


def import_collection_csv(
    db: UserDatabase,
    file: Path,
    *,
    adds: bool = False,
    progress: Callable[[str, int, int], None] | None = None,
    choice: ColumnChoice | None = None,
) -> Outcome[CollectionImport]:
    """Read a collection CSV and import it, all-or-nothing (see :func:`import_rows`);
    ``choice`` forces a preset or remaps columns (default: detected from the header).

    ``progress``, if given, is called with (stage, done, total): stage ``"read"``
    counts bytes, ``"check"`` rows. Raises :class:`CollectionFileError` for a file
    that cannot be read, or :class:`CollectionFileProblems` listing every bad row and
    unknown card name at once, with nothing written.
    """
    read = partial(progress, "read") if progress else None
    check = partial(progress, "check") if progress else None
    parsed, resolved = _checked_file(db, file, read, choice)
    outcome = import_rows(db, resolved, adds=adds, columns=parsed.columns,
                          label=str(file), progress=check)
    return replace(outcome, value=replace(
        outcome.value, unmapped_conditions=parsed.unmapped_conditions))


def preview_import(db: UserDatabase, file: Path, *, adds: bool = False,
                   choice: ColumnChoice | None = None) -> CollectionImport:
    """What :func:`import_collection_csv` would change, writing nothing; raises as it
    does (every problem of the file at once)."""
    parsed, resolved = _checked_file(db, file, None, choice)
    plan = plan_import(resolved, stored_entries(db), adds=adds, columns=parsed.columns,
                       label=str(file))
    return replace(plan, unmapped_conditions=parsed.unmapped_conditions)


@dataclass(frozen=True)
class _FileCheck:
    """A collection CSV read and its names resolved: every problem, by line."""

    parsed: CollectionFile
    resolved: list[CollectionRow]
    problems: list[CollectionFileError]
    more: int


def _check_file(
    db: UserDatabase, file: Path, progress: Callable[[int, int], None] | None = None,
    choice: ColumnChoice | None = None,
) -> _FileCheck:
    parsed = read_collection_rows(file, progress, choice)
    unknown = ProblemList()
    fields = parsed.mapping.fields if parsed.mapping else ("name",)
    resolved = _resolve(parsed.rows, db.catalogue(), str(file), unknown,
                        name_column=fields.index("name") + 1)
    found = sorted([*parsed.problems, *unknown.kept], key=lambda p: (p.line or 0, str(p.column)))
    more = parsed.more + unknown.more + max(0, len(found) - MAX_PROBLEMS)
    return _FileCheck(parsed, resolved, found[:MAX_PROBLEMS], more)


def _checked_file(
    db: UserDatabase, file: Path, progress: Callable[[int, int], None] | None = None,
    choice: ColumnChoice | None = None,
) -> tuple[CollectionFile, list[CollectionRow]]:
    """The file read and resolved; :class:`CollectionFileProblems` if anything is wrong."""
    check = _check_file(db, file, progress, choice)
    if check.problems:
        raise CollectionFileProblems(str(file), check.problems, check.more)
    return check.parsed, check.resolved


def collection_rows(db: UserDatabase) -> list[CollectionRow]:
    """Every collection entry, by card name then condition."""
    with db.read() as conn:
        rows = conn.execute(
            "SELECT c.name, e.quantity, e.condition, e.location, e.notes, e.for_trade "
            "FROM collection_entry e JOIN card c ON c.id = e.card_id "
            "ORDER BY c.name, e.condition, e.location"
        ).fetchall()
    return [CollectionRow(r[0], r[1], Condition(r[2]), r[3], r[4], r[5]) for r in rows]


def export_collection_csv(db: UserDatabase, file: Path, layout: str = "ours") -> int:
    """Write the collection as CSV; returns the rows written. ``layout`` is ``"ours"``
    (the import format) or a layout of :data:`~deckbuilder.formats.collection_layouts.LAYOUTS`
    (``"deckbox"``, ``"moxfield"``: no location or notes columns).

    The file is replaced atomically; ``OSError`` (e.g. a full disk) leaves the old one.
    """
    rows = collection_rows(db)
    text = write_collection_csv(rows) if layout == "ours" else write_layout_csv(rows, layout)
    replace_file(file, text.encode("utf-8"))
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
    """A collection CSV read but not imported: the ``rows`` read and the ``problems``.

    ``problems`` holds every :class:`CollectionFileError` found (the first
    :data:`~deckbuilder.formats.collection_csv.MAX_PROBLEMS`; ``more`` counts the
    others): a file that cannot be read at all (``rows`` is then empty), each row the
    file format rejects, each unknown card name. ``columns`` are the header's,
    ``stored`` the collection's entries when it was read. ``ok`` is true when the
    rows can be imported as they are; :meth:`plan` says what the import would change.
    """

    rows: tuple[CollectionRow, ...]
    problems: tuple[CollectionFileError, ...]
    more: int = 0
    columns: tuple[str, ...] = COLUMNS
    resolved: tuple[CollectionRow, ...] = ()
    stored: Mapping[EntryKey, _Stored] = field(default_factory=dict)
    mapping: ColumnMapping | None = None
    unmapped_conditions: tuple[tuple[str, int], ...] = ()

    @property
    def ok(self) -> bool:
        return bool(self.rows) and not self.problems

    def plan(self, adds: bool = False) -> CollectionImport:
        """What importing the rows would change (setting, or adding with ``adds``)."""
        plan = plan_import(self.resolved, self.stored, adds=adds, columns=self.columns)
        return replace(plan, unmapped_conditions=self.unmapped_conditions)

    def stored_quantity(self, row: CollectionRow) -> int:
        """Copies stored now in the entry ``row`` (a row of :attr:`resolved`) names."""
        stored = self.stored.get((row.name, row.condition, row.location))
        return stored.quantity if stored else 0


def preview_collection_csv(
    db: UserDatabase, file: Path, progress: Callable[[int, int], None] | None = None,
    choice: ColumnChoice | None = None,
) -> CollectionPreview:
    """Read a collection CSV and check every row and card name, writing nothing.

    Unlike :func:`import_collection_csv`, problems are returned, not raised: every
    bad row and unknown name (its message suggests the closest names) is listed, by
    line, so the user sees every problem before deciding to import. ``progress``, if
    given, gets (bytes read, file size) as the file is read; ``choice`` forces a preset
    or remaps columns, and the preview's ``mapping`` says how columns were read.
    """
    try:
        check = _check_file(db, file, progress, choice)
    except CollectionFileError as exc:
        return CollectionPreview((), (exc,))
    parsed = check.parsed
    if check.problems:
        return CollectionPreview(parsed.rows, tuple(check.problems), check.more, parsed.columns,
                                 mapping=parsed.mapping)
    return CollectionPreview(parsed.rows, (), 0, parsed.columns, tuple(check.resolved),
                             stored_entries(db), parsed.mapping, parsed.unmapped_conditions)


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
    location = None if location is None else location.strip()
    notes = None if notes is None else notes.strip()
    for field_name, text in (("location", location), ("notes", notes)):
        try:
            check_free_text(field_name, text or "")
        except ValueError as exc:
            raise CollectionEditError(str(exc)) from None
    asked = {"quantity": quantity, "condition": new_condition and new_condition.value,
             "location": location, "notes": notes, "trade count": for_trade}
    with db.session() as session:
        entry = session.get(CollectionEntry, entry_id)
        if entry is None:
            raise CollectionEditError(f"no collection entry with id {entry_id}")
        before = entry_snapshot(session, {entry.card_id})
        if quantity is not None:
            entry.quantity = _count(quantity, "quantity")
        if for_trade is not None:
            entry.for_trade = _count(for_trade, "for_trade")
        if notes is not None:
            entry.notes = notes
        if location is not None:
            entry.location = location
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
        name = session.get(Card, entry.card_id).name
        fields = [(k, v) for k, v in asked.items() if v is not None]
        if len(fields) == 1 and fields[0][0] != "notes":
            label = f"Set {fields[0][0]} of {name} to {fields[0][1]}"
        else:
            label = f"Edit {', '.join(k for k, _ in fields) or 'nothing'} of {name}"
        changes = record_entries(session, label, {entry.card_id}, before)
        session.commit()
        session.refresh(entry)
        stored = OwnedEntry(
            entry.id,
            name,
            entry.quantity,
            Condition(entry.condition),
            entry.location,
            entry.notes,
            entry.for_trade,
        )
    return Outcome(stored, changes)


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
        card_ids = {entry.card_id}
        before = entry_snapshot(session, card_ids)
        name = session.get(Card, entry.card_id).name
        label = f"Remove {entry.quantity} × {name} ({entry.condition})"
        session.delete(entry)
        changes = record_entries(session, label, card_ids, before)
        session.commit()
    return changes


# ---------------------------------------------------------------------------
# Undo of collection writes: steps of the database's one undo history


def entry_snapshot(session, card_ids) -> list[dict]:
    """The ``collection_entry`` rows of the cards ``card_ids`` (by id, JSON-ready), read in
    ``session``: the "before" of :func:`record_entries`."""
    return snapshot(session, "collection_entry", card_ids)


def record_entries(session, label: str, card_ids, before: list[dict]) -> Changes:
    """Record in ``session``'s transaction the step that puts the entries of ``card_ids``
    back to ``before`` (:func:`deckbuilder.services.undo_history.record`); the caller
    commits. The Changes' undo undoes that step."""
    return record_step(session, "collection_entry", label, card_ids, before)


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
        before = snapshot(session, "wishlist_entry", {card.id})
        old_quantity = entry.quantity if entry else 0
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
        if quantity == 0:
            label = f"Take {record.name} off the wishlist"
        elif old_quantity == 0:
            label = f"Add {record.name} to the wishlist"
        else:
            label = f"Want {quantity} × {record.name}"
        changes = record_step(session, "wishlist_entry", label, {card.id}, before)
        session.commit()
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
