"""Reading a straightened card: the name line, then (for cards the catalogue does not
know) the type line, the numbers and the text box (:mod:`deckbuilder.scan.fields`).

The name line is the tallest line of text in the top :data:`NAME_BAND` of the card, the
title line of every card layout this app knows (rulebook "Anatomy of Cards"; Magic,
Pokemon and Yu-Gi-Oh! cards put their name there too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from deckbuilder.scan.fields import FieldRead, card_fields
from deckbuilder.scan.ocr import TextLine, read_lines

#: Height of the band searched for the name line, as a fraction of the card height.
NAME_BAND = 0.16
#: Fewest letters a name line has.
MIN_LETTERS = 2


@dataclass(frozen=True)
class CardText:
    """What was read on one card: ``name`` and its ``name_confidence`` 0-1 (``""``
    and 0 if no name line was found) and the other ``fields`` (checklist column ->
    :class:`FieldRead`), empty unless read."""

    name: str
    name_confidence: float
    fields: dict[str, FieldRead] = field(default_factory=dict)


def _letters(text: str) -> int:
    return len(re.findall(r"[^\W\d_]", text))


def name_line(lines: list[TextLine], band_bottom: float) -> TextLine | None:
    """The tallest line of ``lines`` with two letters or more lying above ``band_bottom``
    (the topmost of equally tall ones)."""
    candidates = [line for line in lines
                  if line.box[1] < band_bottom and _letters(line.text) >= MIN_LETTERS
                  and line.confidence >= 0.3]
    if not candidates:
        return None
    tallest = max(line.height for line in candidates)
    return min((line for line in candidates if line.height >= 0.8 * tallest),
               key=lambda line: (line.box[1], line.box[0]))


def read_name(crop: np.ndarray) -> CardText:
    """The name line of the card ``crop`` (BGR, upright)."""
    band = crop[: round(NAME_BAND * crop.shape[0])]
    line = name_line(read_lines(band), band.shape[0])
    if line is None:
        return CardText("", 0.0)
    return CardText(_clean(line.text), line.confidence)


def read_card(crop: np.ndarray) -> CardText:
    """The name line and every other field of the card ``crop`` (BGR, upright)."""
    lines = read_lines(crop, fine=True)
    line = name_line(lines, NAME_BAND * crop.shape[0])
    fields = card_fields(lines, line, crop.shape[0])
    if line is None:
        return CardText("", 0.0, fields)
    return CardText(_clean(line.text), line.confidence, fields)


def _clean(text: str) -> str:
    """The name without edge punctuation and without trailing tokens that have no
    letter (symbols printed beside the name, read as "00" or "II")."""
    words = text.strip(" .,:;|_-\u00b7").split()
    while len(words) > 1 and not _letters(words[-1]):
        words.pop()
    return " ".join(words).strip(" .,:;|_-\u00b7")
