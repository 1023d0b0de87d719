"""One open deck: its list, where it is saved, its undo stack, and its live analysis.

Every edit is a :class:`~deckbuilder.deck.edits.DeckEdit` carried by a
:class:`~.commands.DeckEditCommand` on :attr:`DeckDocument.undo_stack`, so every
edit can be undone. After each change the
deck is checked again with :func:`deckbuilder.deck.legality.validate` ("Deck
Construction") and :func:`deckbuilder.deck.stats.deck_stats`; both take well under a
millisecond for a 60-card deck, so this runs on every edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from card_db.catalogue import Catalogue, UnknownCardError
from deckbuilder.deck import edits
from deckbuilder.deck.decklist import MAIN, DeckList, check_count
from deckbuilder.deck.edits import DeckEdit, Part, with_parts
from deckbuilder.deck.legality import LegalityReport, validate
from deckbuilder.deck.resolve import UnknownCardsError
from deckbuilder.deck.stats import DeckStats, deck_stats
from deckbuilder.gui.deck_editor.commands import DeckEditCommand

#: Title of a deck that has no name yet.
UNTITLED = "Untitled deck"


@dataclass(frozen=True)
class DeckAnalysis:
    """Legality ``report`` and ``stats`` of the main deck, or the ``error`` that
    prevented them (cards the catalogue does not know)."""

    report: LegalityReport | None
    stats: DeckStats | None
    error: str | None = None


def analyse(deck: DeckList, catalogue: Catalogue, starter: bool = False) -> DeckAnalysis:
    """Legality ("Deck Construction", starter-deck mode if ``starter``) and statistics."""
    try:
        return DeckAnalysis(validate(deck, catalogue, starter), deck_stats(deck, catalogue))
    except UnknownCardsError as exc:
        return DeckAnalysis(None, None, str(exc))


class DeckDocument(QObject):
    """A deck being edited.

    ``saved_name``: the name it is saved under in the user's database (``None`` if it
    never was); ``file_path``: the deck file it was opened from or saved as (``None``
    if none). Signals: ``changed()`` after every edit, undo or redo (the analysis is
    already updated); ``dirty_changed(bool)`` when the deck gets or loses unsaved edits.
    """

    changed = Signal()
    dirty_changed = Signal(bool)

    def __init__(
        self,
        deck: DeckList,
        catalogue: Catalogue,
        *,
        saved_name: str | None = None,
        file_path: Path | None = None,
        saved_version: int | None = None,
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self.deck = deck.merged()
        self.catalogue = catalogue
        self.saved_name = saved_name
        #: The version of the saved deck this was opened or last saved at (``None``:
        #: not known); a save from an older version is refused (deck saved elsewhere).
        self.saved_version: int | None = saved_version
        self.file_path = Path(file_path) if file_path is not None else None
        #: The demo deck this is an unedited-on-disk copy of (never written back).
        self.copy_of: Path | None = None
        self.starter = False
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self.analysis = analyse(self.deck, catalogue)

    # -- reading ----------------------------------------------------------------------------

    @property
    def title(self) -> str:
        return self.deck.name or UNTITLED

    @property
    def dirty(self) -> bool:
        """Whether the deck has edits that are not saved."""
        return not self.undo_stack.isClean()

    def count_of(self, name: str, zone: str = MAIN) -> int:
        return self.deck.count_of(name, zone)

    def snapshot(self) -> DeckList:
        """A copy of the deck as it is now (for saving or dealing in another thread)."""
        return self.deck.merged()

    # -- editing (each pushes one undoable edit) ----------------------------------------------

    def add(self, name: str, count: int = 1, zone: str = MAIN) -> None:
        """Add ``count`` copies of the card ``name`` (any spelling the catalogue knows).

        Raises :class:`card_db.catalogue.UnknownCardError` for an unknown card and
        ``ValueError`` for a bad count or more than the deck list allows.
        """
        self.add_many([name], count, zone)

    def add_many(self, names: list[str], count: int = 1, zone: str = MAIN) -> None:
        """Add ``count`` copies of each card of ``names`` as one undoable edit."""
        check_count(count)
        records = [self.catalogue.resolve(name) for name in names]
        self.push(edits.add_cards(self.deck, [record.name for record in records], count, zone))

    def remove(self, name: str, count: int = 1, zone: str = MAIN) -> bool:
        """Remove up to ``count`` copies of ``name``; returns False (no edit) if absent."""
        return self.push(edits.remove(self.deck, name, count, zone))

    def set_count(self, name: str, count: int, zone: str = MAIN) -> None:
        """Make ``zone`` hold exactly ``count`` copies (0 removes the card)."""
        record = self.catalogue.resolve(name)
        self.push(edits.set_count(self.deck, record.name, count, zone))

    def move(self, name: str, source: str, count: int = 1) -> bool:
        """Move up to ``count`` copies of ``name`` from ``source`` to the other zone."""
        return self.push(edits.move(self.deck, name, source, count))

    def set_field(self, field: str, value: str) -> None:
        """Change ``"name"``, ``"author"`` or ``"notes"`` (``ValueError`` if not allowed)."""
        self.push(edits.set_field(self.deck, field, value))

    def push(self, edit: DeckEdit | None) -> bool:
        """Do ``edit`` as one undoable step; returns False (nothing pushed) for ``None``."""
        if edit is None:
            return False
        self.undo_stack.push(DeckEditCommand(edit, self.replace_parts))
        return True

    def reload(self, stored: DeckList, version: int) -> None:
        """Replace the deck with ``stored`` (saved elsewhere, at ``version``) as one
        undoable step, which becomes the saved state: Undo brings back what was typed."""
        current = {part: edits.part_of(self.deck, part) for part in edits.PARTS}
        wanted = {part: edits.part_of(stored.merged(), part) for part in edits.PARTS}
        self.push(DeckEdit(current, wanted, "Reload the deck saved elsewhere"))
        self.saved_version = version
        self.mark_saved(stored.name)

    def set_starter(self, starter: bool) -> None:
        """Check the deck as a starter deck ("Deck Construction: Starter Decks")."""
        if starter != self.starter:
            self.starter = starter
            self._refresh()

    def reload_catalogue(self, catalogue: Catalogue) -> None:
        """Use a new catalogue (after a card was corrected or added)."""
        self.catalogue = catalogue
        self._refresh()

    # -- used by the undo stack -----------------------------------------------------------------

    def replace_parts(self, parts: Mapping[str, Part]) -> None:
        """Put ``parts`` of a :class:`~deckbuilder.deck.edits.DeckEdit` in place, then
        analyse the deck once (undo stack only: this is not undoable by itself)."""
        self.deck = with_parts(self.deck, parts)
        self._refresh()

    def mark_saved(self, saved_name: str | None = None, file_path: Path | None = None) -> None:
        """Record where the deck was saved; the current state becomes the clean one."""
        if saved_name is not None:
            self.saved_name = saved_name
        if file_path is not None:
            self.file_path = Path(file_path)
        self.undo_stack.setClean()
        self.changed.emit()

    def _clean_changed(self, clean: bool) -> None:
        try:
            self.dirty_changed.emit(not clean)
        except RuntimeError:  # the stack is cleared while the document is being deleted
            pass

    def _refresh(self) -> None:
        self.analysis = analyse(self.deck, self.catalogue, self.starter)
        self.changed.emit()


__all__ = ["UNTITLED", "DeckAnalysis", "DeckDocument", "UnknownCardError", "analyse"]
