"""Reading a game file: TOML parsed with :mod:`tomllib`, then validated all-or-nothing."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from card_db.games.model import (
    COUNT_BASES,
    KINDS,
    SCHEMA_VERSION,
    Component,
    Contradiction,
    Edition,
    GameDefinition,
    GameFileError,
    GroupTotal,
    Players,
    Requirement,
    Source,
    Stated,
    Statement,
)

GAMES_DIR = Path(__file__).resolve().parents[1] / "data" / "games"

_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)$")


class _Reader:
    """Validates the parsed TOML; errors carry the field path and, if found, the line."""

    def __init__(self, text: str, file: str | None):
        self.text = text
        self.file = file

    def fail(self, path: Sequence[str | int], message: str) -> GameFileError:
        line = _line_of(self.text, path)
        return GameFileError(message, field=_field_name(path), file=self.file, line=line)

    def table(self, data: Any, path: Sequence[str | int], keys: Mapping[str, bool]) -> dict:
        """``data`` as a table with only ``keys`` (name -> required)."""
        if not isinstance(data, dict):
            raise self.fail(path, "must be a table")
        for key in data:
            if key not in keys:
                raise self.fail([*path, key], f"unknown field (expected one of: "
                                              f"{', '.join(sorted(keys))})")
        for key, required in keys.items():
            if required and key not in data:
                raise self.fail(path, f"missing required field {key!r}")
        return data

    def text_value(self, data: dict, path: Sequence[str | int], key: str,
                   default: str | None = None) -> str | None:
        value = data.get(key, default)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise self.fail([*path, key], "must be a non-empty string")
        return value

    def int_value(self, data: dict, path: Sequence[str | int], key: str, default: int | None,
                  minimum: int = 0) -> int | None:
        value = data.get(key, default)
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            raise self.fail([*path, key], f"must be a whole number >= {minimum}")
        return value

    def strings(self, data: dict, path: Sequence[str | int], key: str,
                required: bool = False) -> tuple[str, ...]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip()
                                                  for v in value):
            raise self.fail([*path, key], "must be a list of non-empty strings")
        if required and not value:
            raise self.fail([*path, key], "must not be empty")
        return tuple(value)

    def source(self, data: dict, path: Sequence[str | int], key: str = "source") -> Source:
        return Source(self.text_value(data, path, key), self.text_value(data, path, "evidence"))

    def array(self, data: dict, key: str) -> list:
        value = data.get(key, [])
        if not isinstance(value, list):
            raise self.fail([key], "must be an array of tables")
        return value


def _field_name(path: Sequence[str | int]) -> str:
    name = ""
    for part in path:
        name += f"[{part}]" if isinstance(part, int) else (f".{part}" if name else part)
    return name


_HEADER = re.compile(r"^\s*\[\[?\s*([A-Za-z0-9_.-]+)\s*\]\]?\s*(#.*)?$")


def _line_of(text: str, path: Sequence[str | int]) -> int | None:
    """Best effort: the 1-based line of the value at ``path`` in the TOML text, or None.

    ``["components", 3, "count"]`` is the ``count =`` line after the fourth
    ``[[components]]`` header; a table or array entry without a key is its header line.
    """
    lines = text.splitlines()
    headers = [i for i, line in enumerate(lines) if _HEADER.match(line)]
    start, end = 0, headers[0] if headers else len(lines)
    keys = list(path)
    indexed = len(keys) > 1 and isinstance(keys[1], int)
    if keys and isinstance(keys[0], str):
        hits = [i for i in headers if _HEADER.match(lines[i])[1] == keys[0]]
        if hits:
            index = keys[1] if indexed else 0
            if index >= len(hits):
                return None
            start = hits[index]
            end = next((i for i in headers if i > start), len(lines))
            keys = keys[2:] if indexed else keys[1:]
            if not keys:
                return start + 1
    key = next((k for k in keys if isinstance(k, str)), None)
    if key is not None:
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        for i in range(start, end):
            if pattern.match(lines[i]):
                return i + 1
    return start + 1 if start else None


_GAME_KEYS = {"schema": True, "name": True, "rulebook": True, "players": True,
              "components": True, "groups": False, "requires": False, "contradictions": False,
              "publisher": False, "year": False, "expansion_of": False, "notes": False,
              "edition": False, "edition_title": False, "editions": False,
              "edition_components": False}
_EDITION_KEYS = {"name": True, "title": True, "source": True, "notes": False}
_SOURCE_KEYS = {"source": True, "evidence": True}
_COMPONENT_KEYS = {"name": True, "group": True, "kind": True, "count": True, **_SOURCE_KEYS,
                   "count_basis": False, "back": False, "also_called": False, "summary": False,
                   "notes": False}


def _stated(reader: _Reader, data: dict, key: str, kind: type) -> Stated | None:
    if key not in data:
        return None
    table = reader.table(data[key], [key], {"value": True, **_SOURCE_KEYS})
    value = table["value"]
    if not isinstance(value, kind) or isinstance(value, bool) or value in ("", 0):
        raise reader.fail([key, "value"], f"must be a {'string' if kind is str else 'number'}")
    return Stated(value, reader.source(table, [key]))


def _players(reader: _Reader, data: Any) -> Players:
    path = ["players"]
    table = reader.table(data, path, {"min": True, "max": False, "estimated": False,
                                      **_SOURCE_KEYS})
    low = reader.int_value(table, path, "min", None, minimum=1)
    high = reader.int_value(table, path, "max", None, minimum=1)
    if high is not None and high < low:
        raise reader.fail([*path, "max"], f"must be at least min ({low})")
    estimated = reader.strings(table, path, "estimated")
    for name in estimated:
        if name not in ("min", "max"):
            raise reader.fail([*path, "estimated"], f"unknown field {name!r} (min or max)")
    return Players(low, high, reader.source(table, path), estimated)


def _group_path(reader: _Reader, data: dict, path: Sequence[str | int], key: str):
    return reader.strings(data, path, key, required=True)


def _component(reader: _Reader, data: Any, index: int, key: str = "components",
               extra: Mapping[str, bool] | None = None) -> Component:
    path = [key, index]
    table = reader.table(data, path, {**_COMPONENT_KEYS, **(extra or {})})
    kind = reader.text_value(table, path, "kind")
    if kind not in KINDS:
        raise reader.fail([*path, "kind"], f"unknown kind {kind!r} (one of: {', '.join(KINDS)})")
    basis = reader.text_value(table, path, "count_basis", "stated")
    if basis not in COUNT_BASES:
        raise reader.fail([*path, "count_basis"],
                          f"unknown basis {basis!r} (one of: {', '.join(COUNT_BASES)})")
    count = reader.int_value(table, path, "count", None, minimum=1)
    if basis == "single" and count != 1:
        raise reader.fail([*path, "count"], "must be 1 when count_basis is 'single'")
    return Component(
        name=reader.text_value(table, path, "name"),
        group=_group_path(reader, table, path, "group"),
        kind=kind, count=count, source=reader.source(table, path), count_basis=basis,
        back=reader.text_value(table, path, "back"),
        also_called=reader.strings(table, path, "also_called"),
        summary=reader.text_value(table, path, "summary"),
        notes=reader.strings(table, path, "notes"),
    )


def _group_total(reader: _Reader, data: Any, index: int) -> GroupTotal:
    path = ["groups", index]
    table = reader.table(data, path, {"path": True, "total": True, **_SOURCE_KEYS})
    return GroupTotal(_group_path(reader, table, path, "path"),
                      reader.int_value(table, path, "total", None, minimum=1),
                      reader.source(table, path))


def _requirement(reader: _Reader, data: Any, index: int, game: GameDefinition) -> Requirement:
    path = ["requires", index]
    table = reader.table(data, path, {"component": False, "group": False, "at_least": False,
                                      "per_player": False, "rule": True, "evidence": True,
                                      "why": True})
    if ("component" in table) == ("group" in table):
        raise reader.fail(path, "give exactly one of 'component' and 'group'")
    component = reader.text_value(table, path, "component")
    group = _group_path(reader, table, path, "group") if "group" in table else None
    if component is not None and not any(component == c.name for c in game.components):
        raise reader.fail([*path, "component"], f"no component is called {component!r}")
    if group is not None and not game.in_group(group):
        raise reader.fail([*path, "group"], f"no component is in the group {list(group)}")
    at_least = reader.int_value(table, path, "at_least", 0)
    per_player = reader.int_value(table, path, "per_player", 0)
    if (at_least > 0) == (per_player > 0):
        raise reader.fail(path, "give exactly one of 'at_least' and 'per_player' (above 0)")
    return Requirement(reader.source(table, path, "rule"), reader.text_value(table, path, "why"),
                       component, group, at_least, per_player)


def _contradiction(reader: _Reader, data: Any, index: int, game: GameDefinition):
    path = ["contradictions", index]
    table = reader.table(data, path, {"subject": True, "statements": True, "used": True,
                                      "why": True, "group": False})
    raw = table["statements"]
    if not isinstance(raw, list) or len(raw) < 2:
        raise reader.fail([*path, "statements"], "must list at least two statements")
    statements = []
    for i, item in enumerate(raw):
        where = [*path, "statements", i]
        entry = reader.table(item, where, {**_SOURCE_KEYS, "value": False})
        statements.append(Statement(reader.source(entry, where),
                                    reader.int_value(entry, where, "value", None)))
    used = reader.int_value(table, path, "used", None)
    if used >= len(statements):
        raise reader.fail([*path, "used"], f"must be below {len(statements)} (a statement index)")
    group = _group_path(reader, table, path, "group") if "group" in table else None
    if group is not None and not game.in_group(group):
        raise reader.fail([*path, "group"], f"no component is in the group {list(group)}")
    return Contradiction(reader.text_value(table, path, "subject"), tuple(statements), used,
                         reader.text_value(table, path, "why"), group)


def _check_unique(reader: _Reader, components: Sequence[Component],
                  key: str = "components", indexes: Sequence[int] | None = None) -> None:
    names: set[str] = set()
    for position, component in enumerate(components):
        index = indexes[position] if indexes is not None else position
        for name in (component.name, *component.also_called):
            if name in names:
                raise reader.fail([key, index, "name"], f"{name!r} is used twice")
            names.add(name)


def _editions(reader: _Reader, data: dict) -> tuple[Edition, ...]:
    """The other editions (``[[editions]]``) with their parts (``[[edition_components]]``,
    each naming its ``edition``)."""
    tables = [reader.table(item, ["editions", i], _EDITION_KEYS)
              for i, item in enumerate(reader.array(data, "editions"))]
    if tables and "edition" not in data:
        raise reader.fail(["edition"], "name the edition the parts list describes "
                                       "when the game lists other editions")
    names = [reader.text_value(t, ["editions", i], "name") for i, t in enumerate(tables)]
    for i, name in enumerate(names):
        if name in names[:i] or name == data.get("edition"):
            raise reader.fail(["editions", i, "name"], f"{name!r} is used twice")
    parts: dict[str, list[tuple[int, Component]]] = {name: [] for name in names}
    for i, item in enumerate(reader.array(data, "edition_components")):
        component = _component(reader, item, i, "edition_components", {"edition": True})
        edition = reader.text_value(item, ["edition_components", i], "edition")
        if edition not in parts:
            raise reader.fail(["edition_components", i, "edition"],
                              f"no edition is called {edition!r}")
        parts[edition].append((i, component))
    result = []
    for i, (table, name) in enumerate(zip(tables, names, strict=True)):
        if not parts[name]:
            raise reader.fail(["editions", i], f"the edition {name!r} has no components")
        _check_unique(reader, [c for _, c in parts[name]], "edition_components",
                      [index for index, _ in parts[name]])
        result.append(Edition(name, reader.text_value(table, ["editions", i], "title"),
                              reader.text_value(table, ["editions", i], "source"),
                              tuple(c for _, c in parts[name]),
                              reader.strings(table, ["editions", i], "notes")))
    return tuple(result)


def parse_game(text: str, file: str | Path | None = None) -> GameDefinition:
    """The game defined by the TOML ``text``; :class:`GameFileError` if it is not valid.

    ``file`` only names the file in error messages.
    """
    file = None if file is None else str(file)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = _TOML_POSITION.search(message)
        line, column = (int(match[1]), int(match[2])) if match else (None, None)
        message = _TOML_POSITION.sub("", message).strip()
        raise GameFileError(f"not valid TOML: {message}", file=file, line=line,
                            column=column) from None
    reader = _Reader(text, file)
    reader.table(data, [], _GAME_KEYS)
    if data["schema"] != SCHEMA_VERSION:
        raise reader.fail(["schema"], f"unsupported schema {data['schema']!r} "
                                      f"(this version reads {SCHEMA_VERSION})")
    components = tuple(_component(reader, item, i)
                       for i, item in enumerate(reader.array(data, "components")))
    if not components:
        raise reader.fail(["components"], "a game needs at least one component")
    game = GameDefinition(
        name=reader.text_value(data, [], "name"),
        rulebook=reader.text_value(data, [], "rulebook"),
        players=_players(reader, data["players"]),
        components=components,
        groups=tuple(_group_total(reader, item, i)
                     for i, item in enumerate(reader.array(data, "groups"))),
        publisher=_stated(reader, data, "publisher", str),
        year=_stated(reader, data, "year", int),
        expansion_of=_stated(reader, data, "expansion_of", str),
        notes=reader.strings(data, [], "notes"),
        edition=reader.text_value(data, [], "edition"),
        edition_title=reader.text_value(data, [], "edition_title"),
        editions=_editions(reader, data),
    )
    _check_unique(reader, game.components)
    requires = tuple(_requirement(reader, item, i, game)
                     for i, item in enumerate(reader.array(data, "requires")))
    contradictions = tuple(_contradiction(reader, item, i, game)
                           for i, item in enumerate(reader.array(data, "contradictions")))
    return replace(game, requires=requires, contradictions=contradictions)


def load_game(path: str | Path) -> GameDefinition:
    """The game defined by the file at ``path``; :class:`GameFileError` if it is not valid."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise GameFileError(f"cannot read the file: {exc}", file=path) from None
    return parse_game(text, path)


def bundled_game_files() -> list[Path]:
    """The game files shipped with the app, sorted by file name."""
    return sorted(GAMES_DIR.glob("*.toml"))


def bundled_games() -> tuple[GameDefinition, ...]:
    """Every game shipped in ``card_db/data/games/``, sorted by file name."""
    return tuple(load_game(path) for path in bundled_game_files())
