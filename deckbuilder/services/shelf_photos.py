"""Photos of a copy on the shelf (issue 14, section 2): imported like card scans
(:mod:`card_db.images.photos`: EXIF orientation, thumbnails, clear errors), recorded in
``shelf_photo``, listed and removed.

Writes take the :class:`~card_db.userdb.UserDatabase` first and return
:class:`~deckbuilder.services.changes.Changes` (``shelf=True``) with an undo. The image
files stay in the cache folder when a photo is removed (as card scans do), so the undo
only records them again.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

from card_db.userdb import UserDatabase
from deckbuilder.services.changes import Changes, Outcome, Reversal
from deckbuilder.services.shelf import ShelfError, stored_time

_COLUMNS = ("id", "copy_id", "path", "original_name", "width", "height", "added")


@dataclass(frozen=True)
class CopyPhoto:
    """One photo of copy ``copy_id``: ``path`` (absolute, in the image cache; may be
    missing if the cache was cleared), its ``thumbnail`` (240 px wide), the imported
    file's name, its size in px and when it was added (ISO text, UTC)."""

    id: int
    copy_id: int
    path: Path
    thumbnail: Path
    original_name: str
    width: int
    height: int
    added: str


def _cache() -> Path:
    from card_db.images.scans import image_cache_dir  # lazy: Pillow only for photos

    return image_cache_dir()


def copy_photos(db: UserDatabase, copy_id: int) -> list[CopyPhoto]:
    """The photos of copy ``copy_id``, oldest first (none for an unknown copy)."""
    from card_db.images.photos import thumbnail_path  # lazy: Pillow only for photos

    with db.read() as conn:
        rows = conn.execute(f"SELECT {', '.join(_COLUMNS)} FROM shelf_photo "
                            "WHERE copy_id = ? ORDER BY id", (copy_id,)).fetchall()
    cache = _cache()
    return [CopyPhoto(r[0], r[1], cache / r[2], thumbnail_path(cache / r[2]), r[3], r[4],
                      r[5], str(r[6])) for r in rows]


def _copy_exists(db: UserDatabase, copy_id: int) -> None:
    with db.read() as conn:
        if conn.execute("SELECT 1 FROM shelf_copy WHERE id = ?", (copy_id,)).fetchone() is None:
            raise ShelfError(f"there is no copy {copy_id} on the shelf")


def _insert(db: UserDatabase, values: dict, label: str) -> Changes:
    """Record a photo row (``values`` may carry its old ``id``); the undo deletes it."""
    from card_db.models import ShelfPhoto  # lazy: SQLModel only for writes

    values = dict(values)
    if "added" in values:
        values["added"] = stored_time(values["added"])
    with db.session() as session:
        row = ShelfPhoto(**values)
        session.add(row)
        session.commit()
        photo_id = row.id
    return Changes(label=label, shelf=True,
                   undo=Reversal(label, partial(_delete, photo_id=photo_id, label=label)))


def _delete(db: UserDatabase, photo_id: int, label: str) -> Changes:
    """Delete a photo row (its files stay); the undo records it again with its id."""
    from card_db.models import ShelfPhoto  # lazy: SQLModel only for writes

    with db.session() as session:
        row = session.get(ShelfPhoto, photo_id)
        if row is None:
            raise ShelfError(f"there is no photo {photo_id} on the shelf")
        kept = {column: getattr(row, column) for column in _COLUMNS}
        session.delete(row)
        session.commit()
    return Changes(label=label, shelf=True,
                   undo=Reversal(label, partial(_insert, values=kept, label=label)))


def add_photo(db: UserDatabase, copy_id: int, file: str | Path) -> Outcome[int]:
    """Import the photo ``file`` of copy ``copy_id``; the outcome's value is the photo's
    id. Undo takes the photo off the copy.

    Raises :class:`ShelfError` for an unknown copy and
    :class:`card_db.images.errors.CardImageError` naming the file for a missing, empty,
    corrupt, truncated, too large or too small image (nothing is recorded then).
    """
    from card_db.images.photos import import_photo  # lazy: Pillow only for photos

    _copy_exists(db, copy_id)
    cache = _cache()
    result = import_photo(file, cache, f"shelf-copy-{copy_id}")
    values = {"copy_id": copy_id, "path": str(result.image_path.relative_to(cache)),
              "original_name": result.source_name, "width": result.width,
              "height": result.height}
    changes = _insert(db, values, f"Add a photo to copy {copy_id}")
    with db.read() as conn:
        photo_id = conn.execute("SELECT max(id) FROM shelf_photo WHERE copy_id = ?",
                                (copy_id,)).fetchone()[0]
    return Outcome(photo_id, changes)


def remove_photo(db: UserDatabase, copy_id: int, photo_id: int) -> Changes:
    """Take photo ``photo_id`` off copy ``copy_id`` (undoable; the files stay in the
    cache). Raises :class:`ShelfError` if the copy has no such photo (the message lists
    its photos' ids)."""
    ids = [p.id for p in copy_photos(db, copy_id)]
    if photo_id not in ids:
        have = f" (its photos: {', '.join(map(str, ids))})" if ids else " (it has none)"
        raise ShelfError(f"copy {copy_id} has no photo {photo_id}{have}")
    return _delete(db, photo_id, f"Remove photo {photo_id} of copy {copy_id}")
