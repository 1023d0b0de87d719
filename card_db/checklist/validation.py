"""Checking checklist rows: each field's value, then the card as a whole (the rules
of "Types of Cards", "Border Sites and Adjacency", "Affiliations", "Unique Cards"),
then names and keys unique in the file, and the keyword abilities read from the text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

import card_db.checklist.schema as schema
from card_db.abilities import parse_abilities
from card_db.checklist.csv_rows import csv_rows
from card_db.checklist.json_rows import json_rows
from card_db.checklist.schema import MAX_VALUE, ChecklistError, RawRow, slugify
from card_db.checklist.text import check_text, close_match
from card_db.names import fold_name
from card_db.records import (
    ALWAYS_PERMANENT,
    CHARACTERISTIC_FIELDS,
    CardRecord,
    CardType,
    Gender,
    dominions_adjacent,
)
from card_db.text_safety import describe_character, unsafe_character

_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_WHOLE = re.compile(r"[+-]?\d+")
_MAX_DIGITS = 20
_TRUE = {"yes", "y", "true", "1"}
_FALSE = {"no", "n", "false", "0"}
_NO_DOMINION = {"0", "o"}


# ------------------------------------------------------------------ field values


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
        if len(value.strip()) > _MAX_DIGITS:  # int() of thousands of digits is refused
            raise _Bad(f"must be between {low} and {high}, got {len(value.strip())} digits")
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
        if not _WHOLE.fullmatch(item) or len(item) > _MAX_DIGITS or not 1 <= int(item) <= 5:
            shown = item if len(item) <= 30 else item[:27] + "..."
            raise _Bad(f"expected Dominions 1 to 5 separated by '|', got {shown!r}")
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
            close = close_match(name, CHARACTERISTIC_FIELDS, n=1)
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

    def __init__(self, raw: RawRow, label: str):
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


def _parse_row(raw: RawRow, label: str, affiliations: Sequence[str]) -> tuple[str, CardRecord]:
    f = _Fields(raw, label)
    name = f.get("name", _text)
    if not name:
        raise f.fail("name", "a card needs a name")
    if "\n" in name:
        raise f.fail("name", "a name must fit on one line")
    if (hidden := unsafe_character(name)) is not None:
        raise f.fail(
            "name",
            f"contains {describe_character(hidden)}, an invisible character that can "
            f"disguise a card's name; remove it (the name reads {name!r})",
        )
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


# ------------------------------------------------------------------ a whole file


def parse_records(
    text: str, fmt: str, label: str, affiliations: Sequence[str]
) -> list[tuple[str, CardRecord, RawRow]]:
    text = check_text(text, label)
    if fmt == "csv":
        raws = csv_rows(text, label)
    elif fmt == "json":
        raws = json_rows(text, label)
    else:
        msg = f"unknown checklist format {fmt!r}: use csv or json"
        raise ChecklistError(label, None, None, msg)
    if len(raws) > schema.MAX_ROWS:
        raise ChecklistError(label, raws[schema.MAX_ROWS].line, None,
                             f"more than {schema.MAX_ROWS:,} cards: split the checklist into "
                             "smaller files")
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


def with_abilities(
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
