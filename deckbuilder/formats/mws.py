"""Magic Workstation and Apprentice deck lists (``.mwDeck``, ``.dec``).

Both are plain text as :mod:`deckbuilder.formats.text` reads it; what marks them is
how they are written: Magic Workstation's ``.mwDeck`` (files as found in public deck
archives, e.g. ``// NAME : Burn``, ``// CREATOR : Sam``, ``// FORMAT : Legacy``,
``    4 [M10] Lightning Bolt``, ``SB:  2 [M10] Negate``) and Apprentice's ``.dec``
(``// comments``, ``4 Lightning Bolt``, ``SB: 2 Negate``). Sideboard entries carry an
``SB:`` mark rather than sitting under a heading, and the ``[SET]`` in front of a name
is the edition (kept as the raw entry's set code). Deck sites export the format too:
MTGSalvation (``// Name: Psychatog from MTGSalvation.com``) and Deckstats
(``//NAME: ... from deckstats.net``, ``//Sideboard``, the commander marked
``# !Commander``, read into the ``commander`` zone that :func:`read` refuses).

:func:`write` writes ``// NAME :``, ``// CREATOR :`` and ``// NOTES :`` comments, then
``COUNT NAME`` lines, the sideboard's with ``SB:``. No set code is written (Imajica
has no edition codes either program knows).
"""

from __future__ import annotations

from deckbuilder.deck.decklist import DeckList
from deckbuilder.formats import text
from deckbuilder.formats.raw import RawDeck, to_decklist

NAME = "mws"
EXTENSIONS = (".mwdeck", ".dec")
CARRIES = frozenset({"name", "author", "notes", "main", "sideboard"})
#: What text lists cannot hold, MWS lists cannot either (they are read alike).
NAMES_CANNOT_HOLD = text.NAMES_CANNOT_HOLD
NAMES_CANNOT_END = text.NAMES_CANNOT_END


def parse(data: str | bytes, path: str | None = None) -> RawDeck:
    """The entries of a ``.mwDeck``/``.dec`` list (the grammar of
    :mod:`deckbuilder.formats.text`); :class:`~deckbuilder.formats.errors.DeckFormatError`
    for a line that is not one."""
    return text.parse(data, path)


def read(data: str | bytes, path: str | None = None) -> DeckList:
    """Read a ``.mwDeck``/``.dec`` list."""
    return to_decklist(parse(data, path), path)


def write(deck: DeckList) -> str:
    """The ``.dec`` text of ``deck`` (Magic Workstation reads it as well)."""
    lines = []
    if deck.name:
        lines.append(f"// NAME : {deck.name}")
    if deck.author:
        lines.append(f"// CREATOR : {deck.author}")
    if deck.notes:
        lines.extend(f"// NOTES : {line}".rstrip() for line in deck.notes.split("\n"))
    if lines:
        lines.append("")
    # a lone "/" in a name is written as Cockatrice keeps it (see text.write)
    lines.extend(f"{count} {text.kept_name(name)}" for name, count in deck.main)
    lines.extend(f"SB: {count} {text.kept_name(name)}" for name, count in deck.sideboard)
    return "\n".join(lines) + "\n"
