"""Fitting screens into a small window: the main window must open at 1024 x 700 (a
1920 x 1080 screen at 150 % scaling) on every screen, so a panel whose content is
taller or wider than that scrolls instead of raising the window's minimum size.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

#: The smallest main window every screen fits, in px (width, height).
SMALLEST_WINDOW = (1024, 700)
#: The narrowest a scrolling side panel gets (px); its content wraps or scrolls below.
NARROWEST_PANEL = 260


def scrolling(widget: QWidget, steady: bool = False) -> QScrollArea:
    """``widget`` in a frameless scroll area that grows it to the area's size and
    scrolls it when the area is smaller; the area is as wide as the content needs, up
    to :data:`NARROWEST_PANEL` (a narrower splitter pane scrolls sideways).

    ``steady``: the vertical scroll bar is always there, for content whose height
    follows its width (a card face kept at the card's aspect): a scroll bar coming and
    going would change the width, then the height, without end."""
    area = QScrollArea()
    if steady:
        area.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(widget)
    area.setMinimumWidth(min(widget.minimumSizeHint().width(), NARROWEST_PANEL)
                         + area.verticalScrollBar().sizeHint().width())
    return area
