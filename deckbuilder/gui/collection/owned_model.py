"""The owned copies as an editable table model; edits are written through the services.

An edit shows at once; the write (:func:`deckbuilder.services.collection.update_entry`)
runs through ``context.operations`` (the single writer thread, in order; undoable).
If the service refuses the value the cell goes back to the stored one and the error
is shown. The Wishlist column
is a check box per card (:func:`deckbuilder.services.collection.set_wishlist`).
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt, Signal

from card_db.records import Condition
from deckbuilder.services.collection import OwnedEntry, set_wishlist, update_entry

CARD, QUANTITY, CONDITION, LOCATION, NOTES, FOR_TRADE, WISHLIST = range(7)
HEADERS = ("Card", "Quantity", "Condition", "Location", "Notes", "For trade", "Wishlist")
#: Column -> the :func:`update_entry` keyword it edits.
EDITABLE = {
    QUANTITY: "quantity",
    CONDITION: "condition",
    LOCATION: "location",
    NOTES: "notes",
    FOR_TRADE: "for_trade",
}
TOOLTIPS = {
    FOR_TRADE: "Copies of this entry you offer for trade (0: not for trade)",
    WISHLIST: "Tick to put the card on your wishlist",
    CONDITION: "Double-click to choose the condition",
}


class OwnedEntriesModel(QAbstractTableModel):
    """Collection entries, one row each.

    Signals: ``stored(OwnedEntry)`` after a write succeeded, ``merged()`` when a write
    merged two entries (the screen reloads). The model is the initiator of its writes.
    """

    stored = Signal(object)
    merged = Signal()

    def __init__(self, context, parent=None):
        super().__init__(parent)
        self._context = context
        self._entries: list[OwnedEntry] = []
        self._wished: set[str] = set()

    # -- contents -------------------------------------------------------------------

    def load(self, entries: list[OwnedEntry], wished: set[str]) -> None:
        self.beginResetModel()
        self._entries = list(entries)
        self._wished = set(wished)
        self.endResetModel()

    def set_wished(self, wished: set[str]) -> None:
        self._wished = set(wished)
        if self._entries:
            self.dataChanged.emit(
                self.index(0, WISHLIST), self.index(len(self._entries) - 1, WISHLIST)
            )

    def entry(self, row: int) -> OwnedEntry:
        return self._entries[row]

    def entries(self) -> list[OwnedEntry]:
        return list(self._entries)

    # -- Qt model interface -----------------------------------------------------------

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return TOOLTIPS.get(section)
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        entry = self._entries[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            values = {
                CARD: entry.name,
                QUANTITY: entry.quantity,
                CONDITION: entry.condition.value,
                LOCATION: entry.location,
                NOTES: entry.notes,
                FOR_TRADE: entry.for_trade,
            }
            return values.get(column)
        if role == Qt.ItemDataRole.CheckStateRole and column == WISHLIST:
            return (
                Qt.CheckState.Checked if entry.name in self._wished else Qt.CheckState.Unchecked
            )
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (QUANTITY, FOR_TRADE):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def flags(self, index):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() in EDITABLE:
            flags |= Qt.ItemFlag.ItemIsEditable
        if index.column() == WISHLIST:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid():
            return False
        row, column = index.row(), index.column()
        entry = self._entries[row]
        if column == WISHLIST and role == Qt.ItemDataRole.CheckStateRole:
            wanted = Qt.CheckState(value) == Qt.CheckState.Checked
            self._write_wishlist(entry.name, wanted)
            return True
        if role != Qt.ItemDataRole.EditRole or column not in EDITABLE:
            return False
        field = EDITABLE[column]
        if column in (QUANTITY, FOR_TRADE):
            try:
                value = int(value)
            except (TypeError, ValueError):
                return False
        elif column == CONDITION:
            try:
                value = Condition(str(value))
            except ValueError:
                return False
        else:
            value = str(value).strip()
        if getattr(entry, field) == value:
            return False
        self._entries[row] = replace(entry, **{field: value})
        self.dataChanged.emit(index, index)
        self._write_entry(entry, field, value)
        return True

    # -- writes -----------------------------------------------------------------------------

    def _write_entry(self, before: OwnedEntry, field: str, value) -> None:
        self._context.operations.run(
            update_entry,
            before.entry_id,
            initiator=self,
            on_done=lambda outcome: self._stored(before, outcome.value),
            on_error=lambda _exc: self._rejected(before),
            error_title="The change was not saved",
            **{field: value},
        )

    def _row_of(self, entry_id: int) -> int:
        for row, entry in enumerate(self._entries):
            if entry.entry_id == entry_id:
                return row
        return -1

    def _stored(self, before: OwnedEntry, stored: OwnedEntry) -> None:
        if stored.entry_id != before.entry_id:
            self.merged.emit()
        else:
            row = self._row_of(stored.entry_id)
            if row >= 0:
                self._entries[row] = stored
                self.dataChanged.emit(self.index(row, 0), self.index(row, len(HEADERS) - 1))
        self.stored.emit(stored)

    def _rejected(self, before: OwnedEntry) -> None:
        row = self._row_of(before.entry_id)
        if row >= 0:
            self._entries[row] = before
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(HEADERS) - 1))

    def _write_wishlist(self, name: str, wanted: bool) -> None:
        previous = set(self._wished)
        if wanted:
            self._wished.add(name)
        else:
            self._wished.discard(name)
        self.set_wished(self._wished)

        self._context.operations.run(
            set_wishlist,
            name,
            1 if wanted else 0,
            initiator=self,
            on_error=lambda _exc: self.set_wished(previous),
            error_title="The wishlist was not changed",
        )
