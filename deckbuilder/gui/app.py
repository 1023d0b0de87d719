"""Starting the desktop app: ``deckbuilder`` with no arguments calls :func:`run`.

Start-up: create the ``QApplication`` (:mod:`deckbuilder.gui.application`), make sure the user
database is up to date (off the GUI thread, behind a progress dialog, when it must
be created, migrated or resynchronised with the app's card data), then show the
main window. Errors become dialogs (:mod:`deckbuilder.gui.errors`).

``deckbuilder --screenshot DIR`` renders each main screen to a PNG instead and
exits (see :mod:`deckbuilder.gui.screenshots`).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QMessageBox, QProgressDialog

from card_db import postgres
from card_db.checklist import bundled_data_hash
from card_db.database import (
    DatabaseError,
    current_revision,
    head_revision,
    stored_bundled_hash,
    user_db_path,
)
from card_db.userdb import UserDatabase
from deckbuilder.gui.application import (
    APPLICATION,
    configure_application,
    create_main_window,
    has_display,
    qapplication,
)
from deckbuilder.gui.connect_dialog import own_database
from deckbuilder.gui.errors import describe_error, install_excepthook
from deckbuilder.gui.settings import SHARED_DATABASE, make_settings
from deckbuilder.gui.system_libraries import (
    missing_libraries,
    missing_libraries_message,
    uses_xcb,
)
from deckbuilder.gui.tasks import TaskRunner


def database_needs_work(path: Path | str) -> bool:
    """True if opening ``path`` means creating, migrating or resyncing it (slow)."""
    try:
        if current_revision(path) != head_revision():
            return True
        return stored_bundled_hash(path) != bundled_data_hash()
    except (DatabaseError, OSError, ValueError):
        return True  # let UserDatabase.open say what is wrong, off the GUI thread


def prepare_database(parent=None, path: Path | None = None):
    """The open :class:`~card_db.userdb.UserDatabase` on ``path`` (default:
    :func:`card_db.database.user_db_path`); slow work runs behind a progress dialog.

    Raises what :meth:`card_db.userdb.UserDatabase.open` raises
    (:class:`card_db.database.DatabaseError` with a message for the user).
    """
    path = path or user_db_path()
    path = path if postgres.is_url(path) else Path(path)
    if not database_needs_work(path):
        return UserDatabase(path)  # just checked: up to date, so no second check
    dialog = QProgressDialog(
        "Preparing your card database (first start, or the app's card data changed)…",
        None, 0, 0, parent,
    )
    dialog.setWindowTitle(APPLICATION)
    dialog.setObjectName("preparingDatabase")
    dialog.setWindowModality(Qt.WindowModality.ApplicationModal)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    outcome: dict[str, object] = {}
    QTimer.singleShot(250, lambda: None if outcome else dialog.show())
    loop = QEventLoop()

    def finish(key: str, value: object) -> None:
        outcome[key] = value
        loop.quit()

    runner = TaskRunner(lambda exc, _details: finish("error", exc))
    runner.run(UserDatabase.open, path, pool="write", on_done=lambda db: finish("db", db))
    if not outcome:
        loop.exec()
    dialog.close()
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome["db"]


def _warm_up() -> None:
    """Import the database layers used by searches and writes (in a worker thread,
    before any other worker starts; see :func:`run`)."""
    import sqlmodel  # noqa: F401  # lazy: loaded in a worker thread, off the start-up path

    import card_db.search.execute  # noqa: F401  # lazy: loaded in a worker thread


def run(screenshot_dir: str | None = None, db_path: Path | str | None = None) -> int:
    """Run the desktop app on ``db_path`` (default: the user database) until its window
    closes; returns the exit status.

    With ``screenshot_dir``, write the screenshots there instead and return 0 (1 if
    a screen could not be rendered). Returns 2, with a message naming the packages to
    install, when Qt's xcb platform lacks system libraries
    (:mod:`deckbuilder.gui.system_libraries`).
    """
    if screenshot_dir is not None:
        from deckbuilder.gui.screenshots import write_screenshots  # lazy: --screenshot only

        return write_screenshots(Path(screenshot_dir))
    if not os.environ.get("QT_QPA_PLATFORM") and not has_display():
        print(
            "deckbuilder: no display found; the desktop app needs a graphical session.\n"
            "Use the command line instead (deckbuilder --help), or render the screens "
            "with deckbuilder --screenshot DIR.",
            file=sys.stderr,
        )
        return 1
    missing = missing_libraries() if uses_xcb() else []
    if missing:  # before the QApplication: Qt would abort with a misleading message
        print(missing_libraries_message(missing), file=sys.stderr)
        return 2
    app = qapplication()
    configure_application(app)
    previous_hook = install_excepthook()
    try:
        target = db_path if db_path is not None else remembered_database()
        while target is not None:
            db = _open_or_fall_back(target, remembered=db_path is None)
            if db is None:
                return 1
            window = create_main_window(db)
            window.show()
            # The screens' workers start only once the warm-up has imported SQLAlchemy:
            # two worker threads importing it at once can fail with an ImportError.
            window.context.run(_warm_up, on_done=lambda _, w=window: _start(w),
                               on_error=lambda *_, w=window: _start(w))
            code = app.exec()
            window.context.close()
            target = window.next_database
            db_path = target  # a database chosen in the window is opened as given
        return code
    finally:
        sys.excepthook = previous_hook


def _start(window) -> None:
    window.start()
    window.context.external.start()  # other windows' and machines' changes refresh it


def remembered_database() -> Path | str:
    """The database to open when none is given: the shared database remembered by
    File > Connect to a Shared Database, else the user's own file."""
    return SHARED_DATABASE.read(make_settings()) or user_db_path()


def _open_or_fall_back(target: Path | str, remembered: bool) -> UserDatabase | None:
    """The open database ``target``; if it fails, the error is shown and, when
    ``target`` was the remembered shared database, the user may open their own file
    instead. ``None`` if nothing was opened."""
    try:
        return prepare_database(path=target)
    except Exception as exc:
        message = "The card database could not be opened.\n\n" + describe_error(exc)
        if not (remembered and postgres.is_url(target)):
            QMessageBox.critical(None, APPLICATION, message)
            return None
        answer = QMessageBox.question(
            None, APPLICATION, message + "\n\nOpen your own card database on this "
            "computer instead? (File > Connect to a Shared Database tries again.)")
        if answer != QMessageBox.StandardButton.Yes:
            return None
    return _open_or_fall_back(own_database(), remembered=False)
