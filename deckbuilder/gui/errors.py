"""Errors shown to the user as dialogs, never as a console traceback.

An error the user can act on (:func:`deckbuilder.messages.is_user_error`: a
:class:`~card_db.errors.UserError`, or an ``OSError`` naming a file) is shown with its
own words (:func:`describe_error`). Anything else is a bug: :func:`show_bug` says so and
offers the traceback and versions under "Show Details..." and a "Copy details" button
for the bug report. :func:`report_error` picks one of the two; :func:`install_excepthook`
routes uncaught exceptions to :func:`show_bug`. The wording lives in
:mod:`deckbuilder.messages`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import TracebackType

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from deckbuilder import messages
from deckbuilder.gui.dialogs import fit_title
from deckbuilder.messages import describe_error

__all__ = [
    "describe_error",
    "excepthook",
    "install_excepthook",
    "report_error",
    "show_bug",
    "show_error",
]

_OPEN_BOXES: set[QMessageBox] = set()

COPY_DETAILS = "Copy details"


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
    fit_title(box)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    _OPEN_BOXES.add(box)  # a box without a parent would otherwise be garbage-collected
    box.finished.connect(lambda _result: _OPEN_BOXES.discard(box))
    box.open()
    return box


def show_bug(
    parent: QWidget | None, exc: BaseException, traceback_text: str | None = None
) -> QMessageBox:
    """Open the dialog for a bug: what happened, that it is a bug, and the details
    (versions and traceback; ``traceback_text`` if given, else from ``exc``) under
    "Show Details..." and on the clipboard by "Copy details". Returns the dialog."""
    details = messages.bug_report_details(exc, traceback_text)
    text = (
        f"{messages.BUG_UNFINISHED}\n\n{messages.bug_summary(exc)}\n\n{messages.BUG_REQUEST}"
    )
    box = show_error(parent, messages.BUG_TITLE, text, details)
    box.setObjectName("bugDialog")
    copy = box.addButton(COPY_DETAILS, QMessageBox.ButtonRole.ActionRole)
    copy.setObjectName("copyDetails")
    copy.clicked.disconnect()  # QMessageBox would close on any button; this one stays
    copy.clicked.connect(lambda: QApplication.clipboard().setText(details))
    return box


def report_error(
    parent: QWidget | None, title: str, exc: BaseException, traceback_text: str | None = None
) -> QMessageBox:
    """Show ``exc``: a user error in a box titled ``title``, a bug by :func:`show_bug`."""
    if messages.is_user_error(exc):
        return show_error(parent, title, describe_error(exc))
    return show_bug(parent, exc, traceback_text)


ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


def excepthook(
    kind: type[BaseException], exc: BaseException, tb: TracebackType | None
) -> QMessageBox | None:
    """Show an uncaught exception: a user error as itself, anything else as a bug.

    Returns the dialog (``None`` for Ctrl+C or when there is no application).
    """
    if issubclass(kind, KeyboardInterrupt) or QApplication.instance() is None:
        sys.__excepthook__(kind, exc, tb)
        return None
    if exc.__traceback__ is None:
        exc = exc.with_traceback(tb)
    return report_error(QApplication.activeWindow(), messages.ERROR_TITLE, exc)


def install_excepthook() -> ExceptHook:
    """Route uncaught exceptions to :func:`excepthook`; returns the previous hook."""
    previous = sys.excepthook
    sys.excepthook = excepthook
    return previous
