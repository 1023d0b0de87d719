"""The GUI's collection history is the database's undo history (issue 25, section 5):
it shows the steps a command made, Edit > Undo takes back a change made by
``deckbuilder collection set``, and ``deckbuilder undo`` takes back one made in the
window, whose stack follows."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from card_db.userdb import UserDatabase
from deckbuilder.cli.main import cli
from deckbuilder.services import undo_history
from deckbuilder.services.collection import collection_rows
from deckbuilder.services.collection_edits import set_copies

SCREEN_KEYS = ("collection",)


def _run(db, *args: str):
    return CliRunner().invoke(cli, ["--db", str(db), *args], catch_exceptions=False)


def _owned(db):
    return {(r.name, r.location): r.quantity for r in collection_rows(UserDatabase(db))}


def test_the_window_opens_with_the_stored_history(qtbot, db):
    from deckbuilder.gui.app import create_main_window
    from deckbuilder.gui.screens import registered_screens

    set_copies(UserDatabase(db), "Gentle", 2)
    set_copies(UserDatabase(db), "Judith", 1)
    undo_history.undo(UserDatabase(db))
    specs = [s for s in registered_screens() if s.key in SCREEN_KEYS]
    window = create_main_window(db, specs)
    qtbot.addWidget(window)
    try:
        stack = window.context.operations.history("collection")
        assert stack.count() == 2 and stack.index() == 1
        assert stack.undoText() == "Set Gentle (Near Mint) to 2"
        assert stack.redoText() == "Set Judith (Near Mint) to 1"
        stack.redo()
        assert window.context.wait_idle()
        assert _owned(db) == {("Gentle", ""): 2, ("Judith", ""): 1}
    finally:
        window.context.close()


@pytest.fixture
def watching(window):
    """The window watching the database for other writers' changes, as the app does."""
    window.context.external.start()
    yield window
    window.context.external.stop()


def test_edit_undo_takes_back_a_command_line_change(watching, db, qtbot):
    window = watching
    window.show_screen("collection")
    stack = window.context.operations.history("collection")
    assert _run(db, "collection", "set", "Gentle", "--qty", "3").exit_code == 0
    qtbot.waitUntil(lambda: stack.undoText() == "Set Gentle (Near Mint) to 3", timeout=5000)
    assert window.undo_action.text() == "&Undo Set Gentle (Near Mint) to 3"
    window.undo_action.trigger()
    assert window.context.wait_idle()
    assert _owned(db) == {}
    assert _run(db, "undo", "--list").output.strip() == "nothing to undo"
    assert "Set Gentle (Near Mint) to 3" in _run(db, "redo", "--list").output


def test_the_command_line_undoes_a_window_change_and_the_stack_follows(watching, db, qtbot):
    window = watching
    window.show_screen("collection")
    context = window.context
    stack = context.operations.history("collection")
    context.operations.run(set_copies, "Judith", 2, location="box")
    assert context.wait_idle() and stack.undoText() == "Set Judith (Near Mint) at 'box' to 2"
    result = _run(db, "undo")
    assert result.exit_code == 0 and "undid: Set Judith (Near Mint) at 'box' to 2" in result.output
    label = "Set Judith (Near Mint) at 'box' to 2"
    qtbot.waitUntil(lambda: stack.redoText() == label, timeout=5000)
    assert stack.index() == 0 and not window.undo_action.isEnabled()
    window.redo_action.trigger()
    assert context.wait_idle()
    assert _owned(db) == {("Judith", "box"): 2}


def test_a_stale_undo_in_the_window_is_refused_naming_the_card(window, db):
    window.show_screen("collection")
    context = window.context
    assert not context.external.running  # the window does not see the command's change
    context.operations.run(set_copies, "Gentle", 2)
    assert context.wait_idle()
    _run(db, "collection", "set", "Gentle", "--qty", "7")
    window.undo_action.trigger()
    assert context.wait_idle()
    assert "collection entries of Gentle changed since" in context.last_error
    assert _owned(db) == {("Gentle", ""): 7}


def test_a_collection_change_drops_the_match_log_s_redo_in_the_window(window, db):
    from datetime import date

    from deckbuilder.deck.decklist import DeckList
    from deckbuilder.match_log.entry import GameEntry
    from deckbuilder.services.decks import save_deck
    from deckbuilder.services.match_log import add_game

    context = window.context
    save_deck(UserDatabase(db), DeckList(name="Tuned", main=[("Gentle", 2)]))
    games = context.operations.history("match_log")
    context.operations.run(add_game, GameEntry(played_on=date(2026, 11, 20), deck="Tuned",
                                               opponent="Ann", result="win"))
    assert context.wait_idle() and games.undoText() == "Log a win of Tuned against Ann"
    games.undo()
    assert context.wait_idle() and games.redoText() == "Log a win of Tuned against Ann"
    context.operations.run(set_copies, "Gentle", 1)
    assert context.wait_idle()
    assert games.count() == 0 and not games.canRedo()  # one history: the redo is gone
    assert context.operations.history("collection").undoText() == "Set Gentle (Near Mint) to 1"
