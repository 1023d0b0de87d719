"""The kept versions of a saved deck (issue 23, section 1): history, one version, the
difference of two, and revert.

Every save of a saved deck adds a ``deck_version`` row (:mod:`deckbuilder.services.
decks`), so nothing is overwritten: a save keeps the version it replaces, and so does
"Overwrite" after a conflict on a shared database (the other writer's version is a
row of its own). :func:`revert_deck` saves an old version's cards as a new version
(undoable). An unknown deck raises :class:`NoSuchDeckError` and a version that does
not exist :class:`UnknownVersionError`, each with the closest names or numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime

from card_db.errors import UserError
from card_db.names import fold_name
from card_db.userdb import UserDatabase
from deckbuilder.deck.decklist import MAIN, DeckList
from deckbuilder.deck.versions import CardChange, card_changes, deck_from_json
from deckbuilder.services.changes import Outcome, Reversal
from deckbuilder.services.decks import (
    UnknownDeckError,
    VersionedDeck,
    load_deck,
    save_deck_version,
)


class NoSuchDeckError(UnknownDeckError):
    """No saved deck has that name; ``suggestions`` are the closest saved names."""

    def full_message(self) -> str:
        hint = ", ".join(repr(s) for s in self.suggestions)
        return self.message + (f"; did you mean {hint}?" if hint else "")


class UnknownVersionError(UserError, LookupError):
    """The deck has no such version; ``suggestions`` are the closest version numbers."""

    def full_message(self) -> str:
        return self.message


@dataclass(frozen=True)
class DeckVersionInfo:
    """One kept version: its ``version`` number, when it was ``saved_at`` (UTC), its
    ``author`` (who saved it), ``cards`` (main-deck card count), ``sideboard`` (count)
    and ``changes`` from the version before it (from an empty deck for the first kept
    one)."""

    version: int
    saved_at: datetime
    author: str
    cards: int
    sideboard: int
    changes: tuple[CardChange, ...]

    def to_json(self) -> dict:
        """``{"version", "saved_at" (ISO 8601, UTC), "author", "cards", "sideboard",
        "changes": [{"name", "from", "to", "zone"}]}``."""
        return {"version": self.version, "saved_at": self.saved_at.isoformat(),
                "author": self.author, "cards": self.cards, "sideboard": self.sideboard,
                "changes": [c.to_json() for c in self.changes]}


def closest(name: str, names: list[str], limit: int = 3) -> list[str]:
    """The ``names`` closest to ``name`` (case and accents ignored), best first."""
    from rapidfuzz import fuzz, process  # lazy: only for "did you mean", off start-up

    folded = {fold_name(n): n for n in names}
    found = process.extract(fold_name(name), list(folded), scorer=fuzz.WRatio, limit=limit,
                            score_cutoff=50.0)
    return [folded[m[0]] for m in found]


def saved_deck_names(db: UserDatabase) -> list[str]:
    with db.read() as conn:
        return [r[0] for r in conn.execute("SELECT name FROM deck ORDER BY name")]


def no_such_deck(db: UserDatabase, name: str) -> NoSuchDeckError:
    """The error for a deck ``name`` that is not saved, naming the closest saved ones."""
    return NoSuchDeckError(f"no saved deck called {name!r}",
                           suggestions=closest(name, saved_deck_names(db)))


def _stamp(value) -> datetime:
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class _Row:
    version: int
    saved_at: datetime
    author: str
    deck: DeckList


def _rows(db: UserDatabase, name: str) -> list[_Row]:
    with db.read() as conn:
        found = conn.execute("SELECT id FROM deck WHERE name = ?", (name,)).fetchone()
        rows = [] if found is None else conn.execute(
            "SELECT version, saved_at, author, name, notes, cards FROM deck_version "
            "WHERE deck_id = ? ORDER BY version", (found[0],)).fetchall()
    if found is None:
        raise no_such_deck(db, name)
    return [_Row(v, _stamp(t), a, deck_from_json(c, n, notes)) for v, t, a, n, notes, c in rows]


def deck_history(db: UserDatabase, name: str) -> list[DeckVersionInfo]:
    """Every kept version of the saved deck ``name``, oldest first.
    :class:`NoSuchDeckError` if it is not saved."""
    return [info for info, _deck in kept_versions(db, name)]


def kept_versions(db: UserDatabase, name: str) -> list[tuple[DeckVersionInfo, DeckList]]:
    """:func:`deck_history` with each version's deck list (read together), oldest first."""
    rows = _rows(db, name)
    out, before = [], None
    for row in rows:
        out.append((DeckVersionInfo(row.version, row.saved_at, row.author, row.deck.total(MAIN),
                                    row.deck.total("side"),
                                    tuple(card_changes(before, row.deck))), row.deck))
        before = row.deck
    return out


