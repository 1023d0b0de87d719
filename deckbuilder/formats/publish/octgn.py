"""An OCTGN game definition for Imajica: ``definition.xml``, one set, card images.

Layout checked against octgn/OCTGN (snapshot eb8bb590a3e6c81d56dbd8abfd1f664a70f71d0e):
the schemas ``octgnFX/Octgn.Library/Schemas/Game.xsd``, ``CardSet.xsd`` and
``CardGenerator.xsd`` (the tests validate against our own narrower restatement of
them, ``tests/fixtures/schemas/octgn-subset``), ``Octgn.DataNew/DbContext.cs``
(a game is read from ``GameDatabase/<game id>/definition.xml``, its sets from
``GameDatabase/<game id>/Sets/<set id>/set.xml``), ``Octgn.DataNew/GameSerializer.cs``
(a set's pictures are looked up in ``ImageDatabase/<game id>/Sets/<set id>/Cards``; a
deck section of ``definition.xml`` names the player group its cards go to) and
``Octgn.Core/DataExtensionMethods/CardExtensionMethods.cs`` (a card's picture is the
file named after its id, any extension).

The package (copy both folders into OCTGN's data folder, ``Documents/OCTGN``)::

    GameDatabase/<GAME_ID>/definition.xml
    GameDatabase/<GAME_ID>/Sets/<SET_ID>/set.xml
    GameDatabase/<GAME_ID>/Proxies/proxydef.xml, template.png  (required by Game.xsd)
    GameDatabase/<GAME_ID>/cards/front.png, back.png
    ImageDatabase/<GAME_ID>/Sets/<SET_ID>/Cards/<card id>.jpg
    IMAJICA-PACKAGE.txt

Identifiers are the ones :mod:`deckbuilder.formats.octgn` writes into ``.o8d`` decks:
the game GUID :data:`~deckbuilder.formats.octgn.GAME_ID` and each card's
:func:`~deckbuilder.formats.octgn.card_id` (uuid5 of its folded name), so an exported
deck finds every card. The one set, "Imajica", has the GUID :data:`SET_ID`
(``uuid5(GAME_ID, "set")``); a card's own catalogue set is its "Release" property.
Every characteristic is a String property (an estimated value carries ``*``, which an
Integer property would refuse). Deck sections ``Main`` and ``Sideboard`` (the names
the ``.o8d`` writer uses) load into the player's Destiny (draw pile) and Sideboard
piles; the In Ovo (discard pile) follows the rulebook's "Game Layout".
"""

from __future__ import annotations

import io
import uuid
import xml.etree.ElementTree as ET
from pathlib import Path

from card_db.images.aspect import card_height
from card_db.images.proxy import DEFAULT_WIDTH_PX
from card_db.records import CardRecord
from deckbuilder.formats.octgn import GAME_ID, card_id
from deckbuilder.formats.publish._common import (
    PROPERTY_LABELS,
    Faces,
    Progress,
    card_back,
    card_text,
    properties,
    save_face,
    write_faces,
)
from deckbuilder.formats.publish.staging import MARKER

NAME = "octgn"
GAME_NAME = "Imajica"
#: The version of the game definition (OCTGN compares it to offer updates).
GAME_VERSION = "1.0.0.0"
#: The oldest OCTGN release whose schema this definition follows.
OCTGN_VERSION = "3.1.0.0"
SET_NAME = "Imajica"
SET_ID = uuid.uuid5(GAME_ID, "set")
#: Card size on OCTGN's table, in its units (the card's proportions, 63 x 88 mm).
CARD_WIDTH, CARD_HEIGHT = 63, 88
#: The card text property (traits, powers, the estimated-value note).
TEXT_PROPERTY = "Text"
#: Player piles: (name, visibility). The first is where the Main section goes.
PILES = (("Destiny", "none"), ("In Ovo", "all"), ("Sideboard", "me"))
#: Deck section name (as in ``.o8d`` files) -> player pile it loads into.
DECK_SECTIONS = {"Main": "Destiny", "Sideboard": "Sideboard"}

INSTRUCTIONS = f"""\
Imajica game definition for OCTGN, written by deckbuilder publish octgn.

Game id {GAME_ID}, set id {SET_ID}.

1. Close OCTGN.
2. Copy the folders GameDatabase and ImageDatabase into OCTGN's data folder \
(Documents/OCTGN by default), merging with the folders already there.
3. Start OCTGN: the game "Imajica" is listed; decks exported by deckbuilder as .o8d open \
in its deck editor and at the table.

Values marked * are estimated: not confirmed from a printed card (not in the rulebook, or
read from a scan and not checked); check your card.
"""


