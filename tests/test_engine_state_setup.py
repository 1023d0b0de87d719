"""Game state, card conservation and "Game Setup" / "Order of Play"."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_db.records import CardType
from deckbuilder.engine.game import Game
from deckbuilder.engine.rules.errors import RuleError
from deckbuilder.engine.rules.setup import first_round_leader, next_leader, placement_order
from deckbuilder.engine.simulation.deck import EngineDeck
from deckbuilder.engine.simulation.goldfish_game import GoldfishGame
from deckbuilder.engine.simulation.policy import SetupError, choose_circle_sites
from deckbuilder.engine.simulation.sample_decks import (
    generated_deck,
    make_card,
    make_character,
    make_site,
)
from deckbuilder.engine.table.destiny import Destiny
from deckbuilder.engine.table.zones import InvariantError, check_conservation


def test_destiny_draws_every_card_once_and_flags_exhaustion():
    d = Destiny(range(10), random.Random(3))
    drawn = [d.draw() for _ in range(10)]
    assert sorted(drawn) == list(range(10))
    assert d.exhausted
    assert d.draw() is None


def test_destiny_is_reproducible_by_seed_and_shuffle_in_returns_cards():
    a = Destiny(range(20), random.Random(7))
    b = Destiny(range(20), random.Random(7))
    first = [a.draw() for _ in range(5)]
    assert first == [b.draw() for _ in range(5)]
    hand = [a.draw() for _ in range(3)]
    a.shuffle_in(hand)
    assert sorted(a.cards) == sorted(set(range(20)) - set(first))


def test_game_setup_placements_rotate_clockwise_through_the_dominions():
    # "Game Setup": the first Autarch places a First Dominion Site, the next a Second...
    assert placement_order(3, 2) == [(2, 1), (0, 2), (1, 3), (2, 4), (0, 5)]
    assert placement_order(1, 0) == [(0, d) for d in range(1, 6)]


def test_order_of_play_three_player_example():
    # "Order of Play": John is left of Josh, who is left of Mike. Mike laid Sites
    # first, so Josh acts first in round 1 and John in round 2.
    mike, josh, john = 0, 1, 2
    leader = first_round_leader(3, mike)
    assert leader == josh
    assert next_leader(3, leader) == john


def _small_deck(extra_sites=()):
    deck = [make_site(f"S{d}", (d,), 3 + d) for d in range(1, 6)]
    deck += list(extra_sites)
    deck += [make_character(f"C{i}", prime=2, magic=2) for i in range(10)]
    deck += [make_card(f"D{i}", CardType.DICTATE) for i in range(60 - len(deck))]
    return deck


def test_goldfish_setup_leaves_a_55_card_destiny_and_a_five_card_hand():
    game = GoldfishGame(_small_deck(), seed=1)
    steps = game.steps()
    while game.game.table.phase == "Game Setup" or game.game.table.round == 0:
        next(steps)
    s = game.game.table
    a = s.autarchs[0]
    assert len(s.circle) == 5
    assert [s.cards[c].dominions[0] for c in s.circle] == [1, 2, 3, 4, 5]
    assert len(a.hand) + len(a.destiny) == 55 and s.round == 1
    check_conservation(s)


def test_setup_policy_lets_a_border_site_stand_for_either_dominion():
    border = make_site("Border 1-2", (1, 2), 2)
    deck = [border, make_site("Two", (2,), 9), make_site("One", (1,), 9)]
    deck += [make_site(f"S{d}", (d,), 4) for d in (3, 4, 5)]
    deck += [make_character(f"C{i}", 2, 2) for i in range(54)]
    chosen = choose_circle_sites(EngineDeck.from_records(deck))
    names = [deck[c].name for c in chosen]
    # The Border Site covers Dominions 1 and 2 at once: it is placed, standing for one.
    assert "Border 1-2" in names
    assert names[2:] == ["S3", "S4", "S5"]


def test_setup_needs_a_site_for_every_dominion():
    deck = [make_site(f"S{d}", (d,), 4) for d in (1, 2, 4, 5)]
    deck += [make_character(f"C{i}", 2, 2) for i in range(56)]
    with pytest.raises(SetupError, match="Dominion 3"):
        choose_circle_sites(EngineDeck.from_records(deck))


def test_setup_never_places_two_copies_of_a_unique_site():
    deck = [make_site("Unique One", (1,), 2)] * 2 + [make_site("Other One", (1,), 8)]
    deck += [make_site(f"S{d}", (d,), 4) for d in (2, 3, 4, 5)]
    border = make_site("Border 5-1", (5, 1), 1)
    deck += [border] + [make_character(f"C{i}", 2, 2) for i in range(52)]
    chosen = choose_circle_sites(EngineDeck.from_records(deck))
    names = [deck[c].name for c in chosen]
    assert names.count("Unique One") == 1


def test_reshuffle_only_for_a_hand_without_character_and_only_once():
    deck = [make_site(f"S{d}", (d,), 4) for d in range(1, 6)]
    deck += [make_card(f"D{i}", CardType.DICTATE) for i in range(54)]
    deck += [make_character("Lonely", 1, 1)]
    game = Game([deck], seed=5)
    game.begin_setup()
    for d in range(1, 6):
        game.place_setup_site(0, d - 1)
    game.finish_placements()
    a = game.autarch(0)
    had_char = any(game.record(c).card_type is CardType.CHARACTER for c in a.hand)
    if had_char:
        with pytest.raises(RuleError):
            game.reshuffle_hand(0)
        return
    game.reshuffle_hand(0)
    assert a.reshuffled and len(a.hand) == 5 and len(a.destiny) == 50
    with pytest.raises(RuleError, match="once"):
        game.reshuffle_hand(0)
    check_conservation(game.table)


def test_setup_rejects_a_site_of_the_wrong_dominion_or_seat():
    decks = [_small_deck(), _small_deck()]
    game = Game(decks, seed=2)
    game.begin_setup(first=1)
    with pytest.raises(RuleError, match="places the next Site"):
        game.place_setup_site(0, 0)
    second_deck_site_2 = len(decks[0]) + 1
    with pytest.raises(RuleError, match="Dominion 1"):
        game.place_setup_site(1, second_deck_site_2)
    game.place_setup_site(1, len(decks[0]))
    assert game.next_placement() == (0, 2)


def test_conservation_check_detects_a_duplicated_card():
    game = Game([_small_deck()], seed=1)
    check_conservation(game.table)
    game.table.circle.append(game.autarch(0).destiny.cards[0])
    with pytest.raises(InvariantError, match="two zones"):
        check_conservation(game.table)


def test_conservation_check_detects_a_lost_card():
    game = Game([_small_deck()], seed=1)
    game.autarch(0).destiny.cards.pop()
    with pytest.raises(InvariantError, match="no zone"):
        check_conservation(game.table)


@settings(max_examples=40, deadline=None)
@given(
    deck_seed=st.integers(0, 10_000),
    game_seed=st.integers(0, 2**32),
    characters=st.integers(8, 30),
    sites=st.integers(6, 16),
)
def test_goldfish_conserves_every_card_after_every_step(deck_seed, game_seed, characters, sites):
    deck = generated_deck(deck_seed, characters=characters, sites=sites)
    game = GoldfishGame(deck, game_seed, rounds=12)
    for _ in game.steps():
        check_conservation(game.game.table)
    assert len(game.game.table.cards) == 60
