"""The match log (issue 23, section 2) on SQLite and PostgreSQL: add, edit and remove
with undo, statistics whose Wilson intervals match a hand computation, all-or-nothing
CSV import, the ``log`` commands with exit 2 naming the field and line, ``match --log``,
and migration 0009 down and up again."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from click.testing import CliRunner
from sqlalchemy import inspect

from card_db import postgres
from card_db.database import MIGRATIONS_DIR, make_engine
from deckbuilder.cli.main import cli
from deckbuilder.deck.decklist import DeckList
from deckbuilder.match_log.csv_rows import entries_from_csv, entries_to_csv
from deckbuilder.match_log.entry import GameEntry, LogEntryError, parse_entry
from deckbuilder.match_log.stats import group_stats
from deckbuilder.services.deck_versions import NoSuchDeckError, deck_history
from deckbuilder.services.decks import save_deck
from deckbuilder.services.match_log import (
    UnknownGameError,
    add_game,
    import_log,
    logged_games,
    remove_game,
    stats,
    update_game,
)

DB_ENGINES = ("sqlite", "postgresql")
MIGRATION = "0009"


def _game(result: str, version: int | None = 1, opponent: str = "Ann", **more) -> GameEntry:
    return GameEntry(played_on=date(2026, 11, 20), deck="Tuned", version=version,
                     opponent=opponent, result=result, **more)


@pytest.fixture
def three_versions(userdb):
    for k in (1, 2, 3):
        save_deck(userdb, DeckList(name="Tuned", main=[("Gentle", k)]))
    return userdb


def test_parse_entry_names_the_field_that_is_not_allowed():
    entry = parse_entry({"date": "2026-11-20", "deck": "Tuned", "result": "Win",
                         "ended": "Exhausted Destiny", "went": "FIRST", "rounds": "7"})
    assert (entry.result, entry.ended, entry.went, entry.rounds) == (
        "win", "exhausted-destiny", "first", 7)
    for field, value in (("result", "won"), ("date", "20/11/2026"), ("went", "2nd"),
                         ("ended", "timeout"), ("rounds", "-3"), ("kind", "virtual")):
        fields = {"date": "2026-11-20", "deck": "Tuned", "result": "win", field: value}
        with pytest.raises(LogEntryError) as info:
            parse_entry(fields, {"file": "games.csv", "line": 4})
        assert info.value.field == field
        assert str(info.value).startswith(f"games.csv:4: {field}: ")


def test_win_rate_leaves_draws_out_and_the_interval_matches_a_hand_computation():
    games = ([_game("win")] * 7 + [_game("loss")] * 3 + [_game("draw")] * 2
             + [_game("loss", 2)] * 3 + [_game("win", 2)])
    v1, v2 = group_stats(games, "version")
    assert (v1.key, v1.games, v1.wins, v1.losses, v1.draws) == (1, 12, 7, 3, 2)
    assert v1.win_rate == pytest.approx(0.7)
    # Wilson, z = 1.96, 7 wins of 10 decided: centre (0.7 + z²/20) / (1 + z²/10)
    # = 0.892073 / 1.384146 = 0.644494; half-width z·sqrt(0.7·0.3/10 + z²/400) / 1.384146
    # = 1.96 · 0.174939 / 1.384146 = 0.247716: 0.396778 to 0.892210.
    assert v1.to_json()["ci95"] == pytest.approx([0.396778, 0.892210], abs=2e-6)
    # 1 win of 4: centre (0.25 + 0.480219) / 1.960366 = 0.372494; half-width
    # 1.96 · sqrt(0.046875 + 0.060027) / 1.960366 = 0.326906: 0.045587 to 0.699400.
    assert v2.win_rate == pytest.approx(0.25)
    assert v2.to_json()["ci95"] == pytest.approx([0.045587, 0.699358], abs=5e-5)
    [only_draws] = group_stats([_game("draw")], "deck")
    assert only_draws.win_rate is None and only_draws.ci95 == (0.0, 1.0)


def test_add_edit_remove_and_undo_each(three_versions):
    db = three_versions
    added = add_game(db, _game("win", version=None))
    [stored] = logged_games(db)
    assert stored.id == added.value and stored.version == 3  # newest by default
    edited = update_game(db, replace(stored, result="loss", notes="misplayed"))
    assert logged_games(db)[0].result == "loss"
    edited.undo.run(db)
    assert logged_games(db)[0] == stored
    removed = remove_game(db, stored.id)
    assert logged_games(db) == []
    removed.undo.run(db)
    assert logged_games(db) == [stored]  # back with its id
    added.changes.undo.run(db)
    assert logged_games(db) == []
    with pytest.raises(UnknownGameError):
        remove_game(db, 999)


def test_an_unknown_deck_version_or_affiliation_writes_nothing(three_versions):
    db = three_versions
    with pytest.raises(NoSuchDeckError, match="did you mean 'Tuned'"):
        stats(db, deck="Tunde")
    with pytest.raises(LogEntryError, match="version: the deck 'Tuned' has no version 9"):
        add_game(db, _game("win", version=9))
    with pytest.raises(LogEntryError, match="deck: no saved deck called 'Tunde'"):
        add_game(db, replace(_game("win"), deck="Tunde"))
    with pytest.raises(LogEntryError, match="did you mean 'Vassal'"):
        add_game(db, _game("win", opponent_affiliation="Vasal"))
    assert logged_games(db) == []
    add_game(db, _game("win", opponent_affiliation="vassal"))
    assert logged_games(db)[0].opponent_affiliation == "Vassal"


def test_csv_round_trip_and_an_all_or_nothing_import(three_versions, tmp_path):
    db = three_versions
    games = [_game("win", notes='said "gg",\nthen left'), _game("draw", 2, ended="time")]
    assert [replace(g, id=None) for g in entries_from_csv(entries_to_csv(games))] == games
    good = tmp_path / "good.csv"
    good.write_text(entries_to_csv(games), encoding="utf-8")
    bad = tmp_path / "bad.csv"
    bad.write_text("date,deck,opponent,result\n2026-11-01,Tuned,Cy,win\n\n"
                   "2026-11-02,Tuned,Cy,lose\n", encoding="utf-8")
    with pytest.raises(LogEntryError) as info:
        import_log(db, bad)
    assert info.value.line == 4 and info.value.field == "result"
    assert logged_games(db) == []
    imported = import_log(db, good)
    assert len(imported.value) == 2 and len(logged_games(db)) == 2
    imported.changes.undo.run(db)
    assert logged_games(db) == []


def _run(db, *args):
    return CliRunner().invoke(cli, ["--db", str(db), *args], catch_exceptions=False)


def test_three_versions_real_and_computer_games_and_stats_json(three_versions, db, tmp_path):
    results = {1: ["loss", "loss", "win"], 2: ["win", "loss", "draw"], 3: ["win", "win", "win"]}
    for version, outcomes in results.items():
        for k, result in enumerate(outcomes):
            out = _run(db, "log", "add", "--deck", "Tuned", "--version", str(version),
                       "--opponent", "Ann" if k % 2 else "Bob", "--result", result,
                       "--went", "first", "--ended", "victory", "--rounds", "6",
                       "--date", "2026-11-2" + str(k), "--opponent-affiliation", "Maestro")
            assert out.exit_code == 0, out.output
    rows = json.loads(_run(db, "log", "stats", "--deck", "Tuned", "--by", "version",
                           "--json").output)["rows"]
    assert [(r["key"], r["wins"], r["losses"], r["draws"]) for r in rows] == [
        (1, 1, 2, 0), (2, 1, 1, 1), (3, 3, 0, 0)]
    assert rows[1]["win_rate"] == 0.5
    # 3 wins of 3: centre (1 + z²/6) / (1 + z²/3) = 1.640244 / 2.280488 = 0.719251,
    # half-width 1.96 · sqrt(z²/36) / 2.280488 = 0.280749: 0.438503 to 1.
    assert rows[2]["ci95"] == pytest.approx([0.438503, 1.0], abs=2e-6)
    by_opponent = json.loads(_run(db, "log", "stats", "--by", "opponent", "--json").output)
    assert [r["key"] for r in by_opponent["rows"]] == ["Ann", "Bob"]

    for args, field in ((("--result", "won"), "result"), (("--result", "win", "--date", "soon"),
                                                           "date"),
                        (("--result", "win", "--version", "7"), "version")):
        out = _run(db, "log", "add", "--deck", "Tuned", "--opponent", "Ann", *args)
        assert out.exit_code == 2 and f"{field}:" in out.output
    unknown = _run(db, "log", "add", "--deck", "Tunde", "--opponent", "Ann", "--result", "win")
    assert unknown.exit_code == 2 and "did you mean 'Tuned'" in unknown.output
    assert len(json.loads(_run(db, "log", "list", "--json").output)) == 9

    demo = Path(__file__).resolve().parents[1] / "card_db" / "data" / "decks"
    saved = _run(db, "deck", "save", str(demo / "maestro-reconciliation.txt"), "--as", "Tuned")
    assert "as version 4" in saved.output  # a playable fourth version
    match = _run(db, "match", "Tuned", "oviate-swarm", "--games", "2", "--log")
    assert match.exit_code == 0, match.output
    computer = json.loads(_run(db, "log", "list", "--deck", "Tuned", "--kind", "computer",
                               "--json").output)
    assert len(computer) == 2
    assert {g["version"] for g in computer} == {deck_history(three_versions, "Tuned")[-1].version}
    assert {(g["kind"], g["level"], g["opponent_deck"]) for g in computer} == {
        ("computer", "quick", "Oviate Swarm")}
    assert {g["went"] for g in computer} == {"first", "second"}
    kinds = json.loads(_run(db, "log", "stats", "--by", "kind", "--json").output)["rows"]
    assert [(r["key"], r["games"]) for r in kinds] == [("computer", 2), ("real", 9)]

    exported = tmp_path / "log.csv"
    assert _run(db, "log", "export", str(exported)).exit_code == 0
    broken = tmp_path / "broken.csv"
    lines = exported.read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3].replace(",real,", ",imaginary,")
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    refused = _run(db, "log", "import", str(broken))
    assert refused.exit_code == 2 and "broken.csv:4: kind:" in refused.output
    assert len(json.loads(_run(db, "log", "list", "--json").output)) == 11
    assert "Imported 11 games" in _run(db, "log", "import", str(exported)).output
    first_id = json.loads(_run(db, "log", "list", "--json").output)[0]["id"]
    assert _run(db, "log", "remove", str(first_id)).exit_code == 0
    assert _run(db, "log", "remove", str(first_id)).exit_code == 2


def _config(connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = connection
    return config


def test_the_migration_goes_down_and_up_and_keeps_the_current_decks(userdb, db, db_engine):
    save_deck(userdb, DeckList(name="Old", main=[("Gentle", 2)]))
    save_deck(userdb, DeckList(name="Old", main=[("Gentle", 3)]))
    userdb.close()
    engine = postgres.make_engine(db) if db_engine == "postgresql" else make_engine(db)
    try:
        with engine.begin() as connection:
            command.downgrade(_config(connection), "0008")  # the migration before it
            assert "logged_game" not in inspect(connection).get_table_names()
            command.upgrade(_config(connection), MIGRATION)
            assert {"deck_version", "logged_game"} <= set(inspect(connection).get_table_names())
    finally:
        engine.dispose()
    [kept] = deck_history(userdb, "Old")  # the deck as it was is its first kept version
    assert (kept.version, kept.cards) == (2, 3)


def test_a_play_screen_game_reads_as_the_rulebook_ends_it():
    from deckbuilder.match_log.computer import play_entry

    rival = [("Oviate Swarm", "strong", ())]

    def entry(winner, eliminated, over):
        e = play_entry("Mine", 2, rival, winner, eliminated, over, 9, True)
        return e.result, e.ended

    assert entry(0, [False, False], True) == ("win", "victory")
    assert entry(1, [False, False], True) == ("loss", "victory")
    assert entry(0, [False, True], True) == ("win", "exhausted-destiny")
    assert entry(None, [True, True], True) == ("draw", "exhausted-destiny")
    assert entry(None, [False, False], False) == ("draw", "time")
    game = play_entry("Mine", 2, rival, 0, [False, False], True, 9, False)
    assert (game.opponent, game.level, game.went, game.kind, game.rounds) == (
        "Computer (strong)", "strong", "second", "computer", 9)


def test_a_saved_opponent_deck_gives_its_main_affiliation(three_versions):
    from deckbuilder.services.deck_sources import demo_deck_files, read_deck

    db = three_versions
    swarm = next(p for p in demo_deck_files() if p.stem == "oviate-swarm")
    friend = read_deck(swarm, db.catalogue()).deck
    friend.name = "Ann's deck"
    save_deck(db, friend)
    add_game(db, _game("win", opponent_deck="Ann's deck"))
    add_game(db, _game("loss", opponent_deck="Ann's deck", opponent_affiliation="Vassal"))
    assert [g.opponent_affiliation for g in logged_games(db)] == ["Vassal", "Oviate"]
