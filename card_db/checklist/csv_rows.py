"""Checklist CSV text to raw rows: the header names the columns, one row a card."""

from __future__ import annotations

import csv
import io

from card_db.checklist.schema import (
    COLUMN_ALIASES,
    COLUMNS,
    REQUIRED_COLUMNS,
    ChecklistError,
    RawRow,
)
from card_db.checklist.text import close_match
from card_db.spreadsheet_cells import unprotect_cell


def csv_rows(text: str, label: str) -> list[RawRow]:
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    rows: list[RawRow] = []
    header: list[str] | None = None
    positions: dict[str, int] = {}
    start = 1
    try:
        for cells in reader:
            line, start = start, reader.line_num + 1
            cells = [unprotect_cell(c) for c in cells]
            if not any(c.strip() for c in cells):
                continue
            if header is None:
                header = _csv_header(cells, line, label)
                positions = {name: i + 1 for i, name in enumerate(header)}
                continue
            if len(cells) != len(header):
                raise ChecklistError(
                    label, line, min(len(cells), len(header)) + 1,
                    f"this row has {len(cells)} cells but the header has "
                    f"{len(header)} columns",
                )

            def where(
                col: str, _line: int = line, _pos: dict[str, int] = positions
            ) -> tuple[int, int | str | None]:
                return _line, _pos.get(col)

            rows.append(RawRow(dict(zip(header, cells, strict=True)), line, where))
    except csv.Error as exc:
        raise ChecklistError(label, reader.line_num, None, f"CSV syntax error: {exc}") from None
    if header is None:
        raise ChecklistError(label, None, None, "the file is empty")
    return rows


def _csv_header(cells: list[str], line: int, label: str) -> list[str]:
    header = []
    for i, cell in enumerate(cells):
        name = cell.strip().casefold()
        name = COLUMN_ALIASES.get(name, name)
        if name not in COLUMNS:
            hint = ""
            if len(cells) == 1 and ";" in cell:
                hint = "; columns must be separated by commas"
            elif close := close_match(name, COLUMNS, n=1):
                hint = f"; did you mean '{close[0]}'?"
            raise ChecklistError(
                label, line, i + 1,
                f"unknown column '{cell.strip()}' in the header row{hint} "
                f"(columns: {','.join(COLUMNS)})",
            )
        if name in header:
            raise ChecklistError(label, line, i + 1, f"column '{name}' appears twice")
        header.append(name)
    for name in REQUIRED_COLUMNS:
        if name not in header:
            raise ChecklistError(
                label, line, None,
                f"the header row has no '{name}' column; the first row must name the "
                f"columns ({','.join(COLUMNS)})",
            )
    return header
