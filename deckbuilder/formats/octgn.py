"""OCTGN ``.o8d`` deck files.

Structure checked against OCTGN's own code, ``DeckExtensionMethods.Save`` and ``Load``
in ``octgnFX/Octgn.Core/DataExtensionMethods/DeckExtensionMethods.cs`` of octgn/OCTGN
(commit 702662310a677236ceb0deb37ca60b270a2956c0): an ``XmlWriter`` (2-space indent,
``WriteStartDocument(true)`` so ``standalone="yes"``) writes
``<deck game="GAME-GUID">``, one ``<section name="..." shared="False">`` per deck
section of ``<card qty="N" id="CARD-GUID">Card Name</card>``, then
``<notes><![CDATA[...]]></notes>``. The loader matches cards by ``id`` and falls back
to the name. Sample files in public repositories (e.g. exporters writing
``<section name="Main" shared="False">`` and an empty ``<section name="Sideboard"
shared="False" />``) have the same layout. OCTGN has no published deck schema
(``deck.xsd``); the game definition names the sections.

Imajica has no official OCTGN game, so this module fixes its identifiers:

* :data:`GAME_ID`, the game GUID: ``uuid5(NAMESPACE_URL,
  "https://imajica-deckbuilder.invalid/octgn/game")``, written as a constant;
* each card's ``id``: ``uuid5(CARD_NAMESPACE, folded card name)`` with
  :data:`CARD_NAMESPACE` ``= uuid5(GAME_ID, "cards")`` (stable across releases; the
  game definition ``deckbuilder publish octgn`` writes,
  :mod:`deckbuilder.formats.publish.octgn`, uses the same ids).

Carried: notes, the main deck (section ``Main``) and sideboard (section
``Sideboard``). Not carried: deck name and author (OCTGN takes the name from the file
name). On reading, the unshared section ``Main`` (also ``Deck``, any case) is the main
deck and ``Sideboard`` (or ``Side``) the sideboard. Every other section (another
game's identity, commander or scheme sections, and any section with ``shared="True"``,
which OCTGN deals to the table rather than the player) is kept by :func:`parse` under
its own name (``"Encounter (shared)"`` for a shared one) and refused by :func:`read`
with the line and column of its first card: never merged into the main deck. Card
ids are not checked: names are what count.
"""

from __future__ import annotations

import uuid

from card_db.names import fold_name
from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList
from deckbuilder.formats._common import EntryCollector, parse_count
from deckbuilder.formats._xml import Element, cdata, escape_text, expect_root, parse_xml
from deckbuilder.formats.errors import DeckFormatError
from deckbuilder.formats.raw import RawDeck, to_decklist

NAME = "octgn"
EXTENSIONS = (".o8d",)
CARRIES = frozenset({"notes", "main", "sideboard"})

GAME_ID = uuid.UUID("509907dc-f8ad-568c-8cf6-fac6ff41ffb5")
CARD_NAMESPACE = uuid.uuid5(GAME_ID, "cards")

_SIDEBOARD_SECTIONS = {"sideboard", "side"}
_MAIN_SECTIONS = {"main", "deck", "main deck"}


def card_id(name: str) -> uuid.UUID:
    """The stable OCTGN card GUID of the card called ``name`` (case and spacing ignored)."""
    return uuid.uuid5(CARD_NAMESPACE, fold_name(name))


def _zone(section: Element) -> str:
    name = section.attrs.get("name", "").strip()
    shared = section.attrs.get("shared", "False").strip().casefold() == "true"
    if shared:
        return f"{name} (shared)"
    if name.casefold() in _MAIN_SECTIONS:
        return MAIN
    if name.casefold() in _SIDEBOARD_SECTIONS:
        return SIDEBOARD
    return name


def parse(data: str | bytes, path: str | None = None) -> RawDeck:
    """The entries of an ``.o8d`` file, sections as named in it; :class:`DeckFormatError`
    if it is not one."""
    root = parse_xml(data, path)
    expect_root(root, "deck", path, "OCTGN deck")
    if "game" not in root.attrs:
        raise DeckFormatError(
            path, root.line, root.column, "an OCTGN <deck> needs a 'game' attribute"
        )
    collector = EntryCollector(path)
    notes = ""
    for child in root.children:
        if child.tag == "notes":
            notes = child.text
        elif child.tag == "section":
            zone = _zone(child)
            for card in child.findall("card"):
                if "qty" not in card.attrs:
                    raise DeckFormatError(path, card.line, card.column, "a <card> needs 'qty'")
                count = parse_count(card.attrs["qty"], path, card.line, card.column)
                collector.add(zone, card.text, count, card.line, card.column)
    return collector.raw(notes=notes)


def read(data: str | bytes, path: str | None = None) -> DeckList:
    """Read an ``.o8d`` file; :class:`DeckFormatError` if it is not one or has cards in
    a section other than the player's Main and Sideboard."""
    return to_decklist(parse(data, path), path)


def write(deck: DeckList) -> str:
    """The ``.o8d`` text of ``deck``, laid out as OCTGN writes it."""
    lines = [
        '<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
        f'<deck game="{GAME_ID}">',
    ]
    for section, entries in (("Main", deck.main), ("Sideboard", deck.sideboard)):
        if not entries:
            lines.append(f'  <section name="{section}" shared="False" />')
            continue
        lines.append(f'  <section name="{section}" shared="False">')
        for name, count in entries:
            lines.append(
                f'    <card qty="{count}" id="{card_id(name)}">{escape_text(name)}</card>'
            )
        lines.append("  </section>")
    lines.append(f"  <notes>{cdata(deck.notes)}</notes>")
    lines.append("</deck>")
    return "\n".join(lines) + "\n"

