"""The match log as CSV: one game per row under a header of :data:`COLUMNS`.

Export writes every column; import reads a file with at least ``date``, ``deck`` and
``result`` (other columns may be left out; unknown columns are refused, so a misspelt
header is not silently dropped). Every row is checked (:func:`~.entry.parse_entry`)
before any is kept: a bad row raises :class:`~.entry.LogEntryError` naming the file,
line and field.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from deckbuilder.match_log.entry import GameEntry, LogEntryError, parse_entry

COLUMNS = ("date", "deck", "version", "opponent", "opponent_deck", "opponent_affiliation",
           "went", "result", "ended", "rounds", "kind", "level", "notes")
REQUIRED = ("date", "deck", "result")


def entries_to_csv(entries: Iterable[GameEntry]) -> str:
    """The CSV text of ``entries`` (header first, ``\\r\\n`` line ends as RFC 4180)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for e in entries:
        writer.writerow([e.played_on.isoformat(), e.deck, "" if e.version is None else e.version,
                         e.opponent, e.opponent_deck, e.opponent_affiliation, e.went, e.result,
                         e.ended, "" if e.rounds is None else e.rounds, e.kind, e.level,
                         e.notes])
    return out.getvalue()


def entries_from_csv(text: str, file: str | None = None) -> list[GameEntry]:
    """Every game in the CSV ``text`` (``file`` names it in messages). Raises
    :class:`LogEntryError` for a missing or unknown column, or the first bad row (its
    line, 1-based, and field); nothing is returned then."""
    return [entry for _line, entry in numbered_entries_from_csv(text, file)]


def _header(reader, file: str | None) -> list[str]:
    try:
        header = next(reader)
    except StopIteration:
        raise LogEntryError("the file is empty: a header row is needed "
                            f"({', '.join(COLUMNS)})", field="header", file=file) from None
    names = [h.strip().casefold().replace(" ", "_") for h in header]
    unknown = [h for h in names if h not in COLUMNS]
    missing = [c for c in REQUIRED if c not in names]
    if unknown or missing:
        problem = (f"unknown column(s) {', '.join(map(repr, unknown))}" if unknown
                   else f"missing column(s) {', '.join(missing)}")
        raise LogEntryError(f"header: {problem}; the columns are {', '.join(COLUMNS)}",
                            field="header", file=file, line=1)
    return names


def numbered_entries_from_csv(text: str, file: str | None = None) -> list[tuple[int, GameEntry]]:
    """:func:`entries_from_csv` with the line (1-based) each game starts on."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    names = _header(reader, file)
    out = []
    start = reader.line_num + 1
    for row in reader:
        line, start = start, reader.line_num + 1  # a quoted cell may span lines
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(names):
            raise LogEntryError(f"{len(row)} cells where the header has {len(names)}",
                                field="row", file=file, line=line)
        fields = dict(zip(names, row, strict=True))
        if not fields["date"].strip():
            raise LogEntryError("date: is required (YYYY-MM-DD)", field="date", file=file,
                                line=line)
        out.append((line, parse_entry(fields, {"file": file, "line": line})))
    return out
