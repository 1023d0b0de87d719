"""Importing a user's photo or scan of a card into the image cache.

:func:`import_scan` reads the file, decodes it at a reduced size (JPEG: ``draft``;
other formats: decoded whole within :data:`MAX_DECODED_BYTES`, then ``reduce``-d),
turns it upright by its EXIF orientation, crops it centred to the real card aspect
(63 x 88 mm, rulebook "Anatomy of Cards"), and writes a normalised JPEG (longest side at most
:data:`NORMALISED_MAX_SIDE` px) plus one thumbnail per width in
:data:`THUMBNAIL_WIDTHS` into the cache folder. Writing is all-or-nothing (see
:mod:`card_db.images.storage`). Every failure is a :class:`CardImageError` whose
message names the file.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import struct
import warnings
from dataclasses import dataclass
from pathlib import Path

import platformdirs
from PIL import Image, UnidentifiedImageError

from card_db.images.aspect import card_crop_box, card_height, card_width
from card_db.images.errors import CardImageError
from card_db.images.storage import PendingImage, write_all

#: Largest image accepted, in pixels (about 9,200 x 6,900). Anything bigger is
#: refused as a possible decompression bomb before it is decoded.
MAX_SCAN_PIXELS = 64_000_000
#: Most bytes of decoded pixels held at once (Pillow keeps 4 bytes a colour pixel):
#: 40 million colour pixels. JPEGs are decoded at a reduced size (``Image.draft``) and
#: count at that size; other formats are decoded whole, then reduced.
MAX_DECODED_BYTES = 160_000_000
#: Largest file accepted, in bytes.
MAX_SCAN_BYTES = 100 * 1024 * 1024
#: Smallest card width, in px after cropping, worth keeping.
MIN_CARD_WIDTH_PX = 50
#: Longest side of the normalised copy, in px (cards are portrait: the height).
NORMALISED_MAX_SIDE = 1200
#: Widths of the thumbnails written beside the normalised copy, in px.
THUMBNAIL_WIDTHS = (96, 240)
#: The application name used for the platform cache folder.
APP_NAME = "imajica-deckbuilder"

#: Formats whose decoder holds copies of the whole image besides Pillow's (see
#: :func:`decoded_bytes`).
_DECODER_COPIES = {"WEBP": 4}
_ORIENTATION_TAG = 0x0112
#: EXIF orientation -> the transpose that shows the image upright (as ImageOps.exif_transpose).
_TRANSPOSE = {
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}
_DECODE_ERRORS = (OSError, SyntaxError, ValueError, EOFError, struct.error, IndexError,
                  TypeError, KeyError, ZeroDivisionError)


@dataclass(frozen=True)
class ScanResult:
    """Where an imported scan was stored.

    ``image_path`` is the normalised copy (JPEG), ``width`` x ``height`` px;
    ``thumbnails`` maps each thumbnail width in px to its file. All paths are
    inside the cache folder passed to :func:`import_scan`.
    """

    image_path: Path
    thumbnails: dict[int, Path]
    width: int
    height: int
    source_name: str

    @property
    def paths(self) -> list[Path]:
        """Every file written: the normalised copy, then the thumbnails by width."""
        return [self.image_path, *(self.thumbnails[w] for w in sorted(self.thumbnails))]


def image_cache_dir() -> Path:
    """The folder for imported scans: ``$DECKBUILDER_CACHE`` if set, else the
    platform's user cache folder for the app plus ``images``.

    The folder is not created here.
    """
    override = os.environ.get("DECKBUILDER_CACHE")
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_cache_dir(APP_NAME)) / "images"


def crop_to_card_aspect(image: Image.Image) -> Image.Image:
    """``image`` cropped centred to the 63:88 card aspect.

    See :func:`card_db.images.aspect.card_crop_box`.
    """
    return image.crop(card_crop_box(*image.size))


def import_scan(source_path: str | Path, cache_dir: str | Path, card_key: str) -> ScanResult:
    """Import the photo or scan at ``source_path`` for the card ``card_key``.

    Writes ``<key>-<hash>.jpg`` and ``<key>-<hash>-w<width>.jpg`` thumbnails into
    ``cache_dir`` (created if missing); ``<hash>`` comes from the file's bytes, so
    importing the same file again reuses the same names. Multi-frame files use
    their first frame; transparency is flattened onto white.

    Raises :class:`CardImageError` naming the file when it is missing, unreadable,
    empty, not an image, corrupt or truncated, larger than :data:`MAX_SCAN_PIXELS`
    (decompression bomb) or :data:`MAX_SCAN_BYTES`, needing more than
    :data:`MAX_DECODED_BYTES` of memory to decode (see :func:`decoded_bytes`; JPEGs
    count at the reduced size they are decoded at), too small, or when the cache
    cannot be written (a full disk says so). On error nothing new is left in the
    cache. Raises ``ValueError`` if ``card_key`` has no usable characters.
    """
    source = Path(source_path)
    key = _safe_key(card_key)
    data = _read_source(source)
    image = _decode(source, data)
    box = card_crop_box(*image.size)
    if box[2] - box[0] < MIN_CARD_WIDTH_PX:
        raise CardImageError(
            f"{source}: the image is too small for a card scan ({image.width} x {image.height} "
            f"px; a card needs at least {MIN_CARD_WIDTH_PX} px across)"
        )
    card = image.crop(box)
    if card.height > NORMALISED_MAX_SIDE:
        card = card.resize((card_width(NORMALISED_MAX_SIDE), NORMALISED_MAX_SIDE),
                           Image.Resampling.LANCZOS, reducing_gap=3.0)
    thumbnails = {
        width: card.resize((width, card_height(width)), Image.Resampling.LANCZOS,
                           reducing_gap=3.0)
        for width in THUMBNAIL_WIDTHS
    }

    folder = cache_folder(cache_dir)
    stem = content_stem(key, data)
    image_path = folder / f"{stem}.jpg"
    thumb_paths = {width: folder / f"{stem}-w{width}.jpg" for width in THUMBNAIL_WIDTHS}
    pending = [PendingImage(card, image_path, "JPEG",
                            {"quality": 92, "subsampling": 0, "optimize": True})]
    pending += [PendingImage(thumbnails[w], thumb_paths[w], "JPEG", {"quality": 85})
                for w in THUMBNAIL_WIDTHS]
    write_all(pending, f"the scan {source.name}")
    return ScanResult(image_path, thumb_paths, card.width, card.height, source.name)


def cache_folder(cache_dir: str | Path) -> Path:
    """``cache_dir`` as a Path, created if missing; :class:`CardImageError` if it cannot be."""
    folder = Path(cache_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CardImageError(
            f"{folder}: cannot create the image cache folder: {error.strerror or error}"
        ) from error
    return folder


def content_stem(key: str, data: bytes) -> str:
    """The file-name stem of an image stored for ``key`` from the source bytes ``data``:
    the key and the first 12 hex digits of their SHA-256 (a new source, a new name)."""
    return f"{key}-{hashlib.sha256(data).hexdigest()[:12]}"


def _safe_key(card_key: str) -> str:
    key = re.sub(r"[^A-Za-z0-9._-]+", "-", card_key).strip(".-")
    if not key:
        raise ValueError(f"card key {card_key!r} has no characters usable in a file name")
    return key[:80]


def _read_source(source: Path) -> bytes:
    try:
        if source.is_dir():
            raise CardImageError(f"{source}: is a folder, not an image file")
        size = source.stat().st_size
        if size == 0:
            raise CardImageError(f"{source}: the file is empty")
        if size > MAX_SCAN_BYTES:
            raise CardImageError(
                f"{source}: the file is too large ({size / 1e6:.0f} MB; the limit is "
                f"{MAX_SCAN_BYTES / 1e6:.0f} MB)"
            )
        return source.read_bytes()
    except FileNotFoundError as error:
        raise CardImageError(f"{source}: file not found") from error
    except OSError as error:
        reason = error.strerror or error
        raise CardImageError(f"{source}: cannot read the file: {reason}") from error


def _bomb(source: Path, width: int | None = None, height: int | None = None) -> CardImageError:
    size = f" ({width} x {height} px)" if width and height else ""
    return CardImageError(
        f"{source}: the image is too large to open safely{size}; it may be a decompression "
        f"bomb (the limit is {MAX_SCAN_PIXELS:,} pixels)"
    )


def _decode(source: Path, data: bytes) -> Image.Image:
    """Decode at a reduced size, orient by EXIF and convert to RGB; errors become
    CardImageError."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = Image.open(io.BytesIO(data))
            width, height = image.size
            if width * height > MAX_SCAN_PIXELS:
                raise _bomb(source, width, height)
            # JPEG only: decode at 1/2, 1/4 or 1/8 scale when that still covers the
            # normalised size on both sides (a no-op for other formats).
            image.draft("RGB", (NORMALISED_MAX_SIDE, NORMALISED_MAX_SIDE))
            if decoded_bytes(image.mode, image.size, image.format) > MAX_DECODED_BYTES:
                raise _too_big_to_decode(source, image)
            image.load()
            orientation = _orientation(image)
            image = _reduced(image)
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
            raise _bomb(source) from error
        except UnidentifiedImageError as error:
            raise CardImageError(
                f"{source}: not an image file, or an image format this app cannot read"
            ) from error
        except MemoryError as error:
            raise _bomb(source) from error
        except _DECODE_ERRORS as error:
            raise CardImageError(
                f"{source}: the image is corrupt or truncated ({error})"
            ) from error
    if orientation in _TRANSPOSE:
        image = image.transpose(_TRANSPOSE[orientation])
    try:
        return _to_rgb(image)
    except _DECODE_ERRORS as error:
        raise CardImageError(f"{source}: unsupported image mode {image.mode} ({error})") from error


