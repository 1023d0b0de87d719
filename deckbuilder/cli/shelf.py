"""``deckbuilder shelf``: the games you own, their copies and what each copy is missing."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

import click

from deckbuilder.cli.context import user_db
from deckbuilder.cli.errors import handles_errors
from deckbuilder.presentation import count_text
from deckbuilder.services.shelf import (
    CopyStatus,
    ShelfError,
    ShelfGame,
    add_copy,
    edit_copy,
    export_game,
    export_report,
    game_definition,
    import_game,
    pick_copy,
    remove_copy,
    set_counts,
    shelf_game,
    shelf_games,
)
from deckbuilder.services.shelf_photos import add_photo, copy_photos, remove_photo
from deckbuilder.shelf import mystic_war

MYSTIC_WAR = "Mystic War"


def _echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _copy_json(status: CopyStatus) -> dict[str, Any]:
    copy, report = status.copy, status.report
    return {"copy": copy.id, "edition": copy.edition or None,
            "location": copy.location, "box_condition": copy.box_condition,
            "components_condition": copy.components_condition, "notes": copy.notes,
            "counted": status.counted, "components": len(report.components),
            "complete": report.complete, "playable": report.playable,
            "missing_pieces": sum(c.missing for c in report.missing)}


def _game_json(game: ShelfGame) -> dict[str, Any]:
    return {"game": game.name, "origin": game.origin,
            "total_components": game.definition.total_components,
            "copies": [_copy_json(c) for c in game.copies]}


def _copy_line(status: CopyStatus) -> str:
    report = status.report
    where = f" ({status.copy.location})" if status.copy.location else ""
    if status.copy.edition:
        where += f" [{status.copy.edition} edition]"
    state = ("complete" if report.complete
             else f"{sum(c.missing for c in report.missing)} piece(s) missing")
    playable = "playable" if report.playable else "not playable"
    counted = (f", {status.counted} of {len(report.components)} components counted"
               if report.uncounted else "")
    return f"  copy {status.copy.id}{where}: {state}, {playable}{counted}"


@click.group()
def shelf() -> None:
    """Games on the shelf: parts lists, your copies and what they are missing."""


@shelf.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print the games as JSON.")
@handles_errors
def list_(as_json: bool) -> None:
    """Every game with your copies and their completeness."""
    games = shelf_games(user_db())
    if as_json:
        _echo_json([_game_json(g) for g in games])
        return
    for game in games:
        mark = " [your file]" if game.origin == "user" else ""
        click.echo(f"{game.name}{mark}: {game.definition.total_components} pieces, "
                   f"{len(game.copies)} cop{'y' if len(game.copies) == 1 else 'ies'}")
        for status in game.copies:
            click.echo(_copy_line(status))


@shelf.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="Print the parts list as JSON.")
@handles_errors
def show(game: str, as_json: bool) -> None:
    """The parts list of GAME as its rulebook states it, and your copies."""
    entry = shelf_game(user_db(), game)
    definition = entry.definition
    if as_json:
        _echo_json(definition.as_dict())
        return
    data = definition.as_dict()
    players = data["players"]
    click.echo(f"{data['game']} ({data['publisher'] or 'publisher not stated'}, "
               f"{data['year'] or 'year not stated'}), {players['min']} to "
               f"{players['max'] or 'any number of'} players; source: {data['source']}")
    for component in definition.components:
        estimated = " (estimated)" if component.estimated else ""
        click.echo(f"  {component.count:>4} x {component.name}{estimated}  "
                   f"[{' > '.join(component.group)}; {component.kind}]")
    click.echo(f"  {definition.total_components} pieces in all")
    for note in definition.notes:
        click.echo(f"note: {note}")
    for contradiction in definition.contradictions:
        for line in contradiction.describe():
            click.echo(line)
    if definition.edition:
        click.echo(f"edition: {definition.edition} ({definition.edition_title}), "
                   f"the parts list above; source: {definition.rulebook}")
    for edition in definition.editions:
        click.echo(f"edition: {edition.name} ({edition.title}); source: {edition.source}")
        for component in edition.components:
            click.echo(f"  {component.count:>4} x {component.name}  "
                       f"[{' > '.join(component.group)}; {component.kind}]")
        click.echo(f"  {edition.total_components} pieces in all")
        for note in edition.notes:
            click.echo(f"  note: {note}")
    for status in entry.copies:
        click.echo(_copy_line(status))


@shelf.command("add-copy")
@click.argument("game")
@click.option("--location", default="", help="Where the copy is kept.")
@click.option("--condition", default="", help="Condition of the box (Mint ... Damaged).")
@click.option("--components-condition", default="",
              help="Condition of the components (Mint ... Damaged).")
@click.option("--notes", default="")
@click.option("--edition", default="",
              help="Which edition of GAME the copy is (see 'shelf show'; default: the "
              "edition of the game file's own parts list).")
@handles_errors
def add_copy_(game: str, location: str, condition: str, components_condition: str,
              notes: str, edition: str) -> None:
    """Record a copy of GAME that you own; prints its id (for --copy)."""
    outcome = add_copy(user_db(), game, location, condition, components_condition, notes,
                       edition)
    click.echo(f"{outcome.changes.label}: copy {outcome.value}")


@shelf.command("edit-copy")
@click.argument("game")
@click.option("--copy", "copy_id", type=int, help="The copy's id (needed if you own several).")
@click.option("--location", help="Where the copy is kept ('' clears it).")
@click.option("--condition", help="Condition of the box (Mint ... Damaged; '' clears it).")
@click.option("--components-condition",
              help="Condition of the components (Mint ... Damaged; '' clears it).")
@click.option("--notes", help="Notes ('' clears them).")
@click.option("--edition", help="Which edition of GAME the copy is ('' : the game file's own).")
@handles_errors
def edit_copy_(game: str, copy_id: int | None, location: str | None, condition: str | None,
               components_condition: str | None, notes: str | None,
               edition: str | None) -> None:
    """Change where a copy of GAME is kept, its condition, notes or edition (others are
    kept)."""
    if location is None and condition is None and components_condition is None \
            and notes is None and edition is None:
        raise ShelfError("give --location, --condition, --components-condition, --notes "
                         "or --edition")
    db = user_db()
    status = pick_copy(db, game, copy_id)
    changes = edit_copy(db, status.copy.id, location=location, box_condition=condition,
                        components_condition=components_condition, notes=notes,
                        edition=edition)
    click.echo(changes.label if changes.changed else f"copy {status.copy.id}: no change")
    copy = pick_copy(db, game, status.copy.id).copy
    edition = f"; edition: {copy.edition}" if copy.edition else ""
    click.echo(f"  kept in: {copy.location or '-'}; box: {copy.box_condition or '-'}; "
               f"components: {copy.components_condition or '-'}; notes: {copy.notes or '-'}"
               f"{edition}")


@shelf.command("remove-copy")
@click.argument("game")
@click.option("--copy", "copy_id", type=int, help="The copy's id (see 'shelf list').")
@handles_errors
def remove_copy_(game: str, copy_id: int | None) -> None:
    """Delete a copy of GAME and its counts."""
    db = user_db()
    status = pick_copy(db, game, copy_id)
    click.echo(remove_copy(db, status.copy.id).label)


def _assignments(items: tuple[str, ...], what: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item in items:
        name, sign, number = item.rpartition("=")
        if not sign or not name.strip() or not number.strip().isdigit():
            raise ShelfError(f"{what}: expected COMPONENT=N, not {item!r}")
        counts[name.strip()] = int(number)
    return counts


@shelf.command()
@click.argument("game")
@click.argument("counts", nargs=-1, metavar="COMPONENT=N ...")
@click.option("--copy", "copy_id", type=int, help="The copy's id (needed if you own several).")
@click.option("--damaged", multiple=True, metavar="COMPONENT=N",
              help="How many of the pieces found are damaged (repeatable).")
@handles_errors
def count(game: str, counts: tuple[str, ...], copy_id: int | None,
          damaged: tuple[str, ...]) -> None:
    """Save the pieces found per component of a copy of GAME (kept as you go)."""
    found, broken = _assignments(counts, "count"), _assignments(damaged, "--damaged")
    if not found and not broken:
        raise ShelfError("give at least one COMPONENT=N")
    db = user_db()
    click.echo(set_counts(db, game, copy_id, found, broken).label)
    status = pick_copy(db, game, copy_id)
    click.echo(_copy_line(status).strip())


@shelf.command()
@click.argument("game")
@click.option("--copy", "copy_id", type=int, help="The copy's id (needed if you own several).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--csv", "csv_file", type=click.Path(dir_okay=False),
              help="Also write the report to this CSV file.")
@click.option("--pdf", "pdf_file", type=click.Path(dir_okay=False),
              help="Also write the report to this PDF file (to print).")
@handles_errors
def missing(game: str, copy_id: int | None, as_json: bool, csv_file: str | None,
            pdf_file: str | None) -> None:
    """What a copy of GAME is missing, and whether its rules can still be played."""
    db = user_db()
    status = pick_copy(db, game, copy_id)
    written = [export_report(db, game, status.copy.id, Path(file), kind)
               for file, kind in ((csv_file, "csv"), (pdf_file, "pdf")) if file]
    report = status.report
    for path in written:
        click.echo(f"wrote {path}", err=as_json)  # keep stdout pure JSON
    if as_json:
        _echo_json(report.as_dict(status.copy.id))
        return
    click.echo(f"{report.game}, copy {status.copy.id}: "
               f"{'complete' if report.complete else 'not complete'}, "
               f"{'playable' if report.playable else 'not playable'}")
    for c in report.missing:
        click.echo(f"  missing {c.missing} x {c.name} [{' > '.join(c.group)}]: "
                   f"{c.found} of {c.expected} found")
    for check in report.broken_rules:
        click.echo(f"  not playable: {check.describe()}")
    for c in report.damaged:
        click.echo(f"  damaged: {c.damaged} x {c.name}")
    if report.uncounted:
        click.echo("  not counted yet (taken as none found): "
                   + count_text(len(report.uncounted), "component"))


@shelf.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@handles_errors
def import_(file: str) -> None:
    """Add a game of your own from a game file (all-or-nothing)."""
    click.echo(f"{file}: imported {import_game(user_db(), Path(file)).value}")


@shelf.command()
@click.argument("game")
@click.argument("file", type=click.Path(dir_okay=False))
@handles_errors
def export(game: str, file: str) -> None:
    """Write the definition of GAME to FILE (the game file format)."""
    click.echo(f"wrote {export_game(user_db(), game, Path(file))}")


def _mystic_war(game: str):
    definition = game_definition(user_db(), game)
    if definition.name != MYSTIC_WAR:
        raise ShelfError(f"only {MYSTIC_WAR} can be dealt and its odds read, not "
                         f"{definition.name}")
    return definition


@shelf.command()
@click.argument("game")
@click.option("--players", type=int, required=True, help="3 to 8.")
@click.option("--seed", type=int, help="Reproduce a deal.")
@click.option("--json", "as_json", is_flag=True, help="Print the deal as JSON.")
@handles_errors
def deal(game: str, players: int, seed: int | None, as_json: bool) -> None:
    """Set up a game of Mystic War as "3.0 Set Up" says."""
    table = mystic_war.deal(_mystic_war(game), players, seed)
    if as_json:
        data = asdict(table)
        data["deck"] = [card.name for card in table.deck]
        for player, setup in zip(data["players"], table.players, strict=True):
            player["hand"] = [card.name for card in setup.hand]
            player["cut"] = [card.name for card in setup.cut]
        _echo_json(data)
        return
    click.echo(f"Seed {table.seed}; first player: seat {table.first_player}")
    for p in table.players:
        click.echo(f"seat {p.seat}: {p.victory_condition}; hand: "
                   f"{', '.join(c.name for c in p.hand)}; wealth {p.wealth}; "
                   f"cut: {', '.join(c.name for c in p.cut)}")
    click.echo(f"Action Card Deck: {len(table.deck)} cards, the white-backed Judgment last")
    for note in table.notes:
        click.echo(f"note: {note}")


@shelf.command()
@click.argument("game")
@click.option("--group", "groups", multiple=True, metavar="NAME",
              help="A card name or group (Dragon, EVENT, 'Action cards > EVENT > Judgment'); "
                   "repeat to count several together.")
@click.option("--cards", type=click.IntRange(0), default=2, show_default=True,
              help="How many of a player's first Action cards.")
@click.option("--at-least", type=click.IntRange(0), default=1, show_default=True)
@click.option("--judgment-within", type=click.IntRange(0), metavar="K",
              help="P(the first Judgment within the first K draws of the deck).")
@click.option("--json", "as_json", is_flag=True)
@handles_errors
def odds(game: str, groups: tuple[str, ...], cards: int, at_least: int,
         judgment_within: int | None, as_json: bool) -> None:
    """Exact odds on Mystic War's Action deck: P(at least J of GROUP among K cards)."""
    definition = _mystic_war(game)
    if not groups and judgment_within is None:
        raise ShelfError("ask about --group NAME (with --cards, --at-least) or "
                         "--judgment-within K")
    answers = []
    if groups:
        p = mystic_war.p_in_first_cards(definition, groups, cards, at_least)
        answers.append((f"P(at least {at_least} of {' or '.join(groups)} among the first "
                        f"{cards} cards)", p))
    if judgment_within is not None:
        answers.append((f"P(first Judgment within {judgment_within} draws)",
                        mystic_war.p_first_judgment_within(definition, judgment_within)))
    if as_json:
        _echo_json([{"question": q, "fraction": str(p), "probability": float(p)}
                    for q, p in answers])
        return
    for question, p in answers:
        click.echo(f"{question} = {p} = {float(p):.4f}")


