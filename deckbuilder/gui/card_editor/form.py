"""The card form: every field of one card, estimated values marked.

In correction mode the form shows an existing card: the fields a correction may
change are editable, each estimated field's label carries the mark (in the estimated
colour, with :data:`ESTIMATED_NOTE` as tooltip) and a "matches my card" box, so a
value can be confirmed without changing it. :meth:`CardForm.corrections` gives the
changed and confirmed fields as text. In new-card mode every field is editable and
:meth:`CardForm.checklist_fields` gives a checklist row.
"""

from __future__ import annotations

import html
from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QCheckBox, QGridLayout, QLabel, QWidget

from card_db.abilities import parse_abilities
from card_db.records import ALWAYS_PERMANENT, CardRecord, CardType
from deckbuilder.gui.card_editor.fields import FIELDS, FieldEditor, record_text
from deckbuilder.gui.style import ESTIMATED_MARK, ESTIMATED_NOTE, error_color, estimated_html
from deckbuilder.presentation import power_reading_lines

CORRECT, NEW = "correct", "new"
NEW_CARD_SOURCE = "user: added in the card editor"


class CardForm(QWidget):
    """Editors for every :data:`~deckbuilder.gui.card_editor.fields.FIELDS` entry.

    ``edited()`` is emitted whenever the set of pending changes may have changed.
    """

    edited = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.mode = CORRECT
        self.record: CardRecord | None = None
        self._original: dict[str, str] = {}
        self.editors: dict[str, FieldEditor] = {}
        self.labels: dict[str, QLabel] = {}
        self.confirm_boxes: dict[str, QCheckBox] = {}
        #: The catalogue's Site names and affiliations, for reading typed keyword
        #: abilities ("+4 versus Roxborough Tower", "+2 versus Vassals"); set by the screen.
        self.site_names: frozenset[str] = frozenset()
        self.known_affiliations: frozenset[str] = frozenset()
        layout = QGridLayout(self)
        layout.setColumnStretch(1, 1)
        below_powers = [spec.name for spec in FIELDS].index("powers") + 1
        for index, spec in enumerate(FIELDS):
            row = index + (index >= below_powers)  # a row under Powers for its reading
            editor = FieldEditor(spec, self)
            editor.changed.connect(self.edited)
            label = QLabel(spec.label + ":")
            label.setObjectName(f"label-{spec.name}")
            label.setBuddy(editor.widget)
            confirm = QCheckBox("matches my card")
            confirm.setObjectName(f"confirm-{spec.name}")
            confirm.setToolTip("Tick if your card shows this value: the estimated mark is removed")
            confirm.toggled.connect(self.edited)
            confirm.hide()
            align = Qt.AlignmentFlag
            top = align.AlignTop if spec.kind == "text" else align.AlignVCenter
            layout.addWidget(label, row, 0, top)
            if spec.kind == "number":
                layout.addWidget(editor.widget, row, 1, Qt.AlignmentFlag.AlignLeft)
            else:
                layout.addWidget(editor.widget, row, 1)
            layout.addWidget(confirm, row, 2, top)
            self.editors[spec.name] = editor
            self.labels[spec.name] = label
            self.confirm_boxes[spec.name] = confirm
        self.editors["card_type"].changed.connect(self._type_changed)
        # How the engine reads the typed traits and powers, checked as they are typed.
        self.power_reading = QLabel()
        self.power_reading.setObjectName("powerReading")
        self.power_reading.setWordWrap(True)
        self.power_reading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.power_reading, below_powers, 1)
        for name in ("card_type", "permanent", "affiliations", "traits", "powers"):
            self.editors[name].changed.connect(self._check_powers)
        self.error = QLabel()
        self.error.setObjectName("formError")
        self.error.setWordWrap(True)
        self.error.hide()  # placed by the screen, outside the scrolled fields
        layout.setRowStretch(len(FIELDS) + 1, 1)

    # -- showing ------------------------------------------------------------------------------

    def show_record(self, record: CardRecord) -> None:
        """Correction mode on ``record``."""
        self.mode = CORRECT
        self.record = record
        self._original = {name: record_text(record, name) for name in self.editors}
        for name, editor in self.editors.items():
            editor.set_text(self._original[name])
            editor.set_editable(editor.spec.correctable)
            estimated = record.is_estimated(name)
            self._mark(name, estimated)
            box = self.confirm_boxes[name]
            blocked = box.blockSignals(True)
            box.setChecked(False)
            box.blockSignals(blocked)
            box.setVisible(estimated and editor.spec.correctable)
        self._check_powers()
        self.show_error(None)

    def start_new(self, set_name: str = "My cards") -> None:
        """New-card mode: empty fields, all editable."""
        self.mode = NEW
        self.record = None
        self._original = {}
        for name, editor in self.editors.items():
            editor.set_text("")
            editor.set_editable(True)
            self._mark(name, False)
            self.confirm_boxes[name].hide()
        self.editors["card_type"].set_text("Character")
        self._type_changed()
        self.editors["set_name"].set_text(set_name)
        self._check_powers()
        self.show_error(None)
        self.editors["name"].widget.setFocus()

    def typed_record(self) -> CardRecord:
        """The card as typed so far, for checking its powers (name and numbers aside)."""
        text = {name: self.editors[name].text() for name in
                ("card_type", "permanent", "affiliations", "traits", "powers")}
        affiliations = tuple(a.strip() for a in text["affiliations"].split("|") if a.strip())
        base = self.record or CardRecord("", CardType.CHARACTER)
        return replace(
            base, card_type=CardType(text["card_type"]), permanent=text["permanent"] == "yes",
            affiliations=affiliations, traits=text["traits"], powers=text["powers"],
            abilities=parse_abilities(text["traits"], text["powers"], site_names=self.site_names,
                                      affiliations=self.known_affiliations | set(affiliations)))

    def _check_powers(self) -> None:
        """Say under Powers how the engine reads each typed sentence, or that it will
        not be played (:func:`~deckbuilder.presentation.power_reading_lines`)."""
        try:
            lines = power_reading_lines(self.typed_record())
        except ValueError:  # a card type not yet chosen
            lines = []
        self.power_reading.setText("\n".join(lines))
        self.power_reading.setVisible(bool(lines))

    def _type_changed(self) -> None:
        """New card: Sites and Characters are always permanent ("Permanents and
        Instants"); a Site is unique unless unticked ("Unique Cards")."""
        if self.mode != NEW:
            return
        card_type = CardType(self.editors["card_type"].text())
        permanent = self.editors["permanent"]
        if card_type in ALWAYS_PERMANENT:
            permanent.set_text("yes")
        permanent.set_editable(card_type not in ALWAYS_PERMANENT)
        self.editors["unique"].set_text("yes" if card_type is CardType.SITE else "no")

    def _mark(self, name: str, estimated: bool) -> None:
        label = self.labels[name]
        text = html.escape(self.editors[name].spec.label)
        if estimated:
            label.setText(f"{text} {estimated_html(ESTIMATED_MARK)}:")
            label.setToolTip(ESTIMATED_NOTE)
        else:
            label.setText(f"{text}:")
            label.setToolTip("")
        label.setProperty("estimated", estimated)

    def is_marked(self, name: str) -> bool:
        """Whether field ``name`` is shown as estimated."""
        return bool(self.labels[name].property("estimated"))

    # -- reading --------------------------------------------------------------------------------

    def corrections(self) -> dict[str, str]:
        """Correctable fields changed or confirmed, as ``{field: text}``."""
        if self.mode != CORRECT:
            return {}
        changes = {}
        for name, editor in self.editors.items():
            if not editor.spec.correctable:
                continue
            text = editor.text()
            if text != self._original.get(name) or self.confirm_boxes[name].isChecked():
                changes[name] = text
        return changes

    def checklist_fields(self) -> dict[str, str]:
        """The new card as checklist columns.

        See :func:`deckbuilder.services.cards.parse_card_fields`.
        """
        fields = {editor.spec.column: editor.text() for editor in self.editors.values()}
        fields["source"] = NEW_CARD_SOURCE
        return fields

    def show_error(self, message: str | None, field: str | None = None) -> None:
        """Show ``message`` under the form (and focus ``field``'s editor); ``None`` clears."""
        if not message:
            self.error.hide()
            self.error.clear()
            return
        palette = self.error.palette()
        palette.setColor(self.error.foregroundRole(), error_color(self))
        self.error.setPalette(palette)
        self.error.setText(message)
        self.error.show()
        if field in self.editors:
            self.editors[field].widget.setFocus(Qt.FocusReason.OtherFocusReason)
