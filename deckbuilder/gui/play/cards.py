"""Cards on the Play screen's table: a card drawn upright or turned (pivoted), a card
back with a count (Destiny, a rival's hand), and a flow layout that wraps rows of them.

A :class:`CardView` knows nothing of the rules: it asks its :class:`TableHost` (the
board) whether it offers moves, and reports clicks and drops to it. A card is dragged
as :data:`CARD_MIME` holding its id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QByteArray, QMimeData, QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QDrag, QFont, QPainter, QPalette, QPen
from PySide6.QtWidgets import QApplication, QLayout, QSizePolicy, QWidget, QWidgetItem

if TYPE_CHECKING:
    from deckbuilder.engine.game.table_snapshot import CardFace

#: Mime type of a dragged card: its id as ASCII digits.
CARD_MIME = "application/x-imajica-card-id"
#: An upright card, in pixels (the card's 63 x 88 mm, scaled).
CARD_W, CARD_H = 62, 86
#: Fill colours by card type (a turned card is drawn dimmer).
FILLS = {"Site": "#cfe3f5", "Character": "#f3e2c3", "Path": "#d9ccef",
         "Dictate": "#f2d0d0", "Flash": "#f6f0b8", "Ally Action": "#d3ecd2"}
OTHER_FILL = "#e4e4e4"
#: Card types named shorter on a card's lower edge.
SHORT_KINDS = {"Influence Maneuver": "Influence Man.", "Combat Maneuver": "Combat Man."}
BACK_FILL = "#7a5a3a"
#: Border of a card that offers moves in the current decision.
OFFER_COLOUR = "#1f9d3a"


class TableHost(Protocol):
    """What a card asks of the board it lies on."""

    def offers(self, card: int) -> list[str]: ...

    def can_drop(self, source: int, target: int) -> bool: ...

    def card_clicked(self, card: int, where: QPoint) -> None: ...

    def card_dropped(self, source: int, target: int, where: QPoint) -> None: ...


def card_id(mime: QMimeData) -> int | None:
    """The id of the card dragged in ``mime`` (``None`` if it holds no card)."""
    if not mime.hasFormat(CARD_MIME):
        return None
    try:
        return int(bytes(mime.data(CARD_MIME).data()).decode("ascii"))
    except ValueError:
        return None


class CardView(QWidget):
    """One card face up: its name (and Holders' or permanents' names under it in
    :class:`~.board.SiteStack`), drawn turned when pivoted, outlined in green when it
    offers moves. Click: the moves it offers; drag onto another card: the moves
    involving both."""

    def __init__(self, face: CardFace, host: TableHost, parent: QWidget | None = None,
                 caption: str = ""):
        super().__init__(parent)
        self.face = face
        self.caption = caption or SHORT_KINDS.get(face.kind, face.kind)
        self.host = host
        self._press: QPoint | None = None
        size = QSize(CARD_H, CARD_W) if face.pivoted else QSize(CARD_W, CARD_H)
        self.setFixedSize(size)
        self.setAcceptDrops(face.card >= 0)
        self.setObjectName(f"card-{face.card}")
        self.refresh()

    @property
    def card(self) -> int:
        return self.face.card

    def refresh(self) -> None:
        """Update the outline and tooltip after the decision changed."""
        offers = self.host.offers(self.card) if self.card >= 0 else []
        self.offering = bool(offers)
        tip = self.face.name + (" (pivoted)" if self.face.pivoted else "")
        if self.caption not in (self.face.kind, SHORT_KINDS.get(self.face.kind)):
            tip = f"{self.caption}: {tip}"
        if self.face.attached:
            tip += "\nWith: " + ", ".join(f.name for f in self.face.attached)
        if offers:
            tip += "\nClick to: " + "; ".join(offers[:8]) + ("; …" if len(offers) > 8 else "")
        self.setToolTip(tip)
        self.setCursor(Qt.CursorShape.PointingHandCursor if offers
                       else Qt.CursorShape.ArrowCursor)
        self.update()

    # -- drawing -------------------------------------------------------------------------
    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor(FILLS.get(self.face.kind, OTHER_FILL))
        if self.face.pivoted:
            fill = fill.darker(115)
        pen = QPen(QColor(OFFER_COLOUR), 3) if self.offering else QPen(QColor("#555"), 1)
        p.setPen(pen)
        p.setBrush(fill)
        p.drawRoundedRect(QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5), 5, 5)
        p.setPen(QColor("#111"))
        font = QFont(self.font())
        font.setPointSizeF(7.5)
        p.setFont(font)
        if self.face.pivoted:  # the name reads along the turned card
            p.translate(self.width(), 0)
            p.rotate(90)
        box = QRect(5, 4, CARD_W - 10, CARD_H - 8)
        flags = Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap
        text = self.face.name
        if self.face.attached:
            text += "\n+ " + "\n+ ".join(f.name for f in self.face.attached)
        p.drawText(box, flags, text)
        small = QFont(font)
        small.setPointSizeF(6.5)
        p.setFont(small)
        p.setPen(QColor("#444"))
        bottom = Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignHCenter
        p.drawText(box, bottom, self.caption + (" ⟳" if self.face.pivoted else ""))
        p.end()

    # -- click and drag ------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        if self._press is None or not self.offering:
            return
        if (event.position().toPoint() - self._press).manhattanLength() < \
                QApplication.startDragDistance():
            return
        self._press = None
        mime = QMimeData()
        mime.setData(CARD_MIME, QByteArray(str(self.card).encode("ascii")))
        drag = QDrag(self)
        drag.setMimeData(mime)
        drag.setPixmap(self.grab())
        drag.exec(Qt.DropAction.MoveAction)

    def mouseReleaseEvent(self, event) -> None:
        if self._press is not None and event.button() == Qt.MouseButton.LeftButton:
            self._press = None
            self.host.card_clicked(self.card, event.globalPosition().toPoint())
        super().mouseReleaseEvent(event)

    def dragEnterEvent(self, event) -> None:
        source = card_id(event.mimeData())
        if source is not None and source != self.card and self.host.can_drop(source, self.card):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event) -> None:
        source = card_id(event.mimeData())
        if source is None:
            return
        event.acceptProposedAction()
        self.host.card_dropped(source, self.card, self.mapToGlobal(event.position().toPoint()))


class CardBack(QWidget):
    """A face-down pile or hand: a card back with ``label`` and ``count``."""

    def __init__(self, label: str, count: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.label = label
        self.count = count
        self.setFixedSize(CARD_W, CARD_H)
        self.setToolTip(f"{label}: {count} card{'s' if count != 1 else ''}")

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#333"), 1))
        p.setBrush(QColor(BACK_FILL) if self.count else self.palette().color(
            QPalette.ColorRole.Window))
        p.drawRoundedRect(QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5), 5, 5)
        p.setPen(QColor("white") if self.count else QColor("#777"))
        font = QFont(self.font())
        font.setPointSizeF(7.5)
        p.setFont(font)
        p.drawText(self.rect().adjusted(3, 6, -3, -6),
                   Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
                   | Qt.TextFlag.TextWordWrap, self.label)
        big = QFont(font)
        big.setPointSizeF(14)
        big.setBold(True)
        p.setFont(big)
        p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, str(self.count))
        p.end()


class FlowLayout(QLayout):
    """Lays its widgets out left to right, wrapping to a new row when full."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 4):
        super().__init__(parent)
        self._items: list = []
        self._heights: dict[int, int] = {}
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item) -> None:
        self._items.append(item)
        self._heights.clear()

    def add(self, widget: QWidget) -> None:
        self.addChildWidget(widget)
        self.addItem(QWidgetItem(widget))

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int):
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int):
        self._heights.clear()
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self):
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        if width not in self._heights:  # asked many times per layout pass
            self._heights[width] = self._arrange(QRect(0, 0, width, 0), move=False)
        return self._heights[width]

    def invalidate(self) -> None:
        self._heights.clear()
        super().invalidate()

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize(0, 0)
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        return size

    def _arrange(self, rect: QRect, move: bool) -> int:
        x, y, row = rect.x(), rect.y(), 0
        gap = self.spacing()
        for item in self._items:
            hint = item.sizeHint()
            if x + hint.width() > rect.right() + 1 and row > 0:
                x, y, row = rect.x(), y + row + gap, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + gap
            row = max(row, hint.height())
        return y + row - rect.y()


def flow_box(parent: QWidget | None = None) -> tuple[QWidget, FlowLayout]:
    """A widget holding a :class:`FlowLayout` that grows in height as it wraps."""
    box = QWidget(parent)
    policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
    policy.setHeightForWidth(True)
    box.setSizePolicy(policy)
    return box, FlowLayout(box)
