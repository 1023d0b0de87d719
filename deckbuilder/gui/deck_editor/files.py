"""Deck files for the editor: file-dialog filters from the formats registry, reading
with the names checked against the catalogue, and writing in any format.

No widgets here; the functions run in worker threads. Errors are those of
:mod:`deckbuilder.formats` (:class:`~deckbuilder.formats.DeckFormatError` with file,
line and column; :class:`~deckbuilder.formats.UnknownCardsError` listing every
unknown name with its line and the closest names).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from card_db.catalogue import Catalogue
from card_db.userdb import UserDatabase
from deckbuilder import formats
from deckbuilder.deck.model import DeckList
from deckbuilder.formats import DeckFormat

ALL_FILES = "All files (*)"


def _pattern(deck_format: DeckFormat) -> str:
    return " ".join(f"*{ext}" for ext in deck_format.extensions)


def format_filter(deck_format: DeckFormat) -> str:
    """``"OCTGN deck (*.o8d)"``: one file-dialog filter."""
    description = deck_format.description
    return f"{description[0].upper()}{description[1:]} ({_pattern(deck_format)})"


def open_filters() -> list[str]:
    """Filters to open a deck file: every readable format together, each one, any file."""
    readable = [f for f in formats.all_formats() if f.readable]
    together = " ".join(_pattern(f) for f in readable)
    return [f"Deck files ({together})", *(format_filter(f) for f in readable), ALL_FILES]


def save_filters() -> list[str]:
    """Filters to save a deck file (the readable formats, so it can be opened again)."""
    return [format_filter(f) for f in formats.all_formats() if f.readable]


def export_filters() -> list[str]:
    """Filters to export: every format, export-only ones (PDF, PNG) included."""
    return [format_filter(f) for f in formats.all_formats()]


def format_for_filter(selected: str) -> DeckFormat | None:
    """The format a filter string of :func:`export_filters` names (``None``: not one)."""
    for deck_format in formats.all_formats():
        if format_filter(deck_format) == selected:
            return deck_format
    return None


def with_extension(path: str | os.PathLike, deck_format: DeckFormat) -> Path:
    """``path`` with ``deck_format``'s extension added unless it already has one of them."""
    target = Path(path)
    if target.suffix.casefold() in deck_format.extensions:
        return target
    return target.with_name(target.name + deck_format.extensions[0])


@dataclass(frozen=True)
class OpenedDeck:
    """A deck read from a file: the list (names in the catalogue's spelling) and its path."""

    deck: DeckList
    path: Path


def read_deck(path: str | os.PathLike, catalogue: Catalogue) -> OpenedDeck:
    """Read the deck file at ``path`` and check its names (worker thread).

    An unnamed deck takes the file's name. Raises ``DeckFormatError`` or
    ``UnknownCardsError``.
    """
    label = os.fspath(path)
    deck = formats.resolve_deck(formats.read_file(label), catalogue, label)
    if not deck.name:
        deck.name = Path(label).stem.replace("-", " ").replace("_", " ").strip()
    return OpenedDeck(deck, Path(label))


def write_deck(
    deck: DeckList,
    path: str | os.PathLike,
    deck_format: DeckFormat,
    catalogue: Catalogue,
    db: UserDatabase | None = None,
) -> Path:
    """Write ``deck`` to ``path`` as ``deck_format`` (worker thread); returns the path.

    A PNG export uses the user's scans where attached (from ``db``), proxies elsewhere
    (everywhere if ``db`` is ``None``).
    """
    options: dict = {}
    if deck_format.name == "png" and db is not None:
        from deckbuilder.formats.png import DEFAULT_CELL_WIDTH
        from deckbuilder.services.images import scan_faces

        records = [catalogue.resolve(entry.name) for entry in deck.merged().main]
        options["faces"] = scan_faces(db, records, DEFAULT_CELL_WIDTH)
    formats.write_file(deck, path, deck_format.name, catalogue, **options)
    return Path(path)


def demo_deck_files() -> list[Path]:
    """The demo decks shipped with the card data (``card_db/data/decks/*.txt``)."""
    import card_db

    folder = Path(card_db.__file__).resolve().parent / "data" / "decks"
    return sorted(folder.glob("*.txt"))


def save_deck_everywhere(
    deck: DeckList,
    db: UserDatabase,
    catalogue: Catalogue,
    replaces: str | None = None,
    file_path: Path | None = None,
) -> DeckList:
    """Save ``deck`` in the user's database under its name (worker thread), and to
    ``file_path`` too if given (in that file's format). ``replaces``: the name the deck
    was saved under before a rename; that saved deck is deleted in the same transaction.
    Returns the deck saved.
    """
    from deckbuilder.services.decks import save_deck

    saved = deck.merged()
    save_deck(db, saved, replaces=replaces)
    if file_path is not None:
        write_deck(saved, file_path, formats.by_extension(file_path), catalogue, db)
    return saved
