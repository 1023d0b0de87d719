"""``deckbuilder db``: the user database as a whole (copying it between engines)."""

from __future__ import annotations

import click

from deckbuilder.cli.errors import handles_errors


@click.group()
def db() -> None:
    """The user database as a whole: a SQLite file or a shared PostgreSQL database."""


@db.command("copy")
@click.argument("source")
@click.argument("target")
@click.option("--with-images", is_flag=True,
              help="Also store the scans and photos (from the image cache folder) in TARGET.")
@handles_errors
def copy(source: str, target: str, with_images: bool) -> None:
    """Copy the whole user database SOURCE into TARGET, all-or-nothing.

    Each is a database file or a URL postgresql://user@host/dbname (the password comes
    from ~/.pgpass or PGPASSWORD, never from the URL). TARGET must be new or hold no
    collection, decks or cards of your own. Card images stay in the cache folder,
    unless --with-images stores them in TARGET; images stored in SOURCE are written
    back to the cache folder where missing.
    """
    from card_db.transfer import copy_database  # lazy: loads SQLAlchemy; --help stays quick

    report = copy_database(source, target, with_images=with_images)
    click.echo(f"Copied {source} to {target}:")
    for line in report.lines():
        click.echo(f"  {line}")
