"""A deck saved elsewhere since it was opened is not silently overwritten (issue 15,
section 2): the deck's version column, on both engines, from two handles (two windows)
and from two processes, and the deck editor's Reload / Save as a Copy / Overwrite."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from card_db.userdb import UserDatabase
from deckbuilder.deck.decklist import DeckList
from deckbuilder.services.decks import (
    DeckChangedElsewhere,
    list_decks,
    load_deck,
    load_deck_version,
    save_deck,
    save_deck_version,
)

DB_ENGINES = ("sqlite", "postgresql")
SCREEN_KEYS = ("browser", "deck-editor")
ROOT = Path(__file__).resolve().parents[1]


def _deck(count: int, name: str = "Shared") -> DeckList:
    return DeckList(name=name, main=[("Gentle", count)])


def test_each_save_raises_the_version(userdb):
    assert save_deck_version(userdb, _deck(1)).value == 1
    assert save_deck_version(userdb, _deck(2), opened_version=1).value == 2
    stored = load_deck_version(userdb, "Shared")
    assert stored.version == 2 and stored.deck.main == _deck(2).main


def test_a_save_from_an_older_version_is_refused_and_writes_nothing(db):
    mine, theirs = UserDatabase(db), UserDatabase(db)
    save_deck(mine, _deck(1))
    opened_here = load_deck_version(mine, "Shared").version
    opened_there = load_deck_version(theirs, "Shared").version
    save_deck(theirs, _deck(3), opened_version=opened_there)
    with pytest.raises(DeckChangedElsewhere, match="changed elsewhere") as caught:
        save_deck(mine, _deck(2), opened_version=opened_here)
    assert (caught.value.opened, caught.value.stored) == (1, 2)
    assert load_deck(mine, "Shared").main == _deck(3).main
    # A rename (save under a new name) checks the deck it was opened as, too.
    with pytest.raises(DeckChangedElsewhere):
        save_deck(mine, _deck(2, "Renamed"), replaces="Shared", opened_version=opened_here)
    assert [d.name for d in list_decks(mine)] == ["Shared"]
    # Without a version (the user chose Overwrite) the save goes through.
    save_deck(mine, _deck(2))
    assert load_deck_version(mine, "Shared").version == 3
    mine.close()
    theirs.close()


def test_a_deck_deleted_elsewhere_is_saved_anew(userdb):
    from deckbuilder.services.decks import delete_deck

    save_deck(userdb, _deck(1))
    delete_deck(userdb, "Shared")
    assert save_deck_version(userdb, _deck(2), opened_version=1).value == 1


_OTHER_PROCESS = (
    "import sys\n"
    "from card_db.userdb import UserDatabase\n"
    "from deckbuilder.deck.decklist import DeckList\n"
    "from deckbuilder.services.decks import load_deck_version, save_deck\n"
    "with UserDatabase(sys.argv[1]) as db:\n"
    "    opened = load_deck_version(db, 'Shared').version\n"
    "    save_deck(db, DeckList(name='Shared', main=[('Judith', 1)]), opened_version=opened)\n"
)


def test_a_save_in_another_process_is_not_overwritten(userdb, db):
    save_deck(userdb, _deck(1))
    opened = load_deck_version(userdb, "Shared").version
    done = subprocess.run([sys.executable, "-c", _OTHER_PROCESS, str(db)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    with pytest.raises(DeckChangedElsewhere):
        save_deck(userdb, _deck(2), opened_version=opened)
    assert load_deck(userdb, "Shared").main == [("Judith", 1)]


# -- the deck editor ------------------------------------------------------------------------


def _open_and_change_elsewhere(window, db):
    """The deck open in the editor, edited there, and saved meanwhile by another handle."""
    save_deck(UserDatabase(db), _deck(1))
    screen = window.show_screen("deck-editor")
    screen.open_saved("Shared")
    assert window.context.wait_idle()
    document = screen.current_document()
    assert document.saved_version == 1
    document.add("Judith")
    other = UserDatabase(db)
    save_deck(other, _deck(4), opened_version=load_deck_version(other, "Shared").version)
    other.close()
    screen.save_document()
    assert window.context.wait_idle()
    return screen, document


def _click(box, text: str) -> None:
    [button] = [b for b in box.buttons() if b.text() == text]
    button.click()


def test_the_editor_offers_reload_and_undo_brings_the_edits_back(qtbot, window, db):
    screen, document = _open_and_change_elsewhere(window, db)
    qtbot.waitUntil(lambda: screen.conflict_box is not None, timeout=5000)
    assert load_deck(UserDatabase(db), "Shared").main == _deck(4).main  # not overwritten
    _click(screen.conflict_box, "Reload")
    assert window.context.wait_idle()
    qtbot.waitUntil(lambda: document.deck.main == _deck(4).main, timeout=5000)
    assert not document.dirty and document.saved_version == 2
    document.undo_stack.undo()
    assert document.deck.count_of("Judith") == 1 and document.dirty
    document.undo_stack.redo()  # back to the reloaded deck: nothing left unsaved
    assert document.deck.main == _deck(4).main and not document.dirty


def test_the_editor_saves_a_copy_and_leaves_the_other_version(qtbot, window, db):
    screen, document = _open_and_change_elsewhere(window, db)
    qtbot.waitUntil(lambda: screen.conflict_box is not None, timeout=5000)
    _click(screen.conflict_box, "Save as a Copy")
    assert window.context.wait_idle()
    qtbot.waitUntil(lambda: not document.dirty, timeout=5000)
    handle = UserDatabase(db)
    assert load_deck(handle, "Shared").main == _deck(4).main
    copy = load_deck(handle, "Shared (copy)")
    assert copy.count_of("Judith") == 1 and copy.count_of("Gentle") == 1
    assert document.saved_name == "Shared (copy)"


def test_the_editor_overwrites_when_asked(qtbot, window, db):
    screen, document = _open_and_change_elsewhere(window, db)
    qtbot.waitUntil(lambda: screen.conflict_box is not None, timeout=5000)
    _click(screen.conflict_box, "Overwrite")
    assert window.context.wait_idle()
    qtbot.waitUntil(lambda: not document.dirty, timeout=5000)
    stored = load_deck_version(UserDatabase(db), "Shared")
    assert stored.deck.count_of("Judith") == 1 and stored.version == 3
    assert document.saved_version == 3
