"""The Play screen: one game against a computer Autarch.

Choose your deck and the rival's (saved decks, decks open in the editor, demo decks:
:class:`~deckbuilder.gui.deck_editor.chooser.DeckChooser`), the computer's level and
a seed, then Start. The game runs in a worker thread (:class:`~.session.PlaySession`);
when it is your decision the legal moves are listed: pick one and press "Play move"
(or double-click it), or press "Done / Pass". Computer steps are shown at the chosen
speed; "Skip to my decision" plays them without pauses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.engine.levels import LEVELS
from deckbuilder.gui.deck_editor.chooser import DeckChooser
from deckbuilder.gui.errors import describe_error
from deckbuilder.gui.play.board import table_html
from deckbuilder.gui.play.saved import SavedGamesBar
from deckbuilder.gui.screens import Screen
from deckbuilder.services.deck_sources import DEMO, PlayDeck, demo_deck_files

if TYPE_CHECKING:
    from deckbuilder.engine.human_autarch import Decision
    from deckbuilder.gui.play.session import PlaySession

MAX_SEED = 2**31 - 1
#: Pace of the computer's steps: label -> seconds between two steps.
SPEEDS = {"Slow": 1.2, "Normal": 0.6, "Fast": 0.15, "Instant": 0.0}


class PlayScreen(Screen):
    """Set up a game, show the table and the log, and take the person's moves."""

    key = "play"
    title = "Play"

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(context, parent)
        self.session: PlaySession | None = None
        self.decks: dict[str, PlayDeck] = {}
        self.pending: Decision | None = None
        self.over = False
        self._build()
        self._show_decision(None)

    # -- layout --------------------------------------------------------------------------
    def _build(self) -> None:
        self.mine = DeckChooser(self.context)
        self.mine.setObjectName("myDeck")
        self.rival = DeckChooser(self.context)
        self.rival.setObjectName("rivalDeck")
        self.level = QComboBox()
        self.level.setObjectName("level")
        self.level.addItems(list(LEVELS))
        self.seed = QSpinBox()
        self.seed.setObjectName("seed")
        self.seed.setRange(0, MAX_SEED)
        self.seed.setValue(1)
        self.speed = QComboBox()
        self.speed.setObjectName("speed")
        self.speed.addItems(list(SPEEDS))
        self.speed.setCurrentText("Normal")
        self.speed.currentTextChanged.connect(self._speed_changed)
        self.start_button = QPushButton("Start")
        self.start_button.setObjectName("start")
        self.start_button.clicked.connect(self.start_chosen)
        form = QFormLayout()
        form.addRow("Your deck", self.mine)
        form.addRow("Rival's deck", self.rival)
        form.addRow("Computer level", self.level)
        form.addRow("Seed", self.seed)
        form.addRow("Computer speed", self.speed)
        form.addRow(self.start_button)

        self.status = QLabel("Choose the decks and press Start.")
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        self.prompt = QLabel()
        self.prompt.setObjectName("prompt")
        self.prompt.setWordWrap(True)
        self.moves = QListWidget()
        self.moves.setObjectName("moves")
        self.moves.itemDoubleClicked.connect(lambda _item: self.play_selected())
        self.play_button = QPushButton("Play move")
        self.play_button.setObjectName("playMove")
        self.play_button.clicked.connect(self.play_selected)
        self.pass_button = QPushButton("Done / Pass")
        self.pass_button.setObjectName("pass")
        self.pass_button.clicked.connect(lambda: self.choose(None))
        self.skip_button = QPushButton("Skip to my decision")
        self.skip_button.setObjectName("skip")
        self.skip_button.clicked.connect(self._skip)
        buttons = QHBoxLayout()
        for b in (self.play_button, self.pass_button, self.skip_button):
            buttons.addWidget(b)
        left = QWidget()
        lv = QVBoxLayout(left)
        lv.addLayout(form)
        lv.addWidget(self.status)
        lv.addWidget(QLabel("<b>Your decision</b>"))
        lv.addWidget(self.prompt)
        lv.addWidget(self.moves, 1)
        lv.addLayout(buttons)
        self.saved = SavedGamesBar(self)
        lv.addWidget(self.saved)

        self.board = QTextBrowser()
        self.board.setObjectName("table")
        self.log = QPlainTextEdit()
        self.log.setObjectName("log")
        self.log.setReadOnly(True)
        self.board.setPlaceholderText("The table appears here when the game starts: the "
                                      "rival's Realm, the Circle, then yours.")
        self.log.setPlaceholderText("The game log, in the rulebook's words.")
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.board)
        right.addWidget(self.log)
        right.setSizes([420, 330])
        self.splitter = QSplitter()
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        self.splitter.setSizes([380, 700])
        QVBoxLayout(self).addWidget(self.splitter)

    def connect_screens(self, window) -> None:
        editor = window.screen("deck-editor")
        if editor is not None:
            self.mine.connect_editor(editor)
            self.rival.connect_editor(editor)

    def start(self) -> None:
        self.mine.reload_saved()
        self.rival.reload_saved()

    # -- starting ------------------------------------------------------------------------
    def start_chosen(self) -> None:
        """Read both chosen decks in the background, then start the game."""
        self.decks = {}
        for who, chooser in (("mine", self.mine), ("rival", self.rival)):
            task = chooser.load(
                on_done=lambda deck, who=who: self._deck_loaded(who, deck),
                on_error=lambda exc, _details: self.status.setText(
                    f"This deck cannot be played: {describe_error(exc)}"),
            )
            if task is None:
                self.status.setText("Choose both decks.")
                return
        self.status.setText("Reading the decks…")

    def _deck_loaded(self, who: str, deck: PlayDeck) -> None:
        self.decks[who] = deck
        if len(self.decks) == 2:
            self.start_game(self.decks["mine"].records, self.decks["rival"].records,
                            self.level.currentText(), self.seed.value(),
                            self.decks["rival"].name)

    def start_game(self, mine, rival, level: str, seed: int,
                   rival_name: str = "Computer") -> PlaySession | None:
        """Start a game of ``mine`` against ``rival`` (records) at ``level``."""
        # lazy: the engine and the computer Autarchs load with the first game (start-up time)
        from deckbuilder.engine.match import check_playable
        from deckbuilder.gui.play.session import PlaySession

        self.stop_game()
        try:
            check_playable(mine)
            check_playable(rival)
            session = PlaySession(mine, rival, level, seed, SPEEDS[self.speed.currentText()],
                                  rival_name=f"Computer ({rival_name}, {level})")
        except ValueError as exc:
            self.status.setText(f"This game cannot be set up: {exc}")
            return None
        return self._begin(session, f"Game started (seed {seed}): you are seat 1, the "
                                    "computer seat 2.")

    def resume_game(self, record) -> PlaySession:
        """Resume the saved game ``record`` (a :class:`~.play_record.PlayRecord`)."""
        # lazy: the engine and the computer Autarchs load with the first game (start-up time)
        from deckbuilder.gui.play.session import PlaySession

        self.stop_game()
        session = PlaySession.from_record(record, SPEEDS[self.speed.currentText()])
        return self._begin(session, f"Saved game resumed (seed {record.seed}): its "
                                    f"{len(record.choices)} decisions are played back first.")

    def _begin(self, session: PlaySession, message: str) -> PlaySession:
        session.stepped.connect(self._stepped)
        session.decision.connect(self._decision)
        session.finished.connect(self._finished)
        session.failed.connect(self.status.setText)
        self.session = session
        self.over = False
        self.log.clear()
        self.status.setText(message)
        session.start()
        return session

    def stop_game(self) -> None:
        if self.session is not None:
            self.session.stop()
            self.session = None
        self._show_decision(None)

    # -- the game's signals (GUI thread) ----------------------------------------------------
    def _stepped(self, snap, lines) -> None:
        if self.sender() is not self.session:
            return
        self.board.setHtml(table_html(snap))
        if lines:
            self.log.appendPlainText("\n".join(lines))
            self.log.moveCursor(QTextCursor.MoveOperation.End)

    def _decision(self, decision: Decision, snap) -> None:
        if self.sender() is not self.session:
            return
        self.board.setHtml(table_html(snap))
        self._show_decision(decision)

    def _finished(self, snap, message: str) -> None:
        if self.sender() is not self.session:
            return
        self.board.setHtml(table_html(snap))
        self.over = True
        self._show_decision(None)
        self.status.setText(f"Game over. {message}")
        self.log.appendPlainText(f"Game over. {message}")

    def _show_decision(self, decision: Decision | None) -> None:
        self.pending = decision
        self.moves.clear()
        if decision is not None:
            self.prompt.setText(decision.prompt)
            self.moves.addItems([o.label for o in decision.options])
            self.moves.setCurrentRow(0)
        else:
            self.prompt.setText("—" if self.session is None else "The game is over: press Start "
                                "for another." if self.over else "The computer is playing…")
        self.play_button.setEnabled(decision is not None and bool(decision.options))
        self.pass_button.setEnabled(decision is not None and decision.can_pass)
        self.skip_button.setEnabled(decision is None and self.session is not None
                                    and not self.over)
        self.saved.update_buttons()

    # -- the person's actions -------------------------------------------------------------
    def choose(self, index: int | None) -> None:
        """Answer the pending decision: an option's index, or ``None`` (Done/Pass)."""
        if self.pending is None or self.session is None:
            return
        self._show_decision(None)
        self.session.answer(index)

    def play_selected(self) -> None:
        row = self.moves.currentRow()
        if row >= 0:
            self.choose(row)

    def _skip(self) -> None:
        if self.session is not None:
            self.session.skip()

    def _speed_changed(self, text: str) -> None:
        if self.session is not None:
            self.session.delay = SPEEDS[text]

    def undo_stack(self):
        return self.context.operations.history("games")

    def can_close(self) -> bool:
        self.stop_game()
        return True

    def prepare_screenshot(self) -> None:
        demos = demo_deck_files()
        if demos:
            self.mine.select(DEMO, str(demos[0]))
            self.rival.select(DEMO, str(demos[-1]))
