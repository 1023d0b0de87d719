"""``deckbuilder collection``: the cards you own."""

from __future__ import annotations

from pathlib import Path

import click

from card_db.text_safety import escape_unsafe
from deckbuilder.cli.context import user_db
from deckbuilder.cli.errors import handles_errors
from deckbuilder.presentation import count_text
from deckbuilder.services.collection import (
    CollectionRow,
    add_rows,
    export_collection_csv,
    import_collection_csv,
    missing_cards,
    parse_condition,
)


@click.group()
def collection() -> None:
    """Catalogue the cards you own."""


@collection.command()
@click.argument("name")
@click.option("--qty", type=click.IntRange(1, 100_000), default=1, show_default=True)
@click.option(
    "--condition",
    default="Near Mint",
    show_default=True,
    help="Mint, Near Mint, Lightly Played, Moderately Played, Heavily Played, Damaged.",
)
@click.option("--location", default="", help="Binder, box or shelf.")
@click.option("--notes", default="")
@handles_errors
def add(name: str, qty: int, condition: str, location: str, notes: str) -> None:
    """Add QTY copies of the card NAME to the collection."""
    row = CollectionRow(name, qty, parse_condition(condition), location, notes)
    add_rows(user_db(), [row], label="command line")
    click.echo(f"added {qty} x {name} ({row.condition.value})")


@collection.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@handles_errors
def import_(file: str) -> None:
    """Add owned copies from a collection CSV (all-or-nothing)."""
    copies = import_collection_csv(user_db(), Path(file)).value
    click.echo(f"{file}: {copies} copies added")


@collection.command()
@click.argument("file", type=click.Path(dir_okay=False))
@handles_errors
def export(file: str) -> None:
    """Write the collection as CSV (name,quantity,condition,location,notes,for_trade)."""
    rows = export_collection_csv(user_db(), Path(file))
    click.echo(f"wrote {rows} rows to {file}")


@collection.command()
@click.option("--set", "set_filter", default="", help="Only sets whose name contains this.")
@handles_errors
def missing(set_filter: str) -> None:
    """List the cards you own no copy of, by set."""
    wanted = set_filter.casefold()
    records = [r for r in missing_cards(user_db()) if wanted in r.set_name.casefold()]
    current = None
    for record in records:
        if record.set_name != current:
            current = record.set_name
            click.echo(f"# {escape_unsafe(current)}")
        click.echo(escape_unsafe(record.name))
    click.echo(f"{count_text(len(records), 'card')} missing", err=True)
