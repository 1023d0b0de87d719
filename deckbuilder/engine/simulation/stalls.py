"""Why a goldfish game did not reach victory: the stall reason.

Judged from the state at the end of the last round played, in this order:

* ``dominion_missing``: even every Site left in the Circle together with the Sites
  already controlled could not meet the victory requirement (a needed Dominion has no
  Site to seize);
* ``no_character``: no free Ally (active or in the Reserve) and no Character in hand;
* ``prime_too_high``: no free Ally, but Characters in hand that could not be
  established (their Prime exceeds the allowance and no controlled Site is of their
  Dominion, or they duplicate a unique card in play);
* ``too_little_magic``: free Allies, but not enough Magic among them to meet the
  Resistance of the Sites still needed.

Sources: rulebook "Object", "Establishing alliances", "Securing the Site".
"""

from __future__ import annotations

from collections.abc import Sequence

from deckbuilder.engine.rules.variant import STANDARD, Variant
from deckbuilder.engine.rules.victory import dominion_count

STALL_REASONS = ("no_character", "prime_too_high", "too_little_magic", "dominion_missing")


def stall_reason(
    circle_masks: Sequence[int],
    controlled_masks: Sequence[int],
    free_allies: int,
    hand_characters: int,
    variant: Variant = STANDARD,
) -> str:
    """The stall reason (one of :data:`STALL_REASONS`) for a game without victory."""
    reachable = dominion_count(list(controlled_masks) + list(circle_masks),
                               variant.border_counts_both)
    if reachable < variant.dominions_to_win:
        return "dominion_missing"
    if free_allies == 0:
        return "prime_too_high" if hand_characters else "no_character"
    return "too_little_magic"
