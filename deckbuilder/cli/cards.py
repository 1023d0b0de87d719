"""``deckbuilder cards``: search, show, draw, import and export the catalogue."""

from __future__ import annotations

import io
import json
from pathlib import Path

import click

from card_db.atomic import replace_file
from card_db.reader import load_records
from card_db.records import CHARACTERISTIC_FIELDS
from card_db.search import SearchSyntaxError, search_card_ids
from card_db.text_safety import escape_unsafe
from deckbuilder.cli.context import user_db
from deckbuilder.cli.errors import fail, handles_errors
from deckbuilder.presentation import (
    ESTIMATED_MARK,
    ESTIMATED_NOTE,
    card_details,
    card_json,
    characteristics_text,
    count_text,
    dominion_text,
    not_modelled_row,
    power_status_json,
    shown,
)

#: Other names ``cards correct`` accepts for a field: the CLI's JSON keys and the keys
#: of the search language (README "The search language").
FIELD_ALIASES = {
    "type": "card_type",
    "t": "card_type",
    "dominion": "dominions",
    "dom": "dominions",
    "d": "dominions",
    "str": "strength",
    "res": "resistance",
    "limit": "deck_limit",
    "aff": "affiliations",
    "affiliation": "affiliations",
    "g": "gender",
    "r": "rarity",
}


def field_name(text: str) -> str:
    """The correctable field named by ``text`` (a field, JSON key or search key, any
    case, ``-`` or ``_``); ``text`` unchanged if it names none (the service says so)."""
    key = text.strip().casefold().replace("-", "_")
    return FIELD_ALIASES.get(key, key)


@click.group()
def cards() -> None:
    """Search and manage the card catalogue."""


def _search_records(query: str, limit: int | None):
    with user_db().read() as conn:
        return load_records(conn, search_card_ids(conn, query, limit=limit))


def _dominion(record) -> str:
    """The search listing's Dominion column: "D3", "D1|2", "none" (Oviate) or "-"."""
    text = dominion_text(record)
    return f"D{text}" if text[:1].isdigit() else text


@cards.command(context_settings={"ignore_unknown_options": True})
@click.argument("query", default="")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of card objects.")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="At most N cards.")
@handles_errors
def search(query: str, as_json: bool, limit: int | None) -> None:
    """List cards matching QUERY (see the README's search language). Empty lists all.

    A QUERY may start with "-" (a negated term): deckbuilder cards search -t:character
    """
    try:
        records = _search_records(query, limit)
    except SearchSyntaxError as exc:
        # the caret stays under the fault when fail() escapes hidden characters
        caret = " " * len(escape_unsafe(query[: exc.position]))
        fail(f"search syntax: {exc}\n  {query}\n  {caret}^")
    if as_json:
        click.echo(escape_unsafe(json.dumps([card_json(r) for r in records], indent=2,
                                            ensure_ascii=False), allow="\n"))
        return
    marked = False
    for r in records:
        line = (
            f"{escape_unsafe(r.name):<32} {shown(r, 'card_type', r.card_type.value):<18} "
            f"{_dominion(r):<6} "
            f"{characteristics_text(r):<16} {r.set_name}"
        )
        marked = marked or ESTIMATED_MARK in line
        click.echo(line.rstrip())
    click.echo(f"{len(records)} card{'s' if len(records) != 1 else ''}", err=True)
    if marked:
        click.echo(ESTIMATED_NOTE, err=True)


@cards.command()
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print the card as a JSON object.")
@handles_errors
def show(name: str, as_json: bool) -> None:
    """Show every characteristic of the card NAME (closest matches suggested if unknown)."""
    record = user_db().catalogue().resolve(name)
    if as_json:
        data = {**card_json(record), "power_status": power_status_json(record)}
        click.echo(escape_unsafe(json.dumps(data, indent=2, ensure_ascii=False), allow="\n"))
        return
    rows = card_details(record)
    if row := not_modelled_row(record):
        rows.append(row)
    for label, value in rows:
        click.echo(f"{label + ':':<14}" + escape_unsafe(value, allow="\n\t"))
    if record.estimated:
        click.echo(ESTIMATED_NOTE)


