"""The Play screen: a game against one to three computer Autarchs, and matchups.

Choose your deck and one to three rivals' decks (saved decks, decks open in the editor,
demo decks, deck files: :class:`~.rivals.RivalsBox`), each rival's level, and a seed,
then Start. The game runs in a worker thread (:class:`~.session.PlaySession`); the
table (:class:`~.board.TableBoard`) shows the rulebook's "Game Layout". When it is your
decision, the cards that can act are outlined: click one for its moves, or drag it onto
another card or a zone (an Ally onto a Site to seize it); the legal moves are also
listed: pick one and press "Play move" (or double-click it), or press "Done / Pass".
Computer steps are shown at the chosen speed; "Skip to my decision" plays them without
pauses. "Worked example" opens one of the rulebook's examples on the table
(:mod:`~.scenario_picker`). The "Matchup" tab plays your deck against the chosen
rivals, computer against computer (:class:`~.matchup.MatchupPanel`).

When a card whose power the engine does not play has been played this round, the log
says its power was not applied, and at your turn's move "Adjust by hand…" (Ctrl+J)
opens a small dialog (:class:`~.adjust_dialog.AdjustDialog`) to apply its effect by
hand: a Magic or Strength change, a draw or a discard, logged as a manual adjustment.

While a game is played the setup folds away ("New game…" shows it) and nothing is
preselected among the moves. Start, a worked example, Resume… and Quit ask Save /
Discard / Cancel while a recorded game is in progress (:meth:`PlayScreen.keep_or_drop_game`,
:meth:`PlayScreen.can_close`), as the deck editor does for unsaved decks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut, QTextCursor
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from card_db.errors import UserError
from deckbuilder.gui.dialogs import fit_title
from deckbuilder.gui.errors import describe_error
from deckbuilder.gui.fit import scrolling
from deckbuilder.gui.number_field import NumberField
from deckbuilder.gui.play.board import TableBoard
from deckbuilder.gui.play.faces import TableFaces
from deckbuilder.gui.play.game_log import played_decks, record_finished_game
from deckbuilder.gui.play.matchup import MatchupPanel
from deckbuilder.gui.play.rivals import DeckPicker, RivalsBox
from deckbuilder.gui.play.saved import SavedGamesBar
from deckbuilder.gui.play.scenario_picker import ScenarioPicker, describe, scenario_session
from deckbuilder.gui.screens import Screen
from deckbuilder.presentation import unplayed_json
from deckbuilder.services.deck_sources import PlayDeck

if TYPE_CHECKING:
    from deckbuilder.engine.controllers.person import Decision
    from deckbuilder.gui.play.session import PlaySession, Rival

MAX_SEED = 2**31 - 1
#: Pace of the computer's steps: label -> seconds between two steps.
SPEEDS = {"Slow": 1.2, "Normal": 0.6, "Fast": 0.15, "Instant": 0.0}
#: What a decision's numbers come from, under its prompt (by the decision's kind).
WHY = {
    "assign_damage": "\nThe damage is the difference of the two sides' combat strengths; "
                     "a character receiving more damage than its Strength goes to the In "
                     "Ovo (rulebook, \u201cChallenge Summary\u201d).",
}
#: Answers to "Save the game in progress?"
SAVE, DISCARD, CANCEL = "save", "discard", "cancel"
#: Shortest time between two redraws of the table while the computer plays (ms).
RENDER_MS = 40
#: The shortcut of "Adjust by hand…".
ADJUST_SHORTCUT = "Ctrl+J"


def unplayed_note(records) -> str:
    """"Your deck has N card(s) with powers the engine does not play (names): ..." for
    the log's first line when a game starts, or "" when the engine plays every power."""
    unplayed = unplayed_json(records)
    if not unplayed["cards"]:
        return ""
    return (f"Your deck has {unplayed['cards']} card(s) with powers the engine does not "
            f"play ({', '.join(unplayed['names'])}): when one is played, Adjust by hand… "
            f"({ADJUST_SHORTCUT}) applies its effect.")


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
        self._latest = None
        self._render_pending = False
        self._quit_confirmed = False
        self.quit_box: QMessageBox | None = None
        self._build()
        self._show_decision(None)

    # -- layout --------------------------------------------------------------------------
    def _build(self) -> None:
        self.my_deck = DeckPicker(self.context, "myDeck")
        self.mine = self.my_deck.chooser
        self.rivals = RivalsBox(self.context)
        self.rival = self.rivals.rows[0].chooser
        self.level = self.rivals.rows[0].level
        self.seed = NumberField(grouped=False)
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
        self.setup = QGroupBox("New game")
        self.setup.setObjectName("setup")
        form = QFormLayout(self.setup)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow("Your deck", self.my_deck)
        form.addRow(self.rivals)
        form.addRow("Seed", self.seed)
        form.addRow("Computer speed", self.speed)
        form.addRow(self.start_button)
        self.examples = ScenarioPicker()
        self.examples.chosen.connect(self.start_scenario)
        form.addRow("Worked example", self.examples)
        # once a game starts the setup folds away; "New game…" brings it back
        self.new_game_button = QPushButton("New game…")
        self.new_game_button.setObjectName("newGame")
        self.new_game_button.setCheckable(True)
        self.new_game_button.setToolTip("Show the decks, rivals and seed for another game")
        self.new_game_button.toggled.connect(self._setup_shown)
        self.new_game_button.hide()

        self.log = QPlainTextEdit()
        self.log.setObjectName("log")
        self.log.setReadOnly(True)
        self.log.setPlaceholderText("The game log, in the rulebook's words.")
        self.status = QLabel("Choose the decks and press Start.")
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        self.prompt = QLabel()
        self.prompt.setObjectName("prompt")
        self.prompt.setWordWrap(True)
        # room for three lines, so that the list and buttons below stay in place
        self.prompt.setMinimumHeight(3 * self.prompt.fontMetrics().lineSpacing())
        self.prompt.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.moves = QListWidget()
        self.moves.setObjectName("moves")
        self.moves.setMinimumHeight(6 * self.moves.fontMetrics().lineSpacing())
        # a long move wraps in the narrow side panel rather than run out of view
        self.moves.setWordWrap(True)
        self.moves.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.moves.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.moves.itemDoubleClicked.connect(lambda _item: self.play_selected())
        self.moves.currentRowChanged.connect(lambda _row: self._update_play_button())
        self.play_button = QPushButton("Play move")
        self.play_button.setObjectName("playMove")
        self.play_button.clicked.connect(self.play_selected)
        self.pass_button = QPushButton("Done / Pass")
        self.pass_button.setObjectName("pass")
        self.pass_button.clicked.connect(lambda: self.choose(None))
        self.skip_button = QPushButton("Skip to my decision")
        self.skip_button.setObjectName("skip")
        self.skip_button.clicked.connect(self._skip)
        self.adjust_button = QPushButton("Adjust by hand…")
        self.adjust_button.setObjectName("adjust")
        self.adjust_button.setToolTip(
            f"Apply by hand the effect of a card whose power the engine did not apply "
            f"this round: Magic, Strength, a draw or a discard ({ADJUST_SHORTCUT})")
        self.adjust_button.clicked.connect(self.adjust_by_hand)
        shortcut = QShortcut(QKeySequence(ADJUST_SHORTCUT), self, self.adjust_by_hand)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.adjust_dialog = None
        # two rows: the side panel stays narrow during a game
        buttons = QGridLayout()
        buttons.addWidget(self.play_button, 0, 0)
        buttons.addWidget(self.pass_button, 0, 1)
        buttons.addWidget(self.skip_button, 1, 0)
        buttons.addWidget(self.adjust_button, 1, 1)
        left = QWidget()
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 4, 0)
        lv.addWidget(self.new_game_button)
        lv.addWidget(self.setup)
        lv.addWidget(self.status)
        lv.addWidget(QLabel("<b>Your decision</b> (or click an outlined card)"))
        lv.addWidget(self.prompt)
        lv.addWidget(self.moves, 2)
        lv.addLayout(buttons)
        self.saved = SavedGamesBar(self)
        lv.addWidget(self.saved)
        lv.addWidget(QLabel("<b>Game log</b>"))
        self.log.setMinimumHeight(5 * self.log.fontMetrics().lineSpacing())
        lv.addWidget(self.log, 3)

        self.board = TableBoard()
        self.board.setObjectName("table")
        self.faces = TableFaces(self.context.images, self)
        self.board.set_faces(self.faces)
        self.board.chosen.connect(self.choose)
        self.matchup = MatchupPanel(self.context)
        self.matchup.setObjectName("matchup")
        self.matchup.decks_needed.connect(self.start_matchup)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("playTabs")
        self.tabs.addTab(self.board, "Table")
        self.tabs.addTab(self.matchup, "Matchup")
        self.splitter = QSplitter()
        self.splitter.setObjectName("playSplitter")
        self.left_area = scrolling(left)
        self.splitter.addWidget(self.left_area)
        self.splitter.addWidget(self.tabs)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([300, 1000])
        QVBoxLayout(self).addWidget(self.splitter)
        self._setup_shown(True)

    def choosers(self) -> list:
        return [self.mine, *self.rivals.choosers()]

    def connect_screens(self, window) -> None:
        editor = window.screen("deck-editor")
        if editor is not None:
            for chooser in self.choosers():
                chooser.connect_editor(editor)

    def start(self) -> None:
        for chooser in self.choosers():
            chooser.reload_saved()

    # -- reading the chosen decks --------------------------------------------------------
    def _load_chosen(self, then) -> None:
        """Read your deck and each rival's in the background, then ``then(decks)`` with
        the :class:`PlayDeck` in order (yours first)."""
        choosers = [self.mine, *(row.chooser for row in self.rivals.chosen())]
        loaded: dict[int, PlayDeck] = {}
        failed = []

        def done(i: int, deck: PlayDeck) -> None:
            loaded[i] = deck
            if len(loaded) == len(choosers) and not failed:
                then([loaded[k] for k in range(len(choosers))])

        def error(exc) -> None:
            failed.append(exc)
            self.status.setText(f"This deck cannot be played: {describe_error(exc)}")

        if any(c.current_source() is None for c in choosers):
            self.status.setText("Choose your deck and each rival's.")
            return
        self.status.setText("Reading the decks…")
        for i, chooser in enumerate(choosers):
            task = chooser.load(on_done=lambda deck, i=i: done(i, deck),
                                on_error=lambda exc, _details: error(exc))
            if task is None:  # a deck open in the editor was closed meanwhile
                failed.append(None)
                self.status.setText("Choose your deck and each rival's.")
                return

    def _rivals(self, decks: list[PlayDeck]) -> list[Rival]:
        # lazy: the engine and the computer Autarchs load with the first game (start-up time)
        from deckbuilder.gui.play.session import Rival

        rows = self.rivals.chosen()
        return [Rival(d.records, row.level.currentText(),
                      f"Computer {k + 1} ({d.name}, {row.level.currentText()})"
                      if len(rows) > 1 else f"Computer ({d.name}, {row.level.currentText()})")
                for k, (d, row) in enumerate(zip(decks, rows, strict=True))]

    # -- starting ------------------------------------------------------------------------
    def start_chosen(self) -> None:
        """Read the chosen decks in the background, then start the game (asking first
        what to do with a game in progress: :meth:`keep_or_drop_game`); it is logged in
        the match log when it ends (:mod:`.game_log`)."""
        if not self.keep_or_drop_game():
            return

        def start(decks: list[PlayDeck]) -> None:
            session = self.start_game(decks[0].records, self._rivals(decks[1:]),
                                      self.seed.value(), decks[0].name)
            if session is not None:
                session.played = played_decks(self.mine.current_source(), decks,
                                              [r.level.currentText() for r in self.rivals.chosen()])

        self._load_chosen(start)

    def start_game(self, mine, rivals: list[Rival], seed: int,
                   deck_name: str = "") -> PlaySession | None:
        """Start a game of ``mine`` (records; the deck called ``deck_name``) against
        ``rivals``."""
        # lazy: the engine and the computer Autarchs load with the first game (start-up time)
        from deckbuilder.engine.simulation.match import check_playable
        from deckbuilder.gui.play.session import PlaySession

        self.stop_game()
        try:
            check_playable(mine)
            for rival in rivals:
                check_playable(rival.records)
            session = PlaySession(mine, rivals, seed, SPEEDS[self.speed.currentText()],
                                  deck_name=deck_name)
        except UserError as exc:
            self.status.setText(f"This game cannot be set up: {exc}")
            return None
        seats = ", ".join(f"{r.name} seat {k + 2}" for k, r in enumerate(rivals))
        you = f"you ({deck_name}) are seat 1" if deck_name else "you are seat 1"
        return self._begin(session, f"Game started (seed {seed}): {you}; {seats}.",
                           unplayed_note(mine))

    def resume_game(self, record) -> PlaySession | None:
        """Resume the saved game ``record`` (a :class:`~.play_record.PlayRecord`)."""
        # lazy: the engine and the computer Autarchs load with the first game (start-up time)
        from deckbuilder.gui.play.session import PlaySession

        if not self.keep_or_drop_game("resume another game"):
            return None
        self.stop_game()
        session = PlaySession.from_record(record, SPEEDS[self.speed.currentText()])
        return self._begin(session, f"Saved game resumed (seed {record.seed}): its "
                                    f"{len(record.choices)} decisions are played back first.")

    def start_scenario(self, key: str) -> PlaySession | None:
        """Open the rulebook's worked example ``key`` on the table (you at seat 1)."""
        if not self.keep_or_drop_game("open a worked example"):
            return None
        self.stop_game()
        rulebook = self.examples.as_rulebook()
        session = scenario_session(self.context.db.catalogue(), key,
                                   SPEEDS[self.speed.currentText()], rulebook)
        return self._begin(session, describe(key, rulebook))

    def _begin(self, session: PlaySession, message: str, note: str = "") -> PlaySession:
        session.stepped.connect(self._stepped)
        session.decision.connect(self._decision)
        session.finished.connect(self._finished)
        session.failed.connect(self.status.setText)
        self.session = session
        self.over = False
        self.faces.set_records(session.game.table.cards)
        self.log.clear()
        if note:
            self.log.appendPlainText(note)
        self.tabs.setCurrentIndex(0)
        self.status.setText(message)
        self._fold_setup(True)
        session.start()
        return session

    def _fold_setup(self, folded: bool) -> None:
        """Hide the game's setup while a game is played ("New game…" shows it)."""
        self.new_game_button.setVisible(folded)
        self.new_game_button.setChecked(not folded)
        self._setup_shown(not folded)
        if folded:  # the table takes the room the setup had
            sizes = self.splitter.sizes()
            narrow = self.left_area.minimumWidth()
            if len(sizes) == 2 and sizes[0] > narrow:
                self.splitter.setSizes([narrow, sizes[1] + sizes[0] - narrow])

    def _setup_shown(self, shown: bool) -> None:
        """The side panel is as wide as the setup while it is shown (nothing cut off),
        and narrow during a game, when it holds the moves and the log."""
        self.setup.setVisible(shown)
        content = self.left_area.widget()
        content.layout().invalidate()
        scrollbar = self.left_area.verticalScrollBar().sizeHint().width()
        self.left_area.setMinimumWidth(content.minimumSizeHint().width() + scrollbar)

    # -- a game in progress ----------------------------------------------------------------
    def game_in_progress(self) -> bool:
        """Whether a recorded game (not a worked example) is on the table, not over."""
        return (self.session is not None and not self.over
                and self.session.recorded is not None)

    def _game_box(self, parent: QWidget, action: str) -> QMessageBox:
        savable = self.saved.savable()
        box = QMessageBox(QMessageBox.Icon.Warning, "Game in progress",
                          f"Save the game in progress before you {action}?", parent=parent)
        box.setObjectName("gameInProgress")
        box.setInformativeText(
            "Resume… opens a saved game again; a game not saved is lost." if savable else
            "The computer is playing: a game is saved only at your decision (Cancel, "
            "then “Skip to my decision”); a game not saved is lost.")
        buttons = QMessageBox.StandardButton
        box.setStandardButtons((buttons.Save if savable else buttons.NoButton)
                               | buttons.Discard | buttons.Cancel)
        box.setDefaultButton(buttons.Save if savable else buttons.Cancel)
        fit_title(box)
        return box

    @staticmethod
    def _answer(box: QMessageBox) -> str:
        buttons = QMessageBox.StandardButton
        clicked = box.clickedButton()
        button = box.standardButton(clicked) if clicked is not None else buttons.Cancel
        return {buttons.Save: SAVE, buttons.Discard: DISCARD}.get(button, CANCEL)

    def ask_game(self, action: str) -> str:
        """Ask (and wait) what to do with the game in progress before ``action`` ("start
        another game"): :data:`SAVE`, :data:`DISCARD` or :data:`CANCEL`."""
        box = self._game_box(self, action)
        box.exec()
        return self._answer(box)

    def keep_or_drop_game(self, action: str = "start another game") -> bool:
        """True when the table may be cleared: no game in progress, or the person
        saved it (saved when this returns) or chose to discard it."""
        if not self.game_in_progress():
            return True
        answer = self.ask_game(action)
        if answer == CANCEL:
            return False
        return answer == DISCARD or self.saved.save_and_wait()

    def stop_game(self) -> None:
        if self.session is not None:
            self.session.stop()
            self.session = None
        self._show_decision(None)

    def start_matchup(self) -> None:
        """Read the chosen decks, then run the matchup of yours against each rival."""
        # lazy: the engine loads with the first matchup (start-up time)
        from deckbuilder.services.matchups import Opponent

        def run(decks: list[PlayDeck]) -> None:
            rows = self.rivals.chosen()
            opponents = [Opponent(d.name, d.records, row.level.currentText())
                         for d, row in zip(decks[1:], rows, strict=True)]
            self.status.setText("Matchup started: progress and results in the Matchup tab.")
            self.matchup.run_with(decks[0].name, decks[0].records, opponents)

        if not self.matchup.running:
            self._load_chosen(run)

    # -- the game's signals (GUI thread) ----------------------------------------------------
    def _stepped(self, snap, lines) -> None:
        if self.sender() is not self.session:
            return
        # redraw at most every RENDER_MS: at the fast speeds steps come quicker than
        # the table can be drawn, and only the latest matters
        self._latest = snap
        if not self._render_pending:
            self._render_pending = True
            QTimer.singleShot(RENDER_MS, self._render)
        if lines:
            self.log.appendPlainText("\n".join(lines))
            self.log.moveCursor(QTextCursor.MoveOperation.End)

    def _render(self) -> None:
        self._render_pending = False
        if self._latest is not None:
            self.board.show_table(self._latest)
            self._latest = None

    def _decision(self, decision: Decision, snap) -> None:
        if self.sender() is not self.session:
            return
        self._latest = None
        self.board.show_table(snap)
        self._show_decision(decision)
        # the prompt and moves may take another height: keep the newest line in view
        QTimer.singleShot(0, self._log_to_end)

    def _log_to_end(self) -> None:
        bar = self.log.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _finished(self, snap, message: str) -> None:
        if self.sender() is not self.session:
            return
        self._latest = None
        self.board.show_table(snap)
        self.over = True
        self._show_decision(None)
        self._fold_setup(False)
        self.status.setText(f"Game over. {message}")
        self.log.appendPlainText(f"Game over. {message}")
        record_finished_game(self.context, self.session, snap)

    def _show_decision(self, decision: Decision | None) -> None:
        self.pending = decision
        self.board.set_decision(decision)
        self.moves.clear()
        if decision is not None:
            self.prompt.setText(decision.prompt + WHY.get(decision.kind, ""))
            self.moves.addItems([o.label for o in decision.options])
            # nothing chosen for the person: "Play move" waits for a move picked
            self.moves.setCurrentRow(-1)
        else:
            self.prompt.setText("—" if self.session is None else "The game is over: press Start "
                                "for another." if self.over else "The computer is playing…")
        self._update_play_button()
        self.pass_button.setEnabled(decision is not None and decision.can_pass)
        self.adjust_button.setEnabled(decision is not None and decision.adjust is not None)
        self.skip_button.setEnabled(decision is None and self.session is not None
                                    and not self.over)
        self.saved.update_buttons()

    def _update_play_button(self) -> None:
        self.play_button.setEnabled(self.pending is not None and bool(self.pending.options)
                                    and self.moves.currentRow() >= 0)

    # -- the person's actions -------------------------------------------------------------
    def choose(self, index: int | None) -> None:
        """Answer the pending decision: an option's index, or ``None`` (Done/Pass)."""
        if self.pending is None or self.session is None:
            return
        self._show_decision(None)
        self.session.answer(index)

    def adjust_by_hand(self):
        """Open "Adjust by hand" when the pending decision offers a manual adjustment;
        on "Adjust" the decision is answered with it. Returns the dialog (``None``
        when none may be made now)."""
        decision = self.pending
        if decision is None or decision.adjust is None or self.session is None:
            return None
        # lazy: the engine loads with the first game (start-up time)
        from deckbuilder.gui.play.adjust_dialog import AdjustDialog

        dialog = AdjustDialog(decision.adjust, self)
        dialog.accepted.connect(lambda: self._adjusted(decision, dialog.action()))
        dialog.finished.connect(lambda _result: setattr(self, "adjust_dialog", None))
        self.adjust_dialog = dialog
        dialog.open()
        return dialog

    def _adjusted(self, decision, action) -> None:
        if self.pending is not decision or self.session is None:
            return  # the game moved on meanwhile
        self._show_decision(None)
        self.session.answer(action)

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
        """True with no game in progress; otherwise asks (without blocking: see
        :meth:`confirm_quit`) and keeps the window open for now."""
        if self.game_in_progress() and not self._quit_confirmed:
            if self.quit_box is None:
                self.confirm_quit()
            return False
        self.stop_game()
        self.matchup.stop()
        return True

    def confirm_quit(self) -> QMessageBox:
        """Ask, without blocking, what to do with the game in progress before the window
        closes; the answer goes to :meth:`quit_answer`."""
        box = self._game_box(self.window(), "quit")
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.finished.connect(lambda _result: self.quit_answer(self._answer(box)))
        box.open()
        self.quit_box = box
        return box

    def quit_answer(self, answer: str) -> bool:
        """Act on the answer of :meth:`confirm_quit`: close the window after saving the
        game (:data:`SAVE`) or without (:data:`DISCARD`); returns whether it closed."""
        self.quit_box = None
        if answer == CANCEL or (answer == SAVE and not self.saved.save_and_wait()):
            return False
        self._quit_confirmed = True
        try:
            return self.window().close()
        finally:
            self._quit_confirmed = False

    def prepare_screenshot(self) -> None:
        """The table mid-game (``deckbuilder --screenshot``: :mod:`~.demo_game`)."""
        # lazy: used by the screenshot mode only
        from deckbuilder.gui.play.demo_game import play_to_mid_game

        play_to_mid_game(self)
