"""The main window: one tab per registered screen, menus with the standard shortcuts,
window geometry and splitter positions remembered between runs. A lazy screen (see
:class:`~deckbuilder.gui.screens.ScreenSpec`) is built when its tab is first shown,
when :meth:`MainWindow.screen` asks for it, or (if it has File-menu commands) when the
File menu first opens.

File > Open, Save and Save As act on the current screen when it can (see
:meth:`deckbuilder.gui.screens.Screen.can`), otherwise on the Deck editor (Open shows
it; Save saves its current deck where you are); Edit > Undo and Redo act on the current
screen's ``QUndoStack`` through a ``QUndoGroup``; Edit > Find puts the focus in the
current screen's search box, or the browser's.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QLabel, QMainWindow, QProgressBar, QTabWidget, QWidget

from deckbuilder.gui.connect_dialog import connect_action
from deckbuilder.gui.context import AppContext
from deckbuilder.gui.publish import publish_menu
from deckbuilder.gui.screens import Screen, ScreenSpec, registered_screens
from deckbuilder.gui.settings import WINDOW_GEOMETRY, WINDOW_SCREEN, WINDOW_STATE

DEFAULT_SIZE = QSize(1280, 800)
APP_TITLE = "Imajica Deck Builder"


class MainWindow(QMainWindow):
    """The app's window. ``specs`` defaults to every registered screen.

    ``next_database``: set by :meth:`switch_database`, the database the app opens next
    when this window closed (:func:`deckbuilder.gui.app.run`).
    """

    next_database = None

    def __init__(self, context: AppContext, specs: list[ScreenSpec] | None = None):
        super().__init__()
        self.context = context
        context.dialog_parent = self
        if context.parent() is None:
            context.setParent(self)  # deleted with the window
        self.setWindowTitle(APP_TITLE)
        self.setObjectName("mainWindow")
        self.specs = list(specs) if specs is not None else registered_screens()
        self.screens: dict[str, Screen] = {}
        #: lazy screens not built yet: key -> the empty tab standing in for the screen
        self._placeholders: dict[str, QWidget] = {}
        self._started = False
        self.undo_group = QUndoGroup(self)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("screens")
        self.tabs.setDocumentMode(True)
        # a card dragged from the browser over the Deck editor tab opens that screen
        self.tabs.tabBar().setChangeCurrentOnDrag(True)
        self.tabs.tabBar().setAcceptDrops(True)
        self.setCentralWidget(self.tabs)
        for number, spec in enumerate(self.specs):
            if spec.lazy and number:
                placeholder = QWidget()
                placeholder.setObjectName(f"placeholder-{spec.key}")
                self._placeholders[spec.key] = placeholder
                self.tabs.addTab(placeholder, spec.title)
            else:
                self.tabs.addTab(self._make_screen(spec), spec.title)
        self._build_actions()
        self._build_menus()
        self._build_status_bar()
        for screen in list(self.screens.values()):
            screen.connect_screens(self)
        self.tabs.currentChanged.connect(self._screen_changed)
        self._restore()
        self._screen_changed(self.tabs.currentIndex())

    # -- screens ------------------------------------------------------------------------

    def _make_screen(self, spec: ScreenSpec) -> Screen:
        screen = spec.factory(self.context)
        screen.setObjectName(f"screen-{spec.key}")
        self.screens[spec.key] = screen
        screen.undo_stack_changed.connect(
            lambda stack, screen=screen: self._undo_stack_changed(screen, stack)
        )
        screen.document_actions_changed.connect(self._update_actions)
        stack = screen.undo_stack()
        if stack is not None:
            self.undo_group.addStack(stack)
        return screen

    def _build_lazy(self, key: str) -> Screen:
        """Build the lazy screen ``key`` in place of its empty tab, as if it had been
        built with the window (connected, restored, its File actions, started)."""
        spec = next(spec for spec in self.specs if spec.key == key)
        placeholder = self._placeholders.pop(key)
        screen = self._make_screen(spec)
        index = self.tabs.indexOf(placeholder)
        current = self.tabs.currentIndex() == index
        blocked = self.tabs.blockSignals(True)  # the tab stays the current one
        self.tabs.removeTab(index)
        self.tabs.insertTab(index, screen, spec.title)
        if current:
            self.tabs.setCurrentIndex(index)
        self.tabs.blockSignals(blocked)
        placeholder.deleteLater()
        screen.connect_screens(self)
        screen.restore_state(self.context.settings)
        self._add_file_actions(key)
        if self._started:
            screen.start()
        return screen

    def build_all_screens(self, file_menu_only: bool = False) -> None:
        """Build every lazy screen not built yet (``file_menu_only``: those with File-menu
        commands, as the File menu does when it first opens)."""
        for spec in self.specs:
            if spec.key in self._placeholders and (spec.file_menu or not file_menu_only):
                self._build_lazy(spec.key)

    def screen(self, key: str) -> Screen | None:
        """The screen registered as ``key`` (``"browser"``, ``"collection"``, ...), built
        now if it is a lazy one not built yet; ``None`` if the window has none."""
        if key in self._placeholders:
            return self._build_lazy(key)
        return self.screens.get(key)

    def current_screen(self) -> Screen | None:
        widget = self.tabs.currentWidget()
        return widget if isinstance(widget, Screen) else None

    def show_screen(self, key: str) -> Screen:
        """Make the screen ``key`` the visible tab; returns it (KeyError if unknown)."""
        screen = self.screen(key)
        if screen is None:
            raise KeyError(key)
        self.tabs.setCurrentWidget(screen)
        return screen

    def _screen_changed(self, _index: int) -> None:
        lazy = [key for key, widget in self._placeholders.items()
                if widget is self.tabs.currentWidget()]
        if lazy:
            self._build_lazy(lazy[0])
        screen = self.current_screen()
        self.undo_group.setActiveStack(screen.undo_stack() if screen else None)
        self._update_actions()
        if screen is not None:
            WINDOW_SCREEN.write(self.context.settings, screen.key)
            screen.activated()

    def _undo_stack_changed(self, screen: Screen, stack) -> None:
        if stack is not None and stack not in self.undo_group.stacks():
            self.undo_group.addStack(stack)
        if screen is self.current_screen():
            self.undo_group.setActiveStack(stack)

    # -- actions and menus --------------------------------------------------------------

    def _action(self, text: str, slot, shortcut=None, name: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setObjectName(name)
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        keys = QKeySequence.StandardKey
        self.open_action = self._action("&Open…", lambda: self._document("open"), keys.Open,
                                        "open")
        self.save_action = self._action("&Save", lambda: self._document("save"), keys.Save,
                                        "save")
        self.save_as_action = self._action(
            "Save &As…", lambda: self._document("save_as"), keys.SaveAs, "saveAs"
        )
        self.quit_action = self._action("&Quit", self.close, keys.Quit, "quit")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence(keys.Undo))
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(QKeySequence(keys.Redo))
        self.find_action = self._action("&Find…", self.focus_search, keys.Find, "find")
        self.about_action = self._action("&About Imajica Deck Builder", self.show_about,
                                         name="about")
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.guide_action = self._action("&User Guide", lambda: self.open_guide(), None, "guide")
        self.screen_help_action = self._action("&Help on This Screen", self.help_on_screen,
                                               keys.HelpContents, "screenHelp")  # F1
        self.screen_actions: list[QAction] = []
        for number, spec in enumerate(self.specs, start=1):
            action = self._action(
                spec.title,
                lambda _checked=False, key=spec.key: self.show_screen(key),
                f"Ctrl+{number}" if number < 10 else None,
                f"show-{spec.key}",
            )
            self.screen_actions.append(action)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = self.file_menu = bar.addMenu("&File")
        file_menu.addActions([self.open_action, self.save_action, self.save_as_action])
        # one section per screen (a lazy screen's fills when it is built); QMenu hides
        # the separators of empty sections
        self._file_sections = {spec.key: file_menu.addSeparator() for spec in self.specs}
        self._file_end = file_menu.addSeparator()
        for key in self.screens:
            self._add_file_actions(key)
        file_menu.aboutToShow.connect(lambda: self.build_all_screens(file_menu_only=True))
        file_menu.addMenu(publish_menu(self.context, self))
        file_menu.addAction(connect_action(self))
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addAction(self.find_action)
        view_menu = bar.addMenu("&View")
        view_menu.addActions(self.screen_actions)
        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.guide_action, self.screen_help_action])
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)

    def _add_file_actions(self, key: str) -> None:
        """Put the File-menu commands of the screen ``key`` in its section."""
        keys = list(self._file_sections)
        following = keys[keys.index(key) + 1:]
        before = self._file_sections[following[0]] if following else self._file_end
        self.file_menu.insertActions(before, self.screens[key].file_actions())

    def _build_status_bar(self) -> None:
        status = self.statusBar()
        self.busy_label = QLabel("Working…")
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setMaximumWidth(120)
        self.busy_bar.setMaximumHeight(14)
        for widget in (self.busy_label, self.busy_bar):
            widget.hide()
            status.addPermanentWidget(widget)
        self.context.tasks.busy_changed.connect(self._busy_changed)
        self.context.status.connect(lambda text: status.showMessage(text, 6000))
        if self.context.db.read_only:  # a read-only folder or medium (issue 26, point 5)
            notice = QLabel("Read-only database: changes cannot be saved")
            notice.setObjectName("readOnlyNotice")
            notice.setToolTip("The database is on a read-only folder or medium. Copy it "
                              "to a writable folder to change it.")
            status.addPermanentWidget(notice)

    def _busy_changed(self, busy: bool) -> None:
        self.busy_label.setVisible(busy)
        self.busy_bar.setVisible(busy)

    def _update_actions(self) -> None:
        for action, name in (
            (self.open_action, "open"),
            (self.save_action, "save"),
            (self.save_as_action, "save_as"),
        ):
            action.setEnabled(self._document_screen(name) is not None)

    def _document_screen(self, action: str) -> Screen | None:
        """The screen File > ``action`` acts on: the current one if it can, else the
        Deck editor if it can (decks are the app's documents)."""
        for screen in (self.current_screen(), self.screen("deck-editor")):
            if screen is not None and screen.can(action):
                return screen
        return None

    def _document(self, action: str) -> None:
        screen = self._document_screen(action)
        if screen is None:
            return
        if action == "open" and screen is not self.current_screen():
            self.show_screen(screen.key)
        {"open": screen.open_document, "save": screen.save_document,
         "save_as": screen.save_document_as}[action]()

    def focus_search(self) -> None:
        """Edit > Find: the current screen's search box, else the browser's."""
        screen = self.current_screen()
        if screen is not None and screen.focus_search():
            return
        browser = self.screen("browser")
        if browser is not None:
            self.show_screen("browser")
            browser.focus_search()

    def show_about(self) -> QWidget:
        # lazy: importlib.metadata (about 20 ms) loads only when the About box opens
        from deckbuilder.gui.about import AboutDialog

        dialog = AboutDialog(self.context, self)
        dialog.open()
        return dialog

    def open_guide(self, page: str = "index.md") -> QWidget | None:
        """The user guide at ``page``: the built guide in the web browser, else the app's
        window, which is returned (:mod:`deckbuilder.gui.guide_open`)."""
        # lazy: the guide's modules load when first asked for (start-up time)
        from deckbuilder.gui.guide_open import GuideOpener
        from deckbuilder.guide import GuideMissing

        if getattr(self, "guide_opener", None) is None:
            self.guide_opener = GuideOpener(self)
        try:
            return self.guide_opener.open(page)
        except GuideMissing as exc:
            self.statusBar().showMessage(f"No user guide: {exc}.", 8000)
            return None

    def help_on_screen(self) -> QWidget | None:
        """F1: the guide's page of the screen shown (``<key>.md``, else its first page)."""
        # lazy: as open_guide
        from deckbuilder.guide import GuideMissing, page_for_screen

        screen = self.current_screen()
        try:
            page = page_for_screen(screen.key) if screen is not None else "index.md"
        except GuideMissing:
            page = "index.md"
        return self.open_guide(page)

    # -- geometry ------------------------------------------------------------------------

    def _restore(self) -> None:
        settings = self.context.settings
        geometry = WINDOW_GEOMETRY.read(settings)
        if not (geometry is not None and self.restoreGeometry(geometry)):
            self.resize(DEFAULT_SIZE)
        state = WINDOW_STATE.read(settings)
        if state is not None:
            self.restoreState(state)
        for screen in self.screens.values():
            screen.restore_state(settings)
        last = WINDOW_SCREEN.read(settings)
        if last in self.screens or last in self._placeholders:
            self.show_screen(last)

    def save_settings(self) -> None:
        settings = self.context.settings
        WINDOW_GEOMETRY.write(settings, self.saveGeometry())
        WINDOW_STATE.write(settings, self.saveState())
        for screen in self.screens.values():
            screen.save_state(settings)
        settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not all(screen.can_close() for screen in self.screens.values()):
            event.ignore()
            return
        self.save_settings()
        super().closeEvent(event)

    def switch_database(self, target) -> bool:
        """Close this window so that the app reopens on ``target`` (a file or a
        PostgreSQL URL); False if the window stayed open (unsaved decks kept)."""
        self.next_database = target
        if not self.close():
            self.next_database = None
            return False
        return True

    def start(self) -> None:
        """Start the screens' first background work (after the window is shown); a lazy
        screen starts when it is built."""
        self._started = True
        for screen in list(self.screens.values()):
            screen.start()
