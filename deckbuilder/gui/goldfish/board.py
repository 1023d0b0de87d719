"""The goldfish board: the zones of "Game Layout" drawn with card faces.

The Circle (with the number of Paths face down on each Site), the State (each secured
Site with its Holders under it, peeking out below), the active area, the Reserve
(Allies and the cards affecting the Autarch), the hand, and the Destiny and In Ovo as
face-down and face-up piles with their counts. Pivoted cards are shaded and marked
↻ ("Pivoted Cards"). Faces come from the app's image cache (drawn off the GUI
thread); an outline with the card's name stands in until a face is ready.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QToolTip, QVBoxLayout, QWidget

from card_db.images.aspect import card_height
from card_db.records import CardRecord
from deckbuilder.gui.goldfish.snapshot import BoardSnapshot, CardView
from deckbuilder.presentation import characteristics_text

#: Width in px of a card on the board; faces are rendered wider and scaled down.
CARD_WIDTH = 80
CARD_HEIGHT = card_height(CARD_WIDTH)
#: How far each card under another peeks out below it, in px.
PEEK = 17
FACE_WIDTH = 126
TITLE_HEIGHT = 20
GAP = 6


@dataclass
class Slot:
    """One card drawn in a zone, with the cards ``under`` it (Holders, attached
    permanents) and a ``badge`` text."""

    view: CardView
    under: list[CardView] = field(default_factory=list)
    badge: str = ""


def describe(record: CardRecord) -> str:
    details = characteristics_text(record)
    return f"{record.name} — {record.card_type.value}" + (f" ({details})" if details else "")


class FaceCache:
    """Faces scaled to :data:`CARD_WIDTH`, from the app's :class:`CardImages`."""

    def __init__(self, images):
        self.images = images
        self._scaled: dict[str, QPixmap] = {}

    def face(self, record: CardRecord) -> QPixmap | None:
        scaled = self._scaled.get(record.name)
        if scaled is not None:
            return scaled
        pixmap = self.images.pixmap(record, FACE_WIDTH)
        if pixmap is None:
            return None
        scaled = pixmap.scaled(QSize(CARD_WIDTH, CARD_HEIGHT),
                               Qt.AspectRatioMode.IgnoreAspectRatio,
                               Qt.TransformationMode.SmoothTransformation)
        self._scaled[record.name] = scaled
        return scaled

    def forget(self, name: str | None = None) -> None:
        if name is None:
            self._scaled.clear()
        else:
            self._scaled.pop(name, None)


def draw_card(painter: QPainter, rect: QRectF, record: CardRecord | None, faces: FaceCache,
              palette: QPalette, pivoted: bool = False) -> None:
    """A card face in ``rect``; a card back if ``record`` is ``None``. A pivoted card
    is shaded and marked with a turned arrow (drawing it sideways would hide its
    neighbours)."""
    painter.save()
    pixmap = faces.face(record) if record is not None else None
    if pixmap is not None:
        painter.drawPixmap(rect.toRect(), pixmap)
    else:
        back = record is None
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(QColor(70, 52, 96) if back else palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), 5, 5)
        if record is not None:
            painter.setPen(palette.color(QPalette.ColorRole.Text))
            font = QFont(painter.font())
            font.setPointSizeF(max(6.0, font.pointSizeF() * 0.75))
            painter.setFont(font)
            painter.drawText(rect.adjusted(4, 4, -4, -4),
                             Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap, record.name)
    if pivoted:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 90))
        painter.drawRoundedRect(rect, 5, 5)
        mark = QRectF(rect.right() - 22, rect.top() + 20, 18, 18)
        painter.setBrush(QColor(255, 255, 255, 230))
        painter.drawEllipse(mark)
        painter.setPen(QColor(40, 40, 40))
        painter.drawText(mark, Qt.AlignmentFlag.AlignCenter, "\u21bb")
    painter.restore()


def draw_peek_label(painter: QPainter, rect: QRectF, text: str, palette: QPalette) -> None:
    """The name of a card peeking out from under another, over its visible strip."""
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(palette.color(QPalette.ColorRole.ToolTipBase))
    painter.drawRect(rect.adjusted(2, 1, -2, -1))
    font = QFont(painter.font())
    font.setPointSizeF(max(6.0, font.pointSizeF() * 0.72))
    painter.setFont(font)
    painter.setPen(palette.color(QPalette.ColorRole.ToolTipText))
    elided = painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight,
                                              int(rect.width()) - 6)
    painter.drawText(rect.adjusted(3, 0, -3, 0), Qt.AlignmentFlag.AlignVCenter, elided)
    painter.restore()


