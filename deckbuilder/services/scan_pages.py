"""Where the cards of a scanned image were found, for the Scan screen's page view
(issue 21: "a page of cards found and grouped"). Reads only."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from card_db.userdb import UserDatabase


@dataclass(frozen=True)
class FoundCard:
    """One card found on the image: its ``group`` id, its four ``corners`` (pixels of
    the image as read, upright and at most ``deckbuilder.scan.loading.MAX_SIDE`` px on
    its longest side; clockwise from the card's upright top-left), the ``name`` shown
    (the catalogue match, else the name as read) and its group's ``status``
    (``pending``, ``accepted`` or ``rejected``)."""

    group: int
    corners: tuple[tuple[float, float], ...]
    name: str
    status: str


@dataclass(frozen=True)
class ScannedPage:
    """An image of a batch (``file``, as it was read) and every card found on it."""

    file: Path
    batch: int
    cards: list[FoundCard]


def page_of_group(db: UserDatabase, group_id: int) -> ScannedPage | None:
    """The image holding ``group_id``'s best crop, with every card of that batch found
    on it; ``None`` if the group is not known."""
    with db.read() as conn:
        row = conn.execute(
            "SELECT c.file, g.batch_id FROM scan_crop c JOIN scan_group g "
            "ON g.id = c.group_id WHERE c.group_id = ? ORDER BY c.path = g.best_crop DESC, "
            "c.id LIMIT 1", (group_id,)).fetchone()
        if row is None:
            return None
        file, batch = row
        found = conn.execute(
            "SELECT c.group_id, c.corners, g.match_name, g.name_read, g.status "
            "FROM scan_crop c JOIN scan_group g ON g.id = c.group_id "
            "WHERE c.file = ? AND g.batch_id = ? ORDER BY c.id", (file, batch)).fetchall()
    cards = [FoundCard(group, tuple(tuple(p) for p in json.loads(corners)),
                       match or read, status)
             for group, corners, match, read, status in found]
    return ScannedPage(Path(file), batch, cards)
