"""Magic: The Gathering Online ``.dek`` deck files (read only).

MTGO writes XML (``System.Xml.Serialization`` of its deck object)::

    <?xml version="1.0" encoding="utf-8"?>
    <Deck xmlns:xsd="..." xmlns:xsi="...">
      <NetDeckID>0</NetDeckID>
      <PreconstructedDeckID>0</PreconstructedDeckID>
      <Cards CatID="51597" Quantity="4" Sideboard="false" Name="Lightning Bolt" />
      <Cards CatID="23005" Quantity="2" Sideboard="true" Name="Negate" />
    </Deck>

``Sideboard="true"`` (any case) puts the entry in the sideboard. LackeyCCG also uses
``.dek``; :mod:`deckbuilder.formats.lackey` reads both, dispatching on the root
element (``<Deck>`` here, ``<deck>`` for LackeyCCG), so this module only reads.
"""

from __future__ import annotations

from deckbuilder.deck.decklist import MAIN, SIDEBOARD
from deckbuilder.formats._common import EntryCollector, parse_count
from deckbuilder.formats._xml import Element
from deckbuilder.formats.errors import DeckFormatError
from deckbuilder.formats.raw import RawDeck

ROOT = "Deck"


def parse_root(root: Element, path: str | None) -> RawDeck:
    """The entries of an MTGO deck whose root element is ``root``;
    :class:`DeckFormatError` for a ``<Cards>`` without ``Quantity`` or ``Name``."""
    collector = EntryCollector(path)
    for card in root.findall("Cards"):
        if "Quantity" not in card.attrs or "Name" not in card.attrs:
            raise DeckFormatError(
                path, card.line, card.column, "a <Cards> needs 'Quantity' and 'Name'"
            )
        count = parse_count(card.attrs["Quantity"], path, card.line, card.column)
        side = card.attrs.get("Sideboard", "false").strip().casefold() == "true"
        zone = SIDEBOARD if side else MAIN
        collector.add(zone, card.attrs["Name"], count, card.line, card.column)
    return collector.raw()
