"""Saved decks in the user's database (tables ``deck`` and ``deck_entry``).

A deck is saved under its name; saving again replaces the stored list in one
transaction. Card names must be in the catalogue (UnknownCardError otherwise, with
the closest names).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from card_db.database import connect_readonly, ensure_database, open_session
from deckbuilder.deck.model import MAIN, SIDEBOARD, DeckList


@dataclass(frozen=True)
class SavedDeck:
    """A row of the saved-deck list: name, author, card count, last modified (UTC)."""

    name: str
    author: str
    card_count: int
    modified: datetime


def save_deck(deck: DeckList, path: Path | None = None) -> None:
    """Save ``deck`` under ``deck.name`` (required), replacing any deck of that name."""
    from sqlmodel import delete, select

    from card_db.models import Card, Deck, DeckEntry, utcnow
    from deckbuilder.services.catalogue import load_catalogue

    if not deck.name:
        raise ValueError("a deck needs a name to be saved")
    db = ensure_database(path)
    catalogue = load_catalogue(db)
    wanted = [
        (zone, catalogue.resolve(e.name).name, e.count)
        for zone in (MAIN, SIDEBOARD)
        for e in deck.zone(zone)
    ]
    with open_session(db) as session:
        ids = {c.name: c.id for c in session.exec(select(Card)).all()}
        row = session.exec(select(Deck).where(Deck.name == deck.name)).first()
        if row is None:
            row = Deck(name=deck.name)
        row.author, row.notes, row.modified = deck.author, deck.notes, utcnow()
        session.add(row)
        session.flush()
        session.exec(delete(DeckEntry).where(DeckEntry.deck_id == row.id))
        for zone, name, count in wanted:
            session.add(
                DeckEntry(
                    deck_id=row.id,
                    card_id=ids[name],
                    count=count,
                    zone="side" if zone == SIDEBOARD else "main",
                )
            )
        session.commit()


def load_deck(name: str, path: Path | None = None) -> DeckList:
    """The saved deck called ``name``; raises KeyError naming the saved decks if absent."""
    conn = connect_readonly(path)
    try:
        row = conn.execute(
            "SELECT id, name, author, notes FROM deck WHERE name = ?", (name,)
        ).fetchone()
        if row is None:
            known = [r[0] for r in conn.execute("SELECT name FROM deck ORDER BY name")]
            raise KeyError(f"no saved deck called {name!r} (saved: {', '.join(known) or 'none'})")
        entries = conn.execute(
            "SELECT c.name, e.count, e.zone FROM deck_entry e JOIN card c ON c.id = e.card_id "
            "WHERE e.deck_id = ? ORDER BY e.id",
            (row[0],),
        ).fetchall()
    finally:
        conn.close()
    return DeckList(
        name=row[1],
        author=row[2],
        notes=row[3],
        main=[(n, c) for n, c, z in entries if z == "main"],
        sideboard=[(n, c) for n, c, z in entries if z == "side"],
    )


def list_decks(path: Path | None = None) -> list[SavedDeck]:
    """Every saved deck, newest first."""
    conn = connect_readonly(path)
    try:
        rows = conn.execute(
            "SELECT d.name, d.author, COALESCE(SUM(CASE WHEN e.zone = 'main' THEN e.count END), 0),"
            " d.modified FROM deck d LEFT JOIN deck_entry e ON e.deck_id = d.id "
            "GROUP BY d.id ORDER BY d.modified DESC, d.name"
        ).fetchall()
    finally:
        conn.close()
    return [SavedDeck(n, a, c, datetime.fromisoformat(str(m))) for n, a, c, m in rows]


def delete_deck(name: str, path: Path | None = None) -> bool:
    """Delete the saved deck ``name``; returns whether one was deleted."""
    from sqlmodel import delete, select

    from card_db.models import Deck, DeckEntry

    with open_session(ensure_database(path)) as session:
        deck_id = session.exec(select(Deck.id).where(Deck.name == name)).first()
        if deck_id is None:
            return False
        session.exec(delete(DeckEntry).where(DeckEntry.deck_id == deck_id))
        session.exec(delete(Deck).where(Deck.id == deck_id))
        session.commit()
        return True
