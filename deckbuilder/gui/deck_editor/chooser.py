"""Choosing a deck to play with (sample hands, goldfishing): a deck open in the editor,
a saved deck, or a demo deck. Reading the choice into card records is
:func:`deckbuilder.services.deck_sources.load_play_deck`, run off the GUI thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QComboBox, QWidget
from shiboken6 import isValid

from deckbuilder.gui.screens import Screen
from deckbuilder.services.deck_sources import (
    DEMO,
    OPEN,
    SAVED,
    demo_deck_files,
    load_play_deck,
)
from deckbuilder.services.decks import list_decks

#: A deck file chosen with :meth:`DeckChooser.add_file` (read like a demo deck file).
FILE = "file"
#: Item role: the :class:`DeckSource` of an entry.
SourceRole = Qt.ItemDataRole.UserRole + 1


@dataclass(frozen=True)
class DeckSource:
    """Where a deck comes from: ``kind`` :data:`OPEN` (``key`` is the editor's document
    object), :data:`SAVED` (a saved deck's name) or :data:`DEMO` (a deck file path)."""

    kind: str
    key: object
    label: str


class DeckChooser(QComboBox):
    """The decks to choose from, in three groups. ``source_changed(object)`` gives the
    chosen :class:`DeckSource` (or ``None``). Until a deck is chosen, the deck shown in
    the editor is (a demo deck only when none is open)."""

    source_changed = Signal(object)

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self.setObjectName("deckChooser")
        self.setMinimumContentsLength(16)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.items = QStandardItemModel(self)
        self.setModel(self.items)
        self.editor = None
        self._saved: list[str] = []
        self._files: list[str] = []
        self._filling = False
        #: whether a deck was chosen (by the person or :meth:`select`); until then the
        #: deck open in the editor is chosen as soon as there is one
        self.chosen = False
        self.activated.connect(self._picked)
        self.currentIndexChanged.connect(self._changed)
        context.decks_changed.connect(self.reload_saved)
        self.refill()

    def connect_editor(self, editor_screen) -> None:
        """List the decks open in ``editor_screen`` (a :class:`DeckEditorScreen`)."""
        self.editor = editor_screen
        editor_screen.open_decks_changed.connect(self.refill)
        self.refill()

    def reload_saved(self) -> None:
        self.context.run(list_decks, self.context.db, on_done=self._saved_loaded,
                         on_error=lambda *_: None)

    def _saved_loaded(self, decks) -> None:
        self._saved = [deck.name for deck in decks]
        self.refill()

    def sources(self) -> list[DeckSource]:
        """Every choice, in list order."""
        found = []
        if self.editor is not None and isValid(self.editor):
            found += [DeckSource(OPEN, document, document.title)
                      for document in self.editor.documents()]
        found += [DeckSource(SAVED, name, name) for name in self._saved]
        found += [DeckSource(DEMO, str(path), path.stem.replace("-", " ").title())
                  for path in demo_deck_files()]
        found += [DeckSource(FILE, path, Path(path).name) for path in self._files]
        return found

    def add_file(self, path: str) -> None:
        """List the deck file at ``path`` (under "Deck files") and choose it."""
        if path not in self._files:
            self._files.append(path)
            self.refill()
        self.select(FILE, path)

    def refill(self) -> None:
        """Rebuild the list, keeping the current choice if it is still there."""
        current = self.current_source()
        self._filling = True
        try:
            self.items.clear()
            headings = {OPEN: "Open in the editor", SAVED: "My decks", DEMO: "Demo decks",
                        FILE: "Deck files"}
            kind = None
            select = -1
            for source in self.sources():
                if source.kind != kind:
                    kind = source.kind
                    heading = QStandardItem(headings[kind])
                    heading.setFlags(Qt.ItemFlag.NoItemFlags)
                    font = heading.font()
                    font.setBold(True)
                    heading.setFont(font)
                    self.items.appendRow(heading)
                item = QStandardItem("   " + source.label)
                item.setData(source, SourceRole)
                item.setToolTip(source.label)
                self.items.appendRow(item)
                if current is not None and (source.kind, source.key) == (current.kind,
                                                                         current.key):
                    select = self.items.rowCount() - 1
            editing = self._editor_row()
            if editing >= 0 and not self.chosen:
                select = editing
            if select < 0:
                select = next((row for row in range(self.items.rowCount())
                               if self.items.item(row).data(SourceRole) is not None), -1)
            self.setCurrentIndex(select)
        finally:
            self._filling = False
        if self.current_source() != current:
            self.source_changed.emit(self.current_source())

    def _editor_row(self) -> int:
        """The row of the deck shown in the editor (else its first open deck), or -1."""
        current = None
        if self.editor is not None and isValid(self.editor):
            current = getattr(self.editor, "current_document", lambda: None)()
        rows = [row for row in range(self.items.rowCount())
                if isinstance(source := self.items.item(row).data(SourceRole), DeckSource)
                and source.kind == OPEN]
        for row in rows:
            if self.items.item(row).data(SourceRole).key is current:
                return row
        return rows[0] if rows else -1

    def _picked(self, _index: int) -> None:
        self.chosen = True

    def current_source(self) -> DeckSource | None:
        source = self.currentData(SourceRole)
        return source if isinstance(source, DeckSource) else None

    def select(self, kind: str, key: object) -> bool:
        """Choose the entry of ``kind`` and ``key``; returns whether it is listed."""
        for row in range(self.items.rowCount()):
            source = self.items.item(row).data(SourceRole)
            if isinstance(source, DeckSource) and (source.kind, source.key) == (kind, key):
                self.chosen = True
                self.setCurrentIndex(row)
                return True
        return False

    def _changed(self, _index: int) -> None:
        if not self._filling:
            self.source_changed.emit(self.current_source())

    def load(self, on_done, on_error) -> int | None:
        """Read the chosen deck in the background: ``on_done(PlayDeck)`` or
        ``on_error(exception, details)``. Returns the task id (``None``: no choice)."""
        source = self.current_source()
        if source is None:
            return None
        deck = catalogue = None
        if source.kind == OPEN:
            document = source.key
            if not isValid(document):
                return None
            deck, catalogue = document.snapshot(), document.catalogue
        kind = DEMO if source.kind == FILE else source.kind  # both read a deck file
        return self.context.run(load_play_deck, kind, source.key, self.context.db,
                                deck, catalogue, on_done=on_done, on_error=on_error)


class ChosenDeckScreen(Screen):
    """Base of the screens that play the deck picked in their :class:`DeckChooser`
    (sample hand, goldfish). Subclasses set ``self.chooser``, ``self.session`` and
    ``self._stale`` and implement :meth:`restart`, which plays the chosen deck anew."""

    session = None
    _stale = True

    def connect_screens(self, window) -> None:
        editor = window.screen("deck-editor")
        if editor is not None:
            self.chooser.connect_editor(editor)

    def start(self) -> None:
        self.chooser.reload_saved()

    def activated(self) -> None:
        if (self._stale or self.session is None) and self.chooser.current_source() is not None:
            self.restart()


__all__ = [
    "ChosenDeckScreen",
    "DeckChooser",
    "DeckSource",
    "SourceRole",
]
