"""Board and card games as data: one TOML file per game, its box's parts list.

A game file (schema in CONTRIBUTING.md, "Game data files") names the game, the rulebook
that describes it, every component of the box with its count, kind and group, the
group totals the rulebook states, what the rules need for a game to be played, and the
places where the rulebook contradicts itself. Every fact carries ``source`` (the
rulebook section heading) and ``evidence`` (a short verbatim phrase of that section),
so a test can check it mechanically (``tests/test_games_data.py``).

:func:`load_game` parses and validates a file all-or-nothing: any problem raises
:class:`GameFileError` (a :class:`~card_db.errors.UserError`) with the file, the line
and column where TOML gives them, and the field path (``components[3].count``) for a
schema error. :func:`dump_game` writes a definition back as TOML that loads to an
equal definition. :func:`bundled_games` loads the files shipped in
``card_db/data/games/``. :func:`rulebook_section` finds a cited section in a
rulebook's text.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from card_db.errors import UserError

GAMES_DIR = Path(__file__).parent / "data" / "games"
SCHEMA_VERSION = 1

KINDS = ("card", "deck", "token", "die", "board", "mat", "tile", "screen", "sheet", "model")
# stated: the count is written in the evidence; single: the evidence names the item once,
# without a number (count 1); rest-of-group: the stated total of the component's group
# less its other components; estimated: not stated, worked out as the notes explain.
COUNT_BASES = ("stated", "single", "rest-of-group", "estimated")


class GameFileError(UserError):
    """A game file that cannot be read or does not follow the schema.

    ``field`` is the path of the offending value (``components[3].count``) or ``None``.
    """

    def __init__(self, message: str, *, field: str | None = None, **location: Any):
        self.field = field
        super().__init__(f"{field}: {message}" if field else message, **location)


@dataclass(frozen=True)
class Source:
    """Where the rulebook states a fact: a section ``heading`` and a verbatim ``evidence``."""

    section: str
    evidence: str


@dataclass(frozen=True)
class Stated:
    """One stated value (publisher, year, core game) with its source."""

    value: str | int
    source: Source


@dataclass(frozen=True)
class Players:
    """The player counts; ``max`` is ``None`` where the rulebook gives no upper bound."""

    min: int
    max: int | None
    source: Source
    estimated: tuple[str, ...] = ()


@dataclass(frozen=True)
class Component:
    """One kind of piece in the box: ``count`` of them, in ``group`` (outermost first)."""

    name: str
    group: tuple[str, ...]
    kind: str
    count: int
    source: Source
    count_basis: str = "stated"
    back: str | None = None
    also_called: tuple[str, ...] = ()
    summary: str | None = None
    notes: tuple[str, ...] = ()

    @property
    def path(self) -> tuple[str, ...]:
        """The group path followed by the component's name."""
        return (*self.group, self.name)

    @property
    def estimated(self) -> tuple[str, ...]:
        """The fields whose value the rulebook does not state (``("count",)`` or ``()``)."""
        return ("count",) if self.count_basis == "estimated" else ()

    def in_group(self, path: Sequence[str]) -> bool:
        """Whether the component lies in the group ``path`` (a prefix of its group)."""
        return tuple(self.group[: len(path)]) == tuple(path)


@dataclass(frozen=True)
class GroupTotal:
    """A total the rulebook states for a group of components."""

    path: tuple[str, ...]
    total: int
    source: Source


@dataclass(frozen=True)
class Requirement:
    """What the rules need to play: ``at_least`` pieces, or ``per_player`` per player.

    It concerns one component (``component``) or a whole group (``group``).
    """

    rule: Source
    why: str
    component: str | None = None
    group: tuple[str, ...] | None = None
    at_least: int = 0
    per_player: int = 0

    @property
    def target(self) -> str:
        """The component's name or the group path joined with `` > ``."""
        return self.component if self.component is not None else " > ".join(self.group or ())


@dataclass(frozen=True)
class Statement:
    """One side of a contradiction, with the number it gives where it gives one."""

    source: Source
    value: int | None = None


@dataclass(frozen=True)
class Contradiction:
    """Two or more statements of the rulebook that disagree; ``used`` is the app's choice."""

    subject: str
    statements: tuple[Statement, ...]
    used: int
    why: str
    group: tuple[str, ...] | None = None


@dataclass(frozen=True)
class GameDefinition:
    """A game's box as its rulebook describes it."""

    name: str
    rulebook: str
    players: Players
    components: tuple[Component, ...]
    groups: tuple[GroupTotal, ...] = ()
    requires: tuple[Requirement, ...] = ()
    contradictions: tuple[Contradiction, ...] = ()
    publisher: Stated | None = None
    year: Stated | None = None
    expansion_of: Stated | None = None
    notes: tuple[str, ...] = ()

    @property
    def total_components(self) -> int:
        """How many pieces a complete copy holds."""
        return sum(c.count for c in self.components)

    def component(self, name: str) -> Component:
        """The component called ``name`` (or one of its other names); KeyError if none."""
        for component in self.components:
            if name == component.name or name in component.also_called:
                return component
        raise KeyError(name)

    def in_group(self, path: Sequence[str]) -> tuple[Component, ...]:
        """The components in the group ``path`` (and its subgroups)."""
        return tuple(c for c in self.components if c.in_group(path))

    def as_dict(self) -> dict[str, Any]:
        """The shape of ``shelf show --json``: game, publisher, year, players, source
        (the rulebook), components (name, group, kind, count, source, estimated),
        total_components, notes."""
        return {
            "game": self.name,
            "publisher": self.publisher.value if self.publisher else None,
            "year": self.year.value if self.year else None,
            "players": {"min": self.players.min, "max": self.players.max},
            "source": self.rulebook,
            "components": [{"name": c.name, "group": list(c.group), "kind": c.kind,
                            "count": c.count, "source": c.source.section,
                            "estimated": list(c.estimated)} for c in self.components],
            "total_components": self.total_components,
            "notes": list(self.notes),
        }

    def group_paths(self) -> tuple[tuple[str, ...], ...]:
        """Every group path and its prefixes, in the order they first appear."""
        seen: dict[tuple[str, ...], None] = {}
        for component in self.components:
            for depth in range(1, len(component.group) + 1):
                seen.setdefault(component.group[:depth], None)
        return tuple(seen)


