"""``deckbuilder hand``, ``odds`` and ``goldfish``: sample hands, exact odds, goldfishing.

FILE is any deck list the deck formats read (.txt .csv .json .cod .dek .o8d .mwDeck
.dec .dck), or - for standard input (``--from FORMAT`` when the extension or the
content says nothing); card names are checked against the card catalogue. Exit status:
0 success, 2 the file cannot be read, names an unknown card, or the deck cannot be set
up (no Site for some Dominion). Errors are a message on stderr, never a traceback. The
rules engine is :mod:`deckbuilder.engine`; these commands never import scipy or Qt.
"""

from __future__ import annotations

import json
import random
import sys

import click

from card_db.errors import UserError
from card_db.text_safety import escape_unsafe
from deckbuilder.cli.context import user_db
from deckbuilder.cli.deck_files import from_option
from deckbuilder.cli.errors import fail, handles_errors
from deckbuilder.presentation import STALL_TEXT, count_text, unplayed_json, unplayed_text
from deckbuilder.services.deck_sources import play_deck_file


def _records(file: str, from_format: str | None) -> list:
    """The main deck of FILE (``-``: standard input) as card records, one per copy;
    exits 2 on bad input."""
    catalogue = user_db().catalogue()
    try:
        return list(play_deck_file(file, catalogue, from_format).records)
    except UserError as exc:
        fail(str(exc))


def _echo_json(data: object) -> None:
    click.echo(escape_unsafe(json.dumps(data, indent=2, ensure_ascii=False), allow="\n"))


def _variant(shorter: bool, allowance: int | None):
    # lazy: each command loads only the part of the engine it runs
    from deckbuilder.engine.rules.variant import STANDARD_PRIME_ALLOWANCE, Variant

    if shorter:
        return Variant.shorter_games() if allowance is None else Variant.shorter_games(allowance)
    return Variant(prime_allowance=STANDARD_PRIME_ALLOWANCE if allowance is None else allowance)


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@from_option
@click.option("--seed", type=int, default=None,
              help="Seed for the shuffle (default: a random one, which is printed).")
@click.option("--rounds", type=click.IntRange(0, 25), default=3, show_default=True,
              help="Rounds of draws (two per Coming of Order) after the opening hand.")
@click.option("--no-reshuffle", is_flag=True,
              help="Keep a first hand with no Character instead of reshuffling it.")
@click.option("--json", "as_json", is_flag=True, help="Print the hand as JSON.")
@handles_errors
def hand(file: str, from_format: str | None, seed: int | None, rounds: int, no_reshuffle: bool,
         as_json: bool) -> None:
    """Deal a sample opening hand from FILE, then the draws of the first rounds.

    Setup as in a goldfish game: five Sites go to the Circle, five cards are dealt,
    and a hand with no Character is revealed and reshuffled once ("Game Setup").
    """
    # lazy: each command loads only the part of the engine it runs
    from deckbuilder.engine.simulation.hands import SampleHand

    records = _records(file, from_format)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    sample = SampleHand(records, seed, reshuffle="never" if no_reshuffle else "auto")
    sample.deal()
    for _ in range(rounds):
        sample.draw_round()
    data = sample.to_json()
    if as_json:
        _echo_json(data)
        return
    click.echo(f"Seed {seed}")
    click.echo(escape_unsafe("Circle: " + ", ".join(data["circle"])))
    if data["reshuffled"]:
        click.echo(escape_unsafe("First hand (no Character, reshuffled): "
                                 + ", ".join(data["first_hand"])))
    click.echo(escape_unsafe("Opening hand: " + ", ".join(data["opening_hand"])))
    for r, cards in data["draws_by_round"].items():
        click.echo(escape_unsafe(f"Round {r} draws: "
                                 + (", ".join(cards) if cards else "(Destiny empty)")))


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@from_option
@click.option("--rounds", type=click.IntRange(0, 25), default=10, show_default=True,
              help="Last round of the by-round tables.")
