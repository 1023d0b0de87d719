"""The goldfish board: one game step by step, and statistics over many games."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckbuilder.gui.screens import ScreenSpec, register_screen

if TYPE_CHECKING:
    from deckbuilder.gui.context import AppContext
    from deckbuilder.gui.goldfish.screen import GoldfishScreen


def _screen(context: AppContext) -> GoldfishScreen:
    # lazy: the screen's widgets load when it is first shown (start-up time)
    from deckbuilder.gui.goldfish.screen import GoldfishScreen

    return GoldfishScreen(context)


register_screen(
    ScreenSpec("goldfish", "Goldfish", _screen, order=50, screenshot="goldfish.png",
               lazy=True)
)
