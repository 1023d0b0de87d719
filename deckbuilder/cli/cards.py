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
#: of the search language (docs/search-language.md).
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
    """List cards matching QUERY (the user guide's "The search language"). Empty lists all.

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
    rows = [(escape_unsafe(r.name), shown(r, 'card_type', r.card_type.value), _dominion(r),
             characteristics_text(r), r.set_name) for r in records]
    # each column as wide as its longest entry (at least the old widths), so that a
    # long name never runs into the next column
    widths = [max([minimum, *(len(row[k]) for row in rows)])
              for k, minimum in enumerate((32, 18, 6, 16))]
    for row in rows:
        line = " ".join(f"{cell:<{width}}" for cell, width in zip(row, widths, strict=False))
        line += f" {row[-1]}"
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
@click.option("--grammar", is_flag=True,
              help="Print the power language: every power family, its form and an example.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@handles_errors
def powers(summary: bool, grammar: bool, as_json: bool) -> None:
    """List every power and trait of the catalogue and whether the engine executes it.

    A fresh database's catalogue is the bundled data, whose counts the user guide gives
    ("The rules engine").
    With --grammar, print the power language instead (docs/card-powers.md).
    """
    if grammar:
        _print_grammar(as_json)
        return
    # lazy: the engine stays out of the search command's start-up
    from deckbuilder.engine.powers.modelled import modelled_powers
    from deckbuilder.engine.powers.modelled import summary as power_summary

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


def _print_grammar(as_json: bool) -> None:
    """``cards powers --grammar``: the power families of the registry, each with its
    form, an example and the engine's reading of the example."""
    from deckbuilder.engine.powers.registry import families  # lazy: engine off search's path

    rows = [{"family": f.name, "title": f.title, "section": f.section, "form": f.grammar,
             "example": f.example, "reads_as": f.read(f.example),
             "card_types": [t.value for t in f.card_types] or ["any"],
             "played_by": f.applied_by, "goldfish": f.goldfish is not None}
            for f in families()]
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    for row in rows:
        click.echo(f"{row['title']} ({row['family']}; rulebook: {row['section']})")
        click.echo(f"  form:     {row['form']}")
        click.echo(f"  example:  {row['example']} (on: {', '.join(row['card_types'])})")
        reads = row["reads_as"] or "(an affiliation, not typed in the powers)"
        click.echo(f"  reads as: {reads}")
        goldfish = "; the goldfish autopilot plays it" if row["goldfish"] else ""
        click.echo(f"  played by {row['played_by']}{goldfish}")
    click.echo("Any other sentence is kept on the card and not played by the engine "
               "(it shows as not modelled).")


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


@cards.command("export-checklist")
@click.argument("file", type=click.Path(dir_okay=False))
@handles_errors
def export_checklist_(file: str) -> None:
    """Write your own transcribed cards, with their sources, as a checklist to share."""
    # lazy: checklist and SQLModel code stay out of the search command's start-up
    from deckbuilder.services.checklist_merge import export_transcribed

    count = export_transcribed(user_db(), Path(file))
    click.echo(f"wrote {count_text(count, 'card')} to {file}")


@cards.command("merge-checklist")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--take-theirs", multiple=True, metavar="NAME",
              help="Take this card's values from FILE where they differ (repeatable).")
@click.option("--dry-run", is_flag=True, help="Only show what would be added and what differs.")
@handles_errors
def merge_checklist_(file: str, take_theirs: tuple[str, ...], dry_run: bool) -> None:
    """Merge another collector's checklist: new cards are added; where a card differs,
    both values are shown with their sources and yours are kept."""
    # lazy: checklist and SQLModel code stay out of the search command's start-up
    from deckbuilder.services.checklist_merge import NoConflictError, merge_checklist

    try:
        merge = merge_checklist(user_db(), Path(file), take_theirs, dry_run)
    except NoConflictError as exc:
        fail(f"--take-theirs: {exc}")
    verb = "would add" if dry_run else "added"
    click.echo(f"{file}: {verb} {count_text(len(merge.added), 'card')}, "
               f"{merge.unchanged} the same, {len(merge.taken)} taken from the file")
    for conflict in merge.conflicts:
        kept = "theirs" if conflict.name in merge.taken else "yours kept"
        click.echo(f"  {escape_unsafe(conflict.name)}: {conflict.field}: yours "
                   f"{escape_unsafe(str(conflict.mine))!r} ({escape_unsafe(conflict.my_source)})"
                   f", theirs {escape_unsafe(str(conflict.theirs))!r} "
                   f"({escape_unsafe(conflict.their_source)}) -> {kept}")


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
