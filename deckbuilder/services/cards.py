"""Card data services: checklist import/export and the user's corrections.

A checklist import is one transaction (all-or-nothing). Imported cards get
``origin = "user"`` so that later app data updates do not overwrite them. A
correction is stored in ``card_correction``, applied to the card row, and clears the
field's estimated mark; it survives data syncs.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from card_db.checklist import parse_checklist_text, read_checklist_rows, record_key, write_checklist
from card_db.errors import UserError
from card_db.reader import load_records, records_by_id  # noqa: F401 (re-exported)
from card_db.records import CHARACTERISTIC_FIELDS, CardRecord, CardType, Gender, dominions_adjacent
from card_db.spreadsheet_cells import protect_cell
from card_db.userdb import UserDatabase
from deckbuilder.services.changes import Changes, Outcome, Reversal


class CorrectionError(UserError, ValueError):
    """A correction that cannot be applied (unknown field, bad value)."""


@dataclass(frozen=True)
class ChecklistImport:
    """What a checklist import did: cards ``added`` and ``updated``, and its changes;
    ``unchanged`` counts the rows that matched a card exactly (left alone)."""

    added: int
    updated: int
    changes: Changes
    unchanged: int = 0


def _site_and_affiliation_names(db: UserDatabase) -> tuple[set[str], set[str]]:
    with db.read() as conn:
        sites = {r[0] for r in conn.execute("SELECT name FROM card WHERE card_type = 'Site'")}
        affs = {r[0] for r in conn.execute("SELECT name FROM affiliation")}
    return sites, affs


def import_checklist(db: UserDatabase, file: Path,
                     progress: Callable[[str, int, int], None] | None = None) -> ChecklistImport:
    """Add or update cards from a CSV/JSON checklist (not undoable; any card may change),
    all-or-nothing, in one transaction.

    ``progress``, if given, is called with (stage, done, total): stage ``"read"``
    counts bytes, ``"write"`` cards; it may raise to stop (e.g. Cancel, Ctrl+C):
    nothing is written then. Raises :class:`card_db.checklist.ChecklistError` (file,
    line, column) with the database unchanged if any row is bad or the file is over
    the caps (:data:`card_db.checklist.MAX_FILE_BYTES`, :data:`card_db.checklist.MAX_ROWS`).
    """
    from card_db.sync import upsert_records  # lazy: start-up time (imports SQLModel)

    sites, affiliations = _site_and_affiliation_names(db)
    rows = read_checklist_rows(Path(file), known_sites=sites, affiliations=affiliations,
                               progress=partial(progress, "read") if progress else None)
    with db.session() as session:
        added, updated = upsert_records(
            session, [(r.key, r.record) for r in rows], "user",
            label=str(file), lines=[r.line for r in rows],
            progress=partial(progress, "write") if progress else None,
        )
        session.commit()
    db.forget_catalogue()
    changes = Changes(label=f"Import the checklist {Path(file).name}", catalogue=None)
    return ChecklistImport(added, updated, changes, len(rows) - added - updated)


def export_checklist(db: UserDatabase, file: Path) -> int:
    """Write every card as a checklist (format by extension); returns the card count."""
    records = all_records(db)
    with db.read() as conn:
        keys = dict(conn.execute("SELECT name, key FROM card"))
    write_checklist(records, Path(file), keys=keys)
    return len(records)


def all_records(db: UserDatabase) -> list[CardRecord]:
    """Every card record, by name, read afresh from the database."""
    with db.read() as conn:
        return load_records(conn)


_INT_FIELDS = {"magic", "strength", "prime", "resistance", "deck_limit"}
_BOOL_FIELDS = {"permanent": "permanent", "unique": "is_unique"}
_TEXT_FIELDS = {
    "traits",
    "powers",
    "activation_icon",
    "collector_number",
    "rarity",
    "artist",
    "flavor_text",
}


def _parse_value(field: str, text: str) -> dict[str, object]:
    """Card column values for ``field`` set from the text ``text``."""
    raw = text.strip()
    if field in _INT_FIELDS:
        if raw in ("", "-"):
            return {field: None}
        if not raw.lstrip("-").isdigit() or not 0 <= int(raw) <= 99:
            raise CorrectionError(f"{field}: expected a whole number 0-99, got {text!r}")
        return {field: int(raw)}
    if field in _BOOL_FIELDS:
        if raw.casefold() not in ("yes", "no", "true", "false", "1", "0"):
            raise CorrectionError(f"{field}: expected yes or no, got {text!r}")
        return {_BOOL_FIELDS[field]: raw.casefold() in ("yes", "true", "1")}
    if field in _TEXT_FIELDS:
        return {field: raw}
    if field == "gender":
        if raw in ("", "-"):
            return {"gender": None}
        try:
            return {"gender": Gender(raw.casefold()).value}
        except ValueError:
            raise CorrectionError(f"gender: expected one of {[g.value for g in Gender]}") from None
    if field == "card_type":
        for card_type in CardType:
            if card_type.value.casefold() == raw.casefold():
                return {"card_type": card_type.value}
        raise CorrectionError(f"card_type: expected one of {[t.value for t in CardType]}")
    if field == "dominions":
        parts = [p for p in raw.replace(",", "|").split("|") if p.strip()]
        if not all(p.strip().isdigit() and 1 <= int(p) <= 5 for p in parts) or len(parts) > 2:
            raise CorrectionError("dominions: expected '3', '1|2' or '' (none)")
        doms = [int(p) for p in parts]
        if len(doms) == 2 and not dominions_adjacent(*doms):
            raise CorrectionError("dominions: a Border Site's two Dominions must be adjacent")
        doms += [None, None]
        return {"dominion": doms[0], "border_dominion": doms[1]}
    if field == "affiliations":
        names = [n.strip() for n in raw.replace(",", "|").split("|") if n.strip()]
        return {"affiliations": names}
    raise CorrectionError(
        f"cannot correct {field!r}; correctable fields: " + ", ".join(CHARACTERISTIC_FIELDS)
    )


def correct_card(
    db: UserDatabase, name: str, field: str, text: str, note: str = ""
) -> Outcome[CardRecord]:
    """Record the user's correction of one field from their physical card.

    The value is stored, applied, and ``field`` leaves the card's estimated list.
    Raises :class:`CorrectionError` for an unknown field or bad value and
    :class:`card_db.catalogue.UnknownCardError` for an unknown card.
    Returns the corrected card and the undoable changes.
    """
    return correct_card_fields(db, name, {field: text}, note)


# ---------------------------------------------------------------------------
# Paged reading, several corrections at once, and new cards (used by the desktop app)


class CardExistsError(UserError, ValueError):
    """A new card whose name (or key) is already in the catalogue."""


#: Fields :func:`correct_card` accepts, in the order a card shows them.
CORRECTABLE_FIELDS = CHARACTERISTIC_FIELDS


def correct_card_fields(
    db: UserDatabase, name: str, changes: dict[str, str], note: str = ""
) -> Outcome[CardRecord]:
    """Record several corrections of card ``name`` at once: all are applied or none.

    ``changes`` maps a field of :data:`CORRECTABLE_FIELDS` to its text as for
    :func:`correct_card`. Every value is checked before anything is written; the
    first bad one raises :class:`CorrectionError` naming its field. Each corrected
    field leaves the card's estimated list. Returns the corrected card; the undo
    removes these corrections and puts the card's values back.
    """
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import select

    from card_db.models import Card, CardCorrection
    from card_db.sync import apply_corrections  # lazy: start-up time (imports SQLModel)

    if not changes:
        raise CorrectionError("nothing to correct: no field was changed")
    record = db.catalogue().resolve(name)
    columns: dict[str, object] = {}
    for field in changes:
        columns.update(_parse_value(field, changes[field]))
    with db.session() as session:
        card = session.exec(select(Card).where(Card.name == record.name)).one()
        before = _card_state(session, card)
        added = []
        for column, value in columns.items():
            row = CardCorrection(card_id=card.id, field=column, value=json.dumps(value), note=note)
            session.add(row)
            added.append(row)
        session.flush()
        correction_ids = tuple(row.id for row in added)
        apply_corrections(session, card)
        session.commit()
    db.forget_catalogue()
    label = f"Correct {', '.join(changes)} of {record.name}"
    undo = partial(
        _undo_correction,
        name=record.name,
        correction_ids=correction_ids,
        before=before,
        redo=partial(correct_card_fields, name=record.name, changes=dict(changes), note=note),
        label=label,
    )
    changes_ = Changes(label=label, catalogue=frozenset({record.name}), undo=Reversal(label, undo))
    return Outcome(db.catalogue().resolve(record.name), changes_)


@dataclass(frozen=True)
class _CardState:
    """A card row's values and affiliation ids, to put back on undo."""

    columns: tuple[tuple[str, object], ...]
    affiliation_ids: tuple[int, ...]


