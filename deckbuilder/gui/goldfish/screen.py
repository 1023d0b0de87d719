"""The goldfish screen: play a deck alone on a board, step by step (one action), by
phase or by round, or let it play itself; and run statistics over many games.

The game is the rules engine's goldfish game (:mod:`deckbuilder.engine.simulation.goldfish`,
with the policy of :mod:`deckbuilder.engine.simulation.policy`), shown through
:class:`~.session.GoldfishSession`; the statistics run in a worker thread
(:mod:`.statistics`) and can be cancelled. Nothing long runs on the GUI thread: one
step of the engine takes well under a millisecond.
"""

from __future__ import annotations

import random

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont, QTextCursor
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from card_db.errors import UserError
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation.goldfish_result import DEFAULT_ROUNDS
from deckbuilder.gui.deck_editor.chooser import ChosenDeckScreen, DeckChooser
from deckbuilder.gui.errors import describe_error
from deckbuilder.gui.goldfish.board import BoardView
from deckbuilder.gui.goldfish.session import GoldfishSession
from deckbuilder.gui.goldfish.stats_panel import GoldfishStatsPanel
from deckbuilder.gui.number_field import NumberField
from deckbuilder.gui.settings import restore_splitter
from deckbuilder.gui.style import error_color
from deckbuilder.services.deck_sources import DEMO, PlayDeck, demo_deck_files

MAX_SEED = 2**31 - 1
#: Auto-play speeds: label -> milliseconds between two phases.
SPEEDS = {"Slow": 1200, "Normal": 600, "Fast": 150}
VARIANTS = {"Standard rules": Variant(), "Shorter Games": Variant.shorter_games()}


