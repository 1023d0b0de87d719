"""The match log and deck versions on a SQLite database (issue 23).

Times, as medians over several runs: ``stats`` (win rate and Wilson interval per
version) over 10,000 logged games, reading them all (``logged_games``), reading the
history of a deck with 200 kept versions (``deck_history``), and one all-or-nothing
import of a 2,000-game CSV file. The yardstick, timed in the same run, is the bare SQL
aggregate ``SELECT version, result, count(*) ... GROUP BY`` over the same rows with
:mod:`sqlite3`: the least any per-version statistics can cost.

Run: ``python benchmarks/bench_match_log.py`` from the repository root.
"""

from __future__ import annotations

import sqlite3
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from card_db.userdb import UserDatabase  # noqa: E402
from deckbuilder.deck.decklist import DeckList  # noqa: E402
from deckbuilder.match_log.csv_rows import entries_to_csv  # noqa: E402
from deckbuilder.match_log.entry import GameEntry  # noqa: E402
from deckbuilder.services.deck_versions import deck_history  # noqa: E402
from deckbuilder.services.decks import save_deck  # noqa: E402
from deckbuilder.services.match_log import (  # noqa: E402
    import_log,
    log_computer_games,
    logged_games,
    stats,
)

GAMES = 10_000
VERSIONS = 200
RUNS = 7


def _median(fn, runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _games(count: int, versions: int) -> list[GameEntry]:
    day = date(2026, 1, 1)
    return [GameEntry(played_on=day + timedelta(days=i % 300), deck="Bench",
                      version=1 + i % versions, opponent=f"Player {i % 12}",
                      opponent_affiliation=("Maestro", "Vassal", "Oviate")[i % 3],
                      went=("first", "second")[i % 2], result=("win", "loss", "draw")[i % 3 % 2],
                      ended="victory", rounds=5 + i % 9) for i in range(count)]


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        db = UserDatabase.open(path)
        for k in range(VERSIONS):
            save_deck(db, DeckList(name="Bench", main=[("Gentle", 1 + k % 3), ("Judith", 1)]))
        log_computer_games(db, _games(GAMES, 10))
        csv_path = Path(tmp) / "games.csv"
        csv_path.write_text(entries_to_csv(_games(2_000, 10)), encoding="utf-8")

        def yardstick() -> None:
            conn = sqlite3.connect(path)
            conn.execute("SELECT version, result, count(*) FROM logged_game WHERE deck = ? "
                         "GROUP BY version, result", ("Bench",)).fetchall()
            conn.close()

        stick = _median(yardstick)
        print(f"yardstick: bare SQL GROUP BY over {GAMES:,} games, median "
              f"{stick * 1000:.1f} ms ({RUNS} runs)")
        for label, fn, runs in (
            (f"stats by version, {GAMES:,} games", lambda: stats(db, "version", "Bench"), RUNS),
            (f"logged_games, {GAMES:,} games", lambda: logged_games(db), RUNS),
            (f"deck_history, {VERSIONS} versions", lambda: deck_history(db, "Bench"), RUNS),
            ("import 2,000-game CSV (checked, one transaction)",
             lambda: import_log(db, csv_path), 3),
        ):
            median = _median(fn, runs)
            print(f"{label:52} median {median * 1000:7.1f} ms ({median / stick:6.1f}x yardstick)")
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
