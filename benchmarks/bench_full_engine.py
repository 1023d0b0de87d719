"""Full-engine goldfish games per second (issue 12, section 4), beside the lean yardstick.

Times :class:`~deckbuilder.engine.simulation.goldfish_game.GoldfishGame` (ten-round games, logged)
on each demo deck, and ``../shared/yardsticks/goldfish_lean.py`` (a cut-down game) in
the same run, and prints medians and the ratio to the yardstick. Run:
``python benchmarks/bench_full_engine.py [--games N] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_engine import demo_decks, timed  # noqa: E402
from figures import figure  # noqa: E402

from deckbuilder.engine.simulation.deck import EngineDeck  # noqa: E402
from deckbuilder.engine.simulation.goldfish_game import GoldfishGame  # noqa: E402

YARDSTICK = ROOT.parent / "shared" / "yardsticks" / "goldfish_lean.py"


def yardstick_rate(games: int, repeat: int) -> float | None:
    """Games per second of the lean yardstick, or ``None`` if it is not there."""
    for path in (YARDSTICK, Path("/work/shared/yardsticks/goldfish_lean.py")):
        if path.exists():
            spec = importlib.util.spec_from_file_location("goldfish_lean", path)
            lean = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(lean)
            return games / statistics.median(timed(lambda lean=lean: lean.run(games, 1), repeat))
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="full-engine games per run")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    lean = yardstick_rate(20_000, args.repeat)
    print(f"lean yardstick          : {lean:>9,.0f} games/s" if lean else "(no yardstick)")
    for name, records in demo_decks().items():
        deck = EngineDeck.from_records(records)
        t = statistics.median(timed(
            lambda deck=deck: [GoldfishGame(deck, s, 10).run() for s in range(args.games)],
            args.repeat))
        rate = args.games / t
        ratio = f" ({rate / lean:.3f} x yardstick)" if lean else ""
        print(f"{name:<24}: {rate:>9,.0f} games/s full engine{ratio}")
        figure(f"full engine, one worker: {name}", f"{rate:,.0f} games/s",
               f"{rate / lean:.3f}x goldfish_lean ({lean:,.0f} games/s)" if lean
               else "no yardstick")


if __name__ == "__main__":
    main()
