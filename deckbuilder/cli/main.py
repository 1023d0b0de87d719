"""Entry point of the ``deckbuilder`` console script.

Subcommand groups live in their own modules and are imported only when used, so
``deckbuilder cards search`` never imports Qt, the rules engine or Alembic.
Exit status: 0 success, 1 a negative answer (e.g. an illegal deck), 2 bad input (a
:class:`~card_db.errors.UserError`, a file that cannot be read or written, or a
``--db`` path whose folder does not exist, unless ``--create``), 130 stopped by Ctrl+C,
70 a bug
in deckbuilder (``EX_SOFTWARE``; the traceback goes to a file in the user's log folder,
see :mod:`deckbuilder.cli.errors`).
"""

from __future__ import annotations

import importlib
import os
import signal
import sys
import threading
from importlib import metadata
from pathlib import Path

import click

from card_db import postgres
from card_db.errors import UserError
from deckbuilder.cli.context import CliState
from deckbuilder.cli.errors import fail, handles_errors, interrupted

#: command name -> "module:attribute" of a click command or group.
LAZY_COMMANDS = {
    "cards": "deckbuilder.cli.cards:cards",
    "collection": "deckbuilder.cli.collection:collection",
    "db": "deckbuilder.cli.database:db",
    "deck": "deckbuilder.cli.deck:deck",
    "log": "deckbuilder.cli.log:log",
    "hand": "deckbuilder.cli.play:hand",
    "odds": "deckbuilder.cli.play:odds",
    "publish": "deckbuilder.cli.publish:publish",
    "goldfish": "deckbuilder.cli.play:goldfish",
    "match": "deckbuilder.cli.match:match",
    "gauntlet": "deckbuilder.cli.match:gauntlet",
    "games": "deckbuilder.cli.games:games",
    "shelf": "deckbuilder.cli.shelf:shelf",
    "tune": "deckbuilder.cli.tune:tune",
    "scenario": "deckbuilder.cli.scenario:scenario",
    "scan": "deckbuilder.cli.scan:scan",
    "undo": "deckbuilder.cli.undo:undo",
    "redo": "deckbuilder.cli.undo:redo",
}


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use.

    Every command ends as :func:`~deckbuilder.cli.errors.handles_errors` says, whether
    or not it is decorated with it.
    """

    invoke = handles_errors(click.Group.invoke)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(LAZY_COMMANDS))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY_COMMANDS:
            module_name, attr = LAZY_COMMANDS[cmd_name].split(":")
            try:
                module = importlib.import_module(module_name)
            except ModuleNotFoundError as exc:
                if exc.name == module_name:
                    return None
                raise
            return getattr(module, attr)
        return super().get_command(ctx, cmd_name)


def _print_version(ctx: click.Context, value: bool) -> None:
    """``--version``: the package version, then which goldfish core plays (compiled C or
    pure Python, see :mod:`deckbuilder.engine.simulation.fastcore`)."""
    if not value or ctx.resilient_parsing:
        return
    # lazy: the engine's core module is loaded only to answer --version
    from deckbuilder.engine.simulation.fastcore import core_name

    click.echo(f"{ctx.find_root().info_name}, version {metadata.version('imajica-deckbuilder')}")
    click.echo(f"goldfish core: {core_name()}")
    ctx.exit()


@click.group(cls=LazyGroup, invoke_without_command=True)
@click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False),
    default=None,
    envvar="DECKBUILDER_DB",
    help="User database file, or a shared PostgreSQL database as postgresql://user@host/dbname "
    "(never put the password in it: use ~/.pgpass or PGPASSWORD) "
    "(default: $DECKBUILDER_DB, else the platform data folder).",
)
@click.option(
    "--create",
    is_flag=True,
    help="Create the folder of --db if it does not exist (else a missing folder is refused).",
)
@click.option(
    "--screenshot",
    "screenshot_dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Render each main screen to a PNG in this folder, offscreen, and exit.",
)
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=lambda ctx, _param, value: _print_version(ctx, value),
              help="Show the version and the goldfish core in use, and exit.")
@click.pass_context
def cli(
    ctx: click.Context, db_path: str | None, create: bool, screenshot_dir: str | None
) -> None:
    """Imajica Deck Builder. With no command, opens the desktop app."""
    if postgres.is_url(db_path):
        try:
            ctx.obj = CliState(postgres.check_url(db_path))
        except UserError as exc:
            fail(f"--db: {exc}")
        if ctx.invoked_subcommand is None:
            sys.exit(_open_gui(screenshot_dir, ctx.obj.db_path))
        return
    path = Path(db_path).expanduser().absolute() if db_path else None
    if path is not None and not create and not path.parent.is_dir():
        fail(
            f"--db {db_path}: the folder {path.parent} does not exist. Check the path, "
            "or add --create to create the folder and a new database in it."
        )
    ctx.obj = CliState(path)
    if ctx.invoked_subcommand is None:
        sys.exit(_open_gui(screenshot_dir, ctx.obj.db_path))


def _open_gui(screenshot_dir: str | None, db_path: Path | str | None) -> int:
    try:
        gui = importlib.import_module("deckbuilder.gui.app")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("deckbuilder.gui"):
            click.echo("The desktop app is not built yet. Use the command line: deckbuilder --help")
            return 0
        raise
    return gui.run(screenshot_dir=screenshot_dir, db_path=db_path)


def main() -> None:
    try:
        cli(prog_name="deckbuilder")
    except KeyboardInterrupt:  # outside a command (e.g. while importing it)
        interrupted()
    except BrokenPipeError:
        # The reader closed the pipe (`deckbuilder cards search | head`): stop quietly,
        # as Python's documentation recommends, without a second error at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)
    finally:
        _ignore_late_interrupts()


def _ignore_late_interrupts() -> None:
    """Once the command has ended (its writes committed or rolled back), a Ctrl+C during
    the interpreter's shutdown changes nothing: ignore it rather than print a traceback
    that reads as a bug."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


if __name__ == "__main__":
    main()
