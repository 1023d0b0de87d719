"""``deckbuilder collection remove NAME [--qty N]`` and ``collection set NAME --qty N``
beside ``add`` (issue 25, section 5), through click's runner on a real database, and
their services' undo."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from card_db.records import Condition
from deckbuilder.cli.main import cli
from deckbuilder.services.collection import CollectionEditError, collection_rows
from deckbuilder.services.collection_edits import remove_copies, set_copies


def _run(db, *args: str):
    return CliRunner().invoke(cli, ["--db", str(db), *args], catch_exceptions=False)


def _owned(userdb):
    return {(r.name, r.condition, r.location): r.quantity for r in collection_rows(userdb)}


def test_remove_takes_copies_out_worst_condition_first(db, userdb):
    assert _run(db, "collection", "add", "Gentle", "--qty", "3").exit_code == 0
    assert _run(db, "collection", "add", "Gentle", "--qty", "2", "--condition", "HP",
                "--location", "box").exit_code == 0
    result = _run(db, "collection", "remove", "gentle", "--qty", "3")
    assert result.exit_code == 0, result.output
    assert "Remove 3 × Gentle" in result.output
    assert _owned(userdb) == {("Gentle", Condition.NEAR_MINT, ""): 2}
    too_many = _run(db, "collection", "remove", "Gentle", "--qty", "5")
    assert too_many.exit_code == 2 and "you own 2 copies of Gentle, not 5" in too_many.output
    assert _run(db, "collection", "remove", "Gentle").exit_code == 0  # every copy
    assert _owned(userdb) == {}
    none = _run(db, "collection", "remove", "Gentle")
    assert none.exit_code == 2 and "you own no copy of Gentle" in none.output
    unknown = _run(db, "collection", "remove", "Gentel")
    assert unknown.exit_code == 2 and "Gentle" in unknown.output


def test_remove_only_from_the_condition_and_place_given(userdb, db):
    _run(db, "collection", "add", "Judith", "--qty", "2", "--location", "binder")
    _run(db, "collection", "add", "Judith", "--qty", "4", "--condition", "LP")
    outcome = remove_copies(userdb, "Judith", 1, condition="LP")
    assert outcome.value == 1
    assert _owned(userdb) == {("Judith", Condition.NEAR_MINT, "binder"): 2,
                              ("Judith", Condition.LIGHTLY_PLAYED, ""): 3}
    with pytest.raises(CollectionEditError, match="no copy of Judith \\(Mint\\)"):
        remove_copies(userdb, "Judith", 1, condition="Mint")
    outcome.changes.undo.run(userdb)
    assert _owned(userdb)[("Judith", Condition.LIGHTLY_PLAYED, "")] == 4


def test_set_makes_changes_and_deletes_one_entry(db, userdb):
    result = _run(db, "collection", "set", "Gentle", "--qty", "4", "--location", "box")
    assert result.exit_code == 0, result.output
    assert "(was 0)" in result.output
    _run(db, "collection", "add", "Gentle", "--qty", "1", "--condition", "D")
    assert _run(db, "collection", "set", "Gentle", "--qty", "2", "--location",
                "box").output.strip().endswith("(was 4)")
    assert _owned(userdb) == {("Gentle", Condition.NEAR_MINT, "box"): 2,
                              ("Gentle", Condition.DAMAGED, ""): 1}
    assert _run(db, "collection", "set", "Gentle", "--qty", "0", "--condition",
                "Damaged").exit_code == 0
    assert _owned(userdb) == {("Gentle", Condition.NEAR_MINT, "box"): 2}
    missing = _run(db, "collection", "set", "Gentle")
    assert missing.exit_code == 2 and "--qty" in missing.output
    bad = _run(db, "collection", "set", "Gentle", "--qty", "1", "--condition", "Shiny")
    assert bad.exit_code == 2 and "unknown condition 'Shiny'" in bad.output


def test_set_is_undoable(userdb):
    set_copies(userdb, "Gentle", 3)
    outcome = set_copies(userdb, "Gentle", 1)
    assert outcome.value == 3
    outcome.changes.undo.run(userdb)
    assert _owned(userdb) == {("Gentle", Condition.NEAR_MINT, ""): 3}
