"""Shared helpers of the deck readers: decoding, counts, and collecting entries.

Limits every reader applies (input is refused with :class:`DeckFormatError`, never
another exception): at most :data:`MAX_FILE_BYTES` of input; counts 1 to
:data:`~deckbuilder.deck.decklist.MAX_COUNT` (per card and zone, all entries of the card
added together); at most :data:`~deckbuilder.deck.decklist.MAX_TOTAL_CARDS` cards; card
names as :func:`deckbuilder.deck.decklist.clean_name` allows; at least one card.
"""

from __future__ import annotations

import codecs
import re

from card_db.names import fold_name
from deckbuilder.deck.decklist import (
    MAIN,
    MAX_COUNT,
    MAX_TOTAL_CARDS,
    SIDEBOARD,
    DeckEntry,
    DeckList,
    bad_character,
    clean_name,
)
from deckbuilder.formats.errors import DeckFormatError

#: Largest deck file read, in bytes (a 60-card deck is a few kilobytes in any format).
MAX_FILE_BYTES = 4 * 1024 * 1024

_COUNT = re.compile(r"[+-]?[0-9]+")


def check_size(data: str | bytes, path: str | None) -> None:
    if len(data) > MAX_FILE_BYTES:
        raise DeckFormatError(path, None, None, f"file larger than {MAX_FILE_BYTES} bytes")


def decode_text(data: str | bytes, path: str | None) -> str:
    """Text of a text-based deck file.

    Bytes are read as UTF-8 (a UTF-8 byte order mark is skipped; UTF-16 with a byte
    order mark is accepted). Other encodings are refused with the line and column of
    the first byte that is not UTF-8, as is binary data (NUL bytes) and empty input.
    """
    if not isinstance(data, str | bytes):
        raise TypeError(f"deck data must be str or bytes, not {type(data).__name__}")
    check_size(data, path)
    if isinstance(data, bytes):
        if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            try:
                text = data.decode("utf-16")
            except UnicodeDecodeError as exc:
                raise DeckFormatError(path, None, None, f"bad UTF-16 text: {exc.reason}") from None
        else:
            if b"\x00" in data:
                raise _binary(path, data.index(b"\x00"), data)
            try:
                text = data.decode("utf-8-sig")
            except UnicodeDecodeError as exc:
                line, column = _position(data, exc.start)
                raise DeckFormatError(
                    path,
                    line,
                    column,
                    f"not UTF-8 text (byte 0x{data[exc.start]:02X}); save the deck file as UTF-8",
                ) from None
    else:
        text = data[1:] if data.startswith("\ufeff") else data
    if "\x00" in text:
        line, column = _text_position(text, text.index("\x00"))
        raise DeckFormatError(path, line, column, "binary data, not a deck list")
    if not text.strip():
        raise DeckFormatError(path, None, None, "empty file: no cards")
    return text


def _binary(path: str | None, index: int, data: bytes) -> DeckFormatError:
    line, column = _position(data, index)
    return DeckFormatError(path, line, column, "binary data, not a deck list")


def _position(data: bytes, index: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, index) + 1
    start = data.rfind(b"\n", 0, index) + 1
    return line, index - start + 1


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
    """Collects a reader's entries with their lines, enforcing the module's limits."""

    def __init__(self, path: str | None):
        self.path = path
        self.entries: dict[str, list[DeckEntry]] = {MAIN: [], SIDEBOARD: []}
        self.lines: dict[str, int] = {}
        self._per_card: dict[tuple[str, str], int] = {}
        self._total = 0

    def add(
        self, zone: str, name: str, count: int, line: int | None, column: int | None = None
    ) -> None:
        try:
            name = clean_name(name)
        except ValueError as exc:
            raise DeckFormatError(self.path, line, column, str(exc)) from None
        check_count_value(count, self.path, line, column)
        key = (zone, fold_name(name))
        per_card = self._per_card.get(key, 0) + count
        if per_card > MAX_COUNT:
            raise DeckFormatError(
                self.path, line, column,
                f"{per_card} copies of {name!r} in one zone (at most {MAX_COUNT})",
            )
        self._per_card[key] = per_card
        self._total += count
        if self._total > MAX_TOTAL_CARDS:
            raise DeckFormatError(
                self.path, line, column, f"more than {MAX_TOTAL_CARDS} cards in one deck file"
            )
        self.entries[zone].append(DeckEntry(name, count))
        if line is not None:
            self.lines.setdefault(name, line)

    def deck(self, name: str = "", author: str = "", notes: str = "") -> DeckList:
        """The :class:`DeckList`; :class:`DeckFormatError` if no card was read."""
        if not self.entries[MAIN] and not self.entries[SIDEBOARD]:
            raise DeckFormatError(self.path, None, None, "no cards in the deck file")
        try:
            return DeckList(
                name=clean_text_line(name)[:200],
                author=clean_text_line(author)[:200],
                notes=clean_notes_text(notes),
                main=self.entries[MAIN],
                sideboard=self.entries[SIDEBOARD],
                lines=self.lines,
            )
        except ValueError as exc:  # a deck-level limit the checks above did not catch
            raise DeckFormatError(self.path, None, None, str(exc)) from None
