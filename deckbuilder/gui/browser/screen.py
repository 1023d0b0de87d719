"""The card browser screen: search box, quick filters, results, detail pane.

``add_to_deck_requested(card_name)`` is emitted on double-click or Return on a card,
and by the "Add to Deck" action (Ctrl+D, also in the views' context menu); the deck
editor connects to it and starts a deck if none is open. Dragging a card from either
view carries its name as :data:`deckbuilder.gui.mime.CARD_MIME_TYPE`; held over the
Deck editor tab, it opens that screen.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from card_db.names import names_match
from card_db.reader import records_by_id
from card_db.records import DOMINIONS, CardRecord, CardType
from deckbuilder.gui.browser.detail import CardDetailPane
from deckbuilder.gui.browser.model import COLUMNS, CardTableModel
from deckbuilder.gui.browser.search import CardSearch, SearchResult
from deckbuilder.gui.browser.search_box import SearchBox, SearchErrorLabel
from deckbuilder.gui.browser.search_help import SearchHelpDialog
from deckbuilder.gui.browser.views import (
    CardGridModel,
    CardGridView,
    CardTableView,
    placeholder_pixmap,
)
from deckbuilder.gui.screens import Screen, ScreenSpec, register_screen
from deckbuilder.gui.settings import BROWSER_VIEW, restore_header, restore_splitter

#: Dominion quick filter: label -> value for ``d:`` (None: any).
DOMINION_CHOICES = [("Any Dominion", None)] + [(f"Dominion {d}", d) for d in DOMINIONS] + [
    ("No Dominion (0)", 0)
]
TABLE, GRID = 0, 1


class BrowserScreen(Screen):
    """Search the catalogue and look at cards."""

    key = "browser"
    title = "Browser"
    add_to_deck_requested = Signal(str)
    current_card_changed = Signal(object)

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(context, parent)
        self.search = CardSearch(context, self)
        self.model = CardTableModel(self._load_records, self)
        self.grid_model = CardGridModel(context.images, parent=self)
        self.grid_model.setSourceModel(self.model)
        self._wanted_id: int | None = None
        self._syncing = False
        self._build()
        self._connect()

    # -- layout ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.search_box = SearchBox()
        self.error_label = SearchErrorLabel()
        self.explain_label = QLabel()
        self.explain_label.setObjectName("searchExplain")
        self.explain_label.setWordWrap(True)
        self.explain_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.explain_label.setEnabled(False)  # the palette's quieter text
        self.help_action = QAction("Search &Help", self)
        self.help_action.setObjectName("searchHelpAction")
        self.help_action.setShortcut(QKeySequence("Shift+F1"))  # F1: this screen's guide page
        self.help_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.help_action.setToolTip("The search language: every key, with examples (Shift+F1)")
        self.addAction(self.help_action)
        self.help_button = QToolButton()
        self.help_button.setObjectName("searchHelpButton")
        self.help_button.setDefaultAction(self.help_action)
        self.help_button.setText("?")
        self.help_dialog: SearchHelpDialog | None = None
        self.type_filter = QComboBox()
        self.type_filter.setObjectName("typeFilter")
        self.type_filter.setToolTip("Quick filter: card type (adds t: to the search)")
        self.type_filter.addItem("All types", None)
        for card_type in CardType:
            self.type_filter.addItem(card_type.value, card_type.value)
        self.dominion_filter = QComboBox()
        self.dominion_filter.setObjectName("dominionFilter")
        self.dominion_filter.setToolTip("Quick filter: Home Dominion (adds d: to the search)")
        for label, value in DOMINION_CHOICES:
            self.dominion_filter.addItem(label, value)
        self.view_actions = QActionGroup(self)
        self.table_action = QAction("Table", self.view_actions, checkable=True, checked=True)
        self.grid_action = QAction("Images", self.view_actions, checkable=True)
        self.table_action.setToolTip("Show the results as a table")
        self.grid_action.setToolTip("Show the results as card images")
        buttons = []
        for action in (self.table_action, self.grid_action):
            button = QToolButton()
            button.setDefaultAction(action)
            button.setAutoRaise(True)
            buttons.append(button)
        self.count_label = QLabel()
        self.count_label.setObjectName("resultCount")
        self.add_action = QAction("&Add to Deck", self)
        self.add_action.setObjectName("addToDeck")
        self.add_action.setShortcut(QKeySequence("Ctrl+D"))
        self.add_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.add_action.setToolTip("Add the current card to the open deck (Ctrl+D); "
                                   "or drag it onto the Deck editor tab")
        self.addAction(self.add_action)

        bar = QHBoxLayout()
        bar.addWidget(self.search_box, 1)
        bar.addWidget(self.help_button)
        bar.addWidget(self.type_filter)
        bar.addWidget(self.dominion_filter)
        for button in buttons:
            bar.addWidget(button)
        status = QHBoxLayout()
        status.addWidget(self.error_label, 1)
        status.addWidget(self.explain_label, 1)
        status.addStretch(0)
        status.addWidget(self.count_label)

        self.table = CardTableView()
        self.table.setModel(self.model)
        self.table.set_default_widths()
        self.grid = CardGridView()
        self.grid.setModel(self.grid_model)
        self.grid_model.set_placeholder(placeholder_pixmap(140, self.grid.palette()))
        for view in (self.table, self.grid):
            view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
            view.addAction(self.add_action)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.table)
        self.stack.addWidget(self.grid)
        self.detail = CardDetailPane(self.context)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("browserSplitter")
        self.splitter.addWidget(self.stack)
        self.splitter.addWidget(self.detail)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setCollapsible(0, False)
        self.splitter.setSizes([860, 400])

        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addLayout(status)
        layout.addWidget(self.splitter, 1)

    def _connect(self) -> None:
        self.search_box.textEdited.connect(self.search.set_text)
        self.search_box.move_to_results.connect(self._focus_results)
        self.type_filter.currentIndexChanged.connect(self._filters_changed)
        self.dominion_filter.currentIndexChanged.connect(self._filters_changed)
        self.table.horizontalHeader().sortIndicatorChanged.connect(self._sort_changed)
        self.model.sort_requested.connect(self._sort_changed)
        self.search.results_ready.connect(self._show_results)
        self.search.error_changed.connect(self._show_error)
        self.search.explained.connect(self._show_explanation)
        self.help_action.triggered.connect(self.show_search_help)
        self.search.busy.connect(self._busy)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.grid.selectionModel().currentChanged.connect(self._current_changed)
        self.table.card_chosen.connect(self._choose)
        self.grid.card_chosen.connect(self._choose)
        self.table_action.triggered.connect(lambda: self.set_view(TABLE))
        self.grid_action.triggered.connect(lambda: self.set_view(GRID))
        self.add_action.triggered.connect(self.add_current_to_deck)
        self.context.collection_changed.connect(self.search.run_now)
        self.context.catalogue_changed.connect(self._catalogue_changed)

    def _load_records(self, ids):
        return records_by_id(self.context.connection(), ids)

    # -- behaviour ----------------------------------------------------------------------

    def start(self) -> None:
        """Run the first search (all cards, by name)."""
        self.search.run_now()

    def set_query(self, text: str, run: bool = True) -> None:
        """Type ``text`` into the search box (as the user would) and search at once."""
        self.search_box.setText(text)
        self.search.set_text(text)
        if run:
            self.search.run_now()

    def set_view(self, which: int) -> None:
        """Show the table (:data:`TABLE`) or the image grid (:data:`GRID`)."""
        row = self.current_row()
        self.stack.setCurrentIndex(which)
        (self.table_action if which == TABLE else self.grid_action).setChecked(True)
        BROWSER_VIEW.write(self.context.settings, which)
        if row >= 0:
            self.select_row(row)

    def current_row(self) -> int:
        view = self.table if self.stack.currentIndex() == TABLE else self.grid
        index = view.currentIndex()
        return index.row() if index.isValid() else -1

    def current_record(self) -> CardRecord | None:
        return self.model.record_at(self.current_row())

    def select_row(self, row: int) -> None:
        """Make ``row`` current in both views (and show it in the detail pane)."""
        if not 0 <= row < self.model.rowCount():
            return
        index = self.model.index(row, 0)
        view = self.table if self.stack.currentIndex() == TABLE else self.grid
        view.setCurrentIndex(index if view is self.table else self.grid_model.mapFromSource(index))
        view.scrollTo(view.currentIndex())

    def select_card(self, name: str) -> bool:
        """Select the card called ``name`` among the results; returns whether found."""
        for row in range(self.model.rowCount()):
            record = self.model.record_at(row)
            if record is not None and names_match(record.name, name):
                self.select_row(row)
                return True
        return False

    def _filters_changed(self) -> None:
        type_value = self.type_filter.currentData()
        self.search.set_filters(
            CardType(type_value) if type_value else None, self.dominion_filter.currentData()
        )

    def _sort_changed(self, column: int, order: Qt.SortOrder) -> None:
        header = self.table.horizontalHeader()
        if (header.sortIndicatorSection(), header.sortIndicatorOrder()) != (column, order):
            header.setSortIndicator(column, order)  # re-enters through the signal
            return
        self.search.set_order(COLUMNS[column].order, order == Qt.SortOrder.DescendingOrder)

    def _show_results(self, result: SearchResult) -> None:
        current = self.current_record()
        wanted = self._wanted_id
        if wanted is None and current is not None:
            row = self.current_row()
            wanted = self.model.card_ids[row] if row >= 0 else None
        self.model.set_results(result.ids, result.owned)
        count = len(result.ids)
        if not count:
            self.count_label.setText("No card matches")
        else:
            self.count_label.setText(
                f"{count:,} card{'s' if count != 1 else ''}"
                if result.complete
                else f"first {count:,} cards; counting the rest…"
            )
        row = self.model.row_of(wanted) if wanted is not None else -1
        self._wanted_id = None if result.complete or row >= 0 else wanted
        self.select_row(row if row >= 0 else 0)
        if not result.ids:
            self.detail.show_card(None)

    def _show_error(self, error) -> None:
        if error is None:
            self.search_box.clear_error()
        else:
            self.search_box.show_error(error.position)
            self.count_label.setText("Last valid search's results")
        # the last valid query's results stay, greyed, so they are not taken for this one's
        self.stack.setEnabled(error is None)
        self.error_label.show_error(error)
        self.explain_label.setVisible(error is None)

    def _show_explanation(self, text: str) -> None:
        self.explain_label.setText(f"Showing {text}.")

    def show_search_help(self) -> SearchHelpDialog:
        """The search language's keys and examples, beside the window (Shift+F1 or "?")."""
        if self.help_dialog is None:
            self.help_dialog = SearchHelpDialog(self)
            self.help_dialog.destroyed.connect(lambda: setattr(self, "help_dialog", None))
        self.help_dialog.show()
        self.help_dialog.raise_()
        return self.help_dialog

    def _busy(self, busy: bool) -> None:
        if busy:
            self.count_label.setText("Searching…")

    def _current_changed(self, current, _previous=None) -> None:
        if self._syncing:
            return
        row = current.row() if current.isValid() else -1
        record = self.model.record_at(row)
        other = self.grid if self.sender() is self.table.selectionModel() else self.table
        if row >= 0 and other.currentIndex().row() != row:
            index = self.model.index(row, 0)
            self._syncing = True
            try:
                other.setCurrentIndex(
                    self.grid_model.mapFromSource(index) if other is self.grid else index
                )
            finally:
                self._syncing = False
        self.detail.show_card(record, self.model.owned(row))
        self.current_card_changed.emit(record)

    def add_current_to_deck(self) -> None:
        """Add to Deck: the current card goes to the deck editor's current deck."""
        row = self.current_row()
        if row >= 0:
            self._choose(row)

    def _choose(self, row: int) -> None:
        record = self.model.record_at(row)
        if record is None:
            return
        self.add_to_deck_requested.emit(record.name)
        if not self._has_deck_editor():
            self.context.status.emit(f"Open a deck to add {record.name} to it.")

    def _has_deck_editor(self) -> bool:
        return self.receivers("2add_to_deck_requested(QString)") > 0

    def _catalogue_changed(self, _names) -> None:
        self.model.invalidate()
        row = self.current_row()
        if row >= 0:
            self._wanted_id = self.model.card_ids[row]
        self.search.run_now()

    def _focus_results(self) -> None:
        view = self.table if self.stack.currentIndex() == TABLE else self.grid
        view.setFocus()
        if not view.currentIndex().isValid() and self.model.rowCount():
            self.select_row(0)

    # -- Screen hooks ---------------------------------------------------------------------

    def focus_search(self) -> bool:
        self.search_box.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_box.selectAll()
        return True

    def restore_state(self, settings) -> None:
        restore_splitter(settings, self.splitter, "browser")
        restore_header(settings, self.table.horizontalHeader(), "browser-table",
                       self.table.saved_state)
        self.table.keep_name_wide()
        self.set_view(GRID if BROWSER_VIEW.read(settings) == GRID else TABLE)

    def prepare_screenshot(self) -> None:
        self.set_view(TABLE)
        self.type_filter.setCurrentIndex(self.type_filter.findData(CardType.CHARACTER.value))
        self.context.wait_idle()
        self.select_card("Gentle")


register_screen(
    ScreenSpec("browser", "Browser", BrowserScreen, order=10, screenshot="browser.png")
)
