"""Matchups: computer against computer, many games, and their statistics.

:func:`play_match_game` plays one game of deck A against deck B with two computer
Autarchs of one level (:mod:`.computer`, :mod:`.lookahead`); :func:`run_match`
plays many, alternating who acts first (deck A acts first in round 1 of even-numbered
games) and which seat each deck takes; :func:`run_gauntlet` plays every pair of a list of decks.

Game ``i`` of a run with master seed ``S`` is seeded from ``(S, i)`` only
(:func:`~.rng.game_seed`), and each computer Autarch's own seed from the game's, so
the statistics are identical for any number of worker processes (all but the
decision times, which are measured wall clock).

How a game ends ("Phase 4: The Reconciliation", "Exhausted Destiny"): ``victory``
(an Autarch meets the victory requirement with unpivoted Sites), ``exhausted_destiny``
(the rival drew its last card without victory and was removed, or both were), or
``round_limit`` (no result after ``max_rounds`` rounds: a draw).

Win rate: ``p_a_wins`` is deck A's share of the decided games (draws left out), with a
95% Wilson score interval.

Levels (:data:`~.levels.LEVELS`): each deck may be played by its own level
(``level`` for A, ``level_b`` for B, the same by default); the expert level's budget is
``think`` seconds or ``iterations`` per decision (:mod:`.search.expert`). Each side's
decision times (wall clock, every decision of its own turns) are summarised as
``decision_seconds``.
"""

from __future__ import annotations

import gc
import math
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from card_db.errors import Cancelled
from card_db.records import CardRecord
from deckbuilder.engine.controllers.computer import ComputerController, seat_table
from deckbuilder.engine.controllers.levels import LEVELS
from deckbuilder.engine.controllers.lookahead import StrongController
from deckbuilder.engine.game import Game
from deckbuilder.engine.game.order_of_play import play
from deckbuilder.engine.rules.errors import EngineError
from deckbuilder.engine.search.dial import TEMPERATURES, MistakeController
from deckbuilder.engine.search.expert import ExpertController
from deckbuilder.engine.simulation.deck import EngineDeck
from deckbuilder.engine.simulation.policy import choose_circle_sites
from deckbuilder.engine.table.rng import game_seed, splitmix64

#: Rounds after which an undecided game is a draw.
DEFAULT_MAX_ROUNDS = 30
ENDINGS = ("victory", "exhausted_destiny", "round_limit")
#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


#: The expert's iterations per decision when neither ``think`` nor ``iterations`` is
#: given (the Play screen): a fixed count keeps a saved game's replay exact.
PLAY_ITERATIONS = 200


def computer_controller(level: str, seed: int, think: float | None = None,
                     iterations: int | None = None) -> ComputerController:
    """A computer Autarch of ``level`` (:data:`~.levels.LEVELS`); ``seed`` drives the
    searching levels' own random numbers. The expert thinks ``think`` seconds or
    ``iterations`` iterations per decision (iterations win when both are given; neither:
    :data:`PLAY_ITERATIONS`). :class:`~..rules.errors.EngineError` for another level."""
    if level == "quick":
        return ComputerController()
    if level == "strong":
        return StrongController(seed=seed)
    if level in TEMPERATURES:
        return MistakeController(level, seed=seed)
    if level == "expert":
        if iterations is None and think is None:
            iterations = PLAY_ITERATIONS
        return ExpertController(seed=seed, think=think or 1.0, iterations=iterations)
    raise EngineError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")


def check_level(level: str) -> None:
    """:class:`~..rules.errors.EngineError` (a bug of the caller: the CLI and the
    screens offer the levels) unless ``level`` is one of :data:`~.levels.LEVELS`."""
    if level not in LEVELS:
        raise EngineError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")


