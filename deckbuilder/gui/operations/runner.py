"""Running a write: off the GUI thread, with progress and Cancel where asked, then the
signals and the undo history from what it changed, or the error dialog."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QProgressDialog, QWidget
from shiboken6 import isValid

from deckbuilder import messages
from deckbuilder.gui.dialogs import fit_title
from deckbuilder.gui.operations.history import (
    ReversalCommand,
    history_key,
    restore_position,
)
from deckbuilder.gui.operations.progress import Cancellation, OperationCancelled, reporter
from deckbuilder.gui.operations.signals import ChangeSignals, changes_of, emit_changes
from deckbuilder.gui.tasks import TaskRunner
from deckbuilder.services import undo_history
from deckbuilder.services.changes import Changes, Reversal

UNDO_FAILED = "The change was not undone"
#: Histories kept in the database (:mod:`deckbuilder.services.undo_history`), shared
#: with other windows and ``deckbuilder undo``; the others live in this window only.
STORED_HISTORIES = ("collection", "match_log")
REDO_FAILED = "The change was not redone"


class Host(ChangeSignals, Protocol):
    """What the operations need of :class:`deckbuilder.gui.context.AppContext`."""

    db: Any
    tasks: TaskRunner
    dialog_parent: QWidget | None

    def report_error(
        self, title: str, exc: BaseException, details: str | None = None
    ) -> object: ...


@dataclass
class Operation:
    """A write started by :meth:`Operations.run`: its task id, and Cancel."""

    task_id: int
    cancellation: Cancellation = field(repr=False)

    def cancel(self) -> None:
        """Stop the write at its next progress report (nothing is written)."""
        self.cancellation.cancel()


class Operations(QObject):
    """The GUI's writes (one per AppContext, ``context.operations``) and their undo
    histories (:meth:`history`)."""

    def __init__(self, context: Host):
        super().__init__(context)
        self._context = context
        self._histories: dict[str, QUndoStack] = {}

    def history(self, key: str) -> QUndoStack:
        """The undo stack of one kind of data (see
        :data:`~deckbuilder.gui.operations.history.HISTORIES`); screens return it from
        ``undo_stack()``."""
        stack = self._histories.get(key)
        if stack is None:
            stack = self._histories[key] = QUndoStack(self)
            stack.setObjectName(f"history-{key}")
            if key in STORED_HISTORIES:
                self.load_history(key)
        return stack

    def load_history(self, key: str) -> None:
        """Rebuild the stack of ``key`` (one of :data:`STORED_HISTORIES`) from the
        database's undo history (:mod:`deckbuilder.services.undo_history`): the steps done,
        oldest first, then the undone ones, next to redo first. A quick read on the GUI
        thread (labels only)."""
        stack = self.history(key) if key in self._histories else None
        if stack is None:
            return  # history() loads it when first made
        steps = [s for s in undo_history.steps(self._context.db) if s.history == key]
        done = [s for s in steps if not s.undone]
        ordered = done + [s for s in steps if s.undone]
        stack.clear()
        commands = []
        for step in ordered:
            run = undo_history.redo if step.undone else undo_history.undo
            reversal = Reversal(step.label, partial(run, step_id=step.step_id))
            command = ReversalCommand(reversal, partial(self._replay, stack))
            stack.push(command)
            commands.append(command)
        for command in commands[len(done):]:
            command.skip_next()
        stack.setIndex(len(done))

    def on_external_change(self, tables: frozenset[str] | None) -> None:
        """Another window or command wrote ``tables`` (``None``: not known): reload the
        stored histories if it wrote the undo history."""
        if tables is None or "undo_step" in tables:
            for key in STORED_HISTORIES:
                self.load_history(key)

    def run(
        self,
        write: Callable[..., Any],
        *args: Any,
        label: str = "",
        error_title: str | None = None,
        on_done: Callable[[Any], None] | None = None,
        on_error: Callable[[BaseException], bool | None] | None = None,
        progress: bool | Callable[[int, int], None] = False,
        cancellable: bool = False,
        undoable: bool = True,
        initiator: object = None,
        **kwargs: Any,
    ) -> Operation:
        """Run ``write(context.db, *args, **kwargs)`` on the single "write" thread.

        ``write`` returns :class:`~deckbuilder.services.changes.Changes` or a result
        with ``.changes`` (an ``Outcome``). Back on the GUI thread: the signals the
        changes call for (with ``initiator``), then, if ``undoable``, the write's
        reversal is pushed on its history, then ``on_done(result)``. A write that
        changed data but cannot be undone clears that history instead, since the older
        reversals would write back values from before it. ``undoable=False``: the
        caller offers no undo and the histories stay as they are.

        ``progress``: ``True`` shows a progress dialog titled ``label``; a callable
        receives ``(done, total)`` for the caller's own bar. With a progress or
        ``cancellable``, ``write`` gets a ``progress(done, total)`` keyword argument;
        Cancel (the dialog's, or :meth:`Operation.cancel`) makes it raise
        :class:`OperationCancelled`, so the write's transaction rolls back.

        On failure ``on_error(exc)`` runs first; unless it returns True (it showed the
        error itself) or the write was cancelled, the error dialog opens titled
        ``error_title`` (a bug as a bug).
        """
        cancellation = Cancellation()
        dialog = self._progress_dialog(label, cancellable, cancellation) if progress is True \
            else None
        show = _dialog_progress(dialog) if dialog is not None else progress or None
        if show is None and not cancellable:
            job, on_progress = write, None
        else:
            job = partial(_with_progress, write, cancellation)
            on_progress = show if callable(show) else _ignore

        def done(result: object) -> None:
            _close(dialog)
            self._finish(result, on_done, undoable, initiator, error_title)

        def failed(exc: BaseException, details: str) -> None:
            _close(dialog)
            handled = on_error(exc) if on_error is not None else False
            if not handled and not isinstance(exc, OperationCancelled):
                self._context.report_error(error_title or messages.ERROR_TITLE, exc, details)

        task_id = self._context.tasks.run(
            job, self._context.db, *args, pool="write", on_done=done, on_error=failed,
            on_progress=on_progress, **kwargs,
        )
        return Operation(task_id, cancellation)

    def _finish(self, result, on_done, undoable: bool, initiator, error_title) -> None:
        try:
            changes = changes_of(result)
        except TypeError as exc:
            self._context.report_error(error_title or messages.ERROR_TITLE, exc)
            return
        emit_changes(self._context, changes, initiator)
        if undoable:
            self._record(changes)
        if on_done is not None:
            on_done(result)

    def _record(self, changes: Changes) -> None:
        key = history_key(changes)
        if key is None:
            return
        stack = self.history(key)
        if changes.undo is None:
            if changes.changed:
                stack.clear()
            return
        stack.push(ReversalCommand(changes.undo, partial(self._replay, stack)))
        if key in STORED_HISTORIES:  # the new step dropped the undone steps of the others
            for other in STORED_HISTORIES:
                if other != key:
                    self.load_history(other)

    def _replay(self, stack: QUndoStack, command: ReversalCommand, redoing: bool) -> None:
        """Run ``command``'s reversal (Edit > Undo or Redo) on the write thread."""

        def failed(exc: BaseException, details: str) -> None:
            if isValid(stack) and isValid(command):
                restore_position(stack, command, redoing)
            self._context.report_error(REDO_FAILED if redoing else UNDO_FAILED, exc, details)

        self._context.tasks.run(
            command.slot.run, self._context.db, pool="write",
            on_done=lambda changes: emit_changes(self._context, changes, None),
            on_error=failed,
        )

    def _progress_dialog(
        self, label: str, cancellable: bool, cancellation: Cancellation
    ) -> QProgressDialog:
        dialog = QProgressDialog(label or "Working…", "Cancel", 0, 0,
                                 self._context.dialog_parent)
        dialog.setObjectName("operationProgress")
        dialog.setWindowTitle(label or messages.APP_TITLE)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(400)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        if cancellable:
            dialog.canceled.connect(cancellation.cancel)
        else:
            dialog.setCancelButton(None)
        dialog.setValue(0)
        fit_title(dialog)
        return dialog


def _with_progress(write, cancellation: Cancellation, db, *args, progress, **kwargs):
    """``write`` with a progress callback that also stops it on Cancel (write thread)."""
    return write(db, *args, progress=reporter(cancellation, progress), **kwargs)


def _ignore(_done: int, _total: int) -> None:
    pass


def _dialog_progress(dialog: QProgressDialog) -> Callable[[int, int], None]:
    def show(done: int, total: int) -> None:
        if isValid(dialog):
            dialog.setMaximum(total)
            dialog.setValue(done)

    return show


def _close(dialog: QProgressDialog | None) -> None:
    if dialog is not None and isValid(dialog):
        dialog.close()
        dialog.deleteLater()
