"""The page view of the Scan screen: the scanned image with every card found on it
outlined, the copies of one printed card (one group) in one colour and labelled with
its name, the selected group drawn thick (issue 21: "a page of cards found and
grouped"). Views only: the cards come from :mod:`deckbuilder.services.scan_pages`."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics, QImage, QImageReader, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from deckbuilder.services.scan_pages import ScannedPage

#: The longest side of the image as the scanner read it (deckbuilder.scan.loading).
READ_SIDE = 2000
#: The longest side the page is decoded at for showing.
SHOWN_SIDE = 1600


def load_page(file: Path) -> tuple[QImage, float]:
    """The image at ``file`` upright (EXIF) and at most :data:`SHOWN_SIDE` px, and the
    factor from the scanner's pixels to it. A null image if it cannot be read (moved,
    deleted). Runs off the GUI thread (QImage, not QPixmap). A quarter turn swaps the
    sides but keeps the longest one, so the scale is known before decoding."""
    reader = QImageReader(str(file))
    reader.setAutoTransform(True)
    size = reader.size()
    if not size.isValid():
        return QImage(), 1.0
    longest = max(size.width(), size.height())
    read_scale = min(1.0, READ_SIDE / longest)
    shown_scale = min(1.0, SHOWN_SIDE / longest)
    if shown_scale < 1.0:
        reader.setScaledSize(QSize(round(size.width() * shown_scale),
                                   round(size.height() * shown_scale)))
    return reader.read(), shown_scale / read_scale


#: Distinct colours for the groups of a page (group ids of a batch are consecutive).
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b",
           "#e377c2", "#bcbd22", "#393b79", "#637939", "#843c39")


def group_colour(group: int) -> QColor:
    """The colour of a group (copies of one card share it)."""
    return QColor(PALETTE[group % len(PALETTE)])


class PageView(QWidget):
    """Paints the page scaled to fit, the outlines, and a caption when there is none.
    ``group_clicked(int)``: a card's outline was clicked (its group id)."""

    group_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("scanPageView")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(160, 200)
        self.page: ScannedPage | None = None
        self.image = QImage()
        self.factor = 1.0
        self.selected: int | None = None
        self.message = "Select a group to see the page it was found on."

    def show_page(self, page: ScannedPage | None, image: QImage, factor: float) -> None:
        self.page, self.image, self.factor = page, image, factor
        if page is None:
            self.message = "Select a group to see the page it was found on."
        elif image.isNull():
            self.message = f"The image {page.file} is no longer there."
        self.update()

    def select(self, group: int | None) -> None:
        self.selected = group
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(360, 480)

    def _placement(self) -> tuple[float, float, float]:
        """Scale and top-left offset of the image in the widget (kept in proportion)."""
        width, height = self.image.width(), self.image.height()
        scale = min(self.width() / width, self.height() / height)
        return scale, (self.width() - width * scale) / 2, (self.height() - height * scale) / 2

    def _polygon(self, corners) -> QPolygonF:
        """A card's outline in widget coordinates."""
        scale, left, top = self._placement()
        factor = scale * self.factor
        return QPolygonF([QPointF(left + x * factor, top + y * factor) for x, y in corners])

    def group_at(self, point: QPointF) -> int | None:
        """The group of the card under ``point`` (widget coordinates), if any."""
        if self.page is None or self.image.isNull():
            return None
        return next((card.group for card in self.page.cards
                     if self._polygon(card.corners).containsPoint(
                         point, Qt.FillRule.OddEvenFill)), None)

    def mousePressEvent(self, event) -> None:
        group = self.group_at(event.position())
        if group is not None:
            self.group_clicked.emit(group)
        super().mousePressEvent(event)

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.page is None or self.image.isNull():
            painter.drawText(self.rect().adjusted(8, 8, -8, -8),
                             Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                             self.message)
            return
        scale, left, top = self._placement()
        target = QRectF(left, top, self.image.width() * scale, self.image.height() * scale)
        painter.drawImage(target, self.image)
        metrics = QFontMetrics(painter.font())
        for card in self.page.cards:
            polygon = self._polygon(card.corners)
            colour = group_colour(card.group)
            chosen = card.group == self.selected
            if card.status != "pending":
                colour = QColor(150, 150, 150)
            painter.setPen(QPen(colour, 5 if chosen else 2))
            fill = QColor(colour)
            fill.setAlpha(80)
            painter.setBrush(fill if chosen else Qt.BrushStyle.NoBrush)
            painter.drawPolygon(polygon)
            self._label(painter, metrics, polygon, card, colour)

    @staticmethod
    def _label(painter: QPainter, metrics: QFontMetrics, polygon: QPolygonF, card,
               colour: QColor) -> None:
        box = polygon.boundingRect()
        status = "" if card.status == "pending" else f" ({card.status})"
        text = metrics.elidedText(card.name + status, Qt.TextElideMode.ElideRight,
                                  max(int(box.width()) - 8, 20))
        label = QRectF(box.left() + 3, box.top() + box.height() * 0.42,
                       metrics.horizontalAdvance(text) + 8, metrics.height() + 4)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRoundedRect(label, 3, 3)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(label, Qt.AlignmentFlag.AlignCenter, text)


class CropView(QWidget):
    """The selected group's best crop, scaled to fit (in proportion) the room it has:
    small beside a form at 1024 x 700, large on a large screen."""

    def __init__(self, minimum: QSize, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("scanCropView")
        self.setMinimumSize(minimum)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.image = QImage()

    def set_image(self, image: QImage) -> None:
        self.image = image
        self.update()

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def paintEvent(self, _event) -> None:
        if self.image.isNull():
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        scale = min(self.width() / self.image.width(), self.height() / self.image.height())
        width, height = self.image.width() * scale, self.image.height() * scale
        painter.drawImage(QRectF((self.width() - width) / 2, 0, width, height), self.image)
