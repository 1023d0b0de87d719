"""initial schema

Revision ID: 0001
Revises:
Create Date: 2026-11-22 01:45:20.063441

The full-text index is SQLite's FTS5 on SQLite. On PostgreSQL (issue 15) it is the
table ``card_fts`` of each card's folded words (``card_db.search.compiler``), kept in
step with ``card`` by a trigger; ``card_fts_fold`` must fold as
``card_db.search.compiler.fold_words`` does (tests/test_postgres.py checks it).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

FTS_STATEMENTS = (
    "CREATE VIRTUAL TABLE card_fts USING fts5("
    "name, traits, powers, flavor_text, content='card', content_rowid='id', "
    "tokenize='unicode61 remove_diacritics 2')",
    "CREATE TRIGGER card_fts_ai AFTER INSERT ON card BEGIN "
    "INSERT INTO card_fts(rowid, name, traits, powers, flavor_text) "
    "VALUES (new.id, new.name, new.traits, new.powers, new.flavor_text); END",
    "CREATE TRIGGER card_fts_ad AFTER DELETE ON card BEGIN "
    "INSERT INTO card_fts(card_fts, rowid, name, traits, powers, flavor_text) "
    "VALUES ('delete', old.id, old.name, old.traits, old.powers, old.flavor_text); END",
    "CREATE TRIGGER card_fts_au AFTER UPDATE ON card BEGIN "
    "INSERT INTO card_fts(card_fts, rowid, name, traits, powers, flavor_text) "
    "VALUES ('delete', old.id, old.name, old.traits, old.powers, old.flavor_text); "
    "INSERT INTO card_fts(rowid, name, traits, powers, flavor_text) "
    "VALUES (new.id, new.name, new.traits, new.powers, new.flavor_text); END",
)


#: Frozen copies of ``card_db.search.compiler.FOLD_FROM`` and ``FOLD_TO``.
FOLD_FROM = "ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ"
FOLD_TO = "abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooooouuuuuuuuyyy"

POSTGRES_FTS_STATEMENTS = (
    "CREATE FUNCTION card_fts_fold(words text) RETURNS text IMMUTABLE LANGUAGE sql AS "
    f"$$ SELECT btrim(regexp_replace(translate(words, '{FOLD_FROM}', '{FOLD_TO}'), "
    "'[^a-z0-9]+', ' ', 'g')) $$",
    "CREATE TABLE card_fts (card_id integer PRIMARY KEY REFERENCES card(id) "
    "ON DELETE CASCADE, words text NOT NULL)",
    "CREATE FUNCTION card_fts_refresh() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
    "INSERT INTO card_fts (card_id, words) VALUES (NEW.id, ' ' || card_fts_fold(NEW.name) "
    "|| ' | ' || card_fts_fold(NEW.traits) || ' | ' || card_fts_fold(NEW.powers) "
    "|| ' | ' || card_fts_fold(NEW.flavor_text) || ' ') "
    "ON CONFLICT (card_id) DO UPDATE SET words = EXCLUDED.words; RETURN NEW; END $$",
    "CREATE TRIGGER card_fts_refresh AFTER INSERT OR UPDATE ON card "
    "FOR EACH ROW EXECUTE FUNCTION card_fts_refresh()",
)


def _fts_statements() -> tuple[str, ...]:
    if op.get_bind().dialect.name == "postgresql":
        return POSTGRES_FTS_STATEMENTS
    return FTS_STATEMENTS


def upgrade() -> None:

    op.create_table(
        "affiliation",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("description", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
    )
    op.create_table(
        "card",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("card_type", sa.String(), nullable=False),
        sa.Column("permanent", sa.Boolean(), nullable=False),
        sa.Column("dominion", sa.Integer(), nullable=True),
        sa.Column("border_dominion", sa.Integer(), nullable=True),
        sa.Column("is_unique", sa.Boolean(), nullable=False),
        sa.Column("gender", sa.String(), nullable=True),
        sa.Column("magic", sa.Integer(), nullable=True),
        sa.Column("strength", sa.Integer(), nullable=True),
        sa.Column("prime", sa.Integer(), nullable=True),
        sa.Column("resistance", sa.Integer(), nullable=True),
        sa.Column("deck_limit", sa.Integer(), nullable=True),
        sa.Column("traits", sa.String(), nullable=False),
        sa.Column("powers", sa.String(), nullable=False),
        sa.Column("activation_icon", sa.String(), nullable=True),
        sa.Column("abilities", sa.String(), nullable=False),
        sa.Column("set_name", sa.String(), nullable=False),
        sa.Column("collector_number", sa.String(), nullable=False),
        sa.Column("rarity", sa.String(), nullable=False),
        sa.Column("artist", sa.String(), nullable=False),
        sa.Column("flavor_text", sa.String(), nullable=False),
        sa.Column("source", sa.String(), nullable=False),
        sa.Column("estimated", sa.String(), nullable=False),
        sa.Column("origin", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("card", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_card_border_dominion"), ["border_dominion"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_card_card_type"), ["card_type"], unique=False)
        batch_op.create_index(batch_op.f("ix_card_dominion"), ["dominion"], unique=False)
        batch_op.create_index(batch_op.f("ix_card_key"), ["key"], unique=True)
        batch_op.create_index(batch_op.f("ix_card_name"), ["name"], unique=True)
        batch_op.create_index(batch_op.f("ix_card_set_name"), ["set_name"], unique=False)

    op.create_table(
        "deck",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("author", sa.String(), nullable=False),
        sa.Column("notes", sa.String(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("modified", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "meta",
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("value", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    op.create_table(
        "card_affiliation",
        sa.Column("card_id", sa.Integer(), nullable=False),
        sa.Column("affiliation_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["affiliation_id"],
            ["affiliation.id"],
        ),
        sa.ForeignKeyConstraint(["card_id"], ["card.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("card_id", "affiliation_id"),
    )
    op.create_table(
        "card_correction",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("card_id", sa.Integer(), nullable=False),
        sa.Column("field", sa.String(), nullable=False),
        sa.Column("value", sa.String(), nullable=False),
        sa.Column("note", sa.String(), nullable=False),
        sa.Column("corrected_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["card_id"],
            ["card.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("card_correction", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_card_correction_card_id"), ["card_id"], unique=False)

    op.create_table(
        "card_image",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("card_id", sa.Integer(), nullable=False),
        sa.Column("path", sa.String(), nullable=False),
        sa.Column("original_name", sa.String(), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("added", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["card_id"],
            ["card.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("card_image", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_card_image_card_id"), ["card_id"], unique=False)

    op.create_table(
        "collection_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("card_id", sa.Integer(), nullable=False),
        sa.Column("quantity", sa.Integer(), nullable=False),
        sa.Column("condition", sa.String(), nullable=False),
        sa.Column("location", sa.String(), nullable=False),
        sa.Column("notes", sa.String(), nullable=False),
        sa.Column("for_trade", sa.Integer(), nullable=False),
        sa.Column("date_added", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["card_id"],
            ["card.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("collection_entry", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_collection_entry_card_id"), ["card_id"], unique=False)

    op.create_table(
        "deck_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("deck_id", sa.Integer(), nullable=False),
        sa.Column("card_id", sa.Integer(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("zone", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(
            ["card_id"],
            ["card.id"],
        ),
        sa.ForeignKeyConstraint(["deck_id"], ["deck.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("deck_entry", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_deck_entry_deck_id"), ["deck_id"], unique=False)

    op.create_table(
        "wishlist_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("card_id", sa.Integer(), nullable=False),
        sa.Column("quantity", sa.Integer(), nullable=False),
        sa.Column("notes", sa.String(), nullable=False),
        sa.Column("date_added", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["card_id"],
            ["card.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("wishlist_entry", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wishlist_entry_card_id"), ["card_id"], unique=True)

    # Full-text index over names and card text for the search language (SQLite FTS5,
    # external content kept in step with ``card`` by triggers).
    for statement in _fts_statements():
        op.execute(statement)


def downgrade() -> None:

    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS card_fts_refresh ON card")
        op.execute("DROP FUNCTION IF EXISTS card_fts_refresh()")
        op.execute("DROP FUNCTION IF EXISTS card_fts_fold(text)")
    else:
        op.execute("DROP TRIGGER IF EXISTS card_fts_ai")
        op.execute("DROP TRIGGER IF EXISTS card_fts_ad")
        op.execute("DROP TRIGGER IF EXISTS card_fts_au")
    op.execute("DROP TABLE IF EXISTS card_fts")

    with op.batch_alter_table("wishlist_entry", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_wishlist_entry_card_id"))

    op.drop_table("wishlist_entry")
    with op.batch_alter_table("deck_entry", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_deck_entry_deck_id"))

    op.drop_table("deck_entry")
    with op.batch_alter_table("collection_entry", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_collection_entry_card_id"))

    op.drop_table("collection_entry")
    with op.batch_alter_table("card_image", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_card_image_card_id"))

    op.drop_table("card_image")
    with op.batch_alter_table("card_correction", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_card_correction_card_id"))

    op.drop_table("card_correction")
    op.drop_table("card_affiliation")
    op.drop_table("meta")
    op.drop_table("deck")
    with op.batch_alter_table("card", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_card_set_name"))
        batch_op.drop_index(batch_op.f("ix_card_name"))
        batch_op.drop_index(batch_op.f("ix_card_key"))
        batch_op.drop_index(batch_op.f("ix_card_dominion"))
        batch_op.drop_index(batch_op.f("ix_card_card_type"))
        batch_op.drop_index(batch_op.f("ix_card_border_dominion"))

    op.drop_table("card")
    op.drop_table("affiliation")
