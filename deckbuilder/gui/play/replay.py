"""Replaying a game step by step: the table after each step and the log up to it.

:class:`ReplayDialog` shows the :class:`~deckbuilder.engine.records.replay.ReplayStep` list of a
game (:func:`~deckbuilder.engine.records.replay.replay_steps`, computed off the GUI thread by
the caller). "Back" and "Forward" (or the Left and Right keys) move one step, "Start"
and "End" to either end; the slider goes anywhere. The table is drawn as on the Play
screen; the log shows every line up to the step, the step's own lines last. Loaded
with the first replay (it imports the engine).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut, QTextCursor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSlider,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from card_db.userdb import UserDatabase
from deckbuilder.engine.game.table_snapshot import TableSnapshot
from deckbuilder.engine.records.replay import ReplayStep, replay_steps
from deckbuilder.gui.play.board import TableBoard
from deckbuilder.services.saved_games import load_game


def load_and_replay(db: UserDatabase, name: str) -> list[ReplayStep]:
    """The steps of the saved game ``name`` (run off the GUI thread)."""
    return replay_steps(load_game(db, name))


def table_view() -> tuple[QWidget, Callable[[TableSnapshot], None]]:
    """The widget drawing the table as the Play screen does, and how to show a snapshot."""
    board = TableBoard()
    return board, board.show_table


class ReplayDialog(QDialog):
    """Step through ``steps`` of the game called ``title``."""

    def __init__(self, steps: Sequence[ReplayStep], title: str,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("replay")
        self.setWindowTitle(f"Replay: {title}")
        self.resize(1000, 720)
        self.steps = [s for s in steps if s.lines] or list(steps)  # steps that did something
        self.position = -1
        self.board, self._show_table = table_view()
        self.board.setObjectName("replayTable")
        self.log = QPlainTextEdit()
        self.log.setObjectName("replayLog")
        self.log.setReadOnly(True)
        self.where = QLabel()
        self.where.setObjectName("replayPosition")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, max(len(self.steps) - 1, 0))
        self.slider.valueChanged.connect(self.go_to)
        self.start_button = QPushButton("◀◀ Start")
        self.back_button = QPushButton("◀ Back")
        self.back_button.setObjectName("replayBack")
        self.forward_button = QPushButton("Forward ▶")
        self.forward_button.setObjectName("replayForward")
        self.end_button = QPushButton("End ▶▶")
        self.start_button.clicked.connect(lambda: self.go_to(0))
        self.back_button.clicked.connect(self.back)
        self.forward_button.clicked.connect(self.forward)
        self.end_button.clicked.connect(lambda: self.go_to(len(self.steps) - 1))
        QShortcut(QKeySequence(Qt.Key.Key_Left), self, self.back)
        QShortcut(QKeySequence(Qt.Key.Key_Right), self, self.forward)
        controls = QHBoxLayout()
        for widget in (self.start_button, self.back_button, self.forward_button,
                       self.end_button):
            controls.addWidget(widget)
        controls.addWidget(self.slider, 1)
        controls.addWidget(self.where)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.board)
        split.addWidget(self.log)
        split.setSizes([460, 220])
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addLayout(controls)
        layout.addWidget(close)
        self.go_to(0)

    def go_to(self, index: int) -> None:
        """Show the table after step ``index`` (clamped to the steps there are)."""
        if not self.steps:
            self.where.setText("No steps recorded")
            return
        index = max(0, min(index, len(self.steps) - 1))
        if index == self.position:
            return
        self.position = index
        step = self.steps[index]
        self._show_table(step.table)
        lines = [line for s in self.steps[: index + 1] for line in s.lines]
        self.log.setPlainText("\n".join(lines))
        self.log.moveCursor(QTextCursor.MoveOperation.End)
        self.where.setText(f"Step {index + 1} of {len(self.steps)}")
        self.slider.blockSignals(True)
        self.slider.setValue(index)
        self.slider.blockSignals(False)
        self.back_button.setEnabled(index > 0)
        self.forward_button.setEnabled(index < len(self.steps) - 1)

    def back(self) -> None:
        self.go_to(self.position - 1)

    def forward(self) -> None:
        self.go_to(self.position + 1)
