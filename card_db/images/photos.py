"""Importing a user's photo of a game copy (its box, its components) into the image cache.

The same reading as a card scan (:mod:`card_db.images.scans`): size limits, EXIF
orientation, decompression-bomb and corrupt-file checks, all failures a
:class:`~card_db.images.errors.CardImageError` naming the file, all-or-nothing writes.
Unlike a scan the photo keeps its own aspect (a box is no card): its longest side is
scaled down to at most :data:`PHOTO_MAX_SIDE` px, and each thumbnail is
:data:`~card_db.images.scans.THUMBNAIL_WIDTHS` px wide with the photo's aspect.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from card_db.images.errors import CardImageError
from card_db.images.scans import (
    THUMBNAIL_WIDTHS,
    ScanResult,
    _decode,
    _read_source,
    _safe_key,
    cache_folder,
    content_stem,
)
from card_db.images.storage import PendingImage, write_all

#: Longest side of the stored photo, in px.
PHOTO_MAX_SIDE = 1600
#: Shortest side worth keeping, in px.
MIN_PHOTO_SIDE_PX = 50


def _scaled(image: Image.Image, width: int, height: int) -> Image.Image:
    if (width, height) == image.size:
        return image
    return image.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=3.0)


def import_photo(source_path: str | Path, cache_dir: str | Path, key: str) -> ScanResult:
    """Import the photo at ``source_path`` under the name ``key`` (e.g. ``shelf-copy-3``).

    Writes ``<key>-<hash>.jpg`` and ``<key>-<hash>-w<width>.jpg`` thumbnails into
    ``cache_dir`` (created if missing); ``<hash>`` comes from the file's bytes. Raises
    :class:`CardImageError` naming the file for everything
    :func:`card_db.images.scans.import_scan` refuses, and for a photo whose shorter side
    is under :data:`MIN_PHOTO_SIDE_PX`; nothing new is left in the cache then.
    """
    source = Path(source_path)
    stem_key = _safe_key(key)
    data = _read_source(source)
    image = _decode(source, data)
    if min(image.size) < MIN_PHOTO_SIDE_PX:
        raise CardImageError(f"{source}: the image is too small for a photo ({image.width} "
                             f"x {image.height} px; at least {MIN_PHOTO_SIDE_PX} px a side)")
    ratio = min(1.0, PHOTO_MAX_SIDE / max(image.size))
    photo = _scaled(image, max(1, round(image.width * ratio)),
                    max(1, round(image.height * ratio)))
    thumbnails = {w: _scaled(photo, w, max(1, round(photo.height * w / photo.width)))
                  for w in THUMBNAIL_WIDTHS}
    folder = cache_folder(cache_dir)
    stem = content_stem(stem_key, data)
    image_path = folder / f"{stem}.jpg"
    thumb_paths = {w: folder / f"{stem}-w{w}.jpg" for w in THUMBNAIL_WIDTHS}
    pending = [PendingImage(photo, image_path, "JPEG", {"quality": 90, "optimize": True})]
    pending += [PendingImage(thumbnails[w], thumb_paths[w], "JPEG", {"quality": 85})
                for w in THUMBNAIL_WIDTHS]
    write_all(pending, f"the photo {source.name}")
    return ScanResult(image_path, thumb_paths, photo.width, photo.height, source.name)


def thumbnail_path(image_path: Path, width: int = THUMBNAIL_WIDTHS[-1]) -> Path:
    """The thumbnail ``width`` px wide written beside ``image_path`` by
    :func:`import_photo`."""
    return image_path.with_name(f"{image_path.stem}-w{width}{image_path.suffix}")
