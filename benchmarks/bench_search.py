"""Search latency on the bundled catalogue and on generated 50,000- and 500,000-card ones.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench_search.py [--cards 50000,500000] [--repeat 21]

Each query is timed end to end as the CLI and GUI run it: parse, compile to SQL text,
execute on a read-only :mod:`sqlite3` connection and fetch the ids, once for the first
screen of results (``limit=200`` in the default name order, what a results view shows
first) and once for every matching id. Each runs once to warm the page cache, then
``--repeat`` times (fewer for every id on big catalogues). The yardstick, timed in the
same run on the same database, is a plain ``sqlite3`` query of one card by name; every
figure is printed beside its ratio to it.

Targets (issue 9, section 5): first screen p95 (over every timed run of every query)
under 16 ms at 50,000 cards and under 50 ms at 500,000 cards. Generated catalogues are
cached in the temporary folder (keyed by size, seed and schema revision), so only the
first run pays for generating them.
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import figure  # noqa: E402

from card_db.database import head_revision, upgrade_schema  # noqa: E402
from card_db.records import CardType  # noqa: E402
from card_db.search import search_card_ids  # noqa: E402
from card_db.userdb import ensure_database  # noqa: E402

#: First-screen p95 targets in ms by catalogue size (the largest size not above it applies).
TARGETS_MS = {50_000: 16.0, 500_000: 50.0}
#: Rows a results view shows first; timed as ``search_card_ids(..., limit=SCREEN)``.
SCREEN = 200
#: Catalogues above this size time "every id" with at most 5 repeats.
BIG = 100_000

QUERIES = (
    "",
    "gen",
    "roxborough",
    '"roxborough tower"',
    "gentle or celestine",
    "-gen",
    "t:character",
    "t:site d:3",
    "d:2",
    "d:0",
    "is:border",
    "prime<=3",
    "magic>=4",
    "str>6",
    "res<=8",
    "limit<=2",
    "t:character prime<=3 -is:unique",
    "aff:maestro or aff:vassal",
    "(t:combat or t:influence) -is:permanent",
    "gender:female str>=5",
    "owned>0",
    "owned=0 t:path",
    "set:demo r:rare",
    "tower d:1 or t:path d:2",
    "-(t:site or t:character) is:instant",
)

AFFILIATIONS = (
    "Maestro",
    "Vassal",
    "Adorer",
    "Aphrodyte",
    "Artist",
    "Tabula Rasa",
    "Oviate",
    "Dearthier",
    "Eurhetemec",
    "Kuyrmid",
    "Oethac",
)
SYLLABLES = (
    "gen tle ro xbo rough tow er ce les tine ju dith sar to ri pie oh pah hu zah "
    "dowd mer cy yza que pa ra dox ga ri ba ldi ki ra mo ns ter vey quai sha"
).split()
WORDS = (
    "seize secure contest challenge ally site path dominion magic strength prime "
    "resistance influence pivot reserve circle realm state holder destiny flash dictate "
    "tower erasure vortex reconciliation retreat oviate maestro vassal versus alone "
    "counters allies female male target discard draw play remove game autarch"
).split()
SETS = ("Imajica 1997", "Imajica Demo Set", "User Checklist")
RARITIES = ("common", "uncommon", "rare", "fixed")


def _name(rng: random.Random, taken: set[str]) -> str:
    while True:
        words = [
            "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()
            for _ in range(rng.randint(1, 3))
        ]
        name = " ".join(words)
        if name not in taken:
            taken.add(name)
            return name


def _sentence(rng: random.Random, low: int, high: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(low, high))).capitalize()


def _traits(rng: random.Random, index: int) -> str:
    """Traits; one card in 200 names Roxborough Tower and one in 500 names Gentle,
    so that free-text queries find a realistic handful of cards."""
    extra = ""
    if index % 200 == 0:
        extra = " May hold Roxborough Tower alone."
    elif index % 500 == 1:
        extra = " Allies for -1 if Gentle is controlled."
    return (_sentence(rng, 0, 6) + extra).strip()


def _card_row(rng: random.Random, index: int, taken: set[str]) -> tuple:
    card_type = rng.choice(list(CardType))
    is_character = card_type is CardType.CHARACTER
    is_site = card_type is CardType.SITE
    dominion = rng.choice([None, 1, 2, 3, 4, 5]) if is_character else rng.randint(1, 5)
    border = dominion % 5 + 1 if is_site and dominion and rng.random() < 0.15 else None
    if card_type in (CardType.DICTATE, CardType.FLASH) and rng.random() < 0.5:
        dominion = None
    gender = rng.choice(["male", "female", "both", "neither"]) if is_character else None
    if is_character and dominion is None:
        gender = None
    name = _name(rng, taken)
    return (
        index,
        f"gen-{index}",
        name,
        card_type.value,
        1 if is_character or is_site else rng.randint(0, 1),
        dominion,
        border,
        1 if is_site or rng.random() < 0.4 else 0,
        gender,
        rng.randint(0, 9) if is_character else None,
        rng.randint(1, 10) if is_character else None,
        rng.randint(1, 12) if is_character else None,
        rng.randint(3, 12) if is_site else None,
        rng.choice([1, 2, 3]) if rng.random() < 0.05 else None,
        _traits(rng, index),
        _sentence(rng, 4, 24),
        rng.choice(SETS),
        str(index),
        rng.choice(RARITIES),
        _sentence(rng, 0, 12),
        rng.choice(["demo", "generated", "rulebook: Types of Cards"]),
        rng.choice(["[]", "[]", '["magic"]']),
    )


def build_generated_catalogue(path: Path, count: int, seed: int = 1997) -> None:
    """Create ``path`` with the migrations and fill it with ``count`` generated cards.

    Every card gets 0-2 affiliations; about one card in ten has collection entries.
    """
    upgrade_schema(path)
    rng = random.Random(seed)
    taken: set[str] = set()
    rows = [_card_row(rng, i, taken) for i in range(1, count + 1)]
    with sqlite3.connect(path) as conn:
        conn.executemany(
            "INSERT INTO card (id, key, name, card_type, permanent, dominion, border_dominion, "
            "is_unique, gender, magic, strength, prime, resistance, deck_limit, traits, "
            "powers, set_name, collector_number, rarity, flavor_text, source, estimated, "
            "activation_icon, abilities, artist, origin) VALUES "
            "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
            "NULL, '[]', '', 'bundled')",
            rows,
        )
        conn.executemany(
            "INSERT INTO affiliation (id, name, description) VALUES (?, ?, '')",
            list(enumerate(AFFILIATIONS, start=1)),
        )
        links = {
            (card_id, rng.randint(1, len(AFFILIATIONS)))
            for card_id in range(1, count + 1)
            for _ in range(rng.randint(0, 2))
        }
        conn.executemany("INSERT INTO card_affiliation VALUES (?, ?)", sorted(links))
        entries = [(rng.randint(1, count), rng.randint(1, 4)) for _ in range(count // 10)]
        conn.executemany(
            "INSERT INTO collection_entry (card_id, quantity, condition, location, notes, "
            "for_trade, date_added) VALUES (?, ?, 'Near Mint', '', '', 0, '2026-01-01')",
            entries,
        )


def _timings_ms(conn: sqlite3.Connection, run, repeat: int) -> list[float]:
    """Wall-clock milliseconds of ``repeat`` calls of ``run(conn)`` after one warm-up."""
    run(conn)
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        run(conn)
        out.append((time.perf_counter() - start) * 1000)
    return out


def yardstick_ms(conn: sqlite3.Connection, repeat: int) -> float:
    """Median ms of a plain ``sqlite3`` query of one card by name (the ``ix_card_name`` index)."""
    names = [row[0] for row in conn.execute("SELECT name FROM card ORDER BY id LIMIT 50")]

    def by_name(c: sqlite3.Connection) -> None:
        for name in names:
            c.execute("SELECT id FROM card WHERE name = ?", (name,)).fetchall()

    return statistics.median(_timings_ms(conn, by_name, repeat)) / len(names)


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def measure(path: Path, repeat: int) -> tuple[float, dict[str, tuple[list, list, int]]]:
    """The yardstick ms and, per query, (first-screen ms runs, every-id ms runs, ids found)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        count = conn.execute("SELECT count(*) FROM card").fetchone()[0]
        every_repeat = min(repeat, 5) if count > BIG else repeat
        yardstick = yardstick_ms(conn, repeat)
        results = {}
        for query in QUERIES:
            found = len(search_card_ids(conn, query))
            screen = _timings_ms(
                conn, lambda c, q=query: search_card_ids(c, q, limit=SCREEN), repeat
            )
            every = _timings_ms(conn, lambda c, q=query: search_card_ids(c, q), every_repeat)
            results[query] = (screen, every, found)
    finally:
        conn.close()
    return yardstick, results


