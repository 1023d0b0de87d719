"""``deckbuilder games``: the games saved on the Play screen (issue 13).

``list`` names them, ``show NAME`` replays one through the rules engine and prints
its game log (``--json``: the summary and the log), ``delete NAME`` removes one. Exit
status 2 for an unknown name (the closest names are suggested) or a saved game this
version cannot replay.
"""

from __future__ import annotations

import json

import click

from card_db.text_safety import escape_unsafe
from deckbuilder.cli.context import user_db
from deckbuilder.cli.errors import handles_errors
from deckbuilder.engine.records.replay import replay_steps
from deckbuilder.services.saved_games import delete_game, load_game, saved_games, summary


def _echo_json(data: object) -> None:
    click.echo(escape_unsafe(json.dumps(data, indent=2, ensure_ascii=False), allow="\n"))


@click.group()
def games() -> None:
    """Games saved on the Play screen: list, show (replay the log), delete."""


@games.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
@handles_errors
def list_games(as_json: bool) -> None:
    """The saved games, the most recently saved first."""
    found = saved_games(user_db())
    if as_json:
        _echo_json([{"name": g.name, "summary": g.summary, "finished": g.finished,
                     "saved": g.saved, "format_version": g.format_version} for g in found])
        return
    if not found:
        click.echo("No saved games (save one on the Play screen).")
    for g in found:
        click.echo(escape_unsafe(f"{g.name}  ({g.saved})  {g.summary}"))


@games.command("show")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print the summary and the log as JSON.")
@handles_errors
def show(name: str, as_json: bool) -> None:
    """Replay the saved game NAME and print its game log."""
    record = load_game(user_db(), name)
    lines = [line for step in replay_steps(record) for line in step.lines]
    if as_json:
        _echo_json({"name": name, "summary": summary(record), "seed": record.seed,
                    "decisions": len(record.choices), "over": record.over, "log": lines})
        return
    click.echo(escape_unsafe(summary(record)))
    click.echo(escape_unsafe("\n".join(lines), allow="\n"))


@games.command("delete")
@click.argument("name")
@handles_errors
def delete(name: str) -> None:
    """Delete the saved game NAME."""
    changes = delete_game(user_db(), name)
    click.echo(escape_unsafe(changes.label.replace("Delete the", "Deleted the")))
