"""``deckbuilder deck``: validate, convert, analyse deck list files and list what to acquire.

Exit status: 0 success (``validate``: the deck is legal), 1 ``validate`` found the
deck illegal, 2 the file cannot be read, names an unknown card, or the database
cannot be opened. Errors are one message per line on stderr, never a traceback.
"""

from __future__ import annotations

import json
import sys

import click

from card_db.catalogue import UnknownCardError
from card_db.text_safety import escape_unsafe
from deckbuilder import formats
from deckbuilder.cli.context import user_db
from deckbuilder.cli.deck_files import from_option
from deckbuilder.cli.errors import EXIT_BAD_INPUT, fail, handles_errors
from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList
from deckbuilder.deck.edits import add_cards
from deckbuilder.deck.edits import remove as remove_copies
from deckbuilder.deck.legality import validate as check
from deckbuilder.deck.ownership import to_acquire
from deckbuilder.deck.resolve import UnknownCardsError, resolve_deck
from deckbuilder.deck.stats import deck_stats
from deckbuilder.formats import DeckFormatError
from deckbuilder.presentation import ESTIMATED_MARK, ESTIMATED_NOTE, count_text
from deckbuilder.services.collection import deck_usage, owned_counts
from deckbuilder.services.deck_sources import (
    STDIN,
    edit_deck_file,
    name_from_file,
    read_deck_list,
    source_label,
)
from deckbuilder.services.deck_versions import (
    deck_history,
    diff_versions,
    load_version,
    revert_deck,
)
from deckbuilder.services.decks import save_deck_version
from deckbuilder.services.proxy_sheet import needs_proxy_sheet

EXIT_ILLEGAL = 1


def _read(file: str, from_format: str | None = None):
    """The deck list in ``file`` (``-``: standard input); exits 2 if it cannot be read."""
    try:
        return read_deck_list(file, from_format)
    except DeckFormatError as exc:
        fail(str(exc))


def _resolved(file: str, from_format: str | None = None):
    """(resolved deck, catalogue) for ``file``; exits 2 on a bad file or unknown card."""
    deck_list = _read(file, from_format)
    catalogue = user_db().catalogue()
    try:
        return resolve_deck(deck_list, catalogue, path=source_label(file)), catalogue
    except UnknownCardsError as exc:
        fail(str(exc))


def _echo_json(data: object) -> None:
    click.echo(escape_unsafe(json.dumps(data, indent=2, ensure_ascii=False), allow="\n"))


@click.group()
def deck() -> None:
    """Check, convert and analyse deck list files (.txt .csv .json .cod .dek .o8d .mwDeck
    .dec .dck); save them in your decks and keep every version (save, history, diff,
    show, revert)."""


@deck.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@from_option
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--starter", is_flag=True, help="Starter deck: remove duplicate Paths first.")
@handles_errors
def validate(file: str, from_format: str | None, as_json: bool, starter: bool) -> None:
    """Check FILE against the rulebook's Deck Construction rules.

    Exit 0 if legal, 1 if illegal, 2 if FILE cannot be read or names an unknown card.
    FILE may be - (standard input).
    """
    deck_list, catalogue = _resolved(file, from_format)
    report = check(deck_list, catalogue, starter=starter)
    if as_json:
        _echo_json(report.to_dict())
    else:
        verdict = "legal" if report.legal else "ILLEGAL"
        click.echo(f"{file}: {verdict} ({report.card_count} cards)")
        for heading, findings in (("Violations", report.violations), ("Warnings", report.warnings)):
            if findings:
                click.echo(f"{heading}:")
                for finding in findings:
                    click.echo(f"  [{finding.rule}] {escape_unsafe(finding.message)}")
    sys.exit(0 if report.legal else EXIT_ILLEGAL)