def target_ms(cards: int) -> float:
    """The first-screen p95 target for a catalogue of ``cards`` cards."""
    fitting = [size for size in TARGETS_MS if size <= cards]
    return TARGETS_MS[max(fitting)] if fitting else min(TARGETS_MS.values())


def report(title: str, cards: int, yardstick: float, results: dict,
           with_target: bool = True) -> bool:
    """Print one table; True if the first-screen p95 is within the target for ``cards``."""
    print(f"\n{title}")
    print(f"  yardstick (sqlite3 query by name): median {yardstick:.3f} ms")
    print(f"  {f'first {SCREEN}':>9}  {'all ids':>9}  {'cards':>7}  query (median ms)")
    for query, (screen, every, found) in results.items():
        label = query or "(empty query)"
        print(
            f"  {statistics.median(screen):9.2f}  {statistics.median(every):9.2f}  "
            f"{found:7d}  {label}"
        )
    target = target_ms(cards)
    ok = True
    for label, index in ((f"first {SCREEN}", 0), ("all ids", 1)):
        runs = [ms for timings in results.values() for ms in timings[index]]
        p50, p95 = percentile(runs, 0.5), percentile(runs, 0.95)
        line = (
            f"  {label:>9}: p50 {p50:7.2f} ms ({p50 / yardstick:7.0f}x yardstick), "
            f"p95 {p95:7.2f} ms ({p95 / yardstick:7.0f}x yardstick)"
        )
        met = ""
        if index == 0:
            ok = p95 <= target
            line += f"  target p95 < {target:g} ms: {'yes' if ok else 'NO'}"
            met = f"p95 < {target:g} ms: {'yes' if ok else 'NO'}" if with_target else ""
        print(line)
        figure(f"search, {label}, {len(results)} queries, {title}",
               f"p50 {p50:.2f} ms, p95 {p95:.2f} ms",
               f"p95 = {p95 / yardstick:.0f}x a plain sqlite3 query by name "
               f"({yardstick:.3f} ms)", met)
    return ok


