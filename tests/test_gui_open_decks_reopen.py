"""Decks open in the editor when the app closes are open again at the next start
(issue 25): saved decks by name, deck files by path; a deck never saved is not."""

from __future__ import annotations

import shutil

from deckbuilder.gui.app import create_main_window
from deckbuilder.gui.settings import OPEN_DECKS
from deckbuilder.services import deck_sources


def _window(qtbot, db):
    window = create_main_window(db)
    qtbot.addWidget(window)
    window.show()
    window.start()
    assert window.context.wait_idle()
    return window


def test_open_deck_files_are_reopened_at_the_next_start(qtbot, db, tmp_path):
    deck_file = tmp_path / "mine.txt"
    shutil.copy(deck_sources.demo_deck_files()[0], deck_file)
    first = _window(qtbot, db)
    editor = first.screen("deck-editor")
    editor.open_file(deck_file)
    assert first.context.wait_idle()
    editor.new_deck()  # never saved: nothing to open again
    editor.close_current()
    assert first.close()
    assert OPEN_DECKS.read(first.context.settings) == [f"file:{deck_file}"]
    first.context.close()

    second = _window(qtbot, db)
    reopened = second.screen("deck-editor").documents()
    assert [d.file_path for d in reopened] == [deck_file]
    second.context.close()
