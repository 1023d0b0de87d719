"""The editable fields of a card and the widget for each.

Every editor gives its value as text in the form the services read: a correction
(:func:`deckbuilder.services.cards.correct_card`) or a checklist row
(:func:`deckbuilder.services.cards.parse_card_fields`): numbers as digits or empty,
yes/no, ``1|2`` for a Border Site's Dominions.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QPlainTextEdit, QSpinBox, QWidget

from card_db.records import CardRecord, CardType, Gender
from deckbuilder.gui.number_field import NumberField

NONE_TEXT = "–"


@dataclass(frozen=True)
class FieldSpec:
    """One field: record ``name``, form ``label``, editor ``kind``, the checklist
    ``column`` for new cards, whether a correction may change it, and a hint."""

    name: str
    label: str
    kind: str
    column: str
    correctable: bool = True
    hint: str = ""


FIELDS = (
    FieldSpec("name", "Name", "line", "name", False, "The name printed on the card"),
    FieldSpec("card_type", "Type", "type", "type", True, "One of the eight card types"),
    FieldSpec("permanent", "Permanent", "check", "permanent", True,
              "Square-bordered type icon: permanent; circle: instant"),
    FieldSpec("dominions", "Dominion", "line", "dominions", True,
              "3, or 1|2 for a Border Site; empty for Oviates and Dominion-less cards"),
    FieldSpec("unique", "Unique", "check", "unique", True, "Name underlined on the card"),
    FieldSpec("gender", "Gender", "gender", "gender", True, "Characters only; none for Oviates"),
    FieldSpec("magic", "Magic", "number", "magic"),
    FieldSpec("strength", "Strength", "number", "strength"),
    FieldSpec("prime", "Prime", "number", "prime"),
    FieldSpec("resistance", "Resistance", "number", "resistance", True, "Sites only"),
    FieldSpec("affiliations", "Affiliations", "line", "affiliations", False,
              "Maestro|Vassal (names separated by |)"),
    FieldSpec("deck_limit", "Deck limit", "number", "deck_limit", True,
              "Copies allowed per deck; empty: no limit"),
    FieldSpec("traits", "Traits", "text", "traits"),
    FieldSpec("powers", "Powers", "text", "powers"),
    FieldSpec("activation_icon", "Activation icon", "icon", "activation_icon", True,
              "The card type whose icon the power carries"),
    FieldSpec("set_name", "Set", "line", "set", False),
    FieldSpec("collector_number", "Collector number", "line", "collector_number"),
    FieldSpec("rarity", "Rarity", "line", "rarity"),
    FieldSpec("artist", "Artist", "line", "artist"),
    FieldSpec("flavor_text", "Flavor text", "text", "flavor_text"),
)
FIELDS_BY_NAME = {spec.name: spec for spec in FIELDS}


def record_text(record: CardRecord, name: str) -> str:
    """The text form of ``record``'s field ``name`` (what its editor shows)."""
    value = getattr(record, name if name != "dominions" else "dominions")
    if name == "card_type":
        return record.card_type.value
    if name == "gender":
        return record.gender.value if record.gender else ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return "|".join(str(v) for v in value)
    return "" if value is None else str(value)


class FieldEditor(QObject):
    """Wraps the widget editing one field; ``changed()`` when the user edits it."""

    changed = Signal()

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None):
        super().__init__(parent)
        self.spec = spec
        self.widget = self._make(spec)
        self.widget.setObjectName(f"field-{spec.name}")
        if spec.hint:
            self.widget.setToolTip(spec.hint)

    def _make(self, spec: FieldSpec) -> QWidget:
        if spec.kind == "check":
            widget = QCheckBox()
            widget.toggled.connect(self.changed)
        elif spec.kind in ("type", "icon", "gender"):
            widget = QComboBox()
            if spec.kind != "type":
                widget.addItem("", "")
            values = [g.value for g in Gender] if spec.kind == "gender" else [
                t.value for t in CardType]
            for value in values:
                widget.addItem(value, value)
            widget.currentIndexChanged.connect(self.changed)
        elif spec.kind == "number":
            widget = NumberField()
            widget.setSpecialValueText(NONE_TEXT)
            widget.setRange(-1, 99)
            widget.setMaximumWidth(90)
            widget.valueChanged.connect(self.changed)
        elif spec.kind == "text":
            widget = QPlainTextEdit()
            widget.setTabChangesFocus(True)
            widget.setFixedHeight(widget.fontMetrics().lineSpacing() * 3 + 14)
            widget.textChanged.connect(self.changed)
        else:
            widget = QLineEdit()
            if spec.hint:
                widget.setPlaceholderText(spec.hint)
            widget.textEdited.connect(self.changed)
        return widget

    def text(self) -> str:
        """The value as the services read it."""
        w = self.widget
        if isinstance(w, QCheckBox):
            return "yes" if w.isChecked() else "no"
        if isinstance(w, QComboBox):
            return w.currentData() or ""
        if isinstance(w, QSpinBox):
            return "" if w.value() < 0 else str(w.value())
        if isinstance(w, QPlainTextEdit):
            return " ".join(w.toPlainText().split())
        return w.text().strip()

    def set_text(self, text: str) -> None:
        """Show ``text`` (in :func:`record_text`'s form) without emitting ``changed``."""
        w = self.widget
        blocked = w.blockSignals(True)
        try:
            if isinstance(w, QCheckBox):
                w.setChecked(text == "yes")
            elif isinstance(w, QComboBox):
                w.setCurrentIndex(max(w.findData(text), 0))
            elif isinstance(w, QSpinBox):
                w.setValue(int(text) if text.isdigit() else -1)
            elif isinstance(w, QPlainTextEdit):
                w.setPlainText(text)
            else:
                w.setText(text)
        finally:
            w.blockSignals(blocked)

    def set_editable(self, editable: bool) -> None:
        w = self.widget
        if isinstance(w, QLineEdit | QPlainTextEdit):
            w.setReadOnly(not editable)
        else:
            w.setEnabled(editable)
