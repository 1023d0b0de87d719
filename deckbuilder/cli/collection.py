"""``deckbuilder collection``: the cards you own."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from card_db.text_safety import escape_unsafe
from deckbuilder.cli.context import user_db
from deckbuilder.cli.errors import handles_errors
from deckbuilder.formats.collection_csv import ColumnChoice, read_collection_rows
from deckbuilder.formats.collection_layouts import LAYOUTS
from deckbuilder.formats.collection_presets import PRESETS, parse_overrides
from deckbuilder.presentation import count_text
from deckbuilder.services.collection import (
    CollectionImport,
    CollectionRow,
    add_rows,
    export_collection_csv,
    import_collection_csv,
    missing_cards,
    parse_condition,
    preview_import,
)
from deckbuilder.services.collection_edits import remove_copies, set_copies

#: Most changed entries ``collection import`` lists one by one.
SHOWN_CHANGES = 20


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


_CONDITION_HELP = "Only copies in this condition (Mint ... Damaged, or NM, LP...)."


@collection.command()
@click.argument("name")
@click.option("--qty", type=click.IntRange(1, 100_000), default=None,
              help="How many copies to take out (default: every copy).")
@click.option("--condition", default=None, help=_CONDITION_HELP)
@click.option("--location", default=None, help="Only copies kept here.")
@handles_errors
def remove(name: str, qty: int | None, condition: str | None, location: str | None) -> None:
    """Take QTY copies of the card NAME out of the collection (worst condition first)."""
    outcome = remove_copies(user_db(), name, qty, condition=condition, location=location)
    click.echo(outcome.changes.label)


@collection.command("set")
@click.argument("name")
@click.option("--qty", type=click.IntRange(0, 100_000), required=True,
              help="How many copies you own (0 removes the entry).")
@click.option("--condition", default="Near Mint", show_default=True,
              help="The entry's condition (Mint ... Damaged).")
@click.option("--location", default="", help="The entry's binder, box or shelf.")
@handles_errors
def set_(name: str, qty: int, condition: str, location: str) -> None:
    """Own exactly QTY copies of the card NAME in one condition and place."""
    outcome = set_copies(user_db(), name, qty, condition=condition, location=location)
    click.echo(f"{outcome.changes.label} (was {outcome.value})")


@collection.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--add", "adds", is_flag=True,
    help="Add the file's copies to those you own (default: set the quantities it lists).",
)
@click.option("--dry-run", is_flag=True, help="Only show what would change.")
@click.option(
    "--preset", type=click.Choice(["ours", *PRESETS], case_sensitive=False), default=None,
    help="Read the columns as this tool writes them (default: detected from the header).",
)
@click.option(
    "--map", "maps", multiple=True, metavar="COLUMN=FIELD",
    help="Read COLUMN into FIELD (name, quantity, condition, location, notes, for_trade, "
    "or ignore); repeatable.",
)
@handles_errors
def import_(file: str, adds: bool, dry_run: bool, preset: str | None,
            maps: tuple[str, ...]) -> None:
    """Import owned copies from a collection CSV (all-or-nothing).

    By default each entry the file lists (card, condition, location) gets the
    quantity the file gives, so importing your own export changes nothing; entries
    it does not list are kept. With --add, the file's copies are added instead.
    The columns of Deckbox, Moxfield, TCGplayer, ManaBox, Deckstats, MTGGoldfish,
    Urza Gatherer, Dragon Shield, MTGO, TopDecked and Archidekt exports are recognised;
    the mapping used is printed first. Their condition words are mapped onto our
    scale; a word on none of its steps is listed and read as Near Mint.
    Prints what changes; a progress bar shows on a terminal; Ctrl+C imports nothing.
    """
    choice = ColumnChoice(preset, tuple(parse_overrides(maps).items()))
    _echo_mapping(Path(file), choice)
    if dry_run:
        plan = preview_import(user_db(), Path(file), adds=adds, choice=choice)
    else:
        with ProgressBars() as bars:
            plan = import_collection_csv(
                user_db(), Path(file), adds=adds, progress=bars.show, choice=choice
            ).value
    _echo_plan(file, plan, dry_run)


def _echo_mapping(file: Path, choice: ColumnChoice) -> None:
    """Print the columns' mapping (read from the header only; the file's problems are
    raised by the import)."""
    mapping = read_collection_rows(file, None, choice, header_only=True).mapping
    if mapping is None:
        return
    title = PRESETS[mapping.preset].title if mapping.preset in PRESETS else "ours"
    click.echo(f"columns ({escape_unsafe(title)} layout):")
    for line in mapping.describe():
        click.echo(f"  {escape_unsafe(line)}")


def _echo_plan(file: str, plan: CollectionImport, dry_run: bool) -> None:
    if plan.unmapped_conditions:
        click.echo(escape_unsafe(plan.unmapped_text()))
    for change in plan.changes[:SHOWN_CHANGES]:
        click.echo(f"  {change.describe()}")
    if len(plan.changes) > SHOWN_CHANGES:
        click.echo(f"  and {len(plan.changes) - SHOWN_CHANGES:,} more")
    mode = "adding" if plan.adds else "setting quantities"
    done = "would change (dry run, nothing written)" if dry_run else "imported"
    click.echo(f"{file}: {done}, {mode}: {plan.summary()}")


class ProgressBars:
    """Progress bars on stderr, one per import stage, when stderr is a terminal."""

    _LABELS = {"read": "Reading", "check": "Checking", "write": "Writing"}

    def __init__(self) -> None:
        self._bar = None
        self._stage = ""
        self._done = 0
        self._enabled = sys.stderr.isatty()

    def __enter__(self) -> ProgressBars:
        return self

    def __exit__(self, *_exc) -> None:
        self._finish()

    def show(self, stage: str, done: int, total: int) -> None:
        if not self._enabled:
            return
        if stage != self._stage:
            self._finish()
            self._stage, self._done = stage, 0
            label = self._LABELS.get(stage, stage)
            self._bar = click.progressbar(length=max(total, 1), label=label, file=sys.stderr)
        if done - self._done >= total / 200 or done >= total:  # at most ~200 redraws
            self._bar.update(done - self._done)
            self._done = done

    def _finish(self) -> None:
        if self._bar is not None:
            self._bar.render_finish()
            self._bar = None


@collection.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--layout", type=click.Choice(["ours", *LAYOUTS], case_sensitive=False), default="ours",
    show_default=True,
    help="Columns to write: ours, or Deckbox's or Moxfield's (no location or notes).",
)
@handles_errors
def export(file: str, layout: str) -> None:
    """Write the collection as CSV (name,quantity,condition,location,notes,for_trade)."""
    rows = export_collection_csv(user_db(), Path(file), layout.casefold())
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
