"""Search and save latency on SQLite and on PostgreSQL, side by side (issue 15).

Usage (from the repository root, with the test extras installed: the PostgreSQL server
is the one the tests start, from the ``pgserver`` wheel, on this machine)::

    .venv/bin/python benchmarks/bench_engines.py [--repeat 31]

Both databases hold the bundled catalogue. Timed end to end as the app runs them,
each on a fresh handle warmed by one untimed run:

* search: ``search_card_ids`` on an open read connection, every matching id, for a
  few queries of the search language;
* save: ``save_deck`` of a 40-card deck (one write transaction: the deck row, its
  entries replaced) and ``add_rows`` of one collection copy (read, add, write).

The yardstick, timed in the same run between the two engines' measurements, is
sorting 10,000 fixed pseudo-random floats in Python (the machine's speed at that
moment); every figure is printed beside its ratio to it. ``SELECT 1`` shows each
engine's round trip. The server is local (TCP on 127.0.0.1), so the figures leave out
a network's latency: add about one round trip per statement.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import figure  # noqa: E402

from card_db.search import search_card_ids  # noqa: E402
from card_db.userdb import UserDatabase  # noqa: E402
from deckbuilder.deck.decklist import DeckList  # noqa: E402
from deckbuilder.services.collection import CollectionRow, add_rows  # noqa: E402
from deckbuilder.services.decks import save_deck  # noqa: E402
from tests.postgres_server import start_server  # noqa: E402

QUERIES = ("gen", '"roxborough tower"', "t:site d:3", "prime<=3 -aff:maestro", "")


def _median_ms(action, repeat: int) -> float:
    action()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _deck(db: UserDatabase) -> DeckList:
    names = [r.name for r in db.catalogue()][:20]
    return DeckList(name="Benchmark deck", main=[(name, 2) for name in names])


def measure(db: UserDatabase, repeat: int) -> dict[str, float]:
    """Label -> median milliseconds on ``db``."""
    figures: dict[str, float] = {}
    with db.read() as conn:
        figures["round trip: SELECT 1"] = _median_ms(
            lambda: conn.execute("SELECT 1").fetchall(), repeat)
        for query in QUERIES:
            figures[f"search {query or '(every card)'!s}"] = _median_ms(
                lambda q=query: search_card_ids(conn, q), repeat)
    deck = _deck(db)
    figures["save a 40-card deck"] = _median_ms(lambda: save_deck(db, deck), repeat)
    figures["add one copy to the collection"] = _median_ms(
        lambda: add_rows(db, [CollectionRow("Gentle", 1)]), repeat)
    return figures


def yardstick_ms(repeat: int) -> float:
    """Median milliseconds to sort 10,000 fixed pseudo-random floats."""
    rng = random.Random(15)
    data = [rng.random() for _ in range(10_000)]
    return _median_ms(lambda: sorted(data), repeat)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31)
    args = parser.parse_args()
    server = start_server()
    try:
        url = server.create_database("bench_engines")
        with tempfile.TemporaryDirectory() as folder:
            sqlite_db = UserDatabase.open(Path(folder) / "bench.sqlite3")
            pg_db = UserDatabase.open(url)
            sqlite = measure(sqlite_db, args.repeat)
            yardstick = yardstick_ms(args.repeat)
            pg = measure(pg_db, args.repeat)
            sqlite_db.close()
            pg_db.close()
    finally:
        server.stop()
    print(f"yardstick (sort 10,000 floats in Python): {yardstick:.2f} ms")
    print(f"{'median of ' + str(args.repeat):38} {'SQLite':>22} {'PostgreSQL':>22}")
    for label in sqlite:
        print(f"{label:38} {sqlite[label]:9.3f} ms ({sqlite[label] / yardstick:7.2f}x) "
              f"{pg[label]:9.3f} ms ({pg[label] / yardstick:7.2f}x)")
        for engine, values in (("SQLite", sqlite), ("PostgreSQL", pg)):
            figure(f"{label}, {engine}", f"{values[label]:.3f} ms",
                   f"{values[label] / yardstick:.2f}x sorting 10,000 floats "
                   f"({yardstick:.2f} ms)")
    print("(x: the ratio to the yardstick)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
