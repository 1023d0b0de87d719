"""The deck list as a two-level model: groups by card type, then one row per card.

Top-level rows are the eight card types of the main deck in the rulebook's order
("Types of Cards"), then the sideboard; each group's count is its total copies. The
model never resets on an edit: after each change of the document it removes, moves
and inserts only the rows that changed, so the view keeps its selection, expansion
and scroll position. Cards dropped on it (:data:`~deckbuilder.gui.mime.CARD_MIME_TYPE`)
are added to the deck as one undoable edit, to the sideboard if dropped there.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import (
    QAbstractItemModel,
    QMimeData,
    QModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont

from card_db.errors import UserError
from card_db.records import CardRecord, CardType
from deckbuilder.deck.decklist import MAIN, SIDEBOARD
from deckbuilder.gui.deck_editor.document import DeckDocument
from deckbuilder.gui.mime import CARD_MIME_TYPE, card_names
from deckbuilder.gui.style import ESTIMATED_NOTE, ESTIMATED_QCOLOR
from deckbuilder.presentation import TYPE_GROUP_TITLES, dominion_text, shown

COLUMNS = ("Count", "Name", "Dominion", "Prime", "Magic", "Strength", "Resistance")
COUNT, NAME, DOMINION, PRIME, MAGIC, STRENGTH, RESISTANCE = range(len(COLUMNS))
#: The titles shown when the list is short of room for the cards' names (the full
#: title is each header's tooltip).
SHORT_COLUMNS = ("#", "Name", "Dom.", "Pri.", "Mag.", "Str.", "Res.")
#: The record field behind each characteristic column (for sorting and estimated marks).
FIELDS = {DOMINION: "dominions", PRIME: "prime", MAGIC: "magic", STRENGTH: "strength",
          RESISTANCE: "resistance"}

#: Role returning a card row's name (``None`` on group rows).
NameRole = Qt.ItemDataRole.UserRole + 1
#: Role returning the zone (``"main"`` or ``"side"``) of a row.
ZoneRole = Qt.ItemDataRole.UserRole + 2

_ROOT = QModelIndex()
UNKNOWN_TITLE = "Not in the catalogue"
SIDEBOARD_TITLE = "Sideboard"
#: The sideboard's row while it is empty (shown across the columns, not as "0 Sideboard").
EMPTY_SIDEBOARD_TEXT = "Sideboard: empty (drop cards here, or Move to Sideboard: Ctrl+M)"


_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_HANDLED_ROLES = frozenset({
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.ForegroundRole, NameRole, ZoneRole,
})


@dataclass(frozen=True)
class _Row:
    """A card row's cell texts, the columns holding estimated values, its tooltip."""

    cells: tuple
    estimated: frozenset[int]
    tooltip: str


@dataclass
class Group:
    """A top-level row: its ``title``, ``zone``, the card type it holds (``None``: the
    sideboard, or unknown cards when ``unknown``) and its card names in display order."""

    title: str
    zone: str
    card_type: CardType | None
    unknown: bool = False
    names: list[str] = field(default_factory=list)


def _number_key(value: int | None) -> tuple[bool, int]:
    return (value is None, value or 0)


