"""Run every benchmark in this folder, one after another, and print their figures.

Usage: ``.venv/bin/python benchmarks/run_all.py [NAME ...]`` (names like ``search``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(names: list[str]) -> int:
    scripts = sorted(HERE.glob("bench_*.py"))
    if names:
        scripts = [s for s in scripts if s.stem.removeprefix("bench_") in names]
    failed = 0
    for script in scripts:
        print(f"== {script.stem} ==", flush=True)
        result = subprocess.run([sys.executable, str(script)], cwd=HERE.parent)
        failed += result.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
