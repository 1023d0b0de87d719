"""``deckbuilder publish TOOL DIR``: the catalogue as a card package for another tool."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from card_db.images.proxy import MIN_WIDTH_PX
from card_db.text_safety import escape_unsafe
from deckbuilder.cli.context import user_db
from deckbuilder.cli.errors import handles_errors
from deckbuilder.formats.publish import TOOLS
from deckbuilder.formats.publish.staging import MARKER
from deckbuilder.services.publish import DEFAULT_WIDTH
from deckbuilder.services.publish import publish as publish_package


@click.command()
@click.argument("tool", type=click.Choice(list(TOOLS)))
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--width", type=click.IntRange(MIN_WIDTH_PX, 2000), default=DEFAULT_WIDTH,
              show_default=True, help="Width of each card picture in pixels.")
@click.option("--base-url", metavar="URL", default=None,
              help="lackey: the address FOLDER will be served from; writes updatelist.txt "
              "and version.txt for Lackey's Install or Update from URL.")
@click.option("--cockatrice-db", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="cockatrice: your main cards.xml, to list the names it "
              "shares with ours (default: Cockatrice's own data folder).")
@handles_errors
def publish(tool: str, folder: Path, width: int, base_url: str | None,
            cockatrice_db: Path | None) -> None:
    """Write every card of the catalogue as a package TOOL can load, into FOLDER.

    \b
    cockatrice  a custom card database (customsets/Imajica.xml, and cards.xml for a
                Cockatrice without a main database) and pictures
    octgn       a game definition (GameDatabase/, ImageDatabase/)
    lackey      a LackeyCCG plugin folder (plugininfo.txt, formats.txt, sets/; with
                --base-url also updatelist.txt and version.txt)

    Pictures are your attached scans, else proxies. FOLDER must be new, empty or a
    package written before (it is replaced whole, at the end). FOLDER/IMAJICA-PACKAGE.txt
    says how to install it; decks exported as .cod, .o8d and .dek open with its cards.
    """
    db = user_db()
    if sys.stderr.isatty():
        with click.progressbar(length=len(db.catalogue()), label=f"{tool} pictures",
                               file=sys.stderr) as bar:
            result = publish_package(db, tool, folder, width=width,
                                     progress=lambda done, total: bar.update(1),
                                     base_url=base_url, cockatrice_database=cockatrice_db)
    else:
        result = publish_package(db, tool, folder, width=width, base_url=base_url,
                                 cockatrice_database=cockatrice_db)
    click.echo(f"Published {result.cards} cards for {tool} into {result.folder} "
               f"({result.scans} pictures from your scans, {result.cards - result.scans} "
               f"proxies).")
    if tool == "cockatrice":
        _echo_clashes(result.clashes, result.main_database)
    click.echo(f"To install it, read {result.folder / MARKER}.")


def _echo_clashes(clashes: tuple[str, ...] | None, main: Path | None) -> None:
    if clashes is None:
        click.echo("No main Cockatrice database could be read: Cockatrice loads custom "
                   "sets only after one; the package's cards.xml can serve as it.")
    elif clashes:
        click.echo(f"{len(clashes)} names are also in {main} (its cards will be used): "
                   + escape_unsafe(", ".join(clashes)))
    else:
        click.echo(f"No card of {main} has the name of one of ours.")
