"""One deck in the editor (one tab): name and author, the grouped list with + and −,
the live legality panel, the statistics charts, "What I still need", the notes,
"Suggest Swaps" and the History of the saved deck's versions."""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSplitter,
    QTabWidget,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from card_db.errors import UserError
from deckbuilder.deck.decklist import MAIN, SIDEBOARD
from deckbuilder.gui.deck_editor.deck_model import (
    COLUMNS,
    COUNT,
    NAME,
    SHORT_COLUMNS,
    DeckTreeModel,
)
from deckbuilder.gui.deck_editor.document import DeckDocument
from deckbuilder.gui.deck_editor.history_panel import HistoryPanel
from deckbuilder.gui.deck_editor.legality_panel import LegalityPanel
from deckbuilder.gui.deck_editor.needs_panel import NeedsPanel
from deckbuilder.gui.deck_editor.stats_panel import DeckStatsPanel
from deckbuilder.gui.deck_editor.tuning_panel import TuningPanel
from deckbuilder.gui.fit import scrolling

STATS_TAB, NEEDS_TAB, NOTES_TAB, TUNE_TAB, HISTORY_TAB = range(5)


class DeckTreeView(QTreeView):
    """The deck list. Typing ``+``/``=``, ``-`` or Delete on a card emits
    ``add_requested``, ``remove_requested`` or ``remove_all_requested``."""

    add_requested = Signal()
    remove_requested = Signal()
    remove_all_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("deckList")
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setAlternatingRowColors(True)
        self.setUniformRowHeights(True)
        self.setAcceptDrops(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DropOnly)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.setDropIndicatorShown(True)
        self.setSortingEnabled(True)
        self.setAllColumnsShowFocus(True)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    def setModel(self, model) -> None:
        super().setModel(model)
        for signal in (model.rowsInserted, model.rowsRemoved, model.modelReset):
            signal.connect(lambda *_: self.fit_columns())
        self.fit_columns()

    def fit_columns(self) -> None:
        """Every card name whole where the list has the room: the other columns are as
        wide as their titles (short titles, whole in their tooltips, when the full ones
        would leave the longest name too little room); Name takes the rest."""
        model = self.model()
        if not isinstance(model, DeckTreeModel):
            return
        header = self.header()
        titles = header.fontMetrics()
        cells = self.fontMetrics()
        em = titles.horizontalAdvance("M")
        value = cells.horizontalAdvance("10*") + em  # the widest characteristic, marked
        # a card's count sits two levels in (its group's arrow, then its own indent)
        count = 2 * self.indentation() + cells.horizontalAdvance("60") + em

        def widths(names: tuple[str, ...]) -> dict[int, int]:
            return {column: max(titles.horizontalAdvance(title) + em,
                                count if column == COUNT else value)
                    for column, title in enumerate(names) if column != NAME}

        longest = max((cells.horizontalAdvance(n) for n in model.card_names()), default=0)
        full = widths(COLUMNS)
        short = self.viewport().width() - sum(full.values()) < longest + em
        model.set_short_titles(short)
        for column, width in (widths(SHORT_COLUMNS) if short else full).items():
            header.resizeSection(column, width)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit_columns()

    def keyPressEvent(self, event) -> None:
        text = event.text()
        if text in ("+", "="):
            self.add_requested.emit()
        elif text in ("-", "\u2212"):
            self.remove_requested.emit()
        elif event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.remove_all_requested.emit()
        else:
            super().keyPressEvent(event)

    def dragEnterEvent(self, event) -> None:
        super().dragEnterEvent(event)
        if self.model() is not None and event.mimeData().hasFormat(self.model().mimeTypes()[0]):
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()

    def dragMoveEvent(self, event) -> None:
        super().dragMoveEvent(event)
        if self.model() is not None and event.mimeData().hasFormat(self.model().mimeTypes()[0]):
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()


