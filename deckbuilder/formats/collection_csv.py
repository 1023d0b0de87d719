"""The collection CSV format: owned copies, one row per card, condition and location.

Columns (header required, any order, any case): ``name,quantity,condition,location,
notes,for_trade``; only ``name`` is required. ``quantity`` defaults to 1 and
``for_trade`` to 0 (whole numbers 0..:data:`MAX_QUANTITY`). ``condition`` is one of the
:class:`card_db.records.Condition` names (Mint, Near Mint, Lightly Played, Moderately
Played, Heavily Played, Damaged; case-insensitive, with the usual abbreviations M, NM,
LP, MP, HP, D); empty means Near Mint. Decoded by
:func:`deckbuilder.formats.textfiles.decode_bytes` (UTF-8, UTF-16, Windows-1252); an
Excel ``sep=;`` first line and blank lines before the header are accepted; blank rows
are skipped. Any bad row raises :class:`CollectionFileError` with its line and column.
:func:`write_collection_csv` writes every column, ``\\n`` line endings.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from card_db.errors import UserError
from card_db.records import Condition
from deckbuilder.formats.textfiles import TextDecodeError, csv_preamble, decode_bytes

COLUMNS = ("name", "quantity", "condition", "location", "notes", "for_trade")
#: Most copies one row (or one collection entry) may hold.
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


class CollectionFileError(UserError, ValueError):
    """A bad collection file: ``path``, 1-based ``line`` and ``column``, ``message``."""

    def __init__(self, path: str, line: int, column: int | str, message: str):
        super().__init__(message, file=path, line=line, column=column)  # type: ignore[arg-type]
        self.path = path


class ConditionError(UserError, ValueError):
    """Text that names no card condition; the message lists the valid ones."""


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
    """A condition from its name or abbreviation (empty: Near Mint); raises
    :class:`ConditionError` naming the valid ones."""
    cleaned = " ".join(text.strip().split()).casefold()
    if not cleaned:
        return Condition.NEAR_MINT
    for condition in Condition:
        if condition.value.casefold() == cleaned:
            return condition
    if cleaned in _ABBREVIATIONS:
        return _ABBREVIATIONS[cleaned]
    valid = ", ".join(c.value for c in Condition)
    raise ConditionError(
        f"unknown condition {text!r} (use one of: {valid})",
        suggestions=[c.value for c in Condition],
    )


def read_collection_csv(path: Path) -> list[CollectionRow]:
    """Parse a collection CSV file; raises :class:`CollectionFileError` on any bad row."""
    label = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise CollectionFileError(label, 0, 0, f"cannot read file: {exc.strerror}") from exc
    try:
        text, _ = decode_bytes(raw)
    except TextDecodeError as exc:
        raise CollectionFileError(label, exc.line or 1, exc.column or 0, exc.message) from exc
    if "\x00" in text:
        raise CollectionFileError(label, 1, 0, "binary data, not a CSV file")
    return parse_collection_rows(text, label)


def parse_collection_rows(text: str, label: str) -> list[CollectionRow]:
    """Parse collection CSV ``text``; ``label`` names the source in errors."""
    text, delimiter = csv_preamble(text)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        header = next(reader)
        while not any(cell.strip() for cell in header):  # blank lines before the header
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


def write_collection_csv(rows: Iterable[CollectionRow]) -> str:
    """The CSV text of ``rows``: the header, then one row each (every column)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for r in rows:
        writer.writerow([r.name, r.quantity, r.condition.value, r.location, r.notes, r.for_trade])
    return buffer.getvalue()


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

