"""Progress and Cancel for a long write: the callback the service reports to, which
stops the write (its transaction rolls back) once Cancel was pressed."""

from __future__ import annotations

import threading
from collections.abc import Callable

from card_db.errors import Cancelled


class OperationCancelled(Cancelled):
    """The user cancelled a write; its transaction was rolled back (not an error)."""


class Cancellation:
    """A Cancel button's flag, set on the GUI thread and read on the write thread."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()


def reporter(
    cancellation: Cancellation, send: Callable[[int, int], None]
) -> Callable[[int, int], None]:
    """The ``progress(done, total)`` callback given to a service (write thread): raises
    :class:`OperationCancelled` once cancelled, else passes about 200 steps on to
    ``send`` (every call would flood the GUI thread on a large import)."""

    def report(done: int, total: int) -> None:
        if cancellation.cancelled:
            raise OperationCancelled("cancelled: nothing was written")
        step = max(total // 200, 1)
        if done % step == 0 or done == total:
            send(done, total)

    return report
