"""Refreshing a window when another window, command or computer changed the database.

:class:`ExternalChanges` runs a :class:`card_db.watch.ChangeWatcher` on a background
thread (polling on SQLite, ``LISTEN`` on PostgreSQL) and, back on the GUI thread, emits
the AppContext's "changed" signals for the tables the other writer wrote, so every
screen reloads as after a write of its own (the initiator is the watcher itself, which
no screen is). The window's own writes do not wake it. Source of the rule: issue 15,
section 2 ("Other open windows refresh when something changes ... within a second").
"""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QObject, Signal

from card_db.watch import Change
from deckbuilder.gui.operations.signals import ChangeSignals

#: Which "changed" signal the tables of the user's database call for.
CATALOGUE_TABLES = frozenset({"card", "card_affiliation", "card_correction", "card_image",
                              "meta"})
COLLECTION_TABLES = frozenset({"collection_entry", "wishlist_entry"})
DECK_TABLES = frozenset({"deck", "deck_entry", "deck_version"})
SHELF_TABLES = frozenset({"shelf_game", "shelf_copy", "shelf_count", "shelf_photo"})
GAME_TABLES = frozenset({"saved_game"})
LOG_TABLES = frozenset({"logged_game"})
#: The undo history (:mod:`deckbuilder.services.undo_history`): reloads the stored
#: histories (:meth:`~deckbuilder.gui.operations.Operations.on_external_change`) only.
UNDO_TABLES = frozenset({"undo_step", "undo_row"})
_KNOWN = (CATALOGUE_TABLES | COLLECTION_TABLES | DECK_TABLES | SHELF_TABLES | GAME_TABLES
          | LOG_TABLES | UNDO_TABLES)

#: Seconds one wait of the watcher lasts (how soon :meth:`ExternalChanges.stop` returns).
WAIT_SECONDS = 0.5
#: Seconds between two attempts to reach a database that could not be reached.
RETRY_SECONDS = 2.0


class ExternalChanges(QObject):
    """Watches ``context.db`` for the other writers' commits once :meth:`start`-ed.

    ``refreshed(object)``: the signals for a change were emitted (the argument is the
    set of tables, ``None`` when not known); ``trouble(str)``: the database could not
    be watched (the message; the watcher tries again every :data:`RETRY_SECONDS`).
    """

    refreshed = Signal(object)
    trouble = Signal(str)
    _woke = Signal(object)

    def __init__(self, context: ChangeSignals, parent: QObject | None = None):
        super().__init__(parent)
        self._context: Any = context
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._woke.connect(self._apply)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Start watching (a no-op if running)."""
        if self.running:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._watch, name="database-watcher",
                                        daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop watching; returns once the thread ended (within about a second)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(WAIT_SECONDS + 3)
            self._thread = None

    def _watch(self) -> None:
        watcher = self._context.db.watcher()
        try:
            while not self._stop.is_set():
                try:
                    change = watcher.wait(WAIT_SECONDS)
                except Exception as exc:  # lost server or file: say so, try again later
                    self.trouble.emit(str(exc))
                    self._stop.wait(RETRY_SECONDS)
                    continue
                if change is not None and not self._stop.is_set():
                    self._woke.emit(change)
        finally:
            watcher.close()

    def _apply(self, change: Change) -> None:
        """Emit the signals ``change`` calls for (on the GUI thread)."""
        context, tables = self._context, change.tables
        everything = tables is None or not tables <= _KNOWN
        if everything or tables & CATALOGUE_TABLES:
            context.db.forget_catalogue()
            context.catalogue_changed.emit(None, self)
        if everything or tables & DECK_TABLES:
            context.decks_changed.emit(self)
        if everything or tables & COLLECTION_TABLES:
            context.collection_changed.emit(self)
        if everything or tables & SHELF_TABLES:
            context.shelf_changed.emit(self)
        if everything or tables & GAME_TABLES:
            context.games_changed.emit(self)
        if everything or tables & LOG_TABLES:
            context.match_log_changed.emit(self)
        self.refreshed.emit(tables)
