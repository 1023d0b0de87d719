"""The collection CSV format: owned copies, one row per card, condition and location.

Columns (header required, any order, any case): ``name,quantity,condition,location,
notes,for_trade``; only ``name`` is required. Other columns are ignored, and the
layouts other tools export (Deckbox, Moxfield, ManaBox, Dragon Shield, MTGO, TopDecked,
Archidekt...) are detected from the header and mapped by
:mod:`deckbuilder.formats.collection_presets` (a :class:`ColumnChoice` forces a preset
or remaps columns); another tool's condition word on none of our steps is listed
(:attr:`CollectionFile.unmapped_conditions`), read as Near Mint and kept in the notes.
``quantity`` defaults to 1 and
``for_trade`` to 0 (whole numbers 0..:data:`MAX_QUANTITY`). ``condition`` is one of the
:class:`card_db.records.Condition` names (Mint, Near Mint, Lightly Played, Moderately
Played, Heavily Played, Damaged; case-insensitive, with the usual abbreviations M, NM,
LP, MP, HP, D); empty means Near Mint. A condition cell listing the copies' conditions
(``1xMint, 2xGood``, as Urza Gatherer writes) gives one row per condition, the copies it
does not list in Near Mint. Decoded as
:func:`deckbuilder.formats.textfiles.decode_bytes` decodes (a byte order mark for UTF-8
or UTF-16, else UTF-8, else Windows-1252), but as a stream; an Excel ``sep=;`` line
(after blank lines, as Urza Gatherer writes it) and blank lines before the header are
accepted; blank rows are skipped. Cells written
with a leading quote against spreadsheet formulas (:mod:`card_db.spreadsheet_cells`) are
read back without it. ``location`` and ``notes`` are kept exactly as written (spaces and
tabs at either end too: an export reads back as it was); a control character in them
other than tab (and newline in notes) is refused (:func:`check_free_text`).

The file is read as a stream (never whole into memory) within these limits: at most
:data:`MAX_FILE_BYTES` bytes, :data:`MAX_ROWS` rows, :data:`MAX_LINE_CHARS` characters
a line and :data:`MAX_FIELD_CHARS` a cell. Every bad row is reported at once (up to
:data:`MAX_PROBLEMS`) with its physical line and column, as one
:class:`CollectionFileProblems`. :func:`write_collection_csv` writes every column,
``\\n`` line endings.
"""

from __future__ import annotations

import csv
import io
import itertools
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from card_db.errors import UserError
from card_db.records import Condition
from card_db.spreadsheet_cells import protect_cell, unprotect_cell
from card_db.text_safety import describe_character, unsafe_character
from deckbuilder.formats.collection_presets import (
    ColumnMapping,
    MappingError,
    condition_from_words,
    detect_mapping,
    per_copy_conditions,
)
from deckbuilder.formats.textfiles import UTF8, bom_encoding, csv_preamble

COLUMNS = ("name", "quantity", "condition", "location", "notes", "for_trade")
#: Most copies one row (or one collection entry) may hold.
MAX_QUANTITY = 100_000
#: Largest collection CSV read, in bytes (a whole collection is well under a megabyte).
MAX_FILE_BYTES = 50 * 1024 * 1024
#: Most rows one collection CSV may hold.
MAX_ROWS = 100_000
#: Longest physical line, and longest cell, in characters.
MAX_LINE_CHARS = 100_000
MAX_FIELD_CHARS = 10_000
#: Most problems of one file reported (the rest are counted).
MAX_PROBLEMS = 50
#: The control characters each free-text field accepts (every other control, lone
#: surrogate and direction mark is refused: :func:`check_free_text`).
FREE_TEXT_CONTROLS = {"location": "\t", "notes": "\t\n"}
_ABBREVIATIONS = {
    "m": Condition.MINT,
    "nm": Condition.NEAR_MINT,
    "lp": Condition.LIGHTLY_PLAYED,
    "mp": Condition.MODERATELY_PLAYED,
    "hp": Condition.HEAVILY_PLAYED,
    "d": Condition.DAMAGED,
    "dmg": Condition.DAMAGED,
}
#: Our condition names and abbreviations, lower case (per-copy lists in our layout).
_OUR_WORDS = {**{c.value.casefold(): c for c in Condition}, **_ABBREVIATIONS}


