"""Where decks come from and go to, for the CLI and the GUI alike: deck files (read
with the names checked, written in any format, edited in place), saved decks, the demo
decks, and the deck to play (sample hands, odds, goldfish).

No Qt; the GUI runs these in worker threads. Errors are those of
:mod:`deckbuilder.formats` (:class:`~deckbuilder.formats.DeckFormatError` with file,
line and column; :class:`~deckbuilder.formats.UnknownCardsError` listing every unknown
name with its line and the closest names), :class:`~card_db.database.DatabaseError`,
and :class:`~deckbuilder.deck.decklist.DeckListError` for a deck with nothing to play.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import card_db
from card_db.atomic import replace_file
from card_db.catalogue import Catalogue
from card_db.errors import UserError
from card_db.records import CardRecord
from card_db.userdb import UserDatabase
from deckbuilder import formats
from deckbuilder.deck.decklist import MAIN, DeckList, DeckListError
from deckbuilder.deck.edits import DeckEdit
from deckbuilder.deck.resolve import resolve_deck
from deckbuilder.formats import DeckFormat, lackey
from deckbuilder.services.changes import Outcome
from deckbuilder.services.decks import VersionedDeck, load_deck, save_deck_version

#: Kinds of deck to play: one in memory (open in the editor), a saved one, a file.
OPEN, SAVED, DEMO = "open", "saved", "demo"

#: The deck "file" that is standard input, and how messages name it.
STDIN, STDIN_LABEL = "-", "<stdin>"


# -- deck files -----------------------------------------------------------------------------


@dataclass(frozen=True)
class OpenedDeck:
    """A deck read from a file: the list (names in the catalogue's spelling) and its path."""

    deck: DeckList
    path: Path


def source_label(source: str | os.PathLike) -> str:
    """How messages name the deck file ``source``: its path, or ``<stdin>`` for ``-``."""
    label = os.fspath(source)
    return STDIN_LABEL if label == STDIN else label


def read_deck_list(
    source: str | os.PathLike, format: str | None = None, stdin: BinaryIO | None = None
) -> DeckList:
    """The deck list in the file ``source``, names unchecked: ``-`` reads ``stdin``
    (default: the process's standard input) as ``format`` or the format its content
    shows (:func:`deckbuilder.formats.sniff`); a path is read as ``format`` or by its
    extension. The one road every command reading a deck file takes.
    :class:`~deckbuilder.formats.DeckFormatError` naming the file (``<stdin>``) for
    anything that cannot be read, an unknown ``format`` included."""
    if os.fspath(source) == STDIN:
        stream = stdin if stdin is not None else sys.stdin.buffer
        return formats.read_data(stream.read(formats.MAX_FILE_BYTES + 1), STDIN_LABEL, format)
    return formats.read_file(source, format)


def read_deck(
    path: str | os.PathLike,
    catalogue: Catalogue,
    format: str | None = None,
    stdin: BinaryIO | None = None,
) -> OpenedDeck:
    """Read the deck file at ``path`` (see :func:`read_deck_list`: ``-`` is standard
    input, ``format`` overrides the extension) and check its names.

    An unnamed deck takes the file's name (standard input gives none). Raises
    ``DeckFormatError`` or ``UnknownCardsError``.
    """
    label = source_label(path)
    deck = formats.resolve_deck(read_deck_list(path, format, stdin), catalogue, label)
    if not deck.name and label != STDIN_LABEL:
        deck.name = name_from_file(label)
    return OpenedDeck(deck, Path(os.fspath(path)))


def name_from_file(path: str | os.PathLike) -> str:
    """The name an unnamed deck read from ``path`` takes (and is saved under): the
    file's name without extension, ``-`` and ``_`` read as spaces."""
    return Path(path).stem.replace("-", " ").replace("_", " ").strip()


def write_deck(
    deck: DeckList,
    path: str | os.PathLike,
    deck_format: DeckFormat,
    catalogue: Catalogue,
    db: UserDatabase | None = None,
) -> Path:
    """Write ``deck`` to ``path`` as ``deck_format``; returns the path.

    A PNG export uses the user's scans where attached (from ``db``), proxies elsewhere
    (everywhere if ``db`` is ``None``).
    """
    options: dict = {}
    if deck_format.name == "png" and db is not None:
        # lazy: Pillow and the PNG writer load only for a PNG export
        from deckbuilder.formats.png import DEFAULT_CELL_WIDTH
        from deckbuilder.services.images import scan_faces

        records = [catalogue.resolve(entry.name) for entry in deck.merged().main]
        options["faces"] = scan_faces(db, records, DEFAULT_CELL_WIDTH)
    formats.write_file(deck, path, deck_format.name, catalogue, **options)
    return Path(path)


def edit_deck_file(
    path: str | os.PathLike, make_edit: Callable[[DeckList], DeckEdit | None]
) -> DeckEdit | None:
    """Read the deck file at ``path``, make one edit of it with ``make_edit(deck)`` and
    write the result back in the file's own format, atomically (the file holds the old
    deck or the new one, never part of either). Returns the edit, or ``None`` (file
    untouched) if ``make_edit`` returned ``None``.

    Names in the file are kept as written (only the edited entries change). Raises
    ``DeckFormatError`` for a file that cannot be read, :class:`ForeignFileWriteError`
    for a file its format's writer would turn into another tool's (an MTGO ``.dek``),
    ``ValueError`` from the edit, ``OSError`` if the file cannot be replaced.
    """
    deck = formats.read_file(path)
    if formats.by_extension(path).name == "lackey" and lackey.is_mtgo(Path(path).read_bytes()):
        raise ForeignFileWriteError(path, "an MTGO deck (this program writes LackeyCCG .dek files)")
    edit = make_edit(deck)
    if edit is None:
        return None
    output = formats.by_extension(path).write(edit.apply(deck))
    replace_file(path, output if isinstance(output, bytes) else output.encode("utf-8"))
    return edit


class ForeignFileWriteError(UserError):
    """A deck file that can be read but not written back as the same kind of file."""

    def __init__(self, path: str | os.PathLike, what: str):
        super().__init__(f"{what}: it can be read or converted, not edited in place",
                         file=path)


def _demo_folder() -> Path:
    return Path(card_db.__file__).resolve().parent / "data" / "decks"


def demo_deck_files() -> list[Path]:
    """The demo decks shipped with the card data (``card_db/data/decks/*.txt``)."""
    return sorted(_demo_folder().glob("*.txt"))


def is_demo_deck(path: str | os.PathLike) -> bool:
    """Whether ``path`` is in the app's demo deck folder (opened as copies, never saved
    back)."""
    return Path(path).resolve().parent == _demo_folder()


class DemoDeckWriteError(UserError):
    """A save aimed at one of the app's own demo deck files."""

    def __init__(self, path: str | os.PathLike):
        super().__init__("this is one of the app's demo decks; save a copy elsewhere "
                         "(Save As) or in your decks", file=path)


class ContentWouldBeLostError(UserError):
    """Writing the deck would drop content of the file (comments, descriptions, layout)
    that its format cannot keep; save again with ``overwrite=True`` once the user agreed."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        super().__init__("the file holds text its format cannot keep (comments, a "
                         "description or its own layout); saving would replace it",
                         file=path)


def _normalised(data: str | bytes) -> list[str]:
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    return [line.rstrip() for line in text.strip().splitlines()]


def content_lost_by_writing(path: str | os.PathLike) -> bool:
    """Whether writing a deck to ``path`` (in the format of its extension) could lose
    something: the file exists and is not exactly what the format writes for the deck
    it holds (so it has comments, a description, its own layout, or is not a deck file
    at all). ``False`` for a missing file. ``OSError`` if it cannot be read."""
    target = Path(path)
    if not target.exists():
        return False
    data = target.read_bytes()
    deck_format = formats.by_extension(target)
    try:
        deck = deck_format.read(data, os.fspath(target))
    except formats.DeckFormatError:
        return True
    return _normalised(data) != _normalised(deck_format.write(deck))


# -- saved decks --------------------------------------------------------------------------------


def save_deck_everywhere(
    deck: DeckList,
    db: UserDatabase,
    catalogue: Catalogue,
    replaces: str | None = None,
    file_path: Path | None = None,
    overwrite: bool = False,
    opened_version: int | None = None,
) -> Outcome[VersionedDeck]:
    """Save ``deck`` in the user's database under its name, and to ``file_path`` too if
    given (in that file's format, replaced atomically). ``replaces``: the name the deck
    was saved under before a rename; that saved deck is deleted in the same
    transaction. The value is the deck saved and its new version, the changes those of
    :func:`~deckbuilder.services.decks.save_deck`; ``opened_version`` as there
    (:class:`~deckbuilder.services.decks.DeckChangedElsewhere` before anything is
    written).

    Nothing is lost without consent: before anything is saved,
    :class:`ContentWouldBeLostError` if the file holds content its format cannot keep
    (see :func:`content_lost_by_writing`) unless ``overwrite``, and
    :class:`DemoDeckWriteError` for one of the app's demo decks.
    """
    saved = deck.merged()
    if file_path is not None:
        if is_demo_deck(file_path):
            raise DemoDeckWriteError(file_path)
        if not overwrite and content_lost_by_writing(file_path):
            raise ContentWouldBeLostError(file_path)
    stored = save_deck_version(db, saved, replaces=replaces, opened_version=opened_version)
    if file_path is not None:
        output = formats.by_extension(file_path).write(saved, catalogue)
        replace_file(file_path, output if isinstance(output, bytes) else output.encode("utf-8"))
    return Outcome(VersionedDeck(saved, stored.value), stored.changes)


# -- the deck to play -------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayDeck:
    """A deck ready for the engine: its name and one record per copy of the main deck."""

    name: str
    records: tuple[CardRecord, ...]


def play_deck(deck: DeckList, catalogue: Catalogue, source: str | None = None) -> PlayDeck:
    """The main deck of ``deck`` as records. ``source`` names where it came from in the
    messages (default: the deck's name). ``DeckListError`` if the main deck has no cards,
    :class:`~deckbuilder.deck.resolve.UnknownCardsError` for unknown names."""
    resolved = resolve_deck(deck, catalogue, path=source)
    records = tuple(resolved.expand(catalogue, MAIN))
    if not records:
        if source:
            raise DeckListError(f"{source}: the deck has no cards in its main deck")
        raise DeckListError(f"the deck {deck.name or '(untitled)'} has no cards in its main deck")
    return PlayDeck(deck.name or "Untitled deck", records)


def play_deck_file(
    path: str | os.PathLike,
    catalogue: Catalogue,
    format: str | None = None,
    stdin: BinaryIO | None = None,
) -> PlayDeck:
    """The deck file at ``path`` (``-``: standard input; ``format`` overrides the
    extension) ready to play (see :func:`read_deck`, :func:`play_deck`)."""
    deck = read_deck(path, catalogue, format, stdin).deck
    return play_deck(deck, catalogue, source_label(path))


def load_play_deck(
    kind: str,
    key: object,
    db: UserDatabase,
    deck: DeckList | None = None,
    catalogue: Catalogue | None = None,
) -> PlayDeck:
    """The deck to play of ``kind``: :data:`OPEN` (pass the ``deck`` and ``catalogue``
    in memory; ``key`` is unused), :data:`SAVED` (``key``: the saved deck's name) or
    :data:`DEMO` (``key``: a deck file's path).
    :class:`~deckbuilder.services.decks.UnknownDeckError`
    for an unknown saved deck."""
    if kind == OPEN:
        if deck is None or catalogue is None:
            raise ValueError("an open deck is played from its deck list and catalogue")
        return play_deck(deck, catalogue)
    catalogue = catalogue or db.catalogue()
    if kind == SAVED:
        return play_deck(load_deck(db, str(key)), catalogue)
    return play_deck_file(Path(str(key)), catalogue)
