"""Card services added for the desktop app: paged reading, corrections of several
fields, new cards (issue "The desktop app", section 4; issue "The card database")."""

from __future__ import annotations

import pytest

from card_db.checklist import ChecklistError
from card_db.reader import load_records
from card_db.records import CardType
from card_db.userdb import UserDatabase
from deckbuilder.services.cards import (
    CardExistsError,
    CorrectionError,
    add_card,
    card_sources,
    correct_card_fields,
    parse_card_fields,
    records_by_id,
)
from deckbuilder.services.catalogue import load_catalogue
from tests.postgres_server import open_connection

#: The collection, deck, card and undo services run on both engines (issue 15).
DB_ENGINES = ("sqlite", "postgresql")


def test_records_by_id_equals_the_full_reader(db, userdb):
    with userdb.read() as conn:
        ids = [row[0] for row in conn.execute("SELECT id FROM card ORDER BY name DESC")]
        expected = {r.name: r for r in load_records(conn)}
        page = records_by_id(conn, ids[:40] + [10**9])
    assert len(page) == 40
    for card_id in ids[:40]:
        assert page[card_id] == expected[page[card_id].name]
    assert any(r.affiliations for r in expected.values())


def test_correct_card_fields_applies_all_and_clears_marks(db, userdb):
    card = next(r for r in load_catalogue(userdb) if {"magic", "prime"} <= r.estimated)
    outcome = correct_card_fields(userdb, card.name, {"magic": "2", "prime": "9"}, "my card")
    corrected = outcome.value
    assert (corrected.magic, corrected.prime) == (2, 9)
    assert not {"magic", "prime"} & corrected.estimated


def test_correct_card_fields_is_all_or_nothing(db, userdb):
    card = next(r for r in load_catalogue(userdb) if "magic" in r.estimated)
    with pytest.raises(CorrectionError, match="prime"):
        correct_card_fields(userdb, card.name, {"magic": "2", "prime": "lots"}, "")
    assert load_catalogue(userdb).resolve(card.name) == card
    with pytest.raises(CorrectionError, match="nothing to correct"):
        correct_card_fields(userdb, card.name, {}, "")


def _new_fields(**extra):
    fields = {
        "name": "Pie 'oh' pah Test Card",
        "type": "Character",
        "dominions": "3",
        "gender": "both",
        "magic": "5",
        "strength": "4",
        "prime": "8",
        "affiliations": "Maestro",
        "set": "My cards",
        "estimated": "prime",
    }
    fields.update(extra)
    return fields


def test_parse_card_fields_checks_like_a_checklist(db, userdb):
    record = parse_card_fields(userdb, _new_fields())
    assert record.card_type is CardType.CHARACTER and record.dominions == (3,)
    assert record.affiliations == ("Maestro",) and record.estimated == {"prime"}
    with pytest.raises(ChecklistError) as info:
        parse_card_fields(userdb, _new_fields(dominions="1|3", type="Site"))
    assert info.value.message.startswith("dominions")


def test_add_card_inserts_a_user_card_kept_by_data_syncs(db, userdb):
    added = add_card(userdb, parse_card_fields(userdb, _new_fields())).value
    assert added.name == "Pie 'oh' pah Test Card" and added.magic == 5
    with open_connection(db) as conn:
        conn.execute("UPDATE meta SET value = 'stale' WHERE key = 'bundled_hash'")
        origin = conn.execute(
            "SELECT origin FROM card WHERE name = ?", (added.name,)).fetchone()[0]
    assert origin == "user"
    resynced = UserDatabase.open(db)  # resync the bundled cards
    assert load_catalogue(resynced).resolve(added.name) == added


def test_add_card_refuses_an_existing_name(db, userdb):
    before = len(load_catalogue(userdb))
    with pytest.raises(CardExistsError, match="Gentle"):
        add_card(userdb, parse_card_fields(userdb, _new_fields(name="gentle")))
    assert len(load_catalogue(userdb)) == before


def test_card_sources_adds_up_to_the_catalogue(db, userdb):
    counts = card_sources(userdb)
    catalogue = load_catalogue(userdb)
    assert counts["rulebook"] + counts["demo"] + counts["other"] == len(catalogue)
    assert 0 < counts["rulebook_estimated"] <= counts["rulebook"]
    assert counts["demo"] == sum(1 for r in catalogue if r.source == "demo")
