"""Compare a deck with the player's collection: what to buy or trade for.

Pure Python: the caller passes the counts (``deckbuilder.services.collection``
provides ``owned_counts()`` and ``deck_usage(exclude_deck)`` from the database).
Card names match by :func:`card_db.names.fold_name`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from card_db.names import fold_name
from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList


@dataclass(frozen=True)
class Need:
    """One card of the deck against the collection (all counts are copies).

    ``needed``: copies the deck uses (main deck, plus sideboard unless excluded);
    ``owned``: copies in the collection; ``used_elsewhere``: copies the player's other
    saved decks already use; ``to_acquire``: ``max(0, needed - max(0, owned -
    used_elsewhere))``.
    """

    name: str
    needed: int
    owned: int
    used_elsewhere: int
    to_acquire: int

    @property
    def available(self) -> int:
        """Copies free for this deck: owned minus those used elsewhere, not below zero."""
        return max(0, self.owned - self.used_elsewhere)

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "needed": self.needed,
            "owned": self.owned,
            "used_elsewhere": self.used_elsewhere,
            "to_acquire": self.to_acquire,
        }


def _folded(counts: Mapping[str, int] | None) -> dict[str, int]:
    folded: dict[str, int] = {}
    for name, count in (counts or {}).items():
        key = fold_name(name)
        folded[key] = folded.get(key, 0) + max(0, int(count))
    return folded


def compare_with_collection(
    deck: DeckList,
    owned: Mapping[str, int],
    used_elsewhere: Mapping[str, int] | None = None,
    *,
    include_sideboard: bool = True,
) -> list[Need]:
    """One :class:`Need` per card of ``deck``, in deck order (main deck first).

    ``owned`` maps card name to copies owned; ``used_elsewhere`` (optional) to copies
    used by other decks. Negative counts are read as 0.
    """
    needed: dict[str, int] = {}
    spelling: dict[str, str] = {}
    zones = (MAIN, SIDEBOARD) if include_sideboard else (MAIN,)
    for zone in zones:
        for name, count in deck.zone(zone):
            key = fold_name(name)
            spelling.setdefault(key, name)
            needed[key] = needed.get(key, 0) + count
    have = _folded(owned)
    elsewhere = _folded(used_elsewhere)
    rows = []
    for key, count in needed.items():
        own = have.get(key, 0)
        used = elsewhere.get(key, 0)
        rows.append(
            Need(
                name=spelling[key],
                needed=count,
                owned=own,
                used_elsewhere=used,
                to_acquire=max(0, count - max(0, own - used)),
            )
        )
    return rows


def to_acquire(
    deck: DeckList,
    owned: Mapping[str, int],
    used_elsewhere: Mapping[str, int] | None = None,
    *,
    include_sideboard: bool = True,
) -> list[Need]:
    """The buy or trade list: the rows of :func:`compare_with_collection` with
    ``to_acquire > 0``."""
    return [
        need
        for need in compare_with_collection(
            deck, owned, used_elsewhere, include_sideboard=include_sideboard
        )
        if need.to_acquire > 0
    ]
