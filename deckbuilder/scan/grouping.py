"""Grouping the crops that show the same printed card, by perceptual hash.

Each crop gets two 256-bit perceptual hashes (:func:`imagehash.phash`, 16 x 16 DCT
bits): of the art area (the upper middle of the card, where every card differs most)
and of the whole card. Two crops show the same printed card when the art hashes differ
in at most :data:`SAME_ART_BITS` bits and the card hashes in at most
:data:`SAME_CARD_BITS`, and their names, where both were read with confidence, agree
(:data:`SAME_NAME_RATIO`); crops whose names were both read surely and are equal by the
one name rule need only art hashes within :data:`SAME_NAME_ART_BITS`. A new crop joins
the group of its nearest member that agrees.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import imagehash
import numpy as np
from PIL import Image
from rapidfuzz import fuzz

from card_db.names import fold_name

#: Hash side (bits per hash = side squared).
HASH_SIZE = 16
#: The art area of a card crop: (left, top, right, bottom) as fractions of its size.
ART_AREA = (0.08, 0.16, 0.92, 0.44)
SAME_ART_BITS = 72
SAME_CARD_BITS = 88
#: Crops whose names were both read surely and are the same card name need only art
#: hashes this close (a blurred, lit photo of a card and its flatbed scan).
SAME_NAME_ART_BITS = 110
SURE_NAME = 0.9
#: Names read with at least this confidence must have this fuzzy ratio (0-1) to agree.
SAME_NAME_RATIO = 0.75
CONFIDENT_NAME = 0.7


@dataclass(frozen=True)
class CardHash:
    """The perceptual hashes of one crop, as flat boolean arrays (256 bits each)."""

    art: np.ndarray
    card: np.ndarray

    def to_hex(self) -> str:
        """``art`` then ``card`` as one hexadecimal string (128 digits), for storing."""
        return _hex(self.art) + _hex(self.card)

    @classmethod
    def from_hex(cls, text: str) -> CardHash:
        half = len(text) // 2
        return cls(_bits(text[:half]), _bits(text[half:]))


def _hex(bits: np.ndarray) -> str:
    return np.packbits(bits.astype(np.uint8)).tobytes().hex()


def _bits(text: str) -> np.ndarray:
    return np.unpackbits(np.frombuffer(bytes.fromhex(text), np.uint8)).astype(bool)


def card_hash(crop: np.ndarray) -> CardHash:
    """The :class:`CardHash` of a straightened BGR card crop."""
    gray = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    height, width = gray.shape
    left, top, right, bottom = ART_AREA
    art = gray[round(top * height):round(bottom * height), round(left * width):
               round(right * width)]
    return CardHash(_phash(art), _phash(gray))


def _phash(gray: np.ndarray) -> np.ndarray:
    side = HASH_SIZE * 4  # imagehash's DCT input; shrink with OpenCV's quicker area filter
    gray = cv2.resize(gray, (side, side), interpolation=cv2.INTER_AREA)
    return imagehash.phash(Image.fromarray(gray), hash_size=HASH_SIZE).hash.flatten()


def distances(one: CardHash, many_art: np.ndarray, many_card: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray]:
    """Bits differing between ``one`` and each row of ``many_art``/``many_card``."""
    if not len(many_art):
        return np.zeros(0, int), np.zeros(0, int)
    return ((many_art != one.art).sum(axis=1), (many_card != one.card).sum(axis=1))


def names_agree(a: str, a_confidence: float, b: str, b_confidence: float) -> bool:
    """False only when both names were read confidently and differ."""
    if a_confidence < CONFIDENT_NAME or b_confidence < CONFIDENT_NAME or not a or not b:
        return True
    return fuzz.ratio(fold_name(a), fold_name(b)) / 100 >= SAME_NAME_RATIO


def names_equal(a: str, a_confidence: float, b: str, b_confidence: float) -> bool:
    """True when both names were read surely (:data:`SURE_NAME`) and name the same card
    by the one name rule (:func:`card_db.names.fold_name`)."""
    return (a_confidence >= SURE_NAME and b_confidence >= SURE_NAME and bool(a)
            and fold_name(a) == fold_name(b))


class Grouper:
    """Assigns crops to groups as they come (``add`` returns the group number, 0-based,
    in order of first appearance)."""

    def __init__(self) -> None:
        self._art: list[np.ndarray] = []
        self._card: list[np.ndarray] = []
        self._names: list[tuple[str, float]] = []
        self._groups: list[int] = []
        self.count = 0

    def add(self, hashes: CardHash, name: str = "", confidence: float = 0.0) -> int:
        art_d, card_d = distances(hashes, np.array(self._art), np.array(self._card))
        best = None
        for index in np.argsort(art_d + card_d):
            if art_d[index] > SAME_NAME_ART_BITS:
                break
            close = art_d[index] <= SAME_ART_BITS and card_d[index] <= SAME_CARD_BITS
            if (close and names_agree(name, confidence, *self._names[index])) or \
                    names_equal(name, confidence, *self._names[index]):
                best = self._groups[index]
                break
        if best is None:
            best = self.count
            self.count += 1
        self._art.append(hashes.art)
        self._card.append(hashes.card)
        self._names.append((name, confidence))
        self._groups.append(best)
        return best


def image_match(hashes: CardHash, known: list[tuple[str, CardHash]]) -> tuple[str, float] | None:
    """The known card (name, hash) whose image is nearest ``hashes`` within the same
    thresholds as a group: ``(name, score)``, score 1 - bits differing / bits; else None."""
    if not known:
        return None
    art = np.array([h.art for _, h in known])
    card = np.array([h.card for _, h in known])
    art_d, card_d = distances(hashes, art, card)
    index = int(np.argmin(art_d + card_d))
    if art_d[index] > SAME_ART_BITS or card_d[index] > SAME_CARD_BITS:
        return None
    bits = hashes.art.size + hashes.card.size
    return known[index][0], 1 - float(art_d[index] + card_d[index]) / bits
