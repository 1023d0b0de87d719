"""The database's one undo history (issue 25, section 5): collection and wishlist writes
record a step in their own transaction; ``deckbuilder undo`` / ``redo`` (``--list``) and
the services' undo act on the same steps, on SQLite and on the real PostgreSQL server,
from two processes at once, and a step whose rows changed since is refused by name."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from card_db.records import Condition
from deckbuilder.cli.main import cli
from deckbuilder.services import undo_history
from deckbuilder.services.collection import collection_rows, set_wishlist, wishlist
from deckbuilder.services.collection_edits import remove_copies, set_copies

DB_ENGINES = ("sqlite", "postgresql")


def _run(db, *args: str):
    return CliRunner().invoke(cli, ["--db", str(db), *args], catch_exceptions=False)


def _owned(userdb):
    return {(r.name, r.condition.value, r.location): r.quantity for r in collection_rows(userdb)}


def test_a_service_change_is_undone_and_redone_from_the_command_line(db, userdb):
    set_copies(userdb, "Gentle", 3, location="box")
    remove_copies(userdb, "Gentle", 1)
    listed = _run(db, "undo", "--list")
    assert listed.exit_code == 0, listed.output
    lines = listed.output.splitlines()
    assert "Remove 1 × Gentle" in lines[0]
    assert "Set Gentle (Near Mint) at 'box' to 3" in lines[1]
    undone = _run(db, "undo")
    assert undone.exit_code == 0 and "undid: Remove 1 × Gentle" in undone.output
    assert _owned(userdb) == {("Gentle", "Near Mint", "box"): 3}
    assert "Remove 1 × Gentle" in _run(db, "redo", "--list").output
    redone = _run(db, "redo")
    assert redone.exit_code == 0 and "redid: Remove 1 × Gentle" in redone.output
    assert _owned(userdb) == {("Gentle", "Near Mint", "box"): 2}
    _run(db, "undo")
    _run(db, "undo")
    assert _owned(userdb) == {}
    nothing = _run(db, "undo")
    assert nothing.exit_code == 2 and "nothing to undo" in nothing.output
    assert _run(db, "undo", "--list").output.strip() == "nothing to undo"


def test_a_command_line_change_is_undone_through_the_service_history(db, userdb):
    assert _run(db, "collection", "add", "Judith", "--qty", "2").exit_code == 0
    steps = undo_history.steps(userdb)
    assert [(s.label, s.undone, s.history) for s in steps] == [
        ("Add 2 × Judith", False, "collection")]
    changes = undo_history.undo(userdb, steps[0].step_id)
    assert changes.collection and changes.label == "Add 2 × Judith"
    assert _owned(userdb) == {}
    changes.undo.run(userdb)  # the redo the GUI keeps
    assert _owned(userdb) == {("Judith", "Near Mint", ""): 2}


def test_a_step_whose_rows_changed_since_is_refused_naming_the_card(db, userdb):
    kept = set_copies(userdb, "Gentle", 3).changes.undo  # this window's undo
    _run(db, "collection", "set", "Gentle", "--qty", "5")  # another command, same entry
    with pytest.raises(undo_history.UndoConflict, match="collection entries of Gentle changed"):
        kept.run(userdb)
    assert _owned(userdb) == {("Gentle", "Near Mint", ""): 5}  # nothing written
    assert not undo_history.steps(userdb)[0].undone


def test_a_step_of_another_card_is_still_undone_by_this_window(db, userdb):
    kept = set_copies(userdb, "Gentle", 3).changes.undo
    _run(db, "collection", "set", "Judith", "--qty", "1")
    kept.run(userdb)
    assert _owned(userdb) == {("Judith", "Near Mint", ""): 1}


def test_a_new_change_drops_the_steps_undone(db, userdb):
    set_copies(userdb, "Gentle", 3)
    kept = set_copies(userdb, "Gentle", 4).changes.undo
    redo = kept.run(userdb).undo
    set_copies(userdb, "Judith", 1)
    with pytest.raises(undo_history.UndoError, match="no longer in the history"):
        redo.run(userdb)
    nothing = _run(db, "redo")
    assert nothing.exit_code == 2 and "nothing to redo" in nothing.output
    assert _owned(userdb) == {("Gentle", "Near Mint", ""): 3, ("Judith", "Near Mint", ""): 1}


def test_an_undo_done_twice_is_refused(userdb):
    kept = set_copies(userdb, "Gentle", 3).changes.undo
    undo_history.undo(userdb)
    with pytest.raises(undo_history.UndoError, match="already undone"):
        kept.run(userdb)


def test_the_wishlist_and_an_unchanged_write_are_in_the_history(db, userdb):
    set_wishlist(userdb, "Gentle", 2, notes="foil")
    set_wishlist(userdb, "Gentle", 0)
    assert set_wishlist(userdb, "Gentle", 0).changes.undo is None  # nothing changed
    assert [s.label for s in undo_history.steps(userdb)] == [
        "Add Gentle to the wishlist", "Take Gentle off the wishlist"]
    assert _run(db, "undo").exit_code == 0
    assert [(w.name, w.quantity, w.notes) for w in wishlist(userdb)] == [("Gentle", 2, "foil")]


def test_an_import_is_one_step_putting_every_entry_back(db, userdb, tmp_path):
    set_copies(userdb, "Gentle", 1, condition=Condition.LIGHTLY_PLAYED)
    before = _owned(userdb)
    file = tmp_path / "mine.csv"
    file.write_text("name,quantity,condition\nGentle,4,Lightly Played\nJudith,2,Near Mint\n"
                    "Amnesia,1,Mint\n", encoding="utf-8")
    assert _run(db, "collection", "import", str(file)).exit_code == 0
    assert len(_owned(userdb)) == 3
    result = _run(db, "undo")
    assert result.exit_code == 0 and "Import 3 entries" in result.output
    assert _owned(userdb) == before


def test_the_history_keeps_the_newest_steps(userdb, monkeypatch):
    monkeypatch.setattr(undo_history, "MAX_STEPS", 3)
    for quantity in range(1, 6):
        set_copies(userdb, "Gentle", quantity)
    assert [s.label for s in undo_history.steps(userdb)] == [
        f"Set Gentle (Near Mint) to {n}" for n in (3, 4, 5)]


def _process(db, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "deckbuilder.cli.main", "--db", str(db),
                             *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)


def test_two_processes_undo_at_once_each_take_one_step(db, userdb):
    set_copies(userdb, "Gentle", 3)
    set_copies(userdb, "Judith", 2)
    set_copies(userdb, "Gentle", 1)
    first, second = _process(db, "undo"), _process(db, "undo")
    outputs = sorted(p.communicate(timeout=120)[0] for p in (first, second))
    assert first.returncode == second.returncode == 0, outputs
    assert sorted(o.strip() for o in outputs) == ["undid: Set Gentle (Near Mint) to 1",
                                                  "undid: Set Judith (Near Mint) to 2"]
    assert _owned(userdb) == {("Gentle", "Near Mint", ""): 3}
    redo = _process(db, "redo")
    assert redo.communicate(timeout=120)[0].strip() == "redid: Set Judith (Near Mint) to 2"
    assert _owned(userdb) == {("Gentle", "Near Mint", ""): 3, ("Judith", "Near Mint", ""): 2}


def test_the_match_log_is_in_the_same_history(db, userdb):
    from dataclasses import replace
    from datetime import date

    from deckbuilder.deck.decklist import DeckList
    from deckbuilder.match_log.entry import GameEntry
    from deckbuilder.services.decks import save_deck
    from deckbuilder.services.match_log import add_game, logged_games, update_game

    save_deck(userdb, DeckList(name="Tuned", main=[("Gentle", 2)]))
    set_copies(userdb, "Gentle", 2)
    added = add_game(userdb, GameEntry(played_on=date(2026, 11, 20), deck="Tuned",
                                       opponent="Ann", result="win"))
    [stored] = logged_games(userdb)
    assert "Log a win of Tuned against Ann" in _run(db, "undo", "--list").output
    assert _run(db, "undo").output.strip() == "undid: Log a win of Tuned against Ann"
    assert logged_games(userdb) == []
    assert _owned(userdb) == {("Gentle", "Near Mint", ""): 2}  # the older step stays
    assert _run(db, "redo").exit_code == 0
    assert logged_games(userdb) == [stored]  # back with its id
    update_game(userdb, replace(stored, result="loss"))
    with pytest.raises(undo_history.UndoConflict,
                       match=f"logged games of id {stored.id} changed since"):
        added.changes.undo.run(userdb)  # a stale undo of the logging
    assert logged_games(userdb)[0].result == "loss"
