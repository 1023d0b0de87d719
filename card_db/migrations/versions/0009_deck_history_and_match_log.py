"""deck versions and the match log (issue 23, branch i23-log)

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-29 01:00:00

* ``deck_version`` keeps every saved version of every saved deck (``version``, when
  it was saved, who saved it, its name, notes and cards as JSON text); each existing
  deck gets its current list as its first kept version here.
* ``logged_game`` is the match log: one row per game played, real or computer.

Plain table operations only, so the migration runs on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "deck_version",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("deck_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("saved_at", sa.DateTime(), nullable=False),
        sa.Column("author", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("notes", sa.String(), nullable=False),
        sa.Column("cards", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["deck_id"], ["deck.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("deck_id", "version"),
    )
    with op.batch_alter_table("deck_version", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_deck_version_deck_id"), ["deck_id"], unique=False)
    op.create_table(
        "logged_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("played_on", sa.Date(), nullable=False),
        sa.Column("deck", sa.String(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=True),
        sa.Column("opponent", sa.String(), nullable=False),
        sa.Column("opponent_deck", sa.String(), nullable=False),
        sa.Column("opponent_affiliation", sa.String(), nullable=False),
        sa.Column("went", sa.String(), nullable=False),
        sa.Column("result", sa.String(), nullable=False),
        sa.Column("ended", sa.String(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=True),
        sa.Column("notes", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("level", sa.String(), nullable=False),
        sa.Column("added", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("logged_game", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_logged_game_deck"), ["deck"], unique=False)
    _keep_current_decks()


def _keep_current_decks() -> None:
    """Each saved deck's current list becomes its first kept version."""
    bind = op.get_bind()
    decks = bind.execute(sa.text(
        "SELECT id, name, notes, version, modified FROM deck ORDER BY id")).fetchall()
    for deck_id, name, notes, version, modified in decks:
        entries = bind.execute(sa.text(
            "SELECT c.name, e.count, e.zone FROM deck_entry e JOIN card c ON c.id = e.card_id "
            "WHERE e.deck_id = :deck ORDER BY e.id"), {"deck": deck_id}).fetchall()
        cards = {"main": [[n, c] for n, c, z in entries if z == "main"],
                 "side": [[n, c] for n, c, z in entries if z == "side"]}
        bind.execute(sa.text(
            "INSERT INTO deck_version (deck_id, version, saved_at, author, name, notes, cards) "
            "VALUES (:deck, :version, :saved, '', :name, :notes, :cards)"),
            {"deck": deck_id, "version": version, "saved": modified, "name": name,
             "notes": notes, "cards": json.dumps(cards, ensure_ascii=False)})


def downgrade() -> None:
    with op.batch_alter_table("logged_game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_logged_game_deck"))
    op.drop_table("logged_game")
    with op.batch_alter_table("deck_version", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_deck_version_deck_id"))
    op.drop_table("deck_version")
