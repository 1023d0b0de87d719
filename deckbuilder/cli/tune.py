"""``deckbuilder tune``: suggest single-card swaps that make a deck win sooner.

A DECK is a deck file (any format the deck readers take; - for standard input,
``--from FORMAT`` when the extension says nothing), else the name of a saved
deck, else the name of a bundled demo deck. The search is
:mod:`deckbuilder.engine.simulation.tuning`. Exit status: 0 success, 2 a deck that cannot be
found, read, is not legal or cannot be set up, 130 stopped by Ctrl+C (the swaps
measured so far are printed first, marked partial).
"""

from __future__ import annotations

import json
import signal
import sys

import click

from card_db.text_safety import escape_unsafe
from deckbuilder.cli.context import user_db
from deckbuilder.cli.deck_files import from_option
from deckbuilder.cli.errors import EXIT_INTERRUPTED, handles_errors
from deckbuilder.engine.simulation.tuning import TuneCancelled, TuneResult
from deckbuilder.services.tuning import CATALOGUE, POOLS, find_deck, tune_deck


def _echo_json(data: object) -> None:
    click.echo(escape_unsafe(json.dumps(data, indent=2, ensure_ascii=False), allow="\n"))


def _signed(value: float | None, fmt: str) -> str:
    return "n/a" if value is None else format(value, "+" + fmt)


def _print(result: TuneResult) -> None:
    base = result.baseline
    if result.partial:
        click.echo(f"PARTIAL: stopped after {result.candidates} swaps were measured")
    p = base.p_win_by_round[-1] if base.p_win_by_round else 0.0
    mean = "none" if base.mean_win_round is None else f"{base.mean_win_round:.2f}"
    click.echo(escape_unsafe(
        f"{result.deck}: P(victory by round {result.rounds}) {p:.3f}, mean victory round "
        f"{mean} ({result.games_per_candidate} games per deck, seed {result.seed})"))
    if not result.suggestions:
        click.echo("No swap was measured.")
        return
    click.echo(f"{'Out':<30} {'In':<30} {'dP(win)':>8} {'95% CI':>18} {'dRound':>7}")
    for s in result.suggestions:
        ci = f"[{s.ci95[0]:+.3f}, {s.ci95[1]:+.3f}]"
        click.echo(escape_unsafe(
            f"{s.out:<30} {s.card_in:<30} {s.p_win_delta:>+8.3f} {ci:>18} "
            f"{_signed(s.mean_win_round_delta, '.2f'):>7}"))


class _Interrupt:
    """Ctrl+C asks the search to stop (it then returns what it measured); a second
    Ctrl+C stops at once."""

    def __init__(self):
        self.asked = False

    def __call__(self, *_):
        self.asked = True
        signal.signal(signal.SIGINT, signal.default_int_handler)

    def __enter__(self):
        self.previous = signal.signal(signal.SIGINT, self)
        return self

    def __exit__(self, *exc):
        signal.signal(signal.SIGINT, self.previous)


@click.command()
@click.argument("deck")
@click.option("--pool", type=click.Choice(POOLS), default=CATALOGUE, show_default=True,
              help="Cards that may come in: any in the catalogue, or copies you own "
                   "beyond those in the deck.")
@click.option("--rounds", type=click.IntRange(1, 100), default=10, show_default=True,
              help="R of P(victory by round R).")
@click.option("--games", type=click.IntRange(2, 1_000_000), default=1000, show_default=True,
              help="Games per deck measured (the same seeds for every deck).")
@click.option("--seed", type=int, default=0, show_default=True, help="Master seed.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Processes; results are identical for any number.")
@click.option("--max-candidates", type=click.IntRange(1, 10_000), default=36,
              show_default=True, help="Most swaps measured after the screen.")
@click.option("--top", type=click.IntRange(1, 1000), default=10, show_default=True,
              help="Suggestions listed.")
@click.option("--json", "as_json", is_flag=True, help="Print the suggestions as JSON.")
@from_option
@handles_errors
def tune(deck: str, pool: str, rounds: int, games: int, seed: int, workers: int,
         max_candidates: int, top: int, as_json: bool, from_format: str | None) -> None:
    """Suggest single-card swaps for DECK that raise P(victory by round R) in goldfish games.

    Every swap keeps the deck legal; each is measured on the same shuffles as the deck
    itself (paired games), with a 95% confidence interval.
    """
    db = user_db()
    deck_list = find_deck(db, deck, format=from_format)
    options = dict(rounds=rounds, games=games, seed=seed, workers=workers,
                   max_candidates=max_candidates, top=top)
    with _Interrupt() as interrupt:
        try:
            if sys.stderr.isatty():
                with click.progressbar(length=1, label="tune", file=sys.stderr) as bar:
                    def progress(done: int, total: int) -> None:
                        bar.length = total
                        bar.update(done - bar.pos)

                    result = tune_deck(db, deck_list, pool, progress=progress,
                                       cancelled=lambda: interrupt.asked, **options)
            else:
                result = tune_deck(db, deck_list, pool,
                                   cancelled=lambda: interrupt.asked, **options)
        except TuneCancelled as stop:
            result = stop.partial
    _echo_json(result.to_json()) if as_json else _print(result)
    if result.partial:
        sys.exit(EXIT_INTERRUPTED)
