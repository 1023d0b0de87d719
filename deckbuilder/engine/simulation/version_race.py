"""Two decks (two versions of one deck) goldfished on the same shuffles: P(victory by
round r) of each and their paired difference, as deck tuning measures a swap
(:mod:`.tuning`: common random numbers).

Game ``i`` of both decks uses :func:`~.rng.game_seed` ``(seed, i)``, so both meet the
same shuffles and the difference is measured game by game; ``delta`` is P(victory by
round ``rounds``) of deck B minus deck A's, with the normal 95% interval of the paired
differences (:func:`.tuning.paired_delta`). The games are played in batches so a
caller can follow the progress and cancel between batches. Sources: the goldfish game
as in :mod:`.goldfish` ("Victory", "Phase 1: Coming of Order").
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from card_db.errors import Cancelled
from card_db.records import CardRecord
from deckbuilder.engine.rules.errors import EngineError
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation.deck import EngineDeck
from deckbuilder.engine.simulation.fastcore import make_goldfish
from deckbuilder.engine.simulation.tuning import paired_delta

BATCH = 250


class RaceCancelled(Cancelled):
    """The comparison was cancelled between batches."""


@dataclass(frozen=True)
class VersionRace:
    """``curve_a``/``curve_b``: P(victory by round r) for r = 1..``rounds`` over
    ``games`` games each; ``delta``: B's P(victory by round ``rounds``) minus A's, with
    ``ci95``; ``mean_a``/``mean_b``: mean victory round over the games won (``None``
    without a victory)."""

    rounds: int
    games: int
    seed: int
    curve_a: tuple[float, ...]
    curve_b: tuple[float, ...]
    delta: float
    ci95: tuple[float, float]
    mean_a: float | None
    mean_b: float | None


def _curve(won: Sequence[int], rounds: int) -> tuple[float, ...]:
    n = len(won)
    return tuple(sum(1 for w in won if 0 < w <= r) / n for r in range(1, rounds + 1))


def _mean(won: Sequence[int]) -> float | None:
    wins = [w for w in won if w]
    return sum(wins) / len(wins) if wins else None


def race(deck_a: Sequence[CardRecord], deck_b: Sequence[CardRecord], rounds: int = 10,
         games: int = 1000, seed: int = 0, variant: Variant | None = None,
         progress: Callable[[int, int], None] | None = None,
         cancelled: Callable[[], bool] | None = None) -> VersionRace:
    """Goldfish ``deck_a`` and ``deck_b`` (one record per copy) ``games`` games each on
    the same seeds. ``progress(done, total)`` after each batch (``total`` = 2 x games);
    ``cancelled()`` asked before each, :class:`RaceCancelled` when it says so.
    :class:`~..rules.errors.EngineError` for ``rounds`` outside 1..127 or ``games`` < 2;
    :class:`~.policy.SetupError` for a deck that cannot be set up."""
    if not 1 <= rounds <= 127 or games < 2:
        raise EngineError("rounds must be 1 to 127 and games at least 2")
    sims = [make_goldfish(EngineDeck.from_records(tuple(d)), variant or Variant())
            for d in (deck_a, deck_b)]
    won = [array("b"), array("b")]
    done = 0
    for start in range(0, games, BATCH):
        stop = min(games, start + BATCH)
        for k, sim in enumerate(sims):
            if cancelled is not None and cancelled():
                raise RaceCancelled
            won[k].extend(sim.win_rounds(seed, start, stop, rounds))
            done += stop - start
            if progress is not None:
                progress(done, 2 * games)
    delta, ci = paired_delta(won[0], won[1])
    return VersionRace(rounds, games, seed, _curve(won[0], rounds), _curve(won[1], rounds),
                       delta, ci, _mean(won[0]), _mean(won[1]))
