"""All-or-nothing writing of image files.

Each image is written to a hidden temporary file beside its target, and only when
every one of them is complete are they renamed into place (``os.replace``, atomic
on one file system). On any error the temporary files are removed, so a failed
write never leaves a half-written image behind. A full disk (``ENOSPC`` or a
quota, ``EDQUOT``) becomes a :class:`CardImageError` saying so.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from card_db.images.errors import CardImageError

_DISK_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}


@dataclass(frozen=True)
class PendingImage:
    """One image to write: target path, Pillow format name and save options."""

    image: Image.Image
    path: Path
    format: str
    options: dict[str, object] = field(default_factory=dict)


def format_for_suffix(path: Path) -> str:
    """Pillow format name for ``path``'s suffix (``.png`` -> ``"PNG"``).

    Raises :class:`CardImageError` for a suffix Pillow cannot write.
    """
    suffix = path.suffix.lower()
    fmt = Image.registered_extensions().get(suffix)
    if fmt is None or fmt not in Image.SAVE:
        raise CardImageError(
            f"{path}: cannot write images with the extension {suffix or '(none)'!r}; "
            "use .png, .jpg or .webp"
        )
    return fmt


def is_disk_full(error: OSError) -> bool:
    """True for the errors a full disk or an exhausted quota raise."""
    return error.errno in _DISK_FULL


def write_all(items: Sequence[PendingImage], what: str) -> None:
    """Write every item or none of them; ``what`` names the content in error messages.

    Raises :class:`CardImageError` if the disk is full or a file cannot be written;
    no temporary or partial file remains afterwards. Targets that existed before are
    replaced only once every new file has been written.
    """
    temps: list[tuple[str, PendingImage]] = []
    placed: list[Path] = []  # new files already renamed into place
    current = items[0].path if items else Path(".")
    try:
        for item in items:
            current = item.path
            temp = str(item.path.with_name(f".{item.path.name}.{secrets.token_hex(6)}.part"))
            temps.append((temp, item))
            with open(temp, "xb") as handle:
                item.image.save(handle, format=item.format, **item.options)
        existed = {item.path: item.path.exists() for _, item in temps}
        for temp, item in temps:
            current = item.path
            os.replace(temp, item.path)
            if not existed[item.path]:
                placed.append(item.path)
        temps.clear()
    except OSError as error:
        _discard(temp for temp, _ in temps)
        _discard(placed)
        if is_disk_full(error):
            raise CardImageError(
                f"{current}: the disk is full; could not save {what} (nothing was written)"
            ) from error
        raise CardImageError(
            f"{current}: could not save {what}: {error.strerror or error}"
        ) from error
    except (ValueError, KeyError) as error:  # e.g. a mode the format cannot store
        _discard(temp for temp, _ in temps)
        _discard(placed)
        raise CardImageError(f"{current}: could not save {what}: {error}") from error


def _discard(paths: Iterable[str | Path]) -> None:
    for path in paths:
        with contextlib.suppress(OSError):
            os.unlink(path)
