"""Replacing a file all at once: readers see the old content or the new, never half.

The bytes go to a hidden temporary file in the target's folder (same file system),
are flushed to disk (``fsync``), take the target's permission bits, and are renamed
over the target with ``os.replace`` (atomic on POSIX and Windows).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def replace_file(path: str | os.PathLike, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically; returns the path.

    An existing file keeps its permission bits; a new one gets ``0o644``. Raises
    ``OSError`` if the folder cannot be written; the temporary file is removed then
    and the target is left as it was.
    """
    target = Path(path)
    try:
        return _replace(target, data)
    except OSError as exc:
        if exc.filename == str(target):
            raise
        # Name the target, not the hidden temporary file (same OSError subclass).
        raise OSError(exc.errno, exc.strerror or str(exc), str(target)) from exc


def _replace(target: Path, data: bytes) -> Path:
    mode = target.stat().st_mode & 0o777 if target.exists() else 0o644
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return target
