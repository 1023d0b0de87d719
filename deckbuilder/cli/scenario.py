"""``deckbuilder scenario``: the rulebook's worked examples, played out by the engine.

Without NAME, lists the scenarios. With NAME, sets up the table of that example
(:mod:`deckbuilder.engine.controllers.scenarios`), plays it with every choice made as the
rulebook's players make it, through the moves a person is offered, and prints the
log. Exit status: 0 when the outcome is the rulebook's, 1 when it is not, 2 for an
unknown NAME.
"""

from __future__ import annotations

import json

import click

from card_db.text_safety import escape_unsafe
from deckbuilder.cli.context import user_db
from deckbuilder.cli.errors import fail, handles_errors


@click.command()
@click.argument("name", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the log and outcome as JSON.")
@handles_errors
def scenario(name: str | None, as_json: bool) -> None:
    """Play the rulebook's worked example NAME (without NAME: list them)."""
    # lazy: each command loads only the part of the engine it runs
    from deckbuilder.engine.controllers.scenarios import SCENARIOS, play_as_rulebook

    if name is None:
        for sc in SCENARIOS.values():
            click.echo(f"{sc.key}: {sc.title} (rulebook: {sc.source})")
        return
    sc = SCENARIOS.get(name)
    if sc is None:
        fail(f"no scenario {name!r}; known: {', '.join(SCENARIOS)}")
    game, ok = play_as_rulebook(sc, user_db().catalogue().resolve)
    if as_json:
        data = {"scenario": sc.key, "title": sc.title, "source": sc.source,
                "log": game.log, "matches_rulebook": ok}
        click.echo(escape_unsafe(json.dumps(data, indent=2, ensure_ascii=False), allow="\n"))
    else:
        click.echo(escape_unsafe(f"{sc.title} (rulebook: {sc.source})"))
        for line in game.log:
            click.echo(escape_unsafe(line))
        click.echo("Outcome: as the rulebook says." if ok else "Outcome: NOT as the rulebook says.")
    if not ok:
        raise SystemExit(1)
