"""Deck list file formats, by name and by file extension.

Readable and writable (each module has ``read(data, path=None) -> DeckList`` and
``write(deck) -> str``, and a round trip keeps every field the format ``CARRIES``):

========== ========== ====================================================
name       extension  module
========== ========== ====================================================
text       .txt       :mod:`deckbuilder.formats.text`
csv        .csv       :mod:`deckbuilder.formats.csv_format`
json       .json      :mod:`deckbuilder.formats.json_format`
cockatrice .cod       :mod:`deckbuilder.formats.cockatrice`
lackey     .dek       :mod:`deckbuilder.formats.lackey` (reads MTGO ``.dek`` too)
octgn      .o8d       :mod:`deckbuilder.formats.octgn`
mws        .mwDeck    :mod:`deckbuilder.formats.mws` (also Apprentice ``.dec``)
forge      .dck       :mod:`deckbuilder.formats.forge`
========== ========== ====================================================

Each readable module also has ``parse(data, path=None) -> RawDeck``: the entries with
the zones the file gives them, before anything is checked against Imajica's zones or
catalogue (:mod:`deckbuilder.formats.raw`); other games' decks parse there.

Export only (``write(deck, catalogue, ...) -> bytes``, needing the catalogue):
``pdf`` (.pdf, :mod:`deckbuilder.formats.pdf`) and ``png`` (.png,
:mod:`deckbuilder.formats.png`).

Reading never needs the catalogue; :func:`resolve_deck` checks the names afterwards
and raises :class:`UnknownCardsError` listing every unknown name with its line and
closest matches. Malformed input always raises :class:`DeckFormatError`.
Modules are imported on first use, so reading a text deck never imports reportlab.

Not a deck format: the collection CSV (owned copies) is
:mod:`deckbuilder.formats.collection_csv`.
"""

from __future__ import annotations

import importlib
import os
import re
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from card_db.atomic import replace_file
from card_db.errors import UserError
from deckbuilder.deck.decklist import DeckList
from deckbuilder.deck.resolve import UnknownCardsError, UnknownName, resolve_deck
from deckbuilder.formats._common import MAX_FILE_BYTES
from deckbuilder.formats.errors import DeckFormatError
from deckbuilder.formats.raw import RawDeck, RawEntry

if TYPE_CHECKING:
    from card_db.catalogue import Catalogue


class UnknownFormatError(UserError, ValueError):
    """A format name or file extension no deck format handles."""


@dataclass(frozen=True)
class DeckFormat:
    """One registered format: ``name``, file ``extensions`` (with the dot), the module
    implementing it, whether it can be read, whether writing needs the catalogue, and
    whether :meth:`write` returns bytes."""

    name: str
    extensions: tuple[str, ...]
    module_name: str
    description: str
    readable: bool = True
    needs_catalogue: bool = False
    binary: bool = False

    @property
    def module(self) -> ModuleType:
        return importlib.import_module(self.module_name)

    @property
    def carries(self) -> frozenset[str]:
        """The :class:`DeckList` fields a round trip through this format keeps."""
        return getattr(self.module, "CARRIES", frozenset())

    def read(self, data: str | bytes, path: str | None = None) -> DeckList:
        """Read ``data``; :class:`DeckFormatError` if malformed; :class:`UnknownFormatError`
        for an export-only format."""
        if not self.readable:
            raise UnknownFormatError(f"{self.name} is an export-only format")
        return self.module.read(data, path)

    def parse(self, data: str | bytes, path: str | None = None) -> RawDeck:
        """The raw entries of ``data`` (zones as the file names them, see
        :mod:`deckbuilder.formats.raw`); :class:`DeckFormatError` if malformed."""
        if not self.readable:
            raise UnknownFormatError(f"{self.name} is an export-only format")
        return self.module.parse(data, path)

    def write(self, deck: DeckList, catalogue: Catalogue | None = None, **options) -> str | bytes:
        """Write ``deck``; export-only formats need ``catalogue`` (``ValueError`` if missing)."""
        if self.needs_catalogue:
            if catalogue is None:
                raise ValueError(f"the {self.name} export needs the card catalogue")
            return self.module.write(deck, catalogue, **options)
        return self.module.write(deck)


_FORMATS = (
    DeckFormat("text", (".txt",), "deckbuilder.formats.text", "plain-text deck list"),
    DeckFormat("csv", (".csv",), "deckbuilder.formats.csv_format", "CSV: count,name,zone"),
    DeckFormat("json", (".json",), "deckbuilder.formats.json_format", "JSON deck list"),
    DeckFormat("cockatrice", (".cod",), "deckbuilder.formats.cockatrice", "Cockatrice deck"),
    DeckFormat("lackey", (".dek",), "deckbuilder.formats.lackey", "LackeyCCG (or MTGO) deck"),
    DeckFormat("octgn", (".o8d",), "deckbuilder.formats.octgn", "OCTGN deck"),
    DeckFormat(
        "mws", (".mwdeck", ".dec"), "deckbuilder.formats.mws",
        "Magic Workstation / Apprentice deck",
    ),
    DeckFormat("forge", (".dck",), "deckbuilder.formats.forge", "Forge deck"),
    DeckFormat(
        "pdf", (".pdf",), "deckbuilder.formats.pdf", "printable deck sheet (export only)",
        readable=False, needs_catalogue=True, binary=True,
    ),
    DeckFormat(
        "png", (".png",), "deckbuilder.formats.png", "card faces in a grid (export only)",
        readable=False, needs_catalogue=True, binary=True,
    ),
)
_BY_NAME = {f.name: f for f in _FORMATS}
_BY_EXTENSION = {ext: f for f in _FORMATS for ext in f.extensions}


