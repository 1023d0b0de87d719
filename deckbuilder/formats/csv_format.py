"""CSV deck lists (``.csv``): one row per entry, columns ``count,name,zone``.

RFC 4180 quoting (Python's ``csv`` module), UTF-8. The first row is a header if its
cells are column names (``count``, ``name``, ``zone`` in any order, any case; also
``quantity``/``qty`` for count, ``card`` for name, ``section`` for zone; other columns
are ignored); without a header the columns are ``count,name,zone``. ``zone`` is
``main`` (also ``deck``, ``maindeck``) or ``side`` (also ``sideboard``, ``sb``); empty
means main. Blank rows are skipped; an Excel ``sep=;`` first line sets
the delimiter. Carried: the main deck and sideboard only (no deck
name, author or notes). :func:`write` writes the header and one row per entry with
``\\n`` line endings. Names a spreadsheet would run as formulas are written with a
leading quote and read back without it (:mod:`card_db.spreadsheet_cells`).
"""

from __future__ import annotations

import csv
import io

from card_db.spreadsheet_cells import protect_cell, unprotect_cell
from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList
from deckbuilder.formats._common import EntryCollector, decode_text, parse_count
from deckbuilder.formats.errors import DeckFormatError
from deckbuilder.formats.raw import RawDeck, to_decklist
from deckbuilder.formats.textfiles import csv_preamble

NAME = "csv"
EXTENSIONS = (".csv",)
CARRIES = frozenset({"main", "sideboard"})

COLUMNS = ("count", "name", "zone")
_ALIASES = {
    "count": "count", "quantity": "count", "qty": "count", "number": "count",
    "name": "name", "card": "name", "card name": "name",
    "zone": "zone", "section": "zone", "board": "zone",
}
_ZONES = {
    "": MAIN, "main": MAIN, "deck": MAIN, "maindeck": MAIN, "main deck": MAIN,
    "side": SIDEBOARD, "sideboard": SIDEBOARD, "sb": SIDEBOARD,
}


def _header(row: list[str]) -> dict[str, int] | None:
    names = [" ".join(cell.strip().casefold().split()) for cell in row]
    mapped = {_ALIASES[n]: i for i, n in reversed(list(enumerate(names))) if n in _ALIASES}
    if "name" in mapped and "count" in mapped:
        return mapped
    return None


def parse(data: str | bytes, path: str | None = None) -> RawDeck:
    """The entries of a CSV deck list; :class:`DeckFormatError` for a malformed file or row."""
    text, delimiter = csv_preamble(decode_text(data, path))
    collector = EntryCollector(path)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True, delimiter=delimiter)
    columns: dict[str, int] | None = None
    first = True
    try:
        start = 1
        for row in reader:
            line = start
            start = reader.line_num + 1
            row = [unprotect_cell(cell) for cell in row]
            if not any(cell.strip() for cell in row):
                continue
            if first:
                first = False
                columns = _header(row)
                if columns is not None:
                    continue
                columns = {"count": 0, "name": 1, "zone": 2}
            _row(row, columns, collector, path, line)
    except csv.Error as exc:
        raise DeckFormatError(path, reader.line_num, None, f"malformed CSV: {exc}") from None
    return collector.raw()



def read(data: str | bytes, path: str | None = None) -> DeckList:
    """Read the deck list in ``data`` (see :func:`parse`)."""
    return to_decklist(parse(data, path), path)


def _row(
    row: list[str], columns: dict[str, int], collector: EntryCollector, path: str | None, line: int
) -> None:
    def cell(key: str) -> str:
        index = columns.get(key)
        return row[index] if index is not None and index < len(row) else ""

    count_column = columns["count"] + 1
    name_column = columns["name"] + 1
    count = parse_count(cell("count"), path, line, count_column)
    zone_text = " ".join(cell("zone").strip().casefold().split())
    if zone_text not in _ZONES:
        raise DeckFormatError(
            path, line, columns.get("zone", 0) + 1,
            f"zone {cell('zone')!r} is not 'main' or 'side'",
        )
    collector.add(_ZONES[zone_text], cell("name"), count, line, name_column)


def write(deck: DeckList) -> str:
    """CSV text of ``deck``: a ``count,name,zone`` header, then one row per entry."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for zone, entries in (("main", deck.main), ("side", deck.sideboard)):
        for name, count in entries:
            writer.writerow([count, protect_cell(name), zone])
    return buffer.getvalue()
