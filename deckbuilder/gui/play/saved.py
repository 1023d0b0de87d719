"""Saving, resuming and replaying games on the Play screen (issue 13, section 2).

:class:`SavedGamesBar` is the row of buttons under the moves: "Save game…" (asks a
name; enabled while the game waits for your decision or has ended), "Resume…" (opens
:class:`SavedGamesDialog`, the list of saved games: Resume, Replay, Delete) and
"Replay" (the game on the table, step by step in a
:class:`~deckbuilder.gui.play.replay.ReplayDialog`). Saves and deletions go through
``context.operations`` (:mod:`deckbuilder.services.saved_games`), so Edit > Undo on
the Play screen takes them back; reads and replays run off the GUI thread.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from deckbuilder.engine.records.play_record import PlayRecord
    from deckbuilder.engine.records.replay import ReplayStep
    from deckbuilder.gui.play.replay import ReplayDialog
    from deckbuilder.services.saved_games import SavedGameInfo


def default_name(record: PlayRecord) -> str:
    """A name offered for a new save: your seat (which names your deck), the rivals and
    the time, e.g. "Your Autarch (Maestro Reconciliation) vs Computer (Oviate Swarm,
    quick), 2026-11-29 01:20"."""
    seats = [seat.name for seat in record.seats]
    return f"{seats[0]} vs {', '.join(seats[1:])}, {datetime.now():%Y-%m-%d %H:%M}"


class SavedGamesBar(QWidget):
    """"Save game…", "Resume…" and "Replay" for ``screen`` (the Play screen: its
    ``session``, ``over``, ``status`` and ``resume_game(record)``)."""

    def __init__(self, screen):
        super().__init__(screen)
        self.screen = screen
        self.context = screen.context
        self.dialog: SavedGamesDialog | None = None
        self.replay: ReplayDialog | None = None
        self.save_button = QPushButton("Save game…")
        self.save_button.setObjectName("saveGame")
        self.save_button.setToolTip("Save this game to resume or replay it later")
        self.save_button.clicked.connect(self.save)
        self.resume_button = QPushButton("Resume…")
        self.resume_button.setObjectName("resumeGame")
        self.resume_button.setToolTip("Resume, replay or delete a saved game")
        self.resume_button.clicked.connect(self.open_saved)
        self.replay_button = QPushButton("Replay")
        self.replay_button.setObjectName("replayGame")
        self.replay_button.setToolTip("Step through this game from the start")
        self.replay_button.clicked.connect(self.replay_current)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for b in (self.save_button, self.resume_button, self.replay_button):
            row.addWidget(b)
        self.update_buttons()

    def _recordable(self) -> bool:
        session = self.screen.session
        return (session is not None and session.recorded is not None
                and (self.screen.over or session.waiting))

    def savable(self) -> bool:
        """Whether "Save game…" can save the game on the table now."""
        return self._recordable()

    def save_and_wait(self) -> bool:
        """Save the game on the table under :func:`default_name` (asking before replacing
        a saved game of that name) and wait for the write; True if it was saved."""
        if not self._recordable():
            return False
        saved: list[str] = []
        self.save_as(default_name(self.screen.session.record()),
                     self.screen.session.record(), then=saved.append)
        self.context.wait_idle(30)
        return bool(saved)

    def update_buttons(self) -> None:
        """Save and Replay only while the game waits for the person or has ended (and
        not for a worked example, which is not recorded)."""
        ready = self._recordable()
        self.save_button.setEnabled(ready)
        self.replay_button.setEnabled(ready)

    # -- saving --------------------------------------------------------------------------
    def save(self) -> None:
        """Ask a name and save the game on the table (asking before replacing one)."""
        if not self._recordable():
            return
        record = self.screen.session.record()
        dialog = self.name_dialog(default_name(record))
        ok = dialog.exec() == QDialog.DialogCode.Accepted
        name = " ".join(dialog.textValue().split())
        if ok and name:
            self.save_as(name, record)

    def name_dialog(self, name: str) -> QInputDialog:
        """The "Save game" dialog asking a name, wide enough to show ``name`` whole."""
        dialog = QInputDialog(self)
        dialog.setObjectName("saveGameName")
        dialog.setWindowTitle("Save game")
        dialog.setLabelText("Name of the saved game:")
        dialog.setTextValue(name)
        dialog.resize(max(480, dialog.fontMetrics().horizontalAdvance(name) + 80),
                      dialog.sizeHint().height())
        return dialog

    def save_as(self, name: str, record: PlayRecord, replace: bool = False, then=None):
        """Save ``record`` as ``name`` through the write road (asking before replacing
        a saved game of that name), then ``then(name)`` if given; returns the
        operation."""
        # lazy: the engine loads with the first game (start-up time)
        from deckbuilder.services.saved_games import SavedGameExists, save_game

        def taken(exc: BaseException) -> bool:
            if replace or not isinstance(exc, SavedGameExists):
                return False
            if QMessageBox.question(
                    self, "Save game", f"A saved game called “{name}” exists. Replace it?"
            ) == QMessageBox.StandardButton.Yes:
                self.save_as(name, record, replace=True, then=then)
                self.context.wait_idle(30)
            return True

        state = self.screen.session.game.table
        where = f"Round {state.round}, {state.phase}" if state.round else state.phase
        return self.context.operations.run(
            save_game, name, record, replace=replace, where=where, initiator=self,
            error_title="The game was not saved", on_error=taken,
            on_done=lambda _changes: self._saved(name, then),
        )

    def _saved(self, name: str, then) -> None:
        self.screen.status.setText(
            f"Saved as “{name}”: Resume… opens it again (Edit > Undo takes it back).")
        if then is not None:
            then(name)

    # -- resuming and replaying ---------------------------------------------------------
    def open_saved(self) -> SavedGamesDialog:
        """Open the list of saved games."""
        if self.dialog is None:
            self.dialog = SavedGamesDialog(self)
        self.dialog.reload()
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog

    def resume(self, name: str) -> None:
        """Load the saved game ``name`` in the background, then resume it on the table."""
        # lazy: the engine loads with the first game (start-up time)
        from deckbuilder.services.saved_games import load_game

        self.screen.status.setText(f"Opening “{name}”…")
        self.context.tasks.run(
            load_game, self.context.db, name,
            on_done=self.screen.resume_game,
            on_error=lambda exc, details: self.context.report_error(
                "The game could not be resumed", exc, details),
        )

    def replay_current(self) -> None:
        """Replay the game on the table from its start."""
        if self._recordable():
            self.show_replay("this game", self.screen.session.record())

    def show_replay(self, title: str, record: PlayRecord | None = None,
                    name: str | None = None) -> None:
        """Compute the steps of ``record`` (or of the saved game ``name``) in the
        background, then open the replay."""
        # lazy: the engine loads with the first game (start-up time)
        from deckbuilder.engine.records.replay import replay_steps
        from deckbuilder.gui.play.replay import load_and_replay

        job, args = (replay_steps, (record,)) if record is not None else (
            load_and_replay, (self.context.db, name))
        self.context.tasks.run(
            job, *args,
            on_done=lambda steps: self._open_replay(steps, title),
            on_error=lambda exc, details: self.context.report_error(
                "The game cannot be replayed", exc, details),
        )

    def _open_replay(self, steps: list[ReplayStep], title: str) -> None:
        # lazy: the engine loads with the first game (start-up time)
        from deckbuilder.gui.play.replay import ReplayDialog

        if self.replay is not None:
            self.replay.close()
        self.replay = ReplayDialog(steps, title, self)
        self.replay.show()


