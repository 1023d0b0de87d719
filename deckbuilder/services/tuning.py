"""Deck tuning for the CLI and the GUI: the deck and the pool of cards from the user's
database, the search in :mod:`deckbuilder.engine.simulation.tuning`.

No Qt; the GUI runs :func:`tune_deck` in a worker thread. Errors: those of
:func:`deckbuilder.engine.simulation.tuning.tune`, :class:`UnknownTuneDeckError` for a deck name
that matches nothing, and those of :mod:`deckbuilder.services.deck_sources` for a deck
file that cannot be read.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import BinaryIO

from card_db.catalogue import Catalogue
from card_db.errors import UserError
from card_db.userdb import UserDatabase
from deckbuilder.deck.decklist import DeckList
from deckbuilder.engine.simulation.tuning import TuneResult, tune
from deckbuilder.services.collection import owned_counts
from deckbuilder.services.deck_sources import STDIN, demo_deck_files, read_deck
from deckbuilder.services.decks import UnknownDeckError, load_deck

#: Where the cards that come in may come from.
CATALOGUE, COLLECTION = "catalogue", "collection"
POOLS = (CATALOGUE, COLLECTION)


class UnknownTuneDeckError(UserError):
    """A deck argument that is not a deck file, a saved deck or a demo deck."""


def find_deck(
    db: UserDatabase,
    spec: str,
    catalogue: Catalogue | None = None,
    format: str | None = None,
    stdin: BinaryIO | None = None,
) -> DeckList:
    """The deck ``spec`` names: a deck file (``-``: standard input; read as ``format``
    if given, see :func:`~deckbuilder.services.deck_sources.read_deck`), else a saved
    deck, else a demo deck (its file name without extension). Raises
    :class:`UnknownTuneDeckError` if none matches."""
    catalogue = catalogue or db.catalogue()
    if spec == STDIN or os.path.isfile(spec):
        return read_deck(spec, catalogue, format, stdin).deck
    try:
        return load_deck(db, spec)
    except UnknownDeckError as exc:
        demos = {path.stem: path for path in demo_deck_files()}
        if spec in demos:
            return read_deck(demos[spec], catalogue).deck
        raise UnknownTuneDeckError(
            f"{spec!r} is not a deck file, a saved deck or a demo deck ({exc}; demo decks: "
            + ", ".join(sorted(demos)) + ")") from exc


def swap_pool(db: UserDatabase, pool: str) -> Mapping[str, int] | None:
    """The copies a swap may bring in: ``"collection"`` -> copies owned per card name;
    ``"catalogue"`` -> ``None`` (any card). ``ValueError`` for another ``pool``."""
    if pool == CATALOGUE:
        return None
    if pool == COLLECTION:
        return owned_counts(db)
    raise ValueError(f"unknown pool {pool!r}; expected one of {', '.join(POOLS)}")


def tune_deck(db: UserDatabase, deck: DeckList, pool: str = CATALOGUE,
              catalogue: Catalogue | None = None, **options) -> TuneResult:
    """Suggest swaps for ``deck`` with cards from ``pool`` (see :func:`swap_pool`);
    ``options`` go to :func:`deckbuilder.engine.simulation.tuning.tune` (``rounds``, ``games``,
    ``seed``, ``workers``, ``progress``, ``cancelled``...), which raises
    :class:`~deckbuilder.engine.simulation.tuning.TuneCancelled` with the partial results."""
    catalogue = catalogue or db.catalogue()
    return tune(deck, catalogue, pool=swap_pool(db, pool), **options)
