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
from deckbuilder.engine.errors import RuleError
from deckbuilder.engine.game import Game
from deckbuilder.engine.order_of_play import (
    Controller,
    contest_provider,
    counter_provider,
    defend_provider,
    play,
)
from deckbuilder.engine.sample_decks import generated_deck
from deckbuilder.engine.table import check_conservation, zones


class RandomController(Controller):
    def __init__(self, rnd: random.Random):
        self.rnd = rnd
        self.all: list[Controller] = []
        self.illegal = 0

    def _try(self, move, *args, **kwargs):
        state = move.__self__.state
        before = (zones(state), sorted(state.pivoted))
        try:
            move(*args, **kwargs)
        except RuleError:
            self.illegal += 1
            assert (zones(state), sorted(state.pivoted)) == before, "an illegal move changed zones"

    def place_site(self, game, seat, dominion):
        options = [c for c in game.autarch(seat).set_aside if dominion in game.record(c).dominions]
        return self.rnd.choice(options)

    def reshuffle(self, game, seat):
        return self.rnd.random() < 0.5

    def _pick(self, cards, p=0.5):
        return [c for c in cards if self.rnd.random() < p]

    def autarch_turn(self, game, seat):
        a = game.autarch(seat)
        for card in list(a.hand):
            rec = game.record(card)
            if rec.card_type is CardType.SITE and self.rnd.random() < 0.8:
                self._try(game.reveal_site, seat, card)
                yield
            elif rec.card_type is CardType.PATH and game.state.circle:
                self._try(game.play_path, seat, card, self.rnd.choice(game.state.circle))
                yield
            elif rec.card_type is CardType.FLASH and self.rnd.random() < 0.3:
                targets = sorted(game.state.in_play())
                target = self.rnd.choice(targets) if targets else None
                self._try(game.play_flash, seat, card, target, counter_provider(self.all))
                yield
        roll = self.rnd.random()
        if roll < 0.3:
            dictates = [c for c in a.hand if game.record(c).card_type is CardType.DICTATE]
            if dictates:
                self._try(game.play_dictate, seat, dictates[0])
                yield
        elif roll < 0.6 and a.realm.state:
            moves = []
            for entry in a.realm.state:
                for h in entry.holders:
                    if self.rnd.random() < 0.4:
                        moves.append((h, None))
            for ally in a.realm.active:
                if self.rnd.random() < 0.2:
                    moves.append((ally, self.rnd.choice(a.realm.state).site))
            self._try(game.reassign, seat, moves)
            yield

    def ally_turn(self, game, seat):
        a = game.autarch(seat)
        for card in list(a.hand):
            if game.record(card).card_type is CardType.CHARACTER and self.rnd.random() < 0.7:
                self._try(game.establish, seat, card, self.rnd.random() < 0.2)
                yield
        others = [s for s in game.state.seats_from(seat) if s != seat]
        for ally in list(a.realm.active):
            if ally in game.state.pivoted or ally not in a.realm.active:
                continue
            roll = self.rnd.random()
            free = [c for c in a.realm.active if c not in game.state.pivoted]
            if roll < 0.45 and game.state.circle:
                group = [ally] + self._pick([c for c in free if c != ally], 0.3)
                site = self.rnd.choice(game.state.circle)
                self._try(game.seize, seat, site, group, contest_provider(self.all))
            elif roll < 0.7 and others:
                rival = game.autarch(self.rnd.choice(others))
                if rival.realm.active:
                    target = self.rnd.choice(rival.realm.active)
                    group = [ally] + self._pick([c for c in free if c != ally], 0.3)
                    self._try(game.challenge, seat, group, target, defend_provider(self.all))
            elif roll < 0.8:
                self._try(game.retreat, seat, ally)
            elif roll < 0.9:
                actions = [c for c in a.hand if game.record(c).card_type is CardType.ALLY_ACTION]
                if actions:
                    self._try(game.ally_action, seat, ally, actions[0])
            else:
                self._try(game.idle, seat, ally)
            yield

    def reconciliation_turn(self, game, seat):
        realm = game.autarch(seat).realm
        for ally in list(realm.reserve):
            if self.rnd.random() < 0.8:
                self._try(game.move_forward, seat, ally)
                yield

    def contest(self, game, seat, seizing_seat, site, allies):
        if self.rnd.random() < 0.5:
            return ()
        realm = game.autarch(seat).realm
        return self._pick([c for c in realm.active if c not in game.state.pivoted], 0.5)

    def defend(self, game, seat, target, challengers):
        realm = game.autarch(seat).realm
        return self._pick(
            [c for c in realm.active if c not in game.state.pivoted and c != target], 0.5
        )

    def counter(self, game, seat, flash, target):
        return None


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
    for c in controllers:
        c.all = controllers
    steps = 0
    for _ in play(game, controllers, rounds=8, first=seed % players):
        check_conservation(game.state)
        steps += 1
    assert steps > 10
    assert len(game.state.cards) == 60 * players
