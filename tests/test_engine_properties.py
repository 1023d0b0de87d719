"""Property tests: random multi-Autarch games keep every card in exactly one zone.

A random controller tries every kind of move (legal or not); illegal moves must raise
RuleError without touching the state, and card conservation must hold after every step.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from card_db.records import CardType
from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE, Game
from deckbuilder.engine.game.actions import (
    AllyAction,
    Challenge,
    Contest,
    Defend,
    Establish,
    Idle,
    MoveForward,
    Pass,
    PlayDictate,
    PlayFlash,
    PlayPath,
    Reassign,
    Reshuffle,
    Retreat,
    RevealSite,
    Seize,
)
from deckbuilder.engine.game.decisions import (
    CONTEST,
    DEFEND,
    MOVE,
    PLACE_SITE,
    RESHUFFLE,
    Controller,
)
from deckbuilder.engine.game.order_of_play import play
from deckbuilder.engine.simulation.sample_decks import generated_deck
from deckbuilder.engine.table.zones import check_conservation, zones


class RandomController(Controller):
    """Tries moves legal or not, as actions; a refused one must leave the zones as
    they were (checked in :meth:`refused`) and ends the turn."""

    def __init__(self, rnd: random.Random):
        self.rnd = rnd
        self.illegal = 0
        self._turn = None
        self._moves = iter(())
        self._before = None

    def choose(self, game, decision):
        kind, seat = decision.kind, decision.seat
        if kind == PLACE_SITE:
            return self.rnd.choice(decision.legal)
        if kind == RESHUFFLE:
            return Reshuffle(self.rnd.random() < 0.5)
        if kind == CONTEST:
            if self.rnd.random() < 0.5:
                return Contest(())
            realm = game.autarch(seat).realm
            return Contest(tuple(self._pick([c for c in realm.active
                                             if c not in game.table.pivoted], 0.5)))
        if kind == DEFEND:
            realm = game.autarch(seat).realm
            target = decision.context.target
            return Defend(tuple(self._pick(
                [c for c in realm.active if c not in game.table.pivoted and c != target], 0.5)))
        if kind != MOVE:
            return decision.default
        key = (game.table.round, decision.context.phase, seat)
        if key != self._turn:
            self._turn = key
            phase = decision.context.phase
            self._moves = (self.autarch_turn if phase == AUTARCH_PHASE else self.ally_turn
                           if phase == ALLY_PHASE else self.reconciliation_turn)(game, seat)
        self._before = (zones(game.table), sorted(game.table.pivoted))
        return next(self._moves, Pass())

    def refused(self, game, seat, action, error):
        self.illegal += 1
        assert (zones(game.table), sorted(game.table.pivoted)) == self._before, \
            "an illegal move changed zones"

    def _pick(self, cards, p=0.5):
        return [c for c in cards if self.rnd.random() < p]

    def autarch_turn(self, game, seat):
        a = game.autarch(seat)
        for card in list(a.hand):
            rec = game.record(card)
            if rec.card_type is CardType.SITE and self.rnd.random() < 0.8:
                yield RevealSite(card)
            elif rec.card_type is CardType.PATH and game.table.circle:
                yield PlayPath(card, self.rnd.choice(game.table.circle))
            elif rec.card_type is CardType.FLASH and self.rnd.random() < 0.3:
                targets = sorted(game.table.in_play())
                target = self.rnd.choice(targets) if targets else None
                yield PlayFlash(card, target)
        roll = self.rnd.random()
        if roll < 0.3:
            dictates = [c for c in a.hand if game.record(c).card_type is CardType.DICTATE]
            if dictates:
                yield PlayDictate(dictates[0])
        elif roll < 0.6 and a.realm.state:
            moves = []
            for entry in a.realm.state:
                for h in entry.holders:
                    if self.rnd.random() < 0.4:
                        moves.append((h, None))
            for ally in a.realm.active:
                if self.rnd.random() < 0.2:
                    moves.append((ally, self.rnd.choice(a.realm.state).site))
            yield Reassign(tuple(moves))

    def ally_turn(self, game, seat):
        a = game.autarch(seat)
        for card in list(a.hand):
            if game.record(card).card_type is CardType.CHARACTER and self.rnd.random() < 0.7:
                yield Establish(card, self.rnd.random() < 0.2)
        others = [s for s in game.table.seats_from(seat) if s != seat]
        for ally in list(a.realm.active):
            if ally in game.table.pivoted or ally not in a.realm.active:
                continue
            roll = self.rnd.random()
            free = [c for c in a.realm.active if c not in game.table.pivoted]
            if roll < 0.45 and game.table.circle:
                group = [ally] + self._pick([c for c in free if c != ally], 0.3)
                site = self.rnd.choice(game.table.circle)
                yield Seize(site, tuple(group))
            elif roll < 0.7 and others:
                rival = game.autarch(self.rnd.choice(others))
                if rival.realm.active:
                    target = self.rnd.choice(rival.realm.active)
                    group = [ally] + self._pick([c for c in free if c != ally], 0.3)
                    yield Challenge(tuple(group), target)
            elif roll < 0.8:
                yield Retreat(ally)
            elif roll < 0.9:
                actions = [c for c in a.hand if game.record(c).card_type is CardType.ALLY_ACTION]
                if actions:
                    yield AllyAction(ally, actions[0])
            else:
                yield Idle(ally)

    def reconciliation_turn(self, game, seat):
        realm = game.autarch(seat).realm
        for ally in list(realm.reserve):
            if self.rnd.random() < 0.8:
                yield MoveForward(ally)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 4),
    deck_seeds=st.lists(st.integers(0, 1000), min_size=4, max_size=4),
)
def test_random_games_conserve_cards_after_every_step(seed, players, deck_seeds):
    # Sites get per-player names (a setup needs a non-duplicate Site of each Dominion);
    # Characters keep shared names, so unique duplicates across Realms are exercised.
    decks = [
        [replace(r, name=f"P{i} {r.name}") if r.card_type is CardType.SITE else r
         for r in generated_deck(s)]
        for i, s in enumerate(deck_seeds[:players])
    ]
    game = Game(decks, seed=seed)
    rnd = random.Random(seed)
    controllers = [RandomController(rnd) for _ in range(players)]
    steps = 0
    for _ in play(game, controllers, rounds=8, first=seed % players):
        check_conservation(game.table)
        steps += 1
    assert steps > 10
    assert len(game.table.cards) == 60 * players
