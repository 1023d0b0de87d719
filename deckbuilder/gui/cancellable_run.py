"""One background run at a time, with a Run and a Cancel button: the part the goldfish
statistics, the swap suggestions and the matchup panels share."""

from __future__ import annotations

import threading

from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton

from deckbuilder.gui.number_field import CountingBar


class CancellableRun:
    """Mixin for a panel with ``run_button``, ``cancel_button`` and ``summary`` whose
    work runs as one task of ``context.run`` at a time.

    Call :meth:`_init_run` in ``__init__`` (it makes the buttons and ``progress``); keep
    the task id in ``_running`` when the run starts, pass
    ``cancelled=self._cancel.is_set`` to the work, and call :meth:`_idle` when it ends
    (done, failed or cancelled).
    """

    run_button: QPushButton
    cancel_button: QPushButton
    progress: QProgressBar
    summary: QLabel

    def _init_run(self, run_text: str, name: str) -> None:
        """Make ``run_button`` (``run_text``), ``cancel_button`` and an empty ``progress``
        bar, named ``run<name>``, ``cancel<name>`` and ``<name lower-cased first>Progress``
        for tests and style sheets."""
        self._cancel = threading.Event()
        self._running: int | None = None
        self.run_button = QPushButton(run_text)
        self.run_button.setObjectName(f"run{name}")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName(f"cancel{name}")
        self.cancel_button.setEnabled(False)
        self.progress = CountingBar()
        self.progress.setObjectName(f"{name[0].lower()}{name[1:]}Progress")
        self.progress.setRange(0, 1)
        self.progress.setValue(0)

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
