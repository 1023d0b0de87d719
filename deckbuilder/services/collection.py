"""The user's collection: owned copies, wishlist, and the collection CSV format.

Collection CSV columns (header required): ``name,quantity,condition,location,notes,for_trade``.
``condition`` is one of the :class:`card_db.records.Condition` names (Mint, Near Mint,
Lightly Played, Moderately Played, Heavily Played, Damaged; case-insensitive, with the
usual abbreviations M, NM, LP, MP, HP, D). An import is all-or-nothing.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from card_db.catalogue import Catalogue, UnknownCardError
from card_db.database import connect_readonly, ensure_database, make_engine
from card_db.reader import owned_counts as _owned_counts
from card_db.records import CardRecord, Condition

COLUMNS = ("name", "quantity", "condition", "location", "notes", "for_trade")
MAX_QUANTITY = 100_000
_ABBREVIATIONS = {
    "m": Condition.MINT,
    "nm": Condition.NEAR_MINT,
    "lp": Condition.LIGHTLY_PLAYED,
    "mp": Condition.MODERATELY_PLAYED,
    "hp": Condition.HEAVILY_PLAYED,
    "d": Condition.DAMAGED,
    "dmg": Condition.DAMAGED,
}


class CollectionFileError(ValueError):
    """A bad collection file: ``path``, 1-based ``line`` and ``column``, ``message``."""

    def __init__(self, path: str, line: int, column: int | str, message: str):
        self.path, self.line, self.column, self.message = path, line, column, message
        super().__init__(f"{path}:{line}:{column}: {message}")


@dataclass(frozen=True)
class CollectionRow:
    """One row of owned copies: card name, quantity, condition, location, notes, for-trade count."""

    name: str
    quantity: int
    condition: Condition = Condition.NEAR_MINT
    location: str = ""
    notes: str = ""
    for_trade: int = 0


def parse_condition(text: str) -> Condition:
    """A condition from its name or abbreviation; raises ValueError naming the valid ones."""
    cleaned = " ".join(text.strip().split()).casefold()
    if not cleaned:
        return Condition.NEAR_MINT
    for condition in Condition:
        if condition.value.casefold() == cleaned:
            return condition
    if cleaned in _ABBREVIATIONS:
        return _ABBREVIATIONS[cleaned]
    valid = ", ".join(c.value for c in Condition)
    raise ValueError(f"unknown condition {text!r} (use one of: {valid})")


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


def _int_field(value: str, column: str, low: int, high: int) -> int:
    text = value.strip()
    if not text:
        return low if column == "for_trade" else 1
    try:
        number = int(text)
    except ValueError:
        raise ValueError(f"{column}: expected a whole number, got {value!r}") from None
    if not low <= number <= high:
        raise ValueError(f"{column}: {number} is outside {low}..{high}")
    return number


def read_collection_csv(path: Path) -> list[CollectionRow]:
    """Parse a collection CSV file; raises :class:`CollectionFileError` on any bad row."""
    label = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise CollectionFileError(label, 0, 0, f"cannot read file: {exc.strerror}") from exc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise CollectionFileError(label, line, 0, "not UTF-8 text") from exc
    if "\x00" in text:
        raise CollectionFileError(label, 1, 0, "binary data, not a CSV file")
    return parse_collection_rows(text, label)


def parse_collection_rows(text: str, label: str) -> list[CollectionRow]:
    """Parse collection CSV ``text``; ``label`` names the source in errors."""
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader)
    except StopIteration:
        raise CollectionFileError(label, 1, 1, "empty file: expected a header row") from None
    except csv.Error as exc:
        raise CollectionFileError(label, 1, 1, f"malformed CSV: {exc}") from exc
    names = [h.strip().casefold() for h in header]
    if "name" not in names:
        raise CollectionFileError(label, 1, 1, f"header must include 'name' (columns: {COLUMNS})")
    unknown = [h for h in names if h not in COLUMNS]
    if unknown:
        col = names.index(unknown[0]) + 1
        raise CollectionFileError(label, 1, col, f"unknown column {unknown[0]!r}")
    rows = []
    try:
        for values in reader:
            if not any(v.strip() for v in values):
                continue
            rows.append(_row(values, names, label, reader.line_num))
    except csv.Error as exc:
        raise CollectionFileError(label, reader.line_num, 1, f"malformed CSV: {exc}") from exc
    return rows


def _row(values: list[str], names: list[str], label: str, line: int) -> CollectionRow:
    if len(values) > len(names):
        raise CollectionFileError(label, line, len(names) + 1, "more fields than the header")
    fields = dict(zip(names, values + [""] * (len(names) - len(values)), strict=True))
    column = 1
    try:
        column = names.index("name") + 1
        name = fields["name"].strip()
        if not name:
            raise ValueError("name: empty")
        column = names.index("quantity") + 1 if "quantity" in names else column
        quantity = _int_field(fields.get("quantity", ""), "quantity", 0, MAX_QUANTITY)
        column = names.index("condition") + 1 if "condition" in names else column
        condition = parse_condition(fields.get("condition", ""))
        column = names.index("for_trade") + 1 if "for_trade" in names else column
        for_trade = _int_field(fields.get("for_trade", ""), "for_trade", 0, MAX_QUANTITY)
    except ValueError as exc:
        raise CollectionFileError(label, line, column, str(exc)) from None
    return CollectionRow(
        name,
        quantity,
        condition,
        fields.get("location", "").strip(),
        fields.get("notes", "").strip(),
        for_trade,
    )


def _resolve_all(rows: list[CollectionRow], catalogue: Catalogue, label: str) -> list[CardRecord]:
    resolved = []
    for index, row in enumerate(rows, start=2):
        try:
            resolved.append(catalogue.resolve(row.name))
        except UnknownCardError as exc:
            raise CollectionFileError(label, index, 1, str(exc)) from None
    return resolved


def add_rows(rows: list[CollectionRow], path: Path | None = None, label: str = "input") -> int:
    """Add owned copies in one transaction; returns the number of copies added.

    Rows merge into an existing entry of the same card, condition and location.
    Raises :class:`CollectionFileError` (nothing written) if any name is unknown;
    the message suggests the closest card names.
    """
    from sqlmodel import Session, select

    from card_db.models import Card, CollectionEntry
    from deckbuilder.services.catalogue import load_catalogue

    db = ensure_database(path)
    records = _resolve_all(rows, load_catalogue(db), label)
    engine = make_engine(db)
    try:
        with Session(engine) as session:
            ids = {c.name: c.id for c in session.exec(select(Card)).all()}
            for row, record in zip(rows, records, strict=True):
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
            session.commit()
    finally:
        engine.dispose()
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
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for r in rows:
        writer.writerow([r.name, r.quantity, r.condition.value, r.location, r.notes, r.for_trade])
    Path(file).write_text(buffer.getvalue(), encoding="utf-8")
    return len(rows)


def missing_cards(path: Path | None = None) -> list[CardRecord]:
    """Catalogue cards the user owns no copy of, by set then name."""
    from deckbuilder.services.catalogue import load_catalogue

    catalogue = load_catalogue(path)
    owned = owned_counts(path)
    return sorted(
        (r for r in catalogue if owned.get(r.name, 0) == 0), key=lambda r: (r.set_name, r.name)
    )
