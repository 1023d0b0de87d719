"""The sample hand screen: deal, reshuffle once under "Game Setup", draw, with exact odds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckbuilder.gui.screens import ScreenSpec, register_screen

if TYPE_CHECKING:
    from deckbuilder.gui.context import AppContext
    from deckbuilder.gui.sample_hand.screen import SampleHandScreen


def _screen(context: AppContext) -> SampleHandScreen:
    # lazy: the screen's widgets load when it is first shown (start-up time)
    from deckbuilder.gui.sample_hand.screen import SampleHandScreen

    return SampleHandScreen(context)


register_screen(
    ScreenSpec("sample-hand", "Sample hand", _screen, order=40,
               screenshot="sample-hand.png", lazy=True)
)
