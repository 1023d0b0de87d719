"""Forge ``.dck`` deck files.

Forge (Card-Forge/forge) writes an INI-like file: a ``[metadata]`` section of
``Key=Value`` lines (``Name=``, also ``Description=``, ``Deck Type=``), then one
section per deck part, ``[Main]``, ``[Sideboard]``, and for other Magic formats
``[Commander]``, ``[Avatar]``, ``[Planes]``, ``[Schemes]``, ``[Conspiracy]``... Card
lines are ``COUNT NAME|SET|ART`` (set and art index optional). Older files have a
``[general]`` section (``Constructed``) that holds no cards.

Carried: the deck name (``Name=``), the main deck and the sideboard. :func:`parse`
keeps the cards of other sections under the section's name; :func:`read` refuses
them with their line. A card name cannot hold ``|`` (Forge's separator); Imajica's
names do not. Blank lines and lines starting with ``#`` are skipped.
"""

from __future__ import annotations

import re

from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList
from deckbuilder.formats._common import EntryCollector, decode_text, parse_count
from deckbuilder.formats.errors import DeckFormatError
from deckbuilder.formats.raw import RawDeck, to_decklist

NAME = "forge"
EXTENSIONS = (".dck",)
CARRIES = frozenset({"name", "main", "sideboard"})
#: Characters a card name written in this format cannot hold.
NAMES_CANNOT_HOLD = "|"

_SECTION = re.compile(r"\[(?P<name>[^\[\]]+)\]")
_CARD = re.compile(
    r"(?:(?P<count>[+-]?[0-9]+)[xX]?\s+)?(?P<name>[^|]+?)\s*(?:\|(?P<set>[^|]*).*)?"
)
_ZONES = {"main": MAIN, "sideboard": SIDEBOARD}
_HEADER_SECTIONS = {"metadata", "general"}
MAX_LINE = 1000


def parse(data: str | bytes, path: str | None = None) -> RawDeck:
    """The entries of a ``.dck`` file, sections as named in it; :class:`DeckFormatError`
    for a card line outside a card section or a bad count."""
    source = decode_text(data, path).replace("\r\n", "\n").replace("\r", "\n")
    collector = EntryCollector(path)
    section: str | None = None
    deck_name = ""
    for number, raw in enumerate(source.split("\n"), start=1):
        if len(raw) > MAX_LINE:
            raise DeckFormatError(
                path, number, MAX_LINE + 1, f"line longer than {MAX_LINE} characters"
            )
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = _SECTION.fullmatch(line)
        if header:
            section = header.group("name").strip()
            continue
        column = len(raw) - len(raw.lstrip()) + 1
        if section is None:
            raise DeckFormatError(
                path, number, column, "expected a section such as [metadata] or [Main] first"
            )
        key = section.casefold()
        if key in _HEADER_SECTIONS:
            name_key, equals, value = line.partition("=")
            if key == "metadata" and equals and name_key.strip().casefold() == "name":
                deck_name = value.strip()
            continue
        card = _CARD.fullmatch(line)
        if card is None:
            raise DeckFormatError(path, number, column, f"expected a card line, got {line[:60]!r}")
        count = 1
        if card.group("count") is not None:
            count = parse_count(card.group("count"), path, number, column)
        collector.add(
            _ZONES.get(key, section), card.group("name"), count, number,
            column + card.start("name"), (card.group("set") or "").strip(),
        )
    return collector.raw(name=deck_name)


def read(data: str | bytes, path: str | None = None) -> DeckList:
    """Read a ``.dck`` file; :class:`DeckFormatError` if it is not one or has cards in
    a section other than Main and Sideboard."""
    return to_decklist(parse(data, path), path)


def write(deck: DeckList) -> str:
    """The ``.dck`` text of ``deck``; ``ValueError`` for a card name holding ``|``."""
    lines = ["[metadata]", f"Name={deck.name}"]
    for section, entries in (("Main", deck.main), ("Sideboard", deck.sideboard)):
        lines.append(f"[{section}]")
        for name, count in entries:
            if any(char in name for char in NAMES_CANNOT_HOLD):
                raise ValueError(f"a Forge deck cannot hold the card name {name!r} ('|')")
            lines.append(f"{count} {name}")
    return "\n".join(lines) + "\n"
