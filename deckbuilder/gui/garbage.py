"""Python's cyclic garbage collection runs on the GUI thread only.

The collector runs in whichever thread happens to allocate. When it runs in a worker
thread and frees a Qt object (a closed dialog or window caught in a reference cycle),
the object's destructor takes Qt's signal lock and then waits for the GIL, while the
GUI thread holds the GIL and waits for that lock: the window freezes for good. Anki
avoids this the same way: automatic collection is switched off, and a timer on the
GUI thread collects instead.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer

#: Milliseconds between collections on the GUI thread.
INTERVAL_MS = 10_000

_timer: QTimer | None = None


def collect_on_gui_thread(app: QObject | None = None) -> QTimer:
    """Switch off automatic collection and collect every :data:`INTERVAL_MS` on the GUI
    thread of ``app`` (default: the running ``QCoreApplication``); returns the timer.

    Idempotent: the first call installs it, later calls return the same timer. Raises
    ``RuntimeError`` if there is no application yet.
    """
    global _timer
    if _timer is not None:
        return _timer
    owner = app if app is not None else QCoreApplication.instance()
    if owner is None:
        raise RuntimeError("collect_on_gui_thread needs a QApplication")
    gc.disable()
    _timer = QTimer(owner)
    _timer.setInterval(INTERVAL_MS)
    _timer.timeout.connect(collect_now)
    _timer.start()
    return _timer


def collect_now() -> int:
    """Collect now (call on the GUI thread); returns what ``gc.collect`` found."""
    return gc.collect()
