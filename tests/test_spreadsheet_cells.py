"""CSV formula injection (OWASP "CSV Injection"): every CSV the app writes quotes cells a
spreadsheet would run as formulas, and its readers give them back unchanged (issue 10,
section 3, "Hostile text")."""

from __future__ import annotations

import csv
import io
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from card_db.checklist import parse_checklist_text
from card_db.checklist.bundled import load_bundled_records
from card_db.checklist.writing import checklist_text
from card_db.records import Condition
from card_db.spreadsheet_cells import FORMULA_STARTS, protect_cell, unprotect_cell
from deckbuilder.deck.decklist import DeckList, DeckListError, clean_name
from deckbuilder.formats import csv_format
from deckbuilder.formats.collection_csv import (
    CollectionRow,
    parse_collection_rows,
    write_collection_csv,
)

_START = st.sampled_from([*FORMULA_STARTS, "'", "''", "a", " "])
_printable = st.characters(blacklist_categories=("Cc", "Cs"))
_text = st.builds(lambda start, rest: start + rest, _START, st.text(_printable, max_size=12))
#: Text as the readers keep it (they strip the cells they read).
_stripped = _text.map(str.strip).filter(bool)


def _first_cells(text: str) -> list[str]:
    return [cell[:1] for row in csv.reader(io.StringIO(text, newline="")) for cell in row]


@given(st.text() | _text)
def test_protect_then_unprotect_is_the_identity(text):
    protected = protect_cell(text)
    assert unprotect_cell(protected) == text
    assert protected[:1] not in set(FORMULA_STARTS)


def test_examples():
    assert protect_cell("=SUM(A1:A9)") == "'=SUM(A1:A9)"
    assert protect_cell("-Rebel-") == "'-Rebel-"
    assert protect_cell("'=x") == "''=x" and unprotect_cell("''=x") == "'=x"
    assert protect_cell("Gentle") == "Gentle" and protect_cell("'quoted'") == "'quoted'"
    assert unprotect_cell("'quoted'") == "'quoted'"


def _safe_name(text: str) -> bool:
    try:
        return clean_name(text) == text
    except DeckListError:
        return False


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(_stripped, _stripped, _stripped), min_size=1, max_size=5))
def test_collection_csv_round_trip_with_formula_like_cells(cells):
    rows = [CollectionRow(name, 2, Condition.MINT, location, notes, 1)
            for name, location, notes in cells]
    text = write_collection_csv(rows)
    assert not set(_first_cells(text)) & set(FORMULA_STARTS)
    assert parse_collection_rows(text, "x.csv") == rows


@settings(max_examples=60, deadline=None)
@given(st.lists(_stripped.filter(_safe_name), min_size=1, max_size=5, unique_by=str.casefold))
def test_deck_csv_round_trip_with_formula_like_names(names):
    deck = DeckList(main=[(name, 1) for name in names])
    text = csv_format.write(deck)
    assert not set(_first_cells(text)) & set(FORMULA_STARTS)
    assert csv_format.read(text).main == deck.main


def test_checklist_csv_round_trip_with_formula_like_text():
    records = [r for r in load_bundled_records() if r.powers][:3]
    changed = [replace(r, powers="-2 Strength; =all " + r.powers, flavor_text="@once")
               for r in records]
    text = checklist_text(changed, "csv")
    assert "'-2 Strength" in text and "'@once" in text
    sites = [r.name for r in load_bundled_records() if r.card_type.value == "Site"]
    back = parse_checklist_text(text, "csv", "x.csv", known_sites=sites)
    assert [(r.powers, r.flavor_text) for r in back] == [
        (r.powers, r.flavor_text) for r in changed]


def test_numbers_stay_numbers_and_quoted_numbers_are_read():
    deck_text = csv_format.write(DeckList(main=[("Gentle", 3)]))
    assert deck_text.splitlines()[1] == "3,Gentle,main"
    assert parse_collection_rows("name,quantity\n'-Rebel-,'+4\n", "x.csv") == [
        CollectionRow("-Rebel-", 4)]
