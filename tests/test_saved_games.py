"""Saved games in the user's database (issue 13, section 2): the service and its undo,
and migration 0007 up and down, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from click.testing import CliRunner
from sqlalchemy import inspect

from card_db import postgres
from card_db.database import MIGRATIONS_DIR, make_engine
from deckbuilder.cli.main import cli
from deckbuilder.engine.controllers.computer import ComputerController
from deckbuilder.engine.game.actions import Seize
from deckbuilder.engine.game.table_snapshot import snapshot
from deckbuilder.engine.records.play_record import HUMAN, dumps, loads, new_record
from deckbuilder.engine.records.replay import RecordedGame, replay_steps
from deckbuilder.engine.simulation.sample_decks import generated_deck
from deckbuilder.services.deck_sources import demo_deck_files, play_deck_file
from deckbuilder.services.saved_games import (
    SavedGameError,
    delete_game,
    load_game,
    save_game,
    saved_games,
)

DB_ENGINES = ("sqlite", "postgresql")
MIGRATION = "0007"
FIXTURE = Path(__file__).parent / "fixtures" / "games" / "saved_game_v1.json"


def _record(seed=3):
    return new_record([generated_deck(1), generated_deck(2)], ["Your Autarch", "Computer"],
                      [HUMAN, "quick"], seed=seed)


def test_save_list_load_and_delete_with_undo(userdb):
    record = _record()
    changes = save_game(userdb, "Evening game", record, where="Round 2, Ally Phase")
    assert changes.games and changes.label == "Save the game Evening game"
    [info] = saved_games(userdb)
    assert info.name == "Evening game" and not info.finished
    assert info.summary == ("Your Autarch against Computer (quick); seed 3; 0 decisions; "
                            "in progress (Round 2, Ally Phase)")
    assert dumps(load_game(userdb, "evening GAME")) == dumps(record)

    with pytest.raises(SavedGameError, match="already a saved game"):
        save_game(userdb, "evening game", _record(4))
    replaced = save_game(userdb, "evening game", _record(4), replace=True)
    assert load_game(userdb, "Evening game").seed == 4
    replaced.undo.run(userdb)
    assert load_game(userdb, "Evening game").seed == 3

    deleted = delete_game(userdb, "Evening game")
    assert saved_games(userdb) == []
    redo = deleted.undo.run(userdb)
    assert dumps(load_game(userdb, "Evening game")) == dumps(record)
    redo.undo.run(userdb)
    assert saved_games(userdb) == []
    with pytest.raises(SavedGameError, match="no saved game called 'Evening gme'") as info:
        load_game(userdb, "Evening gme")
    assert not info.value.suggestions


def test_an_unknown_name_suggests_the_closest_and_a_blank_name_is_refused(userdb):
    save_game(userdb, "Evening game", _record())
    with pytest.raises(SavedGameError) as info:
        delete_game(userdb, "Evening gmae")
    assert list(info.value.suggestions) == ["Evening game"]
    assert "did you mean 'Evening game'" in info.value.full_message()
    with pytest.raises(SavedGameError, match="needs a name"):
        save_game(userdb, "   ", _record())
    first = save_game(userdb, "Another", _record())
    first.undo.run(userdb)
    assert [g.name for g in saved_games(userdb)] == ["Evening game"]


def test_a_loaded_game_replays(userdb):
    save_game(userdb, "g", _record())
    assert replay_steps(load_game(userdb, "g"))[0].table.phase


def _config(connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = connection
    return config


def test_the_migration_goes_down_and_up_again(db, db_engine):
    engine = postgres.make_engine(db) if db_engine == "postgresql" else make_engine(db)
    try:
        with engine.begin() as connection:
            assert "saved_game" in inspect(connection).get_table_names()
            command.downgrade(_config(connection), "0006")  # below it, whatever follows
            assert "saved_game" not in inspect(connection).get_table_names()
            command.upgrade(_config(connection), MIGRATION)
            columns = {c["name"] for c in inspect(connection).get_columns("saved_game")}
            assert columns == {"id", "name", "format_version", "summary", "finished",
                               "record", "saved"}
    finally:
        engine.dispose()


def test_the_cli_lists_shows_and_deletes_saved_games(userdb, db):

    def run(*args):
        return CliRunner().invoke(cli, ["--db", str(db), *args], catch_exceptions=False)

    assert "No saved games" in run("games", "list").output
    record = loads(FIXTURE.read_text(encoding="utf-8"))  # 45 decisions
    save_game(userdb, "Fixture game", record)
    listed = json.loads(run("games", "list", "--json").output)
    assert [g["name"] for g in listed] == ["Fixture game"] and not listed[0]["finished"]
    shown = json.loads(run("games", "show", "fixture GAME", "--json").output)
    assert shown["decisions"] == 45
    assert shown["log"] == [line for s in replay_steps(record) for line in s.lines]
    assert "Game Setup" in run("games", "show", "Fixture game").output
    missing = run("games", "delete", "Fixture gam")
    assert missing.exit_code == 2 and "did you mean 'Fixture game'" in missing.output
    assert run("games", "delete", "Fixture game").output.startswith(
        "Deleted the saved game Fixture game")
    assert saved_games(userdb) == []


def test_a_demo_deck_game_with_maneuvers_is_saved_and_replays_step_for_step(userdb):
    """The demo decks play maneuvers in seizures (a mapping Ally -> cards in the move)."""
    demos = demo_deck_files()
    decks = [list(play_deck_file(d, userdb.catalogue()).records) for d in (demos[0], demos[-1])]
    game = RecordedGame(new_record(decks, ["A", "B"], ["quick", "quick"], seed=2),
                        [ComputerController(), ComputerController()])
    snaps = [snapshot(game.game, 0) for _ in game.play()]
    record = game.record()
    assert any(c.kind == "move" and isinstance(c.value, Seize) and c.value.maneuvers
               for c in record.choices)
    save_game(userdb, "demo", record)
    assert [s.table for s in replay_steps(load_game(userdb, "demo"))] == snaps
