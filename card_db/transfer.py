"""Copying a whole user database between engines: SQLite file <-> PostgreSQL URL.

Every table of :mod:`card_db.models` is copied row for row, ids kept: the cards (bundled
and the user's own), corrections, the collection, the wishlist, decks, the shelf and the
image records. The full-text index is rebuilt by the target's own triggers. Source of
the rule: issue 15, section 1 ("``deckbuilder db copy``").

The image files stay in the cache folder, unless ``with_images``: then the bytes of
each scan and photo the records name (with the thumbnails beside it) are stored in the
target's ``stored_image`` table, so a machine without those files gets them. A copy
from a database holding stored images writes the ones missing back into the cache
folder; the target keeps them in ``stored_image`` only with ``with_images``.

The copy is all-or-nothing: the target is emptied and filled in one transaction, so a
failure leaves it as it was, and image files written for it are removed again. A
target that already holds the user's data is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import delete, func, insert, select, text
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlmodel import SQLModel

import card_db.models  # noqa: F401  (registers the tables on SQLModel.metadata)
from card_db import postgres
from card_db.database import database_error, make_engine
from card_db.errors import UserError
from card_db.images.scans import image_cache_dir
from card_db.userdb import ensure_database

#: Tables that hold what the user made (a target with rows in one is refused), with the
#: words the counts are printed with.
USER_TABLES = {
    "collection_entry": "collection entries",
    "wishlist_entry": "wishlist entries",
    "deck": "decks",
    "deck_entry": "deck entries",
    "card_correction": "card corrections",
    "card_image": "image records",
    "shelf_copy": "shelf copies",
    "shelf_count": "shelf counts",
}


class CopyError(UserError):
    """The database cannot be copied (missing source, target already in use)."""


@dataclass(frozen=True)
class CopyReport:
    """Rows copied per table (``rows``), the user's own cards among the cards, and the
    image files: ``images_stored`` in the target's database, ``images_written`` to the
    cache folder, ``images_missing`` (named by a record, found in neither)."""

    rows: dict[str, int]
    user_cards: int
    images_stored: int = 0
    images_written: int = 0
    images_missing: int = 0

    def lines(self) -> list[str]:
        """What was copied, one line per kind of row, for the user."""
        shown = [f"{self.rows.get('card', 0)} cards ({self.user_cards} of them your own)"]
        shown += [f"{self.rows.get(t, 0)} {words}" for t, words in USER_TABLES.items()]
        shown.append(f"{self.rows.get('shelf_game', 0)} shelf games")
        shown.append(f"{self.images_stored} image files stored in the database")
        shown.append(f"{self.images_written} image files written to the cache folder")
        if self.images_missing:
            shown.append(f"{self.images_missing} image files named by a record were not "
                         "found (the app shows a proxy for those)")
        return shown


@dataclass(frozen=True)
class _Images:
    """The image files of a copy: ``stored`` (relative path -> bytes) to keep in the
    target, ``written`` files created in the cache folder, ``missing`` count."""

    stored: dict[str, bytes]
    written: list[Path]
    missing: int


def _check_source(source: Path | str) -> None:
    if not postgres.is_url(source) and not Path(source).is_file():
        raise CopyError(f"{source}: no such database file to copy from")


def _user_rows(connection) -> int:
    tables = SQLModel.metadata.tables
    found = sum(connection.execute(select(func.count()).select_from(tables[name])).scalar_one()
                for name in USER_TABLES)
    card = tables["card"]
    return found + connection.execute(
        select(func.count()).select_from(card).where(card.c.origin == "user")).scalar_one()


def _reset_sequences(connection) -> None:
    """Move each PostgreSQL id sequence past the copied ids (the next insert is new)."""
    for table in SQLModel.metadata.sorted_tables:
        if list(table.primary_key.columns.keys()) != ["id"]:
            continue
        connection.execute(text(
            f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
            f"coalesce(max(id), 1), max(id) IS NOT NULL) FROM {table.name}"))


def copy_database(source: Path | str, target: Path | str, *, with_images: bool = False,
                  cache_dir: Path | None = None) -> CopyReport:
    """Copy every row of the user database ``source`` into ``target`` (each a SQLite file
    or a PostgreSQL URL); both are first brought to the current schema. Returns the
    counts. ``with_images``: store the image files of the cache folder (``cache_dir``,
    default :func:`card_db.images.scans.image_cache_dir`) in the target too; images
    stored in ``source`` are written to that folder when missing there.

    Raises :class:`CopyError` if ``source`` does not exist or ``target`` already
    holds a collection, decks, corrections, the user's cards, shelf copies or images,
    or an image file cannot be read or written;
    :class:`card_db.database.DatabaseError` or :class:`card_db.postgres.PostgresError`
    if either cannot be opened or written (the target is then unchanged).
    """
    _check_source(source)
    source, target = ensure_database(source), ensure_database(target)
    if str(source) == str(target):
        raise CopyError("the source and the target are the same database")
    try:
        return _copy(source, target, with_images, Path(cache_dir or image_cache_dir()))
    except IntegrityError as exc:
        detail = str(getattr(exc, "orig", exc)).strip().splitlines()[0]
        raise CopyError(f"a row of {source} breaks a rule of the target database ({detail}); "
                        "nothing was copied") from exc
    except DBAPIError as exc:
        for place in (target, source):
            problem = (postgres.postgres_error(exc, place) if postgres.is_url(place)
                       else database_error(exc, Path(place)))
            if problem is not None:
                raise problem from exc
        raise


def _image_files(folder: Path, relative: str) -> list[tuple[str, Path]]:
    """The file ``relative`` names in ``folder`` and the thumbnails written beside it
    (``<stem>-w<width><suffix>``), as (relative path, file) pairs, those that exist."""
    main = folder / relative
    found = [main, *sorted(main.parent.glob(f"{main.stem}-w*{main.suffix}"))]
    parent = Path(relative).parent
    return [((parent / f.name).as_posix(), f) for f in found if f.is_file()]


def _images(reading, folder: Path, with_images: bool) -> _Images:
    """Write the source's stored images missing from ``folder`` there, and gather what
    the target stores (see :class:`_Images`). Files written are removed again on error."""
    tables = SQLModel.metadata.tables
    stored = {path: bytes(data) for path, data in
              reading.execute(select(tables["stored_image"].c.path,
                                     tables["stored_image"].c.data))}
    written: list[Path] = []
    try:
        for relative, data in stored.items():
            place = folder / relative
            if not place.exists():
                place.parent.mkdir(parents=True, exist_ok=True)
                place.write_bytes(data)
                written.append(place)
    except OSError as exc:
        _remove(written)
        raise CopyError(f"cannot write the stored images into {folder}: {exc}; "
                        "nothing was copied") from exc
    missing = 0
    if with_images:
        named = [row[0] for name in ("card_image", "shelf_photo")
                 for row in reading.execute(select(tables[name].c.path))]
        try:
            for relative in named:
                files = _image_files(folder, relative)
                missing += not files or files[0][0] != Path(relative).as_posix()
                stored.update((path, file.read_bytes()) for path, file in files)
        except OSError as exc:
            _remove(written)
            raise CopyError(f"cannot read the image {exc.filename}: {exc.strerror}; "
                            "nothing was copied") from exc
    return _Images(stored if with_images else {}, written, missing)


def _remove(files: list[Path]) -> None:
    for file in files:
        file.unlink(missing_ok=True)


def _copy(source: Path | str, target: Path | str, with_images: bool,
          folder: Path) -> CopyReport:
    tables = SQLModel.metadata.sorted_tables
    source_engine, target_engine = make_engine(source), make_engine(target)
    images = _Images({}, [], 0)
    try:
        with source_engine.connect() as reading, target_engine.begin() as writing:
            if _user_rows(writing):
                raise CopyError(f"{target} already holds a collection, decks or your own "
                                "cards; copy into a new, empty database")
            for table in reversed(tables):
                writing.execute(delete(table))
            counts = {}
            for table in tables:
                if table.name in ("stored_image", "change_counter"):
                    continue
                rows = [dict(row._mapping) for row in reading.execute(select(table))]
                if rows:
                    writing.execute(insert(table), rows)
                counts[table.name] = len(rows)
            _restart_counter(writing)
            images = _images(reading, folder, with_images)
            if images.stored:
                writing.execute(insert(SQLModel.metadata.tables["stored_image"]),
                                [{"path": p, "data": d} for p, d in images.stored.items()])
            if writing.dialect.name == "postgresql":
                _reset_sequences(writing)
            card = SQLModel.metadata.tables["card"]
            user_cards = writing.execute(select(func.count()).select_from(card)
                                         .where(card.c.origin == "user")).scalar_one()
    except BaseException:
        _remove(images.written)
        raise
    finally:
        source_engine.dispose()
        target_engine.dispose()
    return CopyReport(counts, user_cards, len(images.stored), len(images.written),
                      images.missing)


def _restart_counter(writing) -> None:
    """The target's change counter row, at 0 (the source's count means nothing there)."""
    writing.execute(insert(SQLModel.metadata.tables["change_counter"]),
                    [{"id": 1, "counter": 0, "tables": ""}])
