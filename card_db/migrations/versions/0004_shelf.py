"""the shelf: games, the copies a user owns and the pieces counted in each

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 22:10:00

``shelf_game`` holds each game's definition as the TOML text of its game file
(``card_db/data/games/*.toml`` for the bundled games, whose rows the bundled-data sync
rewrites; ``origin = 'user'`` for a file the user imported). ``shelf_copy`` is a copy
the user owns; ``shelf_count`` the pieces found (and damaged) per component of a copy.
Issue 14, sections 1 and 2. The bundled games are written by the sync, not here.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shelf_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("origin", sa.String(), nullable=False),
        sa.Column("definition", sa.String(), nullable=False),
        sa.Column("imported", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
    )
    op.create_table(
        "shelf_copy",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("location", sa.String(), nullable=False),
        sa.Column("box_condition", sa.String(), nullable=False),
        sa.Column("components_condition", sa.String(), nullable=False),
        sa.Column("notes", sa.String(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["shelf_game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("shelf_copy", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_shelf_copy_game_id"), ["game_id"], unique=False)
    op.create_table(
        "shelf_count",
        sa.Column("copy_id", sa.Integer(), nullable=False),
        sa.Column("component", sa.String(), nullable=False),
        sa.Column("found", sa.Integer(), nullable=False),
        sa.Column("damaged", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["copy_id"], ["shelf_copy.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("copy_id", "component"),
    )


def downgrade() -> None:
    op.drop_table("shelf_count")
    with op.batch_alter_table("shelf_copy", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_shelf_copy_game_id"))
    op.drop_table("shelf_copy")
    op.drop_table("shelf_game")
