"""Deck tuning: single-card swaps ranked by paired goldfish runs.

:func:`tune` tries swaps of one card out for one card in that keep the deck legal
(:func:`deckbuilder.deck.legality.validate`) and, given a ``pool`` of copies
available, buildable from it. Every deck is goldfished on the fast path
(:mod:`.fastpath`) with the same game seeds (game ``i`` uses
:func:`~.rng.game_seed` ``(seed, i)``, as :func:`.goldfish.run_games` does): common
random numbers, so the baseline and each candidate meet the same shuffles and their
difference is measured game by game.

Which swaps are tried (a full cross product is about 30 x 180 decks on the bundled
catalogue, too many to goldfish in a minute): a screening stage of ``screen_games``
games scores each card of the deck by the deck *without* one copy of it (59 cards),
and each card that could come in by the deck *with* one more copy (61 cards); the
score is the area under the P(victory by round) curve (the mean of ``rounds + 1 -
victory round`` over games, 0 without victory), which rewards winning and winning
sooner. The ``outs`` cards whose removal hurts least are paired each with the
``ins_per_out`` best-scoring cards that make a legal swap with it, at most
``max_candidates`` swaps in all, and those are goldfished for ``games`` games each.
Cards whose screening games come out identical game for game (for example two
maneuvers the autopilot holds in hand alike) are the same card to the goldfish: only
the first of them in name order is tried, so the budget goes to different swaps. The
screen is a heuristic that only chooses what to measure; the figures reported come
from the legal 60-card decks.

Figures (``R`` = ``rounds``): ``p_win_delta`` = P(victory by round R) of the
candidate minus the baseline's; ``ci95`` = ``p_win_delta`` +/- 1.96 sd / sqrt(n),
with sd the sample standard deviation of the per-game paired differences of the
victory indicators (each -1, 0 or 1) over n games; ``mean_win_round_delta`` = the
candidate's mean victory round (over games won) minus the baseline's (``None`` if
either never wins). Suggestions are ranked by ``p_win_delta``, then by the sooner
mean victory round.

Sources: rulebook "Deck Construction" (legality), the goldfish game as in
:mod:`.goldfish`.
"""

from __future__ import annotations

import gc
import math
import signal
from array import array
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from card_db.catalogue import Catalogue
from card_db.errors import Cancelled, UserError
from card_db.records import CardRecord
from deckbuilder.deck.decklist import DeckList
from deckbuilder.deck.legality import validate
from deckbuilder.engine.rules.errors import EngineError
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation.deck import EngineDeck
from deckbuilder.engine.simulation.fastcore import make_goldfish
from deckbuilder.engine.simulation.goldfish_result import DEFAULT_ROUNDS
from deckbuilder.engine.simulation.policy import SetupError

__all__ = [
    "Baseline",
    "DeckNotTunableError",
    "Suggestion",
    "TuneCancelled",
    "TuneResult",
    "paired_delta",
    "tune",
    "win_rounds",
]

#: z for a two-sided 95% normal interval.
Z95 = 1.96

Progress = Callable[[int, int], None]


class DeckNotTunableError(UserError):
    """The deck cannot be tuned: it is not legal (tuning keeps a deck legal, so it must
    start legal) or cannot be set up for a goldfish game."""


