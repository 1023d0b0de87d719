"""Completion per set: owned distinct cards against the set's total, and the missing cards."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QStringListModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListView,
    QPushButton,
    QSplitter,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionProgressBar,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.gui.row_model import RowTableModel
from deckbuilder.services.collection import SetCompletion

SET, OWNED, TOTAL, DONE = range(4)
HEADERS = ("Set", "Owned", "Total", "Complete")


class CompletionModel(RowTableModel):
    """One row per set; the Complete column's value is the fraction owned (0..1)."""

    HEADERS = HEADERS

    def load(self, sets: list[SetCompletion]) -> None:
        self.replace_rows(sets)

    def completion(self, row: int) -> SetCompletion | None:
        return self.rows[row] if 0 <= row < len(self.rows) else None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        item = self.rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (item.set_name or "(no set)", item.owned, item.total,
                    f"{item.fraction:.0%}")[column]
        if role == Qt.ItemDataRole.UserRole and column == DONE:
            return item.fraction
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (OWNED, TOTAL):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class ProgressDelegate(QStyledItemDelegate):
    """Draws the Complete column as a progress bar in the current style."""

    def paint(self, painter, option, index):
        fraction = index.data(Qt.ItemDataRole.UserRole)
        if fraction is None:
            super().paint(painter, option, index)
            return
        bar = QStyleOptionProgressBar()
        bar.rect = option.rect.adjusted(3, 3, -3, -3)
        bar.minimum, bar.maximum = 0, 1000
        bar.progress = round(fraction * 1000)
        bar.text = index.data(Qt.ItemDataRole.DisplayRole)
        bar.textVisible = True
        bar.textAlignment = Qt.AlignmentFlag.AlignCenter
        bar.state = option.state | QStyle.StateFlag.State_Horizontal
        bar.palette = option.palette
        style = option.widget.style() if option.widget else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ProgressBar, bar, painter, option.widget)


class CompletionView(QWidget):
    """Sets with their completion above, the selected set's missing cards below.

    ``wishlist_requested(list[str])`` asks to put the selected missing cards on the
    wishlist.
    """

    wishlist_requested = Signal(list)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.model = CompletionModel(self)
        self.table = QTableView()
        self.table.setObjectName("completionTable")
        self.table.setModel(self.model)
        self.table.setItemDelegateForColumn(DONE, ProgressDelegate(self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.setShowGrid(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(SET, QHeaderView.ResizeMode.Stretch)
        for column in (OWNED, TOTAL):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.resizeSection(DONE, 110)
        self.missing_label = QLabel("Missing cards")
        self.missing_model = QStringListModel(self)
        self.missing = QListView()
        self.missing.setObjectName("missingCards")
        self.missing.setModel(self.missing_model)
        self.missing.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.missing.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.wish_button = QPushButton("Add to wishlist")
        self.wish_button.setToolTip("Put the selected missing cards on your wishlist")
        self.wish_button.clicked.connect(self._wish)
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        title = QHBoxLayout()
        title.addWidget(self.missing_label, 1)
        title.addWidget(self.wish_button)
        lower_layout.addLayout(title)
        lower_layout.addWidget(self.missing)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setObjectName("completionSplitter")
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(lower)
        self.splitter.setSizes([180, 400])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)
        self.table.selectionModel().currentRowChanged.connect(self._set_chosen)

    def load(self, sets: list[SetCompletion]) -> None:
        chosen = self.model.completion(self.table.currentIndex().row())
        self.model.load(sets)
        row = 0
        if chosen is not None:
            row = next((i for i, s in enumerate(sets) if s.set_name == chosen.set_name), 0)
        if sets:
            self.table.setCurrentIndex(self.model.index(row, 0))
        else:
            self._set_chosen(QModelIndex())

    def _set_chosen(self, current, _previous=None) -> None:
        item = self.model.completion(current.row()) if current.isValid() else None
        if item is None:
            self.missing_label.setText("Missing cards")
            self.missing_model.setStringList([])
            return
        self.missing_label.setText(
            f"Missing from {item.set_name or '(no set)'}: {len(item.missing)} of {item.total}"
        )
        self.missing_model.setStringList(list(item.missing))

    def _wish(self) -> None:
        names = [i.data() for i in self.missing.selectionModel().selectedRows()]
        if names:
            self.wishlist_requested.emit(sorted(names))
