"""Publish the catalogue as a card package for Cockatrice, OCTGN or LackeyCCG.

Reads the user's database (cards and attached scans) and writes files only: no
database change, so nothing to undo. The package builders are in
:mod:`deckbuilder.formats.publish`; the folder appears all at once
(:func:`deckbuilder.formats.publish.staging.staged_folder`).
"""

from __future__ import annotations

import importlib
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from card_db.errors import Cancelled, UserError
from card_db.records import CardRecord
from card_db.userdb import UserDatabase
from deckbuilder.formats.publish import TOOLS, cockatrice
from deckbuilder.formats.publish._common import Progress
from deckbuilder.formats.publish.staging import staged_folder
from deckbuilder.services.changes import Changes
from deckbuilder.services.images import face_for, scan_path

#: Width of a published card picture in px (height by the card's 63 x 88 mm shape).
DEFAULT_WIDTH = 488


class UnknownToolError(UserError, ValueError):
    """A tool name :func:`publish` does not know."""


class PublishCancelled(UserError, Cancelled):
    """:func:`publish` stopped by its ``cancelled`` check; nothing was written."""


@dataclass(frozen=True)
class PublishResult:
    """What :func:`publish` wrote: the ``tool``, the package ``folder``, the number of
    ``cards`` and how many of their pictures are the user's ``scans`` (the rest are
    proxies)."""

    tool: str
    folder: Path
    cards: int
    scans: int
    #: Cockatrice: our card names the user's main database also holds (``None``: no
    #: main database could be read), and the file read.
    clashes: tuple[str, ...] | None = None
    main_database: Path | None = None

    @property
    def changes(self) -> Changes:
        """Nothing in the database changed (so the GUI's operations runner, which gives
        publishing its progress dialog and Cancel, emits no signal and keeps the
        undo histories)."""
        return Changes(label=f"Publish for {self.tool}")


def cockatrice_main_database() -> Path:
    """Where Cockatrice keeps its main ``cards.xml`` by default (Qt's
    ``AppDataLocation`` for organisation and application "Cockatrice")."""
    base = Path(platformdirs.user_data_dir(roaming=True))  # ~/.local/share, %APPDATA%...
    return base / "Cockatrice" / "Cockatrice" / "cards.xml"


def _main_database_names(path: Path | None) -> set[str] | None:
    """The card names of Cockatrice's main database at ``path``, or ``None`` if there is
    none or it cannot be read (a missing file, not XML)."""
    if path is None or not path.is_file():
        return None
    try:
        return cockatrice.database_names(path.read_bytes())
    except (OSError, ET.ParseError):
        return None


def publish(db: UserDatabase, tool: str, folder: str | Path, *, width: int = DEFAULT_WIDTH,
            progress: Progress | None = None,
            cancelled: Callable[[], bool] | None = None,
            base_url: str | None = None,
            cockatrice_database: Path | None = None) -> PublishResult:
    """Write the package of ``tool`` (a key of
    :data:`deckbuilder.formats.publish.TOOLS`) for every card of the catalogue into
    ``folder``, pictures ``width`` px wide.

    ``progress(done, total)`` is called after each picture; ``cancelled()`` is asked
    before each and, if true, stops with :class:`PublishCancelled`, leaving ``folder``
    as it was. ``base_url`` (LackeyCCG) is where the folder will be served, for its
    ``updatelist.txt`` and ``version.txt``. For Cockatrice, the names our cards share
    with the user's main database (``cockatrice_database``, default
    :func:`cockatrice_main_database`) are listed in the package's instructions and in
    the result. Raises :class:`UnknownToolError`, a
    :class:`~deckbuilder.formats.publish._common.PublishError` (a folder holding
    something else, two cards sharing a picture file) or ``OSError``.
    """
    module_name = TOOLS.get(tool)
    if module_name is None:
        raise UnknownToolError(f"unknown tool {tool!r}; choose one of {', '.join(TOOLS)}",
                               suggestions=list(TOOLS))
    builder = importlib.import_module(module_name)
    records = sorted(db.catalogue(), key=lambda r: r.name.casefold())
    scans = {r.name for r in records if scan_path(db, r.name) is not None}

    def face(record: CardRecord):
        if cancelled is not None and cancelled():
            raise PublishCancelled(f"publishing for {tool} cancelled; nothing was written")
        return face_for(db, record, width)

    extra: dict = {}
    clashing = main = None
    if tool == "lackey" and base_url:
        extra["base_url"] = base_url
    if tool == "cockatrice":
        main = cockatrice_database or cockatrice_main_database()
        names = _main_database_names(main)
        clashing = None if names is None else cockatrice.clashes(records, names)
        extra["clashing"] = clashing
    with staged_folder(folder) as staging:
        builder.build(records, face, staging, progress, **extra)
    return PublishResult(tool, Path(folder), len(records), len(scans),
                         None if clashing is None else tuple(clashing),
                         main if clashing is not None else None)