def _xml_bytes(root: ET.Element) -> bytes:
    ET.indent(root, "  ")
    out = io.BytesIO()
    ET.ElementTree(root).write(out, encoding="utf-8", xml_declaration=True)
    return out.getvalue() + b"\n"


def definition_xml() -> bytes:
    """The ``definition.xml`` bytes (identical for every catalogue)."""
    game = ET.Element("game", {
        "name": GAME_NAME, "id": str(GAME_ID), "version": GAME_VERSION,
        "octgnVersion": OCTGN_VERSION, "setsurl": "", "gameurl": "",
        "authors": "Imajica Deck Builder", "iconurl": "", "tags": "Imajica",
        "description": "Imajica (1997 collectible card game), published from the "
                       "Imajica Deck Builder's catalogue.",
    })
    card = ET.SubElement(game, "card", {
        "back": "cards/back.png", "front": "cards/front.png",
        "width": str(CARD_WIDTH), "height": str(CARD_HEIGHT), "cornerRadius": "3"})
    for label in (*PROPERTY_LABELS, TEXT_PROPERTY):
        ET.SubElement(card, "property", name=label, type="String")
    ET.SubElement(game, "proxygen", definitionsrc="Proxies/proxydef.xml")
    ET.SubElement(game, "table", name="Table", visibility="undefined",
                  width="640", height="480")
    player = ET.SubElement(game, "player", summary="Hand: {#Hand}")
    ET.SubElement(player, "hand", name="Hand", visibility="me", ordered="False")
    for name, visibility in PILES:
        ET.SubElement(player, "group", name=name, visibility=visibility)
    deck = ET.SubElement(game, "deck")
    for section, pile in DECK_SECTIONS.items():
        ET.SubElement(deck, "section", name=section, group=pile)
    return _xml_bytes(game)


def proxydef_xml() -> bytes:
    """The proxy generator's template file ``Game.xsd`` requires: one blank template
    (OCTGN draws a proxy only for a card without a picture; every card has one)."""
    templates = ET.Element("templates")
    ET.SubElement(templates, "template", src="Proxies/template.png", default="True")
    return _xml_bytes(templates)


def set_xml(records: list[CardRecord]) -> bytes:
    """The ``set.xml`` bytes: one ``<card>`` per record with its GUID and properties."""
    root = ET.Element("set", name=SET_NAME, id=str(SET_ID), gameId=str(GAME_ID),
                      version=GAME_VERSION)
    cards = ET.SubElement(root, "cards")
    for record in records:
        card = ET.SubElement(cards, "card", name=record.name, id=str(card_id(record.name)))
        values = properties(record)
        text = card_text(record)
        if text:
            values[TEXT_PROPERTY] = text
        for label, value in values.items():
            ET.SubElement(card, "property", name=label, value=value)
    return _xml_bytes(root)


def game_folder(folder: Path) -> Path:
    """Where ``definition.xml`` goes inside the package ``folder``."""
    return folder / "GameDatabase" / str(GAME_ID)


def image_folder(folder: Path) -> Path:
    """Where the card pictures go inside the package ``folder``."""
    return folder / "ImageDatabase" / str(GAME_ID) / "Sets" / str(SET_ID) / "Cards"


def build(records: list[CardRecord], faces: Faces, folder: Path,
          progress: Progress | None = None) -> int:
    """Write the package into the empty ``folder``; returns the number of pictures."""
    game = game_folder(folder)
    (game / "Sets" / str(SET_ID)).mkdir(parents=True)
    (game / "definition.xml").write_bytes(definition_xml())
    (game / "Sets" / str(SET_ID) / "set.xml").write_bytes(set_xml(records))
    (game / "Proxies").mkdir()
    (game / "Proxies" / "proxydef.xml").write_bytes(proxydef_xml())
    back = card_back(DEFAULT_WIDTH_PX // 2, card_height(DEFAULT_WIDTH_PX // 2))
    for name in ("Proxies/template.png", "cards/front.png", "cards/back.png"):
        save_face(back, game / name)
    (folder / MARKER).write_text(INSTRUCTIONS, encoding="utf-8")
    images = image_folder(folder)
    return write_faces(records, faces, lambda r: images / f"{card_id(r.name)}.jpg", progress)
