"""Adding owned copies of a card by hand: name (with completion), quantity, condition,
location and notes."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
)

from card_db.records import Condition
from deckbuilder.gui.dialogs import fit_title
from deckbuilder.gui.number_field import NumberField
from deckbuilder.services.collection import MAX_QUANTITY, CollectionRow


class AddCopiesDialog(QDialog):
    """Asks for one :class:`CollectionRow`; :meth:`row` returns it after ``accept``."""

    def __init__(self, names: list[str], parent=None, name: str = ""):
        super().__init__(parent)
        self.setWindowTitle("Add cards to the collection")
        fit_title(self)
        self.name = QLineEdit(name)
        self.name.setPlaceholderText("Card name")
        completer = QCompleter(names, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.name.setCompleter(completer)
        self.quantity = NumberField(what="copies")
        self.quantity.setRange(1, MAX_QUANTITY)
        self.condition = QComboBox()
        for condition in Condition:
            self.condition.addItem(condition.value)
        self.condition.setCurrentText(Condition.NEAR_MINT.value)
        self.location = QLineEdit()
        self.location.setPlaceholderText("Binder, box or shelf")
        self.notes = QLineEdit()
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Add")
        self.name.textChanged.connect(lambda text: self.ok_button.setEnabled(bool(text.strip())))
        self.ok_button.setEnabled(bool(name))
        form = QFormLayout(self)
        form.addRow("Card:", self.name)
        form.addRow("Quantity:", self.quantity)
        form.addRow("Condition:", self.condition)
        form.addRow("Location:", self.location)
        form.addRow("Notes:", self.notes)
        form.addRow(buttons)

    def row(self) -> CollectionRow:
        return CollectionRow(
            self.name.text().strip(),
            self.quantity.value(),
            Condition(self.condition.currentText()),
            self.location.text().strip(),
            self.notes.text().strip(),
        )