def all_formats() -> tuple[DeckFormat, ...]:
    return _FORMATS


def names(readable_only: bool = False) -> list[str]:
    """Registered format names (only readable ones if asked)."""
    return [f.name for f in _FORMATS if f.readable or not readable_only]


def get(name: str) -> DeckFormat:
    """The format called ``name`` (any case); :class:`UnknownFormatError` otherwise."""
    found = _BY_NAME.get(name.strip().casefold())
    if found is None:
        raise UnknownFormatError(f"unknown deck format {name!r}; known: {', '.join(_BY_NAME)}")
    return found


def by_extension(path: str | os.PathLike) -> DeckFormat:
    """The format for ``path``'s extension (any case); :class:`UnknownFormatError` otherwise."""
    extension = os.path.splitext(os.fspath(path))[1].casefold()
    found = _BY_EXTENSION.get(extension)
    if found is None:
        known = ", ".join(sorted(_BY_EXTENSION))
        raise UnknownFormatError(
            f"no deck format for the extension {extension or '(none)'!r} of {os.fspath(path)}; "
            f"known: {known}"
        )
    return found


def read_file(path: str | os.PathLike, format: str | None = None) -> DeckList:
    """Read the deck file at ``path`` (format by extension unless ``format`` is given).

    Every failure, including an unknown extension or an unreadable file, is a
    :class:`DeckFormatError` naming the file.
    """
    label = os.fspath(path)
    try:
        deck_format = get(format) if format else by_extension(label)
    except UnknownFormatError as exc:
        raise DeckFormatError(label, None, None, str(exc)) from None
    if not deck_format.readable:
        raise DeckFormatError(label, None, None, f"{deck_format.name} files cannot be read")
    try:
        with open(label, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise DeckFormatError(label, None, None, f"cannot read the file: {exc.strerror}") from None
    return deck_format.read(data, label)


def sniff(data: bytes) -> DeckFormat:
    """The readable format ``data`` looks like, for input with no file name (standard
    input): XML by its root element (``<cockatrice_deck>``, OCTGN's ``<deck game=``,
    LackeyCCG's ``<deck>``, MTGO's ``<Deck>``), JSON by a leading ``{``, Forge by a
    ``[metadata]`` or ``[Main]`` line, plain text otherwise."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"{"):
        return get("json")
    if b"<cockatrice_deck" in head:
        return get("cockatrice")
    if b"<Deck" in head or b"<deck" in head:
        return get("octgn" if re.search(rb"<deck\b[^>]*\bgame\s*=", head) else "lackey")
    if re.search(rb"(?im)^\s*\[(metadata|main)\]\s*$", head):
        return get("forge")
    return get("text")


def read_data(data: bytes, label: str, format: str | None = None) -> DeckList:
    """Read deck ``data`` that came from ``label`` (``"<stdin>"``) as ``format``, or the
    format :func:`sniff` finds. :class:`DeckFormatError` naming ``label`` for anything
    that cannot be read."""
    try:
        deck_format = get(format) if format else sniff(data)
    except UnknownFormatError as exc:
        raise DeckFormatError(label, None, None, str(exc)) from None
    if not deck_format.readable:
        raise DeckFormatError(label, None, None, f"{deck_format.name} files cannot be read")
    return deck_format.read(data, label)


def write_file(
    deck: DeckList,
    path: str | os.PathLike,
    format: str | None = None,
    catalogue: Catalogue | None = None,
    **options,
) -> DeckFormat:
    """Write ``deck`` to ``path`` (format by extension unless ``format`` is given).

    Text formats are written as UTF-8. The file is replaced atomically
    (:func:`card_db.atomic.replace_file`): it holds the old content or the new, never
    part of either. Returns the format used. Raises :class:`UnknownFormatError`,
    ``OSError`` (the old file kept), or ``ValueError`` from the writer.
    """
    deck_format = get(format) if format else by_extension(path)
    output = deck_format.write(deck, catalogue, **options)
    data = output if isinstance(output, bytes) else output.encode("utf-8")
    replace_file(path, data)
    return deck_format


__all__ = [
    "DeckFormat",
    "DeckFormatError",
    "RawDeck",
    "RawEntry",
    "UnknownCardsError",
    "UnknownFormatError",
    "UnknownName",
    "all_formats",
    "by_extension",
    "get",
    "names",
    "read_data",
    "read_file",
    "resolve_deck",
    "sniff",
    "write_file",
]
