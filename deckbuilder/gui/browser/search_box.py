"""The search box: a line edit that underlines a syntax error where it is.

The offending characters get a red wavy underline (the text format an input method
would use for a spelling mistake), and :class:`SearchErrorLabel` below says what
was expected there. Source of the positions: :class:`card_db.search.SearchSyntaxError`
(0-based ``position``; ``len(text)`` when the query ended too early).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QInputMethodEvent, QKeySequence, QTextCharFormat
from PySide6.QtWidgets import QLabel, QLineEdit, QWidget

from card_db.search import SearchSyntaxError
from deckbuilder.gui.style import error_color

PLACEHOLDER = 'Search: gentle   t:site d:3   prime<=3 -is:unique   "roxborough tower"'
HELP = (
    "The search language: words search names and text; \"quoted phrases\"; key:value terms "
    "t: (type), d: (Dominion, 0 = none), prime, magic, str, res, limit, owned "
    "(with = < <= > >= !=), aff:, is:unique/permanent/instant/border/estimated, gender:, "
    "r: (rarity), set:, source:, name:. Combine with 'or', '-' (not) and parentheses."
)


def error_span(text: str, position: int) -> tuple[int, int]:
    """(start, length) of the characters to underline for an error at ``position``.

    The token starting at ``position`` (up to the next space). When the position is
    a space or the end of the query (something was expected after the previous
    token, as in ``prime<=`` followed by nothing), the token before it. At least
    one character when the text has any.
    """
    if not text.strip():
        return 0, 0
    position = min(max(position, 0), len(text))
    if position < len(text) and not text[position].isspace():
        end = position
        while end < len(text) and not text[end].isspace():
            end += 1
        return position, end - position
    end = position
    while end > 0 and text[end - 1].isspace():
        end -= 1
    start = end
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    if start == end:  # only spaces before: mark the next token instead
        start = position
        while start < len(text) and text[start].isspace():
            start += 1
        end = start
        while end < len(text) and not text[end].isspace():
            end += 1
    return start, max(end - start, 1)


class SearchBox(QLineEdit):
    """A line edit for the search language, with inline error marking.

    ``move_to_results`` is emitted on Down or Return, to put the focus in the results.
    """

    move_to_results = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setPlaceholderText(PLACEHOLDER)
        self.setToolTip(HELP)
        self.setClearButtonEnabled(True)
        self.setObjectName("searchBox")
        self._error_position: int | None = None
        self._span: tuple[int, int] = (0, 0)
        self.textEdited.connect(lambda _text: self._apply_format(None))

    @property
    def error_position(self) -> int | None:
        """The 0-based position of the error marked now, or ``None``."""
        return self._error_position

    @property
    def marked_span(self) -> tuple[int, int]:
        """(start, length) of the underlined characters; (0, 0) when none."""
        return self._span

    def show_error(self, position: int) -> None:
        self._error_position = position
        self._apply_format(error_span(self.text(), position))

    def clear_error(self) -> None:
        self._error_position = None
        self._apply_format(None)

    def _apply_format(self, span: tuple[int, int] | None) -> None:
        attributes = []
        self._span = span or (0, 0)
        if span and span[1]:
            fmt = QTextCharFormat()
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            fmt.setUnderlineColor(error_color(self))
            fmt.setForeground(error_color(self))
            attributes.append(
                QInputMethodEvent.Attribute(
                    QInputMethodEvent.AttributeType.TextFormat,
                    span[0] - self.cursorPosition(),
                    span[1],
                    fmt,
                )
            )
        QCoreApplication.sendEvent(self, QInputMethodEvent("", attributes))

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.move_to_results.emit()
            return
        if event.matches(QKeySequence.StandardKey.Cancel) and self.text():
            self.clear()
            self.textEdited.emit("")
            return
        super().keyPressEvent(event)


class SearchErrorLabel(QLabel):
    """The message under the search box: what was expected, and at which character."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("searchError")
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hide()

    def show_error(self, error: SearchSyntaxError | None) -> None:
        if error is None:
            self.clear()
            self.hide()
            return
        palette = self.palette()
        palette.setColor(self.foregroundRole(), error_color(self))
        self.setPalette(palette)
        self.setText(f"At character {error.position + 1}: {error.detail}")
        self.show()
