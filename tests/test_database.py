"""The user database: migrations from nothing, upgrades that keep user data, backups,
and all-or-nothing imports (issue "The card database", sections 2, 4 and 8)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlmodel import SQLModel

from card_db.checklist import ChecklistError, load_bundled_records
from card_db.database import (
    MIGRATIONS_DIR,
    current_revision,
    head_revision,
    make_engine,
    upgrade_schema,
)
from card_db.migrations import include_object
from card_db.userdb import UserDatabase, ensure_database
from deckbuilder.services.cards import correct_card, import_checklist
from deckbuilder.services.catalogue import load_catalogue
from deckbuilder.services.collection import (
    CollectionFileError,
    CollectionRow,
    add_rows,
    import_collection_csv,
    owned_counts,
)


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def test_migration_from_nothing_creates_schema_and_loads_bundled_cards(tmp_path):
    db = ensure_database(tmp_path / "new.sqlite3")
    assert current_revision(db) == head_revision()
    assert {"card", "affiliation", "collection_entry", "deck", "card_fts"} <= _tables(db)
    assert len(load_catalogue(UserDatabase(db))) == len(load_bundled_records())


def test_head_revision_matches_alembic_script_directory():
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    assert ScriptDirectory.from_config(config).get_current_head() == head_revision()


def test_migrations_match_the_models(tmp_path):
    """The schema built by the migrations is the schema the models describe."""
    import card_db.models  # noqa: F401

    db = ensure_database(tmp_path / "m.sqlite3")
    engine = make_engine(db)
    with engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"include_object": include_object})
        diffs = compare_metadata(context, SQLModel.metadata)
    engine.dispose()
    assert diffs == []


def test_second_start_does_no_work_and_keeps_data(tmp_path):
    db = ensure_database(tmp_path / "u.sqlite3")
    add_rows(UserDatabase(db), [CollectionRow("Gentle", 2)])
    before = db.stat().st_mtime_ns
    ensure_database(db)
    assert db.stat().st_mtime_ns == before
    assert owned_counts(UserDatabase(db)) == {"Gentle": 2}


def test_upgrade_from_first_revision_keeps_user_data_and_takes_a_backup(tmp_path):
    """A database written by the first release keeps its collection through every upgrade."""
    assert head_revision() != "0001", "an upgrade test needs a later migration"
    db = tmp_path / "old.sqlite3"
    upgrade_schema(db, "0001")
    with sqlite3.connect(db) as conn:
        conn.execute(
            "INSERT INTO card(key, name, card_type, permanent, is_unique, prime, traits, powers,"
            " abilities, set_name, collector_number, rarity, artist, flavor_text, source,"
            " estimated, origin) VALUES ('gentle', 'Gentle', 'Character', 1, 1, 11, '', '',"
            " '[]', '', '', '', '', '', 'old release', '[]', 'bundled')"
        )
        conn.execute(
            "INSERT INTO collection_entry(card_id, quantity, condition, location, notes,"
            " for_trade, date_added) VALUES (1, 3, 'Near Mint', 'Binder 1', '', 0,"
            " '2026-01-01 00:00:00')"
        )
    ensure_database(db)
    assert current_revision(db) == head_revision()
    assert owned_counts(UserDatabase(db)) == {"Gentle": 3}
    assert load_catalogue(UserDatabase(db)).resolve("Gentle").source.startswith("rulebook")
    backups = list(tmp_path.glob("old.backup-0001-*.sqlite3"))
    assert len(backups) == 1 and current_revision(backups[0]) == "0001"


def test_upgrade_takes_a_backup_before_migrating(tmp_path):
    db = tmp_path / "b.sqlite3"
    upgrade_schema(db, "0001")
    upgrade_schema(db)
    backups = list(tmp_path.glob("b.backup-0001-*.sqlite3"))
    assert len(backups) == 1
    assert current_revision(backups[0]) == "0001"


def test_bundled_data_sync_keeps_collection_and_corrections(tmp_path):
    db = ensure_database(tmp_path / "s.sqlite3")
    gentle = load_catalogue(UserDatabase(db)).resolve("Gentle")
    field = sorted(gentle.estimated)[0] if gentle.estimated else None
    add_rows(UserDatabase(db), [CollectionRow("Gentle", 1)])
    if field in ("magic", "strength", "prime"):
        correct_card(UserDatabase(db), "Gentle", field, "5", "my card")
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE meta SET value = 'stale' WHERE key = 'bundled_hash'")
        conn.execute("UPDATE card SET prime = 99 WHERE name = 'Gentle'")
    ensure_database(db)
    after = load_catalogue(UserDatabase(db)).resolve("Gentle")
    assert after.prime == 11  # the app's data restored the rulebook value
    assert owned_counts(UserDatabase(db)) == {"Gentle": 1}
    if field in ("magic", "strength", "prime"):
        assert getattr(after, field) == 5 and field not in after.estimated


def test_correction_clears_the_estimated_mark(tmp_path):
    db = ensure_database(tmp_path / "c.sqlite3")
    estimated_card = next(r for r in load_catalogue(UserDatabase(db)) if "magic" in r.estimated)
    corrected = correct_card(UserDatabase(db), estimated_card.name, "magic", "2", "").value
    assert corrected.magic == 2
    assert "magic" not in corrected.estimated


def _card_count(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT COUNT(*) FROM card").fetchone()[0]


def test_checklist_import_is_all_or_nothing(tmp_path):
    db = ensure_database(tmp_path / "i.sqlite3")
    before = _card_count(db)
    bad = tmp_path / "list.csv"
    bad.write_text(
        "name,type,dominions,gender,magic,strength,prime\n"
        "Brand New Card,Character,2,male,3,4,5\n"
        "Broken Card,Character,2,male,three,4,5\n",
        encoding="utf-8",
    )
    with pytest.raises(ChecklistError) as info:
        import_checklist(UserDatabase(db), bad)
    assert info.value.line == 3
    assert _card_count(db) == before
    good = tmp_path / "good.csv"
    good.write_text(
        "name,type,dominions,gender,magic,strength,prime\nBrand New Card,Character,2,male,3,4,5\n",
        encoding="utf-8",
    )
    result = import_checklist(UserDatabase(db), good)
    assert (result.added, result.updated) == (1, 0)
    assert _card_count(db) == before + 1
    assert load_catalogue(UserDatabase(db)).resolve("Brand New Card").prime == 5


def test_collection_import_rolls_back_on_unknown_card(tmp_path):
    db = ensure_database(tmp_path / "col.sqlite3")
    csv_file = tmp_path / "col.csv"
    csv_file.write_text("name,quantity\nGentle,2\nGentel Zacharias,1\n", encoding="utf-8")
    with pytest.raises(CollectionFileError) as info:
        import_collection_csv(UserDatabase(db), csv_file)
    assert info.value.line == 3
    assert "Gentle" in str(info.value)  # suggestion
    assert owned_counts(UserDatabase(db)) == {}


def test_collection_import_reports_bad_condition_with_column(tmp_path):
    db = ensure_database(tmp_path / "col2.sqlite3")
    csv_file = tmp_path / "col.csv"
    csv_file.write_text("name,quantity,condition\nGentle,2,Shiny\n", encoding="utf-8")
    with pytest.raises(CollectionFileError) as info:
        import_collection_csv(UserDatabase(db), csv_file)
    assert (info.value.line, info.value.column) == (2, 3)
    assert owned_counts(UserDatabase(db)) == {}


def test_not_a_database_gives_a_clear_error(tmp_path):
    from card_db.database import DatabaseError

    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"\x00\xff not sqlite at all" * 100)
    with pytest.raises(DatabaseError, match="not a readable database"):
        ensure_database(junk)


def test_affiliation_correction_clears_mark_and_survives_sync(tmp_path):
    db = ensure_database(tmp_path / "a.sqlite3")
    assert "affiliations" in load_catalogue(UserDatabase(db)).resolve("Gentle").estimated
    outcome = correct_card(UserDatabase(db), "Gentle", "affiliations", "Maestro|Artist", "my card")
    corrected = outcome.value
    assert corrected.affiliations == ("Artist", "Maestro")
    assert "affiliations" not in corrected.estimated
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE meta SET value = 'stale' WHERE key = 'bundled_hash'")
    ensure_database(db)
    after = load_catalogue(UserDatabase(db)).resolve("Gentle")
    assert after.affiliations == ("Artist", "Maestro") and "affiliations" not in after.estimated