class GoldfishScreen(ChosenDeckScreen):
    """One game on the board, and statistics over many."""

    key = "goldfish"
    title = "Goldfish"

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(context, parent)
        self.session: GoldfishSession | None = None
        self.play: PlayDeck | None = None
        self._random = random.Random()
        self._pending_seed = 0
        self._loads = 0
        self._stale = True
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._auto_step)
        self._build()
        self._update_buttons()

    # -- layout --------------------------------------------------------------------------------

    def _build(self) -> None:
        self.chooser = DeckChooser(self.context)
        self.chooser.source_changed.connect(lambda _source: self._source_changed())
        self.rounds = NumberField(what="rounds")
        self.rounds.setObjectName("rounds")
        self.rounds.setRange(1, 30)
        self.rounds.setValue(DEFAULT_ROUNDS)
        self.rounds.setToolTip("Rounds to play (the game also ends at victory)")
        self.variant = QComboBox()
        self.variant.setObjectName("variant")
        self.variant.addItems(list(VARIANTS))
        self.rounds.editingFinished.connect(self._rules_changed)
        self.variant.currentIndexChanged.connect(lambda _index: self._rules_changed())
        self.variant.setToolTip('"Shorter Games": Prime allowance 9, any three Dominions win, '
                                "a Border Site counts once")
        self.seed = NumberField(grouped=False)
        self.seed.setObjectName("gameSeed")
        self.seed.setRange(0, MAX_SEED)
        self.seed.setToolTip("The game's seed: the same seed replays the same game. "
                             "Type one and press Enter to replay it.")
        self.seed.editingFinished.connect(lambda: self.new_game(self.seed.value()))
        self.new_button = self._button("&New Game", "newGame", lambda: self.new_game(),
                                       "Shuffle and set up a new game")
        self.step_button = self._button("&Step", "stepButton", self.step,
                                        "Play one action")
        self.phase_button = self._button("&Phase", "phaseButton", self.step_phase,
                                         "Play to the end of the phase")
        self.round_button = self._button("R&ound", "roundButton", self.step_round,
                                         "Play to the end of the round")
        self.auto_button = self._button("&Auto-play", "autoButton", self.toggle_auto,
                                        "Play phase after phase until the game ends")
        self.auto_button.setCheckable(True)
        self.speed = QComboBox()
        self.speed.setObjectName("speed")
        self.speed.addItems(list(SPEEDS))
        self.speed.setCurrentText("Normal")
        self.speed.currentTextChanged.connect(lambda text: self.timer.setInterval(SPEEDS[text]))
        self.timer.setInterval(SPEEDS["Normal"])
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Deck:"))
        bar.addWidget(self.chooser, 1)
        for label, widget in (("Rounds:", self.rounds), ("Rules:", self.variant),
                              ("Seed:", self.seed)):
            bar.addWidget(QLabel(label))
            bar.addWidget(widget)
        actions = QHBoxLayout()
        for widget in (self.new_button, self.step_button, self.phase_button,
                       self.round_button, self.auto_button, self.speed):
            actions.addWidget(widget)
        self.outcome = QLabel()
        self.outcome.setObjectName("outcome")
        actions.addWidget(self.outcome, 1)

        self.board = BoardView(self.context.images)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.board)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.log = QPlainTextEdit()
        self.log.setObjectName("gameLog")
        self.log.setReadOnly(True)
        self.log.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.log.setPlaceholderText("The game's log appears here.")
        font = QFont(self.log.font())
        font.setPointSizeF(font.pointSizeF() * 0.92)
        self.log.setFont(font)
        self.stats = GoldfishStatsPanel(self.context)
        self.stats.deck_needed.connect(self.run_statistics)
        self.right = QSplitter(Qt.Orientation.Vertical)
        self.right.setObjectName("goldfishRight")
        self.right.addWidget(self.log)
        # scrolled, not clipped, when the window is short (the wrapped summary and the two
        # charts need more height than a short panel has)
        self.stats_scroll = QScrollArea()
        self.stats_scroll.setObjectName("goldfishStatsScroll")
        self.stats_scroll.setWidgetResizable(True)
        self.stats_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.stats_scroll.setWidget(self.stats)
        self.stats_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        bar_width = self.stats_scroll.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        self.stats_scroll.setMinimumWidth(self.stats.minimumSizeHint().width() + bar_width)
        self.right.addWidget(self.stats_scroll)
        self.right.setStretchFactor(0, 2)
        self.right.setStretchFactor(1, 3)
        self.right.setSizes([250, 420])
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("goldfishSplitter")
        self.splitter.addWidget(scroll)
        self.splitter.addWidget(self.right)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([800, 460])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(bar)
        layout.addLayout(actions)
        layout.addWidget(self.splitter, 1)

    def _button(self, text: str, name: str, slot, tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setToolTip(tip)
        button.clicked.connect(lambda _checked=False: slot())
        return button

    # -- a game --------------------------------------------------------------------------------

    def current_variant(self) -> Variant:
        return VARIANTS[self.variant.currentText()]

    def _rules_changed(self) -> None:
        """Other rounds or rules: the same game (same seed) set up again under them."""
        if self.session is not None and (self.session.rounds != self.rounds.value()
                                         or self.session.game.variant != self.current_variant()):
            self.new_game(self.seed.value())

    def _source_changed(self) -> None:
        if self.isVisible():
            self.new_game()
        else:
            self._stale = True

    def new_game(self, seed: int | None = None) -> None:
        """Read the chosen deck again and set up a new game (a fresh seed if ``None``)."""
        self._stale = False
        self.stop_auto()
        self._pending_seed = seed if seed is not None else self._random.randrange(MAX_SEED)
        self._loads += 1
        load = self._loads
        task = self.chooser.load(
            on_done=lambda play: self._deck_loaded(play) if load == self._loads else None,
            on_error=lambda exc, details: (self._deck_failed(exc) if load == self._loads
                                           else None),
        )
        if task is None:
            self._problem("Choose a deck to play.")

    def _deck_loaded(self, play: PlayDeck) -> None:
        self.play = play
        self.start_game(play.records, self._pending_seed)

    def _deck_failed(self, exc: BaseException) -> None:
        self.play = None
        self._problem(f"This deck cannot be played: {describe_error(exc)}")

    def start_game(self, records, seed: int) -> GoldfishSession | None:
        """Set up a game of ``records`` with ``seed`` (no deck read); returns it."""
        self.stop_auto()
        self.seed.setValue(seed)
        try:
            self.session = GoldfishSession(records, seed, self.rounds.value(),
                                           self.current_variant())
        except UserError as exc:
            self.session = None
            self._problem(f"This deck cannot be set up: {exc}")
            return None
        self.log.clear()
        self.outcome.setStyleSheet("")
        self.outcome.setText("Set up: press Step, Phase or Round.")
        self.board.show_board(None)
        self._update_buttons()
        return self.session

    def _problem(self, text: str) -> None:
        self.session = None
        self.board.show_board(None)
        self.log.clear()
        self.outcome.setStyleSheet(f"color: {error_color(self).name()}")
        self.outcome.setText(text)
        self._update_buttons()

    def step(self) -> None:
        """One action."""
        self._advance(lambda session: [step] if (step := session.step()) else [])

    def step_phase(self) -> None:
        """To the end of the phase."""
        self._advance(GoldfishSession.step_phase)

    def step_round(self) -> None:
        """To the end of the round."""
        self._advance(GoldfishSession.step_round)

    def _advance(self, move) -> None:
        session = self.session
        if session is None or session.finished:
            return
        steps = move(session)
        for step in steps:
            for line in step.lines:
                self.log.appendPlainText(line)
        self.log.moveCursor(QTextCursor.MoveOperation.End)
        self.board.show_board(session.board)
        self.outcome.setText(session.outcome())
        if session.finished:
            self.stop_auto()
        self._update_buttons()

    def toggle_auto(self) -> None:
        """Start or stop playing one phase every tick of the timer."""
        if self.timer.isActive():
            self.stop_auto()
        elif self.session is not None and not self.session.finished:
            self.timer.start()
            self.auto_button.setChecked(True)
            self.auto_button.setText("Stop &Auto-play")
        else:
            self.auto_button.setChecked(False)

    def stop_auto(self) -> None:
        self.timer.stop()
        self.auto_button.setChecked(False)
        self.auto_button.setText("&Auto-play")

    def _auto_step(self) -> None:
        self.step_phase()
        if self.session is None or self.session.finished:
            self.stop_auto()

    def _update_buttons(self) -> None:
        playing = self.session is not None and not self.session.finished
        for button in (self.step_button, self.phase_button, self.round_button,
                       self.auto_button):
            button.setEnabled(playing)

    # -- statistics ----------------------------------------------------------------------------

    def run_statistics(self) -> None:
        """Read the chosen deck again and run the statistics over it."""
        def loaded(play: PlayDeck) -> None:
            self.stats.run_with(play.records, self.rounds.value(), self.current_variant())

        task = self.chooser.load(
            on_done=loaded,
            on_error=lambda exc, _details: self.context.report_error(
                "The statistics run was not started", exc),
        )
        if task is None:
            self.context.status.emit("Choose a deck first.")

    # -- Screen hooks --------------------------------------------------------------------------

    def restart(self) -> None:
        """Play the chosen deck anew (called when the screen is shown stale)."""
        self.new_game()

    def can_close(self) -> bool:
        self.stop_auto()
        self.stats.cancel()
        return True

    def restore_state(self, settings) -> None:
        restore_splitter(settings, self.splitter, "goldfish")
        restore_splitter(settings, self.right, "goldfish-right")

    def prepare_screenshot(self) -> None:
        demos = demo_deck_files()
        if demos:
            self.chooser.select(DEMO, str(demos[0]))
        self.new_game(3)
        self.context.wait_idle()
        if self.session is not None:
            self.session.play_rounds(3)
            self._advance(lambda session: [])
            self.log.setPlainText("\n".join(self.session.lines()))
            self.log.moveCursor(QTextCursor.MoveOperation.End)
        self.run_statistics()
