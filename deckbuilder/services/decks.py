"""Saved decks in the user's database (tables ``deck`` and ``deck_entry``).

A deck is saved under its name; saving again replaces the stored list in one
transaction, and a save under a new name (``replaces``) or a rename removes the old
name in that same transaction. Each save raises the deck's ``version``; a save that
names the version the deck was opened at (``opened_version``) is refused with
:class:`DeckChangedElsewhere` when the deck was saved elsewhere since (issue 15,
section 2: "not silently overwritten"). Card names must be in the catalogue (UnknownCardError
otherwise, with the closest names). Every write returns :class:`Changes` whose undo
puts the touched decks back as they were (a deleted deck is saved again).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import partial

from card_db.errors import UserError
from card_db.userdb import UserDatabase
from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList
from deckbuilder.services.changes import Changes, Outcome, Reversal


class DeckSaveError(UserError, ValueError):
    """A deck that cannot be saved or renamed (no name, the new name is taken)."""


class DeckChangedElsewhere(DeckSaveError):
    """The saved deck was saved by another window, command or machine after it was
    opened here; saving would overwrite that. ``name``: the deck; ``opened``: the
    version it was opened at; ``stored``: the version saved now."""

    def __init__(self, name: str, opened: int, stored: int):
        super().__init__(
            f"the deck {name!r} was changed elsewhere (another window, command or "
            "computer) since you opened it; reload it, save yours as a copy, or overwrite")
        self.name, self.opened, self.stored = name, opened, stored


@dataclass(frozen=True)
class VersionedDeck:
    """A saved deck and the ``version`` it was read or saved at (``deck.version``)."""

    deck: DeckList
    version: int


class UnknownDeckError(UserError, KeyError):
    """No saved deck has that name; the message names the saved decks."""

    def __str__(self) -> str:  # KeyError would quote the message
        return self.full_message()


@dataclass(frozen=True)
class SavedDeck:
    """A row of the saved-deck list: name, author, card count, last modified (UTC)."""

    name: str
    author: str
    card_count: int
    modified: datetime


@dataclass(frozen=True)
class _StoredDeck:
    """A saved deck as stored, with its dates and kept versions (``deck_version`` rows
    as dicts), for putting it back on undo."""

    deck: DeckList
    created: datetime
    modified: datetime
    versions: tuple[dict, ...] = ()


def saver_name() -> str:
    """Who saves, as a version's author: the login name on this computer ("" if unknown)."""
    import getpass  # lazy: only when a deck is written

    try:
        return getpass.getuser()
    except (OSError, KeyError, ImportError):
        return ""


def _stored(session, name: str) -> _StoredDeck | None:
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import select

    from card_db.models import Card, Deck, DeckVersion, SavedDeckEntry

    row = session.exec(select(Deck).where(Deck.name == name)).first()
    if row is None:
        return None
    versions = tuple(
        v.model_dump(exclude={"id", "deck_id"})
        for v in session.exec(select(DeckVersion).where(DeckVersion.deck_id == row.id)
                              .order_by(DeckVersion.version)).all())
    entries = session.exec(
        select(Card.name, SavedDeckEntry.count, SavedDeckEntry.zone)
        .join(Card, Card.id == SavedDeckEntry.card_id)
        .where(SavedDeckEntry.deck_id == row.id)
        .order_by(SavedDeckEntry.id)
    ).all()
    deck = DeckList(
        name=row.name,
        author=row.author,
        notes=row.notes,
        main=[(n, c) for n, c, z in entries if z == "main"],
        sideboard=[(n, c) for n, c, z in entries if z == "side"],
    )
    return _StoredDeck(deck, row.created, row.modified, versions)


def _remove(session, name: str) -> bool:
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import delete, select

    from card_db.models import Deck, DeckVersion, SavedDeckEntry

    deck_id = session.exec(select(Deck.id).where(Deck.name == name)).first()
    if deck_id is None:
        return False
    session.exec(delete(SavedDeckEntry).where(SavedDeckEntry.deck_id == deck_id))
    session.exec(delete(DeckVersion).where(DeckVersion.deck_id == deck_id))
    session.exec(delete(Deck).where(Deck.id == deck_id))
    return True


