"""Text files as other tools write them: one decoder for every reader, and the first
lines of CSV files that spreadsheet programs add.

:func:`decode_bytes` is the one decoding policy of every file reader in
:mod:`deckbuilder.formats` (deck lists and the collection CSV):

* a byte order mark decides: UTF-8 (``EF BB BF``), UTF-16 little- or big-endian
  (``FF FE`` / ``FE FF``; Notepad's "Unicode" and Excel's "Unicode Text");
* without one, UTF-8, and if the bytes are not UTF-8, Windows-1252 (what Windows
  programs and older deck editors such as Magic Workstation and Apprentice write);
* NUL bytes outside UTF-16 mean binary data, and bytes that are neither UTF-8 nor
  Windows-1252 (``81 8D 8F 90 9D``) are refused; both with the line and column.

:func:`csv_preamble` recognises Excel's ``sep=;`` first line and a blank first line.
"""

from __future__ import annotations

import codecs
import re

from card_db.errors import UserError

#: Encodings :func:`decode_bytes` reports.
UTF8, UTF8_BOM, UTF16, WINDOWS_1252 = "utf-8", "utf-8-sig", "utf-16", "cp1252"

_SEP_LINE = re.compile(r'\s*"?sep=(?P<sep>[^\r\n])"?\s*')


class TextDecodeError(UserError, ValueError):
    """Bytes that are not text: ``message``, 1-based ``line`` and ``column`` (``None``
    where no position applies). Readers turn it into their own error type, which names
    the file."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        super().__init__(message, line=line, column=column)


def bom_encoding(start: bytes) -> str | None:
    """The encoding a byte order mark at the ``start`` of a file names (a Python codec
    that strips the mark: ``utf-8-sig`` or ``utf-16``), or ``None`` without one."""
    if start.startswith(codecs.BOM_UTF8):
        return UTF8_BOM
    if start.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return UTF16
    return None


def decode_bytes(data: bytes) -> tuple[str, str]:
    """``(text, encoding)`` of a text file's ``data`` (see the module docstring).

    The byte order mark is not part of the text. Raises :class:`TextDecodeError`.
    """
    bom = bom_encoding(data)
    if bom == UTF8_BOM:
        return _strict(data, len(codecs.BOM_UTF8), "utf-8"), UTF8_BOM
    if bom == UTF16:
        try:
            return data.decode("utf-16"), UTF16
        except UnicodeDecodeError as exc:
            raise TextDecodeError(f"bad UTF-16 text: {exc.reason}") from None
    nul = data.find(b"\x00")
    if nul >= 0:
        raise TextDecodeError("binary data, not text", *_position(data, nul))
    try:
        return data.decode("utf-8"), UTF8
    except UnicodeDecodeError:
        pass
    return _strict(data, 0, "cp1252"), WINDOWS_1252


def _strict(data: bytes, start: int, encoding: str) -> str:
    try:
        return data[start:].decode(encoding)
    except UnicodeDecodeError as exc:
        index = start + exc.start
        raise TextDecodeError(
            f"neither UTF-8 nor Windows-1252 text (byte 0x{data[index]:02X}); "
            "save the file as UTF-8",
            *_position(data, index),
        ) from None


def _position(data: bytes, index: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, index) + 1
    start = data.rfind(b"\n", 0, index) + 1
    return line, index - start + 1


def csv_preamble(text: str) -> tuple[str, str]:
    """``(text, delimiter)``: Excel's ``sep=X`` first line (written by Excel "CSV" with
    some locales, and by tools that want Excel to split their columns) is blanked out
    so line numbers stay those of the file, and ``X`` is the delimiter; otherwise the
    text is unchanged and the delimiter is ``,``. Blank lines before the header are
    left for the reader to skip."""
    first, newline, rest = text.partition("\n")
    match = _SEP_LINE.fullmatch(first)
    if match is None:
        return text, ","
    return newline + rest, match.group("sep")
