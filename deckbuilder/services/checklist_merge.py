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
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from card_db.checklist import read_checklist_rows, write_checklist
from card_db.errors import UserError
from card_db.names import fold_name
from card_db.records import CHARACTERISTIC_FIELDS, CardRecord
from card_db.userdb import UserDatabase
from deckbuilder.services.changes import NO_CHANGES, Changes, Reversal

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


@dataclass(frozen=True)
class MergePlan:
    """Another collector's checklist compared with the catalogue (:func:`plan_merge`):
    its ``new`` cards as (key, record), the ``differing`` cards by the user's card
    name as (the user's key, the user's record, their record), every differing value
    as a :class:`Conflict`, and how many of its cards are ``unchanged``."""

    file: Path
    new: list[tuple[str, CardRecord]]
    differing: dict[str, tuple[str, CardRecord, CardRecord]]
    conflicts: list[Conflict]
    unchanged: int


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


def plan_merge(db: UserDatabase, file: Path) -> MergePlan:
    """Read another collector's checklist ``file`` and compare it with the catalogue;
    writes nothing. Raises ChecklistError for a bad file."""
    with db.read() as conn:
        sites = {r[0] for r in conn.execute("SELECT name FROM card WHERE card_type = 'Site'")}
        affiliations = {r[0] for r in conn.execute("SELECT name FROM affiliation")}
        keys = {fold_name(name): key for name, key in conn.execute("SELECT name, key FROM card")}
    rows = read_checklist_rows(Path(file), known_sites=sites, affiliations=affiliations)
    catalogue = db.catalogue()
    new, differing, conflicts, unchanged = [], {}, [], 0
    for row in rows:
        mine = catalogue.get(row.record.name)
        if mine is None:
            new.append((row.key, row.record))
            continue
        found = differences(mine, row.record)
        if not found:
            unchanged += 1
            continue
        differing[mine.name] = (keys[fold_name(mine.name)], mine, row.record)
        conflicts.extend(found)
    return MergePlan(Path(file), new, differing, conflicts, unchanged)


def merged_record(mine: CardRecord, theirs: CardRecord, fields: Iterable[str]) -> CardRecord:
    """The user's card with the values of ``fields`` (of :data:`COMPARED`) taken from
    ``theirs``. Taking every differing value gives their card as it is (their source);
    taking some keeps the user's source and names the other one for those values, and
    each taken value keeps the estimated mark it has in their checklist."""
    taken = set(fields)
    if taken >= {c.field for c in differences(mine, theirs)}:
        return theirs
    values = {name: getattr(theirs, name) for name in taken}
    if "powers" in taken:  # the parsed abilities go with the text they come from
        values["abilities"] = theirs.abilities
    marks = {f for f in taken if f in CHARACTERISTIC_FIELDS}
    estimated = (mine.estimated - marks) | (theirs.estimated & marks)
    source = f"{mine.source}; {', '.join(sorted(taken))} from {theirs.source or 'a checklist'}"
    return replace(mine, **values, estimated=frozenset(estimated), source=source)


def apply_merge(db: UserDatabase, plan: MergePlan,
                chosen: Iterable[tuple[str, str]] = ()) -> Merge:
    """Write ``plan``: its new cards, and for each (card name, field) in ``chosen`` the
    other collector's value (every other differing value stays the user's). One
    transaction (all or nothing) and one undoable step: the undo deletes the added
    cards and puts the changed cards back as they were, the user's corrections
    included. Raises :class:`NoConflictError` for a pair that is not a conflict of
    ``plan``; a correction the user made to a value they now take is removed (they
    chose the other collector's value)."""
    wanted: dict[str, set[str]] = {}
    valid = {(fold_name(c.name), c.field) for c in plan.conflicts}
    names = {fold_name(name): name for name in plan.differing}
    for name, field_name in chosen:
        if (fold_name(name), field_name) not in valid:
            raise NoConflictError(f"no conflict to settle for: {name} {field_name}")
        wanted.setdefault(names[fold_name(name)], set()).add(field_name)
    updates = [(plan.differing[name][0], merged_record(*plan.differing[name][1:], fields))
               for name, fields in wanted.items()]
    taken = sorted(wanted)
    added = [record.name for _key, record in plan.new]
    if not plan.new and not updates:
        return Merge(added, taken, plan.conflicts, plan.unchanged, NO_CHANGES)
    label = f"Merge the checklist {plan.file.name}"
    writes = _Writes(tuple(plan.new), tuple(updates),
                     tuple((name, tuple(sorted(fields))) for name, fields in wanted.items()))
    changes = _write(db, writes, label=label, origin_label=str(plan.file))
    return Merge(added, taken, plan.conflicts, plan.unchanged, changes)