def _write(session, db: UserDatabase, deck: DeckList, dates: _StoredDeck | None = None) -> int:
    """Store ``deck`` under its name, replacing that name's list, and keep the new list
    as a new version; returns its version. ``dates``: a deck put back by an undo, with
    its dates; a deck no longer saved gets its kept versions back too."""
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import delete, select

    from card_db.models import Card, Deck, DeckVersion, SavedDeckEntry, utcnow
    from deckbuilder.deck.versions import cards_to_json

    catalogue = db.catalogue()
    wanted = [
        (zone, catalogue.resolve(e.name).name, e.count)
        for zone in (MAIN, SIDEBOARD)
        for e in deck.zone(zone)
    ]
    names = {name for _, name, _ in wanted}
    ids = dict(session.exec(select(Card.name, Card.id).where(Card.name.in_(names))).all())
    row = session.exec(select(Deck).where(Deck.name == deck.name)).first()
    kept = dates.versions if dates is not None and row is None else ()
    if row is None:
        row = Deck(name=deck.name, version=max((v["version"] for v in kept), default=0) + 1)
    else:
        row.version += 1
    row.author, row.notes = deck.author, deck.notes
    row.modified = dates.modified if dates else utcnow()
    if dates:
        row.created = dates.created
    session.add(row)
    session.flush()
    session.exec(delete(SavedDeckEntry).where(SavedDeckEntry.deck_id == row.id))
    for zone, name, count in wanted:
        session.add(
            SavedDeckEntry(
                deck_id=row.id,
                card_id=ids[name],
                count=count,
                zone="side" if zone == SIDEBOARD else "main",
            )
        )
    for values in kept:
        session.add(DeckVersion(deck_id=row.id, **values))
    if kept and kept[-1]["cards"] == cards_to_json(deck) and kept[-1]["name"] == deck.name:
        row.version = kept[-1]["version"]  # the deck as it was: no new version
        session.add(row)
        return row.version
    session.add(DeckVersion(deck_id=row.id, version=row.version, saved_at=utcnow(),
                            author=saver_name(), name=deck.name, notes=deck.notes,
                            cards=cards_to_json(deck)))
    return row.version


def _write_decks(db: UserDatabase, label: str, names: list[str], write) -> Changes:
    """Run ``write(session)`` in one transaction; the undo restores ``names`` as before."""
    with db.session() as session:
        before = tuple((name, _stored(session, name)) for name in names)
        write(session)
        session.commit()
    return Changes(
        label=label,
        decks=frozenset(names),
        undo=Reversal(label, partial(restore_decks, before=before, label=label)),
    )


def restore_decks(
    db: UserDatabase, before: tuple[tuple[str, _StoredDeck | None], ...], label: str
) -> Changes:
    """Put the named saved decks back as ``before`` says (``None``: no such deck), in
    one transaction; the undo of that is the redo. Used by the decks' undo."""

    def write(session) -> None:
        for name, stored in before:
            if stored is None:
                _remove(session, name)
        for _name, stored in before:
            if stored is not None:
                _write(session, db, stored.deck, stored)

    return _write_decks(db, label, [name for name, _ in before], write)


def save_deck(db: UserDatabase, deck: DeckList, replaces: str | None = None, *,
              opened_version: int | None = None) -> Changes:
    """Save ``deck`` under ``deck.name`` (required), replacing any deck of that name.

    ``replaces``: the name the deck was saved under before (save as / rename); that
    saved deck is deleted in the same transaction. ``opened_version``: the version the
    deck (under ``replaces``, else its name) was opened at; if it was saved elsewhere
    since, :class:`DeckChangedElsewhere` (a deck deleted elsewhere is saved anew).
    Raises :class:`DeckSaveError` for an unnamed deck and ``UnknownCardError`` for a
    card not in the catalogue (nothing is written then).
    """
    return save_deck_version(db, deck, replaces, opened_version=opened_version).changes


def save_deck_version(db: UserDatabase, deck: DeckList, replaces: str | None = None, *,
                      opened_version: int | None = None) -> Outcome[int]:
    """:func:`save_deck`, whose value is the deck's new version (for the next save's
    ``opened_version``). Same errors."""
    if not deck.name:
        raise DeckSaveError("a deck needs a name to be saved")
    names = [deck.name]
    if replaces and replaces != deck.name:
        names.append(replaces)
    label = f"Save deck {deck.name}"
    version: list[int] = []

    def write(session) -> None:
        if opened_version is not None:
            _check_version(session, replaces or deck.name, opened_version)
        if replaces and replaces != deck.name:
            _rename_or_remove(session, replaces, deck.name)
        version.append(_write(session, db, deck))

    changes = _write_decks(db, label, names, write)
    return Outcome(version[0], changes)


