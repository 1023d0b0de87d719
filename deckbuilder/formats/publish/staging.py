"""A package folder that appears all at once: built in a hidden sibling folder and
renamed into place at the end, so an interrupted or failed build leaves the target as
it was (nothing, or the previous package)."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path

from deckbuilder.formats.publish._common import PublishError

#: The file every package holds; its presence marks a folder this app may replace.
MARKER = "IMAJICA-PACKAGE.txt"


@contextlib.contextmanager
def staged_folder(target: str | os.PathLike) -> Iterator[Path]:
    """Yield an empty folder next to ``target``; when the block ends without an error
    it becomes ``target`` (a previous package there is replaced), else it is removed.

    The block must write :data:`MARKER` into the folder. Raises :class:`PublishError`
    if ``target`` is a file or a non-empty folder that is not a package written here
    (holding no :data:`MARKER`), and ``OSError`` if the parent cannot be written.
    """
    target = Path(target).absolute()
    _check_replaceable(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = _new_folder(target, ".part")
    try:
        yield staging
        _swap_in(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _new_folder(target: Path, suffix: str) -> Path:
    """A new hidden folder beside ``target``, made with :func:`os.mkdir` so the user's
    umask sets its permissions as for any folder they make (``tempfile.mkdtemp`` would
    make it 0700, private, and the package would keep that once renamed into place)."""
    for _ in range(100):
        folder = target.parent / f".{target.name}.{secrets.token_hex(6)}{suffix}"
        try:
            folder.mkdir()
        except FileExistsError:
            continue
        return folder
    raise FileExistsError(f"no free name for a folder beside {target}")


def _check_replaceable(target: Path) -> None:
    if target.is_file():
        raise PublishError("this is a file; give a folder", file=target)
    if target.is_dir() and any(target.iterdir()) and not (target / MARKER).is_file():
        raise PublishError("this folder is not empty and holds no package written by "
                           "deckbuilder; choose an empty or new folder", file=target)


def _swap_in(staging: Path, target: Path) -> None:
    if not target.exists():
        os.replace(staging, target)
        return
    old = _new_folder(target, ".old")
    os.replace(target, old / "package")
    try:
        os.replace(staging, target)
    except OSError:
        os.replace(old / "package", target)  # put the previous package back
        raise
    finally:
        shutil.rmtree(old, ignore_errors=True)