class ZoneView(QWidget):
    """One zone: a title and its cards left to right, overlapping when crowded."""

    def __init__(self, title: str, faces: FaceCache, parent: QWidget | None = None):
        super().__init__(parent)
        self.title = title
        self.faces = faces
        self.slots: list[Slot] = []
        self.empty_text = "—"
        self._hits: list[tuple[QRectF, str]] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMouseTracking(True)

    def set_slots(self, slots: list[Slot]) -> None:
        self.slots = slots
        self.updateGeometry()
        self.update()

    def deepest(self) -> int:
        return max([len(slot.under) for slot in self.slots] + [0])

    def sizeHint(self) -> QSize:
        return QSize(5 * (CARD_WIDTH + GAP), self.minimumSizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return QSize(CARD_WIDTH + 2 * GAP,
                     TITLE_HEIGHT + CARD_HEIGHT + PEEK * self.deepest() + GAP + 8)

    def names(self) -> list[str]:
        return [slot.view.record.name for slot in self.slots]

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        frame = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(palette.color(QPalette.ColorRole.AlternateBase))
        painter.drawRoundedRect(frame, 6, 6)
        bold = QFont(self.font())
        bold.setBold(True)
        painter.setFont(bold)
        painter.setPen(palette.color(QPalette.ColorRole.WindowText))
        count = f" ({len(self.slots)})" if self.slots else ""
        painter.drawText(QRectF(GAP + 2, 2, self.width() - 2 * GAP, TITLE_HEIGHT),
                         Qt.AlignmentFlag.AlignVCenter, self.title + count)
        painter.setFont(self.font())
        self._hits = []
        if not self.slots:
            painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(QRectF(GAP, TITLE_HEIGHT, self.width() - 2 * GAP, CARD_HEIGHT),
                             Qt.AlignmentFlag.AlignCenter, self.empty_text)
            return
        available = self.width() - 2 * GAP - CARD_WIDTH
        stride = CARD_WIDTH + GAP
        if len(self.slots) > 1 and stride * (len(self.slots) - 1) > available:
            stride = max(14, available / (len(self.slots) - 1))
        top = TITLE_HEIGHT + 2
        for number, slot in enumerate(self.slots):
            x = GAP + number * stride
            for depth in range(len(slot.under), 0, -1):  # the deepest card first
                under = slot.under[depth - 1]
                rect = QRectF(x, top + PEEK * depth, CARD_WIDTH, CARD_HEIGHT)
                draw_card(painter, rect, under.record, self.faces, palette, under.pivoted)
                peek = QRectF(x, top + CARD_HEIGHT + PEEK * (depth - 1), CARD_WIDTH, PEEK)
                draw_peek_label(painter, peek, under.record.name
                                + (" \u21bb" if under.pivoted else ""), palette)
                self._hits.append((peek, describe(under.record)
                                   + (" — pivoted" if under.pivoted else "")))
            rect = QRectF(x, top, CARD_WIDTH, CARD_HEIGHT)
            draw_card(painter, rect, slot.view.record, self.faces, palette, slot.view.pivoted)
            tip = describe(slot.view.record) + (" — pivoted" if slot.view.pivoted else "")
            if slot.badge:
                self._badge(painter, rect, slot.badge)
                tip += f" — {slot.badge}"
            self._hits.append((rect, tip))

    def _badge(self, painter: QPainter, rect: QRectF, text: str) -> None:
        palette = self.palette()
        metrics = painter.fontMetrics()
        width = metrics.horizontalAdvance(text) + 8
        badge = QRectF(rect.center().x() - width / 2, rect.bottom() - metrics.height() - 6,
                       width, metrics.height() + 2)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(palette.color(QPalette.ColorRole.Highlight))
        painter.drawRoundedRect(badge, 4, 4)
        painter.setPen(palette.color(QPalette.ColorRole.HighlightedText))
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, text)

    def tip_at(self, point: QPointF) -> str | None:
        for rect, tip in reversed(self._hits):  # the card drawn last is on top
            if rect.contains(point):
                return tip
        return None

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            tip = self.tip_at(QPointF(event.pos()))
            if tip:
                QToolTip.showText(event.globalPos(), tip, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)