def _rename_or_remove(session, old: str, new: str) -> None:
    """A save under a new name: the deck ``old`` takes the name ``new`` (its versions go
    with it) unless a deck is saved as ``new`` already (the user chose to replace it:
    ``old`` is deleted and the deck is saved as a new version of ``new``)."""
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import select

    from card_db.models import Deck

    if session.exec(select(Deck.id).where(Deck.name == new)).first() is not None:
        _remove(session, old)
        return
    row = session.exec(select(Deck).where(Deck.name == old)).first()
    if row is not None:
        row.name = new
        session.add(row)
        session.flush()


def _check_version(session, name: str, opened: int) -> None:
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import select

    from card_db.models import Deck

    stored = session.exec(select(Deck.version).where(Deck.name == name)).first()
    if stored is not None and stored != opened:
        raise DeckChangedElsewhere(name, opened, stored)


def rename_deck(db: UserDatabase, old: str, new: str) -> Changes:
    """Rename the saved deck ``old`` to ``new`` in one transaction.

    Raises :class:`UnknownDeckError` if ``old`` is not saved and :class:`DeckSaveError`
    if ``new`` is empty or already names another saved deck (nothing changes then).
    """
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import select

    from card_db.models import Deck, utcnow

    new = new.strip()
    if not new:
        raise DeckSaveError("a deck needs a name to be saved")
    if new == old:
        return Changes(label=f"Rename deck {old} to {new}")

    def write(session) -> None:
        row = session.exec(select(Deck).where(Deck.name == old)).first()
        if row is None:
            raise _unknown_deck(db, old)
        if session.exec(select(Deck.id).where(Deck.name == new)).first() is not None:
            raise DeckSaveError(f"a saved deck is already called {new!r}")
        row.name, row.modified = new, utcnow()
        session.add(row)

    return _write_decks(db, f"Rename deck {old} to {new}", [old, new], write)


def delete_deck(db: UserDatabase, name: str) -> Changes:
    """Delete the saved deck ``name``; ``changes.changed`` says whether one was deleted.

    The undo saves it again, with its dates.
    """
    with db.session() as session:
        stored = _stored(session, name)
        if stored is None:
            return Changes(label=f"Delete deck {name}")
        _remove(session, name)
        session.commit()
    label = f"Delete deck {name}"
    return Changes(
        label=label,
        decks=frozenset({name}),
        undo=Reversal(label, partial(restore_decks, before=((name, stored),), label=label)),
    )


def _unknown_deck(db: UserDatabase, name: str) -> UnknownDeckError:
    with db.read() as conn:
        known = [r[0] for r in conn.execute("SELECT name FROM deck ORDER BY name")]
    return UnknownDeckError(
        f"no saved deck called {name!r} (saved: {', '.join(known) or 'none'})",
        suggestions=known,
    )


def load_deck(db: UserDatabase, name: str) -> DeckList:
    """The saved deck called ``name``; raises :class:`UnknownDeckError` (a ``KeyError``)
    naming the saved decks if absent."""
    return load_deck_version(db, name).deck


def load_deck_version(db: UserDatabase, name: str) -> VersionedDeck:
    """The saved deck called ``name`` and its version, read together (same errors as
    :func:`load_deck`)."""
    with db.read() as conn:
        row = conn.execute(
            "SELECT id, name, author, notes, version FROM deck WHERE name = ?", (name,)
        ).fetchone()
        entries = []
        if row is not None:
            entries = conn.execute(
                "SELECT c.name, e.count, e.zone FROM deck_entry e JOIN card c ON c.id = e.card_id "
                "WHERE e.deck_id = ? ORDER BY e.id",
                (row[0],),
            ).fetchall()
    if row is None:
        raise _unknown_deck(db, name)
    deck = DeckList(
        name=row[1],
        author=row[2],
        notes=row[3],
        main=[(n, c) for n, c, z in entries if z == "main"],
        sideboard=[(n, c) for n, c, z in entries if z == "side"],
    )
    return VersionedDeck(deck, row[4])


def list_decks(db: UserDatabase) -> list[SavedDeck]:
    """Every saved deck, newest first."""
    with db.read() as conn:
        rows = conn.execute(
            "SELECT d.name, d.author, COALESCE(SUM(CASE WHEN e.zone = 'main' THEN e.count END), 0),"
            " d.modified FROM deck d LEFT JOIN deck_entry e ON e.deck_id = d.id "
            "GROUP BY d.id ORDER BY d.modified DESC, d.name"
        ).fetchall()
    return [SavedDeck(n, a, c, datetime.fromisoformat(str(m))) for n, a, c, m in rows]
