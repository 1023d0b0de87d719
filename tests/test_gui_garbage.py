"""Cyclic garbage is collected on the GUI thread only (deckbuilder.gui.garbage).

A collection in a worker thread that frees a Qt object deadlocks against the GUI
thread (seen in this suite: a worker's ``gc`` freed an old window's QObject, whose
destructor waited for the GIL while the GUI thread waited for Qt's signal lock).
"""

from __future__ import annotations

import gc
import threading

from PySide6.QtCore import QObject

from deckbuilder.gui import garbage


def test_a_window_switches_automatic_collection_off_and_collects_on_a_timer(window):
    assert not gc.isenabled()
    timer = garbage.collect_on_gui_thread()
    assert timer.isActive() and timer.interval() == garbage.INTERVAL_MS
    assert timer.thread() is window.thread()
    assert garbage.collect_on_gui_thread() is timer  # installed once


def test_a_worker_thread_never_frees_qt_objects_in_cycles(window):
    freed_in: list[str] = []

    class Cyclic(QObject):
        def __init__(self):
            super().__init__()
            self.me = self  # a reference cycle: only the collector frees it

        def __del__(self):
            freed_in.append(threading.current_thread().name)

    Cyclic()
    worker = threading.Thread(target=lambda: [[] for _ in range(200_000)], name="worker")
    worker.start()
    worker.join()
    assert freed_in == []  # allocation in the worker collected nothing
    garbage.collect_now()
    assert freed_in == [threading.main_thread().name]


def test_the_timer_collects_young_cycles_and_the_whole_heap_only_when_it_grew(window):
    """The timer's tick frees a new cycle (young generation) without a full collection
    of an unchanged heap; a heap grown by more than a quarter gets one."""
    garbage.collect_now()
    full = []
    callback = lambda phase, info: full.append(info["generation"]) if phase == "start" \
        else None  # noqa: E731
    gc.callbacks.append(callback)
    try:
        freed = []

        class Cyclic:
            def __init__(self):
                self.me = self

            def __del__(self):
                freed.append(True)

        Cyclic()
        garbage.collect_young()
        assert freed == [True] and 2 not in full
        kept = [[i] for i in range(len(gc.get_objects(generation=2)))]  # noqa: F841
        gc.collect(1)  # promoted to the oldest generation: it grew by far more than 25%
        full.clear()
        garbage.collect_young()
        assert 2 in full
    finally:
        gc.callbacks.remove(callback)
