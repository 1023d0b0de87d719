"""Writing card records into the database: the bundled-data sync and checklist imports.

Source of the rule: issue "The card database", section 4: upgrading the app's card
data updates card rows without touching the user's collection, decks or corrections.
Each write runs in one transaction, so an import is all-or-nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from sqlmodel import Session, select

from card_db.checklist import (
    ChecklistError,
    bundled_data_hash,
    load_affiliations,
    load_bundled_records,
    record_key,
)
from card_db.database import open_session
from card_db.games import bundled_game_files, parse_game
from card_db.models import (
    Affiliation,
    Card,
    CardAffiliation,
    CardCorrection,
    Meta,
    ShelfGame,
    record_columns,
)
from card_db.names import fold_name
from card_db.records import CardRecord


def _affiliation_ids(session: Session, names: Iterable[str]) -> dict[str, int]:
    existing = {a.name: a.id for a in session.exec(select(Affiliation)).all()}
    for name in names:
        if name not in existing:
            row = Affiliation(name=name)
            session.add(row)
            session.flush()
            existing[name] = row.id
    return existing


def apply_corrections(session: Session, card: Card) -> None:
    """Re-apply the user's corrections to ``card`` and clear their estimated marks."""
    corrections = session.exec(
        select(CardCorrection)
        .where(CardCorrection.card_id == card.id)
        .order_by(CardCorrection.corrected_at, CardCorrection.id)
    ).all()
    if not corrections:
        return
    estimated = set(json.loads(card.estimated or "[]"))
    for correction in corrections:
        value = json.loads(correction.value)
        if correction.field == "affiliations":
            ids = _affiliation_ids(session, value)
            _replace_affiliations(session, card.id, [ids[name] for name in value])
        else:
            setattr(card, correction.field, value)
        estimated.discard(_record_field(correction.field))
    card.estimated = json.dumps(sorted(estimated))
    session.add(card)


def _record_field(column: str) -> str:
    return {"is_unique": "unique", "dominion": "dominions", "border_dominion": "dominions"}.get(
        column, column
    )


def upsert_records(
    session: Session,
    records: Iterable[tuple[str, CardRecord]],
    origin: str,
    *,
    label: str = "checklist",
    lines: Sequence[int] = (),
    progress: Callable[[int, int], None] | None = None,
) -> tuple[int, int]:
    """Insert or update cards by key; returns (added, updated). Does not commit.

    A card that already holds exactly the record's values is left alone (its origin
    kept, not counted), so re-importing an export changes nothing.

    ``records`` yields (key, record). A card's affiliations are replaced by the
    record's, and the user's corrections are re-applied afterwards. A record whose
    key is one card's and whose name is another card's raises :class:`ChecklistError`
    naming ``label`` and the record's line (``lines[i]`` for the i-th record, if
    given); the caller then rolls back. ``progress``, if given, is called with
    (records done, total) about 200 times; it may raise to stop (the caller rolls back).
    """
    pairs = list(records)
    aff_ids = _affiliation_ids(session, {a for _, r in pairs for a in r.affiliations})
    cards = session.exec(select(Card)).all()
    by_key = {c.key: c for c in cards}
    by_name = {fold_name(c.name): c for c in cards}
    added = updated = 0
    for index, (key, record) in enumerate(_reported(pairs, progress)):
        card = by_key.get(key) or by_name.get(fold_name(record.name))
        namesake = by_name.get(fold_name(record.name))
        if card is not None and namesake is not None and namesake is not card:
            if origin == "bundled":
                continue  # the user's card of that name wins, as below
            line = lines[index] if index < len(lines) else None
            raise ChecklistError(
                label, line, "key",
                f"key: {key!r} is the card {card.name!r} but the row names "
                f"{record.name!r}, another card; correct the key or the name",
            )
        if card is not None and origin == "bundled" and card.origin == "user":
            continue  # the user's own import of this card wins over the app's data
        columns = record_columns(record)
        if card is not None and _same_card(session, card, columns, record, aff_ids):
            continue  # e.g. the user's own export re-imported: the card stays as it is
        if card is None:
            card = Card(key=key, origin=origin, **columns)
            added += 1
        else:
            for column, value in columns.items():
                setattr(card, column, value)
            card.origin = origin
            updated += 1
        session.add(card)
        session.flush()
        _replace_affiliations(session, card.id, [aff_ids[a] for a in record.affiliations])
        apply_corrections(session, card)
    return added, updated


def _reported(items: list, progress: Callable[[int, int], None] | None) -> Iterator:
    """``items`` one by one, calling ``progress(done, total)`` every 1/200th and at the end."""
    total = len(items)
    step = max(1, total // 200)
    for index, item in enumerate(items):
        if progress is not None and index % step == 0:
            progress(index, total)
        yield item
    if progress is not None:
        progress(total, total)


def _same_card(
    session: Session, card: Card, columns: dict, record: CardRecord, aff_ids: dict[str, int]
) -> bool:
    """Whether ``card`` already holds exactly ``columns`` and the record's affiliations."""
    if any(getattr(card, column) != value for column, value in columns.items()):
        return False
    links = session.exec(select(CardAffiliation).where(CardAffiliation.card_id == card.id))
    return {link.affiliation_id for link in links} == {aff_ids[a] for a in record.affiliations}


def _replace_affiliations(session: Session, card_id: int, affiliation_ids: list[int]) -> None:
    for link in session.exec(select(CardAffiliation).where(CardAffiliation.card_id == card_id)):
        session.delete(link)
    session.flush()
    for aff_id in dict.fromkeys(affiliation_ids):
        session.add(CardAffiliation(card_id=card_id, affiliation_id=aff_id))


def _sync_affiliations(session: Session, affiliations: Iterable[tuple[str, str]]) -> None:
    rows = {a.name: a for a in session.exec(select(Affiliation)).all()}
    for name, description in affiliations:
        row = rows.get(name) or Affiliation(name=name)
        row.description = description
        session.add(row)
    session.flush()


def sync_bundled_games(session: Session) -> None:
    """Write the bundled game files (``card_db/data/games``) into ``shelf_game``.

    Only rows of origin ``"bundled"`` are rewritten: a game the user imported under
    the same name wins, and the user's copies and counts are untouched. A bundled game
    that left the data files stays (the user's copies name it). Does not commit;
    raises :class:`card_db.games.GameFileError` if a bundled file is invalid.
    """
    rows = {g.name: g for g in session.exec(select(ShelfGame)).all()}
    for file in bundled_game_files():
        text = file.read_text(encoding="utf-8")
        name = parse_game(text, file).name
        row = rows.get(name) or ShelfGame(name=name, definition=text)
        if row.origin == "user":
            continue
        row.definition = text
        session.add(row)
    session.flush()


def sync_bundled_cards(path: Path) -> tuple[int, int]:
    """Bring the bundled cards, affiliations and shelf games in ``path`` up to the
    app's data files.

    Returns (added, updated) cards. User tables are untouched; bundled cards that left
    the data files stay in the database (the user's decks may name them).
    """
    with open_session(path) as session:
        _sync_affiliations(session, load_affiliations())
        sync_bundled_games(session)
        records = [(record_key(r), r) for r in load_bundled_records()]
        result = upsert_records(session, records, origin="bundled")
        meta = session.get(Meta, "bundled_hash") or Meta(key="bundled_hash")
        meta.value = bundled_data_hash()
        session.add(meta)
        session.commit()
    return result
