"""Sharing transcribed cards between collectors (issue 21, "Honest data").

:func:`export_transcribed` writes the user's own cards (``origin = "user"``: typed in,
imported or accepted from a scan), each with its source, as a checklist.
:func:`merge_checklist` merges another collector's checklist: its new cards are added
(all of them or none); where one of its cards differs from the user's card of that name,
the differences are reported field by field with both sources and the user's values are
kept, unless the user chose the other collector's card (``take_theirs``). Nothing is
overwritten silently.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from card_db.checklist import read_checklist_rows, write_checklist
from card_db.errors import UserError
from card_db.names import fold_name
from card_db.records import CHARACTERISTIC_FIELDS, CardRecord
from card_db.userdb import UserDatabase
from deckbuilder.services.changes import NO_CHANGES, Changes

#: The values compared between two collectors' cards.
COMPARED = ("name", *CHARACTERISTIC_FIELDS, "set_name")



class NoConflictError(UserError):
    """``--take-theirs`` named a card on which the two checklists do not differ."""

@dataclass(frozen=True)
class Conflict:
    """One field of one card where the two checklists differ, with both sources."""

    name: str
    field: str
    mine: object
    my_source: str
    theirs: object
    their_source: str


@dataclass(frozen=True)
class Merge:
    """What :func:`merge_checklist` did: cards ``added``, cards ``taken`` from the other
    checklist, ``conflicts`` (kept as the user's unless taken), ``unchanged`` count."""

    added: list[str]
    taken: list[str]
    conflicts: list[Conflict]
    unchanged: int
    changes: Changes


def export_transcribed(db: UserDatabase, file: Path) -> int:
    """Write the user's own cards (with their sources) as a CSV or JSON checklist, by
    extension, atomically; returns how many. Raises ChecklistError for a bad suffix."""
    with db.read() as conn:
        keys = dict(conn.execute("SELECT name, key FROM card WHERE origin = 'user'"))
    records = [r for r in db.catalogue() if r.name in keys]
    write_checklist(records, Path(file), keys=keys)
    return len(records)


def differences(mine: CardRecord, theirs: CardRecord) -> list[Conflict]:
    """The compared fields (:data:`COMPARED`) whose values differ."""
    return [Conflict(mine.name, name, getattr(mine, name), mine.source, getattr(theirs, name),
                     theirs.source)
            for name in COMPARED if getattr(mine, name) != getattr(theirs, name)]


def merge_checklist(db: UserDatabase, file: Path, take_theirs: Iterable[str] = (),
                    dry_run: bool = False) -> Merge:
    """Merge another collector's checklist ``file`` (see the module docstring).

    ``take_theirs``: names of cards whose values the user takes from the file; every
    other conflict keeps the user's values. ``dry_run``: report only. Raises
    ChecklistError (nothing written) for a bad file, and ValueError naming a
    ``take_theirs`` card that has no conflict in the file.
    """
    from card_db.sync import upsert_records  # lazy: start-up time (imports SQLModel)

    with db.read() as conn:
        sites = {r[0] for r in conn.execute("SELECT name FROM card WHERE card_type = 'Site'")}
        affiliations = {r[0] for r in conn.execute("SELECT name FROM affiliation")}
        keys = {fold_name(name): key for name, key in conn.execute("SELECT name, key FROM card")}
    rows = read_checklist_rows(Path(file), known_sites=sites, affiliations=affiliations)
    catalogue = db.catalogue()
    chosen = {fold_name(name) for name in take_theirs}
    added, taken, conflicts, writes, unchanged = [], [], [], [], 0
    for row in rows:
        mine = catalogue.get(row.record.name)
        if mine is None:
            added.append(row.record.name)
            writes.append((row.key, row.record))
            continue
        found = differences(mine, row.record)
        if not found:
            unchanged += 1
        elif fold_name(mine.name) in chosen:
            taken.append(mine.name)
            writes.append((keys[fold_name(mine.name)], row.record))
        conflicts.extend(found)
    unknown = chosen - {fold_name(name) for name in taken}
    if unknown:
        raise NoConflictError(f"no conflict to settle for: {', '.join(sorted(unknown))}")
    changes = NO_CHANGES
    if writes and not dry_run:
        with db.write() as session:
            upsert_records(session, writes, "user", label=str(file))
        db.forget_catalogue()
        changes = Changes(label=f"Merge the checklist {Path(file).name}", catalogue=None)
    return Merge(added, taken, conflicts, unchanged, changes)
