"""The goldfish autopilot: a :class:`~.order_of_play.Controller` that plays a deck alone
following :mod:`.policy` (read the policy there).

It drives the full, step-by-step engine (:class:`~.game.Game`); the fast path
(:mod:`.fastpath`) makes the same decisions with the same policy functions.
"""

from __future__ import annotations

from collections.abc import Iterator

from deckbuilder.engine.deck import CHARACTER, EngineDeck
from deckbuilder.engine.game import Game
from deckbuilder.engine.order_of_play import Controller
from deckbuilder.engine.policy import (
    choose_alliances,
    choose_ally_actions,
    choose_circle_sites,
    choose_dictate,
    choose_flashes,
    plan_seizures,
)
from deckbuilder.engine.variant import Variant
from deckbuilder.engine.victory import has_victory

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

    def place_site(self, game: Game, seat: int, dominion: int) -> int:
        return self.circle_plan[dominion - 1]

    def reshuffle(self, game: Game, seat: int) -> bool:
        return True  # policy 2: a hand with no Character is always reshuffled

    def autarch_turn(self, game: Game, seat: int) -> Iterator[None]:
        a = game.autarch(seat)
        hand = a.hand
        while True:
            site = next((c for c in hand if game.can_reveal(seat, c)), None)
            if site is None:
                break
            game.reveal_site(seat, site)
            yield
        deck = self.deck
        dictate = choose_dictate(
            deck, [c for c in hand if deck.dictate_draws[c] or deck.turn_draws[c]],
            len(a.destiny))
        if dictate is not None:
            game.play_dictate(seat, dictate)
            yield

    def ally_turn(self, game: Game, seat: int) -> Iterator[None]:
        deck = self.deck
        a = game.autarch(seat)
        realm = a.realm
        in_play = game.state.in_play()
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
            [s for s in game.state.circle if deck.dmask[s] & ~controlled],
        )
        for card in chosen:
            game.establish(seat, card, use_exception=exception)
            yield
        active = [c for c in realm.active if c not in game.state.pivoted]
        flashes = [c for c in a.hand if deck.flash_magic[c]]
        for card, ally in choose_flashes(deck, flashes, active, self.magic_now(game, active)):
            game.play_flash(seat, card, ally)
            yield
        masks = [deck.dmask[e.site] for e in realm.state]
        held = [c for c in a.hand if deck.seizure_maneuver[c]]
        magic = self.magic_now(game, active)
        for site, group, plays, powers in plan_seizures(deck, active, game.state.circle,
                                                        masks, self.variant, held, magic):
            for artist, target in powers:
                game.use_power(seat, artist, target)
                yield
            maneuvers: dict[int, list[int]] = {}
            for card, actor in plays:
                maneuvers.setdefault(actor, []).append(card)
            game.seize(seat, site, list(group), maneuvers=maneuvers or None)
            yield
        masks = [deck.dmask[e.site] for e in realm.state]
        if masks and has_victory(masks, self.variant):
            return
        idle = [c for c in realm.active if c not in game.state.pivoted]
        cards = [c for c in a.hand if deck.ally_action_magic[c]]
        for card, ally in choose_ally_actions(deck, cards, idle, magic):
            game.ally_action(seat, ally, card)
            yield

    def magic_now(self, game: Game, allies: list[int]) -> list[int]:
        """Each card's printed Magic, with the "Acting Ally is magic +N" Ally Actions and
        "Target Ally is magic +N" Flashes attached to ``allies`` (policy 9; the only
        permanents on an active Ally)."""
        deck = self.deck
        magic = list(deck.magic)
        attached = game.state.attached
        for ally in allies:
            for card in attached.get(ally, ()):
                magic[ally] += deck.ally_action_magic[card] + deck.flash_magic[card]
        return magic

    def reconciliation_turn(self, game: Game, seat: int) -> Iterator[None]:
        realm = game.autarch(seat).realm
        for ally in [c for c in realm.reserve if c not in game.state.pivoted]:
            game.move_forward(seat, ally)
            yield
