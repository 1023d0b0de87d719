"""Card faces for display and export: the user's own scan if attached, else a proxy.

Scans are normalised by :mod:`card_db.images.scans` into the image cache folder
(:func:`card_db.images.scans.image_cache_dir`); the ``card_image`` table records them.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from card_db.images.aspect import card_height
from card_db.images.errors import CardImageError
from card_db.images.proxy import render_proxy
from card_db.records import CardRecord
from card_db.userdb import UserDatabase
from deckbuilder.services.changes import Changes, Outcome, Reversal


def scan_path(db: UserDatabase, name: str) -> Path | None:
    """The newest attached scan of card ``name`` that still exists, or ``None``."""
    # lazy: Pillow loads only when an image is drawn
    from card_db.images.scans import image_cache_dir

    with db.read() as conn:
        rows = conn.execute(
            "SELECT i.path FROM card_image i JOIN card c ON c.id = i.card_id "
            "WHERE c.name = ? ORDER BY i.added DESC, i.id DESC",
            (name,),
        ).fetchall()
    for (relative,) in rows:
        candidate = image_cache_dir() / relative
        if candidate.is_file():
            return candidate
    return None


def face_for(db: UserDatabase, record: CardRecord, width: int = 630) -> Image.Image:
    """The card's face at ``width`` pixels (scan if attached and readable, else a proxy)."""
    scan = scan_path(db, record.name)
    if scan is not None:
        try:
            with Image.open(scan) as img:
                return img.convert("RGB").resize((width, card_height(width)), Image.LANCZOS)
        except OSError:
            pass  # a damaged cache file: fall back to the proxy rather than fail
    return render_proxy(record, width)


def card_face(db: UserDatabase, name: str, width: int = 630) -> Image.Image:
    """Like :func:`face_for`, by card name; raises UnknownCardError with suggestions."""
    return face_for(db, db.catalogue().resolve(name), width)


def attach_scan(db: UserDatabase, name: str, file: Path) -> Outcome[Path]:
    """Import a photo or scan of card ``name``; the outcome's value is the normalised
    image's path, its changes name the card in ``images`` (not undoable).

    Raises :class:`card_db.images.errors.CardImageError` for corrupt files,
    decompression bombs or a full disk (nothing is recorded then).
    """
    # lazy: SQLModel, the table models and Pillow load only when a scan is attached
    from sqlmodel import select

    from card_db.images.scans import image_cache_dir, import_scan
    from card_db.models import Card, CardImage
    record = db.catalogue().resolve(name)
    with db.session() as session:
        card = session.exec(select(Card).where(Card.name == record.name)).one()
        cache = image_cache_dir()
        result = import_scan(file, cache, card.key)
        session.add(
            CardImage(
                card_id=card.id,
                path=str(result.image_path.relative_to(cache)),
                original_name=result.source_name,
                width=result.width,
                height=result.height,
            )
        )
        session.commit()
    changes = Changes(label=f"Attach a scan of {record.name}", images=frozenset({record.name}))
    return Outcome(result.image_path, changes)


#: The columns of a ``card_image`` row a removal keeps for its undo.
_IMAGE_COLUMNS = ("card_id", "path", "original_name", "width", "height", "added")


def remove_scans(db: UserDatabase, name: str) -> Changes:
    """Remove every scan attached to card ``name``: its face is the proxy again.

    The image files stay in the cache folder, so the removal is undone by recording
    them again (the undo's own undo removes them once more). ``changes.changed`` is
    False if the card had no scan. Raises UnknownCardError (with suggestions) for an
    unknown card.
    """
    # lazy: SQLModel and the table models load only when the database is written
    from sqlmodel import select

    from card_db.models import Card, CardImage

    record = db.catalogue().resolve(name)
    label = f"Remove the scan of {record.name}"
    with db.session() as session:
        card = session.exec(select(Card).where(Card.name == record.name)).one()
        images = session.exec(select(CardImage).where(CardImage.card_id == card.id)).all()
        if not images:
            return Changes(label=label)
        kept = [{column: getattr(image, column) for column in _IMAGE_COLUMNS}
                for image in images]
        for image in images:
            session.delete(image)
        session.commit()
    return Changes(label=label, images=frozenset({record.name}),
                   undo=Reversal(label, lambda db: _restore_scans(db, record.name, kept)))


def _restore_scans(db: UserDatabase, name: str, rows: list[dict]) -> Changes:
    # lazy: SQLModel and the table models load only when the database is written
    from card_db.models import CardImage

    with db.session() as session:
        for row in rows:
            session.add(CardImage(**row))
        session.commit()
    label = f"Remove the scan of {name}"
    return Changes(label=label, images=frozenset({name}),
                   undo=Reversal(label, lambda db: remove_scans(db, name)))


__all__ = ["CardImageError", "attach_scan", "card_face", "face_for", "remove_scans",
           "scan_path"]


def scan_faces(db: UserDatabase, records: list[CardRecord], width: int) -> dict:
    """Card name -> the user's scan at ``width`` px, for the cards that have one."""
    faces = {}
    for record in records:
        if scan_path(db, record.name) is not None:
            faces[record.name] = face_for(db, record, width)
    return faces
