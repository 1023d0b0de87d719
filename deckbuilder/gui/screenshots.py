"""``deckbuilder --screenshot DIR``: one PNG per main screen, rendered offscreen.

The screenshots show a throw-away demo database (the bundled cards and a small
demo collection made by :func:`seed_demo_collection`), never the user's own data,
in a 1280 x 800 window with default settings. Each registered screen whose spec
names a ``screenshot`` file is shown, filled by its ``prepare_screenshot`` hook,
left to finish its background work, and grabbed.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEventLoop, qInstallMessageHandler
from PySide6.QtWidgets import QApplication

from card_db.records import Condition
from card_db.userdb import UserDatabase
from deckbuilder.gui.application import (
    configure_application,
    create_main_window,
    has_display,
    qapplication,
)
from deckbuilder.services.collection import CollectionRow, add_rows, set_wishlist

SIZE = (1280, 800)


@contextmanager
def _demo_environment(folder: Path) -> Iterator[Path]:
    """Point the database, image cache and settings at ``folder`` for the duration."""
    saved = {key: os.environ.get(key) for key in
             ("DECKBUILDER_DB", "DECKBUILDER_CACHE", "DECKBUILDER_SETTINGS")}
    os.environ["DECKBUILDER_DB"] = str(folder / "demo.sqlite3")
    os.environ["DECKBUILDER_CACHE"] = str(folder / "cache")
    os.environ["DECKBUILDER_SETTINGS"] = str(folder / "settings.ini")
    try:
        yield folder / "demo.sqlite3"
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def seed_demo_collection(db: UserDatabase) -> None:
    """A plausible small collection and wishlist, so the collection screen has content.

    Deterministic: about two cards in three of each set, in a few conditions and
    places, some offered for trade, and three wanted cards.
    """
    conditions = list(Condition)
    places = ["Binder 1", "Binder 2", "Deck box", ""]
    rows = []
    wanted = []
    for index, record in enumerate(db.catalogue()):
        if index % 3 == 2:
            if len(wanted) < 3:
                wanted.append(record.name)
            continue
        rows.append(
            CollectionRow(
                record.name,
                1 + index % 4,
                conditions[index % 3],
                places[index % len(places)],
                "signed by the artist" if index % 17 == 0 else "",
                1 if index % 7 == 0 else 0,
            )
        )
    add_rows(db, rows, label="demo collection")
    for name in wanted:
        set_wishlist(db, name, 2, "for a Maestro deck")


def settle(window, timeout: float = 20.0) -> None:
    """Process events until no background work is left and nothing more arrives."""
    app = QCoreApplication.instance()
    deadline = time.perf_counter() + timeout
    quiet = 0
    while quiet < 3 and time.perf_counter() < deadline:
        busy = not window.context.wait_idle(max(deadline - time.perf_counter(), 0.1))
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        time.sleep(0.02)
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        quiet = 0 if busy or window.context.tasks.pending else quiet + 1


def write_screenshots(folder: Path, keys: list[str] | None = None) -> int:
    """Write ``<screenshot>.png`` for each registered screen into ``folder``.

    ``keys`` limits the screens (default: all that name a screenshot). Returns 0,
    or 1 if an error was reported while rendering (the message goes to stderr).
    """
    if QApplication.instance() is None and not has_display():
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = qapplication()
    configure_application(app)
    folder.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    previous_hook = sys.excepthook
    sys.excepthook = lambda kind, exc, tb: errors.append(
        "".join(traceback.format_exception(kind, exc, tb))
    )
    previous_handler = qInstallMessageHandler(_quiet_offscreen_warnings)
    try:
        _render(folder, keys, errors)
    finally:
        sys.excepthook = previous_hook
        qInstallMessageHandler(previous_handler)
    for message in errors:
        print(f"screenshot: {message}", file=sys.stderr)
    return 1 if errors else 0


def _quiet_offscreen_warnings(kind, context, message: str) -> None:
    """Drop the offscreen platform's notice that it cannot resize windows itself."""
    if "propagateSizeHints" in message:
        return
    print(message, file=sys.stderr)


def _render(folder: Path, keys: list[str] | None, errors: list[str]) -> None:
    with tempfile.TemporaryDirectory(prefix="deckbuilder-screens-") as tmp, \
            _demo_environment(Path(tmp)) as path:
        db = UserDatabase.open(path)
        seed_demo_collection(db)
        window = create_main_window(db)
        window.context.error_shown.connect(errors.append)
        window.resize(*SIZE)
        window.show()
        window.start()
        settle(window)
        for spec in window.specs:
            if not spec.screenshot or (keys is not None and spec.key not in keys):
                continue
            screen = window.show_screen(spec.key)
            settle(window)
            screen.prepare_screenshot()
            settle(window)
            target = folder / spec.screenshot
            if not window.grab().save(str(target)):
                errors.append(f"could not write {target}")
            else:
                print(f"wrote {target}")
        window.context.close()
        window.close()
        window.deleteLater()
        QCoreApplication.processEvents()
