""""What I still need": the deck against the collection
(:func:`deckbuilder.deck.ownership.to_acquire`).

The owned counts and the copies used by the other saved decks are read off the GUI
thread (:func:`deckbuilder.services.collection.owned_counts`, ``deck_usage``) when the
panel is shown and whenever the collection or the saved decks change; the comparison
itself is pure and runs on every edit.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from card_db.userdb import UserDatabase
from deckbuilder.deck.ownership import Need, to_acquire
from deckbuilder.gui.deck_editor.document import DeckDocument
from deckbuilder.gui.row_model import RowTableModel
from deckbuilder.services.changes import Changes, merge_all
from deckbuilder.services.collection import deck_usage, owned_counts, set_wishlist
from deckbuilder.services.proxy_sheet import needs_proxy_sheet

HEADERS = ("Card", "Needed", "Owned", "In other decks", "To get")


@dataclass(frozen=True)
class CollectionCounts:
    """Copies owned per card and copies used by the other saved decks."""

    owned: dict[str, int]
    used_elsewhere: dict[str, int]


def read_counts(db: UserDatabase, deck_name: str | None) -> CollectionCounts:
    """Read the counts (worker thread); ``deck_name`` is left out of the usage."""
    return CollectionCounts(owned_counts(db), deck_usage(db, deck_name))


class NeedsModel(RowTableModel):
    """Rows of :class:`~deckbuilder.deck.ownership.Need`."""

    HEADERS = HEADERS

    def set_needs(self, needs: list[Need]) -> None:
        self.replace_rows(needs)

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        need = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return (need.name, need.needed, need.owned, need.used_elsewhere,
                    need.to_acquire)[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column():
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class NeedsPanel(QWidget):
    """The buy-or-trade list of one document."""

    def __init__(self, context, document: DeckDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self.document = document
        self.counts: CollectionCounts | None = None
        self._loading = False
        self.summary = QLabel("Reading your collection…")
        self.summary.setObjectName("needsSummary")
        self.summary.setWordWrap(True)
        self.sideboard = QCheckBox("Count the sideboard")
        self.sideboard.setChecked(True)
        self.other_decks = QCheckBox("Keep the copies my other saved decks use")
        self.other_decks.setChecked(True)
        self.other_decks.setToolTip("Copies used by your other saved decks are not free for "
                                    "this one.")
        self.model = NeedsModel(self)
        self.table = QTableView()
        self.table.setObjectName("needsTable")
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, len(HEADERS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.wishlist_button = QPushButton("Add to wishlist")
        self.wishlist_button.setToolTip("Want the missing copies (Collection > Wishlist)")
        self.wishlist_button.clicked.connect(self.add_to_wishlist)
        self.proxy_button = QPushButton("Proxy sheet…")
        self.proxy_button.setToolTip("Print the missing copies as proxies: a PDF of real-size "
                                     "cards, 9 to an A4 page, with cut lines")
        self.proxy_button.clicked.connect(lambda: self.write_proxy_sheet())
        options = QHBoxLayout()
        options.addWidget(self.sideboard)
        options.addWidget(self.other_decks)
        options.addStretch(1)
        actions = QHBoxLayout()  # a row of its own: the panel fits a 1024-wide window
        actions.addStretch(1)
        actions.addWidget(self.proxy_button)
        actions.addWidget(self.wishlist_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addLayout(options)
        layout.addLayout(actions)
        layout.addWidget(self.table, 1)
        self.sideboard.toggled.connect(self.recompute)
        self.other_decks.toggled.connect(self.recompute)
        document.changed.connect(self.recompute)
        context.collection_changed.connect(self.reload)
        context.decks_changed.connect(self.reload)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.counts is None:
            self.reload()

    def reload(self) -> None:
        """Read the collection counts again (in the background)."""
        if self._loading:
            return
        self._loading = True
        self.context.run(
            # A deck opened from a file has no saved name; its saved copy has its name.
            read_counts, self.context.db,
            self.document.saved_name or self.document.deck.name or None,
            on_done=self._loaded, on_error=self._failed,
        )

    def _loaded(self, counts: CollectionCounts) -> None:
        self._loading = False
        self.counts = counts
        self.recompute()

    def _failed(self, exc: BaseException, _details: str) -> None:
        self._loading = False
        self.context.report_error("Your collection could not be read", exc)

    def needs(self) -> list[Need]:
        """What is missing now (empty until the collection is read)."""
        if self.counts is None:
            return []
        used = self.counts.used_elsewhere if self.other_decks.isChecked() else None
        return to_acquire(self.document.deck, self.counts.owned, used,
                          include_sideboard=self.sideboard.isChecked())

    def recompute(self) -> None:
        if self.counts is None:
            return
        needs = self.needs()
        self.model.set_needs(needs)
        copies = sum(n.to_acquire for n in needs)
        if not needs:
            self.summary.setText("Your collection has every card of this deck.")
        else:
            self.summary.setText(
                f"You still need {copies} card{'s' if copies != 1 else ''} "
                f"({len(needs)} different)."
            )
        self.wishlist_button.setEnabled(bool(needs))
        self.proxy_button.setEnabled(bool(needs))

    def write_proxy_sheet(self, file: str | None = None) -> None:
        """Write the missing copies as a proxy sheet PDF to ``file`` (asks if ``None``),
        off the GUI thread."""
        needs = self.needs()
        if not needs:
            return
        if file is None:
            file, _ = QFileDialog.getSaveFileName(
                self, "Proxy sheet of the cards still needed",
                f"{self.document.title} - proxies.pdf", "PDF (*.pdf)")
            if not file:
                return
        self.context.run(
            needs_proxy_sheet, self.context.db, needs, Path(file),
            title=f"{self.document.title}: cards still needed",
            on_done=lambda result: self.context.status.emit(
                f"Wrote a proxy sheet of {result[1]} cards to {result[0]}"),
            on_error=self.context.error_handler("The proxy sheet was not written"),
        )

    def add_to_wishlist(self) -> None:
        """Put each missing card on the wishlist for the copies missing."""
        wanted = [(n.name, n.to_acquire) for n in self.needs()]
        if not wanted:
            return
        note = f"for {self.document.title}"

        label = f"Add {len(wanted)} cards for {self.document.title} to the wishlist"

        def wish(db: UserDatabase) -> Changes:
            return merge_all([set_wishlist(db, n, count, note).changes for n, count in wanted],
                             label)

        self.context.operations.run(
            wish, initiator=self,
            on_done=lambda _changes: self.context.status.emit(
                f"{len(wanted)} cards added to the wishlist"),
            error_title="The wishlist was not changed",
        )
