"""The figures a benchmark reports, for ``run_all.py --markdown``.

Each benchmark prints its figures for a person and also hands each one to
:func:`figure`: when the environment variable ``BENCH_FIGURES`` names a file (as
``run_all.py`` sets it), the figure is appended to it as one JSON line. Without it,
:func:`figure` does nothing.
"""

from __future__ import annotations

import json
import os


def figure(what: str, value: str, yardstick: str = "", target: str = "") -> None:
    """Record one figure: ``what`` was measured, ``value`` (the median, with its unit),
    ``yardstick`` (the yardstick timed in the same run, or the ratio to it) and
    ``target`` (the goal an issue set, with whether it was met)."""
    path = os.environ.get("BENCH_FIGURES")
    if not path:
        return
    row = {"what": what, "value": value, "yardstick": yardstick, "target": target}
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps(row) + "\n")