class CollectionFileError(UserError, ValueError):
    """A bad collection file: ``path``, 1-based ``line`` and ``column`` (``None`` where
    they do not apply), ``message``."""

    def __init__(self, path: str, line: int | None, column: int | str | None, message: str):
        self.path = path
        super().__init__(message, file=path, line=line, column=column)  # type: ignore[arg-type]


class CollectionFileProblems(CollectionFileError):
    """Every problem of one collection file: ``problems`` (the first
    :data:`MAX_PROBLEMS`) and ``more``, how many others were found. ``line`` and
    ``column`` are the first problem's; the message lists them all, one a line."""

    def __init__(self, path: str, problems: Sequence[CollectionFileError], more: int = 0):
        self.problems = tuple(problems)
        self.more = more
        first = self.problems[0]
        super().__init__(path, first.line, first.column, first.message)

    def full_message(self) -> str:
        if len(self.problems) == 1 and not self.more:
            return self.problems[0].full_message()
        total = len(self.problems) + self.more
        lines = [f"{self.path}: {total} problems:"]
        lines += [f"  {p.full_message()}" for p in self.problems]
        if self.more:
            lines.append(f"  and {self.more} more")
        return "\n".join(lines)


def check_free_text(field_name: str, text: str) -> None:
    """Raise ``ValueError`` ("location: U+000D control character is not allowed ...")
    if ``text`` of the field ``field_name`` (``"location"`` or ``"notes"``) holds a
    character the CSV could not carry safely: a control character (a carriage return
    before ``=`` would start a spreadsheet row of its own), a lone surrogate or a
    direction mark. Tab is allowed in both, newline in notes
    (:data:`FREE_TEXT_CONTROLS`). Source: issue 26, point 3."""
    found = unsafe_character(text, FREE_TEXT_CONTROLS[field_name])
    if found is not None:
        allowed = "tab and newline" if field_name == "notes" else "tab"
        raise ValueError(f"{field_name}: {describe_character(found)} is not allowed (remove "
                         f"it; of the control characters only {allowed} may be in {field_name})")


class ConditionError(UserError, ValueError):
    """Text that names no card condition; the message lists the valid ones."""


@dataclass(frozen=True, slots=True)
class CollectionRow:
    """One row of owned copies: card name, quantity, condition, location, notes, for-trade
    count; ``line``, the file line it was read from (``None`` if not from a file; not
    compared)."""

    name: str
    quantity: int
    condition: Condition = Condition.NEAR_MINT
    location: str = ""
    notes: str = ""
    for_trade: int = 0
    line: int | None = field(default=None, compare=False)


def parse_condition(text: str) -> Condition:
    """A condition from its name or abbreviation (empty: Near Mint); raises
    :class:`ConditionError` naming the valid ones."""
    cleaned = " ".join(text.strip().split()).casefold()
    if not cleaned:
        return Condition.NEAR_MINT
    for condition in Condition:
        if condition.value.casefold() == cleaned:
            return condition
    if cleaned in _ABBREVIATIONS:
        return _ABBREVIATIONS[cleaned]
    valid = ", ".join(c.value for c in Condition)
    raise ConditionError(
        f"unknown condition {text!r} (use one of: {valid})",
        suggestions=[c.value for c in Condition],
    )


@dataclass(frozen=True)
class ColumnChoice:
    """The user's say on the columns: a ``preset`` name (``None``: detect it from the
    header; see :mod:`deckbuilder.formats.collection_presets`) and ``overrides``
    (header name -> field or ``"ignore"``)."""

    preset: str | None = None
    overrides: tuple[tuple[str, str], ...] = ()


def read_collection_csv(
    path: Path, progress: Callable[[int, int], None] | None = None,
    choice: ColumnChoice | None = None,
) -> CollectionFile:
    """Read a collection CSV file as a stream, every row checked; ``choice`` forces a
    preset or remaps columns (default: detected from the header).

    ``progress``, if given, is called with (bytes read, file size) about every
    thousand rows (it may raise to stop the reading, e.g. on Cancel). Raises
    :class:`CollectionFileError` for a file that cannot be read at all (missing,
    too large, not UTF-8, no header, too many rows) and :class:`CollectionFileProblems`
    listing every bad row.
    """
    result = read_collection_rows(path, progress, choice)
    result.raise_problems(str(path))
    return result


