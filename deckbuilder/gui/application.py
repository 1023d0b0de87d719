"""The ``QApplication`` and the main window, shared by the app and the screenshot mode.

Names (for ``QSettings``), window icon and a style that follows the system's light or
dark palette (:func:`configure_application`); whether a display exists
(:func:`has_display`); a main window on a database (:func:`create_main_window`).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from card_db.userdb import UserDatabase
from deckbuilder.gui.context import AppContext
from deckbuilder.gui.images import app_icon
from deckbuilder.gui.main_window import MainWindow
from deckbuilder.gui.screens import ScreenSpec
from deckbuilder.gui.style import apply_style

ORGANISATION = "Imajica Deck Builder"
APPLICATION = "Imajica Deck Builder"
#: The freedesktop application id: the .desktop and metainfo files in packaging/linux/ use it.
APPLICATION_ID = "io.github.imajica_deckbuilder.ImajicaDeckBuilder"


def qapplication() -> QApplication:
    """The running ``QApplication``, created (with the program name only) if none is."""
    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
    return app  # type: ignore[return-value]


def configure_application(app: QApplication) -> None:
    """Names (for ``QSettings``), window icon and style of the application."""
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(APPLICATION)
    app.setDesktopFileName(APPLICATION_ID)
    app.setWindowIcon(app_icon())
    apply_style(app)


def has_display() -> bool:
    """Whether a windowing system is available (always on macOS and Windows)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def create_main_window(
    db: UserDatabase | Path, specs: list[ScreenSpec] | None = None
) -> MainWindow:
    """A context on ``db`` (a :class:`~card_db.userdb.UserDatabase`, or the path of an
    up-to-date database) and a main window with every registered screen (not shown)."""
    return MainWindow(AppContext(db), specs)
