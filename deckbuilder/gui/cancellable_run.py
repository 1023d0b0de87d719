"""One background run at a time, with a Run and a Cancel button: the part the goldfish
statistics, the swap suggestions and the matchup panels share."""

from __future__ import annotations

import threading

from PySide6.QtWidgets import QLabel, QPushButton


class CancellableRun:
    """Mixin for a panel with ``run_button``, ``cancel_button`` and ``summary`` whose
    work runs as one task of ``context.run`` at a time.

    Call :meth:`_init_run` in ``__init__``; keep the task id in ``_running`` when the
    run starts, pass ``cancelled=self._cancel.is_set`` to the work, and call
    :meth:`_idle` when it ends (done, failed or cancelled).
    """

    run_button: QPushButton
    cancel_button: QPushButton
    summary: QLabel

    def _init_run(self) -> None:
        self._cancel = threading.Event()
        self._running: int | None = None

    @property
    def running(self) -> bool:
        """Whether a run is under way."""
        return self._running is not None

    def cancel(self) -> None:
        """Ask the run to stop where it next checks; what it finished is kept."""
        if self.running:
            self._cancel.set()
            self.cancel_button.setEnabled(False)
            self.summary.setText("Cancelling…")

    def _idle(self) -> None:
        self._running = None
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
