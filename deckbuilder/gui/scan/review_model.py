"""The review queue as a table: one row per pending group (views only)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QBrush, QColor, QImageReader, QPixmap

from deckbuilder.gui.row_model import RowTableModel
from deckbuilder.services.scan_review import PendingGroup

#: A value read with less confidence is doubtful: highlighted for the user to check.
DOUBTFUL = 0.8
DOUBT_COLOUR = QColor(255, 214, 170)
THUMB = QSize(72, 100)


def thumbnail(path: Path, size: QSize = THUMB) -> QPixmap:
    """The crop at ``path`` decoded at ``size`` (an empty pixmap if it cannot be read)."""
    reader = QImageReader(str(path))
    reader.setScaledSize(size)
    image = reader.read()
    return QPixmap.fromImage(image) if not image.isNull() else QPixmap()


class ReviewModel(RowTableModel):
    """Rows are :class:`PendingGroup`; doubtful reads are highlighted."""

    HEADERS = ("Crop", "Name as read", "Catalogue match", "Copies", "Location", "Fields read")
    #: the column of the fields read (last: it stretches and wraps)
    FIELDS = 5

    def __init__(self, parent=None):
        super().__init__(parent)
        self._thumbs: dict[Path, QPixmap] = {}

    def group(self, row: int) -> PendingGroup:
        return self.rows[row]

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        group: PendingGroup = self.rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            if group.best_crop not in self._thumbs:
                self._thumbs[group.best_crop] = thumbnail(group.best_crop)
            return self._thumbs[group.best_crop]
        if role == Qt.ItemDataRole.SizeHintRole and column == 0:
            return THUMB + QSize(8, 8)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(group, column)
        if role == Qt.ItemDataRole.BackgroundRole:
            doubtful = (column == 1 and group.name_confidence < DOUBTFUL) or (
                column == self.FIELDS and any(c < DOUBTFUL for _, c in group.fields.values()))
            return QBrush(DOUBT_COLOUR) if doubtful else None
        if role == Qt.ItemDataRole.ToolTipRole and column in (1, self.FIELDS):
            return "Highlighted: read with little confidence, check it against the card"
        return None

    @staticmethod
    def _text(group: PendingGroup, column: int) -> str:
        if column == 1:
            return f"{group.name_read or '(not read)'}  ({group.name_confidence:.0%})"
        if column == 2:
            return (f"{group.match_name}  ({group.match_score:.0%})" if group.match_name
                    else "unknown card: opens the form")
        if column == 3:
            return str(group.copies)
        if column == 5:
            return ", ".join(f"{k} {v} ({c:.0%})" for k, (v, c) in group.fields.items())
        if column == 4:
            return group.location
        return ""
