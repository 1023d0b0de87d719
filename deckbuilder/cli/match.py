"""``deckbuilder match`` and ``gauntlet``: computer against computer, with statistics.

A DECK is a deck file (any format the deck readers take; - for standard input, once;
``--from FORMAT`` when the extension says nothing), else the name of a saved
deck, else the name of a bundled demo deck (its file name without extension). Exit
status: 0 success, 2 a deck that cannot be found, read or set up, 130 stopped by
Ctrl+C. The computer Autarchs' levels are :data:`deckbuilder.engine.controllers.levels.LEVELS`
(novice, casual, quick, strong, expert: ``docs/computer-opponents.md``); ``--level``
sets both sides, ``--level-a``/``--level-b`` one side; the expert thinks ``--think``
seconds per decision, or ``--iterations`` iterations (reproducible).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable

import click

from card_db.errors import UserError
from deckbuilder.cli.context import user_db
from deckbuilder.cli.deck_files import check_stdin_once, from_option
from deckbuilder.cli.errors import handles_errors
from deckbuilder.engine.controllers.levels import LEVELS
from deckbuilder.engine.simulation.match import (
    DEFAULT_MAX_ROUNDS,
    GauntletStats,
    MatchStats,
    run_gauntlet,
    run_match,
)
from deckbuilder.presentation import unplayed_json, unplayed_text
from deckbuilder.services.deck_sources import (
    DEMO,
    SAVED,
    STDIN,
    PlayDeck,
    demo_deck_files,
    load_play_deck,
    play_deck_file,
)
from deckbuilder.services.decks import UnknownDeckError


def resolve_deck(spec: str, from_format: str | None = None) -> PlayDeck:
    """The deck named by ``spec``: a file (``-``: standard input; read as
    ``from_format`` if given), else a saved deck, else a demo deck."""
    db = user_db()
    if spec == STDIN or os.path.isfile(spec):
        return play_deck_file(spec, db.catalogue(), from_format)
    try:
        return load_play_deck(SAVED, spec, db)
    except UnknownDeckError as exc:
        demos = {path.stem: path for path in demo_deck_files()}
        if spec in demos:
            return load_play_deck(DEMO, str(demos[spec]), db)
        raise UserError(
            f"{spec!r} is not a deck file, a saved deck or a demo deck ({exc}; demo decks: "
            + ", ".join(sorted(demos)) + ")"
        ) from exc


def _options(fn):
    for option in reversed([
        click.option("--games", type=click.IntRange(1, 1_000_000), default=100,
                     show_default=True, help="Games per pair of decks."),
        click.option("--level", type=click.Choice(LEVELS), default="quick", show_default=True,
                     help="Computer Autarch level (both sides)."),
        click.option("--level-a", type=click.Choice(LEVELS), default=None,
                     help="Level of deck A (the first deck of each pair); default --level."),
        click.option("--level-b", type=click.Choice(LEVELS), default=None,
                     help="Level of deck B (the second deck of each pair); default --level."),
        click.option("--think", type=click.FloatRange(0.001, 600), default=1.0,
                     show_default=True, help="Expert: seconds of thought per decision."),
        click.option("--iterations", type=click.IntRange(1, 10_000_000), default=None,
                     help="Expert: search iterations per decision instead of --think "
                          "(the same seed gives the same games)."),
        click.option("--seed", type=int, default=0, show_default=True, help="Master seed."),
        click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
                     help="Processes; results are identical for any number."),
        click.option("--max-rounds", type=click.IntRange(1, 200), default=DEFAULT_MAX_ROUNDS,
                     show_default=True, help="Rounds after which a game is a draw."),
        click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON."),
        from_option,
    ]):
        fn = option(fn)
    return fn


def _with_progress(total: int, label: str, run: Callable[[Callable[[int], None] | None], object]):
    if sys.stderr.isatty():
        with click.progressbar(length=total, label=label, file=sys.stderr) as bar:
            return run(bar.update)
    return run(None)


def _echo_json(data: object) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _pct(p: float | None) -> str:
    return "n/a" if p is None else f"{p:.1%}"


def print_match(stats: MatchStats) -> None:
    data = stats.to_json()
    a, b = data["decks"]
    click.echo(f"A: {a}\nB: {b}")
    levels = data["levels"]
    click.echo(f"{data['games']} games, levels A {levels['a']}, B {levels['b']}, "
               f"seed {data['seed']}, draw after {data['max_rounds']} rounds")
    click.echo(f"Wins: A {data['wins']['a']}, B {data['wins']['b']}, draws {data['draws']}")
    lo, hi = data["ci95"]
    click.echo(f"A wins {_pct(data['p_a_wins'])} of decided games "
               f"(95% CI {lo:.1%} to {hi:.1%})")
    click.echo("By who acted first:")
    for key in ("a", "b"):
        part = data["by_first_player"][key]
        click.echo(f"  {key.upper()} first ({part['games']} games): A {part['wins']['a']}, "
                   f"B {part['wins']['b']}, draws {part['draws']}")
    click.echo(f"Game length: mean {data['mean_rounds']:.2f} rounds")
    most = max(data["rounds_histogram"].values())
    for rounds, n in data["rounds_histogram"].items():
        click.echo(f"  {int(rounds):>3} rounds {n:>6}  " + "#" * max(1, round(40 * n / most)))
    e = data["endings"]
    click.echo(f"Endings: victory {e['victory']}, Exhausted Destiny {e['exhausted_destiny']}, "
               f"round limit {e['round_limit']}")
    for key, t in data["decision_seconds"].items():
        if t["median"] is not None:
            click.echo(f"Decision time {key.upper()} ({levels[key]}): median "
                       f"{t['median']:.3f} s, p95 {t['p95']:.3f} s, max {t['max']:.3f} s")


def _log_games(spec_a: str, a: PlayDeck, b: PlayDeck, stats: MatchStats, as_json: bool) -> None:
    """``--log``: every game of the match in the match log as a computer game of deck A
    (with its saved version when DECK_A names a saved deck)."""
    # lazy: the services and the database load only when the command runs
    from deckbuilder.match_log.computer import match_entries
    from deckbuilder.services.match_log import log_computer_games, saved_version

    db = user_db()
    version = None if spec_a == STDIN or os.path.isfile(spec_a) else saved_version(db, a.name)
    entries = match_entries(stats.games, a.name, version, b.name, b.records, stats.level)
    log_computer_games(db, entries)
    click.echo(f"Logged {len(entries)} computer games of {a.name} in the match log",
               err=as_json)  # the JSON on standard output stays one document


@click.command()
@click.argument("deck_a")
@click.argument("deck_b")
@_options
@click.option("--log", "log_games", is_flag=True,
              help="Record every game in the match log as a computer game of DECK_A.")
@handles_errors
def match(deck_a: str, deck_b: str, games: int, level: str, level_a: str | None,
          level_b: str | None, think: float, iterations: int | None, seed: int,
          workers: int, max_rounds: int, as_json: bool, from_format: str | None,
          log_games: bool) -> None:
    """Play DECK_A against DECK_B, computer against computer, GAMES times.

    Deck A acts first in even-numbered games, deck B in the others. Game i uses a seed
    derived from (SEED, i), so the same arguments give the same output.
    """
    check_stdin_once((deck_a, deck_b))
    a, b = resolve_deck(deck_a, from_format), resolve_deck(deck_b, from_format)
    stats = _with_progress(games, "match", lambda progress: run_match(
        a.records, b.records, games, seed, level_a or level, workers, (a.name, b.name),
        max_rounds, progress, level_b=level_b or level, think=think, iterations=iterations))
    unplayed = {"a": unplayed_json(a.records), "b": unplayed_json(b.records)}
    if as_json:
        _echo_json({**stats.to_json(), "not_modelled": unplayed})
    else:
        print_match(stats)  # type: ignore[arg-type]
        for key in ("a", "b"):  # powers the engine does not play: never silently dropped
            click.echo(unplayed_text(unplayed[key], f"{key.upper()}: "))
    if log_games:
        _log_games(deck_a, a, b, stats, as_json)  # type: ignore[arg-type]


def print_gauntlet(stats: GauntletStats) -> None:
    names = stats.decks
    levels = stats.to_json()["levels"]
    click.echo(f"{stats.games} games per pair, levels: row {levels['a']}, column "
               f"{levels['b']}, seed {stats.seed}")
    click.echo("Share of decided games won by the row's deck against the column's:")
    click.echo("      " + "".join(f"{k + 1:>8}" for k in range(len(names))))
    for i, row in enumerate(stats.matrix()):
        cells = "".join(f"{'-' if p is None else f'{p:.1%}':>8}" for p in row)
        click.echo(f"{i + 1:>4}  {cells}")
    for k, name in enumerate(names):
        click.echo(f"{k + 1:>4}: {name}")


@click.command()
@click.argument("decks", nargs=-1, required=True)
@_options
@handles_errors
def gauntlet(decks: tuple[str, ...], games: int, level: str, level_a: str | None,
             level_b: str | None, think: float, iterations: int | None, seed: int,
             workers: int, max_rounds: int, as_json: bool, from_format: str | None) -> None:
    """Play every pair of DECKS (two or more), GAMES games each, and print the matrix."""
    if len(decks) < 2:
        raise click.UsageError("name at least two decks")
    check_stdin_once(decks)
    played = [resolve_deck(d, from_format) for d in decks]
    pairs = len(played) * (len(played) - 1) // 2
    stats = _with_progress(games * pairs, "gauntlet", lambda progress: run_gauntlet(
        [(p.name, p.records) for p in played], games, seed, level_a or level, workers,
        max_rounds, progress, level_b=level_b or level, think=think, iterations=iterations))
    if as_json:
        _echo_json(stats.to_json())
    else:
        print_gauntlet(stats)  # type: ignore[arg-type]
