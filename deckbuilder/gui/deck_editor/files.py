"""Deck files in the editor's file dialogs: the filters, from the formats registry.

Reading, writing and saving decks is :mod:`deckbuilder.services.deck_sources`, shared
with the CLI.
"""

from __future__ import annotations

import os
from pathlib import Path

from deckbuilder import formats
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
    "save_filters",
    "target_and_format",
    "with_extension",
]