def decoded_bytes(mode: str, size: tuple[int, int], image_format: str | None = None) -> int:
    """Bytes Pillow holds to decode and reduce an image of ``mode`` and ``size`` (w, h
    px) in ``image_format`` (Pillow's name, e.g. ``"PNG"``): 1 a pixel for ``1``, ``L``
    and ``P``, 2 for ``I;16`` modes, 4 for the rest (RGB too); twice that for ``LA`` and
    ``RGBA`` (reducing them makes a premultiplied copy); WebP decodes through buffers
    of its own, four times the image (measured with ``benchmarks/bench_scan_memory.py``)."""
    per_pixel = 1 if mode in ("1", "L", "P") else 2 if mode.startswith("I;16") else 4
    copies = (2 if mode in ("LA", "RGBA") else 1) * _DECODER_COPIES.get(image_format or "", 1)
    return size[0] * size[1] * per_pixel * copies


def _too_big_to_decode(source: Path, image: Image.Image) -> CardImageError:
    needed = decoded_bytes(image.mode, image.size, image.format)
    return CardImageError(
        f"{source}: the image is too large to open ({image.width} x {image.height} px "
        f"need {needed / 1e6:.0f} MB of memory; the limit is {MAX_DECODED_BYTES / 1e6:.0f} "
        "MB): save it as a JPEG, which opens at a reduced size, or scale it down"
    )


