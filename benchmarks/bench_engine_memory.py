"""Peak memory of goldfishing many games on one worker, on each goldfish core.

Run from the repository root: ``.venv/bin/python benchmarks/bench_engine_memory.py
[--games N] [--python-games N]``.

Each measurement runs in a fresh process: ``run_games`` on the deck of 5 Sites, 1 Path
and 54 Characters (the deck whose decision caches grew without bound before issue 12,
515 MB after 1,000,000 games), ten rounds, one worker, then the process's peak resident
set size (``ru_maxrss``). The compiled core keeps no caches; the pure-Python core's
caches are emptied when full (``fastpath.CACHE_LIMIT`` entries each), so its peak is
reached within the first few hundred thousand games and does not grow after.

Target (issue 12, section 5): under 100 MB for any number of games.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from figures import figure

ROOT = Path(__file__).resolve().parents[1]
TARGET_MB = 100

CHILD = """
import resource, sys, time
sys.path.insert(0, {root!r})
from deckbuilder.engine.simulation import fastcore
from deckbuilder.engine.simulation.goldfish import run_games
from deckbuilder.engine.simulation.sample_decks import generated_deck
deck = generated_deck(0, characters=54, sites=5)
start = time.perf_counter()
stats = run_games(deck, {games}, 10, seed=1)
seconds = time.perf_counter() - start
peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(fastcore.core_name(), stats.games, round(seconds, 2), round(peak_mb, 1))
"""


def measure(games: int, core: str) -> tuple[str, int, float, float]:
    """(core name, games, seconds, peak RSS in MB) of one fresh process."""
    env = dict(os.environ, IMAJICA_GOLDFISH_CORE=core)
    out = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT), games=games)],
                         env=env, capture_output=True, text=True, check=True).stdout.split()
    name = " ".join(out[:-3])
    return name, int(out[-3]), float(out[-2]), float(out[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1_000_000,
                        help="games on the compiled core (default 1,000,000)")
    parser.add_argument("--python-games", type=int, default=200_000,
                        help="games on the pure-Python core (default 200,000; it is ~10x "
                             "slower and its memory is flat past its cache limit)")
    args = parser.parse_args()
    print("54 Characters, 5 Sites, 1 Path; ten rounds; one worker; peak RSS of the process")
    worst = 0.0
    for core, games in (("compiled", args.games), ("python", args.python_games)):
        name, played, seconds, peak = measure(games, core)
        worst = max(worst, peak)
        print(f"  {name:<12} {played:>10,} games in {seconds:7.1f} s: peak {peak:6.1f} MB")
        figure(f"peak memory, goldfishing 54 Characters on the {name} core, {played:,} games",
               f"{peak:.1f} MB", "", f"< {TARGET_MB} MB: {'yes' if peak < TARGET_MB else 'NO'}")
    verdict = "met" if worst < TARGET_MB else "NOT met"
    print(f"target: peak under {TARGET_MB} MB on one worker: {verdict} (largest {worst:.1f} MB)")


if __name__ == "__main__":
    main()
