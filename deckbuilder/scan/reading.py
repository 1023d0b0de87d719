"""Reading a straightened card: the name line, then (for cards the catalogue does not
know) the type line, the numbers and the text box (:mod:`deckbuilder.scan.fields`).

The name line is the tallest line of text in the top :data:`NAME_BAND` of the card, the
title line of every card layout this app knows (rulebook "Anatomy of Cards"; Magic,
Pokemon and Yu-Gi-Oh! cards put their name there too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import cv2
import numpy as np
from rapidfuzz import fuzz

from deckbuilder.scan.fields import FieldRead, card_fields
from deckbuilder.scan.ocr import TextLine, detect_boxes, read_lines, recognise

#: Height of the band searched for the name line, as a fraction of the card height.
NAME_BAND = 0.16
#: Fewest letters a name line has.
MIN_LETTERS = 2
#: Scale the name band is searched for text at (a 630 px crop's title is about 36 px
#: tall, 29 px at this scale; smaller merges the name with the type line on blurred photos).
BAND_SCALE = 0.8
#: Name bands stacked into one image for the text detector (at most
#: :data:`~deckbuilder.scan.ocr.FINE_DETECT_SIDE` px tall at :data:`BAND_SCALE`).
SHEET_BANDS = 6
#: A name read with less confidence is read again by :func:`read_name` (detection and
#: recognition of the whole band at full size: slower, better on small blurred cards).
SURE_READ = 0.9
#: A read with fewer letters counts for less in :func:`name_quality` (reads of a few
#: letters are mostly fragments: a symbol, part of a name, a set code).
SHORT_NAME = 4
#: A name box is at least this many times wider than tall (not a symbol or a number).
MIN_NAME_ASPECT = 1.6


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
    chosen = min((line for line in candidates if line.height >= 0.8 * tallest),
                 key=lambda line: (line.box[1], line.box[0]))
    row = sorted((line for line in candidates if _same_row(line.box, chosen.box)),
                 key=lambda line: line.box[0])
    if len(row) == 1:
        return chosen
    return TextLine((row[0].box[0], min(line.box[1] for line in row), row[-1].box[2],
                     max(line.box[3] for line in row)), " ".join(line.text for line in row),
                    min(line.confidence for line in row))


def _same_row(a, b) -> bool:
    """Boxes of words on one line: vertical centres within half the taller one's height,
    and of similar height (a name split by the detector at its spaces)."""
    height_a, height_b = a[3] - a[1], b[3] - b[1]
    return (abs((a[1] + a[3]) / 2 - (b[1] + b[3]) / 2) < 0.5 * max(height_a, height_b)
            and min(height_a, height_b) >= 0.7 * max(height_a, height_b))


def read_name(crop: np.ndarray) -> CardText:
    """The name line of the card ``crop`` (BGR, upright)."""
    band = crop[: round(NAME_BAND * crop.shape[0])]
    line = name_line(read_lines(band), band.shape[0])
    if line is None:
        return CardText("", 0.0)
    return CardText(_clean(line.text), line.confidence)


def reread_name(crop: np.ndarray) -> CardText:
    """The name line of the card ``crop`` (BGR, upright) read over its whole name band
    prepared in several ways (as it is, contrast-stretched, enlarged), for a name that
    read doubtfully in :func:`read_names`. Stops at the first sure read; otherwise keeps
    the read most like a name (:func:`name_quality`) and most like the other reads
    (noise differs between preparations, the name does not)."""
    band = crop[: round(NAME_BAND * crop.shape[0])]
    reads = []
    for prepared, fine in ((band, False), (_stretched(band), False),
                           (cv2.resize(band, None, fx=1.5, fy=1.5,
                                       interpolation=cv2.INTER_CUBIC), True)):
        line = name_line(read_lines(prepared, fine=fine), prepared.shape[0])
        if line is None:
            continue
        reads.append(CardText(_clean(line.text), line.confidence))
        if reads[-1].name_confidence >= SURE_READ:
            return reads[-1]
    if not reads:
        return CardText("", 0.0)
    return max(reads, key=lambda read: name_quality(read) + sum(
        fuzz.ratio(read.name, other.name) / 100 * name_quality(other)
        for other in reads if other is not read))


def _stretched(band: np.ndarray) -> np.ndarray:
    """``band`` with its local contrast stretched (CLAHE on the lightness): a faint or
    washed-out title stands out from its frame."""
    lab = cv2.cvtColor(band, cv2.COLOR_BGR2LAB)
    clahe = cv2.createCLAHE(clipLimit=3.0, tileGridSize=(2, 8))
    lab[:, :, 0] = clahe.apply(lab[:, :, 0])
    return cv2.cvtColor(lab, cv2.COLOR_LAB2BGR)


def name_quality(text: CardText) -> float:
    """How much a read looks like a name: its confidence times its share of letters
    among its printed characters (a card read upside down gives its bottom line, such
    as "ATK/2800 DEF/1000", read confidently but mostly digits and signs)."""
    printed = [ch for ch in text.name if not ch.isspace()]
    if not printed:
        return 0.0
    letters = sum(ch.isalpha() for ch in printed)
    # two or three letters are more often a fragment than a whole name
    return text.name_confidence * letters / len(printed) * min(1.0, letters / SHORT_NAME)


def name_boxes(crops: list[np.ndarray]) -> list[tuple[int, int, int, int] | None]:
    """For each crop, the box (left, top, right, bottom px of the crop) of the tallest
    text line in its name band that is wider than a symbol, or None. The bands are
    stacked :data:`SHEET_BANDS` at a time into one image, so the text detector runs once
    for each such sheet."""
    result = []
    for start in range(0, len(crops), SHEET_BANDS):
        result.extend(_sheet_boxes(crops[start:start + SHEET_BANDS]))
    return result


def _sheet_boxes(crops: list[np.ndarray]) -> list[tuple[int, int, int, int] | None]:
    bands = [cv2.resize(crop[: round(NAME_BAND * crop.shape[0])], None, fx=BAND_SCALE,
                        fy=BAND_SCALE, interpolation=cv2.INTER_AREA) for crop in crops]
    gap = 12
    width = max(band.shape[1] for band in bands)
    tops = np.cumsum([0] + [band.shape[0] + gap for band in bands])
    sheet = np.full((int(tops[-1]), width, 3), 255, np.uint8)
    for band, top in zip(bands, tops, strict=False):
        sheet[top:top + band.shape[0], :band.shape[1]] = band
    found: list[list[tuple[float, ...]]] = [[] for _ in crops]
    for box in detect_boxes(sheet, fine=True):
        centre = (box[1] + box[3]) / 2
        index = int(np.searchsorted(tops, centre, side="right")) - 1
        if 0 <= index < len(crops):
            top = tops[index]
            found[index].append(tuple(v / BAND_SCALE for v in
                                      (box[0], box[1] - top, box[2], box[3] - top)))
    return [_tallest(boxes, crop, band.shape[0] / BAND_SCALE)
            for boxes, crop, band in zip(found, crops, bands, strict=True)]


def _tallest(boxes, crop: np.ndarray, band_height: float):
    boxes = [b for b in boxes if (b[2] - b[0]) >= MIN_NAME_ASPECT * (b[3] - b[1])]
    if not boxes:
        return None
    tallest = max(b[3] - b[1] for b in boxes)
    chosen = min((b for b in boxes if b[3] - b[1] >= 0.8 * tallest), key=lambda b: (b[1], b[0]))
    row = [b for b in boxes if _same_row(b, chosen)]
    left, top = min(b[0] for b in row), min(b[1] for b in row)
    right, bottom = max(b[2] for b in row), max(b[3] for b in row)
    pad = 0.15 * (bottom - top)
    return (max(0, round(left - pad)), max(0, round(top - pad)),
            min(crop.shape[1], round(right + pad)), min(round(band_height), round(bottom + pad)))


def read_names(crops: list[np.ndarray]) -> list[CardText]:
    """The name line of each card crop (BGR, upright), recognised in one batch."""
    boxes = name_boxes(crops)
    lines = [crop[b[1]:b[3], b[0]:b[2]] for crop, b in zip(crops, boxes, strict=True)
             if b is not None and b[3] > b[1] and b[2] > b[0]]
    boxes = [b if b is not None and b[3] > b[1] and b[2] > b[0] else None for b in boxes]
    read = iter(recognise(lines))
    result = []
    for crop, box in zip(crops, boxes, strict=True):
        text, confidence = next(read) if box is not None else ("", 0.0)
        if _letters(text) < MIN_LETTERS:
            text, confidence = "", 0.0
        found = CardText(_clean(text), confidence)
        if confidence < SURE_READ:
            again = reread_name(crop)
            if name_quality(again) > name_quality(found):
                found = again
        result.append(found)
    return result


def read_card(crop: np.ndarray) -> CardText:
    """The name line and every other field of the card ``crop`` (BGR, upright)."""
    lines = read_lines(crop, fine=True)
    line = name_line(lines, NAME_BAND * crop.shape[0])
    fields = card_fields(lines, line, crop.shape[0])
    if line is None:
        return CardText("", 0.0, fields)
    return CardText(_clean(line.text), line.confidence, fields)


def _clean(text: str) -> str:
    """The name without edge marks (:data:`_EDGE`), without trailing tokens that have
    no letter (symbols printed beside the name, read as "00" or "II") and without
    digits glued to the end of its last word (a cost or hit points: "Dragon Whelp2")."""
    words = text.strip(_EDGE).split()
    while len(words) > 1 and not _letters(words[-1]):
        words.pop()
    if words and _letters(words[-1]) >= MIN_LETTERS:
        # a cost or hit points printed close after the name is read glued to it (a
        # level such as "LV7" follows capitals and is part of the name)
        words[-1] = re.sub(r"(?<=[a-z])\d+$", "", words[-1])
    return " ".join(words).strip(_EDGE)


#: Marks read at the ends of a name that are not part of it: punctuation, and the ``*``
#: the app's faces print after an estimated value (:data:`card_db.images.proxy.ESTIMATED_MARK`).
_EDGE = " .,:;|_-*\u00b7"
