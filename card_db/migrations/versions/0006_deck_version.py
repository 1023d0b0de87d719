"""shared database: deck versions, the change counter, images stored in the database

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24 02:30:00

For several people on one database (issue 15, section 2, and ``db copy
--with-images``, section 1):

* ``deck.version`` counts the saves of each deck (existing decks start at 1): a save
  says which version it was opened at, and a deck saved elsewhere since is not
  silently overwritten (:class:`deckbuilder.services.decks.DeckChangedElsewhere`);
* ``change_counter`` holds one row whose ``counter`` every write transaction of the
  app raises by one, with the ``tables`` it wrote (:mod:`card_db.watch`): another
  window polls it (SQLite) or is told by ``NOTIFY`` (PostgreSQL) and refreshes;
* ``stored_image`` keeps the bytes of the user's scans and photos (their files in the
  image cache folder, by ``path`` relative to it) when a database is copied with
  ``deckbuilder db copy --with-images``.

Plain table operations only, so the migration runs on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("deck") as batch:
        batch.add_column(sa.Column("version", sa.Integer(), nullable=False,
                                   server_default="1"))
    op.create_table(
        "change_counter",
        sa.Column("id", sa.Integer(), nullable=False, autoincrement=False),
        sa.Column("counter", sa.Integer(), nullable=False),
        sa.Column("tables", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.execute("INSERT INTO change_counter (id, counter, tables) VALUES (1, 0, '')")
    op.create_table(
        "stored_image",
        sa.Column("path", sa.String(), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("path"),
    )


def downgrade() -> None:
    op.drop_table("stored_image")
    op.drop_table("change_counter")
    with op.batch_alter_table("deck") as batch:
        batch.drop_column("version")
