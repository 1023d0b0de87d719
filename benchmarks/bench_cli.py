"""CLI start-up: wall time of ``deckbuilder cards search`` in a fresh process.

Target (issue 9, section 5): ``deckbuilder cards search "t:site d:3"`` under 0.25 s
including start-up. Prints the median of several runs on an up-to-date temporary
database, each beside its ratio to the yardstick timed in the same run: a bare
``python -c pass``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from figures import figure

RUNS = 15
TARGET_S = 0.25
QUERIES = ("t:site d:3", "aff:maestro prime<=9", "gentle", "")


def _time(args: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(args, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> int:
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, DECKBUILDER_DB=str(Path(tmp) / "bench.sqlite3"))
        base = [sys.executable, "-m", "deckbuilder.cli.main", "cards", "search"]
        subprocess.run(base + ["t:site"], env=env, check=True, capture_output=True)
        bare = statistics.median(_time([sys.executable, "-c", "pass"], env) for _ in range(RUNS))
        print(f"yardstick: python -c pass, median {bare * 1000:.0f} ms ({RUNS} runs)")
        for query in QUERIES:
            median = statistics.median(_time(base + [query], env) for _ in range(RUNS))
            line = (
                f"deckbuilder cards search {query!r:24} median {median * 1000:4.0f} ms "
                f"({median / bare:4.1f}x yardstick)"
            )
            target = ""
            if query == QUERIES[0]:
                ok = median < TARGET_S
                target = f"< {TARGET_S * 1000:.0f} ms: {'yes' if ok else 'NO'}"
                line += f"  target {target}"
            print(line)
            figure(f"`deckbuilder cards search {query!r}`, start-up included",
                   f"{median * 1000:.0f} ms",
                   f"{median / bare:.1f}x `python -c pass` ({bare * 1000:.0f} ms)", target)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
