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
``card_db/data/games/``. :func:`rulebook_sections` finds a cited section in a
rulebook's text.

Modules: ``model`` (the dataclasses), ``reader``, ``writer``, ``rulebook``.
"""

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
from card_db.games.reader import (
    GAMES_DIR,
    bundled_game_files,
    bundled_games,
    load_game,
    parse_game,
)
from card_db.games.rulebook import normalise_text, rulebook_sections
from card_db.games.writer import dump_game, write_game

__all__ = [
    "COUNT_BASES", "GAMES_DIR", "KINDS", "SCHEMA_VERSION", "Component", "Contradiction",
    "Edition", "GameDefinition", "GameFileError", "GroupTotal", "Players", "Requirement", "Source",
    "Stated", "Statement", "bundled_game_files", "bundled_games", "dump_game", "load_game",
    "normalise_text", "parse_game", "rulebook_sections", "write_game",
]
