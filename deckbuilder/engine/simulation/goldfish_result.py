"""The outcome of one goldfish game, shared by the full engine and the fast path.

Sources: rulebook "Game Setup" (the reshuffle of a hand without Characters), "Phase 4:
The Reconciliation", "Exhausted Destiny"; stall reasons are in :mod:`.stalls`.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Rounds a goldfish game lasts unless told otherwise.
DEFAULT_ROUNDS = 10


@dataclass(frozen=True, slots=True)
class GoldfishResult:
    """One goldfish game.

    ``win_round``: the round of victory (1-based) or ``None``. ``reshuffled``: the
    opening hand had no Character and was reshuffled. ``allies_by_round[r - 1]``: Allies
    established by the end of round ``r``; ``sites_by_round[r - 1]``: Sites controlled at
    the end of round ``r`` (after the game ends, the final values repeat).
    ``stall_reason``: see :mod:`.stalls` (``None`` after a victory).
    ``destiny_exhausted``: the Autarch drew its last card and was removed from the game.
    """

    seed: int
    rounds: int
    win_round: int | None
    reshuffled: bool
    allies_by_round: tuple[int, ...]
    sites_by_round: tuple[int, ...]
    stall_reason: str | None
    destiny_exhausted: bool = False
