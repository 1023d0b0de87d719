"""Errors shown to the user as dialogs, never as a console traceback.

:func:`describe_error` turns an exception into a sentence the user can act on (the
layers below already word their errors so: file, line and column, the closest card
names, ...). :func:`install_excepthook` catches anything unexpected and shows it
with the traceback under "Show Details...".
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from types import TracebackType

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

_OPEN_BOXES: set[QMessageBox] = set()

#: Exception types whose message is written for the user (shown as they are).
_USER_FACING = (ValueError, LookupError, OSError)


def describe_error(exc: BaseException) -> str:
    """A one-paragraph message for ``exc``.

    Errors of the app's layers (bad files, unknown cards, bad corrections, database
    problems, image problems) carry their own wording; anything else is named by
    its type so that a bug report can quote it.
    """
    from card_db.database import DatabaseError
    from card_db.images.errors import CardImageError

    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    if isinstance(exc, OSError) and exc.strerror:
        name = f" {exc.filename}" if exc.filename else ""
        return f"{exc.strerror}:{name}".rstrip(":")
    if isinstance(exc, (DatabaseError, CardImageError, *_USER_FACING)):
        return str(exc) or type(exc).__name__
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def show_error(
    parent: QWidget | None, title: str, message: str, details: str | None = None
) -> QMessageBox:
    """Open a window-modal error box without blocking; returns it (tests read its text)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle(title)
    box.setText(message)
    if details:
        box.setDetailedText(details)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.setObjectName("errorDialog")
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    _OPEN_BOXES.add(box)  # a box without a parent would otherwise be garbage-collected
    box.finished.connect(lambda _result: _OPEN_BOXES.discard(box))
    box.open()
    return box


ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


def excepthook(
    kind: type[BaseException], exc: BaseException, tb: TracebackType | None
) -> QMessageBox | None:
    """Show an unexpected exception as a dialog with its traceback as details.

    Returns the dialog (``None`` for Ctrl+C or when there is no application).
    """
    if issubclass(kind, KeyboardInterrupt) or QApplication.instance() is None:
        sys.__excepthook__(kind, exc, tb)
        return None
    details = "".join(traceback.format_exception(kind, exc, tb))
    return show_error(
        QApplication.activeWindow(),
        "Unexpected error",
        "Something went wrong; the last action may not have finished.\n\n"
        + describe_error(exc),
        details,
    )


def install_excepthook() -> ExceptHook:
    """Route uncaught exceptions to :func:`excepthook`; returns the previous hook."""
    previous = sys.excepthook
    sys.excepthook = excepthook
    return previous
