"""The main window and application basics (issue "The desktop app", section 7):
screens registry, menus with standard shortcuts, undo/redo through the current
screen, geometry and splitters remembered, errors as dialogs, the About dialog."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QAction, QKeySequence, QUndoCommand, QUndoStack
from PySide6.QtWidgets import QApplication, QMessageBox

from card_db.database import DatabaseError
from card_db.errors import UserError
from card_db.userdb import UserDatabase
from deckbuilder.gui import errors
from deckbuilder.gui.screens import Screen, ScreenSpec, registered_screens

ROOT = Path(__file__).resolve().parents[1]


def _window(qtbot, db, specs=None):
    """A main window with the browser, collection and card editor (or ``specs``)."""
    from deckbuilder.gui.app import create_main_window

    if specs is None:
        specs = [s for s in registered_screens() if s.key in ("browser", "collection",
                                                               "card-editor")]
    win = create_main_window(db, specs)
    qtbot.addWidget(win)
    return win


def test_registry_lists_the_built_screens_in_order():
    keys = [spec.key for spec in registered_screens()]
    assert keys[0] == "browser"
    assert {"browser", "collection", "card-editor"} <= set(keys)
    shots = {spec.key: spec.screenshot for spec in registered_screens()}
    assert shots["browser"] == "browser.png" and shots["collection"] == "collection.png"
    assert shots["card-editor"] == "card-editor.png"


def test_one_tab_per_screen(qtbot, db):
    win = _window(qtbot, db)
    titles = [win.tabs.tabText(i) for i in range(win.tabs.count())]
    assert titles == [spec.title for spec in win.specs]
    assert win.show_screen("collection") is win.tabs.currentWidget()
    win.screen_actions[0].trigger()
    assert win.current_screen().key == "browser"


def test_menus_use_the_standard_shortcuts(qtbot, db):
    win = _window(qtbot, db)
    keys = QKeySequence.StandardKey
    for action, key in ((win.open_action, keys.Open), (win.save_action, keys.Save),
                        (win.save_as_action, keys.SaveAs), (win.quit_action, keys.Quit),
                        (win.undo_action, keys.Undo), (win.redo_action, keys.Redo),
                        (win.find_action, keys.Find)):
        assert action.shortcut() == QKeySequence(key)
    menus = [a.text() for a in win.menuBar().actions()]
    assert menus == ["&File", "&Edit", "&View", "&Help"]


def test_find_puts_the_focus_in_the_search_box(qtbot, db):
    win = _window(qtbot, db)
    win.show()
    win.activateWindow()
    qtbot.waitExposed(win)
    win.show_screen("card-editor")
    win.show_screen("browser")
    win.find_action.trigger()
    browser = win.screen("browser")
    qtbot.waitUntil(lambda: browser.search_box.hasFocus(), timeout=2000)


class _UndoScreen(Screen):
    key = "undo-test"
    title = "Undo test"

    def __init__(self, context, parent=None):
        super().__init__(context, parent)
        self.stack = QUndoStack(self)
        self.value = 0

    def undo_stack(self):
        return self.stack

    def can(self, action):
        return action == "save"

    def save_document(self):
        self.value = -1


class _Add(QUndoCommand):
    def __init__(self, screen):
        super().__init__("add one")
        self.screen = screen

    def redo(self):
        self.screen.value += 1

    def undo(self):
        self.screen.value -= 1


def test_undo_redo_and_save_act_on_the_current_screen(qtbot, db):
    from deckbuilder.gui.browser.screen import BrowserScreen

    specs = [ScreenSpec("browser", "Browser", BrowserScreen),
             ScreenSpec("undo-test", "Undo test", _UndoScreen)]
    win = _window(qtbot, db, specs)
    screen = win.screen("undo-test")
    screen.stack.push(_Add(screen))
    assert not win.undo_action.isEnabled() and not win.save_action.isEnabled()
    win.show_screen("undo-test")
    assert win.undo_action.isEnabled() and win.undo_action.text() == "&Undo add one"
    win.undo_action.trigger()
    assert screen.value == 0 and win.redo_action.isEnabled()
    win.redo_action.trigger()
    assert screen.value == 1
    win.save_action.trigger()
    assert screen.value == -1


def test_geometry_and_splitters_are_remembered_across_windows(qtbot, db):
    first = _window(qtbot, db)
    first.resize(QSize(720, 560))  # fits the offscreen screen (800 x 800)
    first.show()
    qtbot.waitExposed(first)
    splitter = first.screen("browser").splitter
    total = sum(splitter.sizes())
    splitter.setSizes([total - 250, 250])
    splitter.splitterMoved.emit(total - 250, 1)  # as a drag of the handle does
    sizes = splitter.sizes()
    first.show_screen("collection")
    first.close()
    second = _window(qtbot, db)
    assert second.current_screen().key == "collection"
    second.show_screen("browser")
    second.show()
    qtbot.waitExposed(second)
    assert second.size() == QSize(720, 560)
    assert second.screen("browser").splitter.sizes() == sizes


def test_default_size_without_settings(qtbot, db):
    win = _window(qtbot, db)
    assert win.size() == QSize(1280, 800)


def test_unexpected_errors_become_dialogs(qtbot):
    try:
        raise RuntimeError("the flux capacitor broke")
    except RuntimeError as exc:
        errors.excepthook(RuntimeError, exc, exc.__traceback__)
    boxes = [w for w in QApplication.topLevelWidgets()
             if isinstance(w, QMessageBox) and w.isVisible()]
    assert boxes, "no error dialog shown"
    box = boxes[-1]
    assert "RuntimeError: the flux capacitor broke" in box.text()
    assert "Traceback" in box.detailedText()
    box.close()


def test_install_excepthook_replaces_and_returns_the_previous(monkeypatch):
    import sys

    sentinel = object()
    monkeypatch.setattr(sys, "excepthook", sentinel)
    assert errors.install_excepthook() is sentinel
    assert sys.excepthook is errors.excepthook


@pytest.mark.parametrize(
    ("exc", "expected"),
    [
        (DatabaseError("x.sqlite3 is not a database"), "x.sqlite3 is not a database"),
        (UserError("no saved deck called 'Q'"), "no saved deck called 'Q'"),
        (FileNotFoundError(2, "No such file or directory", "a.csv"),
         "No such file or directory: a.csv"),
        (ZeroDivisionError("division by zero"), "ZeroDivisionError: division by zero"),
    ],
)
def test_error_messages_are_written_for_people(exc, expected):
    assert errors.describe_error(exc) == expected


def test_background_errors_are_shown_as_dialogs(qtbot, db):
    win = _window(qtbot, db)

    def broken():
        raise UserError("prime: expected a whole number 0-99, got 'x'")

    with qtbot.waitSignal(win.context.error_shown) as shown:
        win.context.run(broken)
    assert shown.args == ["prime: expected a whole number 0-99, got 'x'"]


def test_about_names_the_card_data_sources(qtbot, db):
    win = _window(qtbot, db)
    dialog = win.show_about()
    assert win.context.wait_idle()
    text = dialog.sources.text()
    assert "rulebook" in text and "Demo set" in text and "invented" in text
    assert "estimated" in text
    from deckbuilder.services.cards import card_sources

    counts = card_sources(UserDatabase(db))
    assert f"({counts['rulebook']:,})" in text and f"({counts['demo']:,})" in text
    dialog.close()


def test_about_names_the_goldfish_core(qtbot, db):
    from PySide6.QtWidgets import QLabel

    from deckbuilder.engine.simulation.fastcore import core_name

    win = _window(qtbot, db)
    dialog = win.show_about()
    assert win.context.wait_idle()
    title = dialog.findChild(QLabel, "aboutTitle").text()
    assert f"Goldfish core: {core_name()}" in title and core_name() in ("compiled", "pure Python")
    dialog.close()


def test_busy_indicator_follows_background_work(qtbot, db):
    import threading

    win = _window(qtbot, db)
    win.show()
    gate = threading.Event()
    win.context.run(gate.wait, 5)
    assert win.busy_bar.isVisible()
    gate.set()
    assert win.context.wait_idle()
    assert not win.busy_bar.isVisible()


def test_installed_pyside_keeps_reference_counts():
    """PySide6 6.12.0 drops a reference to True per emit() and to None per void call
    (a long session then aborts); pyproject.toml excludes it. This checks the release
    actually installed."""
    import sys

    from PySide6.QtCore import QObject, Signal
    from PySide6.QtWidgets import QLabel

    class Probe(QObject):
        fired = Signal()

    probe, label = Probe(), QLabel()
    true_before, none_before = sys.getrefcount(True), sys.getrefcount(None)
    for _ in range(500):
        probe.fired.emit()
        label.setText("x")
    assert abs(sys.getrefcount(True) - true_before) < 50  # the bug would take 500
    assert abs(sys.getrefcount(None) - none_before) < 50


def test_results_of_a_closed_window_are_dropped_quietly(qtbot):
    """A background task that ends after its window's runner is deleted must not raise
    in the worker thread ("Signal source has been deleted"); pytest-qt fails the test
    on any exception raised there."""
    import time

    import shiboken6

    from deckbuilder.gui.tasks import TaskRunner

    runner = TaskRunner(default_error=lambda exc, details: None)
    runner.run(time.sleep, 0.3)
    runner.deleteLater()  # its pools wait for the task; its signals are already gone
    qtbot.waitUntil(lambda: not shiboken6.isValid(runner), timeout=5000)


# -- lazy screens: built when first shown ---------------------------------------------------


class _Recording(Screen):
    """A lazy screen recording the hooks the window calls, with one File-menu command."""

    key = "recording"
    title = "Recording"
    built: list[_Recording] = []

    def __init__(self, context, parent=None):
        super().__init__(context, parent)
        self.calls: list[str] = []
        self.export_action = QAction("Export recording", self)
        _Recording.built.append(self)

    def connect_screens(self, window):
        self.calls.append("connect")
        assert window.screen("browser") is not None

    def restore_state(self, settings):
        self.calls.append("restore")

    def start(self):
        self.calls.append("start")

    def activated(self):
        self.calls.append("activated")

    def file_actions(self):
        return [self.export_action]


class _Quiet(Screen):
    """A lazy screen with no File-menu command."""

    key = "quiet"
    title = "Quiet"


def _lazy_window(qtbot, db):
    from deckbuilder.gui.browser.screen import BrowserScreen

    _Recording.built.clear()
    specs = [ScreenSpec("browser", "Browser", BrowserScreen),
             ScreenSpec("recording", "Recording", _Recording, lazy=True, file_menu=True),
             ScreenSpec("quiet", "Quiet", _Quiet, lazy=True)]
    return _window(qtbot, db, specs)


def test_a_lazy_screen_is_built_when_its_tab_is_first_shown(qtbot, db):
    win = _lazy_window(qtbot, db)
    win.show()
    win.start()
    assert _Recording.built == [] and "recording" not in win.screens
    assert [win.tabs.tabText(i) for i in range(win.tabs.count())] == [
        "Browser", "Recording", "Quiet"]
    file_menu = win.file_menu
    assert "Export recording" not in [a.text() for a in file_menu.actions()]
    win.tabs.setCurrentIndex(1)  # as a click on the tab does
    [screen] = _Recording.built
    assert win.current_screen() is screen and win.tabs.indexOf(screen) == 1
    assert screen.objectName() == "screen-recording" and win.tabs.count() == 3
    assert screen.calls == ["connect", "restore", "start", "activated"]
    actions = [a.text() for a in file_menu.actions()]
    assert actions.index("Export recording") < actions.index("&Quit")
    win.tabs.setCurrentIndex(0)
    win.show_screen("recording")
    assert len(_Recording.built) == 1 and screen.calls[-1] == "activated"


def test_asking_for_a_lazy_screen_builds_it_and_it_starts_with_the_window(qtbot, db):
    win = _lazy_window(qtbot, db)
    screen = win.screen("recording")
    assert _Recording.built == [screen] and win.current_screen().key == "browser"
    assert screen.calls == ["connect", "restore"]  # the window has not started yet
    win.start()
    assert screen.calls == ["connect", "restore", "start"]
    assert win.screen("nothing") is None
    with pytest.raises(KeyError):
        win.show_screen("nothing")


def test_the_file_menu_builds_the_lazy_screens_for_their_commands(qtbot, db):
    win = _lazy_window(qtbot, db)
    win.file_menu.aboutToShow.emit()
    assert len(_Recording.built) == 1 and "quiet" not in win.screens
    assert "Export recording" in [a.text() for a in win.file_menu.actions()]
    win.build_all_screens()
    assert isinstance(win.screen("quiet"), _Quiet) and len(_Recording.built) == 1


def test_the_last_screen_shown_opens_built_even_when_lazy(qtbot, db):
    first = _lazy_window(qtbot, db)
    first.show_screen("recording")
    first.close()
    second = _lazy_window(qtbot, db)
    assert second.current_screen().key == "recording"
    assert second.current_screen() is _Recording.built[-1]


def test_the_window_imports_no_lazy_screen_until_it_is_shown(db, tmp_path):
    """In a fresh process (other tests import every screen): the window of the app's
    registered screens is shown without importing the later screens' modules."""
    script = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from deckbuilder.gui.app import create_main_window\n"
        f"win = create_main_window({str(db)!r})\n"
        "win.show(); app.processEvents()\n"
        "print(sorted(k for k, w in win._placeholders.items()))\n"
        "print(sorted(m for m in sys.modules if m.endswith('.screen')))\n"
        "win.show_screen('goldfish')\n"
        "print('deckbuilder.gui.goldfish.screen' in sys.modules, flush=True)\n"
        "win.context.close()\n"
        "import os; os._exit(0)  # no teardown of Qt objects at interpreter exit\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT),
               DECKBUILDER_SETTINGS=str(tmp_path / "fresh.ini"))
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    lazy, imported, goldfish = proc.stdout.splitlines()[-3:]
    assert lazy == str(["card-editor", "games", "goldfish", "play", "sample-hand", "scan",
                        "shelf"])
    assert imported == str(["deckbuilder.gui.browser.screen",
                            "deckbuilder.gui.collection.screen",
                            "deckbuilder.gui.deck_editor.screen"])
    assert goldfish == "True"
