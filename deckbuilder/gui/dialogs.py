"""Small dialogs wide enough for their window title.

A window manager draws the title in the dialog's title bar, beside its buttons; a
message box sized to a short text (``Remove 1 entry from your collection?``) cut its
title short. :func:`fit_title` gives a dialog room for its whole title.
"""

from __future__ import annotations

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QSizePolicy, QSpacerItem

#: Room in px the title bar keeps for its icon and its close/maximise buttons.
TITLE_BAR_ROOM = 160


def title_width(dialog: QDialog) -> int:
    """The width in px ``dialog`` needs to show its window title whole."""
    metrics = QFontMetrics(QApplication.font("QMdiSubWindowTitleBar"))
    bold = QApplication.font("QMdiSubWindowTitleBar")
    bold.setBold(True)  # most window managers draw titles bold
    return max(metrics.horizontalAdvance(dialog.windowTitle()),
               QFontMetrics(bold).horizontalAdvance(dialog.windowTitle())) + TITLE_BAR_ROOM


def fit_title(dialog: QDialog) -> QDialog:
    """Make ``dialog`` at least as wide as its title needs; returns it.

    A message box sizes itself each time it is shown, so it gets a spacer of that
    width in its layout; other dialogs a minimum width.
    """
    width = title_width(dialog)
    if isinstance(dialog, QMessageBox):
        layout = dialog.layout()
        spacer = QSpacerItem(width, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        layout.addItem(spacer, layout.rowCount(), 0, 1, layout.columnCount())
    else:
        dialog.setMinimumWidth(max(dialog.minimumWidth(), width))
    return dialog