# --- reading -------------------------------------------------------------------------

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
              "publisher": False, "year": False, "expansion_of": False, "notes": False}
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


def _component(reader: _Reader, data: Any, index: int) -> Component:
    path = ["components", index]
    table = reader.table(data, path, _COMPONENT_KEYS)
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


def _check_unique(reader: _Reader, game: GameDefinition) -> None:
    names: set[str] = set()
    for index, component in enumerate(game.components):
        for name in (component.name, *component.also_called):
            if name in names:
                raise reader.fail(["components", index, "name"], f"{name!r} is used twice")
            names.add(name)


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
    )
    _check_unique(reader, game)
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


# --- writing -------------------------------------------------------------------------


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        # A JSON string is a TOML basic string, except that TOML wants DEL escaped.
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        items = [_toml_value(v) for v in value]
        one_line = "[" + ", ".join(items) + "]"
        if len(one_line) <= 80:
            return one_line
        return "[\n" + "".join(f"    {item},\n" for item in items) + "]"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def _source_fields(source: Source, key: str = "source") -> dict[str, str]:
    return {key: source.section, "evidence": source.evidence}


def _drop_empty(fields: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if v not in (None, (), [], "")}


def _tables(game: GameDefinition) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(header, fields)`` of every table; header ``""`` for the top level."""
    yield "", _drop_empty({"schema": SCHEMA_VERSION, "name": game.name,
                           "rulebook": game.rulebook, "notes": list(game.notes)})
    for key in ("publisher", "year", "expansion_of"):
        stated = getattr(game, key)
        if stated is not None:
            yield f"[{key}]", {"value": stated.value, **_source_fields(stated.source)}
    players = game.players
    yield "[players]", _drop_empty({"min": players.min, "max": players.max,
                                    "estimated": list(players.estimated),
                                    **_source_fields(players.source)})
    for group in game.groups:
        yield "[[groups]]", {"path": list(group.path), "total": group.total,
                             **_source_fields(group.source)}
    for c in game.components:
        yield "[[components]]", _drop_empty({
            "name": c.name, "also_called": list(c.also_called), "group": list(c.group),
            "kind": c.kind, "count": c.count,
            "count_basis": None if c.count_basis == "stated" else c.count_basis,
            "back": c.back, **_source_fields(c.source), "summary": c.summary,
            "notes": list(c.notes)})
    for r in game.requires:
        yield "[[requires]]", _drop_empty({
            "component": r.component, "group": list(r.group or ()),
            "at_least": r.at_least or None, "per_player": r.per_player or None,
            **_source_fields(r.rule, "rule"), "why": r.why})
    for c in game.contradictions:
        statements = [_drop_empty({**_source_fields(s.source), "value": s.value})
                      for s in c.statements]
        yield "[[contradictions]]", _drop_empty({
            "subject": c.subject, "group": list(c.group or ()), "used": c.used, "why": c.why,
            "statements": statements})


def dump_game(game: GameDefinition) -> str:
    """``game`` as TOML text in the schema :func:`parse_game` reads (a round trip)."""
    blocks = []
    for header, fields in _tables(game):
        lines = [header] if header else []
        lines += [f"{key} = {_toml_value(value)}" for key, value in fields.items()]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def write_game(game: GameDefinition, path: str | Path) -> None:
    """Write ``game`` to ``path`` as TOML (see :func:`dump_game`)."""
    Path(path).write_text(dump_game(game), encoding="utf-8")


# --- rulebooks -----------------------------------------------------------------------


def normalise_text(text: str) -> str:
    """Rulebook text as the evidence quotes it: no markdown emphasis or HTML tags, one
    space for each run of whitespace."""
    text = re.sub(r"<[^>]+>", "", text).replace("*", "")
    return " ".join(text.split())


def _heading_text(line: str) -> str:
    return normalise_text(line.lstrip("#"))


def _is_heading(lines: list[str], i: int, markdown: bool) -> bool:
    line = lines[i].strip()
    if markdown:
        return line.startswith("#")
    blank_before = i == 0 or not lines[i - 1].strip()
    blank_after = i + 1 == len(lines) or not lines[i + 1].strip()
    return (bool(line) and len(line) <= 60 and blank_before and blank_after
            and line[0] not in "-•" and line[-1] not in ".;:"
            and not any(ch.isdigit() or ch == "," for ch in line))


def rulebook_sections(text: str, heading: str) -> list[str]:
    """The normalised text of every section of ``text`` headed ``heading``.

    A section runs from a line that reads ``heading`` (markdown ``#`` and emphasis
    ignored) to the next heading: a ``#`` line in a markdown rulebook, otherwise a short
    line standing alone between blank lines, with no digit or comma. The heading line is
    part of the section.
    """
    lines = text.splitlines()
    markdown = any(line.startswith("#") for line in lines)
    wanted = normalise_text(heading)
    found = []
    for start, line in enumerate(lines):
        if _heading_text(line) != wanted:
            continue
        end = next((i for i in range(start + 1, len(lines)) if _is_heading(lines, i, markdown)),
                   len(lines))
        found.append(normalise_text("\n".join(lines[start:end])))
    return found
