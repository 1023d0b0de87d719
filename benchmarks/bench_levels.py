"""The strength dial, measured: who beats whom, how long the expert thinks, how fast it
imagines (issue 24). Not a timed test: it prints what it measured.

Run from the repository root::

    .venv/bin/python benchmarks/bench_levels.py [--games N] [--think S | --iterations N]
        [--pairs expert-strong,expert-quick,...] [--timing-games N] [--playouts N]
        [--in-action on|off]
        [--skip-strength] [--skip-mistakes] [--skip-timing] [--skip-playouts] [--workers N]

1. **Strength.** For each pair of levels (default: expert-strong, expert-quick,
   strong-quick, quick-casual, casual-novice: each level against the one below it, and
   the expert against strong and quick), ``--games`` games (``--other-games`` for the
   pairs without the expert or strong, which are quicker) on the bundled demo decks:
   game ``i`` plays deck pair ``i // 4`` of every ordered pair of demo decks (each deck
   against itself too), so the decks swap between the levels; within each block of four
   the seats swap and either Autarch acts first
   (:func:`~deckbuilder.engine.simulation.match.play_match_game`, seeded from
   ``(seed, i)``). Prints the first level's wins among the decided games
   with a 95% Wilson interval, draws, and the issue's target where it has one (expert:
   at least 65% against strong over at least 200 games, at least 85% against quick;
   each level above the one below it), then the novice's and casual's mistake rates
   (the share of compared decisions where they chose a move that looked worse than the
   best they saw, in games against quick). The expert thinks ``--think`` seconds per
   decision (default 0.25 here: the machine is shared; 1.0 is the level's default)
   or ``--iterations``.
2. **Decision time** at tables of 2 and 4 Autarchs: one expert (at ``--think``, or the
   level's default 1 s with ``--timing-think``) against quick rivals, every decision of
   its own turns timed (wall clock); prints median, 95th percentile and maximum with the
   machine's load average (1, 5, 15 minutes) beside. Targets: p95 under 1.5 s at 2
   Autarchs and under 3 s at 4, at the default budget.
3. **Playouts per second**: the search's playout (deal a fair imagined table, finish the
   round by the quick rules and play the expert's
   :data:`~deckbuilder.engine.search.expert.PLAYOUT_ROUNDS` more, score it; ``--rounds``
   changes it) from mid-game tables of 2 Autarchs, beside
   full quick-against-quick games per second (``bench_match.py``'s figure) and the lean
   goldfish yardstick (``../shared/yardsticks/goldfish_lean.py``), all timed in this
   run. Target: at least 20 times the full games per second.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import time
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import demo_decks  # noqa: E402
from bench_match import table_decks, yardstick_games_per_s  # noqa: E402
from figures import figure  # noqa: E402

from deckbuilder.engine.controllers.computer import ComputerController, seat_table  # noqa: E402
from deckbuilder.engine.game import Game  # noqa: E402
from deckbuilder.engine.game.order_of_play import play  # noqa: E402
from deckbuilder.engine.search import expert as expert_module  # noqa: E402
from deckbuilder.engine.search.clone import clone  # noqa: E402
from deckbuilder.engine.search.determinize import Dealer, bundled_catalogue  # noqa: E402
from deckbuilder.engine.search.dial import MistakeController  # noqa: E402
from deckbuilder.engine.search.expert import ExpertController  # noqa: E402
from deckbuilder.engine.search.playout import playout, quick_table  # noqa: E402
from deckbuilder.engine.simulation.match import play_match_game, time_summary, wilson_interval  # noqa: E402

DEFAULT_PAIRS = ("expert-strong", "expert-quick", "strong-quick", "quick-casual",
                 "casual-novice")
#: The issue's targets: the first level's share of decided games.
TARGETS = {"expert-strong": 0.65, "expert-quick": 0.85}


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def _one_game(job: tuple) -> str | None:
    """The winner ("a", "b" or None) of game ``i`` of a strength pair (a worker's job)."""
    pair, decks, i, seed, think, iterations = job
    first, second = pair.split("-")
    setups = list(product(range(len(decks)), repeat=2))
    a, b = setups[(i // 4) % len(setups)]
    return play_match_game(decks[a], decks[b], seed, i, first, level_b=second, think=think,
                           iterations=iterations).winner


def strength(pair: str, decks: list, games: int, seed: int, think: float | None,
             iterations: int | None, workers: int = 1) -> None:
    first, second = pair.split("-")
    start = time.perf_counter()
    jobs = [(pair, decks, i, seed, think, iterations) for i in range(games)]
    winners: list[str | None] = []

    def note(winner: str | None) -> None:
        winners.append(winner)
        if len(winners) % 20 == 0 and len(winners) < games:  # a long run shows progress
            print(f"    {len(winners)} games: {first} won {winners.count('a')}, lost "
                  f"{winners.count('b')} [{time.perf_counter() - start:.0f} s]", flush=True)

    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            for winner in pool.imap(_one_game, jobs, chunksize=1):
                note(winner)
    else:
        for job in jobs:
            note(_one_game(job))
    won = winners.count("a")
    lost = winners.count("b")
    draws = winners.count(None)
    lo, hi = wilson_interval(won, won + lost)
    share = won / (won + lost) if won + lost else float("nan")
    target = TARGETS.get(pair, 0.5)
    verdict = "met" if lo >= target else ("not met" if hi < target else "not settled")
    print(f"  {first} vs {second}: {first} won {won}, lost {lost}, draws {draws}; "
          f"{share:.0%} of decided (95% CI {lo:.0%} to {hi:.0%}); target > {target:.0%}: "
          f"{verdict} [{time.perf_counter() - start:.0f} s; {load()}]", flush=True)
    figure(f"{first} level against {second}, {games} games on the demo decks",
           f"won {won} of {won + lost} decided ({share:.0%}, 95% CI {lo:.0%} to {hi:.0%}); "
           f"draws: {draws}", f"the {second} level is the yardstick (50% = no edge)",
           f"> {target:.0%}: {verdict}")


def decision_times(decks: list, players: int, games: int, think: float | None,
                   iterations: int | None) -> None:
    times: list[float] = []
    start_load = load()
    for i in range(games):
        table = table_decks(decks[i % len(decks):] + decks[:i % len(decks)], players)
        game = Game(table, seed=500 + i)
        expert = ExpertController(seed=i, think=think or 1.0, iterations=iterations)
        seat = i % players
        controllers = [ComputerController() for _ in range(players)]
        controllers[seat] = expert
        seat_table(controllers)
        for _ in play(game, controllers, rounds=30, first=i % players):
            pass
        times += expert.decision_times
    t = time_summary(times)
    searched = [x for x in times if x > 0.01]
    print(f"  {players} Autarchs: {len(times)} decisions ({len(searched)} searched) in "
          f"{games} games: median {t['median']:.3f} s, p95 {t['p95']:.3f} s, "
          f"max {t['max']:.3f} s; searched only: median "
          f"{statistics.median(searched) if searched else float('nan'):.3f} s "
          f"[{start_load} before, {load()} after]", flush=True)


def mistake_rates(decks: list, games: int) -> None:
    """Novice and casual against quick: the share of compared decisions where the
    level chose a move that looked worse than the best it saw."""
    for level in ("novice", "casual"):
        compared = mistakes = 0
        for i in range(games):
            me = MistakeController(level, seed=i)
            controllers = [me, ComputerController()] if i % 2 == 0 else [ComputerController(), me]
            seat_table(controllers)
            game = Game([decks[i % len(decks)], decks[(i + 1) % len(decks)]], seed=700 + i)
            for _ in play(game, controllers, rounds=30, first=(i // 2) % 2):
                pass
            compared += me.compared
            mistakes += me.mistakes
        print(f"  {level}: chose a worse-looking move at {mistakes} of {compared} compared "
              f"decisions ({mistakes / max(compared, 1):.0%}) in {games} games against quick")


def midgame_tables(decks: list, count: int) -> list[tuple[Game, int]]:
    """``count`` tables of 2 Autarchs at the start of some Autarch's turn (copies)."""
    out: list[tuple[Game, int]] = []
    i = 0
    while len(out) < count:
        game = Game([decks[i % len(decks)], decks[(i + 1) % len(decks)]], seed=900 + i)
        for step in play(game, quick_table(2), rounds=30, first=i % 2):
            if game.turn is not None and step.seat == game.turn.seat and len(out) < count \
                    and random.Random(i * 7919 + len(game.log)).random() < 0.05:
                out.append((clone(game), game.turn.seat))
        i += 1
    return out


def playout_speed(decks: list, playouts: int, full_games: int) -> None:
    bundled_catalogue()  # read once, as a running program would
    tables = midgame_tables(decks, 40)
    rng = random.Random(1)
    dealers = [(Dealer(g, seat), seat) for g, seat in tables]
    start = time.perf_counter()
    for k in range(playouts):
        dealer, seat = dealers[k % len(dealers)]
        playout(dealer.world(rng), seat, expert_module.PLAYOUT_ROUNDS)
    per_s = playouts / (time.perf_counter() - start)
    start = time.perf_counter()
    rounds = 0
    for i in range(full_games):
        game = Game([decks[i % len(decks)], decks[(i + 1) % len(decks)]], seed=i)
        for _ in play(game, quick_table(2), rounds=30, first=i % 2):
            pass
        rounds += game.table.round
    games_s = full_games / (time.perf_counter() - start)
    stick = yardstick_games_per_s(20_000)
    ratio = per_s / games_s
    print(f"  playouts (deal a fair table, finish the round and "
          f"{expert_module.PLAYOUT_ROUNDS} more, score): {per_s:,.0f}/s "
          f"({playouts} from {len(tables)} mid-game tables)")
    print(f"  full quick-against-quick games: {games_s:,.1f}/s ({full_games} games, "
          f"mean {rounds / full_games:.1f} rounds)")
    print(f"  playouts per full game's time: {ratio:.1f}x (target >= 20x: "
          f"{'met' if ratio >= 20 else 'not met'})")
    if stick is None:
        print("  yardstick: ../shared/yardsticks/goldfish_lean.py not found")
    else:
        print(f"  lean goldfish yardstick: {stick:,.0f} games/s; playouts/s over yardstick "
              f"games/s: {per_s / stick:.4f}x [{load()}]")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=40, help="games per pair with the expert or strong")
    p.add_argument("--other-games", type=int, default=100,
                   help="games per pair without the expert or strong (they are quicker)")
    p.add_argument("--think", type=float, default=0.25, help="expert seconds per decision")
    p.add_argument("--iterations", type=int, default=None,
                   help="expert iterations per decision (instead of --think)")
    p.add_argument("--rounds", type=int, default=None,
                   help="whole rounds each expert playout adds after the current one")
    p.add_argument("--timing-think", type=float, default=1.0,
                   help="expert seconds per decision in the decision-time part")
    p.add_argument("--pairs", default=",".join(DEFAULT_PAIRS))
    p.add_argument("--workers", type=int, default=1,
                   help="processes playing the strength games (the results do not change)")
    p.add_argument("--seed", type=int, default=24)
    p.add_argument("--timing-games", type=int, default=2)
    p.add_argument("--playouts", type=int, default=400)
    p.add_argument("--full-games", type=int, default=20)
    p.add_argument("--in-action", choices=("on", "off"), default=None,
                   help="the expert searches the decisions inside an action (default: "
                   "the level's own setting)")
    p.add_argument("--skip-strength", action="store_true")
    p.add_argument("--skip-mistakes", action="store_true")
    p.add_argument("--skip-timing", action="store_true")
    p.add_argument("--skip-playouts", action="store_true")
    args = p.parse_args()
    if args.rounds is not None:
        expert_module.PLAYOUT_ROUNDS = args.rounds
    if args.in_action is not None:
        expert_module.IN_ACTION = args.in_action == "on"
    decks = list(demo_decks().values())
    print(f"bench_levels: {len(decks)} demo decks; {load()}; expert in-action search "
          f"{'on' if expert_module.IN_ACTION else 'off'}")
    if not args.skip_strength:
        budget = (f"{args.iterations} iterations" if args.iterations
                  else f"{args.think} s") + " per expert decision, playouts to the end of " \
            f"the round + {expert_module.PLAYOUT_ROUNDS} round(s)"
        print(f"== strength: {args.games} games per pair with the expert "
              f"({args.other_games} for the others), {budget}, seed {args.seed}")
        for pair in args.pairs.split(","):
            games = args.games if "expert" in pair or "strong" in pair else args.other_games
            strength(pair, decks, games, args.seed, args.think, args.iterations, args.workers)
        if not args.skip_mistakes:
            print("== the dial's mistake rates")
            mistake_rates(decks, max(4, args.games // 4))
    if not args.skip_timing:
        print(f"== expert decision time at {args.timing_think} s per decision "
              f"(wall clock; the machine is shared)")
        for players in (2, 4):
            decision_times(decks, players, args.timing_games, args.timing_think, None)
    if not args.skip_playouts:
        print("== playouts per second")
        playout_speed(decks, args.playouts, args.full_games)


if __name__ == "__main__":
    main()
