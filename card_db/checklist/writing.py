"""Writing checklists: card records to CSV or JSON text, or to a file atomically."""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Iterable, Mapping
from typing import Any

from card_db.atomic import replace_file
from card_db.checklist.schema import COLUMNS, ChecklistError, checklist_format, record_key
from card_db.records import CHARACTERISTIC_FIELDS, CardRecord
from card_db.spreadsheet_cells import protect_cell


def _cells(record: CardRecord, key: str) -> dict[str, Any]:
    return {
        "key": key,
        "name": record.name,
        "type": record.card_type.value,
        "permanent": record.permanent,
        "dominions": list(record.dominions),
        "unique": record.unique,
        "gender": record.gender.value if record.gender else None,
        "magic": record.magic,
        "strength": record.strength,
        "prime": record.prime,
        "resistance": record.resistance,
        "affiliations": list(record.affiliations),
        "deck_limit": record.deck_limit,
        "traits": record.traits,
        "powers": record.powers,
        "activation_icon": record.activation_icon,
        "set": record.set_name,
        "collector_number": record.collector_number,
        "rarity": record.rarity,
        "artist": record.artist,
        "flavor_text": record.flavor_text,
        "source": record.source,
        "estimated": [f for f in CHARACTERISTIC_FIELDS if f in record.estimated],
    }


def _csv_cell(value: Any) -> str:
    """A CSV cell; text a spreadsheet would run as a formula is quoted (numbers are not)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return ""
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return protect_cell("|".join(str(v) for v in value))
    return protect_cell(str(value))


def checklist_text(
    records: Iterable[CardRecord], fmt: str, keys: Mapping[str, str] | None = None
) -> str:
    """The checklist text for ``records`` in ``fmt`` (``"csv"`` or ``"json"``).

    ``keys`` maps a card name to its key; other cards get :func:`record_key`.
    """
    keys = keys or {}
    objects = [_cells(r, keys.get(r.name) or record_key(r)) for r in records]
    if fmt == "json":
        return json.dumps(objects, indent=2, ensure_ascii=False) + "\n"
    if fmt != "csv":
        raise ValueError(f"unknown checklist format {fmt!r}")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for obj in objects:
        writer.writerow([_csv_cell(obj[col]) for col in COLUMNS])
    return out.getvalue()


def write_checklist(
    records: Iterable[CardRecord],
    path: str | os.PathLike,
    keys: Mapping[str, str] | None = None,
) -> None:
    """Write ``records`` to a ``.csv`` or ``.json`` checklist (UTF-8), chosen by extension.

    The file is replaced atomically. ``keys`` maps card names to keys (default: the
    slug of the name). Raises :class:`ChecklistError` for an unknown extension or a
    file that cannot be written.
    """
    text = checklist_text(records, checklist_format(path), keys)
    try:
        replace_file(path, text.encode("utf-8"))
    except OSError as exc:
        msg = f"cannot write the file: {exc.strerror}"
        raise ChecklistError(str(path), None, None, msg) from None