@click.option("--json", "as_json", is_flag=True, help="Print the odds as JSON.")
@handles_errors
def odds(file: str, from_format: str | None, rounds: int, as_json: bool) -> None:
    """Exact draw odds for FILE (hypergeometric, no simulation).

    Assumes the goldfish setup: five Sites in the Circle, the opening five from the
    other 55 cards, two draws per Coming of Order from round 1, replacement draws for
    revealed Sites not counted.
    """
    # lazy: each command loads only the part of the engine it runs
    from deckbuilder.engine.simulation.deck import EngineDeck
    from deckbuilder.engine.simulation.odds import odds_report
    from deckbuilder.engine.simulation.policy import choose_circle_sites

    records = _records(file, from_format)
    # The check hand and goldfish make while setting up: SetupError (exit 2) if no
    # Site can stand for some Dominion.
    choose_circle_sites(EngineDeck.from_records(records))
    data = odds_report(records, rounds)
    if as_json:
        _echo_json(data)
        return
    click.echo(f"Destiny after setup: {data['destiny_size']} cards, "
               f"{data['characters_in_destiny']} Characters")
    click.echo(f"P(Character in the opening hand): {data['p_character_opening']:.4f}; "
               f"with the reshuffle: {data['p_character_opening_with_reshuffle']:.4f}")
    tables = [
        ("1+ Char", "p_at_least_1_character_by_round"),
        ("2+ Char", "p_at_least_2_characters_by_round"),
        ("3+ Char", "p_at_least_3_characters_by_round"),
        ("Prime<=7", "p_character_prime_7_or_less_by_round"),
        ("Maestro", "p_maestro_by_round"),
    ]
    click.echo("Round " + "".join(f"{label:>10}" for label, _ in tables))
    for r in data["p_at_least_1_character_by_round"]:
        click.echo(f"{r:>5} " + "".join(f"{data[key][r]:>10.4f}" for _, key in tables))
    click.echo("(" + data["assumptions"] + ")")


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@from_option
@click.option("--games", type=click.IntRange(1, 10_000_000), default=1000, show_default=True)
@click.option("--rounds", type=click.IntRange(1, 100), default=10, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Master seed.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Processes; results are identical for any number.")
@click.option("--shorter", is_flag=True, help='The "Shorter Games" variant.')
@click.option("--allowance", type=click.IntRange(0, 99), default=None,
              help="Prime allowance (default 7, or 9 with --shorter).")
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON.")
@click.option("--log", "show_log", is_flag=True,
              help="Also print the step-by-step log of the run's first game.")
@handles_errors
def goldfish(
    file: str, from_format: str | None, games: int, rounds: int, seed: int, workers: int,
    shorter: bool, allowance: int | None, as_json: bool, show_log: bool,
) -> None:
    """Play FILE alone for ROUNDS rounds, GAMES times, and report how fast it wins.

    The autopilot's policy is documented in deckbuilder.engine.simulation.policy. Game i uses a
    seed derived from (SEED, i), so the same arguments always give the same output.
    """
    # lazy: each command loads only the part of the engine it runs
    from deckbuilder.engine.simulation.deck import EngineDeck
    from deckbuilder.engine.simulation.goldfish import run_games
    from deckbuilder.engine.table.rng import game_seed

    variant = _variant(shorter, allowance)
    records = _records(file, from_format)
    deck = EngineDeck.from_records(records)
    log: list[str] = []
    if show_log:
        # lazy: the step-by-step engine (about 85 ms) only for --log
        from deckbuilder.engine.simulation.goldfish_game import GoldfishGame

        first = GoldfishGame(deck, game_seed(seed, 0), rounds, variant)
        first.run()
        log = list(first.log)
    if sys.stderr.isatty():
        with click.progressbar(length=games, label="goldfish", file=sys.stderr) as bar:
            stats = run_games(deck, games, rounds, seed, workers, variant, progress=bar.update)
    else:
        stats = run_games(deck, games, rounds, seed, workers, variant)
    data = stats.to_json()
    unplayed = unplayed_json(records)
    if as_json:
        data["not_modelled"] = unplayed
        if show_log:
            data["log"] = log
        _echo_json(data)
        return
    if show_log:
        click.echo(f"Game 0 (seed {game_seed(seed, 0)}):")
        for line in log:
            click.echo("  " + escape_unsafe(line))
        click.echo("")
    click.echo(f"{games} games of {rounds} rounds, seed {seed}, {variant.name} rules")
    click.echo(f"No victory: {stats.no_win}; reshuffled opening hands: "
               f"{stats.reshuffle_rate:.1%}")
    mean = f"{stats.mean_win_round:.2f}" if stats.mean_win_round is not None else "none"
    click.echo(f"Mean round of victory: {mean}")
    click.echo(escape_unsafe(unplayed_text(unplayed)))
    click.echo("Round  wins  P(win by)  Allies  Sites")
    for r in range(1, rounds + 1):
        click.echo(
            f"{r:>5} {stats.win_round_histogram.get(r, 0):>5}  {stats.p_win_by_round[r - 1]:>8.4f}"
            f"  {stats.mean_allies_by_round[r - 1]:>6.2f} {stats.mean_sites_by_round[r - 1]:>6.2f}"
        )
    if stats.no_win:
        click.echo(f"Why the {count_text(stats.no_win, 'game')} without victory stalled:")
        for reason, count in stats.stall_reasons.items():
            if count:
                click.echo(f"  {count:>6}  {STALL_TEXT.get(reason, reason)}")
