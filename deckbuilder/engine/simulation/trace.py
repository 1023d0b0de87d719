"""A goldfish game's per-round trace, emitted by both the fast path and the full engine.

Each round, at the end of its Reconciliation (rulebook "Phase 4: The Reconciliation"),
:class:`RoundTrace` records the lone Autarch's hand size, Allies established so far,
secured Sites counted by Home Dominion (a Border Site counts in both of its Dominions)
and Destiny size. Tests compare the two engines' traces round by round
(``tests/test_engine_trace.py``). Neither engine builds a trace unless asked.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple


class RoundTrace(NamedTuple):
    """State after round ``round`` (1-based). ``sites_by_dominion``: five counts, for
    Dominions 1..5, of the secured Sites whose Home Dominions include it."""

    round: int
    hand: int
    allies: int
    sites_by_dominion: tuple[int, int, int, int, int]
    destiny: int


def sites_by_dominion(masks: Iterable[int]) -> tuple[int, int, int, int, int]:
    """Counts per Dominion 1..5 of Dominion bitmasks (bit ``d-1`` for Dominion ``d``)."""
    counts = [0, 0, 0, 0, 0]
    for m in masks:
        for d in range(5):
            if m >> d & 1:
                counts[d] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4])
