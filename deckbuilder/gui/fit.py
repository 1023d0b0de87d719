"""Fitting screens into a small window: the main window must open at 1024 x 700 (a
1920 x 1080 screen at 150 % scaling) on every screen, so a panel whose content is
taller or wider than that scrolls instead of raising the window's minimum size.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

#: The smallest main window every screen fits, in px (width, height).
SMALLEST_WINDOW = (1024, 700)


def scrolling(widget: QWidget, horizontal: bool = False) -> QScrollArea:
    """``widget`` in a frameless scroll area that grows it to the area's size and
    scrolls it when the area is smaller (vertically only unless ``horizontal``)."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    if not horizontal:
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(widget)
    if not horizontal:  # as wide as its content needs, as a plain panel would be
        area.setMinimumWidth(widget.minimumSizeHint().width()
                             + area.verticalScrollBar().sizeHint().width())
    return area
