"""Deck files in the editor's file dialogs: the filters, from the formats registry.

Reading, writing and saving decks is :mod:`deckbuilder.services.deck_sources`, shared
with the CLI.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from card_db.text_safety import is_unsafe
from deckbuilder import formats
from deckbuilder.formats import DeckFormat

ALL_FILES = "All files (*)"
#: Longest file name a dialog suggests, in characters (before the extension).
MAX_SUGGESTED_NAME = 100
#: Characters no file name gets from a deck name: separators, those Windows refuses,
#: and controls (C0, DEL, C1).
_NOT_IN_NAMES = re.compile(r'[\\/:*?"<>|\x00-\x1f\x7f-\x9f]+')


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


def safe_file_name(name: str, fallback: str = "deck") -> str:
    """A file name made from a deck (or game) ``name`` that stays in the folder it is
    joined to: separators, characters Windows refuses and controls become ``-``, leading
    dots and spaces go (no ``..``, no hidden file), as do bidi controls
    (:mod:`card_db.text_safety`); at most :data:`MAX_SUGGESTED_NAME` characters;
    ``fallback`` if nothing is left. ``"../../etc/x"`` -> ``"etc-x"``, ``"a/b"`` ->
    ``"a-b"``."""
    cleaned = _NOT_IN_NAMES.sub("-", "".join("-" if is_unsafe(c) else c for c in name))
    cleaned = re.sub(r"-*(\.\.+-*)+", "-", cleaned)  # no run of dots between separators
    cleaned = cleaned.strip(" .-")[:MAX_SUGGESTED_NAME].rstrip(" .")
    return cleaned or fallback


def suggested_path(folder: str | os.PathLike, name: str, extension: str = "") -> Path:
    """The path a Save As or Export dialog pre-fills: :func:`safe_file_name` of ``name``
    plus ``extension`` (e.g. ``".txt"``), always directly inside ``folder``."""
    return Path(folder) / f"{safe_file_name(name)}{extension}"


def with_extension(path: str | os.PathLike, deck_format: DeckFormat) -> Path:
    """``path`` with ``deck_format``'s extension added unless it already has one of them."""
    target = Path(path)
    if target.suffix.casefold() in deck_format.extensions:
        return target
    return target.with_name(target.name + deck_format.extensions[0])


def target_and_format(
    path: str | os.PathLike, selected: DeckFormat | None, readable_only: bool = False
) -> tuple[Path, DeckFormat]:
    """Where to write and in which format: the extension typed in ``path`` wins when a
    format has it (``name.cod`` stays a Cockatrice deck whatever filter is selected);
    otherwise ``selected``'s extension is added. ``readable_only``: only formats that
    can be opened again count. :class:`~deckbuilder.formats.UnknownFormatError` when
    neither gives a format."""
    try:
        typed = formats.by_extension(path)
    except formats.UnknownFormatError:
        typed = None
    if typed is not None and (typed.readable or not readable_only):
        return Path(path), typed
    if selected is None:
        return Path(path), formats.by_extension(path)
    return with_extension(path, selected), selected


__all__ = [
    "ALL_FILES",
    "export_filters",
    "format_filter",
    "format_for_filter",
    "open_filters",
    "safe_file_name",
    "save_filters",
    "suggested_path",
    "target_and_format",
    "with_extension",
]
