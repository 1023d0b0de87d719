"""Plain-text deck lists (``.txt``), the format most tools and people exchange.

Grammar, one item a line (surrounding whitespace ignored):

* card line: ``COUNT NAME`` or ``COUNTx NAME`` (``3 Gek-A-Gek``, ``3x Gek-A-Gek``);
  COUNT is 1-999 in ASCII digits. Everything after the separating space is the
  name, so names may start with digits (``1 2nd Guard``) and hold ``#``;
* sideboard line: ``SB: COUNT NAME`` (any case, space after ``SB:`` optional);
* comment: a line starting with ``#`` or ``//``. Comments of the form ``# Name: ...``
  (also ``Deck``, ``Deck name``, ``Title``), ``# Author: ...`` (also ``Player``) and
  ``# Notes: ...`` (also ``Note``, ``Comment``, ``Comments``; one line each, in
  order) carry the deck's metadata. A comment that is only a section word
  (``//Sideboard``, ``//Main``, as Deckstats writes) acts as that heading;
* heading: a line without a count that ends with ``:`` (``Characters:``), or that is
  a known section word with an optional count (``Sideboard``, ``Sites (12)``).
  ``Sideboard``/``Side``/``SB`` headings start the sideboard, ``Main``/``Deck``/
  ``Main deck``/``Maindeck`` return to the main deck, other headings (card types)
  leave the current section unchanged;
* blank lines are ignored.

Anything else is a :class:`DeckFormatError` naming the line and column. Trailing
comments on a card line are not supported (a ``#`` there is part of the name).
:func:`write` writes metadata comments, the main deck, then a ``Sideboard:`` heading
and the sideboard, one ``COUNT NAME`` line per entry.
"""

from __future__ import annotations

import re

from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList
from deckbuilder.formats._common import EntryCollector, decode_text, parse_count
from deckbuilder.formats.errors import DeckFormatError

NAME = "text"
EXTENSIONS = (".txt",)
CARRIES = frozenset({"name", "author", "notes", "main", "sideboard"})

MAX_LINE = 1000

_CARD = re.compile(r"(?P<count>[+-]?[0-9]+)(?:[xX])?\s+(?P<name>\S.*)")
_SB = re.compile(r"SB\s*:\s*", re.IGNORECASE)
_META = re.compile(
    r"(?:#+|//+)\s*(?P<key>deck name|deck|name|title|author|player|notes?|comments?)"
    r"\s*:(?P<value>.*)",
    re.IGNORECASE,
)
_COMMENT_BODY = re.compile(r"(?:#+|//+)\s*(?P<body>.*)")
_SIDE_WORDS = {"sideboard", "side", "side board", "sb"}
_MAIN_WORDS = {"main", "deck", "main deck", "maindeck", "mainboard", "main board"}
_TYPE_WORDS = {
    "character", "characters", "site", "sites", "path", "paths", "dictate", "dictates",
    "ally action", "ally actions", "combat maneuver", "combat maneuvers",
    "influence maneuver", "influence maneuvers", "flash", "flashes", "maneuvers", "other",
}
_HEADING = re.compile(
    r"(?P<word>[A-Za-z][A-Za-z ]*?)\s*(?:\(\s*\d+\s*\)|\[\s*\d+\s*\]|-\s*\d+|:\s*\d+)?\s*:?"
)
_META_KEYS = {
    "deck name": "name", "deck": "name", "name": "name", "title": "name",
    "author": "author", "player": "author",
    "note": "notes", "notes": "notes", "comment": "notes", "comments": "notes",
}


def _heading_zone(text: str, current: str, *, lenient: bool) -> str | None:
    """The zone after heading ``text``, or ``None`` if ``text`` is not a heading.

    ``lenient`` accepts any text ending with ``:`` as a heading."""
    match = _HEADING.fullmatch(text)
    word = " ".join(match.group("word").casefold().split()) if match else None
    if word in _SIDE_WORDS:
        return SIDEBOARD
    if word in _MAIN_WORDS:
        return MAIN
    if word in _TYPE_WORDS or (lenient and text.endswith(":")):
        return current
    return None


def read(data: str | bytes, path: str | None = None) -> DeckList:
    """Read a plain-text deck list (see the module docstring for the grammar)."""
    text = decode_text(data, path).replace("\r\n", "\n").replace("\r", "\n")
    collector = EntryCollector(path)
    meta = {"name": "", "author": ""}
    notes: list[str] = []
    zone = MAIN
    for number, raw in enumerate(text.split("\n"), start=1):
        if len(raw) > MAX_LINE:
            raise DeckFormatError(
                path, number, MAX_LINE + 1, f"line longer than {MAX_LINE} characters"
            )
        line = raw.strip()
        if not line:
            continue
        indent = len(raw) - len(raw.lstrip())
        if line.startswith(("#", "//")):
            zone = _comment(line, zone, meta, notes)
            continue
        line_zone = zone
        offset = indent
        sb = _SB.match(line)
        if sb:
            line_zone = SIDEBOARD
            offset += sb.end()
            line = line[sb.end():]
        card = _CARD.fullmatch(line)
        if card:
            count = parse_count(card.group("count"), path, number, offset + 1)
            column = offset + card.start("name") + 1
            collector.add(line_zone, card.group("name"), count, number, column)
            continue
        if not sb:
            heading = _heading_zone(line, zone, lenient=True)
            if heading is not None:
                zone = heading
                continue
        raise DeckFormatError(
            path, number, offset + 1,
            f"expected a card line such as '3 Gek-A-Gek', got {line[:60]!r}",
        )
    return collector.deck(name=meta["name"], author=meta["author"], notes="\n".join(notes))


def _comment(line: str, zone: str, meta: dict[str, str], notes: list[str]) -> str:
    match = _META.fullmatch(line)
    if match:
        key = _META_KEYS[" ".join(match.group("key").casefold().split())]
        value = match.group("value")
        if key == "notes":
            notes.append(value[1:] if value.startswith(" ") else value)
        else:
            meta[key] = value.strip()
        return zone
    body = _COMMENT_BODY.fullmatch(line)
    if body and body.group("body"):
        heading = _heading_zone(body.group("body"), zone, lenient=False)
        if heading is not None:
            return heading
    return zone


def write(deck: DeckList) -> str:
    """The plain-text list of ``deck`` (reads back to an equal :class:`DeckList`)."""
    lines = []
    if deck.name:
        lines.append(f"# Name: {deck.name}")
    if deck.author:
        lines.append(f"# Author: {deck.author}")
    if deck.notes:
        lines.extend(f"# Notes: {line}".rstrip() for line in deck.notes.split("\n"))
    if lines:
        lines.append("")
    lines.extend(f"{count} {name}" for name, count in deck.main)
    if deck.sideboard:
        lines.extend(["", "Sideboard:"])
        lines.extend(f"{count} {name}" for name, count in deck.sideboard)
    return "\n".join(lines) + "\n"
