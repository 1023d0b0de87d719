"""A shelf copy says which edition of its game it is (issue 25, section 4), on SQLite
and PostgreSQL (migration 0008): checked against that edition's parts, the
edit undoable."""

from __future__ import annotations

import pytest

from deckbuilder.services.shelf import (
    ShelfError,
    add_copy,
    edit_copy,
    pick_copy,
    set_counts,
    shelf_game,
)

DB_ENGINES = ("sqlite", "postgresql")
TWING = "Imperial Twing"


def test_a_copy_of_the_retail_edition_is_checked_against_its_parts(userdb):
    copy_id = add_copy(userdb, TWING, edition="retail").value
    status = pick_copy(userdb, TWING, copy_id)
    assert status.copy.edition == "retail"
    assert {c.name for c in status.report.components} == {
        "Card", "Blank magical object card", "Orn Dice", "Ornicle token", "Cloth bag"}
    set_counts(userdb, TWING, copy_id, {"card": 160, "Blank magical object card": 2,
                                         "Orn Dice": 4, "Ornicle token": 30, "Cloth bag": 1})
    assert pick_copy(userdb, TWING, copy_id).report.complete
    with pytest.raises(ShelfError, match="Playing card"):
        set_counts(userdb, TWING, copy_id, {"Playing card": 138})
    changes = edit_copy(userdb, copy_id, edition="prototype")
    assert pick_copy(userdb, TWING, copy_id).copy.edition == ""  # the file's own
    assert not pick_copy(userdb, TWING, copy_id).report.complete
    changes.undo.run(userdb)
    assert pick_copy(userdb, TWING, copy_id).copy.edition == "retail"
    assert [c.copy.edition for c in shelf_game(userdb, TWING).copies] == ["retail"]


def test_an_unknown_edition_is_refused_with_the_games_editions(userdb):
    with pytest.raises(ShelfError) as info:
        add_copy(userdb, TWING, edition="Retail edition")
    assert list(info.value.suggestions) == ["prototype", "retail"]
    assert shelf_game(userdb, TWING).copies == ()


def test_the_edition_migration_goes_down_and_up_again(db, db_engine):
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import inspect

    from card_db import postgres
    from card_db.database import MIGRATIONS_DIR, make_engine

    engine = postgres.make_engine(db) if db_engine == "postgresql" else make_engine(db)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection

            def columns() -> set[str]:
                return {c["name"] for c in inspect(connection).get_columns("shelf_copy")}

            assert "edition" in columns()
            command.downgrade(config, "0007")
            assert "edition" not in columns()
            command.upgrade(config, "0008")
            assert "edition" in columns()
    finally:
        engine.dispose()