class DeckTreeModel(QAbstractItemModel):
    """The rows of one :class:`DeckDocument`; ``drop_failed(exception)`` when dropped
    cards could not be added."""

    drop_failed = Signal(object)

    def __init__(self, document: DeckDocument, parent=None):
        super().__init__(parent)
        self.document = document
        self.groups = [Group(TYPE_GROUP_TITLES[t], MAIN, t) for t in CardType]
        #: Whether the headers show :data:`SHORT_COLUMNS` (see :meth:`set_short_titles`).
        self.short_titles = False
        self.groups.append(Group(UNKNOWN_TITLE, MAIN, None, unknown=True))
        self.groups.append(Group(SIDEBOARD_TITLE, SIDEBOARD, None))
        self._counts: dict[str, dict[str, int]] = {MAIN: {}, SIDEBOARD: {}}
        self._rows: dict[tuple[str, str], _Row] = {}
        self._catalogue = None
        self._sort_column = NAME
        self._sort_order = Qt.SortOrder.AscendingOrder
        self._bold = QFont()
        self._bold.setBold(True)
        document.changed.connect(self.sync)
        self.sync()

    # -- structure ------------------------------------------------------------------------------

    def index(self, row: int, column: int, parent: QModelIndex = _ROOT) -> QModelIndex:
        if column < 0 or column >= len(COLUMNS) or row < 0:
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, 0) if row < len(self.groups) else QModelIndex()
        if parent.internalId() != 0:
            return QModelIndex()
        group = parent.row()
        if row >= len(self.groups[group].names):
            return QModelIndex()
        return self.createIndex(row, column, group + 1)

    def parent(self, child: QModelIndex = _ROOT) -> QModelIndex:  # type: ignore[override]
        if not child.isValid() or child.internalId() == 0:
            return QModelIndex()
        return self.createIndex(child.internalId() - 1, 0, 0)

    def rowCount(self, parent: QModelIndex = _ROOT) -> int:
        if not parent.isValid():
            return len(self.groups)
        if parent.internalId() == 0 and parent.column() == 0:
            return len(self.groups[parent.row()].names)
        return 0

    def columnCount(self, parent: QModelIndex = _ROOT) -> int:
        return len(COLUMNS)

    def headerData(self, section: int, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (SHORT_COLUMNS if self.short_titles else COLUMNS)[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return COLUMNS[section]
        return None

    def set_short_titles(self, short: bool) -> None:
        """Show :data:`SHORT_COLUMNS` (``True``) or :data:`COLUMNS` as the titles."""
        if short != self.short_titles:
            self.short_titles = short
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(COLUMNS) - 1)

    def card_names(self) -> list[str]:
        """Every card name listed, in every group."""
        return [name for group in self.groups for name in group.names]

    # -- reading --------------------------------------------------------------------------------

    def group_of(self, index: QModelIndex) -> Group | None:
        if not index.isValid():
            return None
        return self.groups[index.row() if index.internalId() == 0 else index.internalId() - 1]

    def name_at(self, index: QModelIndex) -> str | None:
        """The card name of a card row (``None`` for a group row)."""
        if not index.isValid() or index.internalId() == 0:
            return None
        return self.groups[index.internalId() - 1].names[index.row()]

    def zone_at(self, index: QModelIndex) -> str:
        group = self.group_of(index)
        return group.zone if group is not None else MAIN

    def group_index(self, zone: str, card_type: CardType | None) -> QModelIndex:
        for row, group in enumerate(self.groups):
            if group.zone == zone and group.card_type is card_type and not group.unknown:
                return self.index(row, 0)
        return QModelIndex()

    def card_index(self, name: str, zone: str = MAIN, column: int = 0) -> QModelIndex:
        """The row of card ``name`` in ``zone`` (invalid if absent)."""
        for row, group in enumerate(self.groups):
            if group.zone != zone:
                continue
            if name in group.names:
                return self.index(group.names.index(name), column, self.index(row, 0))
        return QModelIndex()

    def total(self, group: Group) -> int:
        counts = self._counts[group.zone]
        return sum(counts.get(name, 0) for name in group.names)

    def _record(self, name: str) -> CardRecord | None:
        return self.document.catalogue.get(name)

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if role not in _HANDLED_ROLES or not index.isValid():
            return None
        column = index.column()
        if index.internalId() == 0:
            return self._group_data(self.groups[index.row()], column, role)
        group = self.groups[index.internalId() - 1]
        name = group.names[index.row()]
        if role == NameRole:
            return name
        if role == ZoneRole:
            return group.zone
        row = self._row(group.zone, name)
        if role == Qt.ItemDataRole.DisplayRole:
            return row.cells[column]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return None if column == NAME else _RIGHT
        if role == Qt.ItemDataRole.ForegroundRole:
            return ESTIMATED_QCOLOR if column in row.estimated else None
        if role == Qt.ItemDataRole.ToolTipRole:
            return row.tooltip + (f"\n{ESTIMATED_NOTE}" if column in row.estimated else "")
        return None

    def _row(self, zone: str, name: str) -> _Row:
        """The cells of a card row, computed once per change of the deck."""
        key = (zone, name)
        row = self._rows.get(key)
        if row is None:
            record = self._record(name)
            count = self._counts[zone].get(name, 0)
            cells = tuple(self._cell(record, name, count, column)
                          for column in range(len(COLUMNS)))
            if record is None:
                row = _Row(cells, frozenset(), f"{name} (not in the catalogue)")
            else:
                estimated = frozenset(c for c, f in FIELDS.items() if record.is_estimated(f))
                tip = f"{record.name} ({record.card_type.value})"
                row = _Row(cells, estimated, tip + (f"\n{record.powers}" if record.powers
                                                      else ""))
            self._rows[key] = row
        return row

    @staticmethod
    def is_empty_sideboard(group: Group) -> bool:
        return group.zone == SIDEBOARD and not group.names

    def _group_data(self, group: Group, column: int, role):
        if self.is_empty_sideboard(group) and column == COUNT and role in (
                Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.TextAlignmentRole):
            return EMPTY_SIDEBOARD_TEXT if role == Qt.ItemDataRole.DisplayRole else None
        if role == Qt.ItemDataRole.DisplayRole:
            if column == NAME:
                return group.title
            if column == COUNT:
                return self.total(group)
            return None
        if role == Qt.ItemDataRole.FontRole:
            return self._bold
        if role == Qt.ItemDataRole.TextAlignmentRole and column == COUNT:
            return _RIGHT
        if role == ZoneRole:
            return group.zone
        return None

    def _cell(self, record: CardRecord | None, name: str, count: int, column: int) -> str | int:
        if column == COUNT:
            return count
        if column == NAME:
            return name
        if record is None:
            return ""
        if column == DOMINION:
            return dominion_text(record)
        character = record.card_type is CardType.CHARACTER
        if column in (PRIME, MAGIC, STRENGTH):
            return shown(record, FIELDS[column]) if character else ""
        if column == RESISTANCE:
            return shown(record, "resistance") if record.card_type is CardType.SITE else ""
        return ""

    def flags(self, index: QModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled
        return (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsDropEnabled)

    # -- sorting --------------------------------------------------------------------------------

    def _sort_key(self, zone: str):
        column = self._sort_column
        counts = self._counts[zone]

        def key(name: str):
            folded = name.casefold()
            record = self._record(name)
            if column == COUNT:
                return (counts.get(name, 0), folded)
            if column in FIELDS and record is not None:
                value = getattr(record, FIELDS[column])
                if column == DOMINION:
                    return (not value, value, folded)
                return (*_number_key(value), folded)
            return (folded,)

        return key

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Order the cards of every group by ``column`` (ties by name)."""
        self._sort_column, self._sort_order = column, order
        self.sync()

    # -- keeping up with the document -----------------------------------------------------------

    def _targets(self) -> list[list[str]]:
        """Each group's card names in display order, after the document."""
        buckets: dict[tuple[str, object], list[str]] = {}
        for name in self._counts[MAIN]:
            record = self._record(name)
            buckets.setdefault((MAIN, record.card_type if record else None), []).append(name)
        buckets[(SIDEBOARD, None)] = list(self._counts[SIDEBOARD])
        descending = self._sort_order == Qt.SortOrder.DescendingOrder
        return [sorted(buckets.get((g.zone, g.card_type), []), key=self._sort_key(g.zone),
                       reverse=descending) for g in self.groups]

    def sync(self) -> None:
        """Bring the rows in line with the document (removes, reorders, inserts), then
        repaint only the rows whose count changed (every row after a new catalogue)."""
        deck = self.document.deck
        before = self._counts
        old_totals = [self.total(group) for group in self.groups]
        self._counts = {MAIN: deck.counts(MAIN), SIDEBOARD: deck.counts(SIDEBOARD)}
        everything = self.document.catalogue is not self._catalogue
        self._catalogue = self.document.catalogue
        self._rows.clear()
        last_column = len(COLUMNS) - 1
        for row, (group, target) in enumerate(zip(self.groups, self._targets(), strict=True)):
            self._sync_group(row, group, target)
            parent = self.index(row, 0)
            if everything or self.total(group) != old_totals[row]:
                self.dataChanged.emit(parent, self.index(row, last_column))
            old, new = before[group.zone], self._counts[group.zone]
            for child, name in enumerate(group.names):
                if everything or old.get(name) != new.get(name):
                    self.dataChanged.emit(self.index(child, 0, parent),
                                          self.index(child, last_column, parent))

    def _sync_group(self, row: int, group: Group, target: list[str]) -> None:
        parent = self.index(row, 0)
        wanted = set(target)
        for i in range(len(group.names) - 1, -1, -1):
            if group.names[i] not in wanted:
                self.beginRemoveRows(parent, i, i)
                del group.names[i]
                self.endRemoveRows()
        kept = set(group.names)
        order = [name for name in target if name in kept]
        if order != group.names:
            self._reorder(row, group, order)
        for i, name in enumerate(target):
            if i >= len(group.names) or group.names[i] != name:
                self.beginInsertRows(parent, i, i)
                group.names.insert(i, name)
                self.endInsertRows()

    def _reorder(self, row: int, group: Group, order: list[str]) -> None:
        self.layoutAboutToBeChanged.emit()
        moved = [(index, group.names[index.row()]) for index in self.persistentIndexList()
                 if index.isValid() and index.internalId() == row + 1]
        group.names[:] = order
        for index, name in moved:
            self.changePersistentIndex(
                index, self.createIndex(order.index(name), index.column(), row + 1)
            )
        self.layoutChanged.emit()

    # -- drops ----------------------------------------------------------------------------------

    def mimeTypes(self) -> list[str]:
        return [CARD_MIME_TYPE]

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction

    def canDropMimeData(self, data: QMimeData, action, row, column, parent) -> bool:
        return data.hasFormat(CARD_MIME_TYPE)

    def dropMimeData(self, data: QMimeData, action, row, column, parent) -> bool:
        names = card_names(data)
        if not names:
            return False
        try:
            self.document.add_many(names, 1, self.zone_at(parent))
        except UserError as exc:
            self.drop_failed.emit(exc)
            return False
        return True