class PileView(QWidget):
    """The Destiny (face down) or the In Ovo (face up, its top card shown)."""

    def __init__(self, title: str, faces: FaceCache, face_up: bool,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.title = title
        self.faces = faces
        self.face_up = face_up
        self.count = 0
        self.top: CardRecord | None = None
        self.setFixedSize(CARD_WIDTH + 2 * GAP + 16, TITLE_HEIGHT + CARD_HEIGHT + 30)

    def set_pile(self, count: int, top: CardRecord | None = None) -> None:
        self.count, self.top = count, top
        self.setToolTip(f"{self.title}: {count} card{'s' if count != 1 else ''}"
                        + (f"; on top: {top.name}" if top is not None else ""))
        self.update()

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        palette = self.palette()
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(palette.color(QPalette.ColorRole.AlternateBase))
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6)
        bold = QFont(self.font())
        bold.setBold(True)
        painter.setFont(bold)
        painter.setPen(palette.color(QPalette.ColorRole.WindowText))
        painter.drawText(QRectF(0, 2, self.width(), TITLE_HEIGHT), Qt.AlignmentFlag.AlignCenter,
                         self.title)
        rect = QRectF((self.width() - CARD_WIDTH) / 2, TITLE_HEIGHT + 2, CARD_WIDTH,
                      CARD_HEIGHT)
        if self.count:
            shown = self.top if self.face_up else None
            for offset in (4, 2):  # the edge of the pile
                if self.count > offset // 2:
                    painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
                    painter.setBrush(palette.color(QPalette.ColorRole.Button))
                    painter.drawRoundedRect(rect.translated(offset, offset), 5, 5)
            draw_card(painter, rect, shown, self.faces, palette)
        else:
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect, 5, 5)
        painter.setFont(bold)
        painter.setPen(palette.color(QPalette.ColorRole.WindowText))
        painter.drawText(QRectF(0, rect.bottom() + 6, self.width(), 20),
                         Qt.AlignmentFlag.AlignCenter, str(self.count))


class BoardView(QWidget):
    """Every zone of the board; :meth:`show_board` draws a :class:`BoardSnapshot`."""

    def __init__(self, images, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("goldfishBoard")
        self.faces = FaceCache(images)
        images.ready.connect(self._face_ready)
        context = images.parent()
        if hasattr(context, "images_changed"):
            context.images_changed.connect(self._face_changed)
        self.header = QLabel()
        self.header.setObjectName("boardHeader")
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.circle = ZoneView("The Circle", self.faces)
        self.circle.empty_text = "No unsecured Site"
        self.state = ZoneView("State (secured Sites, Holders under them)", self.faces)
        self.state.empty_text = "No secured Site yet"
        self.active = ZoneView("Active area", self.faces)
        self.active.empty_text = "No active Ally"
        self.reserve = ZoneView("Reserve", self.faces)
        self.reserve.empty_text = "No Ally in the Reserve"
        self.hand = ZoneView("Hand", self.faces)
        self.hand.empty_text = "No card in hand"
        self.destiny = PileView("Destiny", self.faces, face_up=False)
        self.in_ovo = PileView("In Ovo", self.faces, face_up=True)
        grid = QGridLayout()
        grid.setSpacing(GAP)
        grid.addWidget(self.circle, 0, 0, 1, 2)
        grid.addWidget(self.destiny, 0, 2, 2, 1, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.in_ovo, 0, 3, 2, 1, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.state, 1, 0, 1, 2)
        grid.addWidget(self.active, 2, 0)
        grid.addWidget(self.reserve, 2, 1, 1, 3)
        grid.addWidget(self.hand, 3, 0, 1, 4)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.header)
        layout.addLayout(grid)
        layout.addStretch(1)
        self.board: BoardSnapshot | None = None

    def zones(self) -> dict[str, ZoneView]:
        return {"circle": self.circle, "state": self.state, "active": self.active,
                "reserve": self.reserve, "hand": self.hand}

    def show_board(self, board: BoardSnapshot | None) -> None:
        self.board = board
        if board is None:
            self.header.setText("")
            for zone in self.zones().values():
                zone.set_slots([])
            self.destiny.set_pile(0)
            self.in_ovo.set_pile(0)
            return
        where = "Game Setup" if board.phase == "Game Setup" else \
            f"Round {board.round} · {board.phase}"
        sites = len(board.state)
        self.header.setText(
            f"<b>{where}</b> · {sites} Site{'s' if sites != 1 else ''} secured · "
            f"{board.allies} All{'ies' if board.allies != 1 else 'y'} in play"
            + (" · <b>Victory!</b>" if board.won else "")
        )
        self.circle.set_slots([
            Slot(v, [], f"{v.paths} Path{'s' if v.paths != 1 else ''}" if v.paths else "")
            for v in board.circle
        ])
        self.state.set_slots([
            Slot(held.site, [*held.holders, *(CardView(r) for r in held.site.attached)])
            for held in board.state
        ])
        self.active.set_slots([Slot(v, [CardView(r) for r in v.attached])
                               for v in board.active])
        self.reserve.set_slots([Slot(v, [CardView(r) for r in v.attached])
                                for v in (*board.reserve, *board.effects)])
        self.hand.set_slots([Slot(CardView(r)) for r in board.hand])
        self.destiny.set_pile(board.destiny)
        self.in_ovo.set_pile(board.in_ovo, board.in_ovo_top)

    def _face_ready(self, _name: str, width: int) -> None:
        if width == FACE_WIDTH:
            self.faces.forget(_name)
            self.update_all()

    def _face_changed(self, name: str) -> None:
        self.faces.forget(name)
        self.update_all()

    def update_all(self) -> None:
        for widget in (*self.zones().values(), self.destiny, self.in_ovo):
            widget.update()
