"""Where the app remembers window geometry and splitter positions (``QSettings``).

``$DECKBUILDER_SETTINGS`` (a file path) selects an INI file, which tests and the
screenshot mode use; otherwise the platform's native store under the organisation
and application names set by :func:`deckbuilder.gui.app.configure_application`.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QHeaderView, QSplitter

SETTINGS_ENV = "DECKBUILDER_SETTINGS"


def make_settings() -> QSettings:
    """The app's settings store (INI file at ``$DECKBUILDER_SETTINGS`` if set)."""
    path = os.environ.get(SETTINGS_ENV)
    if path:
        return QSettings(path, QSettings.Format.IniFormat)
    return QSettings()


def _bytes(settings: QSettings, key: str) -> QByteArray | None:
    value = settings.value(key)
    if isinstance(value, QByteArray) and not value.isEmpty():
        return value
    if isinstance(value, bytes | bytearray) and value:
        return QByteArray(bytes(value))
    return None


def restore_splitter(settings: QSettings, splitter: QSplitter, key: str) -> bool:
    """Restore ``splitter`` from ``splitters/<key>``; returns whether a state was found.

    Also saves the state there whenever the user moves the handle.
    """
    state = _bytes(settings, f"splitters/{key}")
    restored = bool(state and splitter.restoreState(state))
    splitter.splitterMoved.connect(
        lambda *_: settings.setValue(f"splitters/{key}", splitter.saveState())
    )
    return restored


def restore_header(settings: QSettings, header: QHeaderView, key: str) -> bool:
    """Like :func:`restore_splitter` for a table header (column widths and order)."""
    state = _bytes(settings, f"headers/{key}")
    restored = bool(state and header.restoreState(state))

    def save(*_args) -> None:
        settings.setValue(f"headers/{key}", header.saveState())

    header.sectionResized.connect(save)
    header.sectionMoved.connect(save)
    return restored