@dataclass(frozen=True, slots=True)
class Baseline:
    """The deck as it is: ``p_win_by_round[r - 1]`` = share of games won by round
    ``r``; ``mean_win_round`` over games won (``None`` if none)."""

    p_win_by_round: tuple[float, ...]
    mean_win_round: float | None

    def to_json(self) -> dict:
        return {
            "p_win_by_round": {str(r + 1): p for r, p in enumerate(self.p_win_by_round)},
            "mean_win_round": self.mean_win_round,
        }


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One swap: one copy of ``out`` replaced by one of ``card_in`` (catalogue names),
    with the paired figures described in the module docstring."""

    out: str
    card_in: str
    p_win_delta: float
    ci95: tuple[float, float]
    mean_win_round_delta: float | None

    def to_json(self) -> dict:
        return {
            "out": self.out,
            "in": self.card_in,
            "p_win_delta": self.p_win_delta,
            "ci95": list(self.ci95),
            "mean_win_round_delta": self.mean_win_round_delta,
        }

    def rank_key(self) -> tuple:
        mean = self.mean_win_round_delta
        return (-self.p_win_delta, math.inf if mean is None else mean, self.out, self.card_in)


@dataclass(frozen=True)
class TuneResult:
    """What :func:`tune` found. ``suggestions`` are ranked best first (at most ``top``);
    ``candidates`` is how many swaps were measured; ``partial`` is true when the run
    was cancelled before every chosen swap was measured."""

    deck: str
    rounds: int
    games_per_candidate: int
    seed: int
    baseline: Baseline
    suggestions: tuple[Suggestion, ...]
    candidates: int
    partial: bool = False

    def to_json(self) -> dict:
        """The ``deckbuilder tune --json`` object; ``"partial": true`` is added only to
        the results of a cancelled run."""
        data = {
            "deck": self.deck,
            "rounds": self.rounds,
            "games_per_candidate": self.games_per_candidate,
            "baseline": self.baseline.to_json(),
            "suggestions": [s.to_json() for s in self.suggestions],
        }
        if self.partial:
            data["partial"] = True
        return data


class TuneCancelled(Cancelled):
    """:func:`tune` stopped by its ``cancelled`` check; ``partial``: a
    :class:`TuneResult` (``partial=True``) with the swaps measured so far."""

    def __init__(self, partial: TuneResult):
        super().__init__(f"cancelled after {partial.candidates} swaps were measured")
        self.partial = partial


# -- playing decks ------------------------------------------------------------------------


def win_rounds(
    records: tuple[CardRecord, ...], variant: Variant, rounds: int, seed: int, games: int
) -> array:
    """The victory round of games ``0 .. games - 1`` of ``records`` on the fast path
    (``array('b')``, 0 for no victory). Raises :class:`~.policy.SetupError` for a deck
    that cannot be set up."""
    sim = make_goldfish(EngineDeck.from_records(records), variant)
    return array("b", sim.win_rounds(seed, 0, games, rounds))


def _task(args: tuple) -> array | None:
    try:
        return win_rounds(*args)
    except SetupError:
        return None


def _worker_init() -> None:
    gc.enable()  # a worker forked from the GUI would otherwise start with collection off
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides what Ctrl+C does


class _Runner:
    """Plays batches of decks in order, on one process or a pool, counting games for
    ``progress`` and asking ``cancelled`` before each deck's result is used."""

    def __init__(self, workers: int, progress: Progress | None,
                 cancelled: Callable[[], bool] | None):
        self.workers = workers
        self.progress = progress
        self.cancelled = cancelled
        self.done = 0
        self.total = 0
        self.pool = None
        self.stopped = False

    def __enter__(self) -> _Runner:
        if self.workers > 1:
            # lazy: the process pool (about 25 ms to import) only for workers > 1
            from concurrent.futures import ProcessPoolExecutor

            self.pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_worker_init)
        return self

    def __exit__(self, *exc) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)

    def is_cancelled(self) -> bool:
        return self.cancelled is not None and self.cancelled()

    def run(self, tasks: list[tuple]) -> Iterable[array | None]:
        """Yield each task's :func:`win_rounds` (``None``: cannot be set up) in order;
        stops early (without raising) when cancelled."""
        results = map(_task, tasks) if self.pool is None else self.pool.map(_task, tasks)
        for task, result in zip(tasks, results, strict=False):
            if self.is_cancelled():
                self.stopped = True
                return
            self.done += task[-1]
            if self.progress is not None:
                self.progress(self.done, self.total)
            yield result


# -- statistics --------------------------------------------------------------------------


def _baseline(rounds_won: array, rounds: int) -> Baseline:
    n = len(rounds_won)
    cumulative, running = [], 0
    hist = [0] * (rounds + 1)
    for w in rounds_won:
        hist[w] += 1
    for r in range(1, rounds + 1):
        running += hist[r]
        cumulative.append(running / n if n else 0.0)
    return Baseline(tuple(cumulative), _mean_win(rounds_won))


def _mean_win(rounds_won: Iterable[int]) -> float | None:
    won = [w for w in rounds_won if w]
    return sum(won) / len(won) if won else None


