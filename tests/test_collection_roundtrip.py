"""A collection export reads back exactly as it was, for any text the app accepts
(issue 26, point 4), on SQLite and PostgreSQL.

Hypothesis draws collections of several entries whose location and notes are arbitrary
text (spaces and tabs at either end, quotes, formula starts, newlines in notes, any
Unicode the fields accept: :func:`deckbuilder.formats.collection_csv.check_free_text`);
the collection is stored, exported with the app's own writer, emptied, and the file
imported again: the entries must come back the same, none merged, no note lost.

Bounded for CI: ``FAULT_EXAMPLES`` examples per engine (default 25).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_db.records import Condition
from deckbuilder.services.collection import (
    CollectionRow,
    add_rows,
    collection_rows,
    export_collection_csv,
    import_collection_csv,
)

DB_ENGINES = ("sqlite", "postgresql")
EXAMPLES = int(os.environ.get("FAULT_EXAMPLES", "25"))
CARDS = ("Gentle", "Judith", "Bellringer's Climb", "Celestine")
#: The control characters each field accepts (the others are refused on input).
ALLOWED = {"location": "\t", "notes": "\t\n"}


def _text(field_name: str):
    allowed = ALLOWED[field_name]
    characters = st.characters(blacklist_categories=("Cc", "Cs"),
                               blacklist_characters="\u202a\u202b\u202c\u202d\u202e\u2066"
                               "\u2067\u2068\u2069\u200e\u200f\u061c\u2028\u2029",
                               whitelist_characters=allowed)
    awkward = st.sampled_from([" ", "\t", "  box 1 ", "=1+1", "'=x", "-", "+3", "@a",
                               '"q"', "a,b", "\ufeff", "'"])
    return st.lists(st.one_of(awkward, st.text(characters, max_size=8)), max_size=4).map("".join)


_entry = st.tuples(st.sampled_from(CARDS), st.integers(0, 5), st.sampled_from(list(Condition)),
                   _text("location"), _text("notes"), st.integers(0, 3))


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(entries=st.lists(_entry, min_size=1, max_size=6,
                        unique_by=lambda e: (e[0], e[2], e[3])))
def test_export_then_import_gives_back_the_same_collection(userdb, tmp_path, entries):
    """Hypothesis: a collection of arbitrary location and notes text exported and
    imported again is exactly the same collection."""
    rows = [CollectionRow(name, quantity, condition, location, notes, trade)
            for name, quantity, condition, location, notes, trade in entries]
    _empty(userdb)
    add_rows(userdb, rows)
    before = sorted(collection_rows(userdb), key=_key)
    out = tmp_path / "collection.csv"
    export_collection_csv(userdb, out)
    _empty(userdb)
    import_collection_csv(userdb, out)
    assert sorted(collection_rows(userdb), key=_key) == before
    assert len(before) == len(rows)


def _key(row: CollectionRow) -> tuple:
    return (row.name, row.condition.value, row.location)


def _empty(db) -> None:
    from sqlmodel import delete

    from card_db.models import CollectionEntry

    with db.write() as session:
        session.exec(delete(CollectionEntry))
