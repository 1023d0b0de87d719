"""Contesting the Seizure, as a pure function of the two sides.

Source: rulebook "Contesting the Seizure" and "Seizing Sites and Contests" (influence
is the total Magic of the involved, unpivoted Allies with bonuses; the seizing Allies
win if their influence is greater than the contesting characters' influence -- a tie
goes to the contesters; if the contesters win, the seizing characters are pivoted and
the Site stays in the Circle; characters that contest are always pivoted),
"Affiliations: Maestro" (if contested, a Maestro must still have the greater
influence), "Pivoted Cards" (pivoted characters do not participate).

One contest is between two Autarchs; :func:`deckbuilder.engine.rules.seizure.resolve_seizure`
chains one per opposing Autarch, so any number of Autarchs is handled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from card_db.records import CardRecord
from deckbuilder.engine.rules.influence import ally_influence


@dataclass(frozen=True, slots=True)
class Involved:
    """A character involved in a seizure or contest.

    ``magic_mod``: Magic bonuses in force (influence maneuvers, Artist, permanents).
    """

    card: int
    record: CardRecord
    pivoted: bool = False
    magic_mod: int = 0


def side_influence(side: Sequence[Involved], site: CardRecord) -> int:
    """Influence of one side toward ``site``: unpivoted characters only, each with its
    Magic, modifiers and "+N versus Y Sites" bonuses ("+N versus Y Sites" applies during
    a contest too)."""
    return sum(ally_influence(i.record, site, i.magic_mod) for i in side if not i.pivoted)


@dataclass(frozen=True, slots=True)
class ContestResult:
    """``pivot``: the cards this contest pivots (every contester; the seizers too if
    they lose)."""

    seizing_influence: int
    contesting_influence: int
    seizers_win: bool
    pivot: tuple[int, ...]


def resolve_contest(
    seizing: Sequence[Involved], contesting: Sequence[Involved], site: CardRecord
) -> ContestResult:
    """Resolve one contest of a seizure of ``site``."""
    ours = side_influence(seizing, site)
    theirs = side_influence(contesting, site)
    win = ours > theirs
    pivot = [i.card for i in contesting]
    if not win:
        pivot += [i.card for i in seizing]
    return ContestResult(ours, theirs, win, tuple(pivot))
