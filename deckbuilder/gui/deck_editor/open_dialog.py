"""The Open Deck dialog: the user's saved decks (newest first), the demo decks, and a
button for a deck file. The saved decks are listed off the GUI thread."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from deckbuilder.services.deck_sources import demo_deck_files
from deckbuilder.services.decks import SavedDeck, list_decks

#: Item role: ("saved", name) or ("file", path).
SourceRole = Qt.ItemDataRole.UserRole + 1


class OpenDeckDialog(QDialog):
    """Emits ``saved_chosen(name)``, ``file_chosen(path)`` or ``file_requested()``."""

    saved_chosen = Signal(str)
    file_chosen = Signal(str)
    file_requested = Signal()
    delete_requested = Signal(str)

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self.setWindowTitle("Open Deck")
        self.setObjectName("openDeckDialog")
        self.resize(720, 440)
        self.tree = QTreeWidget()
        self.tree.setObjectName("deckList")
        self.tree.setHeaderLabels(["Deck", "Author", "Cards", "Modified"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        # the name takes the free width; author, count and date as wide as their text
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            self.tree.header().setSectionResizeMode(column,
                                                    QHeaderView.ResizeMode.ResizeToContents)
        self.tree.itemActivated.connect(lambda _item, _col: self.accept())
        self.tree.currentItemChanged.connect(self._update_buttons)
        self.mine = QTreeWidgetItem(self.tree, ["My decks"])
        self.demos = QTreeWidgetItem(self.tree, ["Demo decks"])
        for top in (self.mine, self.demos):
            top.setFlags(Qt.ItemFlag.ItemIsEnabled)
            font = top.font(0)
            font.setBold(True)
            top.setFont(0, font)
        for path in demo_deck_files():
            item = QTreeWidgetItem(self.demos, [path.stem.replace("-", " ").title(), "", "", ""])
            item.setData(0, SourceRole, ("file", str(path)))
            item.setToolTip(0, str(path))
        self.status = QLabel("Reading your saved decks…")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        self.open_button = buttons.button(QDialogButtonBox.StandardButton.Open)
        self.file_button = QPushButton("Open a File…")
        self.delete_button = QPushButton("Delete")
        self.delete_button.setToolTip("Delete the selected saved deck from your database")
        buttons.addButton(self.file_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.delete_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.file_button.clicked.connect(self._file)
        self.delete_button.clicked.connect(self._delete)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        self.tree.expandAll()
        self._update_buttons()
        self.reload()

    def reload(self) -> None:
        self.context.run(list_decks, self.context.db, on_done=self.show_saved,
                         on_error=self.context.error_handler("The saved decks could not be read"))

    def show_saved(self, decks: list[SavedDeck]) -> None:
        if not isValid(self):  # closed before the list arrived
            return
        self.mine.takeChildren()
        for deck in decks:
            modified = deck.modified.astimezone().strftime("%Y-%m-%d %H:%M")
            item = QTreeWidgetItem(self.mine,
                                   [deck.name, deck.author, str(deck.card_count), modified])
            item.setData(0, SourceRole, ("saved", deck.name))
            item.setTextAlignment(2, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.status.setText(f"{len(decks)} saved deck{'s' if len(decks) != 1 else ''}")
        self.tree.expandAll()
        if decks:
            self.tree.setCurrentItem(self.mine.child(0))
        self._update_buttons()

    def choice(self) -> tuple[str, str] | None:
        item = self.tree.currentItem()
        return item.data(0, SourceRole) if item is not None else None

    def _update_buttons(self, *_args) -> None:
        choice = self.choice()
        self.open_button.setEnabled(choice is not None)
        self.delete_button.setEnabled(bool(choice and choice[0] == "saved"))

    def accept(self) -> None:
        choice = self.choice()
        if choice is None:
            return
        super().accept()
        kind, value = choice
        if kind == "saved":
            self.saved_chosen.emit(value)
        else:
            self.file_chosen.emit(str(Path(value)))

    def _file(self) -> None:
        super().reject()
        self.file_requested.emit()

    def _delete(self) -> None:
        choice = self.choice()
        if choice and choice[0] == "saved":
            self.delete_requested.emit(choice[1])
