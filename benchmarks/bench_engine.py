"""Benchmark the rules engine: goldfish throughput and exact-odds latency. Prints medians.

Run from the repository root: ``.venv/bin/python benchmarks/bench_engine.py [--quick]``.

Measured on the bundled demo decks (card_db/data/decks/*.txt, read with the plain-text
deck reader and the bundled card data, no database); a generated deck if they are
missing. Figures:

* ten-round goldfish games per second on one worker, from a cold start (the fast
  path's decision caches empty) and once warm;
* the same with a 2-process pool (``run_games(workers=2)``, pool start-up included);
* wall time for 100,000 ten-round games on one worker and on two;
* the full step-by-step engine's games per second, for comparison;
* exact-odds query latency (one ``p_at_least`` query, and the whole ``odds`` report).

Targets (issue 4, section 9): >= 20,000 games/s on one worker, >= 35,000/s with both
cores, 100,000 games in under 5 s. The machine is shared: figures are medians.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from deckbuilder.engine import goldfish as goldfish_module  # noqa: E402
from deckbuilder.engine.deck import EngineDeck  # noqa: E402
from deckbuilder.engine.goldfish import run_games  # noqa: E402
from deckbuilder.engine.goldfish_game import GoldfishGame  # noqa: E402
from deckbuilder.engine.odds import DestinyProfile, is_character, odds_report  # noqa: E402
from deckbuilder.engine.sample_decks import generated_deck  # noqa: E402


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
    args = parser.parse_args()
    games = 20_000 if args.quick else 50_000
    big = 30_000 if args.quick else 100_000
    repeat = 3 if args.quick else 5
    decks = demo_decks()
    print(f"Python {sys.version.split()[0]}; {len(decks)} deck(s); medians of {repeat} runs\n")
    for name, records in decks.items():
        bench_deck(name, records, games, big, repeat)


def bench_deck(name: str, records: list, games: int, big: int, repeat: int) -> None:
    deck = EngineDeck.from_records(records)
    print(f"== {name}")

    def cold(n=games):
        goldfish_module._SIMULATORS.clear()
        run_games(deck, n, 10, seed=1)

    t = statistics.median(timed(cold, repeat))
    print(f"  1 worker, cold caches : {games / t:>9,.0f} games/s ({games:,} games)")
    run_games(deck, games, 10, seed=2)  # warm the caches
    t = statistics.median(timed(lambda: run_games(deck, games, 10, seed=3), repeat))
    print(f"  1 worker, warm caches : {games / t:>9,.0f} games/s")
    t = statistics.median(timed(
        lambda: run_games(deck, games, 10, seed=4, workers=2), repeat))
    print(f"  2-process pool        : {games / t:>9,.0f} games/s (pool start-up included)")
    t1 = statistics.median(timed(lambda: cold(big), max(1, repeat - 2)))
    print(f"  {big:,} games, 1 worker : {t1:6.2f} s (cold caches)")
    t2 = statistics.median(timed(
        lambda: (goldfish_module._SIMULATORS.clear(),
                 run_games(deck, big, 10, seed=5, workers=2)), max(1, repeat - 2)))
    print(f"  {big:,} games, 2 workers: {t2:6.2f} s")
    full = 200
    t = statistics.median(timed(
        lambda: [GoldfishGame(deck, s, 10).run() for s in range(full)], repeat))
    print(f"  full engine (logged)  : {full / t:>9,.0f} games/s")
    profile = DestinyProfile.from_deck(records)
    queries = 2000
    t = statistics.median(timed(
        lambda: [profile.p_at_least(is_character, 3, 10) for _ in range(queries)], repeat))
    print(f"  odds query            : {t / queries * 1e6:9.1f} us (3+ Characters by round 10)")
    t = statistics.median(timed(lambda: odds_report(records, 10), repeat))
    print(f"  odds report (66 queries + setup): {t * 1e3:6.2f} ms\n")


if __name__ == "__main__":
    main()
