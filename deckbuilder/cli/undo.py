"""``deckbuilder undo`` and ``deckbuilder redo``: the database's one undo history (the
same steps the desktop app's Edit > Undo and Redo act on; see
:mod:`deckbuilder.services.undo_history` and ``docs/undo.md``)."""

from __future__ import annotations

import click

from card_db.text_safety import escape_unsafe
from deckbuilder.cli.context import user_db
from deckbuilder.cli.errors import handles_errors
from deckbuilder.services import undo_history


def _list(redoing: bool) -> None:
    """The steps an undo (newest first) or a redo (oldest first) would take, numbered."""
    steps = [s for s in undo_history.steps(user_db()) if s.undone == redoing]
    if not redoing:
        steps.reverse()
    if not steps:
        click.echo(f"nothing to {'redo' if redoing else 'undo'}")
        return
    for number, step in enumerate(steps, start=1):
        when = step.created.strftime("%Y-%m-%d %H:%M")
        click.echo(f"{number:>3}. {escape_unsafe(step.label)}  ({when} UTC)")


@click.command()
@click.option("--list", "listing", is_flag=True,
              help="List the steps that can be undone, newest first; change nothing.")
@handles_errors
def undo(listing: bool) -> None:
    """Undo the newest change to the collection, wishlist or match log, wherever it
    was made (the desktop app or another command)."""
    if listing:
        _list(redoing=False)
        return
    changes = undo_history.undo(user_db())
    click.echo(f"undid: {escape_unsafe(changes.label)}")


@click.command()
@click.option("--list", "listing", is_flag=True,
              help="List the steps that can be redone, next first; change nothing.")
@handles_errors
def redo(listing: bool) -> None:
    """Redo the change undone last (by ``deckbuilder undo`` or the desktop app)."""
    if listing:
        _list(redoing=True)
        return
    changes = undo_history.redo(user_db())
    click.echo(f"redid: {escape_unsafe(changes.label)}")
