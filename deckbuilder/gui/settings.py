"""Everything the app remembers between runs, declared once (``QSettings``).

Each setting is a :class:`Setting` with its key, type and default; read and write it
through the setting (``WINDOW_SCREEN.read(store)``, ``WINDOW_SCREEN.write(store,
"browser")``), never by a key string. A setting whose key has a part chosen by the
caller (one splitter among many) is a :class:`SettingFamily`:
``SPLITTERS.at("browser")`` is the setting ``splitters/browser``.

The store carries :data:`VERSION` under ``settings/version``. When a release renames a
key or changes what a value means, raise :data:`VERSION` and add the step from the
previous version to :data:`UPGRADES`; :func:`make_settings` runs the steps a store
needs when it opens it (as MusicBrainz Picard does).

``$DECKBUILDER_SETTINGS`` (a file path) selects an INI file, which tests and the
screenshot mode use; otherwise the platform's native store under the organisation
and application names set by :func:`deckbuilder.gui.application.configure_application`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QHeaderView, QSplitter

SETTINGS_ENV = "DECKBUILDER_SETTINGS"

T = TypeVar("T")


def _to_bytes(value: Any) -> QByteArray | None:
    if isinstance(value, QByteArray) and not value.isEmpty():
        return value
    if isinstance(value, bytes | bytearray) and value:
        return QByteArray(bytes(value))
    return None


def _to_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _to_str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _to_str_list(value: Any) -> list[str] | None:
    # INI files give a one-item list back as a plain string, and an empty one as None.
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return [str(item) for item in value]
    return None


_CONVERTERS: dict[type, Callable[[Any], Any]] = {
    QByteArray: _to_bytes,
    int: _to_int,
    str: _to_str,
    list: _to_str_list,
}


@dataclass(frozen=True)
class Setting(Generic[T]):
    """One remembered value: its ``key`` in the store, its ``type`` (``QByteArray``,
    ``int``, ``str`` or ``list`` of ``str``), the ``default`` read when the store has
    no usable value, and what it is for (``doc``)."""

    key: str
    type: type
    default: T
    doc: str = ""

    def read(self, store: QSettings) -> T:
        """The stored value as :attr:`type`, or :attr:`default` if missing or unreadable."""
        value = _CONVERTERS[self.type](store.value(self.key))
        if value is None:
            return list(self.default) if isinstance(self.default, list) else self.default
        return value

    def write(self, store: QSettings, value: T) -> None:
        """Store ``value`` under :attr:`key`; ``TypeError`` if it is not a :attr:`type`."""
        if not isinstance(value, self.type) or (self.type is int and isinstance(value, bool)):
            raise TypeError(f"setting {self.key}: expected {self.type.__name__}, got {value!r}")
        store.setValue(self.key, list(value) if self.type is list else value)


@dataclass(frozen=True)
class SettingFamily(Generic[T]):
    """Settings whose keys differ by a name: ``prefix/<name>``, same type and default."""

    prefix: str
    type: type
    default: T
    doc: str = ""

    def at(self, name: str) -> Setting[T]:
        """The setting ``prefix/name``."""
        return Setting(f"{self.prefix}/{name}", self.type, self.default, self.doc)


VERSION_KEY = "settings/version"
#: The layout of the settings this release reads and writes.
VERSION = 1
#: ``UPGRADES[n]`` turns a store of version ``n - 1`` into version ``n`` (version 1 is
#: the first: the keys the app used before the settings had a version, unchanged).
UPGRADES: dict[int, Callable[[QSettings], None]] = {}

WINDOW_GEOMETRY = Setting("window/geometry", QByteArray, None, "main window size and place")
WINDOW_STATE = Setting("window/state", QByteArray, None, "main window toolbars and docks")
WINDOW_SCREEN = Setting("window/screen", str, "", "key of the screen shown last")
BROWSER_VIEW = Setting("browser/view", int, 0, "card browser view: 0 table, 1 image grid")
DECK_FOLDER = Setting("deck-editor/folder", str, "", "folder of the last deck file opened or saved")
RECENT_DECKS = Setting("deck-editor/recent", list, [], "recent decks, most recent first")
OPEN_DECKS = Setting("deck-editor/open", list, [],
                     "decks open in the editor when the app closed, reopened at start "
                     "(saved decks and deck files, as in RECENT_DECKS)")
SPLITTERS = SettingFamily("splitters", QByteArray, None, "a splitter's handle positions")
HEADERS = SettingFamily("headers", QByteArray, None, "a table's column widths and order")
SHARED_DATABASE = Setting("database/shared-url", str, "",
                          "URL of the shared PostgreSQL database to open (never a password)")

#: Every single setting (families are listed in :data:`FAMILIES`).
SETTINGS: tuple[Setting[Any], ...] = (
    WINDOW_GEOMETRY, WINDOW_STATE, WINDOW_SCREEN, BROWSER_VIEW, DECK_FOLDER, RECENT_DECKS,
    OPEN_DECKS, SHARED_DATABASE,
)
FAMILIES: tuple[SettingFamily[Any], ...] = (SPLITTERS, HEADERS)


def stored_version(store: QSettings) -> int:
    """The settings version ``store`` was last written by (0: before versions existed)."""
    return _to_int(store.value(VERSION_KEY)) or 0


def upgrade(store: QSettings) -> None:
    """Run the :data:`UPGRADES` steps ``store`` needs, then record :data:`VERSION`.

    A store written by a newer release is left as it is.
    """
    version = stored_version(store)
    if version > VERSION:
        return
    for step in range(version + 1, VERSION + 1):
        if step in UPGRADES:
            UPGRADES[step](store)
    store.setValue(VERSION_KEY, VERSION)


def make_settings() -> QSettings:
    """The app's settings store (INI file at ``$DECKBUILDER_SETTINGS`` if set), upgraded."""
    path = os.environ.get(SETTINGS_ENV)
    store = QSettings(path, QSettings.Format.IniFormat) if path else QSettings()
    upgrade(store)
    return store


def restore_splitter(settings: QSettings, splitter: QSplitter, key: str) -> bool:
    """Restore ``splitter`` from ``SPLITTERS.at(key)``; returns whether a state was found.

    Also saves the state there whenever the user moves the handle.
    """
    setting = SPLITTERS.at(key)
    state = setting.read(settings)
    restored = bool(state and splitter.restoreState(state))
    splitter.splitterMoved.connect(lambda *_: setting.write(settings, splitter.saveState()))
    return restored


def restore_header(settings: QSettings, header: QHeaderView, key: str,
                   state_to_save: Callable[[], QByteArray] | None = None) -> bool:
    """Like :func:`restore_splitter` for a table header (``HEADERS.at(key)``: column
    widths and order). ``state_to_save`` gives the state written on each change
    (default ``header.saveState``): a table whose columns narrow for a while in a small
    window saves the widths the person chose instead."""
    setting = HEADERS.at(key)
    state = setting.read(settings)
    restored = bool(state and header.restoreState(state))
    saved = state_to_save or header.saveState

    def save(*_args) -> None:
        setting.write(settings, saved())

    header.sectionResized.connect(save)
    header.sectionMoved.connect(save)
    return restored
