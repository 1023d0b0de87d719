"""The one base of every error the user can act on (a bad file, an unknown name, ...).

Anything raised that is not a :class:`UserError` is a bug: the CLI and the GUI report
it as one. The CLI exits with status 2 for a ``UserError`` and shows ``str(exc)``;
the GUI shows it in an error dialog.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any


class UserError(Exception):
    """An error the user can act on; ``str(exc)`` is the whole message to show.

    ``message`` is the sentence without the location; ``file``, 1-based ``line`` and
    ``column`` say where (``None`` where they do not apply); ``suggestions`` are the
    closest valid values, best first (e.g. card names).

    Subclasses that word their whole message differently override
    :meth:`full_message` (it may read the subclass's own attributes, set before
    ``UserError.__init__`` runs). Every subclass pickles, whatever its constructor.
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

    def __reduce__(self):
        # Subclasses' constructors differ; rebuild from the attributes instead (a
        # background process sends errors back pickled).
        return (_restore, (type(self), self.args, self.__dict__))


def _restore(cls: type[UserError], args: tuple, state: dict[str, Any]) -> UserError:
    exc = cls.__new__(cls)
    exc.args = args
    exc.__dict__.update(state)
    return exc


class Cancelled(Exception):
    """The user asked to stop (Cancel, Ctrl+C): the one base of every "cancelled" class,
    so a caller tells a stop from a failure with one ``except Cancelled``. Neither a
    bug nor the user's mistake: nothing is reported, and the work was left as it was
    (each subclass says how)."""