def read_collection_rows(
    path: Path, progress: Callable[[int, int], None] | None = None,
    choice: ColumnChoice | None = None, *, header_only: bool = False,
) -> CollectionFile:
    """Like :func:`read_collection_csv`, but bad rows are returned in the result's
    ``problems`` (its ``rows`` are the good ones), not raised. With ``header_only``
    only the header is read (no rows: the result's ``mapping`` is what it is for)."""
    label = str(path)
    try:
        size = os.stat(path).st_size
        if size > MAX_FILE_BYTES:
            raise CollectionFileError(label, None, None, _too_large(size))
        encoding = _stream_encoding(path)
        try:
            return _read_file(path, encoding, label, size, progress, choice, header_only)
        except UnicodeDecodeError:
            if encoding != "utf-8":
                raise CollectionFileError(
                    label, None, None, f"bad {encoding} text; save the file as UTF-8"
                ) from None
        try:  # not UTF-8: read again as Windows-1252 (the textfiles policy)
            return _read_file(path, "cp1252", label, size, progress, choice, header_only)
        except UnicodeDecodeError as exc:
            raise CollectionFileError(
                label, None, None,
                f"neither UTF-8 nor Windows-1252 text ({exc.reason}); save the file as UTF-8",
            ) from None
    except OSError as exc:
        raise CollectionFileError(label, None, None, f"cannot read file: {exc.strerror}") from exc


def _stream_encoding(path: Path) -> str:
    """The encoding a byte order mark names, else ``utf-8`` (the textfiles policy)."""
    with open(path, "rb") as handle:
        return bom_encoding(handle.read(3)) or UTF8


def _read_file(path: Path, encoding: str, label: str, size: int,
               progress: Callable[[int, int], None] | None,
               choice: ColumnChoice | None, header_only: bool = False) -> CollectionFile:
    """The rows of ``path`` decoded as ``encoding``; UnicodeDecodeError if it is not."""
    with open(path, encoding=encoding, newline="") as handle:
        return _read_stream(handle, label, size, progress, choice, header_only)


def parse_collection_rows(text: str, label: str,
                          choice: ColumnChoice | None = None) -> list[CollectionRow]:
    """Parse collection CSV ``text``; ``label`` names the source in errors (raised as
    :func:`read_collection_csv` does)."""
    result = _read_stream(io.StringIO(text, newline=""), label, len(text), None, choice)
    result.raise_problems(label)
    return list(result.rows)


@dataclass(frozen=True)
class CollectionFile:
    """A collection CSV as read: its ``rows`` (each with its line), the ``columns``
    (our fields) its header maps, and the rows' ``problems`` (at most
    :data:`MAX_PROBLEMS`; ``more`` counts the others); ``mapping`` says which header
    column went to which field and which were ignored."""

    rows: tuple[CollectionRow, ...]
    columns: tuple[str, ...]
    problems: tuple[CollectionFileError, ...] = ()
    more: int = 0
    mapping: ColumnMapping | None = None
    #: ``(word, rows)``: another tool's condition words on none of our scale's steps,
    #: each with the number of rows that use it (read as Near Mint, the word kept in
    #: the row's notes), in order of first use.
    unmapped_conditions: tuple[tuple[str, int], ...] = ()

    def describe_unmapped_conditions(self) -> str:
        """One sentence naming :attr:`unmapped_conditions`, or ``""`` if there are none."""
        if not self.unmapped_conditions:
            return ""
        listed = ", ".join(f"{word!r} ({count} row{'s' if count != 1 else ''})"
                           for word, count in self.unmapped_conditions)
        return (f"condition words on no step of our scale, read as Near Mint with the "
                f"word kept in the notes: {listed}")

    def raise_problems(self, label: str) -> None:
        """Raise :class:`CollectionFileProblems` if there are problems."""
        if self.problems:
            raise CollectionFileProblems(label, self.problems, self.more)


class ProblemList:
    """Collects a file's problems, keeping the first :data:`MAX_PROBLEMS`."""

    def __init__(self) -> None:
        self.kept: list[CollectionFileError] = []
        self.more = 0

    def add(self, problem: CollectionFileError) -> None:
        if len(self.kept) < MAX_PROBLEMS:
            self.kept.append(problem)
        else:
            self.more += 1

    def __bool__(self) -> bool:
        return bool(self.kept)


def _too_large(size: int) -> str:
    return (
        f"the file is too large ({size:,} bytes; a collection CSV may have at most "
        f"{MAX_FILE_BYTES:,} bytes and {MAX_ROWS:,} rows): split it into smaller files"
    )


