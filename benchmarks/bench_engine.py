"""Benchmark the rules engine: goldfish throughput and exact-odds latency. Prints medians.

Run from the repository root: ``.venv/bin/python benchmarks/bench_engine.py [--quick]``.

First, the goldfish cores side by side (issue 12, section 5): ten-round games per
second on one worker (``run_games``, one process) on the compiled core and on the
pure-Python core, for each bundled demo deck, a deck of 5 Sites, 1 Path and 54
Characters, and three random legal decks (``generated_deck``), each as a ratio to the
lean yardstick ``../shared/yardsticks/goldfish_lean.py`` (relative to the repository
root) timed in the same run, between the decks, when that file is there. Target: the
compiled core at least 5x the yardstick on every deck.

Then, per demo deck (read with the plain-text deck reader and the bundled card data, no
database; a generated deck if they are missing), on the default core:

* ten-round goldfish games per second on one worker, from a cold start (the simulator
  built afresh) and once warm;
* the same with a 2-process pool (``run_games(workers=2)``, pool start-up included);
* wall time for 100,000 ten-round games on one worker and on two;
* the full step-by-step engine's games per second, for comparison;
* exact-odds query latency (one ``p_at_least`` query, and the whole ``odds`` report).

Targets (issue 4, section 9): >= 20,000 games/s on one worker, >= 35,000/s with both
cores, 100,000 games in under 5 s. The machine is shared: figures are medians.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from figures import figure  # noqa: E402

from deckbuilder.engine.simulation import fastcore  # noqa: E402
from deckbuilder.engine.simulation import goldfish as goldfish_module  # noqa: E402
from deckbuilder.engine.simulation.deck import EngineDeck  # noqa: E402
from deckbuilder.engine.simulation.goldfish import run_games  # noqa: E402
from deckbuilder.engine.simulation.goldfish_game import GoldfishGame  # noqa: E402
from deckbuilder.engine.simulation.odds import DestinyProfile, is_character, odds_report  # noqa: E402
from deckbuilder.engine.simulation.sample_decks import generated_deck  # noqa: E402


def demo_decks() -> dict[str, list]:
    decks_dir = ROOT / "card_db" / "data" / "decks"
    try:
        from card_db.catalogue import Catalogue
        from card_db.checklist import load_bundled_records
        from deckbuilder.formats import read_file

        catalogue = Catalogue(load_bundled_records())
        decks = {}
        for path in sorted(decks_dir.glob("*.txt")):
            records = []
            for name, count in read_file(path).main:
                records += [catalogue.resolve(name)] * count
            decks[path.stem] = records
        if decks:
            return decks
    except Exception as exc:  # the data or the reader may be missing in a partial tree
        print(f"(demo decks unavailable: {exc}; using a generated deck)")
    return {"generated": generated_deck(0)}


YARDSTICK = ROOT.parent / "shared" / "yardsticks" / "goldfish_lean.py"
SPEED_TARGET = 5.0


def yardstick(games: int) -> float | None:
    """The yardstick's games/s on one process (its own timing), or None if missing."""
    if not YARDSTICK.exists():
        return None
    out = subprocess.run([sys.executable, str(YARDSTICK), str(games), "1"],
                         capture_output=True, text=True, check=True).stdout
    return float(re.search(r"-> ([\d,]+) games/s", out).group(1).replace(",", ""))


def core_speed(records: list, games: int, core: str) -> float:
    """Ten-round games/s of ``run_games`` on one worker on ``core`` ("compiled" or
    "python"), the simulator built afresh (included in the time)."""
    previous = os.environ.get(fastcore.CORE_ENV)
    os.environ[fastcore.CORE_ENV] = core
    try:
        goldfish_module._SIMULATORS.clear()
        start = time.perf_counter()
        run_games(records, games, 10, seed=1)
        return games / (time.perf_counter() - start)
    finally:
        if previous is None:
            del os.environ[fastcore.CORE_ENV]
        else:
            os.environ[fastcore.CORE_ENV] = previous
        goldfish_module._SIMULATORS.clear()


def speed_decks() -> dict[str, list]:
    decks = dict(demo_decks())
    decks["54 Characters, 5 Sites, 1 Path"] = generated_deck(0, characters=54, sites=5)
    for seed in (1, 2, 3):
        decks[f"random legal deck {seed}"] = generated_deck(seed, abilities=seed % 2 == 1)
    return decks


