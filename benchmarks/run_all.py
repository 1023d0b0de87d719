"""Run every benchmark in this folder, one after another, and print their figures.

Usage: ``.venv/bin/python benchmarks/run_all.py [NAME ...]`` (names like ``search``).
Each script's output is shown as it runs; the lines naming a yardstick or a target are
repeated at the end, so the figures the issues set targets for are read in one place.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SUMMARY_WORDS = ("yardstick", "target")


def main(names: list[str]) -> int:
    scripts = sorted(HERE.glob("bench_*.py"))
    if names:
        scripts = [s for s in scripts if s.stem.removeprefix("bench_") in names]
    failed = 0
    summary: list[str] = []
    for script in scripts:
        print(f"== {script.stem} ==", flush=True)
        process = subprocess.Popen(
            [sys.executable, str(script)], cwd=HERE.parent, stdout=subprocess.PIPE, text=True
        )
        assert process.stdout is not None
        for line in process.stdout:
            print(line, end="", flush=True)
            if any(word in line for word in SUMMARY_WORDS):
                summary.append(f"{script.stem}: {line.strip()}")
        failed += process.wait() != 0
    print("\n== summary ==")
    print("\n".join(summary))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