def check_playable(records: Sequence[CardRecord]) -> None:
    """Raise :class:`~.policy.SetupError` (a UserError) if the deck cannot give each of
    the Five Dominions a Site at "Game Setup"."""
    choose_circle_sites(EngineDeck.from_records(records))


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game's result. ``winner``: "a", "b" or ``None`` (a draw); ``rounds``: rounds
    begun; ``ending``: one of :data:`ENDINGS`."""

    index: int
    a_first: bool
    winner: str | None
    rounds: int
    ending: str
    #: Wall-clock seconds of each decision of A's and of B's own turns.
    seconds_a: tuple[float, ...] = field(default=(), compare=False)
    seconds_b: tuple[float, ...] = field(default=(), compare=False)


def play_match_game(
    deck_a: Sequence[CardRecord],
    deck_b: Sequence[CardRecord],
    seed: int,
    index: int,
    level: str = "quick",
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    level_b: str | None = None,
    think: float | None = None,
    iterations: int | None = None,
) -> GameRecord:
    """Play game ``index`` of a match seeded ``seed``: deck A by ``level``, deck B by
    ``level_b`` (default: the same), the expert with the ``think``/``iterations``
    budget (:func:`computer_controller`). Deck A acts first in round 1 when
    ``index`` is even; deck A sits in seat 0 in games 0, 1, 4, 5, ... and in seat 1 in
    games 2, 3, 6, 7, ..., so any advantage of a seat (e.g. who is removed first when
    both Destinies run out in the same round) is shared evenly."""
    gseed = game_seed(seed, index)
    a_first = index % 2 == 0
    a_seat = (index // 2) % 2
    decks = [deck_a, deck_b] if a_seat == 0 else [deck_b, deck_a]
    names = ["Autarch A", "Autarch B"] if a_seat == 0 else ["Autarch B", "Autarch A"]
    game = Game(decks, seed=gseed, names=names)
    seat_levels = [level, level if level_b is None else level_b]
    if a_seat == 1:
        seat_levels.reverse()
    controllers = seat_table(
        [computer_controller(seat_levels[k], splitmix64(gseed ^ (k + 1)), think, iterations)
         for k in range(2)]
    )
    leader = a_seat if a_first else 1 - a_seat
    # The Autarch to the left of the one who places the first Site acts first.
    for _ in play(game, controllers, rounds=max_rounds, first=1 - leader):
        pass
    s = game.table
    winner = None if s.winner is None else ("a" if s.winner == a_seat else "b")
    if winner is not None:
        ending = "exhausted_destiny" if any(a.eliminated for a in s.autarchs) else "victory"
    else:
        ending = "exhausted_destiny" if s.over else "round_limit"
    return GameRecord(index, a_first, winner, s.round, ending,
                      tuple(controllers[a_seat].decision_times),
                      tuple(controllers[1 - a_seat].decision_times))


def time_summary(seconds: Sequence[float]) -> dict[str, float | None]:
    """``{"median", "p95", "max"}`` of ``seconds`` (``None`` each when empty), rounded to
    microseconds; p95 is the nearest-rank 95th percentile."""
    if not seconds:
        return {"median": None, "p95": None, "max": None}
    ordered = sorted(seconds)
    p95 = ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]
    return {"median": round(statistics.median(ordered), 6), "p95": round(p95, 6),
            "max": round(ordered[-1], 6)}


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion; ``(0.0, 1.0)`` with no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class MatchStats:
    """Statistics of a match (see :meth:`to_json` for the fields)."""

    decks: tuple[str, str]
    seed: int
    level: str
    max_rounds: int
    games: tuple[GameRecord, ...]
    #: Deck B's level (``None``: the same as A's).
    level_b: str | None = None

    @property
    def levels(self) -> dict[str, str]:
        return {"a": self.level, "b": self.level if self.level_b is None else self.level_b}

    def decision_seconds(self) -> dict[str, dict[str, float | None]]:
        """Per side, :func:`time_summary` of every decision of its own turns."""
        return {"a": time_summary([t for g in self.games for t in g.seconds_a]),
                "b": time_summary([t for g in self.games for t in g.seconds_b])}

    @property
    def wins(self) -> dict[str, int]:
        c = Counter(g.winner for g in self.games)
        return {"a": c["a"], "b": c["b"]}

    @property
    def draws(self) -> int:
        return sum(1 for g in self.games if g.winner is None)

    @property
    def p_a_wins(self) -> float | None:
        w = self.wins
        decided = w["a"] + w["b"]
        return w["a"] / decided if decided else None

    @property
    def ci95(self) -> tuple[float, float]:
        w = self.wins
        return wilson_interval(w["a"], w["a"] + w["b"])

    def to_json(self) -> dict:
        """``{"games", "seed", "level", "decks": [a, b], "wins": {"a", "b"}, "draws",
        "p_a_wins", "ci95": [lo, hi], "by_first_player": {"a"|"b": {"games", "wins":
        {"a", "b"}, "draws"}}, "mean_rounds", "rounds_histogram": {rounds: games},
        "endings": {"victory", "exhausted_destiny", "round_limit"}, "max_rounds",
        "levels": {"a", "b"}, "decision_seconds": {"a"|"b": {"median", "p95", "max"}}}``;
        probabilities rounded to 6 decimals. ``by_first_player`` is keyed by the deck
        that acted first; ``level`` is A's level (both sides' are in ``levels``)."""
        games = self.games
        by_first = {}
        for key, first in (("a", True), ("b", False)):
            part = [g for g in games if g.a_first == first]
            c = Counter(g.winner for g in part)
            by_first[key] = {
                "games": len(part),
                "wins": {"a": c["a"], "b": c["b"]},
                "draws": c[None],
            }
        p = self.p_a_wins
        lo, hi = self.ci95
        endings = Counter(g.ending for g in games)
        hist = Counter(g.rounds for g in games)
        return {
            "games": len(games),
            "seed": self.seed,
            "level": self.level,
            "decks": list(self.decks),
            "wins": self.wins,
            "draws": self.draws,
            "p_a_wins": None if p is None else round(p, 6),
            "ci95": [round(lo, 6), round(hi, 6)],
            "by_first_player": by_first,
            "mean_rounds": round(sum(g.rounds for g in games) / len(games), 6) if games else None,
            "rounds_histogram": {str(r): hist[r] for r in sorted(hist)},
            "endings": {e: endings[e] for e in ENDINGS},
            "max_rounds": self.max_rounds,
            "levels": self.levels,
            "decision_seconds": self.decision_seconds(),
        }


class MatchCancelled(Cancelled):
    """A run stopped by its ``cancelled`` check; ``partial``: the games finished."""

    def __init__(self, partial: MatchStats):
        super().__init__(f"cancelled after {len(partial.games)} games")
        self.partial = partial


def _chunk(args: tuple) -> list[GameRecord]:
    deck_a, deck_b, seed, start, stop, level, max_rounds, level_b, think, iterations = args
    return [play_match_game(deck_a, deck_b, seed, i, level, max_rounds, level_b, think,
                            iterations)
            for i in range(start, stop)]


def run_match(
    deck_a: Sequence[CardRecord],
    deck_b: Sequence[CardRecord],
    games: int,
    seed: int = 0,
    level: str = "quick",
    workers: int = 1,
    names: tuple[str, str] = ("A", "B"),
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    progress: Callable[[int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    level_b: str | None = None,
    think: float | None = None,
    iterations: int | None = None,
) -> MatchStats:
    """Play ``games`` games of deck A against deck B and return their statistics.

    Identical for any ``workers`` (a process pool when > 1). ``progress(n)``: called
    with the number of games just finished. ``cancelled()``: asked between chunks; when
    true, :class:`MatchCancelled` is raised with the games finished. ``level_b``,
    ``think``, ``iterations``: see :func:`play_match_game`.
    :class:`~..rules.errors.EngineError` for bad counts or levels;
    :class:`~.policy.SetupError` for a deck that cannot be set up.
    """
    if games < 1 or workers < 1 or max_rounds < 1:
        raise EngineError("games, workers and max_rounds must be at least 1")
    if (think is not None and think <= 0) or (iterations is not None and iterations < 1):
        raise EngineError("think must be positive and iterations at least 1")
    check_level(level)
    if level_b is not None:
        check_level(level_b)
    check_playable(deck_a)
    check_playable(deck_b)
    deck_a, deck_b = tuple(deck_a), tuple(deck_b)
    size = max(1, min(50, games // (workers * 4) or 1))
    tasks = [(deck_a, deck_b, seed, start, min(games, start + size), level, max_rounds,
              level_b, think, iterations) for start in range(0, games, size)]
    done: list[GameRecord] = []

    def stats() -> MatchStats:
        return MatchStats(tuple(names), seed, level, max_rounds, tuple(done),  # type: ignore[arg-type]
                          level_b)

    def merge(records: list[GameRecord]) -> None:
        if cancelled is not None and cancelled():
            raise MatchCancelled(stats())
        done.extend(records)
        if progress:
            progress(len(records))

    if workers == 1 or len(tasks) == 1:
        for task in tasks:
            merge(_chunk(task))
        return stats()
    # lazy: the process pool only for workers > 1
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=workers, initializer=gc.enable)
    try:
        for records in pool.map(_chunk, tasks):
            merge(records)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return stats()


@dataclass(frozen=True)
class GauntletStats:
    """Every pair of ``decks`` played: ``matches[(i, j)]`` for ``i < j``."""

    decks: tuple[str, ...]
    seed: int
    level: str
    games: int
    matches: dict[tuple[int, int], MatchStats]
    #: The second deck's level in every pair (``None``: the same as ``level``).
    level_b: str | None = None

    def matrix(self) -> list[list[float | None]]:
        """``m[i][j]``: deck i's share of decided games against deck j (None on the
        diagonal or with no decided game)."""
        n = len(self.decks)
        m: list[list[float | None]] = [[None] * n for _ in range(n)]
        for (i, j), st in self.matches.items():
            p = st.p_a_wins
            m[i][j] = None if p is None else round(p, 6)
            m[j][i] = None if p is None else round(1 - p, 6)
        return m

    def to_json(self) -> dict:
        """``{"decks", "games", "seed", "level", "levels": {"a", "b"}, "matrix",
        "matches": [match JSON with "a" and "b" deck indexes]}``."""
        return {
            "decks": list(self.decks),
            "games": self.games,
            "seed": self.seed,
            "level": self.level,
            "levels": {"a": self.level,
                       "b": self.level if self.level_b is None else self.level_b},
            "matrix": self.matrix(),
            "matches": [
                {"a": i, "b": j, **st.to_json()} for (i, j), st in sorted(self.matches.items())
            ],
        }


def run_gauntlet(
    decks: Sequence[tuple[str, Sequence[CardRecord]]],
    games: int,
    seed: int = 0,
    level: str = "quick",
    workers: int = 1,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    progress: Callable[[int], None] | None = None,
    level_b: str | None = None,
    think: float | None = None,
    iterations: int | None = None,
) -> GauntletStats:
    """Play every pair of ``decks`` (``(name, records)``), ``games`` games each; pair
    ``k`` (in the order (0,1), (0,2), ..., (1,2), ...) uses the master seed
    ``game_seed(seed, k)``; in each pair the first deck plays at ``level``, the second
    at ``level_b`` (default the same). :class:`~..rules.errors.EngineError` with fewer
    than two decks."""
    if len(decks) < 2:
        raise EngineError("a gauntlet needs at least two decks")
    matches = {}
    pairs = [(i, j) for i in range(len(decks)) for j in range(i + 1, len(decks))]
    for k, (i, j) in enumerate(pairs):
        (na, da), (nb, db) = decks[i], decks[j]
        matches[(i, j)] = run_match(
            da, db, games, game_seed(seed, k), level, workers, (na, nb), max_rounds, progress,
            level_b=level_b, think=think, iterations=iterations,
        )
    return GauntletStats(tuple(n for n, _ in decks), seed, level, games, matches, level_b)
