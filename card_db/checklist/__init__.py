"""Card checklists: card data as CSV or JSON, one row (or object) a card.

The bundled card data (``card_db/data/*.csv``) and ``deckbuilder cards import/export``
both use this format, so a collector can load their own list of the 1997 set.

CSV: a header row, then one row a card. The columns, in the order they are written::

    key,name,type,permanent,dominions,unique,gender,magic,strength,prime,resistance,
    affiliations,deck_limit,traits,powers,activation_icon,set,collector_number,rarity,
    artist,flavor_text,source,estimated

On reading, columns may come in any order and only ``name`` and ``type`` are required.

* ``key``: a slug (``gek-a-gek``); optional, derived from the name when empty.
* ``type``: one of the eight card types ("Types of Cards"), e.g. ``Ally Action``.
* ``permanent``, ``unique``: ``yes``/``no`` (``true``/``false``/``1``/``0`` accepted).
  Empty ``permanent`` means yes for Sites and Characters ("Permanents and Instants");
  empty ``unique`` means yes for Sites and no otherwise ("Unique Cards").
* ``dominions``: ``3``; ``1|2`` for a Border Site (two adjacent Dominions, "Border
  Sites and Adjacency"); empty (or ``0``) for Oviates and Dominion-less cards.
* ``gender``: ``male``, ``female``, ``both``, ``neither`` (Characters only; not Oviates).
* ``magic``, ``strength``, ``prime`` (Characters), ``resistance`` (Sites): whole numbers
  0-99; empty means none.
* ``affiliations``: ``Maestro|Vassal``, names from ``card_db/data/affiliations.csv``.
* ``deck_limit``: copies allowed per deck ("Deck Construction" rule 4); empty = no limit.
* ``activation_icon``: the card type whose icon the power carries ("Card Powers,
  Traits, and Special Rules"), e.g. ``Ally Action``; empty if none.
* ``set``, ``collector_number``, ``rarity``, ``artist``, ``flavor_text``: collector data.
* ``source``: where the values come from, e.g. ``rulebook: Border Sites and Adjacency``
  or ``demo``.
* ``estimated``: ``magic|prime``, the fields (names from
  :data:`card_db.records.CHARACTERISTIC_FIELDS`) whose values are not printed facts.

JSON: a list of objects with the same keys; ``dominions``, ``affiliations`` and
``estimated`` are lists, numbers are numbers or ``null``, booleans ``true``/``false``.

Reading is all or nothing: the first bad row raises :class:`ChecklistError` naming the
file, line and column, and nothing is returned. Files are UTF-8 (a byte order mark is
allowed).

Modules, by concern: :mod:`~card_db.checklist.schema` (the columns,
:class:`ChecklistError`, card keys), :mod:`~card_db.checklist.text` (decoding files),
:mod:`~card_db.checklist.csv_rows` and :mod:`~card_db.checklist.json_rows` (text to raw
rows), :mod:`~card_db.checklist.validation` (raw rows to checked records),
:mod:`~card_db.checklist.reading`, :mod:`~card_db.checklist.writing` and
:mod:`~card_db.checklist.bundled` (the app's own data and its hash). Import the public
names from ``card_db.checklist``.
"""

from card_db.checklist.bundled import (
    AFFILIATIONS_FILE,
    DATA_DIR,
    DECKS_DIR,
    bundled_card_files,
    bundled_data_hash,
    load_affiliations,
    load_bundled_records,
    load_bundled_rows,
)
from card_db.checklist.reading import (
    parse_checklist_rows,
    parse_checklist_text,
    read_checklist,
    read_checklist_rows,
)
from card_db.checklist.schema import (
    COLUMNS,
    FORMATS,
    MAX_FILE_BYTES,
    MAX_ROWS,
    MAX_VALUE,
    REQUIRED_COLUMNS,
    ChecklistError,
    ChecklistRow,
    checklist_format,
    record_key,
    slugify,
)
from card_db.checklist.text import decode_checklist_bytes
from card_db.checklist.writing import checklist_text, write_checklist

__all__ = [
    "AFFILIATIONS_FILE", "COLUMNS", "DATA_DIR", "DECKS_DIR", "FORMATS", "MAX_FILE_BYTES",
    "MAX_ROWS", "MAX_VALUE",
    "REQUIRED_COLUMNS", "ChecklistError", "ChecklistRow", "bundled_card_files",
    "bundled_data_hash", "checklist_format", "checklist_text", "decode_checklist_bytes",
    "load_affiliations", "load_bundled_records", "load_bundled_rows", "parse_checklist_rows",
    "parse_checklist_text", "read_checklist", "read_checklist_rows", "record_key", "slugify",
    "write_checklist",
]
