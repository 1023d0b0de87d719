"""The error every deck reader raises for input it cannot read."""

from __future__ import annotations

from card_db.errors import UserError


class DeckFormatError(UserError, ValueError):
    """A deck file that cannot be read.

    ``path`` (``None`` for text that did not come from a file), 1-based ``line`` and
    ``column`` (``None`` where they do not apply), and a readable ``message``.
    ``str()`` gives ``"path:line:column: message"`` with the missing parts left out.
    """

    def __init__(
        self, path: str | None, line: int | None, column: int | None, message: str
    ):
        self.path = path
        super().__init__(message, file=path, line=line, column=column)
