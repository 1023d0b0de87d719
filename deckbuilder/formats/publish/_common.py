"""What every published package says about a card, shown as the app shows it.

Values come from :func:`deckbuilder.presentation.card_details`, so an estimated value
carries the same trailing ``*`` (:data:`deckbuilder.presentation.ESTIMATED_MARK`) as in
the CLI, the exports and the GUI, and a card with any estimated value ends its text
with :data:`deckbuilder.presentation.ESTIMATED_NOTE`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw

from card_db.errors import UserError
from card_db.images.proxy import PARCHMENT, RULE
from card_db.records import CardRecord
from deckbuilder.presentation import ESTIMATED_NOTE, card_details

#: A card's face as a Pillow image (the user's scan, else a proxy).
Faces = Callable[[CardRecord], Image.Image]
#: Called with (images done, images in all) after each image.
Progress = Callable[[int, int], None]

#: The card characteristics every package carries, by the label
#: :func:`~deckbuilder.presentation.card_details` gives them ("Set" is published as
#: "Release": the tools use "set" for their own grouping).
PROPERTY_LABELS = (
    "Type",
    "Permanent",
    "Dominion",
    "Unique",
    "Gender",
    "Magic",
    "Strength",
    "Prime",
    "Resistance",
    "Affiliations",
    "Deck limit",
    "Release",
    "Rarity",
    "Artist",
    "Source",
)
#: Labels of :func:`card_details` that go into the card text instead.
TEXT_LABELS = ("Traits", "Powers")
#: JPEG quality of published faces.
JPEG_QUALITY = 90


class PublishError(UserError, ValueError):
    """A package that cannot be written as asked (e.g. two cards would share an image
    file, or the target folder holds something else)."""


def properties(record: CardRecord) -> dict[str, str]:
    """Label (from :data:`PROPERTY_LABELS`) -> shown value of ``record``, estimated
    values marked with ``*``; characteristics the card does not have are left out."""
    shown = {("Release" if label == "Set" else label): value
             for label, value in card_details(record)}
    return {label: shown[label] for label in PROPERTY_LABELS
            if shown.get(label, "-") not in ("-", "")}


def card_text(record: CardRecord) -> str:
    """The card's traits and powers, one paragraph each (estimated ones marked), then
    :data:`ESTIMATED_NOTE` if any value of the card is estimated."""
    shown = dict(card_details(record))
    lines = [shown[label] for label in TEXT_LABELS if shown.get(label, "-") != "-"]
    if record.estimated:
        lines.append(ESTIMATED_NOTE)
    return "\n".join(lines)


def one_line(text: str) -> str:
    """``text`` with tabs and line breaks turned into single spaces (for a table cell)."""
    return re.sub(r"\s*[\t\r\n]+\s*", " ", text).strip()


def unique_names(records: list[CardRecord], name_of: Callable[[CardRecord], str],
                 what: str) -> dict[str, str]:
    """Card name -> ``name_of(card)``; raises :class:`PublishError` naming both cards if
    two cards get the same (case-insensitive) value, which the tool could not tell apart."""
    seen: dict[str, str] = {}
    result = {}
    for record in records:
        value = name_of(record)
        other = seen.setdefault(value.casefold(), record.name)
        if other != record.name:
            raise PublishError(f"{other!r} and {record.name!r} would share the {what} "
                               f"{value!r}; rename one of them")
        result[record.name] = value
    return result


def save_face(image: Image.Image, path: Path) -> None:
    """Write ``image`` to ``path`` (JPEG or PNG by its suffix), creating its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix.casefold() in (".jpg", ".jpeg"):
        image.convert("RGB").save(path, "JPEG", quality=JPEG_QUALITY)
    else:
        image.save(path, "PNG")


def write_faces(records: list[CardRecord], faces: Faces,
                path_of: Callable[[CardRecord], Path], progress: Progress | None) -> int:
    """Save each card's face to ``path_of(card)``; returns how many were written."""
    total = len(records)
    for done, record in enumerate(records, start=1):
        save_face(faces(record), path_of(record))
        if progress is not None:
            progress(done, total)
    return total


def card_back(width: int, height: int) -> Image.Image:
    """A plain card back (the proxies' parchment inside a ruled border), for tools that
    need one."""
    image = Image.new("RGB", (width, height), PARCHMENT)
    margin = max(2, width // 20)
    ImageDraw.Draw(image).rectangle((margin, margin, width - margin, height - margin),
                                    outline=RULE, width=max(1, width // 60))
    return image
