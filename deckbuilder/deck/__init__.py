"""Deck logic: the deck list, legality ("Deck Construction"), ownership and statistics.

Pure Python: no Qt, no database session. See :mod:`deckbuilder.deck.decklist`,
:mod:`deckbuilder.deck.legality`, :mod:`deckbuilder.deck.ownership`,
:mod:`deckbuilder.deck.stats` and :mod:`deckbuilder.deck.resolve`.
"""

from deckbuilder.deck.legality import Finding, LegalityReport, validate
from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckEntry, DeckList
from deckbuilder.deck.ownership import Need, compare_with_collection, to_acquire
from deckbuilder.deck.resolve import UnknownCardsError, UnknownName, resolve_deck
from deckbuilder.deck.stats import DeckStats, deck_stats

__all__ = [
    "MAIN",
    "SIDEBOARD",
    "DeckEntry",
    "DeckList",
    "DeckStats",
    "Finding",
    "LegalityReport",
    "Need",
    "UnknownCardsError",
    "UnknownName",
    "compare_with_collection",
    "deck_stats",
    "resolve_deck",
    "to_acquire",
    "validate",
]
