"""``deckbuilder log``: the match log, the games played with your decks (issue 23,
section 2).

``add`` logs a real game, ``list`` and ``remove`` show and take games out, ``stats``
prints win rates (wins over decided games, draws left out) with their 95% Wilson
intervals grouped by deck, version, opponent, affiliation, who went first or kind of
game, and ``export``/``import`` move the log as CSV (an import is all or nothing).
Games played on the Play screen and by ``deckbuilder match --log`` are logged by
themselves as computer games. Exit status: 0 success, 2 bad input (a value that is not
allowed, an unknown deck, version or game id, a bad CSV row: the message names the
field and line; nothing is written).
"""

from __future__ import annotations

import json

import click

from card_db.text_safety import escape_unsafe
from deckbuilder.cli.context import user_db
from deckbuilder.cli.errors import handles_errors
from deckbuilder.match_log.entry import ENDING_LABELS, KINDS, GameEntry, parse_entry
from deckbuilder.match_log.stats import GROUPS


def _echo_json(data: object) -> None:
    click.echo(escape_unsafe(json.dumps(data, indent=2, ensure_ascii=False), allow="\n"))


@click.group()
def log() -> None:
    """The match log: the games played with your decks, real and computer, and which
    version wins more, against whom."""


@log.command()
@click.option("--deck", "deck", required=True, help="The saved deck you played.")
@click.option("--version", "version", default=None,
              help="Its version (default: the newest; see deck history).")
@click.option("--opponent", required=True, help="Who you played against (a name).")
@click.option("--opponent-deck", default=None,
              help="Their deck if known: a saved deck's name or a deck file.")
@click.option("--opponent-affiliation", default=None,
              help="Their deck's main affiliation (default: read from --opponent-deck).")
@click.option("--result", required=True, help="win, loss or draw.")
@click.option("--went", default="", help="first or second: who acted first.")
@click.option("--ended", default="",
              help="How it ended: victory, exhausted-destiny, time or concession.")
@click.option("--rounds", default="", help="Number of rounds played.")
@click.option("--date", "played_on", default="", help="YYYY-MM-DD (default: today).")
@click.option("--notes", default="", help="Anything to remember about the game.")
@handles_errors
def add(deck: str, version: str | None, opponent: str, opponent_deck: str | None,
        opponent_affiliation: str | None, result: str, went: str, ended: str, rounds: str,
        played_on: str, notes: str) -> None:
    """Log a real game played with the saved deck DECK."""
    # lazy: the services and the database load only when the command runs
    from deckbuilder.services.match_log import add_game
    from deckbuilder.services.match_log import opponent_deck as read_opponent

    db = user_db()
    entry = parse_entry({"date": played_on, "deck": deck, "version": version or "",
                         "opponent": opponent, "opponent_affiliation": opponent_affiliation or "",
                         "went": went, "result": result, "ended": ended, "rounds": rounds,
                         "notes": notes, "kind": "real"})
    if opponent_deck:
        name, affiliation = read_opponent(db, opponent_deck)
        entry = GameEntry(**{**entry.values(), "opponent_deck": name,
                             "opponent_affiliation": entry.opponent_affiliation or affiliation})
    game_id = add_game(db, entry).value
    click.echo(f"Logged game {game_id}: {entry.result} with {escape_unsafe(entry.deck)} "
               f"against {escape_unsafe(entry.opponent)}")


def _describe(e: GameEntry) -> str:
    version = f" v{e.version}" if e.version is not None else ""
    against = e.opponent or "?"
    extra = ", ".join(x for x in (e.opponent_deck, e.opponent_affiliation) if x)
    if extra:
        against += f" ({extra})"
    details = [f"went {e.went}" if e.went else "", ENDING_LABELS.get(e.ended, e.ended),
               f"{e.rounds} rounds" if e.rounds else "",
               f"computer, {e.level}" if e.kind == "computer" else ""]
    tail = "; ".join(d for d in details if d)
    notes = f"  “{e.notes}”" if e.notes else ""
    return escape_unsafe(f"{e.id:>5}  {e.played_on}  {e.result:<4}  {e.deck}{version} "
                         f"against {against}" + (f"  [{tail}]" if tail else "") + notes)