def _pick(db: UserDatabase, name: str, version: int | None) -> _Row:
    rows = _rows(db, name)
    if not rows:
        raise UnknownVersionError(f"the deck {name!r} has no kept versions")
    if version is None:
        return rows[-1]
    for row in rows:
        if row.version == version:
            return row
    numbers = [r.version for r in rows]
    near = sorted(numbers, key=lambda n: (abs(n - version), n))[:3]
    raise UnknownVersionError(
        f"the deck {name!r} has no version {version} (versions: "
        f"{', '.join(map(str, numbers))}; closest: {', '.join(map(str, near))})",
        suggestions=[str(n) for n in near])


def load_version(db: UserDatabase, name: str, version: int | None = None) -> VersionedDeck:
    """Version ``version`` (``None``: the newest) of the saved deck ``name``: its cards,
    name and notes as saved then. :class:`NoSuchDeckError`, :class:`UnknownVersionError`."""
    row = _pick(db, name, version)
    return VersionedDeck(row.deck, row.version)


def diff_versions(db: UserDatabase, name: str, old: int, new: int) -> list[CardChange]:
    """What changed from version ``old`` to version ``new`` of the deck ``name`` (card
    counts before and after). Same errors as :func:`load_version`."""
    return card_changes(_pick(db, name, old).deck, _pick(db, name, new).deck)


def revert_deck(db: UserDatabase, name: str, version: int) -> Outcome[int]:
    """Save version ``version`` of the deck ``name`` again as its newest version (the
    versions in between stay kept); the value is the new version number. Undoable: the
    undo saves the list it replaced as one more version. Same errors as
    :func:`load_version`."""
    old = _pick(db, name, version).deck
    old.name, old.author = name, load_deck(db, name).author
    outcome = save_deck_version(db, old)
    label = f"Revert deck {name} to version {version}"
    changes = outcome.changes
    undo = None if changes.undo is None else Reversal(label, changes.undo.run)
    return Outcome(outcome.value, replace(changes, label=label, undo=undo))


def race_versions(catalogue, deck_a: DeckList, deck_b: DeckList, **options):
    """P(victory by round r) of the main decks of ``deck_a`` and ``deck_b`` on the same
    goldfish shuffles (:func:`deckbuilder.engine.simulation.version_race.race`; ``options``:
    ``rounds``, ``games``, ``seed``, ``progress``, ``cancelled``). Raises as ``race``
    does, and ``UnknownCardError`` for a card the catalogue lacks."""
    # lazy: the goldfish engine loads only when a comparison is asked for (start-up time)
    from deckbuilder.engine.simulation.version_race import race

    return race(deck_a.expand(catalogue), deck_b.expand(catalogue), **options)


__all__ = ["DeckVersionInfo", "NoSuchDeckError", "UnknownVersionError", "closest",
           "deck_history", "diff_versions", "kept_versions", "load_version", "no_such_deck",
           "race_versions", "revert_deck", "saved_deck_names"]
