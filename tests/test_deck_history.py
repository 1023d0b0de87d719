"""Deck versions (issue 23, section 1): every save keeps the version it replaces, on
SQLite and PostgreSQL; "Overwrite" after a conflict keeps the other writer's version;
undo, delete and rename keep the history; the CLI's save, history, diff, show and
revert, and exit 2 with the closest names for an unknown deck or version."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from card_db.userdb import UserDatabase
from deckbuilder.cli.main import cli
from deckbuilder.deck.decklist import DeckList
from deckbuilder.deck.versions import CardChange, card_changes
from deckbuilder.services.deck_versions import (
    NoSuchDeckError,
    UnknownVersionError,
    deck_history,
    diff_versions,
    load_version,
    revert_deck,
)
from deckbuilder.services.decks import (
    DeckChangedElsewhere,
    delete_deck,
    load_deck,
    load_deck_version,
    rename_deck,
    save_deck,
    save_deck_version,
)

DB_ENGINES = ("sqlite", "postgresql")


def _deck(gentle: int, judith: int = 0, name: str = "Tuned", side: int = 0) -> DeckList:
    main = [("Gentle", gentle)] + ([("Judith", judith)] if judith else [])
    return DeckList(name=name, main=main, sideboard=[("Pie'oh'pah", side)] if side else [])


def test_card_changes_lists_counts_before_and_after():
    assert card_changes(_deck(1, 2), _deck(3, side=1)) == [
        CardChange("Gentle", "main", 1, 3), CardChange("Judith", "main", 2, 0),
        CardChange("Pie'oh'pah", "side", 0, 1)]
    assert card_changes(None, _deck(1)) == [CardChange("Gentle", "main", 0, 1)]
    assert CardChange("Gentle", "main", 1, 3).describe() == "+2 Gentle (1 → 3)"


def test_every_save_keeps_the_version_it_replaces(userdb):
    for k in (1, 2, 3):
        save_deck(userdb, _deck(k, judith=4 - k))
    history = deck_history(userdb, "Tuned")
    assert [v.version for v in history] == [1, 2, 3]
    assert [v.cards for v in history] == [4, 4, 4]
    assert [c.to_json() for c in history[2].changes] == [
        {"name": "Gentle", "from": 2, "to": 3, "zone": "main"},
        {"name": "Judith", "from": 2, "to": 1, "zone": "main"}]
    assert load_version(userdb, "Tuned", 1).deck.main == _deck(1, 3).main
    assert diff_versions(userdb, "Tuned", 1, 3) == [CardChange("Gentle", "main", 1, 3),
                                                    CardChange("Judith", "main", 3, 1)]


def test_overwrite_after_a_conflict_keeps_the_other_writers_version(db):
    mine, theirs = UserDatabase(db), UserDatabase(db)
    save_deck(mine, _deck(1))
    opened = load_deck_version(mine, "Tuned").version
    save_deck(theirs, _deck(4), opened_version=load_deck_version(theirs, "Tuned").version)
    with pytest.raises(DeckChangedElsewhere):
        save_deck(mine, _deck(2), opened_version=opened)
    save_deck(mine, _deck(2))  # the user chose Overwrite
    kept = [load_version(mine, "Tuned", v).deck.main for v in (1, 2, 3)]
    assert kept == [_deck(1).main, _deck(4).main, _deck(2).main]
    mine.close()
    theirs.close()


def test_undo_delete_and_rename_keep_the_history(userdb):
    save_deck(userdb, _deck(1))
    second = save_deck(userdb, _deck(2))
    second.undo.run(userdb)  # undoing a save saves the old list again: nothing is lost
    assert [v.cards for v in deck_history(userdb, "Tuned")] == [1, 2, 1]
    assert load_deck(userdb, "Tuned").main == _deck(1).main
    deleted = delete_deck(userdb, "Tuned")
    deleted.undo.run(userdb)
    assert [v.version for v in deck_history(userdb, "Tuned")] == [1, 2, 3]
    assert load_deck_version(userdb, "Tuned").version == 3
    rename_deck(userdb, "Tuned", "Renamed")
    assert [v.version for v in deck_history(userdb, "Renamed")] == [1, 2, 3]
    # Save under a new name (Save As in the editor) carries the versions along too.
    save_deck(userdb, _deck(5, name="Again"), replaces="Renamed")
    assert [v.cards for v in deck_history(userdb, "Again")] == [1, 2, 1, 5]


def test_revert_saves_an_old_version_as_the_newest_and_is_undoable(userdb):
    save_deck(userdb, DeckList(name="Tuned", author="Jude", main=[("Gentle", 1)]))
    save_deck(userdb, DeckList(name="Tuned", author="Jude", main=[("Gentle", 2)]))
    reverted = revert_deck(userdb, "Tuned", 1)
    assert reverted.value == 3 and reverted.changes.label == "Revert deck Tuned to version 1"
    assert load_deck(userdb, "Tuned").main == [("Gentle", 1)]
    assert load_deck(userdb, "Tuned").author == "Jude"
    reverted.changes.undo.run(userdb)
    assert load_deck(userdb, "Tuned").main == [("Gentle", 2)]
    assert len(deck_history(userdb, "Tuned")) == 4


def test_unknown_deck_or_version_names_the_closest(userdb):
    save_deck(userdb, _deck(1))
    save_deck_version(userdb, _deck(2))
    with pytest.raises(NoSuchDeckError) as info:
        deck_history(userdb, "Tunde")
    assert "did you mean 'Tuned'" in str(info.value)
    with pytest.raises(UnknownVersionError, match=r"has no version 7 \(versions: 1, 2"):
        load_version(userdb, "Tuned", 7)


def test_the_cli_saves_lists_diffs_shows_and_reverts(db, tmp_path):
    def run(*args):
        return CliRunner().invoke(cli, ["--db", str(db), *args], catch_exceptions=False)

    path = tmp_path / "tuned.txt"
    for text in ("1 Gentle\n2 Judith\n", "3 Gentle\n2 Judith\n", "3 Gentle\n"):
        path.write_text(text, encoding="utf-8")
        saved = run("deck", "save", str(path), "--as", "Tuned")
        assert saved.exit_code == 0, saved.output
    history = json.loads(run("deck", "history", "Tuned", "--json").output)
    assert [(v["version"], v["cards"]) for v in history] == [(1, 3), (2, 5), (3, 3)]
    assert history[2]["changes"] == [{"name": "Judith", "from": 2, "to": 0, "zone": "main"}]
    assert set(history[0]) >= {"version", "saved_at", "cards", "changes"}
    assert run("deck", "diff", "Tuned", "1", "3").output.splitlines() == [
        "+2 Gentle (1 → 3)", "-2 Judith (2 → 0)"]
    shown = run("deck", "show", "Tuned", "--version", "1").output.splitlines()
    assert shown[1:] == ["1 Gentle", "2 Judith"]
    assert "saved as version 4" in run("deck", "revert", "Tuned", "2").output
    assert json.loads(run("deck", "show", "Tuned", "--json").output)["main"] == [
        ["Gentle", 3], ["Judith", 2]]
    unknown = run("deck", "history", "Tunde")
    assert unknown.exit_code == 2 and "did you mean 'Tuned'" in unknown.output
    missing = run("deck", "show", "Tuned", "--version", "9")
    assert missing.exit_code == 2 and "has no version 9" in missing.output
    assert run("deck", "diff", "Tuned", "1", "x").exit_code == 2
    assert len(json.loads(run("deck", "history", "Tuned", "--json").output)) == 4
