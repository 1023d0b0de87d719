"""The wishlist as an editable table: wanted copies and notes per card."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt, Signal

from deckbuilder.gui.row_model import RowTableModel
from deckbuilder.services.collection import WishlistItem, set_wishlist

CARD, WANTED, NOTES = range(3)
HEADERS = ("Card", "Wanted", "Notes")


class WishlistModel(RowTableModel):
    """Wishlist items; edits go through :func:`deckbuilder.services.collection.set_wishlist`.

    Setting Wanted to 0 takes the card off the list. ``changed()`` asks for a reload
    after a write failed (a write that succeeded reloads by ``collection_changed``).
    """

    HEADERS = HEADERS

    changed = Signal()

    def __init__(self, context, parent=None):
        super().__init__(parent)
        self._context = context

    def load(self, items: list[WishlistItem]) -> None:
        self.replace_rows(items)

    def item(self, row: int) -> WishlistItem:
        return self.rows[row]

    def names(self) -> set[str]:
        return {item.name for item in self.rows}

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        item = self.rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return (item.name, item.quantity, item.notes)[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == WANTED:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def flags(self, index):
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.isValid() and index.column() in (WANTED, NOTES):
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False

        row = index.row()
        before = self.rows[row]
        if index.column() == WANTED:
            try:
                after = replace(before, quantity=int(value))
            except (TypeError, ValueError):
                return False
        elif index.column() == NOTES:
            after = replace(before, notes=str(value).strip())
        else:
            return False
        if after == before:
            return False
        self.rows[row] = after
        self.dataChanged.emit(index, index)

        def failed(_exc: BaseException) -> None:
            self.changed.emit()  # reload the stored values; the dialog shows the error

        self._context.operations.run(
            set_wishlist,
            after.name,
            after.quantity,
            after.notes,
            initiator=self,
            on_error=failed,
            error_title="The wishlist was not changed",
        )
        return True
