"""Cell editors of the collection tables: a condition combo box and count spin boxes."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QSpinBox, QStyledItemDelegate

from card_db.records import Condition
from deckbuilder.services.collection import MAX_QUANTITY


class ConditionDelegate(QStyledItemDelegate):
    """Edits a condition with a combo box of :class:`card_db.records.Condition`, best first."""

    def createEditor(self, parent, option, index):
        editor = QComboBox(parent)
        editor.setObjectName("conditionEditor")
        for condition in Condition:
            editor.addItem(condition.value)
        return editor

    def setEditorData(self, editor, index):
        editor.setCurrentText(str(index.data(Qt.ItemDataRole.EditRole)))

    def setModelData(self, editor, model, index):
        model.setData(index, editor.currentText(), Qt.ItemDataRole.EditRole)


class CountDelegate(QStyledItemDelegate):
    """Edits a copy count, 0 to :data:`deckbuilder.services.collection.MAX_QUANTITY`."""

    def createEditor(self, parent, option, index):
        editor = QSpinBox(parent)
        editor.setRange(0, MAX_QUANTITY)
        editor.setFrame(False)
        return editor

    def setEditorData(self, editor, index):
        editor.setValue(int(index.data(Qt.ItemDataRole.EditRole) or 0))

    def setModelData(self, editor, model, index):
        editor.interpretText()
        model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)
