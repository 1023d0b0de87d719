"""A Cockatrice custom card database for Imajica (``cards.xml`` version 4) with pictures.

Layout checked against Cockatrice/Cockatrice (snapshot 157e7022cd78b9d50638436b1f2a44517f29d4e8):
``doc/carddatabase_v4/cards.xsd`` (the tests validate against our narrower restatement),
``libcockatrice_card/.../parser/cockatrice_xml_4.cpp`` (the reader: ``<card>`` holds
``name``, ``text``, ``prop`` with free-form properties, one ``<set>`` per printing
whose attributes, e.g. ``rarity``, ``num``, ``picurl``, become printing properties,
``tablerow``, ``cipt``), ``cache_settings.cpp`` (custom databases are read from the
``customsets`` folder, custom pictures from ``pics/CUSTOM``) and
``card_picture_loader_local.cpp`` (pictures in ``pics/CUSTOM`` and its sub-folders are
found by the card's corrected name, :func:`picture_name`).

The package::

    customsets/Imajica.xml          copy into Cockatrice's customsets folder
    cards.xml                       the same cards as a main database, for a
                                    Cockatrice that has none
    pics/CUSTOM/Imajica/<name>.jpg  copy into Cockatrice's pics/CUSTOM folder
    IMAJICA-PACKAGE.txt             these instructions

Cockatrice reads the custom sets only after a main ``cards.xml`` has loaded
(``CardDatabase::loadCardDatabases`` in ``card_database.cpp`` loads the main file
first and the ``customsets`` folder after it; with no main database no card at all is
loaded), so the instructions say so and the package offers its cards as that main
database. A card of the main database with the same name as one of ours keeps the
main database's card (Cockatrice keys its cards by name and keeps the first it
read): :func:`clashes` lists such names from the user's main database where it can
be read, and the instructions list them.

A ``.cod`` deck (:mod:`deckbuilder.formats.cockatrice`) names cards, so every card of
the catalogue is found by its name. Each catalogue set becomes a Cockatrice set with a
short name from :func:`set_codes`; ``maintype`` is the card type (Cockatrice groups
the deck editor by it), ``type`` the type and affiliations, and the characteristics
are properties named ``magic``, ``strength``, ``prime``, ``resistance``, ``dominion``,
``gender``, ``unique``, ``permanent``, ``affiliations``, ``decklimit``, ``artist``,
``source`` (estimated values marked ``*``). Imajica has no mana cost, so ``manacost``
and ``cmc`` are left out, and no tokens, so no card has ``related`` cards.
``tablerow`` puts Sites in Cockatrice's first row (0), other permanents in row 1,
Characters in row 2, instants in row 3 (the stack).
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import quote

from card_db.records import CardRecord, CardType
from deckbuilder.formats.publish._common import (
    Faces,
    Progress,
    card_text,
    properties,
    unique_names,
    write_faces,
)
from deckbuilder.formats.publish.staging import MARKER

NAME = "cockatrice"
DATABASE_FILE = "customsets/Imajica.xml"
#: The same database, for a Cockatrice without a main ``cards.xml``.
MAIN_DATABASE_FILE = "cards.xml"
PICTURE_FOLDER = "pics/CUSTOM/Imajica"
#: Short names of the bundled sets; other sets get one from their name.
KNOWN_SET_CODES = {
    "Imajica (1997)": "IMJ",
    "Demo Set (invented cards, not the 1997 set)": "DEMO",
}
#: The set of a card whose record names none.
NO_SET = "Imajica (no set given)"
#: Rows of Cockatrice's table (0 lands, 1 other permanents, 2 creatures, 3 stack).
_ROW_SITE, _ROW_PERMANENT, _ROW_CHARACTER, _ROW_INSTANT = 0, 1, 2, 3

INSTRUCTIONS = """\
Imajica card database for Cockatrice, written by deckbuilder publish cockatrice.

1. Copy customsets/Imajica.xml into Cockatrice's "customsets" folder (Cockatrice: Settings \
> General > Paths shows the data folder; customsets is inside it).
2. Copy the folder pics/CUSTOM/Imajica into Cockatrice's pics/CUSTOM folder.
3. Restart Cockatrice. Decks exported by deckbuilder as .cod now open with these cards.

Cockatrice loads custom sets only after its main card database (cards.xml, which its \
Oracle tool downloads): without one, no card loads, not even these. If your Cockatrice \
has no main database (Settings > General > Paths, "Card database" is empty or missing), \
copy this package's cards.xml into the data folder instead of step 1 (or choose it as \
the card database there); it holds the same cards.

A card of your main database with the same name as one of these replaces it without a \
word; the names found in your main database when this package was written are listed \
below.

