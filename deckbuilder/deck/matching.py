"""Site-to-Dominion assignment for the Deck Construction rule "at least one Site from
each of the Five Dominions".

Rulebook "Border Sites and Adjacency": "When building a deck or setting up the game,
the Border Site may only count as if it is from one of the two Dominions." So the rule
is a bipartite matching between Site copies and the five Dominions: the deck is legal
when a matching covers all five.

The matching is found by augmenting paths (Kuhn's algorithm), trying the Dominions in
order 1..5. A covered Dominion stays covered when later ones are added, so the set of
covered Dominions is the lexicographically first maximum one: when Dominions compete
for too few Sites, the higher-numbered ones are reported uncovered. For each uncovered
Dominion, :func:`match_dominions` also gives its *deficient group* (Hall's theorem):
the Dominions reachable from it by alternating paths, which together have fewer Sites
than Dominions; those Sites are the cards to name in the message.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from card_db.records import DOMINIONS


@dataclass(frozen=True)
class Shortfall:
    """One Dominion no Site can be assigned to.

    ``dominion`` is the uncovered Dominion; ``group`` the Dominions (sorted) that
    between them have only ``len(sites)`` Sites to share; ``sites`` those Sites' names
    (deck order, one per Site slot, repeated for several copies).
    """

    dominion: int
    group: tuple[int, ...]
    sites: tuple[str, ...]


@dataclass(frozen=True)
class DominionMatching:
    """``assignment`` maps each covered Dominion to the index of its Site slot;
    ``shortfalls`` lists the uncovered Dominions in order."""

    assignment: dict[int, int]
    shortfalls: tuple[Shortfall, ...]

    @property
    def covered(self) -> bool:
        return not self.shortfalls


def match_dominions(
    slots: Sequence[tuple[str, tuple[int, ...]]], dominions: Sequence[int] = DOMINIONS
) -> DominionMatching:
    """Assign Site slots to ``dominions``.

    ``slots`` is one ``(site name, its Home Dominions)`` pair per Site that may count
    (a card with several copies gives several slots). Deterministic: the result depends
    only on the order of ``slots`` and ``dominions``.
    """
    by_dominion: dict[int, list[int]] = {d: [] for d in dominions}
    for index, (_, homes) in enumerate(slots):
        for d in homes:
            if d in by_dominion:
                by_dominion[d].append(index)

    slot_owner: dict[int, int] = {}  # slot index -> Dominion it counts for

    def augment(d: int, seen: set[int]) -> bool:
        for s in by_dominion[d]:
            if s in seen:
                continue
            seen.add(s)
            owner = slot_owner.get(s)
            if owner is None or augment(owner, seen):
                slot_owner[s] = d
                return True
        return False

    uncovered = [d for d in dominions if not augment(d, set())]
    assignment = {d: s for s, d in slot_owner.items()}

    shortfalls = []
    for d in uncovered:
        group = {d}
        reached_slots: set[int] = set()
        frontier = [d]
        while frontier:
            current = frontier.pop()
            for s in by_dominion[current]:
                if s in reached_slots:
                    continue
                reached_slots.add(s)
                owner = slot_owner.get(s)
                if owner is not None and owner not in group:
                    group.add(owner)
                    frontier.append(owner)
        shortfalls.append(
            Shortfall(
                dominion=d,
                group=tuple(sorted(group)),
                sites=tuple(slots[s][0] for s in sorted(reached_slots)),
            )
        )
    return DominionMatching(assignment=assignment, shortfalls=tuple(shortfalls))
