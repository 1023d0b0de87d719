"""The card table model: rows are card ids; records are read a page at a time.

The model holds only the list of card ids a search returned (server-side sorted by
:func:`card_db.search.search_card_ids`) and the owned counts. A row's record is
read when a view first asks for it, together with the rest of its page of
:data:`PAGE_SIZE` rows, and kept in a bounded cache. So 50,000 results cost one
list of integers, and scrolling reads only the pages that come into view.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import (
    QAbstractTableModel,
    QMimeData,
    QModelIndex,
    Qt,
    Signal,
)

from card_db.records import CardRecord
from deckbuilder.gui.mime import CARD_MIME_TYPE, card_mime_data
from deckbuilder.gui.style import ESTIMATED_NOTE, ESTIMATED_QCOLOR
from deckbuilder.presentation import dominion_text, shown

#: Rows read together when one of them is first shown.
PAGE_SIZE = 64
#: Records kept in memory at most.
CACHE_RECORDS = 4096

#: Role returning the row's :class:`CardRecord`.
RecordRole = Qt.ItemDataRole.UserRole + 1
#: Role returning the row's card id.
CardIdRole = Qt.ItemDataRole.UserRole + 2
#: Role returning the copies owned.
OwnedRole = Qt.ItemDataRole.UserRole + 3

_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_ROLES = frozenset({
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.TextAlignmentRole,
    RecordRole,
    CardIdRole,
    OwnedRole,
})

Loader = Callable[[Sequence[int]], Mapping[int, CardRecord]]


@dataclass(frozen=True)
class Column:
    """A table column: header ``title``, the search ``order`` key it sorts by, the
    record ``field`` whose estimated mark it shows (``None``: none), and whether it
    holds numbers (right-aligned)."""

    title: str
    order: str
    field: str | None
    numeric: bool = False


COLUMNS = (
    Column("Name", "name", None),
    Column("Type", "type", "card_type"),
    Column("Dominion", "dominion", "dominions", True),
    Column("Magic", "magic", "magic", True),
    Column("Strength", "strength", "strength", True),
    Column("Prime", "prime", "prime", True),
    Column("Resistance", "resistance", "resistance", True),
    Column("Set", "set", None),
    Column("Owned", "owned", None, True),
)
NAME, TYPE, DOMINION, MAGIC, STRENGTH, PRIME, RESISTANCE, SET, OWNED = range(len(COLUMNS))


def cell_text(record: CardRecord, column: int, owned: int) -> str:
    """The text of one cell, estimated values marked (see :mod:`deckbuilder.presentation`)."""
    if column == NAME:
        return record.name
    if column == TYPE:
        return shown(record, "card_type", record.card_type.value)
    if column == DOMINION:
        return dominion_text(record)
    if column == SET:
        return record.set_name
    if column == OWNED:
        return str(owned)
    return shown(record, COLUMNS[column].field)


class CardTableModel(QAbstractTableModel):
    """Search results as table rows, read lazily through ``loader``.

    ``loader(ids)`` returns ``{card id: CardRecord}`` for the ids it knows.
    ``sort_requested(column, order)`` is emitted by :meth:`sort`: sorting happens
    in the database, by re-running the search (see :mod:`.search`).
    """

    sort_requested = Signal(int, Qt.SortOrder)

    def __init__(self, loader: Loader, parent=None):
        super().__init__(parent)
        self._loader = loader
        self._ids: tuple[int, ...] = ()
        self._owned: Mapping[int, int] = {}
        self._records: OrderedDict[int, CardRecord] = OrderedDict()
        #: Number of loader calls and records read so far (tests and benchmarks read these).
        self.pages_loaded = 0
        self.records_loaded = 0

    # -- contents -------------------------------------------------------------------

    @property
    def card_ids(self) -> tuple[int, ...]:
        return self._ids

    def set_results(self, ids: Sequence[int], owned: Mapping[int, int]) -> None:
        """Show ``ids`` in this order, with ``owned`` copies per card id."""
        self.beginResetModel()
        self._ids = tuple(ids)
        self._owned = owned
        self.endResetModel()

    def invalidate(self) -> None:
        """Forget every cached record (the cards changed) and repaint."""
        self._records.clear()
        if self._ids:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._ids) - 1, len(COLUMNS) - 1)
            )

    def row_of(self, card_id: int) -> int:
        """The row showing ``card_id``, or -1."""
        try:
            return self._ids.index(card_id)
        except ValueError:
            return -1

    def record_at(self, row: int) -> CardRecord | None:
        """The record of ``row``, reading its page if needed (``None`` outside the rows)."""
        if not 0 <= row < len(self._ids):
            return None
        card_id = self._ids[row]
        record = self._records.get(card_id)
        if record is None:
            self._load_page(row // PAGE_SIZE)
            record = self._records.get(card_id)
        else:
            self._records.move_to_end(card_id)
        return record

    def owned(self, row: int) -> int:
        return self._owned.get(self._ids[row], 0) if 0 <= row < len(self._ids) else 0

    def cached_count(self) -> int:
        """Records currently held in memory."""
        return len(self._records)

    def _load_page(self, page: int) -> None:
        wanted = [
            i for i in self._ids[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
            if i not in self._records
        ]
        found = self._loader(wanted)
        self.pages_loaded += 1
        self.records_loaded += len(found)
        for card_id in wanted:
            if card_id in found:
                self._records[card_id] = found[card_id]
        while len(self._records) > CACHE_RECORDS:
            self._records.popitem(last=False)

    # -- Qt model interface ---------------------------------------------------------------

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(COLUMNS):
            if role == Qt.ItemDataRole.DisplayRole:
                return COLUMNS[section].title
            if role == Qt.ItemDataRole.ToolTipRole:
                return f"Sort by {COLUMNS[section].title.lower()}"
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role not in _ROLES or not index.isValid():
            return None  # most roles a view asks for: answered without reading the card
        row, column = index.row(), index.column()
        if role == CardIdRole:
            return self._ids[row] if row < len(self._ids) else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if COLUMNS[column].numeric else None
        record = self.record_at(row)
        if record is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return cell_text(record, column, self.owned(row))
        if role == RecordRole:
            return record
        if role == OwnedRole:
            return self.owned(row)
        field = COLUMNS[column].field
        estimated = field is not None and field in record.estimated
        if role == Qt.ItemDataRole.ForegroundRole:
            return ESTIMATED_QCOLOR if estimated else None
        if role == Qt.ItemDataRole.ToolTipRole:
            if column in (SET, TYPE) and not estimated:  # elided when the table is narrow
                return cell_text(record, column, 0) or None
            return ESTIMATED_NOTE if estimated else (record.powers or record.traits or None)
        return None

    def flags(self, index):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemIsDragEnabled
            | Qt.ItemFlag.ItemNeverHasChildren
        )

    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        self.sort_requested.emit(column, order)

    def mimeTypes(self) -> list[str]:
        return [CARD_MIME_TYPE]

    def mimeData(self, indexes) -> QMimeData:
        rows = sorted({i.row() for i in indexes if i.isValid()})
        names = [r.name for r in (self.record_at(row) for row in rows) if r is not None]
        return card_mime_data(names)

    def supportedDragActions(self):
        return Qt.DropAction.CopyAction

