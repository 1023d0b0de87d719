"""Shared helpers of the deck readers: decoding, counts, and collecting entries.

Limits every reader applies (input is refused with :class:`DeckFormatError`, never
another exception): at most :data:`MAX_FILE_BYTES` of input; counts 1 to
:data:`~deckbuilder.deck.decklist.MAX_COUNT` (per card and zone, all entries of the card
added together); at most :data:`~deckbuilder.deck.decklist.MAX_TOTAL_CARDS` cards; card
names as :func:`deckbuilder.deck.decklist.clean_name` allows; at least one card.
"""

from __future__ import annotations

import re

from deckbuilder.deck.decklist import (
    MAX_COUNT,
    MAX_TOTAL_CARDS,
    DeckList,
    bad_character,
    clean_name,
)
from deckbuilder.formats.errors import DeckFormatError
from deckbuilder.formats.raw import RawDeck, RawEntry, to_decklist
from deckbuilder.formats.textfiles import TextDecodeError, decode_bytes

#: Largest deck file read, in bytes (a 60-card deck is a few kilobytes in any format).
MAX_FILE_BYTES = 4 * 1024 * 1024

_COUNT = re.compile(r"[+-]?[0-9]+")


def check_size(data: str | bytes, path: str | None) -> None:
    if len(data) > MAX_FILE_BYTES:
        raise DeckFormatError(path, None, None, f"file larger than {MAX_FILE_BYTES} bytes")


def decode_text(data: str | bytes, path: str | None) -> str:
    """Text of a text-based deck file.

    Bytes are decoded by :func:`deckbuilder.formats.textfiles.decode_bytes` (byte order
    marks, UTF-16, UTF-8, Windows-1252). Binary data (NUL characters), bytes that are
    not text, and empty input are refused with :class:`DeckFormatError` (with the line
    and column where they apply).
    """
    if not isinstance(data, str | bytes):
        raise TypeError(f"deck data must be str or bytes, not {type(data).__name__}")
    check_size(data, path)
    if isinstance(data, bytes):
        try:
            text, _ = decode_bytes(data)
        except TextDecodeError as exc:
            raise DeckFormatError(path, exc.line, exc.column, exc.message) from None
    else:
        text = data[1:] if data.startswith("\ufeff") else data
    if "\x00" in text:
        line, column = _text_position(text, text.index("\x00"))
        raise DeckFormatError(path, line, column, "binary data, not a deck list")
    if not text.strip():
        raise DeckFormatError(path, None, None, "empty file: no cards")
    return text


def _text_position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    start = text.rfind("\n", 0, index) + 1
    return line, index - start + 1


def parse_count(
    text: str, path: str | None, line: int | None, column: int | None
) -> int:
    """A count in ASCII decimal digits, 1 to ``MAX_COUNT``; else :class:`DeckFormatError`."""
    token = text.strip()
    if not _COUNT.fullmatch(token):
        raise DeckFormatError(path, line, column, f"count {text!r} is not a whole number")
    if len(token.lstrip("+-").lstrip("0")) > 9:
        raise DeckFormatError(
            path, line, column, f"count {token} is too large (at most {MAX_COUNT})"
        )
    return check_count_value(int(token), path, line, column)


def check_count_value(
    count: int, path: str | None, line: int | None, column: int | None
) -> int:
    if count < 1:
        raise DeckFormatError(path, line, column, f"count {count} must be at least 1")
    if count > MAX_COUNT:
        raise DeckFormatError(
            path, line, column, f"count {count} is too large (at most {MAX_COUNT})"
        )
    return count


def clean_text_line(text: str) -> str:
    """``text`` with characters a deck name may not hold turned into spaces, stripped.

    Used for deck names and authors read from files (a bad deck name is not worth
    refusing a file for; a bad card name is)."""
    out = []
    for char in text:
        out.append(" " if bad_character(char) else char)
    return "".join(out).strip()


def clean_notes_text(text: str) -> str:
    """Notes read from a file with characters notes may not hold turned into spaces."""
    return "".join(" " if bad_character(c, allow="\n\t\r") else c for c in text)


class EntryCollector:
    """Collects a reader's entries with their lines, enforcing the module's limits on
    each entry and on the whole file; :meth:`raw` gives the
    :class:`~deckbuilder.formats.raw.RawDeck`, :meth:`deck` the deck list."""

    def __init__(self, path: str | None):
        self.path = path
        self.entries: list[RawEntry] = []
        self._total = 0

    def add(
        self,
        zone: str,
        name: str,
        count: int,
        line: int | None,
        column: int | None = None,
        set_code: str = "",
    ) -> None:
        try:
            name = clean_name(name)
        except ValueError as exc:
            raise DeckFormatError(self.path, line, column, str(exc)) from None
        check_count_value(count, self.path, line, column)
        self._total += count
        if self._total > MAX_TOTAL_CARDS:
            raise DeckFormatError(
                self.path, line, column, f"more than {MAX_TOTAL_CARDS} cards in one deck file"
            )
        self.entries.append(RawEntry(zone, count, name, line, column, set_code))

    def raw(self, name: str = "", author: str = "", notes: str = "") -> RawDeck:
        """The entries read; :class:`DeckFormatError` if there are none."""
        if not self.entries:
            raise DeckFormatError(self.path, None, None, "no cards in the deck file")
        return RawDeck(
            list(self.entries),
            name=clean_text_line(name)[:200],
            author=clean_text_line(author)[:200],
            notes=clean_notes_text(notes),
        )

    def deck(self, name: str = "", author: str = "", notes: str = "") -> DeckList:
        """The :class:`DeckList` (see :func:`~deckbuilder.formats.raw.to_decklist`)."""
        return to_decklist(self.raw(name, author, notes), self.path)
