"""The goldfish autopilot: a :class:`~.order_of_play.Controller` that plays a deck alone
following :mod:`.policy` (read the policy there).

It drives the full, step-by-step engine (:class:`~.game.Game`); the fast path
(:mod:`.fastpath`) makes the same decisions with the same policy functions.
"""

from __future__ import annotations

from collections.abc import Iterator

from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE, Game
from deckbuilder.engine.game.actions import (
    Action,
    AllyAction,
    Establish,
    MoveForward,
    Pass,
    PlaceSite,
    PlayDictate,
    PlayFlash,
    Reshuffle,
    RevealSite,
    Seize,
    UsePower,
    plan_of,
)
from deckbuilder.engine.game.decisions import MOVE, PLACE_SITE, RESHUFFLE, Controller, Decision
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.rules.victory import has_victory
from deckbuilder.engine.simulation.deck import CHARACTER, EngineDeck
from deckbuilder.engine.simulation.policy import (
    choose_alliances,
    choose_ally_actions,
    choose_circle_sites,
    choose_dictate,
    choose_flashes,
    plan_seizures,
)

#: Most setup plans kept before the cache is cleared (memory stays flat).
PLAN_LIMIT = 64
_PLANS: dict[tuple[int, Variant], tuple[EngineDeck, tuple[int, ...]]] = {}


def circle_plan(deck: EngineDeck, variant: Variant) -> tuple[int, ...]:
    """:func:`~.policy.choose_circle_sites` for ``deck`` under ``variant``, cached by the
    deck's identity (an :class:`EngineDeck` is immutable; the entry keeps it alive, so
    its id is not reused while cached). Setup took most of a full-engine game's time."""
    key = (id(deck), variant)
    hit = _PLANS.get(key)
    if hit is not None and hit[0] is deck:
        return hit[1]
    if len(_PLANS) >= PLAN_LIMIT:
        _PLANS.clear()
    plan = choose_circle_sites(deck, variant)
    _PLANS[key] = (deck, plan)
    return plan


class GoldfishAutopilot(Controller):
    """Plays seat 0 of a one-Autarch game whose card ids are the deck's indexes."""

    def __init__(self, deck: EngineDeck, variant: Variant | None = None):
        self.deck = deck
        self.variant = variant or Variant()
        self.circle_plan = circle_plan(deck, self.variant)
        self._turn: tuple[int, str, int] | None = None
        self._plan: Iterator[Action] = iter(())

    def choose(self, game: Game, decision: Decision) -> Action:
        """The policy's choice: its Circle plan, always reshuffling (policy 2), and each
        turn's moves as planned step by step (:meth:`autarch_turn`, :meth:`ally_turn`,
        :meth:`reconciliation_turn`, each resumed after its last move was played)."""
        if decision.kind == PLACE_SITE:
            return PlaceSite(self.circle_plan[decision.context.dominion - 1])
        if decision.kind == RESHUFFLE:
            return Reshuffle(True)
        if decision.kind != MOVE:
            return decision.default
        key = (game.table.round, decision.context.phase, decision.seat)
        if key != self._turn:
            self._turn = key
            self._plan = self.turn(game, decision.seat, decision.context.phase)
        return next(self._plan, Pass())

    def turn(self, game: Game, seat: int, phase: str) -> Iterator[Action]:
        """The moves of ``seat``'s turn in ``phase``, each yielded once the previous one
        was played."""
        if phase == AUTARCH_PHASE:
            return self.autarch_turn(game, seat)
        if phase == ALLY_PHASE:
            return self.ally_turn(game, seat)
        return self.reconciliation_turn(game, seat)

    def autarch_turn(self, game: Game, seat: int) -> Iterator[Action]:
        a = game.autarch(seat)
        hand = a.hand
        while True:
            site = next((c for c in hand if game.can_reveal(seat, c)), None)
            if site is None:
                break
            yield RevealSite(site)
        deck = self.deck
        dictate = choose_dictate(
            deck, [c for c in hand if deck.dictate_draws[c] or deck.turn_draws[c]],
            len(a.destiny))
        if dictate is not None:
            yield PlayDictate(dictate)

    def ally_turn(self, game: Game, seat: int) -> Iterator[Action]:
        deck = self.deck
        a = game.autarch(seat)
        realm = a.realm
        in_play = game.table.in_play()
        unique_in_play = {deck.unique_key[c] for c in in_play if deck.unique_key[c] >= 0}
        met = deck.conditions_met([deck.kind[c] for c in realm.allies()])
        chars = [c for c in a.hand if deck.ctype[c] == CHARACTER]
        controlled = game.controlled_site_mask(seat)
        chosen, exception = choose_alliances(
            deck,
            chars,
            self.variant.prime_allowance,
            controlled,
            met,
            unique_in_play,
            [s for s in game.table.circle if deck.dmask[s] & ~controlled],
        )
        for card in chosen:
            yield Establish(card, exception)
        active = [c for c in realm.active if c not in game.table.pivoted]
        flashes = [c for c in a.hand if deck.flash_magic[c]]
        for card, ally in choose_flashes(deck, flashes, active, self.magic_now(game, active)):
            yield PlayFlash(card, ally)
        masks = [deck.dmask[e.site] for e in realm.state]
        held = [c for c in a.hand if deck.seizure_maneuver[c]]
        magic = self.magic_now(game, active)
        for site, group, plays, powers in plan_seizures(deck, active, game.table.circle,
                                                        masks, self.variant, held, magic):
            for artist, target in powers:
                yield UsePower(artist, target)
            maneuvers: dict[int, list[int]] = {}
            for card, actor in plays:
                maneuvers.setdefault(actor, []).append(card)
            yield Seize(site, tuple(group), plan_of(maneuvers))
        masks = [deck.dmask[e.site] for e in realm.state]
        if masks and has_victory(masks, self.variant):
            return
        idle = [c for c in realm.active if c not in game.table.pivoted]
        cards = [c for c in a.hand if deck.ally_action_magic[c]]
        for card, ally in choose_ally_actions(deck, cards, idle, magic):
            yield AllyAction(ally, card)

    def magic_now(self, game: Game, allies: list[int]) -> list[int]:
        """Each card's printed Magic, with the "Acting Ally is magic +N" Ally Actions and
        "Target Ally is magic +N" Flashes attached to ``allies`` (policy 9; the only
        permanents on an active Ally)."""
        deck = self.deck
        magic = list(deck.magic)
        attached = game.table.attached
        for ally in allies:
            for card in attached.get(ally, ()):
                magic[ally] += deck.ally_action_magic[card] + deck.flash_magic[card]
        return magic

    def reconciliation_turn(self, game: Game, seat: int) -> Iterator[Action]:
        realm = game.autarch(seat).realm
        for ally in [c for c in realm.reserve if c not in game.table.pivoted]:
            yield MoveForward(ally)
