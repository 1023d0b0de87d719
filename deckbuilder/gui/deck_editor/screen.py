"""The deck editor screen: open decks in tabs, with New, Open, Save, Save As, Import,
Export and Recent Decks.

Save stores the deck in the user's database under its name
(:func:`deckbuilder.services.decks.save_deck`) and, if the deck belongs to a file
(opened from one, or saved with Save As), writes that file too. Import opens a file
as a new deck that belongs to no file; Export writes any format, PDF and PNG
included, without changing where the deck is saved. Cards come from the browser
(``add_to_deck_requested``, or dragged) into the current deck; with no deck open a new
one is started. Files are read and written off the GUI thread.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QLabel,
    QMenu,
    QMessageBox,
    QStackedWidget,
    QTabWidget,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from card_db.catalogue import Catalogue
from card_db.errors import UserError
from card_db.postgres import PostgresError
from card_db.userdb import UserDatabase
from deckbuilder import formats
from deckbuilder.deck.decklist import MAIN, DeckList
from deckbuilder.gui.deck_editor import files
from deckbuilder.gui.deck_editor.document import DeckDocument
from deckbuilder.gui.deck_editor.editor import DeckEditor
from deckbuilder.gui.deck_editor.open_dialog import OpenDeckDialog
from deckbuilder.gui.deck_editor.recent import FILE, SAVED, RecentDeck, RecentDecks
from deckbuilder.gui.dialogs import fit_title
from deckbuilder.gui.mime import CARD_MIME_TYPE, card_names
from deckbuilder.gui.screens import Screen, ScreenSpec, register_screen
from deckbuilder.gui.settings import DECK_FOLDER, OPEN_DECKS, SPLITTERS
from deckbuilder.services import deck_sources
from deckbuilder.services.decks import (
    DeckChangedElsewhere,
    VersionedDeck,
    delete_deck,
    list_decks,
    load_deck_version,
)

SAVE, DISCARD, CANCEL = "save", "discard", "cancel"


def load_catalogue_from(db: UserDatabase) -> Catalogue:
    return db.catalogue()


class DeckEditorScreen(Screen):
    """Decks open for editing, one tab each.

    ``open_decks_changed()`` when a deck is opened, closed or renamed (the sample hand
    and goldfish screens list the open decks).
    """

    key = "deck-editor"
    title = "Deck editor"
    open_decks_changed = Signal()

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(context, parent)
        self._catalogue: Catalogue | None = None
        self.recent = RecentDecks(context.settings)
        self.saved_names: set[str] = set()
        self.window_ref = None
        self._splitter_states: dict[str, object] = {}
        self._quit_confirmed = False
        self._decks_history_shown = False
        self.quit_box: QMessageBox | None = None
        self.overwrite_box: QMessageBox | None = None
        self.conflict_box: QMessageBox | None = None
        self.retry_box: QMessageBox | None = None
        self._build()
        self.setAcceptDrops(True)
        context.catalogue_changed.connect(lambda _names: self.reload_catalogue())
        context.decks_changed.connect(self._refresh_saved_names)

    # -- layout ---------------------------------------------------------------------------------

    def _build(self) -> None:
        keys = QKeySequence.StandardKey
        self.new_action = self._action("&New Deck", self.new_deck, keys.New, "newDeck",
                                       Qt.ShortcutContext.WindowShortcut)
        self.open_action = self._action("&Open…", self.open_document, None, "openDeck")
        self.save_action = self._action("&Save", self.save_document, None, "saveDeck")
        self.import_action = self._action("&Import Deck…", lambda: self.import_file(),
                                          None, "importDeck")
        self.export_action = self._action("&Export Deck…", lambda: self.export(), None,
                                          "exportDeck")
        self.close_action = self._action("&Close Deck", self.close_current, keys.Close,
                                         "closeDeck")
        self.recent_menu = QMenu("Recent Decks", self)
        self.recent_menu.setObjectName("recentDecks")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.recent_action = self.recent_menu.menuAction()
        self.recent_action.setObjectName("recentDecksAction")
        self._fill_recent_menu()

        toolbar = QToolBar("Deck")
        toolbar.setObjectName("deckToolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        toolbar.addActions([self.new_action, self.open_action])
        recent_button = QToolButton()
        recent_button.setText("Recent")
        recent_button.setMenu(self.recent_menu)
        recent_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        toolbar.addWidget(recent_button)
        toolbar.addSeparator()
        toolbar.addActions([self.save_action, self.import_action, self.export_action])
        toolbar.addSeparator()
        toolbar.addAction(self.close_action)

        self.tabs = QTabWidget()
        self.tabs.setObjectName("deckTabs")
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.setDocumentMode(True)
        self.tabs.tabCloseRequested.connect(lambda index: self.close_tab(index))
        self.tabs.currentChanged.connect(self._current_changed)
        self.empty = QLabel(
            "<p style='font-size:large'>No deck is open.</p>"
            "<p>Start a <b>New Deck</b> (Ctrl+N), <b>Open</b> a saved deck or a file, "
            "or add a card from the Browser (double-click it, Ctrl+D, or drag it onto "
            "the Deck editor tab).</p>"
        )
        self.empty.setObjectName("noDeck")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty)
        self.stack.addWidget(self.tabs)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(toolbar)
        layout.addWidget(self.stack, 1)
        self._update_actions()

    def _action(self, text: str, slot, shortcut, name: str,
                context=Qt.ShortcutContext.WidgetWithChildrenShortcut) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(context)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    # -- the catalogue --------------------------------------------------------------------------

    @property
    def catalogue(self) -> Catalogue:
        """The card catalogue (read now if the background read has not finished)."""
        if self._catalogue is None:
            self._catalogue = load_catalogue_from(self.context.db)
        return self._catalogue

    def reload_catalogue(self) -> None:
        self.context.run(load_catalogue_from, self.context.db,
                         on_done=self._catalogue_loaded)

    def _catalogue_loaded(self, catalogue: Catalogue) -> None:
        self._catalogue = catalogue
        for document in self.documents():
            document.reload_catalogue(catalogue)

    def _refresh_saved_names(self) -> None:
        self.context.run(list_decks, self.context.db,
                         on_done=lambda decks: setattr(self, "saved_names",
                                                       {d.name for d in decks}),
                         on_error=lambda *_: None)

    # -- documents and tabs ---------------------------------------------------------------------

    def editors(self) -> list[DeckEditor]:
        return [self.tabs.widget(i) for i in range(self.tabs.count())]

    def documents(self) -> list[DeckDocument]:
        """The open decks, in tab order."""
        return [editor.document for editor in self.editors()]

    def current_editor(self) -> DeckEditor | None:
        widget = self.tabs.currentWidget()
        return widget if isinstance(widget, DeckEditor) else None

    def current_document(self) -> DeckDocument | None:
        editor = self.current_editor()
        return editor.document if editor is not None else None

    def open_document_for(self, deck: DeckList, saved_name: str | None = None,
                          file_path: Path | None = None,
                          saved_version: int | None = None) -> DeckEditor:
        """Open ``deck`` in a new tab and show it; returns its editor."""
        document = DeckDocument(deck, self.catalogue, saved_name=saved_name,
                                file_path=file_path, saved_version=saved_version)
        editor = DeckEditor(self.context, document)
        document.setParent(editor)  # deleted with its tab
        editor.error.connect(lambda title, exc: self.context.report_error(title, exc))
        editor.history.save_requested.connect(lambda: self.save(document))  # a revert
        document.changed.connect(lambda editor=editor: self._document_changed(editor))
        document.undo_stack.indexChanged.connect(lambda _i: self._show_decks_history(False))
        document.dirty_changed.connect(lambda _dirty, editor=editor:
                                       self._document_changed(editor))
        for key, state in self._splitter_states.items():
            getattr(editor, key).restoreState(state)
        for key in ("splitter", "right"):
            getattr(editor, key).splitterMoved.connect(
                lambda *_args, key=key, editor=editor: self._remember_splitter(editor, key))
        index = self.tabs.addTab(editor, document.title)
        self._document_changed(editor)
        self.tabs.setCurrentIndex(index)
        self.stack.setCurrentWidget(self.tabs)
        self.open_decks_changed.emit()
        self._update_actions()
        return editor

    def _remember_splitter(self, editor: DeckEditor, key: str) -> None:
        state = getattr(editor, key).saveState()
        self._splitter_states[key] = state
        SPLITTERS.at(f"deck-editor-{key}").write(self.context.settings, state)

    def _document_changed(self, editor: DeckEditor) -> None:
        index = self.tabs.indexOf(editor)
        if index < 0:
            return
        document = editor.document
        title = document.title + (" *" if self.is_unsaved(document) else "")
        if self.tabs.tabText(index) != title:
            renamed = self.tabs.tabText(index).removesuffix(" *") != document.title
            self.tabs.setTabText(index, title)
            if renamed:
                self.open_decks_changed.emit()
        where = []
        if document.saved_name:
            where.append(f"Saved as “{document.saved_name}” in your decks")
        if document.file_path:
            where.append(f"File: {document.file_path}")
        elif document.copy_of and not document.saved_name:
            where.append(f"A copy of the demo deck {document.copy_of.name}: "
                         "Save stores it in your decks")
        self.tabs.setTabToolTip(index, "\n".join(where) or "Not saved yet")

    @staticmethod
    def is_unsaved(document: DeckDocument) -> bool:
        """Edited since saved, or holding cards that were never saved anywhere."""
        never_saved = document.saved_name is None and document.file_path is None \
            and document.copy_of is None
        return document.dirty or (never_saved and bool(document.deck.main
                                                       or document.deck.sideboard))

    def _current_changed(self, _index: int) -> None:
        self._decks_history_shown = False
        self.undo_stack_changed.emit(self.undo_stack())
        self._update_actions()

    def _update_actions(self) -> None:
        has = self.current_document() is not None
        for action in (self.save_action, self.export_action, self.close_action):
            action.setEnabled(has)
        self.stack.setCurrentWidget(self.tabs if self.tabs.count() else self.empty)
        self.document_actions_changed.emit()

    def new_deck(self) -> DeckEditor:
        """Start an empty deck in a new tab (and show this screen)."""
        if self.window_ref is not None:
            self.window_ref.show_screen(self.key)
        editor = self.open_document_for(DeckList())
        editor.name_edit.setFocus()
        return editor

    def close_tab(self, index: int, ask: bool = True) -> bool:
        """Close the deck in tab ``index``, asking about unsaved edits; False if kept."""
        editor = self.tabs.widget(index)
        if not isinstance(editor, DeckEditor):
            return False
        if ask and self.is_unsaved(editor.document):
            answer = self.ask_unsaved([editor.document])
            if answer == CANCEL:
                return False
            if answer == SAVE and not self.save_and_wait([editor.document]):
                return False
        self.tabs.removeTab(index)
        self.undo_stack_changed.emit(self.context.operations.history("decks"))
        editor.deleteLater()
        self._current_changed(self.tabs.currentIndex())
        self.open_decks_changed.emit()
        return True

    def close_current(self) -> bool:
        return self.tabs.count() > 0 and self.close_tab(self.tabs.currentIndex())

    # -- adding cards ---------------------------------------------------------------------------

    def add_card(self, name: str, zone: str = MAIN) -> None:
        """Add a copy of ``name`` to the current deck (a new deck if none is open)."""
        editor = self.current_editor() or self.open_document_for(DeckList())
        try:
            editor.add_card(name, zone)
        except UserError as exc:
            self.context.report_error("The card was not added", exc)
            return
        total = editor.document.deck.total(MAIN)
        self.context.status.emit(f"Added {name} to {editor.document.title} "
                                 f"({total} card{'s' if total != 1 else ''})")

    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasFormat(CARD_MIME_TYPE):
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()

    def dragMoveEvent(self, event) -> None:
        self.dragEnterEvent(event)

    def dropEvent(self, event) -> None:
        names = card_names(event.mimeData())
        if not names:
            return
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()
        for name in names:
            self.add_card(name)

    # -- opening --------------------------------------------------------------------------------

    def open_document(self) -> QWidget:
        """File > Open: the saved decks, the demo decks, or a file."""
        dialog = OpenDeckDialog(self.context, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.saved_chosen.connect(self.open_saved)
        dialog.file_chosen.connect(self.open_file)
        dialog.file_requested.connect(lambda: self.open_file(None))
        dialog.delete_requested.connect(lambda name: self._confirm_delete(name, dialog))
        dialog.open()
        return dialog

    def _find(self, saved_name: str | None = None, path: Path | None = None) -> int:
        for index, document in enumerate(self.documents()):
            if saved_name is not None and document.saved_name == saved_name:
                return index
            source = document.file_path or document.copy_of
            if path is not None and source is not None and \
                    source.resolve() == Path(path).resolve():
                return index
        return -1

    def open_saved(self, name: str) -> None:
        """Open the saved deck ``name`` (or show it if it is open already)."""
        index = self._find(saved_name=name)
        if index >= 0:
            self.tabs.setCurrentIndex(index)
            return

        def opened(stored: VersionedDeck) -> None:
            self.open_document_for(stored.deck, saved_name=name, saved_version=stored.version)
            self.recent.add(RecentDeck(SAVED, name))

        def failed(exc: BaseException, _details: str) -> None:
            self.recent.remove(RecentDeck(SAVED, name))
            self.context.report_error("The deck could not be opened", exc)

        self.context.run(load_deck_version, self.context.db, name, on_done=opened,
                         on_error=failed)

    def open_file(self, path: str | Path | None = None, belongs: bool = True) -> None:
        """Open the deck file at ``path`` (asks with a file dialog if ``None``).

        ``belongs``: Save writes the file back (Open); otherwise the deck is only
        imported (Import).
        """
        if path is None:
            title = "Open Deck File" if belongs else "Import Deck"
            chosen, _ = QFileDialog.getOpenFileName(self, title, self._last_folder(),
                                                    ";;".join(files.open_filters()))
            if not chosen:
                return
            path = chosen
        path = Path(path)
        demo = deck_sources.is_demo_deck(path)
        if not demo:
            DECK_FOLDER.write(self.context.settings, str(path.parent))
        if belongs:
            index = self._find(path=path)
            if index >= 0:
                self.tabs.setCurrentIndex(index)
                return

        def opened(result: deck_sources.OpenedDeck) -> None:
            if demo:  # a copy: Save stores it in your decks, never in the app's folder
                editor = self.open_document_for(result.deck)
                editor.document.copy_of = result.path
                self._document_changed(editor)
            else:
                self.open_document_for(result.deck, file_path=result.path if belongs else None)
            if belongs:
                self.recent.add(RecentDeck(FILE, str(result.path)))

        def failed(exc: BaseException, _details: str) -> None:
            if not path.exists():
                self.recent.remove(RecentDeck(FILE, str(path)))
            self.context.report_error("The deck could not be opened", exc)

        self.context.run(deck_sources.read_deck, path, self.catalogue,
                         on_done=opened, on_error=failed)

    def import_file(self, path: str | Path | None = None) -> None:
        """Import a deck file as a new deck (Save then stores it in your decks)."""
        self.open_file(path, belongs=False)

    def open_recent(self, entry: RecentDeck) -> None:
        if entry.kind == SAVED:
            self.open_saved(entry.value)
        else:
            self.open_file(entry.value)

    def _fill_recent_menu(self) -> None:
        menu = self.recent_menu
        menu.clear()
        entries = self.recent.entries()
        for number, entry in enumerate(entries, start=1):
            action = menu.addAction(f"&{number % 10} {entry.label}")
            action.setToolTip(entry.value)
            action.triggered.connect(lambda _checked=False, entry=entry: self.open_recent(entry))
        if not entries:
            menu.addAction("No recent decks").setEnabled(False)
        menu.addSeparator()
        clear = menu.addAction("Clear the List")
        clear.setEnabled(bool(entries))
        clear.triggered.connect(self.recent.clear)

    def _last_folder(self) -> str:
        return DECK_FOLDER.read(self.context.settings) or str(Path.home())

    def _confirm_delete(self, name: str, dialog) -> None:
        box = QMessageBox(QMessageBox.Icon.Question, "Delete Deck",
                          f"Delete the saved deck “{name}” from your decks?",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, dialog)
        fit_title(box)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.accepted.connect(lambda: self.delete_saved(name, dialog.reload))
        box.open()

    def delete_saved(self, name: str, then=None) -> None:
        """Delete the saved deck ``name`` (an open copy stays open, as unsaved)."""
        def done(_changes) -> None:
            for document in self.documents():
                if document.saved_name == name:
                    document.saved_name = None
                    document.changed.emit()
            self.recent.remove(RecentDeck(SAVED, name))
            self._show_decks_history(True)
            if then is not None:
                then()

        self.context.operations.run(delete_deck, name, initiator=self, on_done=done,
                                    error_title="The deck was not deleted")

    # -- saving ---------------------------------------------------------------------------------

    def save_document(self) -> None:
        """File > Save: the current deck, in your decks (and its file, if it has one)."""
        document = self.current_document()
        if document is not None:
            self.save(document)

    def save(self, document: DeckDocument, file_path: Path | None = None,
             on_saved=None) -> bool:
        """Save ``document`` (asking for a name if it has none); returns False if the
        user cancelled. ``file_path`` makes the deck belong to that file (Save As)."""
        editor = self._editor_of(document)
        if editor is not None:
            editor.commit_fields()
        if not document.deck.name:
            suggested = file_path.stem if file_path is not None else ""
            ask = QInputDialog(self)
            ask.setWindowTitle("Save Deck")
            fit_title(ask)
            ask.setLabelText("Deck name:")
            ask.setTextValue(suggested)
            ok, name = ask.exec() == QInputDialog.DialogCode.Accepted, ask.textValue()
            if not ok or not name.strip():
                return False
            document.set_field("name", name)
        name = document.deck.name
        if name != document.saved_name and name in self.saved_names:
            answer = QMessageBox.question(
                self, "Save Deck",
                f"You already have a saved deck called “{name}”. Replace it?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            )
            if answer != QMessageBox.StandardButton.Yes:
                return False
        target = file_path if file_path is not None else document.file_path
        self._write(document, target, overwrite=False, on_saved=on_saved)
        return True

    def _write(self, document: DeckDocument, target: Path | None, overwrite: bool,
               on_saved=None, force: bool = False) -> None:
        """Save ``document`` in your decks and to ``target``; a file whose content the
        format cannot keep is only replaced after :meth:`ask_overwrite`, a deck saved
        elsewhere since it was opened only after :meth:`ask_changed_elsewhere`
        (``force``: overwrite it), and a lost connection offers :meth:`ask_retry`."""
        position = document.undo_stack.index()
        previous = document.saved_name
        opened_version = None if force or previous is None else document.saved_version

        def saved(outcome) -> None:
            deck = outcome.value.deck
            self.saved_names.add(deck.name)
            if isValid(document):
                document.saved_version = outcome.value.version
            if not isValid(document):  # its tab was closed meanwhile
                return
            if document.undo_stack.index() == position:
                document.mark_saved(deck.name, target)
            else:
                document.saved_name, document.file_path = deck.name, target
            document.file_path = target
            document.changed.emit()
            if previous and previous != deck.name:
                self.saved_names.discard(previous)
                self.recent.rename(previous, deck.name)
            self.recent.add(RecentDeck(FILE, str(target)) if target is not None
                            else RecentDeck(SAVED, deck.name))
            self.context.status.emit(f"Saved {deck.name}" + (f" and {target}" if target else ""))
            if on_saved is not None:
                on_saved()

        snapshot, catalogue = document.snapshot(), document.catalogue
        # not undoable: the document's own history carries the edits, and an undone save
        # would leave the tab saying "saved"
        def failed(exc: BaseException) -> bool:
            if not isValid(document):
                return False
            if isinstance(exc, deck_sources.ContentWouldBeLostError):
                self.ask_overwrite(document, exc.path, on_saved)
                return True
            if isinstance(exc, DeckChangedElsewhere):
                self.ask_changed_elsewhere(document, target, overwrite, on_saved)
                return True
            if isinstance(exc, PostgresError) and exc.retryable:
                self.ask_retry(document, exc, lambda: self._write(document, target, overwrite,
                                                                  on_saved, force))
                return True
            return False

        self.context.operations.run(
            lambda db: deck_sources.save_deck_everywhere(snapshot, db, catalogue, previous, target,
                                                  overwrite, opened_version),
            initiator=self, undoable=False, on_done=saved, on_error=failed,
            error_title="The deck was not saved",
        )

    def ask_overwrite(self, document: DeckDocument, path: Path, on_saved=None) -> QMessageBox:
        """Ask, without blocking, before replacing a file that holds content its format
        cannot keep: Replace the file, save in your decks only (the file is left as it
        is and the deck no longer belongs to it), or Cancel (nothing saved)."""
        box = QMessageBox(QMessageBox.Icon.Warning, "Replace the Deck File?",
                          f"Saving replaces {path.name}, which holds comments, a "
                          "description or a layout that this file format cannot keep.",
                          parent=self)
        box.setObjectName("overwriteDeckFile")
        fit_title(box)
        box.setInformativeText(f"{path}\n\nReplace the file, or save the deck in your "
                               "decks only and leave the file as it is?")
        replace = box.addButton("Replace the File", QMessageBox.ButtonRole.DestructiveRole)
        mine = box.addButton("Save in My Decks Only", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(mine)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered(_result: int) -> None:
            self.overwrite_box = None
            clicked = box.clickedButton()
            if not isValid(document) or clicked not in (replace, mine):
                return
            if clicked is replace:
                self._write(document, path, overwrite=True, on_saved=on_saved)
            else:
                self._write(document, None, overwrite=False, on_saved=on_saved)

        box.finished.connect(answered)
        box.open()
        self.overwrite_box = box
        return box

    def ask_changed_elsewhere(self, document: DeckDocument, target: Path | None,
                              overwrite: bool, on_saved=None) -> QMessageBox:
        """The saved deck was saved elsewhere since it was opened here: ask, without
        blocking, to Reload it (what was typed stays one Undo away), Save as a Copy
        under a new name, Overwrite it, or Cancel (nothing saved)."""
        name = document.saved_name or document.deck.name
        box = QMessageBox(QMessageBox.Icon.Warning, "Deck Changed Elsewhere",
                          f"“{name}” was saved in another window or on another computer "
                          "since you opened it.", parent=self)
        box.setObjectName("deckChangedElsewhere")
        fit_title(box)
        box.setInformativeText("Reload it (Undo brings your edits back), save yours as a "
                               "copy, or overwrite the other version?")
        reload = box.addButton("Reload", QMessageBox.ButtonRole.ResetRole)
        copy = box.addButton("Save as a Copy", QMessageBox.ButtonRole.AcceptRole)
        replace = box.addButton("Overwrite", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(copy)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered(_result: int) -> None:
            self.conflict_box = None
            clicked = box.clickedButton()
            if not isValid(document):
                return
            if clicked is reload:
                self.reload_document(document, name)
            elif clicked is copy:
                self.save_copy(document, on_saved)
            elif clicked is replace:
                self._write(document, target, overwrite, on_saved, force=True)

        box.finished.connect(answered)
        box.open()
        self.conflict_box = box
        return box

    def reload_document(self, document: DeckDocument, name: str) -> None:
        """Replace ``document`` with the saved deck ``name`` as stored now (undoable)."""
        def loaded(stored: VersionedDeck) -> None:
            if isValid(document):
                document.reload(stored.deck, stored.version)

        self.context.run(load_deck_version, self.context.db, name, on_done=loaded,
                         on_error=self.context.error_handler("The deck was not reloaded"))

    def save_copy(self, document: DeckDocument, on_saved=None) -> None:
        """Save ``document`` under a new name (“<name> (copy)”, numbered if taken), as a
        new saved deck belonging to no file; the deck saved elsewhere stays as it is."""
        base = f"{document.deck.name} (copy)"
        name, number = base, 2
        while name in self.saved_names:
            name, number = f"{base} {number}", number + 1
        document.set_field("name", name)
        document.saved_name = document.saved_version = document.file_path = None
        self._write(document, None, overwrite=False, on_saved=on_saved)

    def ask_retry(self, document: DeckDocument, exc: BaseException, retry) -> QMessageBox:
        """The database could not be reached (or refused the write): say why and offer
        Retry; the deck stays open as it is, nothing typed is lost."""
        box = QMessageBox(QMessageBox.Icon.Warning, "The deck was not saved", str(exc),
                          parent=self)
        box.setObjectName("retrySave")
        fit_title(box)
        box.setInformativeText("Your deck stays open here with every change. Retry when "
                               "the database can be reached again.")
        again = box.addButton("Retry", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(again)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered(_result: int) -> None:
            self.retry_box = None
            if box.clickedButton() is again and isValid(document):
                retry()

        box.finished.connect(answered)
        box.open()
        self.retry_box = box
        self.context.error_shown.emit(str(exc))
        return box

    def save_document_as(self) -> None:
        """File > Save As: a deck file in a format that can be opened again."""
        document = self.current_document()
        if document is None:
            return
        filters = files.save_filters()
        suggested = str(files.suggested_path(self._last_folder(), document.deck.name, ".txt"))
        chosen, selected = QFileDialog.getSaveFileName(self, "Save Deck As", suggested,
                                                       ";;".join(filters), filters[0])
        if chosen:
            self.save_as(chosen, files.format_for_filter(selected))

    def save_as(self, path: str | Path, deck_format=None) -> bool:
        """Save the current deck to ``path`` (extension added from ``deck_format``)."""
        document = self.current_document()
        if document is None:
            return False
        try:
            target, _format = files.target_and_format(path, deck_format, readable_only=True)
        except formats.UnknownFormatError as exc:
            self.context.report_error("The deck was not saved", exc)
            return False
        DECK_FOLDER.write(self.context.settings, str(target.parent))
        return self.save(document, target)

    def save_and_wait(self, documents: list[DeckDocument]) -> bool:
        """Save ``documents`` and wait for the writes; True if all were saved."""
        for document in documents:
            if not self.save(document):
                return False
        self.context.wait_idle(30)
        return not any(isValid(d) and self.is_unsaved(d) for d in documents)

    def export(self, path: str | Path | None = None, deck_format=None) -> None:
        """Export the current deck in any format (PDF and PNG too), asking where if
        ``path`` is ``None``."""
        document = self.current_document()
        if document is None:
            return
        if path is None:
            filters = files.export_filters()
            suggested = str(files.suggested_path(self._last_folder(), document.deck.name))
            chosen, selected = QFileDialog.getSaveFileName(self, "Export Deck", suggested,
                                                           ";;".join(filters), filters[0])
            if not chosen:
                return
            path, deck_format = chosen, files.format_for_filter(selected)
        try:
            target, deck_format = files.target_and_format(path, deck_format)
        except formats.UnknownFormatError as exc:
            self.context.report_error("The deck was not exported", exc)
            return
        DECK_FOLDER.write(self.context.settings, str(target.parent))
        self.context.run(
            deck_sources.write_deck, document.snapshot(), target, deck_format, document.catalogue,
            self.context.db,
            on_done=lambda written: self.context.status.emit(f"Exported to {written}"),
            on_error=self.context.error_handler("The deck was not exported"),
        )

    # -- questions ---------------------------------------------------------------------------------

    def _unsaved_box(self, documents: list[DeckDocument], parent: QWidget) -> QMessageBox:
        names = ", ".join(f"“{d.title}”" for d in documents)
        box = QMessageBox(QMessageBox.Icon.Warning, "Unsaved Changes",
                          f"Save the changes to {names}?", parent=parent)
        box.setObjectName("unsavedDecks")
        fit_title(box)
        box.setInformativeText("Your changes are lost if you don't save them.")
        buttons = QMessageBox.StandardButton
        box.setStandardButtons(buttons.Save | buttons.Discard | buttons.Cancel)
        box.setDefaultButton(buttons.Save)
        return box

    @staticmethod
    def _answer(box: QMessageBox) -> str:
        buttons = QMessageBox.StandardButton
        clicked = box.clickedButton()
        button = box.standardButton(clicked) if clicked is not None else buttons.Cancel
        return {buttons.Save: SAVE, buttons.Discard: DISCARD}.get(button, CANCEL)

    def ask_unsaved(self, documents: list[DeckDocument]) -> str:
        """Ask (and wait) what to do with unsaved decks before closing their tab:
        :data:`SAVE`, :data:`DISCARD` or :data:`CANCEL`."""
        box = self._unsaved_box(documents, self)
        box.exec()
        return self._answer(box)

    def confirm_quit(self, documents: list[DeckDocument]) -> QMessageBox:
        """Ask, without blocking, what to do with unsaved decks before the window closes;
        the answer goes to :meth:`quit_answer`."""
        box = self._unsaved_box(documents, self.window())
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.finished.connect(lambda _result: self.quit_answer(self._answer(box), documents))
        box.open()
        self.quit_box = box
        return box

    def quit_answer(self, answer: str, documents: list[DeckDocument]) -> bool:
        """Act on the answer of :meth:`confirm_quit`: close the window after saving
        (:data:`SAVE`) or without (:data:`DISCARD`); returns whether it closed."""
        self.quit_box = None
        if answer == CANCEL:
            return False
        if answer == SAVE and not self.save_and_wait([d for d in documents if isValid(d)]):
            return False
        self._quit_confirmed = True
        try:
            return self.window().close()
        finally:
            self._quit_confirmed = False

    # -- Screen hooks ---------------------------------------------------------------------------

    def connect_screens(self, window) -> None:
        self.window_ref = window
        browser = window.screen("browser")
        if browser is not None and hasattr(browser, "add_to_deck_requested"):
            browser.add_to_deck_requested.connect(self.add_card)

    def start(self) -> None:
        self.reload_catalogue()
        self._refresh_saved_names()
        self.reopen_decks()

    def reopen_decks(self) -> None:
        """Open again the saved decks and deck files open when the app last closed
        (:data:`~deckbuilder.gui.settings.OPEN_DECKS`)."""
        for text in OPEN_DECKS.read(self.context.settings):
            entry = RecentDeck.decode(text)
            if entry is not None:
                self.open_recent(entry)

    def open_entries(self) -> list[RecentDeck]:
        """The open decks that can be opened again: saved decks and deck files."""
        entries = []
        for document in self.documents():
            if document.saved_name:
                entries.append(RecentDeck(SAVED, document.saved_name))
            elif document.file_path:
                entries.append(RecentDeck(FILE, str(document.file_path)))
        return entries

    def can_close(self) -> bool:
        """True with no unsaved deck; otherwise asks (without blocking: see
        :meth:`confirm_quit`) and keeps the window open for now."""
        if self._quit_confirmed:
            return True
        unsaved = [d for d in self.documents() if self.is_unsaved(d)]
        if not unsaved:
            return True
        if self.quit_box is None:
            self.confirm_quit(unsaved)
        return False

    def undo_stack(self):
        """The current deck's edits; the saved decks' history (deleted decks) right after
        a deletion, or when no deck is open."""
        document = self.current_document()
        if document is None or self._decks_history_shown:
            return self.context.operations.history("decks")
        return document.undo_stack

    def _show_decks_history(self, shown: bool) -> None:
        """Let Edit > Undo act on the saved decks' history (after a deletion) or on the
        current deck again (when its tab changes or it is edited)."""
        if shown != self._decks_history_shown:
            self._decks_history_shown = shown
            self.undo_stack_changed.emit(self.undo_stack())

    def can(self, action: str) -> bool:
        if action == "open":
            return True
        return self.current_document() is not None

    def file_actions(self) -> list[QAction]:
        return [self.new_action, self.recent_action, self.import_action, self.export_action,
                self.close_action]

    def save_state(self, settings) -> None:
        OPEN_DECKS.write(settings, [entry.encode() for entry in self.open_entries()])

    def restore_state(self, settings) -> None:
        for key in ("splitter", "right"):
            value = SPLITTERS.at(f"deck-editor-{key}").read(settings)
            if value is not None:
                self._splitter_states[key] = value

    def prepare_screenshot(self) -> None:
        demos = deck_sources.demo_deck_files()
        for path in reversed(demos):
            opened = deck_sources.read_deck(path, self.catalogue)
            self.open_document_for(opened.deck, file_path=opened.path)
        editor = self.current_editor()
        if editor is None:
            return
        editor.side_tabs.setCurrentIndex(0)
        first = editor.model.groups[0].names
        if first:
            editor.select_cards([first[0]])

    def _editor_of(self, document: DeckDocument) -> DeckEditor | None:
        for editor in self.editors():
            if editor.document is document:
                return editor
        return None


register_screen(
    ScreenSpec("deck-editor", "Deck editor", DeckEditorScreen, order=20,
               screenshot="deck-editor.png")
)

__all__ = ["CANCEL", "DISCARD", "SAVE", "DeckEditorScreen"]