def _card_state(session, card) -> _CardState:
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import select

    from card_db.models import CardAffiliation

    columns = tuple(
        (k, v) for k, v in card.model_dump().items() if k not in ("id", "key", "origin")
    )
    links = session.exec(
        select(CardAffiliation.affiliation_id).where(CardAffiliation.card_id == card.id)
    ).all()
    return _CardState(columns, tuple(links))


def _set_card_state(session, card, state: _CardState) -> None:
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import delete

    from card_db.models import CardAffiliation

    for column, value in state.columns:
        setattr(card, column, value)
    session.add(card)
    session.exec(delete(CardAffiliation).where(CardAffiliation.card_id == card.id))
    for aff_id in state.affiliation_ids:
        session.add(CardAffiliation(card_id=card.id, affiliation_id=aff_id))


def _undo_correction(
    db: UserDatabase,
    *,
    name: str,
    correction_ids: tuple[int, ...],
    before: _CardState,
    redo,
    label: str,
) -> Changes:
    """Remove the corrections ``correction_ids`` and give card ``name`` its ``before``
    values; the returned undo applies the correction again (``redo``)."""
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import delete, select

    from card_db.models import Card, CardCorrection

    with db.session() as session:
        card = session.exec(select(Card).where(Card.name == name)).one()
        session.exec(delete(CardCorrection).where(CardCorrection.id.in_(correction_ids)))
        _set_card_state(session, card, before)
        session.commit()
    db.forget_catalogue()
    return Changes(
        label=label,
        catalogue=frozenset({name}),
        undo=Reversal(label, lambda again: redo(again).changes),
    )


