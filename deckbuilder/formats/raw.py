"""A deck file as read, before it becomes a :class:`~deckbuilder.deck.decklist.DeckList`:
every entry with the zone the file puts it in, its count, name and position.

Each readable format's ``parse(data, path=None) -> RawDeck`` gives this layer; its
``read`` builds the deck list from it with :func:`to_decklist`. The raw layer keeps
zones an Imajica deck has no place for (Magic's commander, Cockatrice's tokens, OCTGN's
shared sections, LackeyCCG superzones) under the file's own zone name, so nothing is
merged into the main deck silently: :func:`to_decklist` refuses them with the file,
line and column. Names need not be in any catalogue here (other games' decks parse).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from card_db.names import fold_name
from deckbuilder.deck.decklist import MAIN, MAX_COUNT, SIDEBOARD, DeckEntry, DeckList
from deckbuilder.formats.errors import DeckFormatError


@dataclass(frozen=True)
class RawEntry:
    """One entry: ``zone`` (:data:`~deckbuilder.deck.decklist.MAIN`,
    :data:`~deckbuilder.deck.decklist.SIDEBOARD`, or another zone's name as the file
    writes it), ``count`` (1-999), card ``name`` (cleaned, set marks removed), 1-based
    ``line``/``column`` (``None`` where unknown) and the ``set_code`` written with it
    (``""`` if none)."""

    zone: str
    count: int
    name: str
    line: int | None = None
    column: int | None = None
    set_code: str = ""


@dataclass
class RawDeck:
    """A parsed deck file: deck ``name``, ``author``, ``notes`` and its ``entries`` in
    file order."""

    entries: list[RawEntry] = field(default_factory=list)
    name: str = ""
    author: str = ""
    notes: str = ""

    def zone_counts(self) -> dict[str, int]:
        """Cards (copies) per zone, e.g. ``{"main": 60, "side": 15}``."""
        totals: Counter[str] = Counter()
        for entry in self.entries:
            totals[entry.zone] += entry.count
        return dict(totals)

    def extra_zones(self) -> list[str]:
        """Zones other than main and sideboard holding cards, in file order."""
        return list(dict.fromkeys(e.zone for e in self.entries if e.zone not in (MAIN, SIDEBOARD)))


def to_decklist(raw: RawDeck, path: str | None) -> DeckList:
    """The :class:`DeckList` of ``raw``.

    Raises :class:`DeckFormatError` (with the entry's line and column) for a card in a
    zone other than main and sideboard, more than
    :data:`~deckbuilder.deck.decklist.MAX_COUNT` copies of one card in a zone, a deck
    over the deck list's limits, or no cards at all.
    """
    per_card: Counter[tuple[str, str]] = Counter()
    zones: dict[str, list[DeckEntry]] = {MAIN: [], SIDEBOARD: []}
    lines: dict[str, int] = {}
    for entry in raw.entries:
        if entry.zone not in zones:
            raise DeckFormatError(
                path, entry.line, entry.column,
                f"{entry.name!r} is in the zone {entry.zone!r}, which an Imajica deck does "
                "not have (only the main deck and the sideboard); remove that zone from "
                "the file",
            )
        key = (entry.zone, fold_name(entry.name))
        per_card[key] += entry.count
        if per_card[key] > MAX_COUNT:
            raise DeckFormatError(
                path, entry.line, entry.column,
                f"{per_card[key]} copies of {entry.name!r} in one zone (at most {MAX_COUNT})",
            )
        zones[entry.zone].append(DeckEntry(entry.name, entry.count))
        if entry.line is not None:
            lines.setdefault(entry.name, entry.line)
    if not zones[MAIN] and not zones[SIDEBOARD]:
        raise DeckFormatError(path, None, None, "no cards in the deck file")
    try:
        return DeckList(
            name=raw.name, author=raw.author, notes=raw.notes,
            main=zones[MAIN], sideboard=zones[SIDEBOARD], lines=lines,
        )
    except ValueError as exc:  # a deck-level limit the checks above did not catch
        raise DeckFormatError(path, None, None, str(exc)) from None
