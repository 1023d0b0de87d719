"""Which real photos are still miscounted and which names are still missed (issue 21).

Usage (from the repository root)::

    .venv/bin/python benchmarks/scan_photo_report.py [NAME_PART ...]

For each picture of 1-12 cards in ``../shared/corpus/card-photos/`` (or only those
whose file name contains one of the ``NAME_PART`` arguments): the cards expected (from
its ``manifest.json``) and found, the names read, and each readable name not read
(rapidfuzz ratio below 0.8), then the totals as ``bench_scan.py`` counts them. It reads
the real photos only, so it is quick to run while changing detection or reading. The
manifest is read here to score; the scanner never sees it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_scan import CORPUS, NAME_RATIO, corpus_entries  # noqa: E402
from rapidfuzz import fuzz  # noqa: E402

from card_db.names import fold_name  # noqa: E402
from deckbuilder.scan.batch import read_batch  # noqa: E402
from deckbuilder.scan.matching import NameIndex  # noqa: E402


def report(entry: dict) -> tuple[bool, int, int, str]:
    """(count right, readable names, names read, one line of report) for one picture."""
    (image,) = read_batch([CORPUS / entry["file"]], NameIndex([]), read_fields=False).images
    reads = [card.text.name for card in image.cards]
    right = len(reads) == entry["cards"]
    readable = read = 0
    missed = []
    if isinstance(entry.get("names"), list):
        truth = [fold_name(name) for name in entry["names"]]
        for name in sorted(set(truth)):
            wanted = truth.count(name)
            good = min(wanted, sum(fuzz.ratio(name, fold_name(r)) / 100 >= NAME_RATIO
                                   for r in reads))
            readable, read = readable + wanted, read + good
            if good < wanted:
                missed.append(f"{name!r} x{wanted - good}")
    line = (f"{'ok ' if right else 'BAD'} {entry['file']}: {len(reads)} of {entry['cards']}"
            f" | read {reads}" + (f" | missed {', '.join(missed)}" if missed else ""))
    return right, readable, read, line


def main(parts: list[str]) -> int:
    entries = [e for e in corpus_entries() if not parts or any(p in e["file"] for p in parts)]
    if not entries:
        print(f"No pictures: {CORPUS} is absent or no file name matches")
        return 1
    right = readable = read = 0
    for entry in entries:
        ok, names, good, line = report(entry)
        print(line, flush=True)
        right, readable, read = right + ok, readable + names, read + good
    print(f"count right {right} of {len(entries)} ({right / len(entries):.1%}); names read "
          f"{read} of {readable} ({read / readable if readable else 0:.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
