"""Card checklists: card data as CSV or JSON, one row (or object) a card.

The bundled card data (``card_db/data/*.csv``) and ``deckbuilder cards import/export``
both use this format, so a collector can load their own list of the 1997 set.

CSV: a header row, then one row a card. The columns, in the order they are written::

    key,name,type,permanent,dominions,unique,gender,magic,strength,prime,resistance,
    affiliations,deck_limit,traits,powers,activation_icon,set,collector_number,rarity,
    artist,flavor_text,source,estimated

On reading, columns may come in any order and only ``name`` and ``type`` are required.

* ``key``: a slug (``gek-a-gek``); optional, derived from the name when empty.
* ``type``: one of the eight card types ("Types of Cards"), e.g. ``Ally Action``.
* ``permanent``, ``unique``: ``yes``/``no`` (``true``/``false``/``1``/``0`` accepted).
  Empty ``permanent`` means yes for Sites and Characters ("Permanents and Instants");
  empty ``unique`` means yes for Sites and no otherwise ("Unique Cards").
* ``dominions``: ``3``; ``1|2`` for a Border Site (two adjacent Dominions, "Border
  Sites and Adjacency"); empty (or ``0``) for Oviates and Dominion-less cards.
* ``gender``: ``male``, ``female``, ``both``, ``neither`` (Characters only; not Oviates).
* ``magic``, ``strength``, ``prime`` (Characters), ``resistance`` (Sites): whole numbers
  0-99; empty means none.
* ``affiliations``: ``Maestro|Vassal``, names from ``card_db/data/affiliations.csv``.
* ``deck_limit``: copies allowed per deck ("Deck Construction" rule 4); empty = no limit.
* ``activation_icon``: the card type whose icon the power carries ("Card Powers,
  Traits, and Special Rules"), e.g. ``Ally Action``; empty if none.
* ``set``, ``collector_number``, ``rarity``, ``artist``, ``flavor_text``: collector data.
* ``source``: where the values come from, e.g. ``rulebook: Border Sites and Adjacency``
  or ``demo``.
* ``estimated``: ``magic|prime``, the fields (names from
  :data:`card_db.records.CHARACTERISTIC_FIELDS`) whose values are not printed facts.

JSON: a list of objects with the same keys; ``dominions``, ``affiliations`` and
``estimated`` are lists, numbers are numbers or ``null``, booleans ``true``/``false``.

Reading is all or nothing: the first bad row raises :class:`ChecklistError` naming the
file, line and column, and nothing is returned. Files are UTF-8 (a byte order mark is
allowed).
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, NamedTuple

from card_db.abilities import parse_abilities
from card_db.names import fold_name
from card_db.records import (
    ALWAYS_PERMANENT,
    CHARACTERISTIC_FIELDS,
    CardRecord,
    CardType,
    Gender,
    dominions_adjacent,
)

COLUMNS = (
    "key", "name", "type", "permanent", "dominions", "unique", "gender", "magic",
    "strength", "prime", "resistance", "affiliations", "deck_limit", "traits", "powers",
    "activation_icon", "set", "collector_number", "rarity", "artist", "flavor_text",
    "source", "estimated",
)
REQUIRED_COLUMNS = ("name", "type")
_COLUMN_ALIASES = {"card_type": "type", "set_name": "set"}
FORMATS = {".csv": "csv", ".json": "json"}

DATA_DIR = Path(__file__).resolve().parent / "data"
AFFILIATIONS_FILE = DATA_DIR / "affiliations.csv"
DECKS_DIR = DATA_DIR / "decks"

MAX_VALUE = 99
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_WHOLE = re.compile(r"[+-]?\d+")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_TRUE = {"yes", "y", "true", "1"}
_FALSE = {"no", "n", "false", "0"}
_NO_DOMINION = {"0", "o"}


class ChecklistError(Exception):
    """A checklist that cannot be read or written.

    ``path`` names the file (or the label given to :func:`parse_checklist_text`);
    ``line`` is 1-based or ``None``; ``column`` is the 1-based CSV column number, the
    JSON key name, or ``None``; ``message`` says what is wrong, starting with the
    field name when one is at fault. ``str()`` gives ``path:line:column: message``
    (for example ``cards.csv:12:7: prime: expected a whole number, got 'x'``); parts
    that are ``None`` are left out, and so is a JSON key (the message names it).
    """

    def __init__(self, path: str, line: int | None, column: int | str | None, message: str):
        self.path = str(path)
        self.line = line
        self.column = column
        self.message = message
        super().__init__(self.path, line, column, message)

    def __str__(self) -> str:
        parts = [self.path]
        if self.line is not None:
            parts.append(str(self.line))
            if isinstance(self.column, int):
                parts.append(str(self.column))
        return ":".join(parts) + ": " + self.message


class ChecklistRow(NamedTuple):
    """One card read from a checklist: its ``key`` (given or derived), the record and
    the 1-based ``line`` where the row (CSV) or object (JSON) starts."""

    key: str
    record: CardRecord
    line: int


# --------------------------------------------------------------------------- names


def slugify(name: str) -> str:
    """The key for a card name: ASCII letters and digits joined by ``-``.

    ``"Emotion: Guilt"`` -> ``"emotion-guilt"``; ``"Charlotte's Tower"`` ->
    ``"charlottes-tower"``. May be ``""`` for a name with no letters or digits.
    """
    folded = unicodedata.normalize("NFKD", name)
    folded = "".join(c for c in folded if not unicodedata.combining(c)).casefold()
    folded = re.sub(r"['\u2019]", "", folded)
    return "-".join(re.findall(r"[a-z0-9]+", folded))


def record_key(record: CardRecord) -> str:
    """The stable key of a bundled card: the slug of its name (see :func:`slugify`)."""
    return slugify(record.name)


# ------------------------------------------------------------------ decoding input


def _close_match(word: str, choices: Sequence[str], n: int = 1) -> list[str]:
    import difflib  # only on the error path, to keep start-up quick

    return difflib.get_close_matches(word, choices, n=n)


def _line_col(text: str, offset: int) -> tuple[int, int]:
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


def _check_text(text: str, path_label: str) -> str:
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise ChecklistError(path_label, None, None, "the file is empty")
    if m := _CONTROL.search(text):
        line, col = _line_col(text, m.start())
        raise ChecklistError(
            path_label, line, col,
            f"control character U+{ord(m.group()):04X}: this is not a text checklist",
        )
    return text


# ------------------------------------------------------------------ raw rows


class _RawRow(NamedTuple):
    values: dict[str, Any]
    line: int
    where: Callable[[str], tuple[int, int | str | None]]


def _csv_rows(text: str, label: str) -> list[_RawRow]:
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    rows: list[_RawRow] = []
    header: list[str] | None = None
    positions: dict[str, int] = {}
    start = 1
    try:
        for cells in reader:
            line, start = start, reader.line_num + 1
            if not any(c.strip() for c in cells):
                continue
            if header is None:
                header = _csv_header(cells, line, label)
                positions = {name: i + 1 for i, name in enumerate(header)}
                continue
            if len(cells) != len(header):
                raise ChecklistError(
                    label, line, min(len(cells), len(header)) + 1,
                    f"this row has {len(cells)} cells but the header has "
                    f"{len(header)} columns",
                )

            def where(
                col: str, _line: int = line, _pos: dict[str, int] = positions
            ) -> tuple[int, int | str | None]:
                return _line, _pos.get(col)

            rows.append(_RawRow(dict(zip(header, cells, strict=True)), line, where))
    except csv.Error as exc:
        raise ChecklistError(label, reader.line_num, None, f"CSV syntax error: {exc}") from None
    if header is None:
        raise ChecklistError(label, None, None, "the file is empty")
    return rows


def _csv_header(cells: list[str], line: int, label: str) -> list[str]:
    header = []
    for i, cell in enumerate(cells):
        name = cell.strip().casefold()
        name = _COLUMN_ALIASES.get(name, name)
        if name not in COLUMNS:
            hint = ""
            if len(cells) == 1 and ";" in cell:
                hint = "; columns must be separated by commas"
            elif close := _close_match(name, COLUMNS, n=1):
                hint = f"; did you mean '{close[0]}'?"
            raise ChecklistError(
                label, line, i + 1,
                f"unknown column '{cell.strip()}' in the header row{hint} "
                f"(columns: {','.join(COLUMNS)})",
            )
        if name in header:
            raise ChecklistError(label, line, i + 1, f"column '{name}' appears twice")
        header.append(name)
    for name in REQUIRED_COLUMNS:
        if name not in header:
            raise ChecklistError(
                label, line, None,
                f"the header row has no '{name}' column; the first row must name the "
                f"columns ({','.join(COLUMNS)})",
            )
    return header


class _DuplicateKey(ValueError):
    pass


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _DuplicateKey(key)
        seen[key] = value
    return seen


def _json_rows(text: str, label: str) -> list[_RawRow]:
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        msg = f"JSON syntax error: {exc.msg}"
        raise ChecklistError(label, exc.lineno, exc.colno, msg) from None
    except _DuplicateKey as exc:
        msg = f"{exc}: key appears twice in one object"
        raise ChecklistError(label, None, str(exc), msg) from None
    except RecursionError:
        raise ChecklistError(label, None, None, "JSON nested too deeply") from None
    if not isinstance(data, list):
        raise ChecklistError(label, 1, 1, "expected a JSON list of card objects")
    decoder = json.JSONDecoder()
    idx = text.index("[") + 1
    line, counted = 1, 0  # line number of offset ``counted``, advanced as we go
    rows: list[_RawRow] = []
    for _ in data:
        while text[idx] in " \t\r\n,":
            idx += 1
        obj, end = decoder.raw_decode(text, idx)
        line, counted = line + text.count("\n", counted, idx), idx
        if not isinstance(obj, dict):
            raise ChecklistError(label, line, None, "expected a card object ({...})")
        values = {}
        for key, value in obj.items():
            name = _COLUMN_ALIASES.get(key, key)
            if name not in COLUMNS:
                close = _close_match(name, COLUMNS, n=1)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                raise ChecklistError(label, line, key, f"{key}: unknown key{hint}")
            values[name] = value
        for name in REQUIRED_COLUMNS:
            if name not in values:
                raise ChecklistError(label, line, name, f"{name}: missing")

        def where(col: str, _s: int = idx, _e: int = end) -> tuple[int, int | str | None]:
            m = re.compile('"' + re.escape(col) + r'"\s*:').search(text, _s, _e)
            return _line_col(text, m.start() if m else _s)[0], col

        rows.append(_RawRow(values, line, where))
        idx = end
    return rows


# ------------------------------------------------------------------ field parsing


class _Bad(ValueError):
    """A field value is wrong; the caller adds file, line and column."""


def _text(value: Any) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise _Bad(f"expected text, got {json.dumps(value)}")
    return value.strip().replace("\r\n", "\n")


def _int(value: Any, low: int = 0, high: int = MAX_VALUE) -> int | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise _Bad(f"expected a whole number, got {json.dumps(value)}")
    if isinstance(value, str):
        if not _WHOLE.fullmatch(value.strip()):
            raise _Bad(f"expected a whole number, got {value.strip()!r}")
        value = int(value.strip())
    if not low <= value <= high:
        raise _Bad(f"must be between {low} and {high}, got {value}")
    return value


def _bool(value: Any) -> bool | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    word = str(value).strip().casefold()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    raise _Bad(f"expected yes or no, got {str(value).strip()!r}")


def _items(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list):
        items = []
        for item in value:
            if isinstance(item, bool) or not isinstance(item, str | int):
                raise _Bad(f"expected text items, got {json.dumps(item)}")
            items.append(str(item).strip())
    elif isinstance(value, str | int) and not isinstance(value, bool):
        text = str(value).strip()
        if not text:
            return []
        items = [part.strip() for part in text.split("|")]
    else:
        raise _Bad(f"expected a list, got {json.dumps(value)}")
    if any(not item for item in items):
        raise _Bad(f"empty item in {value!r}")
    return items


def _dominions(value: Any) -> tuple[int, ...]:
    items = _items(value)
    if len(items) == 1 and items[0].casefold() in _NO_DOMINION:
        return ()
    found = []
    for item in items:
        if not _WHOLE.fullmatch(item) or not 1 <= int(item) <= 5:
            raise _Bad(f"expected Dominions 1 to 5 separated by '|', got {item!r}")
        if int(item) in found:
            raise _Bad(f"Dominion {item} is listed twice")
        found.append(int(item))
    if len(found) > 2:
        raise _Bad("a card has at most two Home Dominions (a Border Site)")
    if len(found) == 2 and not dominions_adjacent(*found):
        raise _Bad(
            f"Dominions {found[0]} and {found[1]} are not adjacent; a Border Site's two "
            "Dominions are side by side, and 5 and 1 are adjacent ('Border Sites and Adjacency')"
        )
    return tuple(sorted(found))


def _card_type(value: Any) -> CardType:
    text = _text(value)
    for card_type in CardType:
        if text.casefold() == card_type.value.casefold():
            return card_type
    names = ", ".join(t.value for t in CardType)
    raise _Bad(f"expected one of {names}; got {text!r}")


def _gender(value: Any) -> Gender | None:
    text = _text(value).casefold()
    if not text:
        return None
    try:
        return Gender(text)
    except ValueError:
        raise _Bad(f"expected male, female, both or neither; got {text!r}") from None


def _affiliations(value: Any, known: Sequence[str]) -> tuple[str, ...]:
    by_fold = {name.casefold(): name for name in known}
    found: list[str] = []
    for item in _items(value):
        name = by_fold.get(item.casefold())
        if name is None:
            raise _Bad(f"unknown affiliation {item!r} (known: {', '.join(known)})")
        if name in found:
            raise _Bad(f"{name} is listed twice")
        found.append(name)
    return tuple(found)


def _estimated(value: Any) -> frozenset[str]:
    names = _items(value)
    for name in names:
        if name not in CHARACTERISTIC_FIELDS:
            close = _close_match(name, CHARACTERISTIC_FIELDS, n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            raise _Bad(
                f"unknown field {name!r}{hint} (fields: {', '.join(CHARACTERISTIC_FIELDS)})"
            )
    return frozenset(names)


def _is_set(value: Any) -> bool:
    return isinstance(value, bool) or value not in (None, "", ())


# ------------------------------------------------------------------ row -> record


class _Fields:
    """Reads one raw row field by field, raising ChecklistError at the right place."""

    def __init__(self, raw: _RawRow, label: str):
        self.raw = raw
        self.label = label

    def fail(self, column: str, message: str) -> ChecklistError:
        line, col = self.raw.where(column)
        if col is None:
            line = self.raw.line
        return ChecklistError(self.label, line, col, f"{column}: {message}")

    def get(self, column: str, parse: Callable[..., Any], *args: Any) -> Any:
        try:
            return parse(self.raw.values.get(column), *args)
        except _Bad as exc:
            raise self.fail(column, str(exc)) from None


def _parse_row(raw: _RawRow, label: str, affiliations: Sequence[str]) -> tuple[str, CardRecord]:
    f = _Fields(raw, label)
    name = f.get("name", _text)
    if not name:
        raise f.fail("name", "a card needs a name")
    if "\n" in name:
        raise f.fail("name", "a name must fit on one line")
    given_key = f.get("key", _text)
    key = given_key or slugify(name)
    if given_key and not _SLUG.fullmatch(key):
        raise f.fail(
            "key", f"expected lower-case letters, digits and '-' (like 'gek-a-gek'), got {key!r}"
        )
    if not key:
        raise f.fail("name", f"cannot derive a key from {name!r}: give the key column a value")
    card_type = f.get("type", _card_type)
    is_character = card_type is CardType.CHARACTER

    permanent = f.get("permanent", _bool)
    if permanent is None:
        if card_type not in ALWAYS_PERMANENT:
            raise f.fail(
                "permanent",
                f"say yes or no: a {card_type.value} can be permanent (square icon) or "
                "instant (round icon)",
            )
        permanent = True
    if card_type in ALWAYS_PERMANENT and not permanent:
        raise f.fail(
            "permanent", "Sites and Characters are always permanent ('Permanents and Instants')"
        )

    dominions = f.get("dominions", _dominions)
    affs = f.get("affiliations", _affiliations, affiliations)
    oviate = "Oviate" in affs
    _check_dominions(f, card_type, dominions, oviate)

    unique = f.get("unique", _bool)
    if unique is None:
        unique = card_type is CardType.SITE

    gender = f.get("gender", _gender)
    if gender is not None and not is_character:
        raise f.fail("gender", "only Characters have a gender ('Types of Cards')")
    if gender is not None and oviate:
        raise f.fail("gender", "Oviates have no gender ('Affiliations: Oviate')")
    if gender is None and is_character and not oviate:
        raise f.fail(
            "gender",
            "a Character needs a gender (male, female, both or neither); if you do not "
            "know it, write your best guess and list 'gender' in estimated",
        )

    numbers = {col: f.get(col, _int) for col in ("magic", "strength", "prime", "resistance")}
    _check_numbers(f, card_type, numbers)
    deck_limit = f.get("deck_limit", _int, 1)

    powers = f.get("powers", _text)
    icon_text = f.get("activation_icon", _text)
    icon = None
    if icon_text:
        icon = f.get("activation_icon", _card_type).value
        if not powers:
            raise f.fail(
                "activation_icon", "an activation icon belongs to a power; powers is empty"
            )

    record = CardRecord(
        name=name,
        card_type=card_type,
        permanent=permanent,
        dominions=dominions,
        unique=unique,
        gender=gender,
        magic=numbers["magic"],
        strength=numbers["strength"],
        prime=numbers["prime"],
        resistance=numbers["resistance"],
        affiliations=affs,
        deck_limit=deck_limit,
        traits=f.get("traits", _text),
        powers=powers,
        activation_icon=icon,
        set_name=f.get("set", _text),
        collector_number=f.get("collector_number", _text),
        rarity=f.get("rarity", _text),
        artist=f.get("artist", _text),
        flavor_text=f.get("flavor_text", _text),
        source=f.get("source", _text),
        estimated=f.get("estimated", _estimated),
    )
    for field_name in sorted(record.estimated):
        if not _is_set(getattr(record, field_name)):
            raise f.fail(
                "estimated",
                f"'{field_name}' is listed as estimated but has no value; an empty field "
                "is unknown, not estimated",
            )
    return key, record


def _check_dominions(f: _Fields, card_type: CardType, dominions: tuple[int, ...], oviate: bool):
    if len(dominions) == 2 and card_type is not CardType.SITE:
        raise f.fail("dominions", "only Sites can be Border Sites with two Home Dominions")
    if card_type is CardType.SITE and not dominions:
        raise f.fail("dominions", "a Site needs a Home Dominion (1-5, or two for a Border Site)")
    if card_type is CardType.PATH and len(dominions) != 1:
        raise f.fail("dominions", "a Path has exactly one Home Dominion ('Types of Cards')")
    if oviate and dominions:
        raise f.fail("dominions", "Oviates have no Home Dominion ('Affiliations: Oviate')")
    if card_type is CardType.CHARACTER and not dominions and not oviate:
        raise f.fail(
            "dominions",
            "a Character with no Home Dominion is an Oviate ('Types of Cards'): give its "
            "Dominion or add Oviate to its affiliations",
        )


def _check_numbers(f: _Fields, card_type: CardType, numbers: dict[str, int | None]) -> None:
    owners = {
        "magic": CardType.CHARACTER, "strength": CardType.CHARACTER,
        "prime": CardType.CHARACTER, "resistance": CardType.SITE,
    }
    for col, owner in owners.items():
        label = col.capitalize()
        if numbers[col] is not None and card_type is not owner:
            raise f.fail(col, f"only {owner.value}s have {label} ('Types of Cards')")
        if numbers[col] is None and card_type is owner:
            raise f.fail(
                col,
                f"a {owner.value} needs {label}; if you do not know it, write your best "
                f"guess and list '{col}' in estimated",
            )


# ------------------------------------------------------------------ public reading


def _known_affiliations(affiliations: Iterable[str] | None) -> list[str]:
    if affiliations is None:
        return [name for name, _ in load_affiliations()]
    return list(affiliations)


def _parse_records(
    text: str, fmt: str, label: str, affiliations: Sequence[str]
) -> list[tuple[str, CardRecord, _RawRow]]:
    text = _check_text(text, label)
    if fmt == "csv":
        raws = _csv_rows(text, label)
    elif fmt == "json":
        raws = _json_rows(text, label)
    else:
        msg = f"unknown checklist format {fmt!r}: use csv or json"
        raise ChecklistError(label, None, None, msg)
    parsed = []
    names: dict[str, int] = {}
    keys: dict[str, int] = {}
    for raw in raws:
        key, record = _parse_row(raw, label, affiliations)
        fields = _Fields(raw, label)
        folded = fold_name(record.name)
        if folded in names:
            raise fields.fail("name", f"{record.name!r} is already on line {names[folded]}")
        if key in keys:
            raise fields.fail("key", f"key {key!r} is already used on line {keys[key]}")
        names[folded], keys[key] = raw.line, raw.line
        parsed.append((key, record, raw))
    return parsed


def _with_abilities(
    records: Iterable[CardRecord], site_names: Iterable[str], affiliations: Sequence[str]
) -> list[CardRecord]:
    sites = frozenset(site_names)
    return [
        replace(
            r,
            abilities=parse_abilities(
                r.traits, r.powers, site_names=sites, affiliations=affiliations
            ),
        )
        for r in records
    ]


def parse_checklist_rows(
    text: str,
    fmt: str,
    path_label: str,
    *,
    known_sites: Iterable[str] = (),
    affiliations: Iterable[str] | None = None,
) -> list[ChecklistRow]:
    """Parse checklist text (``fmt`` ``"csv"`` or ``"json"``) into rows with keys.

    Keyword abilities are parsed with :func:`card_db.abilities.parse_abilities`, where
    the Site names are the file's Sites plus ``known_sites`` and ``affiliations`` the
    known affiliation names (default: ``card_db/data/affiliations.csv``).
    Raises :class:`ChecklistError` at the first bad row; ``path_label`` names the file.
    """
    affs = _known_affiliations(affiliations)
    parsed = _parse_records(text, fmt, path_label, affs)
    sites = {r.name for _, r, _ in parsed if r.card_type is CardType.SITE} | set(known_sites)
    records = _with_abilities((r for _, r, _ in parsed), sites, affs)
    return [
        ChecklistRow(key, record, raw.line)
        for (key, _, raw), record in zip(parsed, records, strict=True)
    ]


def parse_checklist_text(
    text: str,
    fmt: str,
    path_label: str,
    *,
    known_sites: Iterable[str] = (),
    affiliations: Iterable[str] | None = None,
) -> list[CardRecord]:
    """Like :func:`parse_checklist_rows`, returning only the records, in file order."""
    rows = parse_checklist_rows(
        text, fmt, path_label, known_sites=known_sites, affiliations=affiliations
    )
    return [row.record for row in rows]


def checklist_format(path: str | os.PathLike) -> str:
    """``"csv"`` or ``"json"`` from the file extension; ChecklistError otherwise."""
    suffix = Path(path).suffix.casefold()
    if suffix not in FORMATS:
        raise ChecklistError(
            str(path), None, None,
            f"unknown checklist format {suffix or '(no extension)'!r}: use .csv or .json",
        )
    return FORMATS[suffix]


def _read_bytes(path: str | os.PathLike) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        msg = f"cannot read the file: {exc.strerror}"
        raise ChecklistError(str(path), None, None, msg) from None


def read_checklist_rows(
    path: str | os.PathLike,
    known_sites: Iterable[str] = (),
    affiliations: Iterable[str] | None = None,
) -> list[ChecklistRow]:
    """Read a ``.csv`` or ``.json`` checklist file into rows with keys and lines.

    Raises :class:`ChecklistError` for a missing or unreadable file, a wrong encoding,
    binary content, an empty file or any bad row (nothing is returned then).
    """
    fmt = checklist_format(path)
    text = decode_checklist_bytes(_read_bytes(path), str(path))
    return parse_checklist_rows(
        text, fmt, str(path), known_sites=known_sites, affiliations=affiliations
    )


def read_checklist(
    path: str | os.PathLike,
    known_sites: Iterable[str] = (),
    affiliations: Iterable[str] | None = None,
) -> list[CardRecord]:
    """Read a ``.csv`` or ``.json`` checklist into card records, in file order.

    ``known_sites``: Site names from elsewhere (e.g. the database) that card text may
    name ("+4 versus Roxborough Tower"). ``affiliations``: the affiliation names a row
    may use (default: the bundled ``affiliations.csv``). All or nothing: raises
    :class:`ChecklistError` (path, line, column, message) at the first bad row.
    """
    return [row.record for row in read_checklist_rows(path, known_sites, affiliations)]


# ------------------------------------------------------------------ writing


def _cells(record: CardRecord, key: str) -> dict[str, Any]:
    return {
        "key": key,
        "name": record.name,
        "type": record.card_type.value,
        "permanent": record.permanent,
        "dominions": list(record.dominions),
        "unique": record.unique,
        "gender": record.gender.value if record.gender else None,
        "magic": record.magic,
        "strength": record.strength,
        "prime": record.prime,
        "resistance": record.resistance,
        "affiliations": list(record.affiliations),
        "deck_limit": record.deck_limit,
        "traits": record.traits,
        "powers": record.powers,
        "activation_icon": record.activation_icon,
        "set": record.set_name,
        "collector_number": record.collector_number,
        "rarity": record.rarity,
        "artist": record.artist,
        "flavor_text": record.flavor_text,
        "source": record.source,
        "estimated": [f for f in CHARACTERISTIC_FIELDS if f in record.estimated],
    }


def _csv_cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return ""
    if isinstance(value, list):
        return "|".join(str(v) for v in value)
    return str(value)


def checklist_text(
    records: Iterable[CardRecord], fmt: str, keys: Mapping[str, str] | None = None
) -> str:
    """The checklist text for ``records`` in ``fmt`` (``"csv"`` or ``"json"``).

    ``keys`` maps a card name to its key; other cards get :func:`record_key`.
    """
    keys = keys or {}
    objects = [_cells(r, keys.get(r.name) or record_key(r)) for r in records]
    if fmt == "json":
        return json.dumps(objects, indent=2, ensure_ascii=False) + "\n"
    if fmt != "csv":
        raise ValueError(f"unknown checklist format {fmt!r}")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for obj in objects:
        writer.writerow([_csv_cell(obj[col]) for col in COLUMNS])
    return out.getvalue()


def write_checklist(
    records: Iterable[CardRecord],
    path: str | os.PathLike,
    keys: Mapping[str, str] | None = None,
) -> None:
    """Write ``records`` to a ``.csv`` or ``.json`` checklist (UTF-8), chosen by extension.

    The file is replaced atomically. ``keys`` maps card names to keys (default: the
    slug of the name). Raises :class:`ChecklistError` for an unknown extension or a
    file that cannot be written.
    """
    import tempfile

    text = checklist_text(records, checklist_format(path), keys)
    target = Path(path)
    tmp = None
    try:
        mode = target.stat().st_mode & 0o777 if target.exists() else 0o644
        fd, tmp = tempfile.mkstemp(prefix=".checklist-", dir=target.parent)
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except OSError as exc:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        msg = f"cannot write the file: {exc.strerror}"
        raise ChecklistError(str(path), None, None, msg) from None


# ------------------------------------------------------------------ bundled data


def bundled_card_files() -> list[Path]:
    """The bundled card data files: every ``card_db/data/*.csv`` but ``affiliations.csv``."""
    return sorted(p for p in DATA_DIR.glob("*.csv") if p.name != AFFILIATIONS_FILE.name)


def load_affiliations() -> list[tuple[str, str]]:
    """The affiliations as ``(name, description)`` pairs, from ``data/affiliations.csv``.

    Source: rulebook "Affiliations" and the Glossary. Raises :class:`ChecklistError`
    if the file is malformed.
    """
    label = str(AFFILIATIONS_FILE)
    text = _check_text(decode_checklist_bytes(_read_bytes(AFFILIATIONS_FILE), label), label)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    result: list[tuple[str, str]] = []
    try:
        header = next(reader)
        if [c.strip() for c in header] != ["name", "description"]:
            raise ChecklistError(label, 1, 1, "the header must be: name,description")
        for cells in reader:
            if not any(c.strip() for c in cells):
                continue
            if len(cells) != 2 or not cells[0].strip() or "|" in cells[0]:
                raise ChecklistError(
                    label, reader.line_num, 1, "expected a name (without '|') and a description"
                )
            result.append((cells[0].strip(), cells[1].strip()))
    except csv.Error as exc:
        raise ChecklistError(label, reader.line_num, None, f"CSV syntax error: {exc}") from None
    names = [name.casefold() for name, _ in result]
    if len(set(names)) != len(names):
        raise ChecklistError(label, None, None, "an affiliation is listed twice")
    return result


def load_bundled_rows() -> list[ChecklistRow]:
    """Every bundled card with its key, across all bundled data files.

    Abilities are parsed knowing every bundled Site, so a demo card may name a
    rulebook Site. Raises :class:`ChecklistError` for a bad row or a name or key that
    appears in two files.
    """
    affs = [name for name, _ in load_affiliations()]
    parsed: list[tuple[str, CardRecord, int, str]] = []
    for path in bundled_card_files():
        text = decode_checklist_bytes(_read_bytes(path), str(path))
        rows = _parse_records(text, "csv", str(path), affs)
        parsed += [(key, record, raw.line, str(path)) for key, record, raw in rows]
    names: dict[str, str] = {}
    keys: dict[str, str] = {}
    for key, record, line, label in parsed:
        folded = fold_name(record.name)
        for seen, value, what in ((names, folded, "name"), (keys, key, "key")):
            if value in seen and seen[value] != label:
                msg = f"{what}: {value!r} is also in {seen[value]}"
                raise ChecklistError(label, line, None, msg)
            seen[value] = label
    sites = {r.name for _, r, _, _ in parsed if r.card_type is CardType.SITE}
    records = _with_abilities((r for _, r, _, _ in parsed), sites, affs)
    return [
        ChecklistRow(key, record, line)
        for (key, _, line, _), record in zip(parsed, records, strict=True)
    ]


def load_bundled_records() -> list[CardRecord]:
    """Every bundled card (rulebook cards, then the demo set), as records."""
    return [row.record for row in load_bundled_rows()]


def bundled_data_hash() -> str:
    """SHA-256 (hex) over the bundled data: affiliations, card files and the abilities
    parser's source (parsed abilities are stored in the database, so a parser change
    also calls for a resync). Changes whenever the database must resync its catalogue.
    """
    import hashlib

    digest = hashlib.sha256()
    sources = [AFFILIATIONS_FILE, *bundled_card_files(), Path(__file__).with_name("abilities.py")]
    for path in sources:
        data = _read_bytes(path)
        digest.update(path.name.encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return digest.hexdigest()
