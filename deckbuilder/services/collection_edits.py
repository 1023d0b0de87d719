"""Taking copies out of the collection and setting how many you own, by card name
(``deckbuilder collection remove`` and ``collection set``, beside ``add``).

An entry is the copies of one card in one condition at one location
(:mod:`deckbuilder.services.collection`). Both writes are one transaction and
undoable: the undo puts the card's entries back as they were, ids kept.
"""

from __future__ import annotations

from card_db.records import Condition
from card_db.userdb import UserDatabase
from deckbuilder.formats.collection_csv import MAX_QUANTITY, parse_condition
from deckbuilder.services.changes import Outcome
from deckbuilder.services.collection import (
    CollectionEditError,
    entry_snapshot,
    record_entries,
)


def _card(session, db: UserDatabase, name: str):
    """The card row ``name`` names (the catalogue's spelling);
    :class:`~card_db.catalogue.UnknownCardError` suggesting the closest names otherwise."""
    from sqlmodel import select  # lazy: SQLModel loads only when the database is written

    from card_db.models import Card

    canonical = db.catalogue().resolve(name).name
    return session.exec(select(Card).where(Card.name == canonical)).one()


def _condition(condition: Condition | str | None) -> Condition | None:
    if condition is None or isinstance(condition, Condition):
        return condition
    return parse_condition(condition)


def remove_copies(db: UserDatabase, name: str, quantity: int | None = None, *,
                  condition: Condition | str | None = None,
                  location: str | None = None) -> Outcome[int]:
    """Take ``quantity`` copies of the card ``name`` out of the collection (``None``: all
    of them); the value is the number of copies taken out.

    Only entries in ``condition`` and at ``location`` are touched when those are
    given; copies are taken from the worst condition first, then the largest entry,
    and an entry left with no copy is deleted. Raises
    :class:`~card_db.catalogue.UnknownCardError` for a name the catalogue does not know
    and :class:`CollectionEditError` if fewer copies are owned than asked (the message
    says how many; nothing is written).
    """
    from card_db.models import CollectionEntry  # lazy: SQLModel only for writes

    wanted = _condition(condition)
    if quantity is not None and not 1 <= quantity <= MAX_QUANTITY:
        raise CollectionEditError(f"--qty: expected a whole number 1..{MAX_QUANTITY}")
    order = list(Condition)
    with db.session() as session:
        card = _card(session, db, name)
        before = entry_snapshot(session, {card.id})
        entries = [session.get(CollectionEntry, row["id"]) for row in before
                   if (wanted is None or row["condition"] == wanted.value)
                   and (location is None or row["location"] == location.strip())]
        entries.sort(key=lambda e: (-order.index(Condition(e.condition)), -e.quantity, e.id))
        owned = sum(e.quantity for e in entries)
        which = _which(card.name, wanted, location)
        if owned == 0:
            raise CollectionEditError(f"you own no copy of {which}")
        if quantity is not None and quantity > owned:
            raise CollectionEditError(f"you own {owned} copies of {which}, not {quantity}")
        left = owned if quantity is None else quantity
        for entry in entries:
            taken = min(left, entry.quantity)
            left -= taken
            entry.quantity -= taken
            entry.for_trade = min(entry.for_trade, entry.quantity)
            if entry.quantity == 0:
                session.delete(entry)
            else:
                session.add(entry)
            if left == 0:
                break
        removed = owned if quantity is None else quantity
        changes = record_entries(session, f"Remove {removed} × {card.name}", {card.id}, before)
        session.commit()
    return Outcome(removed, changes)


def set_copies(db: UserDatabase, name: str, quantity: int, *,
               condition: Condition | str = Condition.NEAR_MINT,
               location: str = "") -> Outcome[int]:
    """Own exactly ``quantity`` copies of the card ``name`` in ``condition`` at
    ``location`` (the entry is made, changed, or deleted for 0); the value is the
    copies owned before. Other entries of the card are kept. Raises
    :class:`~card_db.catalogue.UnknownCardError` and :class:`CollectionEditError` (a count outside
    0..:data:`MAX_QUANTITY`)."""
    from sqlmodel import select  # lazy: SQLModel only for writes

    from card_db.models import CollectionEntry

    if isinstance(quantity, bool) or not 0 <= quantity <= MAX_QUANTITY:
        raise CollectionEditError(f"--qty: expected a whole number 0..{MAX_QUANTITY}")
    wanted = _condition(condition) or Condition.NEAR_MINT
    place = location.strip()
    with db.session() as session:
        card = _card(session, db, name)
        before = entry_snapshot(session, {card.id})
        entry = session.exec(select(CollectionEntry).where(
            CollectionEntry.card_id == card.id, CollectionEntry.condition == wanted.value,
            CollectionEntry.location == place)).first()
        old = entry.quantity if entry is not None else 0
        if entry is None and quantity > 0:
            entry = CollectionEntry(card_id=card.id, quantity=quantity,
                                    condition=wanted.value, location=place)
            session.add(entry)
        elif entry is not None and quantity == 0:
            session.delete(entry)
        elif entry is not None:
            entry.quantity = quantity
            entry.for_trade = min(entry.for_trade, quantity)
            session.add(entry)
        label = f"Set {_which(card.name, wanted, location)} to {quantity}"
        changes = record_entries(session, label, {card.id}, before)
        session.commit()
    return Outcome(old, changes)


def _which(name: str, condition: Condition | None, location: str | None) -> str:
    parts = [name]
    if condition is not None:
        parts.append(f"({condition.value})")
    if location and location.strip():
        parts.append(f"at {location.strip()!r}")
    return " ".join(parts)