Values marked * are estimated: not confirmed from a printed card (not in the rulebook, or
read from a scan and not checked); check your card.
"""


def picture_name(name: str) -> str:
    """The card's file name without extension as Cockatrice looks for it
    (``CardInfo::getCorrectedName``: characters Windows forbids removed, ``/`` and
    control characters 9-15 turned into spaces)."""
    removed = re.sub(r'( // |[*<>:"\\?\x00-\x08\x10-\x1f])', "", name)
    return re.sub(r"[/\x09-\x0f]", " ", removed)


def set_codes(records: list[CardRecord]) -> dict[str, str]:
    """Catalogue set name -> Cockatrice short set name, unique (a number is added to a
    repeated one)."""
    codes: dict[str, str] = {}
    for set_name in sorted({r.set_name or NO_SET for r in records}):
        base = KNOWN_SET_CODES.get(set_name) or re.sub(r"[^A-Z0-9]", "", set_name.upper())[:10]
        base = base or "SET"
        code, n = base, 2
        while code in codes.values():
            code, n = f"{base}{n}", n + 1
        codes[set_name] = code
    return codes


def _table_row(record: CardRecord) -> int:
    if record.card_type is CardType.SITE:
        return _ROW_SITE
    if record.card_type is CardType.CHARACTER:
        return _ROW_CHARACTER
    return _ROW_PERMANENT if record.permanent else _ROW_INSTANT


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
    element = ET.SubElement(parent, tag, attrs)
    if text is not None:
        element.text = text
    return element


def _card(cards: ET.Element, record: CardRecord, code: str, picurl: str | None) -> None:
    card = _sub(cards, "card")
    _sub(card, "name", record.name)
    _sub(card, "text", card_text(record))
    props = properties(record)
    prop = _sub(card, "prop")
    _sub(prop, "maintype", record.card_type.value)
    type_line = props["Type"]
    if "Affiliations" in props:
        type_line += " — " + props["Affiliations"].replace("|", ", ")
    _sub(prop, "type", type_line)
    for label, value in props.items():
        if label not in ("Type", "Release", "Rarity"):
            _sub(prop, label.casefold().replace(" ", ""), value)
    printing = {}
    if record.rarity:
        printing["rarity"] = record.rarity
    if record.collector_number:
        printing["num"] = record.collector_number
    if picurl:
        printing["picurl"] = picurl
    _sub(card, "set", code, **printing)
    _sub(card, "tablerow", str(_table_row(record)))


def database_xml(records: list[CardRecord], picture_base_url: str | None = None) -> bytes:
    """The ``cards.xml`` (version 4) bytes of ``records``, UTF-8.

    With ``picture_base_url`` (where the pictures will be served), each printing gets a
    ``picurl`` of base + ``<picture name>.jpg``; without, Cockatrice finds the pictures
    in ``pics/CUSTOM``.
    """
    codes = set_codes(records)
    root = ET.Element("cockatrice_carddatabase", version="4")
    info = _sub(root, "info")
    _sub(info, "author", "Imajica Deck Builder (deckbuilder publish cockatrice)")
    sets = _sub(root, "sets")
    for set_name, code in codes.items():
        entry = _sub(sets, "set")
        _sub(entry, "name", code)
        _sub(entry, "longname", set_name)
        _sub(entry, "settype", "Custom")
    cards = _sub(root, "cards")
    for record in records:
        picurl = None
        if picture_base_url:
            picurl = picture_base_url.rstrip("/") + "/" + quote(picture_name(record.name)) + ".jpg"
        _card(cards, record, codes[record.set_name or NO_SET], picurl)
    ET.indent(root, "  ")
    out = io.BytesIO()
    ET.ElementTree(root).write(out, encoding="UTF-8", xml_declaration=True)
    return out.getvalue() + b"\n"


def database_names(data: bytes) -> set[str]:
    """The card names of a Cockatrice ``cards.xml`` (version 3 or 4: ``<card><name>``).
    Raises :class:`xml.etree.ElementTree.ParseError` for a file that is not XML."""
    names = set()
    for _event, element in ET.iterparse(io.BytesIO(data)):
        if element.tag == "card":
            name = element.findtext("name")
            if name:
                names.add(name.strip())
            element.clear()
    return names


def clashes(records: list[CardRecord], main_names: set[str]) -> list[str]:
    """Our card names the main database also holds (its cards would be used), sorted."""
    return sorted(r.name for r in records if r.name in main_names)


def instructions(clashing: list[str] | None) -> str:
    """:data:`INSTRUCTIONS` with the clashing names (``None``: the main database could
    not be read)."""
    if clashing is None:
        tail = ("Your main Cockatrice database could not be read when this package was "
                "written, so no names were checked.\n")
    elif not clashing:
        tail = "No card of your main Cockatrice database has the name of one of these.\n"
    else:
        tail = ("Names also in your main Cockatrice database (its cards will be used):\n"
                + "".join(f"  {name}\n" for name in clashing))
    return INSTRUCTIONS + "\n" + tail


def build(records: list[CardRecord], faces: Faces, folder: Path,
          progress: Progress | None = None, picture_base_url: str | None = None,
          clashing: list[str] | None = None) -> int:
    """Write the package into the empty ``folder``; returns the number of pictures.
    ``clashing`` (from :func:`clashes`; ``None`` if the user's main database could not
    be read) is listed in the instructions.

    Raises :class:`~deckbuilder.formats.publish._common.PublishError` if two cards
    would share a picture file.
    """
    files = unique_names(records, lambda r: picture_name(r.name), "Cockatrice picture")
    (folder / DATABASE_FILE).parent.mkdir(parents=True, exist_ok=True)
    database = database_xml(records, picture_base_url)
    (folder / DATABASE_FILE).write_bytes(database)
    (folder / MAIN_DATABASE_FILE).write_bytes(database)
    (folder / MARKER).write_text(instructions(clashing), encoding="utf-8")
    return write_faces(records, faces,
                       lambda r: folder / PICTURE_FOLDER / f"{files[r.name]}.jpg", progress)
