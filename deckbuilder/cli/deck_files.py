"""The deck-file argument every command reading a deck shares: ``-`` is standard input,
``--from FORMAT`` says how to read a file whose extension says nothing. The reading
itself is :func:`deckbuilder.services.deck_sources.read_deck_list`."""

from __future__ import annotations

import click

from deckbuilder import formats
from deckbuilder.services.deck_sources import STDIN

#: ``--from FORMAT``: how to read a deck file whose extension says nothing (or standard input).
from_option = click.option(
    "--from", "from_format", default=None, metavar="FORMAT",
    help="Read deck files as this format (" + ", ".join(formats.names(readable_only=True))
    + "; default: from the extension, or guessed from the content for - (standard input)).",
)


def check_stdin_once(specs: tuple[str, ...] | list[str]) -> None:
    """``click.UsageError`` if ``-`` (standard input) is named more than once."""
    if list(specs).count(STDIN) > 1:
        raise click.UsageError("standard input (-) can hold one deck only; name it once")
