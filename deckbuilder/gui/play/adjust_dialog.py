"""Adjust by hand: the person applies the effect of a card whose power the engine did
not apply (a manual adjustment, :mod:`deckbuilder.engine.game.manual`), as players of a
virtual table do.

The dialog asks for the card it is made for (its text not played is quoted), the kind
of adjustment (Magic, Strength, a draw, a discard), the amount and what it acts on (a
character in play; the Autarch who draws or discards; the card discarded from your hand,
or cards at random). :meth:`AdjustDialog.action` is the
:class:`~deckbuilder.engine.game.actions.ManualAdjustment` to answer the decision with.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from deckbuilder.engine.controllers.adjusting import AdjustChoices
from deckbuilder.engine.game.actions import ManualAdjustment
from deckbuilder.engine.game.manual import (
    DISCARD,
    DRAW,
    MAGIC,
    MAX_CARDS,
    MAX_STAT_CHANGE,
    STRENGTH,
)
from deckbuilder.gui.dialogs import fit_title

#: The kinds offered, as the dialog names them.
KINDS = {MAGIC: "Magic (until end of round)", STRENGTH: "Strength (until end of round)",
         DRAW: "Draw cards", DISCARD: "Discard cards"}
#: The "card discarded" choice that discards at random.
AT_RANDOM = "At random"


class AdjustDialog(QDialog):
    """Asks for one manual adjustment among ``choices``; :meth:`action` after ``accept``."""

    def __init__(self, choices: AdjustChoices, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("adjustDialog")
        self.setWindowTitle("Adjust by hand")
        fit_title(self)
        self.choices = choices
        self.cause = QComboBox()
        self.cause.setObjectName("adjustCause")
        for card, label in choices.causes:
            self.cause.addItem(label.split(" (", 1)[0], card)
        self.cause.setCurrentIndex(len(choices.causes) - 1)  # the latest played
        self.text = QLabel()
        self.text.setObjectName("adjustText")
        self.text.setWordWrap(True)
        self.kind = QComboBox()
        self.kind.setObjectName("adjustKind")
        for key, label in KINDS.items():
            self.kind.addItem(label, key)
        self.amount = QSpinBox()
        self.amount.setObjectName("adjustAmount")
        self.character = self._combo("adjustCharacter", choices.characters)
        self.discard = self._combo("adjustDiscard", [(None, AT_RANDOM), *choices.hand])
        self.autarch = self._combo("adjustAutarch", choices.autarchs)
        self.summary = QLabel()
        self.summary.setObjectName("adjustSummary")
        self.summary.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Adjust")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.form = QFormLayout(self)
        self.form.addRow("For the card:", self.cause)
        self.form.addRow("", self.text)
        self.form.addRow("Adjustment:", self.kind)
        self.form.addRow("Amount:", self.amount)
        self.form.addRow("Character:", self.character)
        self.form.addRow("Autarch:", self.autarch)
        self.form.addRow("Card discarded:", self.discard)
        self.form.addRow(self.summary)
        self.form.addRow(buttons)
        for combo in (self.cause, self.kind, self.character, self.discard, self.autarch):
            combo.currentIndexChanged.connect(self._update)
        self.amount.valueChanged.connect(self._update)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        if not choices.characters:  # no character in play: Magic/Strength cannot be changed
            self.kind.setCurrentIndex(self.kind.findData(DRAW))
        self._kind_changed()
        self.setMinimumWidth(max(self.minimumWidth(), 420))

    def _combo(self, name: str, items) -> QComboBox:
        combo = QComboBox()
        combo.setObjectName(name)
        for value, label in items:
            combo.addItem(label, value)
        return combo

    def _kind_changed(self) -> None:
        """The amount's range and the fields that matter for the kind chosen."""
        kind = self.kind.currentData()
        stat = kind in (MAGIC, STRENGTH)
        self.amount.blockSignals(True)
        if stat:
            self.amount.setRange(-MAX_STAT_CHANGE, MAX_STAT_CHANGE)
            if self.amount.value() == 0:
                self.amount.setValue(1)
        else:
            self.amount.setRange(1, MAX_CARDS)
        self.amount.blockSignals(False)
        self.form.setRowVisible(self.character, stat)
        self.form.setRowVisible(self.autarch, not stat)
        self.form.setRowVisible(self.discard, kind == DISCARD)
        self._update()

    def _update(self) -> None:
        card = self.cause.currentData()
        label = dict(self.choices.causes).get(card, "")
        self.text.setText(f"Not played by the engine: {label.split(': ', 1)[-1]}")
        kind = self.kind.currentData()
        chosen = kind == DISCARD and self.discard.currentData() is not None
        mine = self.autarch.currentData() == self.choices.seat
        self.discard.setEnabled(mine)
        if not mine and self.discard.currentIndex() != 0:
            self.discard.setCurrentIndex(0)  # only your own hand is seen
        self.amount.setEnabled(not chosen)
        problem = self._problem()
        self.ok_button.setEnabled(problem is None)
        self.summary.setText(problem or self._reads())

    def _problem(self) -> str | None:
        kind = self.kind.currentData()
        if kind in (MAGIC, STRENGTH):
            if self.character.count() == 0:
                return "No character is in play."
            if self.amount.value() == 0:
                return "Choose a change other than 0."
        return None

    def _reads(self) -> str:
        kind = self.kind.currentData()
        n = self.amount.value()
        if kind in (MAGIC, STRENGTH):
            return (f"{self.character.currentText()} is {kind.title()} {n:+d} until end of "
                    "round.")
        who = self.autarch.currentText()
        if kind == DRAW:
            return f"{who} draws {n} card(s)."
        if self.discard.currentData() is not None:
            return f"{who} discards {self.discard.currentText()} to the In Ovo."
        return f"{who} discards {n} card(s) at random to the In Ovo."

    def action(self) -> ManualAdjustment:
        """The adjustment chosen."""
        card = self.cause.currentData()
        kind = self.kind.currentData()
        n = self.amount.value()
        if kind in (MAGIC, STRENGTH):
            return ManualAdjustment(card, kind, n, self.character.currentData())
        seat = self.autarch.currentData()
        autarch = None if seat == self.choices.seat else seat
        if kind == DISCARD and self.discard.currentData() is not None:
            return ManualAdjustment(card, DISCARD, 0, self.discard.currentData(), autarch)
        return ManualAdjustment(card, kind, n, None, autarch)


__all__ = ["AT_RANDOM", "AdjustDialog", "KINDS"]
