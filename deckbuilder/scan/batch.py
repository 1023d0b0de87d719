"""Reading a batch of images: find every card, read it, match it, group the copies.

:func:`read_batch` is what ``deckbuilder scan read`` and ``scan import`` and the Scan
screen run. It holds no pixels once an image is done (a crop is handed to ``on_crop``,
which may store it), so memory stays flat over a long batch; ``should_stop`` is asked
between images, and a stopped batch keeps what was read (``cancelled`` is set).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from card_db.errors import UserError
from deckbuilder.scan.detection import FoundCard, find_cards, turned
from deckbuilder.scan.fields import FieldRead
from deckbuilder.scan.grouping import CardHash, Grouper, card_hash, image_match
from deckbuilder.scan.loading import load_image
from deckbuilder.scan.matching import SURE_SCORE, Match, NameIndex, best_match
from deckbuilder.scan.reading import CardText, name_quality, read_card, read_names

#: A name read below this quality (:func:`_name_quality`) is tried again with the card
#: turned a half, then a quarter round.
UPRIGHT_CONFIDENCE = 0.6


@dataclass
class CardRead:
    """One card found in one image. ``corners``: 4 [x, y] in image px, clockwise from
    the card's upright top-left; ``group``: 0-based group number; ``crop``: what
    ``on_crop`` returned for it (e.g. a stored file), else ``None``; ``sharpness``: the
    variance of the crop's Laplacian (the sharpest crop of a group is its best)."""

    corners: list[list[float]]
    text: CardText
    hashes: CardHash
    sharpness: float
    match: Match | None
    group: int = -1
    crop: object = None

    def fields_json(self) -> dict:
        fields = {"name": {"value": self.text.name,
                           "confidence": round(self.text.name_confidence, 3)}}
        fields.update({key: {"value": read.value, "confidence": round(read.confidence, 3)}
                       for key, read in self.text.fields.items()})
        return fields


@dataclass
class ImageRead:
    """One image of the batch: its ``file``, size in px and ``cards``, or an ``error``."""

    file: Path
    width: int = 0
    height: int = 0
    cards: list[CardRead] = field(default_factory=list)
    error: str | None = None


@dataclass
class GroupRead:
    """The crops showing one printed card: ``members`` as (image index, card index);
    ``best`` the sharpest of them; ``match`` the catalogue card most of its crops point
    to; ``name`` and ``fields`` the most confident reading of each among the crops."""

    id: int
    members: list[tuple[int, int]]
    best: tuple[int, int]
    match: Match | None
    name: FieldRead
    fields: dict[str, FieldRead]

    @property
    def count(self) -> int:
        return len(self.members)


@dataclass
class BatchRead:
    images: list[ImageRead]
    groups: list[GroupRead]
    cancelled: bool = False

    def card(self, where: tuple[int, int]) -> CardRead:
        return self.images[where[0]].cards[where[1]]

    @property
    def readable(self) -> int:
        """How many images could be read."""
        return sum(image.error is None for image in self.images)

    def to_json(self) -> dict:
        """The JSON of ``deckbuilder scan read --json`` (see ``docs/scanning.md``);
        group ids are 1-based."""
        images = []
        for image in self.images:
            if image.error is not None:
                images.append({"file": str(image.file), "error": image.error})
                continue
            images.append({"file": str(image.file), "width": image.width,
                           "height": image.height, "cards": [
                               {"corners": [[round(x, 1), round(y, 1)] for x, y in c.corners],
                                "group": c.group + 1, "name_read": c.text.name,
                                "match": c.match.to_json() if c.match else None,
                                "fields": c.fields_json()} for c in image.cards]})
        groups = [{"id": g.id + 1, "count": g.count,
                   "match": g.match.to_json() if g.match else None} for g in self.groups]
        return {"images": images, "groups": groups, "cancelled": self.cancelled}


def sharpness(crop: np.ndarray) -> float:
    """Variance of the Laplacian of the grey crop (higher is sharper)."""
    return float(cv2.Laplacian(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY), cv2.CV_64F).var())


