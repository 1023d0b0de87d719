"""CLI start-up: wall time of ``deckbuilder cards search`` in a fresh process.

Target (issue "The card database", section 8): under 0.5 s including start-up.
Prints the median of several runs on an up-to-date temporary database.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 15
QUERIES = ("t:site d:3", "aff:maestro prime<=9", "gentle", "")


def _time(args: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(args, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, DECKBUILDER_DB=str(Path(tmp) / "bench.sqlite3"))
        base = [sys.executable, "-m", "deckbuilder.cli.main", "cards", "search"]
        subprocess.run(base + ["t:site"], env=env, check=True, capture_output=True)
        bare = statistics.median(_time([sys.executable, "-c", "pass"], env) for _ in range(RUNS))
        print(f"python start-up alone: median {bare * 1000:.0f} ms")
        for query in QUERIES:
            median = statistics.median(_time(base + [query], env) for _ in range(RUNS))
            print(
                f"deckbuilder cards search {query!r:26} median {median * 1000:.0f} ms"
                f"  (target < 500 ms, {RUNS} runs)"
            )


if __name__ == "__main__":
    main()
