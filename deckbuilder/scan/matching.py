"""Matching a card read against the catalogue, by name and by image.

By name: the name read is folded by the one name rule (:func:`card_db.names.fold_name`)
and compared with every catalogue name by :func:`rapidfuzz.fuzz.ratio`; an exact key is
score 1. By image: the crop's hashes against the user's scans of known cards
(:func:`deckbuilder.scan.grouping.image_match`). The better of the two wins.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from card_db.names import fold_name

#: Lowest name score (0-1) counted as a match at all.
MIN_SCORE = 0.72
#: Score from which a match is accepted without review (``scan import --accept-known``).
SURE_SCORE = 0.9


@dataclass(frozen=True)
class Match:
    """A catalogue card for a read: ``name``, ``score`` 0-1 and ``how`` ("name" or "image")."""

    name: str
    score: float
    how: str = "name"

    def to_json(self) -> dict:
        return {"name": self.name, "score": round(self.score, 3)}


class NameIndex:
    """The catalogue's names, folded once for repeated matching."""

    def __init__(self, names: Iterable[str]):
        self.names = list(names)
        self._keys = [fold_name(name) for name in self.names]
        self._exact = {key: name for key, name in zip(self._keys, self.names, strict=True)}

    def match(self, text: str) -> Match | None:
        """The best catalogue card for the name ``text``, or ``None`` below
        :data:`MIN_SCORE`."""
        key = fold_name(text)
        if not key:
            return None
        if key in self._exact:
            return Match(self._exact[key], 1.0)
        if not self._keys:
            return None
        found = process.extractOne(key, self._keys, scorer=fuzz.ratio)
        if found is None or found[1] / 100 < MIN_SCORE:
            return None
        return Match(self.names[found[2]], found[1] / 100)


def best_match(*matches: Match | None) -> Match | None:
    """The highest-scoring of ``matches`` (``None`` if all are)."""
    present = [m for m in matches if m is not None]
    return max(present, key=lambda m: m.score) if present else None
