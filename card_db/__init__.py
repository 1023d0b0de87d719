"""The card database: card records, the SQLite schema, migrations, bundled data and importers.

Nothing in this package imports Qt. Import submodules directly; this package's
``__init__`` stays empty so that the rules engine can use :mod:`card_db.records`
without loading SQLAlchemy.
"""