@shelf.group()
def photo() -> None:
    """Photos of a copy: add, list, remove."""


@photo.command("add")
@click.argument("game")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--copy", "copy_id", type=int, help="The copy's id (needed if you own several).")
@handles_errors
def photo_add(game: str, files: tuple[str, ...], copy_id: int | None) -> None:
    """Import photos (FILES) of a copy of GAME: turned upright, with thumbnails."""
    db = user_db()
    status = pick_copy(db, game, copy_id)
    for file in files:
        outcome = add_photo(db, status.copy.id, Path(file))
        click.echo(f"{file}: photo {outcome.value} of copy {status.copy.id}")


@photo.command("list")
@click.argument("game")
@click.option("--copy", "copy_id", type=int, help="The copy's id (needed if you own several).")
@click.option("--json", "as_json", is_flag=True, help="Print the photos as JSON.")
@handles_errors
def photo_list(game: str, copy_id: int | None, as_json: bool) -> None:
    """The photos of a copy of GAME, with their files in the image cache."""
    db = user_db()
    status = pick_copy(db, game, copy_id)
    photos = copy_photos(db, status.copy.id)
    if as_json:
        _echo_json([{"photo": p.id, "copy": p.copy_id, "path": str(p.path),
                     "thumbnail": str(p.thumbnail), "original_name": p.original_name,
                     "width": p.width, "height": p.height, "added": p.added}
                    for p in photos])
        return
    if not photos:
        click.echo(f"copy {status.copy.id} of {status.copy.game} has no photos")
    for p in photos:
        click.echo(f"photo {p.id}: {p.original_name} ({p.width} x {p.height} px) {p.path}")


@photo.command("remove")
@click.argument("game")
@click.argument("photo_id", type=int, metavar="PHOTO")
@click.option("--copy", "copy_id", type=int, help="The copy's id (needed if you own several).")
@handles_errors
def photo_remove(game: str, photo_id: int, copy_id: int | None) -> None:
    """Take photo PHOTO (its id, see 'shelf photo list') off a copy of GAME."""
    db = user_db()
    status = pick_copy(db, game, copy_id)
    click.echo(remove_photo(db, status.copy.id, photo_id).label)
