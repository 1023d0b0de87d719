"""Decoding an image file for scanning: upright by EXIF, RGB, at most
:data:`MAX_SIDE` px on its longest side, as an OpenCV BGR array.

The same safety limits as imported scans (:mod:`card_db.images.scans`): files over
:data:`~card_db.images.scans.MAX_SCAN_BYTES` or images over
:data:`~card_db.images.scans.MAX_SCAN_PIXELS` are refused before decoding; JPEGs are
decoded at a reduced size (``Image.draft``). Every failure is an :class:`ImageReadError`
naming the file.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from card_db.errors import UserError
from card_db.images.scans import MAX_SCAN_BYTES, MAX_SCAN_PIXELS

#: Longest side, in px, an image is scanned at (a 150 dpi A4 page is 1754 px tall;
#: a 12 MP phone photo is reduced to this).
MAX_SIDE = 2000
#: File suffixes a folder is searched for.
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp", ".tif", ".tiff", ".bmp")


class ImageReadError(UserError):
    """An image file that cannot be scanned (missing, not an image, corrupt, too large)."""


def load_image(path: str | Path) -> np.ndarray:
    """The image at ``path`` as an ``H x W x 3`` uint8 BGR array, longest side at most
    :data:`MAX_SIDE` px. Raises :class:`ImageReadError`."""
    source = Path(path)
    try:
        size = source.stat().st_size
    except OSError as error:
        raise ImageReadError(f"{source}: cannot read the file: {error.strerror or error}") from None
    if source.is_dir():
        raise ImageReadError(f"{source}: is a folder, not an image file")
    if size == 0:
        raise ImageReadError(f"{source}: the file is empty")
    if size > MAX_SCAN_BYTES:
        raise ImageReadError(f"{source}: the file is too large ({size / 1e6:.0f} MB)")
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            with Image.open(source) as image:
                if image.width * image.height > MAX_SCAN_PIXELS:
                    raise ImageReadError(f"{source}: the image is too large to scan safely "
                                         f"({image.width} x {image.height} px)")
                image.draft("RGB", (MAX_SIDE, MAX_SIDE))
                image.load()
                upright = ImageOps.exif_transpose(image)
                rgb = upright.convert("RGB")
        except ImageReadError:
            raise
        except UnidentifiedImageError:
            raise ImageReadError(f"{source}: not an image file, or a format this app cannot "
                                 "read") from None
        except (OSError, SyntaxError, ValueError, EOFError, IndexError, TypeError,
                Image.DecompressionBombError, Image.DecompressionBombWarning,
                MemoryError) as error:
            raise ImageReadError(f"{source}: the image is corrupt or truncated ({error})") \
                from None
    if max(rgb.size) > MAX_SIDE:
        rgb.thumbnail((MAX_SIDE, MAX_SIDE), Image.Resampling.BILINEAR)
    return np.ascontiguousarray(np.asarray(rgb)[:, :, ::-1])


def image_files(paths: list[str | Path]) -> list[Path]:
    """``paths`` with every folder replaced by the image files in it (sorted, not
    recursive into hidden folders); files are kept as given, whatever their suffix, so
    that a wrong file gets its own error."""
    result: list[Path] = []
    for item in map(Path, paths):
        if item.is_dir():
            result.extend(sorted(p for p in item.rglob("*")
                                 if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file()
                                 and not any(part.startswith(".") for part in
                                             p.relative_to(item).parts)))
        else:
            result.append(item)
    return result
