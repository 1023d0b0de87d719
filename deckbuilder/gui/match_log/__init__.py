"""The Games screen: the match log as a sortable table with an entry form, and a chart
of the win rate per version of a deck (issue 23, section 2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckbuilder.gui.screens import ScreenSpec, register_screen

if TYPE_CHECKING:
    from deckbuilder.gui.context import AppContext
    from deckbuilder.gui.match_log.screen import GamesScreen


def _screen(context: AppContext) -> GamesScreen:
    # lazy: the screen's widgets load when it is first shown (start-up time)
    from deckbuilder.gui.match_log.screen import GamesScreen

    return GamesScreen(context)


register_screen(
    ScreenSpec("games", "Games", _screen, order=57, screenshot="games.png", lazy=True,
               file_menu=True)
)
