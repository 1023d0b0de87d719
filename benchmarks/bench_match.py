"""Benchmark computer-against-computer play: games per second per level, and the strong
level's time per decision. Prints medians, each beside its ratio to a yardstick.

Run from the repository root: ``.venv/bin/python benchmarks/bench_match.py [--quick]``;
``--decisions`` times only the strong level's decisions (tables of 2, 3 and 4).

Figures, on the bundled demo decks (every pair, both turn orders; a generated deck if
they are missing), two Autarchs, one worker, up to 30 rounds:

* quick-level games per second (median of the runs);
* quick-level games per second at tables of 3 and 4 Autarchs (the demo decks, a fourth
  seat playing a copy of the first with its Sites renamed, so unique Sites do not
  clash);
* strong-level games per second (both Autarchs strong);
* the strong level's time per look-ahead decision: median, 95th percentile and maximum,
  wall-clock and in processor seconds (what it costs on an idle machine), over games
  of 2, 3 and 4 strong Autarchs (each decision imagines every rival's turns, so 4 is
  the slowest), with how many decisions the work budget
  (:data:`~deckbuilder.engine.controllers.lookahead.BUDGET`) cut short; target: under 1 s per
  decision on this machine, so a human never waits long.

Yardstick, timed in the same run: ``../shared/yardsticks/goldfish_lean.py GAMES 1``, a
lean simplified one-player goldfish in pure Python, which prints its games per second.
Ratios: level games/s over yardstick games/s; strong decision time times yardstick
games/s (how many yardstick games fit in one decision). The machine is shared:
figures are medians.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
from dataclasses import replace
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import demo_decks  # noqa: E402
from figures import figure  # noqa: E402

from card_db.records import CardType  # noqa: E402
from deckbuilder.engine.controllers.computer import ComputerController, seat_table  # noqa: E402
from deckbuilder.engine.controllers.lookahead import StrongController  # noqa: E402
from deckbuilder.engine.game import Game  # noqa: E402
from deckbuilder.engine.game.order_of_play import play  # noqa: E402
from deckbuilder.engine.simulation.match import run_match  # noqa: E402

YARDSTICK = ROOT.parent / "shared" / "yardsticks" / "goldfish_lean.py"


def yardstick_games_per_s(games: int) -> float | None:
    """Games/s of the lean goldfish yardstick, or None if it is not there."""
    if not YARDSTICK.exists():
        return None
    out = subprocess.run([sys.executable, str(YARDSTICK), str(games), "1"],
                         capture_output=True, text=True, check=True).stdout
    found = re.search(r"([\d,.]+) games/s", out)
    return float(found.group(1).replace(",", "")) if found else None


def quick_games_per_s(pairs, games: int) -> float:
    start = time.perf_counter()
    for k, (a, b) in enumerate(pairs):
        run_match(a, b, games, seed=k)
    return games * len(pairs) / (time.perf_counter() - start)


def table_decks(decks, players: int) -> list[list]:
    """``players`` decks from the demo decks; a repeated deck gets its Sites renamed."""
    out = []
    for k in range(players):
        deck = decks[k % len(decks)]
        if k >= len(decks):
            deck = [replace(r, name=f"{r.name} ({k + 1})") if r.card_type is CardType.SITE
                    else r for r in deck]
        out.append(deck)
    return out


def table_games_per_s(decks, players: int, games: int) -> float:
    """Quick computer Autarchs at a table of ``players``: games per second."""
    table = table_decks(decks, players)
    start = time.perf_counter()
    for i in range(games):
        controllers = seat_table([ComputerController() for _ in range(players)])
        game = Game(table, seed=i)
        for _ in play(game, controllers, rounds=30, first=i % players):
            pass
    return games / (time.perf_counter() - start)


def strong_table_times(decks, players: int, rounds: int, games: int = 1
                       ) -> tuple[list[float], list[float], int]:
    """``games`` games of ``players`` strong Autarchs for up to ``rounds`` rounds:
    every look-ahead decision's wall-clock and processor seconds, and how many of
    them the work budget cut short."""
    times: list[float] = []
    cpu: list[float] = []
    cut = 0
    for g in range(games):
        controllers = seat_table([StrongController(seed=10 * g + s) for s in range(players)])
        game = Game(table_decks(decks, players), seed=players + 100 * g)
        for _ in play(game, controllers, rounds=rounds, first=g % players):
            pass
        for c in controllers:
            times += c.think_times
            cpu += c.think_cpu
            cut += sum(n < c.samples for n in c.think_samples)
    return times, cpu, cut


def strong_games(pairs, games: int) -> tuple[float, list[float], list[float]]:
    """Strong against strong: games/s and every look-ahead decision's wall-clock and
    processor seconds."""
    times: list[float] = []
    cpu: list[float] = []
    played = 0
    start = time.perf_counter()
    for k, (a, b) in enumerate(pairs):
        for i in range(games):
            controllers = seat_table([StrongController(seed=100 * k + 2 * i + s) for s in (0, 1)])
            game = Game([a, b], seed=1000 * k + i)
            for _ in play(game, controllers, rounds=30, first=i % 2):
                pass
            played += 1
            for c in controllers:
                times += c.think_times
                cpu += c.think_cpu
    return played / (time.perf_counter() - start), times, cpu


def spread(values: list[float]) -> tuple[float, float, float]:
    """Median, 95th percentile and maximum."""
    values = sorted(values)
    return (statistics.median(values), values[min(len(values) - 1, int(0.95 * len(values)))],
            values[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    parser.add_argument("--decisions", action="store_true",
                        help="time only the strong level's decisions at tables of 2, 3, 4")
    args = parser.parse_args()
    if args.decisions:
        decision_times(args.quick)
        return
    repeat = 3 if args.quick else 5
    quick_games = 10 if args.quick else 30
    strong_per_pair = 1 if args.quick else 2
    decks = list(demo_decks().values())
    pairs = list(combinations(decks, 2)) or [(decks[0], decks[0])]
    print(f"Python {sys.version.split()[0]}; {len(pairs)} deck pair(s); medians of {repeat} runs")
    yard = [y for y in (yardstick_games_per_s(20_000) for _ in range(repeat)) if y]
    yard_rate = statistics.median(yard) if yard else None
    if yard_rate:
        print(f"yardstick (goldfish_lean.py, one worker): {yard_rate:,.0f} games/s")
    else:
        print("yardstick missing (../shared/yardsticks/goldfish_lean.py): ratios not printed")
    quick = statistics.median(quick_games_per_s(pairs, quick_games) for _ in range(repeat))
    ratio = f" ({quick / yard_rate:.5f}x yardstick)" if yard_rate else ""
    print(f"quick level: {quick:.1f} games/s{ratio}")
    figure("computer against computer, quick level, 2 Autarchs", f"{quick:.1f} games/s",
           _versus(quick, yard_rate))
    for players in (3, 4):
        rate = statistics.median(table_games_per_s(decks, players, quick_games // 2)
                                 for _ in range(repeat))
        ratio = f" ({rate / yard_rate:.5f}x yardstick)" if yard_rate else ""
        print(f"quick level, {players} Autarchs: {rate:.1f} games/s{ratio}")
        figure(f"computer against computer, quick level, {players} Autarchs",
               f"{rate:.1f} games/s", _versus(rate, yard_rate))
    rate, times, cpu = strong_games(pairs, strong_per_pair)
    ratio = f" ({rate / yard_rate:.6f}x yardstick)" if yard_rate else ""
    print(f"strong level: {rate:.2f} games/s{ratio}")
    figure("computer against computer, strong level, 2 Autarchs", f"{rate:.2f} games/s",
           _versus(rate, yard_rate))
    report("2 Autarchs", times, cpu, yard_rate)
    times, cpu, cut = strong_table_times(decks, 4, 4 if args.quick else 8)
    report("4 Autarchs", times, cpu, yard_rate, cut)


def _versus(rate: float, yard_rate: float | None) -> str:
    """A rate beside the lean goldfish yardstick of the same run."""
    if not yard_rate:
        return "no yardstick (../shared/yardsticks/goldfish_lean.py missing)"
    return f"{rate / yard_rate:.6f}x goldfish_lean ({yard_rate:,.0f} games/s)"


def decision_times(quick: bool) -> None:
    """The strong level's decisions at tables of 2, 3 and 4 strong Autarchs (the demo
    decks, up to 30 rounds; 3 games per table, 1 with ``--quick``)."""
    yard = yardstick_games_per_s(20_000)
    if yard:
        print(f"yardstick (goldfish_lean.py, one worker): {yard:,.0f} games/s")
    decks = list(demo_decks().values())
    for players in (2, 3, 4):
        times, cpu, cut = strong_table_times(decks, players, 30, 1 if quick else 3)
        report(f"{players} Autarchs", times, cpu, yard, cut)


def report(table: str, times: list[float], cpu: list[float], yard_rate: float | None,
           cut: int | None = None) -> None:
    """Print the spread of the strong level's decision times (and how many decisions
    the budget cut short)."""
    if cut is not None:
        print(f"strong decisions, {table}: {len(cpu)}, {cut} cut short by the work budget")
    for label, values in (("wall-clock", times), ("processor", cpu)):
        if not values:
            continue
        median, p95, top = spread(values)
        fits = f" = {median * yard_rate:,.0f} yardstick games" if yard_rate else ""
        print(f"strong decision time, {table}, {label} ({len(values)} decisions): median"
              f" {median * 1000:.0f} ms{fits}, p95 {p95 * 1000:.0f} ms, max {top * 1000:.0f} ms"
              " (target: under 1000 ms)")
        figure(f"strong level, time per decision, {table}, {label} ({len(values)} decisions)",
               f"median {median * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {top * 1000:.0f} ms",
               f"median = {median * yard_rate:,.0f} goldfish_lean games" if yard_rate else "",
               f"max < 1000 ms: {'yes' if top < 1 else 'NO'}")


if __name__ == "__main__":
    main()
