"""Card data services: checklist import/export and the user's corrections.

A checklist import is one transaction (all-or-nothing). Imported cards get
``origin = "user"`` so that later app data updates do not overwrite them. A
correction is stored in ``card_correction``, applied to the card row, and clears the
field's estimated mark; it survives data syncs.
"""

from __future__ import annotations

import json
from pathlib import Path

from card_db.database import connect_readonly, ensure_database, open_session
from card_db.errors import UserError
from card_db.reader import load_records, records_by_id  # noqa: F401 (re-exported)
from card_db.records import CHARACTERISTIC_FIELDS, CardRecord, CardType, Gender, dominions_adjacent


class CorrectionError(UserError, ValueError):
    """A correction that cannot be applied (unknown field, bad value)."""


def _site_and_affiliation_names(db: Path) -> tuple[set[str], set[str]]:
    conn = connect_readonly(db)
    try:
        sites = {r[0] for r in conn.execute("SELECT name FROM card WHERE card_type = 'Site'")}
        affs = {r[0] for r in conn.execute("SELECT name FROM affiliation")}
    finally:
        conn.close()
    return sites, affs


def import_checklist(file: Path, path: Path | None = None) -> tuple[int, int]:
    """Add or update cards from a CSV/JSON checklist; returns (added, updated).

    Raises :class:`card_db.checklist.ChecklistError` (file, line, column) with the
    database unchanged if any row is bad.
    """

    from card_db.checklist import read_checklist_rows
    from card_db.sync import upsert_records

    db = ensure_database(path)
    sites, affiliations = _site_and_affiliation_names(db)
    rows = read_checklist_rows(Path(file), known_sites=sites, affiliations=affiliations)
    with open_session(db) as session:
        result = upsert_records(session, [(r.key, r.record) for r in rows], "user")
        session.commit()
    return result


def export_checklist(file: Path, path: Path | None = None) -> int:
    """Write every card as a checklist (format by extension); returns the card count."""
    from card_db.checklist import write_checklist

    records = all_records(path)
    conn = connect_readonly(path)
    try:
        keys = dict(conn.execute("SELECT name, key FROM card"))
    finally:
        conn.close()
    write_checklist(records, Path(file), keys=keys)
    return len(records)


def all_records(path: Path | None = None) -> list[CardRecord]:
    conn = connect_readonly(path)
    try:
        return load_records(conn)
    finally:
        conn.close()


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
    name: str, field: str, text: str, note: str = "", path: Path | None = None
) -> CardRecord:
    """Record the user's correction of one field from their physical card.

    The value is stored, applied, and ``field`` leaves the card's estimated list.
    Raises :class:`CorrectionError` for an unknown field or bad value and
    :class:`card_db.catalogue.UnknownCardError` for an unknown card.
    Returns the corrected card.
    """
    return correct_card_fields(name, {field: text}, note, path)


# ---------------------------------------------------------------------------
# Paged reading, several corrections at once, and new cards (used by the desktop app)


class CardExistsError(UserError, ValueError):
    """A new card whose name (or key) is already in the catalogue."""


#: Fields :func:`correct_card` accepts, in the order a card shows them.
CORRECTABLE_FIELDS = CHARACTERISTIC_FIELDS


def correct_card_fields(
    name: str, changes: dict[str, str], note: str = "", path: Path | None = None
) -> CardRecord:
    """Record several corrections of card ``name`` at once: all are applied or none.

    ``changes`` maps a field of :data:`CORRECTABLE_FIELDS` to its text as for
    :func:`correct_card`. Every value is checked before anything is written; the
    first bad one raises :class:`CorrectionError` naming its field. Each corrected
    field leaves the card's estimated list. Returns the corrected card.
    """
    from sqlmodel import select

    from card_db.models import Card, CardCorrection
    from card_db.sync import apply_corrections
    from deckbuilder.services.catalogue import load_catalogue

    if not changes:
        raise CorrectionError("nothing to correct: no field was changed")
    db = ensure_database(path)
    record = load_catalogue(db).resolve(name)
    columns: dict[str, object] = {}
    for field in changes:
        columns.update(_parse_value(field, changes[field]))
    with open_session(db) as session:
        card = session.exec(select(Card).where(Card.name == record.name)).one()
        for column, value in columns.items():
            session.add(
                CardCorrection(card_id=card.id, field=column, value=json.dumps(value), note=note)
            )
        session.flush()
        apply_corrections(session, card)
        session.commit()
    return load_catalogue(db).resolve(record.name)


def parse_card_fields(fields: dict[str, str], path: Path | None = None) -> CardRecord:
    """A new card record from checklist fields, checked exactly like a checklist row.

    ``fields`` maps checklist column names (:data:`card_db.checklist.COLUMNS`, e.g.
    ``name``, ``type``, ``dominions`` ``"1|2"``, ``magic`` ``"4"``) to their text.
    Keyword abilities are parsed knowing the database's Sites and affiliations.
    Raises :class:`card_db.checklist.ChecklistError` whose ``message`` starts with
    the faulty column's name (the file label is ``"new card"``).
    """
    import csv
    import io

    from card_db.checklist import parse_checklist_text

    db = ensure_database(path)
    sites, affiliations = _site_and_affiliation_names(db)
    columns = [c for c in fields if fields[c] is not None]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    writer.writerow([str(fields[c]) for c in columns])
    (record,) = parse_checklist_text(
        buffer.getvalue(), "csv", "new card", known_sites=sites, affiliations=affiliations
    )
    return record


def add_card(record: CardRecord, path: Path | None = None) -> CardRecord:
    """Insert a new card (``origin = "user"``, so app data updates keep it); returns it.

    Raises :class:`CardExistsError` if a card of that name or key is already in the
    catalogue (use a correction to change an existing card).
    """
    from sqlmodel import select

    from card_db.checklist import record_key
    from card_db.models import Card
    from card_db.sync import upsert_records
    from deckbuilder.services.catalogue import load_catalogue

    db = ensure_database(path)
    existing = load_catalogue(db).get(record.name)
    if existing is not None:
        raise CardExistsError(f"a card called {existing.name!r} is already in the catalogue")
    key = record_key(record)
    with open_session(db) as session:
        if session.exec(select(Card).where(Card.key == key)).first() is not None:
            raise CardExistsError(f"the card key {key!r} is already used by another card")
        upsert_records(session, [(key, record)], "user")
        session.commit()
    return load_catalogue(db).resolve(record.name)


def card_sources(path: Path | None = None) -> dict[str, int]:
    """How many catalogue cards come from where, for the About dialog.

    Keys: ``rulebook`` (values stated in the rulebook), ``rulebook_estimated`` (of
    those, cards with at least one estimated value), ``demo`` (the invented demo
    set), ``other`` (the user's own cards and imports).
    """
    counts = {"rulebook": 0, "rulebook_estimated": 0, "demo": 0, "other": 0}
    for record in all_records(path):
        source = record.source.casefold()
        if source.startswith("rulebook"):
            counts["rulebook"] += 1
            counts["rulebook_estimated"] += bool(record.estimated)
        elif source.startswith("demo"):
            counts["demo"] += 1
        else:
            counts["other"] += 1
    return counts
