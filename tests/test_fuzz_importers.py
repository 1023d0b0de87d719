"""10,000 mutated files for each importer (checklist CSV, checklist JSON, collection
CSV) end in rows or in the importer's UserError, never in another exception
(issue 10, section 3: "0 tracebacks in 10,000 generated inputs for each parser").

The inputs are real exports of three random bundled cards (or collection rows) with
1 to 6 random edits drawn from characters and tokens known to break parsers: quotes,
separators, numbers of thousands of digits, lone surrogate escapes, bidi controls.
Seeded, so a failure repeats; about 5 s in all.
"""

from __future__ import annotations

import random

import pytest

from card_db.checklist import ChecklistError, load_bundled_records
from card_db.checklist.reading import parse_checklist_rows
from card_db.checklist.writing import checklist_text
from card_db.errors import UserError
from deckbuilder.formats.collection_csv import (
    CollectionRow,
    parse_collection_rows,
    write_collection_csv,
)

INPUTS = 10_000
TOKENS = [
    '"', ",", "\n", "\r", "|", " ", "\\", "{", "}", "[", "]", ":", "0", "-1", "+5", "1.5",
    "9" * 5000, "99999999999999999999", "1e999", "NaN", "null", "true", '""',
    "\\ud800", "\\udc00", "\u202e", "\u0663", "é", "Character", "Site", "1|2", "Mint",
]


def _mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 6)):
        pos = rng.randrange(len(text) + 1)
        text = text[:pos] + rng.choice(TOKENS) + text[pos + rng.randint(0, 3):]
    return text


def _crashes(make_text, parse, expected: type[Exception], seed: int) -> list[str]:
    rng = random.Random(seed)
    crashes = []
    for _ in range(INPUTS):
        text = _mutate(make_text(rng), rng)
        try:
            parse(text)
        except expected:
            pass
        except Exception as exc:  # noqa: BLE001 - the test's whole point
            crashes.append(f"{type(exc).__name__}: {str(exc)[:120]} in {text[:120]!r}")
    return crashes


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_checklist_parser_never_crashes(fmt):
    records = load_bundled_records()
    crashes = _crashes(
        lambda rng: checklist_text(rng.sample(records, 3), fmt),
        lambda text: parse_checklist_rows(text, fmt, "fuzz"),
        ChecklistError,
        seed=10,
    )
    assert crashes == []


def test_collection_csv_parser_never_crashes():
    names = [record.name for record in load_bundled_records()]

    def collection(rng: random.Random) -> str:
        rows = [CollectionRow(rng.choice(names), rng.randint(1, 9), location="Binder 1",
                              notes="mint, signed") for _ in range(3)]
        return write_collection_csv(rows)

    crashes = _crashes(
        collection, lambda text: parse_collection_rows(text, "fuzz"), UserError, seed=10
    )
    assert crashes == []
