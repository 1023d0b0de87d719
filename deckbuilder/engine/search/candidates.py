"""The moves a searching Autarch compares at a decision of its own turn.

Each list starts with the quick level's own choice
(:mod:`~deckbuilder.engine.controllers.quick_policy`) and adds the alternatives worth
imagining, read from a :class:`~deckbuilder.engine.game.public_view.PublicView` only
(public information and the Autarch's own cards), so the same lists arise in every
determinization of one table:

* **Autarch phase** ("Phase 2: Autarch Phase"): each Path in hand on each Circle Site it
  fits, each Dictate in hand (on the target the quick rules would give it), the quick
  rules' Site power, and :data:`PASS` (end the phase's actions now);
* **Ally phase** ("Phase 3: Ally Phase"): the quick choice, bolder, more peaceful and
  passive styles, a seizure of each Site that adds a Dominion, idling
  (:func:`~deckbuilder.engine.controllers.quick_policy.ally_candidates`); alliances are
  the quick rules' alone;
* **Reconciliation**: moving the next reserve forward, or :data:`PASS`.

A candidate the engine refuses in an imagined table is never chosen (:mod:`.ismcts`).
Every candidate is an :class:`~deckbuilder.engine.game.actions.Action` of the engine's
action interface (``docs/engine-actions.md``); the lists are a focused part of
:func:`~deckbuilder.engine.game.flow.legal_actions` (which also holds, for instance,
every single reassignment and every group of Allies), kept short so that a search of a
second can tell them apart.
"""

from __future__ import annotations

from card_db.records import CardType
from deckbuilder.engine.controllers.quick_policy import (
    _dictate_target,
    _site_power_move,
    ally_candidates,
    autarch_move,
    reconciliation_move,
)
from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE, RECONCILIATION
from deckbuilder.engine.game.actions import Action, Pass, PlayDictate, PlayPath
from deckbuilder.engine.game.public_view import PublicView
from deckbuilder.engine.rules.paths import path_fits_site

#: End the turn's actions now (the rest of the phase passes to the next Autarch).
PASS: Action = Pass()
#: Most moves compared at one decision.
LIMIT = 8


def _autarch(view: PublicView) -> list[Action]:
    first = autarch_move(view)
    if first is None:
        return []
    out: list[Action] = [first]
    if first.kind == "reveal_site":  # a Site in hand is always revealed first
        return out
    hand = sorted(view.hand)
    for c in hand:
        rec = view.record(c)
        if rec.card_type is CardType.DICTATE and not view.turn.dictate_used:
            target = _dictate_target(view, rec)
            if target is not None or "target" not in (rec.powers or "").casefold():
                out.append(PlayDictate(c, target))
    for c in hand:
        rec = view.record(c)
        if rec.card_type is CardType.PATH:
            out += [PlayPath(c, site) for site in view.circle
                    if path_fits_site(rec, view.record(site))]
    power = None if view.turn.dictate_used else _site_power_move(view)
    if power is not None:
        out.append(power)
    out.append(PASS)
    seen: list[Action] = []
    for m in out:
        if m not in seen:
            seen.append(m)
    return seen[:LIMIT - 1] + ([PASS] if PASS not in seen[:LIMIT - 1] else [])


def candidates(view: PublicView) -> list[Action]:
    """The moves compared at the Autarch's next decision of its turn, the quick choice
    first (module doc); ``[]`` when the quick rules have nothing left to do."""
    phase = view.phase
    if phase == AUTARCH_PHASE:
        return _autarch(view)
    if phase == ALLY_PHASE:
        return list(ally_candidates(view, limit=LIMIT))
    if phase == RECONCILIATION:
        first = reconciliation_move(view)
        return [] if first is None else [first, PASS]
    return []