@cards.command()
@click.option("--summary", is_flag=True, help="Only the counts of modelled and not-modelled texts.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@handles_errors
def powers(summary: bool, as_json: bool) -> None:
    """List every power and trait of the catalogue and whether the engine executes it.

    A fresh database's catalogue is the bundled data, whose counts the README gives.
    """
    # lazy: the engine stays out of the search command's start-up
    from deckbuilder.engine.modelled import modelled_powers
    from deckbuilder.engine.modelled import summary as power_summary

    records = [r for r in user_db().catalogue() if r.traits or r.powers]
    counts = power_summary(records)
    if as_json:
        data = counts if summary else {**counts, "cards": [
            {"name": r.name, "power_status": power_status_json(r)} for r in records]}
        click.echo(escape_unsafe(json.dumps(data, indent=2, ensure_ascii=False), allow="\n"))
        return
    if not summary:
        for r in records:
            for p in modelled_powers(r):
                mark = "modelled" if p.modelled else "NOT modelled"
                click.echo(escape_unsafe(f"{mark:<13} {r.name}: {p.text} ({p.by})"))
    click.echo(f"{counts['powers']} powers and traits on {counts['cards']} cards: "
               f"{counts['modelled']} modelled by the engine, "
               f"{counts['not_modelled']} not modelled")


@cards.command()
@click.argument("name")
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False), help="PNG file.")
@click.option("--width", type=click.IntRange(120, 2000), default=630, help="Width in pixels.")
@handles_errors
def image(name: str, out: str, width: int) -> None:
    """Render the card NAME's face (the user's scan if attached, else a proxy) to a PNG."""
    from deckbuilder.services.images import card_face  # lazy: Pillow loads only to draw a card

    face = card_face(user_db(), name, width)
    png = io.BytesIO()
    face.save(png, format="PNG")
    replace_file(out, png.getvalue())
    click.echo(f"wrote {out} ({face.width}x{face.height})")


@cards.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@handles_errors
def import_(file: str) -> None:
    """Add or update cards from a CSV or JSON checklist (all-or-nothing).

    At most 10 MiB and 20,000 cards; a progress bar shows on a terminal; Ctrl+C
    imports nothing."""
    # lazy: checklist and SQLModel code stay out of the search command's start-up
    from deckbuilder.cli.collection import ProgressBars
    from deckbuilder.services.cards import import_checklist

    with ProgressBars() as bars:
        result = import_checklist(user_db(), Path(file), progress=bars.show)
    same = f", {result.unchanged} unchanged" if result.unchanged else ""
    click.echo(f"{file}: {count_text(result.added, 'card')} added, {result.updated} updated{same}")


@cards.command()
@click.argument("file", type=click.Path(dir_okay=False))
@handles_errors
def export(file: str) -> None:
    """Write the whole catalogue as a CSV or JSON checklist (by extension)."""
    # lazy: checklist and SQLModel code stay out of the search command's start-up
    from deckbuilder.services.cards import export_checklist

    count = export_checklist(user_db(), Path(file))
    click.echo(f"wrote {count} cards to {file}")


@cards.command(
    epilog="FIELD is one of: " + ", ".join(CHARACTERISTIC_FIELDS) + ". Also accepted: "
    + ", ".join(f"{alias} ({field})" for alias, field in FIELD_ALIASES.items()) + "."
)
@click.argument("name")
@click.argument("field")
@click.argument("value")
@click.option("--note", default="", help="Where the value comes from, e.g. 'my card'.")
@handles_errors
def correct(name: str, field: str, value: str, note: str) -> None:
    """Correct FIELD of card NAME from your physical card; clears its estimated mark.

    Field names are those of the card's JSON (type, dominions, ...) or the search
    language's keys (dominion, str, res, ...); the list is below.
    """
    # lazy: checklist and SQLModel code stay out of the search command's start-up
    from deckbuilder.services.cards import correct_card

    field = field_name(field)
    record = correct_card(user_db(), name, field, value, note).value
    click.echo(f"{escape_unsafe(record.name)}: {field} set to {value!r}; "
               "no longer marked estimated")
