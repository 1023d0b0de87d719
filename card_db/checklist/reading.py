"""Reading checklists: text or a ``.csv``/``.json`` file to keyed card records."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from card_db.checklist.bundled import load_affiliations
from card_db.checklist.schema import ChecklistRow, checklist_format
from card_db.checklist.text import decode_checklist_bytes, read_bytes
from card_db.checklist.validation import parse_records, with_abilities
from card_db.records import CardRecord, CardType


def _known_affiliations(affiliations: Iterable[str] | None) -> list[str]:
    if affiliations is None:
        return [name for name, _ in load_affiliations()]
    return list(affiliations)


def parse_checklist_rows(
    text: str,
    fmt: str,
    path_label: str,
    *,
    known_sites: Iterable[str] = (),
    affiliations: Iterable[str] | None = None,
) -> list[ChecklistRow]:
    """Parse checklist text (``fmt`` ``"csv"`` or ``"json"``) into rows with keys.

    Keyword abilities are parsed with :func:`card_db.abilities.parse_abilities`, where
    the Site names are the file's Sites plus ``known_sites`` and ``affiliations`` the
    known affiliation names (default: ``card_db/data/affiliations.csv``).
    Raises :class:`ChecklistError` at the first bad row; ``path_label`` names the file.
    """
    affs = _known_affiliations(affiliations)
    parsed = parse_records(text, fmt, path_label, affs)
    sites = {r.name for _, r, _ in parsed if r.card_type is CardType.SITE} | set(known_sites)
    records = with_abilities((r for _, r, _ in parsed), sites, affs)
    return [
        ChecklistRow(key, record, raw.line)
        for (key, _, raw), record in zip(parsed, records, strict=True)
    ]


def parse_checklist_text(
    text: str,
    fmt: str,
    path_label: str,
    *,
    known_sites: Iterable[str] = (),
    affiliations: Iterable[str] | None = None,
) -> list[CardRecord]:
    """Like :func:`parse_checklist_rows`, returning only the records, in file order."""
    rows = parse_checklist_rows(
        text, fmt, path_label, known_sites=known_sites, affiliations=affiliations
    )
    return [row.record for row in rows]


def read_checklist_rows(
    path: str | os.PathLike,
    known_sites: Iterable[str] = (),
    affiliations: Iterable[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[ChecklistRow]:
    """Read a ``.csv`` or ``.json`` checklist file into rows with keys and lines.

    Raises :class:`ChecklistError` for a missing or unreadable file, one over the caps
    (:data:`~card_db.checklist.schema.MAX_FILE_BYTES`, :data:`~card_db.checklist.schema.
    MAX_ROWS`), a wrong encoding, binary content, an empty file or any bad row (nothing
    is returned then). ``progress``: (bytes read, file size) as the file is read.
    """
    fmt = checklist_format(path)
    text = decode_checklist_bytes(read_bytes(path, progress), str(path))
    return parse_checklist_rows(
        text, fmt, str(path), known_sites=known_sites, affiliations=affiliations
    )


def read_checklist(
    path: str | os.PathLike,
    known_sites: Iterable[str] = (),
    affiliations: Iterable[str] | None = None,
) -> list[CardRecord]:
    """Read a ``.csv`` or ``.json`` checklist into card records, in file order.

    ``known_sites``: Site names from elsewhere (e.g. the database) that card text may
    name ("+4 versus Roxborough Tower"). ``affiliations``: the affiliation names a row
    may use (default: the bundled ``affiliations.csv``). All or nothing: raises
    :class:`ChecklistError` (path, line, column, message) at the first bad row.
    """
    return [row.record for row in read_checklist_rows(path, known_sites, affiliations)]
