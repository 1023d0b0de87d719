"""Goldfishing: play a deck alone for R rounds, one game step by step or many for statistics.

One game, replayable with a readable log: :class:`GoldfishGame` (the full engine,
:class:`~.game.Game`, driven by :class:`~.autopilot.GoldfishAutopilot`). Many games:
:func:`run_games` (the fast path, :mod:`.fastpath`, which tests show gives identical
results), optionally over a process pool. Game ``i`` of a run with master seed ``S``
always uses seed :func:`~.rng.game_seed` ``(S, i)``, so results do not depend on the
number of workers.

Sources: rulebook "Game Setup", "Order of Play", "Phase 4: The Reconciliation",
"Exhausted Destiny"; the policy is in :mod:`.policy`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from card_db.records import CardRecord
from deckbuilder.engine.autopilot import GoldfishAutopilot
from deckbuilder.engine.deck import CHARACTER, EngineDeck
from deckbuilder.engine.game import RECONCILIATION, Game
from deckbuilder.engine.order_of_play import Step, play
from deckbuilder.engine.rng import game_seed, game_seeds
from deckbuilder.engine.stalls import STALL_REASONS, stall_reason
from deckbuilder.engine.variant import Variant

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


def _as_deck(deck: EngineDeck | Sequence[CardRecord]) -> EngineDeck:
    return deck if isinstance(deck, EngineDeck) else EngineDeck.from_records(deck)


class GoldfishGame:
    """One goldfish game on the full engine, replayable step by step.

    Iterate :meth:`steps` for :class:`~.order_of_play.Step` objects (each with its log
    lines), or call :meth:`run` for the :class:`GoldfishResult`. :attr:`log` holds every
    readable line so far; :attr:`game` is the live :class:`~.game.Game`.
    """

    def __init__(
        self,
        deck: EngineDeck | Sequence[CardRecord],
        seed: int,
        rounds: int = DEFAULT_ROUNDS,
        variant: Variant | None = None,
    ):
        if rounds < 1:
            raise ValueError("rounds must be >= 1")
        self.deck = _as_deck(deck)
        self.seed = seed
        self.rounds = rounds
        self.variant = variant or Variant()
        self.game = Game([self.deck.records], seed=seed, variant=self.variant, names=["Autarch"])
        self.autopilot = GoldfishAutopilot(self.deck, self.variant)
        self._allies: list[int] = []
        self._sites: list[int] = []
        self._result: GoldfishResult | None = None
        self._started = False

    @property
    def log(self) -> list[str]:
        return self.game.log

    def steps(self) -> Iterator[Step]:
        """Play the game, yielding each step. Can be consumed once."""
        if self._started:
            raise RuntimeError("a goldfish game can be played once; make a new one to replay")
        self._started = True
        for step in play(self.game, [self.autopilot], self.rounds):
            if step.seat is None and step.phase == RECONCILIATION:
                self._allies.append(self.game.established[0])
                self._sites.append(len(self.game.autarch(0).realm.state))
            yield step
        self._result = self._finish()

    def run(self) -> GoldfishResult:
        """Play to the end (if not done) and return the result."""
        if self._result is None:
            for _ in self.steps():
                pass
        assert self._result is not None
        return self._result

    def _finish(self) -> GoldfishResult:
        s = self.game.state
        a = s.autarchs[0]
        won = s.winner == 0
        allies = self._allies + [self._allies[-1] if self._allies else 0] * (
            self.rounds - len(self._allies)
        )
        sites = self._sites + [self._sites[-1] if self._sites else 0] * (
            self.rounds - len(self._sites)
        )
        reason = None
        if not won:
            deck = self.deck
            reason = stall_reason(
                [deck.dmask[c] for c in s.circle],
                [deck.dmask[e.site] for e in a.realm.state],
                len(a.realm.active) + len(a.realm.reserve),
                sum(1 for c in a.hand if deck.ctype[c] == CHARACTER),
                self.variant,
            )
        return GoldfishResult(
            seed=self.seed,
            rounds=self.rounds,
            win_round=s.round if won else None,
            reshuffled=a.reshuffled,
            allies_by_round=tuple(allies),
            sites_by_round=tuple(sites),
            stall_reason=reason,
            destiny_exhausted=a.eliminated,
        )


# ---------------------------------------------------------------------- statistics
@dataclass(frozen=True, slots=True)
class GoldfishStats:
    """Statistics over ``games`` goldfish games of ``rounds`` rounds (master ``seed``).

    ``win_round_histogram[r]``: games won in round ``r`` (rounds with no win omitted);
    ``p_win_by_round[r - 1]``: share of games won by the end of round ``r``;
    ``mean_allies_by_round``/``mean_sites_by_round``: means at the end of each round;
    ``stall_reasons``: count of each reason among games without victory.
    """

    games: int
    rounds: int
    seed: int
    variant: str
    win_round_histogram: dict[int, int]
    p_win_by_round: tuple[float, ...]
    no_win: int
    mulligan_rate: float
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
            "mulligan_rate": self.mulligan_rate,
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
            mulligan_rate=self.reshuffles / n if n else 0.0,
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
    from deckbuilder.engine.fastpath import FastGoldfish

    key = (records, variant)
    sim = _SIMULATORS.get(key)
    if sim is None:
        if len(_SIMULATORS) > 8:
            _SIMULATORS.clear()
        sim = _SIMULATORS[key] = FastGoldfish(EngineDeck.from_records(records), variant)
    return sim


def _chunk(args: tuple) -> StatsAccumulator:
    records, variant, rounds, seed, start, stop, fast = args
    acc = StatsAccumulator(rounds)
    if fast:
        sim = _simulator(records, variant)
        play_one = sim.play
        add = acc.add
        for game in game_seeds(seed, start, stop):
            add(play_one(game, rounds))
        return acc
    deck = EngineDeck.from_records(records)
    for i in range(start, stop):
        acc.add(GoldfishGame(deck, game_seed(seed, i), rounds, variant).run())
    return acc


CHUNK_GAMES = 2000


class RunCancelled(Exception):
    """A :func:`run_games` call stopped by its ``cancelled`` check after ``games_done`` games."""

    def __init__(self, games_done: int):
        super().__init__(f"cancelled after {games_done} games")
        self.games_done = games_done


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
    :class:`RunCancelled`.
    """
    if games < 0 or rounds < 1 or workers < 1:
        raise ValueError("games >= 0, rounds >= 1 and workers >= 1 are required")
    variant = variant or Variant()
    records = _as_deck(deck).records
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
                raise RunCancelled(task[4])
            merge(task, _chunk(task))
    else:
        if fast:
            _simulator(records, variant)  # built once here; forked workers inherit it
        pool = ProcessPoolExecutor(max_workers=workers)
        try:
            for task, acc in zip(tasks, pool.map(_chunk, tasks), strict=True):
                if cancelled is not None and cancelled():
                    raise RunCancelled(task[4])
                merge(task, acc)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    return total.stats(seed, variant)
