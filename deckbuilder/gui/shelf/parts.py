"""The parts list of a game, with a copy's counts typed in place (the count view).

Found and Damaged are edited with a spin box that starts at the expected count for a
component not counted yet, so Enter confirms "all there"; after each count the
current cell moves down one row, so a whole box is counted from the keyboard. Each
count is handed to ``on_count(component, column, value)``; the table shows it once
the write has been saved and the screen reloads. Damaged is editable only once Found
is counted, up to the pieces found (the service refuses anything else). A value
equal to the one shown is not written again.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QSpinBox,
    QStyledItemDelegate,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from card_db.games import GameDefinition
from deckbuilder.services.shelf import CopyStatus

HEADERS = ("Group", "Component", "Kind", "Expected", "Found", "Damaged", "Missing")
GROUP, NAME, KIND, EXPECTED, FOUND, DAMAGED, MISSING = range(len(HEADERS))
START = Qt.ItemDataRole.UserRole  # the value a spin box starts at
LIMIT = Qt.ItemDataRole.UserRole + 1  # the most a spin box allows (Damaged: the found)
MAX_COUNT = 9999
MISSING_COLOUR = QColor("#b3261e")


class CountDelegate(QStyledItemDelegate):
    """A spin box for the Found and Damaged cells; a committed value goes to
    ``on_commit(row, column, value)`` instead of the cell."""

    def __init__(self, on_commit: Callable[[int, int, int], None], parent=None):
        super().__init__(parent)
        self._on_commit = on_commit

    def createEditor(self, parent: QWidget, _option, _index: QModelIndex) -> QWidget:
        editor = QSpinBox(parent)
        editor.setRange(0, MAX_COUNT)
        editor.setObjectName("shelfCountEditor")
        return editor

    def setEditorData(self, editor: QSpinBox, index: QModelIndex) -> None:
        limit = index.data(LIMIT)
        editor.setMaximum(MAX_COUNT if limit is None else int(limit))
        editor.setValue(int(index.data(START) or 0))
        editor.selectAll()

    def setModelData(self, editor: QSpinBox, _model, index: QModelIndex) -> None:
        editor.interpretText()
        self._on_commit(index.row(), index.column(), editor.value())


class PartsTable(QTableWidget):
    """A game's components, one row each, with the counts of one copy (or none)."""

    def __init__(self, on_count: Callable[[str, str, int], None], parent=None):
        super().__init__(0, len(HEADERS), parent)
        self.setObjectName("shelfParts")
        self.setHorizontalHeaderLabels(HEADERS)
        self.verticalHeader().hide()
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.AnyKeyPressed
                             | QAbstractItemView.EditTrigger.DoubleClicked
                             | QAbstractItemView.EditTrigger.EditKeyPressed)
        self.setWordWrap(False)
        # Every column as wide as its contents, so no name is shortened ("Clover of
        # Determination" at 1024 px).
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        # room for the count's spin box (up to MAX_COUNT) in every column
        probe = QSpinBox()
        probe.setRange(0, MAX_COUNT)
        header.setMinimumSectionSize(probe.sizeHint().width())
        self.setItemDelegate(CountDelegate(self._commit, self))
        self._on_count = on_count
        self.components: list[str] = []

    def show_game(self, game: GameDefinition, status: CopyStatus | None) -> None:
        """Fill the table with ``game``'s parts and, if given, the counts of a copy."""
        found = status.copy.found if status else {}
        damaged = status.copy.damaged if status else {}
        self.components = [c.name for c in game.components]
        self.setRowCount(len(game.components))
        for row, component in enumerate(game.components):
            estimated = " (estimated)" if component.estimated else ""
            cells = [" > ".join(component.group), component.name, component.kind,
                     f"{component.count}{estimated}"]
            for column, text in enumerate(cells):
                item = _item(text, editable=False)
                item.setToolTip(text)
                self.setItem(row, column, item)
            n_found = found.get(component.name)  # None: not counted yet
            n_damaged = damaged.get(component.name, 0)
            for column, text, start, editable in (
                (FOUND, "" if n_found is None else str(n_found),
                 component.count if n_found is None else n_found, status is not None),
                # damaged pieces are marked among those found: count them first
                (DAMAGED, str(n_damaged) if n_damaged else "", n_damaged,
                 n_found is not None),
            ):
                item = _item(text, editable=editable)
                item.setData(START, start)
                if column == DAMAGED and n_found is not None:
                    item.setData(LIMIT, n_found)
                elif column == DAMAGED and status is not None:
                    item.setToolTip("Count the pieces found first")
                self.setItem(row, column, item)
            short = 0 if n_found is None else max(0, component.count - n_found)
            item = _item(str(short) if short else "", editable=False)
            item.setForeground(MISSING_COLOUR)
            self.setItem(row, MISSING, item)

    def _commit(self, row: int, column: int, value: int) -> None:
        shown = self.item(row, column).text()
        if shown != str(value) and not (column == DAMAGED and value == 0 and not shown):
            what = "found" if column == FOUND else "damaged"
            self._on_count(self.components[row], what, value)
        if row + 1 < self.rowCount():
            self.setCurrentCell(row + 1, column)


def _item(text: str, editable: bool) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
    if editable:
        flags |= Qt.ItemFlag.ItemIsEditable
    item.setFlags(flags)
    return item
