"""The one way the GUI runs a write to the user's database.

A screen calls ``context.operations.run(service, *args, ...)``
(:class:`~deckbuilder.gui.operations.runner.Operations`): the service runs on the
single "write" thread, and back on the GUI thread its
:class:`~deckbuilder.services.changes.Changes` become the AppContext's "changed"
signals (:mod:`~deckbuilder.gui.operations.signals`) and, when the write can be
undone, a command on the undo history of what it changed
(:mod:`~deckbuilder.gui.operations.history`). Errors go to the error dialogs.
"""

from deckbuilder.gui.operations.history import ReversalCommand, history_key
from deckbuilder.gui.operations.progress import OperationCancelled
from deckbuilder.gui.operations.runner import Operation, Operations
from deckbuilder.gui.operations.signals import changes_of, emit_changes

__all__ = [
    "Operation",
    "OperationCancelled",
    "Operations",
    "ReversalCommand",
    "changes_of",
    "emit_changes",
    "history_key",
]