def _area(rounds_won: array, rounds: int) -> float:
    """Screening score: mean of ``rounds + 1 - victory round`` (0 without victory)."""
    return sum(rounds + 1 - w for w in rounds_won if w) / len(rounds_won)


def paired_delta(base: Iterable[int], cand: Iterable[int]) -> tuple[float, tuple[float, float]]:
    """``(mean difference, 95% CI)`` of paired 0/1 victory indicators (truthy victory
    round = victory): candidate minus baseline, game by game, with the normal interval
    mean +/- 1.96 sd / sqrt(n) (sample sd; an interval of width 0 for n < 2).
    :class:`~..rules.errors.EngineError` (a bug of the caller) for sequences of
    different lengths or no games."""
    base, cand = list(base), list(cand)
    if len(base) != len(cand):
        raise EngineError(f"{len(base)} baseline games against {len(cand)} candidate games")
    diffs = [(1 if c else 0) - (1 if b else 0) for b, c in zip(base, cand, strict=True)]
    n = len(diffs)
    if not n:
        raise EngineError("no games to compare")
    mean = sum(diffs) / n
    if n < 2:
        return mean, (mean, mean)
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, (mean - half, mean + half)


def _suggestion(out: str, card_in: str, base: array, cand: array) -> Suggestion:
    delta, ci = paired_delta(base, cand)
    mb, mc = _mean_win(base), _mean_win(cand)
    return Suggestion(out, card_in, delta, ci, None if mb is None or mc is None else mc - mb)


# -- candidates ----------------------------------------------------------------------------


def _records(counts: Mapping[str, int], catalogue: Catalogue) -> tuple[CardRecord, ...]:
    return tuple(r for name, n in counts.items() for r in [catalogue.resolve(name)] * n)


def _changed(counts: Mapping[str, int], out: str | None, card_in: str | None) -> dict[str, int]:
    new = dict(counts)
    if out is not None:
        new[out] -= 1
    if card_in is not None:
        new[card_in] = new.get(card_in, 0) + 1
    return {name: n for name, n in new.items() if n}


def _legal(counts: Mapping[str, int], catalogue: Catalogue) -> bool:
    return validate(DeckList.from_counts(counts), catalogue).legal


def _in_names(counts: Mapping[str, int], catalogue: Catalogue,
              pool: Mapping[str, int] | None) -> list[str]:
    """Cards that could come in: in the pool (copies available beyond those in the
    deck) or, without a pool, the whole catalogue; none already at its deck limit."""
    names = []
    for record in catalogue:
        have = counts.get(record.name, 0)
        if pool is not None and pool.get(record.name, 0) - have < 1:
            continue
        if record.deck_limit is not None and have >= record.deck_limit:
            continue
        names.append(record.name)
    return names


def _distinct_scores(names: list[str], screened: list[array | None],
                     rounds: int) -> dict[str, float]:
    """Screening score per name, keeping one name (the first in name order) of those
    whose screening games came out identical game for game: for the goldfish they are
    the same card, so measuring each would spend the budget on one swap."""
    seen: set[bytes] = set()
    scores: dict[str, float] = {}
    for name, result in sorted(zip(names, screened, strict=True)):
        if result is None or result.tobytes() in seen:
            continue
        seen.add(result.tobytes())
        scores[name] = _area(result, rounds)
    return scores


def _choose_swaps(counts: dict[str, int], catalogue: Catalogue, out_score: dict[str, float],
                  in_score: dict[str, float],
                  outs: int, ins_per_out: int, max_candidates: int) -> list[tuple[str, str]]:
    """Up to ``max_candidates`` legal swaps: the ``outs`` best outs, each with its
    ``ins_per_out`` best ins, interleaved so the cap keeps every out's best ins."""
    ranked_outs = sorted(out_score, key=lambda name: (-out_score[name], name))[:outs]
    ranked_ins = sorted(in_score, key=lambda name: (-in_score[name], name))
    per_out: list[list[tuple[str, str]]] = []
    for out in ranked_outs:
        chosen = []
        for card_in in ranked_ins:
            if len(chosen) == ins_per_out:
                break
            if card_in != out and _legal(_changed(counts, out, card_in), catalogue):
                chosen.append((out, card_in))
        per_out.append(chosen)
    swaps: list[tuple[str, str]] = []
    for rank in range(ins_per_out):
        swaps += [row[rank] for row in per_out if rank < len(row)]
    return swaps[:max_candidates]


