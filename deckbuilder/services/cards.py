"""Card data services: checklist import/export and the user's corrections.

A checklist import is one transaction (all-or-nothing). Imported cards get
``origin = "user"`` so that later app data updates do not overwrite them. A
correction is stored in ``card_correction``, applied to the card row, and clears the
field's estimated mark; it survives data syncs.
"""

from __future__ import annotations

import json
from pathlib import Path

from card_db.database import connect_readonly, ensure_database, make_engine
from card_db.reader import load_records
from card_db.records import CHARACTERISTIC_FIELDS, CardRecord, CardType, Gender, dominions_adjacent


class CorrectionError(ValueError):
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
    from sqlmodel import Session

    from card_db.checklist import read_checklist, record_key
    from card_db.sync import upsert_records

    db = ensure_database(path)
    sites, affiliations = _site_and_affiliation_names(db)
    records = read_checklist(Path(file), known_sites=sites, affiliations=affiliations)
    engine = make_engine(db)
    try:
        with Session(engine) as session:
            result = upsert_records(session, [(record_key(r), r) for r in records], "user")
            session.commit()
    finally:
        engine.dispose()
    return result


def export_checklist(file: Path, path: Path | None = None) -> int:
    """Write every card as a checklist (format by extension); returns the card count."""
    from card_db.checklist import write_checklist

    records = all_records(path)
    write_checklist(records, Path(file))
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
    raise CorrectionError(
        f"cannot correct {field!r}; correctable fields: "
        + ", ".join(f for f in CHARACTERISTIC_FIELDS if f != "affiliations")
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
    from sqlmodel import Session, select

    from card_db.models import Card, CardCorrection
    from card_db.sync import apply_corrections
    from deckbuilder.services.catalogue import load_catalogue

    db = ensure_database(path)
    record = load_catalogue(db).resolve(name)
    columns = _parse_value(field, text)
    engine = make_engine(db)
    try:
        with Session(engine) as session:
            card = session.exec(select(Card).where(Card.name == record.name)).one()
            for column, value in columns.items():
                session.add(
                    CardCorrection(
                        card_id=card.id, field=column, value=json.dumps(value), note=note
                    )
                )
            session.flush()
            apply_corrections(session, card)
            session.commit()
    finally:
        engine.dispose()
    return load_catalogue(db).resolve(record.name)