def _lines(handle: TextIO, label: str, counter: list[int]) -> Iterator[str]:
    """The physical lines of ``handle``, none longer than :data:`MAX_LINE_CHARS`, at most
    :data:`MAX_FILE_BYTES` characters in all (a pipe has no size to check first)."""
    number = 0
    while line := handle.readline(MAX_LINE_CHARS + 1):
        number += 1
        if "\x00" in line:
            raise CollectionFileError(label, number, None, "binary data, not a CSV file")
        if len(line) > MAX_LINE_CHARS:
            raise CollectionFileError(
                label, number, None, f"line longer than {MAX_LINE_CHARS:,} characters"
            )
        counter[0] += len(line)
        if counter[0] > MAX_FILE_BYTES:
            raise CollectionFileError(label, number, None, _too_large(counter[0]))
        yield line


def _read_stream(
    handle: TextIO, label: str, size: int, progress: Callable[[int, int], None] | None,
    choice: ColumnChoice | None = None, header_only: bool = False,
) -> CollectionFile:
    counter = [0]
    lines = _lines(handle, label, counter)
    blank, first = [], next(lines, "")
    while first and not first.strip():  # blank lines before Excel's sep= line
        blank.append(first)
        first = next(lines, "")
    first, delimiter = csv_preamble(first)
    reader = csv.reader(itertools.chain(blank, [first], lines), delimiter=delimiter,
                        strict=True)
    try:
        header = next(reader)
        while not any(cell.strip() for cell in header):  # blank lines before the header
            header = next(reader)
    except StopIteration:
        raise CollectionFileError(label, 1, 1, "empty file: expected a header row") from None
    except csv.Error as exc:
        raise CollectionFileError(label, 1, 1, f"malformed CSV: {exc}") from exc
    mapping = _header(header, label, reader.line_num, choice or ColumnChoice())
    names = [f or "" for f in mapping.fields]
    if header_only:
        return CollectionFile((), tuple(n for n in names if n), mapping=mapping)
    rows: list[CollectionRow] = []
    problems = ProblemList()
    unmapped: dict[str, int] = {}
    start = reader.line_num + 1
    try:
        for values in reader:
            line, start = start, reader.line_num + 1
            if not any(v.strip() for v in values):
                continue
            if len(rows) + len(problems.kept) + problems.more >= MAX_ROWS:
                raise CollectionFileError(
                    label, line, None,
                    f"more than {MAX_ROWS:,} rows: split the file into smaller ones",
                )
            try:
                rows.extend(_rows(values, names, label, line, mapping, unmapped))
            except CollectionFileError as exc:
                problems.add(exc)
            if progress is not None and len(rows) % 1000 == 0:
                progress(counter[0], size)
    except csv.Error as exc:
        problems.add(CollectionFileError(label, start, 1, f"malformed CSV: {exc}"))
    if progress is not None:
        progress(counter[0], size)
    return CollectionFile(tuple(rows), tuple(n for n in names if n), tuple(problems.kept),
                          problems.more, mapping, tuple(unmapped.items()))


def _header(header: list[str], label: str, line: int, choice: ColumnChoice) -> ColumnMapping:
    """The header's mapping; a mapping that cannot be used is a file error at ``line``."""
    try:
        return detect_mapping([unprotect_cell(h) for h in header], choice.preset,
                              dict(choice.overrides))
    except MappingError as exc:
        raise CollectionFileError(label, line, None, exc.message) from None