def parse_card_fields(db: UserDatabase, fields: dict[str, str]) -> CardRecord:
    """A new card record from checklist fields, checked exactly like a checklist row.

    ``fields`` maps checklist column names (:data:`card_db.checklist.COLUMNS`, e.g.
    ``name``, ``type``, ``dominions`` ``"1|2"``, ``magic`` ``"4"``) to their text.
    Keyword abilities are parsed knowing the database's Sites and affiliations.
    Raises :class:`card_db.checklist.ChecklistError` whose ``message`` starts with
    the faulty column's name (the file label is ``"new card"``).
    """
    sites, affiliations = _site_and_affiliation_names(db)
    columns = [c for c in fields if fields[c] is not None]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    writer.writerow([protect_cell(str(fields[c])) for c in columns])
    (record,) = parse_checklist_text(
        buffer.getvalue(), "csv", "new card", known_sites=sites, affiliations=affiliations
    )
    return record


def add_card(db: UserDatabase, record: CardRecord) -> Outcome[CardRecord]:
    """Insert a new card (``origin = "user"``, so app data updates keep it); returns it.

    Raises :class:`CardExistsError` if a card of that name or key is already in the
    catalogue (use a correction to change an existing card). The undo deletes the card.
    """
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import select

    from card_db.models import Card
    from card_db.sync import upsert_records  # lazy: start-up time (imports SQLModel)

    existing = db.catalogue().get(record.name)
    if existing is not None:
        raise CardExistsError(f"a card called {existing.name!r} is already in the catalogue")
    key = record_key(record)
    with db.session() as session:
        if session.exec(select(Card).where(Card.key == key)).first() is not None:
            raise CardExistsError(f"the card key {key!r} is already used by another card")
        upsert_records(session, [(key, record)], "user")
        session.commit()
    db.forget_catalogue()
    added = db.catalogue().resolve(record.name)
    label = f"Add the card {added.name}"
    undo = Reversal(label, partial(_remove_card, name=added.name, record=record, label=label))
    return Outcome(added, Changes(label=label, catalogue=frozenset({added.name}), undo=undo))


class CardInUseError(UserError):
    """A card cannot be removed: the collection, a deck or a scan refers to it."""


def delete_card_row(session, card) -> None:
    """Delete the user's ``card`` row (a ``card_db.models.Card``) with its affiliations
    and corrections in ``session``, flushed; raises :class:`CardInUseError` if the
    collection, a deck or a scan refers to it (the session is then to be rolled back)."""
    from sqlalchemy.exc import IntegrityError  # lazy: start-up time
    from sqlmodel import delete

    from card_db.models import CardAffiliation, CardCorrection

    session.exec(delete(CardAffiliation).where(CardAffiliation.card_id == card.id))
    session.exec(delete(CardCorrection).where(CardCorrection.card_id == card.id))
    name = card.name
    session.delete(card)
    try:
        session.flush()
    except IntegrityError:
        raise CardInUseError(
            f"{name} is in your collection, a deck or has a scan; remove it there first"
        ) from None


def _remove_card(db: UserDatabase, *, name: str, record: CardRecord, label: str) -> Changes:
    """Delete the user's card ``name`` (the undo of :func:`add_card`; its undo adds
    ``record`` again). Raises :class:`CardInUseError` if other rows refer to it."""
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import select

    from card_db.models import Card

    with db.session() as session:
        delete_card_row(session, session.exec(select(Card).where(Card.name == name)).one())
        session.commit()
    db.forget_catalogue()
    redo = Reversal(label, lambda again: add_card(again, record).changes)
    return Changes(label=label, catalogue=frozenset({name}), undo=redo)


def card_sources(db: UserDatabase) -> dict[str, int]:
    """How many catalogue cards come from where, for the About dialog.

    Keys: ``rulebook`` (values stated in the rulebook), ``rulebook_estimated`` (of
    those, cards with at least one estimated value), ``demo`` (the invented demo
    set), ``other`` (the user's own cards and imports).
    """
    counts = {"rulebook": 0, "rulebook_estimated": 0, "demo": 0, "other": 0}
    for record in db.catalogue():
        source = record.source.casefold()
        if source.startswith("rulebook"):
            counts["rulebook"] += 1
            counts["rulebook_estimated"] += bool(record.estimated)
        elif source.startswith("demo"):
            counts["demo"] += 1
        else:
            counts["other"] += 1
    return counts
