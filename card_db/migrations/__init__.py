"""Alembic migrations of the user database (batch mode, for SQLite)."""
