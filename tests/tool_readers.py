"""How Cockatrice, OCTGN, LackeyCCG and Forge read a deck file, restated in our words for
the tests (issue 11, section 4): each function reads a file as the writing tool does,
independently of :mod:`deckbuilder.formats`, and returns the zones as the tool names
them, each a list of ``(card name, copies)`` in file order.

The rules were learned by reading each tool's own reader; no code of theirs is here.

* Cockatrice ``.cod``: ``DeckList::loadFromXml`` / ``readElement`` (Cockatrice/Cockatrice
  ``libcockatrice_deck_list/.../deck_list.cpp``, commit
  04509150ae6b26a451999035406346f449ac1f8a): the root must be ``cockatrice_deck``;
  ``deckname`` is the name; every ``zone`` (by its ``name``) holds ``card`` elements with
  ``number`` and ``name``; other elements are skipped.
* Cockatrice plain text (also how it opens ``.dec`` / ``.mwDeck`` lists): the rules
  listed in ``test_formats_foreign.py`` (``loadFromStream_Plain`` in the same file).
  Not restated: the set-code, foil and bracket clean-up of card names, which never
  touches the names our writers write (no brackets, ``/``, ``|`` or ``*F*``).
* OCTGN ``.o8d``: ``DeckExtensionMethods.Load`` (octgn/OCTGN
  ``octgnFX/Octgn.Core/DataExtensionMethods/DeckExtensionMethods.cs``, commit
  0bded0678e96b223479f76cf539204df22ea282c): the ``game`` GUID of ``<deck>``; every
  ``section`` by its ``name``; each ``card`` is found by its ``id`` GUID among the cards
  of the installed game (refused if not installed), ``qty`` copies; the element's text
  is not read.
* LackeyCCG ``.dek`` (closed source; as its files are written, see
  :mod:`deckbuilder.formats.lackey`): ``superzone`` by ``name``, one ``card`` per copy,
  the card found by its ``set`` and the ``id`` of its ``name`` in the plugin's card data.
* Forge ``.dck`` (see :mod:`deckbuilder.formats.forge`): ``[section]`` lines, ``Name=``
  in ``[metadata]``, ``COUNT NAME|SET`` card lines.
"""

from __future__ import annotations

import csv
import io
import re
import uuid
from collections import Counter
from dataclasses import dataclass, field

from lxml import etree


class RefusedByTool(Exception):
    """The tool would not load this file (its message says why)."""


@dataclass
class ToolDeck:
    """A deck as a tool reads it: its name and zones as the tool names them."""

    name: str = ""
    zones: dict[str, list[tuple[str, int]]] = field(default_factory=dict)

    def add(self, zone: str, card: str, copies: int) -> None:
        self.zones.setdefault(zone, []).append((card, copies))


def _xml(data: bytes) -> etree._Element:
    return etree.fromstring(data, etree.XMLParser(resolve_entities=False))


# -- Cockatrice -----------------------------------------------------------------------------


def cockatrice_cod(data: bytes) -> ToolDeck:
    root = _xml(data)
    if root.tag != "cockatrice_deck":
        raise RefusedByTool(f"root element {root.tag!r}")
    deck = ToolDeck()
    for child in root:
        if child.tag == "deckname":
            deck.name = child.text or ""
        elif child.tag == "zone":
            for card in child.iter("card"):
                deck.add(child.get("name"), card.get("name"), int(card.get("number")))
    return deck


_CARD_LINE = re.compile(r"\s*[\w\[({]")
_SB_MARK = re.compile(r"\s*sb:\s*(.+)", re.IGNORECASE)
_SB_HEADING = re.compile(r"sideboard\b", re.IGNORECASE)
_MAIN_HEADING = re.compile(r"((main)?deck(list)?|mainboard)\b", re.IGNORECASE)
_COUNT = re.compile(r"[xX(\[]*(\d+)[xX*)\]]* ?(.+)")


def _blank(line: str) -> bool:
    return not line.strip()


def _card(line: str) -> bool:
    return _CARD_LINE.match(line) is not None


def _first(lines: list[str], test, start: int = 0) -> int:
    return next((i for i in range(max(start, 0), len(lines)) if test(lines[i])), -1)