@deck.command()
@click.argument("source", type=click.Path(dir_okay=False, allow_dash=True))
@from_option
@click.argument("target", type=click.Path(dir_okay=False))
@click.option(
    "--to", "to_format", default=None,
    help="Output format: text, csv, json, cockatrice, lackey, octgn, mws, forge, pdf, png "
    "(default: from TARGET's extension).",
)
@click.option("--player", default=None, help="Player name on a PDF sheet (default: the author).")
@handles_errors
def convert(
    source: str, target: str, from_format: str | None, to_format: str | None, player: str | None
) -> None:
    """Convert deck file SOURCE (- for standard input) to TARGET. Card names are checked
    against the catalogue and written in its spelling."""
    try:
        out_format = formats.get(to_format) if to_format else formats.by_extension(target)
    except formats.UnknownFormatError as exc:
        fail(str(exc))
    deck_list, catalogue = _resolved(source, from_format)
    options: dict = {"player": player} if out_format.name == "pdf" and player is not None else {}
    if out_format.name == "png":
        # lazy: Pillow loads only for a PNG export
        from deckbuilder.formats.png import DEFAULT_CELL_WIDTH
        from deckbuilder.services.images import scan_faces

        records = [catalogue.resolve(e.name) for e in deck_list.merged().main]
        options["faces"] = scan_faces(user_db(), records, DEFAULT_CELL_WIDTH)
    formats.write_file(deck_list, target, out_format.name, catalogue, **options)
    click.echo(f"wrote {target} ({out_format.name})")


@deck.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@from_option
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON.")
@handles_errors
def stats(file: str, from_format: str | None, as_json: bool) -> None:
    """Statistics of FILE's main deck: types, Dominions, Prime curve, Magic, Strength,
    Characters needed to secure its Sites, permanents and instants. FILE may be -
    (standard input)."""
    deck_list, catalogue = _resolved(file, from_format)
    result = deck_stats(deck_list, catalogue)
    if as_json:
        _echo_json(result.to_dict())
        return

    def mark(key: str) -> str:
        return ESTIMATED_MARK if result.estimated.get(key) else ""

    def number(value: float | None) -> str:
        return "-" if value is None else f"{value:.2f}"

    click.echo(f"{escape_unsafe(deck_list.name or str(file))}: {result.card_count} cards")
    click.echo(
        f"Permanent {result.permanent}{mark('permanent')}, "
        f"instant {result.instant}{mark('permanent')}"
    )
    click.echo(
        "By type: " + ", ".join(f"{t} {n}" for t, n in result.by_type.items() if n)
        + mark("by_type")
    )
    click.echo(
        "By Dominion (Border Sites under both): "
        + ", ".join(f"{d} {n}" for d, n in result.by_dominion.items() if n)
        + mark("by_dominion")
    )
    curve = " ".join(f"{p}:{n}" for p, n in result.prime_curve.items()) or "-"
    click.echo(f"Prime curve{mark('prime_curve')}: {curve}")
    click.echo(
        f"Characters {result.characters}{mark('by_type')}: "
        f"Magic total {result.magic_total}{mark('magic')}, "
        f"average {number(result.magic_average)}; Strength total {result.strength_total}"
        f"{mark('strength')}, average {number(result.strength_average)}"
    )
    secure = result.characters_to_secure
    click.echo(
        f"Sites: mean Resistance {number(result.mean_resistance)}{mark('resistance')}; "
        f"Characters of mean Magic to secure one: {'-' if secure is None else secure}"
    )
    for site in result.sites:
        resistance = "-" if site.resistance is None else str(site.resistance)
        needed = "-" if site.characters is None else str(site.characters)
        est = ESTIMATED_MARK if site.estimated else ""
        noun = "Character" if site.characters == 1 else "Characters"
        click.echo(f"  {site.copies} {escape_unsafe(site.name)}: "
                   f"Resistance {resistance}{est}, {needed} {noun}")
    if any(result.estimated.values()):
        click.echo(ESTIMATED_NOTE)


@deck.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@from_option
@click.option(
    "--other-decks", is_flag=True,
    help="Count copies already used by your other saved decks as unavailable.",
)
@click.option("--no-sideboard", is_flag=True, help="Leave the sideboard out.")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
@click.option("--pdf", "pdf_file", type=click.Path(dir_okay=False), default=None,
              help="Also write a proxy sheet of exactly these copies (A4, 3 x 3 cards "
              "of real size with cut lines) to this PDF.")
