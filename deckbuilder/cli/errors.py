"""How the CLI ends on an error: the user's mistakes exit 2 with a message, bugs exit 70.

A :class:`~card_db.errors.UserError`, or an ``OSError`` naming a file, is the user's to
act on: its message goes to stderr and the exit status is :data:`EXIT_BAD_INPUT`.
Ctrl+C stops the command with :data:`EXIT_INTERRUPTED` (128 + SIGINT, as shells do).
Anything else is a bug: a short note says so, the traceback and versions go to a file
in the user's log folder (or to stderr if it cannot be written), and the exit status is
:data:`EXIT_BUG` (``EX_SOFTWARE`` of ``sysexits.h``). Status 1 stays the negative answer
(e.g. an illegal deck).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import click

from card_db.errors import UserError
from card_db.text_safety import escape_unsafe
from deckbuilder import messages

EXIT_BAD_INPUT = 2
EXIT_BUG = 70
EXIT_INTERRUPTED = 130
APP_NAME = "imajica-deckbuilder"

#: click's own ways of ending a command (usage errors, --help): never a bug.
_CLICK_EXITS = (click.ClickException, click.exceptions.Exit, click.exceptions.Abort)
#: What a message may hold as it is; other controls and bidi marks are shown escaped.
_LINES = "\n\t"


def fail(message: str, code: int = EXIT_BAD_INPUT) -> None:
    """Print ``message`` on stderr and exit with ``code``."""
    click.echo(f"deckbuilder: {escape_unsafe(message, allow=_LINES)}", err=True)
    sys.exit(code)


def bug_log_folder() -> Path:
    """Where the tracebacks of bugs are written (the platform's user log folder)."""
    import platformdirs  # lazy: only a bug needs it; keeps every command's start-up short

    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def save_bug_report(exc: BaseException) -> Path | None:
    """Write :func:`deckbuilder.messages.bug_report_details` of ``exc`` to a new file in
    :func:`bug_log_folder`; returns its path, or ``None`` if it could not be written."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    path = bug_log_folder() / f"bug-{stamp}.txt"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(messages.bug_report_details(exc), encoding="utf-8")
    except OSError:
        return None
    return path


def report_bug(exc: BaseException) -> None:
    """Tell the user ``exc`` is a bug, where its details are, and exit :data:`EXIT_BUG`."""
    click.echo(f"deckbuilder: {messages.BUG_TITLE}: {messages.bug_summary(exc)}", err=True)
    click.echo(messages.BUG_REQUEST, err=True)
    path = save_bug_report(exc)
    if path is None:
        click.echo(messages.bug_report_details(exc), err=True, nl=False)
    else:
        click.echo(f"The details are in {path}", err=True)
    sys.exit(EXIT_BUG)


def exit_for(exc: Exception) -> None:
    """End the command for ``exc`` (raised from it): exit 2 for the user's mistake,
    :func:`report_bug` for anything else."""
    if isinstance(exc, UserError):
        fail(str(exc))
    if isinstance(exc, OSError) and exc.filename is not None:
        fail(messages.os_error_line(exc))
    report_bug(exc)


def interrupted() -> None:
    """Say the command was stopped by Ctrl+C and exit :data:`EXIT_INTERRUPTED` (never 1,
    which means a negative answer such as an illegal deck)."""
    click.echo("deckbuilder: interrupted", err=True)
    sys.exit(EXIT_INTERRUPTED)


def _interrupted_while(exc: BaseException) -> bool:
    """True if ``exc`` was raised while a Ctrl+C unwound the command (e.g. by the
    rollback of a connection the signal broke): the interruption is what happened."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False


def handles_errors(func: Callable) -> Callable:
    """Decorate a click command so that it ends as :func:`exit_for` says, never with a
    traceback; Ctrl+C ends it as :func:`interrupted` says."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except (BrokenPipeError, *_CLICK_EXITS):
            raise  # click ends these itself; a closed pipe (`| head`) is quiet in main()
        except KeyboardInterrupt:
            interrupted()
        except Exception as exc:
            if _interrupted_while(exc):
                interrupted()
            exit_for(exc)

    return wrapper
