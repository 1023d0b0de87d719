"""A reassignment of Allies, as single moves and as a plan of several built move by move.

Rulebook, "Phase 2: Autarch Phase", "Reassign Allies": the turn's one Dictate may be
taken as a reassignment, which moves any Allies, pivoted or not, from a Site to
another Site of the State, from the active area to a Site of the State, or from the
State to the Reserve; a Site whose remaining Holders lack the influence to secure it
becomes uncontrolled at once ("Losing Controlled Sites"). The engine carries out a
whole reassignment in one call (:meth:`~.game.Game.reassign`), in the order given.

A person builds a reassignment of several Allies one move at a time
(:func:`next_moves`): each step offers the single moves of the Allies not moved yet,
on the table as the moves chosen so far leave it (a Site already lost is no longer a
destination; a Holder sent to the Reserve with a lost Site is no longer in the State),
and only those the engine accepts for the whole plan.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckbuilder.engine.game import Game
from deckbuilder.engine.game.clone import clone
from deckbuilder.engine.rules.errors import RuleError

#: One move of a reassignment: (Ally, Site of the State), or (Ally, None) for the Reserve.
Step = tuple[int, "int | None"]


def single_moves(game: Game, seat: int) -> list[Step]:
    """Each single move of "Reassign Allies" for ``seat``: a Holder to another Site of
    the State or to the Reserve, an Ally in the active area to a Site of the State,
    pivoted or not. A Holder leaving a Site its remaining Holders cannot secure loses
    the Site; the move is still listed."""
    realm = game.autarch(seat).realm
    sites = [e.site for e in realm.state]
    out: list[Step] = []
    for e in realm.state:
        for holder in e.holders:
            out += [(holder, to) for to in sites if to != e.site]
            out.append((holder, None))
    for ally in realm.active:
        out += [(ally, to) for to in sites]
    return out


def planned(game: Game, seat: int, plan: Sequence[Step]) -> Game | None:
    """A copy of ``game`` with ``plan`` carried out as one reassignment; ``None`` if
    the engine refuses it (not ``seat``'s Autarch Phase, the Dictate used, a move not
    allowed)."""
    trial = clone(game)
    try:
        trial.reassign(seat, list(plan))
    except RuleError:
        return None
    return trial


def next_moves(game: Game, seat: int, plan: Sequence[Step]) -> list[Step]:
    """The single moves that may be added to ``plan`` (module doc): Allies not in the
    plan, from where the plan leaves them, each kept only if the engine accepts the
    plan with it. Empty when nothing more can be added."""
    after = planned(game, seat, plan) if plan else game
    if after is None:
        return []
    moved = {ally for ally, _ in plan}
    return [step for step in single_moves(after, seat)
            if step[0] not in moved and planned(game, seat, [*plan, step]) is not None]


__all__ = ["Step", "next_moves", "planned", "single_moves"]