def bundled_catalogue(folder: Path) -> Path | None:
    """The bundled catalogue in a temporary database, or ``None`` if it cannot be built."""
    try:
        return ensure_database(folder / "bundled.sqlite3")
    except Exception as exc:  # report and go on to the generated catalogue
        print(f"\nbundled catalogue: not measured ({type(exc).__name__}: {exc})")
        return None


def cached_catalogue(count: int, seed: int = 1997) -> Path:
    """A generated catalogue of ``count`` cards in the temporary folder, built once.

    The file name carries the size, the seed and the schema revision, so a new
    migration builds a new file; it is written under another name and renamed into
    place, so an interrupted run leaves no half-built catalogue behind.
    """
    path = Path(tempfile.gettempdir()) / (
        f"imajica-bench-{count}-{seed}-r{head_revision()}.sqlite3"
    )
    if path.exists():
        print(f"\n(generated {count} cards: cached in {path})")
        return path
    building = path.with_suffix(f".{os.getpid()}.building")
    building.unlink(missing_ok=True)
    start = time.perf_counter()
    build_generated_catalogue(building, count, seed)
    building.replace(path)
    print(f"\n(generated {count} cards in {time.perf_counter() - start:.1f} s into {path})")
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--cards", default="50000,500000", help="generated catalogue sizes, comma-separated"
    )
    parser.add_argument("--repeat", type=int, default=21, help="timed runs per query")
    args = parser.parse_args()
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        bundled = bundled_catalogue(Path(tmp))
        if bundled is not None:
            with sqlite3.connect(bundled) as conn:
                count = conn.execute("SELECT count(*) FROM card").fetchone()[0]
            yardstick, results = measure(bundled, args.repeat)
            report(f"bundled catalogue ({count} cards)", count, yardstick, results, False)
    for cards in (int(size) for size in args.cards.split(",") if size.strip()):
        yardstick, results = measure(cached_catalogue(cards), args.repeat)
        ok &= report(f"generated catalogue ({cards} cards)", cards, yardstick, results)
    print(f"\nfirst-screen p95 within its target for every generated size: {'yes' if ok else 'NO'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
