"""Mystic War's "3.0 Set Up" deal and the exact odds on its Action deck."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb

import pytest

from card_db.games import bundled_games
from deckbuilder.shelf.mystic_war import (
    DealError,
    action_deck,
    count_matching,
    deal,
    dealing_order,
    p_at_least,
    p_first_judgment_within,
    p_in_first_cards,
    shuffled_part,
    victory_condition_deck,
    wealth_status,
)

GAME = next(g for g in bundled_games() if g.name == "Mystic War")


def test_the_decks_are_the_card_summary():
    deck = action_deck(GAME)
    assert len(deck) == 82
    assert Counter(c.type for c in deck) == {"RESOURCE": 48, "SPELL": 13, "DEITY": 9,
                                             "EVENT": 12}
    assert len(shuffled_part(GAME)) == 81
    assert Counter(victory_condition_deck(GAME)) == {"Kingdom": 3, "Archmage": 3, "Hoard": 3,
                                                     "Balanced": 3}


@pytest.mark.parametrize("players", range(3, 9))
def test_a_deal_follows_set_up(players):
    table = deal(GAME, players, seed=players)
    assert len(table.players) == players and 1 <= table.first_player <= players
    for seat, player in enumerate(table.players, start=1):
        assert player.seat == seat
        assert player.resources == {"Followers": 5, "Mystic Power": 5, "Gold": 5}
        assert player.disks == {"green": 2, "red": 2, "yellow": 3}
        assert player.wealth == "Content"
        assert len(player.hand) == 2
        assert player.cut and player.cut[-1].type == "RESOURCE"
        assert all(c.type != "RESOURCE" for c in player.cut[:-1])
    assert table.unused_victory_conditions == 12 - players
    assert Counter(p.victory_condition for p in table.players) <= Counter(
        victory_condition_deck(GAME))
    assert table.deck[-1].name == "Judgment (white-backed)"
    assert len(table.deck) == 82 - 2 * players
    dealt = [c for p in table.players for c in p.hand] + list(table.deck)
    assert Counter(dealt) == Counter(action_deck(GAME))
    assert table.first_player_estimated and any("estimated" in n for n in table.notes)


def test_the_deal_goes_clockwise_from_the_first_player():
    assert dealing_order(4, 3) == (3, 4, 1, 2, 3, 4, 1, 2)
    assert dealing_order(3, 1) == (1, 2, 3, 1, 2, 3)
    assert dealing_order(5, 5, each=1) == (5, 1, 2, 3, 4)


def test_a_seed_reproduces_the_deal_and_different_seeds_differ():
    assert deal(GAME, 5, seed=42) == deal(GAME, 5, seed=42)
    assert deal(GAME, 5, seed=42).deck != deal(GAME, 5, seed=43).deck
    unseeded = deal(GAME, 3)
    assert deal(GAME, 3, seed=unseeded.seed) == unseeded


@pytest.mark.parametrize("players", [2, 9, 0])
def test_player_counts_outside_three_to_eight_are_refused(players):
    with pytest.raises(DealError, match="3 to 8"):
        deal(GAME, players, seed=1)


def test_wealth_status_follows_6_3():
    assert wealth_status(15, 9) == "Poor"  # the 6.3 example
    assert wealth_status(5, 14) == "Rich"
    assert wealth_status(9, 14) == "Content"
    assert wealth_status(5, 5) == "Content" and wealth_status(5, 10) == "Rich"


# --- odds ------------------------------------------------------------------------------


def _brute_force(at_least, draws, group, population):
    cards = [True] * group + [False] * (population - group)
    hands = list(itertools.combinations(range(population), draws))
    hits = sum(1 for hand in hands if sum(cards[i] for i in hand) >= at_least)
    return Fraction(hits, len(hands))


@pytest.mark.parametrize("population", range(0, 8))
def test_p_at_least_matches_brute_force_on_small_decks(population):
    for group in range(population + 1):
        for draws in range(population + 1):
            for at_least in range(0, draws + 2):
                assert p_at_least(at_least, draws, group, population) == _brute_force(
                    at_least, draws, group, population)


def test_p_at_least_rejects_impossible_questions():
    for args in [(1, 5, 3, 4), (1, 2, 5, 4), (-1, 1, 1, 4)]:
        with pytest.raises(ValueError):
            p_at_least(*args)


def test_a_dragon_among_the_first_cards():
    # 10 Dragons among the 81 shuffled cards
    assert p_in_first_cards(GAME, ["Dragon"], 2) == 1 - Fraction(comb(71, 2), comb(81, 2))
    # Wild Magic can stand in for a Dragon: 18 cards
    assert p_in_first_cards(GAME, ["Dragon", "Wild Magic"], 2) == 1 - Fraction(
        comb(63, 2), comb(81, 2))
    assert p_in_first_cards(GAME, ["RESOURCE"], 3, at_least=3) == Fraction(
        comb(48, 3), comb(81, 3))
    assert p_in_first_cards(GAME, ["Dragon"], 0) == 0


def test_odds_agree_with_dealing_many_games():
    trials = 3000
    hits = sum(1 for seed in range(trials)
               if any(c.name == "Dragon" for c in deal(GAME, 3, seed=seed).players[0].hand))
    p = p_in_first_cards(GAME, ["Dragon"], 2)
    sigma = (float(p) * (1 - float(p)) / trials) ** 0.5
    assert abs(hits / trials - float(p)) < 4 * sigma


def test_the_first_judgment_within_k_draws():
    # two Judgments are shuffled into 81 cards; the white-backed one is always last
    for k in (0, 1, 10, 40, 80):
        assert p_first_judgment_within(GAME, k) == 1 - Fraction(comb(79, k), comb(81, k))
    assert p_first_judgment_within(GAME, 81) == 1
    assert p_first_judgment_within(GAME, 82) == 1


def test_first_judgment_by_brute_force_on_a_small_deck():
    # positions of the first of 2 marked cards among 6, as the formula says
    for k in range(7):
        orders = list(itertools.permutations([1, 1, 0, 0, 0, 0]))
        hits = sum(1 for order in orders if 1 in order[:k])
        assert Fraction(hits, len(orders)) == p_at_least(1, k, 2, 6)


def test_targets_name_cards_or_groups_and_unknown_ones_are_refused():
    deck = shuffled_part(GAME)
    assert count_matching(deck, ["EVENT"]) == 11
    assert count_matching(deck, ["Action cards > EVENT > Judgment"]) == 2
    assert count_matching(deck, ["Judgment", "Genie"]) == 3
    assert count_matching(action_deck(GAME), ["Judgment"]) == 3
    with pytest.raises(DealError, match="Dragons"):
        count_matching(deck, ["Dragons"])