@log.command(name="list")
@click.option("--deck", default=None, help="Only the games of this deck.")
@click.option("--kind", type=click.Choice(KINDS), default=None, help="Only real or computer games.")
@click.option("--json", "as_json", is_flag=True, help="Print the games as JSON.")
@handles_errors
def list_games(deck: str | None, kind: str | None, as_json: bool) -> None:
    """List the logged games, newest first, with their ids."""
    # lazy: the services and the database load only when the command runs
    from deckbuilder.services.match_log import logged_games, require_deck

    db = user_db()
    if deck is not None:
        require_deck(db, deck)
    games = logged_games(db, deck, kind)
    if as_json:
        _echo_json([g.to_json() for g in games])
        return
    if not games:
        click.echo("No games logged yet: deckbuilder log add --help")
    for game in games:
        click.echo(_describe(game))


@log.command()
@click.argument("game_id", metavar="ID", type=int)
@handles_errors
def remove(game_id: int) -> None:
    """Remove the logged game ID (see log list)."""
    # lazy: the services and the database load only when the command runs
    from deckbuilder.services.match_log import remove_game

    changes = remove_game(user_db(), game_id)
    click.echo(f"Removed game {game_id} ({escape_unsafe(changes.label)})")


@log.command()
@click.option("--deck", default=None, help="Only the games of this deck.")
@click.option("--by", type=click.Choice(GROUPS), default="deck", show_default=True,
              help="Group the games by this.")
@click.option("--kind", type=click.Choice(KINDS), default=None, help="Only real or computer games.")
@click.option("--json", "as_json", is_flag=True, help="Print the rows as JSON.")
@handles_errors
def stats(deck: str | None, by: str, kind: str | None, as_json: bool) -> None:
    """Win rate (wins over decided games, draws left out) with its 95% Wilson interval,
    one row per group."""
    # lazy: the services and the database load only when the command runs
    from deckbuilder.services.match_log import stats as log_stats

    rows = log_stats(user_db(), by, deck, kind)
    if as_json:
        _echo_json({"by": by, "rows": [r.to_json() for r in rows]})
        return
    if not rows:
        click.echo("No games logged yet.")
        return
    click.echo(f"{by:<24} games  wins  losses  draws  win rate  95% interval")
    for r in rows:
        key = "(unknown)" if r.key is None else (f"v{r.key}" if by == "version" else str(r.key))
        rate = "   -" if r.win_rate is None else f"{r.win_rate:6.1%}"
        click.echo(escape_unsafe(f"{key[:24]:<24} {r.games:>5} {r.wins:>5} {r.losses:>7} "
                                 f"{r.draws:>6}  {rate:>8}  {r.ci95[0]:.1%} to {r.ci95[1]:.1%}"))


@log.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--deck", default=None, help="Only the games of this deck.")
@handles_errors
def export(file: str, deck: str | None) -> None:
    """Write the logged games to FILE as CSV (oldest first)."""
    # lazy: the services and the database load only when the command runs
    from deckbuilder.services.match_log import export_log

    count = export_log(user_db(), file, deck)
    click.echo(f"Wrote {count} game{'s' if count != 1 else ''} to {file}")


@log.command(name="import")
@click.argument("file", type=click.Path(dir_okay=False))
@handles_errors
def import_games(file: str) -> None:
    """Log every game of the CSV file FILE (columns as log export writes them; date,
    deck and result required). All or nothing: a bad row is reported with its line and
    field, and no game is logged."""
    # lazy: the services and the database load only when the command runs
    from deckbuilder.services.match_log import import_log

    ids = import_log(user_db(), file).value
    click.echo(f"Imported {len(ids)} game{'s' if len(ids) != 1 else ''} from {file}")
