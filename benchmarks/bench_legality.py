"""Median time to validate a 60-card deck (target: under 1 ms).

Run: ``python benchmarks/bench_legality.py`` from the repository root. Uses the first
bundled demo deck when the bundled card data is present, else a synthetic 60-card deck
(7 Sites including two Border Sites, 5 Paths, 24 Characters, 24 Flashes; 32
entries). Prints the median over 2,000 runs in microseconds.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import figure  # noqa: E402

from card_db.catalogue import Catalogue  # noqa: E402
from card_db.records import CardRecord, CardType  # noqa: E402
from deckbuilder.deck.decklist import DeckList  # noqa: E402
from deckbuilder.deck.legality import validate  # noqa: E402

RUNS = 2000


def synthetic() -> tuple[str, DeckList, Catalogue]:
    records = [
        CardRecord("The Erasure", CardType.SITE, dominions=(1, 2), unique=True, resistance=6),
        CardRecord("Border 4-5", CardType.SITE, dominions=(4, 5), unique=True, resistance=7),
    ]
    records += [
        CardRecord(f"Site {d}", CardType.SITE, dominions=(d,), unique=True, resistance=5)
        for d in range(1, 6)
    ]
    records += [
        CardRecord(f"Path {d}", CardType.PATH, permanent=False, dominions=(d,)) for d in range(1, 6)
    ]
    records += [
        CardRecord(f"Character {i}", CardType.CHARACTER, dominions=(i % 5 + 1,),
                   prime=i % 9 + 1, magic=3, strength=5, unique=i % 2 == 0)
        for i in range(12)
    ]
    records += [
        CardRecord(f"Flash {i}", CardType.FLASH, permanent=False, deck_limit=3) for i in range(8)
    ]
    counts = {r.name: 1 for r in records if r.card_type in (CardType.SITE, CardType.PATH)}
    counts |= {r.name: 2 for r in records if r.card_type is CardType.CHARACTER}
    counts |= {r.name: 3 for r in records if r.card_type is CardType.FLASH}
    return "synthetic", DeckList.from_counts(counts), Catalogue(records)


def demo() -> tuple[str, DeckList, Catalogue] | None:
    try:
        from card_db.checklist import load_bundled_records
        from deckbuilder import formats
    except ImportError:
        return None
    decks = sorted((Path(__file__).resolve().parent.parent / "card_db/data/decks").glob("*.txt"))
    if not decks:
        return None
    return decks[0].name, formats.read_file(decks[0]), Catalogue(load_bundled_records())


def main() -> None:
    for label, deck, catalogue in filter(None, (synthetic(), demo())):
        assert deck.total() == 60, f"{label}: {deck.total()} cards"
        report = validate(deck, catalogue)
        timings = []
        for _ in range(RUNS):
            start = time.perf_counter()
            validate(deck, catalogue)
            timings.append(time.perf_counter() - start)
        median_us = statistics.median(timings) * 1e6
        print(
            f"validate {label} ({len(deck.main)} entries, legal={report.legal}): "
            f"median {median_us:.1f} us over {RUNS} runs"
        )
        figure(f"validate a 60-card deck ({label})", f"{median_us:.1f} µs", "",
               f"< 1 ms: {'yes' if median_us < 1000 else 'NO'}")


if __name__ == "__main__":
    main()
