"""Goldfishing many games for statistics: the fast path, optionally over a process pool.

:func:`run_games` plays games on :mod:`.fastpath` (integer arrays; tests show it gives
the same results as the full engine), on its compiled core when built (:mod:`.fastcore`),
and returns :class:`GoldfishStats`. Importing this
module does not import the step-by-step engine; one game replayable step by step is
:class:`~.goldfish_game.GoldfishGame`. Game ``i`` of a run with master seed ``S`` always
uses seed :func:`~.rng.game_seed` ``(S, i)``, so results do not depend on the number of
workers.

Sources: rulebook "Game Setup" (the reshuffle), "Order of Play", "Phase 4: The
Reconciliation", "Exhausted Destiny"; the policy is in :mod:`.policy`.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from card_db.errors import Cancelled
from card_db.records import CardRecord
from deckbuilder.engine.rules.errors import EngineError
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation.deck import EngineDeck
from deckbuilder.engine.simulation.fastcore import make_goldfish
from deckbuilder.engine.simulation.goldfish_result import DEFAULT_ROUNDS, GoldfishResult
from deckbuilder.engine.simulation.stalls import STALL_REASONS
from deckbuilder.engine.table.rng import game_seed

__all__ = [
    "CHUNK_GAMES",
    "DEFAULT_ROUNDS",
    "GoldfishResult",
    "GoldfishStats",
    "RunCancelled",
    "StatsAccumulator",
    "run_games",
]


@dataclass(frozen=True, slots=True)
class GoldfishStats:
    """Statistics over ``games`` goldfish games of ``rounds`` rounds (master ``seed``).

    ``win_round_histogram[r]``: games won in round ``r`` (rounds with no win omitted);
    ``p_win_by_round[r - 1]``: share of games won by the end of round ``r``;
    ``mean_allies_by_round``/``mean_sites_by_round``: means at the end of each round;
    ``reshuffle_rate``: share of games whose opening hand had no Character and was
    reshuffled (rulebook "Game Setup"); ``stall_reasons``: count of each reason among
    games without victory.
    """

    games: int
    rounds: int
    seed: int
    variant: str
    win_round_histogram: dict[int, int]
    p_win_by_round: tuple[float, ...]
    no_win: int
    reshuffle_rate: float
    mean_win_round: float | None
    mean_allies_by_round: tuple[float, ...]
    mean_sites_by_round: tuple[float, ...]
    stall_reasons: dict[str, int]
    destiny_exhausted: int

    @property
    def most_common_stall(self) -> str | None:
        """The most common stall reason (ties: the first in STALL_REASONS order)."""
        if not any(self.stall_reasons.values()):
            return None
        return max(STALL_REASONS, key=lambda r: (self.stall_reasons[r], -STALL_REASONS.index(r)))

    def to_json(self) -> dict:
        """The ``deckbuilder goldfish --json`` object (plain JSON types, stable order)."""
        return {
            "games": self.games,
            "rounds": self.rounds,
            "seed": self.seed,
            "variant": self.variant,
            "p_win_by_round": {str(r + 1): p for r, p in enumerate(self.p_win_by_round)},
            "win_round_histogram": {str(r): n for r, n in sorted(self.win_round_histogram.items())},
            "no_win": self.no_win,
            "reshuffle_rate": self.reshuffle_rate,
            # Deprecated alias of "reshuffle_rate", kept for one release (issue 9).
            "mulligan_rate": self.reshuffle_rate,
            "mean_win_round": self.mean_win_round,
            "stall_reasons": dict(self.stall_reasons),
            "most_common_stall": self.most_common_stall,
            "allies_by_round": {str(r + 1): v for r, v in enumerate(self.mean_allies_by_round)},
            "sites_by_round": {str(r + 1): v for r, v in enumerate(self.mean_sites_by_round)},
            "destiny_exhausted": self.destiny_exhausted,
        }


class StatsAccumulator:
    """Integer totals over games; merged in game order they give exact, worker-count
    independent statistics."""

    def __init__(self, rounds: int):
        self.rounds = rounds
        self.games = 0
        self.win_hist = [0] * (rounds + 1)
        self.reshuffles = 0
        # Allies established and Sites controlled by the end of each round, summed.
        self.allies_total = [0] * rounds
        self.sites_total = [0] * rounds
        self.stalls = dict.fromkeys(STALL_REASONS, 0)
        self.exhausted = 0

    def add(self, r: GoldfishResult) -> None:
        self.games += 1
        if r.win_round is not None:
            self.win_hist[r.win_round] += 1
        else:
            self.stalls[r.stall_reason] += 1  # type: ignore[index]
        if r.reshuffled:
            self.reshuffles += 1
        allies = self.allies_total
        for i, v in enumerate(r.allies_by_round):
            allies[i] += v
        sites = self.sites_total
        for i, v in enumerate(r.sites_by_round):
            sites[i] += v
        if r.destiny_exhausted:
            self.exhausted += 1

    def add_totals(self, games: int, win_hist: Sequence[int], reshuffles: int,
                   allies: Sequence[int], sites: Sequence[int], stalls: dict[str, int],
                   exhausted: int) -> None:
        """Add the totals of ``games`` games summed elsewhere (the compiled core):
        ``win_hist[r]`` games won in round ``r`` (index 0 ignored), per-round sums of
        Allies and Sites, and counts per stall reason."""
        self.games += games
        for r in range(1, self.rounds + 1):
            self.win_hist[r] += win_hist[r]
        self.reshuffles += reshuffles
        self.exhausted += exhausted
        for i in range(self.rounds):
            self.allies_total[i] += allies[i]
            self.sites_total[i] += sites[i]
        for reason, count in stalls.items():
            self.stalls[reason] += count

    def merge(self, other: StatsAccumulator) -> None:
        self.games += other.games
        self.reshuffles += other.reshuffles
        self.exhausted += other.exhausted
        for i in range(self.rounds + 1):
            self.win_hist[i] += other.win_hist[i]
        for i in range(self.rounds):
            self.allies_total[i] += other.allies_total[i]
            self.sites_total[i] += other.sites_total[i]
        for k in self.stalls:
            self.stalls[k] += other.stalls[k]

    @property
    def allies(self) -> list[int]:
        """Total Allies established by the end of each round, over all games."""
        return list(self.allies_total)

    @property
    def sites(self) -> list[int]:
        """Total Sites controlled at the end of each round, over all games."""
        return list(self.sites_total)

    def stats(self, seed: int, variant: Variant) -> GoldfishStats:
        n = self.games
        wins = sum(self.win_hist)
        cumulative = []
        running = 0
        for r in range(1, self.rounds + 1):
            running += self.win_hist[r]
            cumulative.append(running / n if n else 0.0)
        total_rounds = sum(r * c for r, c in enumerate(self.win_hist))
        return GoldfishStats(
            games=n,
            rounds=self.rounds,
            seed=seed,
            variant=variant.name,
            win_round_histogram={r: c for r, c in enumerate(self.win_hist) if c},
            p_win_by_round=tuple(cumulative),
            no_win=n - wins,
            reshuffle_rate=self.reshuffles / n if n else 0.0,
            mean_win_round=total_rounds / wins if wins else None,
            mean_allies_by_round=tuple(v / n if n else 0.0 for v in self.allies),
            mean_sites_by_round=tuple(v / n if n else 0.0 for v in self.sites),
            stall_reasons=dict(self.stalls),
            destiny_exhausted=self.exhausted,
        )


_SIMULATORS: dict = {}


def _simulator(records: tuple[CardRecord, ...], variant: Variant):
    """One fast simulator per deck and variant per process, so its decision caches
    stay warm across chunks."""
    key = (records, variant)
    sim = _SIMULATORS.get(key)
    if sim is None:
        if len(_SIMULATORS) > 8:
            _SIMULATORS.clear()
        sim = _SIMULATORS[key] = make_goldfish(EngineDeck.from_records(records), variant)
    return sim


def _chunk(args: tuple) -> StatsAccumulator:
    records, variant, rounds, seed, start, stop, fast = args
    acc = StatsAccumulator(rounds)
    if fast:
        _simulator(records, variant).tally(acc, seed, start, stop, rounds)
        return acc
    # lazy: the full engine (about 85 ms to import) is needed only when fast=False
    from deckbuilder.engine.simulation.goldfish_game import GoldfishGame

    deck = EngineDeck.from_records(records)
    for i in range(start, stop):
        acc.add(GoldfishGame(deck, game_seed(seed, i), rounds, variant).run())
    return acc


CHUNK_GAMES = 2000


class RunCancelled(Cancelled):
    """A :func:`run_games` call stopped by its ``cancelled`` check after ``games_done`` games;
    ``partial``: the statistics of those games (``None`` if none finished)."""

    def __init__(self, games_done: int, partial: GoldfishStats | None = None):
        super().__init__(f"cancelled after {games_done} games")
        self.games_done = games_done
        self.partial = partial


def _partial(total: StatsAccumulator, games_done: int, seed: int,
             variant: Variant) -> GoldfishStats | None:
    return total.stats(seed, variant) if games_done else None


def run_games(
    deck: EngineDeck | Sequence[CardRecord],
    games: int,
    rounds: int = DEFAULT_ROUNDS,
    seed: int = 0,
    workers: int = 1,
    variant: Variant | None = None,
    fast: bool = True,
    progress: Callable[[int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> GoldfishStats:
    """Play ``games`` goldfish games and return their statistics.

    ``workers`` > 1 uses a process pool; chunks of :data:`CHUNK_GAMES` games are merged in
    order, so the result is identical for any worker count. ``fast=False`` plays every
    game on the full engine (slow; the results are the same). ``progress(n)`` is called
    with the number of games finished after each chunk. ``cancelled()`` is asked before
    each chunk is merged; when it returns true the run stops and raises
    :class:`RunCancelled` carrying the statistics of the games finished.
    """
    if games < 0 or rounds < 1 or workers < 1:
        raise EngineError("games >= 0, rounds >= 1 and workers >= 1 are required")
    variant = variant or Variant()
    records = (deck if isinstance(deck, EngineDeck) else EngineDeck.from_records(deck)).records
    tasks = [
        (records, variant, rounds, seed, start, min(games, start + CHUNK_GAMES), fast)
        for start in range(0, games, CHUNK_GAMES)
    ]
    total = StatsAccumulator(rounds)

    def merge(task: tuple, acc: StatsAccumulator) -> None:
        total.merge(acc)
        if progress:
            progress(task[5] - task[4])

    if workers == 1 or len(tasks) <= 1:
        for task in tasks:
            if cancelled is not None and cancelled():
                raise RunCancelled(task[4], _partial(total, task[4], seed, variant))
            merge(task, _chunk(task))
    else:
        if fast:
            _simulator(records, variant)  # built once here; forked workers inherit it
        # lazy: the process pool (about 25 ms to import) only for workers > 1
        from concurrent.futures import ProcessPoolExecutor

        # gc.enable: a worker forked from the GUI, which collects on its own thread only,
        # would otherwise start with automatic collection off
        pool = ProcessPoolExecutor(max_workers=workers, initializer=gc.enable)
        try:
            for task, acc in zip(tasks, pool.map(_chunk, tasks), strict=True):
                if cancelled is not None and cancelled():
                    raise RunCancelled(task[4], _partial(total, task[4], seed, variant))
                merge(task, acc)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    return total.stats(seed, variant)
