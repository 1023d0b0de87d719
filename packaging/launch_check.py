"""CI: launch the real desktop app on Qt's xcb platform, wait for its main window, quit.

    xvfb-run -a .venv/bin/python packaging/launch_check.py

Runs :func:`deckbuilder.gui.app.run` (the code ``deckbuilder`` with no arguments runs)
with ``QT_QPA_PLATFORM=xcb`` (not offscreen, so a missing system library fails here)
on a temporary database and settings file. A timer, installed as soon as the app's
``QApplication`` exists, waits until the main window is shown and exposed on the
screen, lets its first event-loop turns run, and quits.

Exit status 0 when the main window was shown on xcb; otherwise 1 after a line
starting "launch_check: FAILED:" (the app's own message, e.g. the missing
libraries, is printed above it).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

TIMEOUT_S = 120
SETTLE_MS = 1000


def _watch(qt_app, seen: dict) -> None:
    """Poll for the shown main window; quit ``SETTLE_MS`` after it is exposed."""
    from PySide6.QtCore import QTimer  # lazy: Qt loads only once the app has created it

    started = time.monotonic()
    timer = QTimer(qt_app)

    def poll() -> None:
        windows = [w for w in qt_app.topLevelWidgets() if w.objectName() == "mainWindow"]
        handle = windows[0].windowHandle() if windows else None
        if windows and windows[0].isVisible() and handle is not None and handle.isExposed():
            timer.stop()
            seen["platform"] = qt_app.platformName()
            seen["title"] = windows[0].windowTitle()
            QTimer.singleShot(SETTLE_MS, qt_app.quit)
        elif time.monotonic() - started > TIMEOUT_S:
            timer.stop()
            qt_app.exit(1)

    timer.timeout.connect(poll)
    timer.start(100)


def main() -> int:
    os.environ["QT_QPA_PLATFORM"] = "xcb"
    with tempfile.TemporaryDirectory(prefix="launch-check-") as tmp:
        os.environ["DECKBUILDER_SETTINGS"] = str(Path(tmp) / "settings.ini")
        from deckbuilder.gui import app  # lazy: after the environment above is set

        seen: dict[str, str] = {}
        create = app.qapplication

        def qapplication_watched():
            qt_app = create()
            _watch(qt_app, seen)
            return qt_app

        app.qapplication = qapplication_watched
        code = app.run(db_path=Path(tmp) / "deckbuilder.sqlite3")
    if code != 0 or seen.get("platform") != "xcb":
        print(
            f"launch_check: FAILED: exit status {code}, main window shown: {bool(seen)}, "
            f"platform {seen.get('platform')!r}",
            file=sys.stderr,
        )
        return 1
    print(f"launch_check: the main window {seen['title']!r} was shown on xcb")
    return 0


if __name__ == "__main__":
    sys.exit(main())
