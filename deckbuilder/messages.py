"""How errors are worded for a person: shared by the CLI and the GUI (no Qt).

An error is either the user's to act on (a :class:`~card_db.errors.UserError`, or an
``OSError`` naming a file: missing, unreadable, disk full) and shown as it is, or a bug
in the program, shown as one with what a bug report needs: :func:`bug_report_details`.
"""

from __future__ import annotations

import sys

from card_db.errors import UserError
from deckbuilder import __version__

APP_TITLE = "Imajica Deck Builder"

#: Title of the dialog (and first words on the terminal) for a bug.
BUG_TITLE = "Unexpected error \N{EM DASH} this is a bug"

#: What the user can do about a bug.
BUG_REQUEST = (
    "This is a bug in Imajica Deck Builder, not something you did wrong; "
    "please report it with the details."
)

#: Title of the dialog for an error the user can act on, when the caller gives none.
ERROR_TITLE = "Something went wrong"

#: The GUI's first sentence for a bug: the last action may be half done.
BUG_UNFINISHED = "The last action may not have finished."


def is_user_error(exc: BaseException) -> bool:
    """Whether ``exc`` is the user's to act on rather than a bug.

    True for a :class:`~card_db.errors.UserError` and for an ``OSError`` that names a
    file (the file is missing, unreadable, the disk is full, ...).
    """
    if isinstance(exc, UserError):
        return True
    return isinstance(exc, OSError) and exc.filename is not None


def os_error_line(exc: OSError) -> str:
    """``"file: reason"``, the terminal's way (``"a.csv: No such file or directory"``)."""
    return f"{exc.filename}: {exc.strerror or exc}"


def os_error_sentence(exc: OSError) -> str:
    """``"reason: file"``, the dialogs' way (``"No such file or directory: a.csv"``)."""
    if not exc.strerror:
        return str(exc) or type(exc).__name__
    name = f" {exc.filename}" if exc.filename else ""
    return f"{exc.strerror}:{name}".rstrip(":")


def bug_summary(exc: BaseException) -> str:
    """``"TypeName: message"`` (just the type name when the message is empty)."""
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def describe_error(exc: BaseException) -> str:
    """The sentence to show for ``exc``: a user error's own text, an ``OSError``'s reason
    and file, otherwise (a bug) its type and message, for a bug report to quote."""
    if isinstance(exc, UserError):
        return str(exc) or type(exc).__name__
    if isinstance(exc, OSError):
        return os_error_sentence(exc)
    return bug_summary(exc)


def version_info() -> str:
    """One line: the app's, Python's and the system's versions (for a bug report)."""
    import platform  # lazy: only a bug report needs it; the CLI starts without it

    return (
        f"{APP_TITLE} {__version__}; Python {platform.python_version()} "
        f"({sys.implementation.name}); {platform.platform()}"
    )


def bug_report_details(exc: BaseException, traceback_text: str | None = None) -> str:
    """The text a bug report needs: versions, then the traceback.

    ``traceback_text`` is used as given (a background task formats it in its thread);
    otherwise it is formatted from ``exc``.
    """
    if traceback_text is None:
        import traceback  # lazy: only a bug needs it; every CLI command imports this module

        traceback_text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return f"{version_info()}\n\n{traceback_text.rstrip()}\n"
