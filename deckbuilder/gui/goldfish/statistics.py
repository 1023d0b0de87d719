"""A statistics run over N goldfish games that reports progress and can be cancelled
(no Qt; runs in a worker thread).

The same games and the same figures as :func:`deckbuilder.engine.goldfish.run_games`
on one worker: game ``i`` uses seed :func:`~deckbuilder.engine.rng.game_seed` ``(S, i)``,
played by the engine's fast path and added up by its
:class:`~deckbuilder.engine.goldfish.StatsAccumulator` in game order. The only
difference is that the games are played in small chunks, between which progress is
reported and a cancel request is honoured.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from card_db.records import CardRecord
from deckbuilder.engine.deck import EngineDeck
from deckbuilder.engine.fastpath import FastGoldfish
from deckbuilder.engine.goldfish import GoldfishStats, StatsAccumulator
from deckbuilder.engine.rng import game_seeds
from deckbuilder.engine.variant import Variant

#: Games played between two progress reports (and cancel checks).
CHUNK = 200


class RunCancelled(Exception):
    """The run was cancelled after ``games_done`` games."""

    def __init__(self, games_done: int):
        super().__init__(f"cancelled after {games_done} games")
        self.games_done = games_done


def run_statistics(
    records: Sequence[CardRecord],
    games: int,
    rounds: int,
    seed: int = 0,
    variant: Variant | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> GoldfishStats:
    """Play ``games`` games of ``rounds`` rounds; ``progress(done, games)`` after each
    chunk; raises :class:`RunCancelled` as soon as ``cancelled()`` is true. Raises
    ``ValueError`` for ``games < 1`` or ``rounds < 1`` and if the deck cannot be set up.
    """
    if games < 1 or rounds < 1:
        raise ValueError("at least one game of at least one round")
    variant = variant or Variant()
    simulator = FastGoldfish(EngineDeck.from_records(tuple(records)), variant)
    totals = StatsAccumulator(rounds)
    for start in range(0, games, CHUNK):
        if cancelled is not None and cancelled():
            raise RunCancelled(start)
        stop = min(games, start + CHUNK)
        for game in game_seeds(seed, start, stop):
            totals.add(simulator.play(game, rounds))
        if progress is not None:
            progress(stop, games)
    return totals.stats(seed, variant)