# -- the search ----------------------------------------------------------------------------


def tune(
    deck: DeckList,
    catalogue: Catalogue,
    *,
    rounds: int = DEFAULT_ROUNDS,
    games: int = 1000,
    seed: int = 0,
    workers: int = 1,
    pool: Mapping[str, int] | None = None,
    variant: Variant | None = None,
    screen_games: int = 200,
    outs: int = 6,
    ins_per_out: int = 6,
    max_candidates: int = 36,
    top: int = 10,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> TuneResult:
    """Suggest single-card swaps for ``deck``'s main deck (see the module docstring).

    ``pool``: card name -> copies available in all (owned); a card comes in only if
    the pool holds more copies than the deck (``None``: any catalogue card).
    ``games`` per deck measured (baseline and each swap, the same seeds; the screen
    plays at most as many), ``rounds`` per game, ``workers`` processes (results do not
    depend on it). ``progress(done, total)`` counts games played (``total`` is final
    once the screen ends); ``cancelled()`` is asked as each deck's games come in: then
    :class:`TuneCancelled` carries the swaps measured so far. Raises
    :class:`DeckNotTunableError` for an illegal deck or one that cannot be set up,
    :class:`~deckbuilder.deck.resolve.UnknownCardsError` for unknown names,
    :class:`~..rules.errors.EngineError` for counts out of range (a bug of the caller).
    """
    if rounds < 1 or games < 1 or workers < 1 or screen_games < 1 or min(
            outs, ins_per_out, max_candidates, top) < 1:
        raise EngineError("rounds, games, workers, screen_games, outs, ins_per_out, "
                         "max_candidates and top must be >= 1")
    variant = variant or Variant()
    report = validate(deck, catalogue)
    if not report.legal:
        raise DeckNotTunableError(
            "the deck is not legal, and tuning keeps a deck legal: "
            + " ".join(f.message for f in report.violations))
    counts: dict[str, int] = {}
    for name, n in deck.counts().items():
        spelling = catalogue.resolve(name).name
        counts[spelling] = counts.get(spelling, 0) + n
    ins = _in_names(counts, catalogue, pool)
    screen_outs = list(counts)

    def task(new_counts: Mapping[str, int], n: int) -> tuple:
        return (_records(new_counts, catalogue), variant, rounds, seed, n)

    screen_games = min(screen_games, games)
    screen = ([task(counts, games)]
              + [task(_changed(counts, o, None), screen_games) for o in screen_outs]
              + [task(_changed(counts, None, i), screen_games) for i in ins])

    def result(base: array | None, measured: list[Suggestion], partial: bool) -> TuneResult:
        b = _baseline(base, rounds) if base is not None else Baseline((), None)
        return TuneResult(deck.name or "Untitled deck", rounds, games, seed, b,
                          tuple(sorted(measured, key=Suggestion.rank_key)[:top]),
                          len(measured), partial)

    with _Runner(workers, progress, cancelled) as runner:
        runner.total = sum(t[-1] for t in screen) + max_candidates * games
        scores = list(runner.run(screen))
        if runner.stopped:
            raise TuneCancelled(result(scores[0] if scores else None, [], True))
        base = scores[0]
        if base is None:
            raise DeckNotTunableError(
                "the deck cannot be set up for a goldfish game (no Site for some Dominion)")
        n_outs = len(screen_outs)
        out_score = _distinct_scores(screen_outs, scores[1:1 + n_outs], rounds)
        in_score = _distinct_scores(ins, scores[1 + n_outs:], rounds)
        swaps = _choose_swaps(counts, catalogue, out_score, in_score,
                              outs, ins_per_out, max_candidates)
        runner.total = runner.done + len(swaps) * games
        measured: list[Suggestion] = []
        tasks = [task(_changed(counts, o, i), games) for o, i in swaps]
        for (out, card_in), cand in zip(swaps, runner.run(tasks), strict=False):
            if cand is not None:
                measured.append(_suggestion(out, card_in, base, cand))
        if runner.stopped:
            raise TuneCancelled(result(base, measured, True))
    return result(base, measured, False)
