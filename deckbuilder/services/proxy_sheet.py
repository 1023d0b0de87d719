"""A proxy sheet (PDF) of exactly the cards a deck still needs from your collection
(``deckbuilder deck needs FILE --pdf OUT`` and "What I still need" in the deck editor).

The cards are those :func:`deckbuilder.deck.ownership.to_acquire` lists, each as many
times as copies are to get; each face is the user's scan where one is attached, else
the proxy the app draws (:func:`deckbuilder.services.images.face_for`), laid out by
:mod:`deckbuilder.formats.proxy_sheet`. Writes a file only (atomically): no database
change, so nothing to undo.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from card_db.atomic import replace_file
from card_db.errors import UserError
from card_db.userdb import UserDatabase
from deckbuilder.deck.ownership import Need
from deckbuilder.formats import proxy_sheet
from deckbuilder.services.images import face_for

#: Width in pixels of each face on the sheet (about 300 dpi across 63 mm).
FACE_WIDTH = 744


class NothingToProxy(UserError):
    """The deck needs no card the collection lacks: there is no sheet to print."""


def needs_proxy_sheet(db: UserDatabase, needs: Sequence[Need], file: str | Path, *,
                      title: str, width: int = FACE_WIDTH,
                      progress: Callable[[int, int], None] | None = None) -> tuple[Path, int]:
    """Write the proxy sheet of the copies ``needs`` says are to get to ``file``;
    returns the path and the number of cards on it.

    ``progress(done, total)`` is called after each distinct card is drawn (it may
    raise to stop; nothing is written then). Raises :class:`NothingToProxy` when no
    copy is to get, :class:`~card_db.catalogue.UnknownCardError` for a name the
    catalogue does not know, and ``OSError`` if the file cannot be written.
    """
    wanted = [need for need in needs if need.to_acquire > 0]
    if not wanted:
        raise NothingToProxy("you own every card this deck needs: no proxy sheet to print")
    catalogue = db.catalogue()
    faces = []
    for done, need in enumerate(wanted, start=1):
        face = face_for(db, catalogue.resolve(need.name), width)
        faces.extend([face] * need.to_acquire)
        if progress is not None:
            progress(done, len(wanted))
    data = proxy_sheet.write(faces, title)
    return replace_file(file, data), len(faces)
