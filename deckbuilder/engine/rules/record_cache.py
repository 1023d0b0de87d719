"""A bounded cache of what the engine reads from a card's printed text, per record.

Card records are frozen dataclasses whose hash walks every field, which costs more
than the lookup saves in the engine's inner loops; this cache keys on the record's
identity instead (keeping the record alive, so an id is never reused while cached) and
is cleared when it reaches :data:`LIMIT` entries, so memory stays flat. It suits any
immutable object: a deck's tuple of records too.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

T = TypeVar("T")
K = TypeVar("K")

#: Most records cached per function before the cache is cleared.
LIMIT = 4096


def per_record(fn: Callable[[K], T]) -> Callable[[K], T]:
    """Cache ``fn(record)`` by the identity of ``record`` (a
    :class:`~card_db.records.CardRecord` or another immutable object)."""
    cache: dict[int, tuple[K, T]] = {}

    @wraps(fn)
    def cached(record: K) -> T:
        hit = cache.get(id(record))
        if hit is not None and hit[0] is record:
            return hit[1]
        if len(cache) >= LIMIT:
            cache.clear()
        value = fn(record)
        cache[id(record)] = (record, value)
        return value

    return cached
