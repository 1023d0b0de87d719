"""JSON deck lists (``.json``), this program's own structured format.

Shape (UTF-8)::

    {
      "format": "imajica-deck",
      "version": 1,
      "name": "Deck name",
      "author": "Player",
      "notes": "Free text",
      "main": [{"count": 3, "name": "Gek-A-Gek"}],
      "sideboard": [{"count": 1, "name": "The Erasure"}]
    }

``format`` and ``version`` are written; on reading, ``format`` (if present) must be
``"imajica-deck"`` and ``version`` (if present) 1. ``name``, ``author``, ``notes`` and
``sideboard`` are optional; other keys are ignored. ``count`` must be a JSON integer
(1-999). Every field is carried. Unknown names are reported with the line of their
entry object: the decoder used here records where each JSON object starts.
"""

from __future__ import annotations

import bisect
import json
import json.decoder
import json.scanner
import re

from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList
from deckbuilder.formats._common import EntryCollector, check_count_value, decode_text
from deckbuilder.formats.errors import DeckFormatError
from deckbuilder.formats.raw import RawDeck, to_decklist

NAME = "json"
EXTENSIONS = (".json",)
CARRIES = frozenset({"name", "author", "notes", "main", "sideboard"})
FORMAT_TAG = "imajica-deck"
VERSION = 1


class _Object(dict):
    """A decoded JSON object that remembers the offset of its ``{``."""

    offset: int = 0


def _decoder() -> json.JSONDecoder:
    decoder = json.JSONDecoder()
    plain = json.decoder.JSONObject

    def parse_object(s_and_end, strict, scan_once, object_hook, object_pairs_hook, memo=None):
        _, end = s_and_end
        value, new_end = plain(s_and_end, strict, scan_once, None, None, memo)
        obj = _Object(value)
        obj.offset = end - 1
        return obj, new_end

    decoder.parse_object = parse_object
    decoder.scan_once = json.scanner.py_make_scanner(decoder)
    return decoder


def _loads(text: str, path: str | None) -> object:
    try:
        return _decoder().decode(text)
    except json.JSONDecodeError as exc:
        raise DeckFormatError(path, exc.lineno, exc.colno, f"not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise DeckFormatError(path, None, None, "JSON nested too deeply") from None
    except ValueError as exc:  # e.g. an integer with thousands of digits
        raise DeckFormatError(path, None, None, f"not valid JSON: {exc}") from None


def parse(data: str | bytes, path: str | None = None) -> RawDeck:
    """The entries of a JSON deck list; :class:`DeckFormatError` for malformed JSON or a
    bad shape."""
    text = decode_text(data, path)
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def where(obj: object) -> tuple[int | None, int | None]:
        if not isinstance(obj, _Object):
            return None, None
        line = bisect.bisect_right(line_starts, obj.offset)
        return line, obj.offset - line_starts[line - 1] + 1

    top = _loads(text, path)
    if not isinstance(top, dict):
        raise DeckFormatError(path, 1, 1, "expected a JSON object with a 'main' list")
    line, column = where(top)
    if top.get("format", FORMAT_TAG) != FORMAT_TAG:
        raise DeckFormatError(path, line, column, f"'format' is not {FORMAT_TAG!r}")
    if top.get("version", VERSION) != VERSION:
        raise DeckFormatError(path, line, column, f"unsupported version {top.get('version')!r}")
    metadata = {}
    for key in ("name", "author", "notes"):
        value = top.get(key, "")
        if not isinstance(value, str):
            raise DeckFormatError(path, line, column, f"{key!r} must be a string")
        metadata[key] = value
    collector = EntryCollector(path)
    for key, zone in (("main", MAIN), ("sideboard", SIDEBOARD)):
        entries = top.get(key, [])
        if not isinstance(entries, list):
            raise DeckFormatError(path, line, column, f"{key!r} must be a list")
        for entry in entries:
            e_line, e_column = where(entry)
            if not isinstance(entry, dict):
                raise DeckFormatError(path, line, column, f"each {key!r} entry must be an object")
            count, name = entry.get("count"), entry.get("name")
            if isinstance(count, bool) or not isinstance(count, int):
                raise DeckFormatError(
                    path, e_line, e_column, f"'count' must be an integer, not {count!r}"
                )
            if not isinstance(name, str):
                raise DeckFormatError(path, e_line, e_column, "'name' must be a string")
            check_count_value(count, path, e_line, e_column)
            collector.add(zone, name, count, e_line, e_column)
    return collector.raw(**metadata)



def read(data: str | bytes, path: str | None = None) -> DeckList:
    """Read the deck list in ``data`` (see :func:`parse`)."""
    return to_decklist(parse(data, path), path)


def write(deck: DeckList) -> str:
    """JSON text of ``deck`` (UTF-8, non-ASCII kept, one entry a line)."""
    lines = [
        "{",
        f'  "format": {json.dumps(FORMAT_TAG)},',
        f'  "version": {VERSION},',
        f'  "name": {json.dumps(deck.name, ensure_ascii=False)},',
        f'  "author": {json.dumps(deck.author, ensure_ascii=False)},',
        f'  "notes": {json.dumps(deck.notes, ensure_ascii=False)},',
    ]
    for key, entries, last in (("main", deck.main, False), ("sideboard", deck.sideboard, True)):
        items = [
            f'    {{"count": {count}, "name": {json.dumps(name, ensure_ascii=False)}}}'
            for name, count in entries
        ]
        body = ("[\n" + ",\n".join(items) + "\n  ]") if items else "[]"
        lines.append(f'  "{key}": {body}' + ("" if last else ","))
    lines.append("}")
    return "\n".join(lines) + "\n"