def merge_checklist(db: UserDatabase, file: Path, take_theirs: Iterable[str] = (),
                    dry_run: bool = False) -> Merge:
    """Merge another collector's checklist ``file`` (see the module docstring).

    ``take_theirs``: names of cards whose values the user takes from the file (their
    card as it is); every other conflict keeps the user's values. ``dry_run``: report
    only. Raises ChecklistError (nothing written) for a bad file, and
    :class:`NoConflictError` naming a ``take_theirs`` card that has no conflict in the
    file. Written as :func:`apply_merge` (one undoable step).
    """
    plan = plan_merge(db, file)
    chosen = {fold_name(name) for name in take_theirs}
    unknown = chosen - {fold_name(name) for name in plan.differing}
    if unknown:
        raise NoConflictError(f"no conflict to settle for: {', '.join(sorted(unknown))}")
    pairs = [(c.name, c.field) for c in plan.conflicts if fold_name(c.name) in chosen]
    if dry_run:
        taken = sorted({name for name, _field in pairs})
        return Merge([r.name for _k, r in plan.new], taken, plan.conflicts, plan.unchanged,
                     NO_CHANGES)
    return apply_merge(db, plan, pairs)


@dataclass(frozen=True)
class _Writes:
    """What a merge writes: new (key, record)s, updated (key, record)s, and the fields
    taken per updated card (whose corrections are removed)."""

    new: tuple[tuple[str, CardRecord], ...]
    updates: tuple[tuple[str, CardRecord], ...]
    fields: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class _Before:
    """An updated card as it was: its row, origin, affiliations and corrections."""

    name: str
    state: object
    origin: str
    corrections: tuple[tuple[str, str, str, object], ...]


def _write(db: UserDatabase, writes: _Writes, *, label: str, origin_label: str) -> Changes:
    """Write ``writes`` in one transaction; the Changes' undo takes it back."""
    from sqlmodel import delete, select  # lazy: start-up time (imports SQLModel)

    from card_db.models import Card, CardCorrection
    from card_db.sync import _record_field, upsert_records
    from deckbuilder.services.cards import _card_state

    befores = []
    taken_fields = dict(writes.fields)
    with db.write() as session:
        for key, _record in writes.updates:
            card = session.exec(select(Card).where(Card.key == key)).one()
            rows = session.exec(select(CardCorrection).where(
                CardCorrection.card_id == card.id)).all()
            befores.append(_Before(card.name, _card_state(session, card), card.origin, tuple(
                (r.field, r.value, r.note, r.corrected_at) for r in rows)))
            fields = set(taken_fields.get(card.name, ()))
            dropped = [r.id for r in rows if _record_field(r.field) in fields]
            if dropped:
                session.exec(delete(CardCorrection).where(CardCorrection.id.in_(dropped)))
        session.flush()
        upsert_records(session, [*writes.new, *writes.updates], "user", label=origin_label)
    db.forget_catalogue()
    undo = Reversal(label, partial(_take_back, writes=writes, befores=tuple(befores),
                                   label=label, origin_label=origin_label))
    return Changes(label=label, catalogue=None, undo=undo)


def _take_back(db: UserDatabase, *, writes: _Writes, befores: tuple[_Before, ...],
               label: str, origin_label: str) -> Changes:
    """Undo a merge: delete its new cards (refused with CardInUseError if the collection,
    a deck or a scan now uses one) and put the updated cards back as they were."""
    from sqlalchemy.exc import IntegrityError  # lazy: start-up time
    from sqlmodel import delete, select

    from card_db.models import Card, CardAffiliation, CardCorrection
    from deckbuilder.services.cards import CardInUseError, _set_card_state

    with db.write() as session:
        for _key, record in writes.new:
            card = session.exec(select(Card).where(Card.name == record.name)).first()
            if card is None:
                continue
            session.exec(delete(CardAffiliation).where(CardAffiliation.card_id == card.id))
            session.exec(delete(CardCorrection).where(CardCorrection.card_id == card.id))
            session.delete(card)
            try:
                session.flush()
            except IntegrityError:
                raise CardInUseError(f"{record.name} is in your collection, a deck or has a "
                                     "scan; remove it there first") from None
        for (key, _record), before in zip(writes.updates, befores, strict=True):
            card = session.exec(select(Card).where(Card.key == key)).one()
            session.exec(delete(CardCorrection).where(CardCorrection.card_id == card.id))
            _set_card_state(session, card, before.state)
            card.origin = before.origin
            for field_name, value, note, corrected_at in before.corrections:
                session.add(CardCorrection(card_id=card.id, field=field_name, value=value,
                                           note=note, corrected_at=corrected_at))
    db.forget_catalogue()
    redo = Reversal(label, lambda again: _write(again, writes, label=label,
                                                origin_label=origin_label))
    return Changes(label=label, catalogue=None, undo=redo)
