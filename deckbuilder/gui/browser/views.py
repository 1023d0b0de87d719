"""The two views of the search results: a table and a grid of card images.

Both share :class:`~.model.CardTableModel` (the grid through :class:`CardGridModel`,
which adds thumbnails). Double-click or Return on a card emits ``card_chosen(row)``;
dragging a card carries its name as :data:`deckbuilder.gui.mime.CARD_MIME_TYPE`.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QByteArray,
    QIdentityProxyModel,
    QPersistentModelIndex,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QListView, QTableView

from card_db.images.aspect import card_height
from deckbuilder.gui.browser.model import COLUMNS, NAME, SET, TYPE, RecordRole

#: Thumbnail width in the grid, in px (the proxy renderer's smallest legible width).
THUMB_WIDTH = 140
#: The Name column's narrowest width, in em: it never shrinks to nothing.
NAME_MIN_EM = 14
#: Columns that narrow (to a width in em) when the table is short of room, in order.
GIVE_WAY = ((SET, 5), (TYPE, 8))
#: Default widths, in em, of the columns whose values are wider than their titles.
_WIDTHS_EM = {"Type": 12.5, "Set": 10}


def placeholder_pixmap(width: int, palette: QPalette) -> QPixmap:
    """A blank card outline shown while a thumbnail is drawn."""
    pixmap = QPixmap(width, card_height(width))
    pixmap.fill(QColor(0, 0, 0, 0))
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(palette.color(QPalette.ColorRole.Mid))
    painter.setBrush(palette.color(QPalette.ColorRole.AlternateBase))
    painter.drawRoundedRect(1, 1, width - 2, card_height(width) - 2, 8, 8)
    painter.end()
    return pixmap


class CardGridModel(QIdentityProxyModel):
    """The table model seen as a list of card names with their faces as icons.

    Faces are requested only for the rows a view paints, through the app's
    :class:`~deckbuilder.gui.images.CardImages` cache.
    """

    def __init__(self, images, width: int = THUMB_WIDTH, parent=None):
        super().__init__(parent)
        self._images = images
        self._width = width
        self._placeholder: QPixmap | None = None
        self._waiting: dict[str, QPersistentModelIndex] = {}
        images.ready.connect(self._ready)

    def set_placeholder(self, pixmap: QPixmap) -> None:
        self._placeholder = pixmap

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DecorationRole and index.column() == NAME:
            record = super().data(index, RecordRole)
            if record is None:
                return None
            pixmap = self._images.pixmap(record, self._width)
            if pixmap is None:
                self._waiting[record.name] = QPersistentModelIndex(index)
                return self._placeholder
            return pixmap
        if role == Qt.ItemDataRole.SizeHintRole and index.column() == NAME:
            return QSize(self._width + 16, card_height(self._width) + 40)
        return super().data(index, role)

    def _ready(self, name: str, width: int) -> None:
        if width != self._width:
            return
        index = self._waiting.pop(name, None)
        if index is not None and index.isValid():
            self.dataChanged.emit(index, index, [Qt.ItemDataRole.DecorationRole])


class _ChoosingView:
    """Return/Enter and double-click choose the current card."""

    def _install_choosing(self) -> None:
        self.doubleClicked.connect(lambda index: self.card_chosen.emit(index.row()))

    def _choose_key(self, event) -> bool:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self.card_chosen.emit(self.currentIndex().row())
            return True
        return False


class CardTableView(QTableView, _ChoosingView):
    """The results as a sortable table (sorting is done by the search, see the model)."""

    card_chosen = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("cardTable")
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAlternatingRowColors(True)
        self.setShowGrid(False)
        self.setWordWrap(False)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.verticalHeader().hide()
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.horizontalHeader()
        header.setSectionsClickable(True)
        header.setSortIndicatorShown(True)
        header.setSortIndicator(NAME, Qt.SortOrder.AscendingOrder)
        header.setHighlightSections(False)
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(32)
        self._fitting = False
        #: column -> the width it had before it gave way (see :meth:`_give_way`)
        self._wanted: dict[int, int] = {}
        header.sectionResized.connect(self._section_resized)
        self._install_choosing()

    def set_default_widths(self) -> None:
        """Columns as wide as their usual values and titles (with room for the sort
        arrow); Name takes the rest of the width, never less than :meth:`name_minimum`."""
        header = self.horizontalHeader()
        em = self.fontMetrics().horizontalAdvance("M")
        for column, spec in enumerate(COLUMNS):
            if column == NAME:
                continue
            title = header.fontMetrics().horizontalAdvance(spec.title) + em + 8
            header.resizeSection(column, max(title, round(em * _WIDTHS_EM.get(spec.title, 5))))
        self.keep_name_wide()

    def name_minimum(self) -> int:
        """The Name column's narrowest width in px (:data:`NAME_MIN_EM` em)."""
        return self.fontMetrics().horizontalAdvance("M") * NAME_MIN_EM

    def keep_name_wide(self) -> None:
        """Let Name fill the free width but never shrink below :meth:`name_minimum`
        (also after a saved header state, which may hold an older layout, is restored)."""
        header = self.horizontalHeader()
        header.setStretchLastSection(False)
        for column in range(header.count()):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        self._fit_name()

    def _others(self) -> int:
        header = self.horizontalHeader()
        return sum(header.sectionSize(c) for c in range(header.count())
                   if c != NAME and not header.isSectionHidden(c))

    def _fit_name(self) -> None:
        header = self.horizontalHeader()
        if not self._fitting:
            self._fitting = True
            try:
                self._give_way(header)
            finally:
                self._fitting = False
        header.resizeSection(NAME, max(self.name_minimum(),
                                       self.viewport().width() - self._others()))

    def _give_way(self, header: QHeaderView) -> None:
        """Short of room, Set then Type narrow (elided, their tooltips whole) before the
        table scrolls sideways and cuts the last columns off; with room again they
        widen back to the width they had (Type first)."""
        em = self.fontMetrics().horizontalAdvance("M")
        for column, narrowest_em in GIVE_WAY:
            short = self.name_minimum() - (self.viewport().width() - self._others())
            narrowest = round(em * narrowest_em)
            if short > 0 and header.sectionSize(column) > narrowest:
                self._wanted.setdefault(column, header.sectionSize(column))
                header.resizeSection(column, max(narrowest, header.sectionSize(column) - short))
        for column, _narrowest in reversed(GIVE_WAY):
            spare = self.viewport().width() - self._others() - self.name_minimum()
            wanted = self._wanted.get(column)
            if wanted is None or spare <= 0:
                continue
            width = min(wanted, header.sectionSize(column) + spare)
            header.resizeSection(column, width)
            if width >= wanted:
                del self._wanted[column]

    def saved_state(self) -> QByteArray:
        """The header's state with the widths the person chose: a column narrowed for
        a while (:meth:`_give_way`) is saved at the width it will widen back to, so a
        window closed while small does not keep it narrow at the next start."""
        header = self.horizontalHeader()
        if not self._wanted:
            return header.saveState()
        shown = {column: header.sectionSize(column) for column in self._wanted}
        blocked = header.blockSignals(True)
        try:
            for column, wanted in self._wanted.items():
                header.resizeSection(column, wanted)
            return header.saveState()
        finally:
            for column, width in shown.items():
                header.resizeSection(column, width)
            header.blockSignals(blocked)

    def _section_resized(self, column: int, _old: int, new: int) -> None:
        if column != NAME:
            if not self._fitting:  # the person's width is the one to come back to
                self._wanted.pop(column, None)
            self._fit_name()
        elif new < self.name_minimum():
            self.horizontalHeader().resizeSection(NAME, self.name_minimum())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_name()

    def keyPressEvent(self, event) -> None:
        if not self._choose_key(event):
            super().keyPressEvent(event)


class CardGridView(QListView, _ChoosingView):
    """The results as a grid of card faces."""

    card_chosen = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("cardGrid")
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setMovement(QListView.Movement.Static)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setLayoutMode(QListView.LayoutMode.Batched)
        self.setBatchSize(500)
        self.setUniformItemSizes(True)
        self.setWrapping(True)
        self.setWordWrap(True)
        self.setSpacing(6)
        self.setIconSize(QSize(THUMB_WIDTH, card_height(THUMB_WIDTH)))
        self.setGridSize(QSize(THUMB_WIDTH + 20, card_height(THUMB_WIDTH) + 44))
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.verticalScrollBar().setSingleStep(24)
        self._install_choosing()

    def keyPressEvent(self, event) -> None:
        if not self._choose_key(event):
            super().keyPressEvent(event)
