"""Python's cyclic garbage collection runs on the GUI thread only.

The collector runs in whichever thread happens to allocate. When it runs in a worker
thread and frees a Qt object (a closed dialog or window caught in a reference cycle),
the object's destructor takes Qt's signal lock and then waits for the GIL, while the
GUI thread holds the GIL and waits for that lock: the window freezes for good. Anki
avoids this the same way: automatic collection is switched off, and a timer on the
GUI thread collects instead.

A full collection walks every object the app holds (about 200,000 once the catalogue
and the screens are loaded): 0.3-0.6 s on a loaded 2-core machine, a visible hitch of
the window. So each tick collects the young generations only, and the full collection
runs when the objects that reached the oldest generation since the last full one are
more than a quarter of it: the rule CPython itself applies to automatic collection.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer

#: Milliseconds between collections on the GUI thread.
INTERVAL_MS = 10_000
#: A full collection runs when the oldest generation grew by more than this share.
FULL_SHARE = 0.25

_timer: QTimer | None = None
_long_lived = 0  # objects in the oldest generation after the last full collection


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
    _timer.timeout.connect(collect_young)
    _timer.start()
    return _timer


def collect_now() -> int:
    """Collect every generation now (call on the GUI thread); returns what
    ``gc.collect`` found."""
    global _long_lived
    found = gc.collect()
    _long_lived = len(gc.get_objects(generation=2))
    return found


def collect_young() -> int:
    """The timer's collection (GUI thread): the young generations, then a full one if
    the oldest grew by more than :data:`FULL_SHARE` since the last; returns what was
    found."""
    found = gc.collect(1)
    if len(gc.get_objects(generation=2)) - _long_lived > _long_lived * FULL_SHARE:
        found += collect_now()
    return found
