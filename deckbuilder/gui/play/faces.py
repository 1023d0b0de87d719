"""The card faces on the Play table: the faces the browser draws (the user's scan where
one is attached, else the proxy face: :class:`~deckbuilder.gui.images.CardImages`),
rendered once at :data:`FACE_WIDTH` off the GUI thread and scaled to the table's card
size, and the card shown full size with its powers while the pointer rests on a card
(:class:`HoverCard`, as Cockatrice and Forge show a card under the pointer).
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from PySide6.QtCore import QObject, QPoint, QRect, Qt, Signal
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from card_db.images.aspect import card_height
from card_db.records import CardRecord
from deckbuilder.gui.browser.detail import LABEL_FIELDS
from deckbuilder.gui.style import estimated_html
from deckbuilder.presentation import card_details, not_modelled_row

#: Width the table's faces are rendered at (px); views scale it down (or up a little).
FACE_WIDTH = 320
#: Width of the face in the hover view (px).
HOVER_WIDTH = 300
#: card_details rows the hover view leaves out (the face shows them, or they are
#: about the copy rather than the card in play).
HOVER_SKIP = {"Name", "Set", "Rarity", "Artist", "Source", "Deck limit"}


class TableFaces(QObject):
    """Card records by name (those of the game on the table) and their faces.

    ``changed(name)``: the face of ``name`` is ready (ask :meth:`pixmap` again).
    """

    changed = Signal(str)

    def __init__(self, images, parent: QObject | None = None):
        super().__init__(parent)
        self.images = images
        self.records: dict[str, CardRecord] = {}
        images.ready.connect(self._ready)

    def set_records(self, records: Iterable[CardRecord]) -> None:
        """The records of the cards that may appear (the game's decks)."""
        self.records = {record.name: record for record in records}

    def record(self, name: str) -> CardRecord | None:
        return self.records.get(name)

    def pixmap(self, name: str) -> QPixmap | None:
        """The face of ``name`` at :data:`FACE_WIDTH`, or ``None`` while it is drawn
        (``changed`` follows) or if the card is unknown."""
        record = self.records.get(name)
        return None if record is None else self.images.pixmap(record, FACE_WIDTH)

    def _ready(self, name: str, width: int) -> None:
        if width == FACE_WIDTH and name in self.records:
            self.changed.emit(name)


def powers_html(record: CardRecord) -> str:
    """The card's characteristics and powers as HTML (estimated values marked), with
    the text the engine does not play marked as not modelled."""
    rows = []
    extra = not_modelled_row(record)
    for label, value in [*card_details(record), *([extra] if extra else [])]:
        if label in HOVER_SKIP or value in ("", "-"):
            continue
        text = html.escape(value)
        field = LABEL_FIELDS.get(label)
        if field is not None and record.is_estimated(field):
            text = estimated_html(text)
        rows.append(f"<tr><td valign='top'><b>{html.escape(label)}</b>&nbsp;</td>"
                    f"<td>{text}</td></tr>")
    return f"<h3>{html.escape(record.name)}</h3><table>{''.join(rows)}</table>"


class HoverCard(QFrame):
    """A borderless window beside the card under the pointer: the card's face at
    :data:`HOVER_WIDTH`, its characteristics and powers, and what clicking it does."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.ToolTip)
        self.setObjectName("hoverCard")
        self.setFrameShape(QFrame.Shape.Box)
        self.face = QLabel()
        self.face.setFixedWidth(HOVER_WIDTH)
        self.face.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        self.text = QLabel()
        self.text.setObjectName("hoverText")
        self.text.setWordWrap(True)
        self.text.setFixedWidth(HOVER_WIDTH)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        column = QVBoxLayout()
        column.addWidget(self.text)
        column.addStretch(1)
        row = QHBoxLayout(self)
        row.addWidget(self.face)
        row.addLayout(column)

    def show_card(self, record: CardRecord | None, name: str, pixmap: QPixmap | None,
                  extra: str, beside: QRect) -> None:
        """Show ``record`` (``name`` if unknown) beside ``beside`` (global coordinates);
        ``extra``: plain lines under the powers (Holders, the moves it offers)."""
        if pixmap is not None:
            ratio = self.devicePixelRatioF()
            scaled = pixmap.scaledToWidth(int(HOVER_WIDTH * ratio),
                                          Qt.TransformationMode.SmoothTransformation)
            scaled.setDevicePixelRatio(ratio)
            self.face.setPixmap(scaled)
        else:
            self.face.setPixmap(QPixmap())
            self.face.setText(f"<b>{html.escape(name)}</b>")
        self.face.setFixedHeight(card_height(HOVER_WIDTH))
        body = powers_html(record) if record is not None else f"<h3>{html.escape(name)}</h3>"
        if extra:
            body += "<p>" + "<br>".join(html.escape(line) for line in extra.splitlines()) + "</p>"
        self.text.setText(body)
        self.adjustSize()
        self.move(self._place(beside))
        self.show()
        self.raise_()

    def _place(self, beside: QRect) -> QPoint:
        """Right of the card if there is room on its screen, else left of it; kept
        inside the screen."""
        screen = QGuiApplication.screenAt(beside.center()) or QGuiApplication.primaryScreen()
        room = screen.availableGeometry()
        size = self.size()
        x = beside.right() + 8
        if x + size.width() > room.right():
            x = beside.left() - 8 - size.width()
        x = max(room.left(), min(x, room.right() - size.width()))
        y = max(room.top(), min(beside.top(), room.bottom() - size.height()))
        return QPoint(x, y)
