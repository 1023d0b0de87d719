"""Work run off the GUI thread, with results delivered back on it.

A :class:`TaskRunner` owns named thread pools: ``"work"`` (reads: searches, previews),
``"write"`` (one thread, so database writes happen in the order they were asked
for) and ``"images"`` (card faces). Callbacks always run on the GUI thread, through
a queued signal. Exceptions raised by the work go to the ``on_error`` callback.
"""

from __future__ import annotations

import itertools
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QEventLoop,
    QObject,
    QRunnable,
    QThreadPool,
    Signal,
    Slot,
)

Callback = Callable[..., Any]

#: Pool name -> maximum threads.
POOLS = {"work": 2, "write": 1, "images": 1}


class _Signals(QObject):
    done = Signal(int, object)
    failed = Signal(int, object, str)
    progress = Signal(int, int, int)


class _Runnable(QRunnable):
    def __init__(self, task_id: int, fn: Callback, args: tuple, kwargs: dict, signals: _Signals,
                 wants_progress: bool):
        super().__init__()
        self.setAutoDelete(False)
        self.task_id, self.fn, self.args, self.kwargs = task_id, fn, args, kwargs
        self.signals, self.wants_progress = signals, wants_progress

    def run(self) -> None:
        kwargs = dict(self.kwargs)
        if self.wants_progress:
            kwargs["progress"] = lambda done, total: self._emit("progress", done, total)
        try:
            result = self.fn(*self.args, **kwargs)
        except BaseException as exc:  # delivered to the GUI thread, never lost
            self._emit("failed", exc, traceback.format_exc())
        else:
            self._emit("done", result)

    def _emit(self, name: str, *args) -> None:
        """Send a result to the runner; dropped if the runner (its window) is gone."""
        try:
            getattr(self.signals, name).emit(self.task_id, *args)
        except RuntimeError:  # "Signal source has been deleted": nobody is waiting
            pass


@dataclass
class _Pending:
    runnable: _Runnable
    pool: QThreadPool
    on_done: Callback | None
    on_error: Callback | None
    on_progress: Callback | None
    started: float = field(default_factory=time.perf_counter)


class TaskRunner(QObject):
    """Runs callables in background pools; lives on (and calls back on) the GUI thread.

    ``busy_changed(bool)`` is emitted when the first task starts and the last ends.
    """

    busy_changed = Signal(bool)

    def __init__(self, default_error: Callable[[BaseException, str], None], parent=None):
        super().__init__(parent)
        self._signals = _Signals(self)
        self._signals.done.connect(self._deliver_done)
        self._signals.failed.connect(self._deliver_failed)
        self._signals.progress.connect(self._deliver_progress)
        self._pools: dict[str, QThreadPool] = {}
        for name, threads in POOLS.items():
            pool = QThreadPool(self)
            pool.setMaxThreadCount(threads)
            self._pools[name] = pool
        self._pending: dict[int, _Pending] = {}
        self._ids = itertools.count(1)
        self._default_error = default_error

    @property
    def pending(self) -> int:
        """Tasks started whose callbacks have not run yet."""
        return len(self._pending)

    def run(
        self,
        fn: Callback,
        *args: Any,
        pool: str = "work",
        on_done: Callback | None = None,
        on_error: Callback | None = None,
        on_progress: Callback | None = None,
        priority: int = 0,
        **kwargs: Any,
    ) -> int:
        """Run ``fn(*args, **kwargs)`` in ``pool``; returns the task id.

        ``on_done(result)`` or ``on_error(exception, traceback_text)`` runs on the GUI
        thread afterwards (default error handler: a dialog). With ``on_progress``,
        ``fn`` also gets a ``progress(done, total)`` keyword argument; each call
        reaches ``on_progress(done, total)`` on the GUI thread.
        """
        task_id = next(self._ids)
        runnable = _Runnable(task_id, fn, args, kwargs, self._signals, on_progress is not None)
        target = self._pools[pool]
        self._pending[task_id] = _Pending(runnable, target, on_done, on_error, on_progress)
        if len(self._pending) == 1:
            self.busy_changed.emit(True)
        target.start(runnable, priority)
        return task_id

    def cancel(self, task_id: int) -> bool:
        """Drop a task that has not started yet; returns whether it was dropped."""
        pending = self._pending.get(task_id)
        if pending is None or not pending.pool.tryTake(pending.runnable):
            return False
        self._finish(task_id)
        return True

    def _finish(self, task_id: int) -> _Pending | None:
        pending = self._pending.pop(task_id, None)
        if pending is not None and not self._pending:
            self.busy_changed.emit(False)
        return pending

    @Slot(int, object)
    def _deliver_done(self, task_id: int, result: object) -> None:
        pending = self._finish(task_id)
        if pending is not None and pending.on_done is not None:
            pending.on_done(result)

    @Slot(int, object, str)
    def _deliver_failed(self, task_id: int, exc: object, details: str) -> None:
        pending = self._finish(task_id)
        if pending is None:
            return
        handler = pending.on_error or self._default_error
        handler(exc, details)

    @Slot(int, int, int)
    def _deliver_progress(self, task_id: int, done: int, total: int) -> None:
        pending = self._pending.get(task_id)
        if pending is not None and pending.on_progress is not None:
            pending.on_progress(done, total)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Process events until every task's callbacks have run; False on timeout."""
        deadline = time.perf_counter() + timeout
        app = QCoreApplication.instance()
        while self._pending and time.perf_counter() < deadline:
            for pool in self._pools.values():
                pool.waitForDone(5)
            if app is not None:
                app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        return not self._pending

    def shutdown(self, timeout_ms: int = 3000) -> None:
        """Drop queued tasks and wait for running ones (at exit)."""
        for pool in self._pools.values():
            pool.clear()
            pool.waitForDone(timeout_ms)