class DeckEditor(QWidget):
    """The editor of one :class:`DeckDocument`. ``error(title, exception)`` when an edit
    is refused (the screen shows it)."""

    error = Signal(str, object)

    def __init__(self, context, document: DeckDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self.document = document
        self.model = DeckTreeModel(document, self)
        self._collapsed: set[int] = set()
        self._syncing = False
        self._build()
        self._connect()
        self._document_changed()
        self.view.expandAll()

    # -- layout ---------------------------------------------------------------------------------

    def _build(self) -> None:
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("deckName")
        self.name_edit.setPlaceholderText("Deck name")
        self.author_edit = QLineEdit()
        self.author_edit.setObjectName("deckAuthor")
        self.author_edit.setPlaceholderText("Your name")
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.name_edit, 2)
        row.addWidget(QLabel("Author:"))
        row.addWidget(self.author_edit, 1)
        form.addRow("Name:", row)

        self.view = DeckTreeView()
        self.view.setModel(self.model)
        self.view.sortByColumn(NAME, Qt.SortOrder.AscendingOrder)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        self.view.fit_columns()

        self.add_action = self._action("add", "Add a Copy", "+", self.add_selected,
                                       "Add one copy of the selected cards (+)")
        self.remove_action = self._action("remove", "Remove a Copy", "-", self.remove_selected,
                                          "Remove one copy of the selected cards (−)")
        self.remove_all_action = self._action(
            "removeAll", "Remove All Copies", QKeySequence.StandardKey.Delete,
            self.remove_all_selected, "Remove the selected cards from the deck (Delete)")
        self.move_action = self._action(
            "move", "Move to Sideboard / Main Deck", "Ctrl+M", self.move_selected,
            "Move one copy between the main deck and the sideboard (Ctrl+M)")
        self.view.addActions([self.add_action, self.remove_action, self.remove_all_action,
                              self.move_action])
        buttons = QHBoxLayout()
        for action, text in ((self.add_action, "+"), (self.remove_action, "−"),
                             (self.remove_all_action, "Remove"),
                             (self.move_action, "⇄ Sideboard")):
            button = QToolButton()
            action.setIconText(text)
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setObjectName(f"button-{action.objectName()}")
            buttons.addWidget(button)
        buttons.addStretch(1)
        self.count_label = QLabel()
        self.count_label.setObjectName("deckCount")
        buttons.addWidget(self.count_label)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(buttons)
        left_layout.addWidget(self.view, 1)

        self.legality = LegalityPanel()
        self.stats = DeckStatsPanel()
        self.needs = NeedsPanel(self.context, self.document)
        self.notes = QPlainTextEdit()
        self.notes.setObjectName("deckNotes")
        self.notes.setUndoRedoEnabled(False)  # the deck's undo stack holds notes edits
        self.notes.setPlaceholderText("Notes: how the deck plays, what to change…")
        self.side_tabs = QTabWidget()
        self.side_tabs.setObjectName("deckSideTabs")
        # the charts keep room for every label: they scroll in a short window
        self.side_tabs.addTab(scrolling(self.stats), "Statistics")
        self.side_tabs.addTab(self.needs, "What I Still Need")
        self.side_tabs.addTab(self.notes, "Notes")
        self.tuning = TuningPanel(self.context, self.document)
        self.side_tabs.addTab(self.tuning, "Suggest Swaps")
        self.history = HistoryPanel(self.context, self.document)
        self.side_tabs.addTab(self.history, "History")

        self.right = QSplitter(Qt.Orientation.Vertical)
        self.right.setObjectName("deckEditorRight")
        self.right.addWidget(self.legality)
        self.right.addWidget(self.side_tabs)
        self.right.setStretchFactor(0, 1)
        self.right.setStretchFactor(1, 3)
        self.right.setSizes([170, 480])
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("deckEditorSplitter")
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.right)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([640, 600])

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(form)
        layout.addWidget(self.splitter, 1)

    def _action(self, name: str, text: str, shortcut, slot, tip: str) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.setToolTip(tip)
        action.triggered.connect(slot)
        return action

    def _connect(self) -> None:
        self.document.changed.connect(self._document_changed)
        self.model.drop_failed.connect(lambda exc: self.error.emit("The cards were not added",
                                                                   exc))
        self.model.rowsInserted.connect(self._rows_inserted)
        self.model.rowsRemoved.connect(lambda *_: self._update_hidden())
        self.view.add_requested.connect(self.add_selected)
        self.view.remove_requested.connect(self.remove_selected)
        self.view.remove_all_requested.connect(self.remove_all_selected)
        self.view.collapsed.connect(lambda index: self._collapsed.add(index.row()))
        self.view.expanded.connect(lambda index: self._collapsed.discard(index.row()))
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._update_actions())
        self.legality.cards_requested.connect(self.select_cards)
        self.legality.starter_toggled.connect(self.document.set_starter)
        self.name_edit.editingFinished.connect(lambda: self._set_field("name", self.name_edit))
        self.author_edit.editingFinished.connect(
            lambda: self._set_field("author", self.author_edit))
        self.notes.textChanged.connect(self._notes_edited)

    # -- following the document -----------------------------------------------------------------

    def _document_changed(self) -> None:
        document = self.document
        analysis = document.analysis
        self.legality.show_analysis(analysis)
        self.stats.show_stats(analysis.stats)
        self._syncing = True
        try:
            deck = document.deck
            for edit, value in ((self.name_edit, deck.name), (self.author_edit, deck.author)):
                if not edit.isModified() and edit.text() != value:  # not while typed in
                    edit.setText(value)
            if self.notes.toPlainText() != deck.notes:
                self.notes.setPlainText(deck.notes)
                self.notes.moveCursor(self.notes.textCursor().MoveOperation.End)
        finally:
            self._syncing = False
        main, side = document.deck.total(MAIN), document.deck.total(SIDEBOARD)
        self.count_label.setText(f"{main} card{'s' if main != 1 else ''} in the main deck"
                                 + (f", {side} in the sideboard" if side else ""))
        self._update_hidden()
        self._update_actions()

    def _rows_inserted(self, parent: QModelIndex, _first: int, _last: int) -> None:
        if parent.isValid() and parent.row() not in self._collapsed:
            self.view.expand(parent)
        self._update_hidden()

    def _update_hidden(self) -> None:
        for row, group in enumerate(self.model.groups):
            hidden = not group.names and group.zone == MAIN
            if self.view.isRowHidden(row, QModelIndex()) != hidden:
                self.view.setRowHidden(row, QModelIndex(), hidden)
            spanned = self.model.is_empty_sideboard(group)
            if self.view.isFirstColumnSpanned(row, QModelIndex()) != spanned:
                self.view.setFirstColumnSpanned(row, QModelIndex(), spanned)
            if group.names and row not in self._collapsed:
                index = self.model.index(row, 0)
                if not self.view.isExpanded(index):
                    self.view.expand(index)

    def _update_actions(self) -> None:
        selected = bool(self.selected_cards())
        for action in (self.add_action, self.remove_action, self.remove_all_action,
                       self.move_action):
            action.setEnabled(selected)

    # -- editing --------------------------------------------------------------------------------

    def selected_cards(self) -> list[tuple[str, str]]:
        """``(name, zone)`` of the selected card rows, in list order."""
        seen: list[tuple[str, str]] = []
        for index in self.view.selectionModel().selectedRows(NAME):
            name = self.model.name_at(index)
            if name is not None and (name, self.model.zone_at(index)) not in seen:
                seen.append((name, self.model.zone_at(index)))
        return seen

    def _each_selected(self, edit, title: str) -> None:
        cards = self.selected_cards()
        if not cards:
            return
        stack = self.document.undo_stack
        if len(cards) > 1:
            stack.beginMacro(f"{title} ({len(cards)} cards)")
        try:
            for name, zone in cards:
                edit(name, zone)
        except UserError as exc:
            self.error.emit("The deck was not changed", exc)
        finally:
            if len(cards) > 1:
                stack.endMacro()
        self.select_cards([name for name, _ in cards], cards[0][1])

    def add_selected(self) -> None:
        self._each_selected(lambda name, zone: self.document.add(name, 1, zone), "Add")

    def remove_selected(self) -> None:
        self._each_selected(lambda name, zone: self.document.remove(name, 1, zone), "Remove")

    def remove_all_selected(self) -> None:
        self._each_selected(lambda name, zone: self.document.set_count(name, 0, zone),
                            "Remove all")

    def move_selected(self) -> None:
        self._each_selected(lambda name, zone: self.document.move(name, zone, 1), "Move")

    def add_card(self, name: str, zone: str = MAIN) -> None:
        """Add one copy of ``name`` and select it (from the browser or a test)."""
        self.document.add(name, 1, zone)
        record = self.document.catalogue.get(name)
        self.select_cards([record.name if record else name], zone)

    def select_cards(self, names: list[str], zone: str = MAIN) -> int:
        """Select the rows of ``names`` (in ``zone``, else in the other zone); returns how
        many rows were selected."""
        selection = QItemSelection()
        first = QModelIndex()
        for name in names:
            index = self.model.card_index(name, zone)
            if not index.isValid():
                index = self.model.card_index(name, SIDEBOARD if zone == MAIN else MAIN)
            if not index.isValid():
                continue
            last = index.siblingAtColumn(len(COLUMNS) - 1)
            selection.select(index, last)
            if not first.isValid():
                first = index
            self.view.expand(index.parent())
        flags = QItemSelectionModel.SelectionFlag
        selection_model = self.view.selectionModel()
        selection_model.select(selection, flags.ClearAndSelect | flags.Rows)
        if first.isValid():
            selection_model.setCurrentIndex(first, flags.NoUpdate)
            self.view.scrollTo(first)
        return len(selection.indexes()) // len(COLUMNS)

    def _set_field(self, field: str, edit: QLineEdit) -> None:
        if self._syncing:
            return
        edit.setModified(False)
        try:
            self.document.set_field(field, edit.text())
        except UserError as exc:
            edit.setText(getattr(self.document.deck, field))
            self.error.emit("The deck was not changed", exc)

    def _notes_edited(self) -> None:
        if self._syncing:
            return
        try:
            self.document.set_field("notes", self.notes.toPlainText())
        except UserError as exc:
            self.error.emit("The notes were not changed", exc)

    def commit_fields(self) -> None:
        """Take in a name or author still being typed (before saving)."""
        for field, edit in (("name", self.name_edit), ("author", self.author_edit)):
            if edit.isModified():
                self._set_field(field, edit)
