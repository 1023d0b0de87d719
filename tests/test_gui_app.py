"""Starting the app (issue "The desktop app", sections 7 and 8): the database is
prepared off the GUI thread, start-up errors become dialogs, and the screenshot
mode writes one PNG per main screen."""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMessageBox

from card_db.database import current_revision, head_revision
from deckbuilder.cli.main import cli
from deckbuilder.gui import app


def test_prepare_database_creates_it_in_the_background(qtbot, tmp_path, monkeypatch):
    db = tmp_path / "fresh.sqlite3"
    monkeypatch.setenv("DECKBUILDER_DB", str(db))
    assert app.database_needs_work(db)
    assert app.prepare_database().path == db
    assert current_revision(db) == head_revision()
    assert not app.database_needs_work(db)
    assert app.prepare_database().path == db  # the quick path


def test_a_broken_database_is_reported_in_a_dialog(qtbot, tmp_path, monkeypatch):
    db = tmp_path / "broken.sqlite3"
    db.write_bytes(b"this is not a database at all" * 100)
    monkeypatch.setenv("DECKBUILDER_DB", str(db))
    monkeypatch.setenv("DECKBUILDER_SETTINGS", str(tmp_path / "settings.ini"))
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *args: shown.append(args[2]))
    assert app.run() == 1
    assert len(shown) == 1 and "could not be opened" in shown[0]
    assert "broken.sqlite3" in shown[0] and "Traceback" not in shown[0]


def test_screenshot_mode_writes_the_browser_collection_and_card_editor(qtbot, tmp_path):
    from deckbuilder.gui.screenshots import write_screenshots

    user_db = Path(os.environ["DECKBUILDER_DB"])
    keys = ["browser", "collection", "card-editor"]
    assert write_screenshots(tmp_path / "shots", keys) == 0
    for name in ("browser.png", "collection.png", "card-editor.png"):
        image = QImage(str(tmp_path / "shots" / name))
        assert not image.isNull(), name
        assert (image.width(), image.height()) == (1280, 800)
        colours = {image.pixel(x, y) for x in range(0, 1280, 40) for y in range(0, 800, 40)}
        assert len(colours) > 8, f"{name} looks blank"
    assert not user_db.exists()  # the screenshots use a throw-away demo database
    assert "DECKBUILDER_SETTINGS" not in os.environ


def test_the_screenshot_option_reaches_the_app(monkeypatch, tmp_path):
    seen = []
    monkeypatch.setattr(
        app, "run", lambda screenshot_dir=None, db_path=None: seen.append(screenshot_dir) or 0
    )
    result = CliRunner().invoke(cli, ["--screenshot", str(tmp_path / "shots")])
    assert result.exit_code == 0 and seen == [str(tmp_path / "shots")]


def test_without_a_display_the_app_says_so(monkeypatch, capsys):
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(app.sys, "platform", "linux")
    assert app.run() == 1
    assert "no display found" in capsys.readouterr().err


def test_every_screen_has_a_screenshot():
    """``--screenshot`` covers every screen of the main window (issue 25, section 2)."""
    from deckbuilder.gui.screens import registered_screens

    missing = [spec.key for spec in registered_screens() if not spec.screenshot]
    assert missing == []


def test_the_play_screenshot_is_a_game_in_its_middle(qtbot, tmp_path):
    """The Play screen's picture is a table mid-game, the person to move in round 3."""
    from deckbuilder.gui.screenshots import write_screenshots

    assert write_screenshots(tmp_path / "shots", ["play"]) == 0
    image = QImage(str(tmp_path / "shots" / "play.png"))
    assert (image.width(), image.height()) == (1280, 800)


def test_play_to_mid_game_leaves_the_person_to_move(window):
    from deckbuilder.gui.play.demo_game import ROUND, play_to_mid_game

    screen = window.show_screen("play")
    assert play_to_mid_game(screen)
    assert screen.pending is not None and screen.pending.kind == "move"
    assert screen.session.game.table.round >= ROUND and not screen.over
    assert screen.moves.count() == len(screen.pending.options) > 0
    screen.stop_game()