def read_found(image: np.ndarray, cards: list[FoundCard], names: NameIndex,
               known: Sequence[tuple[str, CardHash]],
               read_fields: bool) -> list[tuple[FoundCard, CardRead]]:
    """Read, hash and match the cards found in ``image`` (each turned a half or a
    quarter round if its name reads better so); every card is returned as finally
    oriented."""
    texts = read_names([card.crop for card in cards])
    for quarters in (2, 1, 3):
        doubtful = [i for i, text in enumerate(texts)
                    if name_quality(text) < UPRIGHT_CONFIDENCE]
        if not doubtful:
            break
        other_way = {i: turned(image, cards[i], quarters) for i in doubtful}
        for i, other in zip(doubtful, read_names([other_way[i].crop for i in doubtful]),
                            strict=True):
            if name_quality(other) > name_quality(texts[i]) and \
                    (names.match(other.name) or not names.match(texts[i].name)):
                cards[i], texts[i] = other_way[i], other
    result = []
    for card, text in zip(cards, texts, strict=True):
        hashes = card_hash(card.crop)
        by_image = image_match(hashes, list(known))
        match = best_match(names.match(text.name),
                           Match(by_image[0], by_image[1], "image") if by_image else None)
        if read_fields and (match is None or match.score < SURE_SCORE):
            full = read_card(card.crop)
            text = CardText(text.name or full.name,
                            text.name_confidence or full.name_confidence, full.fields)
        corners = [[float(x), float(y)] for x, y in card.corners]
        result.append((card, CardRead(corners, text, hashes, sharpness(card.crop), match)))
    return result


def read_batch(
    files: Sequence[str | Path],
    names: NameIndex,
    known: Sequence[tuple[str, CardHash]] = (),
    *,
    read_fields: bool = True,
    on_crop: Callable[[np.ndarray, int, int], object] | None = None,
    progress: Callable[[int, int, Path], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> BatchRead:
    """Find, read, match and group the cards of every image in ``files``.

    ``names``: the catalogue; ``known``: (card name, hashes) of the user's scans of
    known cards, to match by image; ``read_fields``: read the whole card (not only the
    name line) when no catalogue card matches surely; ``on_crop(crop, image index,
    card index)`` may keep each straightened crop (BGR, 630 x 882 px) and returns what
    the card's ``crop`` records; ``progress(done, total, file)`` is called before each
    image. An image that cannot be read gets its ``error`` and the others go on.
    """
    grouper = Grouper()
    images: list[ImageRead] = []
    cancelled = False
    for index, file in enumerate(map(Path, files)):
        if should_stop is not None and should_stop():
            cancelled = True
            break
        if progress is not None:
            progress(index, len(files), file)
        try:
            pixels = load_image(file)
        except UserError as error:
            images.append(ImageRead(file, error=str(error)))
            continue
        image = ImageRead(file, pixels.shape[1], pixels.shape[0])
        for found, card in read_found(pixels, find_cards(pixels), names, known,
                                      read_fields):
            card.group = grouper.add(card.hashes, card.text.name, card.text.name_confidence)
            if on_crop is not None:
                card.crop = on_crop(found.crop, index, len(image.cards))
            image.cards.append(card)
        del pixels
        images.append(image)
    if progress is not None and not cancelled:
        progress(len(files), len(files), Path())
    return BatchRead(images, _groups(images), cancelled)


def _groups(images: list[ImageRead]) -> list[GroupRead]:
    members: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for i, image in enumerate(images):
        for j, card in enumerate(image.cards):
            members[card.group].append((i, j))
    groups = []
    for group_id in sorted(members):
        where = members[group_id]
        cards = [images[i].cards[j] for i, j in where]
        best = max(where, key=lambda w: images[w[0]].cards[w[1]].sharpness)
        votes: dict[str, float] = defaultdict(float)
        found: dict[str, Match] = {}
        for card in cards:
            if card.match is not None:
                votes[card.match.name] += card.match.score
                if card.match.score > found.get(card.match.name, Match("", -1)).score:
                    found[card.match.name] = card.match
        match = found[max(votes, key=votes.get)] if votes else None
        named = max(cards, key=lambda c: c.text.name_confidence)
        fields: dict[str, FieldRead] = {}
        for card in cards:
            for key, read in card.text.fields.items():
                if key not in fields or read.confidence > fields[key].confidence:
                    fields[key] = read
        groups.append(GroupRead(group_id, where, best, match,
                                FieldRead(named.text.name, named.text.name_confidence), fields))
    return groups
