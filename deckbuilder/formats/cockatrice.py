"""Cockatrice ``.cod`` deck files.

Structure checked against Cockatrice's own reader and writer, ``common/decklist.cpp``
in Cockatrice/Cockatrice (commit 03dff509bd78562ac3faaeba3969155bcd63cb19):
``DeckList::write`` writes ``<cockatrice_deck version="1">`` holding
``<lastLoadedTimestamp>``, ``<deckname>``, ``<bannerCard providerId="">``,
``<comments>``, then one ``<zone name="...">`` per zone (``main``, ``side``, ``tokens``)
of empty ``<card number="N" name="..."/>`` elements (optional ``setShortName``,
``collectorNumber``, ``uuid`` attributes), with ``QXmlStreamWriter`` auto-formatting
(4-space indent) after ``<?xml version="1.0" encoding="UTF-8"?>``. The reader
(``DeckList::readElement``) ignores elements it does not know.

Carried: deck name (``deckname``), notes (``comments``), main deck (zone ``main``) and
sideboard (zone ``side``). Not carried: the author (Cockatrice has no field for it).
:func:`parse` keeps a zone other than ``main``/``side`` (``tokens``) under its own name;
:func:`read` refuses its cards with their line (Imajica has no tokens).
"""

from __future__ import annotations

from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList
from deckbuilder.formats._common import EntryCollector, parse_count
from deckbuilder.formats._xml import escape_attr, escape_text, expect_root, parse_xml
from deckbuilder.formats.errors import DeckFormatError
from deckbuilder.formats.raw import RawDeck, to_decklist

NAME = "cockatrice"
EXTENSIONS = (".cod",)
CARRIES = frozenset({"name", "notes", "main", "sideboard"})

_ZONES = {"main": MAIN, "side": SIDEBOARD}


def parse(data: str | bytes, path: str | None = None) -> RawDeck:
    """The entries of a ``.cod`` file, zones as named in it; :class:`DeckFormatError` if
    it is not one."""
    root = parse_xml(data, path)
    expect_root(root, "cockatrice_deck", path, "Cockatrice deck")
    collector = EntryCollector(path)
    name = notes = ""
    for child in root.children:
        if child.tag == "deckname":
            name = child.text
        elif child.tag == "comments":
            notes = child.text
        elif child.tag == "zone":
            zone_name = child.attrs.get("name", "")
            for card in child.findall("card"):
                if "name" not in card.attrs or "number" not in card.attrs:
                    raise DeckFormatError(
                        path, card.line, card.column, "a <card> needs 'number' and 'name'"
                    )
                count = parse_count(card.attrs["number"], path, card.line, card.column)
                collector.add(
                    _ZONES.get(zone_name, zone_name), card.attrs["name"], count,
                    card.line, card.column, card.attrs.get("setShortName", ""),
                )
    return collector.raw(name=name, notes=notes)


def read(data: str | bytes, path: str | None = None) -> DeckList:
    """Read a ``.cod`` file; :class:`DeckFormatError` if it is not one or has cards in
    a zone other than main and side."""
    return to_decklist(parse(data, path), path)


def write(deck: DeckList) -> str:
    """The ``.cod`` text of ``deck``, laid out as Cockatrice writes it."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<cockatrice_deck version="1">',
        "    <lastLoadedTimestamp></lastLoadedTimestamp>",
        f"    <deckname>{escape_text(deck.name)}</deckname>",
        '    <bannerCard providerId=""></bannerCard>',
        f"    <comments>{escape_text(deck.notes)}</comments>",
    ]
    for zone, entries in (("main", deck.main), ("side", deck.sideboard)):
        if not entries:
            continue
        lines.append(f'    <zone name="{zone}">')
        for name, count in entries:
            lines.append(f'        <card number="{count}" name="{escape_attr(name)}"/>')
        lines.append("    </zone>")
    lines.append("</cockatrice_deck>")
    return "\n".join(lines) + "\n"
