"""Sample hand, Goldfish and Play open on the deck open in the editor, not a demo deck
(issue 25), until the person chooses another."""

from __future__ import annotations

from deckbuilder.gui.deck_editor.chooser import OPEN
from deckbuilder.services import deck_sources
from deckbuilder.services.deck_sources import DEMO

SCREEN_KEYS = ("deck-editor", "sample-hand", "goldfish", "play")


def test_the_players_choose_the_deck_open_in_the_editor(window):
    editor = window.screen("deck-editor")
    choosers = [window.screen("sample-hand").chooser, window.screen("goldfish").chooser,
                window.screen("play").mine]
    assert all(c.current_source() is None or c.current_source().kind != OPEN
               for c in choosers)
    demos = deck_sources.demo_deck_files()
    editor.open_file(demos[0])
    assert window.context.wait_idle()
    document = editor.current_document()
    assert document is not None
    for chooser in choosers:
        source = chooser.current_source()
        assert source.kind == OPEN and source.key is document, chooser.objectName()
    # a deck the person chose stays chosen when another deck opens
    assert choosers[0].select(DEMO, str(demos[-1]))
    editor.open_file(demos[1])
    assert window.context.wait_idle()
    assert choosers[0].current_source().key == str(demos[-1])
    assert choosers[1].current_source().key is editor.current_document()