def write_collection_csv(rows: Iterable[CollectionRow]) -> str:
    """The CSV text of ``rows``: the header, then one row each (every column); text
    cells that a spreadsheet would run as formulas start with a quote. A row holding a
    carriage return (stored before :func:`check_free_text` refused it) is written with
    every cell quoted, so a spreadsheet still reads it as one row."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    quoting = csv.writer(buffer, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writerow(COLUMNS)
    for r in rows:
        cells = [protect_cell(r.name), r.quantity, r.condition.value,
                 protect_cell(r.location), protect_cell(r.notes), r.for_trade]
        (quoting if any("\r" in str(c) for c in cells) else writer).writerow(cells)
    return buffer.getvalue()


def _int_field(value: str, column: str, low: int, high: int) -> int:
    text = value.strip()
    if not text:
        return low if column == "for_trade" else 1
    try:
        number = int(text)
    except ValueError:
        shown = value if len(value) <= 30 else value[:30] + "…"
        raise ValueError(f"{column}: expected a whole number, got {shown!r}") from None
    if not low <= number <= high:
        shown = str(number) if len(text) <= 30 else f"a {len(text)}-digit number"
        raise ValueError(f"{column}: {shown} is outside {low}..{high}")
    return number


def _rows(values: list[str], names: list[str], label: str, line: int,
          mapping: ColumnMapping, unmapped: dict[str, int] | None = None,
          ) -> list[CollectionRow]:
    """The rows one file line holds: one, or one per condition when the condition
    cell lists the copies' conditions (Urza Gatherer's ``"1xMint, 2xGood"``). Another
    tool's condition word on none of our steps is counted in ``unmapped``, read as
    Near Mint and kept in the notes (our own layout's words must be ours)."""
    if len(values) > len(names):
        raise CollectionFileError(label, line, len(names) + 1, "more fields than the header")
    for index, value in enumerate(values):
        if len(value) > MAX_FIELD_CHARS:
            raise CollectionFileError(
                label, line, index + 1, f"cell longer than {MAX_FIELD_CHARS:,} characters"
            )
    values = [unprotect_cell(v) for v in values]
    padded = values + [""] * (len(names) - len(values))
    fields = {n: v for n, v in zip(names, padded, strict=True) if n}
    column = 1
    try:
        column = names.index("name") + 1
        name = fields["name"].strip()
        if not name:
            raise ValueError("name: empty")
        column = names.index("quantity") + 1 if "quantity" in names else column
        quantity = _int_field(fields.get("quantity", ""), "quantity", 0, MAX_QUANTITY)
        column = names.index("condition") + 1 if "condition" in names else column
        unknown: list[str] = []
        groups = _conditions(fields.get("condition", ""), quantity, mapping, unknown)
        column = names.index("for_trade") + 1 if "for_trade" in names else column
        for_trade = _int_field(fields.get("for_trade", ""), "for_trade", 0, MAX_QUANTITY)
        location = fields.get("location", "")
        column = names.index("location") + 1 if "location" in names else column
        check_free_text("location", location)
        notes = fields.get("notes", "")
        column = names.index("notes") + 1 if "notes" in names else column
        check_free_text("notes", notes)
    except ValueError as exc:
        raise CollectionFileError(label, line, column, str(exc)) from None
    if unknown:
        kept = "; ".join(f"condition {word!r} in the file" for word in unknown)
        notes = f"{notes}; {kept}" if notes else kept
        if unmapped is not None:
            for word in dict.fromkeys(unknown):
                unmapped[word] = unmapped.get(word, 0) + 1
    rows = []
    for count, condition in groups:  # the trade count goes to the first copies
        trade = min(for_trade, count) if len(groups) > 1 else for_trade
        for_trade -= trade
        rows.append(CollectionRow(name, count, condition, location, notes, trade, line))
    return rows


def _conditions(text: str, quantity: int, mapping: ColumnMapping,
                unknown: list[str]) -> list[tuple[int, Condition]]:
    """``[(copies, condition)]`` for a row of ``quantity`` copies: one group, or one per
    condition a per-copy list names, copies it does not name in Near Mint (our default).
    A preset's word on none of our steps is appended to ``unknown`` and read as Near
    Mint. ValueError if the list names more copies than ``quantity``."""
    lenient = unknown if mapping.conditions is not None else None
    groups = per_copy_conditions(text, mapping.conditions or _OUR_WORDS, lenient)
    if groups is None:
        return [(quantity, _condition(text, mapping, unknown))]
    listed = sum(count for count, _ in groups)
    if listed > quantity:
        raise ValueError(f"condition: lists {listed} copies but the row has {quantity}")
    rest = dict((condition, count) for count, condition in groups)
    if listed < quantity:
        rest[Condition.NEAR_MINT] = rest.get(Condition.NEAR_MINT, 0) + quantity - listed
    return [(count, condition) for condition, count in rest.items()]



def _condition(text: str, mapping: ColumnMapping, unknown: list[str]) -> Condition:
    """``text`` read with the preset's condition words first, then ours; a preset's
    word on none of our steps is appended to ``unknown`` and read as Near Mint."""
    if mapping.conditions is not None and text.strip():
        found = condition_from_words(text, mapping.conditions)
        if found is not None:
            return found
        try:
            return parse_condition(text)
        except ConditionError:
            unknown.append(" ".join(text.split()))
            return Condition.NEAR_MINT
    return parse_condition(text)
