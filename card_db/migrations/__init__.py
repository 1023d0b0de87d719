"""Alembic migrations of the user database (batch mode, for SQLite)."""


def include_object(obj, name, type_, reflected, compare_to) -> bool:
    """Leave SQLite's FTS5 shadow tables (``card_fts*``) out of autogenerate comparisons."""
    return not (type_ == "table" and name and name.startswith("card_fts"))
