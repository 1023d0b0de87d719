"""The Qt undo command only carries a :class:`~deckbuilder.deck.edits.DeckEdit`: redo
hands over ``after``, undo ``before``, edits with the same merge key and the same
target merge into one step with the first label, and nothing else merges."""

from __future__ import annotations

from PySide6.QtGui import QUndoStack

from deckbuilder.deck import edits
from deckbuilder.deck.decklist import DeckList
from deckbuilder.gui.deck_editor.commands import DeckEditCommand, merge_id


class Holder:
    """A deck shown somewhere: what the command's callable replaces."""

    def __init__(self) -> None:
        self.deck = DeckList(main=[("Gentle", 1)])
        self.calls = 0

    def replace_parts(self, parts) -> None:
        self.deck = edits.with_parts(self.deck, parts)
        self.calls += 1

    def push(self, stack: QUndoStack, edit) -> None:
        stack.push(DeckEditCommand(edit, self.replace_parts))


def test_redo_and_undo_hand_over_the_parts(qapp):
    holder, stack = Holder(), QUndoStack()
    original = list(holder.deck.main)
    holder.push(stack, edits.add_cards(holder.deck, ["Jude"], 2))
    assert holder.deck.count_of("Jude") == 2 and holder.calls == 1
    assert stack.undoText() == "Add 2 × Jude"
    stack.undo()
    assert holder.deck.main == original
    stack.redo()
    assert holder.deck.count_of("Jude") == 2


def test_notes_typed_one_after_the_other_are_one_step(qapp):
    holder, stack = Holder(), QUndoStack()
    for text in ("a", "ab", "abc"):
        holder.push(stack, edits.set_field(holder.deck, "notes", text))
    assert stack.count() == 1 and stack.undoText() == "Edit notes"
    stack.undo()
    assert holder.deck.notes == ""
    stack.redo()
    assert holder.deck.notes == "abc"


def test_edits_of_another_kind_or_another_deck_do_not_merge(qapp):
    first, second, stack = Holder(), Holder(), QUndoStack()
    first.push(stack, edits.set_field(first.deck, "notes", "a"))
    second.push(stack, edits.set_field(second.deck, "notes", "b"))  # another deck
    first.push(stack, edits.set_field(first.deck, "name", "N"))  # no merge key
    first.push(stack, edits.set_field(first.deck, "name", "M"))
    assert stack.count() == 4
    assert merge_id(None) == -1 and merge_id("notes") == merge_id("notes") >= 0
