"""The collection CSV format (:mod:`deckbuilder.formats.collection_csv`): round trip,
defaults, conditions and errors with line and column."""

from __future__ import annotations

import pytest

from card_db.records import Condition
from deckbuilder.formats.collection_csv import (
    CollectionFileError,
    CollectionRow,
    ConditionError,
    parse_collection_rows,
    parse_condition,
    write_collection_csv,
)


def test_round_trip_keeps_every_column():
    rows = [
        CollectionRow("Gentle", 2, Condition.MINT, "Binder 1", "signed, \"first\"", 1),
        CollectionRow("Judith", 1),
    ]
    assert parse_collection_rows(write_collection_csv(rows), "x.csv") == rows


def test_defaults_and_abbreviations():
    text = "Name,Condition\nGentle,lp\nJudith,\n"
    assert parse_collection_rows(text, "x.csv") == [
        CollectionRow("Gentle", 1, Condition.LIGHTLY_PLAYED),
        CollectionRow("Judith", 1, Condition.NEAR_MINT),
    ]
    assert parse_condition("  near   MINT ") is Condition.NEAR_MINT


def test_bad_condition_names_the_valid_ones():
    with pytest.raises(ConditionError, match="Near Mint"):
        parse_condition("shiny")


def test_bad_row_gives_line_and_column():
    with pytest.raises(CollectionFileError) as info:
        parse_collection_rows("name,quantity,condition\nGentle,2,shiny\n", "x.csv")
    assert (info.value.path, info.value.line, info.value.column) == ("x.csv", 2, 3)
    assert str(info.value).startswith("x.csv:2:3: unknown condition 'shiny'")
