"""The entry form of the Games screen: one game's fields, read into the text fields of
:func:`deckbuilder.match_log.entry.parse_entry` (so the form, the CLI and a CSV row are
checked alike) and filled from a logged game to edit it."""

from __future__ import annotations

from PySide6.QtCore import QDate, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.match_log.entry import ENDING_LABELS, ENDINGS, RESULTS, WENT, GameEntry

NEWEST = "newest"


class GameForm(QWidget):
    """The fields of one game. ``add_requested()`` (Log Game), ``save_requested()``
    (Save Changes to the game being edited), ``cleared()``."""

    add_requested = Signal()
    save_requested = Signal()
    cleared = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.editing: GameEntry | None = None
        self.date = QDateEdit(QDate.currentDate())
        self.date.setObjectName("gameDate")
        self.date.setCalendarPopup(True)
        self.date.setDisplayFormat("yyyy-MM-dd")
        self.deck = QComboBox()
        self.deck.setObjectName("gameDeck")
        self.deck.setEditable(True)
        self.version = QSpinBox()
        self.version.setObjectName("gameVersion")
        self.version.setRange(0, 1_000_000)
        self.version.setSpecialValueText(NEWEST)
        self.version.setToolTip("The deck's version (see its History tab); 'newest' if you "
                                "played it as saved now")
        self.opponent = QLineEdit()
        self.opponent.setObjectName("gameOpponent")
        self.opponent.setPlaceholderText("Who you played")
        self.opponent_deck = QLineEdit()
        self.opponent_deck.setObjectName("gameOpponentDeck")
        self.opponent_deck.setPlaceholderText("Their deck, if known")
        self.affiliation = QComboBox()
        self.affiliation.setObjectName("gameAffiliation")
        self.affiliation.setEditable(True)
        self.went = self._choices("gameWent", ("", *WENT), {"": "?"})
        self.result = self._choices("gameResult", RESULTS, {})
        self.ended = self._choices("gameEnded", ("", *ENDINGS), {**ENDING_LABELS, "": "?"})
        self.rounds = QSpinBox()
        self.rounds.setObjectName("gameRounds")
        self.rounds.setRange(0, 1000)
        self.rounds.setSpecialValueText("?")
        self.notes = QLineEdit()
        self.notes.setObjectName("gameNotes")
        self.kind_label = QLabel()
        self.kind_label.setObjectName("gameKind")

        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        deck_row = QHBoxLayout()
        deck_row.addWidget(self.deck, 1)
        deck_row.addWidget(QLabel("v"))
        deck_row.addWidget(self.version)
        form.addRow("Date:", self.date)
        form.addRow("Deck:", deck_row)
        form.addRow("Opponent:", self.opponent)
        form.addRow("Their deck:", self.opponent_deck)
        form.addRow("Affiliation:", self.affiliation)
        play_row = QHBoxLayout()
        play_row.addWidget(self.result)
        play_row.addWidget(QLabel("went"))
        play_row.addWidget(self.went)
        form.addRow("Result:", play_row)
        end_row = QHBoxLayout()
        end_row.addWidget(self.ended, 1)
        end_row.addWidget(QLabel("rounds"))
        end_row.addWidget(self.rounds)
        form.addRow("Ended by:", end_row)
        form.addRow("Notes:", self.notes)
        self.add_button = QPushButton("Log Game")
        self.add_button.setObjectName("logGame")
        self.add_button.setDefault(True)
        self.save_button = QPushButton("Save Changes")
        self.save_button.setObjectName("saveGame")
        self.clear_button = QPushButton("Clear")
        self.clear_button.setObjectName("clearGame")
        self.add_button.clicked.connect(self.add_requested)
        self.save_button.clicked.connect(self.save_requested)
        self.clear_button.clicked.connect(self.clear)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.clear_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(self.kind_label)
        layout.addLayout(buttons)
        layout.addStretch(1)
        self.clear()

    @staticmethod
    def _choices(name: str, values, labels: dict) -> QComboBox:
        box = QComboBox()
        box.setObjectName(name)
        for value in values:
            box.addItem(labels.get(value, value), value)
        return box

    def set_choices(self, decks: list[str], affiliations: list[str]) -> None:
        """The saved decks and the catalogue's affiliations offered (typed text stays)."""
        for box, values in ((self.deck, decks), (self.affiliation, ["", *affiliations])):
            text = box.currentText()
            box.blockSignals(True)
            box.clear()
            box.addItems(values)
            box.setEditText(text)
            box.blockSignals(False)

    def fields(self) -> dict[str, str]:
        """The text fields of :func:`~deckbuilder.match_log.entry.parse_entry`."""
        return {
            "date": self.date.date().toString("yyyy-MM-dd"),
            "deck": self.deck.currentText(),
            "version": str(self.version.value()) if self.version.value() else "",
            "opponent": self.opponent.text(),
            "opponent_deck": self.opponent_deck.text(),
            "opponent_affiliation": self.affiliation.currentText(),
            "went": self.went.currentData(),
            "result": self.result.currentData(),
            "ended": self.ended.currentData(),
            "rounds": str(self.rounds.value()) if self.rounds.value() else "",
            "notes": self.notes.text(),
            "kind": self.editing.kind if self.editing else "real",
            "level": self.editing.level if self.editing else "",
        }

    def edit(self, entry: GameEntry) -> None:
        """Fill the form with ``entry`` (Save Changes then replaces it)."""
        self.editing = entry
        self.date.setDate(QDate(entry.played_on.year, entry.played_on.month,
                                entry.played_on.day))
        self.deck.setEditText(entry.deck)
        self.version.setValue(entry.version or 0)
        self.opponent.setText(entry.opponent)
        self.opponent_deck.setText(entry.opponent_deck)
        self.affiliation.setEditText(entry.opponent_affiliation)
        for box, value in ((self.went, entry.went), (self.result, entry.result),
                           (self.ended, entry.ended)):
            box.setCurrentIndex(max(0, box.findData(value)))
        self.rounds.setValue(entry.rounds or 0)
        self.notes.setText(entry.notes)
        kind = (f"A computer game ({entry.level})" if entry.kind == "computer"
                else "A real game")
        self.kind_label.setText(f"{kind}, logged as game {entry.id}.")
        self.save_button.setEnabled(True)

    def clear(self) -> None:
        """Empty the form for a new game (today, the same deck)."""
        self.editing = None
        self.date.setDate(QDate.currentDate())
        self.version.setValue(0)
        for line in (self.opponent, self.opponent_deck, self.notes):
            line.clear()
        self.affiliation.setEditText("")
        for box in (self.went, self.result, self.ended):
            box.setCurrentIndex(0)
        self.rounds.setValue(0)
        self.kind_label.setText("A new real game.")
        self.save_button.setEnabled(False)
        self.cleared.emit()
