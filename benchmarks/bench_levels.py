"""How often the strong computer level beats the quick one (not a timing benchmark).

Run from the repository root: ``.venv/bin/python benchmarks/bench_levels.py [GAMES]``
(default 108). Games cycle through every ordered pair of the bundled demo decks (each
deck against itself too), the strong Autarch in either seat and either Autarch acting
first; game ``i`` is seeded from ``i`` alone, so a run is reproducible. Prints the
strong level's wins among the decided games with a 95% Wilson interval, and draws
(no result after 30 rounds, or every Destiny exhausted together).
"""

from __future__ import annotations

import sys
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import demo_decks  # noqa: E402
from figures import figure  # noqa: E402

from deckbuilder.engine.controllers.computer import ComputerController, seat_table  # noqa: E402
from deckbuilder.engine.controllers.lookahead import StrongController  # noqa: E402
from deckbuilder.engine.game import Game  # noqa: E402
from deckbuilder.engine.game.order_of_play import play  # noqa: E402
from deckbuilder.engine.simulation.match import wilson_interval  # noqa: E402


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 108
    decks = list(demo_decks().values())
    setups = [(a, b, s) for a, b in product(range(len(decks)), repeat=2) for s in (0, 1)]
    won = lost = draws = 0
    for i in range(games):
        a, b, strong_seat = setups[i % len(setups)]
        controllers: list[ComputerController] = [ComputerController(), ComputerController()]
        controllers[strong_seat] = StrongController(seed=i)
        seat_table(controllers)
        game = Game([decks[a], decks[b]], seed=10_000 + i)
        for _ in play(game, controllers, rounds=30, first=(i // 2) % 2):
            pass
        winner = game.table.winner
        if winner is None:
            draws += 1
        elif winner == strong_seat:
            won += 1
        else:
            lost += 1
        if (i + 1) % 18 == 0:
            print(f"{i + 1} games: strong won {won}, lost {lost}, draws {draws}", flush=True)
    lo, hi = wilson_interval(won, won + lost)
    share = won / (won + lost) if won + lost else 0.0
    print(f"strong won {won} of {won + lost} decided ({share:.0%}, 95% CI {lo:.0%} to"
          f" {hi:.0%}); draws {draws}")
    figure(f"strong level against quick, {games} games on the demo decks",
           f"won {won} of {won + lost} decided ({share:.0%}, 95% CI {lo:.0%} to {hi:.0%}); "
           f"draws: {draws}", "the quick level is the yardstick (50% = no edge)")


if __name__ == "__main__":
    main()
