"""Copying a game: :func:`clone`.

A copy shares the immutable card records, the owners and the variant, and has an empty
log; everything else (zones, pivots, the round's effects, the turn, the sequence of
play of :mod:`.flow`, the random generator) is copied, so the copy goes on exactly as
the original would. It is taken between decisions: at every decision
:func:`~.flow.pending` reports (setup placements, reshuffles, every move of a turn),
not inside a seizure or challenge being resolved (the decisions asked there, a contest,
defenders, counters, maneuvers, damage, the last call, live on the engine's call
stack, which a copy does not hold).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckbuilder.engine.game import Game


def clone(game: Game) -> Game:
    """A deep copy of ``game`` sharing the immutable card records, with an empty log."""
    s = game.table
    memo = {id(s.cards): s.cards, id(s.owners): s.owners, id(s.variant): s.variant,
            id(game.log): []}
    twin = copy.deepcopy(game, memo)
    # A Destiny draws through its game's generator (a bound method, which a deep copy
    # would give a generator of its own): the copy's Destinies draw through the copy's.
    for mine, theirs in zip(game.table.autarchs, twin.table.autarchs, strict=True):
        if getattr(mine.destiny._random, "__self__", None) is game.rng:
            theirs.destiny._random = twin.rng.random
    return twin


__all__ = ["clone"]
