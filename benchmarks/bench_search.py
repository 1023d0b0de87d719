"""Median latency of the search language on the bundled catalogue and on 50,000 cards.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench_search.py [--cards 50000] [--repeat 21]

Each query is timed end to end as the CLI and GUI run it: parse, compile with
SQLAlchemy Core, execute on a read-only :mod:`sqlite3` connection and fetch every id.
Each query runs once to warm the page cache, then ``--repeat`` times, both for every
matching id and for the first screenful (``limit=100``); the script prints the medians
per query (wall clock, and the process's CPU time, which stays meaningful when other
programs share the cores), the overall median, and whether every wall-clock median (all
ids) is within the target of 16 ms (one frame of typing; issue "The card database",
section 8).
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from card_db.database import upgrade_schema  # noqa: E402
from card_db.records import CardType  # noqa: E402
from card_db.search import search_card_ids  # noqa: E402

TARGET_MS = 16.0
#: Rows a results view shows at once; also timed, as ``search_card_ids(..., limit=100)``.
SCREENFUL = 100

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


def _medians_ms(
    conn: sqlite3.Connection, query: str, repeat: int, limit: int | None
) -> tuple[float, float]:
    """Median wall-clock and median CPU milliseconds of one search."""
    search_card_ids(conn, query, limit=limit)
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        search_card_ids(conn, query, limit=limit)
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def measure(path: Path, repeat: int) -> dict[str, tuple[float, float, float, int]]:
    """Query -> (wall ms for every id, CPU ms for every id, wall ms for the first
    screenful, number of ids found), each a median."""
    results = {}
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        for query in QUERIES:
            found = len(search_card_ids(conn, query))
            every, every_cpu = _medians_ms(conn, query, repeat, None)
            screenful, _ = _medians_ms(conn, query, repeat, SCREENFUL)
            results[query] = (every, every_cpu, screenful, found)
    finally:
        conn.close()
    return results


def report(title: str, results: dict[str, tuple[float, float, float, int]]) -> bool:
    """Print one table; True if every wall-clock median (all ids) is within the target."""
    print(f"\n{title}")
    print(
        f"  {'all ids':>9}  {'(cpu)':>7}  {f'first {SCREENFUL}':>9}  {'cards':>6}  "
        "query (median ms)"
    )
    for query, (every, every_cpu, screenful, found) in results.items():
        flag = "" if every <= TARGET_MS else f"   <-- over {TARGET_MS:g} ms"
        label = query or "(empty query)"
        print(f"  {every:9.2f}  {every_cpu:7.2f}  {screenful:9.2f}  {found:6d}  {label}{flag}")
    walls = [r[0] for r in results.values()]
    cpus = [r[1] for r in results.values()]
    print(
        f"  overall median {statistics.median(walls):.2f} ms (cpu {statistics.median(cpus):.2f}), "
        f"worst query median {max(walls):.2f} ms (cpu {max(cpus):.2f}), all ids"
    )
    return max(walls) <= TARGET_MS


def bundled_catalogue(folder: Path) -> Path | None:
    """The bundled catalogue in a temporary database, or ``None`` if it cannot be built."""
    try:
        from card_db.userdb import ensure_database

        return ensure_database(folder / "bundled.sqlite3")
    except Exception as exc:  # report and go on to the generated catalogue
        print(f"\nbundled catalogue: not measured ({type(exc).__name__}: {exc})")
        return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=50_000, help="generated catalogue size")
    parser.add_argument("--repeat", type=int, default=21, help="timed runs per query")
    args = parser.parse_args()
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        bundled = bundled_catalogue(folder)
        if bundled is not None:
            with sqlite3.connect(bundled) as conn:
                count = conn.execute("SELECT count(*) FROM card").fetchone()[0]
            ok &= report(f"bundled catalogue ({count} cards)", measure(bundled, args.repeat))
        generated = folder / "generated.sqlite3"
        start = time.perf_counter()
        build_generated_catalogue(generated, args.cards)
        print(f"\n(generated {args.cards} cards in {time.perf_counter() - start:.1f} s)")
        ok &= report(f"generated catalogue ({args.cards} cards)", measure(generated, args.repeat))
    print(f"\nevery query within {TARGET_MS:g} ms median: {'yes' if ok else 'NO'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
