"""Card fields from the text lines read on a straightened card.

Fields are keyed by checklist column (:data:`card_db.checklist.schema.COLUMNS`): the
type line gives ``type``, ``permanent`` (Permanent or Instant, "Permanents and
Instants"), ``gender``, ``unique`` ("non-unique" Sites, "Unique Cards") and
``deck_limit``; the characteristic labels Magic, Strength, Prime and Resistance give
the number printed under or beside each ("Anatomy of Cards"); the lines of the text box
give ``powers``. Lines are found by their words, not by a fixed position, so a layout
other than the app's face still yields what its words say; Home Dominion symbols are
pictures and are not read. Every value comes with the recogniser's confidence 0-1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from card_db.records import CardType, Gender
from deckbuilder.scan.ocr import TextLine

#: The numbered characteristics, by the label printed beside them.
NUMBER_LABELS = {"magic": "magic", "strength": "strength", "prime": "prime",
                 "resistance": "resistance"}
#: Lines of the app's own face that are not card text.
_NOT_TEXT = {"proxy", "demo card"}
_TYPES = sorted((t.value for t in CardType), key=len, reverse=True)


@dataclass(frozen=True)
class FieldRead:
    """One field as read: ``value`` (checklist text) and ``confidence`` 0-1."""

    value: str
    confidence: float


def _fold(text: str) -> str:
    return " ".join(text.replace("\u00b7", " ").replace("-", "-").casefold().split())


def type_line_fields(line: TextLine) -> dict[str, FieldRead]:
    """The fields a type line says ("Permanent Dictate", "Character · male · limit 2 per
    deck", "Site · non-unique"); empty if the line names no card type."""
    folded = _fold(line.text)
    found = next((t for t in _TYPES if t.casefold() in folded), None)
    if found is None:
        return {}
    score = line.confidence
    fields = {"type": FieldRead(found, score)}
    if "instant" in folded:
        fields["permanent"] = FieldRead("no", score)
    elif "permanent" in folded:
        fields["permanent"] = FieldRead("yes", score)
    for gender in Gender:
        if re.search(rf"\b{gender.value}\b", folded):
            fields["gender"] = FieldRead(gender.value, score)
            break
    if "non-unique" in folded or "nonunique" in folded:
        fields["unique"] = FieldRead("no", score)
    limit = re.search(r"limit\s*(\d+)", folded)
    if limit:
        fields["deck_limit"] = FieldRead(limit.group(1), score)
    return fields


def number_fields(lines: list[TextLine]) -> dict[str, FieldRead]:
    """Magic, Strength, Prime and Resistance: the whole number nearest below (or right
    of) each label; a label with no number near it gives nothing."""
    fields: dict[str, FieldRead] = {}
    numbers = [line for line in lines if re.fullmatch(r"\d{1,2}", line.text.strip())]
    for line in lines:
        key = NUMBER_LABELS.get(_fold(line.text).strip(" :"))
        if key is None:
            continue
        best, best_gap = None, None
        for number in numbers:
            dx = abs(number.centre[0] - line.centre[0])
            dy = number.centre[1] - line.centre[1]
            below = 0 < dy < 3 * line.height and dx < max(line.box[2] - line.box[0], 40)
            beside = abs(dy) < line.height and 0 < number.box[0] - line.box[2] < 3 * line.height
            if below or beside:
                gap = dx + abs(dy)
                if best_gap is None or gap < best_gap:
                    best, best_gap = number, gap
        if best is not None:
            fields[key] = FieldRead(best.text.strip(),
                                    min(line.confidence, best.confidence))
    return fields


def card_fields(lines: list[TextLine], name_line: TextLine | None,
                height: float) -> dict[str, FieldRead]:
    """Every field read from the ``lines`` of a card crop ``height`` px tall, the name
    line excluded; the text box is the text below the characteristics and above the
    bottom tenth of the card (set, number and artist)."""
    fields: dict[str, FieldRead] = {}
    used: set[int] = set()
    for index, line in enumerate(lines):
        if line is name_line or "type" in fields:
            continue
        typed = type_line_fields(line)
        if typed:
            fields.update(typed)
            used.add(index)
    numbers = number_fields(lines)
    fields.update(numbers)
    label_bottom = max((line.box[3] for line in lines
                        if _fold(line.text).strip(" :") in NUMBER_LABELS), default=0.0)
    text_top = max(label_bottom + 0.06 * height, 0.42 * height)
    powers = [line for index, line in enumerate(lines)
              if index not in used and line is not name_line
              and text_top <= line.box[1] and line.box[3] <= 0.91 * height
              and _fold(line.text) not in _NOT_TEXT
              and not re.fullmatch(r"\d{1,2}", line.text.strip())]
    if powers:
        fields["powers"] = FieldRead(" ".join(line.text for line in powers),
                                     min(line.confidence for line in powers))
    return fields
