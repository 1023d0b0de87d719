"""A number field that says its limits instead of silently dropping a digit.

Qt's ``QSpinBox`` refuses a keystroke that would take it past its maximum: typing
5,000,000 into a field of at most 500,000 leaves 500,000, and 99 into one of at most 30
leaves 9, without a word. :class:`NumberField` shows its range beside the field (a
tooltip at the field) the moment a keystroke is refused for that reason, emits
``limit_said(message)`` (the screens put it in the status bar too) and keeps the message
in :attr:`NumberField.limit_message`. Numbers are shown with thousands separators, in
the field and in a :class:`CountingBar` ("12,000 / 500,000 games").
"""

from __future__ import annotations

import re

from PySide6.QtCore import QPoint, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QProgressBar, QSpinBox, QToolTip, QWidget


class NumberField(QSpinBox):
    """A ``QSpinBox`` that says its limits; ``what`` names the number in the message
    (e.g. "games"); ``grouped``: thousands separators (not for a seed)."""

    limit_said = Signal(str)

    def __init__(self, parent: QWidget | None = None, what: str = "",
                 grouped: bool = True):
        super().__init__(parent)
        self.what = what
        self.limit_message = ""
        self.setGroupSeparatorShown(grouped)  # counts grouped; a seed is an identifier

    def range_text(self) -> str:
        """E.g. "1 to 500,000 games"; a field whose lowest value stands for something
        (:meth:`specialValueText`, e.g. "–" for no value) says so."""
        what = f" {self.what}" if self.what else ""
        special = self.specialValueText()
        lowest = self.minimum() + 1 if special else self.minimum()
        text = f"{self._shown(lowest)} to {self._shown(self.maximum())}{what}"
        return f"{text}, or {special}" if special else text

    def setRange(self, minimum: int, maximum: int) -> None:  # noqa: N802 (Qt's name)
        super().setRange(minimum, maximum)
        tip = self.toolTip()
        note = f"From {self.range_text()}."
        if note not in tip:
            self.setToolTip(f"{tip}\n{note}" if tip else note)

    def validate(self, text: str, pos: int):
        result = super().validate(text, pos)
        state = result[0] if isinstance(result, tuple) else result
        if state == QValidator.State.Invalid:
            digits = re.sub(r"[^\d-]", "", text.removeprefix(self.prefix())
                            .removesuffix(self.suffix()))
            try:
                typed = int(digits)
            except ValueError:
                return result
            if typed > self.maximum() or typed < self.minimum():
                self._say(f"{self._shown(typed)} is out of range: {self.range_text()}.")
        return result

    def _shown(self, number: int) -> str:
        return f"{number:,}" if self.isGroupSeparatorShown() else str(number)

    def _say(self, message: str) -> None:
        self.limit_message = message
        QToolTip.showText(self.mapToGlobal(QPoint(0, self.height())), message, self)
        self.limit_said.emit(message)


class CountingBar(QProgressBar):
    """A progress bar whose text writes ``%v`` and ``%m`` with thousands separators
    (Qt writes 500000)."""

    def text(self) -> str:
        text = self.format()
        if "%v" not in text and "%m" not in text:
            return super().text()
        return text.replace("%v", f"{self.value():,}").replace("%m", f"{self.maximum():,}")
