"""Turning the project's expected errors into a message and exit status 2, never a traceback."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable

import click

EXIT_BAD_INPUT = 2


def _expected_errors() -> tuple[type[BaseException], ...]:
    from card_db.catalogue import UnknownCardError
    from card_db.database import DatabaseError

    errors: list[type[BaseException]] = [UnknownCardError, DatabaseError, OSError, ValueError]
    for module, name in (
        ("card_db.checklist", "ChecklistError"),
        ("card_db.images.errors", "CardImageError"),
        ("card_db.search", "SearchSyntaxError"),
    ):
        loaded = sys.modules.get(module)
        if loaded is not None and hasattr(loaded, name):
            errors.append(getattr(loaded, name))
    return tuple(errors)


def fail(message: str, code: int = EXIT_BAD_INPUT) -> None:
    """Print ``message`` on stderr and exit with ``code``."""
    click.echo(f"deckbuilder: {message}", err=True)
    sys.exit(code)


def handles_errors(func: Callable) -> Callable:
    """Decorate a click command: expected errors exit 2 with their message on stderr."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except BrokenPipeError:
            raise  # the reader went away (e.g. `| head`): handled quietly in main()
        except _expected_errors() as exc:
            if isinstance(exc, OSError) and exc.filename:
                fail(f"{exc.filename}: {exc.strerror or exc}")
            fail(str(exc))

    return wrapper
