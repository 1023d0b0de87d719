"""Cards on the Play screen's table: a card drawn upright or turned (pivoted), a card
back with a count (Destiny, a rival's hand), and a flow layout that wraps rows of them.

A :class:`CardView` knows nothing of the rules: it asks its :class:`TableHost` (the
board) whether it offers moves, and reports clicks and drops to it. A card is dragged
as :data:`CARD_MIME` holding its id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QByteArray, QMimeData, QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QDrag,
    QFont,
    QFontMetrics,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPixmap,
    QTransform,
)
from PySide6.QtWidgets import QApplication, QLayout, QSizePolicy, QWidget, QWidgetItem

if TYPE_CHECKING:
    from deckbuilder.engine.game.table_snapshot import CardFace

#: Mime type of a dragged card: its id as ASCII digits.
CARD_MIME = "application/x-imajica-card-id"
#: An upright card's default size, in pixels (the card's 63 x 88 mm, scaled); the
#: board scales its cards to the room it has (:meth:`~.board.TableBoard.fit_cards`).
CARD_W, CARD_H = 63, 88
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


def card_size(width: int, pivoted: bool = False) -> QSize:
    """The size of a card ``width`` px wide upright (63 x 88 mm), turned if ``pivoted``."""
    height = round(width * CARD_H / CARD_W)
    return QSize(height, width) if pivoted else QSize(width, height)


def banner_height(width: int) -> int:
    """Height of the name band over the top of a card ``width`` px wide: the part of a
    Site that stays in view above the Holders laid over it (see :func:`holder_step`)."""
    return max(16, round(width * 0.40))


def holder_step(width: int) -> int:
    """Pixels between the tops of a Site and each Holder laid over it in a State."""
    return banner_height(width) + 2


def fitted_font(base: QFont, text: str, box: QRect, largest: float,
                smallest: float = 5.0) -> QFont:
    """The largest point size from ``largest`` down to ``smallest`` at which ``text``
    wraps into ``box`` (no word wider than it); the smallest if none does (the band
    then grows to hold it)."""
    font = QFont(base)
    size = largest
    flags = int(Qt.TextFlag.TextWordWrap)
    while size > smallest:
        font.setPointSizeF(size)
        needed = QFontMetrics(font).boundingRect(box, flags, text)
        if needed.height() <= box.height() and needed.width() <= box.width():
            return font
        size -= 0.5
    font.setPointSizeF(smallest)
    return font


#: A line may break here (zero-width space), inside a word too long for its line.
BREAK = "\u200b"


def breakable(font: QFont, text: str, box: QRect) -> str:
    """``text`` with break opportunities inside each word wider than ``box`` at
    ``font``, so that word wrap breaks that word only (a long name on a small card is
    broken rather than clipped) and keeps the others whole."""
    metrics = QFontMetrics(font)
    words = text.split(" ")
    return " ".join(BREAK.join(word) if metrics.horizontalAdvance(word) > box.width()
                    else word for word in words)


class CardView(QWidget):
    """One card face up: the face the browser draws (when the board has faces:
    :meth:`TableHost.face_pixmap`), else a frame in its type's colour; its name always
    readable in a band over its top (the font shrinks to fit, never clipped); drawn
    turned when pivoted; outlined in green when it offers moves; a badge "+N" for the
    permanents attached to it, and one ("M+2 S-1") for its Magic and Strength changes
    until end of round. Click: the moves it offers; drag onto another card: the
    moves involving both; rest the pointer on it: the card full size with its powers."""

    def __init__(self, face: CardFace, host: TableHost, parent: QWidget | None = None,
                 caption: str = "", width: int = CARD_W):
        super().__init__(parent)
        self.face = face
        self.caption = caption or SHORT_KINDS.get(face.kind, face.kind)
        self.host = host
        self._press: QPoint | None = None
        self._scaled: tuple[tuple[int, int, int], QPixmap] | None = None
        self.set_width(width)
        self.setAcceptDrops(face.card >= 0)
        self.setObjectName(f"card-{face.card}")
        self.setMouseTracking(True)
        self.refresh()

    @property
    def card(self) -> int:
        return self.face.card

    def set_width(self, width: int) -> None:
        """Make the card ``width`` px wide (upright; a turned card is as tall)."""
        self.setFixedSize(card_size(width, self.face.pivoted))

    def card_width(self) -> int:
        """The card's width as if upright (px)."""
        return self.height() if self.face.pivoted else self.width()

    def details(self) -> str:
        """Plain lines about the card on the table: turned, what is attached, the
        moves it offers (shown when the pointer rests on it)."""
        lines = []
        if self.caption not in (self.face.kind, SHORT_KINDS.get(self.face.kind)):
            lines.append(self.caption)
        if self.face.pivoted:
            lines.append("Pivoted")
        if self.face.attached:
            lines.append("With: " + ", ".join(f.name for f in self.face.attached))
        if self.face.changes:
            lines.append("Until end of round: " + ", ".join(
                f"{stat} {n:+d}" for stat, n in self.face.changes))
        offers = self.host.offers(self.card) if self.card >= 0 else []
        if offers:
            lines.append("Click to: " + "; ".join(offers[:8]) + ("; …" if len(offers) > 8
                                                                  else ""))
        return "\n".join(lines)

    def refresh(self) -> None:
        """Update the outline and tooltip after the decision changed."""
        offers = self.host.offers(self.card) if self.card >= 0 else []
        self.offering = bool(offers)
        hover = getattr(self.host, "hover", None)
        extra = self.details()
        # with a hover view the card explains itself there; else in a tooltip
        self.setToolTip("" if hover is not None else
                        self.face.name + (f"\n{extra}" if extra else ""))
        self.setCursor(Qt.CursorShape.PointingHandCursor if offers
                       else Qt.CursorShape.ArrowCursor)
        self.update()

    # -- drawing -------------------------------------------------------------------------
    def _face(self) -> QPixmap | None:
        source = getattr(self.host, "face_pixmap", None)
        pixmap = source(self.face.name) if source is not None else None
        if pixmap is None:
            return None
        ratio = self.devicePixelRatioF()
        width = round(self.card_width() * ratio)
        key = (width, pixmap.cacheKey(), int(self.face.pivoted))
        if self._scaled is None or self._scaled[0] != key:
            scaled = pixmap.scaledToWidth(width, Qt.TransformationMode.SmoothTransformation)
            if self.face.pivoted:
                scaled = scaled.transformed(QTransform().rotate(90),
                                            Qt.TransformationMode.SmoothTransformation)
            scaled.setDevicePixelRatio(ratio)
            self._scaled = (key, scaled)
        return self._scaled[1]

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        rect = QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5)
        clip = QPainterPath()
        clip.addRoundedRect(rect, 5, 5)
        face = self._face()
        if face is not None:
            p.setClipPath(clip)
            p.drawPixmap(self.rect(), face)
            p.setClipping(False)
        else:
            fill = QColor(FILLS.get(self.face.kind, OTHER_FILL))
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(fill.darker(115) if self.face.pivoted else fill)
            p.drawPath(clip)
        self._paint_name(p, face is not None)
        if self.face.pivoted:  # a turned card is dimmed, as a tapped card in Cockatrice
            p.fillPath(clip, QColor(0, 0, 0, 40))
        pen = QPen(QColor(OFFER_COLOUR), 3) if self.offering else QPen(QColor("#555"), 1)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(clip)
        if self.face.attached:
            self._paint_badge(p, f"+{len(self.face.attached)}")
        if self.face.changes:
            self._paint_badge(p, " ".join(f"{stat[0]}{n:+d}" for stat, n in self.face.changes),
                              left=True)
        if face is not None and self.caption not in (self.face.kind,
                                                     SHORT_KINDS.get(self.face.kind)):
            self._paint_caption(p)
        p.end()

    def _paint_caption(self, p: QPainter) -> None:
        """A caption that is not the card type ("In Ovo (top)", the Paths on a Circle
        Site) in a band across the lower edge."""
        inner = QRect(4, 0, self.width() - 8, banner_height(self.card_width()) - 4)
        font = fitted_font(self.font(), self.caption, inner,
                           max(6.0, min(10.0, self.card_width() / 10)))
        needed = QFontMetrics(font).boundingRect(inner, int(Qt.TextFlag.TextWordWrap),
                                                 self.caption).height()
        band = QRectF(1.5, self.height() - needed - 5.5, self.width() - 3, needed + 4)
        path = QPainterPath()
        path.addRoundedRect(band, 5, 5)
        p.fillPath(path, QColor(40, 30, 20, 215))
        p.setPen(QColor("white"))
        p.setFont(font)
        p.drawText(band.adjusted(3, 2, -3, -2), Qt.AlignmentFlag.AlignCenter
                   | Qt.TextFlag.TextWordWrap, self.caption)

    def _paint_name(self, p: QPainter, over_face: bool) -> None:
        """The name in a band across the top, the font fitted so the name is whole."""
        width = self.width()
        inner = QRect(2, 2, width - 4, banner_height(self.card_width()) - 4)
        base = QFont(self.font())
        largest = max(6.5, min(11.0, self.card_width() / 9))
        font = fitted_font(base, self.face.name, inner, largest)
        name = breakable(font, self.face.name, inner)
        wrap = int(Qt.TextFlag.TextWordWrap)
        flags = int(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter) | wrap
        needed = QFontMetrics(font).boundingRect(inner, wrap, name).height()
        band = QRectF(1.5, 1.5, width - 3, max(inner.height(), needed) + 4)
        path = QPainterPath()
        path.addRoundedRect(band, 5, 5)
        p.fillPath(path, QColor(255, 255, 255, 225) if over_face else QColor(0, 0, 0, 0))
        p.setPen(QColor("#111"))
        p.setFont(font)
        p.drawText(QRect(inner.x(), inner.y(), inner.width(), int(band.height())), flags,
                   name)
        if not over_face:  # no face: say the card type on the lower edge
            small = QFont(base)
            small.setPointSizeF(max(5.5, largest - 1.5))
            p.setFont(small)
            p.setPen(QColor("#444"))
            bottom = Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignHCenter
            p.drawText(self.rect().adjusted(3, 0, -3, -3), bottom,
                       self.caption + (" ⟳" if self.face.pivoted else ""))

    def _paint_badge(self, p: QPainter, text: str, left: bool = False) -> None:
        """A badge in the lower right corner (``left``: the lower left one, in
        another colour: the changes until end of round)."""
        font = QFont(self.font())
        font.setPointSizeF(7.5)
        font.setBold(True)
        p.setFont(font)
        metrics = QFontMetrics(font)
        x = 4 if left else self.width() - metrics.horizontalAdvance(text) - 10
        box = QRectF(x, self.height() - metrics.height() - 6,
                     metrics.horizontalAdvance(text) + 6, metrics.height() + 2)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#b35900" if left else "#7a3a9a"))
        p.drawRoundedRect(box, 4, 4)
        p.setPen(QColor("white"))
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    # -- hovering ------------------------------------------------------------------------
    def enterEvent(self, event) -> None:
        hover = getattr(self.host, "hover", None)
        if hover is not None:
            hover(self, True)
        super().enterEvent(event)

    def leaveEvent(self, event) -> None:
        hover = getattr(self.host, "hover", None)
        if hover is not None:
            hover(self, False)
        super().leaveEvent(event)

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

    def __init__(self, label: str, count: int, parent: QWidget | None = None,
                 width: int = CARD_W):
        super().__init__(parent)
        self.label = label
        self.count = count
        self.set_width(width)
        self.setToolTip(f"{label}: {count} card{'s' if count != 1 else ''}")

    def set_width(self, width: int) -> None:
        self.setFixedSize(card_size(width))

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#333"), 1))
        p.setBrush(QColor(BACK_FILL) if self.count else self.palette().color(
            QPalette.ColorRole.Window))
        p.drawRoundedRect(QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5), 5, 5)
        p.setPen(QColor("white") if self.count else QColor("#777"))
        box = self.rect().adjusted(3, 4, -3, -4)
        font = fitted_font(self.font(), self.label, QRect(box.topLeft(),
                                                          QSize(box.width(), box.height() // 3)),
                           max(6.5, min(11.0, self.width() / 9)))
        p.setFont(font)
        p.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
                   | Qt.TextFlag.TextWordWrap, self.label)
        big = QFont(font)
        big.setPointSizeF(max(9.0, self.width() / 4.5))
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
