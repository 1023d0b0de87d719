"""Victory at the Reconciliation.

Sources: rulebook "Object", "Phase 4: The Reconciliation" (an unpivoted Site from
each of the Five Dominions; if two Autarchs qualify, the one with the most
controlled, unpivoted Sites wins, otherwise no one), "Border Sites and Adjacency"
(a Border Site counts for both of its Dominions), "Pivoted Cards" (pivoted Sites do
not count), "Shorter Games" (any three Dominions; a Border Site counts once).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from deckbuilder.engine.rules.variant import STANDARD, Variant


def matching_size(masks: Iterable[int]) -> int:
    """Largest number of Dominions covered when each Site counts for one Dominion only.

    ``masks`` are Dominion bitmasks of Sites. A maximum bipartite matching of Sites to
    Dominions, by dynamic programming over the set of Dominions used (at most 32 states).
    """
    states = {0}
    for mask in masks:
        grown = set(states)
        for used in states:
            free = mask & ~used
            while free:
                bit = free & -free
                grown.add(used | bit)
                free ^= bit
        states = grown
    return max(s.bit_count() for s in states)


def dominion_count(masks: Iterable[int], border_counts_both: bool = True) -> int:
    """Dominions covered by Sites with Dominion bitmasks ``masks`` (see module doc)."""
    if border_counts_both:
        union = 0
        for mask in masks:
            union |= mask
        return union.bit_count()
    return matching_size(masks)


def has_victory(masks: Iterable[int], variant: Variant = STANDARD) -> bool:
    """True if unpivoted controlled Sites with bitmasks ``masks`` meet the victory
    requirement of ``variant`` (five Dominions, or three in "Shorter Games")."""
    return dominion_count(masks, variant.border_counts_both) >= variant.dominions_to_win


def decide_winner(qualifying: Mapping[int, int]) -> int | None:
    """The winner among Autarchs that meet the requirement in the same Reconciliation.

    ``qualifying`` maps an Autarch's seat to its number of controlled, unpivoted Sites.
    One qualifier wins; among several, the one with strictly the most such Sites wins;
    a tie at the top means no winner and the game continues.
    """
    if not qualifying:
        return None
    best = max(qualifying.values())
    leaders = [seat for seat, count in qualifying.items() if count == best]
    return leaders[0] if len(leaders) == 1 else None
