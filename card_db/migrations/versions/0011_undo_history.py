"""one undo history in the user database

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-29 02:00:00

Each undoable write records one ``undo_step`` row in its own transaction (issue 25,
section 5; see :mod:`deckbuilder.services.undo_history`): its label, when it was made,
whether it is done or undone; and one ``undo_row`` per key it changed (e.g. a card id)
holding that key's rows before and after as JSON (never pickled code). The GUI's
Edit > Undo and ``deckbuilder undo`` / ``redo`` act on it. Two plain table adds, for
SQLite and PostgreSQL.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "undo_step",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("label", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("undone_at", sa.DateTime(), nullable=True),
        sqlite_autoincrement=True,  # a step's id is never reused: a kept undo names one step
    )
    op.create_table(
        "undo_row",
        sa.Column("step_id", sa.Integer(), sa.ForeignKey("undo_step.id"), primary_key=True),
        sa.Column("key", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("before", sa.Text(), nullable=False),
        sa.Column("after", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("undo_row")
    op.drop_table("undo_step")
