"""Print the reliability table: run the fault suite and tabulate what it found.

    python -m tests.fault_report --markdown            # the defaults CI runs
    python -m tests.fault_report --markdown --trials 20 --examples 200
    python -m tests.fault_report --markdown --keep runs/   # then --from runs/ reprints

Runs the fault suite's tests (:data:`SELECTIONS`) with pytest, the outcomes of every
trial noted by :func:`tests.fault_kit.record` (``$FAULT_REPORT``) and each test's
result read from pytest's JUnit XML, then prints two tables: the trials (fault, write
path or command, engine, trials, how they ended, verdict) and the single checks (what
each test checks, from its docstring, and its result, with the reason of a skip).
``--trials`` and ``--examples`` set ``FAULT_TRIALS`` and ``FAULT_EXAMPLES``.
Exit status 1 if a test failed. Source: issue 26 ("The README's user guide gets one
reliability table generated from these runs").
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: (test file, ``-k`` expression or ``""``): the fault suite.
SELECTIONS = (
    ("tests/test_crash_recovery.py", ""),
    ("tests/test_fault_interrupts.py", ""),
    ("tests/test_concurrency.py", "different_writers or 500_copies"),
    ("tests/test_fault_full_disk.py", ""),
    ("tests/test_fault_read_only.py", ""),
    ("tests/test_collection_roundtrip.py", ""),
    ("tests/test_formats_roundtrip.py", "test_round_trip"),
    ("tests/test_checklist.py", "round_trips"),
    ("tests/test_checklist_limits.py", ""),
    ("tests/test_atomic_outputs.py", "kill or leftover"),
    ("tests/test_database_errors.py", "revision or schema or full_disk"),
    ("tests/test_collection_import_export.py", "carriage or several_lines"),
)


def run_suite(folder: Path, trials: int | None, examples: int | None) -> None:
    """Run :data:`SELECTIONS`, their results kept in ``folder`` (:func:`read_results`)."""
    records = folder / "records.jsonl"
    records.unlink(missing_ok=True)
    env = {**os.environ, "FAULT_REPORT": str(records)}
    if trials:
        env["FAULT_TRIALS"] = str(trials)
    if examples:
        env["FAULT_EXAMPLES"] = str(examples)
    for index, (path, expression) in enumerate(SELECTIONS):
        junit = folder / f"junit-{index}.xml"
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", path,
                   f"--junitxml={junit}"] + (["-k", expression] if expression else [])
        subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=False)


def read_results(folder: Path) -> tuple[list, list]:
    """(the recorded trials, the JUnit test cases) of a run kept in ``folder``."""
    records = folder / "records.jsonl"
    cases = []
    for index in range(len(SELECTIONS)):
        junit = folder / f"junit-{index}.xml"
        if junit.exists():
            cases += ET.parse(junit).getroot().iter("testcase")
    found = []
    if records.exists():
        found = [json.loads(line) for line in records.read_text(encoding="utf-8").splitlines()]
    return found, cases


def _outcome_text(outcomes: dict) -> str:
    return ", ".join(f"{kind} {count}" for kind, count in outcomes.items() if count)


def trial_rows(records: list[dict]) -> list[list[str]]:
    """One row per recorded check: fault, target, engine, trials, outcomes, verdict."""
    rows = []
    for r in records:
        outcomes = Counter(r["outcomes"])
        bad = {k: v for k, v in outcomes.items() if k not in r["expected"] and v}
        count = sum(v for k, v in outcomes.items() if k in r["expected"] or v)
        if "stored" in outcomes:  # concurrent writers: copies written, not trials
            count = outcomes["stored"] + outcomes.get("lost", 0)
        rows.append([r["fault"], r["target"], r["engine"], str(count),
                     _outcome_text(outcomes), "FAIL: " + _outcome_text(bad) if bad else "ok"])
    return rows


def _doc(classname: str, name: str) -> str:
    """The first sentence of the test's docstring (or its name in words)."""
    try:
        module = importlib.import_module(classname)
    except ImportError:
        module = None
    function = getattr(module, name, None)
    # a test without a docstring is described by its module's first sentence
    text = (function and function.__doc__) or (module and module.__doc__) or name
    doc = " ".join(text.replace("_", " ").split() if text == name else text.split())
    return doc.replace("``", "").split(". ")[0].rstrip(".")


def _result(case) -> str:
    if case.find("failure") is not None or case.find("error") is not None:
        return "FAILED"
    skipped = case.find("skipped")
    if skipped is not None:
        return f"skipped: {skipped.get('message', '')}"
    return "passed"


def check_rows(cases: list) -> list[list[str]]:
    """One row per test function (its parametrized cases together): what it checks,
    the test, its result (``passed``, ``FAILED`` or ``skipped: reason``, with the
    number of cases)."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for case in cases:
        key = (case.get("classname", ""), case.get("name", "").split("[", 1)[0])
        grouped.setdefault(key, []).append(_result(case))
    rows = []
    for (classname, name), results in grouped.items():
        counts = Counter(results)
        text = ", ".join(f"{r} ({n})" if len(results) > 1 else r for r, n in counts.items())
        rows.append([_doc(classname, name), f"{classname.rsplit('.', 1)[-1]}::{name}", text])
    return rows


def markdown(header: list[str], rows: list[list[str]]) -> str:
    """``rows`` as a Markdown table (``|`` in cells escaped)."""
    def line(cells):
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"
    return "\n".join([line(header), line(["---"] * len(header)), *map(line, rows)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--markdown", action="store_true", help="Markdown tables (default: tabs)")
    parser.add_argument("--trials", type=int, help="FAULT_TRIALS: kills/faults per check")
    parser.add_argument("--examples", type=int, help="FAULT_EXAMPLES: property examples")
    parser.add_argument("--keep", type=Path, help="keep the raw results in this folder")
    parser.add_argument("--from", dest="source", type=Path,
                        help="print the tables of results kept by --keep (no run)")
    args = parser.parse_args(argv)
    if args.source:
        records, cases = read_results(args.source)
    elif args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        run_suite(args.keep, args.trials, args.examples)
        records, cases = read_results(args.keep)
    else:
        with tempfile.TemporaryDirectory(prefix="deckbuilder-fault-report-") as folder:
            run_suite(Path(folder), args.trials, args.examples)
            records, cases = read_results(Path(folder))
    trials = trial_rows(records)
    checks = check_rows(cases)
    tables = [
        (["Fault", "Write path or command", "Engine", "Trials", "How they ended", "Verdict"],
         trials),
        (["Check", "Test", "Result"], checks),
    ]
    for header, rows in tables:
        if args.markdown:
            print(markdown(header, rows))
        else:
            print("\n".join("\t".join(r) for r in [header, *rows]))
        print()
    failed = any("FAIL" in r[-1] for r in trials + checks)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