class SavedGamesDialog(QDialog):
    """The saved games, the most recent first, with Resume, Replay and Delete."""

    def __init__(self, bar: SavedGamesBar):
        super().__init__(bar)
        self.bar = bar
        self.context = bar.context
        self.games: list[SavedGameInfo] = []
        self.setObjectName("savedGames")
        self.setWindowTitle("Saved games")
        self.resize(820, 380)
        self.list = QListWidget()
        self.list.setObjectName("savedGameList")
        self.list.itemDoubleClicked.connect(lambda _item: self.resume_selected())
        self.empty = QLabel("No saved games yet: press “Save game…” during a game.")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.resume_button = buttons.addButton("Resume",
                                               QDialogButtonBox.ButtonRole.AcceptRole)
        self.replay_button = buttons.addButton("Replay", QDialogButtonBox.ButtonRole.ActionRole)
        self.delete_button = buttons.addButton("Delete",
                                               QDialogButtonBox.ButtonRole.DestructiveRole)
        self.resume_button.clicked.disconnect()
        self.resume_button.clicked.connect(self.resume_selected)
        self.replay_button.clicked.connect(self.replay_selected)
        self.delete_button.clicked.connect(self.delete_selected)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.empty)
        layout.addWidget(buttons)
        self.context.games_changed.connect(lambda _initiator: self.reload())

    def reload(self) -> None:
        # lazy: the engine loads with the first game (start-up time)
        from deckbuilder.services.saved_games import saved_games

        self.context.tasks.run(saved_games, self.context.db, on_done=self._fill,
                               on_error=lambda exc, details: self.context.report_error(
                                   "The saved games could not be read", exc, details))

    def _fill(self, games: list[SavedGameInfo]) -> None:
        self.games = games
        self.list.clear()
        for game in games:
            item = QListWidgetItem(f"{game.name}  (saved {game.saved})\n    {game.summary}")
            item.setData(Qt.ItemDataRole.UserRole, game.name)
            self.list.addItem(item)
        if games:
            self.list.setCurrentRow(0)
        self.empty.setVisible(not games)
        for b in (self.resume_button, self.replay_button, self.delete_button):
            b.setEnabled(bool(games))

    def selected(self) -> str | None:
        item = self.list.currentItem()
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)

    def resume_selected(self) -> None:
        name = self.selected()
        if name is not None:
            self.accept()
            self.bar.resume(name)

    def replay_selected(self) -> None:
        name = self.selected()
        if name is not None:
            self.bar.show_replay(name, name=name)

    def delete_selected(self) -> None:
        name = self.selected()
        if name is not None:
            # lazy: the engine loads with the first game (start-up time)
            from deckbuilder.services.saved_games import delete_game

            self.context.operations.run(delete_game, name, initiator=self,
                                        error_title="The saved game was not deleted")
