"""Undo of database writes: a command carrying a write's
:class:`~deckbuilder.services.changes.Reversal`, and which history a write belongs to.

``QUndoStack.push`` calls ``redo()`` at once, but the write has already happened when
its command is pushed, so the first ``redo()`` does nothing. Undo and redo run the
reversal off the GUI thread (``replay``); each run returns the reversal of itself,
kept for the next one. No child commands: Python commands with a parent command are
freed twice under PySide.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand, QUndoStack

from deckbuilder.services.changes import Changes, Reversal

if TYPE_CHECKING:
    from card_db.userdb import UserDatabase

#: The histories, one per kind of data: a screen's Edit > Undo acts on one of them.
HISTORIES = ("collection", "cards", "decks", "shelf", "games", "match_log")


def history_key(changes: Changes) -> str | None:
    """The history (:data:`HISTORIES`) a write with these changes belongs to, ``None``
    for one nothing can take back (a new scan; a removed scan is undone with the cards)."""
    if changes.decks:
        return "decks"
    if changes.cards_changed or (changes.images and changes.undo is not None):
        return "cards"
    if changes.collection or changes.wishlist:
        return "collection"
    if changes.shelf:
        return "shelf"
    if changes.games:
        return "games"
    if changes.match_log:
        return "match_log"
    return None


class _Slot:
    """The reversal to run next. It is swapped on the write thread, so an undo and a
    redo queued one after the other each find the reversal the previous one returned;
    a failed run (rolled back) keeps it."""

    def __init__(self, reversal: Reversal):
        self.reversal: Reversal | None = reversal

    def run(self, db: UserDatabase) -> Changes:
        if self.reversal is None:
            raise RuntimeError("the write returned no reversal to run again")
        changes = self.reversal.run(db)
        self.reversal = changes.undo
        return changes


class ReversalCommand(QUndoCommand):
    """One undoable write on a history, labelled by the reversal ("Set quantity of
    Gentle to 3"). ``replay(command, redoing)`` runs :attr:`slot` off the GUI thread."""

    def __init__(self, reversal: Reversal, replay: Callable[[ReversalCommand, bool], None]):
        super().__init__(reversal.label)
        self.slot = _Slot(reversal)
        self._replay = replay
        self._skip = True  # pushed after the write: the first redo() is that write

    def skip_next(self) -> None:
        """Let the next undo() or redo() only move the stack (the data is already so)."""
        self._skip = True

    def redo(self) -> None:
        if self._skip:
            self._skip = False
            return
        self._replay(self, True)

    def undo(self) -> None:
        if self._skip:
            self._skip = False
            return
        self._replay(self, False)


def restore_position(stack: QUndoStack, command: ReversalCommand, redoing: bool) -> None:
    """After an undo (``redoing`` False) or redo of ``command`` failed and wrote nothing,
    put the stack back where the data is. If the stack moved on meanwhile (more undos
    queued behind the failed one), it is cleared: its order no longer matches the data.
    """
    position = next((i for i in range(stack.count()) if stack.command(i) is command), None)
    if position is None or stack.index() != (position + 1 if redoing else position):
        stack.clear()
        return
    command.skip_next()
    if redoing:
        stack.undo()
    else:
        stack.redo()