@handles_errors
def needs(
    file: str, from_format: str | None, other_decks: bool, no_sideboard: bool, as_json: bool,
    pdf_file: str | None,
) -> None:
    """List the cards of FILE (- for standard input) you do not own enough copies of (a
    buy or trade list); --pdf prints them as proxies."""
    deck_list, _ = _resolved(file, from_format)
    db = user_db()
    # The deck's own saved copy (saved under its name, or the file's) is not another deck.
    own_name = deck_list.name or ("" if file == STDIN else name_from_file(file))
    used = deck_usage(db, exclude_deck=own_name) if other_decks else None
    rows = to_acquire(deck_list, owned_counts(db), used, include_sideboard=not no_sideboard)
    if pdf_file is not None and rows:
        path, cards = needs_proxy_sheet(db, rows, pdf_file,
                                        title=f"{own_name or 'Deck'}: cards still needed")
        click.echo(f"Proxy sheet of {count_text(cards, 'card')} written to {path}",
                   err=as_json)
    elif pdf_file is not None:
        click.echo("No proxy sheet written: you own every card this deck needs.",
                   err=as_json)
    if as_json:
        _echo_json([row.to_dict() for row in rows])
        return
    if not rows:
        click.echo("You have every card this deck needs.")
        return
    for row in rows:
        detail = f"need {row.needed}, own {row.owned}"
        if other_decks:
            detail += f", {row.used_elsewhere} in other decks"
        click.echo(f"{row.to_acquire} {escape_unsafe(row.name)}  ({detail})")
    click.echo(f"Total to acquire: {sum(r.to_acquire for r in rows)} cards")


# -- editing a deck file in place (deck add, deck remove) ---------------------------------


def _zone(side: bool) -> str:
    return SIDEBOARD if side else MAIN


def _edit_file(file: str, make_edit, card: str, zone: str) -> None:
    """Do ``make_edit`` on FILE in place (see ``services.deck_sources.edit_deck_file``)
    and print what changed; exits 2 if the file cannot be read or nothing changed."""
    where = "the sideboard" if zone == SIDEBOARD else "the main deck"
    try:
        edit = edit_deck_file(file, make_edit)
    except DeckFormatError as exc:
        fail(str(exc))
    if edit is None:
        fail(f"{file}: no {card} in {where}")
    after = DeckList(main=list(edit.after[zone]))
    click.echo(f"{file}: {edit.label}; now {after.count_of(card)} in {where} "
               f"({after.total()} cards)")


@deck.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("name")
@click.option("--count", type=click.IntRange(1), default=1, show_default=True,
              help="Copies to add.")
@click.option("--side", is_flag=True, help="Add to the sideboard instead of the main deck.")
@handles_errors
def add(file: str, name: str, count: int, side: bool) -> None:
    """Add COUNT copies of the card NAME to deck file FILE, rewritten in its own format.

    NAME is matched against the catalogue (exit 2 with the closest names if unknown).
    """
    card = user_db().catalogue().resolve(name).name
    zone = _zone(side)
    _edit_file(file, lambda deck_list: add_cards(deck_list, [card], count, zone), card, zone)


@deck.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("name")
@click.option("--count", type=click.IntRange(1), default=1, show_default=True,
              help="Copies to remove (at most those in the deck).")
@click.option("--side", is_flag=True, help="Remove from the sideboard instead of the main deck.")
@handles_errors
def remove(file: str, name: str, count: int, side: bool) -> None:
    """Remove up to COUNT copies of the card NAME from deck file FILE, rewritten in its
    own format. Exit 2 if the card is not there."""
    catalogue = user_db().catalogue()
    record = catalogue.get(name)
    card = record.name if record is not None else name.strip()
    zone = _zone(side)

    def make_edit(deck_list):
        if record is None and not deck_list.count_of(card, zone):
            raise UnknownCardError(name, catalogue.suggest(name))
        return remove_copies(deck_list, card, count, zone)

    _edit_file(file, make_edit, card, zone)


