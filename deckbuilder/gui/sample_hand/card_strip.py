"""A row of card faces: a list model of records with captions, shown as images.

Faces come from the app's :class:`~deckbuilder.gui.images.CardImages` cache (drawn by
:func:`deckbuilder.services.images.face_for` off the GUI thread); a card outline
stands in until its face is ready.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QAbstractListModel, QModelIndex, QSize, Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QAbstractItemView, QListView

from card_db.images.aspect import card_height
from card_db.records import CardRecord
from deckbuilder.gui.browser.views import placeholder_pixmap
from deckbuilder.presentation import characteristics_text

#: Role returning the row's :class:`CardRecord`.
RecordRole = Qt.ItemDataRole.UserRole + 1
_ROOT = QModelIndex()


class CardStripModel(QAbstractListModel):
    """Cards ``(record, caption)``; faces ``width`` px wide from ``images``."""

    def __init__(self, images, width: int, parent=None):
        super().__init__(parent)
        self.images = images
        self.width = width
        self.cards: list[tuple[CardRecord, str]] = []
        self.placeholder: QPixmap | None = None
        self._scaled: dict[str, QPixmap] = {}
        images.ready.connect(self._ready)
        context = images.parent()  # the AppContext: forget a face when its scan changes
        if hasattr(context, "images_changed"):
            context.images_changed.connect(lambda name: self._scaled.pop(name, None))
            context.catalogue_changed.connect(lambda _names: self._scaled.clear())

    def set_cards(self, cards: Sequence[tuple[CardRecord, str]]) -> None:
        self.beginResetModel()
        self.cards = list(cards)
        self.endResetModel()

    def names(self) -> list[str]:
        return [record.name for record, _ in self.cards]

    def rowCount(self, parent: QModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.cards)

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        record, caption = self.cards[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return caption or record.name
        if role == Qt.ItemDataRole.DecorationRole:
            return self.face(record)
        if role == Qt.ItemDataRole.ToolTipRole:
            details = characteristics_text(record)
            return f"{record.name}\n{record.card_type.value}" + (f" · {details}" if details
                                                                 else "")
        if role == RecordRole:
            return record
        return None

    def face(self, record: CardRecord) -> QPixmap | None:
        """The face at the strip's width (the placeholder while it is drawn)."""
        scaled = self._scaled.get(record.name)
        if scaled is not None:
            return scaled
        pixmap = self.images.pixmap(record, self.width)
        if pixmap is None:
            return self.placeholder
        if pixmap.width() != self.width:  # faces are never drawn narrower than legible
            pixmap = pixmap.scaledToWidth(self.width, Qt.TransformationMode.SmoothTransformation)
        self._scaled[record.name] = pixmap
        return pixmap

    def _ready(self, name: str, width: int) -> None:
        if width != self.width:
            return
        self._scaled.pop(name, None)
        for row, (record, _caption) in enumerate(self.cards):
            if record.name == name:
                index = self.index(row)
                self.dataChanged.emit(index, index, [Qt.ItemDataRole.DecorationRole])


class CardStrip(QListView):
    """Card faces left to right, wrapping; ``width`` px faces."""

    def __init__(self, images, width: int, parent=None):
        super().__init__(parent)
        self.strip = CardStripModel(images, width, self)
        self.strip.placeholder = placeholder_pixmap(width, self.palette())
        self.setModel(self.strip)
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setMovement(QListView.Movement.Static)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setWrapping(True)
        self.setWordWrap(True)
        # sizes per item: a uniform size taken from the first caption cut the others
        # ("Cinder …") instead of letting them wrap onto a second line
        self.setUniformItemSizes(False)
        self.setSpacing(4)
        self.setIconSize(QSize(width, card_height(width)))
        # room for a caption of two lines under each face (longer ones are elided)
        self.setGridSize(QSize(width + 14, card_height(width) + 2 * self.fontMetrics().lineSpacing()
                               + 12))
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)

    def set_cards(self, cards: Sequence[tuple[CardRecord, str]]) -> None:
        self.strip.set_cards(cards)
