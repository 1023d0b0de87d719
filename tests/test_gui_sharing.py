"""The desktop app on a shared database (issue 15): a change made by another window,
command or computer shows within a second on both engines, the window's own writes do
not make it reload again, and File > Connect to a Shared Database remembers the URL
(never the password) and reopens the window on it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from card_db import postgres
from card_db.userdb import UserDatabase
from deckbuilder.gui.connect_dialog import ConnectDialog, own_database
from deckbuilder.gui.settings import SHARED_DATABASE
from deckbuilder.services.collection import CollectionRow, add_rows

DB_ENGINES = ("sqlite", "postgresql")
SCREEN_KEYS = ("browser", "collection", "deck-editor")
CARD = "Gentle"


def _names(screen) -> list[str]:
    return [screen.model.entry(r).name for r in range(screen.model.rowCount())]


def test_another_machine_s_change_shows_within_a_second(qtbot, window, db):
    screen = window.show_screen("collection")
    assert window.context.wait_idle()
    external = window.context.external
    external.start()
    refreshed = []
    external.refreshed.connect(lambda tables: refreshed.append((time.monotonic(), tables)))
    try:
        qtbot.wait(300)  # the watcher has connected
        other = UserDatabase(db)
        add_rows(other, [CollectionRow(CARD, 2)])
        committed = time.monotonic()
        qtbot.waitUntil(lambda: bool(refreshed), timeout=5000)
        assert refreshed[0][0] - committed < 1.0  # the screens were told within a second
        assert refreshed[0][1] == {"collection_entry", "undo_row", "undo_step"}
        qtbot.waitUntil(lambda: CARD in _names(screen), timeout=5000)  # and reload
        other.close()
        # The window's own write reloads the screens once, not again through the watcher.
        done = []
        window.context.operations.run(add_rows, [CollectionRow("Judith", 1)],
                                      on_done=done.append)
        qtbot.waitUntil(lambda: bool(done), timeout=5000)
        qtbot.wait(800)
        assert len(refreshed) == 1
    finally:
        external.stop()
    assert not external.running


def test_the_connect_dialog_remembers_the_url_without_the_password(qtbot, window,
                                                                   postgres_url):
    dialog = ConnectDialog(window.context, window)
    qtbot.addWidget(dialog)
    chosen = []
    dialog.chosen.connect(chosen.append)
    dialog.url_edit.setText(postgres_url.replace("postgres@", "postgres:secret@"))
    dialog.try_connect()
    assert "do not put the password in the database URL" in dialog.message.text()
    dialog.url_edit.setText(postgres_url)
    dialog.password_edit.setText("typed for now")
    dialog.try_connect()
    assert dialog.password_edit.text() == ""
    qtbot.waitUntil(lambda: bool(chosen), timeout=20000)
    assert chosen == [postgres_url]
    assert SHARED_DATABASE.read(window.context.settings) == postgres_url
    window.context.settings.sync()
    stored = Path(window.context.settings.fileName()).read_text()
    assert postgres_url in stored and "typed for now" not in stored
    postgres._session_passwords.clear()


def test_a_server_that_cannot_be_reached_is_said_in_the_dialog(qtbot, window):
    dialog = ConnectDialog(window.context, window)
    qtbot.addWidget(dialog)
    dialog.url_edit.setText("postgresql://someone@127.0.0.1:1/deckbuilder")
    dialog.try_connect()
    qtbot.waitUntil(lambda: dialog.connect_button.isEnabled(), timeout=20000)
    assert "cannot reach the database server" in dialog.message.text()
    assert SHARED_DATABASE.read(window.context.settings) == ""


def test_switching_closes_the_window_for_the_app_to_reopen_it(qtbot, window, postgres_url):
    assert window.switch_database(postgres_url)
    assert window.next_database == postgres_url and not window.isVisible()


def test_use_my_own_file_forgets_the_shared_database(qtbot, window, postgres_url):
    SHARED_DATABASE.write(window.context.settings, postgres_url)
    dialog = ConnectDialog(window.context, window)
    qtbot.addWidget(dialog)
    chosen = []
    dialog.chosen.connect(chosen.append)
    dialog.use_own_file()
    assert chosen == [own_database()] and SHARED_DATABASE.read(window.context.settings) == ""


def test_the_file_menu_has_the_connect_action(window):
    [file_menu] = [a.menu() for a in window.menuBar().actions() if a.text() == "&File"]
    [action] = [a for a in file_menu.actions() if a.objectName() == "connectDatabase"]
    assert action.text() == "&Connect to a Shared Database…"
    action.trigger()
    assert isinstance(window.connect_dialog, ConnectDialog)
    assert window.connect_dialog.url_edit.placeholderText() == "postgresql://user@host/dbname"
    window.connect_dialog.reject()



def _close_soon(window, then) -> None:
    from PySide6.QtCore import QTimer

    QTimer.singleShot(300, lambda: then(window))


def _close(window, switch_to=None) -> None:
    """Close ``window`` (switching to ``switch_to`` if given) and end the event loop run
    by ``app.run`` once (see :func:`_one_quit_per_window`)."""
    from PySide6.QtWidgets import QApplication

    if switch_to is None:
        window.close()
    else:
        window.switch_database(switch_to)
    QApplication.quit()


@pytest.fixture
def _one_quit_per_window(qapp):
    """Other tests' windows may still be open, so a window's closing may or may not be
    the last one's (which ends the loop); the tests here end each loop themselves."""
    qapp.setQuitOnLastWindowClosed(False)
    yield
    qapp.setQuitOnLastWindowClosed(True)


@pytest.mark.usefixtures("_one_quit_per_window")
def test_the_app_reopens_on_the_database_chosen_in_the_window(qtbot, tmp_path,
                                                              monkeypatch, postgres_url):
    """``run`` opens the file, the window switches to the shared database, and the app
    reopens there (the watcher was running and is stopped with each window)."""
    from deckbuilder.gui import app

    monkeypatch.setenv("DECKBUILDER_SETTINGS", str(tmp_path / "settings.ini"))
    opened = []
    create = app.create_main_window

    def record(db):
        window = create(db)
        opened.append((db.location, window))
        if len(opened) == 1:
            _close_soon(window, lambda w: _close(w, postgres_url))
        else:
            _close_soon(window, _close)
        return window

    monkeypatch.setattr(app, "create_main_window", record)
    own = tmp_path / "own.sqlite3"
    assert app.run(db_path=own) == 0
    assert [location for location, _ in opened] == [str(own), postgres_url]
    assert all(not w.context.external.running for _, w in opened)


@pytest.mark.usefixtures("_one_quit_per_window")
def test_an_unreachable_remembered_database_offers_the_own_file(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from deckbuilder.gui import app
    from deckbuilder.gui.settings import make_settings

    monkeypatch.setenv("DECKBUILDER_SETTINGS", str(tmp_path / "settings.ini"))
    SHARED_DATABASE.write(make_settings(), "postgresql://someone@127.0.0.1:1/deckbuilder")
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *args: asked.append(args[2])
                        or QMessageBox.StandardButton.Yes)
    opened = []
    create = app.create_main_window

    def record(db):
        window = create(db)
        opened.append(db.location)
        _close_soon(window, _close)
        return window

    monkeypatch.setattr(app, "create_main_window", record)
    assert app.run() == 0
    assert "cannot reach the database server" in asked[0]
    assert opened == [str(own_database())]
