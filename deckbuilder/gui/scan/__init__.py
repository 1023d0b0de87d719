"""The Scan screen: drop photos or scans of cards, watch them read, review the groups
and accept them into the catalogue and the collection (issue 21; ``docs/scanning.md``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckbuilder.gui.screens import ScreenSpec, register_screen

if TYPE_CHECKING:
    from deckbuilder.gui.context import AppContext
    from deckbuilder.gui.scan.screen import ScanScreen


def _screen(context: AppContext) -> ScanScreen:
    # lazy: the screen's widgets load when it is first shown (start-up time)
    from deckbuilder.gui.scan.screen import ScanScreen

    return ScanScreen(context)


register_screen(ScreenSpec("scan", "Scan", _screen, order=65, screenshot="scan.png", lazy=True,
                           file_menu=True))
