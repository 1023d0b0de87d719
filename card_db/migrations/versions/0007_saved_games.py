"""saved games: games of the Play screen saved to be resumed or replayed

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24 02:20:00

``saved_game`` holds each saved game under a unique ``name``: ``record``, the JSON text
of its :class:`~deckbuilder.engine.records.play_record.PlayRecord` (decks, seats, seed and
every decision; ``format_version`` its layout, upgraded when read), a ``summary`` and
``finished`` for the list, and when it was ``saved``. Issue 13, section 2. Plain table
operations only, so the migration runs on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "saved_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("format_version", sa.Integer(), nullable=False),
        sa.Column("summary", sa.String(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("record", sa.String(), nullable=False),
        sa.Column("saved", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
    )


def downgrade() -> None:
    op.drop_table("saved_game")
