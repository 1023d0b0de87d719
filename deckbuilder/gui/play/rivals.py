"""Choosing decks for the Play screen: a deck chooser with a "File…" button (any deck
file), and the list of one to three rivals, each with its deck and computer level."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.engine.controllers.levels import DEFAULT_LEVEL, DESCRIPTIONS, LEVELS, MAX_RIVALS
from deckbuilder.gui.deck_editor import files
from deckbuilder.gui.deck_editor.chooser import DeckChooser
from deckbuilder.services.deck_sources import DEMO, demo_deck_files


class DeckPicker(QWidget):
    """A :class:`DeckChooser` and a "File…" button that adds a deck file to it."""

    def __init__(self, context, name: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.chooser = DeckChooser(context)
        self.chooser.setObjectName(name)
        self.file_button = QPushButton("File…")
        self.file_button.setToolTip("Play a deck file")
        self.file_button.clicked.connect(self.choose_file)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.chooser, 1)
        row.addWidget(self.file_button)

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Play a deck file", "",
                                              ";;".join(files.open_filters()))
        if path:
            self.chooser.add_file(path)


class RivalRow(QWidget):
    """One rival: its deck and the level of the computer Autarch playing it."""

    def __init__(self, context, index: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.deck = DeckPicker(context, f"rivalDeck{index}")
        self.level = QComboBox()
        self.level.setObjectName(f"rivalLevel{index}")
        self.level.addItems(list(LEVELS))
        self.level.setCurrentText(DEFAULT_LEVEL)
        self.level.setToolTip("\n".join(DESCRIPTIONS[level] for level in LEVELS))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.deck, 1)
        row.addWidget(self.level)

    @property
    def chooser(self) -> DeckChooser:
        return self.deck.chooser


class RivalsBox(QWidget):
    """How many rivals (1 to :data:`MAX_RIVALS`) and a :class:`RivalRow` for each."""

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(parent)
        self.count = QSpinBox()
        self.count.setObjectName("rivalCount")
        self.count.setRange(1, MAX_RIVALS)
        self.count.setSuffix(" rival(s)")
        self.count.setToolTip("The rulebook's games have 2 to 4 Autarchs: you and 1 to 3 "
                              "computer rivals")
        self.rows = [RivalRow(context, i + 1) for i in range(MAX_RIVALS)]
        demos = demo_deck_files()
        for i, row in enumerate(self.rows):  # rivals start on different demo decks
            if demos:
                row.chooser.select(DEMO, str(demos[(i + 1) % len(demos)]))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("Rivals", self.count)
        layout.addLayout(form)
        for row in self.rows:
            layout.addWidget(row)
        self.count.valueChanged.connect(self._shown)
        self._shown(self.count.value())

    def _shown(self, count: int) -> None:
        for i, row in enumerate(self.rows):
            row.setVisible(i < count)

    def chosen(self) -> list[RivalRow]:
        """The rows in play (the first ``count``)."""
        return self.rows[: self.count.value()]

    def choosers(self) -> list[DeckChooser]:
        return [row.chooser for row in self.rows]
