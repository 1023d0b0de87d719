"""Checklist files as text: decoding their bytes and refusing what is not text."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence

import card_db.checklist.schema as schema
from card_db.checklist.schema import ChecklistError

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def close_match(word: str, choices: Sequence[str], n: int = 1) -> list[str]:
    import difflib  # lazy: only on the error path, to keep start-up quick

    return difflib.get_close_matches(word, choices, n=n)


def line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def decode_checklist_bytes(data: bytes, path_label: str) -> str:
    """Decode a checklist file's bytes as UTF-8 (BOM allowed).

    Raises :class:`ChecklistError` for an empty file, UTF-16/UTF-32 text, NUL bytes
    (binary files) and bytes that are not UTF-8, with the line and column of the fault.
    """
    if not data.strip():
        raise ChecklistError(path_label, None, None, "the file is empty")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ChecklistError(
            path_label, 1, 1,
            "the file is UTF-16 (or UTF-32) encoded; save it as UTF-8 and import it again",
        )
    nul = data.find(b"\x00")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        col = nul - (data.rfind(b"\n", 0, nul) + 1) + 1
        raise ChecklistError(
            path_label, line, col,
            "the file contains NUL bytes: it is a binary file or UTF-16 text, "
            "not a UTF-8 checklist",
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise ChecklistError(
            path_label, line, col,
            f"not valid UTF-8 (byte 0x{data[exc.start]:02x}); save the file as UTF-8",
        ) from None


def check_text(text: str, path_label: str) -> str:
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise ChecklistError(path_label, None, None, "the file is empty")
    if m := _CONTROL.search(text):
        line, col = line_col(text, m.start())
        raise ChecklistError(
            path_label, line, col,
            f"control character U+{ord(m.group()):04X}: this is not a text checklist",
        )
    return text


def read_bytes(path: str | os.PathLike,
               progress: Callable[[int, int], None] | None = None) -> bytes:
    """The bytes of the checklist ``path``, at most :data:`~card_db.checklist.schema.
    MAX_FILE_BYTES`: a larger file is refused before it is read, a stream (a pipe) as
    soon as it passes the cap. ``progress`` is called with (bytes read, file size)
    after each megabyte. Raises :class:`ChecklistError` (too large, unreadable)."""
    cap = schema.MAX_FILE_BYTES
    try:
        size = os.stat(path).st_size
        if size > cap:
            raise ChecklistError(str(path), None, None, too_large(f"{size:,} bytes"))
        chunks, read = [], 0
        with open(path, "rb") as handle:
            while chunk := handle.read(1024 * 1024):
                read += len(chunk)
                if read > cap:
                    raise ChecklistError(str(path), None, None,
                                         too_large(f"more than {cap:,} bytes"))
                chunks.append(chunk)
                if progress is not None:
                    progress(read, max(size, read))
        return b"".join(chunks)
    except OSError as exc:
        msg = f"cannot read the file: {exc.strerror}"
        raise ChecklistError(str(path), None, None, msg) from None


def too_large(what: str) -> str:
    """The message for a checklist over a cap; ``what`` says how large it is."""
    return (f"the file is too large ({what}; a checklist may have at most "
            f"{schema.MAX_FILE_BYTES:,} bytes and {schema.MAX_ROWS:,} cards): split it "
            "into smaller files")
