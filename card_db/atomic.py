"""Replacing a file all at once: readers see the old content or the new, never half.

The bytes go to a hidden temporary file in the target's folder (same file system),
are flushed to disk (``fsync``), take the target's permission bits, and are renamed
over the target with ``os.replace`` (atomic on POSIX and Windows).

A writer killed (``kill -9``, power cut) before the rename cannot remove its temporary
file: the next write to the same folder removes such leftovers
(:func:`clean_leftovers`). A temporary file is held under an exclusive ``flock`` from
its creation to the rename, so a live writer's file (another process writing to the
same folder at the same moment) is never taken for a leftover; where ``flock`` is
missing (Windows) only leftovers older than :data:`LEFTOVER_AGE` seconds go.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from pathlib import Path

try:  # POSIX: a live writer's lock tells its temporary file from a leftover
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None

#: Seconds after which a temporary file is a leftover when locks cannot tell (Windows).
LEFTOVER_AGE = 3600.0

#: The names :func:`tempfile.mkstemp` gives this module's temporary files.
_LEFTOVER = re.compile(r"\..+\.[a-z0-9_]{8}\.part")


def replace_file(path: str | os.PathLike, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically; returns the path.

    An existing file keeps its permission bits; a new one gets ``0o644``. Leftover
    temporary files of killed writers in the folder are removed first
    (:func:`clean_leftovers`). Raises ``OSError`` if the folder cannot be written; the
    temporary file is removed then and the target is left as it was.
    """
    target = Path(path)
    clean_leftovers(target.parent)
    try:
        return _replace(target, data)
    except OSError as exc:
        if exc.filename == str(target):
            raise
        # Name the target, not the hidden temporary file (same OSError subclass).
        raise OSError(exc.errno, exc.strerror or str(exc), str(target)) from exc


def clean_leftovers(folder: str | os.PathLike) -> list[Path]:
    """Remove the temporary files killed writers left in ``folder`` (hidden
    ``.<name>.<random>.part`` files no live writer holds); returns those removed.
    Never raises: a file that cannot be removed (or a folder that cannot be listed) is
    left for a later write."""
    removed = []
    try:
        candidates = [e for e in os.scandir(folder) if _LEFTOVER.fullmatch(e.name)]
    except OSError:
        return removed
    for entry in candidates:
        with contextlib.suppress(OSError):
            if _abandoned(entry.path):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


def _abandoned(path: str) -> bool:
    """True if no live writer holds ``path`` (its lock is free; without locks: it is old)."""
    if fcntl is None:
        return time.time() - os.stat(path).st_mtime > LEFTOVER_AGE
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False  # a live writer holds it
    finally:
        os.close(fd)  # closing releases the lock taken
    return True


def _replace(target: Path, data: bytes) -> Path:
    mode = target.stat().st_mode & 0o777 if target.exists() else 0o644
    fd, temp = _locked_temporary(target)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    finally:
        os.close(fd)
    return target


def _locked_temporary(target: Path) -> tuple[int, str]:
    """A new temporary file beside ``target``, open and locked (held until the rename).

    Another writer's :func:`clean_leftovers` may remove it between its creation and the
    lock; it is made again then (its link count is 0)."""
    while True:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part",
                                    dir=target.parent)
        if fcntl is None:
            return fd, temp
        fcntl.flock(fd, fcntl.LOCK_EX)
        if os.fstat(fd).st_nlink:
            return fd, temp
        os.close(fd)
