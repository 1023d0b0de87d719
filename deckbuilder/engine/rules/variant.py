"""Rules options: the standard game and the "Shorter Games" variant.

Source: rulebook "Establishing alliances" (Prime allowance of 7), "Phase 4: The
Reconciliation" and "Border Sites and Adjacency" (five Dominions, a Border Site counts
for both), "Shorter Games" (a larger agreed allowance, the writers recommend 9; any
three of the Five Dominions win; a Border Site counts as one Dominion only).
"""

from __future__ import annotations

from dataclasses import dataclass

from deckbuilder.engine.rules.errors import EngineError

STANDARD_PRIME_ALLOWANCE = 7
SHORTER_GAMES_PRIME_ALLOWANCE = 9


@dataclass(frozen=True, slots=True)
class Variant:
    """Which rules are in force.

    ``prime_allowance``: total Prime of new Allies per turn ("Establishing alliances").
    ``dominions_to_win``: Dominions an Autarch must control unpivoted Sites from.
    ``border_counts_both``: True if a Border Site counts for both of its Dominions at
    victory (standard game), False if it counts once ("Shorter Games").
    """

    prime_allowance: int = STANDARD_PRIME_ALLOWANCE
    dominions_to_win: int = 5
    border_counts_both: bool = True

    def __post_init__(self) -> None:
        if self.prime_allowance < 0:
            raise EngineError("prime_allowance must be >= 0")
        if not 1 <= self.dominions_to_win <= 5:
            raise EngineError("dominions_to_win must be between 1 and 5")

    @classmethod
    def shorter_games(cls, prime_allowance: int = SHORTER_GAMES_PRIME_ALLOWANCE) -> Variant:
        """The "Shorter Games" variant: agreed allowance, three Dominions, Border Site once."""
        return cls(prime_allowance=prime_allowance, dominions_to_win=3, border_counts_both=False)

    @property
    def name(self) -> str:
        if self == Variant():
            return "standard"
        if not self.border_counts_both and self.dominions_to_win == 3:
            return f"shorter games (Prime allowance {self.prime_allowance})"
        return (
            f"custom (Prime allowance {self.prime_allowance}, {self.dominions_to_win} Dominions,"
            f" Border Site counts {'twice' if self.border_counts_both else 'once'})"
        )


#: The standard rules.
STANDARD = Variant()
