"""A character whose Strength penalties bring it below zero is killed by no damage at
all ("Challenge Summary": a character dies when the damage assigned to it exceeds its
Strength); the damage assigned to it is never negative, by default or by the quick
level (a property game, seed 267 with 4 Autarchs, raised on a negative assignment)."""

from __future__ import annotations

from deckbuilder.engine.rules.challenge import Combatant, default_assignment, resolve_challenge
from deckbuilder.engine.simulation.sample_decks import make_character


def test_a_character_below_zero_strength_is_killed_with_no_negative_damage():
    weak = Combatant(1, make_character("Weakling", prime=1, magic=1, dominion=5), False, 0, -10)
    strong = Combatant(2, make_character("Brute", prime=6, magic=1, dominion=5), False, 0, 0)
    assert default_assignment(5, [weak], 1) == {1: 0}
    result = resolve_challenge([strong], weak)
    assert result.victor == "challengers" and result.killed == (1,)
    assert all(v >= 0 for v in result.damage_assigned.values())
