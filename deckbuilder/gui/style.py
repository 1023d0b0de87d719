"""Look and feel: the style, and the one colour the app sets itself.

Light and dark follow the system: the Fusion style draws with the platform palette,
which Qt 6 switches with the system colour scheme. The only hard-coded colour is the
estimated-value mark, the orange the proxy card faces use
(:data:`card_db.images.proxy.ESTIMATED_COLOUR`), readable on light and dark grounds.
"""

from __future__ import annotations

import sys

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from card_db.images.proxy import ESTIMATED_COLOUR
from deckbuilder.presentation import ESTIMATED_MARK, ESTIMATED_NOTE

#: Colour of estimated values and their mark.
ESTIMATED_QCOLOR = QColor(*ESTIMATED_COLOUR)
__all__ = ["ESTIMATED_MARK", "ESTIMATED_NOTE", "ESTIMATED_QCOLOR", "apply_style", "error_color"]


def apply_style(app: QApplication) -> None:
    """Use Fusion (follows the system palette, light or dark) except on macOS.

    macOS keeps its native style, which follows the system appearance by itself.
    """
    if sys.platform != "darwin":
        app.setStyle("Fusion")


def error_color(widget: QWidget) -> QColor:
    """A red for inline errors, derived from the palette so it reads on light and dark."""
    base = widget.palette().color(QPalette.ColorRole.Base)
    return QColor(255, 120, 110) if base.lightness() < 128 else QColor(190, 20, 20)


def estimated_html(text: str) -> str:
    """``text`` in the estimated colour, for rich-text labels."""
    return f'<span style="color:{ESTIMATED_QCOLOR.name()}">{text}</span>'
