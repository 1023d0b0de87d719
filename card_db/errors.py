"""The one base of every error the user can act on (a bad file, an unknown name, ...).

Anything raised that is not a :class:`UserError` is a bug: the CLI and the GUI report
it as one. The CLI exits with status 2 for a ``UserError`` and shows ``str(exc)``;
the GUI shows it in an error dialog.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


class UserError(Exception):
    """An error the user can act on; ``str(exc)`` is the whole message to show.

    ``message`` is the sentence without the location; ``file``, 1-based ``line`` and
    ``column`` say where (``None`` where they do not apply); ``suggestions`` are the
    closest valid values, best first (e.g. card names).
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | Path | None = None,
        line: int | None = None,
        column: int | None = None,
        suggestions: Sequence[str] = (),
    ):
        self.message = message
        self.file = None if file is None else str(file)
        self.line = line
        self.column = column
        self.suggestions = tuple(suggestions)
        super().__init__(self.full_message())

    @property
    def location(self) -> str:
        """``"file:line:column"`` with the missing parts left out (may be empty)."""
        return ":".join(str(p) for p in (self.file, self.line, self.column) if p is not None)

    def full_message(self) -> str:
        """The location (if any), then the message."""
        return f"{self.location}: {self.message}" if self.location else self.message
