"""The checklist columns, the error every reader raises, and a card's key.

See :mod:`card_db.checklist` for what each column holds.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from card_db.errors import UserError
from card_db.records import CardRecord

COLUMNS = (
    "key", "name", "type", "permanent", "dominions", "unique", "gender", "magic",
    "strength", "prime", "resistance", "affiliations", "deck_limit", "traits", "powers",
    "activation_icon", "set", "collector_number", "rarity", "artist", "flavor_text",
    "source", "estimated",
)
REQUIRED_COLUMNS = ("name", "type")
COLUMN_ALIASES = {"card_type": "type", "set_name": "set"}
FORMATS = {".csv": "csv", ".json": "json"}

MAX_VALUE = 99
#: Largest checklist read, in bytes (the whole game is well under a megabyte); a larger
#: file is refused before it is read, a stream is read no further (issue 26, point 2).
MAX_FILE_BYTES = 10 * 1024 * 1024
#: Most cards one checklist may hold.
MAX_ROWS = 20_000


class ChecklistError(UserError):
    """A checklist that cannot be read or written.

    ``path`` names the file (or the label given to :func:`parse_checklist_text`);
    ``line`` is 1-based or ``None``; ``column`` is the 1-based CSV column number, the
    JSON key name, or ``None``; ``message`` says what is wrong, starting with the
    field name when one is at fault. ``str()`` gives ``path:line:column: message``
    (for example ``cards.csv:12:7: prime: expected a whole number, got 'x'``); parts
    that are ``None`` are left out, and so is a JSON key (the message names it).
    """

    def __init__(self, path: str, line: int | None, column: int | str | None, message: str):
        self.path = str(path)
        shown_column = column if line is not None and isinstance(column, int) else None
        super().__init__(message, file=self.path, line=line, column=shown_column)
        self.column = column


class ChecklistRow(NamedTuple):
    """One card read from a checklist: its ``key`` (given or derived), the record and
    the 1-based ``line`` where the row (CSV) or object (JSON) starts."""

    key: str
    record: CardRecord
    line: int


class RawRow(NamedTuple):
    """One row (CSV) or object (JSON) before its values are checked: ``values`` by
    column, the 1-based ``line`` where it starts, and ``where(column)`` giving the
    ``(line, column)`` to report for a fault in that column."""

    values: dict[str, Any]
    line: int
    where: Callable[[str], tuple[int, int | str | None]]


def slugify(name: str) -> str:
    """The key for a card name: ASCII letters and digits joined by ``-``.

    ``"Emotion: Guilt"`` -> ``"emotion-guilt"``; ``"Charlotte's Tower"`` ->
    ``"charlottes-tower"``. May be ``""`` for a name with no letters or digits.
    """
    folded = unicodedata.normalize("NFKD", name)
    folded = "".join(c for c in folded if not unicodedata.combining(c)).casefold()
    folded = re.sub(r"['\u2019]", "", folded)
    return "-".join(re.findall(r"[a-z0-9]+", folded))


def record_key(record: CardRecord) -> str:
    """The stable key of a bundled card: the slug of its name (see :func:`slugify`)."""
    return slugify(record.name)


def checklist_format(path: str | os.PathLike) -> str:
    """``"csv"`` or ``"json"`` from the file extension; ChecklistError otherwise."""
    suffix = Path(path).suffix.casefold()
    if suffix not in FORMATS:
        raise ChecklistError(
            str(path), None, None,
            f"unknown checklist format {suffix or '(no extension)'!r}: use .csv or .json",
        )
    return FORMATS[suffix]
