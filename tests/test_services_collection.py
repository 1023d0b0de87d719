"""Collection services added for the desktop app: entry edits, wishlist, completion,
CSV preview and import progress (issue "The desktop app", section 3)."""

from __future__ import annotations

import pytest

from card_db.catalogue import UnknownCardError
from card_db.records import Condition
from deckbuilder.services.catalogue import load_catalogue
from deckbuilder.services.collection import (
    CollectionEditError,
    CollectionRow,
    add_rows,
    collection_rows,
    owned_by_card_id,
    owned_counts,
    owned_entries,
    preview_collection_csv,
    remove_entry,
    set_completion,
    set_wishlist,
    update_entry,
    wishlist,
)

#: The collection, deck, card and undo services run on both engines (issue 15).
DB_ENGINES = ("sqlite", "postgresql")


def test_add_rows_reports_progress_per_row(db, userdb):
    calls = []
    add_rows(
        userdb,
        [CollectionRow("Gentle", 2), CollectionRow("Judith", 1)],
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(1, 2), (2, 2)]
    assert owned_counts(userdb) == {"Gentle": 2, "Judith": 1}


def test_add_rows_is_one_transaction_even_when_progress_fails(db, userdb):
    def fail_on_second(done, total):
        if done == 2:
            raise RuntimeError("cancelled")

    with pytest.raises(RuntimeError):
        add_rows(userdb, [CollectionRow("Gentle", 2), CollectionRow("Judith", 1)],
                 progress=fail_on_second)
    assert owned_counts(userdb) == {}


def test_preview_lists_every_unknown_name_and_writes_nothing(db, tmp_path, userdb):
    csv_file = tmp_path / "c.csv"
    csv_file.write_text("name,quantity\nGentle,2\nGentel,1\nNobody At All,3\n", encoding="utf-8")
    preview = preview_collection_csv(userdb, csv_file)
    assert [r.name for r in preview.rows] == ["Gentle", "Gentel", "Nobody At All"]
    assert [p.line for p in preview.problems] == [3, 4]
    assert "Gentle" in preview.problems[0].message  # the suggestion
    assert not preview.ok
    assert owned_counts(userdb) == {}


def test_preview_of_a_malformed_file_names_line_and_column(db, tmp_path, userdb):
    csv_file = tmp_path / "c.csv"
    csv_file.write_text("name,quantity,condition\nGentle,2,Shiny\n", encoding="utf-8")
    preview = preview_collection_csv(userdb, csv_file)
    assert preview.rows == ()
    (problem,) = preview.problems
    assert (problem.line, problem.column) == (2, 3)
    assert "condition" in problem.message


def test_preview_of_a_good_file_is_ok(db, tmp_path, userdb):
    csv_file = tmp_path / "c.csv"
    csv_file.write_text("name,quantity\nGentle,2\n", encoding="utf-8")
    assert preview_collection_csv(userdb, csv_file).ok


def test_update_entry_changes_every_field(db, userdb):
    add_rows(userdb, [CollectionRow("Gentle", 2)])
    (entry,) = owned_entries(userdb)
    updated = update_entry(
        userdb,
        entry.entry_id,
        quantity=5,
        condition="lp",
        location=" Binder 2 ",
        notes="signed",
        for_trade=1,
    ).value
    assert (updated.quantity, updated.condition, updated.location) == (
        5, Condition.LIGHTLY_PLAYED, "Binder 2")
    assert (updated.notes, updated.for_trade) == ("signed", 1)
    assert collection_rows(userdb)[0] == CollectionRow(
        "Gentle", 5, Condition.LIGHTLY_PLAYED, "Binder 2", "signed", 1)


def test_update_entry_merges_into_an_identical_entry(db, userdb):
    add_rows(userdb, [CollectionRow("Gentle", 2, Condition.MINT),
                      CollectionRow("Gentle", 3, Condition.NEAR_MINT)])
    mint = next(e for e in owned_entries(userdb) if e.condition is Condition.MINT)
    merged = update_entry(userdb, mint.entry_id, condition=Condition.NEAR_MINT).value
    assert merged.quantity == 5 and merged.entry_id != mint.entry_id
    assert [e.quantity for e in owned_entries(userdb)] == [5]


@pytest.mark.parametrize(
    "change", [{"quantity": -1}, {"for_trade": "2"}, {"condition": "shiny"}]
)
def test_update_entry_refuses_bad_values_and_keeps_the_entry(db, change, userdb):
    add_rows(userdb, [CollectionRow("Gentle", 2)])
    (entry,) = owned_entries(userdb)
    with pytest.raises(CollectionEditError):
        update_entry(userdb, entry.entry_id, **change)
    assert owned_entries(userdb) == [entry]


def test_update_and_remove_of_unknown_entry(db, userdb):
    with pytest.raises(CollectionEditError, match="no collection entry"):
        update_entry(userdb, 999, quantity=1)
    assert remove_entry(userdb, 999).changed is False


def test_remove_entry(db, userdb):
    add_rows(userdb, [CollectionRow("Gentle", 2)])
    (entry,) = owned_entries(userdb)
    assert remove_entry(userdb, entry.entry_id).changed is True
    assert owned_entries(userdb) == []


def test_wishlist_add_update_remove(db, userdb):
    assert set_wishlist(userdb, "gentle", 2, "for the Maestro deck").value.name == "Gentle"
    set_wishlist(userdb, "Gentle", 3)
    assert [(w.name, w.quantity, w.notes) for w in wishlist(userdb)] == [
        ("Gentle", 3, "for the Maestro deck")]
    assert set_wishlist(userdb, "Gentle", 0).value is None
    assert wishlist(userdb) == []


def test_wishlist_unknown_card_suggests_names(db, userdb):
    with pytest.raises(UnknownCardError) as info:
        set_wishlist(userdb, "Gentel", 1)
    assert "Gentle" in info.value.suggestions


def test_set_completion_counts_distinct_owned_cards(db, userdb):
    catalogue = load_catalogue(userdb)
    gentle = catalogue.resolve("Gentle")
    add_rows(userdb, [CollectionRow("Gentle", 4), CollectionRow("Judith", 1)])
    by_set = {s.set_name: s for s in set_completion(userdb)}
    rulebook_set = by_set[gentle.set_name]
    total = sum(1 for r in catalogue if r.set_name == gentle.set_name)
    assert (rulebook_set.owned, rulebook_set.total) == (2, total)
    assert "Gentle" not in rulebook_set.missing and len(rulebook_set.missing) == total - 2
    assert rulebook_set.fraction == pytest.approx(2 / total)
    assert sum(s.total for s in by_set.values()) == len(catalogue)


def test_owned_by_card_id_matches_owned_counts(db, userdb):
    add_rows(userdb, [CollectionRow("Gentle", 4), CollectionRow("Judith", 1)])
    with userdb.read() as conn:
        by_id = owned_by_card_id(conn)
        names = dict(conn.execute("SELECT id, name FROM card"))
    assert {names[i]: n for i, n in by_id.items()} == owned_counts(userdb)
