"""What every screen shares: the database, settings, background work, card images,
and the signals by which one screen learns that another changed the data.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QWidget

from card_db.userdb import UserDatabase
from deckbuilder import messages
from deckbuilder.gui import errors
from deckbuilder.gui.garbage import collect_now, collect_on_gui_thread
from deckbuilder.gui.images import CardImages
from deckbuilder.gui.operations import Operations
from deckbuilder.gui.operations.watcher import ExternalChanges
from deckbuilder.gui.settings import make_settings
from deckbuilder.gui.tasks import TaskRunner


class AppContext(QObject):
    """Shared state of one main window: ``db``, the :class:`~card_db.userdb.UserDatabase`
    every service call takes, and ``db_path``, its file.

    Signals (all on the GUI thread):

    * ``catalogue_changed(object, object)``: card rows changed (a correction, a new
      card); the arguments are a tuple of card names (``None`` for "any card") and
      the initiator;
    * ``collection_changed(object)``: owned copies or the wishlist changed;
    * ``decks_changed(object)``: saved decks changed;
    * ``images_changed(str)``: the named card got a new scan;
    * ``shelf_changed(object)``: shelf games, copies or counts changed;
    * ``games_changed(object)``: saved games of the Play screen changed;
    * ``match_log_changed(object)``: games of the match log were added, edited or removed;
    * ``status(str)``: a short message for the status bar;
    * ``error_shown(str)``: an error dialog was opened with this message.

    The "changed" signals are emitted only by ``operations``
    (:class:`~deckbuilder.gui.operations.Operations`), which runs every write; the
    initiator is the object that asked for the write (``None`` for an undo), so a
    receiver can skip a change it already shows.
    """

    catalogue_changed = Signal(object, object)
    collection_changed = Signal(object)
    decks_changed = Signal(object)
    images_changed = Signal(str)
    shelf_changed = Signal(object)
    games_changed = Signal(object)
    match_log_changed = Signal(object)
    status = Signal(str)
    error_shown = Signal(str)

    def __init__(
        self, db: UserDatabase | Path | str, settings: QSettings | None = None, parent=None
    ):
        """``db``: the open handle, or the path (or PostgreSQL URL) of an up-to-date
        database to wrap."""
        super().__init__(parent)
        collect_on_gui_thread()
        self.db = db if isinstance(db, UserDatabase) else UserDatabase(db)
        self.db_path = self.db.path
        self.settings = settings if settings is not None else make_settings()
        self.tasks = TaskRunner(self._unexpected_error, self)
        self.operations = Operations(self)
        #: Refreshes the screens when others change the database (started by the app).
        self.external = ExternalChanges(self, self)
        self.external.refreshed.connect(self.operations.on_external_change)
        self.dialog_parent: QWidget | None = None
        self._connection: sqlite3.Connection | None = None
        self.last_error: str | None = None

        self.images = CardImages(self)
        self.catalogue_changed.connect(self.images.on_catalogue_changed)
        self.images_changed.connect(self.images.invalidate)

    # -- database -------------------------------------------------------------------

    def connect(self) -> sqlite3.Connection:
        """A new read-only :mod:`sqlite3` connection (for a worker thread; close it)."""
        return self.db.connect()

    def connection(self) -> sqlite3.Connection:
        """The GUI thread's read-only connection (quick look-ups such as a page of rows)."""
        if self._connection is None:
            self._connection = self.connect()
        return self._connection

    # -- background work --------------------------------------------------------------

    def run(self, fn, *args, **kwargs) -> int:
        """Shorthand for :meth:`deckbuilder.gui.tasks.TaskRunner.run`, for reads; a write
        goes through ``self.operations.run`` (signals and undo from its Changes)."""
        return self.tasks.run(fn, *args, **kwargs)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        return self.tasks.wait_idle(timeout)

    # -- errors -------------------------------------------------------------------------

    def report_error(self, title: str, exc: BaseException, details: str | None = None):
        """Show ``exc`` as an error dialog titled ``title`` (a bug as a bug, with the
        ``details`` traceback, see :func:`deckbuilder.gui.errors.report_error`); returns
        the dialog."""
        message = errors.describe_error(exc)
        self.last_error = message
        box = errors.report_error(self.dialog_parent, title, exc, details)
        self.error_shown.emit(message)
        return box

    def _unexpected_error(self, exc: BaseException, details: str) -> None:
        self.report_error(messages.ERROR_TITLE, exc, details)

    def error_handler(self, title: str):
        """An ``on_error`` callback that reports with ``title`` (a bug with its traceback)."""
        return lambda exc, details: self.report_error(title, exc, details)

    def close(self) -> None:
        """Stop background work and close the GUI thread's connection."""
        self.external.stop()
        self.tasks.shutdown()
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        self.db.close()
        collect_now()  # the closed window's cycles, here on the GUI thread