def _orientation(image: Image.Image) -> int:
    """The EXIF orientation (1-8; 1 when absent or unreadable)."""
    try:
        return int(image.getexif().get(_ORIENTATION_TAG, 1))
    except _DECODE_ERRORS:
        return 1  # unreadable EXIF: keep the pixels as stored


def _reduced(image: Image.Image) -> Image.Image:
    """``image`` shrunk by the largest whole factor that keeps both sides at least
    :data:`NORMALISED_MAX_SIDE` px (the normalised card still gets its full height),
    averaging boxes of pixels (``Image.reduce``; nearest pixel for modes it lacks)."""
    factor = min(image.size) // NORMALISED_MAX_SIDE
    if factor < 2:
        return image
    try:
        return image.reduce(factor)
    except ValueError:  # modes 1, P and I;16 have no reduce
        size = (image.width // factor, image.height // factor)
        return image.resize(size, Image.Resampling.NEAREST)


def _to_rgb(image: Image.Image) -> Image.Image:
    """RGB copy of ``image``; transparency flattened onto white, deep greys scaled."""
    if image.mode == "RGB":
        return image
    if image.mode.startswith("I;16"):
        image = image.convert("I")
    if image.mode in ("I", "F"):
        low, high = image.getextrema()
        span = (high - low) or 1
        image = image.point(lambda v: (v - low) * 255 / span).convert("L")
    if image.mode in ("RGBA", "LA", "PA", "RGBa", "La") or (
        image.mode == "P" and "transparency" in image.info
    ):
        rgba = image.convert("RGBA")
        flat = Image.new("RGB", rgba.size, (255, 255, 255))
        flat.paste(rgba, mask=rgba.getchannel("A"))
        return flat
    return image.convert("RGB")
