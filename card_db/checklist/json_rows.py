"""Checklist JSON text to raw rows: a list of card objects, each with its line."""

from __future__ import annotations

import json
import re
from typing import Any

from card_db.checklist.schema import (
    COLUMN_ALIASES,
    COLUMNS,
    REQUIRED_COLUMNS,
    ChecklistError,
    RawRow,
)
from card_db.checklist.text import close_match, line_col


class _DuplicateKey(ValueError):
    pass


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _DuplicateKey(key)
        seen[key] = value
    return seen


def _has_surrogate(value: Any) -> bool:
    """True if ``value`` (text, or lists/objects of it) holds a lone surrogate code
    point: JSON's ``\\ud800`` escapes decode to one, and it cannot be stored or shown."""
    if isinstance(value, str):
        return any("\ud800" <= c <= "\udfff" for c in value)
    if isinstance(value, list):
        return any(_has_surrogate(v) for v in value)
    if isinstance(value, dict):
        return any(_has_surrogate(k) or _has_surrogate(v) for k, v in value.items())
    return False


def json_rows(text: str, label: str) -> list[RawRow]:
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
    except ValueError as exc:  # a number of thousands of digits (int's digit limit)
        raise ChecklistError(label, None, None, f"a number is too long: {exc}") from None
    if not isinstance(data, list):
        raise ChecklistError(label, 1, 1, "expected a JSON list of card objects")
    decoder = json.JSONDecoder()
    idx = text.index("[") + 1
    line, counted = 1, 0  # line number of offset ``counted``, advanced as we go
    rows: list[RawRow] = []
    for _ in data:
        while text[idx] in " \t\r\n,":
            idx += 1
        obj, end = decoder.raw_decode(text, idx)
        line, counted = line + text.count("\n", counted, idx), idx
        if not isinstance(obj, dict):
            raise ChecklistError(label, line, None, "expected a card object ({...})")
        values = {}
        for key, value in obj.items():
            if _has_surrogate(key) or _has_surrogate(value):
                msg = f"{ascii(key)}: an unpaired surrogate escape (\\ud800-\\udfff) is not text"
                raise ChecklistError(label, line, None, msg)
            name = COLUMN_ALIASES.get(key, key)
            if name not in COLUMNS:
                close = close_match(name, COLUMNS, n=1)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                raise ChecklistError(label, line, key, f"{key}: unknown key{hint}")
            values[name] = value
        for name in REQUIRED_COLUMNS:
            if name not in values:
                raise ChecklistError(label, line, name, f"{name}: missing")

        def where(col: str, _s: int = idx, _e: int = end) -> tuple[int, int | str | None]:
            m = re.compile('"' + re.escape(col) + r'"\s*:').search(text, _s, _e)
            return line_col(text, m.start() if m else _s)[0], col

        rows.append(RawRow(values, line, where))
        idx = end
    return rows
