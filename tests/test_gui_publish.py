"""File > Publish for Other Tools: the package is written off the GUI thread with a
progress dialog; Cancel leaves nothing behind; the undo histories are untouched."""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox

from deckbuilder.formats.publish import cockatrice
from deckbuilder.formats.publish.staging import MARKER
from deckbuilder.gui.publish import TOOL_TITLES, package_folder, start_publish

SCREEN_KEYS = ("browser",)


def _publish_menu(window) -> QMenu:
    return window.findChild(QMenu, "publishMenu")


def test_file_menu_offers_each_tool(window):
    menu = _publish_menu(window)
    assert menu is not None
    names = [a.objectName() for a in menu.actions()]
    assert names == [f"publish-{tool}" for tool in TOOL_TITLES]


def test_publishing_writes_the_package_and_says_how_to_install_it(qtbot, window, tmp_path,
                                                                  monkeypatch):
    out = tmp_path / "out"
    out.mkdir()
    folder = out / "my package"
    offered = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: offered.append(a[2]) or (str(folder), ""))
    action = next(a for a in _publish_menu(window).actions()
                  if a.objectName() == "publish-cockatrice")
    action.trigger()
    # the named folder is the package, as `deckbuilder publish cockatrice FOLDER` writes
    assert offered and offered[0].endswith("Imajica for Cockatrice")
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "publishDone") is not None,
                    timeout=60_000)
    box = window.findChild(QMessageBox, "publishDone")
    assert str(folder) in box.text()
    assert "customsets" in box.informativeText()
    assert (folder / cockatrice.DATABASE_FILE).is_file()
    assert (folder / MARKER).is_file()
    assert window.context.last_error is None
    assert all(window.context.operations.history(key).count() == 0
               for key in ("collection", "cards", "decks"))
    box.close()


def test_cancel_leaves_no_package_and_no_error(qtbot, window, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    operation = start_publish(window.context, "octgn", package_folder(out, "octgn"))
    operation.cancel()
    assert window.context.wait_idle(60)
    assert list(out.iterdir()) == []
    assert window.context.last_error is None
    assert window.findChild(QMessageBox, "publishDone") is None
