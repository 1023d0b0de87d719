"""Game Setup and who acts first.

Source: rulebook "Game Setup" (starting with the first Autarch and proceeding
clockwise, Autarchs place Sites of the First, Second, ... Fifth Dominion to the Circle
until five are there; the remaining Sites go back, each Autarch shuffles and draws
five; a hand with no Character may be revealed and reshuffled once for a final five),
"Order of Play" (the Autarch to the left of the one who revealed the first Site acts
first in round 1; the right to act first shifts clockwise every Coming of Order),
"Border Sites and Adjacency" (at setup a Border Site counts as one of its Dominions).

Seats are numbered clockwise: the Autarch to the left of seat ``s`` is ``s + 1``.
"""

from __future__ import annotations

from deckbuilder.engine.rules.errors import EngineError

OPENING_HAND = 5
SETUP_SITES = 5


def placement_order(autarchs: int, first: int) -> list[tuple[int, int]]:
    """``(seat, Dominion)`` of each of the five setup placements, in order."""
    if autarchs < 1:
        raise EngineError("a game needs at least one Autarch")
    return [((first + k) % autarchs, k + 1) for k in range(SETUP_SITES)]


def first_round_leader(autarchs: int, setup_first: int) -> int:
    """Seat acting first in round 1: to the left of the Autarch who placed the first Site."""
    return (setup_first + 1) % autarchs


def next_leader(autarchs: int, leader: int) -> int:
    """Seat acting first next round (the right shifts clockwise)."""
    return (leader + 1) % autarchs
