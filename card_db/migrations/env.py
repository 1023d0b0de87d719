"""Alembic environment: migrations run on the connection handed in by card_db.database."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine
from sqlmodel import SQLModel

import card_db.models  # noqa: F401  (registers the tables on SQLModel.metadata)
from card_db.migrations import include_object

config = context.config
target_metadata = SQLModel.metadata


def run_migrations() -> None:
    connection = config.attributes.get("connection")
    if connection is None:

        engine = create_engine(config.get_main_option("sqlalchemy.url"))
        with engine.begin() as conn:
            _run(conn)
        return
    _run(connection)


def _run(connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,
        include_object=include_object,
    )
    with context.begin_transaction():
        context.run_migrations()


run_migrations()
