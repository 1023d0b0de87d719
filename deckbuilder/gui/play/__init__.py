"""The Play screen: a game against a computer Autarch."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckbuilder.gui.screens import ScreenSpec, register_screen

if TYPE_CHECKING:
    from deckbuilder.gui.context import AppContext
    from deckbuilder.gui.play.screen import PlayScreen


def _screen(context: AppContext) -> PlayScreen:
    # lazy: the screen's widgets load when it is first shown (start-up time)
    from deckbuilder.gui.play.screen import PlayScreen

    return PlayScreen(context)


register_screen(
    ScreenSpec("play", "Play", _screen, order=55, lazy=True, screenshot="play.png")
)
