"""The collection screen: owned copies (edited in place), completion per set, the
wishlist, and CSV import and export."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from card_db.records import Condition
from card_db.userdb import UserDatabase
from deckbuilder.gui.collection.add_dialog import AddCopiesDialog
from deckbuilder.gui.collection.completion import CompletionView
from deckbuilder.gui.collection.delegates import ConditionDelegate, CountDelegate
from deckbuilder.gui.collection.import_dialog import CollectionImportDialog
from deckbuilder.gui.collection.owned_model import (
    CARD,
    CONDITION,
    FOR_TRADE,
    LOCATION,
    NOTES,
    QUANTITY,
    WISHLIST,
    OwnedEntriesModel,
)
from deckbuilder.gui.collection.wishlist_model import WANTED, WishlistModel
from deckbuilder.gui.dialogs import fit_title
from deckbuilder.gui.screens import Screen, ScreenSpec, register_screen
from deckbuilder.gui.settings import restore_header, restore_splitter
from deckbuilder.presentation import count_text
from deckbuilder.services.changes import Changes, merge_all
from deckbuilder.services.collection import (
    OwnedEntry,
    SetCompletion,
    WishlistItem,
    add_rows,
    export_collection_csv,
    owned_entries,
    remove_entry,
    set_completion,
    set_wishlist,
    wishlist,
)


@dataclass(frozen=True)
class CollectionSnapshot:
    """Everything the screen shows, read in one background task."""

    entries: list[OwnedEntry]
    wishlist: list[WishlistItem]
    completion: list[SetCompletion]
    names: list[str]


def read_snapshot(db: UserDatabase) -> CollectionSnapshot:
    """Read the collection, wishlist, completion and card names (worker thread)."""
    return CollectionSnapshot(
        owned_entries(db),
        wishlist(db),
        set_completion(db),
        [r.name for r in db.catalogue()],
    )


class CollectionScreen(Screen):
    """The cards the user owns."""

    key = "collection"
    title = "Collection"

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(context, parent)
        self.names: list[str] = []
        self._loaded = False
        self.model = OwnedEntriesModel(context, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.wishlist_model = WishlistModel(context, self)
        self._build()
        self._connect()

    def _build(self) -> None:
        self.filter = QLineEdit()
        self.filter.setObjectName("collectionFilter")
        self.filter.setPlaceholderText("Filter by card name, condition, location or notes")
        self.filter.setClearButtonEnabled(True)
        self.add_button = QPushButton("Add cards…")
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Remove the selected entries from the collection")
        self.summary = QLabel()
        self.summary.setObjectName("collectionSummary")
        self.import_action = QAction("Import Collection CSV…", self)
        self.import_action.setObjectName("importCollection")
        self.export_action = QAction("Export Collection CSV…", self)
        self.export_action.setObjectName("exportCollection")
        import_button = QPushButton("Import CSV…")
        export_button = QPushButton("Export CSV…")
        import_button.clicked.connect(self.import_action.trigger)
        export_button.clicked.connect(self.export_action.trigger)
        bar = QHBoxLayout()
        bar.addWidget(self.filter, 1)
        bar.addWidget(self.add_button)
        bar.addWidget(self.remove_button)
        bar.addSpacing(12)
        bar.addWidget(import_button)
        bar.addWidget(export_button)

        self.table = QTableView()
        self.table.setObjectName("ownedTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(CARD, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.table.verticalHeader().hide()
        self.table.setItemDelegateForColumn(CONDITION, ConditionDelegate(self.table))
        self.table.setItemDelegateForColumn(QUANTITY, CountDelegate(self.table))
        self.table.setItemDelegateForColumn(FOR_TRADE, CountDelegate(self.table))
        self.table.setWordWrap(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 10)
        header = self.table.horizontalHeader()
        em = self.fontMetrics().horizontalAdvance("M")
        for column, width in ((CARD, 17), (QUANTITY, 4), (CONDITION, 9), (LOCATION, 7),
                              (FOR_TRADE, 4), (WISHLIST, 4)):
            title = header.fontMetrics().horizontalAdvance(str(self.model.headerData(
                column, Qt.Orientation.Horizontal))) + 2 * em
            header.resizeSection(column, max(em * width, title))
        # the longest condition ("Moderately Played") whole, with the editor's arrow
        header.resizeSection(CONDITION, max(
            self.fontMetrics().horizontalAdvance(c.value) for c in Condition) + 3 * em)
        header.setSectionResizeMode(NOTES, QHeaderView.ResizeMode.Stretch)

        self.completion = CompletionView()
        self.wishlist_view = QTableView()
        self.wishlist_view.setObjectName("wishlistTable")
        self.wishlist_view.setModel(self.wishlist_model)
        self.wishlist_view.verticalHeader().hide()
        self.wishlist_view.setItemDelegateForColumn(WANTED, CountDelegate(self.wishlist_view))
        self.wishlist_view.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.Stretch
        )
        self.side_tabs = QTabWidget()
        self.side_tabs.addTab(self.completion, "Completion")
        self.side_tabs.addTab(self.wishlist_view, "Wishlist")

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("collectionSplitter")
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(self.side_tabs)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([760, 500])
        self.empty_hint = QLabel(
            "<b>Your collection is empty.</b> Record the cards you own with "
            "<b>Add cards…</b>, or <b>Import CSV…</b> a list (columns: name, quantity; "
            "condition, location and notes optional). The Completion tab then shows "
            "what each set is missing, and the Deck editor what a deck still needs."
        )
        self.empty_hint.setObjectName("emptyCollection")
        self.empty_hint.setWordWrap(True)
        self.empty_hint.hide()
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.empty_hint)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.summary)

    def _connect(self) -> None:
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.add_button.clicked.connect(self.add_copies)
        self.remove_button.clicked.connect(lambda: self.remove_selected())
        self.import_action.triggered.connect(lambda: self.import_csv())
        self.export_action.triggered.connect(lambda: self.export_csv())
        self.model.merged.connect(self.reload)
        self.wishlist_model.changed.connect(lambda: self.reload(keep_table=True))
        self.completion.wishlist_requested.connect(self.add_to_wishlist)
        self.context.collection_changed.connect(self._collection_changed)
        self.context.catalogue_changed.connect(lambda _names: self.reload())

    # -- loading ------------------------------------------------------------------------------

    def start(self) -> None:
        self.reload()

    def activated(self) -> None:
        if not self._loaded:
            self.reload()

    def reload(self, keep_table: bool = False) -> None:
        """Read everything again in the background (``keep_table``: not the owned rows)."""
        self.context.run(
            read_snapshot,
            self.context.db,
            on_done=lambda snapshot: self._show(snapshot, keep_table),
            on_error=self.context.error_handler("The collection could not be read"),
        )

    def _show(self, snapshot: CollectionSnapshot, keep_table: bool) -> None:
        self._loaded = True
        self.names = snapshot.names
        self.empty_hint.setVisible(not snapshot.entries)
        if not keep_table:
            self.model.load(snapshot.entries, {w.name for w in snapshot.wishlist})
        else:
            self.model.set_wished({w.name for w in snapshot.wishlist})
        self.wishlist_model.load(snapshot.wishlist)
        self.completion.load(snapshot.completion)
        entries = snapshot.entries
        copies = sum(e.quantity for e in entries)
        cards = len({e.name for e in entries if e.quantity})
        trade = sum(e.for_trade for e in entries)
        self.summary.setText(
            f"{count_text(copies, 'copy', 'copies')} of {count_text(cards, 'different card')}"
            f" · {trade:,} offered for trade · "
            f"{len(snapshot.wishlist):,} on the wishlist"
        )

    def _collection_changed(self, initiator: object) -> None:
        """Reload; an edit made in the table is shown already (only the rest reloads)."""
        self.reload(keep_table=initiator in (self.model, self.wishlist_model))

    # -- commands -------------------------------------------------------------------------------

    def add_copies(self) -> None:
        dialog = AddCopiesDialog(self.names, self)
        dialog.accepted.connect(lambda: self.add_rows([dialog.row()]))
        dialog.open()

    def add_rows(self, rows) -> None:
        """Add owned copies (through the writer thread), then reload."""
        self.context.operations.run(
            add_rows, rows, "added by hand", initiator=self,
            on_done=lambda added: self.context.status.emit(f"Added {added.value} copies"),
            error_title="The cards were not added",
        )

    def selected_entries(self) -> list[OwnedEntry]:
        rows = {self.proxy.mapToSource(i).row() for i in self.table.selectionModel().selectedRows()}
        return [self.model.entry(row) for row in sorted(rows)]

    def remove_selected(self, confirm: bool = True) -> None:
        entries = self.selected_entries()
        if not entries:
            return
        if confirm:

            box = QMessageBox(QMessageBox.Icon.Question, "Remove from collection",
                              f"Remove {len(entries)} entr{'y' if len(entries) == 1 else 'ies'} "
                              "from your collection?",
                              QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                              self)
            fit_title(box)
            box.accepted.connect(lambda: self._remove(entries))
            box.open()
            return
        self._remove(entries)

    def _remove(self, entries: list[OwnedEntry]) -> None:
        def remove_all(db) -> Changes:
            label = f"Remove {len(entries)} entries" if len(entries) > 1 else None
            return merge_all([remove_entry(db, e.entry_id) for e in entries], label)

        self.context.operations.run(
            remove_all, initiator=self, error_title="The entries were not removed"
        )

    def add_to_wishlist(self, names: list[str]) -> None:
        def wish_all(db) -> Changes:
            label = f"Add {len(names)} cards to the wishlist" if len(names) > 1 else None
            return merge_all([set_wishlist(db, name, 1).changes for name in names], label)

        self.context.operations.run(
            wish_all, initiator=self.wishlist_model,
            on_done=lambda _r: self.side_tabs.setCurrentIndex(1),
            error_title="The wishlist was not changed",
        )

    def import_csv(self, file: str | None = None):
        """Open the import preview for ``file`` (asks with a file dialog if ``None``)."""
        if file is None:
            file, _ = QFileDialog.getOpenFileName(
                self, "Import collection CSV", "", "Collection CSV (*.csv);;All files (*)"
            )
            if not file:
                return None

        dialog = CollectionImportDialog(self.context, Path(file), self)
        dialog.open()
        return dialog

    def export_csv(self, file: str | None = None) -> None:
        """Write the collection CSV to ``file`` (asks with a file dialog if ``None``)."""
        if file is None:
            file, _ = QFileDialog.getSaveFileName(
                self, "Export collection CSV", "collection.csv", "Collection CSV (*.csv)"
            )
            if not file:
                return

        self.context.run(
            export_collection_csv, self.context.db, Path(file),
            on_done=lambda rows: self.context.status.emit(f"Wrote {rows} rows to {file}"),
            on_error=self.context.error_handler("The collection was not exported"),
        )

    # -- Screen hooks ---------------------------------------------------------------------------

    def undo_stack(self):
        """The collection's history: owned copies and the wishlist, from any screen."""
        return self.context.operations.history("collection")

    def focus_search(self) -> bool:
        self.filter.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter.selectAll()
        return True

    def file_actions(self) -> list[QAction]:
        return [self.import_action, self.export_action]

    def restore_state(self, settings) -> None:
        restore_splitter(settings, self.splitter, "collection")
        restore_splitter(settings, self.completion.splitter, "collection-completion")
        restore_header(settings, self.table.horizontalHeader(), "collection-owned")

    def prepare_screenshot(self) -> None:
        self.reload()
        self.context.wait_idle()
        self.table.selectRow(1)

register_screen(
    ScreenSpec("collection", "Collection", CollectionScreen, order=30,
               screenshot="collection.png")
)
