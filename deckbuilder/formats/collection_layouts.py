"""Collection CSVs in other tools' layouts (Deckbox, Moxfield), for export.

Each layout writes the header its tool exports (see
:mod:`deckbuilder.formats.collection_presets` for the sources) with the columns we
hold filled: count, tradelist count, name and condition in the tool's words; set,
collector number and the rest are left empty, and location and notes are not written
(neither layout has a column for them). A file written here is detected as that
tool's on import and reads back to the same rows (location and notes aside).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from card_db.records import Condition
from card_db.spreadsheet_cells import protect_cell
from deckbuilder.formats.collection_csv import CollectionRow

_DECKBOX_CONDITIONS = {
    Condition.MINT: "Mint",
    Condition.NEAR_MINT: "Near Mint",
    Condition.LIGHTLY_PLAYED: "Good (Lightly Played)",
    Condition.MODERATELY_PLAYED: "Played",
    Condition.HEAVILY_PLAYED: "Heavily Played",
    Condition.DAMAGED: "Poor",
}
_HEADERS = {
    "deckbox": ("Count", "Tradelist Count", "Name", "Edition", "Card Number", "Condition",
                "Language", "Foil"),
    "moxfield": ("Count", "Tradelist Count", "Name", "Edition", "Condition", "Language",
                 "Foil", "Tags", "Last Modified", "Collector Number", "Alter", "Proxy",
                 "Purchase Price"),
}
#: The layouts :func:`write_layout_csv` writes.
LAYOUTS = tuple(_HEADERS)


def write_layout_csv(rows: Iterable[CollectionRow], layout: str) -> str:
    """The CSV text of ``rows`` in ``layout`` (one of :data:`LAYOUTS`; ``KeyError``
    otherwise), ``\\r\\n`` line endings as spreadsheets write."""
    header = _HEADERS[layout]
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    for row in rows:
        condition = (_DECKBOX_CONDITIONS[row.condition] if layout == "deckbox"
                     else row.condition.value)
        cells = {"Count": row.quantity, "Tradelist Count": row.for_trade,
                 "Name": protect_cell(row.name), "Condition": condition}
        writer.writerow([cells.get(column, "") for column in header])
    return buffer.getvalue()