# -- saved decks and their versions (issue 23, section 1) ---------------------------------


def _version_line(info) -> str:
    when = info.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
    by = f" by {escape_unsafe(info.author)}" if info.author else ""
    shown = info.changes[:6]
    changes = "; ".join(escape_unsafe(c.describe()) for c in shown) or "no change"
    if len(info.changes) > len(shown):
        changes += f"; and {len(info.changes) - len(shown)} more (deck history --json)"
    return f"v{info.version}  {when}{by}  {info.cards} cards  {changes}"


@deck.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@from_option
@click.option("--as", "as_name", default=None, help="Save under this name (default: the deck's "
              "own name, else the file's).")
@handles_errors
def save(file: str, from_format: str | None, as_name: str | None) -> None:
    """Save deck file FILE in your decks: a new saved deck, or a new version of the saved
    deck of that name (the version it replaces is kept: see deck history)."""
    deck_list, _ = _resolved(file, from_format)
    name = (as_name or deck_list.name or ("" if file == STDIN else name_from_file(file))).strip()
    if not name:
        fail("--as: the deck has no name; name it with --as NAME")
    deck_list.name = name
    version = save_deck_version(user_db(), deck_list.merged()).value
    click.echo(f"Saved {escape_unsafe(name)} as version {version} ({deck_list.total()} cards)")


def _version_number(text: str, option: str) -> int:
    value = text.strip().lstrip("vV")
    if not value.isdigit() or int(value) < 1:
        fail(f"{option}: {text!r} is not a version number (1, 2, 3...; see deck history)")
    return int(value)


@deck.command()
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print the versions as JSON.")
@handles_errors
def history(name: str, as_json: bool) -> None:
    """List the kept versions of the saved deck NAME, oldest first, each with what
    changed from the version before it."""
    versions = deck_history(user_db(), name)
    if as_json:
        _echo_json([v.to_json() for v in versions])
        return
    for info in versions:
        click.echo(_version_line(info))


@deck.command()
@click.argument("name")
@click.argument("v1")
@click.argument("v2")
@handles_errors
def diff(name: str, v1: str, v2: str) -> None:
    """What changed in the saved deck NAME from version V1 to version V2."""
    old, new = _version_number(v1, "V1"), _version_number(v2, "V2")
    changes = diff_versions(user_db(), name, old, new)
    if not changes:
        click.echo(f"Versions {old} and {new} hold the same cards.")
    for change in changes:
        click.echo(escape_unsafe(change.describe()))


@deck.command()
@click.argument("name")
@click.option("--version", "version", default=None, help="The version to show (default: "
              "the newest).")
@click.option("--json", "as_json", is_flag=True, help="Print the deck as JSON.")
@handles_errors
def show(name: str, version: str | None, as_json: bool) -> None:
    """Show the saved deck NAME (or one of its kept versions) as a deck list."""
    number = None if version is None else _version_number(version, "--version")
    stored = load_version(user_db(), name, number)
    shown = stored.deck
    if as_json:
        _echo_json({"name": shown.name, "version": stored.version, "notes": shown.notes,
                    "main": [list(e) for e in shown.main],
                    "side": [list(e) for e in shown.sideboard]})
        return
    click.echo(f"// {escape_unsafe(shown.name)}, version {stored.version}, "
               f"{shown.total()} cards")
    for entry in shown.main:
        click.echo(f"{entry.count} {escape_unsafe(entry.name)}")
    if shown.sideboard:
        click.echo("\nSideboard:")
        for entry in shown.sideboard:
            click.echo(f"{entry.count} {escape_unsafe(entry.name)}")


@deck.command()
@click.argument("name")
@click.argument("version")
@handles_errors
def revert(name: str, version: str) -> None:
    """Save version VERSION of the saved deck NAME again as its newest version (every
    version stays kept)."""
    number = _version_number(version, "VERSION")
    new = revert_deck(user_db(), name, number).value
    click.echo(f"Reverted {escape_unsafe(name)} to version {number}: saved as version {new}")


__all__ = ["EXIT_BAD_INPUT", "EXIT_ILLEGAL", "deck"]