def _sideboard_start(lines: list[str], deck_start: int) -> int:
    """Where the sideboard starts: -1 when ``SB:`` marks say it line by line, else the
    line of a "Sideboard" heading, else the one blank line splitting the cards in two
    blocks, else past the end (no sideboard)."""
    if _first(lines, lambda line: _SB_MARK.match(line), deck_start) != -1:
        return -1
    heading = _first(lines, lambda line: _SB_HEADING.match(line), deck_start)
    if heading != -1:
        return heading
    split = _first(lines, _blank, deck_start + 1)
    if split == -1:
        return len(lines)
    next_card = _first(lines, _card, split + 1)
    if _first(lines, _blank, next_card + 1) != -1:  # a third block: no split at all
        return len(lines)
    return split


def cockatrice_plain(text: str) -> ToolDeck:
    lines = text.strip().split("\n")
    first_card = _first(lines, _card)
    if first_card == -1:
        return ToolDeck()
    deck_start = max((i for i in range(first_card) if _blank(lines[i])), default=0)
    side_start = _sideboard_start(lines, deck_start)
    deck = ToolDeck()
    titles = [line for line in lines[:deck_start] if not _blank(line)]
    if titles:
        title = re.search(r"[\w\[({].*$", titles[0])
        deck.name = title.group(0) if title else ""
    index = deck_start
    while index < len(lines) and _blank(lines[index]):
        index += 1
    if index < len(lines) and _MAIN_HEADING.match(lines[index]):
        index += 1
    for number in range(index, len(lines)):
        line = lines[number]
        if not _card(line) or number == side_start:
            continue
        text_of_card = " ".join(line.split())
        if side_start < 0:
            mark = _SB_MARK.match(text_of_card)
            side = mark is not None
            text_of_card = mark.group(1) if mark else text_of_card
        else:
            side = number > side_start
        counted = _COUNT.fullmatch(text_of_card)
        copies, card = (int(counted.group(1)), counted.group(2)) if counted else (1, text_of_card)
        deck.add("side" if side else "main", card, copies)
    return deck


# -- OCTGN ----------------------------------------------------------------------------------


def octgn_installed(set_xml: bytes) -> dict[uuid.UUID, str]:
    """The cards an installed OCTGN set offers: card GUID -> name."""
    return {uuid.UUID(card.get("id")): card.get("name") for card in _xml(set_xml).iter("card")}


def octgn_o8d(data: bytes, game_id: uuid.UUID, installed: dict[uuid.UUID, str]) -> ToolDeck:
    root = _xml(data)
    deck_element = root if root.tag == "deck" else next(root.iter("deck"))
    if uuid.UUID(deck_element.get("game")) != game_id:
        raise RefusedByTool(f"a deck for another game ({deck_element.get('game')})")
    deck = ToolDeck()
    for section in root.iter("section"):
        deck.zones.setdefault(section.get("name"), [])
        for card in section.iter("card"):
            card_id = uuid.UUID(card.get("id"))
            if card_id not in installed:
                raise RefusedByTool(f"the card {card_id} is not installed")
            deck.add(section.get("name"), installed[card_id], int(card.get("qty")))
    return deck


# -- LackeyCCG ------------------------------------------------------------------------------


def lackey_card_data(text: str) -> dict[tuple[str, str], str]:
    """A plugin's card data file: (set, image id) -> card name."""
    rows = csv.DictReader(io.StringIO(text), delimiter="\t", quoting=csv.QUOTE_NONE)
    return {(row["Set"], row["ImageFile"]): row["Name"] for row in rows}


def lackey_dek(data: bytes, card_data: dict[tuple[str, str], str]) -> ToolDeck:
    root = _xml(data)
    if root.tag != "deck":
        raise RefusedByTool(f"root element {root.tag!r}")
    deck = ToolDeck(name=root.findtext("meta/title") or "")
    for zone in root.iter("superzone"):
        copies: Counter[str] = Counter()
        for card in zone.iter("card"):
            key = (card.findtext("set"), card.find("name").get("id"))
            if key not in card_data:
                raise RefusedByTool(f"no card {key} in the plugin")
            copies[card_data[key]] += 1
        deck.zones[zone.get("name")] = list(copies.items())
    return deck


# -- Forge ----------------------------------------------------------------------------------


def forge_dck(text: str) -> ToolDeck:
    deck = ToolDeck()
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        heading = re.fullmatch(r"\[(.+)\]", line)
        if heading:
            section = heading.group(1).lower()
        elif section == "metadata" and line.startswith("Name="):
            deck.name = line[len("Name="):]
        elif line and section not in ("metadata", "general"):
            counted = re.fullmatch(r"(\d+)\s+([^|]+?)\s*(\|.*)?", line)
            if counted:
                deck.add(section, counted.group(2), int(counted.group(1)))
            else:
                deck.add(section, line.split("|")[0].strip(), 1)
    return deck
