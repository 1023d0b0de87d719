"""Seize a Site: contests in turn, then Securing the Site. A pure function.

Source: rulebook "Seize a Site", "Contesting the Seizure" (each opposing Autarch,
starting to the left, has one opportunity to contest, one at a time), "Securing the
Site" (the influence of the unpivoted seizing Allies against the Resistance; the
seizers become Holders), "Seizing Sites and Contests", "Phase 3: Actions" (acting
Allies pivot after the action, whether it succeeds or not), "Affiliations: Maestro",
"May hold Y alone". See :mod:`.influence` for the ">=" choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from card_db.records import CardRecord
from deckbuilder.engine.rules.contest import (
    ContestResult,
    Involved,
    resolve_contest,
    side_influence,
)
from deckbuilder.engine.rules.errors import EngineError
from deckbuilder.engine.rules.influence import meets_resistance


@dataclass(frozen=True, slots=True)
class SeizureResult:
    """Outcome of one seizure.

    ``contests``: each contest fought, in order. ``secured``: the Site goes to the
    seizing Autarch's State with ``holders`` under it. ``influence`` is the seizers'
    final influence (``None`` if a contest stopped the seizure). ``pivot``: every card
    pivoted by the action (all seizers, all contesters).
    """

    contests: tuple[ContestResult, ...]
    secured: bool
    influence: int | None
    resistance: int
    holders: tuple[int, ...]
    pivot: tuple[int, ...]


def resolve_seizure(
    seizing: Sequence[Involved],
    contests: Sequence[Sequence[Involved]],
    site: CardRecord,
    resistance: int,
    maestro_with_companions: bool = True,
) -> SeizureResult:
    """Resolve a seizure of ``site`` (current Resistance ``resistance``).

    ``contests``: the contesting characters of each opposing Autarch that contests, in
    turn order (Autarchs that decline are left out). Works for any number of Autarchs.
    ``maestro_with_companions``: :func:`~.influence.meets_resistance`'s, by the rules
    revision (:mod:`.revision`).
    """
    if not seizing:
        raise EngineError("a seizure names at least one Ally")
    fought: list[ContestResult] = []
    pivot: list[int] = []
    for contesting in contests:
        result = resolve_contest(seizing, contesting, site)
        fought.append(result)
        pivot += [c for c in result.pivot if c not in pivot]
        if not result.seizers_win:
            return SeizureResult(tuple(fought), False, None, resistance, (), tuple(pivot))
    remaining = [i for i in seizing if not i.pivoted]
    influence = side_influence(remaining, site)
    secured = meets_resistance([i.record for i in remaining], site, influence, resistance,
                               maestro_with_companions)
    pivot += [i.card for i in seizing if i.card not in pivot]
    holders = tuple(i.card for i in remaining) if secured else ()
    return SeizureResult(tuple(fought), secured, influence, resistance, holders, tuple(pivot))
