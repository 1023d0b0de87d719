"""The card editor: correct any card's fields (a correction clears the estimated
mark), add new cards, attach a scan (issue "The desktop app", section 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckbuilder.gui.screens import ScreenSpec, register_screen

if TYPE_CHECKING:
    from deckbuilder.gui.card_editor.screen import CardEditorScreen
    from deckbuilder.gui.context import AppContext


def _screen(context: AppContext) -> CardEditorScreen:
    # lazy: the screen's widgets load when it is first shown (start-up time)
    from deckbuilder.gui.card_editor.screen import CardEditorScreen

    return CardEditorScreen(context)


register_screen(
    ScreenSpec("card-editor", "Card editor", _screen, order=60,
               screenshot="card-editor.png", lazy=True)
)
