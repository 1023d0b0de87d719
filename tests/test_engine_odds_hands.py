"""Exact odds against brute-force enumeration, and sample hands."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_db.records import CardType
from deckbuilder.engine.simulation.goldfish_game import GoldfishGame
from deckbuilder.engine.simulation.hands import SampleHand
from deckbuilder.engine.simulation.odds import (
    DestinyProfile,
    is_character,
    is_maestro,
    odds_report,
    p_at_least_counts,
    p_character_opening,
)
from deckbuilder.engine.simulation.sample_decks import generated_deck


def brute_force(k, round_, categories, reshuffle, hand=5, per_round=2):
    """Enumerate the literal process over a Destiny whose cards are category letters:
    'A' matching Character, 'B' other Character, 'C' matching other, 'D' rest."""
    cards = list(range(len(categories)))
    is_char = [c in "AB" for c in categories]
    match = [c in "AC" for c in categories]
    m = per_round * round_

    def continue_from(first):
        rest = [c for c in cards if c not in first]
        total = Fraction(0)
        combos = list(combinations(rest, m))
        for more in combos:
            got = sum(match[c] for c in first) + sum(match[c] for c in more)
            total += Fraction(int(got >= k), len(combos))
        return total

    firsts = list(combinations(cards, hand))
    reshuffled_branch = None
    p = Fraction(0)
    for first in firsts:
        if reshuffle and not any(is_char[c] for c in first):
            if reshuffled_branch is None:
                reshuffled_branch = sum(
                    (continue_from(second) for second in firsts), Fraction(0)) / len(firsts)
            p += reshuffled_branch / len(firsts)
        else:
            p += continue_from(first) / len(firsts)
    return p


@pytest.mark.parametrize("reshuffle", [False, True])
@pytest.mark.parametrize(("k", "round_"), [(1, 0), (2, 1), (3, 2), (1, 2), (0, 1)])
def test_odds_match_brute_force_on_a_small_destiny(k, round_, reshuffle):
    categories = "AABCCDDDDDD"
    expected = brute_force(k, round_, categories, reshuffle)
    got = p_at_least_counts(k, round_, len(categories), 2, 2, 3, reshuffle)
    assert got == expected


@settings(max_examples=40, deadline=None)
@given(
    a=st.integers(0, 3), b=st.integers(0, 3), c=st.integers(0, 3), d=st.integers(1, 5),
    k=st.integers(0, 4), round_=st.integers(0, 1), reshuffle=st.booleans(),
)
def test_odds_match_brute_force_property(a, b, c, d, k, round_, reshuffle):
    categories = "A" * a + "B" * b + "C" * c + "D" * d
    if len(categories) < 5 + 2 * round_:
        with pytest.raises(ValueError):
            p_at_least_counts(k, round_, len(categories), a, c, a + b, reshuffle)
        return
    assert p_at_least_counts(k, round_, len(categories), a, c, a + b, reshuffle) == brute_force(
        k, round_, categories, reshuffle)


def test_character_opening_closed_forms_on_a_60_card_deck():
    records = generated_deck(0)
    profile = DestinyProfile.from_deck(records)
    assert len(profile.cards) == 55
    chars = sum(1 for r in profile.cards if r.card_type is CardType.CHARACTER)
    miss = Fraction(comb(55 - chars, 5), comb(55, 5))
    assert p_character_opening(profile, False) == 1 - miss
    assert p_character_opening(profile, True) == 1 - miss * miss


def test_by_round_tables_rise_and_maestro_odds_count_maestros_only():
    profile = DestinyProfile.from_deck(generated_deck(0))
    values = [profile.p_at_least(is_character, 2, r) for r in range(11)]
    assert values == sorted(values) and values[-1] < 1
    maestros = sum(1 for r in profile.cards if is_maestro(r))
    p = profile.p_at_least(is_maestro, 1, 3, reshuffle=False)
    assert p == 1 - Fraction(comb(55 - maestros, 11), comb(55, 11))


def test_odds_report_keys_and_values():
    data = odds_report(generated_deck(0), rounds=10)
    assert 0 < data["p_character_opening"] < data["p_character_opening_with_reshuffle"] < 1
    assert list(data["p_at_least_1_character_by_round"]) == [str(r) for r in range(11)]
    assert data["p_at_least_1_character_by_round"]["0"] == data[
        "p_character_opening_with_reshuffle"]


# ---------------------------------------------------------------- sample hands
def test_sample_hand_is_reproducible_and_deals_from_the_55_card_destiny():
    records = generated_deck(3)
    a, b = SampleHand(records, seed=42), SampleHand(records, seed=42)
    assert a.deal() == b.deal()
    assert [a.draw_round() for _ in range(3)] == [b.draw_round() for _ in range(3)]
    assert len(a.hand) == 11 and len(set(a.hand)) == 11
    assert not set(a.hand) & set(a.circle) and len(a.circle) == 5
    assert a.to_json() == b.to_json()


def test_sample_hand_reshuffles_only_a_hand_without_characters():
    records = generated_deck(0)
    seen_reshuffle = False
    for seed in range(200):
        h = SampleHand(records, seed)
        h.deal()
        if h.first_hand is not None:
            seen_reshuffle = True
            assert not any(is_character(records[c]) for c in h.first_hand)
        never = SampleHand(records, seed, reshuffle="never")
        first = never.deal()
        assert (h.first_hand is not None) == (not any(is_character(records[c]) for c in first))
    assert seen_reshuffle


def test_sample_hand_deals_what_the_goldfish_game_deals():
    records = generated_deck(1)
    for seed in range(10):
        hand = SampleHand(records, seed)
        hand.deal()
        game = GoldfishGame(records, seed)
        for step in game.steps():
            if step.phase == "Coming of Order":
                break
        # The game has drawn round 1's two cards on top of the opening hand.
        assert game.game.autarch(0).hand[:5] == hand.hand
        assert game.game.autarch(0).hand[5:7] == hand.draw_round()
