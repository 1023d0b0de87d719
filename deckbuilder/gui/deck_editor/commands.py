"""The undoable edits of a deck (``QUndoCommand`` subclasses).

Each command keeps the exact state before and after, so undo restores the deck list
entry for entry (order included) and redo repeats the edit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

from deckbuilder.deck.model import MAIN, SIDEBOARD, DeckEntry, DeckList

if TYPE_CHECKING:
    from deckbuilder.gui.deck_editor.document import DeckDocument

#: Command id under which consecutive notes edits merge into one undo step.
NOTES_ID = 1001


class ZoneEditCommand(QUndoCommand):
    """Replace the entries of one zone (``"main"`` or ``"side"``) with ``after``."""

    def __init__(self, document: DeckDocument, zone: str, after: list[DeckEntry], text: str):
        super().__init__(text)
        self.document = document
        self.zone = zone
        self.before = list(document.deck.zone(zone))
        self.after = list(after)

    def redo(self) -> None:
        self.document.replace_zone(self.zone, self.after)

    def undo(self) -> None:
        self.document.replace_zone(self.zone, self.before)


class MoveCommand(QUndoCommand):
    """Move ``count`` copies of ``name`` from ``source`` to the other zone (both zones
    change in one step; no child commands, which PySide would free twice)."""

    def __init__(self, document: DeckDocument, name: str, source: str, count: int):
        target = SIDEBOARD if source == MAIN else MAIN
        where = "the sideboard" if target == SIDEBOARD else "the main deck"
        copies = f"{count} × " if count > 1 else ""
        super().__init__(f"Move {copies}{name} to {where}")
        self.document = document
        taken = DeckList(main=list(document.deck.zone(source)))
        taken.remove(name, count, MAIN)
        given = DeckList(main=list(document.deck.zone(target)))
        given.add(name, count, MAIN)
        self.before = {zone: list(document.deck.zone(zone)) for zone in (source, target)}
        self.after = {source: taken.main, target: given.main}

    def redo(self) -> None:
        self.document.replace_zones(self.after)

    def undo(self) -> None:
        self.document.replace_zones(self.before)


class FieldCommand(QUndoCommand):
    """Set the deck's ``name``, ``author`` or ``notes``; notes typed one after the
    other merge into one step."""

    def __init__(self, document: DeckDocument, field: str, value: str):
        labels = {"name": "Rename deck", "author": "Change author", "notes": "Edit notes"}
        super().__init__(labels[field])
        self.document = document
        self.field = field
        self.before = getattr(document.deck, field)
        self.after = value

    def id(self) -> int:
        return NOTES_ID if self.field == "notes" else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, FieldCommand) or other.document is not self.document:
            return False
        if other.field != "notes" or self.field != "notes":
            return False
        self.after = other.after
        return True

    def redo(self) -> None:
        self.document.replace_field(self.field, self.after)

    def undo(self) -> None:
        self.document.replace_field(self.field, self.before)
