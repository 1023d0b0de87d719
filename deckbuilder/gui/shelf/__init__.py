"""The Shelf screen: games with the user's copies and their completeness, parts lists
and the count view of a copy (issue 14)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckbuilder.gui.screens import ScreenSpec, register_screen

if TYPE_CHECKING:
    from deckbuilder.gui.context import AppContext
    from deckbuilder.gui.shelf.screen import ShelfScreen


def _screen(context: AppContext) -> ShelfScreen:
    # lazy: the screen's widgets load when it is first shown (start-up time)
    from deckbuilder.gui.shelf.screen import ShelfScreen

    return ShelfScreen(context)


register_screen(
    ScreenSpec("shelf", "Shelf", _screen, order=70, screenshot="shelf.png", lazy=True,
               file_menu=True)
)
