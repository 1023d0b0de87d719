"""Writing a game definition back as TOML (no TOML writer is a dependency; the schema is
small: strings, whole numbers, lists, tables and arrays of tables)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from card_db.atomic import replace_file
from card_db.games.model import SCHEMA_VERSION, Component, GameDefinition, Source


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


def _component_fields(c: Component) -> dict[str, Any]:
    return _drop_empty({
        "name": c.name, "also_called": list(c.also_called), "group": list(c.group),
        "kind": c.kind, "count": c.count,
        "count_basis": None if c.count_basis == "stated" else c.count_basis,
        "back": c.back, **_source_fields(c.source), "summary": c.summary,
        "notes": list(c.notes)})


def _tables(game: GameDefinition) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(header, fields)`` of every table; header ``""`` for the top level."""
    yield "", _drop_empty({"schema": SCHEMA_VERSION, "name": game.name,
                           "rulebook": game.rulebook, "notes": list(game.notes),
                           "edition": game.edition, "edition_title": game.edition_title})
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
        yield "[[components]]", _component_fields(c)
    for edition in game.editions:
        yield "[[editions]]", _drop_empty({"name": edition.name, "title": edition.title,
                                           "source": edition.source,
                                           "notes": list(edition.notes)})
    for edition in game.editions:
        for c in edition.components:
            yield "[[edition_components]]", {"edition": edition.name, **_component_fields(c)}
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
    """Write ``game`` to ``path`` as TOML (see :func:`dump_game`), replacing it atomically."""
    replace_file(path, dump_game(game).encode("utf-8"))
