"""Benchmark deck tuning: a full ``deckbuilder tune`` of each demo deck against the
bundled catalogue (default settings: 1,000 games per deck, screen of 200, 36 swaps
measured), median wall time of ``--repeat`` runs.

Issue 12 target: under a minute per 60-card deck on this machine. The lean goldfish
yardstick (``../shared/yardsticks/goldfish_lean.py``, a cut-down pure-Python game) is
timed in the same run so the figure can be read on a shared, noisy machine: the tune
time is also given in yardstick games (seconds x yardstick games per second).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from figures import figure  # noqa: E402

from card_db.catalogue import Catalogue  # noqa: E402
from card_db.checklist import load_bundled_records  # noqa: E402
from deckbuilder.engine.simulation.tuning import tune  # noqa: E402
from deckbuilder.formats import read_file  # noqa: E402

TARGET_SECONDS = 60.0
YARDSTICK_GAMES = 20_000


def yardstick_script() -> Path | None:
    for base in (ROOT.parent, ROOT.parent.parent):
        path = base / "shared" / "yardsticks" / "goldfish_lean.py"
        if path.is_file():
            return path
    return None


def yardstick_rate(script: Path) -> float:
    """Games per second of the lean goldfish on one core (it prints ``N games/s``)."""
    out = subprocess.run([sys.executable, str(script), str(YARDSTICK_GAMES), "1"],
                         capture_output=True, text=True, check=True).stdout
    match = re.search(r"([\d,.]+)\s*games/s", out)
    if match is None:
        raise RuntimeError(f"unexpected yardstick output: {out!r}")
    return float(match.group(1).replace(",", ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    catalogue = Catalogue(load_bundled_records())
    script = yardstick_script()
    rates = []
    ok = True
    print(f"Python {sys.version.split()[0]}; catalogue {len(catalogue)} cards; "
          f"workers {args.workers}; medians of {args.repeat} runs")
    for path in sorted((ROOT / "card_db" / "data" / "decks").glob("*.txt")):
        deck = read_file(path).merged()
        times = []
        for _ in range(args.repeat):
            if script is not None:
                rates.append(yardstick_rate(script))
            start = time.perf_counter()
            result = tune(deck, catalogue, workers=args.workers)
            times.append(time.perf_counter() - start)
        median = statistics.median(times)
        ok &= median < TARGET_SECONDS
        best = result.suggestions[0] if result.suggestions else None
        best_text = (f"best {best.out} -> {best.card_in} {best.p_win_delta:+.3f}"
                     if best else "no swap")
        units = (f" = {median * statistics.median(rates) / 1000:,.0f}k yardstick games"
                 if rates else "")
        print(f"  {path.stem:<28} tune median {median:6.1f} s{units} "
              f"({result.candidates} swaps measured; {best_text}); target < {TARGET_SECONDS:.0f} s")
        figure(f"`deckbuilder tune` of {path.stem}, {args.workers} worker(s)",
               f"{median:.1f} s", units.removeprefix(" = ") if rates else "no yardstick",
               f"< {TARGET_SECONDS:.0f} s: {'yes' if median < TARGET_SECONDS else 'NO'}")
    if rates:
        rate = statistics.median(rates)
        print(f"  yardstick goldfish_lean: median {rate:,.0f} games/s per core; "
              f"a 60 s tune = {TARGET_SECONDS * rate:,.0f} yardstick games")
    else:
        print("  yardstick goldfish_lean.py not found (../shared/yardsticks): no ratio")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
