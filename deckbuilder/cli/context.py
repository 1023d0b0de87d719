"""The user database of one ``deckbuilder`` run, opened on first use.

``cli`` (:mod:`deckbuilder.cli.main`) stores the ``--db`` path in ``ctx.obj``; a
command that needs the database calls :func:`user_db`, which opens the handle once
(creating or upgrading the file if needed) and closes it when the run ends. Commands
that never call it (``--help``, ``--version``) never touch the database.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from card_db.userdb import UserDatabase


@dataclass
class CliState:
    """What the root command passes down: the ``--db`` path or PostgreSQL URL
    (``None``: the default location) and the handle once opened."""

    db_path: Path | str | None = None
    db: UserDatabase | None = None


def user_db(ctx: click.Context | None = None) -> UserDatabase:
    """The run's :class:`~card_db.userdb.UserDatabase`, opened on first call.

    ``ctx`` defaults to the current click context. A database on a read-only folder
    or medium is opened read-only, with a note on stderr. Raises
    :class:`card_db.database.DatabaseError` if the database cannot be opened.
    """
    root = (ctx or click.get_current_context()).find_root()
    if not isinstance(root.obj, CliState):
        root.obj = CliState()
    state = root.obj
    if state.db is None:
        from card_db.userdb import UserDatabase  # lazy: start-up time (--help never opens it)

        state.db = UserDatabase.open(state.db_path)
        root.call_on_close(state.db.close)
        if state.db.read_only:
            click.echo(f"deckbuilder: note: {state.db.path} is on a read-only folder or "
                       "medium; opened read-only: changes cannot be saved", err=True)
    return state.db