def bench_cores(repeat: int, quick: bool) -> float | None:
    """The compiled and pure-Python cores per deck, and their ratios to the yardstick
    (returned, in games/s; ``None`` without it)."""
    decks = speed_decks()
    compiled = fastcore._fastcore is not None
    compiled_games = 50_000 if quick else 200_000
    python_games = 5_000 if quick else 20_000
    print(f"== goldfish cores: ten-round games/s on one worker, medians of {repeat} runs"
          f" (compiled {compiled_games:,} games, pure Python {python_games:,})")
    if not compiled:
        print("  (the compiled core is not built here: pip install -e . with a C compiler)")
    sticks: list[float] = []
    speeds: dict[str, dict[str, list[float]]] = {n: {"compiled": [], "python": []}
                                                 for n in decks}
    for _ in range(repeat):
        stick = yardstick(20_000)
        if stick is not None:
            sticks.append(stick)
        for name, records in decks.items():
            if compiled:
                speeds[name]["compiled"].append(core_speed(records, compiled_games, "compiled"))
            speeds[name]["python"].append(core_speed(records, python_games, "python"))
    stick = statistics.median(sticks) if sticks else None
    if stick:
        print(f"  yardstick (goldfish_lean.py, 20,000 games, same run): {stick:,.0f} games/s")
    else:
        print(f"  (no yardstick at {YARDSTICK}: ratios not printed)")
    lowest = None
    for name, by_core in speeds.items():
        cells = []
        for core, label in (("compiled", "compiled"), ("python", "pure Python")):
            if not by_core[core]:
                continue
            rate = statistics.median(by_core[core])
            ratio = f" = {rate / stick:4.1f}x yardstick" if stick else ""
            cells.append(f"{label} {rate:>9,.0f}/s{ratio}")
            met = "" if core != "compiled" or not stick else \
                f">= {SPEED_TARGET:.0f}x: {'yes' if rate / stick >= SPEED_TARGET else 'NO'}"
            figure(f"goldfish, {label} core, one worker: {name}", f"{rate:,.0f} games/s",
                   _versus(rate, stick), met)
            if core == "compiled" and stick and (lowest is None or rate / stick < lowest[0]):
                lowest = (rate / stick, name)
        print(f"  {name:<32} " + "; ".join(cells))
    if lowest:
        verdict = "met" if lowest[0] >= SPEED_TARGET else "NOT met"
        print(f"  target: compiled core >= {SPEED_TARGET:.0f}x the yardstick on every deck:"
              f" {verdict} (lowest {lowest[0]:.1f}x, {lowest[1]})")
    print()
    return stick


def _versus(rate: float, stick: float | None) -> str:
    """A rate beside the lean goldfish yardstick of the same run."""
    if not stick:
        return "no yardstick (../shared/yardsticks/goldfish_lean.py missing)"
    return f"{rate / stick:.2f}x goldfish_lean ({stick:,.0f} games/s)"


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    parser.add_argument("--cores-only", action="store_true",
                        help="only the two goldfish cores against the yardstick")
    args = parser.parse_args()
    games = 20_000 if args.quick else 50_000
    big = 30_000 if args.quick else 100_000
    repeat = 3 if args.quick else 5
    decks = demo_decks()
    print(f"Python {sys.version.split()[0]}; goldfish core in use: {fastcore.core_name()};"
          f" medians of {repeat} runs\n")
    stick = bench_cores(repeat, args.quick)
    if args.cores_only:
        return
    for name, records in decks.items():
        bench_deck(name, records, games, big, repeat, stick)


def bench_deck(name: str, records: list, games: int, big: int, repeat: int,
               stick: float | None = None) -> None:
    deck = EngineDeck.from_records(records)
    print(f"== {name}")

    def cold(n=games):
        goldfish_module._SIMULATORS.clear()
        run_games(deck, n, 10, seed=1)

    t = statistics.median(timed(cold, repeat))
    print(f"  1 worker, cold start  : {games / t:>9,.0f} games/s ({games:,} games)")
    figure(f"goldfish, default core, one worker, cold start: {name}",
           f"{games / t:,.0f} games/s", _versus(games / t, stick),
           f">= 20,000 games/s: {'yes' if games / t >= 20_000 else 'NO'}")
    run_games(deck, games, 10, seed=2)  # warm the caches
    t = statistics.median(timed(lambda: run_games(deck, games, 10, seed=3), repeat))
    print(f"  1 worker, warm        : {games / t:>9,.0f} games/s")
    t = statistics.median(timed(
        lambda: run_games(deck, games, 10, seed=4, workers=2), repeat))
    print(f"  2-process pool        : {games / t:>9,.0f} games/s (pool start-up included)")
    figure(f"goldfish, 2-process pool: {name}", f"{games / t:,.0f} games/s",
           _versus(games / t, stick),
           f">= 35,000 games/s: {'yes' if games / t >= 35_000 else 'NO'}")
    t1 = statistics.median(timed(lambda: cold(big), max(1, repeat - 2)))
    print(f"  {big:,} games, 1 worker : {t1:6.2f} s (cold start)")
    t2 = statistics.median(timed(
        lambda: (goldfish_module._SIMULATORS.clear(),
                 run_games(deck, big, 10, seed=5, workers=2)), max(1, repeat - 2)))
    print(f"  {big:,} games, 2 workers: {t2:6.2f} s")
    figure(f"{big:,} goldfish games, 2 workers: {name}", f"{t2:.2f} s", "",
           f"100,000 games < 5 s: {'yes' if t2 * 100_000 / big < 5 else 'NO'}")
    full = 200
    t = statistics.median(timed(
        lambda: [GoldfishGame(deck, s, 10).run() for s in range(full)], repeat))
    print(f"  full engine (logged)  : {full / t:>9,.0f} games/s")
    figure(f"full engine, logged games: {name}", f"{full / t:,.0f} games/s",
           _versus(full / t, stick))
    profile = DestinyProfile.from_deck(records)
    queries = 2000
    t = statistics.median(timed(
        lambda: [profile.p_at_least(is_character, 3, 10) for _ in range(queries)], repeat))
    print(f"  odds query            : {t / queries * 1e6:9.1f} us (3+ Characters by round 10)")
    figure(f"one exact-odds query: {name}", f"{t / queries * 1e6:.1f} µs", "",
           f"< 1 ms: {'yes' if t / queries < 1e-3 else 'NO'}")
    t = statistics.median(timed(lambda: odds_report(records, 10), repeat))
    print(f"  odds report (66 queries + setup): {t * 1e3:6.2f} ms\n")


if __name__ == "__main__":
    main()
