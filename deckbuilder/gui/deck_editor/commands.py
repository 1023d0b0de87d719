"""The Qt undo stack's carrier of a :class:`~deckbuilder.deck.edits.DeckEdit`.

The edit itself (what it replaces, its label, its merge key) is a pure value of the
deck layer; this command only hands its parts to whoever shows the deck: redo gives
``after``, undo gives ``before``. It knows nothing of the document, so the two
modules do not import each other. No child commands: PySide frees a Python child
command twice.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Mapping

from PySide6.QtGui import QUndoCommand

from deckbuilder.deck.edits import DeckEdit, Part

#: Called with the parts to put in place (``{"main": entries, "notes": text, ...}``).
ReplaceParts = Callable[[Mapping[str, Part]], None]


def merge_id(merge_key: str | None) -> int:
    """The ``QUndoCommand.id()`` of a merge key: -1 (never merges) for ``None``, else a
    stable non-negative number (``mergeWith`` compares the keys themselves too)."""
    if merge_key is None:
        return -1
    return zlib.crc32(merge_key.encode("utf-8")) & 0x7FFFFFFF


class DeckEditCommand(QUndoCommand):
    """Undo and redo ``edit`` by calling ``replace_parts`` with its parts."""

    def __init__(self, edit: DeckEdit, replace_parts: ReplaceParts):
        super().__init__(edit.label)
        self.edit = edit
        self.replace_parts = replace_parts

    def id(self) -> int:
        return merge_id(self.edit.merge_key)

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, DeckEditCommand) or other.replace_parts != self.replace_parts:
            return False
        if self.edit.merge_key is None or other.edit.merge_key != self.edit.merge_key:
            return False
        self.edit = self.edit.merged_with(other.edit)
        self.setText(self.edit.label)
        return True

    def redo(self) -> None:
        self.replace_parts(self.edit.after)

    def undo(self) -> None:
        self.replace_parts(self.edit.before)
