"""LackeyCCG ``.dek`` deck files.

LackeyCCG is closed source and publishes no schema, so the structure was checked
against deck files it wrote, as found in public repositories: a Magic deck quoted in
full as a test fixture of a Rust ``quick_xml`` reader (``<deck version="0.8">``,
``<meta><game>magic</game></meta>``, ``<superzone name="Deck">`` and an empty
``<superzone name="Command">``, tab-indented, no XML declaration, one
``<card><name id="4ed/191">Fire Elemental</name><set>4e</set></card>`` line per copy),
deck exporters for Force of Will and AEW plugins that write the same layout, and the
mtg.wtf deck-format survey ("LackeyCCG .dek (live file)": ``<meta>`` may hold
``<title>``, ``<author>``, ``<game>``, ``<format>``; a ``Sideboard`` superzone).

Carried: deck name (``meta/title``), author (``meta/author``), the main deck
(superzone ``Deck``) and sideboard (superzone ``Sideboard``). Not carried: notes.
Copies of a card are grouped by name on reading, in order of first appearance.
Written: ``<game>`` is :data:`GAME`, each card's ``id`` attribute is
:func:`image_id` (Lackey plugins key a card's picture by the ``ImageFile`` column of
their card data, and decks carry it as ``id``, e.g. ``<name id="hacker_cat">Hacker
Cat</name>`` in merlinofchaos/lackey-example ``decks/sample.dek``) and ``<set>`` is
:data:`SET`: the ids and set of the plugin ``deckbuilder publish lackey`` writes
(:mod:`deckbuilder.formats.publish.lackey`). :func:`parse` keeps a superzone other than
Deck/Sideboard (``Command``, ``Maybeboard``) under its own name; :func:`read` refuses
its cards with their line.

Magic Online writes ``.dek`` files too (root element ``<Deck>``, capital D): they are
read by :mod:`deckbuilder.formats.mtgo`, chosen by the root element. Some deck editors
save a plain ``COUNT NAME`` list under ``.dek`` (buckket/mtg-deck-editor's ``test.dek``):
a ``.dek`` whose first line is such a card line is read as :mod:`deckbuilder.formats.text`
reads a list; anything else must be one of the two XML layouts.
"""

from __future__ import annotations

import re
import unicodedata

from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList
from deckbuilder.formats import mtgo, text
from deckbuilder.formats._common import EntryCollector, decode_text
from deckbuilder.formats._xml import escape_attr, escape_text, parse_xml
from deckbuilder.formats.errors import DeckFormatError
from deckbuilder.formats.raw import RawDeck, to_decklist

NAME = "lackey"
EXTENSIONS = (".dek",)
CARRIES = frozenset({"name", "author", "main", "sideboard"})
GAME = "Imajica"
SET = "Imajica"

_ZONES = {"deck": MAIN, "sideboard": SIDEBOARD}
#: The first line of a plain list saved as ``.dek``: ``COUNT NAME`` (``SB:`` allowed).
_COUNTED_LINE = re.compile(r"(?:SB:\s*)?[0-9]+[xX]?[ \t]+\S", re.IGNORECASE)


def image_id(name: str) -> str:
    """The card's id in the Imajica plugin: its name in lower-case ASCII letters and
    digits joined by ``_`` ("Jude's Café" -> "jude_s_cafe")."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "_", plain.casefold()).strip("_")


def parse(data: str | bytes, path: str | None = None) -> RawDeck:
    """The entries of a LackeyCCG or MTGO ``.dek`` file (by its root element), zones as
    named in it, or of a plain ``COUNT NAME`` list saved as ``.dek``;
    :class:`DeckFormatError` if it is none of these."""
    if _COUNTED_LINE.match(decode_text(data, path).lstrip("\ufeff \t\r\n")):
        return text.parse(data, path)
    root = parse_xml(data, path)
    if root.tag == mtgo.ROOT:
        return mtgo.parse_root(root, path)
    if root.tag != "deck":
        raise DeckFormatError(
            path, root.line, root.column,
            f"expected a LackeyCCG deck (root element <deck>) or an MTGO deck (<Deck>), "
            f"found <{root.tag}>",
        )
    title = author = ""
    meta = root.find("meta")
    if meta is not None:
        for child in meta.children:
            if child.tag == "title":
                title = child.text
            elif child.tag == "author":
                author = child.text
    grouped: dict[str, dict[str, list]] = {}
    for superzone in root.findall("superzone"):
        zone_name = superzone.attrs.get("name", "")
        zone = _ZONES.get(zone_name.casefold(), zone_name)
        for card in superzone.findall("card"):
            name_element = card.find("name")
            if name_element is None:
                raise DeckFormatError(path, card.line, card.column, "a <card> needs a <name>")
            name = name_element.text.strip()
            slot = grouped.setdefault(zone, {}).get(name)
            if slot is None:
                slot = grouped[zone][name] = [0, name_element.line, name_element.column]
            slot[0] += 1
            if slot[0] > 10_000:
                raise DeckFormatError(path, card.line, card.column, "too many copies of one card")
    collector = EntryCollector(path)
    for zone, cards in grouped.items():
        for name, (count, line, column) in cards.items():
            collector.add(zone, name, count, line, column)
    return collector.raw(name=title, author=author)


def is_mtgo(data: str | bytes, path: str | None = None) -> bool:
    """Whether ``data`` is an MTGO deck (root ``<Deck>``), which :func:`write` would turn
    into a LackeyCCG one; :class:`DeckFormatError` if it is not XML."""
    return parse_xml(data, path).tag == mtgo.ROOT


def read(data: str | bytes, path: str | None = None) -> DeckList:
    """Read a LackeyCCG or MTGO ``.dek`` file; :class:`DeckFormatError` if it is neither
    or has cards in a zone other than the deck and the sideboard."""
    return to_decklist(parse(data, path), path)


def write(deck: DeckList) -> str:
    """The ``.dek`` text of ``deck``: one ``<card>`` element per copy."""
    lines = ['<deck version="0.8">', "\t<meta>", f"\t\t<game>{escape_text(GAME)}</game>"]
    if deck.name:
        lines.append(f"\t\t<title>{escape_text(deck.name)}</title>")
    if deck.author:
        lines.append(f"\t\t<author>{escape_text(deck.author)}</author>")
    lines.append("\t</meta>")
    for superzone, entries in (("Deck", deck.main), ("Sideboard", deck.sideboard)):
        lines.append(f'\t<superzone name="{superzone}">')
        for name, count in entries:
            card = (
                f'\t\t<card><name id="{escape_attr(image_id(name))}">{escape_text(name)}</name>'
                f"<set>{escape_text(SET)}</set></card>"
            )
            lines.extend([card] * count)
        lines.append("\t</superzone>")
    lines.append("</deck>")
    return "\n".join(lines) + "\n"
