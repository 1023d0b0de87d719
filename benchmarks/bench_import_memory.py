"""Peak memory of ``deckbuilder collection import`` on huge collection CSVs.

Target (issue 10, section 3): a 500 MB collection CSV imports or is refused with peak
memory under 300 MB. Each case runs the real command in a fresh process on a fresh
temporary database and reads the child's peak resident set size (``ru_maxrss`` from
``os.wait4``); the median of several runs is printed beside the yardstick measured in
the same run: importing a three-row file. Cases: a 500 MB file (refused: larger than
the file cap), the same 500 MB streamed through a pipe, where no size is known
(refused at the row cap, read as a stream), a file of :data:`MAX_ROWS` distinct entries
and one of about 49 MB with long notes (both imported whole).

Usage: ``.venv/bin/python benchmarks/bench_import_memory.py [RUNS]``.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from figures import figure

from card_db.checklist.bundled import load_bundled_records
from card_db.userdb import ensure_database
from deckbuilder.formats.collection_csv import MAX_FIELD_CHARS, MAX_FILE_BYTES, MAX_ROWS

TARGET_MB = 300
HUGE_BYTES = 500 * 1000 * 1000
VERBOSE = bool(os.environ.get("BENCH_VERBOSE"))
COMMAND = [sys.executable, "-m", "deckbuilder.cli.main", "collection", "import"]


def _names() -> list[str]:
    return [r.name.replace('"', '""') for r in load_bundled_records()]


def _write_rows(path: Path, rows, limit: int | None = None) -> None:
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write("name,quantity,condition,location,notes\n")
        written = 0
        for row in rows:
            out.write(row)
            written += len(row)
            if limit is not None and written >= limit:
                break


def _huge(path: Path, names: list[str]) -> None:
    chunk = "".join(f'"{names[i % len(names)]}",1,NM,box {i},\n' for i in range(20_000))
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write("name,quantity,condition,location,notes\n")
        for _ in range(HUGE_BYTES // len(chunk) + 1):
            out.write(chunk)


def _files(folder: Path) -> dict[str, tuple[Path, bool]]:
    names = _names()
    small = folder / "small.csv"
    _write_rows(small, (f'"{n}",1,NM,,\n' for n in names[:3]))
    at_cap = folder / "rows.csv"
    _write_rows(at_cap, (f'"{names[i % len(names)]}",1,NM,box {i},\n' for i in range(MAX_ROWS)))
    notes = folder / "notes.csv"
    note = "n" * (MAX_FIELD_CHARS - 100)
    _write_rows(notes, (f'"{names[i % len(names)]}",1,NM,box {i},{note}\n' for i in range(10**6)),
                limit=MAX_FILE_BYTES - 2 * MAX_FIELD_CHARS)
    huge = folder / "huge.csv"
    _huge(huge, names)
    return {
        "yardstick: 3 rows": (small, False),
        f"{huge.stat().st_size / 1e6:.0f} MB file": (huge, False),
        f"{huge.stat().st_size / 1e6:.0f} MB through a pipe": (huge, True),
        f"{MAX_ROWS:,} rows, {at_cap.stat().st_size / 1e6:.1f} MB": (at_cap, False),
        f"long notes, {notes.stat().st_size / 1e6:.1f} MB": (notes, False),
    }


def _measure(file: Path, piped: bool, template: Path, folder: Path) -> tuple[float, float, int]:
    """(peak RSS in MB, seconds, exit status) of one import in a fresh process."""
    db = folder / "run.sqlite3"
    shutil.copy(template, db)
    env = dict(os.environ, DECKBUILDER_DB=str(db))
    start = time.perf_counter()
    feeder = subprocess.Popen(["cat", str(file)], stdout=subprocess.PIPE) if piped else None
    child = subprocess.Popen(
        COMMAND + ["/dev/stdin" if piped else str(file)], env=env,
        stdin=feeder.stdout if feeder else subprocess.DEVNULL,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    if feeder is not None:
        feeder.stdout.close()  # the child holds the pipe now
    assert child.stderr is not None
    error = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    if feeder is not None:
        feeder.kill()
        feeder.wait()
    seconds = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    child.returncode = code
    if VERBOSE:
        print(f"  exit {code}: {error.decode(errors='replace').strip()[:200]}")
    if code not in (0, 2):
        raise SystemExit(f"{file.name}: exit {code}: {error.decode(errors='replace')}")
    peak_kib = usage.ru_maxrss if sys.platform != "darwin" else usage.ru_maxrss / 1024
    return peak_kib / 1024, seconds, code


def main(runs: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        template = ensure_database(folder / "template.sqlite3")
        files = _files(folder)
        worst = 0.0
        yardstick = None
        for label, (file, piped) in files.items():
            results = [_measure(file, piped, template, folder) for _ in range(runs)]
            peak = statistics.median(r[0] for r in results)
            seconds = statistics.median(r[1] for r in results)
            outcome = "imported" if results[0][2] == 0 else "refused"
            yardstick = yardstick or peak
            if not label.startswith("yardstick"):
                worst = max(worst, peak)
            print(f"{label}: {outcome}, median peak RSS {peak:.0f} MB "
                  f"({peak / yardstick:.1f}x the yardstick), median {seconds:.1f} s "
                  f"({runs} runs)", flush=True)
            if not label.startswith("yardstick"):
                figure(f"peak memory of `collection import`: {label} ({outcome})",
                       f"{peak:.0f} MB",
                       f"{peak / yardstick:.1f}x a 3-row file ({yardstick:.0f} MB)",
                       f"< {TARGET_MB} MB: {'yes' if peak < TARGET_MB else 'NO'}")
    ok = worst < TARGET_MB
    print(f"target: every huge collection CSV imported or refused under {TARGET_MB} MB: "
          f"worst median peak {worst:.0f} MB ({'met' if ok else 'NOT met'})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
